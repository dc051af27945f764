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


X, Y, Z = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)


def stations() -> list:
    """Per joint: (class, box size, anchor height, the box's offset from the anchor, axes as setter name ->
    axis, motors as velocity param -> speed, limits as (lo param, hi param) -> (lo, hi))."""
    P = ode
    return [
        (ode.HingeJoint, (0.7, 0.1, 0.1), 1.4, (0.35, 0.0, 0.0), {"setAxis": Y}, {P.ParamVel: 2.0},
         {(P.ParamLoStop, P.ParamHiStop): (-1.2, 1.2)}),
        (ode.SliderJoint, (0.3, 0.3, 0.3), 1.4, (0.0, 0.0, -0.4), {"setAxis": Z}, {P.ParamVel: 0.6},
         {(P.ParamLoStop, P.ParamHiStop): (-0.5, 0.3)}),
        (ode.PRJoint, (0.5, 0.12, 0.12), 1.0, (0.0, 0.0, 0.0), {"setAxis1": Z, "setAxis2": Y},
         {P.ParamVel: 0.3, P.ParamVel2: 3.0}, {(P.ParamLoStop, P.ParamHiStop): (-0.3, 0.3)}),
        (ode.PUJoint, (0.12, 0.12, 0.6), 1.3, (0.0, 0.0, -0.3), {"setAxis1": X, "setAxis2": Y, "setAxis3": Z},
         {P.ParamVel1: 1.0, P.ParamVel2: 1.0, P.ParamVel3: 0.2},
         {(P.ParamLoStop1, P.ParamHiStop1): (-0.6, 0.6), (P.ParamLoStop2, P.ParamHiStop2): (-0.6, 0.6),
          (P.ParamLoStop3, P.ParamHiStop3): (-0.2, 0.2)}),
        (ode.PistonJoint, (0.5, 0.5, 0.1), 1.0, (0.0, 0.0, 0.0), {"setAxis": Z},
         {P.ParamVel: 0.4, P.ParamVel2: 3.0}, {(P.ParamLoStop, P.ParamHiStop): (-0.4, 0.3)}),
    ]


def station(scene: _kit.Scene, x: float, kind, size, height, offset, axes, motors, limits) -> None:
    """A box joined to the world by a ``kind`` joint anchored at (x, 0, height), with its limits set and
    its motors listed for step()."""
    anchor = (x, 0.0, height)
    body = _kit.box(scene, size, tuple(a + o for a, o in zip(anchor, offset)))
    joint = kind(scene.world)
    joint.attach(body, ode.environment)
    if hasattr(joint, "setAnchor"):          # a slider has no anchor
        joint.setAnchor(anchor)
    for setter, axis in axes.items():
        getattr(joint, setter)(axis)
    for (lo, hi), (a, b) in limits.items():
        joint.setParam(lo, a)
        joint.setParam(hi, b)
    scene.extra["motors"].append((joint, motors))
    pivot(scene, anchor)


def build() -> _kit.Scene:
    """One station per joint type along +x."""
    scene = _kit.new_scene()
    scene.extra["motors"] = []
    for i, args in enumerate(stations()):
        station(scene, i * SPACING, *args)
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
