"""Record libode's rotation and mass functions into tests/data/math.json (golden data for the tests).

Run from the repository root: ``python tools/record/record_math.py``. Inputs come from fixed seeds plus
hand-picked degenerate cases (zero angle, axis along z, half turns, negative-trace matrices hitting every RtoQ
branch, tiny and huge vectors, failing dMassCheck cases). Each record is ``{"args": [...], "out": ...}`` where
matrices are 9 row-major values and mass records are 13 values [mass, c(3), I(9) row-major]; ``out`` is null
where libode reports a degenerate input and leaves its output untouched.
"""

from __future__ import annotations

import ctypes
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle.libode import dMass, dMatrix3, dQuaternion, dReal, dVector3, dVector4, fn  # noqa: E402

OUT = ROOT / "tests" / "data" / "math.json"
PI = math.pi
c_int = ctypes.c_int
P_MASS = ctypes.POINTER(dMass)


# ------------------------------------------------ conversions between Python tuples and libode's structures


def _r9(R) -> list:
    """The 3x3 part of a padded 3x4 dMatrix3 as 9 row-major values."""
    return [R[4 * i + j] for i in range(3) for j in range(3)]


def _m12(r) -> dMatrix3:
    """A padded dMatrix3 from 9 row-major values."""
    R = dMatrix3()
    for i in range(3):
        for j in range(3):
            R[4 * i + j] = r[3 * i + j]
    return R


def _v4(v) -> dVector4:
    """A 4-slot dReal array (dVector3, dVector4 and dQuaternion share this layout) from up to 4 values."""
    a = dVector4()
    for i, x in enumerate(v):
        a[i] = x
    return a


def _mass_values(m: dMass) -> list:
    """A dMass as the 13-value record [mass, c(3), I(9)]."""
    return [m.mass] + [m.c[i] for i in range(3)] + _r9(m.I)


def _mass_struct(v) -> dMass:
    """A dMass from a 13-value record."""
    m = dMass()
    m.mass = v[0]
    for i in range(3):
        m.c[i] = v[1 + i]
    for i in range(3):
        for j in range(3):
            m.I[4 * i + j] = v[4 + 3 * i + j]
    return m


# ------------------------------------------------ libode calls, one per recorded function


def _r_out(name: str, *args, types=()):
    """Call a libode function whose first argument is an output dMatrix3; returns the 9 values."""
    R = dMatrix3()
    fn(name, None, dMatrix3, *types)(R, *args)
    return _r9(R)


def _q_out(name: str, *args, types=()):
    """Call a libode function whose first argument is an output dQuaternion; returns the 4 values."""
    q = dQuaternion()
    fn(name, None, dQuaternion, *types)(q, *args)
    return list(q)


def lib_r_from_2_axes(*a):
    """dRFrom2Axes, or None where libode reports a zero-length vector (R left untouched)."""
    sentinel = 12345.0
    R = dMatrix3(*([sentinel] * 12))
    fn("dRFrom2Axes", None, dMatrix3, *[dReal] * 6)(R, *a)
    out = _r9(R)
    return None if out[0] == sentinel else out


def lib_plane_space(n):
    """dPlaneSpace(n) -> (p, q)."""
    p, q = dVector3(), dVector3()
    fn("dPlaneSpace", None, dVector3, dVector3, dVector3)(_v4(n), p, q)
    return [list(p)[:3], list(q)[:3]]


def lib_normalize(name: str, v, n: int):
    """dSafeNormalize3/4: the normalised values, or None if libode reports failure."""
    a = _v4(v)
    ok = fn(name, c_int, dVector4)(a)
    return list(a)[:n] if ok else None


def lib_mass(name: str, types, record, *args):
    """Call a dMass function (on a copy of record, or on a fresh dMass) and return the 13 values."""
    m = _mass_struct(record) if record is not None else dMass()
    fn(name, None, P_MASS, *types)(ctypes.byref(m), *args)
    return _mass_values(m)


def lib_mass_add(a, b):
    """dMassAdd(a, b) -> a."""
    ma, mb = _mass_struct(a), _mass_struct(b)
    fn("dMassAdd", None, P_MASS, P_MASS)(ctypes.byref(ma), ctypes.byref(mb))
    return _mass_values(ma)


def lib_mass_check(record) -> bool:
    """dMassCheck(record) as a bool."""
    m = _mass_struct(record)
    return bool(fn("dMassCheck", c_int, P_MASS)(ctypes.byref(m)))


# ------------------------------------------------ inputs


def _unit(v) -> list:
    """v scaled to unit length (plain double arithmetic; the inputs just need to be near unit)."""
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def _axes_angles(rng: random.Random) -> list:
    """Axis-angle inputs: random, zero angle/axis, axes along x/y/z, half and full turns, tiny axes."""
    cases = [
        (0.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, PI / 2), (0.0, 0.0, 1.0, PI),
        (1.0, 0.0, 0.0, PI), (0.0, 1.0, 0.0, PI), (0.0, 0.0, -1.0, -PI), (1.0, 1.0, 1.0, 2 * PI / 3),
        (1.0, 2.0, 3.0, 2 * PI), (1e-200, 0.0, 0.0, 0.5), (3.0, -4.0, 12.0, 1e-9), (0.0, 0.0, 5.0, 100.0),
    ]
    for _ in range(40):
        cases.append(tuple(rng.uniform(-2, 2) for _ in range(3)) + (rng.uniform(-7, 7),))
    return [list(c) for c in cases]


def _quats(rng: random.Random, count: int) -> list:
    """Unit quaternions: random ones plus identity, half turns (w = 0) and a non-unit one."""
    cases = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0],
             [-1.0, 0.0, 0.0, 0.0], _unit([0.0, 1.0, 1.0, 0.0]), [0.5, 0.5, 0.5, 0.5], [2.0, 0.1, -0.3, 0.4]]
    cases += [_unit([rng.uniform(-1, 1) for _ in range(4)]) for _ in range(count)]
    return cases


def _rotations(rng: random.Random) -> list:
    """Rotation matrices covering every RtoQ branch: trace >= 0, and largest diagonal x, y or z when < 0."""
    qs = _quats(rng, 30)
    rs = [_r_out("dRfromQ", _v4(q), types=(dQuaternion,)) for q in qs]
    # near half turns about random axes (trace close to -1) and the trace-zero boundary (120 degrees)
    for axis in ([1, 0.1, 0.2], [0.1, 1, -0.2], [0.2, -0.1, 1], [1, 1, 1], [1, -1, 0]):
        for angle in (PI, PI - 1e-3, 2 * PI / 3, -2.5):
            rs.append(_r_out("dRFromAxisAndAngle", *axis, angle, types=(dReal,) * 4))
    return rs


def _mass_records(rng: random.Random) -> list:
    """Varied valid mass records: shapes of random size, translated and rotated."""
    recs = []
    for i in range(16):
        d, a, b, c = (rng.uniform(0.1, 3) for _ in range(4))
        shape = i % 4
        if shape == 0:
            m = lib_mass("dMassSetBox", (dReal,) * 4, None, d, a, b, c)
        elif shape == 1:
            m = lib_mass("dMassSetSphere", (dReal, dReal), None, d, a)
        elif shape == 2:
            m = lib_mass("dMassSetCapsule", (dReal, c_int, dReal, dReal), None, d, 1 + i % 3, a, b)
        else:
            m = lib_mass("dMassSetCylinder", (dReal, c_int, dReal, dReal), None, d, 1 + i % 3, a, b)
        if i % 2:
            t = [rng.uniform(-1, 1) for _ in range(3)]
            m = lib_mass("dMassTranslate", (dReal,) * 3, m, *t)
        recs.append(m)
    return recs


# ------------------------------------------------ recording


def record_rotation(rng: random.Random) -> dict:
    """Every rotation function of the manual, plus dSafeNormalize3/4 and dPlaneSpace."""
    out: dict = {}
    out["RSetIdentity"] = [{"args": [], "out": _r_out("dRSetIdentity")}]
    out["QSetIdentity"] = [{"args": [], "out": _q_out("dQSetIdentity")}]
    aa = _axes_angles(rng)
    out["RFromAxisAndAngle"] = [
        {"args": a, "out": _r_out("dRFromAxisAndAngle", *a, types=(dReal,) * 4)} for a in aa
    ]
    out["QFromAxisAndAngle"] = [
        {"args": a, "out": _q_out("dQFromAxisAndAngle", *a, types=(dReal,) * 4)} for a in aa
    ]
    eul = [[0.0, 0.0, 0.0], [PI / 2, 0.0, 0.0], [0.0, PI / 2, 0.0], [0.0, 0.0, PI / 2], [0.3, PI / 2, -0.4]]
    eul += [[rng.uniform(-4, 4) for _ in range(3)] for _ in range(30)]
    out["RFromEulerAngles"] = [
        {"args": e, "out": _r_out("dRFromEulerAngles", *e, types=(dReal,) * 3)} for e in eul
    ]
    two = [[1, 0, 0, 0, 1, 0], [0, 0, 1, 1, 0, 0], [2, 0, 0, 1, 1, 0], [1, 1, 0, -1, 1, 0],
           [0, 0, 3, 0, 2, 2]]
    two += [[rng.uniform(-2, 2) for _ in range(6)] for _ in range(30)]
    two += [[0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0], [1, 2, 3, 2, 4, 6]]  # degenerate: libode refuses
    out["RFrom2Axes"] = [{"args": [float(x) for x in a], "out": lib_r_from_2_axes(*a)} for a in two]
    zs = [[0, 0, 1], [0, 0, -1], [1, 0, 0], [0, 1, 0], [0, -0.7071067811865476, 0.7071067811865475],
          [0, 0.7071067811865475, 0.7071067811865476], [1e-200, 0, 3e-200], [1e200, -2e200, 1e199], [0, 0, 7]]
    zs += [[rng.uniform(-2, 2) for _ in range(3)] for _ in range(30)]
    out["RFromZAxis"] = [
        {"args": [float(x) for x in z], "out": _r_out("dRFromZAxis", *z, types=(dReal,) * 3)} for z in zs
    ]
    qs = _quats(rng, 30)
    pairs = [(qs[i], qs[(7 * i + 3) % len(qs)]) for i in range(len(qs))]
    for k in range(4):
        out[f"QMultiply{k}"] = [
            {"args": [b, c], "out": _q_out(f"dQMultiply{k}", _v4(b), _v4(c), types=(dQuaternion,) * 2)}
            for b, c in pairs
        ]
    out["QtoR"] = [{"args": [q], "out": _r_out("dRfromQ", _v4(q), types=(dQuaternion,))} for q in qs]
    rs = _rotations(rng)
    out["RtoQ"] = [{"args": [r], "out": _q_out("dQfromR", _m12(r), types=(dMatrix3,))} for r in rs]
    out["WtoDQ"] = []
    for q in qs:
        w = [rng.uniform(-5, 5) for _ in range(3)]
        dq = dVector4()
        fn("dDQfromW", None, dVector4, dVector3, dQuaternion)(dq, _v4(w), _v4(q))
        out["WtoDQ"].append({"args": [w, q], "out": list(dq)})
    # (subnormal inputs are left out: libode's reciprocal overflows to inf and it returns NaN)
    v3 = [[3, 4, 0], [1, 1, 0], [-2, 2, 2], [0, 0, -5], [1e-300, 0, 0], [1e300, 1e300, -1e300]]
    v3 += [[rng.uniform(-3, 3) * 10 ** rng.randint(-3, 3) for _ in range(3)] for _ in range(30)]
    out["Normalize3"] = [{"args": [[float(x) for x in v]], "out": lib_normalize("dSafeNormalize3", v, 3)}
                         for v in v3]
    v4 = [[1, 1, 1, 1], [3, 4, 0, 0], [0, 0, 0, -2], [1e-100, 2e-100, 0, 0]]
    v4 += [[rng.uniform(-3, 3) for _ in range(4)] for _ in range(30)]
    out["Normalize4"] = [{"args": [[float(x) for x in v]], "out": lib_normalize("dSafeNormalize4", v, 4)}
                         for v in v4]
    ns = [[0, 0, 1], [0, 0, -1], [1, 0, 0], [0, 1, 0], [0, 0.7071067811865476, 0.7071067811865475]]
    ns += [_unit([rng.uniform(-1, 1) for _ in range(3)]) for _ in range(30)]
    out["PlaneSpace"] = [{"args": [[float(x) for x in n]], "out": lib_plane_space(n)} for n in ns]
    return out


def record_mass(rng: random.Random) -> dict:
    """Every mass function of the manual (shapes, adjust, translate, rotate, add, check)."""
    out: dict = {}
    out["MassSetZero"] = [{"args": [], "out": lib_mass("dMassSetZero", (), None)}]
    params = [[1, 0, 0, 0, 1, 1, 1, 0, 0, 0], [2.5, 0.1, -0.2, 0.3, 1.5, 2.5, 3.5, 0.1, -0.2, 0.3]]
    params += [[rng.uniform(0.1, 5)] + [rng.uniform(-2, 2) for _ in range(9)] for _ in range(15)]
    out["MassSetParameters"] = [
        {"args": p, "out": lib_mass("dMassSetParameters", (dReal,) * 10, None, *p)} for p in params
    ]
    sizes = [[1.0, 1.0], [2.0, 0.5], [1000.0, 0.01], [0.001, 50.0]]
    sizes += [[rng.uniform(0.01, 10), rng.uniform(0.01, 5)] for _ in range(12)]
    for name in ("Sphere", "SphereTotal"):
        out[f"MassSet{name}"] = [
            {"args": s, "out": lib_mass(f"dMassSet{name}", (dReal, dReal), None, *s)} for s in sizes
        ]
    rods = []
    for direction in (1, 2, 3):
        rods += [[1.0, direction, 0.5, 0.0], [2.0, direction, 0.5, 1.5], [7.5, direction, 0.01, 30.0]]
        rods += [[rng.uniform(0.01, 10), direction, rng.uniform(0.01, 5), rng.uniform(0.01, 5)]
                 for _ in range(5)]
    for name in ("Capsule", "CapsuleTotal", "Cylinder", "CylinderTotal"):
        cases = [r for r in rods if name.startswith("Capsule") or r[3] > 0.0]
        out[f"MassSet{name}"] = [
            {"args": r, "out": lib_mass(f"dMassSet{name}", (dReal, c_int, dReal, dReal), None, *r)}
            for r in cases
        ]
    boxes = [[1, 1, 1, 1], [2, 1, 2, 3], [0.5, 10, 0.1, 0.1]]
    boxes += [[rng.uniform(0.01, 10)] + [rng.uniform(0.01, 5) for _ in range(3)] for _ in range(12)]
    for name in ("Box", "BoxTotal"):
        out[f"MassSet{name}"] = [
            {"args": [float(x) for x in b], "out": lib_mass(f"dMassSet{name}", (dReal,) * 4, None, *b)}
            for b in boxes
        ]
    recs = _mass_records(rng)
    out["MassAdjust"] = [
        {"args": [m, x], "out": lib_mass("dMassAdjust", (dReal,), m, x)}
        for m, x in zip(recs, [rng.uniform(0.1, 10) for _ in recs])
    ]
    out["MassTranslate"] = []
    for m in recs:
        t = [rng.uniform(-2, 2) for _ in range(3)]
        out["MassTranslate"].append({"args": [m, t], "out": lib_mass("dMassTranslate", (dReal,) * 3, m, *t)})
    out["MassRotate"] = []
    for m in recs:
        q = _unit([rng.uniform(-1, 1) for _ in range(4)])
        R = _r_out("dRfromQ", _v4(q), types=(dQuaternion,))
        out["MassRotate"].append({"args": [m, R], "out": lib_mass("dMassRotate", (dMatrix3,), m, _m12(R))})
    out["MassAdd"] = [
        {"args": [a, b], "out": lib_mass_add(a, b)} for a, b in zip(recs, recs[3:] + recs[:3])
    ]
    checks = list(recs)
    checks += [lib_mass("dMassSetParameters", (dReal,) * 10, None, *p) for p in (
        [0, 0, 0, 0, 1, 1, 1, 0, 0, 0],          # zero mass
        [-1, 0, 0, 0, 1, 1, 1, 0, 0, 0],         # negative mass
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0],          # zero inertia
        [1, 0, 0, 0, 1, 1, -1, 0, 0, 0],         # indefinite inertia
        [1, 0, 0, 0, 1, 1, 1, 2, 0, 0],          # off-diagonal too large
        [1, 2, 0, 0, 1, 1, 1, 0, 0, 0],          # centre far from the origin: inertia about it is indefinite
        [1, 0.5, 0, 0, 1, 1, 1, 0, 0, 0],        # centre close enough
        [1, 0, 0, 0, 1, 1, 1e-300, 0, 0, 0],     # tiny but positive
    )]
    for _ in range(20):
        p = [rng.uniform(-0.2, 2)] + [rng.uniform(-1, 1) for _ in range(3)]
        p += [rng.uniform(-0.2, 2) for _ in range(3)] + [rng.uniform(-0.5, 0.5) for _ in range(3)]
        checks.append(lib_mass("dMassSetParameters", (dReal,) * 10, None, *p))
    out["MassCheck"] = [{"args": [m], "out": lib_mass_check(m)} for m in checks]
    return out


def main() -> None:
    """Record everything with fixed seeds and write tests/data/math.json."""
    data = {
        "source": "libode 0.16.2 (Debian libode-dev, double precision) via tools/oracle/libode.py",
        "layout": "R: 9 row-major values; q: (w, x, y, z); mass record: [mass, c(3), I(9) row-major]",
        "rotation": record_rotation(random.Random(20240601)),
        "mass": record_mass(random.Random(20240602)),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    n = sum(len(v) for part in ("rotation", "mass") for v in data[part].values())
    print(f"wrote {n} records to {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
