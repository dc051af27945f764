"""Two tops on the ground: the spinning one precesses and stays up, the still one falls over."""

from __future__ import annotations

import math

import ode

from . import _kit

SHOWS = "gyroscopic effect: a spinning top precesses and stays up, an identical still one falls"
SECONDS = 4.0
DT = 0.002
CAMERA = {"position": (0.0, -3.2, 1.4), "target": (0.0, 0.0, 0.35)}
EXPECT = (ode.GeomCylinder, ode.GeomCapsule)
TILT = 15.0     # degrees from vertical at the start
SPIN = 60.0     # rad/s about the spinning top's axis


def top(scene: _kit.Scene, x: float, spin: float) -> ode.Body:
    """A disc on a stem with its tip on the ground, tilted by TILT; spinning at ``spin`` about its axis."""
    rot = _kit.rotation((1.0, 0.0, 0.0), TILT)
    axis = rot[2::3]
    stem = 0.3   # from the disc's centre to the tip
    centre = (x - stem * axis[0], -stem * axis[1], 0.01 + stem * axis[2])
    body = _kit.cylinder(scene, 0.25, 0.06, centre, density=2000.0, rotation=rot)
    tip = ode.GeomCapsule(scene.space, 0.02, 2 * stem - 0.04)
    tip.setBody(body)
    body.setGyroscopicMode(True)
    body.setAngularVel(tuple(spin * a for a in axis))
    return body


def build() -> _kit.Scene:
    """The spinning top on the left, the still one on the right."""
    scene = _kit.new_scene(mu=0.3)
    scene.quick = False
    top(scene, -0.6, SPIN)
    top(scene, 0.6, 0.0)
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Each top's tilt from vertical at the end."""
    tilts = [math.degrees(math.acos(max(-1.0, min(1.0, b.getRotation()[8])))) for b in scene.bodies]
    return f"spinning top tilted {tilts[0]:.0f} deg, still top {tilts[1]:.0f} deg (started at {TILT:.0f})"
