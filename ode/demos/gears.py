"""Transmission joints: a motor turns one wheel and gears (or a chain) turn the next at a fixed ratio."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "transmission joints: a motor drives a big wheel; a meshed gear (2:1) and a chain drive (1:2) follow"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (0.6, -6.0, 2.2), "target": (0.6, 0.0, 1.3), "fov": 40.0}
EXPECT = (ode.GeomCylinder, ode.GeomBox)
AXLE = (0.0, 1.0, 0.0)
SPEED = 1.5   # rad/s of the driven wheel


def wheel(scene: _kit.Scene, radius: float, centre) -> ode.Body:
    """A disc turning about AXLE on a hinge to the world, with a spoke so its turning shows."""
    body = _kit.cylinder(scene, radius, 0.1, centre, rotation=_kit.rotation((1.0, 0.0, 0.0), 90.0))
    spoke = ode.GeomBox(scene.space, (0.8 * radius, 0.06, 0.16))
    spoke.setBody(body)
    spoke.setOffsetPosition((0.45 * radius, 0.0, 0.0))
    hinge = ode.HingeJoint(scene.world)
    hinge.attach(body, ode.environment)
    hinge.setAnchor(centre)
    hinge.setAxis(AXLE)
    scene.extra.setdefault("hinges", []).append(hinge)
    return body


def gear(scene: _kit.Scene, a: ode.Body, b: ode.Body, mode: int, ratio=None, radii=None) -> None:
    """A transmission joint between wheels ``a`` and ``b`` about parallel AXLE axes."""
    t = ode.TransmissionJoint(scene.world)
    t.attach(a, b)
    t.setMode(mode)
    t.setAxis(AXLE)
    t.setAnchor1(a.getPosition())
    t.setAnchor2(b.getPosition())
    if ratio is not None:
        t.setRatio(ratio)
    if radii is not None:
        t.setRadius1(radii[0])
        t.setRadius2(radii[1])


def build() -> _kit.Scene:
    """Big driven wheel in the middle, a small gear meshing to its left, a chain-driven wheel to its right.
    The wheels touch nothing: the space has no ground and its geoms collide with nothing."""
    scene = _kit.new_scene(ground=False, gravity=(0.0, 0.0, 0.0))
    scene.quick = False
    driver = wheel(scene, 0.6, (0.0, 0.0, 1.3))
    small = wheel(scene, 0.3, (-0.9, 0.0, 1.3))
    chained = wheel(scene, 0.3, (1.8, 0.0, 1.3))
    gear(scene, driver, small, ode.TransmissionParallelAxes, ratio=2.0)
    gear(scene, driver, chained, ode.TransmissionChainDrive, radii=(0.6, 0.3))
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """The driver's hinge motor holds its speed; no contacts, just the step."""
    motor = scene.extra["hinges"][0]
    motor.setParam(ode.ParamVel, SPEED)
    motor.setParam(ode.ParamFMax, 200.0)
    _kit.advance(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Each follower's angular speed over the driver's: the gear ratios as simulated."""
    w = [h.getAngleRate() for h in scene.extra["hinges"]]
    return f"driver {w[0]:.2f} rad/s; gear ratio {w[1] / w[0]:+.2f}, chain ratio {w[2] / w[0]:+.2f}"
