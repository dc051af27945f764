"""Fidelity: every scene of tests/support/scenes.py run with our ``ode`` against libode 0.16.2's recording.

Double precision compares with Debian's libode (tests/data/scenes/) within ``scenes.TOLERANCE`` (1e-6 joint,
1e-4 contact); single precision compares with libode built in single precision (tests/data/scenes/single/)
within the per-scene ``scenes.SINGLE_TOLERANCE``, over ``scenes.compared_steps`` (``car`` stops where single
libode leaves it). The deviation of a column is scaled by max(1, max |recorded value|). Under the pure-Python
backend the scenes run their first PY_STEPS steps only (compared with the same prefix of the recording) to
keep the file fast. ``python tools/report/report_scenes.py`` prints the whole table.
"""

from __future__ import annotations

import numpy as np
import pytest
import scenes

import ode

PY_STEPS = 120  # covers every scene's events (stops, bounces, the motor reversal at step 100)


@pytest.fixture
def steps(monkeypatch):
    """The number of steps to run: all of them with the compiled core, a prefix with the Python twins."""
    n = scenes.STEPS if ode.backend == "core" else PY_STEPS
    monkeypatch.setattr(scenes, "STEPS", n)
    return n


@pytest.mark.parametrize("name", list(scenes.SCENES))
def test_scene_matches_libode(name, steps):
    """Our engine follows libode's trajectory, joint angles and feedback within the scene's tolerance."""
    ref, labels, _ = scenes.load_recording(name, precision=ode.precision)
    func, _ = scenes.SCENES[name]
    rows = func(ode)
    assert rows.labels == labels, "the scene samples different quantities than the recording"
    got = np.asarray(rows, dtype=np.float64)
    n = scenes.compared_steps(name, ode.precision, steps)
    if n < steps:
        print(f"{name}: over all {steps} steps {scenes.deviation(ref[:steps], got, labels)[0]:.3e}")
    worst, column, first = scenes.deviation(ref[:n], got[:n], labels)
    tol = scenes.tolerance(name, ode.precision)
    print(f"{name}: max scaled deviation {worst:.3e} at {column} over {n} steps "
          f"(first step > 1e-9: {first}), tol {tol:g}")
    assert worst <= tol, f"{name}: {column} deviates by {worst:.3e} (> {tol:g}), first at step {first}"


def test_recordings_cover_every_scene():
    """Each scene has a recording of the full run in both precisions, with the same columns."""
    for name in scenes.SCENES:
        ref, labels, kind = scenes.load_recording(name)
        assert ref.shape == (scenes.STEPS, len(labels))
        assert kind == scenes.SCENES[name][1]
        assert np.all(np.isfinite(ref))
        single, single_labels, single_kind = scenes.load_recording(name, precision="single")
        assert (single.shape, single_labels, single_kind) == (ref.shape, labels, kind)
        assert np.all(np.isfinite(single))
    assert set(scenes.SINGLE_TOLERANCE) == set(scenes.SCENES)


def test_single_libode_leaves_car_where_recorded():
    """Single libode's car run follows double libode's closely up to SINGLE_STEPS["car"], then jumps away."""
    ref, labels, _ = scenes.load_recording("car")
    single, _, _ = scenes.load_recording("car", precision="single")
    n = scenes.SINGLE_STEPS["car"]
    assert scenes.deviation(ref[:n], single[:n], labels)[0] < 1e-5
    assert scenes.deviation(ref[: n + 1], single[: n + 1], labels)[0] > 0.1


def test_deviation_scaling():
    """deviation() scales by max(1, |ref|), names the worst column and the first step over 1e-9."""
    ref = np.array([[1.0, 100.0], [2.0, 200.0], [3.0, 300.0]])
    got = ref + np.array([[0.0, 0.0], [0.0, 3e-4], [2e-6, 0.0]])
    worst, column, first = scenes.deviation(ref, got, ["a", "b"])
    assert worst == pytest.approx(1e-6)
    assert column == "b"
    assert first == 1
    assert scenes.deviation(ref, got[:2], ["a", "b"])[0] == float("inf")
