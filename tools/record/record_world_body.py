"""Record libode 0.16.2's free-body behaviour into tests/data/world_body.json (oracle data for tests).

Scenarios: an asymmetric spinning body (non-diagonal inertia) with gyroscopic mode on/off, infinitesimal and
finite rotation (with and without a finite rotation axis), gravity on/off, forces and torques applied every
step through every dBodyAdd* function; plus the body utility functions, setRotation/setQuaternion storage,
dWorldImpulseToForce and the finite axis normalisation. Run: ``python tools/record/record_world_body.py``.
"""

from __future__ import annotations

import ctypes as C
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle.libode import dMass, dMatrix3, dQuaternion, dVector3, fn, vec  # noqa: E402

P = C.c_void_p
D = C.c_double
PD = C.POINTER(D)

MASS = (2.5, 0.9, 0.4, 0.7, 0.05, -0.03, 0.02)   # mass, I11, I22, I33, I12, I13, I23
GRAVITY = (0.5, -9.81, 1.0)
START = {"pos": (0.1, 0.2, 0.3), "q": (0.9, 0.2, -0.3, 0.1), "lvel": (1.0, 2.0, -0.5),
         "avel": (3.0, -7.0, 11.0)}
FORCES = [  # (function, force, point) applied before every step in the "forces" scenarios
    ("dBodyAddForceAtRelPos", (1.0, 2.0, 3.0), (0.1, -0.2, 0.3)),
    ("dBodyAddRelForceAtPos", (-0.5, 0.25, 1.5), (0.4, 0.1, -0.2)),
    ("dBodyAddRelForceAtRelPos", (0.3, -1.0, 0.2), (-0.3, 0.2, 0.1)),
    ("dBodyAddForceAtPos", (0.7, 0.1, -0.4), (1.0, 0.5, 0.0)),
    ("dBodyAddRelTorque", (0.2, -0.1, 0.3), None),
    ("dBodyAddRelForce", (0.1, 0.2, -0.3), None),
    ("dBodyAddTorque", (-0.2, 0.05, 0.1), None),
    ("dBodyAddForce", (0.3, 0.0, -0.1), None),
]
SCENARIOS = [
    {"name": "gyro_infinitesimal", "gyro": 1, "finite": 0, "axis": (0, 0, 0), "gravity": 1, "forces": 0},
    {"name": "nogyro_infinitesimal", "gyro": 0, "finite": 0, "axis": (0, 0, 0), "gravity": 1, "forces": 0},
    {"name": "gyro_finite", "gyro": 1, "finite": 1, "axis": (0, 0, 0), "gravity": 1, "forces": 0},
    {"name": "nogyro_finite", "gyro": 0, "finite": 1, "axis": (0, 0, 0), "gravity": 0, "forces": 0},
    {"name": "gyro_finite_axis", "gyro": 1, "finite": 1, "axis": (0.0, 0.6, 0.8), "gravity": 1, "forces": 0},
    {"name": "nogyro_finite_axis", "gyro": 0, "finite": 1, "axis": (0.0, 3.0, 4.0), "gravity": 1,
     "forces": 0},
    {"name": "forces_nogravity", "gyro": 1, "finite": 0, "axis": (0, 0, 0), "gravity": 0, "forces": 1},
    {"name": "forces_nogyro", "gyro": 0, "finite": 0, "axis": (0, 0, 0), "gravity": 1, "forces": 1},
]
STEPS = 100
STEPSIZE = 0.01
RECORD_AT = (1, 10, 100)


def _state(b) -> dict:
    """The body's state as lists."""
    names = ("Position", "Quaternion", "Rotation", "LinearVel", "AngularVel")
    g = {n: fn(f"dBodyGet{n}", PD, P) for n in names}
    R = vec(g["Rotation"](b), 12)
    return {"pos": vec(g["Position"](b)), "q": vec(g["Quaternion"](b), 4),
            "R": [R[i] for i in (0, 1, 2, 4, 5, 6, 8, 9, 10)],
            "lvel": vec(g["LinearVel"](b)), "avel": vec(g["AngularVel"](b))}


def _make_body(w, sc: dict):
    """A body with the recorded start state and the scenario's modes."""
    b = fn("dBodyCreate", P, P)(w)
    m = dMass()
    fn("dMassSetParameters", None, C.POINTER(dMass), D, D, D, D, D, D, D, D, D, D)(
        C.byref(m), MASS[0], 0.0, 0.0, 0.0, *MASS[1:])
    fn("dBodySetMass", None, P, C.POINTER(dMass))(b, C.byref(m))
    fn("dBodySetPosition", None, P, D, D, D)(b, *START["pos"])
    fn("dBodySetQuaternion", None, P, PD)(b, dQuaternion(*START["q"]))
    fn("dBodySetLinearVel", None, P, D, D, D)(b, *START["lvel"])
    fn("dBodySetAngularVel", None, P, D, D, D)(b, *START["avel"])
    fn("dBodySetGyroscopicMode", None, P, C.c_int)(b, sc["gyro"])
    fn("dBodySetFiniteRotationMode", None, P, C.c_int)(b, sc["finite"])
    fn("dBodySetFiniteRotationAxis", None, P, D, D, D)(b, *sc["axis"])
    fn("dBodySetGravityMode", None, P, C.c_int)(b, sc["gravity"])
    return b


def _apply_forces(b) -> None:
    for name, f, p in FORCES:
        if p is None:
            fn(name, None, P, D, D, D)(b, *f)
        else:
            fn(name, None, P, D, D, D, D, D, D)(b, *f, *p)


def record_scenario(sc: dict) -> dict:
    """Step one body STEPS times and keep its state at RECORD_AT."""
    w = fn("dWorldCreate", P)()
    fn("dWorldSetGravity", None, P, D, D, D)(w, *GRAVITY)
    b = _make_body(w, sc)
    out = {"start": _state(b), "states": {}}
    for k in range(1, STEPS + 1):
        if sc["forces"]:
            _apply_forces(b)
            if k == 1:
                out["accumulated"] = {"force": vec(fn("dBodyGetForce", PD, P)(b)),
                                      "torque": vec(fn("dBodyGetTorque", PD, P)(b))}
        fn("dWorldStep", C.c_int, P, D)(w, STEPSIZE)
        if k in RECORD_AT:
            out["states"][str(k)] = _state(b)
    fn("dWorldDestroy", None, P)(w)
    return out


def record_utilities() -> dict:
    """Body utility functions, rotation storage, impulse to force and the finite axis."""
    w = fn("dWorldCreate", P)()
    b = _make_body(w, SCENARIOS[0])
    res = dVector3()
    point = (0.3, -0.7, 1.1)
    out = {"point": point}
    for name in ("GetRelPointPos", "GetRelPointVel", "GetPointVel", "GetPosRelPoint", "VectorToWorld",
                 "VectorFromWorld"):
        fn(f"dBody{name}", None, P, D, D, D, dVector3)(b, *point, res)
        out[name] = list(res)[:3]
    rotations = []
    for R in ([0.36, 0.48, -0.8, -0.8, 0.6, 0.0, 0.48, 0.64, 0.6],
              [-1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0],
              [1.1, 0.2, 0.0, 0.0, 0.9, 0.1, 0.05, 0.0, 1.2]):
        fn("dBodySetRotation", None, P, PD)(b, dMatrix3(*R[0:3], 0, *R[3:6], 0, *R[6:9], 0))
        st = _state(b)
        rotations.append({"in": R, "q": st["q"], "R": st["R"]})
    out["setRotation"] = rotations
    quats = []
    for q in ([2.0, 0.1, 0.3, -0.5], [0.0, 0.0, 0.0, 1.0], [-0.3, 0.4, 0.5, 0.6]):
        fn("dBodySetQuaternion", None, P, PD)(b, dQuaternion(*q))
        st = _state(b)
        quats.append({"in": q, "q": st["q"], "R": st["R"]})
    out["setQuaternion"] = quats
    axes = []
    for a in ([0.0, 3.0, 4.0], [1e-3, -2e-3, 5e-4], [0.0, 0.0, 0.0], [7.0, 0.0, 0.0]):
        fn("dBodySetFiniteRotationAxis", None, P, D, D, D)(b, *a)
        fn("dBodyGetFiniteRotationAxis", None, P, dVector3)(b, res)
        axes.append({"in": a, "out": list(res)[:3]})
    out["finiteAxis"] = axes
    fn("dWorldImpulseToForce", None, P, D, D, D, D, dVector3)(w, 0.03, 1.0, -2.0, 3.0, res)
    out["impulseToForce"] = {"stepsize": 0.03, "impulse": [1.0, -2.0, 3.0], "force": list(res)[:3]}
    fn("dWorldDestroy", None, P)(w)
    return out


def main() -> None:
    data = {
        "source": "libode 0.16.2 (Debian libode-dev, double precision) via tools/record/record_world_body.py",
        "mass": MASS, "gravity": GRAVITY, "start": START, "stepsize": STEPSIZE, "steps": STEPS,
        "forces": FORCES,
        "scenarios": [dict(sc, **record_scenario(sc)) for sc in SCENARIOS],
        "utilities": record_utilities(),
    }
    out = ROOT / "tests" / "data" / "world_body.json"
    out.write_text(json.dumps(data, indent=1, default=list) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
