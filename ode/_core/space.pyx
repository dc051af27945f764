# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Broad phase: candidate geom pairs of a space by AABB overlap (twin: ``ode/_fallback/space.py``).

Every space kind generates candidates its own way (all pairs, multi-resolution hash grid, quadtree,
sweep and prune) and then applies the same exact test, so each kind returns the same pair set as a simple
space: groups differ (or are -1), bodies differ (or are -1), ``(cat_i & col_j) | (cat_j & col_i)`` is
nonzero and the AABBs (minx, maxx, miny, maxy, minz, maxz) overlap or touch. Pairs (i, j) have i < j and
come sorted, so this kernel and its twin return identical arrays.
"""

import numpy as np

cimport numpy as cnp
from libc.math cimport floor, isfinite, ldexp
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy

from .collide cimport collide_pair
from .dreal cimport dReal
from .layout cimport C_DEPTH, C_NORMAL, C_POS, CR, G_AABB, GI, GI_ENABLED, GR

cnp.import_array()

cdef enum:
    K_SIMPLE = 0
    K_HASH = 1
    K_QUADTREE = 2
    K_SAP = 3

SIMPLE = K_SIMPLE
HASH = K_HASH
QUADTREE = K_QUADTREE
SAP = K_SAP
cdef double _FAR = 4503599627370496.0     # 2**52: beyond this a cell index is not an exact integer


ctypedef unsigned long long u64

cdef struct Input:
    int n
    const dReal* a
    const u64* cat
    const u64* col
    const long long* body
    const int* group

cdef struct Found:
    long long* keys
    Py_ssize_t count
    Py_ssize_t cap
    int failed

cdef struct SapItem:
    double v
    int i

cdef struct QtItem:
    long long start
    long long lvl
    int i
    long long end


cdef inline bint _accept(const Input* s, int i, int j) noexcept nogil:
    """The exact pair test: group, body, bitfields, then AABB overlap (touching counts)."""
    if s.group[i] >= 0 and s.group[i] == s.group[j]:
        return False
    if s.body[i] >= 0 and s.body[i] == s.body[j]:
        return False
    if (s.cat[i] & s.col[j]) == 0 and (s.cat[j] & s.col[i]) == 0:
        return False
    cdef const dReal* p = s.a + 6 * i
    cdef const dReal* q = s.a + 6 * j
    return not (p[0] > q[1] or p[1] < q[0] or p[2] > q[3] or p[3] < q[2] or p[4] > q[5] or p[5] < q[4])


cdef void _emit(const Input* s, Found* f, int i, int j) noexcept nogil:
    """Record pair (min, max) when it passes the exact test."""
    cdef int t
    cdef long long* grown
    if i > j:
        t = i
        i = j
        j = t
    if i == j or not _accept(s, i, j):
        return
    if f.count == f.cap:
        grown = <long long*> realloc(f.keys, (2 * f.cap + 16) * sizeof(long long))
        if grown == NULL:
            f.failed = 1
            return
        f.keys = grown
        f.cap = 2 * f.cap + 16
    f.keys[f.count] = <long long> i * s.n + j
    f.count += 1


cdef void _simple(const Input* s, Found* f) noexcept nogil:
    """Every pair i < j."""
    cdef int i, j
    for i in range(s.n):
        for j in range(i + 1, s.n):
            _emit(s, f, i, j)


cdef int _cmp_sap(const void* x, const void* y) noexcept nogil:
    cdef const SapItem* p = <const SapItem*> x
    cdef const SapItem* q = <const SapItem*> y
    if p.v < q.v:
        return -1
    if p.v > q.v:
        return 1
    return (p.i > q.i) - (p.i < q.i)


cdef int _sap(const Input* s, Found* f, int axis) noexcept nogil:
    """Sort by the minimum on ``axis``, sweep while the next minimum does not pass the current maximum."""
    cdef int n = s.n, p, q, i
    cdef double hi
    cdef SapItem* items = <SapItem*> malloc((n + 1) * sizeof(SapItem))
    if items == NULL:
        return -1
    for p in range(n):
        items[p].v = s.a[6 * p + 2 * axis]
        items[p].i = p
    qsort(items, n, sizeof(SapItem), _cmp_sap)
    for p in range(n):
        i = items[p].i
        hi = s.a[6 * i + 2 * axis + 1]
        q = p + 1
        while q < n and items[q].v <= hi:
            _emit(s, f, i, items[q].i)
            q += 1
    free(items)
    return 0


cdef int _level(const Input* s, int i, int minlevel, int maxlevel) noexcept nogil:
    """The hash level of geom i (smallest 2**L >= its largest side), or maxlevel + 1 for a big geom."""
    cdef double ext = 0.0, lo, hi, d
    cdef int k, lvl
    for k in range(3):
        lo = s.a[6 * i + 2 * k]
        hi = s.a[6 * i + 2 * k + 1]
        if not (isfinite(lo) and isfinite(hi)):
            return maxlevel + 1
        d = hi - lo
        if d > ext:
            ext = d
    lvl = minlevel
    while lvl <= maxlevel and ldexp(1.0, lvl) < ext:
        lvl += 1
    return lvl


cdef bint _cells(const Input* s, int i, int lvl, long long* r) noexcept nogil:
    """Cell index ranges x0, x1, y0, y1, z0, z1 of geom i at level lvl; False when too far out."""
    cdef double scale = ldexp(1.0, -lvl), lo, hi
    cdef int k
    for k in range(3):
        lo = s.a[6 * i + 2 * k] * scale
        hi = s.a[6 * i + 2 * k + 1] * scale
        if not (-_FAR < lo and hi < _FAR):
            return False
        r[2 * k] = <long long> floor(lo)
        r[2 * k + 1] = <long long> floor(hi)
    return True


cdef struct Bucket:
    long long lvl
    long long x
    long long y
    long long z
    Py_ssize_t head       # first entry of this cell in the cell-ordered entry list
    Py_ssize_t size       # its number of entries


cdef struct Entry:
    long long x0          # the first cell of geom i at its level (for the first-shared-cell rule)
    long long y0
    long long z0
    int i


cdef inline Py_ssize_t _slot(const int* table, const Bucket* cells, Py_ssize_t mask, long long lvl,
                             long long x, long long y, long long z) noexcept nogil:
    """Index in ``table`` of cell (lvl, x, y, z): table[k] is its index in ``cells``, or -1 (an empty slot,
    where it would go). The table holds only ints, so it stays small and in cache."""
    cdef unsigned long long h = (<unsigned long long> x) * 0x9E3779B97F4A7C15ULL
    h ^= (<unsigned long long> y) * 0xC2B2AE3D27D4EB4FULL
    h ^= (<unsigned long long> z) * 0x165667B19E3779F9ULL
    h ^= (<unsigned long long> lvl) * 0x27D4EB2F165667C5ULL
    h ^= h >> 29
    h *= 0xBF58476D1CE4E5B9ULL
    h ^= h >> 32
    cdef Py_ssize_t k = <Py_ssize_t> (h & <unsigned long long> mask)
    cdef const Bucket* c
    while table[k] >= 0:
        c = cells + table[k]
        if c.x == x and c.y == y and c.z == z and c.lvl == lvl:
            break
        k = (k + 1) & mask
    return k


cdef inline void _scan_cell(const Input* s, Found* f, const Entry* ent, Py_ssize_t size, int i, bint same,
                            long long x, long long y, long long z, const long long* r) noexcept nogil:
    """Emit geom i with the geoms of one cell (x, y, z) whose first shared cell with i it is. The cell's
    entries come in increasing geom order: at i's own level only those after i are visited."""
    cdef Py_ssize_t e = size - 1
    cdef const Entry* q
    while e >= 0:
        q = ent + e
        if same and q.i <= i:
            break
        if x == max(r[0], q.x0) and y == max(r[2], q.y0) and z == max(r[4], q.z0):
            _emit(s, f, i, q.i)
        e -= 1


cdef int _hash(const Input* s, Found* f, int minlevel, int maxlevel) noexcept nogil:
    """Multi-resolution hash grid: a geom sits in the cells of its level and looks up its level and above.

    The cells are found through an open-addressing hash table of cell numbers (linear probing); each cell's
    geoms are stored
    contiguously, in increasing order (counted, then placed), so a lookup streams through them. A pair is
    emitted at the first cell the two share, so each pair once (the result is sorted afterwards).
    """
    cdef int n = s.n, i, j, lvl, up, t, t2, nu
    cdef long long x, y, z
    cdef long long r[6]
    cdef Py_ssize_t m = 0, e, k, cap = 16, mask, used_cells = 0, acc
    cdef int* levels = <int*> malloc((n + 1) * sizeof(int))
    cdef long long* ranges = <long long*> malloc((6 * n + 1) * sizeof(long long))
    cdef Py_ssize_t* where = NULL
    cdef Entry* ent = NULL
    cdef Bucket* cells = NULL
    cdef int* table = NULL
    cdef Bucket* bk
    cdef char* used = NULL
    cdef int* ulev = NULL
    if levels == NULL or ranges == NULL:
        free(levels)
        free(ranges)
        return -1
    for i in range(n):
        lvl = _level(s, i, minlevel, maxlevel)
        if lvl <= maxlevel and not _cells(s, i, lvl, ranges + 6 * i):
            lvl = maxlevel + 1
        levels[i] = lvl
        if lvl <= maxlevel:
            m += (ranges[6 * i + 1] - ranges[6 * i] + 1) * (ranges[6 * i + 3] - ranges[6 * i + 2] + 1) \
                * (ranges[6 * i + 5] - ranges[6 * i + 4] + 1)
    while cap < 2 * m:
        cap *= 2
    mask = cap - 1
    where = <Py_ssize_t*> malloc((m + 1) * sizeof(Py_ssize_t))
    cells = <Bucket*> malloc((m + 1) * sizeof(Bucket))
    ent = <Entry*> malloc((m + 1) * sizeof(Entry))
    table = <int*> malloc(cap * sizeof(int))
    if 0 <= <long long> maxlevel - minlevel < 65536:   # occupied levels (wider ranges: look everywhere)
        used = <char*> malloc(maxlevel - minlevel + 1)
        ulev = <int*> malloc((maxlevel - minlevel + 1) * sizeof(int))
        if used == NULL or ulev == NULL:
            free(used)
            free(ulev)
            used = NULL
            ulev = NULL
    if where == NULL or cells == NULL or ent == NULL or table == NULL or m >= 0x7FFFFFFF:
        free(levels)
        free(ranges)
        free(where)
        free(cells)
        free(ent)
        free(table)
        free(used)
        free(ulev)
        return -1
    for k in range(cap):
        table[k] = -1
    if used != NULL:
        for k in range(<Py_ssize_t> maxlevel - minlevel + 1):
            used[k] = 0
        for i in range(n):
            if levels[i] <= maxlevel:
                used[levels[i] - minlevel] = 1
    e = 0                                 # pass 1: the cells (buckets) and their sizes
    for i in range(n):
        lvl = levels[i]
        if lvl > maxlevel:
            continue
        for x in range(ranges[6 * i], ranges[6 * i + 1] + 1):
            for y in range(ranges[6 * i + 2], ranges[6 * i + 3] + 1):
                for z in range(ranges[6 * i + 4], ranges[6 * i + 5] + 1):
                    k = _slot(table, cells, mask, lvl, x, y, z)
                    if table[k] < 0:
                        table[k] = <int> used_cells
                        bk = cells + used_cells
                        bk.lvl = lvl
                        bk.x = x
                        bk.y = y
                        bk.z = z
                        bk.size = 0
                        used_cells += 1
                    bk = cells + table[k]
                    bk.size += 1
                    where[e] = table[k]
                    e += 1
    acc = 0                               # each cell's place in the entry list
    for k in range(used_cells):
        bk = cells + k
        bk.head = acc
        acc += bk.size
        bk.size = 0
    e = 0                                 # pass 2: the entries, cell by cell, in increasing geom order
    for i in range(n):
        if levels[i] > maxlevel:
            continue
        for x in range(ranges[6 * i], ranges[6 * i + 1] + 1):
            for y in range(ranges[6 * i + 2], ranges[6 * i + 3] + 1):
                for z in range(ranges[6 * i + 4], ranges[6 * i + 5] + 1):
                    bk = cells + where[e]
                    ent[bk.head + bk.size].i = i
                    ent[bk.head + bk.size].x0 = ranges[6 * i]
                    ent[bk.head + bk.size].y0 = ranges[6 * i + 2]
                    ent[bk.head + bk.size].z0 = ranges[6 * i + 4]
                    bk.size += 1
                    e += 1
    nu = 0
    if used != NULL:                      # the occupied levels, ascending, in place of used[]
        for k in range(<Py_ssize_t> maxlevel - minlevel + 1):
            if used[k]:
                ulev[nu] = minlevel + <int> k
                nu += 1
    e = 0
    for i in range(n):
        lvl = levels[i]
        if lvl > maxlevel:
            continue
        for t in range(nu if used != NULL else maxlevel - lvl + 1):
            up = ulev[t] if used != NULL else lvl + t
            if up < lvl:                  # no geom at a level below i's is looked up
                continue
            if up == lvl:                 # i's own cells, found in the first pass
                for t2 in range(6):
                    r[t2] = ranges[6 * i + t2]
            else:
                _cells(s, i, up, r)
            k = e                         # at i's own level its cells are those of pass 1, in order
            for x in range(r[0], r[1] + 1):
                for y in range(r[2], r[3] + 1):
                    for z in range(r[4], r[5] + 1):
                        if up == lvl:
                            bk = cells + where[k]
                            k += 1
                        else:
                            j = table[_slot(table, cells, mask, up, x, y, z)]
                            if j < 0:
                                continue
                            bk = cells + j
                        _scan_cell(s, f, ent + bk.head, bk.size, i, up == lvl, x, y, z, r)
        e += (ranges[6 * i + 1] - ranges[6 * i] + 1) * (ranges[6 * i + 3] - ranges[6 * i + 2] + 1) \
            * (ranges[6 * i + 5] - ranges[6 * i + 4] + 1)
    for i in range(n):
        if levels[i] > maxlevel:
            for j in range(n):
                _emit(s, f, i, j)
    free(levels)
    free(ranges)
    free(where)
    free(cells)
    free(ent)
    free(table)
    free(used)
    free(ulev)
    return 0


cdef long long _interleave(long long x, long long y, int bits) noexcept nogil:
    """Morton code of (x, y) with ``bits`` bits each."""
    cdef long long m = 0
    cdef int b
    for b in range(bits):
        m |= ((x >> b) & 1) << (2 * b) | ((y >> b) & 1) << (2 * b + 1)
    return m


cdef void _qt_block(const Input* s, int i, const double* c, const double* e, int depth,
                    long long* out) noexcept nogil:
    """(level, ix, iy) of the deepest quadtree block strictly containing geom i's AABB in x and y."""
    cdef double lx = c[0] - e[0], ly = c[1] - e[1]
    cdef double wx = 2.0 * e[0], wy = 2.0 * e[1]
    cdef double x0 = s.a[6 * i], x1 = s.a[6 * i + 1], y0 = s.a[6 * i + 2], y1 = s.a[6 * i + 3]
    cdef double sx, sy, gx, gy
    cdef long long ix, iy
    cdef int lvl
    out[0] = 0
    out[1] = 0
    out[2] = 0
    for lvl in range(1, depth):
        sx = ldexp(wx, -lvl)
        sy = ldexp(wy, -lvl)
        gx = (x0 - lx) / sx
        gy = (y0 - ly) / sy
        if not (isfinite(gx) and isfinite(gy)):
            break
        if gx < 0.0 or gy < 0.0 or gx >= ldexp(1.0, lvl) or gy >= ldexp(1.0, lvl):
            break
        ix = <long long> floor(gx)
        iy = <long long> floor(gy)
        if not (lx + ix * sx < x0 and x1 < lx + (ix + 1) * sx and ly + iy * sy < y0
                and y1 < ly + (iy + 1) * sy):
            break
        out[0] = lvl
        out[1] = ix
        out[2] = iy


cdef int _cmp_qt(const void* x, const void* y) noexcept nogil:
    cdef const QtItem* p = <const QtItem*> x
    cdef const QtItem* q = <const QtItem*> y
    if p.start != q.start:
        return -1 if p.start < q.start else 1
    if p.lvl != q.lvl:
        return -1 if p.lvl < q.lvl else 1
    return (p.i > q.i) - (p.i < q.i)


cdef int _quadtree(const Input* s, Found* f, const double* c, const double* e, int depth) noexcept nogil:
    """Quadtree in x and y: a geom pairs with geoms in its block and in the blocks below it."""
    cdef int n = s.n, p, q, shift
    cdef long long blk[3]
    cdef QtItem* items = <QtItem*> malloc((n + 1) * sizeof(QtItem))
    if items == NULL:
        return -1
    for p in range(n):
        _qt_block(s, p, c, e, depth, blk)
        shift = 2 * (depth - 1 - <int> blk[0])
        items[p].start = _interleave(blk[1], blk[2], <int> blk[0]) << shift
        items[p].lvl = blk[0]
        items[p].i = p
        items[p].end = items[p].start + ((<long long> 1) << shift)
    qsort(items, n, sizeof(QtItem), _cmp_qt)
    for p in range(n):
        q = p + 1
        while q < n and items[q].start < items[p].end:
            _emit(s, f, items[p].i, items[q].i)
            q += 1
    free(items)
    return 0


cdef int _cmp_key(const void* x, const void* y) noexcept nogil:
    cdef long long p = (<const long long*> x)[0]
    cdef long long q = (<const long long*> y)[0]
    return (p > q) - (p < q)


cdef void _insertion(long long* k, Py_ssize_t count) noexcept nogil:
    """Sort a short run of keys in place."""
    cdef Py_ssize_t a, b
    cdef long long v
    for a in range(1, count):
        v = k[a]
        b = a - 1
        while b >= 0 and k[b] > v:
            k[b + 1] = k[b]
            b -= 1
        k[b + 1] = v


cdef int _sort_keys(long long* keys, Py_ssize_t count, Py_ssize_t n) noexcept nogil:
    """Sort pair keys i * n + j (0 <= i, j < n) ascending: counted into runs by i, each run sorted by
    insertion (runs are short: a geom's pairs), long runs by qsort; -1 when out of memory."""
    cdef Py_ssize_t* start
    cdef long long* tmp
    cdef Py_ssize_t r, i, acc = 0, c
    if count < 64:
        _insertion(keys, count)
        return 0
    start = <Py_ssize_t*> calloc(n + 1, sizeof(Py_ssize_t))
    tmp = <long long*> malloc(count * sizeof(long long))
    if start == NULL or tmp == NULL:
        free(start)
        free(tmp)
        return -1
    for r in range(count):
        start[keys[r] // n] += 1
    for i in range(n + 1):
        c = start[i]
        start[i] = acc
        acc += c
    for r in range(count):
        i = keys[r] // n
        tmp[start[i]] = keys[r]
        start[i] += 1
    acc = 0
    for i in range(n):                  # start[i] is now the end of run i
        c = start[i] - acc
        if c > 32:
            qsort(tmp + acc, c, sizeof(long long), _cmp_key)
        elif c > 1:
            _insertion(tmp + acc, c)
        acc = start[i]
    memcpy(keys, tmp, count * sizeof(long long))
    free(start)
    free(tmp)
    return 0


cdef long long _EMPTY = 0


cdef void* _data_n(cnp.ndarray arr, int typenum, Py_ssize_t n, str name) except NULL:
    """Pointer to a C-contiguous array of n items of the dtype with number ``typenum`` (compared as numbers,
    no Python-level dtype comparison), or ValueError / TypeError."""
    if cnp.PyArray_TYPE(arr) != typenum and not cnp.PyArray_EquivTypenums(cnp.PyArray_TYPE(arr), typenum):
        raise TypeError(f"{name} must have dtype {cnp.PyArray_DescrFromType(typenum)}, not {arr.dtype}")
    if not cnp.PyArray_IS_C_CONTIGUOUS(arr):
        raise ValueError(f"{name} must be C-contiguous")
    if cnp.PyArray_SIZE(arr) < n:
        raise ValueError(f"{name} must have at least {n} values")
    if cnp.PyArray_SIZE(arr) == 0:
        return <void*> &_EMPTY
    return cnp.PyArray_DATA(arr)


cdef object _find(int kind, Input* s, const int* ip, const dReal* rp, const Py_ssize_t* back):
    """The sorted, deduplicated candidate pairs of ``s`` as an int32 array (m, 2); with ``back`` the
    indices are mapped through it (back[i] for geom i)."""
    cdef Found f
    cdef Py_ssize_t n = s.n, r, m
    cdef int status = 0, minlevel = ip[0], maxlevel = ip[1], depth = ip[2], axis = ip[3]
    cdef double c[3]
    cdef double e[3]
    for r in range(3):
        c[r] = rp[r]
        e[r] = rp[3 + r]
    f.keys = NULL
    f.count = 0
    f.cap = 0
    f.failed = 0
    with nogil:
        if kind == K_HASH:
            status = _hash(s, &f, minlevel, maxlevel)
        elif kind == K_QUADTREE:
            status = _quadtree(s, &f, c, e, depth)
        elif kind == K_SAP:
            status = _sap(s, &f, axis)
        else:
            _simple(s, &f)
        if status == 0 and not f.failed and f.count > 1:
            status = _sort_keys(f.keys, f.count, n)
    if status != 0 or f.failed:
        free(f.keys)
        raise MemoryError("broad phase: out of memory")
    m = 0
    for r in range(f.count):
        if r == 0 or f.keys[r] != f.keys[r - 1]:
            m += 1
    cdef cnp.npy_intp dims[2]
    dims[0] = m
    dims[1] = 2
    try:
        out = cnp.PyArray_ZEROS(2, dims, cnp.NPY_INT32, 0)
    except BaseException:
        free(f.keys)
        raise
    cdef int* o = <int*> cnp.PyArray_DATA(<cnp.ndarray> out)
    m = 0
    for r in range(f.count):
        if r == 0 or f.keys[r] != f.keys[r - 1]:
            if back == NULL:
                o[2 * m] = <int> (f.keys[r] // n)
                o[2 * m + 1] = <int> (f.keys[r] % n)
            else:
                o[2 * m] = <int> back[f.keys[r] // n]
                o[2 * m + 1] = <int> back[f.keys[r] % n]
            m += 1
    free(f.keys)
    return out


def space_pairs(int kind, cnp.ndarray aabb, cnp.ndarray cat, cnp.ndarray col, cnp.ndarray body,
                cnp.ndarray group, cnp.ndarray iparams, cnp.ndarray rparams):
    """Candidate pairs of the n geoms whose AABBs are in ``aabb`` (6n values), as an int32 array (m, 2).

    iparams: (minlevel, maxlevel, depth, axis) for hash, quadtree and SAP spaces; rparams: quadtree
    centre (3) and extents (3).
    """
    cdef Input s
    cdef Py_ssize_t n = body.size
    if aabb.dtype.itemsize != sizeof(dReal):
        raise TypeError("aabb must hold dReal values")
    s.n = <int> n
    s.a = <const dReal*> _data_n(aabb, cnp.PyArray_TYPE(aabb), 6 * n, "aabb")
    s.cat = <const u64*> _data_n(cat, cnp.NPY_UINT64, n, "cat")
    s.col = <const u64*> _data_n(col, cnp.NPY_UINT64, n, "col")
    s.body = <const long long*> _data_n(body, cnp.NPY_INT64, n, "body")
    s.group = <const int*> _data_n(group, cnp.NPY_INT32, n, "group")
    cdef const int* ip = <const int*> _data_n(iparams, cnp.NPY_INT32, 4, "iparams")
    cdef const dReal* rp = <const dReal*> _data_n(rparams, cnp.PyArray_TYPE(aabb), 6, "rparams")
    return _find(kind, &s, ip, rp, NULL)


cdef void _check_geom_arrays(cnp.ndarray greal, cnp.ndarray gint) except *:
    if greal.ndim != 2 or greal.shape[1] != GR or cnp.PyArray_ITEMSIZE(greal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(greal) or gint.ndim != 2 or gint.shape[1] != GI \
            or cnp.PyArray_TYPE(gint) != cnp.NPY_INT32 or not cnp.PyArray_IS_C_CONTIGUOUS(gint) \
            or gint.shape[0] != greal.shape[0]:
        raise ValueError("greal / gint must be the C-contiguous geom arrays of the kernel's real type")


cdef const Py_ssize_t* _rows_of(cnp.ndarray rows, Py_ssize_t nrow, str name) except NULL:
    """Pointer to a 1-d C-contiguous intp array of geom rows, each checked against nrow."""
    cdef Py_ssize_t k
    cdef const Py_ssize_t* p
    if rows.ndim != 1 or cnp.PyArray_TYPE(rows) != cnp.NPY_INTP or not cnp.PyArray_IS_C_CONTIGUOUS(rows):
        raise TypeError(f"{name} must be a 1-d C-contiguous intp array")
    p = <const Py_ssize_t*> cnp.PyArray_DATA(rows)
    for k in range(rows.shape[0]):
        if p[k] < 0 or p[k] >= nrow:
            raise IndexError(f"{name}: geom row out of range")
    if rows.shape[0] == 0:
        return <const Py_ssize_t*> &_EMPTY
    return p


def space_rows_pairs(int kind, cnp.ndarray greal not None, cnp.ndarray gint not None, cnp.ndarray rows not None,
                     cnp.ndarray cat not None, cnp.ndarray col not None, cnp.ndarray body not None,
                     cnp.ndarray iparams not None, cnp.ndarray rparams not None):
    """space_pairs for the geoms in store rows ``rows`` (an intp array; the whole store's ``greal`` /
    ``gint`` arrays and its per-row ``cat`` / ``col`` / ``body`` arrays), AABBs read from the rows, no
    groups. Rows whose geom is disabled (GI_ENABLED == 0) take no part. The pairs (i, j) index ``rows``
    (not the enabled subset): the same pairs, in the same order, as space_pairs on the enabled rows."""
    cdef Input s
    cdef Py_ssize_t nrow, n, k, m = 0, q
    cdef const Py_ssize_t* pr
    cdef dReal* a = NULL
    cdef u64* ca = NULL
    cdef u64* co = NULL
    cdef long long* bo = NULL
    cdef int* gr = NULL
    cdef Py_ssize_t* back = NULL
    cdef const dReal* g
    cdef const int* gi
    cdef const u64* pcat
    cdef const u64* pcol
    cdef const long long* pbody
    _check_geom_arrays(greal, gint)
    nrow = greal.shape[0]
    pr = _rows_of(rows, nrow, "rows")
    n = rows.shape[0]
    pcat = <const u64*> _data_n(cat, cnp.NPY_UINT64, nrow, "cat")
    pcol = <const u64*> _data_n(col, cnp.NPY_UINT64, nrow, "col")
    pbody = <const long long*> _data_n(body, cnp.NPY_INT64, nrow, "body")
    cdef const int* ip = <const int*> _data_n(iparams, cnp.NPY_INT32, 4, "iparams")
    cdef const dReal* rp = <const dReal*> _data_n(rparams, cnp.PyArray_TYPE(greal), 6, "rparams")
    g = <const dReal*> cnp.PyArray_DATA(greal)
    gi = <const int*> cnp.PyArray_DATA(gint)
    for k in range(n):
        if gi[pr[k] * GI + GI_ENABLED] != 0:
            m += 1
    if m < 2:
        return np.zeros((0, 2), dtype=np.int32)
    a = <dReal*> malloc(6 * m * sizeof(dReal))
    ca = <u64*> malloc(m * sizeof(u64))
    co = <u64*> malloc(m * sizeof(u64))
    bo = <long long*> malloc(m * sizeof(long long))
    gr = <int*> malloc(m * sizeof(int))
    back = <Py_ssize_t*> malloc(m * sizeof(Py_ssize_t))
    try:
        if a == NULL or ca == NULL or co == NULL or bo == NULL or gr == NULL or back == NULL:
            raise MemoryError("broad phase: out of memory")
        m = 0
        for k in range(n):
            if gi[pr[k] * GI + GI_ENABLED] != 0:
                for q in range(6):
                    a[6 * m + q] = g[pr[k] * GR + G_AABB + q]
                ca[m] = pcat[pr[k]]
                co[m] = pcol[pr[k]]
                bo[m] = pbody[pr[k]]
                gr[m] = -1
                back[m] = k
                m += 1
        s.n = <int> m
        s.a = a
        s.cat = ca
        s.col = co
        s.body = bo
        s.group = gr
        return _find(kind, &s, ip, rp, back)
    finally:
        free(a)
        free(ca)
        free(co)
        free(bo)
        free(gr)
        free(back)


def space_boxes(cnp.ndarray greal not None, cnp.ndarray gint not None, cnp.ndarray spaces not None,
                cnp.ndarray starts not None, cnp.ndarray children not None):
    """The AABB of each space row ``spaces[k]``: the box around the AABBs of its children's rows
    ``children[starts[k]:starts[k + 1]]`` (zeros without children), written in order (a space listed
    after its sub-spaces sees their new boxes). Per column the first child's value, replaced by a smaller
    (min) / larger (max) one; a NaN anywhere in a column gives NaN (as numpy's min / max)."""
    cdef Py_ssize_t nrow, ns, k, c, q
    cdef const Py_ssize_t* ps
    cdef const Py_ssize_t* pst
    cdef const Py_ssize_t* pc
    cdef dReal* g
    cdef dReal* out
    cdef const dReal* x
    cdef dReal v
    _check_geom_arrays(greal, gint)
    nrow = greal.shape[0]
    ps = _rows_of(spaces, nrow, "spaces")
    ns = spaces.shape[0]
    pc = _rows_of(children, nrow, "children")
    if starts.ndim != 1 or cnp.PyArray_TYPE(starts) != cnp.NPY_INTP or not cnp.PyArray_IS_C_CONTIGUOUS(starts) \
            or starts.shape[0] != ns + 1:
        raise TypeError("starts must be a 1-d C-contiguous intp array of len(spaces) + 1 offsets")
    pst = <const Py_ssize_t*> cnp.PyArray_DATA(starts)
    for k in range(ns):
        if pst[k] < 0 or pst[k] > pst[k + 1] or pst[k + 1] > children.shape[0]:
            raise ValueError("starts must be non-decreasing offsets into children")
    g = <dReal*> cnp.PyArray_DATA(greal)
    with nogil:
        for k in range(ns):
            out = g + ps[k] * GR + G_AABB
            if pst[k] == pst[k + 1]:
                for q in range(6):
                    out[q] = 0.0
                continue
            x = g + pc[pst[k]] * GR + G_AABB
            for q in range(6):
                out[q] = x[q]
            for c in range(pst[k] + 1, pst[k + 1]):
                x = g + pc[c] * GR + G_AABB
                for q in range(0, 6, 2):
                    v = x[q]
                    if out[q] == out[q] and not (v >= out[q]):
                        out[q] = v
                    v = x[q + 1]
                    if out[q + 1] == out[q + 1] and not (v <= out[q + 1]):
                        out[q + 1] = v


cdef enum:
    _STACK_CONTACTS = 16
    _P = C_POS
    _N = C_NORMAL
    _D = C_DEPTH


def pair_contacts(cnp.ndarray greal not None, cnp.ndarray gint not None, int a, int b, flags, cls, g1, g2,
                  bint flip=False):
    """ode.collide for two plain geom rows: a list of ``cls()`` objects with pos, normal, depth, g1, g2.

    With ``flip`` the normals are negated (ode.collide of (geom, transform) collides the transform's helper
    row first, as libode, and flips the normals back); the rows are collided in the order given.

    The narrow phase writes its records into a stack buffer (the heap past 16 contacts) and the contacts
    are built from them directly (no intermediate array). A record with a value that is not finite goes
    through ``setContactGeomParams`` (which rejects it); otherwise the five attributes are stored as is.
    """
    cdef dReal stack[_STACK_CONTACTS * CR]
    cdef dReal* buf = stack
    cdef dReal* g
    cdef dReal* r
    cdef int* gi
    cdef long long f = flags
    cdef int cflags, maxc, n, k
    if greal.ndim != 2 or greal.shape[1] != GR or cnp.PyArray_ITEMSIZE(greal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(greal) or gint.ndim != 2 or gint.shape[1] != GI \
            or cnp.PyArray_TYPE(gint) != cnp.NPY_INT32 or not cnp.PyArray_IS_C_CONTIGUOUS(gint) \
            or gint.shape[0] != greal.shape[0]:
        raise ValueError("greal / gint must be the C-contiguous geom arrays of the kernel's real type")
    if a < 0 or b < 0 or a >= greal.shape[0] or b >= greal.shape[0]:
        raise IndexError("geom row out of range")
    f &= 0xFFFFFFFF
    cflags = <int> (f - 0x100000000 if f & 0x80000000 else f)
    maxc = cflags & 0xffff
    if maxc < 1:
        maxc = 1
    if a == b:
        return []
    if maxc > _STACK_CONTACTS:
        buf = <dReal*> malloc(maxc * CR * sizeof(dReal))
        if buf == NULL:
            raise MemoryError()
    g = <dReal*> cnp.PyArray_DATA(greal)
    gi = <int*> cnp.PyArray_DATA(gint)
    with nogil:
        n = collide_pair(g + a * GR, gi + a * GI, g + b * GR, gi + b * GI, cflags, buf, CR)
        if flip:
            for k in range(n):
                r = buf + k * CR
                r[_N] = -r[_N]
                r[_N + 1] = -r[_N + 1]
                r[_N + 2] = -r[_N + 2]
    out = []
    try:
        for k in range(n):
            r = buf + k * CR
            c = cls()
            pos = (<double> r[_P], <double> r[_P + 1], <double> r[_P + 2])
            normal = (<double> r[_N], <double> r[_N + 1], <double> r[_N + 2])
            if isfinite(r[_P]) and isfinite(r[_P + 1]) and isfinite(r[_P + 2]) and isfinite(r[_N]) and isfinite(r[_N + 1]) \
                    and isfinite(r[_N + 2]) and isfinite(r[_D]):
                c.pos = pos
                c.normal = normal
                c.depth = <double> r[_D]
                c.g1 = g1
                c.g2 = g2
            else:
                c.setContactGeomParams(pos, normal, <double> r[_D], g1, g2)
            out.append(c)
    finally:
        if buf != stack:
            free(buf)
    return out
