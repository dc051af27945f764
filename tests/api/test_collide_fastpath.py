"""The fast near-callback path keeps PyODE's checks and results.

ode.collide inside a space.collide pass skips re-reading poses (the pass prepared them) but must return the
same contacts as outside a pass, still reject destroyed or foreign objects, and the cached space subtrees
must follow geoms added, removed and destroyed between passes.
"""

from __future__ import annotations

import pytest

import ode


def _pair(space):
    """Two overlapping spheres on bodies in ``space`` (one contact)."""
    world = ode.World()
    b1, b2 = ode.Body(world), ode.Body(world)
    b1.setPosition((0.0, 0.0, 0.0))
    b2.setPosition((0.15, 0.05, 0.0))
    g1, g2 = ode.GeomSphere(space, 0.1), ode.GeomSphere(space, 0.1)
    g1.setBody(b1)
    g2.setBody(b2)
    return world, (b1, b2), (g1, g2)


def _params(contacts: list) -> list:
    return [c.getContactGeomParams() for c in contacts]


def test_contacts_in_a_pass_equal_contacts_outside() -> None:
    """space.collide -> ode.collide gives exactly the contacts of a direct ode.collide."""
    space = ode.HashSpace()
    _w, _b, (g1, g2) = _pair(space)
    direct = _params(ode.collide(g1, g2))
    seen = []
    space.collide(None, lambda _a, x, y: seen.append(_params(ode.collide(x, y))))
    assert len(direct) == 1 and len(seen) == 1
    (x, y), = [(p[3], p[4]) for p in seen[0]]
    expected = direct if x is g1 else _params(ode.collide(g2, g1))
    assert seen[0] == expected


def test_moving_a_body_between_passes_is_seen() -> None:
    """Poses are re-read by every pass and by a direct collide (no stale pose across calls)."""
    space = ode.SimpleSpace()
    _w, (b1, b2), (g1, g2) = _pair(space)
    assert len(ode.collide(g1, g2)) == 1
    b2.setPosition((1.0, 0.0, 0.0))
    assert ode.collide(g1, g2) == []
    hits = []
    space.collide(None, lambda _a, x, y: hits.append((x, y)))
    assert hits == []
    b2.setPosition((0.1, 0.0, 0.0))
    space.collide(None, lambda _a, x, y: hits.append(len(ode.collide(x, y))))
    assert hits == [1]


def test_destroyed_geom_raises_inside_and_outside_a_pass() -> None:
    """A destroyed geom raises ODEError from ode.collide, also when met inside a near-callback."""
    space = ode.SimpleSpace()
    _w, _b, (g1, g2) = _pair(space)
    loose = ode.GeomSphere(None, 0.1)
    loose.destroy()
    with pytest.raises(ode.ODEError):
        ode.collide(g1, loose)
    errors = []

    def near(_a, x, _y):
        try:
            ode.collide(x, loose)
        except ode.ODEError as e:
            errors.append(str(e))

    space.collide(None, near)
    assert errors and "destroyed" in errors[0]


def test_bad_arguments_still_raise() -> None:
    """Non-geoms, spaces and bad contact counts are rejected; 0 contacts means 1 as dCollide."""
    space = ode.SimpleSpace()
    _w, _b, (g1, g2) = _pair(space)
    with pytest.raises(TypeError):
        ode.collide(g1, "sphere")
    with pytest.raises(ode.ODEError):
        ode.collide(g1, space)
    with pytest.raises(TypeError):
        ode.collide(g1, g2, True)
    with pytest.raises(ValueError):
        ode.collide(g1, g2, 70000)
    assert len(ode.collide(g1, g2, 0)) == 1


def test_space_membership_changes_are_seen() -> None:
    """Geoms added, removed or destroyed between passes change the pairs (cached subtrees follow)."""
    space = ode.HashSpace()
    _w, _b, (g1, g2) = _pair(space)

    def pairs() -> set:
        out = set()
        space.collide(None, lambda _a, x, y: out.add(frozenset((id(x), id(y)))))
        return out

    assert pairs() == {frozenset((id(g1), id(g2)))}
    g3 = ode.GeomBox(space, (0.3, 0.3, 0.3))
    assert len(pairs()) == 3
    space.remove(g3)
    assert pairs() == {frozenset((id(g1), id(g2)))}
    g2.destroy()
    assert pairs() == set()
    g2b = ode.GeomSphere(space, 0.2)
    assert pairs() == {frozenset((id(g1), id(g2b)))}
    assert space.getAABB()[0] == pytest.approx(-0.2)
