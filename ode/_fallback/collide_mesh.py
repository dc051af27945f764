# ruff: noqa: E501  (the "#: cdef" signature lines must stay on one line for tools/gen/gen_kernels.py)
"""Convex, trimesh and heightfield colliders (pure-Python twin of ``ode/_core/collide_mesh.pyx``).

Side data (vertices, triangles, planes, height samples) lives in a registry indexed by the id that a geom
record keeps in ``GI_DATA``. Where libode's behaviour has been observed through the oracle, the colliders
follow it: trimesh vertices are kept as float (OPCODE), sphere-trimesh gives one contact per front-facing
triangle with the face normal, heightfields collide a geom with each cell triangle's plane (points over the
triangle), then with the sample points inside it, and give a buried geom one contact at the lowest sample.
A convex against a sphere, box, capsule, cylinder or convex gives libode's single contact from Minkowski
portal refinement (bit for bit on the recorded poses), and a ray against a convex follows libode's face rule
(see collide_ray_convex). The other pairs reduce to convex pieces in world coordinates (a triangle, a convex
polytope, a box, a cylinder approximated by a prism, a capsule's segment or a sphere's centre with a radius)
and run one separating-axis test with face clipping on each piece pair. This file is also the source
of the Cython kernel: ``tools/gen/gen_kernels.py`` turns the ``#:`` type lines into ``cdef`` declarations, so
both modules perform the same floating-point operations in the same order (bit for bit in double).
"""

from __future__ import annotations

import struct
from math import copysign, cos, fabs, floor, sin, sqrt  # noqa: F401  (the generated kernel uses the same names)

import numpy as np

from .. import _layout as L
from .collide_prim import mpr_contact, unimp_of  # noqa: F401  (the generated kernel cimports them)

MESH_NONE = 0
MESH_TRIMESH = 1
MESH_CONVEX = 2
MESH_HEIGHTFIELD = 3
FACE_BIAS = 1.05          # a non-face axis wins only when clearly shallower than the best face axis
FACE_BIAS_ABS = 1e-9
MERGE_DIST2 = 1e-12       # contacts closer than 1e-6 with nearly equal normals are merged (deepest kept)
MERGE_DOT = 0.999
PAR_EPS = 1e-9            # cross products shorter than this (relative) are parallel edges
M_PI = 3.141592653589793
DINF = float("inf")
CYL_CAP_COS = 0.9         # cylinder-trimesh: |axis . normal| above this clips the triangle by the cap prism
BOX_EDGE_BIAS = 1.5       # box-trimesh: an edge axis replaces the best only when its overlap times this is smaller
CAP_MERGE = 1e-4          # capsule-trimesh: contacts this close (per coordinate) with one normal are merged
CAP_EDGE_TOL = 1e-5       # capsule-trimesh: the edge planes' outward tolerance (unnormalised edge x normal)
TT_MERGE = 1e-5           # trimesh-trimesh: contacts this close (per coordinate) are one
TT_DEPTH = 1e-6           # trimesh-trimesh: merged contacts this close in depth sum their normals
TT_ZERO = 1e-6            # trimesh-trimesh: a merged normal sum this small (per coordinate) cancels the contact
TT_TIE = 0.0              # trimesh-trimesh: points this close to a pair's deepest are all contacts (libode: exact)
IFLOOR_MAX = 536870912   # 2^29: cell indices saturate here (a C int holds twice their span)
WRAP_CELLS = 128          # a wrapping heightfield visits at most this many + 1 cells per axis, around the middle

_REG: dict = {}
_NEXT = [1]


class MeshData:
    """Side data of one trimesh, convex or heightfield (the Cython kernel keeps the same fields in C memory)."""

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
        self.ylo = 0.0  # a heightfield's AABB height range (libode's: bounds or samples, scaled, minus thickness)
        self.yhi = 0.0


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


_F32 = struct.Struct("f")


def _f32(x) -> float:
    """x rounded to the nearest float32 (as a C cast; overflow gives an infinity)."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return copysign(DINF, x)


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

    Observed through the oracle: the triangles' centres (mean of the float vertices, in float) are split
    recursively at their mean along the axis of largest variance (float sums in order; the first axis on
    ties), those above the mean moved to the front by swapping, in half when all fall on one side; the
    upper part is visited first. Returns 2 nt entries: the triangle order, then each internal node's split
    (the position of its second part), nodes in preorder (trimesh-trimesh descends both trees), then a 0."""
    v = np.asarray(vertices, dtype=np.float64).astype(np.float32).reshape(-1, 3)
    t = np.asarray(indices, dtype=np.int64).reshape(-1, 3)
    nt = t.shape[0]
    if nt == 0:
        return []
    cen = (v[t[:, 0]] + v[t[:, 1]] + v[t[:, 2]]) / np.float32(3.0)
    idx = list(range(nt))
    splits = []
    stack = [(0, nt)]
    while stack:
        lo, hi = stack.pop()
        n = hi - lo
        if n <= 1:
            continue
        pts = cen[idx[lo:hi]]
        mean = np.cumsum(pts, axis=0, dtype=np.float32)[-1] / np.float32(n)
        d = pts - mean
        var = np.cumsum(d * d, axis=0, dtype=np.float32)[-1] / np.float32(n)
        ax = int(np.argmax(var))
        split = mean[ax]
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


def register_trimesh(vertices, indices, normals=None) -> int:
    """Register a trimesh: vertices (n, 3), triangle indices (m, 3), optional face normals (m, 3); its id."""
    md = MeshData(MESH_TRIMESH)
    md.v = _float_list(np.asarray(vertices, dtype=np.float64).astype(np.float32))  # libode keeps float vertices
    md.nv = len(md.v) // 3
    md.t = _int_list(indices)
    md.nt = len(md.t) // 3
    if normals is not None:
        md.tn = _float_list(normals)
    else:
        md.tn = [0.0] * (3 * md.nt)
    md.tb = [0.0] * (6 * md.nt)
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


def mass_trimesh_py(density, data_id) -> list:
    """ODE's dMassSetTrimesh as a 13-value mass record (zero when id is not a trimesh)."""
    m = [0.0] * 13
    mass_trimesh(m, float(density), int(data_id))
    return m


def mesh_aabb_py(g, i) -> list:
    """The AABB (minx, maxx, miny, maxy, minz, maxz) of a mesh geom record (pose and GI_DATA)."""
    gg = _float_list(g)
    mesh_aabb(gg, [int(x) for x in i])
    return gg[L.G_AABB:L.G_AABB + 6]


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
    """floor(x) as an int, saturated to +-IFLOOR_MAX (NaN to -IFLOOR_MAX) so it fits a C int, as in the kernel."""
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
    """Lowest and highest heights of a heightfield (and the AABB's height range from them, thickness below)."""
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


def maxc_of(flags):
    #: cdef inline int maxc_of(int flags) noexcept nogil
    """The contact cap in the low 16 bits of flags (at least one)."""
    #: int m
    m = flags & 0xffff
    if m < 1:
        m = 1
    return m


def to_world(g, lx, ly, lz, out, o):
    #: cdef inline void to_world(const dReal* g, dReal lx, dReal ly, dReal lz, dReal* out, int o) noexcept nogil
    """out[o:o+3] = pos + R (lx, ly, lz)."""
    out[o] = g[L.G_POS] + (g[L.G_R] * lx + g[L.G_R + 1] * ly + g[L.G_R + 2] * lz)
    out[o + 1] = g[L.G_POS + 1] + (g[L.G_R + 3] * lx + g[L.G_R + 4] * ly + g[L.G_R + 5] * lz)
    out[o + 2] = g[L.G_POS + 2] + (g[L.G_R + 6] * lx + g[L.G_R + 7] * ly + g[L.G_R + 8] * lz)


def rot_vec(g, lx, ly, lz, out, o):
    #: cdef inline void rot_vec(const dReal* g, dReal lx, dReal ly, dReal lz, dReal* out, int o) noexcept nogil
    """out[o:o+3] = R (lx, ly, lz)."""
    out[o] = g[L.G_R] * lx + g[L.G_R + 1] * ly + g[L.G_R + 2] * lz
    out[o + 1] = g[L.G_R + 3] * lx + g[L.G_R + 4] * ly + g[L.G_R + 5] * lz
    out[o + 2] = g[L.G_R + 6] * lx + g[L.G_R + 7] * ly + g[L.G_R + 8] * lz


def to_local(g, wx, wy, wz, out, o):
    #: cdef inline void to_local(const dReal* g, dReal wx, dReal wy, dReal wz, dReal* out, int o) noexcept nogil
    """out[o:o+3] = R^T ((wx, wy, wz) - pos)."""
    #: dReal dx, dy, dz
    dx = wx - g[L.G_POS]
    dy = wy - g[L.G_POS + 1]
    dz = wz - g[L.G_POS + 2]
    out[o] = g[L.G_R] * dx + g[L.G_R + 3] * dy + g[L.G_R + 6] * dz
    out[o + 1] = g[L.G_R + 1] * dx + g[L.G_R + 4] * dy + g[L.G_R + 7] * dz
    out[o + 2] = g[L.G_R + 2] * dx + g[L.G_R + 5] * dy + g[L.G_R + 8] * dz


def shape_finish(s):
    #: cdef void shape_finish(Shape* s) noexcept nogil
    """Face offsets (normal . first vertex) and the centroid of the vertices."""
    #: int k, a
    #: dReal cx, cy, cz
    for k in range(s.nf):
        a = s.fi[s.fs[k]]
        s.fd[k] = s.fn[3 * k] * s.v[3 * a] + s.fn[3 * k + 1] * s.v[3 * a + 1] + s.fn[3 * k + 2] * s.v[3 * a + 2]
    cx = 0.0
    cy = 0.0
    cz = 0.0
    for k in range(s.nv):
        cx = cx + s.v[3 * k]
        cy = cy + s.v[3 * k + 1]
        cz = cz + s.v[3 * k + 2]
    s.c[0] = cx / s.nv
    s.c[1] = cy / s.nv
    s.c[2] = cz / s.nv


def shape_convex(g, md):
    #: cdef Shape* shape_convex(const dReal* g, MeshData* md) noexcept nogil
    """A convex geom as a piece in world coordinates."""
    #: Shape* s
    #: int k
    s = shape_new(md.nv, md.nf, md.fs[md.nf], md.ne)
    for k in range(md.nv):
        to_world(g, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], s.v, 3 * k)
    for k in range(md.nf):
        rot_vec(g, md.fn[3 * k], md.fn[3 * k + 1], md.fn[3 * k + 2], s.fn, 3 * k)
    for k in range(md.nf + 1):
        s.fs[k] = md.fs[k]
    for k in range(md.fs[md.nf]):
        s.fi[k] = md.fi[k]
    for k in range(2 * md.ne):
        s.e[k] = md.e[k]
    shape_finish(s)
    return s


def tri_new():
    #: cdef Shape* tri_new() noexcept nogil
    """A triangle piece (front face 0, back face 1, three edges) to be filled by tri_set."""
    #: Shape* s
    s = shape_new(3, 2, 6, 3)
    s.fs[0] = 0
    s.fi[0] = 0
    s.fi[1] = 1
    s.fi[2] = 2
    s.fs[1] = 3
    s.fi[3] = 0
    s.fi[4] = 2
    s.fi[5] = 1
    s.fs[2] = 6
    s.e[0] = 0
    s.e[1] = 1
    s.e[2] = 1
    s.e[3] = 2
    s.e[4] = 2
    s.e[5] = 0
    return s


def tri_set(s, g, ax, ay, az, bx, by, bz, cx, cy, cz, nx, ny, nz, onesided):
    #: cdef void tri_set(Shape* s, const dReal* g, dReal ax, dReal ay, dReal az, dReal bx, dReal by, dReal bz, dReal cx, dReal cy, dReal cz, dReal nx, dReal ny, dReal nz, int onesided) noexcept nogil
    """Place a triangle given in the frame of record g (vertices a, b, c and unit normal n) in the world."""
    to_world(g, ax, ay, az, s.v, 0)
    to_world(g, bx, by, bz, s.v, 3)
    to_world(g, cx, cy, cz, s.v, 6)
    rot_vec(g, nx, ny, nz, s.fn, 0)
    s.fn[3] = -s.fn[0]
    s.fn[4] = -s.fn[1]
    s.fn[5] = -s.fn[2]
    s.onesided = onesided
    shape_finish(s)


def smin(s, ax, ay, az):
    #: cdef dReal smin(Shape* s, dReal ax, dReal ay, dReal az) noexcept nogil
    """Smallest projection of the piece's vertices on the axis."""
    #: int k
    #: dReal m, d
    m = s.v[0] * ax + s.v[1] * ay + s.v[2] * az
    for k in range(1, s.nv):
        d = s.v[3 * k] * ax + s.v[3 * k + 1] * ay + s.v[3 * k + 2] * az
        if d < m:
            m = d
    return m


def smax(s, ax, ay, az):
    #: cdef dReal smax(Shape* s, dReal ax, dReal ay, dReal az) noexcept nogil
    """Largest projection of the piece's vertices on the axis."""
    #: int k
    #: dReal m, d
    m = s.v[0] * ax + s.v[1] * ay + s.v[2] * az
    for k in range(1, s.nv):
        d = s.v[3 * k] * ax + s.v[3 * k + 1] * ay + s.v[3 * k + 2] * az
        if d > m:
            m = d
    return m


def seg_closest(px, py, pz, qx, qy, qz, x, y, z, out):
    #: cdef void seg_closest(dReal px, dReal py, dReal pz, dReal qx, dReal qy, dReal qz, dReal x, dReal y, dReal z, dReal* out) noexcept nogil
    """out[0:3] = the point of segment pq closest to (x, y, z)."""
    #: dReal dx, dy, dz, dd, t
    dx = qx - px
    dy = qy - py
    dz = qz - pz
    dd = dx * dx + dy * dy + dz * dz
    t = 0.0
    if dd > 0:
        t = ((x - px) * dx + (y - py) * dy + (z - pz) * dz) / dd
        if t < 0:
            t = 0.0
        if t > 1:
            t = 1.0
    out[0] = px + dx * t
    out[1] = py + dy * t
    out[2] = pz + dz * t


def seg_seg(p1x, p1y, p1z, q1x, q1y, q1z, p2x, p2y, p2z, q2x, q2y, q2z, out):
    #: cdef void seg_seg(dReal p1x, dReal p1y, dReal p1z, dReal q1x, dReal q1y, dReal q1z, dReal p2x, dReal p2y, dReal p2z, dReal q2x, dReal q2y, dReal q2z, dReal* out) noexcept nogil
    """out[0:3], out[3:6] = closest points of segments p1q1 and p2q2 (clamped)."""
    #: dReal d1x, d1y, d1z, d2x, d2y, d2z, rx, ry, rz, a, e, f, b, c, den, s, t
    d1x = q1x - p1x
    d1y = q1y - p1y
    d1z = q1z - p1z
    d2x = q2x - p2x
    d2y = q2y - p2y
    d2z = q2z - p2z
    rx = p1x - p2x
    ry = p1y - p2y
    rz = p1z - p2z
    a = d1x * d1x + d1y * d1y + d1z * d1z
    e = d2x * d2x + d2y * d2y + d2z * d2z
    f = d2x * rx + d2y * ry + d2z * rz
    s = 0.0
    t = 0.0
    if a <= 0 and e <= 0:
        s = 0.0
        t = 0.0
    elif a <= 0:
        s = 0.0
        t = f / e
    else:
        c = d1x * rx + d1y * ry + d1z * rz
        if e <= 0:
            t = 0.0
            s = -c / a
        else:
            b = d1x * d2x + d1y * d2y + d1z * d2z
            den = a * e - b * b
            if den > 0:
                s = (b * f - c * e) / den
            else:
                s = 0.0
            if s < 0:
                s = 0.0
            if s > 1:
                s = 1.0
            t = (b * s + f) / e
            if t < 0:
                t = 0.0
                s = -c / a
            elif t > 1:
                t = 1.0
                s = (b - c) / a
    if s < 0:
        s = 0.0
    if s > 1:
        s = 1.0
    if t < 0:
        t = 0.0
    if t > 1:
        t = 1.0
    out[0] = p1x + d1x * s
    out[1] = p1y + d1y * s
    out[2] = p1z + d1z * s
    out[3] = p2x + d2x * t
    out[4] = p2y + d2y * t
    out[5] = p2z + d2z * t


def try_axis(a, b, ax, ay, az, kind, ia, ib, res):
    #: cdef int try_axis(Shape* a, Shape* b, dReal ax, dReal ay, dReal az, int kind, int ia, int ib, dReal* res) noexcept nogil
    """Depth of b into a along unit axis (a to b); keeps the best in res; 0 when the axis separates."""
    #: dReal d, best
    d = smax(a, ax, ay, az) - smin(b, ax, ay, az) + b.r
    if d < 0:
        return 0
    best = res[0]
    if res[4] < 0:
        best = DINF
    if kind <= 1:
        if d >= best:
            return 1
    elif d * FACE_BIAS + FACE_BIAS_ABS >= best:
        return 1
    res[0] = d
    res[1] = ax
    res[2] = ay
    res[3] = az
    res[4] = kind
    res[5] = ia
    res[6] = ib
    return 1


def sat(a, b, res):
    #: cdef int sat(Shape* a, Shape* b, dReal* res) noexcept nogil
    """Separating-axis test of piece b against polytope a; 1 with res = depth, axis, kind, features."""
    #: int k, j, p, q, u, w, nfa
    #: dReal ex, ey, ez, fx, fy, fz, cx, cy, cz, ln, la, lb, ox, oy, oz
    #: dReal tmp[3]
    tmp = [0.0, 0.0, 0.0]  # py
    res[0] = 0.0
    res[4] = -1.0
    nfa = a.nf
    if a.onesided:
        nfa = 1
    for k in range(nfa):
        if not try_axis(a, b, a.fn[3 * k], a.fn[3 * k + 1], a.fn[3 * k + 2], 0, k, -1, res):
            return 0
    if b.core == 0:
        for k in range(b.nf):
            if not try_axis(a, b, -b.fn[3 * k], -b.fn[3 * k + 1], -b.fn[3 * k + 2], 1, -1, k, res):
                return 0
    ox = b.c[0] - a.c[0]
    oy = b.c[1] - a.c[1]
    oz = b.c[2] - a.c[2]
    for k in range(a.ne):
        p = a.e[2 * k]
        q = a.e[2 * k + 1]
        ex = a.v[3 * q] - a.v[3 * p]
        ey = a.v[3 * q + 1] - a.v[3 * p + 1]
        ez = a.v[3 * q + 2] - a.v[3 * p + 2]
        la = ex * ex + ey * ey + ez * ez
        for j in range(b.ne):
            u = b.e[2 * j]
            w = b.e[2 * j + 1]
            fx = b.v[3 * w] - b.v[3 * u]
            fy = b.v[3 * w + 1] - b.v[3 * u + 1]
            fz = b.v[3 * w + 2] - b.v[3 * u + 2]
            lb = fx * fx + fy * fy + fz * fz
            cx = ey * fz - ez * fy
            cy = ez * fx - ex * fz
            cz = ex * fy - ey * fx
            ln = cx * cx + cy * cy + cz * cz
            if ln <= PAR_EPS * la * lb:
                continue
            ln = sqrt(ln)
            cx = cx / ln
            cy = cy / ln
            cz = cz / ln
            if cx * ox + cy * oy + cz * oz < 0:
                cx = -cx
                cy = -cy
                cz = -cz
            if not try_axis(a, b, cx, cy, cz, 2, k, j, res):
                return 0
    if b.core != 0:
        for j in range(b.nv):
            for k in range(a.ne):
                p = a.e[2 * k]
                q = a.e[2 * k + 1]
                seg_closest(a.v[3 * p], a.v[3 * p + 1], a.v[3 * p + 2], a.v[3 * q], a.v[3 * q + 1], a.v[3 * q + 2],
                            b.v[3 * j], b.v[3 * j + 1], b.v[3 * j + 2], tmp)
                cx = b.v[3 * j] - tmp[0]
                cy = b.v[3 * j + 1] - tmp[1]
                cz = b.v[3 * j + 2] - tmp[2]
                ln = sqrt(cx * cx + cy * cy + cz * cz)
                if ln > 0:
                    if not try_axis(a, b, cx / ln, cy / ln, cz / ln, 3, k, j, res):
                        return 0
        if b.core == 1:
            for k in range(a.nv):
                seg_closest(b.v[0], b.v[1], b.v[2], b.v[3], b.v[4], b.v[5], a.v[3 * k], a.v[3 * k + 1], a.v[3 * k + 2],
                            tmp)
                cx = tmp[0] - a.v[3 * k]
                cy = tmp[1] - a.v[3 * k + 1]
                cz = tmp[2] - a.v[3 * k + 2]
                ln = sqrt(cx * cx + cy * cy + cz * cz)
                if ln > 0:
                    if not try_axis(a, b, cx / ln, cy / ln, cz / ln, 4, k, -1, res):
                        return 0
    return 1 if res[4] >= 0 else 0


def buf_add(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void buf_add(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2) noexcept nogil
    """Collect a contact, merging it with a collected one at the same place with the same normal."""
    #: int k, o
    #: dReal dx, dy, dz
    for k in range(b.n):
        o = k * L.CR
        dx = b.c[o + L.C_POS] - px
        dy = b.c[o + L.C_POS + 1] - py
        dz = b.c[o + L.C_POS + 2] - pz
        if dx * dx + dy * dy + dz * dz < MERGE_DIST2:
            if b.c[o + L.C_NORMAL] * nx + b.c[o + L.C_NORMAL + 1] * ny + b.c[o + L.C_NORMAL + 2] * nz > MERGE_DOT:
                if depth > b.c[o + L.C_DEPTH]:
                    b.c[o + L.C_DEPTH] = depth
                return
    buf_grow(b)
    o = b.n * L.CR
    b.c[o + L.C_POS] = px
    b.c[o + L.C_POS + 1] = py
    b.c[o + L.C_POS + 2] = pz
    b.c[o + L.C_NORMAL] = nx
    b.c[o + L.C_NORMAL + 1] = ny
    b.c[o + L.C_NORMAL + 2] = nz
    b.c[o + L.C_DEPTH] = depth
    b.c[o + L.C_SIDE1] = s1
    b.c[o + L.C_SIDE2] = s2
    b.n = b.n + 1


def emit(b, flags, contacts, skip):
    #: cdef int emit(Buf* b, int flags, dReal* contacts, int skip) noexcept nogil
    """Write the collected contacts (the deepest ones when there are more than the cap), in collection order."""
    #: int maxc, k, j, n, best, o, _k
    #: dReal bd
    #: dReal* w
    maxc = maxc_of(flags)
    n = 0
    if b.n <= maxc:
        for j in range(b.n):
            for k in range(L.CR):
                contacts[j * skip + k] = b.c[j * L.CR + k]
        return b.n
    w = work_new(b.n)
    for j in range(b.n):
        w[j] = 0.0
    for _k in range(maxc):
        best = -1
        bd = 0.0
        for j in range(b.n):
            o = j * L.CR
            if w[j] == 0.0 and (best < 0 or b.c[o + L.C_DEPTH] > bd):
                best = j
                bd = b.c[o + L.C_DEPTH]
        w[best] = 1.0
    for j in range(b.n):
        if w[j] != 0.0:
            for k in range(L.CR):
                contacts[n * skip + k] = b.c[j * L.CR + k]
            n = n + 1
    work_free(w)
    return n


def add_contact(out, flip, px, py, pz, wx, wy, wz, depth, sa, sb):
    #: cdef void add_contact(Buf* out, int flip, dReal px, dReal py, dReal pz, dReal wx, dReal wy, dReal wz, dReal depth, int sa, int sb) noexcept nogil
    """Collect a contact of piece b into piece a along w (a to b): normal -w into a, or w when b is geom 1."""
    if flip:
        buf_add(out, px, py, pz, wx, wy, wz, depth, sb, sa)
    else:
        buf_add(out, px, py, pz, -wx, -wy, -wz, depth, sa, sb)


def clip_poly(p, n, q, sx, sy, sz, d):
    #: cdef int clip_poly(dReal* p, int n, dReal* q, dReal sx, dReal sy, dReal sz, dReal d) noexcept nogil
    """Sutherland-Hodgman: q = the part of polygon p (n points) with s . x <= d; returns its size."""
    #: int k, j, m
    #: dReal da, db, t
    m = 0
    for k in range(n):
        j = (k + 1) % n
        da = sx * p[3 * k] + sy * p[3 * k + 1] + sz * p[3 * k + 2] - d
        db = sx * p[3 * j] + sy * p[3 * j + 1] + sz * p[3 * j + 2] - d
        if da <= 0:
            q[3 * m] = p[3 * k]
            q[3 * m + 1] = p[3 * k + 1]
            q[3 * m + 2] = p[3 * k + 2]
            m = m + 1
        if (da < 0 and db > 0) or (da > 0 and db < 0):
            t = da / (da - db)
            q[3 * m] = p[3 * k] + (p[3 * j] - p[3 * k]) * t
            q[3 * m + 1] = p[3 * k + 1] + (p[3 * j + 1] - p[3 * k + 1]) * t
            q[3 * m + 2] = p[3 * k + 2] + (p[3 * j + 2] - p[3 * k + 2]) * t
            m = m + 1
    return m


def face_clip(ref, k, inc, sgn, p, q, nmax):
    #: cdef int face_clip(Shape* ref, int k, Shape* inc, dReal sgn, dReal* p, dReal* q, int nmax) noexcept nogil
    """Clip inc's face most opposed to ref's face k (normal times sgn) by k's side planes; points into p."""
    #: int j, best, m, a0, cnt, i, i2, va, vb, swaps
    #: dReal nx, ny, nz, d, bd, ex, ey, ez, sx, sy, sz, fx, fy, fz, dd
    #: dReal* t
    swaps = 0
    nx = ref.fn[3 * k]
    ny = ref.fn[3 * k + 1]
    nz = ref.fn[3 * k + 2]
    best = 0
    bd = 0.0
    for j in range(inc.nf):
        d = (inc.fn[3 * j] * nx + inc.fn[3 * j + 1] * ny + inc.fn[3 * j + 2] * nz) * sgn
        if j == 0 or d < bd:
            best = j
            bd = d
    a0 = inc.fs[best]
    m = inc.fs[best + 1] - a0
    for j in range(m):
        i = inc.fi[a0 + j]
        p[3 * j] = inc.v[3 * i]
        p[3 * j + 1] = inc.v[3 * i + 1]
        p[3 * j + 2] = inc.v[3 * i + 2]
    a0 = ref.fs[k]
    cnt = ref.fs[k + 1] - a0
    fx = 0.0
    fy = 0.0
    fz = 0.0
    for j in range(cnt):
        i = ref.fi[a0 + j]
        fx = fx + ref.v[3 * i]
        fy = fy + ref.v[3 * i + 1]
        fz = fz + ref.v[3 * i + 2]
    fx = fx / cnt
    fy = fy / cnt
    fz = fz / cnt
    for j in range(cnt):
        if m == 0 or m + 1 > nmax:
            break
        va = ref.fi[a0 + j]
        i2 = j + 1
        if i2 == cnt:
            i2 = 0
        vb = ref.fi[a0 + i2]
        ex = ref.v[3 * vb] - ref.v[3 * va]
        ey = ref.v[3 * vb + 1] - ref.v[3 * va + 1]
        ez = ref.v[3 * vb + 2] - ref.v[3 * va + 2]
        sx = ey * nz - ez * ny
        sy = ez * nx - ex * nz
        sz = ex * ny - ey * nx
        if sx * (fx - ref.v[3 * va]) + sy * (fy - ref.v[3 * va + 1]) + sz * (fz - ref.v[3 * va + 2]) > 0:
            sx = -sx
            sy = -sy
            sz = -sz
        dd = sx * ref.v[3 * va] + sy * ref.v[3 * va + 1] + sz * ref.v[3 * va + 2]
        m = clip_poly(p, m, q, sx, sy, sz, dd)
        t = p
        p = q
        q = t
        swaps = swaps + 1
    if (swaps % 2) == 1:
        for j in range(3 * m):
            q[j] = p[j]
    return m


def seg_clip(ref, k, b, out):
    #: cdef int seg_clip(Shape* ref, int k, Shape* b, dReal* out) noexcept nogil
    """Clip b's core (segment or point) by the side planes of ref's face k; 0 if nothing is left."""
    #: int j, a0, cnt, va, vb, i2, i
    #: dReal nx, ny, nz, t0, t1, fx, fy, fz, ex, ey, ez, sx, sy, sz, da, db, dx, dy, dz
    nx = ref.fn[3 * k]
    ny = ref.fn[3 * k + 1]
    nz = ref.fn[3 * k + 2]
    a0 = ref.fs[k]
    cnt = ref.fs[k + 1] - a0
    fx = 0.0
    fy = 0.0
    fz = 0.0
    for j in range(cnt):
        i = ref.fi[a0 + j]
        fx = fx + ref.v[3 * i]
        fy = fy + ref.v[3 * i + 1]
        fz = fz + ref.v[3 * i + 2]
    fx = fx / cnt
    fy = fy / cnt
    fz = fz / cnt
    t0 = 0.0
    t1 = 1.0
    dx = 0.0
    dy = 0.0
    dz = 0.0
    if b.nv == 2:
        dx = b.v[3] - b.v[0]
        dy = b.v[4] - b.v[1]
        dz = b.v[5] - b.v[2]
    for j in range(cnt):
        va = ref.fi[a0 + j]
        i2 = j + 1
        if i2 == cnt:
            i2 = 0
        vb = ref.fi[a0 + i2]
        ex = ref.v[3 * vb] - ref.v[3 * va]
        ey = ref.v[3 * vb + 1] - ref.v[3 * va + 1]
        ez = ref.v[3 * vb + 2] - ref.v[3 * va + 2]
        sx = ey * nz - ez * ny
        sy = ez * nx - ex * nz
        sz = ex * ny - ey * nx
        if sx * (fx - ref.v[3 * va]) + sy * (fy - ref.v[3 * va + 1]) + sz * (fz - ref.v[3 * va + 2]) > 0:
            sx = -sx
            sy = -sy
            sz = -sz
        da = sx * (b.v[0] - ref.v[3 * va]) + sy * (b.v[1] - ref.v[3 * va + 1]) + sz * (b.v[2] - ref.v[3 * va + 2])
        db = sx * dx + sy * dy + sz * dz
        if db == 0:
            if da > 0:
                return 0
        elif db > 0:
            if -da / db < t1:
                t1 = -da / db
        else:
            if -da / db > t0:
                t0 = -da / db
        if t0 > t1:
            return 0
    out[0] = b.v[0] + dx * t0
    out[1] = b.v[1] + dy * t0
    out[2] = b.v[2] + dz * t0
    if b.nv == 1:
        return 1
    out[3] = b.v[0] + dx * t1
    out[4] = b.v[1] + dy * t1
    out[5] = b.v[2] + dz * t1
    return 2


def pieces(a, b, out, flip, sa, sb):
    #: cdef int pieces(Shape* a, Shape* b, Buf* out, int flip, int sa, int sb) noexcept nogil
    """Contacts of piece b against polytope a (SAT, then face clipping or a feature pair); their number."""
    #: dReal res[8]
    #: dReal cp[6]
    #: dReal* p
    #: dReal* q
    #: int kind, k, j, m, nmax, got, u, w
    #: dReal wx, wy, wz, d, r, dep, best
    res = [0.0] * 8  # py
    cp = [0.0] * 6  # py
    if not sat(a, b, res):
        return 0
    kind = to_int(res[4])
    wx = res[1]
    wy = res[2]
    wz = res[3]
    r = b.r
    got = 0
    if kind == 0 or kind == 1:
        nmax = a.nv + b.nv + 4
        if a.nf + b.nf > nmax:
            nmax = a.nf + b.nf
        nmax = nmax + a.nv + b.nv
        p = work_new(3 * nmax)
        q = work_new(3 * nmax)
        if kind == 0:
            k = to_int(res[5])
            if b.core == 0:
                m = face_clip(a, k, b, 1.0, p, q, nmax)
            else:
                m = seg_clip(a, k, b, p)
            for j in range(m):
                dep = a.fd[k] - (wx * p[3 * j] + wy * p[3 * j + 1] + wz * p[3 * j + 2]) + r
                if dep >= 0:
                    d = r
                    if b.core == 2 and a.onesided:
                        d = r - dep
                    elif b.core == 2:
                        d = r - dep * 0.5
                    add_contact(out, flip, p[3 * j] - wx * d, p[3 * j + 1] - wy * d, p[3 * j + 2] - wz * d,
                                wx, wy, wz, dep, sa, sb)
                    got = got + 1
        else:
            k = to_int(res[6])
            m = face_clip(b, k, a, 1.0, p, q, nmax)
            for j in range(m):
                dep = b.fd[k] + (wx * p[3 * j] + wy * p[3 * j + 1] + wz * p[3 * j + 2])
                if dep >= 0:
                    add_contact(out, flip, p[3 * j], p[3 * j + 1], p[3 * j + 2], wx, wy, wz, dep, sa, sb)
                    got = got + 1
        work_free(p)
        work_free(q)
        if got == 0:
            best = 0.0
            k = 0
            for j in range(b.nv):
                d = b.v[3 * j] * wx + b.v[3 * j + 1] * wy + b.v[3 * j + 2] * wz
                if j == 0 or d < best:
                    best = d
                    k = j
            add_contact(out, flip, b.v[3 * k] - wx * r, b.v[3 * k + 1] - wy * r, b.v[3 * k + 2] - wz * r,
                        wx, wy, wz, res[0], sa, sb)
            got = 1
        return got
    if kind == 2:
        k = to_int(res[5])
        j = to_int(res[6])
        u = a.e[2 * k]
        w = a.e[2 * k + 1]
        m = b.e[2 * j]
        nmax = b.e[2 * j + 1]
        seg_seg(a.v[3 * u], a.v[3 * u + 1], a.v[3 * u + 2], a.v[3 * w], a.v[3 * w + 1], a.v[3 * w + 2],
                b.v[3 * m], b.v[3 * m + 1], b.v[3 * m + 2], b.v[3 * nmax], b.v[3 * nmax + 1], b.v[3 * nmax + 2], cp)
    elif kind == 3:
        k = to_int(res[5])
        j = to_int(res[6])
        u = a.e[2 * k]
        w = a.e[2 * k + 1]
        seg_closest(a.v[3 * u], a.v[3 * u + 1], a.v[3 * u + 2], a.v[3 * w], a.v[3 * w + 1], a.v[3 * w + 2],
                    b.v[3 * j], b.v[3 * j + 1], b.v[3 * j + 2], cp)
        cp[3] = b.v[3 * j]
        cp[4] = b.v[3 * j + 1]
        cp[5] = b.v[3 * j + 2]
    else:
        k = to_int(res[5])
        cp[0] = a.v[3 * k]
        cp[1] = a.v[3 * k + 1]
        cp[2] = a.v[3 * k + 2]
        seg_closest(b.v[0], b.v[1], b.v[2], b.v[3], b.v[4], b.v[5], cp[0], cp[1], cp[2], res)
        cp[3] = res[0]
        cp[4] = res[1]
        cp[5] = res[2]
    dep = smax(a, wx, wy, wz) - smin(b, wx, wy, wz) + r
    if b.core == 2:
        add_contact(out, flip, cp[0], cp[1], cp[2], wx, wy, wz, dep, sa, sb)
        return 1
    add_contact(out, flip, (cp[0] + (cp[3] - wx * r)) * 0.5, (cp[1] + (cp[4] - wy * r)) * 0.5,
                (cp[2] + (cp[5] - wz * r)) * 0.5, wx, wy, wz, dep, sa, sb)
    return 1


def local_box(g, s, lo):
    #: cdef void local_box(const dReal* g, Shape* s, dReal* lo) noexcept nogil
    """lo[0:6] = AABB (minx, maxx, miny, maxy, minz, maxz) of piece s in the frame of record g, with margin."""
    #: int k, j
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    for k in range(s.nv):
        to_local(g, s.v[3 * k], s.v[3 * k + 1], s.v[3 * k + 2], t, 0)
        for j in range(3):
            if k == 0 or t[j] < lo[2 * j]:
                lo[2 * j] = t[j]
            if k == 0 or t[j] > lo[2 * j + 1]:
                lo[2 * j + 1] = t[j]
    for j in range(3):
        lo[2 * j] = lo[2 * j] - s.r
        lo[2 * j + 1] = lo[2 * j + 1] + s.r


def mesh_vs_piece(g1, md, b, out, flip, maxc, unimp, bside):
    #: cdef void mesh_vs_piece(const dReal* g1, MeshData* md, Shape* b, Buf* out, int flip, int maxc, int unimp, int bside) noexcept nogil
    """Collect the contacts of piece b with the triangles of trimesh md placed at record g1."""
    #: dReal lo[6]
    #: int t, a, bb, c
    #: Shape* tri
    lo = [0.0] * 6  # py
    local_box(g1, b, lo)
    tri = tri_new()
    for t in range(md.nt):
        if md.tb[6 * t] > lo[1] or md.tb[6 * t + 1] < lo[0] or md.tb[6 * t + 2] > lo[3]:
            continue
        if md.tb[6 * t + 3] < lo[2] or md.tb[6 * t + 4] > lo[5] or md.tb[6 * t + 5] < lo[4]:
            continue
        a = md.t[3 * t]
        bb = md.t[3 * t + 1]
        c = md.t[3 * t + 2]
        tri_set(tri, g1, md.v[3 * a], md.v[3 * a + 1], md.v[3 * a + 2], md.v[3 * bb], md.v[3 * bb + 1],
                md.v[3 * bb + 2], md.v[3 * c], md.v[3 * c + 1], md.v[3 * c + 2], md.tn[3 * t], md.tn[3 * t + 1],
                md.tn[3 * t + 2], 1)
        pieces(tri, b, out, flip, t, bside)
        if unimp and out.n >= maxc:
            break
    shape_free(tri)


def hf_height(md, i, j):
    #: cdef dReal hf_height(MeshData* md, int i, int j) noexcept nogil
    """Height of sample (i, j) (i along x, j along z), wrapped when the field wraps.

    A wrapped field repeats every wn - 1 cells along x (dn - 1 along z), as libode: its last sample row and
    column are the first ones again (their stored heights are not used).
    """
    if md.wrap:
        i = i % (md.wn - 1)
        if i < 0:
            i = i + (md.wn - 1)
        j = j % (md.dn - 1)
        if j < 0:
            j = j + (md.dn - 1)
    return md.h[j * md.wn + i]


def hf_clip(md, n, rng):
    #: cdef inline int hf_clip(MeshData* md, int n, int* rng) noexcept nogil
    """Clip the cell range rng[0:2] to a field of n samples (a wrapping one: to WRAP_CELLS + 1 cells around the
    range's middle); 0 if nothing is left."""
    #: int m
    if not md.wrap:
        if rng[0] < 0:
            rng[0] = 0
        if rng[1] > n - 2:
            rng[1] = n - 2
    elif rng[1] - rng[0] > WRAP_CELLS:  # a wrapped field repeats: keep WRAP_CELLS cells around the middle
        m = rng[0] + (rng[1] - rng[0]) // 2
        rng[0] = m - WRAP_CELLS // 2
        rng[1] = m + WRAP_CELLS // 2
    if rng[1] < rng[0]:
        return 0
    return 1


def hf_range(md, lo, hi, n, cell, rng):
    #: cdef int hf_range(MeshData* md, dReal lo, dReal hi, int n, dReal cell, int* rng) noexcept nogil
    """rng[0:2] = first and last cell index overlapping [lo, hi] along an axis of n samples; 0 if none."""
    #: dReal half
    half = cell * (n - 1) * 0.5
    rng[0] = ifloor((lo + half) / cell)
    rng[1] = ifloor((hi + half) / cell)
    return hf_clip(md, n, rng)


def hf_zone(md, lo, hi, n, size, rng):
    #: cdef int hf_zone(MeshData* md, dReal lo, dReal hi, int n, dReal size, int* rng) noexcept nogil
    """rng[0:2] = the first and last cell of libode's zone along an axis of n samples over size; 0 if none.

    libode's size rule (observed): the geom's AABB is taken in the field's corner frame ([lo, hi], from the
    first sample: a primitive's centre is moved there first, c + size / 2, then its half extent applied), and
    with q = coordinate * (1 / (size / (n - 1))) the zone's samples run from ceil(q_lo) - 1 to
    floor(q_hi) + 1 (clipped to the field unless wrapped): a box edge exactly on a sample takes the cell
    before it too.
    """
    #: dReal inv, q
    inv = 1.0 / (size / (n - 1))
    q = lo * inv
    rng[0] = ifloor(q)
    if rng[0] == q:
        rng[0] = rng[0] - 1
    rng[1] = ifloor(hi * inv)
    return hf_clip(md, n, rng)


def hf_extents(g1, g2, cls, c, e):
    #: cdef void hf_extents(const dReal* g1, const dReal* g2, int cls, dReal* c, dReal* e) noexcept nogil
    """c = the centre of a sphere, box, capsule or cylinder record g2 in field g1's frame, e its AABB's half
    extents there (libode's AABB formulas on the relative rotation)."""
    #: int j
    #: dReal a0, a1, a2, t
    to_local(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], c, 0)
    for j in range(3):
        a0 = g1[L.G_R + j] * g2[L.G_R] + g1[L.G_R + 3 + j] * g2[L.G_R + 3] + g1[L.G_R + 6 + j] * g2[L.G_R + 6]
        a1 = g1[L.G_R + j] * g2[L.G_R + 1] + g1[L.G_R + 3 + j] * g2[L.G_R + 4] + g1[L.G_R + 6 + j] * g2[L.G_R + 7]
        a2 = g1[L.G_R + j] * g2[L.G_R + 2] + g1[L.G_R + 3 + j] * g2[L.G_R + 5] + g1[L.G_R + 6 + j] * g2[L.G_R + 8]
        if cls == L.GC_SPHERE:
            e[j] = g2[L.G_RADIUS]
        elif cls == L.GC_BOX:
            e[j] = (fabs(a0 * g2[L.G_SIDES] * 0.5) + fabs(a1 * g2[L.G_SIDES + 1] * 0.5)
                    + fabs(a2 * g2[L.G_SIDES + 2] * 0.5))
        elif cls == L.GC_CAPSULE:
            e[j] = fabs(a2 * g2[L.G_LENGTH] * 0.5) + g2[L.G_RADIUS]
        else:
            t = 1 - a2 * a2
            if t < 0:
                t = 0.0
            e[j] = fabs(a2 * g2[L.G_LENGTH] * 0.5) + g2[L.G_RADIUS] * sqrt(t)


def hf_vs_piece(g1, md, b, out, flip, maxc, unimp, bside):
    #: cdef void hf_vs_piece(const dReal* g1, MeshData* md, Shape* b, Buf* out, int flip, int maxc, int unimp, int bside) noexcept nogil
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


# ---- convex pairs: one contact by libode's Minkowski portal refinement (collide_prim's mpr_*, shared with the
# capsule-cylinder and cylinder-cylinder pairs): the convex is shape A, its vertices the support candidates.


def convex_mpr(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int convex_mpr(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1, shape A) against a sphere, box, capsule, cylinder or convex: libode's single MPR contact
    (normal -direction into geom 1, depth, the point halfway between the two bodies' support points)."""
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
    #: cdef int collide_convex_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a sphere."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a box."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a capsule."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a cylinder."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def collide_convex_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex against convex."""
    return convex_mpr(g1, i1, g2, i2, flags, contacts, skip)


def buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void buf_push(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2) noexcept nogil
    """Collect a contact as it is (no merging: libode reports one contact per triangle)."""
    #: int o
    buf_grow(b)
    o = b.n * L.CR
    b.c[o + L.C_POS] = px
    b.c[o + L.C_POS + 1] = py
    b.c[o + L.C_POS + 2] = pz
    b.c[o + L.C_NORMAL] = nx
    b.c[o + L.C_NORMAL + 1] = ny
    b.c[o + L.C_NORMAL + 2] = nz
    b.c[o + L.C_DEPTH] = depth
    b.c[o + L.C_SIDE1] = s1
    b.c[o + L.C_SIDE2] = s2
    b.n = b.n + 1


def buf_has(b, px, py, pz, nx, ny, nz):
    #: cdef int buf_has(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz) noexcept nogil
    """1 when b already holds a contact at exactly this point with exactly this normal."""
    #: int k, o
    for k in range(b.n):
        o = k * L.CR
        if (b.c[o + L.C_POS] == px and b.c[o + L.C_POS + 1] == py and b.c[o + L.C_POS + 2] == pz
                and b.c[o + L.C_NORMAL] == nx and b.c[o + L.C_NORMAL + 1] == ny and b.c[o + L.C_NORMAL + 2] == nz):
            return 1
    return 0


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


def collide_trimesh_sphere(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
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


# ---- capsule-trimesh as libode (observed through the oracle, per triangle and across triangles): triangles in
# the order of the mesh's AABB tree (tree_order at registration); per front-facing triangle a separating-axis
# test over the face normal, the capsule axis crossed with each edge (from the edge line to the axis when
# parallel), the directions from each vertex to the nearest axis point and from each capsule end to the
# nearest point of each edge, each in its orientation of smaller overlap; the smallest overlap wins (the
# first on ties) and any negative one separates. The contact points are the ends of the capsule axis segment
# moved by -radius along that normal and clipped to the triangle's prism (its edge planes, 1e-5 outwards in
# units of the edge length) and to the back of its plane; depth = the triangle's extent along the normal
# minus the point's. Contacts of later triangles within 1e-4 (per coordinate) of a collected one with the same
# normal replace it only when deeper.
def v3dot(a, i, b, j):
    #: cdef inline dReal v3dot(const dReal* a, int i, const dReal* b, int j) noexcept nogil
    """a[i:i+3] . b[j:j+3]."""
    return a[i] * b[j] + a[i + 1] * b[j + 1] + a[i + 2] * b[j + 2]


def tt_unit_at(n, o):
    #: cdef void tt_unit_at(dReal* n, int o) noexcept nogil
    """n[o:o+3] scaled to unit length as tt_unit does (libode's normalisation)."""
    #: dReal m[3]
    m = [0.0] * 3  # py
    m[0] = n[o]
    m[1] = n[o + 1]
    m[2] = n[o + 2]
    tt_unit(m)
    n[o] = m[0]
    n[o + 1] = m[1]
    n[o + 2] = m[2]


def cyl_try(tv, w, best):
    #: cdef int cyl_try(const dReal* tv, dReal* w, dReal* best) noexcept nogil
    """cap_try for a cylinder, in libode's arithmetic (bit for bit on the recordings, which decides its ties):
    the cylinder's half extent along L is h min(1, |L.a|) + r sqrt(1 - (L.a)^2), the triangle's extent is taken
    relative to the centre (L.(v - c)); best[4] = the triangle's top along the kept normal, relative to c."""
    #: dReal l, d, dn, tmax, tmin, x, ca, rad
    #: int k
    l = sqrt(w[9] * w[9] + w[10] * w[10] + w[11] * w[11])
    if l == 0:
        return 1
    w[9] = w[9] / l
    w[10] = w[10] / l
    w[11] = w[11] / l
    tmax = w[9] * (tv[0] - w[0]) + w[10] * (tv[1] - w[1]) + w[11] * (tv[2] - w[2])
    tmin = tmax
    for k in range(1, 3):
        x = w[9] * (tv[3 * k] - w[0]) + w[10] * (tv[3 * k + 1] - w[1]) + w[11] * (tv[3 * k + 2] - w[2])
        if x > tmax:
            tmax = x
        if x < tmin:
            tmin = x
    ca = w[9] * w[3] + w[10] * w[4] + w[11] * w[5]
    x = 1.0 - ca * ca
    if x > 0:
        x = sqrt(x)
    else:
        x = 0.0
    ca = fabs(ca)
    if ca > 1.0:
        ca = 1.0
    rad = w[6] * ca + w[7] * x
    d = rad + tmax
    dn = rad - tmin
    if dn < d:
        if dn < 0:
            return 0
        if best[0] < 0 or dn < best[0]:
            best[0] = dn
            best[1] = -w[9]
            best[2] = -w[10]
            best[3] = -w[11]
            best[4] = -tmin
        return 1
    if d < 0:
        return 0
    if best[0] < 0 or d < best[0]:
        best[0] = d
        best[1] = w[9]
        best[2] = w[10]
        best[3] = w[11]
        best[4] = tmax
    return 1


def cap_try(tv, w, best):
    #: cdef int cap_try(const dReal* tv, dReal* w, dReal* best) noexcept nogil
    """Axis w[9:12] (unit, in place; skipped when zero) for the capsule (w[8] = 0; a cylinder, w[8] = 1, goes to
    cyl_try) with w[0:3] centre, w[3:6] axis, w[6] half length, w[7] radius against triangle tv: keep in best
    (depth, normal, triangle extent) the smaller overlap of its two orientations when below best[0] (best[0] < 0:
    none yet). Returns 0 when the axis separates."""
    #: dReal d, dn, tmax, tmin, x, rad
    #: int k
    if w[8] != 0:
        return cyl_try(tv, w, best)
    if w[9] == 0 and w[10] == 0 and w[11] == 0:
        return 1
    tt_unit_at(w, 9)  # libode's normalisation (normals bit for bit on one-triangle probes)
    # extents about the centre as the cylinder's (more of libode's depths come out bit for bit)
    tmax = w[9] * (tv[0] - w[0]) + w[10] * (tv[1] - w[1]) + w[11] * (tv[2] - w[2])
    tmin = tmax
    for k in range(1, 3):
        x = w[9] * (tv[3 * k] - w[0]) + w[10] * (tv[3 * k + 1] - w[1]) + w[11] * (tv[3 * k + 2] - w[2])
        if x > tmax:
            tmax = x
        if x < tmin:
            tmin = x
    rad = w[6] * fabs(v3dot(w, 3, w, 9)) + w[7]
    d = rad + tmax
    dn = rad - tmin
    if dn < d:
        if dn < 0:
            return 0
        if best[0] < 0 or dn < best[0]:
            best[0] = dn
            best[1] = -w[9]
            best[2] = -w[10]
            best[3] = -w[11]
            best[4] = -tmin
        return 1
    if d < 0:
        return 0
    if best[0] < 0 or d < best[0]:
        best[0] = d
        best[1] = w[9]
        best[2] = w[10]
        best[3] = w[11]
        best[4] = tmax
    return 1


def tri_front(tv, w, e, nn, best):
    #: cdef int tri_front(const dReal* tv, dReal* w, dReal* e, dReal* nn, dReal* best) noexcept nogil
    """Shared start of capsule/cylinder-triangle: edges e, unit normal nn, libode's back-face test (0 when the
    centre w[0:3] is behind) and the face normal tried as the first axis (0 when it separates)."""
    #: dReal l
    #: int k, j, m
    for k in range(3):
        j = (k + 1) % 3
        for m in range(3):
            e[3 * k + m] = tv[3 * j + m] - tv[3 * k + m]
    if w[8] == 0:
        # the capsule's face normal as libode's (bit for bit on one-triangle probes): (v1 - v0) x (v2 - v1),
        # normalised as tt_unit
        nn[0] = e[1] * e[5] - e[2] * e[4]
        nn[1] = e[2] * e[3] - e[0] * e[5]
        nn[2] = e[0] * e[4] - e[1] * e[3]
        if nn[0] == 0 and nn[1] == 0 and nn[2] == 0:
            return 0
        tt_unit_at(nn, 0)
    else:
        # the cylinder's (libode's bits here would change which of its equal-depth contacts merge: 16 -> 17 poses)
        nn[0] = e[1] * (tv[8] - tv[2]) - e[2] * (tv[7] - tv[1])
        nn[1] = e[2] * (tv[6] - tv[0]) - e[0] * (tv[8] - tv[2])
        nn[2] = e[0] * (tv[7] - tv[1]) - e[1] * (tv[6] - tv[0])
        l = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2])
        if l == 0:
            return 0
        nn[0] = nn[0] / l
        nn[1] = nn[1] / l
        nn[2] = nn[2] / l
    if nn[0] * (w[0] - tv[0]) + nn[1] * (w[1] - tv[1]) + nn[2] * (w[2] - tv[2]) < 0:
        return 0
    best[0] = -1.0
    w[9] = nn[0]
    w[10] = nn[1]
    w[11] = nn[2]
    if cap_try(tv, w, best) == 0:
        return 0
    return 1


def seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh):
    #: cdef int seg_clip_tri(const dReal* tv, const dReal* e, const dReal* nn, const dReal* w, dReal px, dReal py, dReal pz, dReal h, dReal* lh) noexcept nogil
    """Clip the segment p + w[3:6] t, t in [-h, h], by triangle tv's edge planes (edges e, normal nn, pushed out
    by CAP_EDGE_TOL) and the back of its plane; 0 when nothing is left, else 1 with lh = [lo, hi]."""
    #: dReal n[3]
    #: dReal x, s, f, t, lo, hi
    #: int k, j
    n = [0.0] * 3  # py
    lo = -h
    hi = h
    for k in range(4):
        if k < 3:
            j = (k + 2) % 3
            n[0] = e[3 * k + 1] * nn[2] - e[3 * k + 2] * nn[1]
            n[1] = e[3 * k + 2] * nn[0] - e[3 * k] * nn[2]
            n[2] = e[3 * k] * nn[1] - e[3 * k + 1] * nn[0]
            if n[0] * (tv[3 * j] - tv[3 * k]) + n[1] * (tv[3 * j + 1] - tv[3 * k + 1]) + n[2] * (tv[3 * j + 2] - tv[3 * k + 2]) > 0:
                n[0] = -n[0]
                n[1] = -n[1]
                n[2] = -n[2]
            x = v3dot(n, 0, tv, 3 * k) + CAP_EDGE_TOL
        else:
            n[0] = nn[0]
            n[1] = nn[1]
            n[2] = nn[2]
            x = v3dot(n, 0, tv, 0)
        s = n[0] * w[3] + n[1] * w[4] + n[2] * w[5]
        f = (n[0] * px + n[1] * py + n[2] * pz) - x
        if fabs(s) < 1e-300:
            if f > 0:
                return 0
            continue
        t = -f / s
        if s > 0:
            if t < hi:
                hi = t
        elif t > lo:
            lo = t
    if lo > hi:
        return 0
    lh[0] = lo
    lh[1] = hi
    return 1


def cap_tri(tv, w, res):
    #: cdef int cap_tri(const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (0 to 2, 7 reals each in res: point, normal from the triangle towards the capsule, depth) of the
    capsule in w (centre, axis, half length, radius) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal n[3]
    #: dReal lh[2]
    #: dReal l, x, h, r, lo, hi, s, f, t, px, py, pz
    #: int k, j, m, cnt
    lh = [0.0] * 2  # py
    e = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    n = [0.0] * 3  # py
    h = w[6]
    r = w[7]
    if tri_front(tv, w, e, nn, best) == 0:
        return 0
    for k in range(3):
        w[9] = w[4] * e[3 * k + 2] - w[5] * e[3 * k + 1]
        w[10] = w[5] * e[3 * k] - w[3] * e[3 * k + 2]
        w[11] = w[3] * e[3 * k + 1] - w[4] * e[3 * k]
        if w[9] * w[9] + w[10] * w[10] + w[11] * w[11] < 1e-12:
            l = sqrt(v3dot(e, 3 * k, e, 3 * k))
            n[0] = e[3 * k] / l
            n[1] = e[3 * k + 1] / l
            n[2] = e[3 * k + 2] / l
            px = w[0] - tv[3 * k]
            py = w[1] - tv[3 * k + 1]
            pz = w[2] - tv[3 * k + 2]
            x = px * n[0] + py * n[1] + pz * n[2]
            w[9] = px - n[0] * x
            w[10] = py - n[1] * x
            w[11] = pz - n[2] * x
        if cap_try(tv, w, best) == 0:
            return 0
    for k in range(3):
        t = (tv[3 * k] - w[0]) * w[3] + (tv[3 * k + 1] - w[1]) * w[4] + (tv[3 * k + 2] - w[2]) * w[5]
        if t > h:
            t = h
        if t < -h:
            t = -h
        w[9] = (w[0] + w[3] * t) - tv[3 * k]
        w[10] = (w[1] + w[4] * t) - tv[3 * k + 1]
        w[11] = (w[2] + w[5] * t) - tv[3 * k + 2]
        if cap_try(tv, w, best) == 0:
            return 0
    for j in range(2):
        s = h
        if j == 1:
            s = -h
        px = w[0] + w[3] * s
        py = w[1] + w[4] * s
        pz = w[2] + w[5] * s
        for k in range(3):
            t = ((px - tv[3 * k]) * e[3 * k] + (py - tv[3 * k + 1]) * e[3 * k + 1] + (pz - tv[3 * k + 2]) * e[3 * k + 2]) / v3dot(e, 3 * k, e, 3 * k)
            if t > 1.0:
                t = 1.0
            if t < 0.0:
                t = 0.0
            w[9] = px - (tv[3 * k] + e[3 * k] * t)
            w[10] = py - (tv[3 * k + 1] + e[3 * k + 1] * t)
            w[11] = pz - (tv[3 * k + 2] + e[3 * k + 2] * t)
            if cap_try(tv, w, best) == 0:
                return 0
    # clip the moved axis segment q(t) = c - r L + a t, t in [-h, h]
    px = w[0] - best[1] * r
    py = w[1] - best[2] * r
    pz = w[2] - best[3] * r
    if seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh) == 0:
        return 0
    lo = lh[0]
    hi = lh[1]
    cnt = 0
    for j in range(2):
        if j == 0:
            t = hi
        else:
            t = lo
            if not (hi > lo):
                break
        res[7 * cnt] = (w[0] + w[3] * t) - best[1] * r
        res[7 * cnt + 1] = (w[1] + w[4] * t) - best[2] * r
        res[7 * cnt + 2] = (w[2] + w[5] * t) - best[3] * r
        res[7 * cnt + 3] = best[1]
        res[7 * cnt + 4] = best[2]
        res[7 * cnt + 5] = best[3]
        res[7 * cnt + 6] = best[4] - (best[1] * (res[7 * cnt] - w[0]) + best[2] * (res[7 * cnt + 1] - w[1]) + best[3] * (res[7 * cnt + 2] - w[2]))
        cnt += 1
    return cnt


# ---- cylinder-trimesh as libode (observed per triangle through the oracle, single-triangle meshes): the capsule's
# triangle order, back-face test and cap; its merge replaces on any greater depth (buf_merge). Separating axes in this order, the first of equal overlaps kept:
# the face normal, the cylinder axis a, a x each edge (skipped when |a x e|^2 <= 1e-12), the direction from each
# vertex to the axis (perpendicular to a), then for the cap at +h and the one at -h and each edge the rim-edge
# axis e x (a x (X - cc)), X the edge line's crossing of the cap plane (cap centre cc; skipped when the edge is
# parallel to the plane). The cylinder's half extent along L is h min(1, |a.L|) + r sqrt(1 - (a.L)^2), the
# triangle's is taken about the centre. When the winner is within acos 0.9 of the axis, the triangle is clipped by
# the octagonal prism circumscribing the cylinder (its sides r from the axis, corners on its x and y axes) and by
# the near cap plane only, each remaining vertex a contact of depth (extent - |L.(p - c)|) when positive (the
# smaller of the two orientations' depths); otherwise the surface line deepest along the normal is clipped as a
# capsule's axis.


def mesh_clip(p, n, q, nx, ny, nz, off):
    #: cdef int mesh_clip(const dReal* p, int n, dReal* q, dReal nx, dReal ny, dReal nz, dReal off) noexcept nogil
    """q = the part of polygon p (n points) with n . x <= off, in the order of libode's box- and cylinder-trimesh
    clips (observed under CONTACTS_UNIMPORTANT on one-triangle probes): the edges are walked from the closing
    one, each emitting its start point when inside, then its crossing point (computed from the start along
    the edge); so an unclipped polygon comes back starting at its last point."""
    #: int k, j, m
    #: dReal dc, dp, t
    m = 0
    for k in range(n):
        j = (k + n - 1) % n
        dc = (nx * p[3 * k] + ny * p[3 * k + 1] + nz * p[3 * k + 2]) - off
        dp = (nx * p[3 * j] + ny * p[3 * j + 1] + nz * p[3 * j + 2]) - off
        if dp <= 0:
            q[3 * m] = p[3 * j]
            q[3 * m + 1] = p[3 * j + 1]
            q[3 * m + 2] = p[3 * j + 2]
            m = m + 1
        if (dp <= 0) != (dc <= 0):
            t = dp / (dp - dc)
            q[3 * m] = p[3 * j] + (p[3 * k] - p[3 * j]) * t
            q[3 * m + 1] = p[3 * j + 1] + (p[3 * k + 1] - p[3 * j + 1]) * t
            q[3 * m + 2] = p[3 * j + 2] + (p[3 * k + 2] - p[3 * j + 2]) * t
            m = m + 1
    return m


def cap_depth_local(g2, best, q, k, h, r, s):
    #: cdef dReal cap_depth_local(const dReal* g2, const dReal* best, const dReal* q, int k, dReal h, dReal r, dReal s) noexcept nogil
    """A float kernel's depth of clipped point k (q, the cylinder's frame; near cap plane q_z = -s h) along
    best's normal: libode's (double) depth rad - |L.(p - c)| is ~1e-9 for points clipped onto a cap plane
    tilted from the normal, below float rounding of its terms (~1e-7); here the cap plane's terms cancel
    exactly (a point within float rounding of the plane is put on it) and the rest is taken in the frame,
    (h |L_z| - L_z q_z) + (r sqrt(1 - L_z^2) - (L_x q_x + L_y q_y)), so its sign follows libode's."""
    #: dReal lx, ly, lz, qz, az, sx, v, e
    lx = g2[L.G_R] * best[1] + g2[L.G_R + 3] * best[2] + g2[L.G_R + 6] * best[3]
    ly = g2[L.G_R + 1] * best[1] + g2[L.G_R + 4] * best[2] + g2[L.G_R + 7] * best[3]
    lz = g2[L.G_R + 2] * best[1] + g2[L.G_R + 5] * best[2] + g2[L.G_R + 8] * best[3]
    qz = q[3 * k + 2]
    if fabs(qz + s * h) <= 1e-6 * h:
        qz = -s * h
    sx = 1.0 - lz * lz
    if sx > 0:
        sx = sqrt(sx)
    else:
        sx = 0.0
    az = fabs(lz)
    e = lx * q[3 * k] + ly * q[3 * k + 1]
    v = e + lz * qz
    if v >= 0:
        return (h * az - lz * qz) + (r * sx - e)
    return (h * az + lz * qz) + (r * sx + e)


def cyl_tri(g2, tv, w, res):
    #: cdef int cyl_tri(const dReal* g2, const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal from the triangle towards the cylinder, depth) of the
    cylinder record g2 (w: centre, axis, half length, radius, 1) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal n[3]
    #: dReal pa[48]
    #: dReal pb[48]
    #: dReal lh[2]
    #: dReal l, x, h, r, lo, hi, s, t, px, py, pz, ca, ang, rad
    #: int k, j, m, cnt, npt
    lh = [0.0] * 2  # py
    e = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    n = [0.0] * 3  # py
    pa = [0.0] * 48  # py
    pb = [0.0] * 48  # py
    h = w[6]
    r = w[7]
    if tri_front(tv, w, e, nn, best) == 0:
        return 0
    w[9] = w[3]
    w[10] = w[4]
    w[11] = w[5]
    if cyl_try(tv, w, best) == 0:
        return 0
    for k in range(3):
        w[9] = w[4] * e[3 * k + 2] - w[5] * e[3 * k + 1]
        w[10] = w[5] * e[3 * k] - w[3] * e[3 * k + 2]
        w[11] = w[3] * e[3 * k + 1] - w[4] * e[3 * k]
        if w[9] * w[9] + w[10] * w[10] + w[11] * w[11] > 1e-12:
            if cyl_try(tv, w, best) == 0:
                return 0
    for k in range(3):
        px = w[0] - tv[3 * k]
        py = w[1] - tv[3 * k + 1]
        pz = w[2] - tv[3 * k + 2]
        x = px * w[3] + py * w[4] + pz * w[5]
        w[9] = px - w[3] * x
        w[10] = py - w[4] * x
        w[11] = pz - w[5] * x
        if cyl_try(tv, w, best) == 0:
            return 0
    for j in range(2):
        s = h
        if j == 1:
            s = -h
        for k in range(3):
            x = e[3 * k] * w[3] + e[3 * k + 1] * w[4] + e[3 * k + 2] * w[5]
            if fabs(x) < 1e-12:
                continue
            # the cap centre cc = c + a s; X - cc with X = v + e t on the cap plane
            t = (((w[0] + w[3] * s) - tv[3 * k]) * w[3] + ((w[1] + w[4] * s) - tv[3 * k + 1]) * w[4] + ((w[2] + w[5] * s) - tv[3 * k + 2]) * w[5]) / x
            n[0] = (tv[3 * k] + e[3 * k] * t) - (w[0] + w[3] * s)
            n[1] = (tv[3 * k + 1] + e[3 * k + 1] * t) - (w[1] + w[4] * s)
            n[2] = (tv[3 * k + 2] + e[3 * k + 2] * t) - (w[2] + w[5] * s)
            px = w[4] * n[2] - w[5] * n[1]
            py = w[5] * n[0] - w[3] * n[2]
            pz = w[3] * n[1] - w[4] * n[0]
            w[9] = e[3 * k + 1] * pz - e[3 * k + 2] * py
            w[10] = e[3 * k + 2] * px - e[3 * k] * pz
            w[11] = e[3 * k] * py - e[3 * k + 1] * px
            if cyl_try(tv, w, best) == 0:
                return 0
    ca = w[3] * best[1] + w[4] * best[2] + w[5] * best[3]
    cnt = 0
    if fabs(ca) > CYL_CAP_COS:
        # the triangle clipped in the cylinder's frame (q = R^T (v - c)) by the near cap's plane q_z = -+h, then the
        # octagonal prism around the axis (sides k = 0..7 at angles (k + 1/2) pi / 4), each clip in libode's order
        # (mesh_clip; the order decides which points a capped CONTACTS_UNIMPORTANT call keeps, probed on one-triangle
        # meshes), the points taken back as c + R q (libode's crossing points are on the plane in that frame: with
        # |a| != 1 their depth leans the way of 1 - |a|)
        for k in range(3):
            for m in range(3):
                pa[3 * k + m] = g2[L.G_R + m] * (tv[3 * k] - w[0]) + g2[L.G_R + 3 + m] * (tv[3 * k + 1] - w[1]) + g2[L.G_R + 6 + m] * (tv[3 * k + 2] - w[2])
        s = -1.0
        if ca < 0:
            s = 1.0
        npt = mesh_clip(pa, 3, pb, 0.0, 0.0, s, h)
        for k in range(8):
            ang = (k + 0.5) * M_PI / 4
            for m in range(3 * npt):
                pa[m] = pb[m]
            npt = mesh_clip(pa, npt, pb, cos(ang), sin(ang), 0.0, r)
        for k in range(3 * npt):
            pa[k] = pb[k]  # the points in the cylinder's frame (a float kernel's depths, cap_depth_local)
        for k in range(npt):
            px = g2[L.G_R] * pb[3 * k] + g2[L.G_R + 1] * pb[3 * k + 1] + g2[L.G_R + 2] * pb[3 * k + 2] + w[0]
            py = g2[L.G_R + 3] * pb[3 * k] + g2[L.G_R + 4] * pb[3 * k + 1] + g2[L.G_R + 5] * pb[3 * k + 2] + w[1]
            pz = g2[L.G_R + 6] * pb[3 * k] + g2[L.G_R + 7] * pb[3 * k + 1] + g2[L.G_R + 8] * pb[3 * k + 2] + w[2]
            pb[3 * k] = px
            pb[3 * k + 1] = py
            pb[3 * k + 2] = pz
        ca = best[1] * w[3] + best[2] * w[4] + best[3] * w[5]
        x = 1.0 - ca * ca
        if x > 0:
            x = sqrt(x)
        else:
            x = 0.0
        ca = fabs(ca)
        if ca > 1.0:
            ca = 1.0
        rad = h * ca + r * x
        for k in range(npt):
            t = rad - fabs(best[1] * (pb[3 * k] - w[0]) + best[2] * (pb[3 * k + 1] - w[1]) + best[3] * (pb[3 * k + 2] - w[2]))
            #: py- if sizeof(dReal) == 4:  # float: depths below ~1e-7 are float rounding of the pose (dropped:
            #: py-     t = cap_depth_local(g2, best, pa, k, h, r, s)  # 15 recorded poses differ, 16 kept, 21 world)
            #: py-     if t < 1e-7:
            #: py-         t = 0
            if t > 0 and cnt < 16:
                res[7 * cnt] = pb[3 * k]
                res[7 * cnt + 1] = pb[3 * k + 1]
                res[7 * cnt + 2] = pb[3 * k + 2]
                res[7 * cnt + 3] = best[1]
                res[7 * cnt + 4] = best[2]
                res[7 * cnt + 5] = best[3]
                res[7 * cnt + 6] = t
                cnt += 1
        return cnt
    # the side: the generator line of the surface deepest along the normal, clipped as a capsule's axis
    n[0] = best[1] - w[3] * ca
    n[1] = best[2] - w[4] * ca
    n[2] = best[3] - w[5] * ca
    l = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    if l == 0:
        return 0
    px = w[0] - (n[0] / l) * r
    py = w[1] - (n[1] / l) * r
    pz = w[2] - (n[2] / l) * r
    if seg_clip_tri(tv, e, nn, w, px, py, pz, h, lh) == 0:
        return 0
    lo = lh[0]
    hi = lh[1]
    for j in range(2):
        if j == 0:
            t = hi
        else:
            t = lo
            if not (hi > lo):
                break
        res[7 * cnt] = px + w[3] * t
        res[7 * cnt + 1] = py + w[4] * t
        res[7 * cnt + 2] = pz + w[5] * t
        res[7 * cnt + 3] = best[1]
        res[7 * cnt + 4] = best[2]
        res[7 * cnt + 5] = best[3]
        res[7 * cnt + 6] = best[4] - (best[1] * (res[7 * cnt] - w[0]) + best[2] * (res[7 * cnt + 1] - w[1]) + best[3] * (res[7 * cnt + 2] - w[2]))
        cnt += 1
    return cnt


# ---- box-trimesh as libode (observed per triangle through the oracle): the capsule's
# triangle order; separating axes in libode's order: the face normal (towards the box only), the box axes u0 u1
# u2, then for each box axis its cross products with the triangle edges v1-v0, v0-v2, v2-v1 (in that order).
# Each axis but the face normal takes the orientation of smaller overlap (the vertices projected relative to
# the box centre; on a tie the one against the axis). A later axis replaces the best when its overlap is
# smaller -- an edge axis only when its overlap times 1.5 is smaller than the best's plain overlap (sweeps
# of one pose switch exactly at ratio 1.5, between two edge axes too). Face normal: the box face most against
# it clipped by the triangle's edge planes and plane, depth below the plane; box axis: the triangle clipped by
# the box's planes except the far face, depth along the normal; edge axis: one contact halfway between the
# closest points of the two edges with the overlap as depth. Contacts of all triangles are collected by
# box_collect (libode's merge and cap rules).
def box_axis(tv, a, w, l, il, best, kind):
    #: cdef int box_axis(const dReal* tv, const dReal* a, const dReal* w, const dReal* l, dReal il, dReal* best, int kind) noexcept nogil
    """Axis l (unit times 1 / il; kind 0 the face normal, 1..3 box axis kind - 1, 4.. an edge axis) for the box
    w (centre, axes u0 u1 u2, half sides) against triangle tv (edges a: v1 - v0, v2 - v0): best (depth, unit
    normal, kind) takes it when its overlap (times BOX_EDGE_BIAS for an edge) is below best's depth. The
    arithmetic is libode's (its ties between parallel axes, found on aligned poses, come out the same): the
    vertices' projections relative to the box centre as f0 = l.(v0 - c) plus l.a, the box radius the half side
    for a box axis, both scaled by il; the face normal uses v0 only, towards the box. Returns 0 when it separates."""
    #: dReal f0, f1, f2, tmax, tmin, x, ex, d, dn
    f0 = l[0] * (tv[0] - w[0]) + l[1] * (tv[1] - w[1]) + l[2] * (tv[2] - w[2])
    if kind >= 1 and kind <= 3:
        ex = w[11 + kind]
    else:
        ex = w[12] * fabs(v3dot(w, 3, l, 0)) + w[13] * fabs(v3dot(w, 6, l, 0)) + w[14] * fabs(v3dot(w, 9, l, 0))
    if kind == 0:
        tmax = f0
        tmin = f0
    else:
        f1 = f0 + v3dot(l, 0, a, 0)
        f2 = f0 + v3dot(l, 0, a, 3)
        tmax = f0
        tmin = f0
        if f1 > tmax:
            tmax = f1
        if f1 < tmin:
            tmin = f1
        if f2 > tmax:
            tmax = f2
        if f2 < tmin:
            tmin = f2
    d = (ex + tmax) * il
    dn = (ex - tmin) * il
    x = 1.0
    if dn < 0:
        return 0
    if kind > 0 and not (d < dn):
        d = dn
        x = -1.0
    if d < 0:
        return 0
    if best[0] < 0 or (kind < 4 and d < best[0]) or (kind >= 4 and d * BOX_EDGE_BIAS < best[0]):
        best[0] = d
        best[1] = l[0] * il * x
        best[2] = l[1] * il * x
        best[3] = l[2] * il * x
        best[4] = kind
    return 1


def box_tri(tv, w, res):
    #: cdef int box_tri(const dReal* tv, const dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal from the triangle towards the box, depth) of the box in w
    (centre, axes u0 u1 u2, half sides) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal a[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal l[3]
    #: dReal n[3]
    #: dReal p[3]
    #: dReal pa[48]
    #: dReal pb[48]
    #: dReal ln, x, bv, mn, s1, s2, aa, ee, f, cc, b, den, s, t
    #: int k, j, m, i, kind, cnt, npt, bi, bj, j1, j2
    e = [0.0] * 9  # py
    a = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    l = [0.0] * 3  # py
    n = [0.0] * 3  # py
    p = [0.0] * 3  # py
    pa = [0.0] * 48  # py
    pb = [0.0] * 48  # py
    for k in range(3):
        j = (k + 1) % 3
        for m in range(3):
            e[3 * k + m] = tv[3 * j + m] - tv[3 * k + m]
    nn[0] = e[1] * (tv[8] - tv[2]) - e[2] * (tv[7] - tv[1])
    nn[1] = e[2] * (tv[6] - tv[0]) - e[0] * (tv[8] - tv[2])
    nn[2] = e[0] * (tv[7] - tv[1]) - e[1] * (tv[6] - tv[0])
    ln = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2])
    if ln == 0:
        return 0
    ln = 1.0 / ln  # libode's unit vectors (bits checked): times the reciprocal length
    # libode's edge vectors for the cross axes (bits checked): v1-v0, v2-v0 and their difference
    for m in range(3):
        a[m] = e[m]
        a[3 + m] = tv[6 + m] - tv[m]
        a[6 + m] = a[3 + m] - a[m]
    best[0] = -1.0
    if box_axis(tv, a, w, nn, ln, best, 0) == 0:
        return 0
    nn[0] = nn[0] * ln
    nn[1] = nn[1] * ln
    nn[2] = nn[2] * ln
    for i in range(3):
        if box_axis(tv, a, w, w[3 + 3 * i:6 + 3 * i], 1.0, best, 1 + i) == 0:  # py
            return 0  # py
        #: py- if box_axis(tv, a, w, w + 3 + 3 * i, 1.0, best, 1 + i) == 0:
        #: py-     return 0
    for i in range(3):
        for j in range(3):
            k = (3 - j) % 3  # the contact code's edge (tv[k] + e[k] t) along a[j]
            l[0] = w[4 + 3 * i] * a[3 * j + 2] - w[5 + 3 * i] * a[3 * j + 1]
            l[1] = w[5 + 3 * i] * a[3 * j] - w[3 + 3 * i] * a[3 * j + 2]
            l[2] = w[3 + 3 * i] * a[3 * j + 1] - w[4 + 3 * i] * a[3 * j]
            x = l[0] * l[0] + l[1] * l[1] + l[2] * l[2]
            if x > 1e-12:
                if box_axis(tv, a, w, l, 1.0 / sqrt(x), best, 4 + 3 * i + k) == 0:
                    return 0
    kind = to_int(best[4])
    l[0] = best[1]
    l[1] = best[2]
    l[2] = best[3]
    cnt = 0
    if kind == 0:
        # the box face most against the normal, clipped by the triangle's edge planes and plane
        bi = 0
        bv = 0.0
        s = 1.0
        for i in range(3):
            for j in range(2):
                x = v3dot(w, 3 + 3 * i, l, 0)
                if j == 1:
                    x = -x
                if (i == 0 and j == 0) or x < bv:
                    bv = x
                    bi = i
                    s = 1.0 - 2.0 * j
        j1 = 0  # the other two axes in increasing order
        j2 = 3 - bi
        if bi == 0:
            j1 = 1
            j2 = 2
        if bi == 2:
            j2 = 1
        for m in range(3):
            x = w[m] + w[3 + 3 * bi + m] * (s * w[12 + bi])
            pa[9 + m] = x + (w[3 + 3 * j1 + m] * w[12 + j1] + w[3 + 3 * j2 + m] * w[12 + j2])
            pa[6 + m] = x + (w[3 + 3 * j1 + m] * (-w[12 + j1]) + w[3 + 3 * j2 + m] * w[12 + j2])
            pa[3 + m] = x + (w[3 + 3 * j1 + m] * (-w[12 + j1]) + w[3 + 3 * j2 + m] * (-w[12 + j2]))
            pa[m] = x + (w[3 + 3 * j1 + m] * w[12 + j1] + w[3 + 3 * j2 + m] * (-w[12 + j2]))
        npt = 4
        for bj in range(4):  # libode's order (observed): the triangle's plane, then the edge planes
            k = (bj + 3) % 4
            if k < 3:
                j = (k + 2) % 3
                n[0] = e[3 * k + 1] * nn[2] - e[3 * k + 2] * nn[1]
                n[1] = e[3 * k + 2] * nn[0] - e[3 * k] * nn[2]
                n[2] = e[3 * k] * nn[1] - e[3 * k + 1] * nn[0]
                if n[0] * (tv[3 * j] - tv[3 * k]) + n[1] * (tv[3 * j + 1] - tv[3 * k + 1]) + n[2] * (tv[3 * j + 2] - tv[3 * k + 2]) > 0:
                    n[0] = -n[0]
                    n[1] = -n[1]
                    n[2] = -n[2]
                x = v3dot(n, 0, tv, 3 * k)
            else:
                n[0] = nn[0]
                n[1] = nn[1]
                n[2] = nn[2]
                x = v3dot(n, 0, tv, 0)
            npt = mesh_clip(pa, npt, pb, n[0], n[1], n[2], x)
            for m in range(3 * npt):
                pa[m] = pb[m]
        x = v3dot(nn, 0, tv, 0)
        for k in range(npt):
            if cnt < 16:
                res[7 * cnt] = pa[3 * k]
                res[7 * cnt + 1] = pa[3 * k + 1]
                res[7 * cnt + 2] = pa[3 * k + 2]
                res[7 * cnt + 3] = l[0]
                res[7 * cnt + 4] = l[1]
                res[7 * cnt + 5] = l[2]
                res[7 * cnt + 6] = x - (nn[0] * pa[3 * k] + nn[1] * pa[3 * k + 1] + nn[2] * pa[3 * k + 2])
                cnt += 1
        return cnt
    if kind <= 3:
        # the triangle clipped by the box's planes but the far face
        i = kind - 1
        for k in range(9):
            pa[k] = tv[k]
        npt = 3
        # libode's plane order (observed): axis i's face towards the triangle, then the other axes' -, + faces
        for bi in range(5):
            if bi == 0:
                j = i
                s = -1.0
                if v3dot(w, 3 + 3 * j, l, 0) * s > 0:
                    s = 1.0
            else:
                j = (bi - 1) // 2  # the other axes in increasing order
                if j >= i:
                    j = j + 1
                s = -1.0 + 2.0 * ((bi - 1) % 2)
            npt = mesh_clip(pa, npt, pb, w[3 + 3 * j] * s, w[4 + 3 * j] * s, w[5 + 3 * j] * s, v3dot(w, 3 + 3 * j, w, 0) * s + w[12 + j])
            for k in range(3 * npt):
                pa[k] = pb[k]
        mn = v3dot(l, 0, w, 0) - (w[12] * fabs(v3dot(w, 3, l, 0)) + w[13] * fabs(v3dot(w, 6, l, 0)) + w[14] * fabs(v3dot(w, 9, l, 0)))
        for k in range(npt):
            if cnt < 16:
                res[7 * cnt] = pa[3 * k]
                res[7 * cnt + 1] = pa[3 * k + 1]
                res[7 * cnt + 2] = pa[3 * k + 2]
                res[7 * cnt + 3] = l[0]
                res[7 * cnt + 4] = l[1]
                res[7 * cnt + 5] = l[2]
                res[7 * cnt + 6] = (l[0] * pa[3 * k] + l[1] * pa[3 * k + 1] + l[2] * pa[3 * k + 2]) - mn
                cnt += 1
        return cnt
    # edge axis: halfway between the closest points of the box edge (deepest along -normal) and the edge
    i = (kind - 4) // 3
    k = (kind - 4) % 3
    p[0] = w[0]
    p[1] = w[1]
    p[2] = w[2]
    for j in range(3):
        if j != i:
            s = 1.0
            if v3dot(w, 3 + 3 * j, l, 0) > 0:
                s = -1.0
            p[0] = p[0] + w[3 + 3 * j] * (s * w[12 + j])
            p[1] = p[1] + w[4 + 3 * j] * (s * w[12 + j])
            p[2] = p[2] + w[5 + 3 * j] * (s * w[12 + j])
    n[0] = p[0] - tv[3 * k]
    n[1] = p[1] - tv[3 * k + 1]
    n[2] = p[2] - tv[3 * k + 2]
    aa = v3dot(w, 3 + 3 * i, w, 3 + 3 * i)
    ee = v3dot(e, 3 * k, e, 3 * k)
    f = v3dot(e, 3 * k, n, 0)
    cc = v3dot(w, 3 + 3 * i, n, 0)
    b = v3dot(w, 3 + 3 * i, e, 3 * k)
    den = aa * ee - b * b
    s = (b * f - cc * ee) / den
    t = (aa * f - b * cc) / den
    for m in range(3):
        res[m] = ((p[m] + w[3 + 3 * i + m] * s) + (tv[3 * k + m] + e[3 * k + m] * t)) * 0.5
    res[3] = l[0]
    res[4] = l[1]
    res[5] = l[2]
    res[6] = best[0]
    return 1


def buf_merge(b, px, py, pz, nx, ny, nz, depth, s1, s2, cyl):
    #: cdef void buf_merge(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2, int cyl) noexcept nogil
    """Collect a contact; one within CAP_MERGE (per coordinate) of a collected contact with the same normal
    replaces it only when deeper. As probed on 2-triangle meshes, a capsule (cyl = 2) or cylinder (cyl = 1) merge
    needs normals within CAP_MERGE per coordinate and libode replaces on any greater depth: the cylinder does
    (its depths follow libode's arithmetic), the capsule only when deeper by 1e-12 (ours differ by ulps, so a
    tie keeps the first); a box (cyl = 0) keeps its fitted rule, normals within 0.9999 in dot."""
    #: int k, o, same
    #: dReal tol
    tol = 1e-12
    if cyl == 1:
        tol = 0.0
    for k in range(b.n):
        o = k * L.CR
        if fabs(b.c[o + L.C_POS] - px) < CAP_MERGE and fabs(b.c[o + L.C_POS + 1] - py) < CAP_MERGE and fabs(b.c[o + L.C_POS + 2] - pz) < CAP_MERGE:
            if cyl != 0:
                same = fabs(b.c[o + L.C_NORMAL] - nx) < CAP_MERGE and fabs(b.c[o + L.C_NORMAL + 1] - ny) < CAP_MERGE and fabs(b.c[o + L.C_NORMAL + 2] - nz) < CAP_MERGE
            else:
                same = b.c[o + L.C_NORMAL] * nx + b.c[o + L.C_NORMAL + 1] * ny + b.c[o + L.C_NORMAL + 2] * nz > 0.9999
            if same:
                if depth > b.c[o + L.C_DEPTH] + tol:
                    b.c[o + L.C_POS] = px
                    b.c[o + L.C_POS + 1] = py
                    b.c[o + L.C_POS + 2] = pz
                    b.c[o + L.C_NORMAL] = nx
                    b.c[o + L.C_NORMAL + 1] = ny
                    b.c[o + L.C_NORMAL + 2] = nz
                    b.c[o + L.C_DEPTH] = depth
                    b.c[o + L.C_SIDE1] = s1
                    b.c[o + L.C_SIDE2] = s2
                return
    buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)


def trimesh_round(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int trimesh_round(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a box, capsule or cylinder, by libode's rules (see the section comments)."""
    #: MeshData* md
    #: Buf* out
    #: Buf* merged
    #: int k, j, t, n, maxc, cls, unimp
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal q[3]
    #: dReal lo[6]
    #: dReal w[16]
    #: dReal res[112]
    #: dReal x
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    q = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    w = [0.0] * 16  # py
    res = [0.0] * 112  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH:
        return 0
    cls = i2[L.GI_CLASS]
    for k in range(3):
        w[k] = g2[L.G_POS + k]
    to_local(g1, w[0], w[1], w[2], q, 0)
    if cls == L.GC_BOX:
        for k in range(3):
            for j in range(3):
                w[3 + 3 * k + j] = g2[L.G_R + 3 * j + k]
            w[12 + k] = g2[L.G_SIDES + k] * 0.5
        x = w[12] + w[13] + w[14]
        for k in range(3):
            lo[2 * k] = q[k] - x
            lo[2 * k + 1] = q[k] + x
    else:
        for k in range(3):
            w[3 + k] = g2[L.G_R + 3 * k + 2]
        w[6] = g2[L.G_LENGTH] * 0.5
        w[7] = g2[L.G_RADIUS]
        w[8] = 0.0
        if cls == L.GC_CYLINDER:
            w[8] = 1.0
        to_local(g1, w[0] + w[3], w[1] + w[4], w[2] + w[5], nv, 0)
        for k in range(3):
            x = fabs(nv[k] - q[k]) * w[6] + w[7]
            lo[2 * k] = q[k] - x
            lo[2 * k + 1] = q[k] + x
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    for j in range(md.nt):
        t = md.to[j]
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        if cls == L.GC_BOX:
            n = box_tri(tv, w, res)
        elif w[8] != 0:
            n = cyl_tri(g2, tv, w, res)
        else:
            n = cap_tri(tv, w, res)
        for k in range(n):
            if (cls == L.GC_BOX and not unimp) or out.n < maxc:  # the box collects all, keeps the deepest (emit)
                buf_push(out, res[7 * k], res[7 * k + 1], res[7 * k + 2], -res[7 * k + 3], -res[7 * k + 4], -res[7 * k + 5], res[7 * k + 6], t, -1)
        if out.n >= maxc and (cls != L.GC_BOX or unimp):
            break
    if unimp:  # CONTACTS_UNIMPORTANT (observed): the first contacts found, unmerged
        n = emit(out, flags, contacts, skip)
        buf_free(out)
        return n
    merged = buf_new()
    j = 0
    if cls == L.GC_CYLINDER:
        j = 1
    elif cls == L.GC_CAPSULE:
        j = 2
    for k in range(out.n):
        t = k * L.CR
        buf_merge(merged, out.c[t + L.C_POS], out.c[t + L.C_POS + 1], out.c[t + L.C_POS + 2], out.c[t + L.C_NORMAL], out.c[t + L.C_NORMAL + 1], out.c[t + L.C_NORMAL + 2], out.c[t + L.C_DEPTH], to_int(out.c[t + L.C_SIDE1]), to_int(out.c[t + L.C_SIDE2]), j)
    n = emit(merged, flags, contacts, skip)
    buf_free(out)
    buf_free(merged)
    return n


def collide_trimesh_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a capsule."""
    return trimesh_round(g1, i1, g2, i2, flags, contacts, skip)


def collide_trimesh_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a cylinder."""
    return trimesh_round(g1, i1, g2, i2, flags, contacts, skip)


def box_collect(b, maxc, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void box_collect(Buf* b, int maxc, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2) noexcept nogil
    """Collect a box-trimesh contact by libode's rules (found through the oracle: libode's per-triangle contacts
    replayed in triangle order reproduce all its results for max contacts 1, 4 and 64): a contact is a
    duplicate of a collected one when their squared distance is below the double epsilon 2^-52 and their
    normals' dot product above 1 - 2^-52 (so equal normals whose dot rounds below that are not merged); a deeper
    duplicate replaces it whole, others are dropped; when maxc are collected a new contact replaces the first
    shallowest one if it is deeper. A float kernel cannot see libode's double rounding: it merges what libode
    would merge if every equal normal's dot rounded high (points within 1e-13 squared, ~3e-7, which float
    rounding of libode's equal points stays within; normals' dot above 1 - 1e-6, beyond float rounding). Of
    the thresholds swept on the recorded poses (squared distances 1e-15 .. 2^-23, dots 1 - 2^-52 .. 0.9999)
    these differ from libode on the fewest (26 of 250; the float epsilon for both, 36)."""
    #: int k, o, m
    #: dReal dx, dy, dz
    #: double eps, dot
    eps = 2.220446049250313e-16
    dot = 1.0 - eps
    #: py- if sizeof(dReal) == 4:
    #: py-     eps = 1e-13
    #: py-     dot = 0.999999
    for k in range(b.n):
        o = k * L.CR
        dx = px - b.c[o + L.C_POS]
        dy = py - b.c[o + L.C_POS + 1]
        dz = pz - b.c[o + L.C_POS + 2]
        if dx * dx + dy * dy + dz * dz < eps:
            if nx * b.c[o + L.C_NORMAL] + ny * b.c[o + L.C_NORMAL + 1] + nz * b.c[o + L.C_NORMAL + 2] > dot:
                if depth > b.c[o + L.C_DEPTH]:
                    box_put(b, k, px, py, pz, nx, ny, nz, depth, s1, s2)
                return
    if b.n < maxc:
        buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)
        return
    m = 0
    for k in range(1, b.n):
        if b.c[k * L.CR + L.C_DEPTH] < b.c[m * L.CR + L.C_DEPTH]:
            m = k
    if depth > b.c[m * L.CR + L.C_DEPTH]:
        box_put(b, m, px, py, pz, nx, ny, nz, depth, s1, s2)


def box_put(b, k, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void box_put(Buf* b, int k, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2) noexcept nogil
    """Overwrite collected contact k."""
    #: int o
    o = k * L.CR
    b.c[o + L.C_POS] = px
    b.c[o + L.C_POS + 1] = py
    b.c[o + L.C_POS + 2] = pz
    b.c[o + L.C_NORMAL] = nx
    b.c[o + L.C_NORMAL + 1] = ny
    b.c[o + L.C_NORMAL + 2] = nz
    b.c[o + L.C_DEPTH] = depth
    b.c[o + L.C_SIDE1] = s1
    b.c[o + L.C_SIDE2] = s2


def collide_trimesh_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a box: box_tri per triangle in libode's order, collected by box_collect."""
    #: MeshData* md
    #: Buf* out
    #: int k, j, t, n, maxc, unimp
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal q[3]
    #: dReal lo[6]
    #: dReal w[16]
    #: dReal res[112]
    #: dReal x
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    q = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    w = [0.0] * 16  # py
    res = [0.0] * 112  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH:
        return 0
    for k in range(3):
        w[k] = g2[L.G_POS + k]
    to_local(g1, w[0], w[1], w[2], q, 0)
    for k in range(3):
        for j in range(3):
            w[3 + 3 * k + j] = g2[L.G_R + 3 * j + k]
        w[12 + k] = g2[L.G_SIDES + k] * 0.5
    x = w[12] + w[13] + w[14]
    for k in range(3):
        lo[2 * k] = q[k] - x
        lo[2 * k + 1] = q[k] + x
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    for j in range(md.nt):
        if unimp and out.n >= maxc:
            break
        t = md.to[j]
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        n = box_tri(tv, w, res)
        for k in range(n):
            if unimp:  # CONTACTS_UNIMPORTANT: the first maxc contacts as found, unmerged (observed)
                if out.n < maxc:
                    buf_push(out, res[7 * k], res[7 * k + 1], res[7 * k + 2], -res[7 * k + 3], -res[7 * k + 4], -res[7 * k + 5], res[7 * k + 6], t, -1)
            else:
                box_collect(out, maxc, res[7 * k], res[7 * k + 1], res[7 * k + 2], -res[7 * k + 3], -res[7 * k + 4], -res[7 * k + 5], res[7 * k + 6], t, -1)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def hf_tri_plane(md, i, j, upper, pl):
    #: cdef void hf_tri_plane(MeshData* md, int i, int j, int upper, dReal* pl) noexcept nogil
    """pl[0:4] = the plane (unit up normal, offset) of cell (i, j)'s lower or upper triangle, libode's way
    (bit for bit on observed normals): in the corner frame (sample (i, j) at (i dx, h, j dz)) the lower
    triangle's normal is (C - A) x (B - A), the upper's (B - D) x (C - D) (A = (i, j), B = (i + 1, j),
    C = (i, j + 1), D = (i + 1, j + 1)), times 1 / its length; the offset is the normal . A or D."""
    #: dReal dx, dz, xa, xb, za, zb, ax, ay, az, ux, uy, uz, wx, wy, wz, nx, ny, nz, ln
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    xa = i * dx
    xb = (i + 1) * dx
    za = j * dz
    zb = (j + 1) * dz
    if upper:
        ax = xb
        ay = hf_height(md, i + 1, j + 1)
        az = zb
        ux = xb - xb
        uy = hf_height(md, i + 1, j) - ay
        uz = za - zb
        wx = xa - xb
        wy = hf_height(md, i, j + 1) - ay
        wz = zb - zb
    else:
        ax = xa
        ay = hf_height(md, i, j)
        az = za
        ux = xa - xa
        uy = hf_height(md, i, j + 1) - ay
        uz = zb - za
        wx = xb - xa
        wy = hf_height(md, i + 1, j) - ay
        wz = za - za
    nx = uy * wz - uz * wy
    ny = uz * wx - ux * wz
    nz = ux * wy - uy * wx
    ln = 1.0 / sqrt(nx * nx + ny * ny + nz * nz)
    pl[0] = nx * ln
    pl[1] = ny * ln
    pl[2] = nz * ln
    pl[3] = pl[0] * ax + pl[1] * ay + pl[2] * az


def hf_same_plane(pa, pb):
    #: cdef int hf_same_plane(const dReal* pa, const dReal* pb) noexcept nogil
    """1 when planes pa and pb (normal, offset) agree within the machine epsilon in every component."""
    #: int k
    #: dReal e
    e = 2.220446049250313e-16  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    for k in range(4):
        if not (fabs(pa[k] - pb[k]) < e):
            return 0
    return 1


def hf_group_marks(md, vf, tf, rx, rz, nw):
    #: cdef void hf_group_marks(MeshData* md, dReal* vf, const dReal* tf, const int* rx, const int* rz, int nw) noexcept nogil
    """libode's coplanar rule (observed): triangles of the zone on one plane act as one, so a plane contact
    over any of them (tf[2 cell + upper] = 1) keeps the sample points of all of them (vf = 2) out of the
    sample pass. One plane: normals and corner-frame offsets within the machine epsilon (hf_same_plane;
    terraces 2.2e-16 apart are one plane, 2.3e-16 apart two)."""
    #: int i, j, u, t, t2, k, ncx, nt, hit
    #: dReal* pls
    #: dReal pa[4]
    #: dReal pb[4]
    ncx = rx[1] - rx[0] + 1
    nt = 2 * ncx * (rz[1] - rz[0] + 1)
    hit = 0
    for t in range(nt):
        if tf[t] != 0.0:
            hit = 1
    if not hit:
        return
    pa = [0.0] * 4  # py
    pb = [0.0] * 4  # py
    pls = work_new(4 * nt)
    for j in range(rz[0], rz[1] + 1):
        for i in range(rx[0], rx[1] + 1):
            for u in range(2):
                t = 2 * ((j - rz[0]) * ncx + i - rx[0]) + u
                hf_tri_plane(md, i, j, u, pa)
                for k in range(4):
                    pls[4 * t + k] = pa[k]
    for t in range(nt):
        if tf[t] == 0.0:
            continue
        for k in range(4):
            pa[k] = pls[4 * t + k]
        for t2 in range(nt):
            for k in range(4):
                pb[k] = pls[4 * t2 + k]
            if not hf_same_plane(pa, pb):
                continue
            k = t2 // 2
            k = (k // ncx) * nw + k % ncx
            if t2 % 2:
                vf[k + 1] = 2.0
                vf[k + nw] = 2.0
                vf[k + nw + 1] = 2.0
            else:
                vf[k] = 2.0
                vf[k + nw] = 2.0
                vf[k + 1] = 2.0
    work_free(pls)


def hf_valley_marks(md, vf, rx, rz, nw):
    #: cdef void hf_valley_marks(MeshData* md, dReal* vf, const int* rx, const int* rz, int nw) noexcept nogil
    """Mark (vf = 3) the samples libode never tests against the geom: the zone's last row and column.

    Observed: each cell of the zone (x outer, z inner) sets the test state of its four corners, the last cell
    to name a sample deciding. A cell's first corner (i, j) is always tested, which decides every sample not
    in the zone's last sample row or column; there the deciding cell names the sample as its (i, j + 1) or
    (i + 1, j) corner, and the sample is not tested when that cell's diagonal (i + 1, j)-(i, j + 1) is a
    valley: both its ends lower than (i, j) and than (i + 1, j + 1) (strictly). The far corner (i + 1, j + 1)
    of the last cell is always tested.
    """
    #: int i, j, k, ci, cj
    #: dReal a, b, c, d
    for j in range(rz[0], rz[1] + 2):
        for i in range(rx[0], rx[1] + 2):
            if i <= rx[1] and j <= rz[1]:
                continue
            if i > rx[1] and j > rz[1]:
                continue
            ci = i
            cj = j
            if i > rx[1]:
                ci = i - 1
            if j > rz[1]:
                cj = j - 1
            a = hf_height(md, ci, cj)
            b = hf_height(md, ci + 1, cj)
            c = hf_height(md, ci, cj + 1)
            d = hf_height(md, ci + 1, cj + 1)
            if a > c and a > b and d > b and d > c:
                k = (j - rz[0]) * nw + i - rx[0]
                vf[k] = 3.0


def hf_corner_sphere(g1, out, c, r, vx, vy, vz, nx, ny, nz, vf, k):
    #: cdef void hf_corner_sphere(const dReal* g1, Buf* out, const dReal* c, dReal r, dReal vx, dReal vy, dReal vz, dReal nx, dReal ny, dReal nz, dReal* vf, int k) noexcept nogil
    """A heightfield sample point v met for the first time (flag vf[k] = 0) inside the sphere: a contact there."""
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


def hf_tri_sphere(g1, out, c, r, ax, ay, az, ux, uy, uz, wx, wy, wz, x0, z0, dx, dz, upper, vf, v0, v1, v2, corners, pl):
    #: cdef void hf_tri_sphere(const dReal* g1, Buf* out, const dReal* c, dReal r, dReal ax, dReal ay, dReal az, dReal ux, dReal uy, dReal uz, dReal wx, dReal wy, dReal wz, dReal x0, dReal z0, dReal dx, dReal dz, int upper, dReal* vf, int v0, int v1, int v2, int corners, const dReal* pl) noexcept nogil
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
    #: cdef int collide_heightfield_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a sphere: cell-triangle planes, then sample points inside (libode's rule)."""
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
        to_world(g1, (c[0] + md.width * 0.5) - md.width * 0.5, c[1] - r, (c[2] + md.depth * 0.5) - md.depth * 0.5,
                 lo, 0)
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
                hf_tri_sphere(g1, out, c, r, x0, h00, z0, 0.0, h01 - h00, dz, dx, h10 - h00, 0.0, x0, z0, dx, dz,
                              0, vf, k, k + nw, k + 1, pas, pl)
                if pas == 0:
                    tf[q] = 1.0 if out.n > m else 0.0
                m = out.n
                hf_tri_plane(md, i, j, 1, pl)
                hf_tri_sphere(g1, out, c, r, x1, h10, z0, -dx, h01 - h10, dz, 0.0, h11 - h10, dz, x0, z0, dx, dz,
                              1, vf, k + 1, k + nw, k + nw + 1, pas, pl)
                if pas == 0:
                    tf[q + 1] = 1.0 if out.n > m else 0.0
    work_free(tf)
    work_free(vf)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def box_point_depth(g2, x, y, z):
    #: cdef dReal box_point_depth(const dReal* g2, dReal x, dReal y, dReal z) noexcept nogil
    """Depth of world point (x, y, z) inside box record g2 (distance to its nearest face; negative outside)."""
    #: dReal d, e
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    to_local(g2, x, y, z, t, 0)
    d = g2[L.G_SIDES] * 0.5 - fabs(t[0])
    e = g2[L.G_SIDES + 1] * 0.5 - fabs(t[1])
    if e < d:
        d = e
    e = g2[L.G_SIDES + 2] * 0.5 - fabs(t[2])
    if e < d:
        d = e
    return d


def hf_point_depth(g2, m2, cls, x, y, z):
    #: cdef dReal hf_point_depth(const dReal* g2, MeshData* m2, int cls, dReal x, dReal y, dReal z) noexcept nogil
    """Depth of a world point inside a box or capsule record (negative outside)."""
    #: dReal ex, ey, ez
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    if cls == L.GC_BOX:
        return box_point_depth(g2, x, y, z)
    seg_closest(g2[L.G_POS] + g2[L.G_R + 2] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 1] + g2[L.G_R + 5] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 2] + g2[L.G_R + 8] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS] - g2[L.G_R + 2] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 1] - g2[L.G_R + 5] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 2] - g2[L.G_R + 8] * (g2[L.G_LENGTH] * 0.5), x, y, z, t)
    ex = x - t[0]
    ey = y - t[1]
    ez = z - t[2]
    return g2[L.G_RADIUS] - sqrt(ex * ex + ey * ey + ez * ez)


def hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, ax, ay, az, ux, uy, uz, wx, wy, wz, x0, z0, dx, dz, upper, vf, v0, v1, v2, corners, tp):
    #: cdef void hf_tri_pts(const dReal* g1, const dReal* g2, MeshData* m2, int cls, Buf* out, const dReal* bv, int npts, dReal r, dReal ax, dReal ay, dReal az, dReal ux, dReal uy, dReal uz, dReal wx, dReal wy, dReal wz, dReal x0, dReal z0, dReal dx, dReal dz, int upper, dReal* vf, int v0, int v1, int v2, int corners, const dReal* tp) noexcept nogil
    """A cell triangle (corner a, edges u and w, normal u x w up) against a geom given by local points.

    libode's heightfield rule, first pass: for each point p that libode's plane collider gives for the
    triangle's plane (a box's deepest corner and its face of least loss, a capsule's segment ends with margin
    r, a cylinder's deepest rim points, a convex's vertices unless all are under the plane, a trimesh's first
    10 vertices under it) the deepest point q = p - r n under the plane and over the triangle (cell
    coordinates as for spheres) is a contact with the plane's normal and its depth; the triangle's corners are
    then excluded from the second pass, where each sample point met for the first time gets a contact (see
    hf_corner_pt) with this triangle's normal.
    """
    #: dReal nx, ny, nz, ln, pl, px, py, pz, sx, sy
    #: int k, j, got, below, m, m2x
    #: dReal be[3]
    #: int o[3]
    be = [0.0] * 3  # py
    o = [0, 1, 2]  # py
    nx = tp[0]  # the plane's normal (hf_tri_plane; u and w span the triangle from its corner a)
    ny = tp[1]
    nz = tp[2]
    if corners:
        hf_corner_pt(g1, g2, m2, cls, out, ax, ay, az, nx, ny, nz, vf, v0)
        hf_corner_pt(g1, g2, m2, cls, out, ax + ux, ay + uy, az + uz, nx, ny, nz, vf, v1)
        hf_corner_pt(g1, g2, m2, cls, out, ax + wx, ay + wy, az + wz, nx, ny, nz, vf, v2)
        return
    got = 0
    if cls == L.GC_CYLINDER:
        for k in range(2):
            pl = bv[30] * nx + bv[31] * ny + bv[32] * nz
            px = nx - bv[30] * pl
            py = ny - bv[31] * pl
            pz = nz - bv[32] * pl
            pl = sqrt(px * px + py * py + pz * pz)
            if pl < 1e-9:  # the plane is square to the axis: four rim points along the local x and y axes
                for j in range(4):
                    sx = 1.0 if j == 0 else (-1.0 if j == 1 else 0.0)
                    sy = 1.0 if j == 2 else (-1.0 if j == 3 else 0.0)
                    got = got | hf_pt_plane(g1, out, bv[24 + 3 * k] + (bv[33] * sx + bv[36] * sy) * r,
                                            bv[25 + 3 * k] + (bv[34] * sx + bv[37] * sy) * r,
                                            bv[26 + 3 * k] + (bv[35] * sx + bv[38] * sy) * r, 0.0,
                                            ax, ay, az, nx, ny, nz, x0, z0, dx, dz, upper)
            else:  # the cap's rim point deepest along -n
                got = got | hf_pt_plane(g1, out, bv[24 + 3 * k] - px * (r / pl), bv[25 + 3 * k] - py * (r / pl),
                                        bv[26 + 3 * k] - pz * (r / pl), 0.0, ax, ay, az, nx, ny, nz, x0, z0, dx,
                                        dz, upper)
    elif cls == L.GC_BOX:  # libode's box-plane: the deepest corner and its face of least loss (4 corners)
        m = 0
        for j in range(3):
            k = 4 >> j
            pl = ((bv[3 * k] - bv[0]) * nx + (bv[3 * k + 1] - bv[1]) * ny + (bv[3 * k + 2] - bv[2]) * nz) * 0.5
            be[j] = fabs(pl) * 2
            if not (pl > 0):
                m = m | k
        o[0] = 0
        o[1] = 1
        o[2] = 2
        for k in range(2):
            for j in range(2 - k):
                if be[o[j + 1]] < be[o[j]]:
                    m2x = o[j]
                    o[j] = o[j + 1]
                    o[j + 1] = m2x
        for k in range(4):
            j = m
            if k & 1:
                j = j ^ (4 >> o[0])
            if k & 2:
                j = j ^ (4 >> o[1])
            got = got | hf_pt_plane(g1, out, bv[3 * j], bv[3 * j + 1], bv[3 * j + 2], r, ax, ay, az, nx, ny, nz,
                                    x0, z0, dx, dz, upper)
    else:
        below = 0
        if cls == L.GC_CONVEX:  # libode's convex-plane test: a convex wholly under the plane gives nothing
            for k in range(npts):
                if r + ((ax - bv[3 * k]) * nx + (ay - bv[3 * k + 1]) * ny + (az - bv[3 * k + 2]) * nz) > 0:
                    below = below + 1
            if below == npts:
                return
            below = 0
        for k in range(npts):
            if cls == L.GC_TRIMESH:  # libode's trimesh-plane test stops at 10 points under the plane
                if r + ((ax - bv[3 * k]) * nx + (ay - bv[3 * k + 1]) * ny + (az - bv[3 * k + 2]) * nz) > 0:
                    below = below + 1
                    if below > 10:
                        break
            got = got | hf_pt_plane(g1, out, bv[3 * k], bv[3 * k + 1], bv[3 * k + 2], r, ax, ay, az, nx, ny, nz,
                                    x0, z0, dx, dz, upper)
    if got:
        vf[v0] = 2.0
        vf[v1] = 2.0
        vf[v2] = 2.0


def hf_pt_plane(g1, out, px, py, pz, r, ax, ay, az, nx, ny, nz, x0, z0, dx, dz, upper):
    #: cdef int hf_pt_plane(const dReal* g1, Buf* out, dReal px, dReal py, dReal pz, dReal r, dReal ax, dReal ay, dReal az, dReal nx, dReal ny, dReal nz, dReal x0, dReal z0, dReal dx, dReal dz, int upper) noexcept nogil
    """Local point p with margin r under the plane (a, n) and its deepest point over the cell triangle: a contact."""
    #: dReal dep, qx, qy, qz, s, t
    #: dReal w[6]
    w = [0.0] * 6  # py
    dep = r + ((ax - px) * nx + (ay - py) * ny + (az - pz) * nz)
    if dep <= 0:
        return 0
    qx = px - nx * r
    qy = py - ny * r
    qz = pz - nz * r
    s = (qx - x0) / dx
    t = (qz - z0) / dz
    if upper == 1:
        if s > 1 or t > 1 or s + t < 1:
            return 0
    elif upper == 0 and (s < 0 or t < 0 or s + t > 1):
        return 0
    to_world(g1, qx, qy, qz, w, 0)
    rot_vec(g1, nx, ny, nz, w, 3)
    if not buf_has(out, w[0], w[1], w[2], -w[3], -w[4], -w[5]):  # coplanar triangles collide once (libode)
        buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], dep, -1, -1)
    return 1


def hf_corner_pt(g1, g2, m2, cls, out, vx, vy, vz, nx, ny, nz, vf, k):
    #: cdef void hf_corner_pt(const dReal* g1, const dReal* g2, MeshData* m2, int cls, Buf* out, dReal vx, dReal vy, dReal vz, dReal nx, dReal ny, dReal nz, dReal* vf, int k) noexcept nogil
    """A heightfield sample point met for the first time (flag vf[k] = 0) inside the geom: a contact there.

    libode tests no sample against a convex or a cylinder. A trimesh has no inside: libode casts a ray from the sample along this triangle's up normal through the
    mesh's AABB tree (see hf_tree_ray); its first hit is the contact's depth. A miss leaves the sample to
    the next triangle that has it as a corner.
    """
    #: dReal d
    #: dReal w[6]
    #: dReal p[3]
    #: dReal tv[9]
    #: dReal res[4]
    w = [0.0] * 6  # py
    p = [0.0] * 3  # py
    tv = [0.0] * 9  # py
    res = [0.0] * 4  # py
    if vf[k] != 0.0 or cls == L.GC_CONVEX or cls == L.GC_CYLINDER:
        return
    if cls == L.GC_TRIMESH:
        to_world(g1, vx, vy, vz, w, 0)
        rot_vec(g1, nx, ny, nz, w, 3)
        to_local(g2, w[0], w[1], w[2], p, 0)
        d = hf_tree_ray(g2, m2, p, w, tv, res, 0, m2.nt, 0)
        if d < 0:
            return
        vf[k] = 1.0
        buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], d, -1, -1)
        return
    vf[k] = 1.0
    to_world(g1, vx, vy, vz, w, 0)
    d = hf_point_depth(g2, m2, cls, w[0], w[1], w[2])
    if d <= 0:
        return
    rot_vec(g1, nx, ny, nz, w, 3)
    buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], d, -1, -1)


def hf_tree_ray(g2, m2, p, w, tv, res, lo, hi, ptr):
    #: cdef dReal hf_tree_ray(const dReal* g2, MeshData* m2, const dReal* p, const dReal* w, dReal* tv, dReal* res, int lo, int hi, int ptr) noexcept nogil
    """First hit of the ray w (origin, unit direction; world) with the triangles of tree node [lo, hi), or -1.

    libode's heightfield sample test against a trimesh, as observed: the mesh's AABB tree (tree_order: the
    leaves in order, then the internal nodes' splits in preorder, ptr = this node's) is descended only
    through nodes whose box (the union of their triangles' mesh-frame boxes) holds the sample p (mesh
    frame), first part first; a leaf triangle met there is hit by the whole ray (no length), and the first
    hit ends the walk.
    """
    #: int q, c, t, sp
    #: dReal mn, mx, d
    if hi - lo == 1:
        t = m2.to[lo]
        if tri_degenerate(m2, t):
            return -1.0
        for c in range(3):
            q = m2.t[3 * t + c]
            to_world(g2, m2.v[3 * q], m2.v[3 * q + 1], m2.v[3 * q + 2], tv, 3 * c)
        if ray_tri(w[0], w[1], w[2], w[3], w[4], w[5], tv, res) and res[0] >= 0:
            return res[0]
        return -1.0
    if hi - lo < 1:
        return -1.0
    for c in range(3):
        mn = DINF
        mx = -DINF
        for q in range(lo, hi):
            t = m2.to[q]
            if m2.tb[6 * t + 2 * c] < mn:
                mn = m2.tb[6 * t + 2 * c]
            if m2.tb[6 * t + 2 * c + 1] > mx:
                mx = m2.tb[6 * t + 2 * c + 1]
        if p[c] < mn or p[c] > mx:
            return -1.0
    sp = m2.to[m2.nt + ptr]
    d = hf_tree_ray(g2, m2, p, w, tv, res, lo, sp, ptr + 1)
    if d >= 0:
        return d
    return hf_tree_ray(g2, m2, p, w, tv, res, sp, hi, ptr + sp - lo)


def hf_samples_tested(md, ex, ez):
    #: cdef int hf_samples_tested(MeshData* md, dReal ex, dReal ez) noexcept nogil
    """1 when libode tests the sample points against a sphere, box or capsule: its box in the field's frame is
    wider than 1.5 cells along x (ex) or along z (ez); a smaller geom meets only the cell-triangle planes.

    Observed through the oracle: a geom over a peak sample gets its sample contact exactly when its half
    width exceeds 0.75 cells along x or z, whatever its position, height, y extent, class or the field's
    turn (its box as seen in the field's frame counts, not its world AABB); a trimesh's samples always are.
    """
    if ex > 1.5 * (md.width / (md.wn - 1)):
        return 1
    if ez > 1.5 * (md.depth / (md.dn - 1)):
        return 1
    return 0


def hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho):
    #: cdef int hf_below(const dReal* g1, MeshData* md, const dReal* g2, const dReal* lo, const int* rx, const int* rz, int flags, dReal* contacts, dReal* ho) noexcept nogil
    """libode's checks on the zone's samples before any triangle (observed), with e the machine epsilon:
    the geom's local box lo wholly above them (its bottom - the highest > -e): no contact, returns 2; wholly
    under them (the lowest - its top > -e): one contact at the geom's position raised to the lowest sample,
    with the field's up normal and the depth from the box's top to that height, returns 1; all samples at
    one height (highest - lowest < e): returns 3 (the geom meets that plane alone, ho[0] = its height); else 0.
    """
    #: int i, j
    #: dReal hm, hx, h, e
    #: dReal w[6]
    w = [0.0] * 6  # py
    e = 2.220446049250313e-16  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    hm = hf_height(md, rx[0], rz[0])
    hx = hm
    for j in range(rz[0], rz[1] + 2):
        for i in range(rx[0], rx[1] + 2):
            h = hf_height(md, i, j)
            if h < hm:
                hm = h
            if h > hx:
                hx = h
    if lo[2] - hx > -e:
        return 2
    if not (hm - lo[3] > -e):
        ho[0] = hm
        if hx - hm < e:
            return 3
        return 0
    to_local(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], w, 0)
    to_world(g1, w[0], hm, w[2], w, 0)
    rot_vec(g1, 0.0, 1.0, 0.0, w, 3)
    contacts[L.C_POS] = w[0]
    contacts[L.C_POS + 1] = w[1]
    contacts[L.C_POS + 2] = w[2]
    contacts[L.C_NORMAL] = -w[3]
    contacts[L.C_NORMAL + 1] = -w[4]
    contacts[L.C_NORMAL + 2] = -w[5]
    contacts[L.C_DEPTH] = hm - lo[3]
    contacts[L.C_SIDE1] = -1
    contacts[L.C_SIDE2] = -1
    return 1


def hf_points(g1, i1, g2, m2, cls, bv, npts, r, flags, contacts, skip):
    #: cdef int hf_points(const dReal* g1, const int* i1, const dReal* g2, MeshData* m2, int cls, dReal* bv, int npts, dReal r, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield geom 1 against a box, capsule or convex g2 given by its local points bv with margin r."""
    #: MeshData* md
    #: Buf* out
    #: int i, j, n, nw, b, k, pas, q, ncx, ncz, npas, m
    #: dReal dx, dz, x0, x1, z0, h00, h01, h10, h11
    #: dReal* vf
    #: dReal* tf
    #: dReal lo[6]
    #: dReal c[3]
    #: dReal e[3]
    #: dReal ho[1]
    #: dReal pl[4]
    #: int rx[2]
    #: int rz[2]
    lo = [0.0] * 6  # py
    c = [0.0] * 3  # py
    e = [0.0] * 3  # py
    ho = [0.0]  # py
    pl = [0.0] * 4  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    if cls == L.GC_TRIMESH:  # libode bounds a trimesh by its mesh-frame box: corners after the vertices
        for k in range(8):
            for j in range(3):
                if k == 0 or bv[3 * (npts + k) + j] < lo[2 * j]:
                    lo[2 * j] = bv[3 * (npts + k) + j]
                if k == 0 or bv[3 * (npts + k) + j] > lo[2 * j + 1]:
                    lo[2 * j + 1] = bv[3 * (npts + k) + j]
    elif cls == L.GC_CONVEX:
        for k in range(npts):
            for j in range(3):
                if k == 0 or bv[3 * k + j] < lo[2 * j]:
                    lo[2 * j] = bv[3 * k + j]
                if k == 0 or bv[3 * k + j] > lo[2 * j + 1]:
                    lo[2 * j + 1] = bv[3 * k + j]
    else:  # a box, capsule or cylinder: its centre and AABB half extents in the field's frame
        hf_extents(g1, g2, cls, c, e)
        for j in range(3):
            lo[2 * j] = c[j] - e[j]
            lo[2 * j + 1] = c[j] + e[j]
    if lo[2] > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    if cls == L.GC_TRIMESH or cls == L.GC_CONVEX:
        if not hf_zone(md, lo[0] + md.width * 0.5, lo[1] + md.width * 0.5, md.wn, md.width, rx):
            return 0
        if not hf_zone(md, lo[4] + md.depth * 0.5, lo[5] + md.depth * 0.5, md.dn, md.depth, rz):
            return 0
    else:
        if not hf_zone(md, (c[0] + md.width * 0.5) - e[0], (c[0] + md.width * 0.5) + e[0], md.wn, md.width, rx):
            return 0
        if not hf_zone(md, (c[2] + md.depth * 0.5) - e[2], (c[2] + md.depth * 0.5) + e[2], md.dn, md.depth, rz):
            return 0
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    out = buf_new()
    if k == 3:  # a flat zone: the geom against its plane alone, wherever the points lie (libode)
        c[0] = 0.0
        c[1] = 1.0
        c[2] = 0.0
        hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, 0.0, ho[0], 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, dx,
                   dz, 2, e, 0, 0, 0, 0, c)
        n = emit(out, flags, contacts, skip)
        buf_free(out)
        return n
    nw = rx[1] - rx[0] + 2
    vf = work_new(nw * (rz[1] - rz[0] + 2))
    for k in range(nw * (rz[1] - rz[0] + 2)):
        vf[k] = 0.0
    hf_valley_marks(md, vf, rx, rz, nw)
    ncx = rx[1] - rx[0] + 1
    ncz = rz[1] - rz[0] + 1
    tf = work_new(2 * ncx * ncz)
    npas = 2  # a trimesh's samples are always tested (by rays); a box's or capsule's only when it is wide
    if cls != L.GC_TRIMESH:
        npas = 1 + hf_samples_tested(md, lo[1] - lo[0], lo[5] - lo[4])
    for pas in range(npas):
        if pas == 1:
            hf_group_marks(md, vf, tf, rx, rz, nw)
        for q in range(ncx * ncz):
            if pas == 0:  # the planes row by row; the samples column by column (libode's orders)
                j = rz[0] + q // ncx
                i = rx[0] + q % ncx
            else:
                i = rx[0] + q // ncz
                j = rz[0] + q % ncz
            z0 = j * dz - md.depth * 0.5
            b = (j - rz[0]) * nw
            x0 = i * dx - md.width * 0.5
            x1 = (i + 1) * dx - md.width * 0.5
            h00 = hf_height(md, i, j)
            h01 = hf_height(md, i, j + 1)
            h10 = hf_height(md, i + 1, j)
            h11 = hf_height(md, i + 1, j + 1)
            k = b + i - rx[0]
            m = out.n
            hf_tri_plane(md, i, j, 0, pl)
            hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, x0, h00, z0, 0.0, h01 - h00, dz, dx, h10 - h00, 0.0,
                       x0, z0, dx, dz, 0, vf, k, k + nw, k + 1, pas, pl)
            if pas == 0:
                tf[2 * ((j - rz[0]) * ncx + i - rx[0])] = 1.0 if out.n > m else 0.0
            m = out.n
            hf_tri_plane(md, i, j, 1, pl)
            hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, x1, h10, z0, -dx, h01 - h10, dz, 0.0, h11 - h10, dz,
                       x0, z0, dx, dz, 1, vf, k + 1, k + nw, k + nw + 1, pas, pl)
            if pas == 0:
                tf[2 * ((j - rz[0]) * ncx + i - rx[0]) + 1] = 1.0 if out.n > m else 0.0
    work_free(tf)
    work_free(vf)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def collide_heightfield_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a box: per cell-triangle plane libode's box-plane corners (the deepest and
    its face of least loss) over the triangle, then samples inside (libode's rule, as observed)."""
    #: int k
    #: dReal bv[24]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 24  # py
    w = [0.0] * 3  # py
    for k in range(8):
        to_world(g2, g2[L.G_SIDES] * (0.5 if k & 4 else -0.5), g2[L.G_SIDES + 1] * (0.5 if k & 2 else -0.5),
                 g2[L.G_SIDES + 2] * (0.5 if k & 1 else -0.5), w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    return hf_points(g1, i1, g2, reg_get(0), L.GC_BOX, bv, 8, 0.0, flags, contacts, skip)


def collide_heightfield_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a capsule: its end spheres under cell-triangle planes, then samples inside."""
    #: dReal hl
    #: dReal bv[6]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 6  # py
    w = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    to_world(g2, 0.0, 0.0, hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 0)
    to_world(g2, 0.0, 0.0, -hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 3)
    return hf_points(g1, i1, g2, reg_get(0), L.GC_CAPSULE, bv, 2, g2[L.G_RADIUS], flags, contacts, skip)


def collide_heightfield_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a cylinder: per cell-triangle plane, each cap's deepest rim point (four rim
    points when the plane is square to the axis), as libode's cylinder-plane; no sample contacts (libode)."""
    #: int k
    #: dReal hl, r
    #: dReal bv[39]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 39  # py
    w = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    r = g2[L.G_RADIUS]
    for k in range(8):  # corners of the square prism around the cylinder (the cell range)
        to_world(g2, r if k & 4 else -r, r if k & 2 else -r, hl if k & 1 else -hl, w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    to_world(g2, 0.0, 0.0, hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 24)
    to_world(g2, 0.0, 0.0, -hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 27)
    for k in range(3):  # bv[30:33] = the cylinder's axis (local z), bv[33:36] its x, bv[36:39] its y
        bv[30 + 3 * k] = g1[L.G_R] * g2[L.G_R + (2 + k) % 3] + g1[L.G_R + 3] * g2[L.G_R + 3 + (2 + k) % 3] + g1[L.G_R + 6] * g2[L.G_R + 6 + (2 + k) % 3]
        bv[31 + 3 * k] = g1[L.G_R + 1] * g2[L.G_R + (2 + k) % 3] + g1[L.G_R + 4] * g2[L.G_R + 3 + (2 + k) % 3] + g1[L.G_R + 7] * g2[L.G_R + 6 + (2 + k) % 3]
        bv[32 + 3 * k] = g1[L.G_R + 2] * g2[L.G_R + (2 + k) % 3] + g1[L.G_R + 5] * g2[L.G_R + 3 + (2 + k) % 3] + g1[L.G_R + 8] * g2[L.G_R + 6 + (2 + k) % 3]
    return hf_points(g1, i1, g2, reg_get(0), L.GC_CYLINDER, bv, 8, r, flags, contacts, skip)


def collide_heightfield_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a convex: its vertices under cell-triangle planes and over them, none from a
    plane the whole convex is under, and no sample contacts (libode's rule, as observed)."""
    #: MeshData* m2
    #: int k, n
    #: dReal* bv
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0] * 3  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_CONVEX or m2.nv == 0:
        return 0
    bv = work_new(3 * m2.nv)
    for k in range(m2.nv):
        to_world(g2, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    n = hf_points(g1, i1, g2, m2, L.GC_CONVEX, bv, m2.nv, 0.0, flags, contacts, skip)
    work_free(bv)
    return n


def mesh_pair(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int mesh_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
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
            tri_set(tri, g2, m2.v[3 * p], m2.v[3 * p + 1], m2.v[3 * p + 2], m2.v[3 * q], m2.v[3 * q + 1],
                    m2.v[3 * q + 2], m2.v[3 * w], m2.v[3 * w + 1], m2.v[3 * w + 2], m2.tn[3 * t], m2.tn[3 * t + 1],
                    m2.tn[3 * t + 2], 0)
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


# ---- trimesh-trimesh (libode 0.16.2's rules, observed through the oracle): the triangle pairs of the two
# meshes' AABB trees (both descended together: first x first, first x second, second x first, second x second
# child) that intersect; per pair each triangle is clipped by the other's prism (edge planes) and the back of
# its plane, the direction with the smaller deepest point wins, and its deepest points (exact ties only: of
# mathematically tied points libode keeps those its rounding makes deepest) are the contacts, normal -n1
# (triangle 1's plane) or +n2. Normals (of triangles and of the edge planes) are normalised as libode does,
# bit for bit (tt_unit), and depths are n . v0 - n . p, which reproduces libode's values for unclipped
# vertices exactly. Contacts within TT_MERGE (per coordinate) are one: equally deep (within TT_DEPTH) ones
# sum their normals and get sides -1, and when the sum vanishes (opposite normals, as parallel faces of
# aligned poses give) the contact is removed; a deeper one replaces. The cap keeps the first contacts
# collected.


def tt_unit(n):
    #: cdef void tt_unit(dReal* n) noexcept nogil
    """n[0:3] scaled to unit length as libode's trimesh-trimesh does (observed bit for bit): divided by its
    largest component's magnitude (that component set to +-1), then times 1 / its length; unchanged if 0."""
    #: int k
    #: dReal m, s
    k = 0
    if fabs(n[1]) > fabs(n[k]):
        k = 1
    if fabs(n[2]) > fabs(n[k]):
        k = 2
    m = fabs(n[k])
    if m == 0:
        return
    s = 1.0 / m
    n[0] = n[0] * s
    n[1] = n[1] * s
    n[2] = n[2] * s
    n[k] = 1.0 if n[k] > 0 else -1.0
    s = 1.0 / sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    n[0] = n[0] * s
    n[1] = n[1] * s
    n[2] = n[2] * s


def tt_normal(t, n):
    #: cdef void tt_normal(const dReal* t, dReal* n) noexcept nogil
    """n[0:3] = the unit normal of triangle t (9 reals, counter-clockwise), zero when degenerate."""
    #: dReal ux, uy, uz, wx, wy, wz
    ux = t[3] - t[0]
    uy = t[4] - t[1]
    uz = t[5] - t[2]
    wx = t[6] - t[0]
    wy = t[7] - t[1]
    wz = t[8] - t[2]
    n[0] = uy * wz - uz * wy
    n[1] = uz * wx - ux * wz
    n[2] = ux * wy - uy * wx
    tt_unit(n)


def tt_side(t, n, s, d):
    #: cdef int tt_side(const dReal* t, const dReal* n, const dReal* s, dReal* d) noexcept nogil
    """d[0:3] = signed distances of triangle s's vertices to triangle t's plane (normal n); 0 when all on
    one side (strictly)."""
    #: int k
    for k in range(3):
        d[k] = n[0] * (s[3 * k] - t[0]) + n[1] * (s[3 * k + 1] - t[1]) + n[2] * (s[3 * k + 2] - t[2])
    if d[0] > 0 and d[1] > 0 and d[2] > 0:
        return 0
    if d[0] < 0 and d[1] < 0 and d[2] < 0:
        return 0
    return 1


def tt_interval(t, d, dx, dy, dz, out):
    #: cdef int tt_interval(const dReal* t, const dReal* d, dReal dx, dReal dy, dReal dz, dReal* out) noexcept nogil
    """out[0:2] = the interval along (dx, dy, dz) where triangle t (plane distances d) crosses the other
    plane; 0 when it does not."""
    #: int i, j, m
    #: dReal pi, pj, x
    m = 0
    for i in range(3):
        j = (i + 1) % 3
        pi = dx * t[3 * i] + dy * t[3 * i + 1] + dz * t[3 * i + 2]
        x = pi
        if d[i] == 0:
            if m == 0 or x < out[0]:
                out[0] = x
            if m == 0 or x > out[1]:
                out[1] = x
            m = m + 1
        if (d[i] < 0 and d[j] > 0) or (d[i] > 0 and d[j] < 0):
            pj = dx * t[3 * j] + dy * t[3 * j + 1] + dz * t[3 * j + 2]
            x = pi + (pj - pi) * d[i] / (d[i] - d[j])
            if m == 0 or x < out[0]:
                out[0] = x
            if m == 0 or x > out[1]:
                out[1] = x
            m = m + 1
    return 1 if m > 0 else 0


def tt_overlap(ta, na, tb, nb):
    #: cdef int tt_overlap(const dReal* ta, const dReal* na, const dReal* tb, const dReal* nb) noexcept nogil
    """1 when triangles ta and tb (unit normals na, nb) intersect (planes, then the intervals on their
    common line; coplanar triangles count as intersecting and are left to the clipping)."""
    #: dReal da[3]
    #: dReal db[3]
    #: dReal ia[2]
    #: dReal ib[2]
    #: dReal dx, dy, dz
    da = [0.0] * 3  # py
    db = [0.0] * 3  # py
    ia = [0.0] * 2  # py
    ib = [0.0] * 2  # py
    if not tt_side(ta, na, tb, db):
        return 0
    if not tt_side(tb, nb, ta, da):
        return 0
    if db[0] == 0 and db[1] == 0 and db[2] == 0:
        return 1
    dx = na[1] * nb[2] - na[2] * nb[1]
    dy = na[2] * nb[0] - na[0] * nb[2]
    dz = na[0] * nb[1] - na[1] * nb[0]
    if not tt_interval(ta, da, dx, dy, dz, ia):
        return 0
    if not tt_interval(tb, db, dx, dy, dz, ib):
        return 0
    if ia[1] < ib[0] or ib[1] < ia[0]:
        return 0
    return 1


def tt_clip(ta, na, tb, p, q):
    #: cdef int tt_clip(const dReal* ta, const dReal* na, const dReal* tb, dReal* p, dReal* q) noexcept nogil
    """p = triangle tb clipped by triangle ta's edge planes and the back of its plane; its size (<= 7)."""
    #: int i, j, k, m
    #: dReal ex, ey, ez
    #: dReal o[3]
    o = [0.0] * 3  # py
    for k in range(9):
        p[k] = tb[k]
    m = 3
    for i in range(3):
        j = (i + 1) % 3
        ex = ta[3 * j] - ta[3 * i]
        ey = ta[3 * j + 1] - ta[3 * i + 1]
        ez = ta[3 * j + 2] - ta[3 * i + 2]
        o[0] = ey * na[2] - ez * na[1]
        o[1] = ez * na[0] - ex * na[2]
        o[2] = ex * na[1] - ey * na[0]
        tt_unit(o)
        m = clip_poly(p, m, q, o[0], o[1], o[2], o[0] * ta[3 * i] + o[1] * ta[3 * i + 1] + o[2] * ta[3 * i + 2])
        for k in range(3 * m):
            p[k] = q[k]
        if m == 0:
            return 0
    m = clip_poly(p, m, q, na[0], na[1], na[2], na[0] * ta[0] + na[1] * ta[1] + na[2] * ta[2])
    for k in range(3 * m):
        p[k] = q[k]
    return m


def tt_deepest(ta, na, p, m):
    #: cdef dReal tt_deepest(const dReal* ta, const dReal* na, const dReal* p, int m) noexcept nogil
    """The largest depth of the m points p behind triangle ta's plane."""
    #: int k
    #: dReal d, best
    best = 0.0
    for k in range(m):
        d = na[0] * ta[0] + na[1] * ta[1] + na[2] * ta[2] - (na[0] * p[3 * k] + na[1] * p[3 * k + 1] + na[2] * p[3 * k + 2])
        if k == 0 or d > best:
            best = d
    return best


def tt_merge(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void tt_merge(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth, int s1, int s2) noexcept nogil
    """Collect a contact by libode's trimesh-trimesh merge (normals kept as sums, normalised at the end)."""
    #: int k, o, j
    for k in range(b.n):
        o = k * L.CR
        if fabs(b.c[o + L.C_POS] - px) < TT_MERGE and fabs(b.c[o + L.C_POS + 1] - py) < TT_MERGE and fabs(b.c[o + L.C_POS + 2] - pz) < TT_MERGE:
            if fabs(depth - b.c[o + L.C_DEPTH]) < TT_DEPTH:
                b.c[o + L.C_NORMAL] = b.c[o + L.C_NORMAL] + nx
                b.c[o + L.C_NORMAL + 1] = b.c[o + L.C_NORMAL + 1] + ny
                b.c[o + L.C_NORMAL + 2] = b.c[o + L.C_NORMAL + 2] + nz
                b.c[o + L.C_SIDE1] = -1
                b.c[o + L.C_SIDE2] = -1
                if fabs(b.c[o + L.C_NORMAL]) < TT_ZERO and fabs(b.c[o + L.C_NORMAL + 1]) < TT_ZERO and fabs(b.c[o + L.C_NORMAL + 2]) < TT_ZERO:
                    for j in range(o, (b.n - 1) * L.CR):
                        b.c[j] = b.c[j + L.CR]
                    b.n = b.n - 1
                    return
                if depth > b.c[o + L.C_DEPTH]:
                    b.c[o + L.C_POS] = px
                    b.c[o + L.C_POS + 1] = py
                    b.c[o + L.C_POS + 2] = pz
                    b.c[o + L.C_DEPTH] = depth
            elif depth > b.c[o + L.C_DEPTH]:
                b.c[o + L.C_POS] = px
                b.c[o + L.C_POS + 1] = py
                b.c[o + L.C_POS + 2] = pz
                b.c[o + L.C_NORMAL] = nx
                b.c[o + L.C_NORMAL + 1] = ny
                b.c[o + L.C_NORMAL + 2] = nz
                b.c[o + L.C_DEPTH] = depth
                b.c[o + L.C_SIDE1] = s1
                b.c[o + L.C_SIDE2] = s2
            return
    buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)


def tt_pair(ta, tb, s1, s2, w, out):
    #: cdef void tt_pair(const dReal* ta, const dReal* tb, int s1, int s2, dReal* w, Buf* out) noexcept nogil
    """The contacts of one intersecting triangle pair (ta of geom 1, tb of geom 2) into out; w: 48 reals."""
    #: int k, ma, mb, use
    #: dReal da, db, d, sx, sy, sz, off
    #: dReal* na
    #: dReal* nb
    #: dReal* pa
    #: dReal* pb
    #: dReal* q
    #: const dReal* tr
    #: const dReal* nr
    #: const dReal* pr
    na = work_new(3)  # py
    nb = work_new(3)  # py
    pa = work_new(21)  # py
    pb = work_new(21)  # py
    q = work_new(21)  # py
    #: py- na = w
    #: py- nb = w + 3
    #: py- pa = w + 6
    #: py- pb = w + 27
    #: py- q = w + 48
    tt_normal(ta, na)
    tt_normal(tb, nb)
    if not tt_overlap(ta, na, tb, nb):
        return
    ma = tt_clip(ta, na, tb, pa, q)
    mb = tt_clip(tb, nb, ta, pb, q)
    da = 0.0
    db = 0.0
    if ma > 0:
        da = tt_deepest(ta, na, pa, ma)
    if mb > 0:
        db = tt_deepest(tb, nb, pb, mb)
    use = 0
    if ma > 0 and (mb == 0 or da <= db):
        use = 1
    elif mb > 0:
        use = 2
    else:
        return
    if use == 1:
        tr = ta
        nr = na
        pr = pa
        d = da
        sx = -na[0]
        sy = -na[1]
        sz = -na[2]
    else:
        tr = tb
        nr = nb
        pr = pb
        d = db
        ma = mb
        sx = nb[0]
        sy = nb[1]
        sz = nb[2]
    off = nr[0] * tr[0] + nr[1] * tr[1] + nr[2] * tr[2]
    for k in range(ma):
        da = off - (nr[0] * pr[3 * k] + nr[1] * pr[3 * k + 1] + nr[2] * pr[3 * k + 2])
        if da >= d - TT_TIE:
            tt_merge(out, pr[3 * k], pr[3 * k + 1], pr[3 * k + 2], sx, sy, sz, da, s1, s2)


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
    #: cdef void tt_box(MeshData* md, const dReal* bx, const dReal* nb, int lo, int hi, int k, dReal* out, int o) noexcept nogil
    """out[o:o+6] = the world AABB of tree node k over leaves [lo, hi) (a triangle's when a leaf)."""
    #: int j
    for j in range(6):
        if hi - lo >= 2:
            out[o + j] = nb[8 * k + 2 + j]
        else:
            out[o + j] = bx[6 * md.to[lo] + j]


def collide_trimesh_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh against trimesh by libode's rules (see the section comment); sides = the triangle indices."""
    #: MeshData* m1
    #: MeshData* m2
    #: Buf* out
    #: dReal* wa
    #: dReal* wb
    #: dReal* ba
    #: dReal* bb
    #: dReal* st
    #: dReal* w
    #: dReal* nda
    #: dReal* ndb
    #: dReal bq[12]
    #: int ka[6]
    #: int kb[6]
    #: int n, sp, na, nb, x, y, ta, tb, maxc, unimp, k, j
    #: dReal ln
    #: dReal tv[18]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    ka = [0] * 6  # py
    kb = [0] * 6  # py
    tv = [0.0] * 18  # py
    bq = [0.0] * 12  # py
    m1 = reg_get(i1[L.GI_DATA])
    m2 = reg_get(i2[L.GI_DATA])
    if m1 is None or m2 is None or m1.kind != MESH_TRIMESH or m2.kind != MESH_TRIMESH:
        return 0
    if m1.nt == 0 or m2.nt == 0:
        return 0
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    wa = work_new(3 * m1.nv + 3)
    wb = work_new(3 * m2.nv + 3)
    ba = work_new(6 * m1.nt)
    bb = work_new(6 * m2.nt)
    st = work_new(6 * (3 * (m1.nt + m2.nt) + 4))
    w = work_new(80)
    nda = work_new(8 * m1.nt)
    ndb = work_new(8 * m2.nt)
    tt_boxes(g1, m1, wa, ba)
    tt_boxes(g2, m2, wb, bb)
    tt_nodes(m1, ba, nda)
    tt_nodes(m2, bb, ndb)
    out = buf_new()
    st[0] = 0.0
    st[1] = m1.nt
    st[2] = 0.0
    st[3] = 0.0
    st[4] = m2.nt
    st[5] = 0.0
    sp = 1
    while sp > 0:
        sp = sp - 1
        if unimp and out.n >= maxc:
            break
        na = tt_kids(m1, to_int(st[6 * sp]), to_int(st[6 * sp + 1]), to_int(st[6 * sp + 2]), ka)
        nb = tt_kids(m2, to_int(st[6 * sp + 3]), to_int(st[6 * sp + 4]), to_int(st[6 * sp + 5]), kb)
        tt_box(m1, ba, nda, to_int(st[6 * sp]), to_int(st[6 * sp + 1]), to_int(st[6 * sp + 2]), bq, 0)
        tt_box(m2, bb, ndb, to_int(st[6 * sp + 3]), to_int(st[6 * sp + 4]), to_int(st[6 * sp + 5]), bq, 6)
        if bq[0] > bq[7] or bq[6] > bq[1] or bq[2] > bq[9] or bq[8] > bq[3] or bq[4] > bq[11] or bq[10] > bq[5]:
            continue
        if na == 1 and nb == 1:
            ta = m1.to[ka[0]]
            tb = m2.to[kb[0]]
            for j in range(3):
                x = m1.t[3 * ta + j]
                y = m2.t[3 * tb + j]
                for k in range(3):
                    tv[3 * j + k] = wa[3 * x + k]
                    tv[9 + 3 * j + k] = wb[3 * y + k]
            tt_pair(tv, tv[9:], ta, tb, w, out)  # py
            #: py- tt_pair(tv, tv + 9, ta, tb, w, out)
            continue
        for x in range(na - 1, -1, -1):
            for y in range(nb - 1, -1, -1):
                st[6 * sp] = ka[3 * x]
                st[6 * sp + 1] = ka[3 * x + 1]
                st[6 * sp + 2] = ka[3 * x + 2]
                st[6 * sp + 3] = kb[3 * y]
                st[6 * sp + 4] = kb[3 * y + 1]
                st[6 * sp + 5] = kb[3 * y + 2]
                sp = sp + 1
    n = out.n
    if n > maxc:
        n = maxc
    for j in range(n):
        ln = sqrt(out.c[j * L.CR + L.C_NORMAL] * out.c[j * L.CR + L.C_NORMAL] + out.c[j * L.CR + L.C_NORMAL + 1] * out.c[j * L.CR + L.C_NORMAL + 1] + out.c[j * L.CR + L.C_NORMAL + 2] * out.c[j * L.CR + L.C_NORMAL + 2])
        if ln > 0:
            for k in range(3):
                out.c[j * L.CR + L.C_NORMAL + k] = out.c[j * L.CR + L.C_NORMAL + k] / ln
        for k in range(L.CR):
            contacts[j * skip + k] = out.c[j * L.CR + k]
    buf_free(out)
    work_free(wa)
    work_free(wb)
    work_free(ba)
    work_free(bb)
    work_free(st)
    work_free(w)
    work_free(nda)
    work_free(ndb)
    return n


def collide_convex_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_convex_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a trimesh: the convex against each one-sided triangle; side2 = triangle."""
    return mesh_pair(g1, i1, g2, i2, flags, contacts, skip)


def collide_heightfield_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a trimesh: its vertices under cell-triangle planes and over them, at most 10
    under each plane in the order the triangles first name them, then the samples hit by a ray through the
    mesh's AABB tree (hf_tree_ray) -- libode's heightfield rule for trimeshes, as observed."""
    #: MeshData* m2
    #: int k, n, t, npts
    #: dReal* seen
    #: dReal* bv
    #: dReal w[3]
    #: dReal lo[6]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_TRIMESH or m2.nv == 0:
        return 0
    bv = work_new(3 * m2.nv + 24)
    seen = work_new(m2.nv)
    for k in range(m2.nv):
        seen[k] = 0.0
    npts = 0
    for t in range(3 * m2.nt):  # the vertices in the order the triangles first name them (libode's)
        k = m2.t[t]
        if seen[k] == 0.0:
            seen[k] = 1.0
            to_world(g2, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], w, 0)
            to_local(g1, w[0], w[1], w[2], bv, 3 * npts)
            npts = npts + 1
    work_free(seen)
    mesh_bounds(m2, lo)
    for k in range(8):
        to_world(g2, lo[1] if k & 4 else lo[0], lo[3] if k & 2 else lo[2], lo[5] if k & 1 else lo[4], w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * (npts + k))
    n = hf_points(g1, i1, g2, m2, L.GC_TRIMESH, bv, npts, 0.0, flags, contacts, skip)
    work_free(bv)
    return n


def collide_heightfield_heightfield(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_heightfield(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield against heightfield: none (as ODE; two terrains are static)."""
    return 0


def vertex_plane(out, wx, wy, wz, px, py, pz, pd, side):
    #: cdef void vertex_plane(Buf* out, dReal wx, dReal wy, dReal wz, dReal px, dReal py, dReal pz, dReal pd, int side) noexcept nogil
    """Collect a contact when world point w lies below the plane (normal p, offset pd); normal = plane's."""
    #: dReal d
    d = pd - (px * wx + py * wy + pz * wz)
    if d >= 0:
        buf_add(out, wx, wy, wz, px, py, pz, d, side, -1)


def collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, kind1):
    #: cdef int collide_mesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip, int kind1) noexcept nogil
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
    #: cdef int collide_convex_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Convex (geom 1) against a plane: its vertices below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_CONVEX)


def collide_trimesh_plane(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a plane: its vertices below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_TRIMESH)


def collide_heightfield_plane(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a plane: its samples below the plane."""
    return collide_mesh_plane(g1, i1, g2, i2, flags, contacts, skip, MESH_HEIGHTFIELD)


def ray_tri(ox, oy, oz, dx, dy, dz, tv, res):
    #: cdef int ray_tri(dReal ox, dReal oy, dReal oz, dReal dx, dReal dy, dReal dz, dReal* tv, dReal* res) noexcept nogil
    """Moller-Trumbore: 1 with res[0] = distance, res[1] = det sign when the ray hits triangle tv (9 reals)."""
    #: dReal e1x, e1y, e1z, e2x, e2y, e2z, px, py, pz, det, sx, sy, sz, u, qx, qy, qz, v, t
    e1x = tv[3] - tv[0]
    e1y = tv[4] - tv[1]
    e1z = tv[5] - tv[2]
    e2x = tv[6] - tv[0]
    e2y = tv[7] - tv[1]
    e2z = tv[8] - tv[2]
    px = dy * e2z - dz * e2y
    py = dz * e2x - dx * e2z
    pz = dx * e2y - dy * e2x
    det = e1x * px + e1y * py + e1z * pz
    if det == 0:
        return 0
    sx = ox - tv[0]
    sy = oy - tv[1]
    sz = oz - tv[2]
    u = (sx * px + sy * py + sz * pz) / det
    if u < 0 or u > 1:
        return 0
    qx = sy * e1z - sz * e1y
    qy = sz * e1x - sx * e1z
    qz = sx * e1y - sy * e1x
    v = (dx * qx + dy * qy + dz * qz) / det
    if v < 0 or u + v > 1:
        return 0
    t = (e2x * qx + e2y * qy + e2z * qz) / det
    res[0] = t
    res[1] = 1.0 if det > 0 else -1.0
    res[2] = u
    res[3] = v
    return 1


def ray_hit(out, rflags, ox, oy, oz, dx, dy, dz, rlen, tv, nx, ny, nz, side, flip):
    #: cdef void ray_hit(Buf* out, int rflags, dReal ox, dReal oy, dReal oz, dReal dx, dReal dy, dReal dz, dReal rlen, dReal* tv, dReal nx, dReal ny, dReal nz, int side, int flip) noexcept nogil
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
        buf_push(out, ox + dx * res[0], oy + dy * res[0], oz + dz * res[0], -nx * sg, -ny * sg, -nz * sg, res[0],
                 side, -1)
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


# ---- ray-trimesh as libode (OPCODE's ray collider, observed through the oracle and matched bit for bit on
# the recorded poses): the ray is taken into the mesh frame in float (origin - mesh position rounded once, then
# R^T in float ops), the AABB tree is walked in libode's order (tree_order) with a float segment-box test at
# each internal node, and each triangle gets a float Moller-Trumbore test: rejected when |det| (det with
# backface culling) is at most 1e-6 times the shorter squared edge from vertex 0, when u, v or the distance
# carry a sign bit (so -0.0 misses), or u > 1 or u + v > 1 (unnormalised u, v against det when culling);
# a hit counts when its float distance is below the float ray length. With closest-hit the nearest (first on
# ties) is kept, with first-contact the first in tree order, else all in tree order, the first max-contacts
# of them. A contact is at origin + dir * distance (in double), depth = the float distance.
#: py- from libc.math cimport signbit


def f32(x):
    #: cdef inline double f32(double x) noexcept nogil
    """x rounded to float32 (libode's trimesh ray test computes in float)."""
    return _f32(x)  # py
    #: py- return <float>x


def neg32(x):
    #: cdef inline int neg32(double x) noexcept nogil
    """1 when x carries a sign bit (OPCODE tests floats' sign bits, so -0.0 counts as negative)."""
    return 1 if copysign(1.0, x) < 0 else 0  # py
    #: py- return 1 if signbit(x) else 0


def fdot(ax, ay, az, bx, by, bz):
    #: cdef inline double fdot(double ax, double ay, double az, double bx, double by, double bz) noexcept nogil
    """a . b in float, left to right."""
    return f32(f32(f32(ax * bx) + f32(ay * by)) + f32(az * bz))


def ray_seg_box(w, nb, k):
    #: cdef int ray_seg_box(const dReal* w, const dReal* nb, int k) noexcept nogil
    """OPCODE's segment-AABB overlap in float: w[6:9] = half segment, w[9:12] = its midpoint (mesh frame);
    node k's box (min/max in nb[8 k + 2..]) as float centre and extents."""
    #: dReal c[3]
    #: dReal e[3]
    #: dReal dd[3]
    #: dReal f, lim
    #: int j
    c = [0.0] * 3  # py
    e = [0.0] * 3  # py
    dd = [0.0] * 3  # py
    for j in range(3):
        c[j] = f32(f32(nb[8 * k + 3 + 2 * j] + nb[8 * k + 2 + 2 * j]) * 0.5)
        e[j] = f32(f32(nb[8 * k + 3 + 2 * j] - nb[8 * k + 2 + 2 * j]) * 0.5)
        dd[j] = f32(w[9 + j] - c[j])
        if fabs(dd[j]) > f32(e[j] + fabs(w[6 + j])):
            return 0
    f = f32(f32(w[7] * dd[2]) - f32(w[8] * dd[1]))
    lim = f32(f32(e[1] * fabs(w[8])) + f32(e[2] * fabs(w[7])))
    if fabs(f) > lim:
        return 0
    f = f32(f32(w[8] * dd[0]) - f32(w[6] * dd[2]))
    lim = f32(f32(e[0] * fabs(w[8])) + f32(e[2] * fabs(w[6])))
    if fabs(f) > lim:
        return 0
    f = f32(f32(w[6] * dd[1]) - f32(w[7] * dd[0]))
    lim = f32(f32(e[0] * fabs(w[7])) + f32(e[1] * fabs(w[6])))
    if fabs(f) > lim:
        return 0
    return 1


def ray_tri32(w, tv, cull, res):
    #: cdef int ray_tri32(const dReal* w, const dReal* tv, int cull, dReal* res) noexcept nogil
    """OPCODE's float ray-triangle test: ray w[0:3] + s w[3:6], float vertices tv (9 reals, mesh frame);
    1 with res[0] = the float distance on a hit (rules in the section comment)."""
    #: dReal e1x, e1y, e1z, e2x, e2y, e2z, px, py, pz, det, lim, sx, sy, sz, u, qx, qy, qz, v, t, inv
    e1x = f32(tv[3] - tv[0])
    e1y = f32(tv[4] - tv[1])
    e1z = f32(tv[5] - tv[2])
    e2x = f32(tv[6] - tv[0])
    e2y = f32(tv[7] - tv[1])
    e2z = f32(tv[8] - tv[2])
    px = f32(f32(w[4] * e2z) - f32(w[5] * e2y))
    py = f32(f32(w[5] * e2x) - f32(w[3] * e2z))
    pz = f32(f32(w[3] * e2y) - f32(w[4] * e2x))
    det = fdot(e1x, e1y, e1z, px, py, pz)
    lim = fdot(e1x, e1y, e1z, e1x, e1y, e1z)
    u = fdot(e2x, e2y, e2z, e2x, e2y, e2z)
    if u < lim:
        lim = u
    lim = f32(lim * f32(1e-6))
    sx = f32(w[0] - tv[0])
    sy = f32(w[1] - tv[1])
    sz = f32(w[2] - tv[2])
    qx = f32(f32(sy * e1z) - f32(sz * e1y))
    qy = f32(f32(sz * e1x) - f32(sx * e1z))
    qz = f32(f32(sx * e1y) - f32(sy * e1x))
    if cull:
        if det <= lim:
            return 0
        u = fdot(sx, sy, sz, px, py, pz)
        if neg32(u) or u > det:
            return 0
        v = fdot(w[3], w[4], w[5], qx, qy, qz)
        if neg32(v) or f32(u + v) > det:
            return 0
        t = fdot(e2x, e2y, e2z, qx, qy, qz)
        if neg32(t):
            return 0
        inv = f32(1.0 / det)
        res[0] = f32(t * inv)
        return 1
    if fabs(det) <= lim:
        return 0
    inv = f32(1.0 / det)
    u = f32(fdot(sx, sy, sz, px, py, pz) * inv)
    if neg32(u) or u > 1.0:
        return 0
    v = f32(fdot(w[3], w[4], w[5], qx, qy, qz) * inv)
    if neg32(v) or f32(u + v) > 1.0:
        return 0
    t = f32(fdot(e2x, e2y, e2z, qx, qy, qz) * inv)
    if neg32(t):
        return 0
    res[0] = t
    return 1


def collide_ray_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_ray_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Ray (geom 1) against a trimesh by libode's rules (section comment); depth = hit distance, side2 =
    the triangle."""
    #: MeshData* md
    #: dReal* nb
    #: dReal* st
    #: int t, j, k, n, sp, na, rflags, maxc, best, lo, hi
    #: dReal rlen, bestd
    #: dReal w[12]
    #: dReal r[3]
    #: dReal tv[9]
    #: dReal res[1]
    #: int kd[6]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0] * 12  # py
    r = [0.0] * 3  # py
    tv = [0.0] * 9  # py
    res = [0.0]  # py
    kd = [0] * 6  # py
    md = reg_get(i2[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH or md.nt == 0:
        return 0
    rflags = i1[L.GI_FLAGS]
    maxc = maxc_of(flags)
    rlen = f32(g1[L.G_RAYLEN])
    for j in range(3):
        r[j] = f32(g1[L.G_POS + j] - g2[L.G_POS + j])
    for j in range(3):
        w[j] = fdot(r[0], r[1], r[2], f32(g2[L.G_R + j]), f32(g2[L.G_R + 3 + j]), f32(g2[L.G_R + 6 + j]))
        w[3 + j] = fdot(f32(g1[L.G_R + 2]), f32(g1[L.G_R + 5]), f32(g1[L.G_R + 8]), f32(g2[L.G_R + j]),
                        f32(g2[L.G_R + 3 + j]), f32(g2[L.G_R + 6 + j]))
    for j in range(3):
        w[6 + j] = f32(f32(w[3 + j] * rlen) * 0.5)
        w[9 + j] = f32(w[j] + w[6 + j])
    nb = work_new(8 * md.nt)
    st = work_new(3 * md.nt + 6)
    tt_nodes(md, md.tb, nb)
    n = 0
    best = -1
    bestd = 0.0
    st[0] = 0.0
    st[1] = md.nt
    st[2] = 0.0
    sp = 1
    while sp > 0:
        sp = sp - 1
        lo = to_int(st[3 * sp])
        hi = to_int(st[3 * sp + 1])
        k = to_int(st[3 * sp + 2])
        if hi - lo >= 2:
            if not ray_seg_box(w, nb, k):
                continue
            na = tt_kids(md, lo, hi, k, kd)
            for j in range(na - 1, -1, -1):
                st[3 * sp] = kd[3 * j]
                st[3 * sp + 1] = kd[3 * j + 1]
                st[3 * sp + 2] = kd[3 * j + 2]
                sp = sp + 1
            continue
        t = md.to[lo]
        if tri_degenerate(md, t):
            continue
        for j in range(3):
            for k in range(3):
                tv[3 * j + k] = md.v[3 * md.t[3 * t + j] + k]
        if not ray_tri32(w, tv, rflags & 2, res) or not res[0] < rlen:
            continue
        if rflags & 4:
            if best < 0 or res[0] < bestd:
                best = t
                bestd = res[0]
            continue
        ray_put(g1, g2, md, t, res[0], contacts, n * skip)
        n = n + 1
        if n >= maxc or (rflags & 1):
            break
    if best >= 0:
        ray_put(g1, g2, md, best, bestd, contacts, 0)
        n = 1
    work_free(nb)
    work_free(st)
    return n


def ray_put(g1, g2, md, t, d, contacts, o):
    #: cdef void ray_put(const dReal* g1, const dReal* g2, MeshData* md, int t, dReal d, dReal* contacts, int o) noexcept nogil
    """Write the ray's hit of triangle t at distance d: origin + dir d, the triangle's world front normal."""
    #: dReal nv[3]
    #: int j
    nv = [0.0] * 3  # py
    rot_vec(g2, md.tn[3 * t], md.tn[3 * t + 1], md.tn[3 * t + 2], nv, 0)
    for j in range(3):
        contacts[o + L.C_POS + j] = g1[L.G_POS + j] + g1[L.G_R + 2 + 3 * j] * d
        contacts[o + L.C_NORMAL + j] = nv[j]
    contacts[o + L.C_DEPTH] = d
    contacts[o + L.C_SIDE1] = -1
    contacts[o + L.C_SIDE2] = t


def collide_heightfield_ray(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_ray(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
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


def cv_face_dist(md, k, x, y, z):
    #: cdef dReal cv_face_dist(MeshData* md, int k, dReal x, dReal y, dReal z) noexcept nogil
    """Signed distance of mesh-frame point (x, y, z) outside face k's plane of convex md (the user's plane as
    given, as libode: a non-unit normal scales it)."""
    return (md.pl[4 * k] * x + md.pl[4 * k + 1] * y + md.pl[4 * k + 2] * z) - md.pl[4 * k + 3]


def cv_under_others(md, k, x, y, z):
    #: cdef int cv_under_others(MeshData* md, int k, dReal x, dReal y, dReal z) noexcept nogil
    """1 when mesh-frame point (x, y, z) lies under every face plane of convex md but face k's."""
    #: int j
    for j in range(md.nf):
        if j != k and cv_face_dist(md, j, x, y, z) > 0:
            return 0
    return 1


def collide_ray_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_ray_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* contacts, int skip) noexcept nogil
    """Ray (geom 1) against a convex, by libode's rule (observed through the oracle; not a true ray cast).

    With beta_k the origin's distance outside face plane k: from outside (some beta_k > 0) the ray hits when,
    for some such face, the point at distance beta_k along the ray lies under every other face plane, and the
    largest beta is at most the ray length; the contact then has that largest beta as depth and its face's
    outward normal, at the point along the ray as far as the last face (in order) with beta_k > 0. From inside,
    the face nearest to the origin among those the ray heads towards gives the depth, the inward normal and
    the point that far along the ray. Ray flags do not change the result (one contact at most).
    Under CONTACTS_UNIMPORTANT (observed): the point is at the depth along the ray, and from inside the first
    face (in order) the ray heads towards whose exit point (at -beta_k along the ray, within the ray length)
    lies under every other face plane gives the contact.
    """
    #: MeshData* md
    #: int k, j, km, hit, inside
    #: dReal ox, oy, oz, dx, dy, dz, rlen, beta, bm, tp, px, py, pz, al, sg
    #: dReal o[3]
    #: dReal dd[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    o = [0.0] * 3  # py
    dd = [0.0] * 3  # py
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
    km = -1
    bm = 0.0
    tp = 0.0
    hit = 0
    for k in range(md.nf):
        beta = cv_face_dist(md, k, ox, oy, oz)
        if beta > 0:
            if km < 0 or beta > bm:
                bm = beta
                km = k
            tp = beta
            if hit == 0:
                px = ox + dx * beta
                py = oy + dy * beta
                pz = oz + dz * beta
                inside = 1
                for j in range(md.nf):
                    if j != k and cv_face_dist(md, j, px, py, pz) > 0:
                        inside = 0
                        break
                hit = inside
    sg = 1.0
    if km >= 0:
        if hit == 0 or bm > rlen:
            return 0
    else:
        for k in range(md.nf):
            al = md.pl[4 * k] * dx + md.pl[4 * k + 1] * dy + md.pl[4 * k + 2] * dz
            if al > 2.220446049250313e-16:
                beta = -cv_face_dist(md, k, ox, oy, oz)
                if unimp_of(flags):  # libode (observed): the first such face within reach with its exit point
                    if beta <= rlen and cv_under_others(md, k, ox + dx * beta, oy + dy * beta, oz + dz * beta):
                        bm = beta
                        km = k
                        break
                elif km < 0 or beta < bm:
                    bm = beta
                    km = k
        if km < 0 or bm > rlen:
            return 0
        tp = bm
        sg = -1.0
    if unimp_of(flags):  # libode (observed): under CONTACTS_UNIMPORTANT the point is at the depth along the ray
        tp = bm
    rot_vec(g2, md.pl[4 * km] * sg, md.pl[4 * km + 1] * sg, md.pl[4 * km + 2] * sg, dd, 0)
    contacts[L.C_POS] = g1[L.G_POS] + g1[L.G_R + 2] * tp
    contacts[L.C_POS + 1] = g1[L.G_POS + 1] + g1[L.G_R + 5] * tp
    contacts[L.C_POS + 2] = g1[L.G_POS + 2] + g1[L.G_R + 8] * tp
    contacts[L.C_NORMAL] = dd[0]
    contacts[L.C_NORMAL + 1] = dd[1]
    contacts[L.C_NORMAL + 2] = dd[2]
    contacts[L.C_DEPTH] = bm
    contacts[L.C_SIDE1] = -1
    contacts[L.C_SIDE2] = -1
    return 1


def mesh_bounds(md, lo):
    #: cdef void mesh_bounds(MeshData* md, dReal* lo) noexcept nogil
    """lo[0:6] = the mesh-frame box (minx, maxx, miny, maxy, minz, maxz) of md's vertices (zero if none)."""
    #: int k, j
    for j in range(6):
        lo[j] = 0.0
    for k in range(md.nv):
        for j in range(3):
            if k == 0 or md.v[3 * k + j] < lo[2 * j]:
                lo[2 * j] = md.v[3 * k + j]
            if k == 0 or md.v[3 * k + j] > lo[2 * j + 1]:
                lo[2 * j + 1] = md.v[3 * k + j]


def hf_aabb(g, md):
    #: cdef void hf_aabb(dReal* g, MeshData* md) noexcept nogil
    """g[G_AABB..] = libode's AABB of a placeable heightfield (observed; tests/test_heightfield_aabb.py).

    Not the rotated box of the field: per world axis k, the range of the six points (-w/2, 0, 0), (w/2, 0, 0),
    (0, ylo, 0), (0, yhi, 0), (0, 0, -d/2), (0, 0, d/2) of the field's frame turned by its rotation and moved
    to its position. So an unturned field's range always holds local height 0, and a turned one is mostly
    smaller than the field. A point with a zero rotation entry adds nothing (an infinite height range does
    not make a NaN); a wrapped field is infinite along every axis.
    """
    #: int k
    #: dReal a, c, mn, mx, v
    for k in range(3):
        if md.wrap:
            g[L.G_AABB + 2 * k] = -DINF
            g[L.G_AABB + 2 * k + 1] = DINF
            continue
        a = fabs(g[L.G_R + 3 * k]) * (md.width * 0.5)
        c = fabs(g[L.G_R + 3 * k + 2]) * (md.depth * 0.5)
        mn = -a
        mx = a
        if c > mx:
            mn = -c
            mx = c
        if g[L.G_R + 3 * k + 1] != 0:
            v = g[L.G_R + 3 * k + 1] * md.ylo
            if v < mn:
                mn = v
            if v > mx:
                mx = v
            v = g[L.G_R + 3 * k + 1] * md.yhi
            if v < mn:
                mn = v
            if v > mx:
                mx = v
        g[L.G_AABB + 2 * k] = g[L.G_POS + k] + mn
        g[L.G_AABB + 2 * k + 1] = g[L.G_POS + k] + mx


def mesh_aabb(g, i):
    #: cdef void mesh_aabb(dReal* g, const int* i) noexcept nogil
    """g[G_AABB..] = world AABB of a convex, trimesh or heightfield geom from its pose and side data."""
    #: MeshData* md
    #: int k, j, n
    #: dReal w[3]
    #: dReal r
    #: dReal b[6]
    w = [0.0] * 3  # py
    b = [0.0] * 6  # py
    md = reg_get(i[L.GI_DATA])
    if md is None:
        return
    if md.kind == MESH_HEIGHTFIELD:
        hf_aabb(g, md)
        return
    if md.kind == MESH_TRIMESH:  # libode: the world box around the rotated mesh-frame box
        mesh_bounds(md, b)
        to_world(g, (b[0] + b[1]) * 0.5, (b[2] + b[3]) * 0.5, (b[4] + b[5]) * 0.5, w, 0)
        for j in range(3):
            r = fabs(g[L.G_R + 3 * j]) * ((b[1] - b[0]) * 0.5) + fabs(g[L.G_R + 3 * j + 1]) * ((b[3] - b[2]) * 0.5) + fabs(g[L.G_R + 3 * j + 2]) * ((b[5] - b[4]) * 0.5)
            g[L.G_AABB + 2 * j] = w[j] - r
            g[L.G_AABB + 2 * j + 1] = w[j] + r
        return
    n = md.nv
    for k in range(n):
        to_world(g, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], w, 0)
        for j in range(3):
            if k == 0 or w[j] < g[L.G_AABB + 2 * j]:
                g[L.G_AABB + 2 * j] = w[j]
            if k == 0 or w[j] > g[L.G_AABB + 2 * j + 1]:
                g[L.G_AABB + 2 * j + 1] = w[j]
    if n == 0:
        for j in range(3):
            g[L.G_AABB + 2 * j] = g[L.G_POS + j]
            g[L.G_AABB + 2 * j + 1] = g[L.G_POS + j]


def mass_trimesh(m, density, data_id):
    #: cdef void mass_trimesh(dReal* m, dReal density, int data_id) noexcept nogil
    """ODE's dMassSetTrimesh: mass, centre and inertia of a closed trimesh of uniform density (tetrahedra at 0)."""
    #: MeshData* md
    #: int t, k, a, b, c
    #: dReal ax, ay, az, bx, by, bz, cx, cy, cz, det, vol, sx, sy, sz, f
    #: dReal cov[9]
    #: dReal com[3]
    cov = [0.0] * 9  # py
    com = [0.0] * 3  # py
    for k in range(13):
        m[k] = 0.0
    md = reg_get(data_id)
    if md is None or md.kind != MESH_TRIMESH:
        return
    for k in range(9):
        cov[k] = 0.0
    com[0] = 0.0
    com[1] = 0.0
    com[2] = 0.0
    vol = 0.0
    for t in range(md.nt):
        a = md.t[3 * t]
        b = md.t[3 * t + 1]
        c = md.t[3 * t + 2]
        ax = md.v[3 * a]
        ay = md.v[3 * a + 1]
        az = md.v[3 * a + 2]
        bx = md.v[3 * b]
        by = md.v[3 * b + 1]
        bz = md.v[3 * b + 2]
        cx = md.v[3 * c]
        cy = md.v[3 * c + 1]
        cz = md.v[3 * c + 2]
        det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)
        vol = vol + det
        sx = ax + bx + cx
        sy = ay + by + cy
        sz = az + bz + cz
        com[0] = com[0] + det * sx
        com[1] = com[1] + det * sy
        com[2] = com[2] + det * sz
        f = det / 120.0
        cov[0] = cov[0] + f * (ax * ax + bx * bx + cx * cx + sx * sx)
        cov[1] = cov[1] + f * (ax * ay + bx * by + cx * cy + sx * sy)
        cov[2] = cov[2] + f * (ax * az + bx * bz + cx * cz + sx * sz)
        cov[4] = cov[4] + f * (ay * ay + by * by + cy * cy + sy * sy)
        cov[5] = cov[5] + f * (ay * az + by * bz + cy * cz + sy * sz)
        cov[8] = cov[8] + f * (az * az + bz * bz + cz * cz + sz * sz)
    vol = vol / 6.0
    if vol == 0:
        return
    m[0] = density * vol
    m[1] = com[0] / (vol * 24.0)
    m[2] = com[1] / (vol * 24.0)
    m[3] = com[2] / (vol * 24.0)
    m[4] = density * (cov[4] + cov[8])
    m[8] = density * (cov[0] + cov[8])
    m[12] = density * (cov[0] + cov[4])
    m[5] = -density * cov[1]
    m[7] = m[5]
    m[6] = -density * cov[2]
    m[10] = m[6]
    m[9] = -density * cov[5]
    m[11] = m[9]
    # ODE 0.16's dMassSetTrimesh (observed through libode) adds the parallel-axis term of the centre once more
    m[4] = m[4] + m[0] * (m[2] * m[2] + m[3] * m[3])
    m[8] = m[8] + m[0] * (m[1] * m[1] + m[3] * m[3])
    m[12] = m[12] + m[0] * (m[1] * m[1] + m[2] * m[2])
    m[5] = m[5] - m[0] * m[1] * m[2]
    m[7] = m[5]
    m[6] = m[6] - m[0] * m[1] * m[3]
    m[10] = m[6]
    m[9] = m[9] - m[0] * m[2] * m[3]
    m[11] = m[9]


# ---- end kernels


def collide(name, g1, i1, g2, i2, flags):
    """Run the pair function called name on two geom records; contacts as an (n, CR) array."""
    fn = globals().get(name) if name.startswith("collide_") else None
    if fn is None:
        raise ValueError(f"no mesh pair function {name!r}")
    fl = int(flags) & 0xffffffff
    contacts = [0.0] * (maxc_of(fl) * L.CR)
    n = fn([float(x) for x in g1], [int(x) for x in i1], [float(x) for x in g2], [int(x) for x in i2], fl,
           contacts, L.CR)
    return np.array(contacts[: n * L.CR], dtype=np.float64).reshape(n, L.CR)
