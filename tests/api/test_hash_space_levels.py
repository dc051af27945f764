"""HashSpace broad phase over many levels: the hash kernel's pairs equal the simple space's.

The scenes mix geom sizes over many levels (most of them empty), infinite boxes (planes) and degenerate
(zero-size) boxes; the kernel must skip empty levels without losing a pair, in the chosen backend and
precision.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ode import _backend


def _scene(seed: int, n: int, big: int) -> tuple:
    """(aabb (6n,), cat, col, body, group) of n random boxes, ``big`` of them infinite."""
    rng = random.Random(seed)
    rows = []
    for k in range(n):
        if k < big:
            rows.append([-np.inf, np.inf, -np.inf, np.inf, -np.inf, 0.0])
            continue
        size = 2.0 ** rng.uniform(-6, 6) if k % 7 else 0.0
        c = [rng.uniform(-20, 20) for _ in range(3)]
        half = size * 0.5
        rows.append([c[0] - size, c[0] + size, c[1] - half, c[1] + half, c[2] - size, c[2] + size])
    aabb = np.array(rows, dtype=_backend.REAL).reshape(-1)
    cat = np.full(n, (1 << 64) - 1, dtype=np.uint64)
    col = np.full(n, (1 << 64) - 1, dtype=np.uint64)
    body = np.arange(n, dtype=np.int64)
    group = np.full(n, -1, dtype=np.int32)
    return aabb, cat, col, body, group


@pytest.mark.parametrize("seed,n,big,levels", [(1, 300, 0, (-3, 10)), (2, 300, 3, (-3, 10)),
                                               (3, 200, 1, (-6, 4)), (4, 150, 0, (0, 12)),
                                               (5, 100, 2, (-10, -2)), (6, 200, 0, (-12, 20))])
def test_hash_pairs_equal_simple_pairs(seed: int, n: int, big: int, levels: tuple) -> None:
    """Hash pairs with any level range are the simple space's pairs (as sorted sets)."""
    aabb, cat, col, body, group = _scene(seed, n, big)
    rp = np.zeros(6, dtype=_backend.REAL)
    k = _backend.kernel("space")
    ref = k.space_pairs(0, aabb, cat, col, body, group, np.zeros(4, dtype=np.int32), rp)
    ip = np.array([levels[0], levels[1], 0, 0], dtype=np.int32)
    got = k.space_pairs(1, aabb, cat, col, body, group, ip, rp)
    assert ref.shape[0] > 0
    assert got.shape == ref.shape and _pair_set(ref) == _pair_set(got)


def _pair_set(pairs: np.ndarray) -> set:
    """Index pairs as a set of sorted tuples (the kernels may order pairs and members differently)."""
    return set(map(tuple, np.sort(pairs, axis=1).tolist()))


@pytest.mark.parametrize("seed", [7, 8])
def test_dense_scene_pairs_equal_simple_pairs_in_order(seed: int) -> None:
    """A dense cluster (many geoms per cell, a few levels, big boxes with more than 32 partners, a plane):
    SAP returns exactly the simple space's sorted pair array, hash (in libode's order, then those its
    table misses) the same pairs."""
    rng = random.Random(seed)
    n = 400
    rows = [[-np.inf, np.inf, -np.inf, np.inf, -np.inf, 0.0]]
    for k in range(1, n):
        size = 1.5 if k % 50 == 0 else 0.1 * 2.0 ** rng.uniform(-1, 1.5)
        c = [rng.uniform(-1.5, 1.5) for _ in range(3)]
        rows.append([c[0] - size, c[0] + size, c[1] - size, c[1] + size, c[2] - size, c[2] + size])
    aabb = np.array(rows, dtype=_backend.REAL).reshape(-1)
    cat = np.full(n, (1 << 64) - 1, dtype=np.uint64)
    body = np.arange(n, dtype=np.int64)
    group = np.full(n, -1, dtype=np.int32)
    rp = np.zeros(6, dtype=_backend.REAL)
    k = _backend.kernel("space")
    ref = k.space_pairs(0, aabb, cat, cat, body, group, np.zeros(4, dtype=np.int32), rp)
    counts = np.bincount(ref.reshape(-1), minlength=n)
    assert ref.shape[0] > 2000 and counts.max() > 32
    for ip in ((-3, 10, 0, 0), (-1, 2, 0, 0)):
        got = k.space_pairs(1, aabb, cat, cat, body, group, np.array(ip, dtype=np.int32), rp)
        assert got.shape == ref.shape and _pair_set(got) == _pair_set(ref)
    got = k.space_pairs(3, aabb, cat, cat, body, group, np.array((0, 0, 0, 2), dtype=np.int32), rp)
    assert np.array_equal(got, ref)
