"""Contact collection of the mesh colliders: the cap in the flags, a growable buffer with merging, and
writing the collected contacts out.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from ... import _layout as L
from .mesh_registry import buf_grow, work_free, work_new

MERGE_DIST2 = 1e-12  # contacts closer than 1e-6 with nearly equal normals are merged (deepest kept)
MERGE_DOT = 0.999


# ---- kernels


def maxc_of(flags):
    #: cdef inline int maxc_of(int flags) noexcept nogil
    """The contact cap in the low 16 bits of flags (at least one)."""
    #: int m
    m = flags & 0xffff
    if m < 1:
        m = 1
    return m


def buf_set(b, k, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void buf_set(Buf* b, int k, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz,
    #:                   dReal depth, int s1, int s2) noexcept nogil
    """Write contact record k of b (position, normal, depth, the two triangles)."""
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


def buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void buf_push(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth,
    #:                    int s1, int s2) noexcept nogil
    """Collect a contact as it is (no merging: libode reports one contact per triangle)."""
    buf_grow(b)
    buf_set(b, b.n, px, py, pz, nx, ny, nz, depth, s1, s2)
    b.n = b.n + 1


def buf_add(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void buf_add(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth,
    #:                   int s1, int s2) noexcept nogil
    """Collect a contact, merging it with a collected one at the same place with the same normal."""
    #: int k, o
    #: dReal dx, dy, dz
    for k in range(b.n):
        o = k * L.CR
        dx = b.c[o + L.C_POS] - px
        dy = b.c[o + L.C_POS + 1] - py
        dz = b.c[o + L.C_POS + 2] - pz
        if dx * dx + dy * dy + dz * dz < MERGE_DIST2:
            if (
                b.c[o + L.C_NORMAL] * nx + b.c[o + L.C_NORMAL + 1] * ny + b.c[o + L.C_NORMAL + 2] * nz
                > MERGE_DOT
            ):
                if depth > b.c[o + L.C_DEPTH]:
                    b.c[o + L.C_DEPTH] = depth
                return
    buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)


def emit(b, flags, contacts, skip):
    #: cdef int emit(Buf* b, int flags, dReal* contacts, int skip) noexcept nogil
    """Write the collected contacts (the deepest ones when there are more than the cap), in collection order.
    """
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


def buf_copy(b, src, i):
    #: cdef void buf_copy(Buf* b, Buf* src, int i) noexcept nogil
    """Collect record i of src as it is."""
    #: int k, o
    buf_grow(b)
    o = b.n * L.CR
    for k in range(L.CR):
        b.c[o + k] = src.c[i * L.CR + k]
    b.n = b.n + 1


def buf_has(b, px, py, pz, nx, ny, nz):
    #: cdef int buf_has(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz) noexcept nogil
    """1 when b already holds a contact at exactly this point with exactly this normal."""
    #: int k, o
    for k in range(b.n):
        o = k * L.CR
        if (
            b.c[o + L.C_POS] == px
            and b.c[o + L.C_POS + 1] == py
            and b.c[o + L.C_POS + 2] == pz
            and b.c[o + L.C_NORMAL] == nx
            and b.c[o + L.C_NORMAL + 1] == ny
            and b.c[o + L.C_NORMAL + 2] == nz
        ):
            return 1
    return 0


# ---- end kernels
