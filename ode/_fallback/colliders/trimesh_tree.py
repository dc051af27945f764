"""A trimesh's AABB tree (tree_order at registration): node boxes and the walk over children.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from .mesh_geometry import to_world
from .mesh_registry import to_int, tri_degenerate

# ---- kernels


def tt_boxes(g, md, wv, bx):
    #: cdef void tt_boxes(const dReal* g, MeshData* md, dReal* wv, dReal* bx) noexcept nogil
    """wv = trimesh md's vertices placed at record g; bx[6 t..] = triangle t's world AABB."""
    #: int k, t, j, a
    #: dReal x
    for k in range(md.nv):
        to_world(g, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], wv, 3 * k)
    for t in range(md.nt):
        for j in range(3):
            a = md.t[3 * t + j]
            for k in range(3):
                x = wv[3 * a + k]
                if j == 0 or x < bx[6 * t + 2 * k]:
                    bx[6 * t + 2 * k] = x
                if j == 0 or x > bx[6 * t + 2 * k + 1]:
                    bx[6 * t + 2 * k + 1] = x
        if tri_degenerate(md, t):  # an empty box: no overlap with anything
            for k in range(6):
                bx[6 * t + k] = md.tb[6 * t + k]


def tt_kids(md, lo, hi, k, out):
    #: cdef int tt_kids(MeshData* md, int lo, int hi, int k, int* out) noexcept nogil
    """The children (lo, hi, node) of tree node k over leaves [lo, hi) (itself when a leaf); their number.
    Internal nodes are numbered in preorder and md.to[nt + k] is node k's split."""
    #: int nb
    if hi - lo < 2:
        out[0] = lo
        out[1] = hi
        out[2] = k
        return 1
    nb = md.to[md.nt + k]
    out[0] = lo
    out[1] = nb
    out[2] = k + 1
    out[3] = nb
    out[4] = hi
    out[5] = k + nb - lo
    return 2


def tt_nodes(md, bx, nb):
    #: cdef void tt_nodes(MeshData* md, const dReal* bx, dReal* nb) noexcept nogil
    """nb[8 k..] = internal tree node k's leaf range (lo, hi) and world AABB (from the triangle boxes bx):
    ranges from the root down, boxes from the leaves up (children follow their parent in preorder)."""
    #: int k, j, lo, hi, s, c1, c2
    #: dReal x, y
    if md.nt < 2:
        return
    nb[0] = 0.0
    nb[1] = md.nt
    for k in range(md.nt - 1):
        lo = to_int(nb[8 * k])
        hi = to_int(nb[8 * k + 1])
        s = md.to[md.nt + k]
        if s - lo >= 2:
            nb[8 * (k + 1)] = lo
            nb[8 * (k + 1) + 1] = s
        if hi - s >= 2:
            nb[8 * (k + s - lo)] = s
            nb[8 * (k + s - lo) + 1] = hi
    for k in range(md.nt - 2, -1, -1):
        lo = to_int(nb[8 * k])
        hi = to_int(nb[8 * k + 1])
        s = md.to[md.nt + k]
        c1 = k + 1
        c2 = k + s - lo
        for j in range(6):
            if s - lo >= 2:
                x = nb[8 * c1 + 2 + j]
            else:
                x = bx[6 * md.to[lo] + j]
            if hi - s >= 2:
                y = nb[8 * c2 + 2 + j]
            else:
                y = bx[6 * md.to[s] + j]
            if (j % 2 == 0 and y < x) or (j % 2 == 1 and y > x):
                x = y
            nb[8 * k + 2 + j] = x


def tt_box(md, bx, nb, lo, hi, k, out, o):
    #: cdef void tt_box(MeshData* md, const dReal* bx, const dReal* nb, int lo, int hi, int k, dReal* out,
    #:                  int o) noexcept nogil
    """out[o:o+6] = the world AABB of tree node k over leaves [lo, hi) (a triangle's when a leaf)."""
    #: int j
    for j in range(6):
        if hi - lo >= 2:
            out[o + j] = nb[8 * k + 2 + j]
        else:
            out[o + j] = bx[6 * md.to[lo] + j]


# ---- end kernels
