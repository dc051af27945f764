"""Auto-disable: the step at which each body falls asleep equals libode's, for step and quickStep.

The scene (``tests/support/scenes_quickstep.sleep_steps``) mixes a damped pendulum, a hinged pair whose bodies
sleep together (island semantics), sample averaging, an idle time, a free body (never sleeps in mid-air)
and a disabled body that its enabled neighbour wakes. Single precision (different velocities near the
thresholds) is allowed one step of difference per body.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scenes_quickstep
from backends import scene_in_backend
from kernels import core_kernel
from scenes_quickstep import sleep_steps

import ode
from ode import _backend

DOUBLE = _backend.precision == "double"
DATA = scenes_quickstep.recording()["scenes"]


@pytest.mark.parametrize("quick", [False, True])
def test_sleep_steps_match_libode(quick):
    """Same asleep step per body and the same enabled flags after every step; final states within 1e-9."""
    ours = sleep_steps(ode, quick)
    ref = DATA["sleep_quick" if quick else "sleep_step"]
    assert any(ref["asleep"]) and not all(ref["asleep"])
    if DOUBLE:
        assert ours["asleep"] == ref["asleep"]
        assert ours["enabled"] == ref["enabled"]
        assert np.max(np.abs(np.array(ours["final"]) - np.array(ref["final"]))) < 1e-9
    else:
        assert all(abs(a - b) <= 1 for a, b in zip(ours["asleep"], ref["asleep"]))


def _pendulum(steps=None, time=None, avg=None, flag=True):
    """A body hanging at rest from a ball joint at its centre (idle from the start)."""
    w = ode.World()
    w.setAutoDisableFlag(flag)
    if steps is not None:
        w.setAutoDisableSteps(steps)
    if time is not None:
        w.setAutoDisableTime(time)
    if avg is not None:
        w.setAutoDisableAverageSamplesCount(avg)
    b = ode.Body(w)
    j = ode.BallJoint(w)
    j.attach(b, ode.environment)
    j.setAnchor((0.0, 0.0, 0.0))
    return w, b


def _asleep_at(w, b, n=40):
    for k in range(1, n + 1):
        w.step(0.01)
        if not b.isEnabled():
            return k
    return None


def test_countdowns_as_libode_observed():
    """An idle body sleeps after `steps` steps (at least one), after `time` seconds, and later with averaging.

    Numbers observed in libode 0.16.2: the countdowns are taken from the world when the body is created or
    enabled; averaging n samples delays sleep by n - 1 steps.
    """
    for steps, expected in ((0, 1), (1, 1), (2, 2), (5, 5)):
        w = ode.World()
        w.setAutoDisableFlag(True)
        w.setAutoDisableSteps(steps)
        b = ode.Body(w)
        j = ode.BallJoint(w)
        j.attach(b, ode.environment)
        j.setAnchor((0.0, 0.0, 0.0))
        assert _asleep_at(w, b) == expected
    for time, expected in ((0.015, 2), (0.05, 5)):
        w = ode.World()
        w.setAutoDisableFlag(True)
        w.setAutoDisableSteps(0)
        w.setAutoDisableTime(time)
        b = ode.Body(w)
        j = ode.BallJoint(w)
        j.attach(b, ode.environment)
        j.setAnchor((0.0, 0.0, 0.0))
        assert _asleep_at(w, b) == expected
    for avg in (1, 2, 4):
        w = ode.World()
        w.setAutoDisableFlag(True)
        w.setAutoDisableSteps(2)
        w.setAutoDisableAverageSamplesCount(avg)
        b = ode.Body(w)
        j = ode.BallJoint(w)
        j.attach(b, ode.environment)
        j.setAnchor((0.0, 0.0, 0.0))
        assert _asleep_at(w, b) == avg + 1


def test_setter_waits_for_restart_and_enable_restarts():
    """Changing a body's steps does not shorten the running countdown; enable() restarts it."""
    w, b = _pendulum()
    b.setAutoDisableFlag(True)
    b.setAutoDisableSteps(3)
    assert _asleep_at(w, b) == 10
    w, b = _pendulum()
    b.setAutoDisableSteps(3)
    b.enable()
    assert _asleep_at(w, b) == 3


def test_sleeping_body_stops_and_keeps_forces():
    """Falling asleep zeroes the velocities; the accumulators are kept; a free body never sleeps."""
    w, b = _pendulum(steps=1)
    b.setLinearVel((0.001, 0.0, 0.0))
    w.step(0.01)
    assert not b.isEnabled()
    assert b.getLinearVel() == (0.0, 0.0, 0.0)
    b.addForce((1.0, 2.0, 3.0))
    w.step(0.01)
    assert b.getForce() == (1.0, 2.0, 3.0)
    free = ode.Body(w)
    free.setAutoDisableFlag(True)
    for _ in range(20):
        w.step(0.01)
    assert free.isEnabled()


def test_average_zero_never_sleeps_and_thresholds_are_strict():
    """0 averaged samples never sleeps; a speed equal to the threshold is not idle."""
    w, b = _pendulum(steps=1, avg=0)
    assert _asleep_at(w, b, 15) is None
    w = ode.World()
    w.setAutoDisableFlag(True)
    w.setAutoDisableSteps(1)
    b = ode.Body(w)
    b.setLinearDamping(0.5)
    b.setLinearDampingThreshold(0.0)
    b2 = ode.Body(w)
    b2.setPosition((5.0, 0.0, 0.0))
    j = ode.BallJoint(w)
    j.attach(b, b2)
    j.setAnchor((2.0, 0.0, 0.0))
    for x in (b, b2):
        x.setLinearVel((0.04, 0.0, 0.0))
        x.setLinearDamping(0.5)
        x.setAutoDisableSteps(1)
        x.enable()
    # speeds 0.04, 0.02, 0.01 (= threshold: busy), 0.005 (idle): asleep at the 4th step, as libode
    assert _asleep_at(w, b) == 4


def test_auto_disable_api_defaults_and_bad_input():
    """World defaults (manual), body copies, setAutoDisableDefaults, and rejected values."""
    w = ode.World()
    assert w.getAutoDisableFlag() is False
    assert w.getAutoDisableLinearThreshold() == pytest.approx(0.01)
    assert w.getAutoDisableAngularThreshold() == pytest.approx(0.01)
    assert w.getAutoDisableSteps() == 10
    assert w.getAutoDisableTime() == 0.0
    assert w.getAutoDisableAverageSamplesCount() == 1
    w.setAutoDisableFlag(1)
    w.setAutoDisableLinearThreshold(0.5)
    w.setAutoDisableAngularThreshold(math.inf)
    w.setAutoDisableSteps(4)
    w.setAutoDisableTime(0.25)
    w.setAutoDisableAverageSamplesCount(3)
    b = ode.Body(w)
    assert (b.getAutoDisableFlag(), b.getAutoDisableLinearThreshold(), b.getAutoDisableAngularThreshold(),
            b.getAutoDisableSteps(), b.getAutoDisableTime(), b.getAutoDisableAverageSamplesCount()) == (
        True, 0.5, math.inf, 4, 0.25, 3)
    b.setAutoDisableFlag(False)
    b.setAutoDisableSteps(9)
    b.setAutoDisableDefaults()
    assert b.getAutoDisableFlag() is True and b.getAutoDisableSteps() == 4
    for obj in (w, b):
        for name, bad, exc in (("setAutoDisableLinearThreshold", -0.1, ValueError),
                               ("setAutoDisableAngularThreshold", math.nan, ValueError),
                               ("setAutoDisableSteps", -1, ValueError),
                               ("setAutoDisableSteps", 1.5, TypeError),
                               ("setAutoDisableTime", -1.0, ValueError),
                               ("setAutoDisableTime", math.inf, ValueError),
                               ("setAutoDisableAverageSamplesCount", -2, ValueError),
                               ("setAutoDisableAverageSamplesCount", 10**6, ValueError),
                               ("setAutoDisableFlag", "yes", TypeError)):
            with pytest.raises(exc):
                getattr(obj, name)(bad)
    b.destroy()
    with pytest.raises(ode.ODEError):
        b.getAutoDisableSteps()


@pytest.mark.parametrize("quick", [False, True])
def test_sleep_scene_core_twin_parity(quick):
    """The sleep scene (sample averaging, countdowns, wake-ups) through the core and the Python twins.

    Bit-identical in double; in single (core in float, twin in double) the asleep steps differ by at most one.
    """
    core_kernel("step")  # skips where the core is not built
    core = scene_in_backend("core", "scenes_quickstep", "sleep_steps", quick=quick, steps=170)
    twin = scene_in_backend("python", "scenes_quickstep", "sleep_steps", quick=quick, steps=170)
    if DOUBLE:
        assert core == twin
    else:
        assert all(abs(a - b) <= 1 for a, b in zip(core["asleep"], twin["asleep"]))
