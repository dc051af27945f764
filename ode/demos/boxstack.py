"""Boxes, balls, capsules and cylinders dropped one after another into a pile in an open bin."""

from __future__ import annotations

import random

import ode

from . import _kit

SHOWS = "mixed shapes (boxes, spheres, capsules, cylinders) dropped into a pile in a bin"
SECONDS = 5.0
DT = 0.01
CAMERA = {"position": (2.3, -3.0, 2.6), "target": (0.0, 0.0, 0.25)}
EXPECT = (ode.GeomBox, ode.GeomSphere, ode.GeomCapsule, ode.GeomCylinder)
COUNT = 24


def build() -> _kit.Scene:
    """COUNT shapes in a loose column above the origin, each at a random tilt, the next one higher."""
    scene = _kit.new_scene()
    _kit.bin_walls(scene, inner=1.4, height=0.4)
    rng = random.Random(7)
    makers = (
        lambda pos, rot: _kit.box(scene, (0.4, 0.3, 0.25), pos, rotation=rot),
        lambda pos, rot: _kit.sphere(scene, 0.18, pos),
        lambda pos, rot: _kit.capsule(scene, 0.1, 0.35, pos, rotation=rot),
        lambda pos, rot: _kit.cylinder(scene, 0.15, 0.25, pos, rotation=rot),
    )
    for i in range(COUNT):
        pos = (rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35), 0.5 + 0.5 * i)
        rot = _kit.rotation((rng.random(), rng.random(), rng.random() + 0.1), rng.uniform(0, 180))
        makers[i % len(makers)](pos, rot)
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """How tall the pile ended up."""
    return f"{len(scene.bodies)} bodies, pile top at z={_kit.highest(scene):.2f} m"
