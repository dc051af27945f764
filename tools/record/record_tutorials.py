"""Record libode 0.16.2's run of PyODE's tutorials 1 and 3 into tests/data/tutorials.json.

The scripts run unchanged (tests/support/pyode_tutorials.py) with ``ode`` bound to the libode shim
(tools/oracle/libode_pyode.py); tests/fidelity/test_tutorials.py runs them with our package and compares.
Run from the repository root: ``python tools/record/record_tutorials.py`` (needs Debian's python3-pyode-doc
for the scripts and libode for the shim).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from pyode_tutorials import EXAMPLES, FRAMES3, run_tutorial1, run_tutorial3  # noqa: E402

from tools.oracle import libode_pyode as shim  # noqa: E402

OUT = ROOT / "tests" / "data" / "tutorials.json"


def main() -> None:
    """Run both tutorials against the libode shim and write the recording."""
    data = {
        "tutorial1": run_tutorial1(shim, (EXAMPLES / "tutorial1.py").read_text()),
        "tutorial3": run_tutorial3(shim, (EXAMPLES / "tutorial3.py").read_text()),
        "frames3": FRAMES3,
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
