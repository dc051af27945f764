"""Side data of the mesh colliders: a registry of trimesh, convex and heightfield data indexed by the id a
geom record keeps in ``GI_DATA``, the pure-Python stand-ins of the kernel's C allocations (pieces, contact
buffers, scratch arrays), and the preparation of registered data (triangle normals and bounds, height range).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from __future__ import annotations

from math import floor, sqrt

import numpy as np

from ... import _layout as L
from ... import _precision
from .mesh_geometry import rot_vec, to_world

MESH_NONE = 0
MESH_TRIMESH = 1
MESH_CONVEX = 2
MESH_HEIGHTFIELD = 3
DINF = float("inf")
IFLOOR_MAX = 536870912  # 2^29: cell indices saturate here (a C int holds twice their span)

_REG: dict = {}
_NEXT = [1]


class MeshData:
    """Side data of one trimesh, convex or heightfield (the Cython kernel keeps the same fields in C memory).
    """

    def __init__(self, kind):
        self.kind = kind
        self.nv = 0
        self.v = []
        self.nt = 0
        self.t = []
        self.tn = []
        self.tb = []
        self.to = []
        self.nf = 0
        self.fn = []
        self.pl = []
        self.fs = []
        self.fi = []
        self.ne = 0
        self.e = []
        self.wn = 0
        self.dn = 0
        self.width = 0.0
        self.depth = 0.0
        self.thick = 0.0
        self.wrap = 0
        self.h = []
        self.hmin = 0.0
        self.hmax = 0.0
        self.ylo = (
            0.0  # a heightfield's AABB height range (libode's: bounds or samples, scaled, minus thickness)
        )
        self.yhi = 0.0
        self.vb = [0.0] * 6  # a trimesh's box (min x, max x, ...) of its vertices as given, in dReal


class Shape:
    """A convex piece in world coordinates: vertices, faces (normal, offset, cyclic vertex list), edges."""

    def __init__(self, nv, nf, nfi, ne):
        self.nv = nv
        self.nf = nf
        self.ne = ne
        self.core = 0
        self.onesided = 0
        self.r = 0.0
        self.v = [0.0] * (3 * nv + 3)
        self.fn = [0.0] * (3 * nf + 3)
        self.fd = [0.0] * (nf + 1)
        self.fs = [0] * (nf + 2)
        self.fi = [0] * (nfi + 1)
        self.e = [0] * (2 * ne + 2)
        self.c = [0.0, 0.0, 0.0]


class Buf:
    """Growable list of contact records (CR reals each) collected before the cap is applied."""

    def __init__(self):
        self.n = 0
        self.c = []


def _float_list(a) -> list:
    """A flat list of Python floats."""
    return np.asarray(a, dtype=np.float64).reshape(-1).tolist()


def _int_list(a) -> list:
    """A flat list of Python ints."""
    return np.asarray(a, dtype=np.int64).reshape(-1).tolist()


def _edges_of_faces(fs, fi, nf) -> list:
    """Unique undirected edges (pairs of vertex indices) of the faces' cyclic vertex lists."""
    seen = set()
    out = []
    for k in range(nf):
        a0 = fs[k]
        m = fs[k + 1] - a0
        for q in range(m):
            a = fi[a0 + q]
            b = fi[a0 + (q + 1) % m]
            key = (min(a, b), max(a, b))
            if a != b and key not in seen:
                seen.add(key)
                out.extend(key)
    return out


def _new_id(md) -> int:
    """Store md under a fresh id."""
    i = _NEXT[0]
    _NEXT[0] += 1
    _REG[i] = md
    return i


def tree_order(vertices, indices) -> list:
    """The order in which libode visits a trimesh's triangles (its AABB tree's leaves, depth first).

    OPCODE's tree as libode builds it, in float: each triangle's centre is its vertices' sum times 1/3;
    a node's triangles are split along the axis of largest centre variance (sums in order, scaled by the
    reciprocals of n and n - 1; the first axis on ties) at the sum of all their vertex coordinates on that
    axis over 3 n, those whose centre lies above moved to the front by swapping, in half when all fall on
    one side; the upper part is visited first. Returns 2 nt entries: the triangle order, then each internal
    node's split (the position of its second part), nodes in preorder (trimesh-trimesh descends both
    trees), then a 0."""
    v = np.asarray(vertices, dtype=np.float64).astype(np.float32).reshape(-1, 3)
    t = np.asarray(indices, dtype=np.int64).reshape(-1, 3)
    nt = t.shape[0]
    if nt == 0:
        return []
    cen = (v[t[:, 0]] + v[t[:, 1]] + v[t[:, 2]]) * np.float32(1.0 / 3.0)
    idx = list(range(nt))
    splits = []
    stack = [(0, nt)]
    while stack:
        lo, hi = stack.pop()
        n = hi - lo
        if n <= 1:
            continue
        pts = cen[idx[lo:hi]]
        # mean and variance scaled by float reciprocals of n and n - 1 (OPCODE divides a point that way)
        mean = np.cumsum(pts, axis=0, dtype=np.float32)[-1] * (np.float32(1.0) / np.float32(n))
        d = pts - mean
        var = np.cumsum(d * d, axis=0, dtype=np.float32)[-1] * (np.float32(1.0) / np.float32(n - 1))
        ax = int(np.argmax(var))
        # the split value: every vertex coordinate of the node's triangles summed in order, over 3 n (float)
        split = np.cumsum(v[t[idx[lo:hi]], ax].reshape(-1), dtype=np.float32)[-1] / np.float32(3 * n)
        above = (pts[:, ax] > split).tolist()
        nb = lo
        for k in range(lo, hi):
            if above[k - lo]:
                # the element at nb moves to k; keep the flags in step with the swap
                idx[k], idx[nb] = idx[nb], idx[k]
                above[k - lo], above[nb - lo] = above[nb - lo], above[k - lo]
                nb += 1
        if nb == lo or nb == hi:
            nb = lo + n // 2
        splits.append(nb)
        stack.append((nb, hi))
        stack.append((lo, nb))
    return idx + splits + [0]


def _given_bounds(vertices) -> list:
    """The box (min x, max x, min y, max y, min z, max z) of a trimesh's vertices as given (libode bounds a
    mesh by the vertices it was built from, in dReal, while its colliders read their float copies)."""
    v = np.asarray(vertices, dtype=np.float64).reshape(-1, 3)
    if v.shape[0] == 0:
        return [0.0] * 6
    return [float(x) for j in range(3) for x in (v[:, j].min(), v[:, j].max())]


def register_trimesh(vertices, indices, normals=None) -> int:
    """Register a trimesh: vertices (n, 3), triangle indices (m, 3), optional face normals (m, 3); its id."""
    md = MeshData(MESH_TRIMESH)
    md.v = _float_list(
        np.asarray(vertices, dtype=np.float64).astype(np.float32)
    )  # libode keeps float vertices
    md.nv = len(md.v) // 3
    md.t = _int_list(indices)
    md.nt = len(md.t) // 3
    if normals is not None:
        md.tn = _float_list(normals)
    else:
        md.tn = [0.0] * (3 * md.nt)
    md.tb = [0.0] * (6 * md.nt)
    md.vb = [float(_precision.REAL(x)) for x in _given_bounds(vertices)]
    md.to = tree_order(md.v, md.t)
    trimesh_prepare(md, 1 if normals is None else 0)
    return _new_id(md)


def register_convex(planes, points, polygons) -> int:
    """Register a convex: planes (k, 4) (ax+by+cz=d), points (n, 3), polygons [n, i0 .. , n, ...]."""
    md = MeshData(MESH_CONVEX)
    pl = _float_list(planes)
    md.nf = len(pl) // 4
    md.v = _float_list(points)
    md.nv = len(md.v) // 3
    md.fn = [0.0] * (3 * md.nf)
    for k in range(md.nf):
        ln = sqrt(pl[4 * k] * pl[4 * k] + pl[4 * k + 1] * pl[4 * k + 1] + pl[4 * k + 2] * pl[4 * k + 2])
        md.fn[3 * k] = pl[4 * k] / ln
        md.fn[3 * k + 1] = pl[4 * k + 1] / ln
        md.fn[3 * k + 2] = pl[4 * k + 2] / ln
    md.pl = pl  # the user's planes as given (libode's ray test uses them unnormalised)
    poly = _int_list(polygons)
    md.fs = [0] * (md.nf + 1)
    md.fi = []
    pos = 0
    for k in range(md.nf):
        m = poly[pos]
        md.fs[k] = len(md.fi)
        md.fi.extend(poly[pos + 1:pos + 1 + m])
        pos += 1 + m
    md.fs[md.nf] = len(md.fi)
    md.e = _edges_of_faces(md.fs, md.fi, md.nf)
    md.ne = len(md.e) // 2
    return _new_id(md)


def register_heightfield(heights, width_samples, depth_samples, width, depth, thickness, wrap) -> int:
    """Register a heightfield: heights (depth_samples * width_samples, x fastest), size, thickness, wrap."""
    md = MeshData(MESH_HEIGHTFIELD)
    md.h = _float_list(heights)
    md.wn = int(width_samples)
    md.dn = int(depth_samples)
    md.width = float(width)
    md.depth = float(depth)
    md.thick = float(thickness)
    md.wrap = 1 if wrap else 0
    hf_prepare(md)
    return _new_id(md)


def set_heightfield_range(data_id, lo, hi) -> None:
    """Set a heightfield's AABB height range: lo = low bound * scale + offset - thickness, hi = high bound *
    scale + offset (libode's, unsorted: a negative scale gives lo > hi; infinite without bounds)."""
    md = _REG.get(int(data_id))
    if md is not None and md.kind == MESH_HEIGHTFIELD:
        md.ylo = float(lo)
        md.yhi = float(hi)


def release(data_id) -> None:
    """Forget the side data of id (no-op for unknown ids)."""
    _REG.pop(int(data_id), None)


def is_registered(data_id) -> bool:
    """True while id holds side data."""
    return int(data_id) in _REG


def reg_get(data_id):
    """The side data of id, or None."""
    return _REG.get(data_id)


def shape_new(nv, nf, nfi, ne):
    """A piece with room for nv vertices, nf faces with nfi indices in all, ne edges."""
    return Shape(nv, nf, nfi, ne)


def shape_free(s) -> None:
    """Release a piece (the Cython kernel frees its C memory)."""


def buf_new():
    """An empty contact collection."""
    return Buf()


def buf_free(b) -> None:
    """Release a contact collection."""


def buf_grow(b) -> None:
    """Room for one more record."""
    b.c.extend([0.0] * L.CR)


def to_int(x):
    """x (an integral real) as an int."""
    return int(x)


def ifloor(x):
    """floor(x) as an int, saturated to +-IFLOOR_MAX (NaN to -IFLOOR_MAX) so it fits a C int, as in the
    kernel."""
    if not x > -IFLOOR_MAX:
        return -IFLOOR_MAX
    if x > IFLOOR_MAX:
        return IFLOOR_MAX
    return int(floor(x))


def work_new(n):
    """A scratch array of n reals."""
    return [0.0] * n


def work_free(w) -> None:
    """Release a scratch array."""


def rec(g):
    """A geom record as Python floats (the Cython kernel reads the pointer)."""
    return [float(x) for x in g]


# ---- kernels


def trimesh_prepare(md, want_normals):
    #: cdef void trimesh_prepare(MeshData* md, int want_normals) noexcept nogil
    """Face normals (unless given) and per-triangle AABBs in the mesh frame.

    A degenerate triangle (zero area: its edges' cross product is exactly zero) gets an empty box (lower
    bounds +inf, upper -inf), which every triangle walk tests first: it never makes a contact.
    """
    #: int t, k
    #: dReal ln
    #: dReal n[3]
    n = [0.0] * 3  # py
    for t in range(md.nt):
        ln = tri_cross(md, t, n)
        if want_normals:
            for k in range(3):
                md.tn[3 * t + k] = n[k] / ln if ln > 0 else n[k]
        tri_bounds(md, t, ln > 0)


def tri_cross(md, t, n):
    #: cdef dReal tri_cross(MeshData* md, int t, dReal* n) noexcept nogil
    """n = (b - a) x (c - a) for triangle t's mesh-frame vertices a, b, c; returns its length."""
    #: int a, b, c
    #: dReal ux, uy, uz, wx, wy, wz
    a = 3 * md.t[3 * t]
    b = 3 * md.t[3 * t + 1]
    c = 3 * md.t[3 * t + 2]
    ux = md.v[b] - md.v[a]
    uy = md.v[b + 1] - md.v[a + 1]
    uz = md.v[b + 2] - md.v[a + 2]
    wx = md.v[c] - md.v[a]
    wy = md.v[c + 1] - md.v[a + 1]
    wz = md.v[c + 2] - md.v[a + 2]
    n[0] = uy * wz - uz * wy
    n[1] = uz * wx - ux * wz
    n[2] = ux * wy - uy * wx
    return sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])


def tri_bounds(md, t, area):
    #: cdef void tri_bounds(MeshData* md, int t, int area) noexcept nogil
    """Triangle t's mesh-frame AABB into md.tb; the empty box (+inf lower, -inf upper) when area is 0."""
    #: int k, j
    #: dReal lo, hi, x
    for k in range(3):
        lo = DINF
        hi = -DINF
        for j in range(3):
            x = md.v[3 * md.t[3 * t + j] + k]
            if area and x < lo:
                lo = x
            if area and x > hi:
                hi = x
        md.tb[6 * t + 2 * k] = lo
        md.tb[6 * t + 2 * k + 1] = hi


def tri_degenerate(md, t):
    #: cdef inline int tri_degenerate(MeshData* md, int t) noexcept nogil
    """1 when triangle t has zero area (trimesh_prepare gave it an empty box): it makes no contact."""
    return 1 if md.tb[6 * t] > md.tb[6 * t + 1] else 0


def hf_prepare(md):
    #: cdef void hf_prepare(MeshData* md) noexcept nogil
    """Lowest and highest heights of a heightfield (and the AABB's height range from them, thickness below).
    """
    #: int k, n
    n = md.wn * md.dn
    md.hmin = md.h[0]
    md.hmax = md.h[0]
    for k in range(1, n):
        if md.h[k] < md.hmin:
            md.hmin = md.h[k]
        if md.h[k] > md.hmax:
            md.hmax = md.h[k]
    md.ylo = md.hmin - md.thick
    md.yhi = md.hmax


def tri_world(g, md, t, tv, nv):
    #: cdef void tri_world(const dReal* g, MeshData* md, int t, dReal* tv, dReal* nv) noexcept nogil
    """tv[0:9] = world vertices of triangle t of trimesh md placed at record g; nv[0:3] = its world normal."""
    #: int a, b, c
    a = md.t[3 * t]
    b = md.t[3 * t + 1]
    c = md.t[3 * t + 2]
    to_world(g, md.v[3 * a], md.v[3 * a + 1], md.v[3 * a + 2], tv, 0)
    to_world(g, md.v[3 * b], md.v[3 * b + 1], md.v[3 * b + 2], tv, 3)
    to_world(g, md.v[3 * c], md.v[3 * c + 1], md.v[3 * c + 2], tv, 6)
    rot_vec(g, md.tn[3 * t], md.tn[3 * t + 1], md.tn[3 * t + 2], nv, 0)


def tri_box_out(md, t, lo):
    #: cdef inline int tri_box_out(MeshData* md, int t, const dReal* lo) noexcept nogil
    """1 when triangle t's mesh-frame box misses the box lo (minx, maxx, miny, maxy, minz, maxz)."""
    if md.tb[6 * t] > lo[1] or md.tb[6 * t + 1] < lo[0] or md.tb[6 * t + 2] > lo[3]:
        return 1
    if md.tb[6 * t + 3] < lo[2] or md.tb[6 * t + 4] > lo[5] or md.tb[6 * t + 5] < lo[4]:
        return 1
    return 0


# ---- end kernels
