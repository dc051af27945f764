"""Print a table of our engine's deviation from libode's recordings for the extended dynamics' scenes
(tests/support/scenes_extended.py).

    python tools/report/report_scenes_extended.py                  # every scene, full 200 steps
    ODE_BACKEND=python python tools/report/report_scenes_extended.py pr quick_ball_chain
    ODE_PRECISION=single python tools/report/report_scenes_extended.py

The deviation is ``scenes_extended.compare``'s (scaled absolute; relative for damping scenes; inf when a sleep
step differs); a scene that raises is listed with the exception (e.g. an API not implemented yet). In single
precision the reference is libode built in single precision (tests/data/scenes_extended/single/).
"""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import scenes_extended  # noqa: E402

import ode  # noqa: E402


def report_scene(name: str) -> tuple:
    """(deviation, column, first step, seconds, error text) for one scene."""
    ref, labels, _kind = scenes_extended.load_recording(name, precision=ode.precision)
    start = time.perf_counter()
    try:
        rows = scenes_extended.SCENES[name][0](ode)
    except Exception as exc:  # noqa: BLE001 - the report lists failures instead of stopping
        where = traceback.extract_tb(exc.__traceback__)[-1].name
        return float("inf"), "-", -1, time.perf_counter() - start, f"{type(exc).__name__}: {exc} (in {where})"
    seconds = time.perf_counter() - start
    got = np.asarray(rows, dtype=np.float64)
    worst, column, first = scenes_extended.compare(name, ref[: len(got)], got, labels, ode.precision)
    return worst, column, first, seconds, ""


def main(argv=None) -> int:
    """Print the table; exit status 1 when a scene is over its tolerance."""
    names = (argv if argv is not None else sys.argv[1:]) or list(scenes_extended.SCENES)
    sc = scenes_extended
    print(f"ode backend={ode.backend} precision={ode.precision}; {sc.STEPS} steps of {sc.DT} s")
    head = ("scene", "kind", "max dev", "tol", "ok", "first", "secs", "column")
    print("{:26s} {:13s} {:>10s} {:>7s} {:3s} {:>5s} {:>6s}  {}".format(*head))
    failed = 0
    for name in names:
        kind = scenes_extended.SCENES[name][1]
        tol = scenes_extended.tolerance(name, ode.precision)
        worst, column, first, seconds, error = report_scene(name)
        ok = worst <= tol
        failed += not ok
        flag = "yes" if ok else "NO"
        tail = error or column
        print(f"{name:26s} {kind:13s} {worst:10.3e} {tol:7.0e} {flag:3s} {first:5d} {seconds:6.2f}  {tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
