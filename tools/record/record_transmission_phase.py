"""Record two TransmissionJoint wheels spun past libode's phase-step turn-over, off their planes, and as
chain drives.

Usage as record_reversed_joints.py (ODE_LIBODE for single precision); the cases are those of
tests/support/transmission_phase.py, read by tests/fidelity/test_transmission_phase.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.record.json_cases import main  # noqa: E402

if __name__ == "__main__":
    main("transmission_phase")
