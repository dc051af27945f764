"""A ray against a heightfield: the cell triangles along the ray.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from .heightfield_cells import hf_below, hf_height, hf_zone
from .mesh_contacts import buf_push, emit, maxc_of
from .mesh_geometry import ray_tri
from .mesh_pieces import local_box, tri_new, tri_set
from .mesh_registry import MESH_HEIGHTFIELD, buf_free, buf_new, rec, reg_get, shape_free, shape_new

# ---- kernels


def ray_hit(out, rflags, ox, oy, oz, dx, dy, dz, rlen, tv, nx, ny, nz, side, flip):
    #: cdef void ray_hit(Buf* out, int rflags, dReal ox, dReal oy, dReal oz, dReal dx, dReal dy, dReal dz,
    #:                   dReal rlen, dReal* tv, dReal nx, dReal ny, dReal nz, int side,
    #:                   int flip) noexcept nogil
    """Collect the hit of the ray with one world triangle; normal = its front normal (as ODE).

    Back faces are culled with the ray's backface-cull flag. Hits are kept one per triangle (a ray through an
    edge shared by two triangles hits both, as libode).
    """
    #: dReal res[4]
    #: dReal sg
    res = [0.0] * 4  # py
    if not ray_tri(ox, oy, oz, dx, dy, dz, tv, res):
        return
    if res[0] < 0 or res[0] > rlen:
        return
    sg = 1.0
    if nx * dx + ny * dy + nz * dz > 0 and (rflags & 2):
        return
    if flip:
        buf_push(
            out,
            ox + dx * res[0],
            oy + dy * res[0],
            oz + dz * res[0],
            -nx * sg,
            -ny * sg,
            -nz * sg,
            res[0],
            side,
            -1,
        )
    else:
        buf_push(out, ox + dx * res[0], oy + dy * res[0], oz + dz * res[0], nx * sg, ny * sg, nz * sg, res[0],
                 -1, side)


def ray_finish(out, rflags, flags, contacts, skip):
    #: cdef int ray_finish(Buf* out, int rflags, int flags, dReal* contacts, int skip) noexcept nogil
    """Write ray hits: only the nearest with the closest-hit flag (or a cap of one), else up to the cap."""
    #: int k, best, j
    if out.n == 0:
        return 0
    if (rflags & 4) or maxc_of(flags) == 1:
        best = 0
        for k in range(1, out.n):
            if out.c[k * L.CR + L.C_DEPTH] < out.c[best * L.CR + L.C_DEPTH]:
                best = k
        for j in range(L.CR):
            contacts[j] = out.c[best * L.CR + j]
        return 1
    return emit(out, flags, contacts, skip)


def tri_normal(s):
    #: cdef void tri_normal(Shape* s) noexcept nogil
    """Recompute a world triangle's unit front normal from its vertices (a, b, c counter-clockwise)."""
    #: dReal ux, uy, uz, wx, wy, wz, nx, ny, nz, ln
    ux = s.v[3] - s.v[0]
    uy = s.v[4] - s.v[1]
    uz = s.v[5] - s.v[2]
    wx = s.v[6] - s.v[0]
    wy = s.v[7] - s.v[1]
    wz = s.v[8] - s.v[2]
    nx = uy * wz - uz * wy
    ny = uz * wx - ux * wz
    nz = ux * wy - uy * wx
    ln = sqrt(nx * nx + ny * ny + nz * nz)
    if ln > 0:
        nx = nx / ln
        ny = ny / ln
        nz = nz / ln
    s.fn[0] = nx
    s.fn[1] = ny
    s.fn[2] = nz
    s.fn[3] = -nx
    s.fn[4] = -ny
    s.fn[5] = -nz


def collide_heightfield_ray(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_ray(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a ray: hits on the cell triangles under the ray's bounding box."""
    #: MeshData* md
    #: Buf* out
    #: Shape* seg
    #: int i, j, n, rflags, ncx, k
    #: dReal ox, oy, oz, dx, dy, dz, rlen, ddx, ddz, x0, x1, z0, z1, h00, h01, h10, h11
    #: dReal lo[6]
    #: dReal ho[1]
    #: int rx[2]
    #: int rz[2]
    #: Shape* tri
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    ho = [0.0]  # py
    lo = [0.0] * 6  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    rflags = i2[L.GI_FLAGS]
    ox = g2[L.G_POS]
    oy = g2[L.G_POS + 1]
    oz = g2[L.G_POS + 2]
    dx = g2[L.G_R + 2]
    dy = g2[L.G_R + 5]
    dz = g2[L.G_R + 8]
    rlen = g2[L.G_RAYLEN]
    seg = shape_new(2, 0, 0, 1)
    seg.v[0] = ox
    seg.v[1] = oy
    seg.v[2] = oz
    seg.v[3] = ox + dx * rlen
    seg.v[4] = oy + dy * rlen
    seg.v[5] = oz + dz * rlen
    local_box(g1, seg, lo)
    shape_free(seg)
    ddx = md.width / (md.wn - 1)
    ddz = md.depth / (md.dn - 1)
    if lo[2] > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    if not hf_zone(md, lo[0] + md.width * 0.5, lo[1] + md.width * 0.5, md.wn, md.width, rx):
        return 0
    if not hf_zone(md, lo[4] + md.depth * 0.5, lo[5] + md.depth * 0.5, md.dn, md.depth, rz):
        return 0
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    ncx = md.wn - 1
    out = buf_new()
    tri = tri_new()
    for j in range(rz[0], rz[1] + 1):
        z0 = j * ddz - md.depth * 0.5
        z1 = (j + 1) * ddz - md.depth * 0.5
        for i in range(rx[0], rx[1] + 1):
            x0 = i * ddx - md.width * 0.5
            x1 = (i + 1) * ddx - md.width * 0.5
            h00 = hf_height(md, i, j)
            h01 = hf_height(md, i, j + 1)
            h10 = hf_height(md, i + 1, j)
            h11 = hf_height(md, i + 1, j + 1)
            for k in range(2):
                if k == 0:
                    tri_set(tri, g1, x0, h00, z0, x0, h01, z1, x1, h10, z0, 0.0, 1.0, 0.0, 1)
                else:
                    tri_set(tri, g1, x1, h10, z0, x0, h01, z1, x1, h11, z1, 0.0, 1.0, 0.0, 1)
                tri_normal(tri)
                ray_hit(out, rflags, ox, oy, oz, dx, dy, dz, rlen, tri.v, tri.fn[0], tri.fn[1], tri.fn[2],
                        2 * (j * ncx + i) + k, 1)
    shape_free(tri)
    n = ray_finish(out, rflags, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
