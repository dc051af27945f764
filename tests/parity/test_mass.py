"""Mass kernel and ode.Mass: core/twin parity, libode fidelity (recorded), PyODE API, validation."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from kernels import core_kernel

import ode._fallback.mass as twin
from ode import _backend
from ode.mass import Mass
from ode.rotation import QtoR, RFromAxisAndAngle

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "math.json").read_text())["mass"]
SINGLE = _backend.precision == "single"
# fidelity vs libode (double): relative to max(1, |reference|) per value; single precision stores float32
FIDELITY_TOL = 1e-5 if SINGLE else 1e-12
# single-precision core vs double twin, relative to max(1, largest |value| of the record)
SINGLE_TOL = 1e-5


def _record(m: Mass) -> list:
    """The 13-value record [mass, c(3), I(9)] of a Mass, read through the public attributes."""
    return [m.mass, *m.c, *(x for row in m.I for x in row)]


def _cases(rng: np.random.RandomState) -> list:
    """(function name, args) pairs exercising every def of the kernel."""
    cases = [("MassSetZero", ())]
    for i in range(60):
        d, r, l = (float(v) for v in rng.uniform(0.01, 5, 3))
        k = 1 + i % 3
        cases += [("MassSetSphere", (d, r)), ("MassSetSphereTotal", (d, r))]
        cases += [(n, (d, k, r, l)) for n in ("MassSetCapsule", "MassSetCapsuleTotal")]
        cases += [(n, (d, k, r, l)) for n in ("MassSetCylinder", "MassSetCylinderTotal")]
        cases += [("MassSetBox", (d, r, l, k)), ("MassSetBoxTotal", (d, r, l, k))]
        params = rng.uniform(-2, 2, 10).tolist()
        cases += [("MassSetParameters", tuple(params))]
        m = twin.MassTranslate(twin.MassSetBox(d, r, l, k), *rng.uniform(-1, 1, 3).tolist())
        q = rng.uniform(-1, 1, 4)
        R = QtoR((q / np.linalg.norm(q)).tolist())
        cases += [("MassAdjust", (m, float(rng.uniform(0.1, 9)))), ("MassTranslate", (m, *params[:3]))]
        cases += [("MassRotate", (m, R)), ("MassAdd", (m, twin.MassSetSphere(d, r))), ("MassCheck", (m,))]
        cases += [("MassCheck", (twin.MassSetParameters(*params),))]
    return cases


def test_core_and_twin_define_the_same_functions():
    core = core_kernel("mass", "double")
    defs = {n for n in dir(core) if n.startswith("Mass") and callable(getattr(core, n))}
    assert defs == {n for n in dir(twin) if n.startswith("Mass") and callable(getattr(twin, n))}
    assert len(defs) == 15


def test_double_core_matches_twin_bit_for_bit():
    core = core_kernel("mass", "double")
    cases = _cases(np.random.RandomState(4321))
    for name, args in cases:
        assert getattr(core, name)(*args) == getattr(twin, name)(*args), (name, args)
    assert len(cases) > 900


def test_single_core_is_close_to_twin():
    core = core_kernel("mass", "single")
    worst = 0.0
    for name, args in _cases(np.random.RandomState(77)):
        expected = getattr(twin, name)(*args)
        got = getattr(core, name)(*args)
        if name == "MassCheck":
            continue  # a yes/no answer near the boundary may flip with rounding; exact cases are tested below
        scale = max(1.0, max(abs(x) for x in expected))
        err = max(abs(a - b) for a, b in zip(got, expected)) / scale
        worst = max(worst, err)
        assert err <= SINGLE_TOL, (name, args, err)
    assert worst > 0.0  # the single build really computes in float


# ------------------------------------------------ fidelity to libode through the public API


def _mass_from(record) -> Mass:
    """A Mass holding a recorded 13-value record."""
    return Mass._from_values(record[0], record[1:4], record[4:13])


def _assert_close(got, ref, what) -> None:
    """Every value within FIDELITY_TOL relative to max(1, |reference|)."""
    assert len(got) == len(ref)
    for a, b in zip(got, ref):
        assert abs(a - b) <= FIDELITY_TOL * max(1.0, abs(b)), (what, got, ref)


SHAPES = {
    "MassSetZero": "setZero", "MassSetParameters": "setParameters", "MassSetSphere": "setSphere",
    "MassSetSphereTotal": "setSphereTotal", "MassSetCapsule": "setCapsule",
    "MassSetCapsuleTotal": "setCapsuleTotal", "MassSetCylinder": "setCylinder",
    "MassSetCylinderTotal": "setCylinderTotal", "MassSetBox": "setBox", "MassSetBoxTotal": "setBoxTotal",
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_setters_match_libode(name):
    assert DATA[name]
    for rec in DATA[name]:
        m = Mass()
        getattr(m, SHAPES[name])(*rec["args"])
        _assert_close(_record(m), rec["out"], (name, rec["args"]))


def test_capped_cylinder_is_pyode_name_for_capsule():
    for rec in DATA["MassSetCapsule"]:
        m = Mass()
        m.setCappedCylinder(*rec["args"])
        _assert_close(_record(m), rec["out"], rec["args"])
    for rec in DATA["MassSetCapsuleTotal"]:
        m = Mass()
        m.setCappedCylinderTotal(*rec["args"])
        _assert_close(_record(m), rec["out"], rec["args"])


def test_adjust_translate_rotate_add_match_libode():
    for rec in DATA["MassAdjust"]:
        m = _mass_from(rec["args"][0])
        m.adjust(rec["args"][1])
        _assert_close(_record(m), rec["out"], "adjust")
    for rec in DATA["MassTranslate"]:
        m = _mass_from(rec["args"][0])
        m.translate(rec["args"][1])
        _assert_close(_record(m), rec["out"], "translate")
    for rec in DATA["MassRotate"]:
        m = _mass_from(rec["args"][0])
        m.rotate(rec["args"][1])
        _assert_close(_record(m), rec["out"], "rotate")
    for rec in DATA["MassAdd"]:
        m = _mass_from(rec["args"][0])
        m.add(_mass_from(rec["args"][1]))
        _assert_close(_record(m), rec["out"], "add")


def test_check_matches_libode():
    kernel = _backend.kernel("mass")
    outcomes = set()
    for rec in DATA["MassCheck"]:
        record, expected = rec["args"][0], rec["out"]
        if SINGLE and any(0.0 < abs(x) < 1.2e-38 for x in record):
            continue  # e.g. an inertia of 1e-300 is zero in single precision
        outcomes.add(expected)
        assert kernel.MassCheck(record) is expected, record
        if record[0] >= 0.0:
            assert _mass_from(record).check() is expected, record
    assert outcomes == {True, False}


# ------------------------------------------------ PyODE's API


def test_new_mass_is_zero_and_prints_like_pyode():
    m = Mass()
    assert m.mass == 0.0 and m.c == (0.0, 0.0, 0.0) and m.I == ((0.0,) * 3,) * 3
    assert str(m) == "Mass=0.0\nCg=(0.0, 0.0, 0.0)\nI11=0.0 I22=0.0 I33=0.0\nI12=0.0 I13=0.0 I23=0.0"
    assert not m.check()
    m.setParameters(2.0, 0.5, 0.0, 0.0, 1.0, 2.0, 3.0, 0.25, 0.0, 0.0)
    assert str(m) == "Mass=2.0\nCg=(0.5, 0.0, 0.0)\nI11=1.0 I22=2.0 I33=3.0\nI12=0.25 I13=0.0 I23=0.0"
    assert "mass=2.0" in repr(m)


def test_attributes_and_values_accessor():
    m = Mass()
    m.setBox(2.0, 1.0, 2.0, 3.0)
    m.translate((1.0, 0.0, 0.0))
    mass, c, inertia = m._values()
    assert mass == m.mass == 12.0
    assert c == m.c == (1.0, 0.0, 0.0)
    assert inertia == tuple(x for row in m.I for x in row)
    assert isinstance(m.I, tuple) and all(isinstance(row, tuple) and len(row) == 3 for row in m.I)
    m.mass = 6.0  # PyODE: assigning the mass adjusts it
    assert m.mass == 6.0 and m.I[0][0] == pytest.approx(13.0 / 2.0)
    with pytest.raises(AttributeError):
        m.c = (0.0, 0.0, 0.0)
    with pytest.raises(AttributeError):
        m.I = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    with pytest.raises(AttributeError):
        m.foo = 1


def test_add_operator_adds_in_place_like_pyode():
    a, b = Mass(), Mass()
    a.setSphere(1.0, 1.0)
    b.setBoxTotal(2.0, 1.0, 1.0, 1.0)
    b.translate((3.0, 0.0, 0.0))
    total = a.mass + b.mass
    c = a + b
    assert c is a and a.mass == pytest.approx(total)
    assert a.c[0] == pytest.approx(3.0 * 2.0 / total, rel=1e-6)


def test_rotate_then_back_restores_inertia_and_accepts_3x3():
    m = Mass()
    m.setCapsule(1.5, 3, 0.4, 2.0)
    m.translate((0.1, -0.2, 0.3))
    before = _record(m)
    R = RFromAxisAndAngle(1.0, 1.0, 0.0, 0.7)
    m.rotate(R)
    assert m.check()
    Rt = np.array(R).reshape(3, 3).T
    m.rotate(Rt)  # a 3x3 array is accepted too
    for a, b in zip(_record(m), before):
        assert a == pytest.approx(b, abs=1e-5)


def test_total_variants_have_the_requested_mass():
    m = Mass()
    for setter, args in (("setSphereTotal", (3.0, 0.5)), ("setCapsuleTotal", (3.0, 2, 0.5, 1.0)),
                         ("setCylinderTotal", (3.0, 1, 0.5, 1.0)), ("setBoxTotal", (3.0, 1.0, 2.0, 3.0))):
        getattr(m, setter)(*args)
        assert m.mass == pytest.approx(3.0, rel=1e-6) and m.check(), setter


# ------------------------------------------------ validation


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.setSphere(-1.0, 1.0),
        lambda m: m.setSphere(1.0, 0.0),
        lambda m: m.setSphere(float("nan"), 1.0),
        lambda m: m.setSphereTotal(float("inf"), 1.0),
        lambda m: m.setBox(1.0, 1.0, -2.0, 1.0),
        lambda m: m.setBoxTotal(0.0, 1.0, 1.0, 1.0),
        lambda m: m.setCapsule(1.0, 4, 1.0, 1.0),
        lambda m: m.setCapsule(1.0, 0, 1.0, 1.0),
        lambda m: m.setCapsule(1.0, 1, 1.0, -0.1),
        lambda m: m.setCappedCylinder(1.0, 2, -1.0, 1.0),
        lambda m: m.setCylinder(1.0, 3, 1.0, 0.0),
        lambda m: m.setCylinderTotal(-3.0, 3, 1.0, 1.0),
        lambda m: m.setParameters(-1.0, 0, 0, 0, 1, 1, 1, 0, 0, 0),
        lambda m: m.setParameters(1.0, 0, 0, 0, 1, float("nan"), 1, 0, 0, 0),
        lambda m: m.adjust(0.0),
        lambda m: m.adjust(-2.0),
        lambda m: m.translate((0.0, float("inf"), 0.0)),
        lambda m: m.translate((0.0, 1.0)),
        lambda m: m.rotate((1.0, 0.0, 0.0)),
    ],
)
def test_bad_values_raise_value_error(call):
    m = Mass()
    m.setSphere(1.0, 1.0)
    before = _record(m)
    with pytest.raises(ValueError):
        call(m)
    assert _record(m) == before  # a refused call leaves the mass unchanged


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.setSphere("1", 1.0),
        lambda m: m.setSphere(None, 1.0),
        lambda m: m.setBox(1.0, 1.0, [1.0], 1.0),
        lambda m: m.setCapsule(1.0, 1.0, 1.0, 1.0),
        lambda m: m.setCapsule(1.0, True, 1.0, 1.0),
        lambda m: m.setCylinder(1.0, "z", 1.0, 1.0),
        lambda m: m.translate(1.0),
        lambda m: m.translate("abc"),
        lambda m: m.rotate(None),
        lambda m: m.add(3.0),
        lambda m: m + 3.0,
        lambda m: m.adjust(complex(1.0, 1.0)),
    ],
)
def test_wrong_types_raise_type_error(call):
    m = Mass()
    m.setSphere(1.0, 1.0)
    with pytest.raises(TypeError):
        call(m)


def test_operations_on_a_zero_mass_are_refused():
    m = Mass()
    with pytest.raises(ValueError):
        m.adjust(1.0)
    with pytest.raises(ValueError):
        m.mass = 2.0
    with pytest.raises(ValueError):
        m.add(Mass())
    assert _record(m) == [0.0] * 13


def test_numpy_scalars_and_direction_integers_are_accepted():
    m = Mass()
    m.setCapsule(np.float64(2.0), np.int64(2), np.float32(0.5), 1)
    ref = Mass()
    ref.setCapsule(2.0, 2, 0.5, 1.0)
    assert _record(m) == _record(ref)
    assert m.I[1][1] < m.I[0][0] == m.I[2][2]  # direction 2: the axial moment is about y
    assert math.isclose(m.mass, 2.0 * (math.pi * 0.25 * 1.0 + 4.0 / 3.0 * math.pi * 0.125), rel_tol=1e-6)
