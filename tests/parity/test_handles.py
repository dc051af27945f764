"""The compiled handle base types against their twin: same values, same errors, for good and bad input.

Both implementations of ``handles`` are driven directly on rows of this process's precision, so the test runs
whatever ODE_BACKEND says; the compiled side needs the compiled module of this precision.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from kernels import kernel_pair

from ode import _layout as L
from ode import _precision
from ode.errors import ODEError

core, twin = kernel_pair("handles")

REAL = _precision.REAL
BIG = 1e39 if _precision.precision == "single" else math.inf   # beyond the precision's range


def _rows(module, real_width: int, int_width: int, n: int = 3):
    """A row store of the module's SlotsBase with n live rows filled with distinct values."""
    class Rows(module.SlotsBase):
        pass

    rows = Rows()
    rows.real = (np.arange(n * real_width, dtype=REAL).reshape(n, real_width) / 7.0).astype(REAL)
    rows.ints = np.zeros((n, int_width), dtype=np.int32)
    rows.generation = [5] * n
    rows.count = n
    return rows


def _body(module, slot: int = 1):
    class Body(module.BodyBase):
        pass

    rows = _rows(module, L.BR, L.BI)
    rows.ints[:, L.BI_ALIVE] = 1
    b = Body()
    b._rows, b._slot, b._gen = rows, slot, 5
    return b


def _outcome(f, *args):
    """(result, None) or (None, (exception type, message))."""
    try:
        return f(*args), None
    except Exception as exc:  # noqa: BLE001 - the comparison is the point
        return None, (type(exc), str(exc))


BAD_VECTORS = [
    (1.0, 2.0, 3.0), [1, 2, 3], (1, 2.5, -3), np.array([0.5, 1.5, 2.5]), (True, 0.0, 0.0), (1.0, 2.0),
    [1.0, 2.0, 3.0, 4.0], "abc", None, 3.0, (math.nan, 0.0, 0.0), (0.0, math.inf, 0.0), (BIG, 0.0, 0.0),
    (10**400, 0, 0), (np.float32(1.5), np.int64(2), 3), ("1", 0.0, 0.0),
]


@pytest.mark.parametrize("method", ["setPosition", "setLinearVel", "setAngularVel", "addForce", "addTorque",
                                    "setForce", "setTorque"])
@pytest.mark.parametrize("value", BAD_VECTORS, ids=repr)
def test_body_setters_agree(method, value):
    bc, bt = _body(core), _body(twin)
    rc, ec = _outcome(getattr(bc, method), value)
    rt, et = _outcome(getattr(bt, method), value)
    assert ec == et
    assert rc is None and rt is None
    np.testing.assert_array_equal(bc._rows.real, bt._rows.real)


@pytest.mark.parametrize("method", ["getPosition", "getRotation", "getQuaternion", "getLinearVel",
                                    "getAngularVel", "getForce", "getTorque"])
def test_body_getters_agree(method):
    bc, bt = _body(core), _body(twin)
    vc, vt = getattr(bc, method)(), getattr(bt, method)()
    assert type(vc) is tuple and vc == vt
    assert all(type(x) is float for x in vc)


def test_add_force_accumulates_and_rounds_like_a_store():
    bc, bt = _body(core), _body(twin)
    for b in (bc, bt):
        b.setForce((0.1, 0.2, 0.3))
        b.addForce((0.7, 1e-3, -5))
        b.addForce([1, 2, 3])
    assert bc.getForce() == bt.getForce()
    assert bc.getForce() == pytest.approx((1.8, 2.201, -1.7), rel=1e-6)


@pytest.mark.parametrize("case", ["freed", "reused", "negative", "beyond", "no rows"])
def test_destroyed_body_raises_the_same(case):
    for module in (core, twin):
        b = _body(module)
        if case == "freed":
            b._rows.ints[1, L.BI_ALIVE] = 0
        elif case == "reused":
            b._rows.generation[1] = 6
        elif case == "negative":
            b._slot = -1
        elif case == "beyond":
            b._slot = 7
        else:
            b._rows = None
        with pytest.raises(ODEError, match="this body has been destroyed"):
            b.getPosition()
        with pytest.raises(ODEError, match="this body has been destroyed"):
            b.setPosition((1.0, 2.0, 3.0))
        with pytest.raises(TypeError):                  # argument checks come first, as before
            b.setPosition("xyz")


def _joint(module, groups: int = 1, stored=None, feedback: bool = False):
    class Joint(module.JointBase):
        _groups = groups
        _stored = stored if stored is not None else {0: (0, 1, 2, 5, 6, 7, 8, 9, 10)}

    rows = _rows(module, L.JR, L.JI)
    rows.ints[:, L.JI_ALIVE] = 1
    rows.ints[:, L.JI_FEEDBACK] = int(feedback)
    j = Joint()
    j._set_param_table(groups, sum(1 << (16 * g + n) for g, ns in Joint._stored.items() for n in ns))
    j._rows, j._slot, j._gen = rows, 2, 5
    return j


PARAMS = [0, 1, 2, 5, 6, 7, 13, 0x100, -1, 14, True, 2.0, "0", np.int32(2), 10**30]
VALUES = [0.5, -2, 3, 1.5, math.inf, -math.inf, math.nan, BIG, "x", None, True, np.float64(0.25)]


@pytest.mark.parametrize("param", PARAMS, ids=repr)
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_set_param_agrees(param, value):
    jc, jt = _joint(core), _joint(twin)
    assert _outcome(jc.setParam, param, value) == _outcome(jt.setParam, param, value)
    np.testing.assert_array_equal(jc._rows.real, jt._rows.real)
    assert _outcome(jc.getParam, param) == _outcome(jt.getParam, param)


def test_set_param_rules():
    for module in (core, twin):
        j = _joint(module)
        j.setParam(2, 4.0)
        assert j.getParam(2) == 4.0
        j.setParam(5, -1.0)                 # a negative maximum force is ignored, as in libode
        j.setParam(6, 2.0)                  # a fudge factor outside [0, 1] is ignored
        j.setParam(3, 9.0)                  # a parameter this joint does not store reads as before
        assert (j.getParam(5), j.getParam(6), j.getParam(3)) == tuple(
            float(j._rows.real[2, L.J_PARAM + n]) for n in (5, 6, 3))
        j.setParam(1, BIG)                  # an overflowing value becomes the infinity it would store
        assert j.getParam(1) == math.inf


@pytest.mark.parametrize("feedback", [False, True])
def test_feedback_agrees(feedback):
    jc, jt = _joint(core, feedback=feedback), _joint(twin, feedback=feedback)
    assert jc.getFeedback() == jt.getFeedback()
    if feedback:
        assert len(jc.getFeedback()) == 4 and all(len(v) == 3 for v in jc.getFeedback())
    else:
        assert jc.getFeedback() is None


def test_destroyed_joint_raises_the_same():
    for module in (core, twin):
        j = _joint(module)
        j._rows.generation[2] = 9
        for name, args in (("getFeedback", ()), ("getParam", (0,)), ("_hinge_angle", ()),
                           ("setParam", (0, 1.0))):
            with pytest.raises(ODEError, match="this joint has been destroyed"):
                getattr(j, name)(*args)


def _mass(module):
    class Mass(module.MassBase):
        __slots__ = ()

    return Mass()


SIZES = [1.0, 2, 0.25, 0.0, -1.0, math.nan, math.inf, "1", None, True, np.float64(0.5), 10**400]


@pytest.mark.parametrize("method,arity", [("setSphere", 2), ("setSphereTotal", 2), ("setBox", 4),
                                          ("setBoxTotal", 4)])
@pytest.mark.parametrize("bad", SIZES, ids=repr)
@pytest.mark.parametrize("where", [0, 1])
def test_mass_setters_agree(method, arity, bad, where):
    args = [2.0] * arity
    args[where] = bad
    mc, mt = _mass(core), _mass(twin)
    rc, ec = _outcome(getattr(mc, method), *args)
    rt, et = _outcome(getattr(mt, method), *args)
    assert ec == et
    if ec is None:
        if _precision.precision == "double":
            assert mc._m == mt._m
        else:                               # the single core computes in float, the twin rounds doubles
            assert mc._m == pytest.approx(mt._m, rel=1e-6, abs=1e-12)
        assert len(mc._m) == 13 and mc._m[0] > 0.0


def test_row_storage_refuses_wrong_arrays():
    for module in (core, twin):
        rows = _rows(module, 4, 2)
        with pytest.raises(ValueError):
            rows.real = np.zeros((2, 4), dtype=REAL)[:, ::2]
        with pytest.raises(ValueError):
            rows.ints = np.zeros((2, 2), dtype=np.int64)


def test_the_api_classes_use_the_chosen_base():
    import ode
    from ode import _backend

    handles = _backend.kernel("handles")
    assert issubclass(ode.Body, handles.BodyBase)
    assert issubclass(ode.HingeJoint, handles.JointBase)
    assert issubclass(ode.Mass, handles.MassBase)
    w = ode.World()
    b = ode.Body(w)
    b.shape = "box"                         # user attributes still work (PyODE's tutorial3 sets body.shape)
    assert b.shape == "box"
