"""Record PR, PU and piston joints attached (None, body) and (body, None) with libode 0.16.2 as the oracle.

    python tools/record/record_reversed_joints.py                 # -> tests/data/reversed_joints.json
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_reversed_joints.py   # -> .../single/

The cases (tests/support/reversed_joints.py) run with ``tools/oracle/libode_pyode_dynamics`` (libode through
ctypes) bound as ``ode``; ``tests/fidelity/test_reversed_joints.py`` compares our package with them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import reversed_joints  # noqa: E402

from tools.oracle import libode_pyode_dynamics  # noqa: E402
from tools.oracle.libode import PRECISION, recording_path  # noqa: E402

OUT = ROOT / "tests" / "data" / "reversed_joints.json"


def record() -> Path:
    """Run every case with libode and write {"precision", "cases": {name: {"labels", "rows"}}}."""
    cases = {}
    for name in reversed_joints.case_names():
        labels, rows = reversed_joints.run_case(libode_pyode_dynamics, name)
        cases[name] = {"labels": labels, "rows": rows}
    path = recording_path(OUT)
    path.write_text(json.dumps({"precision": PRECISION, "cases": cases}, indent=None) + "\n")
    return path


if __name__ == "__main__":
    out = record()
    print(f"recorded {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
