"""Trimesh against a sphere: one contact per front-facing triangle, the face normal.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from .mesh_contacts import buf_push, emit, maxc_of
from .mesh_geometry import to_local
from .mesh_registry import MESH_TRIMESH, buf_free, buf_new, rec, reg_get, tri_box_out, tri_world
from .prim_contacts import unimp_of

# ---- kernels


def tri_closest(tv, px, py, pz, q):
    #: cdef int tri_closest(const dReal* tv, dReal px, dReal py, dReal pz, dReal* q) noexcept nogil
    """q[0:3] = the point of triangle tv (a, b, c: 9 reals) closest to p, by its Voronoi regions (Ericson).

    Returns 0 when q is inside the face, 1 on an edge or a vertex.
    """
    #: dReal abx, aby, abz, acx, acy, acz, apx, apy, apz, bpx, bpy, bpz, cpx, cpy, cpz
    #: dReal d1, d2, d3, d4, d5, d6, va, vb, vc, v, w, den
    abx = tv[3] - tv[0]
    aby = tv[4] - tv[1]
    abz = tv[5] - tv[2]
    acx = tv[6] - tv[0]
    acy = tv[7] - tv[1]
    acz = tv[8] - tv[2]
    apx = px - tv[0]
    apy = py - tv[1]
    apz = pz - tv[2]
    d1 = abx * apx + aby * apy + abz * apz
    d2 = acx * apx + acy * apy + acz * apz
    if d1 <= 0 and d2 <= 0:
        q[0] = tv[0]
        q[1] = tv[1]
        q[2] = tv[2]
        return 1
    bpx = px - tv[3]
    bpy = py - tv[4]
    bpz = pz - tv[5]
    d3 = abx * bpx + aby * bpy + abz * bpz
    d4 = acx * bpx + acy * bpy + acz * bpz
    if d3 >= 0 and d4 <= d3:
        q[0] = tv[3]
        q[1] = tv[4]
        q[2] = tv[5]
        return 1
    vc = d1 * d4 - d3 * d2
    if vc <= 0 and d1 >= 0 and d3 <= 0:
        v = d1 / (d1 - d3)
        q[0] = tv[0] + abx * v
        q[1] = tv[1] + aby * v
        q[2] = tv[2] + abz * v
        return 1
    cpx = px - tv[6]
    cpy = py - tv[7]
    cpz = pz - tv[8]
    d5 = abx * cpx + aby * cpy + abz * cpz
    d6 = acx * cpx + acy * cpy + acz * cpz
    if d6 >= 0 and d5 <= d6:
        q[0] = tv[6]
        q[1] = tv[7]
        q[2] = tv[8]
        return 1
    vb = d5 * d2 - d1 * d6
    if vb <= 0 and d2 >= 0 and d6 <= 0:
        w = d2 / (d2 - d6)
        q[0] = tv[0] + acx * w
        q[1] = tv[1] + acy * w
        q[2] = tv[2] + acz * w
        return 1
    va = d3 * d6 - d5 * d4
    if va <= 0 and (d4 - d3) >= 0 and (d5 - d6) >= 0:
        w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        q[0] = tv[3] + (tv[6] - tv[3]) * w
        q[1] = tv[4] + (tv[7] - tv[4]) * w
        q[2] = tv[5] + (tv[8] - tv[5]) * w
        return 1
    den = va + vb + vc
    if not den > 0:  # a sliver whose area rounds to zero (or a degenerate triangle): vertex a stands for it
        q[0] = tv[0]
        q[1] = tv[1]
        q[2] = tv[2]
        return 1
    den = 1.0 / den
    v = vb * den
    w = vc * den
    q[0] = tv[0] + abx * v + acx * w
    q[1] = tv[1] + aby * v + acy * w
    q[2] = tv[2] + abz * v + acz * w
    return 0


def collide_trimesh_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a sphere, as libode: one contact per front-facing triangle within the radius.

    The contact is the triangle's closest point with the face normal (never tilted on edges and vertices);
    the depth is (radius - distance) scaled by the cosine between the face normal and the direction to the
    centre. Triangles whose plane has the centre behind them give nothing (one-sided, as libode).
    """
    #: MeshData* md
    #: Buf* out
    #: int t, n, maxc, unimp, edge
    #: dReal px, py, pz, r, side, dx, dy, dz, d2, d, dep
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal q[3]
    #: dReal lo[6]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    q = [0.0] * 3  # py
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
    unimp = unimp_of(flags)
    out = buf_new()
    for t in range(md.nt):
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        side = (px - tv[0]) * nv[0] + (py - tv[1]) * nv[1] + (pz - tv[2]) * nv[2]
        if side < 0:
            continue
        edge = tri_closest(tv, px, py, pz, q)
        dx = px - q[0]
        dy = py - q[1]
        dz = pz - q[2]
        d2 = dx * dx + dy * dy + dz * dz
        if d2 >= r * r:
            continue
        d = sqrt(d2)
        if edge == 0:  # inside the face the cosine is 1 (computed without dividing small numbers)
            dep = r - side
        elif d > 0:
            dep = (r - d) * (side / d)
        else:
            dep = r
        buf_push(out, q[0], q[1], q[2], -nv[0], -nv[1], -nv[2], dep, t, -1)
        if unimp and out.n >= maxc:
            break
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
