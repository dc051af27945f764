"""Heightfield against a sphere: the cell triangles' planes, edges and corners under the sphere.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from .heightfield_cells import (
    hf_below,
    hf_group_marks,
    hf_height,
    hf_samples_tested,
    hf_tri_plane,
    hf_valley_marks,
    hf_zone,
)
from .mesh_contacts import buf_has, buf_push, emit
from .mesh_geometry import rot_vec, to_local, to_world
from .mesh_registry import MESH_HEIGHTFIELD, buf_free, buf_new, rec, reg_get, work_free, work_new

# ---- kernels


def hf_corner_sphere(g1, out, c, r, vx, vy, vz, nx, ny, nz, vf, k):
    #: cdef void hf_corner_sphere(const dReal* g1, Buf* out, const dReal* c, dReal r, dReal vx, dReal vy,
    #:                            dReal vz, dReal nx, dReal ny, dReal nz, dReal* vf, int k) noexcept nogil
    """A heightfield sample point v met for the first time (flag vf[k] = 0) inside the sphere: a contact
    there."""
    #: dReal ex, ey, ez, d2
    #: dReal w[6]
    w = [0.0] * 6  # py
    if vf[k] != 0.0:
        return
    vf[k] = 1.0
    ex = c[0] - vx
    ey = c[1] - vy
    ez = c[2] - vz
    d2 = ex * ex + ey * ey + ez * ez
    if d2 >= r * r:
        return
    to_world(g1, vx, vy, vz, w, 0)
    rot_vec(g1, nx, ny, nz, w, 3)
    buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], r - sqrt(d2), -1, -1)


def hf_tri_sphere(
    g1, out, c, r, ax, ay, az, ux, uy, uz, wx, wy, wz, x0, z0, dx, dz, upper, vf, v0, v1, v2, corners, pl
):
    #: cdef void hf_tri_sphere(const dReal* g1, Buf* out, const dReal* c, dReal r, dReal ax, dReal ay,
    #:                         dReal az, dReal ux, dReal uy, dReal uz, dReal wx, dReal wy, dReal wz, dReal x0,
    #:                         dReal z0, dReal dx, dReal dz, int upper, dReal* vf, int v0, int v1, int v2,
    #:                         int corners, const dReal* pl) noexcept nogil
    """A cell triangle (corner a, edges u and w, normal u x w pointing up) against a sphere at local centre c.

    libode's heightfield rule, first pass (corners = 0): the sphere's deepest point q = c - r n must lie over
    the triangle (cell coordinates s, t: the lower triangle s + t <= 1, the upper one s + t >= 1); the contact
    is q with the plane's normal and depth r - (distance of c above the plane), and the triangle's corners
    (flags vf[v0], vf[v1], vf[v2]) are excluded from the second pass. Second pass (corners = 1): each corner
    met for the first time inside the sphere is a contact there with this triangle's normal.
    """
    #: dReal nx, ny, nz, ln, dep, qx, qy, qz, s, t
    #: dReal w[6]
    w = [0.0] * 6  # py
    nx = pl[0]  # the plane's normal (hf_tri_plane; u and w span the triangle from its corner a)
    ny = pl[1]
    nz = pl[2]
    if corners:
        hf_corner_sphere(g1, out, c, r, ax, ay, az, nx, ny, nz, vf, v0)
        hf_corner_sphere(g1, out, c, r, ax + ux, ay + uy, az + uz, nx, ny, nz, vf, v1)
        hf_corner_sphere(g1, out, c, r, ax + wx, ay + wy, az + wz, nx, ny, nz, vf, v2)
        return
    dep = r - ((c[0] - ax) * nx + (c[1] - ay) * ny + (c[2] - az) * nz)
    if dep <= 0:
        return
    qx = c[0] - nx * r
    qy = c[1] - ny * r
    qz = c[2] - nz * r
    s = (qx - x0) / dx
    t = (qz - z0) / dz
    if upper:
        if s > 1 or t > 1 or s + t < 1:
            return
    elif s < 0 or t < 0 or s + t > 1:
        return
    vf[v0] = 2.0
    vf[v1] = 2.0
    vf[v2] = 2.0
    to_world(g1, qx, qy, qz, w, 0)
    rot_vec(g1, nx, ny, nz, w, 3)
    if not buf_has(out, w[0], w[1], w[2], -w[3], -w[4], -w[5]):  # coplanar triangles collide once (libode)
        buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], dep, -1, -1)


def collide_heightfield_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                     int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a sphere: cell-triangle planes, then sample points inside (libode's rule).
    """
    #: MeshData* md
    #: Buf* out
    #: int i, j, n, nw, b, k, pas, npas, q, m
    #: dReal r, dx, dz, x0, x1, z0, h00, h01, h10, h11
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
    to_local(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], c, 0)
    if c[1] - r > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    if not hf_zone(md, (c[0] + md.width * 0.5) - r, (c[0] + md.width * 0.5) + r, md.wn, md.width, rx):
        return 0
    if not hf_zone(md, (c[2] + md.depth * 0.5) - r, (c[2] + md.depth * 0.5) + r, md.dn, md.depth, rz):
        return 0
    lo[2] = c[1] - r
    lo[3] = c[1] + r
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    if k == 3:  # a flat zone: the sphere against its plane, wherever its deepest point lies (libode)
        to_world(
            g1,
            (c[0] + md.width * 0.5) - md.width * 0.5,
            c[1] - r,
            (c[2] + md.depth * 0.5) - md.depth * 0.5,
            lo,
            0,
        )
        rot_vec(g1, 0.0, 1.0, 0.0, lo, 3)
        if not ((ho[0] - c[1]) + r >= 0):
            return 0
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
    npas = 1 + hf_samples_tested(md, r + r, r + r)
    for pas in range(npas):
        if pas == 1:
            hf_group_marks(md, vf, tf, rx, rz, nw)
        for j in range(rz[0], rz[1] + 1):
            z0 = j * dz - md.depth * 0.5
            b = (j - rz[0]) * nw
            for i in range(rx[0], rx[1] + 1):
                x0 = i * dx - md.width * 0.5
                x1 = (i + 1) * dx - md.width * 0.5
                h00 = hf_height(md, i, j)
                h01 = hf_height(md, i, j + 1)
                h10 = hf_height(md, i + 1, j)
                h11 = hf_height(md, i + 1, j + 1)
                k = b + i - rx[0]
                q = 2 * ((j - rz[0]) * (rx[1] - rx[0] + 1) + i - rx[0])
                m = out.n
                hf_tri_plane(md, i, j, 0, pl)
                hf_tri_sphere(
                    g1,
                    out,
                    c,
                    r,
                    x0,
                    h00,
                    z0,
                    0.0,
                    h01 - h00,
                    dz,
                    dx,
                    h10 - h00,
                    0.0,
                    x0,
                    z0,
                    dx,
                    dz,
                    0,
                    vf,
                    k,
                    k + nw,
                    k + 1,
                    pas,
                    pl,
                )
                if pas == 0:
                    tf[q] = 1.0 if out.n > m else 0.0
                m = out.n
                hf_tri_plane(md, i, j, 1, pl)
                hf_tri_sphere(
                    g1,
                    out,
                    c,
                    r,
                    x1,
                    h10,
                    z0,
                    -dx,
                    h01 - h10,
                    dz,
                    0.0,
                    h11 - h10,
                    dz,
                    x0,
                    z0,
                    dx,
                    dz,
                    1,
                    vf,
                    k + 1,
                    k + nw,
                    k + nw + 1,
                    pas,
                    pl,
                )
                if pas == 0:
                    tf[q + 1] = 1.0 if out.n > m else 0.0
    work_free(tf)
    work_free(vf)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
