"""Geom classes written in Python (ODE's dCreateGeomClass), collider overrides (dSetColliderOverride) and the
utilities dClosestLineSegmentPoints, dBoxTouchesBox and dInfiniteAABB."""

from __future__ import annotations

import math

import pytest

import ode
from ode import user_geoms

TOL = 1e-12 if ode.precision == "double" else 1e-5


@pytest.fixture(autouse=True)
def _fresh_registry():
    """Each test starts with no user classes and no overrides (the registry is process-wide, as in ODE)."""
    saved = dict(user_geoms._CLASSES), dict(user_geoms.OVERRIDES)
    user_geoms._CLASSES.clear()
    user_geoms.OVERRIDES.clear()
    yield
    user_geoms._CLASSES.clear()
    user_geoms._CLASSES.update(saved[0])
    user_geoms.OVERRIDES.clear()
    user_geoms.OVERRIDES.update(saved[1])


def _ball_class(radius: float, calls: list | None = None):
    """A user 'ball' class: AABB from the position, a collider against spheres (normal into the ball)."""

    def aabb(g):
        x, y, z = g.getPosition()
        return (x - radius, x + radius, y - radius, y + radius, z - radius, z + radius)

    def with_sphere(g1, g2, n):
        if calls is not None:
            calls.append((g1, g2, n))
        p, q = g1.getPosition(), g2.getPosition()
        d = [q[k] - p[k] for k in range(3)]
        dist = math.sqrt(sum(v * v for v in d))
        depth = radius + g2.getRadius() - dist
        if depth < 0:
            return []
        u = [v / dist for v in d]
        pos = tuple(p[k] + u[k] * radius for k in range(3))
        return [(pos, tuple(-v for v in u), depth)]

    def collider(other):
        return with_sphere if other == ode.GeomSphere(None, 1.0).getClass() else None

    return ode.createGeomClass(aabb, collider)


def test_user_class_numbers_and_geoms():
    num = _ball_class(0.5)
    assert num == 14  # ODE's dFirstUserClass
    g = ode.GeomUser(num)
    g.setPosition((1.0, 2.0, 3.0))
    assert g.getClass() == num
    assert g.getAABB() == pytest.approx((0.5, 1.5, 1.5, 2.5, 2.5, 3.5))
    with pytest.raises(ValueError):
        ode.GeomUser(num + 1)
    with pytest.raises(TypeError):
        ode.createGeomClass(3)


def test_user_collider_both_argument_orders():
    calls = []
    num = _ball_class(0.5, calls)
    ball = ode.GeomUser(num)
    s = ode.GeomSphere(None, 0.25)
    s.setPosition((0.6, 0.0, 0.0))
    (c,) = ode.collide(ball, s)
    pos, normal, depth, g1, g2 = c.getContactGeomParams()
    assert (g1, g2) == (ball, s)
    assert pos == pytest.approx((0.5, 0.0, 0.0), abs=TOL) and depth == pytest.approx(0.15, abs=TOL)
    assert normal == pytest.approx((-1.0, 0.0, 0.0), abs=TOL)
    (c2,) = ode.collide(s, ball)  # called swapped, normal flipped so it points into geom 1 (the sphere)
    pos2, normal2, depth2, h1, h2 = c2.getContactGeomParams()
    assert (h1, h2) == (s, ball) and normal2 == pytest.approx((1.0, 0.0, 0.0), abs=TOL)
    assert calls[-1][0] is ball and calls[-1][1] is s
    assert ode.collide(ball, ode.GeomBox(None, (1, 1, 1))) == []  # no collider for boxes: never touches


def test_user_geoms_in_spaces_and_native_pipeline():
    num = _ball_class(0.5)
    world = ode.World()
    space = ode.HashSpace()
    ball = ode.GeomUser(num, space)
    s = ode.GeomSphere(space, 0.25)
    body = ode.Body(world)
    s.setBody(body)
    body.setPosition((0.6, 0.0, 0.0))
    far = ode.GeomSphere(space, 0.25)
    far.setPosition((5.0, 0.0, 0.0))
    pairs = []
    space.collide(None, lambda _d, a, b: pairs.append({a, b}))
    assert pairs == [{ball, s}]
    group = ode.JointGroup()
    assert space.collideContacts(world, group) == 1


def test_aabb_test_refines_the_broad_phase():
    seen = []

    def aabb_test(g, other, box):
        seen.append(other)
        return False

    num = ode.createGeomClass(lambda g: ode.infiniteAABB(g), None, aabb_test)
    space = ode.SimpleSpace()
    u = ode.GeomUser(num, space)
    s = ode.GeomSphere(space, 1.0)
    pairs = []
    space.collide(None, lambda _d, a, b: pairs.append((a, b)))
    assert pairs == [] and seen == [s]
    ode.collide2(u, s, None, lambda _d, a, b: pairs.append((a, b)))
    assert pairs == []
    assert u.getAABB() == ode.infiniteAABB()


def test_collider_override_replaces_a_builtin_pair():
    a, b = ode.GeomSphere(None, 1.0), ode.GeomSphere(None, 1.0)
    b.setPosition((1.0, 0.0, 0.0))
    assert len(ode.collide(a, b)) == 1
    ode.setColliderOverride(a.getClass(), b.getClass(), lambda g1, g2, n: [((0, 0, 0), (0, 0, 1), 0.5)] * 3)
    got = ode.collide(a, b, 2)
    assert len(got) == 2 and got[0].getContactGeomParams()[2] == pytest.approx(0.5)
    box = ode.GeomBox(None, (1, 1, 1))
    ode.setColliderOverride(box.getClass(), a.getClass(), lambda g1, g2, n: [((0, 0, 0), (0, 0, 1), 0.25)])
    (c,) = ode.collide(a, box)  # override given for (box, sphere): called swapped, normal flipped
    assert c.getContactGeomParams()[1] == pytest.approx((0.0, 0.0, -1.0))
    ode.setColliderOverride(a.getClass(), b.getClass(), None)
    assert len(ode.collide(a, b)) == 1
    with pytest.raises(ValueError):
        ode.setColliderOverride(ode.SimpleSpace().getClass(), 0, lambda *a: [])
    with pytest.raises(TypeError):
        ode.setColliderOverride(0, 0, 5)


def test_bad_collider_results_raise():
    a, b = ode.GeomSphere(None, 1.0), ode.GeomSphere(None, 1.0)
    ode.setColliderOverride(0, 0, lambda g1, g2, n: [("bad",)])
    with pytest.raises(TypeError):
        ode.collide(a, b)
    ode.setColliderOverride(0, 0, lambda g1, g2, n: [((0, 0, 0), (0, 0, float("nan")), 0.1)])
    with pytest.raises(ValueError):
        ode.collide(a, b)
    num = ode.createGeomClass(lambda g: (1, 0, 0, 1, 0, 1))
    with pytest.raises(ValueError, match="min > max"):
        ode.GeomUser(num).getAABB()


def test_at_most_four_user_classes():
    for _ in range(4):
        ode.createGeomClass(ode.infiniteAABB)
    with pytest.raises(ode.ODEError):
        ode.createGeomClass(ode.infiniteAABB)


def test_closest_segment_points_and_box_touches_box():
    p, q = ode.closestLineSegmentPoints((0, 0, 0), (2, 0, 0), (1, 1, -1), (1, 1, 1))
    assert p == pytest.approx((1.0, 0.0, 0.0), abs=TOL) and q == pytest.approx((1.0, 1.0, 0.0), abs=TOL)
    eye = (1, 0, 0, 0, 1, 0, 0, 0, 1)
    assert ode.boxTouchesBox((0, 0, 0), eye, (1, 1, 1), (0.9, 0, 0), eye, (1, 1, 1))
    assert not ode.boxTouchesBox((0, 0, 0), eye, (1, 1, 1), (1.1, 0, 0), eye, (1, 1, 1))
    with pytest.raises(ValueError):
        ode.boxTouchesBox((0, 0, 0), eye, (-1, 1, 1), (0, 0, 0), eye, (1, 1, 1))
    assert ode.infiniteAABB() == (-math.inf, math.inf) * 3
