"""A step that raises leaves the world exactly as it was (bodies, joints, auto-disable state, the dRand seed),
and the step path's refusals (non-finite state, hinge-2 with parallel axes, bad CFM and step sizes) are the
same errors in both backends."""

from __future__ import annotations

import warnings

import atomic_step_scenes
import numpy as np
import pytest
from backends import scene_in_backend

import ode
from ode import _check, _precision, rand

STEPPERS = ("step", "quickStep")
HUGE = 0.75 * float(np.finfo(_precision.REAL).max)   # twice this overflows the force accumulator


def _bodies(world, n, x):
    """n unit spheres in a column at x (auto-disable on, averaging three samples)."""
    out = []
    mass = ode.Mass()
    mass.setSphere(1000.0, 0.1)
    for k in range(n):
        b = ode.Body(world)
        b.setMass(mass)
        b.setPosition((x, 1.0 + 0.3 * k, 0.0))
        b.setLinearVel((0.1 * k, 0.0, 0.05))
        b.setAngularVel((0.0, 0.2, 0.1 * k))
        b.setAutoDisableFlag(True)
        b.setAutoDisableAverageSamplesCount(3)
        out.append(b)
    return out


def build(world_cfm=None):
    """A world of several islands whose step writes every kind of state: a hinge chain with a limit and
    feedback, an euler angular motor, a hinge-2, a ball to the environment, contacts with and without
    feedback, and one free body (last)."""
    w = ode.World()
    w.setGravity((0.0, -9.81, 0.0))
    if world_cfm is not None:
        w.setCFM(world_cfm)
    a = _bodies(w, 3, 0.0)
    joints = []
    for k in range(2):
        h = ode.HingeJoint(w)
        h.attach(a[k], a[k + 1])
        h.setAnchor((0.0, 1.15 + 0.3 * k, 0.0))
        h.setAxis((0.0, 0.0, 1.0))
        h.setParam(ode.ParamLoStop, -0.01)
        h.setParam(ode.ParamHiStop, 0.01)
        h.setFeedback(True)
        joints.append(h)
    m = ode.AMotor(w)
    m.attach(a[0], a[2])
    m.setMode(ode.AMotorEuler)
    m.setAxis(0, 1, (1.0, 0.0, 0.0))
    m.setAxis(2, 2, (0.0, 0.0, 1.0))
    m.setFeedback(True)
    joints.append(m)
    c = _bodies(w, 2, 2.0)
    h2 = ode.Hinge2Joint(w)
    h2.attach(c[0], c[1])
    h2.setAnchor((2.0, 1.15, 0.0))
    h2.setAxis1((0.0, 1.0, 0.0))
    h2.setAxis2((1.0, 0.0, 0.0))
    h2.setFeedback(True)
    joints.append(h2)
    ball = ode.BallJoint(w)
    ball.attach(c[0], None)
    ball.setAnchor((2.0, 0.9, 0.0))
    ball.setFeedback(True)
    joints.append(ball)
    group = ode.JointGroup()
    for k, feedback in enumerate((True, False)):
        contact = ode.Contact()
        contact.setContactGeomParams((2.0, 1.0 - 0.1 * k, 0.0), (0.0, 1.0, 0.0), 0.01)
        contact.setMu(0.5)
        cj = ode.ContactJoint(w, group, contact)
        cj.attach(c[1], None)
        cj.setFeedback(feedback)
        joints.append(cj)
    joints.append(group)
    free = _bodies(w, 1, 4.0)[0]
    return w, a + c + [free], joints


def snapshot(world) -> dict:
    """Every row, the sample buffer and the dRand seed, as bytes (bit for bit, NaN included)."""
    st = world._state
    b, j = st.bodies, st.joints
    samples = world._sample_buffer()     # made (zero-filled) on first use: make it before comparing
    return {
        "breal": b.real[:b.count].tobytes(), "bint": b.ints[:b.count].tobytes(),
        "jreal": j.real[:j.count].tobytes(), "jint": j.ints[:j.count].tobytes(),
        "samples": None if samples is None else samples.tobytes(),
        "seed": rand.randGetSeed(),
    }


def _run(world, how, steps):
    for _ in range(steps):
        getattr(world, how)(0.01)


@pytest.mark.parametrize("how", STEPPERS)
def test_failed_step_leaves_every_row_and_the_seed(how):
    rand.randSetSeed(12345)
    w, bodies, _ = build()
    _run(w, how, 4)
    bad = bodies[-1]
    bad.addForce((HUGE, 0.0, 0.0))
    bad.addForce((HUGE, 0.0, 0.0))
    before = snapshot(w)
    with pytest.raises(ode.ODEError, match="non-finite state"):
        getattr(w, how)(0.01)
    assert snapshot(w) == before
    with pytest.raises(ode.ODEError, match="non-finite state"):   # still refused, still untouched
        getattr(w, how)(0.01)
    assert snapshot(w) == before
    bad.setForce((0.0, 0.0, 0.0))
    getattr(w, how)(0.01)
    after = snapshot(w)
    changed = {k for k in after if after[k] != before[k]}
    # the comparison above covered state a step really writes: rows, feedback, samples (and quickStep's seed)
    assert {"breal", "jreal", "samples"} <= changed
    assert ("seed" in changed) == (how == "quickStep")


@pytest.mark.parametrize("how", STEPPERS)
def test_a_step_overflowing_the_precision_is_refused_untouched(how):
    """A step whose result leaves the precision's range (a large force on a light body) raises ODEError
    and leaves the world as it was, in every backend: the twin computes in doubles and stores into the
    rows, where in single precision such a value becomes inf as the compiled step's float arithmetic makes
    it, and the check after the step refuses it."""
    w, bodies, _ = build()
    bad = bodies[-1]
    light = ode.Mass()
    light.setSphereTotal(1e-3, 0.1)
    bad.setMass(light)
    bad.addForce((HUGE, 0.0, 0.0))
    before = snapshot(w)
    with warnings.catch_warnings():
        warnings.simplefilter("error")              # the ODEError only: no numpy overflow warning on the way
        with pytest.raises(ode.ODEError, match="non-finite state"):
            getattr(w, how)(0.01)
    assert snapshot(w) == before


@pytest.mark.parametrize("how", STEPPERS)
def test_after_fixing_the_cause_the_world_steps_on_as_if_the_step_never_ran(how):
    rand.randSetSeed(99)
    w, bodies, _ = build()
    _run(w, how, 3)
    bodies[-1].addForce((HUGE, 0.0, 0.0))
    bodies[-1].addForce((HUGE, 0.0, 0.0))
    with pytest.raises(ode.ODEError):
        getattr(w, how)(0.01)
    bodies[-1].setForce((0.0, 0.0, 0.0))
    _run(w, how, 3)
    failed = snapshot(w)

    rand.randSetSeed(99)
    ref, ref_bodies, _ = build()
    _run(ref, how, 3)
    ref_bodies[-1].setForce((0.0, 0.0, 0.0))
    _run(ref, how, 3)
    assert failed == snapshot(ref)


def _kinematic_on_ball(cfm):
    """A moving kinematic body held by a ball joint to the environment: with CFM 0 its rows have a zero
    diagonal, and quickStep divides by it."""
    w = ode.World()
    w.setGravity((0.0, -9.81, 0.0))
    w.setCFM(cfm)
    mass = ode.Mass()
    mass.setSphere(1.0, 0.5)
    k = ode.Body(w)
    k.setMass(mass)
    k.setPosition((0.0, 2.0, 0.0))
    k.setKinematic()
    k.setLinearVel((1.0, 0.0, 0.0))
    j = ode.BallJoint(w)
    j.attach(k, None)
    j.setAnchor((0.0, 1.5, 0.0))
    j.setFeedback(True)
    return w, k, j


def test_kinematic_ball_with_zero_cfm_is_refused_and_recoverable():
    rand.randSetSeed(5)
    w, k, j = _kinematic_on_ball(0.0)
    before = snapshot(w)
    with pytest.raises(ode.ODEError, match="non-finite state"):
        w.quickStep(0.01)
    assert snapshot(w) == before
    assert k.getPosition() == (0.0, 2.0, 0.0)
    j.setParam(ode.ParamCFM, 1e-5)      # a joint takes the world's CFM when it is made, as in libode
    w.quickStep(0.01)
    assert np.isfinite(k.getPosition()).all()
    assert k.getPosition()[0] > 0.0


def _parallel_hinge2():
    w, bodies, joints = build()
    h2 = joints[3]
    h2.setAxis2((0.0, 1.0, 0.0))        # parallel to axis 1: accepted when set
    return w, h2


@pytest.mark.parametrize("how", STEPPERS)
def test_hinge2_with_parallel_axes_is_refused_at_the_step(how):
    rand.randSetSeed(3)
    w, h2 = _parallel_hinge2()
    before = snapshot(w)
    with pytest.raises(ode.ODEError, match="Hinge2Joint.*parallel"):
        getattr(w, how)(0.01)
    assert snapshot(w) == before
    h2.setAxis2((1.0, 0.0, 0.0))
    getattr(w, how)(0.01)
    assert snapshot(w) != before


def test_hinge2_axes_may_be_set_in_either_order_through_a_parallel_pose():
    for first, second in (("setAxis1", "setAxis2"), ("setAxis2", "setAxis1")):
        w, bodies, joints = build()
        h2 = joints[3]
        getattr(h2, first)((0.0, 0.0, 1.0))
        getattr(h2, second)((0.0, 0.0, 1.0))     # transiently parallel: no error
        getattr(h2, second)((1.0, 0.0, 0.0) if second == "setAxis2" else (0.0, 1.0, 0.0))
        w.step(0.01)
        assert np.isfinite(bodies[3].getPosition()).all()


def test_kernel_wrappers_refuse_parallel_hinge2_and_leave_the_arrays():
    w, _ = _parallel_hinge2()
    st = w._state
    b, j = st.bodies, st.joints
    kernel = ode._backend.kernel("step")
    before = snapshot(w)
    with pytest.raises(ode.ODEError, match="hinge-2 joint in row 3 has parallel axes"):
        kernel.world_step(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, 0.01,
                          w._sample_buffer(), st.workspace)
    assert snapshot(w) == before


@pytest.mark.parametrize("cfm", [-1.0, -1e-30, float("nan"), float("inf"), float("-inf")])
def test_world_cfm_must_be_finite_and_not_negative(cfm):
    w = ode.World()
    with pytest.raises(ValueError, match="cfm"):
        w.setCFM(cfm)
    w.setCFM(0.0)
    assert w.getCFM() == 0.0


@pytest.mark.parametrize("how", STEPPERS)
@pytest.mark.parametrize("h", [10**400, 5e-324, 1e-320, -(10**400), float("inf")])
def test_step_size_edges_raise_value_error_naming_stepsize(how, h):
    w, bodies, _ = build()
    before = snapshot(w)
    with pytest.raises(ValueError, match="stepsize"):
        getattr(w, how)(h)
    assert snapshot(w) == before


def test_smallest_step_size_has_a_finite_reciprocal():
    real = _precision.REAL
    assert np.isfinite(real(1.0) / real(_check.MIN_STEP))
    assert _check.step_size(_check.MIN_STEP) == _check.MIN_STEP


def test_step_size_edges_agree_between_backends():
    here = atomic_step_scenes.step_size_errors(ode)
    other = "python" if ode._backend.backend == "core" else "core"
    assert scene_in_backend(other, "atomic_step_scenes", "step_size_errors") == here


def test_a_moved_callback_error_propagates_after_the_step_is_taken():
    w = ode.World()
    b = ode.Body(w)
    b.setLinearVel((1.0, 0.0, 0.0))

    def boom(body):
        raise RuntimeError("user code")

    b.setMovedCallback(boom)
    with pytest.raises(RuntimeError, match="user code"):
        w.step(0.5)
    assert b.getPosition() == (0.5, 0.0, 0.0)     # the step stands: the callback ran after it
