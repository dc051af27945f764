"""The JSON case recordings of tools/record/json_cases.py, read and compared for the fidelity tests."""

from __future__ import annotations

import json
from pathlib import Path

from scenes import deviation

DATA = Path(__file__).resolve().parents[1] / "data"


def load(stem: str, precision: str) -> dict:
    """libode's cases of tests/data/<stem>.json (single/<stem>.json in single precision): name -> record."""
    path = DATA / ("single" if precision == "single" else "") / f"{stem}.json"
    data = json.loads(path.read_text())
    assert data["precision"] == precision
    return data["cases"]


def compare(ode, cases, recorded: dict, name: str) -> tuple:
    """(worst scaled deviation, column, first step over 1e-9) of case ``name`` of the module ``cases`` run
    with ``ode`` against its recording (scenes.deviation: relative above 1, absolute below)."""
    labels, rows = cases.run_case(ode, name)
    ref = recorded[name]
    assert labels == ref["labels"], "the case samples different quantities than the recording"
    return deviation(ref["rows"], rows, labels)


def check(ode, cases, recorded: dict, name: str, tol: float) -> None:
    """Assert that case ``name`` run with ``ode`` stays within ``tol`` of its recording, naming the column
    and the first step that deviates when it does not."""
    worst, column, first = compare(ode, cases, recorded, name)
    assert worst <= tol, f"{name}: {column} deviates by {worst:.3e} (> {tol:g}), first step {first}"
