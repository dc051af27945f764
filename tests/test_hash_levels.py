"""HashSpace broad phase: lowering maxlevel to just above the occupied levels never changes the pair set.

``spaces._hash_levels`` lets the hash kernel skip empty levels; these scenes mix geom sizes over many
levels, infinite boxes (planes) and degenerate (zero-size) boxes, and compare the kernel's pairs with the
original and the lowered levels, in the chosen backend and precision.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ode import _backend, spaces


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
                                               (5, 100, 2, (-10, -2))])
def test_lowered_maxlevel_gives_the_same_pairs(seed: int, n: int, big: int, levels: tuple) -> None:
    """The kernel's pairs with the lowered iparams equal those with the space's own levels."""
    aabb, cat, col, body, group = _scene(seed, n, big)
    ip = np.array([levels[0], levels[1], 0, 0], dtype=np.int32)
    rp = np.zeros(6, dtype=_backend.REAL)
    low = spaces._hash_levels(aabb, ip)
    assert low[0] == ip[0] and low[1] <= ip[1]
    k = _backend.kernel("space")
    ref = k.space_pairs(1, aabb, cat, col, body, group, ip, rp)
    got = k.space_pairs(1, aabb, cat, col, body, group, low, rp)
    assert ref.shape[0] > 0
    assert np.array_equal(ref, got)


def test_levels_are_lowered_for_small_geoms() -> None:
    """Geoms of side 0.2 occupy level -2: maxlevel 10 drops to -1 (one level of margin)."""
    aabb = np.array([0.0, 0.2, 0.0, 0.2, 0.0, 0.2, 1.0, 1.2, 1.0, 1.2, 1.0, 1.2], dtype=_backend.REAL)
    out = spaces._hash_levels(aabb, np.array([-3, 10, 0, 0], dtype=np.int32))
    assert out.tolist() == [-3, -1, 0, 0]


def test_only_big_geoms_keep_the_levels() -> None:
    """With nothing but infinite boxes the iparams are returned unchanged."""
    aabb = np.array([-np.inf, np.inf] * 3, dtype=_backend.REAL)
    ip = np.array([-3, 10, 0, 0], dtype=np.int32)
    assert spaces._hash_levels(aabb, ip) is ip
