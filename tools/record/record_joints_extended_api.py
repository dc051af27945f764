"""Record libode 0.16.2's getters of the extended joints into tests/data/joints_extended_api.json.

Each scenario places two bodies at random poses, creates one joint type, attaches it (``both`` bodies, body 1
``one`` only, or ``rev`` = (environment, body), which ODE stores reversed), replays setter calls with
world-frame arguments, records every getter and the joint's block of ``World.exportDIF``; then moves the
bodies to new random poses and velocities and records the getters again (the angular motor in euler mode
measures its angles in the step, and a transmission its radii, phases and contact points, so their scenarios
take one step of 0.01 s without gravity). The setter calls are stored in the JSON, so
tests/api/test_joints_extended_api.py replays them on ``ode`` without libode. Run: ``python
tools/record/record_joints_extended_api.py`` (needs Debian's libode-dev).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "joints_extended_api.json"
SEED = 20260322
PER_MODE = 3  # scenarios per (type, attachment)

PR_GET = ["getAnchor", "getAxis1", "getAxis2", "getPosition", "getPositionRate", "getAngle", "getAngleRate"]
PU_GET = ["getAnchor", "getAxis1", "getAxis2", "getAxis3", "getAxisP", "getAngle1", "getAngle2", "getAngles",
          "getAngle1Rate", "getAngle2Rate", "getPosition", "getPositionRate"]
PISTON_GET = ["getAnchor", "getAnchor2", "getAxis", "getPosition", "getPositionRate", "getAngle",
              "getAngleRate"]
AMOTOR_GET = (["getMode", "getNumAxes"] + [[f, i] for f in ("getAxis", "getAxisRel") for i in range(3)]
              + [[f, i] for f in ("getAngle", "getAngleRate") for i in range(3)])
LMOTOR_GET = ["getNumAxes"] + [["getAxis", i] for i in range(3)]
DBALL_GET = ["getAnchor1", "getAnchor2", "getDistance"]
TR_SET = ["getMode", "getAxis1", "getAxis2", "getAnchor1", "getAnchor2", "getBacklash"]
TR_GET = TR_SET + ["getRatio", "getRadius1", "getRadius2", "getAngle1", "getAngle2", "getContactPoint1",
                   "getContactPoint2"]
TYPES = {
    "PRJoint": PR_GET, "PUJoint": PU_GET, "PistonJoint": PISTON_GET, "AMotor": AMOTOR_GET,
    "AMotorEuler": AMOTOR_GET, "LMotor": LMOTOR_GET, "DBallJoint": DBALL_GET,
    "DHingeJoint": DBALL_GET + ["getAxis"], "NullJoint": [],
    "TransmissionParallel": TR_GET, "TransmissionIntersecting": TR_GET,
}
# (chain drives are left out: libode's chain contact points off the plane of the centre line are not
# reproduced yet, see TransmissionJoint's docstring)
# libode leaves the phases, contact points and (but in chain mode) radii unset until the first step
SET_ONLY = {"TransmissionParallel": TR_SET, "TransmissionIntersecting": TR_SET, "TransmissionChain": TR_SET}
KIND_CLASS = {"AMotorEuler": "AMotor", "TransmissionParallel": "TransmissionJoint",
              "TransmissionIntersecting": "TransmissionJoint", "TransmissionChain": "TransmissionJoint"}
STEPPED = ("AMotorEuler", "TransmissionParallel", "TransmissionIntersecting", "TransmissionChain")


def _unit(rng: random.Random) -> list:
    v = [rng.gauss(0.0, 1.0) for _ in range(3)]
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def _perp(rng: random.Random, a: list) -> list:
    """A random unit vector perpendicular to a."""
    v = _unit(rng)
    d = sum(x * y for x, y in zip(v, a))
    v = [x - d * y for x, y in zip(v, a)]
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def _point(rng: random.Random) -> list:
    return [rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(0.5, 1.5)]


def _quat(rng: random.Random) -> list:
    q = [rng.gauss(0.0, 1.0) for _ in range(4)]
    n = math.sqrt(sum(x * x for x in q))
    return [x / n for x in q]


def _rels(rng: random.Random, mode: str) -> list:
    """Relative modes valid for the attachment (rel 2 needs a second body; reversed joints have body 2)."""
    choices = {"both": (0, 1, 2), "one": (0, 1), "rev": (0, 2)}[mode]
    return [rng.choice(choices) for _ in range(3)]


def _calls(rng: random.Random, kind: str, mode: str) -> list:
    """Setter calls [name, args...] of a scenario of this joint type."""
    if kind == "PRJoint":
        a = _unit(rng)
        return [["setAnchor", _point(rng)], ["setAxis1", a], ["setAxis2", _perp(rng, a)]]
    if kind == "PUJoint":
        a = _unit(rng)
        calls = [["setAnchor", _point(rng)], ["setAxis1", a], ["setAxis2", _perp(rng, a)],
                 ["setAxis3", _unit(rng)]]
        if rng.random() < 0.5:
            calls.append(["setAnchorDelta", _point(rng), [0.1 * x for x in _unit(rng)]])
        return calls
    if kind == "PistonJoint":
        return [["setAnchor", _point(rng)], ["setAxis", _unit(rng)]]
    if kind == "AMotor":
        num = rng.randint(1, 3)
        rels = _rels(rng, mode)
        calls = [["setMode", 0], ["setNumAxes", num]]
        calls += [["setAxis", i, rels[i], _unit(rng)] for i in range(num)]
        calls += [["setAngle", i, rng.uniform(-1.0, 1.0)] for i in range(num)]
        return calls
    if kind == "AMotorEuler":
        a = _unit(rng)
        return [["setMode", 1], ["setAxis", 0, 1, a], ["setAxis", 2, 2, _perp(rng, a)]]
    if kind == "LMotor":
        num = rng.randint(1, 3)
        rels = _rels(rng, mode)
        return [["setNumAxes", num]] + [["setAxis", i, rels[i], _unit(rng)] for i in range(num)]
    if kind.startswith("Transmission"):
        return _transmission_calls(rng, kind)
    if kind in ("DBallJoint", "DHingeJoint"):
        calls = [["setAnchor1", _point(rng)], ["setAnchor2", _point(rng)]]
        if kind == "DHingeJoint":
            calls.insert(0, ["setAxis", _unit(rng)])
        return calls
    return []


def _transmission_calls(rng: random.Random, kind: str) -> list:
    """A transmission between two wheels: parallel axes with a ratio, meeting (bevel) axes, or a chain."""
    a = _unit(rng)
    p1 = _point(rng)
    if kind == "TransmissionIntersecting":
        # perpendicular axes: libode's contact point for other angles is not reproduced yet
        b = _perp(rng, a)
        meet = [p1[i] + 0.2 * a[i] for i in range(3)]
        p2 = [meet[i] + 0.15 * b[i] for i in range(3)]
        return [["setMode", 1], ["setAxis1", a], ["setAxis2", b], ["setAnchor1", p1], ["setAnchor2", p2]]
    off = _perp(rng, a)
    p2 = [p1[i] + 0.4 * off[i] for i in range(3)]
    calls = [["setMode", 0 if kind == "TransmissionParallel" else 2], ["setAxis", a], ["setAnchor1", p1],
             ["setAnchor2", p2]]
    if kind == "TransmissionParallel":
        calls.append(["setRatio", rng.uniform(0.5, 3.0)])
    else:
        calls += [["setRadius1", 0.05], ["setRadius2", 0.1]]
    return calls


def _apply(joint, call: list) -> None:
    """Replay one setter call on a joint of any ode-like module."""
    name, *args = call
    getattr(joint, name)(*args)


def _getters(joint, names: list) -> dict:
    """Every getter's value, keyed by its name (and axis index)."""
    out = {}
    for spec in names:
        if isinstance(spec, list):
            name, i = spec
            out[f"{name}({i})"] = _plain(getattr(joint, name)(i))
        else:
            out[spec] = _plain(getattr(joint, spec)())
    return out


def _plain(v):
    if isinstance(v, (tuple, list)):
        return [float(x) for x in v]
    if isinstance(v, bool) or isinstance(v, int):
        return int(v)
    return float(v)


def build(m, scenario: dict):
    """The world, bodies and joint of a scenario, with its setters applied, in module m (ode or shim)."""
    w = m.World()
    w.setGravity((0.0, 0.0, 0.0))
    bodies = []
    for pose in scenario["bodies"]:
        b = m.Body(w)
        mass = m.Mass()
        mass.setBox(600.0, 0.2, 0.3, 0.4)
        b.setMass(mass)
        b.setPosition(pose[0])
        b.setQuaternion(pose[1])
        bodies.append(b)
    kind = scenario["type"]
    j = getattr(m, KIND_CLASS.get(kind, kind))(w)
    mode = scenario["attach"]
    if mode == "both":
        j.attach(bodies[0], bodies[1])
    elif mode == "one":
        j.attach(bodies[0], None)
    else:
        j.attach(None, bodies[0])
    for call in scenario["calls"]:
        _apply(j, call)
    return w, bodies, j


def move(w, bodies, scenario: dict) -> None:
    """Put the bodies at the scenario's second poses and velocities (and step once for euler motors)."""
    for b, (pos, q, lvel, avel) in zip(bodies, scenario["moved"]):
        b.setPosition(pos)
        b.setQuaternion(q)
        b.setLinearVel(lvel)
        b.setAngularVel(avel)
    if scenario["type"] in STEPPED:
        w.step(0.01)


def dif_joint_block(w) -> list:
    """The lines of the (single) joint block of World.exportDIF(prefix "X")."""
    fd, path = tempfile.mkstemp(suffix=".dif")
    os.close(fd)
    try:
        with open(path, "w") as f:
            w.exportDIF(f, "X")
        lines = Path(path).read_text().splitlines()
    finally:
        os.unlink(path)
    start = next(i for i, line in enumerate(lines) if line.startswith("Xjoint[0]"))
    return lines[start:]


def scenarios(rng: random.Random) -> list:
    """The scenario descriptions (no results)."""
    out = []
    for kind in TYPES:
        for mode in ("both", "one", "rev"):
            if kind in STEPPED and mode != "both":
                continue  # euler mode needs axis 0 on body 1 and axis 2 on body 2; wheels need two bodies
            for _ in range(PER_MODE):
                bodies = [[_point(rng), _quat(rng)] for _ in range(2)]
                moved = [[_point(rng), _quat(rng), _unit(rng), [2.0 * x for x in _unit(rng)]]
                         for _ in range(2)]
                if kind.startswith("Transmission"):  # wheels stay put, turning slowly
                    moved = [[pose[0], pose[1], [0.0, 0.0, 0.0], [0.3 * x for x in _unit(rng)]]
                             for pose in bodies]
                out.append({"type": kind, "attach": mode, "bodies": bodies, "moved": moved,
                            "calls": _calls(rng, kind, mode)})
    return out


def record(m, scenario: dict) -> dict:
    """Results of a scenario in module m: getters after the setters, the DIF block, getters after moving."""
    w, bodies, j = build(m, scenario)
    names = TYPES[scenario["type"]]
    res = {"get_set": _getters(j, SET_ONLY.get(scenario["type"], names)), "dif": dif_joint_block(w)}
    move(w, bodies, scenario)
    res["get_moved"] = _getters(j, names)
    return res


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from tools.oracle import libode_pyode_dynamics as lo

    rng = random.Random(SEED)
    data = []
    for sc in scenarios(rng):
        sc.update(record(lo, sc))
        data.append(sc)
    OUT.write_text(json.dumps({"seed": SEED, "scenarios": data}, indent=0))
    print(f"wrote {len(data)} scenarios to {OUT}")


if __name__ == "__main__":
    main()
