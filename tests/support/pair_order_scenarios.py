"""Scripted scenes whose near-callback pair order is recorded from libode (through Debian's PyODE) and
replayed with ``ode``: the same script runs against either module, so the two logs can be compared.

Each scenario is a function ``scene(ode, log)``; ``log.collide(space)`` runs ``space.collide`` and records
every callback's pair as "name1-name2" (argument order kept), expanding sub-spaces with ``ode.collide2`` as
the manual's recursive near-callback does. This file runs under the system Python with PyODE as well as in
the project's venv, so it uses only PyODE's API.
"""

from __future__ import annotations

import math


class Log:
    """Names geoms and records the pairs each collide hands to the near-callback."""

    def __init__(self, ode) -> None:
        self.ode = ode
        self.names: dict = {}
        self.passes: list = []

    def name(self, geom, name: str):
        """Remember ``geom`` under ``name``; returns the geom."""
        self.names[id(geom)] = (name, geom)
        return geom

    def _label(self, geom) -> str:
        hit = self.names.get(id(geom))
        return hit[0] if hit is not None else "?"

    def _callback(self, out: list, g1, g2) -> None:
        out.append(f"{self._label(g1)}-{self._label(g2)}")
        if g1.isSpace() or g2.isSpace():
            self.ode.collide2(g1, g2, out, self._callback)

    def collide(self, space) -> list:
        """space.collide with the recording callback; appends and returns this pass's pairs."""
        out: list = []
        space.collide(out, self._callback)
        self.passes.append(out)
        return out

    def contacts(self, space, world, group, cap: int = 4) -> list:
        """space.collide whose callback also makes contact joints (ode.collide, mu 0.5); records the pairs."""
        out: list = []
        ode = self.ode

        def near(arg, g1, g2):
            out.append(f"{self._label(g1)}-{self._label(g2)}")
            for c in ode.collide(g1, g2)[:cap]:
                c.setMu(0.5)
                ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())

        space.collide(None, near)
        self.passes.append(out)
        return out


def _body(ode, world, pos, name, log, geom):
    """A body of mass 1 at ``pos`` carrying ``geom`` (named ``name``)."""
    b = ode.Body(world)
    m = ode.Mass()
    m.setSphere(1.0, 0.5)
    b.setMass(m)
    b.setPosition(pos)
    geom.setBody(b)
    log.name(geom, name)
    return b


def _grid(i: int) -> tuple:
    """A deterministic scattered position for the i-th object (overlapping neighbours)."""
    return (0.7 * (i % 4) + 0.05 * i, 0.6 * ((i // 4) % 3), 0.3 + 0.2 * math.sin(1.7 * i))


def _spheres(ode, space, log, n: int, prefix: str = "s", world=None) -> list:
    """n spheres of radius 0.45 at _grid positions; on bodies of ``world`` when given."""
    out = []
    for i in range(n):
        g = ode.GeomSphere(space, 0.45 + 0.02 * (i % 3))
        if world is not None:
            out.append(_body(ode, world, _grid(i), f"{prefix}{i}", log, g))
        else:
            g.setPosition(_grid(i))
            log.name(g, f"{prefix}{i}")
            out.append(g)
    return out


def _moves(ode, space, log) -> None:
    """Plane and bodies: collide, move bodies and geoms in between, collide again."""
    world = ode.World()
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    bodies = _spheres(ode, space, log, 6, world=world)
    free = log.name(ode.GeomBox(space, (0.5, 0.5, 0.5)), "box")
    free.setPosition((0.9, 0.4, 0.3))
    log.collide(space)
    bodies[1].setPosition((0.75, 0.05, 0.3))
    log.collide(space)
    bodies[4].setPosition(bodies[4].getPosition())
    bodies[2].setQuaternion((1, 0, 0, 0))
    free.setPosition((0.1, 0.2, 0.3))
    log.collide(space)
    bodies[2].setPosition((0.3, 0.1, 0.4))
    bodies[4].setRotation((1, 0, 0, 0, 1, 0, 0, 0, 1))
    bodies[2].setPosition((0.35, 0.1, 0.4))
    log.collide(space)
    log.collide(space)


def _add_remove(ode, space, log) -> None:
    """Geoms added and removed between collides, and geoms re-added."""
    gs = _spheres(ode, space, log, 7, prefix="g")
    log.collide(space)
    space.remove(gs[2])
    log.collide(space)
    gs[0].setPosition((0.2, 0.1, 0.3))
    log.collide(space)
    space.add(gs[2])
    log.collide(space)
    gs[3].setPosition(gs[3].getPosition())
    log.collide(space)
    extra = log.name(ode.GeomCapsule(space, 0.3, 1.0), "cap")
    extra.setPosition((0.8, 0.5, 0.4))
    log.collide(space)
    gs[4].setRadius(0.55)
    gs[6].disable()
    log.collide(space)
    gs[6].enable()
    gs[1].setRotation((0, -1, 0, 1, 0, 0, 0, 0, 1))
    log.collide(space)


def _disabled(ode, space, log) -> None:
    """Steps move enabled bodies' geoms (in step order); a disabled body's geom stays put."""
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    bodies = _spheres(ode, space, log, 6, prefix="b", world=world)
    group = ode.JointGroup()
    log.contacts(space, world, group)
    bodies[3].disable()
    for _ in range(4):
        world.step(0.01)
        group.empty()
        log.contacts(space, world, group)
    bodies[3].enable()
    bodies[0].disable()
    for _ in range(3):
        world.step(0.01)
        group.empty()
        log.contacts(space, world, group)


def _contact_steps(ode, space, world, log, steps: int, dt: float, between=None) -> None:
    """``steps`` contact-making passes, each followed by a step (quickStep every second one) and the
    contacts' removal, then a last pass; ``between`` (pass number -> function) runs after that pass."""
    group = ode.JointGroup()
    for k in range(steps):
        log.contacts(space, world, group)
        if between and k in between:
            between[k]()
        if k % 2:
            world.quickStep(dt)
        else:
            world.step(dt)
        group.empty()
    log.contacts(space, world, group)


def _stack(ode, space, log) -> None:
    """A row of touching bodies on a plane (islands through contacts), stepped and quickStepped."""
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    for i in range(5):
        g = ode.GeomBox(space, (0.5, 0.5, 0.5)) if i % 2 else ode.GeomSphere(space, 0.3)
        _body(ode, world, (0.45 * i, 0.05 * i, 0.28 + 0.1 * (i % 2)), f"k{i}", log, g)
    _contact_steps(ode, space, world, log, 8, 0.01)


def _nested(ode, outer, inner, log) -> None:
    """Sub-spaces inside a space: pairs with spaces expanded by collide2; moves inside the sub-space."""
    log.name(outer, "outer")
    log.name(inner, "inner")
    outer.add(inner)
    log.name(ode.GeomPlane(outer, (0, 0, 1), 0), "plane")
    a = _spheres(ode, outer, log, 3, prefix="o")
    b = _spheres(ode, inner, log, 4, prefix="i")
    log.collide(outer)
    b[2].setPosition((0.3, 0.2, 0.2))
    log.collide(outer)
    a[0].setPosition((0.5, 0.6, 0.3))
    log.collide(outer)


def _hash_levels(ode, space, log) -> None:
    """A hash space with several levels: small, medium and big geoms, a plane (infinite AABB)."""
    space.setLevels(-2, 2)
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    for i in range(14):
        r = (0.1, 0.3, 0.9, 2.5)[i % 4]
        g = log.name(ode.GeomSphere(space, r), f"h{i}")
        g.setPosition((0.55 * (i % 5) - 1.0, 0.45 * (i // 5) - 0.4, 0.1 * (i % 3)))
    log.collide(space)
    space.setLevels(-3, 10)
    log.collide(space)
    space.setLevels(0, 0)
    log.collide(space)


def _negative(ode, space, log) -> None:
    """Geoms on negative coordinates (negative cell indices) and far away."""
    for i in range(10):
        g = log.name(ode.GeomBox(space, (0.4 + 0.1 * i, 0.5, 0.3)), f"n{i}")
        g.setPosition((-3.0 + 0.35 * i, -1.5 - 0.2 * (i % 3), -0.4 * (i % 2)))
    far = log.name(ode.GeomSphere(space, 0.5), "far")
    far.setPosition((150.0, -220.0, 35.0))
    near = log.name(ode.GeomSphere(space, 0.6), "nearfar")
    near.setPosition((150.5, -220.2, 35.1))
    log.collide(space)


def _box_at(ode, space, log, name: str, pos, sides):
    """A free box ``name`` of ``sides`` at ``pos`` (identity rotation: its AABB is pos -+ sides / 2)."""
    g = log.name(ode.GeomBox(space, sides), name)
    g.setPosition(pos)
    return g


def _qt_blocks(ode, space, log) -> None:
    """Quadtree blocks: geoms inside small blocks, straddling split lines at several levels, touching a
    split from either side (half-open blocks), big ones that fit only the root, some outside the tree,
    a plane; then moves across blocks, removals, re-adds (one moved while out of the space) and
    disabled geoms between collides."""
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    spots = [(0.3, 0.3), (0.7, 0.2), (-0.4, 0.6), (2.1, 1.9), (1.9, 2.2), (-3.5, -3.6), (-4.2, -3.9),
             (5.5, -6.2), (5.8, -6.0), (0.0, 0.0), (-2.0, 3.0), (7.6, 7.6)]
    gs = [_box_at(ode, space, log, f"q{i}", (x, y, 0.2), (0.5, 0.5, 0.5)) for i, (x, y) in enumerate(spots)]
    gs.append(_box_at(ode, space, log, "lo", (-0.5, 1.0, 0.2), (1.0, 0.5, 0.5)))   # max x exactly 0
    gs.append(_box_at(ode, space, log, "hi", (0.5, 1.25, 0.2), (1.0, 0.5, 0.5)))   # min x exactly 0
    gs.append(_box_at(ode, space, log, "edge", (7.5, 7.5, 0.2), (1.0, 1.0, 0.5)))  # max exactly 8
    big = log.name(ode.GeomSphere(space, 6.0), "big")
    big.setPosition((1.0, 1.0, 0.0))
    out = log.name(ode.GeomSphere(space, 0.6), "out")
    out.setPosition((9.5, 0.3, 0.1))
    far = log.name(ode.GeomSphere(space, 0.6), "far")
    far.setPosition((9.9, 0.6, 0.2))
    log.collide(space)
    gs[0].setPosition((0.55, 0.45, 0.2))
    gs[3].setPosition((2.0, 2.0, 0.2))
    out.setPosition((7.0, 0.4, 0.1))
    log.collide(space)
    gs[1].setPosition((0.3, 0.35, 0.2))
    space.remove(gs[4])
    gs[5].disable()
    log.collide(space)
    gs[4].setPosition((0.4, 0.2, 0.2))
    space.add(gs[4])
    space.remove(gs[9])
    space.add(gs[9])
    gs[5].enable()
    gs[7].setPosition((-0.2, -0.3, 0.2))
    log.collide(space)
    space.remove(big)
    far.setPosition((0.1, 0.4, 0.2))
    log.collide(space)
    space.add(big)
    gs[2].setPosition((0.45, 0.3, 0.2))
    log.collide(space)
    log.collide(space)


def _qt_steps(ode, space, log) -> None:
    """Contact-making passes over steps: bodies sliding across the block lines of a small tree, landing
    on a plane and on each other, a box that changes block every few steps."""
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    bodies = []
    for i in range(8):
        x, y = -0.9 + 0.26 * i, 0.35 * math.sin(1.3 * i)
        g = ode.GeomBox(space, (0.3, 0.3, 0.3)) if i % 3 == 0 else ode.GeomSphere(space, 0.16)
        b = _body(ode, world, (x, y, 0.25 + 0.05 * (i % 2)), f"m{i}", log, g)
        b.setLinearVel((1.5 - 0.4 * i, 0.8 * math.cos(i), 0.0))
        bodies.append(b)
    _contact_steps(ode, space, world, log, 10, 0.02, {4: bodies[2].disable})


def _qt_offset(ode, space, log) -> None:
    """A tree off the origin with unequal extents (split lines of rounded values): clusters of boxes
    around its split lines, then some of them moved."""
    for i in range(18):
        x = 0.3 + 2.5 * (i % 3 - 1) + 0.23 * (i % 4) - 0.35
        y = -0.7 + 1.5 * (i % 2) + 0.19 * (i % 5) - 0.4
        g = _box_at(ode, space, log, f"o{i}", (x, y, 0.0), (0.6 + 0.1 * (i % 5), 0.5, 0.4))
        if i % 5 == 2:
            g.setRotation((0.8, -0.6, 0, 0.6, 0.8, 0, 0, 0, 1))
    log.collide(space)
    for i, (_, g) in enumerate(list(log.names.values())[:9]):
        x, y, z = g.getPosition()
        g.setPosition((x + 0.37 * (i % 3 - 1), y - 0.41 * (i % 2), z))
    log.collide(space)


SPACE_KINDS = {
    "simple": lambda ode: ode.SimpleSpace(),
    "hash": lambda ode: ode.HashSpace(),
    "sap_xzy": lambda ode: ode.SAPSpace(None, "XZY"),      # (PyODE's "XYZ" reports no pairs at all)
    "sap_zyx": lambda ode: ode.SAPSpace(None, "ZYX"),
    "quadtree": lambda ode: ode.QuadTreeSpace((0, 0, 0), (8, 8, 8), 5),
}
BODY_SCENES = {"moves": _moves, "add_remove": _add_remove, "disabled": _disabled, "stack": _stack,
               "negative": _negative}


def scenarios() -> dict:
    """name -> scene(ode, log) for every recorded scenario."""
    out = {}
    for kind, make in SPACE_KINDS.items():
        for sname, scene in BODY_SCENES.items():
            out[f"{kind}/{sname}"] = (lambda s, m: lambda ode, log: s(ode, m(ode), log))(scene, make)
    out["hash/levels"] = lambda ode, log: _hash_levels(ode, ode.HashSpace(), log)
    out["quadtree/blocks"] = lambda ode, log: _qt_blocks(ode, SPACE_KINDS["quadtree"](ode), log)
    out["quadtree/root_only"] = lambda ode, log: _qt_blocks(
        ode, ode.QuadTreeSpace((0, 0, 0), (8, 8, 8), 0), log)
    out["quadtree/steps"] = lambda ode, log: _qt_steps(ode, ode.QuadTreeSpace((0, 0, 0), (2, 2, 1), 4), log)
    out["quadtree/offset"] = lambda ode, log: _qt_offset(
        ode, ode.QuadTreeSpace((0.3, -0.7, 0), (5.0, 3.0, 1.0), 6), log)
    for outer in ("simple", "hash", "sap_zyx", "quadtree"):
        for inner in ("simple", "hash", "sap_xzy", "quadtree"):
            out[f"nested/{outer}_{inner}"] = (lambda o, i: lambda ode, log: _nested(
                ode, o(ode), i(ode), log))(SPACE_KINDS[outer], SPACE_KINDS[inner])
    return out


def run(ode, name: str) -> list:
    """The recorded passes of scenario ``name`` run with module ``ode``."""
    log = Log(ode)
    scenarios()[name](ode, log)
    return log.passes
