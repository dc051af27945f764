"""A convex against a sphere, box, capsule, cylinder, convex, trimesh or ray.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from ... import _precision
from .heightfield_cells import hf_height, hf_range
from .mesh_contacts import emit, maxc_of
from .mesh_geometry import rot_vec, to_local
from .mesh_pieces import local_box, mesh_vs_piece, pieces, shape_convex, tri_new, tri_set
from .mesh_registry import (
    MESH_CONVEX,
    MESH_HEIGHTFIELD,
    MESH_TRIMESH,
    buf_free,
    buf_new,
    rec,
    reg_get,
    shape_free,
)
from .mpr import mpr_contact
from .prim_contacts import unimp_of

# ---- kernels


# ---- convex pairs: one contact by libode's Minkowski portal refinement (collide_prim's mpr_*, shared with
# the capsule-cylinder and cylinder-cylinder pairs): the convex is shape A, its vertices the support
# candidates.


def convex_mpr(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int convex_mpr(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                     dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1, shape A) against a sphere, box, capsule, cylinder or convex: libode's single MPR
    contact (normal -direction into geom 1, depth, the point halfway between the two bodies' support points).
    """
    #: MeshData* md1
    #: MeshData* md2
    #: const dReal* p2
    #: int c2, n2
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    md1 = reg_get(i1[L.GI_DATA])
    if md1 is None or md1.kind != MESH_CONVEX or md1.nv == 0:
        return 0
    c2 = i2[L.GI_CLASS]
    p2 = None
    n2 = 0
    if c2 == L.GC_CONVEX:
        md2 = reg_get(i2[L.GI_DATA])
        if md2 is None or md2.kind != MESH_CONVEX or md2.nv == 0:
            return 0
        p2 = md2.v
        n2 = md2.nv
    return mpr_contact(g1, L.GC_CONVEX, md1.v, md1.nv, g2, c2, p2, n2, flags, contacts, skip)


def collide_convex_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a sphere."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a box."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a capsule."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a cylinder."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                int flags, dReal* contacts, int skip) noexcept nogil
    """Convex against convex."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def mesh_pair(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int mesh_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                    dReal* contacts, int skip) noexcept nogil
    """Convex, trimesh or heightfield geom 1 against a convex or trimesh geom 2 (triangle by triangle)."""
    #: MeshData* m1
    #: MeshData* m2
    #: Shape* a
    #: Shape* tri
    #: Buf* out
    #: int n, maxc, unimp, t, p, q, w
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    m1 = reg_get(i1[L.GI_DATA])
    m2 = reg_get(i2[L.GI_DATA])
    if m1 is None or m2 is None:
        return 0
    if m2.kind != MESH_TRIMESH and m2.kind != MESH_CONVEX:
        return 0
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    if m2.kind == MESH_CONVEX:
        a = shape_convex(g2, m2)
        if m1.kind == MESH_TRIMESH:
            mesh_vs_piece(g1, m1, a, out, 0, maxc, unimp, -1)
        elif m1.kind == MESH_HEIGHTFIELD:
            hf_vs_piece(g1, m1, a, out, 0, maxc, unimp, -1)
        shape_free(a)
    else:
        tri = tri_new()
        a = None
        if m1.kind == MESH_CONVEX:
            a = shape_convex(g1, m1)
        for t in range(m2.nt):
            p = m2.t[3 * t]
            q = m2.t[3 * t + 1]
            w = m2.t[3 * t + 2]
            tri_set(
                tri,
                g2,
                m2.v[3 * p],
                m2.v[3 * p + 1],
                m2.v[3 * p + 2],
                m2.v[3 * q],
                m2.v[3 * q + 1],
                m2.v[3 * q + 2],
                m2.v[3 * w],
                m2.v[3 * w + 1],
                m2.v[3 * w + 2],
                m2.tn[3 * t],
                m2.tn[3 * t + 1],
                m2.tn[3 * t + 2],
                0,
            )
            if m1.kind == MESH_TRIMESH:
                mesh_vs_piece(g1, m1, tri, out, 0, maxc, unimp, t)
            elif m1.kind == MESH_HEIGHTFIELD:
                hf_vs_piece(g1, m1, tri, out, 0, maxc, unimp, t)
            else:
                tri.onesided = 1
                pieces(tri, a, out, 1, t, -1)
            if unimp and out.n >= maxc:
                break
        if a is not None:
            shape_free(a)
        shape_free(tri)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def hf_vs_piece(g1, md, b, out, flip, maxc, unimp, bside):
    #: cdef void hf_vs_piece(const dReal* g1, MeshData* md, Shape* b, Buf* out, int flip, int maxc, int unimp,
    #:                       int bside) noexcept nogil
    """Collect the contacts of piece b with the cell triangles of heightfield md (y up) at record g1."""
    #: dReal lo[6]
    #: int rx[2]
    #: int rz[2]
    #: int i, j, ncx
    #: dReal dx, dz, x0, x1, z0, z1, h00, h01, h10, h11, ux, uy, uz, wx, wy, wz, nx, ny, nz, ln
    #: Shape* tri
    lo = [0.0] * 6  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    local_box(g1, b, lo)
    if lo[2] > md.hmax or lo[3] < md.hmin - md.thick:
        return
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    if not hf_range(md, lo[0], lo[1], md.wn, dx, rx):
        return
    if not hf_range(md, lo[4], lo[5], md.dn, dz, rz):
        return
    ncx = md.wn - 1
    tri = tri_new()
    for j in range(rz[0], rz[1] + 1):
        z0 = j * dz - md.depth * 0.5
        z1 = (j + 1) * dz - md.depth * 0.5
        for i in range(rx[0], rx[1] + 1):
            x0 = i * dx - md.width * 0.5
            x1 = (i + 1) * dx - md.width * 0.5
            h00 = hf_height(md, i, j)
            h01 = hf_height(md, i, j + 1)
            h10 = hf_height(md, i + 1, j)
            h11 = hf_height(md, i + 1, j + 1)
            ux = 0.0
            uy = h01 - h00
            uz = dz
            wx = dx
            wy = h10 - h00
            wz = 0.0
            nx = uy * wz - uz * wy
            ny = uz * wx - ux * wz
            nz = ux * wy - uy * wx
            ln = sqrt(nx * nx + ny * ny + nz * nz)
            tri_set(tri, g1, x0, h00, z0, x0, h01, z1, x1, h10, z0, nx / ln, ny / ln, nz / ln, 1)
            pieces(tri, b, out, flip, 2 * (j * ncx + i), bside)
            ux = -dx
            uy = h01 - h10
            uz = dz
            wx = 0.0
            wy = h11 - h10
            wz = dz
            nx = uy * wz - uz * wy
            ny = uz * wx - ux * wz
            nz = ux * wy - uy * wx
            ln = sqrt(nx * nx + ny * ny + nz * nz)
            tri_set(tri, g1, x1, h10, z0, x0, h01, z1, x1, h11, z1, nx / ln, ny / ln, nz / ln, 1)
            pieces(tri, b, out, flip, 2 * (j * ncx + i) + 1, bside)
            if unimp and out.n >= maxc:
                break
        if unimp and out.n >= maxc:
            break
    shape_free(tri)


def collide_convex_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a trimesh: the convex against each one-sided triangle; side2 = triangle."""
    return mesh_pair(g1, i1, g2, i2, flags, contacts, skip)


def cv_face_dist(md, k, x, y, z):
    #: cdef dReal cv_face_dist(MeshData* md, int k, dReal x, dReal y, dReal z) noexcept nogil
    """Signed distance of mesh-frame point (x, y, z) outside face k's plane of convex md (the user's plane as
    given, as libode: a non-unit normal scales it)."""
    return (md.pl[4 * k] * x + md.pl[4 * k + 1] * y + md.pl[4 * k + 2] * z) - md.pl[4 * k + 3]


def cv_under_others(md, k, x, y, z, e):
    #: cdef int cv_under_others(MeshData* md, int k, dReal x, dReal y, dReal z, dReal e) noexcept nogil
    """1 when mesh-frame point (x, y, z) lies under every face plane of convex md but face k's (no further
    than e outside any)."""
    #: int j
    for j in range(md.nf):
        if j != k and cv_face_dist(md, j, x, y, z) > e:
            return 0
    return 1


def collide_ray_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_ray_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* contacts, int skip) noexcept nogil
    """Ray (geom 1) against a convex, by libode's rule (not a true ray cast).

    The origin is outside when it is on or above some face plane (sg = 1), else inside (sg = -1, every
    distance and normal flipped). Each face the ray heads towards (sg n.d below -epsilon) whose flipped
    distance al from the origin is within the ray length and below the best so far is a candidate: the point
    al along the ray; it is kept (depth al, normal sg n) when that point lies under every other face plane
    (within epsilon). The contact's point is the LAST candidate's, kept or not, found in the convex's frame
    (origin + al * direction there) and carried back to the world, as libode rounds it; under
    CONTACTS_UNIMPORTANT the first kept face ends the search. epsilon is dReal's machine epsilon. One contact
    at most."""
    #: MeshData* md
    #: int k, km
    #: dReal ox, oy, oz, dx, dy, dz, rlen, al, bm, px, py_, pz, sg, e
    #: dReal o[3]
    #: dReal dd[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    o = [0.0] * 3  # py
    dd = [0.0] * 3  # py
    e = _precision.EPSILON  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    md = reg_get(i2[L.GI_DATA])
    if md is None or md.kind != MESH_CONVEX or md.nf == 0:
        return 0
    rlen = g1[L.G_RAYLEN]
    to_local(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], o, 0)
    dx = g2[L.G_R] * g1[L.G_R + 2] + g2[L.G_R + 3] * g1[L.G_R + 5] + g2[L.G_R + 6] * g1[L.G_R + 8]
    dy = g2[L.G_R + 1] * g1[L.G_R + 2] + g2[L.G_R + 4] * g1[L.G_R + 5] + g2[L.G_R + 7] * g1[L.G_R + 8]
    dz = g2[L.G_R + 2] * g1[L.G_R + 2] + g2[L.G_R + 5] * g1[L.G_R + 5] + g2[L.G_R + 8] * g1[L.G_R + 8]
    ox = o[0]
    oy = o[1]
    oz = o[2]
    sg = -1.0
    for k in range(md.nf):
        if cv_face_dist(md, k, ox, oy, oz) >= 0:
            sg = 1.0
            break
    km = -1
    bm = 0.0
    px = 0.0
    py_ = 0.0
    pz = 0.0
    for k in range(md.nf):
        al = cv_face_dist(md, k, ox, oy, oz) * sg
        if (md.pl[4 * k] * dx + md.pl[4 * k + 1] * dy + md.pl[4 * k + 2] * dz) * sg < -e and al >= 0 \
                and al <= rlen and (km < 0 or al < bm):
            px = ox + dx * al
            py_ = oy + dy * al
            pz = oz + dz * al
            if cv_under_others(md, k, px, py_, pz, e):
                bm = al
                km = k
                if unimp_of(flags):
                    break
    if km < 0:
        return 0
    rot_vec(g2, md.pl[4 * km] * sg, md.pl[4 * km + 1] * sg, md.pl[4 * km + 2] * sg, dd, 0)
    rot_vec(g2, px, py_, pz, o, 0)
    contacts[L.C_POS] = o[0] + g2[L.G_POS]
    contacts[L.C_POS + 1] = o[1] + g2[L.G_POS + 1]
    contacts[L.C_POS + 2] = o[2] + g2[L.G_POS + 2]
    contacts[L.C_NORMAL] = dd[0]
    contacts[L.C_NORMAL + 1] = dd[1]
    contacts[L.C_NORMAL + 2] = dd[2]
    contacts[L.C_DEPTH] = bm
    contacts[L.C_SIDE1] = -1
    contacts[L.C_SIDE2] = -1
    return 1


# ---- end kernels
