"""Trimesh against a sphere, as libode 0.16.2: one contact per front-facing triangle, the face normal.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .mesh_contacts import buf_push, emit, maxc_of
from .mesh_geometry import safe_unit, to_local, v3dot
from .mesh_registry import MESH_TRIMESH, buf_free, buf_new, rec, reg_get, tri_box_out, tri_world

# ---- kernels


# ---- sphere-trimesh as libode 0.16.2 computes it: the triangles in the order of its tree walk (md.to), each
# in world coordinates (its float vertices rotated, then moved); the plane (v1 - v0) x (v2 - v0) normalised
# as libode's safe normalisation; a triangle with the centre behind its plane gives nothing. The closest point
# is found as OPCODE's point-triangle distance (sph_closest: the quadratic form over the edge parameters u, v
# by regions), the depth the radius less that distance, scaled by the cosine between the plane normal and the
# direction from the contact to the centre. Contacts are not merged; the walk stops at max contacts.


def sph_closest(tv, e, px, py, pz, r, uv):
    #: cdef int sph_closest(const dReal* tv, const dReal* e, dReal px, dReal py, dReal pz, dReal r,
    #:                      dReal* uv) noexcept nogil
    """uv[0:2] = the parameters (along e[0:3] = v1 - v0 and e[3:6] = v2 - v0) of the point of triangle tv
    closest to p, uv[2] = r less its distance; 0 when that distance exceeds r. OPCODE's regions: the edge
    parameters' quadratic form, minimised inside (region 0) or on the edges and vertices of the others."""
    #: dReal dx, dy, dz, a00, a01, a11, b0, b1, c, det, u, v, q, t0, t1, num, den
    dx = tv[0] - px
    dy = tv[1] - py
    dz = tv[2] - pz
    a00 = v3dot(e, 0, e, 0)
    a01 = v3dot(e, 0, e, 3)
    a11 = v3dot(e, 3, e, 3)
    b0 = dx * e[0] + dy * e[1] + dz * e[2]
    b1 = dx * e[3] + dy * e[4] + dz * e[5]
    c = dx * dx + dy * dy + dz * dz
    det = fabs(a00 * a11 - a01 * a01)
    u = a01 * b1 - a11 * b0
    v = a01 * b0 - a00 * b1
    if u + v <= det:
        if u < 0 and v < 0 and b0 < 0:  # below both edges, nearer the first: along e0
            v = 0.0
            if -b0 >= a00:
                u = 1.0
                q = a00 + 2.0 * b0 + c
            else:
                u = -b0 / a00
                q = b0 * u + c
        elif u < 0:  # along e1 (from v0)
            u = 0.0
            if b1 >= 0:
                v = 0.0
                q = c
            elif -b1 >= a11:
                v = 1.0
                q = a11 + 2.0 * b1 + c
            else:
                v = -b1 / a11
                q = b1 * v + c
        elif v < 0:  # along e0 (from v0)
            v = 0.0
            if b0 >= 0:
                u = 0.0
                q = c
            elif -b0 >= a00:
                u = 1.0
                q = a00 + 2.0 * b0 + c
            else:
                u = -b0 / a00
                q = b0 * u + c
        elif det == 0:  # a sliver: no interior minimum (its distance counts as out of reach)
            u = 0.0
            v = 0.0
            return 0
        else:
            det = 1.0 / det
            u = u * det
            v = v * det
            q = u * (a00 * u + a01 * v + 2.0 * b0) + v * (a01 * u + a11 * v + 2.0 * b1) + c
    elif u < 0 or v < 0:  # beyond the far edge and one of the others
        if u < 0:
            t0 = a01 + b0
            t1 = a11 + b1
        else:
            t0 = a01 + b1
            t1 = a00 + b0
        if t1 > t0:  # on the far edge
            num = t1 - t0
            den = a00 - 2.0 * a01 + a11
            if num >= den:
                t0 = 1.0
                t1 = 0.0
            else:
                t0 = num / den
                t1 = 1.0 - t0
            if u < 0:
                u = t0
                v = t1
            else:
                v = t0
                u = t1
            if num >= den:
                if u == 1.0:
                    q = a00 + 2.0 * b0 + c
                else:
                    q = a11 + 2.0 * b1 + c
            else:
                q = u * (a00 * u + a01 * v + 2.0 * b0) + v * (a01 * u + a11 * v + 2.0 * b1) + c
        elif u < 0:  # along e1
            u = 0.0
            if t1 <= 0:
                v = 1.0
                q = a11 + 2.0 * b1 + c
            elif b1 >= 0:
                v = 0.0
                q = c
            else:
                v = -b1 / a11
                q = b1 * v + c
        else:  # along e0
            v = 0.0
            if t1 <= 0:
                u = 1.0
                q = a00 + 2.0 * b0 + c
            elif b0 >= 0:
                u = 0.0
                q = c
            else:
                u = -b0 / a00
                q = b0 * u + c
    else:  # beyond the far edge only
        num = a11 + b1 - a01 - b0
        if num <= 0:
            u = 0.0
            v = 1.0
            q = a11 + 2.0 * b1 + c
        else:
            den = a00 - 2.0 * a01 + a11
            if num >= den:
                u = 1.0
                v = 0.0
                q = a00 + 2.0 * b0 + c
            else:
                u = num / den
                v = 1.0 - u
                q = u * (a00 * u + a01 * v + 2.0 * b0) + v * (a01 * u + a11 * v + 2.0 * b1) + c
    q = sqrt(fabs(q))
    if not q <= r:
        return 0
    uv[0] = u
    uv[1] = v
    uv[2] = r - q
    return 1


def collide_trimesh_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a sphere, as libode: one contact per front-facing triangle within the radius,
    at the triangle's closest point with the plane normal (never tilted on edges and vertices)."""
    #: MeshData* md
    #: Buf* out
    #: int j, k, t, n, maxc
    #: dReal px, py, pz, r, side, w, cs, dx, dy, dz
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal e[6]
    #: dReal pl[3]
    #: dReal q[3]
    #: dReal uv[3]
    #: dReal lo[6]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    e = [0.0] * 6  # py
    pl = [0.0] * 3  # py
    q = [0.0] * 3  # py
    uv = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH:
        return 0
    px = g2[L.G_POS]
    py = g2[L.G_POS + 1]
    pz = g2[L.G_POS + 2]
    r = g2[L.G_RADIUS]
    to_local(g1, px, py, pz, q, 0)
    lo[0] = q[0] - r
    lo[1] = q[0] + r
    lo[2] = q[1] - r
    lo[3] = q[1] + r
    lo[4] = q[2] - r
    lo[5] = q[2] + r
    maxc = maxc_of(flags)
    out = buf_new()
    for j in range(md.nt):
        if out.n >= maxc:
            break
        t = md.to[j]
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        for k in range(3):
            e[k] = tv[3 + k] - tv[k]
            e[3 + k] = tv[6 + k] - tv[k]
        pl[0] = e[1] * e[5] - e[2] * e[4]
        pl[1] = e[2] * e[3] - e[0] * e[5]
        pl[2] = e[0] * e[4] - e[1] * e[3]
        if safe_unit(pl) == 0:
            continue
        side = (pl[0] * px + pl[1] * py + pl[2] * pz) - v3dot(pl, 0, tv, 0)
        if side < 0:
            continue
        if sph_closest(tv, e, px, py, pz, r, uv) == 0 or uv[2] < 0:
            continue
        w = 1.0 - uv[0] - uv[1]
        for k in range(3):
            q[k] = tv[k] * w + tv[3 + k] * uv[0] + tv[6 + k] * uv[1]
        dx = px - q[0]
        dy = py - q[1]
        dz = pz - q[2]
        cs = dx * dx + dy * dy + dz * dz
        if cs > 0:
            cs = sqrt(cs)  # held in dReal before dividing: C's sqrt returns a double
            cs = (dx * pl[0] + dy * pl[1] + dz * pl[2]) / cs
        else:  # the contact at the centre itself (libode's cosine is 0 / 0 there): taken as 1
            cs = 1.0
        if cs < 0:
            continue
        buf_push(out, q[0], q[1], q[2], -pl[0], -pl[1], -pl[2], uv[2] * cs, t, -1)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
