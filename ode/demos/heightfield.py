"""Balls and capsules rolling down the hills of a heightfield terrain."""

from __future__ import annotations

import math
import random

import ode

from . import _kit

SHOWS = "balls and capsules rolling over a hilly heightfield terrain into its valleys"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (4.5, -5.5, 4.5), "target": (0.0, 0.0, 0.0)}
EXPECT = (ode.GeomHeightfield, ode.GeomSphere, ode.GeomCapsule)
SIZE, SAMPLES = 6.0, 25


def terrain_height(x: float, y: float) -> float:
    """Rolling hills: a bowl with bumps."""
    return 0.08 * (x * x + y * y) + 0.25 * math.sin(1.8 * x) * math.cos(1.6 * y)


def build() -> _kit.Scene:
    """The terrain (a heightfield is y-up in its own frame, so it is turned to make its heights z) and
    a dozen bodies above it."""
    scene = _kit.new_scene(ground=False)
    step = SIZE / (SAMPLES - 1)
    heights = [terrain_height(-0.5 * SIZE + i * step, 0.5 * SIZE - j * step)
               for j in range(SAMPLES) for i in range(SAMPLES)]
    data = ode.HeightfieldData()
    data.buildDouble(heights, False, SIZE, SIZE, SAMPLES, SAMPLES, 1.0, 0.0, 1.0, False)
    terrain = ode.GeomHeightfield(data, True, scene.space)
    terrain.setRotation(_kit.rotation((1.0, 0.0, 0.0), 90.0))
    rng = random.Random(5)
    for i in range(12):
        x, y = rng.uniform(-2.2, 2.2), rng.uniform(-2.2, 2.2)
        z = terrain_height(x, y) + 0.8 + 0.3 * i
        if i % 2:
            _kit.capsule(scene, 0.1, 0.3, (x, y, z), rotation=_kit.rotation((1.0, 0.0, 0.0), 90.0))
        else:
            _kit.sphere(scene, 0.15, (x, y, z))
    scene.extra["terrain"] = terrain
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """How far above the terrain the bodies ended (near zero: resting on it) and their mean speed."""
    gaps = [b.getPosition()[2] - terrain_height(*b.getPosition()[:2]) for b in scene.bodies]
    speed = sum(math.hypot(*b.getLinearVel()) for b in scene.bodies) / len(scene.bodies)
    return f"{len(scene.bodies)} bodies, height over terrain {min(gaps):.2f}..{max(gaps):.2f} m, " \
           f"mean speed {speed:.2f} m/s"
