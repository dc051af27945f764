"""Record libode 0.16.2's run of PyODE's example scripts into tests/data/examples.json.

tutorial2.py, transforms.py, tutorial_heightmap.py and vehicle.py run unchanged
(tests/support/pyode_examples.py) with ``ode`` bound to the libode shim tools/oracle/libode_pyode_ex.py, whose
hinge-2 detour avoids libode's abort on xode's axis order; the recording first checks that the detour ends bit
for bit as a safe call order. tests/fidelity/test_examples.py runs the scripts with our package and compares.
Run from the repository root: ``python tools/record/record_examples.py`` (needs Debian's python3-pyode-doc and
libode).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from pyode_examples import (  # noqa: E402
    EXAMPLES,
    FRAMES2,
    FRAMES_T,
    FRAMES_V,
    run_heightmap,
    run_transforms,
    run_tutorial2,
    run_vehicle,
)

from tools.oracle import libode_pyode_ex as shim  # noqa: E402

OUT = ROOT / "tests" / "data" / "examples.json"


def _check_hinge2_detour(shim) -> None:
    """The shim's hinge-2 detour (libode aborts on xode's axis order) ends bit for bit as a safe order."""

    def build(detour: bool) -> list:
        w = shim.World()
        w.setGravity((0, -9.81, 0))
        a, b = shim.Body(w), shim.Body(w)
        b.setPosition((0, 0, -2))
        j = shim.Hinge2Joint(w)
        j.attach(a, b)
        j.setAnchor((0, 0, -2))
        base = shim.Hinge2Joint.__mro__[1]
        if detour:
            j.setAxis1((0, 1, 0))
            j.setAxis2((1, 0, 0))
        else:
            base.setAxis1(j, (0, 0, 1))
            base.setAxis2(j, (1, 0, 0))
            base.setAxis1(j, (0, 1, 0))
        j.setParam(shim.ParamVel2, 3.0)
        j.setParam(shim.ParamFMax2, 50.0)
        out = []
        for _ in range(100):
            w.step(0.02)
            out.append(b.getPosition() + b.getQuaternion() + (j.getAngle1(), j.getAngle2Rate()))
        return out

    assert build(True) == build(False)


def main() -> None:
    """Run the four scripts against the libode shim and write the recording."""
    _check_hinge2_detour(shim)

    def read(name: str) -> str:
        return (EXAMPLES / name).read_text()

    data = {
        "tutorial2": run_tutorial2(shim, read("tutorial2.py")),
        "transforms": run_transforms(shim, read("transforms.py")),
        "heightmap": run_heightmap(shim, read("tutorial_heightmap.py")),
        "vehicle": run_vehicle(shim, read("vehicle.py")),
        "frames": {"tutorial2": FRAMES2, "transforms": FRAMES_T, "vehicle": FRAMES_V},
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
