"""Record the cases of a support module (``case_names()``, ``run_case(ode, name)``) with libode into JSON.

The recorders of small case sets (record_reversed_joints.py, record_transmission_phase.py) call
``record``: every case runs with ``tools/oracle/libode_pyode_dynamics`` (libode through ctypes) bound as
``ode`` and ``tests/data/<stem>.json`` (``single/<stem>.json`` for a single-precision libode) holds
{"precision", "cases": {name: {"labels", "rows"}}}.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from tools.oracle import libode_pyode_dynamics
from tools.oracle.libode import PRECISION, recording_path

ROOT = Path(__file__).resolve().parents[2]


def record(cases, stem: str) -> Path:
    """Run every case of the module ``cases`` with libode and write tests/data/<stem>.json; its path."""
    out = {}
    for name in cases.case_names():
        labels, rows = cases.run_case(libode_pyode_dynamics, name)
        out[name] = {"labels": labels, "rows": rows}
    path = recording_path(ROOT / "tests" / "data" / f"{stem}.json")
    path.write_text(json.dumps({"precision": PRECISION, "cases": out}) + "\n")
    return path


def main(stem: str) -> None:
    """Record the cases of tests/support/<stem>.py into tests/data/<stem>.json and say where."""
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    path = record(importlib.import_module(stem), stem)
    print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
