# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Broad phase: candidate geom pairs of a space by AABB overlap (twin: ``ode/_fallback/space.py``).

Simple, hash and quadtree spaces hand out their pairs as libode 0.16.2 does: in its order and with its
argument order (which geom is first), given the space's geoms in libode's list order (kept by
``ode.spaces``). The simple space pairs every geom with each later one; the hash space follows libode's
hash table (``_hash``), then adds the overlapping pairs that table misses; ``quadtree_place`` and
``quadtree_rows_pairs`` are libode's quadtree (the blocks and their lists kept by the space; kind
quadtree of ``space_pairs``: a tree whose geoms were added in index order); ``sap_rows_pairs`` is
libode's SAP space (its sort state kept by the space). ``space_pairs`` of kind SAP (collide2's sweep
between two lists) generates candidates its own way and returns them sorted, (i, j) with i < j.
Every pair passes the same exact test: groups differ (or are -1), bodies differ (or are -1),
``(cat_i & col_j) | (cat_j & col_i)`` is nonzero and the AABBs (minx, maxx, miny, maxy, minz, maxz) overlap or touch. The compiled kernel and its
twin return identical arrays.
"""

import numpy as np

cimport numpy as cnp
from libc.math cimport INFINITY, floor, frexp, isfinite, ldexp, nextafter, nextafterf
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from .boundary cimport check_geom_arrays, data_n
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
    long long key
    long long pos
    int i


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


cdef void _push(Found* f, long long key) noexcept nogil:
    """Append a pair key (i * n + j), growing the array (``failed`` set when out of memory)."""
    cdef long long* grown
    if f.count == f.cap:
        grown = <long long*> realloc(f.keys, (2 * f.cap + 16) * sizeof(long long))
        if grown == NULL:
            f.failed = 1
            return
        f.keys = grown
        f.cap = 2 * f.cap + 16
    f.keys[f.count] = key
    f.count += 1


cdef void _emit(const Input* s, Found* f, int i, int j) noexcept nogil:
    """Record pair (min, max) when it passes the exact test."""
    cdef int t
    if i > j:
        t = i
        i = j
        j = t
    if i != j and _accept(s, i, j):
        _push(f, <long long> i * s.n + j)


cdef void _emit_ordered(const Input* s, Found* f, int i, int j) noexcept nogil:
    """Record pair (i, j), in this order, when it passes the exact test (pairs generated once each)."""
    if _accept(s, i, j):
        _push(f, <long long> i * s.n + j)


cdef void _simple(const Input* s, Found* f) noexcept nogil:
    """libode's simple space: every pair i < j, by i then j (list order)."""
    cdef int i, j
    for i in range(s.n):
        for j in range(i + 1, s.n):
            _emit_ordered(s, f, i, j)


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


cdef long _PRIMES[31]
_PRIMES[:] = [1, 2, 3, 7, 13, 31, 61, 127, 251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071,
              262139, 524287, 1048573, 2097143, 4194301, 8388593, 16777213, 33554393, 67108859, 134217689,
              268435399, 536870909, 1073741789]      # the largest prime below each power of two
cdef double _INT_LIMIT = 2147483648.0     # cell indices are C ints: beyond this a geom is treated as big


cdef bint _hash_level(const Input* s, int i, int minlevel, int maxlevel, int* level) noexcept nogil:
    """The level of geom i: the binary exponent of its largest side (frexp: side < 2**level), at least
    minlevel; False (a big geom) above maxlevel or for a bound that is not finite."""
    cdef const dReal* b = s.a + 6 * i
    cdef int k, e
    cdef double q
    for k in range(6):
        if not isfinite(b[k]):
            return False
    q = b[1] - b[0]
    if b[3] - b[2] > q:
        q = b[3] - b[2]
    if b[5] - b[4] > q:
        q = b[5] - b[4]
    frexp(q, &e)
    if e < minlevel:
        e = minlevel
    level[0] = e
    return e <= maxlevel


cdef bint _hash_bounds(const Input* s, int i, int lvl, int* db) noexcept nogil:
    """Cell index bounds x0, x1, y0, y1, z0, z1 of geom i at level lvl; False when beyond C ints."""
    cdef double scale = ldexp(1.0, -lvl), v
    cdef int k
    for k in range(6):
        v = s.a[6 * i + k] * scale
        if not (-_INT_LIMIT <= v < _INT_LIMIT):
            return False
        db[k] = <int> floor(v)
    return True


cdef inline long long _ncells(const int* db) noexcept nogil:
    """The number of cells within bounds x0, x1, y0, y1, z0, z1."""
    return (<long long> db[1] - db[0] + 1) * (<long long> db[3] - db[2] + 1) * (<long long> db[5] - db[4] + 1)


cdef inline long long _pair_key(int i, int j, int n) noexcept nogil:
    """The number of the unordered pair (i, j) of n geoms in the tested-bit array."""
    return <long long> i * n + j if i < j else <long long> j * n + i


cdef inline long long _cell_base(int lvl, int x, int y) noexcept nogil:
    """The address of cell (lvl, x, y, 0): level, x, y as 32-bit unsigned numbers weighted 1000, 100, 10
    (below 2**43, so z in C int range moves it at most across zero)."""
    return <long long> ((<u64> <unsigned int> lvl) * 1000ULL + (<u64> <unsigned int> x) * 100ULL
                        + (<u64> <unsigned int> y) * 10ULL)


cdef inline unsigned long _bucket0(long long base, int z0, unsigned long size) noexcept nogil:
    """The table bucket of the first cell of a run: its address base + z0 in 64-bit unsigned arithmetic
    modulo the table size (each next z: the next bucket)."""
    return (<u64> base + <u64> <long long> z0) % size


cdef inline bint _misstepped(long long base, int z0, int z1) noexcept nogil:
    """Whether run z0 .. z1 has cells whose bucket the stepping gets wrong: the first address base + z0 is
    below zero (wrapped to 2**64 + base + z0) and a later z reaches base + z >= 0; from z = -base on, the
    stepped bucket is (2**64 + base + z) % size, not the direct (base + z) % size."""
    return z0 < -base and -base <= z1


cdef struct HNode:
    int next              # next node of the bucket's chain (-1: the end)
    int box               # the hashed geom's number
    int x
    int y
    int z


cdef struct HRun:
    int box               # the scanning geom (-1: an inserted run)
    int lvl
    int x
    int y
    int z0
    int z1
    int direct            # look the cells up in their direct buckets (else in their wrapped ones)


cdef struct Runs:
    HRun* items
    Py_ssize_t count
    Py_ssize_t cap
    int failed


cdef void _push_run(Runs* r, int box, int lvl, int x, int y, int z0, int z1, int direct) noexcept nogil:
    """Append a run of cells, growing the array (``failed`` set when out of memory)."""
    cdef HRun* grown
    if r.count == r.cap:
        grown = <HRun*> realloc(r.items, (2 * r.cap + 8) * sizeof(HRun))
        if grown == NULL:
            r.failed = 1
            return
        r.items = grown
        r.cap = 2 * r.cap + 8
    r.items[r.count] = HRun(box, lvl, x, y, z0, z1, direct)
    r.count += 1


cdef void _rescue_runs(Runs* out, const Runs* wrapped, int b, int up, int x, int y, int z0, int z1,
                       long long base) noexcept nogil:
    """Note the cells of scan run (up, x, y, z0 .. z1) of geom b that libode looks up in the wrong bucket:
    from its first mis-stepped z on, the direct buckets; else the cells of inserted runs ``wrapped`` it
    shares, their wrapped buckets."""
    cdef Py_ssize_t k
    cdef const HRun* w
    if _misstepped(base, z0, z1):
        _push_run(out, b, up, x, y, <int> -base, z1, 1)
        return
    for k in range(wrapped.count):
        w = wrapped.items + k
        if w.lvl == up and w.x == x and w.y == y and w.z0 <= z1 and z0 <= w.z1:
            _push_run(out, b, up, x, y, w.z0 if w.z0 > z0 else z0, w.z1 if w.z1 < z1 else z1, 0)


cdef inline void _meet(const Input* s, Found* f, const HNode* nodes, const int* level, const int* ids,
                       unsigned char* tested, int nh, int o, int b, int up, int x, int y,
                       int z) noexcept nogil:
    """Geom b looks up cell (up, x, y, z) in a bucket's chain from node o: it pairs with each other geom
    there at that cell and level (b first), unless the pair was already met."""
    cdef const HNode* q
    cdef long long key
    while o >= 0:
        q = nodes + o
        o = q.next
        if q.box == b or level[q.box] != up or q.x != x or q.y != y or q.z != z:
            continue
        key = _pair_key(b, q.box, nh)
        if tested[key >> 3] & (1 << (key & 7)):
            continue
        tested[key >> 3] |= <unsigned char> (1 << (key & 7))
        _emit_ordered(s, f, ids[b], ids[q.box])


cdef void _rescue(const Input* s, Found* f, const HNode* nodes, const int* level, const int* ids,
                  unsigned char* tested, int nh, const int* head, unsigned long size,
                  const Runs* runs) noexcept nogil:
    """The pairs libode's table misses, in the order their cells were scanned: each noted run's cells are
    looked up in the other bucket, and a geom met there at the cell's level pairs (the scanning geom
    first) unless the pair was already met."""
    cdef Py_ssize_t r
    cdef const HRun* w
    cdef long long base
    cdef int z
    cdef unsigned long h, wrap = (0xFFFFFFFFFFFFFFFFULL % size + 1) % size     # 2**64 % size
    for r in range(runs.count):
        w = runs.items + r
        base = _cell_base(w.lvl, w.x, w.y)
        for z in range(w.z0, w.z1 + 1):
            h = <unsigned long> (base + z) % size
            if not w.direct:
                h = (h + wrap) % size
            _meet(s, f, nodes, level, ids, tested, nh, head[h], w.box, w.lvl, w.x, w.y, z)


cdef int _hash(const Input* s, Found* f, int minlevel, int maxlevel) noexcept nogil:
    """libode's hash space, in its order (twin: ``_hash``), then the pairs its table misses. Geoms (in list
    order) at a level above maxlevel, or with a bound that is not finite, are big; the others are numbered
    in order and put in the cells of their level of a chained table (the smallest listed prime >= 8 per
    geom buckets, new nodes at a chain's head; a cell's bucket follows its address, the next z the next
    bucket). Each geom in turn scans its cells at its level and the cells covering them at every level up
    to the largest used, and pairs with the geoms met there (the geom met second), each pair once (a bit
    per pair); then every geom pairs with every big geom, then the big geoms pair among themselves in
    list order. Last, the pairs sharing a cell whose bucket libode mis-steps (``_misstepped``) and not
    met, as met in the right bucket (``_rescue``)."""
    cdef int n = s.n, i, b, lvl, up, top = minlevel - 1, nh = 0, nbig = 0, k, x, y, z, pi
    cdef long long cells = 0, base
    cdef int* level = <int*> malloc((n + 1) * sizeof(int))
    cdef int* db = <int*> malloc((6 * n + 1) * sizeof(int))
    cdef int* ids = <int*> malloc((n + 1) * sizeof(int))
    cdef int* big = <int*> malloc((n + 1) * sizeof(int))
    cdef int* head = NULL
    cdef HNode* nodes = NULL
    cdef unsigned char* tested = NULL
    cdef unsigned long size, h
    cdef int d[6]
    cdef HNode* q
    cdef int status = -1
    cdef Py_ssize_t nwrapped
    cdef Runs wrapped = Runs(NULL, 0, 0, 0)
    cdef Runs runs = Runs(NULL, 0, 0, 0)
    if level != NULL and db != NULL and ids != NULL and big != NULL:
        for i in range(n):
            if _hash_level(s, i, minlevel, maxlevel, &lvl) and _hash_bounds(s, i, lvl, db + 6 * nh):
                level[nh] = lvl
                ids[nh] = i
                if lvl > top:
                    top = lvl
                cells += _ncells(db + 6 * nh)
                nh += 1
            else:
                big[nbig] = i
                nbig += 1
        pi = 0
        while pi < 30 and _PRIMES[pi] < 8 * <long> nh:
            pi += 1
        size = <unsigned long> _PRIMES[pi]
        if cells < 0x7FFFFFFF:
            head = <int*> malloc(size * sizeof(int))
            nodes = <HNode*> malloc((cells + 1) * sizeof(HNode))
            tested = <unsigned char*> calloc((<size_t> nh * nh) // 8 + 1, 1)
        if head != NULL and nodes != NULL and tested != NULL:
            for h in range(size):
                head[h] = -1
            k = 0
            for b in range(nh):
                for x in range(db[6 * b], db[6 * b + 1] + 1):
                    for y in range(db[6 * b + 2], db[6 * b + 3] + 1):
                        base = _cell_base(level[b], x, y)
                        if _misstepped(base, db[6 * b + 4], db[6 * b + 5]):
                            _push_run(&wrapped, -1, level[b], x, y, <int> -base, db[6 * b + 5], 0)
                        h = _bucket0(base, db[6 * b + 4], size)
                        for z in range(db[6 * b + 4], db[6 * b + 5] + 1):
                            q = nodes + k
                            q.next = head[h]
                            q.box = b
                            q.x = x
                            q.y = y
                            q.z = z
                            head[h] = k
                            k += 1
                            h = h + 1 if h + 1 != size else 0
            nwrapped = wrapped.count
            for b in range(nh):
                for k in range(6):
                    d[k] = db[6 * b + k]
                for up in range(level[b], top + 1):
                    for x in range(d[0], d[1] + 1):
                        for y in range(d[2], d[3] + 1):
                            base = _cell_base(up, x, y)
                            if nwrapped or _misstepped(base, d[4], d[5]):
                                _rescue_runs(&runs, &wrapped, b, up, x, y, d[4], d[5], base)
                            h = _bucket0(base, d[4], size)
                            for z in range(d[4], d[5] + 1):
                                _meet(s, f, nodes, level, ids, tested, nh, head[h], b, up, x, y, z)
                                h = h + 1 if h + 1 != size else 0
                    for k in range(6):
                        d[k] = d[k] >> 1
            for b in range(nh):
                for k in range(nbig):
                    _emit_ordered(s, f, ids[b], big[k])
            for b in range(nbig):
                for k in range(b + 1, nbig):
                    _emit_ordered(s, f, big[b], big[k])
            _rescue(s, f, nodes, level, ids, tested, nh, head, size, &runs)
            if not wrapped.failed and not runs.failed:
                status = 0
    free(level)
    free(db)
    free(ids)
    free(big)
    free(head)
    free(nodes)
    free(tested)
    free(wrapped.items)
    free(runs.items)
    return status


cdef void _qt_root(const dReal* rp, dReal* root) noexcept nogil:
    """The root block (min x, max x, min y, max y): centre - extents to the next dReal above centre +
    extents, so a box touching the far side still fits (half-open bounds)."""
    cdef dReal hx = <dReal> (rp[0] + rp[3]), hy = <dReal> (rp[1] + rp[4])
    root[0] = <dReal> (rp[0] - rp[3])
    root[2] = <dReal> (rp[1] - rp[4])
    if sizeof(dReal) == sizeof(float):
        root[1] = nextafterf(<float> hx, INFINITY)
        root[3] = nextafterf(<float> hy, INFINITY)
    else:
        root[1] = nextafter(hx, INFINITY)
        root[3] = nextafter(hy, INFINITY)


cdef inline dReal _qt_mid(dReal lo, dReal hi) noexcept nogil:
    """A block's split: lo + (hi - lo) / 2, each operation rounded to dReal."""
    cdef dReal half = <dReal> (hi - lo)
    half = <dReal> (half / 2)
    return <dReal> (lo + half)


cdef long long _qt_key(const dReal* box, const dReal* root, int depth) noexcept nogil:
    """The key of the block box (minx, maxx, miny, maxy) sits in (twin: ``_qt_key``): the deepest block
    holding it within half-open bounds, from the root down (the root when none does); the key orders
    blocks in the tree's pre-order: (path << 2 * (depth - level)) << 5 | level."""
    cdef dReal b[4]
    cdef long long path = 0
    cdef int level = 0, hx, hy
    b[0] = root[0]
    b[1] = root[1]
    b[2] = root[2]
    b[3] = root[3]
    if not (box[0] >= b[0] and box[1] < b[1] and box[2] >= b[2] and box[3] < b[3]):
        return 0
    while level < depth:
        hx = _qt_half(box, b)
        if hx < 0:
            break
        hy = _qt_half(box + 2, b + 2)
        if hy < 0:
            break
        path = 4 * path + 2 * hx + hy
        level += 1
    return ((path << (2 * (depth - level))) << 5) | level


cdef inline int _qt_half(const dReal* box, dReal* b) noexcept nogil:
    """On one axis, the half of block [b[0], b[1]) that holds box[0] .. box[1]: 0 (lower) or 1, the block
    narrowed to it; -1 when the box crosses the split (twin: ``_qt_half``)."""
    cdef dReal m = _qt_mid(b[0], b[1])
    if box[1] < m:
        b[1] = m
        return 0
    if box[0] >= m:
        b[0] = m
        return 1
    return -1


cdef void _qt_keys(const dReal* a, Py_ssize_t stride, const Py_ssize_t* at, const Py_ssize_t* which,
                   Py_ssize_t nw, long long* place, const dReal* root, int depth) noexcept nogil:
    """Re-place geoms which[0 .. nw-1] in order (geom k's AABB at a + stride * at[k]) (twin: ``_qt_keys``):
    a geom whose block changed goes to the front of the new block's list (a new, larger place[0] as its
    position); the others keep their places. place: [counter, key, position, ...]."""
    cdef Py_ssize_t w, k
    cdef long long key
    for w in range(nw):
        k = which[w]
        key = _qt_key(a + stride * at[k], root, depth)
        if key != place[1 + 2 * k]:
            place[0] += 1
            place[1 + 2 * k] = key
            place[2 + 2 * k] = place[0]


cdef int _cmp_qt(const void* x, const void* y) noexcept nogil:
    cdef const QtItem* p = <const QtItem*> x
    cdef const QtItem* q = <const QtItem*> y
    if p.key != q.key:
        return -1 if p.key < q.key else 1
    return (p.pos < q.pos) - (p.pos > q.pos)


cdef void _qt_sweep(const Input* s, Found* f, QtItem* items, int n, int depth) noexcept nogil:
    """libode's quadtree collide (twin: ``_qt_sweep``): the geoms in block pre-order, a block's list front
    first; each pairs with the later geoms of its block, then with those of the blocks below it (the
    earlier geom first)."""
    cdef int p, q
    cdef long long end
    qsort(items, n, sizeof(QtItem), _cmp_qt)
    for p in range(n):
        end = (items[p].key >> 5) + ((<long long> 1) << (2 * (depth - (items[p].key & 31))))
        q = p + 1
        while q < n and (items[q].key >> 5) < end:
            _emit_ordered(s, f, items[p].i, items[q].i)
            q += 1


cdef int _quadtree(const Input* s, Found* f, const dReal* rp, int depth) noexcept nogil:
    """A quadtree space whose geoms 0 .. n-1 were added in turn at their AABBs (each at the front of its
    block's list), collided as libode does; -1 when out of memory."""
    cdef int n = s.n, k
    cdef dReal root[4]
    cdef QtItem* items = <QtItem*> malloc((n + 1) * sizeof(QtItem))
    if items == NULL:
        return -1
    _qt_root(rp, root)
    for k in range(n):
        items[k].key = _qt_key(s.a + 6 * k, root, depth)
        items[k].pos = k + 1
        items[k].i = k
    _qt_sweep(s, f, items, n, depth)
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


cdef void _check_depth(int depth) except *:
    """The quadtree's depth (levels below the root): 0 .. 16."""
    if depth < 0 or depth > 16:
        raise ValueError(f"depth must be in 0 .. 16, not {depth}")


cdef object _find(int kind, Input* s, const int* ip, const dReal* rp, const Py_ssize_t* back):
    """The sorted, deduplicated candidate pairs of ``s`` as an int32 array (m, 2); with ``back`` the
    indices are mapped through it (back[i] for geom i)."""
    cdef Found f
    cdef Py_ssize_t n = s.n, r, m
    cdef int status = 0, minlevel = ip[0], maxlevel = ip[1], depth = ip[2], axis = ip[3]
    if kind == K_QUADTREE:
        _check_depth(depth)
    f.keys = NULL
    f.count = 0
    f.cap = 0
    f.failed = 0
    with nogil:
        if kind == K_HASH:
            status = _hash(s, &f, minlevel, maxlevel)
        elif kind == K_QUADTREE:
            status = _quadtree(s, &f, rp, depth)
        elif kind == K_SAP:
            status = _sap(s, &f, axis)
        else:
            _simple(s, &f)
        if status == 0 and not f.failed and f.count > 1 and kind == K_SAP:
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
    s.a = <const dReal*> data_n(aabb, cnp.PyArray_TYPE(aabb), 6 * n, "aabb")
    s.cat = <const u64*> data_n(cat, cnp.NPY_UINT64, n, "cat")
    s.col = <const u64*> data_n(col, cnp.NPY_UINT64, n, "col")
    s.body = <const long long*> data_n(body, cnp.NPY_INT64, n, "body")
    s.group = <const int*> data_n(group, cnp.NPY_INT32, n, "group")
    cdef const int* ip = <const int*> data_n(iparams, cnp.NPY_INT32, 4, "iparams")
    cdef const dReal* rp = <const dReal*> data_n(rparams, cnp.PyArray_TYPE(aabb), 6, "rparams")
    return _find(kind, &s, ip, rp, NULL)


cdef Py_ssize_t _NO_ROWS = 0      # what an empty rows array points at, so a pointer is never NULL


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
        return <const Py_ssize_t*> &_NO_ROWS
    return p


def space_rows_pairs(int kind, cnp.ndarray greal not None, cnp.ndarray gint not None, cnp.ndarray rows not None,
                     cnp.ndarray cat not None, cnp.ndarray col not None, cnp.ndarray body not None,
                     cnp.ndarray iparams not None, cnp.ndarray rparams not None):
    """space_pairs for the geoms in store rows ``rows`` (an intp array; the whole store's ``greal`` /
    ``gint`` arrays and its per-row ``cat`` / ``col`` / ``body`` arrays), AABBs read from the rows, no
    groups. Rows whose geom is disabled (GI_ENABLED == 0) take no part. The pairs (i, j) index ``rows``
    (not the enabled subset): the same pairs, in the same order, as space_pairs on the enabled rows."""
    cdef Input s
    cdef Py_ssize_t* back = NULL
    check_geom_arrays(greal, gint)
    cdef const int* ip = <const int*> data_n(iparams, cnp.NPY_INT32, 4, "iparams")
    cdef const dReal* rp = <const dReal*> data_n(rparams, cnp.PyArray_TYPE(greal), 6, "rparams")
    memset(&s, 0, sizeof(Input))          # no buffers yet: what _ungather frees if _gather fails early
    try:
        _gather(&s, &back, greal, gint, rows, cat, col, body)
        if s.n < 2:
            return np.zeros((0, 2), dtype=np.int32)
        return _find(kind, &s, ip, rp, back)
    finally:
        _ungather(&s, back)


cdef int _gather(Input* s, Py_ssize_t** back, cnp.ndarray greal, cnp.ndarray gint, cnp.ndarray rows,
                 cnp.ndarray cat, cnp.ndarray col, cnp.ndarray body) except -1:
    """The enabled ones of store rows ``rows``: their AABBs, bits and bodies (no groups) copied into fresh
    buffers of ``s`` (freed by _ungather, also after an error), back[m] the index in rows of the m-th."""
    cdef Py_ssize_t nrow = greal.shape[0], n = rows.shape[0], k, q, m = 0
    cdef const Py_ssize_t* pr = _rows_of(rows, nrow, "rows")
    cdef const u64* pcat = <const u64*> data_n(cat, cnp.NPY_UINT64, nrow, "cat")
    cdef const u64* pcol = <const u64*> data_n(col, cnp.NPY_UINT64, nrow, "col")
    cdef const long long* pbody = <const long long*> data_n(body, cnp.NPY_INT64, nrow, "body")
    cdef const dReal* g = <const dReal*> cnp.PyArray_DATA(greal)
    cdef const int* gi = <const int*> cnp.PyArray_DATA(gint)
    cdef dReal* a = <dReal*> malloc((6 * n + 1) * sizeof(dReal))
    cdef u64* ca = <u64*> malloc((n + 1) * sizeof(u64))
    cdef u64* co = <u64*> malloc((n + 1) * sizeof(u64))
    cdef long long* bo = <long long*> malloc((n + 1) * sizeof(long long))
    cdef int* gr = <int*> malloc((n + 1) * sizeof(int))
    back[0] = <Py_ssize_t*> malloc((n + 1) * sizeof(Py_ssize_t))
    s.n = 0
    s.a = a
    s.cat = ca
    s.col = co
    s.body = bo
    s.group = gr
    if a == NULL or ca == NULL or co == NULL or bo == NULL or gr == NULL or back[0] == NULL:
        raise MemoryError("broad phase: out of memory")
    for k in range(n):
        if gi[pr[k] * GI + GI_ENABLED] != 0:
            for q in range(6):
                a[6 * m + q] = g[pr[k] * GR + G_AABB + q]
            ca[m] = pcat[pr[k]]
            co[m] = pcol[pr[k]]
            bo[m] = pbody[pr[k]]
            gr[m] = -1
            back[0][m] = k
            m += 1
    s.n = <int> m
    return 0


cdef void _ungather(Input* s, Py_ssize_t* back) noexcept:
    """Free the buffers _gather made."""
    free(<void*> s.a)
    free(<void*> s.cat)
    free(<void*> s.col)
    free(<void*> s.body)
    free(<void*> s.group)
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
    check_geom_arrays(greal, gint)
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


# ---------------------------------------------------------------- libode's SAP space (twin: sap_rows_pairs)

cdef float _FLT_MAX = 3.4028234663852886e38


cdef bint _in_order(const float* pos, const long long* order, Py_ssize_t nb) noexcept nogil:
    """Whether pos read in ``order`` never decreases (libode's test for an already sorted input)."""
    cdef float prev = pos[order[0]]
    cdef Py_ssize_t k
    for k in range(nb):
        if pos[order[k]] < prev:
            return False
        prev = pos[order[k]]
    return True


cdef void _radix_pass(const unsigned int* bits, int shift, const long long* src, long long* out,
                      Py_ssize_t nb, bint signed) noexcept nogil:
    """One stable counting pass of ``src`` by the byte at ``shift``; the sign byte (``signed``) puts the
    negative buckets first, the most negative first, each filled back to front (reversing their order)."""
    cdef Py_ssize_t count[256]
    cdef Py_ssize_t link[256]
    cdef Py_ssize_t k, neg = 0
    cdef unsigned int b
    for k in range(256):
        count[k] = 0
    for k in range(nb):
        count[(bits[k] >> shift) & 255] += 1
    link[0] = 0
    if not signed:
        for k in range(1, 256):
            link[k] = link[k - 1] + count[k - 1]
    else:
        for k in range(128, 256):
            neg += count[k]
        link[0] = neg
        for k in range(1, 128):
            link[k] = link[k - 1] + count[k - 1]
        link[255] = 0
        for k in range(127):
            link[254 - k] = link[255 - k] + count[255 - k]
        for k in range(128, 256):
            link[k] += count[k]
    for k in range(nb):
        b = (bits[src[k]] >> shift) & 255
        if signed and b >= 128:
            link[b] -= 1
            out[link[b]] = src[k]
        else:
            out[link[b]] = src[k]
            link[b] += 1


cdef long long* _radix_sort(const float* pos, Py_ssize_t nb, long long* state, long long* tmp) noexcept nogil:
    """libode's SAP sort (twin: ``_radix_sort``): the order of pos, in state + 2 (kept ranks) or in tmp
    (the index order of an input already in order); ``tmp`` holds nb values."""
    cdef long long* ranks = state + 2
    cdef long long* cur
    cdef long long* other
    cdef long long* swap
    cdef const unsigned int* bits = <const unsigned int*> pos
    cdef Py_ssize_t k
    cdef int j
    cdef unsigned int first
    cdef bint same
    if state[1] != nb:
        state[0] = 0
        state[1] = nb
    if not state[0]:
        for k in range(nb):
            tmp[k] = k
        if _in_order(pos, tmp, nb):
            return tmp
        for k in range(nb):
            ranks[k] = k
    elif _in_order(pos, ranks, nb):
        return ranks
    cur = ranks
    other = tmp
    for j in range(4):
        first = (bits[0] >> (8 * j)) & 255
        same = True
        for k in range(1, nb):
            if ((bits[k] >> (8 * j)) & 255) != first:
                same = False
                break
        if not same:
            _radix_pass(bits, 8 * j, cur, other, nb, j == 3)
        elif j == 3 and first >= 128:
            for k in range(nb):
                other[k] = cur[nb - 1 - k]
        else:
            continue
        swap = cur
        cur = other
        other = swap
    if cur != ranks:
        memcpy(ranks, cur, nb * sizeof(long long))
    state[0] = 1
    return ranks


cdef void _sap_prune(const Input* s, const int* ids, const float* pos, const long long* order, Py_ssize_t n,
                     const int* axes, Found* f) noexcept nogil:
    """libode's box pruning (twin: ``_sap_prune``): each box against the following ones whose key does
    not pass its maximum on the first axis, emitted when the other two axes overlap."""
    cdef Py_ssize_t p, q, run = 0
    cdef long long i, j
    cdef int x0 = 2 * axes[0], x1 = 2 * axes[1], x2 = 2 * axes[2]
    cdef const dReal* b
    cdef const dReal* c
    for p in range(n):
        if run >= n:
            return
        i = order[p]
        while run < n and pos[order[run]] < pos[i]:
            run += 1
        run += 1
        if run >= n or i == n - 1:
            continue
        b = s.a + 6 * ids[i]
        for q in range(run, n):
            j = order[q]
            if j == n - 1 or not (<double> pos[j] <= <double> b[x0 + 1]):
                break
            c = s.a + 6 * ids[j]
            if b[x1 + 1] >= c[x1] and c[x1 + 1] >= b[x1] and b[x2 + 1] >= c[x2] and c[x2 + 1] >= b[x2]:
                _emit_sap(s, f, ids[i], ids[j])


cdef inline void _emit_sap(const Input* s, Found* f, int i, int j) noexcept nogil:
    """Record pair (i, j) in this order when bodies and bits allow it (libode's SAP tests no AABB here)."""
    if s.body[i] >= 0 and s.body[i] == s.body[j]:
        return
    if (s.cat[i] & s.col[j]) == 0 and (s.cat[j] & s.col[i]) == 0:
        return
    _push(f, <long long> i * s.n + j)


cdef int _sap_ode(const Input* s, Found* f, const int* axes, long long* state) noexcept nogil:
    """libode's SAP space (twin: ``_sap_ode``); -1 when out of memory."""
    cdef int n = s.n, i, m, k, nf = 0, ni = 0
    cdef int* fin = <int*> malloc((n + 1) * sizeof(int))
    cdef int* inf = <int*> malloc((n + 1) * sizeof(int))
    cdef float* pos = <float*> malloc((n + 1) * sizeof(float))
    cdef long long* tmp = <long long*> malloc((n + 1) * sizeof(long long))
    cdef long long* order
    if fin == NULL or inf == NULL or pos == NULL or tmp == NULL:
        free(fin)
        free(inf)
        free(pos)
        free(tmp)
        return -1
    for i in range(n):
        if s.a[6 * i + 2 * axes[0] + 1] == INFINITY:
            inf[ni] = i
            ni += 1
        else:
            fin[nf] = i
            nf += 1
    if nf > 0:
        for k in range(nf):
            pos[k] = <float> s.a[6 * fin[k] + 2 * axes[0]]
        pos[nf] = _FLT_MAX
        order = _radix_sort(pos, nf + 1, state, tmp)
        _sap_prune(s, fin, pos, order, nf + 1, axes, f)
    for m in range(ni):
        for k in range(m + 1, ni):
            _emit_sap(s, f, inf[m], inf[k])
        for k in range(nf):
            _emit_sap(s, f, inf[m], fin[k])
    free(fin)
    free(inf)
    free(pos)
    free(tmp)
    return 0


cdef void _start(Input* s, Found* f) noexcept:
    """Empty pair keys, and no gathered buffers yet (what _ungather frees if _gather fails early)."""
    f.keys = NULL
    f.count = 0
    f.cap = 0
    f.failed = 0
    memset(s, 0, sizeof(Input))


cdef object _ordered_out(const Found* f, const Py_ssize_t* back, Py_ssize_t m):
    """The pair keys i * m + j of f, in their order, as an int32 array (m, 2) of back[i], back[j]."""
    cdef Py_ssize_t r
    out = np.zeros((f.count, 2), dtype=np.int32)
    cdef int* o = <int*> cnp.PyArray_DATA(<cnp.ndarray> out)
    for r in range(f.count):
        o[2 * r] = <int> back[f.keys[r] // m]
        o[2 * r + 1] = <int> back[f.keys[r] % m]
    return out


def sap_rows_pairs(cnp.ndarray greal not None, cnp.ndarray gint not None, cnp.ndarray rows not None,
                   cnp.ndarray cat not None, cnp.ndarray col not None, cnp.ndarray body not None,
                   cnp.ndarray axes not None, cnp.ndarray state not None):
    """The pairs of a SAP space whose geoms are the store rows ``rows`` (in its list order), in libode's
    order and argument order, as (m, 2) indices into ``rows``: disabled rows take no part; bodies and
    bits are tested, AABBs only as the sweep does. ``axes``: the three axes (int32); ``state``: the
    space's int64 sort state, at least 3 + len(rows) values (twin: ``sap_rows_pairs``)."""
    cdef Input s
    cdef Found f
    cdef Py_ssize_t* back = NULL
    cdef Py_ssize_t k, m
    cdef int status
    cdef int ax[3]
    check_geom_arrays(greal, gint)
    cdef const int* pa = <const int*> data_n(axes, cnp.NPY_INT32, 3, "axes")
    if axes.size != 3:
        raise ValueError("axes must be three axis numbers 0 .. 2")
    for k in range(3):
        if pa[k] < 0 or pa[k] > 2:
            raise ValueError("axes must be three axis numbers 0 .. 2")
        ax[k] = pa[k]
    if cnp.PyArray_TYPE(state) != cnp.NPY_INT64 or state.ndim != 1 or not cnp.PyArray_IS_C_CONTIGUOUS(state) \
            or state.shape[0] < rows.shape[0] + 3:
        raise ValueError("state must be an int64 array of at least len(rows) + 3 values")
    cdef long long* st = <long long*> cnp.PyArray_DATA(state)
    _start(&s, &f)
    try:
        _gather(&s, &back, greal, gint, rows, cat, col, body)
        m = s.n
        with nogil:
            status = _sap_ode(&s, &f, ax, st)
        if status != 0 or f.failed:
            raise MemoryError("broad phase: out of memory")
        return _ordered_out(&f, back, m)
    finally:
        free(f.keys)
        _ungather(&s, back)


cdef long long* _place_of(cnp.ndarray place, Py_ssize_t n) except NULL:
    """Pointer to a quadtree's place array: int64, at least 1 + 2 n values."""
    if cnp.PyArray_TYPE(place) != cnp.NPY_INT64 or place.ndim != 1 or not cnp.PyArray_IS_C_CONTIGUOUS(place) \
            or place.shape[0] < 2 * n + 1:
        raise ValueError("place must be an int64 array of at least 2 * len(rows) + 1 values")
    return <long long*> cnp.PyArray_DATA(place)


def quadtree_place(cnp.ndarray greal not None, cnp.ndarray rows not None, cnp.ndarray which not None,
                   cnp.ndarray place not None, cnp.ndarray rparams not None, int depth):
    """Put geoms of a quadtree space in their blocks, as libode on adding a geom or cleaning dirty ones:
    the geoms ``which`` (intp indices into ``rows``, the space's store rows), in that order, each at the
    block its AABB fits; a geom whose block changed goes to the front of the new block's list.
    ``place`` (int64, 1 + 2 len(rows)): a counter, then per geom its block key (-1: none yet) and its
    position in the block's list (larger: nearer the front). rparams: centre (3) and extents (3) (twin:
    ``quadtree_place``)."""
    cdef dReal root[4]
    if greal.ndim != 2 or greal.shape[1] != GR or cnp.PyArray_ITEMSIZE(greal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(greal):
        raise ValueError("greal must be the C-contiguous geom array of the kernel's real type")
    cdef const Py_ssize_t* pr = _rows_of(rows, greal.shape[0], "rows")
    cdef const Py_ssize_t* pw = _rows_of(which, rows.shape[0], "which")
    cdef long long* pl = _place_of(place, rows.shape[0])
    _check_depth(depth)
    cdef const dReal* rp = <const dReal*> data_n(rparams, cnp.PyArray_TYPE(greal), 6, "rparams")
    cdef const dReal* a = (<const dReal*> cnp.PyArray_DATA(greal)) + G_AABB
    _qt_root(rp, root)
    with nogil:
        _qt_keys(a, GR, pr, pw, which.shape[0], pl, root, depth)


def quadtree_rows_pairs(cnp.ndarray greal not None, cnp.ndarray gint not None, cnp.ndarray rows not None,
                        cnp.ndarray cat not None, cnp.ndarray col not None, cnp.ndarray body not None,
                        cnp.ndarray place not None, int depth):
    """The pairs of a quadtree space whose geoms are the store rows ``rows``, placed by quadtree_place,
    in libode's order and argument order, as (m, 2) indices into ``rows``: disabled rows take no part;
    bodies, bits and AABBs are tested (twin: ``quadtree_rows_pairs``)."""
    cdef Input s
    cdef Found f
    cdef Py_ssize_t* back = NULL
    cdef QtItem* items = NULL
    cdef Py_ssize_t r, m
    check_geom_arrays(greal, gint)
    _rows_of(rows, greal.shape[0], "rows")
    cdef const long long* pl = _place_of(place, rows.shape[0])
    _check_depth(depth)
    for r in range(rows.shape[0]):
        if pl[1 + 2 * r] < 0 or (pl[1 + 2 * r] & 31) > depth:
            raise ValueError("place: a geom without a block of this depth")
    _start(&s, &f)
    try:
        _gather(&s, &back, greal, gint, rows, cat, col, body)
        m = s.n
        items = <QtItem*> malloc((m + 1) * sizeof(QtItem))
        if items == NULL:
            raise MemoryError("broad phase: out of memory")
        with nogil:
            for r in range(m):
                items[r].key = pl[1 + 2 * back[r]]
                items[r].pos = pl[2 + 2 * back[r]]
                items[r].i = <int> r
            _qt_sweep(&s, &f, items, <int> m, depth)
        if f.failed:
            raise MemoryError("broad phase: out of memory")
        return _ordered_out(&f, back, m)
    finally:
        free(items)
        free(f.keys)
        _ungather(&s, back)
