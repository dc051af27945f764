"""Triangle meshes (prisms and pyramids as GeomTriMesh) falling onto a static mesh ramp and the ground."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "triangle-mesh bodies falling onto a triangle-mesh ramp and the ground"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (2.6, -3.4, 2.4), "target": (0.0, 0.0, 0.3)}
EXPECT = (ode.GeomTriMesh,)
COUNT = 12


def build() -> _kit.Scene:
    """A tilted static mesh slab; COUNT mesh bodies above it at random tilts, each higher than the last."""
    scene = _kit.new_scene()
    ramp = _kit.trimesh_geom(scene.space, _kit.prism(4, 1.0, 0.2))
    ramp.setPosition((0.0, 0.0, 0.3))
    ramp.setRotation(_kit.rotation((1.0, 1.0, 0.0), 14.0))
    scene.extra["ramp"] = ramp
    _kit.drop_polyhedra(scene, _kit.trimesh_geom, COUNT)
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
