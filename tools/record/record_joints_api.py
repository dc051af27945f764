"""Record libode 0.16.2's joint getters into tests/data/joints_api.json (golden data for the joint API tests).

Each scenario places two bodies, creates a joint of one type, attaches it (both bodies, body 1 only, or
(environment, body) which ODE stores reversed), applies setters, then moves the bodies and sets velocities
and records every getter. Also records parameter defaults after creation and set/get round trips.
Run: ``python tools/record/record_joints_api.py`` (needs Debian's libode-dev; the tests only read the JSON).
"""

from __future__ import annotations

import ctypes
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.oracle.libode import c_void_p, dReal, dVector3, fn  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "joints_api.json"
D = dReal
P = c_void_p
I = ctypes.c_int

TYPES = ("Ball", "Hinge", "Slider", "Universal", "Hinge2", "Fixed")
GETTERS = {
    "Ball": [("getAnchor", "dJointGetBallAnchor", 3), ("getAnchor2", "dJointGetBallAnchor2", 3)],
    "Hinge": [("getAnchor", "dJointGetHingeAnchor", 3), ("getAnchor2", "dJointGetHingeAnchor2", 3),
              ("getAxis", "dJointGetHingeAxis", 3), ("getAngle", "dJointGetHingeAngle", 0),
              ("getAngleRate", "dJointGetHingeAngleRate", 0)],
    "Slider": [("getAxis", "dJointGetSliderAxis", 3), ("getPosition", "dJointGetSliderPosition", 0),
               ("getPositionRate", "dJointGetSliderPositionRate", 0)],
    "Universal": [("getAnchor", "dJointGetUniversalAnchor", 3),
                  ("getAnchor2", "dJointGetUniversalAnchor2", 3),
                  ("getAxis1", "dJointGetUniversalAxis1", 3), ("getAxis2", "dJointGetUniversalAxis2", 3),
                  ("getAngle1", "dJointGetUniversalAngle1", 0), ("getAngle2", "dJointGetUniversalAngle2", 0),
                  ("getAngle1Rate", "dJointGetUniversalAngle1Rate", 0),
                  ("getAngle2Rate", "dJointGetUniversalAngle2Rate", 0)],
    "Hinge2": [("getAnchor", "dJointGetHinge2Anchor", 3), ("getAnchor2", "dJointGetHinge2Anchor2", 3),
               ("getAxis1", "dJointGetHinge2Axis1", 3), ("getAxis2", "dJointGetHinge2Axis2", 3),
               ("getAngle1", "dJointGetHinge2Angle1", 0), ("getAngle1Rate", "dJointGetHinge2Angle1Rate", 0),
               ("getAngle2Rate", "dJointGetHinge2Angle2Rate", 0)],
    "Fixed": [],
}
SETTERS = {
    "Ball": {"setAnchor": "dJointSetBallAnchor"},
    "Hinge": {"setAnchor": "dJointSetHingeAnchor", "setAxis": "dJointSetHingeAxis"},
    "Slider": {"setAxis": "dJointSetSliderAxis"},
    "Universal": {"setAnchor": "dJointSetUniversalAnchor", "setAxis1": "dJointSetUniversalAxis1",
                  "setAxis2": "dJointSetUniversalAxis2"},
    "Hinge2": {"setAnchor": "dJointSetHinge2Anchor", "setAxis1": "dJointSetHinge2Axis1",
               "setAxis2": "dJointSetHinge2Axis2"},
    "Fixed": {"setFixed": "dJointSetFixed"},
}


def _unit_q(rng: random.Random) -> list:
    """A random unit quaternion (w, x, y, z)."""
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(v * v for v in q))
    return [v / n for v in q]


def _vec(rng: random.Random, s: float = 1.0) -> list:
    return [rng.uniform(-s, s) for _ in range(3)]


def _perp(rng: random.Random, a: list) -> list:
    """A random unit vector perpendicular to a."""
    v = _vec(rng)
    d = sum(x * y for x, y in zip(v, a)) / sum(x * x for x in a)
    v = [x - d * y for x, y in zip(v, a)]
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def _calls(rng: random.Random, kind: str) -> list:
    """Setter calls for a scenario of this joint type (world-frame arguments)."""
    anchor = _vec(rng, 2.0)
    a1 = _vec(rng)
    if kind == "Ball":
        return [["setAnchor", anchor]]
    if kind == "Hinge":
        calls = [["setAnchor", anchor], ["setAxis", a1]]
        return calls if rng.random() < 0.5 else calls[::-1]
    if kind == "Slider":
        return [["setAxis", a1]]
    if kind in ("Universal", "Hinge2"):
        a2 = _perp(rng, a1) if kind == "Universal" else _vec(rng)
        return [["setAnchor", anchor], ["setAxis1", a1], ["setAxis2", a2]]
    return [["setFixed", []]]


class Scene:
    """A libode world with two bodies."""

    def __init__(self):
        self.w = fn("dWorldCreate", P)()
        create = fn("dBodyCreate", P, P)
        self.bodies = [create(self.w), create(self.w)]

    def place(self, b: int, pos, q, lvel=(0, 0, 0), avel=(0, 0, 0)) -> None:
        body = self.bodies[b]
        fn("dBodySetPosition", None, P, D, D, D)(body, *pos)
        fn("dBodySetQuaternion", None, P, ctypes.POINTER(D))(body, (D * 4)(*q))
        fn("dBodySetLinearVel", None, P, D, D, D)(body, *lvel)
        fn("dBodySetAngularVel", None, P, D, D, D)(body, *avel)

    def destroy(self) -> None:
        fn("dWorldDestroy", None, P)(self.w)


def _get(kind: str, j, cname: str, n: int):
    if n == 0:
        return fn(cname, D, P)(j)
    out = dVector3()
    fn(cname, None, P, dVector3)(j, out)
    return [out[i] for i in range(n)]


def scenario(rng: random.Random, kind: str, attach: str, move: str) -> dict:
    """One recorded scenario: placement, attach mode, setter calls, motion, then every getter."""
    s = Scene()
    poses = [{"pos": _vec(rng, 2.0), "q": _unit_q(rng)} for _ in range(2)]
    for b in range(2):
        s.place(b, poses[b]["pos"], poses[b]["q"])
    j = fn("dJointCreate" + kind, P, P, P)(s.w, None)
    b1, b2 = s.bodies
    pair = {"both": (b1, b2), "one": (b1, None), "rev": (None, b1)}[attach]
    fn("dJointAttach", None, P, P, P)(j, *pair)
    calls = _calls(rng, kind)
    for name, args in calls:
        cname = SETTERS[kind][name]
        if args:
            fn(cname, None, P, D, D, D)(j, *args)
        else:
            fn(cname, None, P)(j)
    after = []
    for b in range(2):
        if move == "random":
            pose = {"pos": _vec(rng, 2.0), "q": _unit_q(rng)}
        else:
            pose = {"pos": poses[b]["pos"], "q": poses[b]["q"]}
        pose["lvel"] = _vec(rng)
        pose["avel"] = _vec(rng)
        s.place(b, pose["pos"], pose["q"], pose["lvel"], pose["avel"])
        after.append(pose)
    got = {name: _get(kind, j, cname, n) for name, cname, n in GETTERS[kind]}
    bodies = [fn("dJointGetBody", P, P, I)(j, i) for i in range(2)]
    got["getBody"] = [None if not b else list(s.bodies).index(b) for b in bodies]
    s.destroy()
    return {"type": kind, "attach": attach, "before": poses, "calls": calls, "after": after, "expect": got}


def hinge_rotation_scenarios(rng: random.Random) -> list:
    """Hinges turned exactly about their axis: the angle must equal the turn (checks the sign convention)."""
    out = []
    for attach in ("both", "one", "rev"):
        for turn in (0.3, -1.2, 2.9):
            s = Scene()
            q = _unit_q(rng)
            s.place(0, [0.1, 0.2, 0.3], q)
            s.place(1, [1.0, 0.0, 0.0], _unit_q(rng))
            j = fn("dJointCreateHinge", P, P, P)(s.w, None)
            b1, b2 = s.bodies
            pair = {"both": (b1, b2), "one": (b1, None), "rev": (None, b1)}[attach]
            fn("dJointAttach", None, P, P, P)(j, *pair)
            axis = [0.0, 0.0, 1.0]
            fn("dJointSetHingeAxis", None, P, D, D, D)(j, *axis)
            half = turn / 2
            qt = [math.cos(half), 0.0, 0.0, math.sin(half)]
            w1, x1, y1, z1 = qt
            w2, x2, y2, z2 = q
            qn = [w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                  w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2]
            s.place(0, [0.1, 0.2, 0.3], qn)
            out.append({"attach": attach, "turn": turn, "angle": fn("dJointGetHingeAngle", D, P)(j)})
            s.destroy()
    return out


def param_defaults() -> dict:
    """getParam of every joint type for groups 1-3 and numbers 0-14 right after creation (world ERP 0.3,
    CFM 1e-4), and after setting each to a probe value (which parameters a joint really stores)."""
    w = fn("dWorldCreate", P)()
    fn("dWorldSetERP", None, P, D)(w, 0.3)
    fn("dWorldSetCFM", None, P, D)(w, 1e-4)
    out = {}
    for kind in TYPES:
        j = fn("dJointCreate" + kind, P, P, P)(w, None)
        get = fn(f"dJointGet{kind}Param", D, P, I)
        put = fn(f"dJointSet{kind}Param", None, P, I, D)
        defaults = [[get(j, 256 * g + k) for k in range(15)] for g in range(3)]
        probes = {}
        for g in range(3):
            for k in range(15):
                p = 256 * g + k
                j2 = fn("dJointCreate" + kind, P, P, P)(w, None)
                put(j2, p, 0.625)
                probes[p] = get(j2, p)
        out[kind] = {"defaults": defaults, "set_0.625": probes}
    fn("dWorldDestroy", None, P)(w)
    return out


def main() -> None:
    rng = random.Random(20240611)
    scenarios = []
    for kind in TYPES:
        for attach in ("both", "one", "rev"):
            if kind == "Hinge2" and attach != "both":
                continue
            for move in ("none", "random", "random"):
                scenarios.append(scenario(rng, kind, attach, move))
    data = {
        "world": {"erp": 0.3, "cfm": 1e-4},
        "scenarios": scenarios,
        "hinge_turns": hinge_rotation_scenarios(rng),
        "params": param_defaults(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, allow_nan=True))
    print(f"wrote {OUT} ({len(scenarios)} scenarios)")


if __name__ == "__main__":
    main()
