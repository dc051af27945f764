"""Convex polyhedra (prisms and pyramids as GeomConvex) tumbling down onto the ground and each other."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "convex polyhedra (hexagonal and triangular prisms, pyramids) tumbling into a heap"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (2.6, -3.4, 2.4), "target": (0.0, 0.0, 0.3)}
EXPECT = (ode.GeomConvex,)
COUNT = 15


def build() -> _kit.Scene:
    """COUNT convex bodies above the origin at random tilts, each higher than the last."""
    scene = _kit.new_scene()
    _kit.drop_polyhedra(scene, _kit.convex_geom, COUNT)
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """The heap's height."""
    return f"{len(scene.bodies)} convex bodies, heap top at z={_kit.highest(scene):.2f} m"
