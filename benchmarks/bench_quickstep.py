"""Benchmark: the stepper cases against libode in one run, with ratios.

    python benchmarks/bench_quickstep.py [--steps 200] [--python-steps 5]

Cases (chains built by ``bench_chain.build_chain``: spheres 0.1 m apart hung from the world by ball joints):

* ``quick200``: a 200-link chain stepped with ``World.quickStep(0.01)``, 20 iterations (600 rows);
* ``step50``: a 50-link chain stepped with ``World.step(0.01)`` (the big-matrix Dantzig stepper, 150 rows).

Engines, each in its own interpreter: libode 0.16.2 through ``tools/oracle/libode_pyode_dynamics``
(reference), ours with the compiled core (``ODE_BACKEND=core``), ours with the pure-Python twins
(``ODE_BACKEND=python``), which runs only --python-steps steps and is scaled linearly to --steps (marked
"scaled": every step of these chains costs about the same). QuickStep runs start from dRand seed 0. Only the
stepping loop is timed; nothing asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from bench_chain import build_chain  # noqa: E402

CASES = {"quick200": (200, "quickStep"), "step50": (50, "step")}


def worker(engine: str, case: str, steps: int) -> dict:
    """Build one case with one engine in this process, time its steps, return seconds and a final state."""
    if engine == "libode":
        from tools.oracle import libode_pyode_dynamics as ode
    else:
        import ode
    n, method = CASES[case]
    world, bodies = build_chain(ode, n)
    if method == "quickStep":
        world.setQuickStepNumIterations(20)
        ode.randSetSeed(0)
    advance = getattr(world, method)
    start = time.perf_counter()
    for _ in range(steps):
        advance(0.01)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "steps": steps, "last": list(bodies[-1][0].getPosition())}


def run(engine: str, backend: str | None, case: str, steps: int) -> dict:
    """Run worker() in a fresh interpreter with the chosen ODE_BACKEND; its JSON result or an error."""
    env = dict(os.environ)
    if backend is not None:
        env["ODE_BACKEND"] = backend
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", engine, "--case", case,
           "--steps", str(steps)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT))
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": tail}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def table(case: str, steps: int, python_steps: int) -> None:
    """Run the three engines on one case and print seconds, ms/step and the ratio to libode."""
    n, method = CASES[case]
    runs = [
        ("libode 0.16.2 (ctypes shim)", run("libode", None, case, steps)),
        ("ours, compiled core", run("ours", "core", case, steps)),
        ("ours, pure-Python twins", run("ours", "python", case, python_steps)),
    ]
    print(f"\n{n}-link ball chain, World.{method}(0.01) x {steps}")
    print(f"{'engine':30s} {'steps run':>9s} {'seconds':>10s} {'ms/step':>9s} {'x libode':>9s}  last body z")
    base = runs[0][1].get("seconds")
    for label, r in runs:
        if "error" in r:
            print(f"{label:30s} failed: {r['error']}")
            continue
        scaled = r["seconds"] * steps / r["steps"]
        note = "" if r["steps"] == steps else f" (scaled from {r['steps']} steps)"
        ratio = f"{scaled / base:9.2f}" if base else f"{'-':>9s}"
        print(f"{label:30s} {r['steps']:9d} {scaled:10.3f} {1000 * scaled / steps:9.3f} {ratio}  "
              f"{r['last'][2]:.6f}{note}")


def main(argv=None) -> None:
    """Command line entry point."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--python-steps", type=int, default=5)
    p.add_argument("--case", choices=tuple(CASES), help="run one case only")
    p.add_argument("--worker", choices=("ours", "libode"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.case, args.steps)))
        return
    for case in [args.case] if args.case else list(CASES):
        table(case, args.steps, args.python_steps)


if __name__ == "__main__":
    main()
