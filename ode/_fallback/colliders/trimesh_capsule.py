"""Capsule against one triangle of a trimesh, as libode (trimesh_round collects the triangles).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from __future__ import annotations

from math import fabs, sqrt

from .mesh_geometry import tt_unit, v3dot

CAP_EDGE_TOL = 1e-5  # capsule-trimesh: the edge planes' outward tolerance (unnormalised edge x normal)


# ---- kernels


# ---- capsule-trimesh as libode (observed through the oracle, per triangle and across triangles): triangles
# in the order of the mesh's AABB tree (tree_order at registration); per front-facing triangle a
# separating-axis test over the face normal, the capsule axis crossed with each edge (from the edge line to
# the axis when parallel), the directions from each vertex to the nearest axis point and from each capsule end
# to the nearest point of each edge, each in its orientation of smaller overlap; the smallest overlap wins
# (the first on ties) and any negative one separates. The contact points are the ends of the capsule axis
# segment moved by -radius along that normal and clipped to the triangle's prism (its edge planes, 1e-5
# outwards in units of the edge length) and to the back of its plane; depth = the triangle's extent along the
# normal minus the point's. Contacts of later triangles within 1e-4 (per coordinate) of a collected one with
# the same normal replace it only when deeper.


def tt_unit_at(n, o):
    #: cdef void tt_unit_at(dReal* n, int o) noexcept nogil
    """n[o:o+3] scaled to unit length as tt_unit does (libode's normalisation)."""
    #: dReal m[3]
    m = [0.0] * 3  # py
    m[0] = n[o]
    m[1] = n[o + 1]
    m[2] = n[o + 2]
    tt_unit(m)
    n[o] = m[0]
    n[o + 1] = m[1]
    n[o + 2] = m[2]


def cyl_try(tv, w, best):
    #: cdef int cyl_try(const dReal* tv, dReal* w, dReal* best) noexcept nogil
    """cap_try for a cylinder, in libode's arithmetic (bit for bit on the recordings, which decides its ties):
    the cylinder's half extent along L is h min(1, |L.a|) + r sqrt(1 - (L.a)^2), the triangle's extent is
    taken relative to the centre (L.(v - c)); best[4] = the triangle's top along the kept normal, relative to
    c."""
    #: dReal l, d, dn, tmax, tmin, x, ca, rad
    #: int k
    l = sqrt(w[9] * w[9] + w[10] * w[10] + w[11] * w[11])
    if l == 0:
        return 1
    w[9] = w[9] / l
    w[10] = w[10] / l
    w[11] = w[11] / l
    tmax = w[9] * (tv[0] - w[0]) + w[10] * (tv[1] - w[1]) + w[11] * (tv[2] - w[2])
    tmin = tmax
    for k in range(1, 3):
        x = w[9] * (tv[3 * k] - w[0]) + w[10] * (tv[3 * k + 1] - w[1]) + w[11] * (tv[3 * k + 2] - w[2])
        if x > tmax:
            tmax = x
        if x < tmin:
            tmin = x
    ca = w[9] * w[3] + w[10] * w[4] + w[11] * w[5]
    x = 1.0 - ca * ca
    if x > 0:
        x = sqrt(x)
    else:
        x = 0.0
    ca = fabs(ca)
    if ca > 1.0:
        ca = 1.0
    rad = w[6] * ca + w[7] * x
    d = rad + tmax
    dn = rad - tmin
    if dn < d:
        if dn < 0:
            return 0
        if best[0] < 0 or dn < best[0]:
            best[0] = dn
            best[1] = -w[9]
            best[2] = -w[10]
            best[3] = -w[11]
            best[4] = -tmin
        return 1
    if d < 0:
        return 0
    if best[0] < 0 or d < best[0]:
        best[0] = d
        best[1] = w[9]
        best[2] = w[10]
        best[3] = w[11]
        best[4] = tmax
    return 1


def cap_try(tv, w, best):
    #: cdef int cap_try(const dReal* tv, dReal* w, dReal* best) noexcept nogil
    """Axis w[9:12] (unit, in place; skipped when zero) for the capsule (w[8] = 0; a cylinder, w[8] = 1, goes
    to cyl_try) with w[0:3] centre, w[3:6] axis, w[6] half length, w[7] radius against triangle tv: keep in
    best (depth, normal, triangle extent) the smaller overlap of its two orientations when below best[0]
    (best[0] < 0: none yet). Returns 0 when the axis separates."""
    #: dReal d, dn, tmax, tmin, x, rad
    #: int k
    if w[8] != 0:
        return cyl_try(tv, w, best)
    if w[9] == 0 and w[10] == 0 and w[11] == 0:
        return 1
    tt_unit_at(w, 9)  # libode's normalisation (normals bit for bit on one-triangle probes)
    # extents about the centre as the cylinder's (more of libode's depths come out bit for bit)
    tmax = w[9] * (tv[0] - w[0]) + w[10] * (tv[1] - w[1]) + w[11] * (tv[2] - w[2])
    tmin = tmax
    for k in range(1, 3):
        x = w[9] * (tv[3 * k] - w[0]) + w[10] * (tv[3 * k + 1] - w[1]) + w[11] * (tv[3 * k + 2] - w[2])
        if x > tmax:
            tmax = x
        if x < tmin:
            tmin = x
    rad = w[6] * fabs(v3dot(w, 3, w, 9)) + w[7]
    d = rad + tmax
    dn = rad - tmin
    if dn < d:
        if dn < 0:
            return 0
        if best[0] < 0 or dn < best[0]:
            best[0] = dn
            best[1] = -w[9]
            best[2] = -w[10]
            best[3] = -w[11]
            best[4] = -tmin
        return 1
    if d < 0:
        return 0
    if best[0] < 0 or d < best[0]:
        best[0] = d
        best[1] = w[9]
        best[2] = w[10]
        best[3] = w[11]
        best[4] = tmax
    return 1


def tri_front(tv, w, e, nn, best):
    #: cdef int tri_front(const dReal* tv, dReal* w, dReal* e, dReal* nn, dReal* best) noexcept nogil
    """Shared start of capsule/cylinder-triangle: edges e, unit normal nn, libode's back-face test (0 when the
    centre w[0:3] is behind) and the face normal tried as the first axis (0 when it separates)."""
    #: dReal l
    #: int k, j, m
    for k in range(3):
        j = (k + 1) % 3
        for m in range(3):
            e[3 * k + m] = tv[3 * j + m] - tv[3 * k + m]
    if w[8] == 0:
        # the capsule's face normal as libode's (bit for bit on one-triangle probes): (v1 - v0) x (v2 - v1),
        # normalised as tt_unit
        nn[0] = e[1] * e[5] - e[2] * e[4]
        nn[1] = e[2] * e[3] - e[0] * e[5]
        nn[2] = e[0] * e[4] - e[1] * e[3]
        if nn[0] == 0 and nn[1] == 0 and nn[2] == 0:
            return 0
        tt_unit_at(nn, 0)
    else:
        # the cylinder's (libode's bits here would change which of its equal-depth contacts merge: 16 -> 17
        # poses)
        nn[0] = e[1] * (tv[8] - tv[2]) - e[2] * (tv[7] - tv[1])
        nn[1] = e[2] * (tv[6] - tv[0]) - e[0] * (tv[8] - tv[2])
        nn[2] = e[0] * (tv[7] - tv[1]) - e[1] * (tv[6] - tv[0])
        l = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2])
        if l == 0:
            return 0
        nn[0] = nn[0] / l
        nn[1] = nn[1] / l
        nn[2] = nn[2] / l
    if nn[0] * (w[0] - tv[0]) + nn[1] * (w[1] - tv[1]) + nn[2] * (w[2] - tv[2]) < 0:
        return 0
    best[0] = -1.0
    w[9] = nn[0]
    w[10] = nn[1]
    w[11] = nn[2]
    if cap_try(tv, w, best) == 0:
        return 0
    return 1


def seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh):
    #: cdef int seg_clip_tri(const dReal* tv, const dReal* e, const dReal* nn, const dReal* w, dReal px,
    #:                       dReal py, dReal pz, dReal h, dReal* lh) noexcept nogil
    """Clip the segment p + w[3:6] t, t in [-h, h], by triangle tv's edge planes (edges e, normal nn, pushed
    out by CAP_EDGE_TOL) and the back of its plane; 0 when nothing is left, else 1 with lh = [lo, hi]."""
    #: dReal n[3]
    #: dReal x, s, f, t, lo, hi
    #: int k, j
    n = [0.0] * 3  # py
    lo = -h
    hi = h
    for k in range(4):
        if k < 3:
            j = (k + 2) % 3
            n[0] = e[3 * k + 1] * nn[2] - e[3 * k + 2] * nn[1]
            n[1] = e[3 * k + 2] * nn[0] - e[3 * k] * nn[2]
            n[2] = e[3 * k] * nn[1] - e[3 * k + 1] * nn[0]
            if (
                n[0] * (tv[3 * j] - tv[3 * k])
                + n[1] * (tv[3 * j + 1] - tv[3 * k + 1])
                + n[2] * (tv[3 * j + 2] - tv[3 * k + 2])
                > 0
            ):
                n[0] = -n[0]
                n[1] = -n[1]
                n[2] = -n[2]
            x = v3dot(n, 0, tv, 3 * k) + CAP_EDGE_TOL
        else:
            n[0] = nn[0]
            n[1] = nn[1]
            n[2] = nn[2]
            x = v3dot(n, 0, tv, 0)
        s = n[0] * w[3] + n[1] * w[4] + n[2] * w[5]
        f = (n[0] * px + n[1] * py + n[2] * pz) - x
        if fabs(s) < 1e-300:
            if f > 0:
                return 0
            continue
        t = -f / s
        if s > 0:
            if t < hi:
                hi = t
        elif t > lo:
            lo = t
    if lo > hi:
        return 0
    lh[0] = lo
    lh[1] = hi
    return 1


def cap_tri(tv, w, res):
    #: cdef int cap_tri(const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (0 to 2, 7 reals each in res: point, normal from the triangle towards the capsule, depth) of
    the capsule in w (centre, axis, half length, radius) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal n[3]
    #: dReal lh[2]
    #: dReal l, x, h, r, lo, hi, s, f, t, px, py, pz
    #: int k, j, m, cnt
    lh = [0.0] * 2  # py
    e = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    n = [0.0] * 3  # py
    h = w[6]
    r = w[7]
    if tri_front(tv, w, e, nn, best) == 0:
        return 0
    for k in range(3):
        w[9] = w[4] * e[3 * k + 2] - w[5] * e[3 * k + 1]
        w[10] = w[5] * e[3 * k] - w[3] * e[3 * k + 2]
        w[11] = w[3] * e[3 * k + 1] - w[4] * e[3 * k]
        if w[9] * w[9] + w[10] * w[10] + w[11] * w[11] < 1e-12:
            l = sqrt(v3dot(e, 3 * k, e, 3 * k))
            n[0] = e[3 * k] / l
            n[1] = e[3 * k + 1] / l
            n[2] = e[3 * k + 2] / l
            px = w[0] - tv[3 * k]
            py = w[1] - tv[3 * k + 1]
            pz = w[2] - tv[3 * k + 2]
            x = px * n[0] + py * n[1] + pz * n[2]
            w[9] = px - n[0] * x
            w[10] = py - n[1] * x
            w[11] = pz - n[2] * x
        if cap_try(tv, w, best) == 0:
            return 0
    for k in range(3):
        t = (tv[3 * k] - w[0]) * w[3] + (tv[3 * k + 1] - w[1]) * w[4] + (tv[3 * k + 2] - w[2]) * w[5]
        if t > h:
            t = h
        if t < -h:
            t = -h
        w[9] = (w[0] + w[3] * t) - tv[3 * k]
        w[10] = (w[1] + w[4] * t) - tv[3 * k + 1]
        w[11] = (w[2] + w[5] * t) - tv[3 * k + 2]
        if cap_try(tv, w, best) == 0:
            return 0
    for j in range(2):
        s = h
        if j == 1:
            s = -h
        px = w[0] + w[3] * s
        py = w[1] + w[4] * s
        pz = w[2] + w[5] * s
        for k in range(3):
            t = (
                (px - tv[3 * k]) * e[3 * k]
                + (py - tv[3 * k + 1]) * e[3 * k + 1]
                + (pz - tv[3 * k + 2]) * e[3 * k + 2]
            ) / v3dot(e, 3 * k, e, 3 * k)
            if t > 1.0:
                t = 1.0
            if t < 0.0:
                t = 0.0
            w[9] = px - (tv[3 * k] + e[3 * k] * t)
            w[10] = py - (tv[3 * k + 1] + e[3 * k + 1] * t)
            w[11] = pz - (tv[3 * k + 2] + e[3 * k + 2] * t)
            if cap_try(tv, w, best) == 0:
                return 0
    # clip the moved axis segment q(t) = c - r L + a t, t in [-h, h]
    px = w[0] - best[1] * r
    py = w[1] - best[2] * r
    pz = w[2] - best[3] * r
    if seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh) == 0:
        return 0
    lo = lh[0]
    hi = lh[1]
    cnt = 0
    for j in range(2):
        if j == 0:
            t = hi
        else:
            t = lo
            if not (hi > lo):
                break
        res[7 * cnt] = (w[0] + w[3] * t) - best[1] * r
        res[7 * cnt + 1] = (w[1] + w[4] * t) - best[2] * r
        res[7 * cnt + 2] = (w[2] + w[5] * t) - best[3] * r
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
