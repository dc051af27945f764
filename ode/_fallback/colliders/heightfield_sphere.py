"""Heightfield against a sphere: the cell triangles' planes, edges and corners under the sphere.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from ... import _precision
from .heightfield_cells import (
    hf_below,
    hf_corner_local,
    hf_corner_world,
    hf_group_marks,
    hf_height,
    hf_on_tri,
    hf_tri_plane,
    hf_valley_marks,
    hf_zone,
)
from .mesh_contacts import buf_has, buf_push, emit
from .mesh_geometry import rot_vec
from .mesh_registry import MESH_HEIGHTFIELD, buf_free, buf_new, rec, reg_get, work_free, work_new

# ---- kernels


def hf_corner_sphere(g1, md, out, c, r, vx, vy, vz, nx, ny, nz, vf, k):
    #: cdef void hf_corner_sphere(const dReal* g1, MeshData* md, Buf* out, const dReal* c, dReal r, dReal vx,
    #:                            dReal vy, dReal vz, dReal nx, dReal ny, dReal nz, dReal* vf,
    #:                            int k) noexcept nogil
    """A heightfield sample point v (corner frame) met for the first time (flag vf[k] = 0) deeper than the
    machine epsilon inside the sphere at c: a contact there (libode's point depth, r - |v - c|)."""
    #: dReal d, e
    #: dReal w[6]
    w = [0.0] * 6  # py
    e = _precision.EPSILON  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    if vf[k] != 0.0:
        return
    vf[k] = 1.0
    d = sqrt((vx - c[0]) * (vx - c[0]) + (vy - c[1]) * (vy - c[1]) + (vz - c[2]) * (vz - c[2]))
    d = r - d  # the root rounded to dReal first (libode's dSqrt)
    if not (d > e):
        return
    hf_corner_world(g1, md, vx, vy, vz, w, 0)
    rot_vec(g1, -nx, -ny, -nz, w, 3)
    buf_push(out, w[0], w[1], w[2], w[3], w[4], w[5], d, -1, -1)


def hf_tri_sphere(g1, md, out, c, r, i, j, upper, vf, v0, v1, v2, corners, pl):
    #: cdef void hf_tri_sphere(const dReal* g1, MeshData* md, Buf* out, const dReal* c, dReal r, int i,
    #:                         int j, int upper, dReal* vf, int v0, int v1, int v2, int corners,
    #:                         const dReal* pl) noexcept nogil
    """Cell (i, j)'s lower or upper triangle (plane pl, hf_tri_plane) against a sphere at corner-frame c.

    libode's heightfield rule, first pass (corners = 0): libode's sphere-plane contact with the triangle's
    plane (depth = offset - c . n + r, point c - r n), kept when that point lies over the triangle
    (hf_on_tri); the triangle's corners (flags vf[v0], vf[v1], vf[v2]) are then excluded from the second
    pass. Second pass (corners = 1): each corner met for the first time inside the sphere is a contact there
    with this triangle's normal.
    """
    #: dReal dx, dz, dep, qx, qy, qz, xa, xb, za, zb
    #: dReal w[6]
    w = [0.0] * 6  # py
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    xa = i * dx
    xb = (i + 1) * dx
    za = j * dz
    zb = (j + 1) * dz
    if corners:
        if upper:
            hf_corner_sphere(g1, md, out, c, r, xb, hf_height(md, i + 1, j), za, pl[0], pl[1], pl[2], vf, v0)
            hf_corner_sphere(g1, md, out, c, r, xa, hf_height(md, i, j + 1), zb, pl[0], pl[1], pl[2], vf, v1)
            hf_corner_sphere(g1, md, out, c, r, xb, hf_height(md, i + 1, j + 1), zb, pl[0], pl[1], pl[2], vf,
                             v2)
        else:
            hf_corner_sphere(g1, md, out, c, r, xa, hf_height(md, i, j), za, pl[0], pl[1], pl[2], vf, v0)
            hf_corner_sphere(g1, md, out, c, r, xa, hf_height(md, i, j + 1), zb, pl[0], pl[1], pl[2], vf, v1)
            hf_corner_sphere(g1, md, out, c, r, xb, hf_height(md, i + 1, j), za, pl[0], pl[1], pl[2], vf, v2)
        return
    dep = pl[3] - (c[0] * pl[0] + c[1] * pl[1] + c[2] * pl[2]) + r
    if dep < 0:
        return
    qx = c[0] - pl[0] * r
    qy = c[1] - pl[1] * r
    qz = c[2] - pl[2] * r
    if not hf_on_tri(md, i, j, upper, qx, qz):
        return
    vf[v0] = 2.0
    vf[v1] = 2.0
    vf[v2] = 2.0
    hf_corner_world(g1, md, qx, qy, qz, w, 0)
    rot_vec(g1, -pl[0], -pl[1], -pl[2], w, 3)
    if not buf_has(out, w[0], w[1], w[2], w[3], w[4], w[5]):  # coplanar triangles collide once (libode)
        buf_push(out, w[0], w[1], w[2], w[3], w[4], w[5], dep, -1, -1)


def collide_heightfield_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                     int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a sphere: cell-triangle planes, then sample points inside (libode's rule).
    """
    #: MeshData* md
    #: Buf* out
    #: int i, j, n, nw, b, k, pas, npas, q, m
    #: dReal r, dx, dz
    #: dReal* vf
    #: dReal* tf
    #: dReal c[3]
    #: dReal ho[1]
    #: dReal pl[4]
    #: dReal lo[6]
    #: int rx[2]
    #: int rz[2]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    c = [0.0] * 3  # py
    ho = [0.0]  # py
    pl = [0.0] * 4  # py
    lo = [0.0] * 6  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    r = g2[L.G_RADIUS]
    hf_corner_local(g1, md, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], c, 0)
    if c[1] - r > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    if not hf_zone(md, c[0] - r, c[0] + r, md.wn, md.width, rx):
        return 0
    if not hf_zone(md, c[2] - r, c[2] + r, md.dn, md.depth, rz):
        return 0
    lo[2] = c[1] - r
    lo[3] = c[1] + r
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    if k == 3:  # a flat zone: libode's sphere-plane contact with its plane, wherever the point lies
        if not ((ho[0] - c[1]) + r >= 0):
            return 0
        hf_corner_world(g1, md, c[0], c[1] - r, c[2], lo, 0)
        rot_vec(g1, 0.0, 1.0, 0.0, lo, 3)
        contacts[L.C_POS] = lo[0]
        contacts[L.C_POS + 1] = lo[1]
        contacts[L.C_POS + 2] = lo[2]
        contacts[L.C_NORMAL] = -lo[3]
        contacts[L.C_NORMAL + 1] = -lo[4]
        contacts[L.C_NORMAL + 2] = -lo[5]
        contacts[L.C_DEPTH] = (ho[0] - c[1]) + r
        contacts[L.C_SIDE1] = -1
        contacts[L.C_SIDE2] = -1
        return 1
    nw = rx[1] - rx[0] + 2
    vf = work_new(nw * (rz[1] - rz[0] + 2))
    for k in range(nw * (rz[1] - rz[0] + 2)):
        vf[k] = 0.0
    hf_valley_marks(md, vf, rx, rz, nw)
    tf = work_new(2 * (rx[1] - rx[0] + 1) * (rz[1] - rz[0] + 1))
    out = buf_new()
    npas = 1  # libode tests the samples when the sphere's box spans more than 1.5 cells along x or z
    if ((c[0] + r) - (c[0] - r)) * (1.0 / dx) > 1.5 or ((c[2] + r) - (c[2] - r)) * (1.0 / dz) > 1.5:
        npas = 2
    for pas in range(npas):
        if pas == 1:
            hf_group_marks(md, vf, tf, rx, rz, nw)
        for j in range(rz[0], rz[1] + 1):
            b = (j - rz[0]) * nw
            for i in range(rx[0], rx[1] + 1):
                k = b + i - rx[0]
                q = 2 * ((j - rz[0]) * (rx[1] - rx[0] + 1) + i - rx[0])
                m = out.n
                hf_tri_plane(md, i, j, 0, pl)
                hf_tri_sphere(g1, md, out, c, r, i, j, 0, vf, k, k + nw, k + 1, pas, pl)
                if pas == 0:
                    tf[q] = 1.0 if out.n > m else 0.0
                m = out.n
                hf_tri_plane(md, i, j, 1, pl)
                hf_tri_sphere(g1, md, out, c, r, i, j, 1, vf, k + 1, k + nw, k + nw + 1, pas, pl)
                if pas == 0:
                    tf[q + 1] = 1.0 if out.n > m else 0.0
    work_free(tf)
    work_free(vf)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
