"""Five boxes on a 25-degree ramp, each with its own friction coefficient: the slippery ones slide."""

from __future__ import annotations

import math

import ode

from . import _kit

SHOWS = "boxes on a 25 degree ramp with mu 0.1..0.9: those with mu < tan 25 = 0.47 slide off"
SECONDS = 3.0
DT = 0.01
CAMERA = {"position": (-5.5, -3.8, 2.6), "target": (0.0, 0.0, 0.9)}
EXPECT = ()   # its boxes are drawn in colours of their own: see colors()
SLOPE = 25.0
MUS = (0.1, 0.3, 0.5, 0.7, 0.9)


def build() -> _kit.Scene:
    """A static ramp rising along +x and one box per mu, side by side across it."""
    scene = _kit.new_scene()
    tilt = _kit.rotation((0.0, 1.0, 0.0), -SLOPE)
    ramp = ode.GeomBox(scene.space, (4.0, 4.0, 0.2))
    ramp.setRotation(tilt)
    ramp.setPosition((0.0, 0.0, 1.0))
    scene.extra["ramp"] = ramp
    along, normal = tilt[0::3], tilt[2::3]   # the ramp's x axis (uphill) and its normal, from its rotation
    for i in range(len(MUS)):
        y = -1.6 + 0.8 * i
        pos = tuple(c + 0.8 * a + 0.26 * n for c, a, n in zip((0.0, y, 1.0), along, normal))
        _kit.box(scene, (0.4, 0.4, 0.3), pos, rotation=tilt)
        scene.extra.setdefault("start", []).append(pos)
    scene.extra["mu"] = MUS
    return scene


def colors(scene: _kit.Scene) -> dict:
    """Slippery boxes red through grippy ones green; the ramp grey."""
    boxes = {g: (1.0 - m, m, 0.15) for g, m in zip(scene.geoms, MUS)}
    return boxes | {scene.extra["ramp"]: (0.7, 0.7, 0.7)}


def near(scene: _kit.Scene, g1, g2) -> None:
    """PyODE-style near-callback: the contact's mu is the smaller of the two bodies' own."""
    contacts = ode.collide(g1, g2)
    if not contacts:
        return
    b1, b2 = g1.getBody(), g2.getBody()
    mu = min(_mu(scene, b) for b in (b1, b2))
    for c in contacts:
        c.setMode(ode.ContactSoftCFM | ode.ContactApprox1)   # Approx1: friction scales with the normal force
        c.setSoftCFM(1e-5)
        c.setMu(mu)
        ode.ContactJoint(scene.world, scene.group, c).attach(b1, b2)
        scene.contacts += 1


def _mu(scene: _kit.Scene, body) -> float:
    """A body's friction coefficient (static geoms: unlimited)."""
    if body is None:
        return 1e9
    return MUS[scene.bodies.index(body)]


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide through the Python near-callback, then step."""
    scene.space.collide(scene, lambda s, g1, g2: near(s, g1, g2))
    _kit.advance(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """How far each box slid."""
    slid = [math.dist(b.getPosition(), p) for b, p in zip(scene.bodies, scene.extra["start"])]
    return "slid " + ", ".join(f"mu {m}: {d:.2f} m" for m, d in zip(MUS, slid))
