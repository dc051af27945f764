"""PR, PU and piston joints attached (None, body) and (body, None) against libode 0.16.2's recordings.

libode's PR and piston rows for the (None, body) attachment do not follow the swap everywhere: the line
rows take the body's centre minus the anchor as lever and in their error, so a joint satisfied at rest is
pushed, and the rotoide (angle) limit and motor row ignores the swap (ode/_fallback/joints/pr.py and
piston.py). The cases (tests/support/reversed_joints.py, recorded by tools/record/record_reversed_joints.py)
pin that for each joint at rest, moved off its pose, and with asymmetric stops or a motor on each axis; the
(body, None) cases are the control. Single precision compares with libode built in single precision.
"""

from __future__ import annotations

import pytest
import recorded_cases
import reversed_joints

import ode

# Scaled deviation (scenes.deviation: relative for forces, absolute below 1) allowed after STEPS steps. In
# double both engines agree to 5.2e-13. In single both compute in float32 with different rounding: the worst
# measured is 5.4e-4 (either backend), a joint's feedback at rest, float32 noise on forces that are 0 in
# exact arithmetic (the swapped cases' forces reach 1e4 N and agree to 4e-4 relative).
TOLERANCE = {"double": 1e-9, "single": 2e-3}
RECORDED = recorded_cases.load("reversed_joints", ode.precision)


def test_every_case_is_recorded():
    """The recording holds exactly the cases the support module defines."""
    assert set(RECORDED) == set(reversed_joints.case_names())


@pytest.mark.parametrize("name", reversed_joints.case_names())
def test_reversed_joint_matches_libode(name):
    """Body motion, joint readings and feedback follow libode's after each step."""
    recorded_cases.check(ode, reversed_joints, RECORDED, name, TOLERANCE[ode.precision])


@pytest.mark.parametrize("kind", ["pr", "piston"])
def test_satisfied_joint_is_pushed_when_attached_environment_first(kind):
    """libode pushes a PR or piston joint attached (None, body) from its own rest pose, by twice the body's
    offset from the anchor; attached (body, None) the same pose stays at rest."""
    first = RECORDED[f"{kind}_env_first_rest"]["rows"][0]
    second = RECORDED[f"{kind}_env_second_rest"]["rows"][0]
    labels = RECORDED[f"{kind}_env_first_rest"]["labels"]
    force = [abs(first[i]) for i, label in enumerate(labels) if label == "f1"]
    assert max(force) > 1e3
    assert max(abs(second[i]) for i, label in enumerate(labels) if label == "f1") < 1e-3
    _, ours = reversed_joints.run_case(ode, f"{kind}_env_first_rest")
    assert max(abs(ours[0][i]) for i, label in enumerate(labels) if label == "f1") > 1e3
