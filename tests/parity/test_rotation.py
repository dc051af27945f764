"""Rotation kernel: core vs twin parity, fidelity to libode 0.16.2 (recorded), and input validation."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from kernels import core_kernel

import ode._fallback.rotation as twin
from ode import _backend
from ode import rotation as rot

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "math.json").read_text())["rotation"]
SINGLE = _backend.precision == "single"
# fidelity vs libode (double): relative to max(1, |reference|); single precision stores float32
FIDELITY_TOL = 1e-5 if SINGLE else 1e-12
# single-precision core vs double twin, relative to max(1, largest |value| of the output)
SINGLE_TOL = 2e-5


def _flat(x) -> list:
    """Nested tuples of floats flattened to a list (None stays None)."""
    if x is None:
        return None
    out = []
    for v in x:
        out.extend(_flat(v) if isinstance(v, (tuple, list)) else [v])
    return out


def _unit_quats(rng: np.random.RandomState, n: int) -> list:
    """n random unit quaternions as lists of Python floats."""
    q = rng.uniform(-1, 1, size=(n, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    return q.tolist()


def _cases(rng: np.random.RandomState) -> list:
    """(function name, args) pairs exercising every def of the kernel with random and edge inputs."""
    cases = [("RSetIdentity", ()), ("QSetIdentity", ())]
    qs = _unit_quats(rng, 40) + [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    for i, q in enumerate(qs):
        ax, ay, az = rng.uniform(-2, 2, 3).tolist()
        angle = float(rng.uniform(-7, 7))
        cases += [("RFromAxisAndAngle", (ax, ay, az, angle)), ("QFromAxisAndAngle", (ax, ay, az, angle))]
        cases += [("RFromEulerAngles", tuple(rng.uniform(-4, 4, 3).tolist()))]
        cases += [("RFrom2Axes", tuple(rng.uniform(-2, 2, 6).tolist())), ("RFromZAxis", (ax, ay, az))]
        qc = qs[(7 * i + 3) % len(qs)]
        cases += [(f"QMultiply{k}", (q, qc)) for k in range(4)]
        R = twin.QtoR(q)
        cases += [("QtoR", (q,)), ("RtoQ", (R,)), ("RtoQ", (rng.uniform(-1, 1, 9).tolist(),))]
        cases += [("WtoDQ", (rng.uniform(-5, 5, 3).tolist(), q))]
        cases += [("Normalize3", ([ax, ay, az],)), ("Normalize4", (rng.uniform(-3, 3, 4).tolist(),))]
        cases += [("PlaneSpace", (list(twin.Normalize3([ax, ay, az])),))]
        cases += [("OrthonormalizeR", (rng.uniform(-1, 1, 9).tolist(),))]
    cases += [("RFromAxisAndAngle", (0.0, 0.0, 0.0, 1.0)), ("RFrom2Axes", (1.0, 2.0, 3.0, 2.0, 4.0, 6.0))]
    cases += [("RFromZAxis", (0.0, 0.0, 0.0)), ("Normalize3", ([0.0, 0.0, 0.0],))]
    cases += [("Normalize4", ([0.0] * 4,))]
    return cases


def _is_rotation(R) -> bool:
    """True if the 9 values form an orthonormal matrix."""
    M = np.reshape(R, (3, 3))
    return bool(np.allclose(M @ M.T, np.eye(3)))


def test_core_and_twin_define_the_same_functions():
    core = core_kernel("rotation", "double")
    defs = {n for n in dir(core) if n[:1].isupper() and callable(getattr(core, n))}
    assert defs == {n for n in dir(twin) if n[:1].isupper() and callable(getattr(twin, n))}
    assert len(defs) == 18


def test_double_core_matches_twin_bit_for_bit():
    core = core_kernel("rotation", "double")
    cases = _cases(np.random.RandomState(1234))
    for name, args in cases:
        expected = getattr(twin, name)(*args)
        got = getattr(core, name)(*args)
        assert got == expected, (name, args)
    assert len(cases) > 700


def test_single_core_is_close_to_twin():
    core = core_kernel("rotation", "single")
    worst = 0.0
    for name, args in _cases(np.random.RandomState(99)):
        if name == "RtoQ" and not _is_rotation(args[0]):
            continue  # not a rotation: RtoQ's branch choice is ill-conditioned, float and double may differ
        expected = _flat(getattr(twin, name)(*args))
        got = _flat(getattr(core, name)(*args))
        if expected is None:
            # parallel axes: rounding to float can leave a tiny non-zero projection that the kernel accepts
            assert got is None or name == "RFrom2Axes", name
            continue
        scale = max(1.0, max(abs(x) for x in expected))
        err = max(abs(a - b) for a, b in zip(got, expected)) / scale
        worst = max(worst, err)
        assert err <= SINGLE_TOL * (100 if name == "OrthonormalizeR" else 1), (name, args, err)
    assert worst > 0.0  # the single build really computes in float


def _float32_normal(args) -> bool:
    """True if every input value is zero or a normal single-precision number."""
    return all(x == 0.0 or 1.2e-38 < abs(x) < 3.4e38 for x in _flat(args))


def _close(got, ref, tol: float) -> bool:
    """Every value within tol relative to max(1, |reference|)."""
    return all(abs(a - b) <= tol * max(1.0, abs(b)) for a, b in zip(got, ref)) and len(got) == len(ref)


@pytest.mark.parametrize("name", sorted(DATA))
def test_public_api_matches_libode(name):
    records = DATA[name]
    assert records
    fn = getattr(rot, name)
    for rec in records:
        args, ref = rec["args"], rec["out"]
        if SINGLE and not _float32_normal(args):
            continue  # e.g. 1e-300 or 1e300: not representable in single precision
        if ref is None:
            if SINGLE and all(_flat(args)):
                continue  # parallel axes: rounding to float can leave a tiny projection that is accepted
            with pytest.raises(ValueError):
                fn(*args)
            continue
        got = _flat(fn(*args))
        assert _close(got, _flat(ref), FIDELITY_TOL), (name, args, got, ref)


def test_rtoq_records_hit_every_branch():
    branches = set()
    for rec in DATA["RtoQ"]:
        R = rec["args"][0]
        tr = R[0] + R[4] + R[8]
        branches.add("trace" if tr >= 0 else int(np.argmax([R[0], R[4], R[8]])))
    assert branches == {"trace", 0, 1, 2}


def test_round_trips_and_identities():
    q = rot.QFromAxisAndAngle(1.0, 2.0, 3.0, 0.9)
    assert _close(rot.RtoQ(rot.QtoR(q)), q, 1e-6)
    assert _close(rot.QtoR(q), rot.RFromAxisAndAngle(1.0, 2.0, 3.0, 0.9), 1e-6)
    qi = rot.QMultiply1(q, q)  # inverse(q) * q is the identity
    assert _close(qi, (1.0, 0.0, 0.0, 0.0), 1e-6)
    assert rot.RSetIdentity() == (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    assert rot.QSetIdentity() == (1.0, 0.0, 0.0, 0.0)
    nested = ((1.0, 0.0, 0.0), (0.0, 0.0, -1.0), (0.0, 1.0, 0.0))
    assert _close(rot.RtoQ(nested), rot.RtoQ(np.array(nested)), 0.0)
    assert _close(rot.RtoQ(nested), (math.sqrt(0.5), math.sqrt(0.5), 0.0, 0.0), 1e-6)


def test_orthonormalize_r_gives_a_rotation_keeping_row_0():
    rng = np.random.RandomState(5)
    for _ in range(20):
        M = rng.uniform(-1, 1, 9)
        R = np.array(rot.OrthonormalizeR(M.tolist())).reshape(3, 3)
        assert np.allclose(R @ R.T, np.eye(3), atol=1e-5)
        assert np.linalg.det(R) == pytest.approx(1.0, abs=1e-5)
        assert np.allclose(R[0], M[:3] / np.linalg.norm(M[:3]), atol=1e-6)


def test_plane_space_and_normalize3_edge_cases():
    for n in ((0.0, 0.0, 2.0), (3.0, 0.0, 0.0), (0.0, 0.0, 0.5), (1e-30, 2e-30, 0.0)):
        p, q = rot.PlaneSpace(n)
        u = np.array(rot.Normalize3(n))
        basis = np.array([u, p, q])
        assert np.allclose(basis @ basis.T, np.eye(3), atol=1e-6), n
    tiny = rot.Normalize3((0.0, 1e-310, 0.0) if not SINGLE else (0.0, 1e-42, 0.0))
    assert tiny == (0.0, 1.0, 0.0)


@pytest.mark.parametrize(
    "call",
    [
        lambda: rot.RFromAxisAndAngle("1", 0, 0, 1),
        lambda: rot.RFromAxisAndAngle(None, 0, 0, 1),
        lambda: rot.QFromAxisAndAngle(1, 0, 0, True),
        lambda: rot.QtoR(1.0),
        lambda: rot.QtoR("abcd"),
        lambda: rot.QtoR([1, 0, 0, "x"]),
        lambda: rot.QMultiply0({1, 2, 3, 4}, (1, 0, 0, 0)),
        lambda: rot.RtoQ(None),
    ],
)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: rot.RFromAxisAndAngle(1, 0, 0, float("nan")),
        lambda: rot.RFromEulerAngles(float("inf"), 0, 0),
        lambda: rot.QtoR((1, 0, 0)),
        lambda: rot.QtoR((1, 0, 0, 0, 0)),
        lambda: rot.RtoQ((1, 0, 0, 0, 1, 0, 0, 0)),
        lambda: rot.RtoQ(np.eye(4)),
        lambda: rot.WtoDQ((0, 0, float("-inf")), (1, 0, 0, 0)),
        lambda: rot.RFrom2Axes(0, 0, 0, 0, 1, 0),
        lambda: rot.RFrom2Axes(1, 0, 0, 3, 0, 0),
        lambda: rot.RFromZAxis(0, 0, 0),
        lambda: rot.Normalize3((0, 0, 0)),
        lambda: rot.Normalize4((0, 0, 0, 0)),
        lambda: rot.PlaneSpace((0, 0, 0)),
        lambda: rot.OrthonormalizeR((1, 0, 0, 2, 0, 0, 0, 0, 1)),
    ],
)
def test_bad_values_raise_value_error(call):
    with pytest.raises(ValueError):
        call()
