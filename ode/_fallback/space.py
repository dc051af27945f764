"""Broad phase (pure-Python twin of ``ode/_core/space.pyx``): candidate geom pairs of a space by AABB overlap.

Every space kind generates candidates its own way (all pairs, multi-resolution hash grid, quadtree,
sweep and prune) and then applies the same exact test, so each kind returns the same pair set as a simple
space: groups differ (or are -1), bodies differ (or are -1), ``(cat_i & col_j) | (cat_j & col_i)`` is
nonzero and the AABBs (minx, maxx, miny, maxy, minz, maxz) overlap or touch. Pairs (i, j) have i < j and
come sorted, so the compiled kernel and this twin return identical arrays.
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
_FAR = 4503599627370496.0      # 2**52: beyond this a cell index is not an exact integer (treated as big)


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


def _level(a, i, minlevel, maxlevel):
    """The hash level of geom i: the smallest cell size 2**L >= its largest side; None for a big geom."""
    ext = 0.0
    for k in range(3):
        lo, hi = a[6 * i + 2 * k], a[6 * i + 2 * k + 1]
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return None
        d = hi - lo
        if d > ext:
            ext = d
    lvl = minlevel
    while lvl <= maxlevel and math.ldexp(1.0, lvl) < ext:
        lvl += 1
    if lvl > maxlevel:
        return None
    return lvl


def _cells(a, i, lvl):
    """Cell index ranges ((x0, x1), (y0, y1), (z0, z1)) of geom i at level lvl, None if too far out."""
    scale = math.ldexp(1.0, -lvl)
    out = []
    for k in range(3):
        lo = a[6 * i + 2 * k] * scale
        hi = a[6 * i + 2 * k + 1] * scale
        if not (-_FAR < lo and hi < _FAR):
            return None
        out.append((math.floor(lo), math.floor(hi)))
    return out


def _hash(n, a, minlevel, maxlevel, emit) -> None:
    """Multi-resolution hash grid: a geom sits in the cells of its level and looks up its level and above."""
    levels, ranges, big = [], [], []
    table: dict = {}
    for i in range(n):
        lvl = _level(a, i, minlevel, maxlevel)
        r = _cells(a, i, lvl) if lvl is not None else None
        if r is None:
            lvl = None
            big.append(i)
        levels.append(lvl)
        ranges.append(r)
        if r is None:
            continue
        for x in range(r[0][0], r[0][1] + 1):
            for y in range(r[1][0], r[1][1] + 1):
                for z in range(r[2][0], r[2][1] + 1):
                    table.setdefault((lvl, x, y, z), []).append(i)
    for i in range(n):
        lvl = levels[i]
        if lvl is None:
            continue
        for up in range(lvl, maxlevel + 1):
            r = _cells(a, i, up)
            for x in range(r[0][0], r[0][1] + 1):
                for y in range(r[1][0], r[1][1] + 1):
                    for z in range(r[2][0], r[2][1] + 1):
                        for j in table.get((up, x, y, z), ()):
                            if up == lvl and j <= i:
                                continue
                            s = ranges[j]
                            if (x == max(r[0][0], s[0][0]) and y == max(r[1][0], s[1][0])
                                    and z == max(r[2][0], s[2][0])):
                                emit(i, j)
    for i in big:
        for j in range(n):
            emit(i, j)


def _interleave(x: int, y: int, bits: int) -> int:
    """Morton code of (x, y) with ``bits`` bits each."""
    m = 0
    for b in range(bits):
        m |= ((x >> b) & 1) << (2 * b) | ((y >> b) & 1) << (2 * b + 1)
    return m


def _qt_block(a, i, c, e, depth):
    """(level, ix, iy) of the deepest quadtree block strictly containing geom i's AABB in x and y."""
    lx, ly = c[0] - e[0], c[1] - e[1]
    wx, wy = 2.0 * e[0], 2.0 * e[1]
    x0, x1, y0, y1 = a[6 * i], a[6 * i + 1], a[6 * i + 2], a[6 * i + 3]
    best = (0, 0, 0)
    for lvl in range(1, depth):
        sx, sy = math.ldexp(wx, -lvl), math.ldexp(wy, -lvl)
        gx, gy = (x0 - lx) / sx, (y0 - ly) / sy
        if not (math.isfinite(gx) and math.isfinite(gy)):
            break
        ix, iy = math.floor(gx), math.floor(gy)
        if ix < 0 or iy < 0 or ix >= (1 << lvl) or iy >= (1 << lvl):
            break
        if not (lx + ix * sx < x0 and x1 < lx + (ix + 1) * sx and ly + iy * sy < y0
                and y1 < ly + (iy + 1) * sy):
            break
        best = (lvl, ix, iy)
    return best


def _quadtree(n, a, c, e, depth, emit) -> None:
    """Quadtree in x and y: a geom pairs with geoms in its block and in the blocks below it."""
    keys = []
    for i in range(n):
        lvl, ix, iy = _qt_block(a, i, c, e, depth)
        shift = 2 * (depth - 1 - lvl)
        start = _interleave(ix, iy, lvl) << shift
        keys.append((start, lvl, i, start + (1 << shift)))
    keys.sort()
    for p in range(n):
        start, lvl, i, end = keys[p]
        q = p + 1
        while q < n and keys[q][0] < end:
            emit(i, keys[q][2])
            q += 1


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

    def emit(i, j):
        if i > j:
            i, j = j, i
        if i != j and _accept(i, j, a, catl, coll, bodyl, groupl):
            found.add(i * n + j)

    if kind == HASH:
        _hash(n, a, ip[0], ip[1], emit)
    elif kind == QUADTREE:
        _quadtree(n, a, rp[0:3], rp[3:6], ip[2], emit)
    elif kind == SAP:
        _sap(n, a, ip[3], emit)
    else:
        _simple(n, a, emit)
    out = np.zeros((len(found), 2), dtype=np.int32)
    for r, key in enumerate(sorted(found)):
        out[r, 0] = key // n
        out[r, 1] = key % n
    return out


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
