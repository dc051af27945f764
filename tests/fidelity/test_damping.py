"""Damping and the maximum angular speed: libode fidelity (1e-9 in double), order and API.

ODE damps after the moved callback (so callbacks see the undamped velocities) and limits the angular speed
before the body moves; the scene ``damping_moved`` records both through libode 0.16.2.
Single precision: tolerance 5e-3.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scenes_quickstep
from backends import scene_in_backend
from kernels import core_kernel
from scenes_quickstep import damping_moved

import ode
from ode import _backend

DOUBLE = _backend.precision == "double"
TOL = 1e-9 if DOUBLE else 5e-3
DATA = scenes_quickstep.recording()["scenes"]


@pytest.mark.parametrize("quick", [False, True])
def test_damping_scene_matches_libode(quick):
    """Trajectories and the velocities seen by the moved callback agree with libode within 1e-9."""
    ours = damping_moved(ode, quick)
    ref = DATA["damping_quick" if quick else "damping_step"]
    for key in ("states", "seen"):
        a, b = np.array(ours[key]), np.array(ref[key])
        assert a.shape == b.shape
        assert np.max(np.abs(a - b)) < TOL


def test_damping_acts_after_the_callback_and_above_the_threshold():
    """A free body: the callback sees v, the body keeps v (1 - scale); below the threshold nothing changes."""
    w = ode.World()
    b = ode.Body(w)
    b.setLinearDamping(0.25)
    b.setAngularDamping(0.5)
    b.setLinearVel((2.0, 0.0, 0.0))
    b.setAngularVel((0.0, 0.005, 0.0))
    seen = []
    b.setMovedCallback(lambda body: seen.append(body.getLinearVel()[0]))
    w.step(0.1)
    assert seen == [2.0]
    assert b.getLinearVel()[0] == pytest.approx(1.5, rel=1e-6)
    assert b.getAngularVel()[1] == pytest.approx(0.005, rel=1e-6)  # below the 0.01 threshold
    assert b.getPosition()[0] == pytest.approx(0.2, rel=1e-6)      # moved with the undamped velocity


def test_max_angular_speed_limits_before_moving():
    """The angular velocity is scaled to the limit before the orientation update."""
    w = ode.World()
    b = ode.Body(w)
    b.setGyroscopicMode(False)
    b.setMaxAngularSpeed(2.0)
    b.setAngularVel((0.0, 0.0, 10.0))
    w.step(0.01)
    assert b.getAngularVel()[2] == pytest.approx(2.0, rel=1e-6)
    angle = 2.0 * math.atan2(b.getQuaternion()[3], b.getQuaternion()[0])
    assert angle == pytest.approx(0.02, rel=1e-4)


def test_damping_api_defaults_and_bad_input():
    """World defaults (0 scales, 0.01 thresholds, no speed limit) copied to new bodies; setters validate."""
    w = ode.World()
    assert (w.getLinearDamping(), w.getAngularDamping()) == (0.0, 0.0)
    assert w.getLinearDampingThreshold() == pytest.approx(0.01)
    assert w.getAngularDampingThreshold() == pytest.approx(0.01)
    assert w.getMaxAngularSpeed() == math.inf
    w.setDamping(0.1, 0.2)
    w.setLinearDampingThreshold(0.5)
    w.setAngularDampingThreshold(0.25)
    w.setMaxAngularSpeed(30.0)
    b = ode.Body(w)
    got = (b.getLinearDamping(), b.getAngularDamping(), b.getLinearDampingThreshold(),
           b.getAngularDampingThreshold(), b.getMaxAngularSpeed())
    assert got == pytest.approx((0.1, 0.2, 0.5, 0.25, 30.0))
    w.setLinearDamping(0.3)
    assert b.getLinearDamping() == pytest.approx(0.1)  # copied from the world at creation, as libode
    b.setDamping(0.0, 0.0)
    b.setMaxAngularSpeed(math.inf)
    b.setDampingDefaults()
    got = (b.getLinearDamping(), b.getAngularDamping(), b.getMaxAngularSpeed())
    assert got == pytest.approx((0.3, 0.2, 30.0))
    for obj in (w, b):
        for name, bad, exc in (("setLinearDamping", math.nan, ValueError),
                               ("setAngularDamping", "x", TypeError),
                               ("setLinearDampingThreshold", -1.0, ValueError),
                               ("setAngularDampingThreshold", math.nan, ValueError),
                               ("setMaxAngularSpeed", -2.0, ValueError),
                               ("setMaxAngularSpeed", None, TypeError)):
            with pytest.raises(exc):
                getattr(obj, name)(bad)
        with pytest.raises(ValueError):
            obj.setDamping(0.1, math.inf)


@pytest.mark.parametrize("quick", [False, True])
def test_damping_scene_core_twin_parity(quick):
    """Damping and the speed limit through the core and the Python twins: bit-identical in double."""
    core_kernel("step")  # skips where the core is not built
    core = scene_in_backend("core", "scenes_quickstep", "damping_moved", quick=quick)
    twin = scene_in_backend("python", "scenes_quickstep", "damping_moved", quick=quick)
    if DOUBLE:
        assert core == twin
    else:
        assert np.allclose(np.array(core["states"]), np.array(twin["states"]), rtol=1e-3, atol=1e-3)
