"""Broad phase (pure-Python twin of ``ode/_core/space.pyx``): candidate geom pairs of a space by AABB overlap.

Same functions, same results, same order (see the kernel's docstring): libode's pair and argument order for
simple, hash (``_hash``), quadtree (``quadtree_place``, ``quadtree_rows_pairs``) and SAP (``sap_rows_pairs``)
spaces, sorted pairs for ``space_pairs`` of kind SAP.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _layout as L
from . import collide as _collide

SIMPLE = 0
HASH = 1
QUADTREE = 2
SAP = 3


def _flat(a):
    """A Python list from a numpy array or any sequence."""
    return a.tolist() if isinstance(a, np.ndarray) else list(a)


def _accept(i, j, a, cat, col, body, group) -> bool:
    """The exact pair test: group, body, bitfields, then AABB overlap (touching counts)."""
    if group[i] >= 0 and group[i] == group[j]:
        return False
    if body[i] >= 0 and body[i] == body[j]:
        return False
    if (cat[i] & col[j]) == 0 and (cat[j] & col[i]) == 0:
        return False
    p, q = 6 * i, 6 * j
    return not (a[p] > a[q + 1] or a[p + 1] < a[q] or a[p + 2] > a[q + 3] or a[p + 3] < a[q + 2]
                or a[p + 4] > a[q + 5] or a[p + 5] < a[q + 4])


def _simple(n, a, emit) -> None:
    """Every pair i < j."""
    for i in range(n):
        for j in range(i + 1, n):
            emit(i, j)


def _sap(n, a, axis, emit) -> None:
    """Sort by the minimum on ``axis``, sweep while the next minimum does not pass the current maximum."""
    order = sorted(range(n), key=lambda k: (a[6 * k + 2 * axis], k))
    for p in range(n):
        i = order[p]
        hi = a[6 * i + 2 * axis + 1]
        q = p + 1
        while q < n and a[6 * order[q] + 2 * axis] <= hi:
            emit(i, order[q])
            q += 1


_PRIMES = (1, 2, 3, 7, 13, 31, 61, 127, 251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071,
           262139, 524287, 1048573, 2097143, 4194301, 8388593, 16777213, 33554393, 67108859, 134217689,
           268435399, 536870909, 1073741789)     # the largest prime below each power of two
_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF
_WRAP = 1 << 64
_INT_LIMIT = 2147483648.0     # cell indices are C ints: beyond this a geom is treated as big


def _hash_level(a, i, minlevel, maxlevel):
    """The level of geom i: the binary exponent of its largest side (frexp: side < 2**level), at least
    minlevel; None (a big geom) above maxlevel or for a bound that is not finite."""
    box = a[6 * i:6 * i + 6]
    if not all(math.isfinite(v) for v in box):
        return None
    q = box[1] - box[0]
    for k in (3, 5):
        if box[k] - box[k - 1] > q:
            q = box[k] - box[k - 1]
    lvl = max(math.frexp(q)[1], minlevel)
    return lvl if lvl <= maxlevel else None


def _hash_bounds(a, i, lvl):
    """Cell index bounds [x0, x1, y0, y1, z0, z1] of geom i at level lvl; None when beyond C ints."""
    scale = math.ldexp(1.0, -lvl)
    out = []
    for k in range(6):
        v = a[6 * i + k] * scale
        if not -_INT_LIMIT <= v < _INT_LIMIT:
            return None
        out.append(math.floor(v))
    return out


def _cell_base(lvl, x, y):
    """The address of cell (lvl, x, y, 0): level, x, y as 32-bit unsigned numbers weighted 1000, 100, 10
    (below 2**43, so z in C int range moves it at most across zero)."""
    return (lvl & _M32) * 1000 + (x & _M32) * 100 + (y & _M32) * 10


def _buckets(base, z0, z1, size):
    """The table buckets of cells (base's lvl, x, y, z0 .. z1): the first cell's address (base + z0 in
    64-bit unsigned arithmetic) modulo the table size, then the next bucket (cyclically) for each next z."""
    h = ((base + z0) & _M64) % size
    for z in range(z0, z1 + 1):
        yield z, h
        h = h + 1 if h + 1 != size else 0


def _first_misstepped(base, z0, z1):
    """The first z of run z0 .. z1 whose bucket the stepping gets wrong, or None. When the first address
    base + z0 is below zero (wrapped to 2**64 + base + z0) and a later z reaches base + z >= 0, the stepped
    bucket of every z from -base on is (2**64 + base + z) % size, not the direct (base + z) % size."""
    return -base if z0 < -base <= z1 else None


def _hash_table(boxes, size):
    """The bucket chains (for each bucket a list of (box, x, y, z), the last inserted first) and the runs
    of cells inserted into a mis-stepped bucket, as (lvl, x, y, first z, last z)."""
    table: list = [None] * size
    wrapped = []
    for b, (lvl, db) in enumerate(boxes):
        for x in range(db[0], db[1] + 1):
            for y in range(db[2], db[3] + 1):
                base = _cell_base(lvl, x, y)
                zc = _first_misstepped(base, db[4], db[5])
                if zc is not None:
                    wrapped.append((lvl, x, y, zc, db[5]))
                for z, h in _buckets(base, db[4], db[5], size):
                    chain = table[h]
                    if chain is None:
                        chain = table[h] = []
                    chain.append((b, x, y, z))
    return table, wrapped


def _rescue_runs(b, up, x, y, z0, z1, base, wrapped, out) -> None:
    """Note the cells of scan run (up, x, y, z0 .. z1) of geom b that libode looks up in the wrong bucket:
    from its first mis-stepped z on, the direct buckets (True); else the cells of inserted runs ``wrapped``
    it shares, their wrapped buckets (False)."""
    zc = _first_misstepped(base, z0, z1)
    if zc is not None:
        out.append((b, up, x, y, zc, z1, True))
        return
    for lvl, wx, wy, lo, hi in wrapped:
        if lvl == up and wx == x and wy == y and lo <= z1 and z0 <= hi:
            out.append((b, up, x, y, max(lo, z0), min(hi, z1), False))


def _meet(chain, boxes, ids, b, up, x, y, z, tested, emit) -> None:
    """Geom b looks up cell (up, x, y, z) in a bucket's chain (head first): it pairs with each other geom
    there at that cell and level (b first), unless the pair was already met."""
    for o, ox, oy, oz in reversed(chain or ()):
        if o == b or boxes[o][0] != up or ox != x or oy != y or oz != z:
            continue
        key = (b, o) if b < o else (o, b)
        if key not in tested:
            tested.add(key)
            emit(ids[b], ids[o])


def _rescue(boxes, ids, table, size, runs, tested, emit) -> None:
    """The pairs libode's table misses, in the order their cells were scanned: each noted run's cells are
    looked up in the other bucket, and a geom met there at the cell's level pairs (the scanning geom
    first) unless the pair was already met."""
    for b, up, x, y, z0, z1, direct in runs:
        base = _cell_base(up, x, y)
        for z in range(z0, z1 + 1):
            h = (base + z) % size if direct else (base + z + _WRAP) % size
            _meet(table[h], boxes, ids, b, up, x, y, z, tested, emit)


def _hash(n, a, minlevel, maxlevel, emit) -> None:
    """libode's hash space, in its order, then the pairs its table misses. Geoms (in list order) at a
    level above maxlevel (or with a bound that is not finite) are "big"; the others are numbered in order
    and put in the table's cells of their level (a chained table of the smallest listed prime >= 8 per
    geom, new entries at the head). Each geom in turn scans its cells at its level and the cells covering
    them at every level up to the largest one used, and pairs with the geoms met there (the geom met
    second), each pair once; then every geom pairs with every big geom, then the big geoms pair among
    themselves in list order. Last, the pairs sharing a cell whose bucket libode mis-steps
    (``_first_misstepped``) and not met, as met in the right bucket (``_rescue``)."""
    boxes, ids, big = [], [], []
    for i in range(n):
        lvl = _hash_level(a, i, minlevel, maxlevel)
        db = _hash_bounds(a, i, lvl) if lvl is not None else None
        if db is None:
            big.append(i)
        else:
            boxes.append((lvl, db))
            ids.append(i)
    nh = len(boxes)
    size = next((p for p in _PRIMES if p >= 8 * nh), _PRIMES[-1])
    table, wrapped = _hash_table(boxes, size)
    top = max((lvl for lvl, _ in boxes), default=minlevel - 1)
    tested = set()
    runs: list = []
    for b, (lvl, db) in enumerate(boxes):
        d = list(db)
        for up in range(lvl, top + 1):
            for x in range(d[0], d[1] + 1):
                for y in range(d[2], d[3] + 1):
                    base = _cell_base(up, x, y)
                    _rescue_runs(b, up, x, y, d[4], d[5], base, wrapped, runs)
                    for z, h in _buckets(base, d[4], d[5], size):
                        _meet(table[h], boxes, ids, b, up, x, y, z, tested, emit)
            d = [v >> 1 for v in d]
    for i in ids:
        for j in big:
            emit(i, j)
    for p, i in enumerate(big):
        for j in big[p + 1:]:
            emit(i, j)
    _rescue(boxes, ids, table, size, runs, tested, emit)


def _qt_round(single: bool):
    """The rounding of the quadtree's block bounds: to float32 in the single-precision build (libode's
    dReal arithmetic, each operation rounded), none in double."""
    if not single:
        return lambda v: v
    return lambda v: float(np.float32(v))


def _qt_root(c, e, single: bool) -> tuple:
    """The root block (min x, max x, min y, max y): centre - extents to the next value above centre +
    extents, so a box touching the far side still fits (half-open bounds)."""
    rnd = _qt_round(single)
    up = (lambda v: float(np.nextafter(np.float32(v), np.float32(math.inf)))) if single \
        else (lambda v: math.nextafter(v, math.inf))
    return (rnd(c[0] - e[0]), up(rnd(c[0] + e[0])), rnd(c[1] - e[1]), up(rnd(c[1] + e[1])))


def _qt_key(box, root, depth: int, single: bool) -> int:
    """The key of the block a box (minx, maxx, miny, maxy) sits in: the deepest block holding it within
    half-open bounds (min <= box min, box max < max, in x and y), found from the root down, the root when
    none holds it. A child's bounds split its parent's at min + (max - min) / 2; its number is
    2 * (x half) + (y half). key = (path << 2 * (depth - level)) << 5 | level, path the child numbers
    from the root as base-4 digits: keys sort blocks in the tree's pre-order."""
    rnd = _qt_round(single)
    b = list(root)
    if not (box[0] >= b[0] and box[1] < b[1] and box[2] >= b[2] and box[3] < b[3]):
        return 0
    path = 0
    level = 0
    while level < depth:
        hx = _qt_half(box[0], box[1], b, 0, rnd)
        if hx < 0:
            break
        hy = _qt_half(box[2], box[3], b, 2, rnd)
        if hy < 0:
            break
        path = 4 * path + 2 * hx + hy
        level += 1
    return (path << (2 * (depth - level))) << 5 | level


def _qt_half(lo, hi, b, k: int, rnd) -> int:
    """On one axis, the half of block [b[k], b[k + 1]) that holds lo .. hi: 0 (lower) or 1, the block
    narrowed to it; -1 when the box crosses the split b[k] + (b[k + 1] - b[k]) / 2 (rounded by rnd)."""
    m = rnd(b[k] + rnd(rnd(b[k + 1] - b[k]) / 2.0))
    if hi < m:
        b[k + 1] = m
        return 0
    if lo >= m:
        b[k] = m
        return 1
    return -1


def _qt_keys(box_of, which, place, root, depth, single) -> None:
    """Re-place the geoms ``which`` (indices, in order; box_of(k): geom k's (minx, maxx, miny, maxy)): a
    geom whose block changed leaves its old block for the front of the new one's list (a new, larger
    place[0] as its position); the others keep their places. place: [counter, key, position, ...]."""
    for k in which:
        key = _qt_key(box_of(k), root, depth, single)
        if key != place[1 + 2 * k]:
            place[0] += 1
            place[1 + 2 * k] = key
            place[2 + 2 * k] = place[0]


def _qt_sweep(keys, depth: int, emit) -> None:
    """libode's quadtree collide over (key, position, index) per geom: the geoms in block pre-order, a
    block's list front first (the largest position first); each geom pairs with the later geoms of its
    block, then with those of the blocks below it (argument order: the earlier geom first)."""
    order = sorted(keys, key=lambda t: (t[0], -t[1]))
    n = len(order)
    for p in range(n):
        key = order[p][0]
        end = (key >> 5) + (1 << (2 * (depth - (key & 31))))
        q = p + 1
        while q < n and (order[q][0] >> 5) < end:
            emit(order[p][2], order[q][2])
            q += 1


def _is_single(arr) -> bool:
    """Whether the kernel's real type is float32 (the dtype of ``arr``)."""
    return isinstance(arr, np.ndarray) and arr.dtype == np.float32


def _quadtree(n, a, rp, depth, single, emit) -> None:
    """A quadtree space whose geoms 0 .. n-1 were added in turn at their AABBs: each at the front of its
    block's list (so a block lists its geoms the last added first), collided as libode does."""
    _check_depth(depth)
    root = _qt_root(rp[0:3], rp[3:6], single)
    place = [0] + [-1, 0] * n
    _qt_keys(lambda k: a[6 * k:6 * k + 4], range(n), place, root, depth, single)
    _qt_sweep([(place[1 + 2 * k], place[2 + 2 * k], k) for k in range(n)], depth, emit)


def _check_depth(depth) -> None:
    """The quadtree's depth (levels below the root): 0 .. 16."""
    if not 0 <= depth <= 16:
        raise ValueError(f"depth must be in 0 .. 16, not {depth}")


def space_pairs(kind, aabb, cat, col, body, group, iparams, rparams):
    """Candidate pairs of the n geoms whose AABBs are in ``aabb`` (6n values), as an int32 array (m, 2).

    iparams: (minlevel, maxlevel, depth, axis) for hash, quadtree and SAP spaces; rparams: quadtree
    centre (3) and extents (3).
    """
    a = _flat(aabb)
    catl, coll, bodyl, groupl = _flat(cat), _flat(col), _flat(body), _flat(group)
    ip, rp = _flat(iparams), _flat(rparams)
    n = len(bodyl)
    found = set()
    ordered = []

    def emit(i, j):
        if i > j:
            i, j = j, i
        if i != j and _accept(i, j, a, catl, coll, bodyl, groupl):
            found.add(i * n + j)

    def emit_ordered(i, j):
        if _accept(i, j, a, catl, coll, bodyl, groupl):
            ordered.append((i, j))

    if kind == HASH:
        _hash(n, a, ip[0], ip[1], emit_ordered)
    elif kind == QUADTREE:
        _quadtree(n, a, rp, ip[2], _is_single(rparams), emit_ordered)
    elif kind == SAP:
        _sap(n, a, ip[3], emit)
    else:
        _simple(n, a, emit_ordered)
    if kind != SAP:
        return np.array(ordered, dtype=np.int32).reshape(-1, 2)
    out = np.zeros((len(found), 2), dtype=np.int32)
    for r, key in enumerate(sorted(found)):
        out[r, 0] = key // n
        out[r, 1] = key % n
    return out


_FLT_MAX = 3.4028234663852886e38


def _f32(values) -> list:
    """The values rounded to float32 (out of range: infinite), as Python floats."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(values, dtype=np.float64).astype(np.float32).astype(np.float64).tolist()


def _f32_bits(values) -> list:
    """The float32 bit patterns of float32 values."""
    return np.asarray(values, dtype=np.float32).view(np.uint32).tolist()


def _in_order(pos, order) -> bool:
    """Whether pos read in ``order`` never decreases (libode's test for an already sorted input)."""
    prev = pos[order[0]]
    for k in order:
        if pos[k] < prev:
            return False
        prev = pos[k]
    return True


def _radix_pass(bytes_, src, signed) -> list:
    """One stable counting pass of ``src`` by byte; the sign byte (``signed``) puts the negative buckets
    first, the most negative first, each filled back to front (reversing their order)."""
    count = [0] * 256
    for b in bytes_:
        count[b] += 1
    link = [0] * 256
    if not signed:
        for i in range(1, 256):
            link[i] = link[i - 1] + count[i - 1]
    else:
        link[0] = sum(count[128:])
        for i in range(1, 128):
            link[i] = link[i - 1] + count[i - 1]
        link[255] = 0
        for i in range(127):
            link[254 - i] = link[255 - i] + count[255 - i]
        for i in range(128, 256):
            link[i] += count[i]
    out = [0] * len(src)
    for k in src:
        b = bytes_[k]
        if signed and b >= 128:
            link[b] -= 1
            out[link[b]] = k
        else:
            out[link[b]] = k
            link[b] += 1
    return out


def _radix_sort(pos, state) -> list:
    """libode's SAP sort (OPCODE's radix sort of float32 keys with temporal coherence): the indices of pos
    in order. ``state`` = [ranks valid, size, ranks...] persists between calls of one space: a new size
    drops the ranks; an input already in order (in index order, or in the kept ranks' order) is returned
    as is; otherwise byte passes from the least significant, each skipped when all keys share its byte,
    starting from the kept ranks (or the index order)."""
    nb = len(pos)
    if state[1] != nb:
        state[0] = 0
        state[1] = nb
    valid = bool(state[0])
    ranks = [int(v) for v in state[2:2 + nb]] if valid else list(range(nb))
    if _in_order(pos, ranks):
        return ranks
    bits = _f32_bits(pos)
    cur = ranks
    for j in range(4):
        bytes_ = [(u >> (8 * j)) & 255 for u in bits]
        same = bytes_.count(bytes_[0]) == nb
        if not same:
            cur = _radix_pass(bytes_, cur, j == 3)
        elif j == 3 and bytes_[0] >= 128:
            cur = cur[::-1]
    state[0] = 1
    state[2:2 + nb] = cur
    return cur


def _sap_prune(pos, order, a, axes, emit) -> None:
    """libode's box pruning over the sorted keys (the last one the FLT_MAX end cap): each box against the
    following ones whose key does not pass its maximum on the first axis, emitted when the other two
    axes overlap (touching counts)."""
    n = len(order)
    x0, x1, x2 = (2 * k for k in axes)
    run = 0
    for p in range(n):
        if run >= n:
            return
        i = order[p]
        while run < n and pos[order[run]] < pos[i]:
            run += 1
        run += 1
        if run >= n or i == n - 1:
            continue
        b = 6 * i
        for q in range(run, n):
            j = order[q]
            if j == n - 1 or not pos[j] <= a[b + x0 + 1]:
                break
            c = 6 * j
            if a[b + x1 + 1] >= a[c + x1] and a[c + x1 + 1] >= a[b + x1] \
                    and a[b + x2 + 1] >= a[c + x2] and a[c + x2 + 1] >= a[b + x2]:
                emit(i, j)


def _sap_ode(n, a, axes, state, emit) -> None:
    """libode's SAP space: boxes whose maximum on the first axis is infinite apart; the others sorted by
    their minimum on it (as float32) and pruned; then each infinite one with the later infinite ones and
    with every other, in order (those pairs without an AABB test)."""
    finite = [i for i in range(n) if a[6 * i + 2 * axes[0] + 1] != math.inf]
    inf = [i for i in range(n) if a[6 * i + 2 * axes[0] + 1] == math.inf]
    if finite:
        sub = [v for i in finite for v in a[6 * i:6 * i + 6]]
        pos = _f32([a[6 * i + 2 * axes[0]] for i in finite]) + [_FLT_MAX]
        order = _radix_sort(pos, state)
        _sap_prune(pos, order, sub, axes, lambda i, j: emit(finite[i], finite[j]))
    for m, i in enumerate(inf):
        for j in inf[m + 1:]:
            emit(i, j)
        for j in finite:
            emit(i, j)


def sap_rows_pairs(greal, gint, rows, cat, col, body, axes, state):
    """The pairs of a SAP space whose geoms are the store rows ``rows`` (in its list order), in libode's
    order and argument order, as (m, 2) indices into ``rows``: disabled rows take no part; bodies and
    bits are tested, AABBs only as the sweep does. ``axes``: the three axes (int32); ``state``: the
    space's int64 sort state, at least 3 + len(rows) values (see _radix_sort)."""
    _check_geom_arrays(greal, gint)
    rl = _rows(rows, greal.shape[0], "rows")
    ax = _flat(axes)
    if len(ax) != 3 or any(k not in (0, 1, 2) for k in ax):
        raise ValueError("axes must be three axis numbers 0 .. 2")
    if not isinstance(state, np.ndarray) or state.dtype != np.int64 or state.ndim != 1 \
            or state.shape[0] < len(rl) + 3:
        raise ValueError("state must be an int64 array of at least len(rows) + 3 values")
    back, a, catl, coll, bodyl = _gather(greal, gint, rl, cat, col, body)
    out: list = []

    def emit(i, j):
        if bodyl[i] >= 0 and bodyl[i] == bodyl[j]:
            return
        if (catl[i] & coll[j]) == 0 and (catl[j] & coll[i]) == 0:
            return
        out.append((back[i], back[j]))

    st = state.tolist()
    _sap_ode(len(back), a, ax, st, emit)
    state[:len(st)] = st
    return np.array(out, dtype=np.int32).reshape(-1, 2)


def _reals(arr, dtype, n: int, name: str) -> list:
    """The values of a C-contiguous array of dtype ``dtype`` with at least n values, or TypeError /
    ValueError (the compiled kernel's checks)."""
    if arr.dtype != dtype:
        raise TypeError(f"{name} must have dtype {np.dtype(dtype)}, not {arr.dtype}")
    if not arr.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous")
    if arr.size < n:
        raise ValueError(f"{name} must have at least {n} values")
    return arr.reshape(-1).tolist()


def _check_place(place, n: int) -> None:
    """A quadtree's place array: int64, 1 + 2 n values."""
    if not isinstance(place, np.ndarray) or place.dtype != np.int64 or place.ndim != 1 \
            or place.shape[0] < 2 * n + 1:
        raise ValueError("place must be an int64 array of at least 2 * len(rows) + 1 values")


def quadtree_place(greal, rows, which, place, rparams, depth) -> None:
    """Put geoms of a quadtree space in their blocks, as libode on adding a geom or cleaning dirty ones:
    the geoms ``which`` (intp indices into ``rows``, the space's store rows), in that order, each at the
    block its AABB fits (see _qt_key); a geom whose block changed goes to the front of the new block's
    list. ``place`` (int64, 1 + 2 len(rows)): a counter, then per geom its block key (-1: none yet) and
    its position in the block's list (larger: nearer the front). rparams: centre (3) and extents (3)."""
    if greal.ndim != 2 or greal.shape[1] != L.GR:
        raise ValueError("greal must be the C-contiguous geom array of the kernel's real type")
    rl = _rows(rows, greal.shape[0], "rows")
    wl = _rows(which, len(rl), "which")
    _check_place(place, len(rl))
    _check_depth(depth)
    rp = _reals(rparams, greal.dtype, 6, "rparams")
    root = _qt_root(rp[0:3], rp[3:6], greal.dtype == np.float32)
    pl = place.tolist()
    _qt_keys(lambda k: greal[rl[k], L.G_AABB:L.G_AABB + 4].tolist(), wl, pl, root, depth,
             greal.dtype == np.float32)
    place[:len(pl)] = pl


def quadtree_rows_pairs(greal, gint, rows, cat, col, body, place, depth):
    """The pairs of a quadtree space whose geoms are the store rows ``rows``, placed by quadtree_place,
    in libode's order and argument order, as (m, 2) indices into ``rows``: disabled rows take no part;
    bodies, bits and AABBs are tested."""
    _check_geom_arrays(greal, gint)
    rl = _rows(rows, greal.shape[0], "rows")
    _check_place(place, len(rl))
    _check_depth(depth)
    pl = place.tolist()
    for r in range(len(rl)):
        if pl[1 + 2 * r] < 0 or (pl[1 + 2 * r] & 31) > depth:
            raise ValueError("place: a geom without a block of this depth")
    back, a, catl, coll, bodyl = _gather(greal, gint, rl, cat, col, body)
    nogroup = [-1] * len(back)
    out: list = []

    def emit(i, j):
        if _accept(i, j, a, catl, coll, bodyl, nogroup):
            out.append((back[i], back[j]))

    _qt_sweep([(pl[1 + 2 * k], pl[2 + 2 * k], m) for m, k in enumerate(back)], depth, emit)
    return np.array(out, dtype=np.int32).reshape(-1, 2)


def _gather(greal, gint, rl, cat, col, body) -> tuple:
    """The enabled ones of store rows rl: (their indices in rl, their AABBs flat, bits, bodies)."""
    back = [k for k, r in enumerate(rl) if gint[r, L.GI_ENABLED] != 0]
    a = [float(v) for r in (rl[k] for k in back) for v in greal[r, L.G_AABB:L.G_AABB + 6].tolist()]
    return (back, a, [int(cat[rl[k]]) for k in back], [int(col[rl[k]]) for k in back],
            [int(body[rl[k]]) for k in back])


def _rows(rows, nrow: int, name: str) -> list:
    """A list of geom rows from a 1-d intp array, each checked against nrow."""
    if not isinstance(rows, np.ndarray) or rows.ndim != 1 or rows.dtype != np.intp:
        raise TypeError(f"{name} must be a 1-d C-contiguous intp array")
    out = rows.tolist()
    for k in out:
        if k < 0 or k >= nrow:
            raise IndexError(f"{name}: geom row out of range")
    return out


def _check_geom_arrays(greal, gint) -> None:
    if greal.ndim != 2 or greal.shape[1] != L.GR or gint.ndim != 2 or gint.shape[1] != L.GI \
            or gint.dtype != np.int32 or gint.shape[0] != greal.shape[0]:
        raise ValueError("greal / gint must be the C-contiguous geom arrays of the kernel's real type")


def space_rows_pairs(kind, greal, gint, rows, cat, col, body, iparams, rparams):
    """space_pairs for the geoms in store rows ``rows`` (an intp array; the whole store's ``greal`` /
    ``gint`` arrays and its per-row ``cat`` / ``col`` / ``body`` arrays), AABBs read from the rows, no
    groups. Rows whose geom is disabled (GI_ENABLED == 0) take no part. The pairs (i, j) index ``rows``
    (not the enabled subset): the same pairs, in the same order, as space_pairs on the enabled rows."""
    _check_geom_arrays(greal, gint)
    nrow = greal.shape[0]
    rl = _rows(rows, nrow, "rows")
    for name, arr, dt in (("cat", cat, np.uint64), ("col", col, np.uint64), ("body", body, np.int64)):
        if arr.dtype != dt:
            raise TypeError(f"{name} must have dtype {np.dtype(dt).name}, not {arr.dtype}")
        if arr.size < nrow:
            raise ValueError(f"{name} must have at least {nrow} values")
    back = [k for k, r in enumerate(rl) if gint[r, L.GI_ENABLED] != 0]
    if len(back) < 2:
        return np.zeros((0, 2), dtype=np.int32)
    idx = np.array([rl[k] for k in back], dtype=np.intp)
    aabb = np.ascontiguousarray(greal[idx, L.G_AABB:L.G_AABB + 6]).reshape(-1)
    pairs = space_pairs(kind, aabb, cat[idx], col[idx], body[idx], np.full(len(back), -1, dtype=np.int32),
                        iparams, rparams)
    return np.array(back, dtype=np.int32)[pairs] if pairs.shape[0] else pairs


def space_boxes(greal, gint, spaces, starts, children) -> None:
    """The AABB of each space row ``spaces[k]``: the box around the AABBs of its children's rows
    ``children[starts[k]:starts[k + 1]]`` (zeros without children), written in order (a space listed
    after its sub-spaces sees their new boxes). Per column the first child's value, replaced by a smaller
    (min) / larger (max) one; a NaN anywhere in a column gives NaN (as numpy's min / max)."""
    _check_geom_arrays(greal, gint)
    nrow = greal.shape[0]
    sl = _rows(spaces, nrow, "spaces")
    cl = _rows(children, nrow, "children")
    if not isinstance(starts, np.ndarray) or starts.ndim != 1 or starts.dtype != np.intp \
            or starts.shape[0] != len(sl) + 1:
        raise TypeError("starts must be a 1-d C-contiguous intp array of len(spaces) + 1 offsets")
    st = starts.tolist()
    for k in range(len(sl)):
        if st[k] < 0 or st[k] > st[k + 1] or st[k + 1] > len(cl):
            raise ValueError("starts must be non-decreasing offsets into children")
    a0 = L.G_AABB
    for k, row in enumerate(sl):
        if st[k] == st[k + 1]:
            greal[row, a0:a0 + 6] = 0.0
            continue
        out = greal[cl[st[k]], a0:a0 + 6].tolist()
        for c in range(st[k] + 1, st[k + 1]):
            x = greal[cl[c], a0:a0 + 6].tolist()
            for q in range(0, 6, 2):
                v = x[q]
                if out[q] == out[q] and not (v >= out[q]):
                    out[q] = v
                v = x[q + 1]
                if out[q + 1] == out[q + 1] and not (v <= out[q + 1]):
                    out[q + 1] = v
        greal[row, a0:a0 + 6] = out


_P, _N, _D = L.C_POS, L.C_NORMAL, L.C_DEPTH
_FIELDS = (_P, _P + 1, _P + 2, _N, _N + 1, _N + 2, _D)


def pair_contacts(greal, gint, a, b, flags, cls, g1, g2, flip=False) -> list:
    """ode.collide for two plain geom rows: a list of ``cls()`` objects with pos, normal, depth, g1, g2.

    With ``flip`` the normals are negated (ode.collide of (geom, transform) collides the transform's helper
    row first, as libode, and flips the normals back); the rows are collided in the order given.

    A record with a value that is not finite goes through ``setContactGeomParams`` (which rejects it);
    otherwise the five attributes are stored as is.
    """
    if a < 0 or b < 0 or a >= greal.shape[0] or b >= greal.shape[0]:
        raise IndexError("geom row out of range")
    if a == b:
        return []
    out = []
    rec = _collide.collide_geoms(greal, gint, a, b, flags)
    if flip:
        rec[:, _N:_N + 3] *= -1
    for r in rec.tolist():
        c = cls()
        pos = (r[_P], r[_P + 1], r[_P + 2])
        normal = (r[_N], r[_N + 1], r[_N + 2])
        if all(math.isfinite(r[k]) for k in _FIELDS):
            c.pos = pos
            c.normal = normal
            c.depth = r[_D]
            c.g1 = g1
            c.g2 = g2
        else:
            c.setContactGeomParams(pos, normal, r[_D], g1, g2)
        out.append(c)
    return out
