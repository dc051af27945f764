"""A two-storey house of cards stands on its own until a ball rolls into it."""

from __future__ import annotations

import math

import ode

from . import _kit

SHOWS = "a two-storey house of cards standing on friction alone, then knocked down by a rolling ball"
SECONDS = 4.0
DT = 0.005
CAMERA = {"position": (1.3, -2.6, 1.2), "target": (-0.2, 0.0, 0.4)}
EXPECT = (ode.GeomBox, ode.GeomSphere)
CARD = (0.01, 0.4, 0.5)    # thickness, width, height
LEAN = 18.0                # degrees from vertical
KNOCK_AT = 1.5             # seconds
STILL_AT = 0.3             # the still picture: the house standing


def a_frame(scene: _kit.Scene, x: float, z: float) -> None:
    """Two cards leaning against each other, their top edges meeting above (x, z + height)."""
    t, _, h = CARD
    a = math.radians(LEAN)
    half_spread = 0.5 * h * math.sin(a) + 0.5 * t * math.cos(a)
    for side in (-1, 1):
        centre = (x + side * half_spread, 0.0, z + 0.5 * h * math.cos(a) + 0.5 * t * math.sin(a))
        _kit.box(scene, CARD, centre, density=800.0, rotation=_kit.rotation((0.0, 1.0, 0.0), -side * LEAN))


def build() -> _kit.Scene:
    """Two A-frames side by side, a flat card across them, one A-frame on top; a ball waiting to the left."""
    scene = _kit.new_scene(mu=1.2)
    t, w, h = CARD
    a = math.radians(LEAN)
    height = h * math.cos(a) + t * math.sin(a)
    step_x = 2 * (h * math.sin(a) + t) + 0.02
    for x in (-0.5 * step_x, 0.5 * step_x):
        a_frame(scene, x, 0.0)
    _kit.box(scene, (2 * step_x, w, t), (0.0, 0.0, height + 0.5 * t + 0.001), density=800.0)
    a_frame(scene, 0.0, height + t + 0.002)
    ball = _kit.sphere(scene, 0.12, (-1.5, 0.0, 0.12), density=3000.0)
    scene.extra.update(ball=ball, knocked=False, top_start=_kit.highest(scene))
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """At KNOCK_AT seconds the ball is sent rolling at the house; collide and step."""
    if not scene.extra["knocked"] and scene.time >= KNOCK_AT:
        scene.extra["ball"].setLinearVel((4.0, 0.0, 0.0))
        scene.extra["knocked"] = True
    if not scene.extra["knocked"]:
        scene.extra["top_before"] = max(b.getPosition()[2] for b in scene.bodies[:-1])
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """How tall the house stood before the knock and after."""
    after = max(b.getPosition()[2] for b in scene.bodies[:-1])
    return (f"{len(scene.bodies) - 1} cards; top card at z={scene.extra['top_start']:.2f} m at the start, "
            f"{scene.extra.get('top_before', 0.0):.2f} m before the knock, {after:.2f} m at the end")
