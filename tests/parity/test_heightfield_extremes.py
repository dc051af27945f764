"""Heightfields at extreme scales: the compiled kernel and its Python twin give the same answers, quickly.

Cell indices are floor(coordinate / cell size) saturated to +-2^29 in both (a C int cast of a larger value
is undefined; Python's int is unbounded), so a field 1e-300 wide sees the same cells in both backends. A
wrapping field repeats without end: a geom spanning more than WRAP_CELLS (128) cells along an axis is
tested against the 129 cells around its middle only (libode walks them all, which for a capsule 1e8 long
takes longer than anyone waits). libode aborts on the 1e-300 field ("nMinX < nMaxX" assertion), so these
answers are ours; each test runs in every mode, so core and twin must give the expected values.
"""

from __future__ import annotations

import math

import pytest

import ode

DOUBLE = ode.precision == "double"


def _field(width: float, samples: int, heights: list, wrap: bool) -> ode.GeomHeightfield:
    data = ode.HeightfieldData()
    data.buildDouble(heights, True, width, width, samples, samples, 1.0, 0.0, 1.0, wrap)
    geom = ode.GeomHeightfield(data, True, None)
    geom._data = data  # keep the samples alive with the geom
    return geom


def _rows(a, b, n: int = 8) -> list:
    out = []
    for c in ode.collide(a, b, n):
        pos, normal, depth, _s1, _s2 = c.getContactGeomParams()
        assert all(math.isfinite(x) for x in (*pos, *normal, depth))
        out.append((pos, normal, depth))
    return out


def test_field_1e300_wide_touches_a_sphere_over_it() -> None:
    """A 2x2 field 1e-300 wide under a sphere: one contact below the centre, as a wider field gives."""
    field = _field(1e-300, 2, [0.0] * 4, False)
    sphere = ode.GeomSphere(None, 0.5)
    sphere.setPosition((0.0, 0.2, 0.0))
    rows = _rows(field, sphere)
    assert len(rows) == 1
    pos, normal, depth = rows[0]
    assert pos[1] == pytest.approx(-0.3, abs=0.0 if DOUBLE else 1e-7)  # float32 radius and position
    assert normal[1] == -1.0
    assert abs(depth - 0.3) < 1e-7


def test_wrapping_field_against_a_capsule_1e8_long() -> None:
    """Along x and along the diagonal: the cap's count of contacts, all within the cells around the middle."""
    field = _field(4.0, 5, [0.1 * (i % 3) for i in range(25)], True)
    s = math.sqrt(0.5)
    for rot in ((0.0, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0), (s, 0.0, s, 0.0, 1.0, 0.0, -s, 0.0, s)):
        capsule = ode.GeomCapsule(None, 0.3, 1e8)
        capsule.setPosition((0.0, 0.1, 0.0))
        capsule.setRotation(rot)
        rows = _rows(field, capsule)
        assert len(rows) == 8
        for pos, _normal, _depth in rows:
            assert abs(pos[0]) <= 65.0 + 4.0 and abs(pos[2]) <= 65.0 + 4.0  # 64 cells of 1 either side
        if DOUBLE and rot[0] == 0.0:  # the same first contact in the compiled kernel and the twin
            assert rows[0][0] == (-63.0, 0.1, 0.0)


def test_wrapping_field_against_a_huge_sphere_and_box() -> None:
    field = _field(4.0, 5, [0.1 * (i % 3) for i in range(25)], True)
    sphere = ode.GeomSphere(None, 1e8)
    sphere.setPosition((0.0, 0.1, 0.0))
    assert len(_rows(field, sphere)) == 8
    box = ode.GeomBox(None, (1e8, 0.5, 1e8))
    box.setPosition((0.0, 0.1, 0.0))
    assert len(_rows(field, box)) == 8
