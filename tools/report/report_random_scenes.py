"""Print each seeded random scene's deviation from libode's recording, with the tolerance the tests apply.

    python tools/report/report_random_scenes.py            # every scene
    ODE_PRECISION=single python tools/report/report_random_scenes.py rs1030 rs1057

One line per scene: ok or BAD against ``random_scenes.tolerance``, the kind (joint or contact), the stepper,
the worst scaled deviation, the first step above 1e-9, the worst column and the joint types used. The
comparison is tests/fidelity/test_random_scenes.py's (``random_scenes.compare``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import random_scenes  # noqa: E402

import ode  # noqa: E402


def main() -> None:
    """Print every scene's deviation from its recording over the compared steps."""
    for name in sys.argv[1:] or random_scenes.scene_names():
        spec = random_scenes.make_spec(random_scenes.seed_of(name))
        worst, column, first, kind = random_scenes.compare(ode, name, random_scenes.compared_steps(ode, name))
        flag = "ok " if worst <= random_scenes.tolerance(kind, ode.precision) else "BAD"
        types = ",".join(g["type"] for g in spec["groups"])
        stepper = "quick" if spec["world"]["quick"] else "step"
        print(f"{flag} {name} {kind:7s} {stepper:5s} {worst:9.2e} step {first:3d} {column:28s} {types}")


if __name__ == "__main__":
    main()
