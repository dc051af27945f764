"""Small scenes of the PR, PU and piston joints attached (None, body) and, as a control, (body, None).

libode stores a joint attached (None, body) with the body first and a reverse flag, and its PR and piston
rows do not follow the swap everywhere (ode/_fallback/joints/pr.py, piston.py say where). Each case builds
one body on one joint, optionally moves it off the joint's pose, sets stops or a motor on one axis, steps a
few times and samples the body, the joint's readings and its feedback after each step. The same function
runs with our ``ode`` and with libode through ``tools/oracle/libode_pyode_dynamics``:
``tools/record/record_reversed_joints.py`` records libode, ``tests/fidelity/test_reversed_joints.py``
compares.
"""

from __future__ import annotations

import math

from random_scenes import _make_body as make_body

STEPS = 4
DT = 0.01
ERP = 0.2
CFM = 1e-6
# The body: a 6 kg box, at rest at its pose when the joint is set (random_scenes' body spec).
BODY = {"shape": "box", "density": 1000.0, "dims": (0.1, 0.2, 0.3), "pos": (0.1, 0.2, 0.3),
        "quat": (0.9, 0.1, 0.2, 0.3), "vel": (0.0, 0.0, 0.0), "avel": (0.0, 0.0, 0.0)}
ANCHOR = (0.3, -0.2, 0.5)


def _unit(v) -> tuple:
    """v scaled to length 1."""
    n = math.sqrt(sum(x * x for x in v))
    return tuple(x / n for x in v)


# The axes as the user gives them (axis 1, axis 2, the PU's prismatic axis): not of unit length, since
# libode keeps the environment's copy of some axes as given; AXES, the same scaled to length 1, are those
# of every case but "given_axes". Axis 2 is not perpendicular to axis 1: the PR's rows use both as they are.
GIVEN_AXES = ((1.0, 0.2, -0.1), (0.1, 1.0, 0.3), (0.2, -0.1, 1.0))
AXES = tuple(_unit(a) for a in GIVEN_AXES)
MOVED_POS = (0.13, 0.17, 0.35)
MOVED_QUAT = (0.85, 0.2, 0.15, 0.35)
VEL = (0.1, -0.2, 0.15)
AVEL = (0.3, 0.2, -0.4)

KINDS = ("pr", "piston", "pu")
# Parameter groups of each joint: (the position group, the angle groups), as ParamX suffixes.
_GROUPS = {"pr": ("", ("2",)), "piston": ("", ("2",)), "pu": ("3", ("", "2"))}
_READINGS = {
    "pr": ("getPosition", "getPositionRate", "getAngle", "getAngleRate"),
    "piston": ("getPosition", "getPositionRate", "getAngle", "getAngleRate"),
    "pu": ("getPosition", "getPositionRate", "getAngle1", "getAngle2", "getAngle1Rate", "getAngle2Rate",
           "getAngles"),
}
# Readings that return a pair (two columns).
_PAIRS = ("getAngles",)


def _settings(kind: str) -> dict:
    """Setting name -> (moved, parameters, axes): the rows alone at rest and moved, then stops and motors,
    then moved with the axes as given, alone and with each angle's stops or motor (an environment's axis
    kept as given makes libode's two measures of the universal angle 2 differ).

    Stops are asymmetric about zero, so a stop tested on the negated angle or position is a different stop.
    """
    pos, angles = _GROUPS[kind]
    out = {"rest": (False, [], AXES), "moved": (True, [], AXES)}
    out["slide_stops"] = (True, [(f"ParamLoStop{pos}", 0.01), (f"ParamHiStop{pos}", 0.05)], AXES)
    out["slide_motor"] = (False, [(f"ParamVel{pos}", 0.3), (f"ParamFMax{pos}", 5.0)], AXES)
    for n, g in enumerate(angles, 1):
        out[f"angle{n}_stops"] = (True, [(f"ParamLoStop{g}", 0.2), (f"ParamHiStop{g}", 0.5)], AXES)
        out[f"angle{n}_motor"] = (False, [(f"ParamVel{g}", 0.7), (f"ParamFMax{g}", 0.5)], AXES)
    out["given_axes"] = (True, [], GIVEN_AXES)
    for n in range(1, len(angles) + 1):
        out[f"given_angle{n}_stops"] = (True, out[f"angle{n}_stops"][1], GIVEN_AXES)
        out[f"given_angle{n}_motor"] = (False, out[f"angle{n}_motor"][1], GIVEN_AXES)
    return out


def case_names() -> list:
    """Every case: <kind>_<env_first|env_second>_<setting>."""
    return [f"{kind}_{side}_{setting}" for kind in KINDS for side in ("env_first", "env_second")
            for setting in _settings(kind)]


def _parse(name: str) -> tuple:
    """(kind, environment first, setting) of a case name."""
    kind, env, side, setting = name.split("_", 3)
    return kind, side == "first", setting


def _build(ode, world, kind: str, first: bool, axes: tuple):
    """One box body on a joint of ``kind`` attached (None, body) or (body, None), geometry set."""
    body = make_body(ode, world, BODY)
    j = {"pr": ode.PRJoint, "piston": ode.PistonJoint, "pu": ode.PUJoint}[kind](world)
    if first:
        j.attach(None, body)
    else:
        j.attach(body, None)
    j.setAnchor(ANCHOR)
    if kind == "piston":
        j.setAxis(axes[0])
    else:
        j.setAxis1(axes[0])
        j.setAxis2(axes[1])
    if kind == "pu":
        j.setAxisP(axes[2])
    return body, j


def run_case(ode, name: str) -> tuple:
    """(labels, rows): the body's pose and velocities, the joint's readings and feedback after each step."""
    kind, first, setting = _parse(name)
    moved, params, axes = _settings(kind)[setting]
    world = ode.World()
    world.setGravity((0.0, 0.0, 0.0))
    world.setERP(ERP)
    world.setCFM(CFM)
    body, j = _build(ode, world, kind, first, axes)
    for param, value in params:
        j.setParam(getattr(ode, param), value)
    j.setFeedback(True)
    if moved:
        body.setPosition(MOVED_POS)
        body.setQuaternion(MOVED_QUAT)
        body.setLinearVel(VEL)
        body.setAngularVel(AVEL)
    readings = [name for getter in _READINGS[kind] for name in [getter] * (2 if getter in _PAIRS else 1)]
    labels = ["pos"] * 3 + ["quat"] * 4 + ["vel"] * 3 + ["avel"] * 3 + readings + ["f1"] * 3 + ["t1"] * 3
    rows = []
    for _ in range(STEPS):
        world.step(DT)
        row = [*body.getPosition(), *body.getQuaternion(), *body.getLinearVel(), *body.getAngularVel()]
        for getter in _READINGS[kind]:
            value = getattr(j, getter)()
            row += list(value) if getter in _PAIRS else [value]
        f1, t1 = j.getFeedback()[:2]
        rows.append([float(x) for x in (*row, *f1, *t1)])
    return labels, rows
