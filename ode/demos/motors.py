"""Five powered joints side by side, each driven back and forth by its motors between its limits."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "hinge, slider, PR, PU and piston joints side by side, driven by their motors between limits"
SECONDS = 4.0
DT = 0.01
CAMERA = {"position": (2.4, -4.2, 2.6), "target": (2.4, 0.0, 0.9), "fov": 50.0}
EXPECT = (ode.GeomBox, ode.GeomSphere)
SPACING = 1.2
PERIOD = 2.0          # seconds: the motors reverse every half period


def pivot(scene: _kit.Scene, pos) -> None:
    """A small static ball marking a joint's anchor; it collides with nothing."""
    marker = ode.GeomSphere(scene.space, 0.07)
    marker.setPosition(pos)
    marker.setCategoryBits(0)
    marker.setCollideBits(0)


def powered(scene: _kit.Scene, joint, anchor, motors: dict, limits: dict) -> None:
    """Attach ``joint`` to the latest body and the world at ``anchor``; motors: param -> speed, limits:
    (lo param, hi param) -> (lo, hi)."""
    joint.attach(scene.bodies[-1], ode.environment)
    joint.setAnchor(anchor)
    for (lo, hi), (a, b) in limits.items():
        joint.setParam(lo, a)
        joint.setParam(hi, b)
    scene.extra["motors"].append((joint, motors))
    pivot(scene, anchor)


def build() -> _kit.Scene:
    """One station per joint type along +x, each a box hanging from an anchor 1.4 m up."""
    scene = _kit.new_scene()
    scene.extra["motors"] = []
    P = ode
    x = 0.0
    _kit.box(scene, (0.7, 0.1, 0.1), (x + 0.35, 0.0, 1.4))
    hinge = ode.HingeJoint(scene.world)
    powered(scene, hinge, (x, 0.0, 1.4), {P.ParamVel: 2.0}, {(P.ParamLoStop, P.ParamHiStop): (-1.2, 1.2)})
    hinge.setAxis((0.0, 1.0, 0.0))

    x += SPACING
    _kit.box(scene, (0.3, 0.3, 0.3), (x, 0.0, 1.0))
    slider = ode.SliderJoint(scene.world)
    slider.attach(scene.bodies[-1], ode.environment)
    slider.setAxis((0.0, 0.0, 1.0))
    slider.setParam(P.ParamLoStop, -0.5)
    slider.setParam(P.ParamHiStop, 0.3)
    scene.extra["motors"].append((slider, {P.ParamVel: 0.6}))
    pivot(scene, (x, 0.0, 1.4))

    x += SPACING
    _kit.box(scene, (0.5, 0.12, 0.12), (x, 0.0, 1.0))
    pr = ode.PRJoint(scene.world)
    powered(scene, pr, (x, 0.0, 1.0), {P.ParamVel: 0.3, P.ParamVel2: 3.0},
            {(P.ParamLoStop, P.ParamHiStop): (-0.3, 0.3)})
    pr.setAxis1((0.0, 0.0, 1.0))
    pr.setAxis2((0.0, 1.0, 0.0))

    x += SPACING
    _kit.box(scene, (0.12, 0.12, 0.6), (x, 0.0, 1.0))
    pu = ode.PUJoint(scene.world)
    powered(scene, pu, (x, 0.0, 1.3), {P.ParamVel1: 1.0, P.ParamVel2: 1.0, P.ParamVel3: 0.2},
            {(P.ParamLoStop1, P.ParamHiStop1): (-0.6, 0.6), (P.ParamLoStop2, P.ParamHiStop2): (-0.6, 0.6),
             (P.ParamLoStop3, P.ParamHiStop3): (-0.2, 0.2)})
    pu.setAxis1((1.0, 0.0, 0.0))
    pu.setAxis2((0.0, 1.0, 0.0))
    pu.setAxis3((0.0, 0.0, 1.0))

    x += SPACING
    _kit.box(scene, (0.5, 0.5, 0.1), (x, 0.0, 1.0))
    piston = ode.PistonJoint(scene.world)
    powered(scene, piston, (x, 0.0, 1.0), {P.ParamVel: 0.4, P.ParamVel2: 3.0},
            {(P.ParamLoStop, P.ParamHiStop): (-0.4, 0.3)})
    piston.setAxis((0.0, 0.0, 1.0))
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Every motor runs at its speed, forwards for half a PERIOD and backwards for the other half."""
    sign = 1.0 if (scene.time % PERIOD) < 0.5 * PERIOD else -1.0
    for joint, motors in scene.extra["motors"]:
        for param, speed in motors.items():
            joint.setParam(param, sign * speed)
            joint.setParam(param + ode.ParamFMax - ode.ParamVel, 400.0)
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Where each driven body is."""
    names = ("hinge", "slider", "PR", "PU", "piston")
    return "; ".join(f"{n} body at z={b.getPosition()[2]:.2f}" for n, b in zip(names, scene.bodies))
