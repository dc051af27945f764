"""Benchmark: step memory and joint storage, ours (compiled core) against libode 0.16.2.

    python benchmarks/bench_memory.py [--rounds 3] [--steps 500] [--pre64] [--trim]

Two measurements, each engine in fresh interpreters, the engines interleaved round by round, best of the
rounds per engine (the machine is shared):

* chain: the 50-link ball chain of bench_chain.py stepped ``--steps`` times with World.step(0.01) (and, in a
  second row, quickStep): minor page faults per step after 10 warm-up steps (resource.getrusage ru_minflt;
  a count, not a timing) and the stepping time. ``--pre64`` allocates and frees a 64 MiB block before the
  world is built; ``--trim`` sets MALLOC_TRIM_THRESHOLD_=0 (glibc hands freed heap tops back at once, the
  worst case for a step that mallocs and frees its matrices).
* after 10,000 joints: two bodies and a ball joint; 10,000 contact joints are created in a group, one
  quickStep runs with them, the group is emptied; then the time of one quickStep(0.01) of the two bodies
  (mean over ``--small-steps`` steps).

libode runs through the ctypes shim tools/oracle/libode_pyode.py (one ctypes call per step). Nothing asserts
on timing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent


def _engine(engine: str):
    """The PyODE-style module of an engine: "libode" (the ctypes shim) or "ours" (this package)."""
    sys.path.insert(0, str(ROOT))
    if engine == "libode":
        from tools.oracle import libode_pyode as ode
    else:
        import ode
    return ode


def _faults() -> int:
    """Minor page faults of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def chain_worker(engine: str, steps: int, quick: bool, pre64: bool) -> dict:
    """Faults per step after 10 warm-up steps and the seconds of the stepping loop, for the 50-link chain."""
    if pre64:
        block = bytearray(64 << 20)
        del block
    ode = _engine(engine)
    sys.path.insert(0, str(HERE))
    from bench_chain import build_chain

    world, _ = build_chain(ode, 50)
    step = world.quickStep if quick else world.step
    for _ in range(10):
        step(0.01)
    before = _faults()
    start = time.perf_counter()
    for _ in range(steps - 10):
        step(0.01)
    seconds = time.perf_counter() - start
    return {"faults_per_step": (_faults() - before) / (steps - 10), "seconds": seconds}


def joints_worker(engine: str, steps: int) -> dict:
    """quickStep time of two bodies and a ball joint after the world held 10,000 contact joints."""
    ode = _engine(engine)
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    b1, b2 = ode.Body(world), ode.Body(world)
    m = ode.Mass()
    m.setSphere(1000.0, 0.1)
    b1.setMass(m)
    b2.setMass(m)
    b2.setPosition((0.0, 0.0, 0.5))
    ball = ode.BallJoint(world)
    ball.attach(b1, b2)
    ball.setAnchor((0.0, 0.0, 0.25))
    group = ode.JointGroup()
    for _ in range(10000):
        ode.ContactJoint(world, group, ode.Contact()).attach(b1, b2)
    world.quickStep(0.001)
    group.empty()
    for _ in range(10):
        world.quickStep(0.01)
    start = time.perf_counter()
    for _ in range(steps):
        world.quickStep(0.01)
    return {"us_per_step": 1e6 * (time.perf_counter() - start) / steps}


def _run(args: list, trim: bool) -> dict:
    """This script with ``--worker *args`` in a fresh interpreter (compiled core); its JSON result."""
    env = dict(os.environ, ODE_BACKEND="core")
    if trim:
        env["MALLOC_TRIM_THRESHOLD_"] = "0"
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", *map(str, args)],
                          capture_output=True, text=True, env=env, cwd=str(ROOT))
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _best(results: list, key: str) -> dict:
    """The result with the lowest ``key`` among those without an error (or the first error)."""
    good = [r for r in results if "error" not in r]
    return min(good, key=lambda r: r[key]) if good else results[0]


def main(argv=None) -> None:
    """Interleave the engines for a few rounds and print the best figures of each."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--steps", type=int, default=500)
    p.add_argument("--small-steps", type=int, default=2000)
    p.add_argument("--pre64", action="store_true", help="allocate and free 64 MiB before building the world")
    p.add_argument("--trim", action="store_true", help="run with MALLOC_TRIM_THRESHOLD_=0")
    p.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.worker:
        kind, engine, *rest = a.worker
        if kind == "chain":
            res = chain_worker(engine, int(rest[0]), rest[1] == "1", rest[2] == "1")
        else:
            res = joints_worker(engine, int(rest[0]))
        print(json.dumps(res))
        return
    engines = ("libode", "ours")
    chain = {(e, q): [] for e in engines for q in (False, True)}
    small = {e: [] for e in engines}
    for _ in range(a.rounds):
        for q in (False, True):
            for e in engines:
                chain[e, q].append(_run(["chain", e, a.steps, int(q), int(a.pre64)], a.trim))
        for e in engines:
            small[e].append(_run(["joints", e, a.small_steps], a.trim))
    setting = ", ".join(s for s, on in (("64 MiB freed first", a.pre64), ("MALLOC_TRIM_THRESHOLD_=0", a.trim))
                        if on) or "plain"
    print(f"50-link ball chain, {a.steps} steps ({setting}); best of {a.rounds} fresh processes per engine")
    print(f"{'stepper':10s} {'engine':8s} {'faults/step':>12s} {'seconds':>9s}")
    for q in (False, True):
        name = "quickStep" if q else "step"
        for e in engines:
            f, s = _best(chain[e, q], "faults_per_step"), _best(chain[e, q], "seconds")
            if "error" in f:
                print(f"{name:10s} {e:8s} failed: {f['error']}")
                continue
            print(f"{name:10s} {e:8s} {f['faults_per_step']:12.2f} {s['seconds']:9.3f}")
    print(f"\nquickStep of 2 bodies after 10,000 contact joints were emptied ({a.small_steps} steps)")
    for e in engines:
        r = _best(small[e], "us_per_step")
        print(f"{e:8s} " + (f"failed: {r['error']}" if "error" in r else f"{r['us_per_step']:8.2f} us/step"))


if __name__ == "__main__":
    main()
