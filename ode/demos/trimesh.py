"""Triangle meshes (prisms and pyramids as GeomTriMesh) falling onto a static mesh ramp and the ground."""

from __future__ import annotations

import random

import ode

from . import _kit

SHOWS = "triangle-mesh bodies falling onto a triangle-mesh ramp and the ground"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (2.6, -3.4, 2.4), "target": (0.0, 0.0, 0.3)}
EXPECT = (ode.GeomTriMesh,)
COUNT = 12


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
    ramp = _kit.trimesh_geom(scene.space, _kit.prism(4, 1.0, 0.2))
    ramp.setPosition((0.0, 0.0, 0.3))
    ramp.setRotation(_kit.rotation((1.0, 1.0, 0.0), 14.0))
    scene.extra["ramp"] = ramp
    for i in range(COUNT):
        shape, box = kinds[i % len(kinds)]
        pos = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0.4 + 0.4 * i)
        rot = _kit.rotation((rng.random(), rng.random(), 0.2), rng.uniform(0, 180))
        _kit.solid(scene, _kit.trimesh_geom(scene.space, shape), box, pos, rotation=rot)
    return scene


def colors(scene: _kit.Scene) -> dict:
    """The static ramp grey."""
    return {scene.extra["ramp"]: (0.6, 0.6, 0.62)}


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """The heap's height."""
    return f"{len(scene.bodies)} mesh bodies, heap top at z={_kit.highest(scene):.2f} m"
