"""Record PR, PU and piston joints attached (None, body) and (body, None) with libode 0.16.2 as the oracle.

    python tools/record/record_reversed_joints.py     # -> tests/data/reversed_joints.json
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_reversed_joints.py   # -> .../single/

Cases: tests/support/reversed_joints.py; test: tests/fidelity/test_reversed_joints.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.record.json_cases import main  # noqa: E402

if __name__ == "__main__":
    main("reversed_joints")
