"""A three-wheeled buggy on hinge-2 joints: its motor turns the front wheel and it drives over a ramp."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "a three-wheeled buggy on hinge-2 joints, motor on the front wheel, driving over a ramp"
SECONDS = 5.0
DT = 0.01
CAMERA = {"position": (1.2, -4.8, 2.2), "target": (1.8, 0.0, 0.4), "fov": 45.0}
EXPECT = (ode.GeomBox, ode.GeomSphere)
STILL_AT = 0.6    # the still picture: the buggy on the ramp
WHEEL = 0.18
SPEED = 9.0   # rad/s of the front wheel


def wheel(scene: _kit.Scene, chassis: ode.Body, pos, steerable: bool) -> ode.Hinge2Joint:
    """A ball wheel on a hinge-2 joint: axis 1 up (steering, locked unless ``steerable``), axis 2 the axle,
    with a soft suspension along axis 1."""
    body = _kit.sphere(scene, WHEEL, pos, density=300.0)
    joint = ode.Hinge2Joint(scene.world)
    joint.attach(chassis, body)
    joint.setAnchor(pos)
    joint.setAxis1((0.0, 0.0, 1.0))
    joint.setAxis2((0.0, 1.0, 0.0))
    joint.setParam(ode.ParamSuspensionERP, 0.4)
    joint.setParam(ode.ParamSuspensionCFM, 0.8 * DT)
    if not steerable:
        joint.setParam(ode.ParamLoStop, 0.0)
        joint.setParam(ode.ParamHiStop, 0.0)
    return joint


def build() -> _kit.Scene:
    """Chassis, one driven front wheel and two rear wheels at the origin; a ramp ahead along +x."""
    scene = _kit.new_scene(mu=1.5)
    chassis = _kit.box(scene, (1.0, 0.5, 0.15), (0.0, 0.0, 0.45), density=400.0)
    front = wheel(scene, chassis, (0.5, 0.0, 0.3), steerable=True)
    front.setParam(ode.ParamLoStop, -0.05)
    front.setParam(ode.ParamHiStop, 0.05)
    wheel(scene, chassis, (-0.45, 0.35, 0.3), steerable=False)
    wheel(scene, chassis, (-0.45, -0.35, 0.3), steerable=False)
    ramp = ode.GeomBox(scene.space, (2.0, 1.6, 0.1))
    ramp.setPosition((2.5, 0.0, 0.2))
    ramp.setRotation(_kit.rotation((0.0, 1.0, 0.0), -12.0))
    scene.extra.update(front=front, chassis=chassis, top=0.0, ramp=ramp)
    return scene


def colors(scene: _kit.Scene) -> dict:
    """The ramp grey."""
    return {scene.extra["ramp"]: (0.6, 0.6, 0.62)}


def step(scene: _kit.Scene, dt: float) -> None:
    """Drive the front wheel's axle (axis 2) with a velocity motor, collide and step."""
    front = scene.extra["front"]
    front.setParam(ode.ParamVel2, -SPEED)
    front.setParam(ode.ParamFMax2, 25.0)
    _kit.contact_step(scene, dt)
    scene.extra["top"] = max(scene.extra["top"], scene.extra["chassis"].getPosition()[2])


def figures(scene: _kit.Scene) -> str:
    """How far the buggy went and how high it got."""
    x, y, z = scene.extra["chassis"].getPosition()
    return f"chassis travelled x={x:.2f} m (y={y:+.2f}), highest z={scene.extra['top']:.2f} m"
