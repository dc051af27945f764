"""World state as NumPy arrays (ode.world_arrays): body order, getters, validated bulk setters, joint values.

Every bulk setter is held to a loop of the per-body setter in creation order, bit for bit: the two worlds'
whole body arrays are compared as bytes, in the current backend and precision (both backends run this file).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import ode
from ode import _backend
from ode import _layout as L
from ode.geoms import STORE
from ode.world_arrays import JOINT_COORDINATES

DOUBLE = _backend.precision == "double"
REAL_MAX = float(np.finfo(np.float64 if DOUBLE else np.float32).max)


def _world(seed: int = 1, n: int = 7, steps: int = 3, reuse: bool = True):
    """A world of n bodies with random masses, poses and velocities, stepped a few times under gravity;
    with ``reuse``, one body was destroyed and one created after it, so creation order is not slot order
    (the arrays index rows by a slot array; else by a slice)."""
    rng = np.random.default_rng(seed)
    w = ode.World()
    w.setGravity((0, 0, -9.81))
    bodies = [ode.Body(w) for _ in range(n)]
    if reuse:
        bodies[1].destroy()
        bodies.append(ode.Body(w))
    for b in w.getBodies():
        m = ode.Mass()
        m.setBox(float(rng.uniform(1, 5)), *rng.uniform(0.1, 1.0, 3).tolist())
        b.setMass(m)
        b.setPosition(rng.normal(size=3).tolist())
        b.setQuaternion(rng.normal(size=4).tolist())
        b.setLinearVel(rng.normal(size=3).tolist())
        b.setAngularVel(rng.normal(size=3).tolist())
    for _ in range(steps):
        w.step(0.01)
    return w


def _rows(w) -> bytes:
    """The world's body arrays (real and int rows in use) as bytes: equal means bit for bit equal."""
    b = w._state.bodies
    return b.real[:b.count].tobytes() + b.ints[:b.count].tobytes()


# ---------------------------------------------------------------- order and getters

def test_creation_order_survives_destroy_and_slot_reuse():
    w = ode.World()
    bodies = [ode.Body(w) for _ in range(5)]
    bodies[1].destroy()
    bodies[3].destroy()
    late = ode.Body(w)                      # reuses the lowest free slot (1) but comes last
    assert late._slot == 1
    assert w.getBodies() == [bodies[0], bodies[2], bodies[4], late]
    assert w.getNumBodies() == 4
    for i, b in enumerate(w.getBodies()):
        b.setPosition((i, 0, 0))
    assert w.getPositions()[:, 0].tolist() == [0.0, 1.0, 2.0, 3.0]
    bodies[0].destroy()
    assert w.getBodies() == [bodies[2], bodies[4], late]
    assert w.getPositions()[:, 0].tolist() == [1.0, 2.0, 3.0]


def test_order_follows_creation_and_destruction_between_calls():
    """The cached order is renewed by every creation and destruction, including in another world."""
    w, other = ode.World(), ode.World()
    a, b = ode.Body(w), ode.Body(w)
    assert w.getBodies() == [a, b] and w.getPositions().shape == (2, 3)
    c = ode.Body(w)
    assert w.getBodies() == [a, b, c]
    a.destroy()
    d = ode.Body(w)                              # same count as before: the destruction tells
    assert w.getBodies() == [b, c, d] and d._slot == 0
    w.setPositions([[1, 0, 0], [2, 0, 0], [3, 0, 0]])
    assert [x.getPosition()[0] for x in (b, c, d)] == [1.0, 2.0, 3.0]
    ode.Body(other).destroy()
    listed = w.getBodies()
    listed.clear()                               # a new list each time: the caller's to change
    assert w.getBodies() == [b, c, d]


def test_empty_world():
    w = ode.World()
    assert w.getBodies() == [] and w.getPositions().shape == (0, 3) and w.getRotations().shape == (0, 3, 3)
    assert w.getEnabled().shape == (0,)
    w.setPositions(np.zeros((0, 3)))
    w.setQuaternions(np.zeros((0, 4)))
    w.setEnabled([])


@pytest.mark.parametrize("reuse", [True, False])
def test_getters_equal_per_body_getters(reuse):
    w = _world(reuse=reuse)
    bodies = w.getBodies()
    w.getBodies()[2].addForce((1.5, -2, 3))
    w.getBodies()[4].addTorque((0.25, 7, -3))
    bodies[3].disable()
    getters = {"getPositions": "getPosition", "getQuaternions": "getQuaternion", "getLinearVels":
               "getLinearVel", "getAngularVels": "getAngularVel", "getForces": "getForce",
               "getTorques": "getTorque"}
    for bulk, single in getters.items():
        a = getattr(w, bulk)()
        assert a.dtype == np.float64 and a.shape == (len(bodies), len(getattr(bodies[0], single)()))
        assert a.tolist() == [list(getattr(b, single)()) for b in bodies], bulk
    R = w.getRotations()
    assert R.shape == (len(bodies), 3, 3)
    assert R.reshape(-1, 9).tolist() == [list(b.getRotation()) for b in bodies]
    assert w.getEnabled().tolist() == [b.isEnabled() for b in bodies]


def test_getters_return_copies():
    w = _world()
    before = _rows(w)
    for a in (w.getPositions(), w.getQuaternions(), w.getRotations(), w.getForces(), w.getEnabled()):
        a[...] = 0
    assert _rows(w) == before


# ---------------------------------------------------------------- setters equal per-body loops

def _inputs(n: int, rng) -> dict:
    """Arrays of assorted dtypes and magnitudes for the vector setters."""
    return {
        "float64": rng.normal(size=(n, 3)) * 10.0 ** rng.integers(-30, 30, size=(n, 1)),
        "float32": rng.normal(size=(n, 3)).astype(np.float32),
        "int64": rng.integers(-10**12, 10**12, size=(n, 3)),
        "list": rng.normal(size=(n, 3)).tolist(),
    }


@pytest.mark.parametrize("bulk,single", [
    ("setPositions", "setPosition"), ("setLinearVels", "setLinearVel"), ("setAngularVels", "setAngularVel"),
    ("setForces", "setForce"), ("setTorques", "setTorque"), ("addForces", "addForce"),
    ("addTorques", "addTorque"),
])
@pytest.mark.parametrize("reuse", [True, False])
def test_vector_setters_equal_per_body_loop(bulk, single, reuse):
    rng = np.random.default_rng(5)
    for kind, value in _inputs(7, rng).items():
        a, b = _world(reuse=reuse), _world(reuse=reuse)
        a.getBodies()[0].addForce((1e-3, 2, 3))
        b.getBodies()[0].addForce((1e-3, 2, 3))
        getattr(a, bulk)(value)
        for body, row in zip(b.getBodies(), value):
            getattr(body, single)(row)
        assert _rows(a) == _rows(b), (bulk, kind)


def _quaternions(n: int, rng) -> np.ndarray:
    q = rng.normal(size=(n, 4)) * 10.0 ** rng.integers(-3, 3, size=(n, 1))
    q[0] = (1e-200, 0, 0, 0)        # squared length underflows: the identity (in single, already on load)
    q[1] = (1e200, 1e200, 0, -1e200) if DOUBLE else (1e30, 1e30, 0, -1e30)   # squared length overflows
    q[2] = (-0.0, 0.0, 3.0, 0.0)
    q[3] = (2.0, 0.0, 0.0, 0.0)
    return q


@pytest.mark.parametrize("reuse", [True, False])
def test_set_quaternions_equals_per_body_loop(reuse):
    rng = np.random.default_rng(9)
    for value in (_quaternions(7, rng), rng.integers(-5, 6, size=(7, 4)) + 10 * np.eye(7, 4, dtype=int),
                  rng.normal(size=(7, 4)).astype(np.float32)):
        a, b = _world(reuse=reuse), _world(reuse=reuse)
        a.setQuaternions(value)
        for body, row in zip(b.getBodies(), value):
            body.setQuaternion(row)
        assert _rows(a) == _rows(b)


def _rotations(n: int, rng) -> np.ndarray:
    M = rng.normal(size=(n, 3, 3))
    M[0] = np.eye(3)
    M[1] = [[0, 1, 0], [2, 0, 0], [0, 0, -1]]          # rows exactly perpendicular (row 1 renormalised)
    M[2] = [[-1, 0, 0], [0, -1, 0], [0, 0, 1]]         # negative trace branches
    M[3] = [[0.2, 0.98, 0], [-0.98, 0.2, 0], [0, 0, 1.0]]
    return M


def test_set_rotations_equals_per_body_loop():
    rng = np.random.default_rng(11)
    for value in (_rotations(7, rng), _rotations(7, rng).reshape(7, 9)):
        a, b = _world(), _world()
        a.setRotations(value)
        for body, row in zip(b.getBodies(), value):
            body.setRotation(np.ravel(row))
        assert _rows(a) == _rows(b)
        assert np.array_equal(a.getRotations().reshape(7, 9), b.getRotations().reshape(7, 9))


def test_set_enabled_equals_enable_disable_loop():
    """Including the auto-disable countdowns and sampling that enable() restarts (also for an enabled
    body) and disable() leaves alone."""
    def world(reuse):
        w = _world(steps=0, reuse=reuse)
        w.setAutoDisableFlag(True)
        for b in w.getBodies():
            b.setAutoDisableDefaults()
            b.setAutoDisableSteps(50)
            b.setAutoDisableTime(0.5)
            b.setAutoDisableAverageSamplesCount(3)
            b.setLinearVel((0, 0, 0))
            b.setAngularVel((0, 0, 0))
        w.setGravity((0, 0, 0))
        for _ in range(4):
            w.step(0.01)
        w.getBodies()[2].disable()
        return w

    flags = np.array([True, False, True, True, False, True, False])
    for value, reuse in ((flags, True), (flags.astype(np.int8) * 3, True), (flags, False)):
        a, b = world(reuse), world(reuse)
        assert _rows(a) == _rows(b)
        a.setEnabled(value)
        for body, on in zip(b.getBodies(), value):
            body.enable() if on else body.disable()
        assert _rows(a) == _rows(b)
        assert a.getEnabled().tolist() == flags.tolist()
        ints = a._state.bodies.ints
        slot = a.getBodies()[0]._slot
        assert ints[slot, L.BI_AD_STEPSLEFT] == 50 and ints[slot, L.BI_AD_SAMPLE] == 0


# ---------------------------------------------------------------- pair order (moved bookkeeping)

def _spheres(space_class):
    """A world whose bodies carry overlapping spheres (the second body two) in a space, collided once so
    every geom is clean; creation order differs from slot order."""
    w = ode.World()
    space = space_class()
    bodies = [ode.Body(w) for _ in range(5)]
    bodies[1].destroy()
    ode.Body(w)
    geoms = []
    for i, b in enumerate(w.getBodies()):
        for _ in range(2 if i == 1 else 1):
            g = ode.GeomSphere(space, 1.0)
            g.setBody(b)
            geoms.append(g)
        b.setPosition((0.1 * i, 0, 0))
    space.collide(None, lambda *a: None)
    return w, space, geoms


def _pairs(space, geoms) -> list:
    index = {id(g): i for i, g in enumerate(geoms)}
    out = []
    space.collide(None, lambda _, g1, g2: out.append((index[id(g1)], index[id(g2)])))
    return out


@pytest.mark.parametrize("space_class", [ode.SimpleSpace, ode.HashSpace, ode.SAPSpace])
@pytest.mark.parametrize("bulk,single,value", [
    ("setPositions", "setPosition", np.arange(15.0).reshape(5, 3) * 0.01),
    ("setQuaternions", "setQuaternion", np.tile([1.0, 0.1, 0.0, 0.0], (5, 1))),
    ("setRotations", "setRotation", np.tile(np.eye(3), (5, 1, 1))),
])
def test_pose_setters_leave_the_pair_order_of_the_loop(bulk, single, value, space_class):
    wa, sa, ga = _spheres(space_class)
    wb, sb, gb = _spheres(space_class)
    wc, sc, gc = _spheres(space_class)
    untouched = _pairs(sc, gc)
    for _ in range(2):                           # the second time without a collide in between too
        getattr(wa, bulk)(value)
        for body, row in zip(wb.getBodies(), value):
            getattr(body, single)(np.ravel(row))
    assert [int(STORE.stamp[g._slot] > 0) for g in ga] == [1] * len(ga)
    rank_a = np.argsort([STORE.stamp[g._slot] for g in ga]).tolist()
    rank_b = np.argsort([STORE.stamp[g._slot] for g in gb]).tolist()
    assert rank_a == rank_b
    pa, pb = _pairs(sa, ga), _pairs(sb, gb)
    assert pa == pb and len(pa) == 14          # 6 geoms, two on one body
    assert pa != untouched                       # the moves did change the order: the test can see it
    wa.step(0.01)
    wb.step(0.01)
    assert _pairs(sa, ga) == _pairs(sb, gb)


# ---------------------------------------------------------------- bad input changes nothing

BAD = [
    (np.zeros((7, 2)), ValueError, r"positions must have shape \(7, 3\)"),
    (np.zeros((6, 3)), ValueError, "positions must have shape"),
    (np.zeros(21), ValueError, "positions must have shape"),
    (np.ones((7, 3), dtype=bool), TypeError, "positions must be an array of real numbers"),
    (np.ones((7, 3), dtype=complex), TypeError, "dtype complex128"),
    (np.full((7, 3), None, dtype=object), TypeError, "dtype object"),
    ("abc", TypeError, "positions must be an array of numbers"),
    ([[1, 2, 3]] * 6 + [[1, 2]], ValueError, "positions must be a rectangular array"),
    (np.where(np.eye(7, 3) > 0, np.nan, 1.0), ValueError, r"positions\[0, 0\] must be finite, not nan"),
    (np.where(np.eye(7, 3, 1) > 0, -np.inf, 1.0), ValueError, r"positions\[0, 1\] must be finite"),
]


@pytest.mark.parametrize("value,error,match", BAD)
def test_bad_positions_change_nothing(value, error, match):
    w = _world()
    before = _rows(w)
    with pytest.raises(error, match=match):
        w.setPositions(value)
    assert _rows(w) == before


def test_out_of_range_values_are_refused_without_partial_writes():
    w = _world()
    before = _rows(w)
    big = np.ones((7, 3), dtype=np.longdouble)
    big[6, 2] = np.longdouble(1e39) if not DOUBLE else np.longdouble("1e400")   # inf as a double (x86)
    with pytest.raises(ValueError, match=r"forces\[6, 2\]"):
        w.setForces(big)
    assert _rows(w) == before
    if not DOUBLE:                               # finite in double, beyond float32's range
        with pytest.raises(ValueError, match="overflows single precision"):
            w.setLinearVels(np.full((7, 3), 1e39))
    fine = np.full((7, 3), REAL_MAX)             # the largest finite value is fine
    w.setForces(fine)
    assert w.getForces().max() == REAL_MAX


def test_bad_orientations_change_nothing():
    w = _world()
    before = _rows(w)
    q = np.ones((7, 4))
    q[5] = (0.0, -0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match=r"quaternions\[5\] must not be the zero quaternion"):
        w.setQuaternions(q)
    M = np.tile(np.eye(3), (7, 1, 1))
    M[4, 1] = M[4, 0] * 2.0
    with pytest.raises(ValueError, match=r"R\[4\] must be a rotation matrix"):
        w.setRotations(M)
    with pytest.raises(ValueError, match=r"rotations must have shape \(7, 3, 3\)"):
        w.setRotations(np.zeros((7, 3, 4)))
    with pytest.raises(ValueError, match="rotations must be a rectangular array"):
        w.setRotations([np.eye(3)] * 6 + [np.eye(2)])
    with pytest.raises(TypeError, match="enabled must be an array of bools or ints"):
        w.setEnabled(np.ones(7))
    with pytest.raises(ValueError, match=r"enabled must have shape \(7,\)"):
        w.setEnabled(np.ones(6, dtype=bool))
    assert _rows(w) == before


def test_input_array_is_not_kept():
    w = _world()
    value = np.ones((7, 3))
    w.setPositions(value)
    value[:] = 5.0
    assert (w.getPositions() == 1.0).all()


# ---------------------------------------------------------------- joints

def _joints():
    """Joints of every family with coordinates between moving bodies, stepped a little."""
    w = ode.World()
    w.setGravity((0, 0, -9.81))
    out = []
    for cls in (ode.HingeJoint, ode.SliderJoint, ode.UniversalJoint, ode.Hinge2Joint, ode.PRJoint,
                ode.PUJoint, ode.PistonJoint):
        b1, b2 = ode.Body(w), ode.Body(w)
        b1.setPosition((0, 0, 1))
        b2.setPosition((0.3, 0.2, 1.1))
        b2.setLinearVel((0.5, -0.2, 0.3))
        b2.setAngularVel((0.3, 1.0, -0.7))
        j = cls(w)
        j.attach(b1, b2)
        if hasattr(j, "setAnchor"):
            j.setAnchor((0.1, 0.1, 1.0))
        for name, axis in (("setAxis", (0, 0, 1)), ("setAxis1", (0, 0, 1)), ("setAxis2", (0, 1, 0))):
            if hasattr(j, name):
                getattr(j, name)(axis)
        out.append(j)
    for _ in range(5):
        w.step(0.01)
    return w, out


def _per_joint(j) -> tuple:
    spec = JOINT_COORDINATES[int(j._rows.ints[j._live_slot(), L.JI_TYPE])]
    return [getattr(j, v)() for v, _ in spec], [getattr(j, r)() for _, r in spec]


def test_joint_values_equal_per_joint_calls():
    w, joints = _joints()
    values, rates = w.getJointValues(joints)
    assert values.shape == rates.shape == (7, 3) and values.dtype == np.float64
    for i, j in enumerate(joints):
        v, r = _per_joint(j)
        assert values[i, :len(v)].tolist() == v and rates[i, :len(r)].tolist() == r
        assert np.isnan(values[i, len(v):]).all() and np.isnan(rates[i, len(r):]).all()
    assert any(abs(x) > 1e-6 for x in values[:, 0].tolist())      # the joints did move
    hinge, _ = w.getJointValues(joints[:1])
    assert hinge.shape == (1, 1) and hinge[0, 0] == joints[0].getAngle()
    assert [a.shape for a in w.getJointValues([])] == [(0, 0), (0, 0)]


def test_joint_values_bad_input():
    w, joints = _joints()
    ball = ode.BallJoint(w)
    with pytest.raises(TypeError, match=r"joints\[1\] \(BallJoint\) has no angle or position"):
        w.getJointValues([joints[0], ball])
    with pytest.raises(TypeError, match=r"joints\[0\] must be an ode joint, not Body"):
        w.getJointValues([w.getBodies()[0]])
    with pytest.raises(TypeError, match="joints must be a sequence"):
        w.getJointValues(5)
    other = ode.World()
    with pytest.raises(ValueError, match=r"joints\[0\] belongs to another world"):
        other.getJointValues(joints[:1])
    gone = ode.HingeJoint(w)
    gone.destroy()
    with pytest.raises(ode.ODEError):
        w.getJointValues([gone])


def test_quaternion_underflow_becomes_identity():
    w = ode.World()
    b = ode.Body(w)
    w.setQuaternions([[1e-30, 0, 0, 0]] if not DOUBLE else [[1e-200, 0, 0, 0]])
    assert w.getQuaternions().tolist() == [[1.0, 0.0, 0.0, 0.0]]
    assert b.getRotation() == (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    assert math.isclose(np.linalg.norm(w.getQuaternions()), 1.0)
