"""A ray against a heightfield: the cell triangles along the ray.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""


from ... import _layout as L
from .heightfield_cells import hf_below, hf_corner_local, hf_corner_world, hf_on_tri, hf_tri_plane, hf_zone
from .mesh_contacts import buf_push, emit, maxc_of
from .mesh_geometry import rot_vec
from .mesh_registry import MESH_HEIGHTFIELD, buf_free, buf_new, rec, reg_get

# ---- kernels


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


def collide_heightfield_ray(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_ray(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a ray: libode's ray-plane crossing with each cell triangle's plane, in the
    field's corner frame, kept when it lies over that triangle (hf_on_tri); normal = the plane's up normal
    turned, negated."""
    #: MeshData* md
    #: Buf* out
    #: int i, j, n, rflags, ncx, k
    #: dReal ox, oy, oz, dx, dy, dz, rlen, ex, ey, ez, al, kk, px, py, pz
    #: dReal o[3]
    #: dReal lo[6]
    #: dReal pl[4]
    #: dReal w[6]
    #: dReal ho[1]
    #: int rx[2]
    #: int rz[2]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    ho = [0.0]  # py
    o = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    pl = [0.0] * 4  # py
    w = [0.0] * 6  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    rflags = i2[L.GI_FLAGS]
    hf_corner_local(g1, md, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], o, 0)
    ox = o[0]
    oy = o[1]
    oz = o[2]
    # the ray's direction in the field's frame: the third column of R_field^T R_ray
    dx = g1[L.G_R] * g2[L.G_R + 2] + g1[L.G_R + 3] * g2[L.G_R + 5] + g1[L.G_R + 6] * g2[L.G_R + 8]
    dy = g1[L.G_R + 1] * g2[L.G_R + 2] + g1[L.G_R + 4] * g2[L.G_R + 5] + g1[L.G_R + 7] * g2[L.G_R + 8]
    dz = g1[L.G_R + 2] * g2[L.G_R + 2] + g1[L.G_R + 5] * g2[L.G_R + 5] + g1[L.G_R + 8] * g2[L.G_R + 8]
    rlen = g2[L.G_RAYLEN]
    ex = ox + dx * rlen
    ey = oy + dy * rlen
    ez = oz + dz * rlen
    lo[0] = ox if ox < ex else ex
    lo[1] = ex if ox < ex else ox
    lo[2] = oy if oy < ey else ey
    lo[3] = ey if oy < ey else oy
    lo[4] = oz if oz < ez else ez
    lo[5] = ez if oz < ez else oz
    if lo[2] > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    if not hf_zone(md, lo[0], lo[1], md.wn, md.width, rx):
        return 0
    if not hf_zone(md, lo[4], lo[5], md.dn, md.depth, rz):
        return 0
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    ncx = md.wn - 1
    out = buf_new()
    for j in range(rz[0], rz[1] + 1):
        for i in range(rx[0], rx[1] + 1):
            for k in range(2):
                hf_tri_plane(md, i, j, k, pl)
                if (rflags & 2) and pl[0] * dx + pl[1] * dy + pl[2] * dz > 0:
                    continue
                al = pl[3] - (pl[0] * ox + pl[1] * oy + pl[2] * oz)
                kk = pl[0] * dx + pl[1] * dy + pl[2] * dz
                if kk == 0:
                    continue
                al = al / kk
                if al < 0 or al > rlen:
                    continue
                px = ox + al * dx
                py = oy + al * dy
                pz = oz + al * dz
                if not hf_on_tri(md, i, j, k, px, pz):
                    continue
                hf_corner_world(g1, md, px, py, pz, w, 0)
                rot_vec(g1, -pl[0], -pl[1], -pl[2], w, 3)
                buf_push(out, w[0], w[1], w[2], w[3], w[4], w[5], al, 2 * (j * ncx + i) + k, -1)
    n = ray_finish(out, rflags, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
