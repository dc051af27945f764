"""The rest of the World and Body API: kinematic bodies, exportDIF, getWorld; libode fidelity.

Kinematic scenes (``tests/support/scenes_quickstep.kinematic_push``) agree with libode 0.16.2 within 1e-9 in
double (5e-3 in single, where the default CFM also differs). The DIF text of ``dif_scene`` equals libode's
character for character in double; in single the numbers are compared within 1e-6 relative (1e-4 absolute: the
default CFMs are 1e-5 there).
"""

from __future__ import annotations

import io
import math
import re

import numpy as np
import pytest
import scenes_quickstep
from scenes_quickstep import dif_scene, kinematic_push

import ode
from ode import _backend

DOUBLE = _backend.precision == "double"
DATA = scenes_quickstep.recording()["scenes"]
NUM = re.compile(r"-?(?:inf|nan|\d+(?:\.\d*)?(?:e[-+]\d+)?)")


@pytest.mark.parametrize("quick", [False, True])
def test_kinematic_body_drags_dynamic_body_like_libode(quick):
    """The kinematic body moves with its velocities, ignoring gravity and the joint; the other follows."""
    ours = kinematic_push(ode, quick)
    ref = DATA["kinematic_quick" if quick else "kinematic_step"]
    assert ours["kinematic"] == ref["kinematic"] == [1, 0]
    a, b = np.array(ours["states"]), np.array(ref["states"])
    assert np.max(np.abs(a - b)) < (1e-9 if DOUBLE else 5e-3)
    assert a[-1][0] == pytest.approx(0.5 * 0.4, rel=1e-5)  # x of the kinematic body after 40 steps
    assert a[-1][7:10].tolist() == pytest.approx([0.5, 0.0, 0.0])


def test_kinematic_mode_switches_and_mass():
    """setKinematic keeps the mass for getMass; setDynamic restores the dynamics; setMass keeps the mode."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -10.0))
    b = ode.Body(w)
    m = ode.Mass()
    m.setSphereTotal(2.0, 0.5)
    b.setMass(m)
    assert not b.isKinematic()
    b.setKinematic()
    assert b.isKinematic()
    assert b.getMass().mass == pytest.approx(2.0)
    m.setSphereTotal(3.0, 0.5)
    b.setMass(m)
    assert b.isKinematic()
    w.step(0.1)
    assert b.getLinearVel() == (0.0, 0.0, 0.0)  # gravity does not act on a kinematic body
    b.setDynamic()
    assert not b.isKinematic()
    w.step(0.1)
    assert b.getLinearVel()[2] == pytest.approx(-1.0)
    assert b.getMass().mass == pytest.approx(3.0)
    assert b.getWorld() is w


def test_export_dif_matches_libode():
    """exportDIF writes libode's text (world, bodies newest first, joints with their parameter blocks)."""
    ours = dif_scene(ode)["text"]
    ref = DATA["dif"]["text"]
    assert ours.startswith("-- Dynamics Interchange Format v0.1\n")
    if DOUBLE:
        assert ours == ref
    else:
        assert NUM.sub("#", ours) == NUM.sub("#", ref)
        a = [float(x) for x in NUM.findall(ours)]
        b = [float(x) for x in NUM.findall(ref)]
        assert np.allclose(a, b, rtol=1e-6, atol=1e-4)  # ODE's default CFM is 1e-5 in single, not 1e-10


def test_export_dif_targets_and_bad_input(tmp_path):
    """A path or any writable object; the prefix must be a string; an empty world is still a valid file."""
    w = ode.World()
    buf = io.StringIO()
    w.exportDIF(buf)
    text = buf.getvalue()
    assert "world = dynamics.world {" in text and "body = {}" in text and "joint = {}" in text
    path = tmp_path / "w.dif"
    w.exportDIF(path, "x_")
    assert "x_world = dynamics.world {" in path.read_text()
    w.exportDIF(str(path))
    assert path.read_text() == text
    with pytest.raises(TypeError):
        w.exportDIF(buf, 5)
    with pytest.raises(TypeError):
        w.exportDIF(42)


def test_world_defaults_are_the_manuals():
    """QuickStep, auto-disable, damping and speed-limit defaults are the manual's."""
    w = ode.World()
    assert (w.getQuickStepNumIterations(), w.getQuickStepW()) == (20, pytest.approx(1.3))
    assert (w.getAutoDisableFlag(), w.getAutoDisableSteps(), w.getAutoDisableTime()) == (False, 10, 0.0)
    assert (w.getLinearDamping(), w.getAngularDamping()) == (0.0, 0.0)
    assert w.getMaxAngularSpeed() == math.inf
    b = ode.Body(w)
    assert (b.getAutoDisableFlag(), b.getAutoDisableSteps(), b.getMaxAngularSpeed()) == (False, 10, math.inf)
    b.destroy()
    for name in ("setKinematic", "setDynamic", "isKinematic", "getWorld", "getMaxAngularSpeed"):
        with pytest.raises(ode.ODEError):
            getattr(b, name)()


def test_world_data_threads_and_working_memory():
    """setData/getData keep any object; the thread count is stored (default 0 as libode); cleanup is safe."""
    w = ode.World()
    assert w.getData() is None
    marker = object()
    w.setData(marker)
    assert w.getData() is marker
    assert w.getStepIslandsProcessingMaxThreadCount() == 0
    w.setStepIslandsProcessingMaxThreadCount(4)
    assert w.getStepIslandsProcessingMaxThreadCount() == 4
    with pytest.raises(ValueError):
        w.setStepIslandsProcessingMaxThreadCount(-1)
    w.setAutoDisableAverageSamplesCount(3)
    b = ode.Body(w)
    j = ode.BallJoint(w)
    j.attach(b, ode.environment)
    j.setAnchor((0.0, 0.0, 0.0))
    w.step(0.01)
    w.cleanupWorkingMemory()
    w.step(0.01)
    assert b.isEnabled()
