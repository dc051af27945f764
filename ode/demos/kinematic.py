"""A kinematic paddle (moved by velocity, unmoved by anything) sweeping a field of loose bodies."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "a kinematic paddle sweeping across the floor, pushing balls and boxes that cannot push it back"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (0.0, -5.5, 3.2), "target": (0.3, 0.0, 0.1)}
EXPECT = (ode.GeomBox, ode.GeomSphere)
STILL_AT = 0.6    # the still picture: mid-sweep
SPEED = 1.0   # m/s


def build() -> _kit.Scene:
    """A long flat paddle at x=-2 and a grid of balls and small boxes in front of it."""
    scene = _kit.new_scene(mu=0.5)
    paddle = _kit.box(scene, (0.15, 3.0, 0.4), (-2.0, 0.0, 0.22))
    paddle.setKinematic()
    for i in range(4):
        for j in range(6):
            pos = (-1.0 + 0.5 * i, -1.25 + 0.5 * j, 0.2)
            if (i + j) % 2:
                _kit.sphere(scene, 0.15, pos)
            else:
                _kit.box(scene, (0.25, 0.25, 0.25), (pos[0], pos[1], 0.13))
    scene.extra["paddle"] = paddle
    return scene


def colors(scene: _kit.Scene) -> dict:
    """The paddle dark grey."""
    return {scene.geoms[0]: (0.3, 0.3, 0.35)}


def step(scene: _kit.Scene, dt: float) -> None:
    """The paddle moves at SPEED along +x and turns slowly; collide and step."""
    paddle = scene.extra["paddle"]
    paddle.setLinearVel((SPEED, 0.0, 0.0))
    paddle.setAngularVel((0.0, 0.0, 0.15))
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Where the paddle got to and how far ahead of it the bodies were pushed."""
    px = scene.extra["paddle"].getPosition()[0]
    ahead = sum(1 for b in scene.bodies[1:] if b.getPosition()[0] > px)
    return f"paddle at x={px:.2f} m, {ahead} of {len(scene.bodies) - 1} bodies pushed ahead of it"
