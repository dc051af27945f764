"""A heavy cannon ball fired through a brick wall."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "a heavy cannon ball fired through a brick wall"
SECONDS = 3.0
DT = 0.005
CAMERA = {"position": (-2.5, -5.5, 2.4), "target": (-0.3, 0.0, 0.6)}
EXPECT = (ode.GeomBox, ode.GeomSphere)
STILL_AT = 0.14    # the still picture: the moment the ball breaks through
BRICK = (0.2, 0.4, 0.2)
ROWS, COLUMNS = 6, 6


def build() -> _kit.Scene:
    """A running-bond wall of ROWS x COLUMNS bricks across y at x=0; the ball at x=-2.5 flying at it."""
    scene = _kit.new_scene(mu=0.6)
    for row in range(ROWS):
        shift = 0.5 * BRICK[1] * (row % 2)
        for col in range(COLUMNS):
            y = (col - 0.5 * (COLUMNS - 1)) * BRICK[1] + shift
            _kit.box(scene, BRICK, (0.0, y, 0.5 * BRICK[2] + row * BRICK[2]), density=600.0)
    ball = _kit.sphere(scene, 0.25, (-2.5, 0.1, 0.55), density=8000.0)
    ball.setLinearVel((14.0, 0.0, 1.2))
    scene.extra["ball"] = ball
    scene.extra["start"] = [b.getPosition() for b in scene.bodies[:-1]]
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """How many bricks moved more than half a brick, and where the ball is."""
    moved = sum(1 for b, p in zip(scene.bodies, scene.extra["start"])
                if sum((a - c) ** 2 for a, c in zip(b.getPosition(), p)) > (0.5 * BRICK[2]) ** 2)
    x = scene.extra["ball"].getPosition()[0]
    return f"{moved} of {ROWS * COLUMNS} bricks knocked out, ball at x={x:.2f} m"
