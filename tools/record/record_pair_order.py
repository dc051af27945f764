"""Record libode 0.16.2's near-callback pair order for the scenes of tests/support/pair_order_scenarios.py.

Run with the system Python, whose PyODE wraps libode (from the repository root): ``/usr/bin/python3
tools/record/record_pair_order.py``. Writes tests/data/pair_order.json: scenario name -> list of passes, each
the list of "name1-name2" pairs in callback order (a scene that fails in libode records its error instead).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "pair_order.json"


def _libode_pyode():
    """Debian's PyODE, imported with the repository kept off sys.path (it has its own ``ode``)."""
    root = str(ROOT)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != root]
    import ode
    if not ode.__file__.startswith("/usr/"):
        raise SystemExit(f"expected Debian's PyODE, got {ode.__file__}")
    return ode


def main() -> None:
    ode = _libode_pyode()
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    import pair_order_scenarios as sc
    out = {}
    if len(sys.argv) > 1:               # one scenario, run in a child process (libode may abort)
        print(json.dumps(sc.run(ode, sys.argv[1])))
        return
    for name in sc.scenarios():
        done = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True)
        if done.returncode == 0:
            out[name] = json.loads(done.stdout.strip().splitlines()[-1])
        else:
            out[name] = {"error": (done.stderr.strip().splitlines() or ["aborted"])[-1]}
    OUT.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(out)} scenarios)")


if __name__ == "__main__":
    main()
