"""Seeded random scenes (tests/random_scenes.py) run with our ``ode`` against libode 0.16.2's recordings.

Double precision compares with Debian's libode (tests/data/random_scenes/) within the tolerances of the
hand-made scenes (``scenes.TOLERANCE``: 1e-6 scaled for joint scenes, 1e-4 for scenes with ground contacts).
Single precision compares with libode built in single precision (tests/data/random_scenes/single/) within
``SINGLE_TOLERANCE``. Under the pure-Python backend each scene runs its first PY_STEPS steps.
``python tests/test_random_scenes.py`` prints the deviation of every scene.
"""

from __future__ import annotations

import sys

import pytest
import random_scenes
import scenes

import ode

PY_STEPS = 15

# Single precision: both engines store and compute in float32 and round in different places; the constraint
# solve amplifies each difference by the conditioning of the scene (as for scenes.SINGLE_TOLERANCE), and over
# a long random run a contact or stop decision can flip on it. The scenes are compared with single libode over
# their first SINGLE_STEPS steps, within about 2x the worst deviation measured there (2.5e-3: a transmission's
# feedback, whose error term r1 th1 + r2 th2 is a difference of nearly equal float32 products).
SINGLE_STEPS = 30
SINGLE_TOLERANCE = {"joint": 5e-3, "contact": 8e-3}

_PARALLEL_OFF_PLANE = ("TransmissionJoint with parallel axes and wheel centres out of one plane: the rows "
                       "are libode's (5e-7 with ERP 0) but the phases differ by 1e-7 and the force by 6e-5 "
                       "from the second step; not yet located")
_PHASE_WRAP = ("bevel TransmissionJoint running away (wheel 2 at 1.5 rad per step, as in libode): libode "
               "takes 2 pi off wheel 2's accumulated phase at 7.64, 8.25, 8.29, 8.46, 8.95 but not at 6.73, "
               "6.85, 6.95, 7.47, we never do; rule not identified (equal to 1e-13 until step 24)")
_PR_REVERSED = ("PRJoint attached (None, body): libode applies 420 N and turns the body 0.2 rad in one "
                "step from a joint satisfied at rest with no gravity (its reversed PR rows); not emulated")
# Scenes that still disagree with libode, by precision, with the cause found so far (see the reason).
KNOWN = {
    "double": {"rs1052": _PARALLEL_OFF_PLANE, "rs1057": _PHASE_WRAP, "rs1030": _PR_REVERSED},
    "single": {"rs1030": _PR_REVERSED, "rs1057": _PHASE_WRAP},
}
# Known disagreements that appear only after the first PY_STEPS steps (the Python twins run no further).
LATE = ("rs1057",)


def compared_steps() -> int:
    """How many steps are compared: a prefix under the Python twins and in single precision."""
    if ode.backend != "core":
        return PY_STEPS
    return SINGLE_STEPS if ode.precision == "single" else random_scenes.STEPS


def tolerance(kind: str, precision: str) -> float:
    """The tolerance on the scaled deviation of a scene of ``kind`` in ``precision``."""
    return SINGLE_TOLERANCE[kind] if precision == "single" else scenes.TOLERANCE[(kind, "double")]


def compare(name: str, steps: int) -> tuple:
    """(worst scaled deviation, column, first step over 1e-9, kind) of one scene against its recording."""
    ref, labels, kind = scenes.read_recording("random_scenes", name, precision=ode.precision)
    rows = random_scenes.run_scene(ode, name, steps)
    assert rows.labels == labels, "the scene samples different quantities than the recording"
    worst, column, first = scenes.deviation(ref[:steps], rows, labels)
    return worst, column, first, kind


def _param(name: str):
    """A pytest param for a scene, xfail(strict) while it is a known disagreement in this precision.

    Under the Python twins only the first PY_STEPS steps run, before the LATE scenes diverge.
    """
    reason = KNOWN[ode.precision].get(name)
    late = name in LATE and ode.backend != "core"
    if reason is None or late:
        return pytest.param(name, id=name)
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=reason), id=name)


@pytest.mark.parametrize("name", [_param(n) for n in random_scenes.scene_names()])
def test_random_scene_matches_libode(name):
    """Our engine follows libode's bodies, joint readings and feedback within the tolerance of the kind."""
    steps = compared_steps()
    worst, column, first, kind = compare(name, steps)
    tol = tolerance(kind, ode.precision)
    assert worst <= tol, f"{name} ({kind}): {column} deviates by {worst:.3e} (> {tol:g}), first step {first}"


def test_generator_is_deterministic_and_covers_every_joint():
    """The same seed draws the same scene, and the recorded scenes use every joint type at least once."""
    names = random_scenes.scene_names()
    specs = [random_scenes.make_spec(random_scenes.seed_of(n)) for n in names]
    assert specs[0] == random_scenes.make_spec(random_scenes.seed_of(names[0]))
    used = {g["type"] for s in specs for g in s["groups"]}
    assert set(random_scenes.JOINT_TYPES) <= used
    assert any(s["contacts"] for s in specs) and any(s["world"]["quick"] for s in specs)


def main() -> None:
    """Print every scene's deviation from its recording over the compared steps."""
    for name in sys.argv[1:] or random_scenes.scene_names():
        spec = random_scenes.make_spec(random_scenes.seed_of(name))
        worst, column, first, kind = compare(name, compared_steps())
        flag = "ok " if worst <= tolerance(kind, ode.precision) else "BAD"
        types = ",".join(g["type"] for g in spec["groups"])
        stepper = "quick" if spec["world"]["quick"] else "step"
        print(f"{flag} {name} {kind:7s} {stepper:5s} {worst:9.2e} step {first:3d} {column:28s} {types}")


if __name__ == "__main__":
    main()
