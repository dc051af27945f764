"""Record what the PyODE-style scripts print when run with libode as ``ode``.

    python tools/record/record_pyode_scripts.py   # -> tests/data/pyode_scripts/<name>.txt
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_pyode_scripts.py   # -> .../single/

The scripts are tests/support/pyode_scripts/*.py.

Each script runs unchanged (``scenes.run_script``) with ``tools/oracle/libode_pyode`` (libode 0.16.2 through
ctypes) bound as ``ode``; tests/fidelity/test_pyode_scripts.py runs them with our package and compares.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import scenes  # noqa: E402

from tools.oracle import libode_pyode  # noqa: E402
from tools.oracle.libode import recording_path  # noqa: E402

SCRIPT_DIR = ROOT / "tests" / "support" / "pyode_scripts"
SCRIPT_OUT = ROOT / "tests" / "data" / "pyode_scripts"


def record_scripts() -> list:
    """Run every PyODE-style script with the shim and save what it printed."""
    SCRIPT_OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in scenes.SCRIPTS:
        text = scenes.run_script(SCRIPT_DIR / f"{name}.py", libode_pyode)
        path = recording_path(SCRIPT_OUT / f"{name}.txt")
        path.write_text(text)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for recorded in record_scripts():
        print(f"recorded {recorded.relative_to(ROOT)}")
