"""Convex polyhedra (prisms and pyramids as GeomConvex) tumbling down onto the ground and each other."""

from __future__ import annotations

import random

import ode

from . import _kit

SHOWS = "convex polyhedra (hexagonal and triangular prisms, pyramids) tumbling into a heap"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (2.6, -3.4, 2.4), "target": (0.0, 0.0, 0.3)}
EXPECT = (ode.GeomConvex,)
COUNT = 15


def shapes() -> list:
    """The polyhedra to drop, as (points, faces) with the box their mass is taken from."""
    return [(_kit.prism(6, 0.2, 0.25), (0.35, 0.35, 0.25)),
            (_kit.prism(3, 0.25, 0.3), (0.3, 0.3, 0.3)),
            (_kit.pyramid(4, 0.25, 0.35), (0.3, 0.3, 0.25))]


def build() -> _kit.Scene:
    """COUNT convex bodies above the origin at random tilts, each higher than the last."""
    scene = _kit.new_scene()
    rng = random.Random(3)
    kinds = shapes()
    for i in range(COUNT):
        shape, box = kinds[i % len(kinds)]
        pos = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0.4 + 0.4 * i)
        rot = _kit.rotation((rng.random(), rng.random(), 0.2), rng.uniform(0, 180))
        _kit.solid(scene, _kit.convex_geom(scene.space, shape), box, pos, rotation=rot)
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """The heap's height."""
    return f"{len(scene.bodies)} convex bodies, heap top at z={_kit.highest(scene):.2f} m"
