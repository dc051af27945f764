"""Benchmark: a 50-body chain of ball joints stepped with World.step(0.01), three engines side by side.

    python benchmarks/bench_chain.py [--steps 500] [--python-steps 10] [--bodies 50]

* ours, compiled core      (subprocess, ODE_BACKEND=core)   -- --steps steps
* ours, pure-Python twins  (subprocess, ODE_BACKEND=python) -- only --python-steps steps, the time is
  scaled linearly to --steps (printed as "scaled"); the big-matrix step costs the same every step here
  since the chain has the same joints throughout
* libode 0.16.2 through the ctypes shim tools/oracle/libode_pyode.py (subprocess) -- --steps steps

Only the stepping loop is timed (not the set-up). Ratios are relative to libode. Nothing asserts on timing.
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


def build_chain(ode, n: int):
    """A horizontal chain of n small spheres, 0.1 m apart, hung from the world at one end by ball joints."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    bodies = []
    prev = None
    for i in range(n):
        b = ode.Body(world)
        m = ode.Mass()
        m.setSphereTotal(0.1, 0.03)
        b.setMass(m)
        b.setPosition((0.1 * (i + 1), 0.0, 5.0))
        j = ode.BallJoint(world)
        j.attach(prev, b)
        j.setAnchor((0.1 * i, 0.0, 5.0))
        bodies.append((b, j))
        prev = b
    return world, bodies


def worker(engine: str, n: int, steps: int) -> dict:
    """Build the chain with one engine in this process, time the steps, return seconds and a final state."""
    if engine == "libode":
        sys.path.insert(0, str(ROOT))
        from tools.oracle import libode_pyode as ode
    else:
        sys.path.insert(0, str(ROOT))
        import ode
    world, bodies = build_chain(ode, n)
    start = time.perf_counter()
    for _ in range(steps):
        world.step(0.01)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "steps": steps, "last": list(bodies[-1][0].getPosition())}


def run(engine: str, backend: str | None, n: int, steps: int) -> dict:
    """Run worker() in a fresh interpreter with the chosen ODE_BACKEND; its JSON result or an error."""
    env = dict(os.environ)
    if backend is not None:
        env["ODE_BACKEND"] = backend
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", engine, "--bodies", str(n),
           "--steps", str(steps)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT))
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": tail}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> None:
    """Run the three engines and print a table of seconds, per-step milliseconds and ratios to libode."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=500)
    p.add_argument("--python-steps", type=int, default=10)
    p.add_argument("--bodies", type=int, default=50)
    p.add_argument("--worker", choices=("ours", "libode"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.bodies, args.steps)))
        return
    runs = [
        ("libode 0.16.2 (ctypes shim)", run("libode", None, args.bodies, args.steps)),
        ("ours, compiled core", run("ours", "core", args.bodies, args.steps)),
        ("ours, pure-Python twins", run("ours", "python", args.bodies, args.python_steps)),
    ]
    print(f"{args.bodies}-body ball-joint chain, World.step(0.01) x {args.steps}")
    print(f"{'engine':30s} {'steps run':>9s} {'seconds':>10s} {'ms/step':>9s} {'x libode':>9s}  last body z")
    base = runs[0][1].get("seconds")
    for label, r in runs:
        if "error" in r:
            print(f"{label:30s} failed: {r['error']}")
            continue
        scaled = r["seconds"] * args.steps / r["steps"]
        note = "" if r["steps"] == args.steps else f" (scaled from {r['steps']})"
        ratio = f"{scaled / base:9.1f}" if base else f"{'-':>9s}"
        print(f"{label:30s} {r['steps']:9d} {scaled:10.3f} {1000 * scaled / args.steps:9.3f} {ratio}  "
              f"{r['last'][2]:.6f}{note}")


if __name__ == "__main__":
    main()
