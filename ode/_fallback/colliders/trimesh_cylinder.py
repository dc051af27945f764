"""Cylinder against one triangle of a trimesh, as libode (trimesh_round collects the triangles).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import cos, fabs, sin, sqrt

from ... import _layout as L
from .mesh_geometry import mesh_clip
from .trimesh_capsule import cyl_try, seg_clip_tri, tri_front

M_PI = 3.141592653589793
CYL_CAP_COS = 0.9  # cylinder-trimesh: |axis . normal| above this clips the triangle by the cap prism


# ---- kernels


# ---- cylinder-trimesh as libode (observed per triangle through the oracle, single-triangle meshes): the
# capsule's triangle order, back-face test and cap; its merge replaces on any greater depth (buf_merge).
# Separating axes in this order, the first of equal overlaps kept: the face normal, the cylinder axis a, a x
# each edge (skipped when |a x e|^2 <= 1e-12), the direction from each vertex to the axis (perpendicular to
# a), then for the cap at +h and the one at -h and each edge the rim-edge axis e x (a x (X - cc)), X the edge
# line's crossing of the cap plane (cap centre cc; skipped when the edge is parallel to the plane). The
# cylinder's half extent along L is h min(1, |a.L|) + r sqrt(1 - (a.L)^2), the triangle's is taken about the
# centre. When the winner is within acos 0.9 of the axis, the triangle is clipped by the octagonal prism
# circumscribing the cylinder (its sides r from the axis, corners on its x and y axes) and by the near cap
# plane only, each remaining vertex a contact of depth (extent - |L.(p - c)|) when positive (the smaller of
# the two orientations' depths); otherwise the surface line deepest along the normal is clipped as a capsule's
# axis.


def cap_depth_local(g2, best, q, k, h, r, s):
    #: cdef dReal cap_depth_local(const dReal* g2, const dReal* best, const dReal* q, int k, dReal h, dReal r,
    #:                            dReal s) noexcept nogil
    """A float kernel's depth of clipped point k (q, the cylinder's frame; near cap plane q_z = -s h) along
    best's normal: libode's (double) depth rad - |L.(p - c)| is ~1e-9 for points clipped onto a cap plane
    tilted from the normal, below float rounding of its terms (~1e-7); here the cap plane's terms cancel
    exactly (a point within float rounding of the plane is put on it) and the rest is taken in the frame,
    (h |L_z| - L_z q_z) + (r sqrt(1 - L_z^2) - (L_x q_x + L_y q_y)), so its sign follows libode's."""
    #: dReal lx, ly, lz, qz, az, sx, v, e
    lx = g2[L.G_R] * best[1] + g2[L.G_R + 3] * best[2] + g2[L.G_R + 6] * best[3]
    ly = g2[L.G_R + 1] * best[1] + g2[L.G_R + 4] * best[2] + g2[L.G_R + 7] * best[3]
    lz = g2[L.G_R + 2] * best[1] + g2[L.G_R + 5] * best[2] + g2[L.G_R + 8] * best[3]
    qz = q[3 * k + 2]
    if fabs(qz + s * h) <= 1e-6 * h:
        qz = -s * h
    sx = 1.0 - lz * lz
    if sx > 0:
        sx = sqrt(sx)
    else:
        sx = 0.0
    az = fabs(lz)
    e = lx * q[3 * k] + ly * q[3 * k + 1]
    v = e + lz * qz
    if v >= 0:
        return (h * az - lz * qz) + (r * sx - e)
    return (h * az + lz * qz) + (r * sx + e)


def cyl_tri(g2, tv, w, res):
    #: cdef int cyl_tri(const dReal* g2, const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal from the triangle towards the cylinder, depth) of the
    cylinder record g2 (w: centre, axis, half length, radius, 1) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal n[3]
    #: dReal pa[48]
    #: dReal pb[48]
    #: dReal lh[2]
    #: dReal l, x, h, r, lo, hi, s, t, px, py, pz, ca, ang, rad
    #: int k, j, m, cnt, npt
    lh = [0.0] * 2  # py
    e = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    n = [0.0] * 3  # py
    pa = [0.0] * 48  # py
    pb = [0.0] * 48  # py
    h = w[6]
    r = w[7]
    if tri_front(tv, w, e, nn, best) == 0:
        return 0
    w[9] = w[3]
    w[10] = w[4]
    w[11] = w[5]
    if cyl_try(tv, w, best) == 0:
        return 0
    for k in range(3):
        w[9] = w[4] * e[3 * k + 2] - w[5] * e[3 * k + 1]
        w[10] = w[5] * e[3 * k] - w[3] * e[3 * k + 2]
        w[11] = w[3] * e[3 * k + 1] - w[4] * e[3 * k]
        if w[9] * w[9] + w[10] * w[10] + w[11] * w[11] > 1e-12:
            if cyl_try(tv, w, best) == 0:
                return 0
    for k in range(3):
        px = w[0] - tv[3 * k]
        py = w[1] - tv[3 * k + 1]
        pz = w[2] - tv[3 * k + 2]
        x = px * w[3] + py * w[4] + pz * w[5]
        w[9] = px - w[3] * x
        w[10] = py - w[4] * x
        w[11] = pz - w[5] * x
        if cyl_try(tv, w, best) == 0:
            return 0
    for j in range(2):
        s = h
        if j == 1:
            s = -h
        for k in range(3):
            x = e[3 * k] * w[3] + e[3 * k + 1] * w[4] + e[3 * k + 2] * w[5]
            if fabs(x) < 1e-12:
                continue
            # the cap centre cc = c + a s; X - cc with X = v + e t on the cap plane
            t = (
                ((w[0] + w[3] * s) - tv[3 * k]) * w[3]
                + ((w[1] + w[4] * s) - tv[3 * k + 1]) * w[4]
                + ((w[2] + w[5] * s) - tv[3 * k + 2]) * w[5]
            ) / x
            n[0] = (tv[3 * k] + e[3 * k] * t) - (w[0] + w[3] * s)
            n[1] = (tv[3 * k + 1] + e[3 * k + 1] * t) - (w[1] + w[4] * s)
            n[2] = (tv[3 * k + 2] + e[3 * k + 2] * t) - (w[2] + w[5] * s)
            px = w[4] * n[2] - w[5] * n[1]
            py = w[5] * n[0] - w[3] * n[2]
            pz = w[3] * n[1] - w[4] * n[0]
            w[9] = e[3 * k + 1] * pz - e[3 * k + 2] * py
            w[10] = e[3 * k + 2] * px - e[3 * k] * pz
            w[11] = e[3 * k] * py - e[3 * k + 1] * px
            if cyl_try(tv, w, best) == 0:
                return 0
    ca = w[3] * best[1] + w[4] * best[2] + w[5] * best[3]
    cnt = 0
    if fabs(ca) > CYL_CAP_COS:
        # the triangle clipped in the cylinder's frame (q = R^T (v - c)) by the near cap's plane q_z = -+h,
        # then the octagonal prism around the axis (sides k = 0..7 at angles (k + 1/2) pi / 4), each clip in
        # libode's order (mesh_clip; the order decides which points a capped CONTACTS_UNIMPORTANT call keeps,
        # probed on one-triangle meshes), the points taken back as c + R q (libode's crossing points are on
        # the plane in that frame: with |a| != 1 their depth leans the way of 1 - |a|)
        for k in range(3):
            for m in range(3):
                pa[3 * k + m] = (
                    g2[L.G_R + m] * (tv[3 * k] - w[0])
                    + g2[L.G_R + 3 + m] * (tv[3 * k + 1] - w[1])
                    + g2[L.G_R + 6 + m] * (tv[3 * k + 2] - w[2])
                )
        s = -1.0
        if ca < 0:
            s = 1.0
        npt = mesh_clip(pa, 3, pb, 0.0, 0.0, s, h)
        for k in range(8):
            ang = (k + 0.5) * M_PI / 4
            for m in range(3 * npt):
                pa[m] = pb[m]
            npt = mesh_clip(pa, npt, pb, cos(ang), sin(ang), 0.0, r)
        for k in range(3 * npt):
            pa[k] = pb[k]  # the points in the cylinder's frame (a float kernel's depths, cap_depth_local)
        for k in range(npt):
            px = g2[L.G_R] * pb[3 * k] + g2[L.G_R + 1] * pb[3 * k + 1] + g2[L.G_R + 2] * pb[3 * k + 2] + w[0]
            py = (
                g2[L.G_R + 3] * pb[3 * k]
                + g2[L.G_R + 4] * pb[3 * k + 1]
                + g2[L.G_R + 5] * pb[3 * k + 2]
                + w[1]
            )
            pz = (
                g2[L.G_R + 6] * pb[3 * k]
                + g2[L.G_R + 7] * pb[3 * k + 1]
                + g2[L.G_R + 8] * pb[3 * k + 2]
                + w[2]
            )
            pb[3 * k] = px
            pb[3 * k + 1] = py
            pb[3 * k + 2] = pz
        ca = best[1] * w[3] + best[2] * w[4] + best[3] * w[5]
        x = 1.0 - ca * ca
        if x > 0:
            x = sqrt(x)
        else:
            x = 0.0
        ca = fabs(ca)
        if ca > 1.0:
            ca = 1.0
        rad = h * ca + r * x
        for k in range(npt):
            t = rad - fabs(
                best[1] * (pb[3 * k] - w[0])
                + best[2] * (pb[3 * k + 1] - w[1])
                + best[3] * (pb[3 * k + 2] - w[2])
            )
            # float: depths below ~1e-7 are float rounding of the pose (dropped: 15 recorded poses differ, 16
            # kept, 21 world)
            #: py- if sizeof(dReal) == 4:
            #: py-     t = cap_depth_local(g2, best, pa, k, h, r, s)
            #: py-     if t < 1e-7:
            #: py-         t = 0
            if t > 0 and cnt < 16:
                res[7 * cnt] = pb[3 * k]
                res[7 * cnt + 1] = pb[3 * k + 1]
                res[7 * cnt + 2] = pb[3 * k + 2]
                res[7 * cnt + 3] = best[1]
                res[7 * cnt + 4] = best[2]
                res[7 * cnt + 5] = best[3]
                res[7 * cnt + 6] = t
                cnt += 1
        return cnt
    # the side: the generator line of the surface deepest along the normal, clipped as a capsule's axis
    n[0] = best[1] - w[3] * ca
    n[1] = best[2] - w[4] * ca
    n[2] = best[3] - w[5] * ca
    l = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    if l == 0:
        return 0
    px = w[0] - (n[0] / l) * r
    py = w[1] - (n[1] / l) * r
    pz = w[2] - (n[2] / l) * r
    if seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh) == 0:
        return 0
    lo = lh[0]
    hi = lh[1]
    for j in range(2):
        if j == 0:
            t = hi
        else:
            t = lo
            if not (hi > lo):
                break
        res[7 * cnt] = px + w[3] * t
        res[7 * cnt + 1] = py + w[4] * t
        res[7 * cnt + 2] = pz + w[5] * t
        res[7 * cnt + 3] = best[1]
        res[7 * cnt + 4] = best[2]
        res[7 * cnt + 5] = best[3]
        res[7 * cnt + 6] = best[4] - (
            best[1] * (res[7 * cnt] - w[0])
            + best[2] * (res[7 * cnt + 1] - w[1])
            + best[3] * (res[7 * cnt + 2] - w[2])
        )
        cnt += 1
    return cnt


# ---- end kernels
