"""Print a table of our engine's max deviation from libode's recordings, per fidelity scene.

    python tools/report/report_scenes.py                 # every scene, full 200 steps
    ODE_BACKEND=python python tools/report/report_scenes.py hinge car
    ODE_PRECISION=single python tools/report/report_scenes.py

Deviation of a column = max over steps of |ours - libode| / max(1, max |libode|); the table shows the worst
column, the first step whose deviation exceeds 1e-9, and the tolerance tests/fidelity/test_scenes.py applies.
In single precision the reference is libode built in single precision (tests/data/scenes/single/), compared
over ``scenes.compared_steps``. A scene that raises is listed with the exception.
"""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import scenes  # noqa: E402

import ode  # noqa: E402


def report_scene(name: str) -> tuple:
    """(deviation, column, first step, seconds, error text) for one scene."""
    ref, labels, _kind = scenes.load_recording(name, precision=ode.precision)
    start = time.perf_counter()
    try:
        rows = scenes.SCENES[name][0](ode)
    except Exception as exc:  # noqa: BLE001 - the report lists failures instead of stopping
        where = traceback.extract_tb(exc.__traceback__)[-1].name
        text = f"{type(exc).__name__}: {exc} (in {where})"
        return float("inf"), "-", -1, time.perf_counter() - start, text
    seconds = time.perf_counter() - start
    got = np.asarray(rows, dtype=np.float64)
    n = scenes.compared_steps(name, ode.precision, len(got))
    worst, column, first = scenes.deviation(ref[:n], got[:n], labels)
    return worst, column, first, seconds, ""


def main(argv=None) -> int:
    """Print the table; exit status 1 when a scene is over its tolerance."""
    names = (argv if argv is not None else sys.argv[1:]) or list(scenes.SCENES)
    print(f"ode backend={ode.backend} precision={ode.precision}; {scenes.STEPS} steps of {scenes.DT} s")
    head = ("scene", "kind", "max dev", "tol", "ok", "first", "secs", "column")
    print("{:20s} {:8s} {:>10s} {:>7s} {:3s} {:>5s} {:>6s}  {}".format(*head))
    failed = 0
    for name in names:
        kind = scenes.SCENES[name][1]
        tol = scenes.tolerance(name, ode.precision)
        worst, column, first, seconds, error = report_scene(name)
        ok = worst <= tol
        failed += not ok
        tail = error or column
        flag = "yes" if ok else "NO"
        print(f"{name:20s} {kind:8s} {worst:10.3e} {tol:7.0e} {flag:3s} {first:5d} {seconds:6.2f}  {tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
