"""A convex, trimesh or heightfield against a plane: its vertices (or samples) below the plane.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from ... import _layout as L
from .mesh_contacts import buf_add, emit, maxc_of
from .mesh_geometry import to_world
from .mesh_registry import MESH_CONVEX, MESH_HEIGHTFIELD, MESH_TRIMESH, buf_free, buf_new, rec, reg_get
from .prim_contacts import unimp_of

# ---- kernels


def vertex_plane(out, wx, wy, wz, px, py, pz, pd, side):
    #: cdef void vertex_plane(Buf* out, dReal wx, dReal wy, dReal wz, dReal px, dReal py, dReal pz, dReal pd,
    #:                        int side) noexcept nogil
    """Collect a contact when world point w lies below the plane (normal p, offset pd); normal = plane's."""
    #: dReal d
    d = pd - (px * wx + py * wy + pz * wz)
    if d >= 0:
        buf_add(out, wx, wy, wz, px, py, pz, d, side, -1)


def collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, kind1):
    #: cdef int collide_mesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* contacts, int skip, int kind1) noexcept nogil
    """Every vertex (or height sample) of a mesh geom below the plane is a contact."""
    #: MeshData* md
    #: Buf* out
    #: int k, i, j, n, maxc, unimp
    #: dReal px, py, pz, pd, dx, dz
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0, 0.0, 0.0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != kind1:
        return 0
    px = g2[L.G_PLANE]
    py = g2[L.G_PLANE + 1]
    pz = g2[L.G_PLANE + 2]
    pd = g2[L.G_PLANE + 3]
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    if kind1 == MESH_HEIGHTFIELD:
        dx = md.width / (md.wn - 1)
        dz = md.depth / (md.dn - 1)
        for j in range(md.dn):
            for i in range(md.wn):
                to_world(g1, i * dx - md.width * 0.5, md.h[j * md.wn + i], j * dz - md.depth * 0.5, w, 0)
                vertex_plane(out, w[0], w[1], w[2], px, py, pz, pd, -1)
            if unimp and out.n >= maxc:
                break
    else:
        for k in range(md.nv):
            to_world(g1, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], w, 0)
            vertex_plane(out, w[0], w[1], w[2], px, py, pz, pd, -1)
            if unimp and out.n >= maxc and kind1 != MESH_CONVEX:  # libode's convex-plane ignores the flag
                break
        if kind1 == MESH_CONVEX and out.n == md.nv:  # libode: a convex wholly under the plane gives nothing
            out.n = 0
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def collide_convex_plane(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                               int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a plane: its vertices below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_CONVEX)


def collide_trimesh_plane(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a plane: its vertices below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_TRIMESH)


def collide_heightfield_plane(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                    int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a plane: its samples below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_HEIGHTFIELD)


# ---- end kernels
