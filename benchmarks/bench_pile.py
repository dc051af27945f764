"""Benchmark: 1000 spheres and 300 boxes falling into a pile in a HashSpace, stepped with quickStep.

    python benchmarks/bench_pile.py [--steps 100] [--python-steps 0] [--repeat 1]

Engines, each in its own interpreter (subprocess), one run each, same scene and parameters:

* libode 0.16.2 through the ctypes shim tools/libode_pyode.py, driven by a PyODE-style Python near-callback
  (space.collide -> ode.collide(g1, g2, 4) -> ContactJoint per contact) -- the reference;
* ours (compiled core), the same Python near-callback;
* ours (compiled core), the native contact pipeline: ``space.collideContacts(world, group, template, 4)``
  (broad phase, narrow phase and contact joints without a Python call per pair);
* optionally ours with ODE_BACKEND=python (native pipeline) for --python-steps steps, scaled linearly.

The floor and four walls are planes; bodies start on a jittered 10 x 10 grid, 13 layers high. quickStep is
used when World has it (else World.step, and the report says so). Timed: the loop of collide + step + empty
per step; set-up is not timed. Ratios are relative to libode. With ``--repeat N`` the engines run N rounds,
interleaved, and each engine's best round is reported (the machine is shared: the best round is the one
least disturbed). Nothing asserts on timing; the mean height at the end and the contacts per step are
printed as sanity checks (the runs diverge chaotically, so they only have to be similar).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
N_SPHERES, N_BOXES = 1000, 300
DT = 0.01
MAX_CONTACTS = 4


def build_scene(ode):
    """World, HashSpace with floor and walls, and 1300 bodies with their geoms on a jittered grid."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setERP(0.2)
    world.setCFM(1e-5)
    world.setContactSurfaceLayer(0.001)
    world.setContactMaxCorrectingVel(2.0)
    space = ode.HashSpace()
    statics = [ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)]
    for n in ((1.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, -1.0, 0.0)):
        statics.append(ode.GeomPlane(space, n, -1.6))
    rng = random.Random(1300)
    kinds = ["sphere"] * N_SPHERES + ["box"] * N_BOXES
    rng.shuffle(kinds)
    bodies, geoms = [], []
    for k, kind in enumerate(kinds):
        layer, cell = divmod(k, 100)
        i, j = divmod(cell, 10)
        pos = (-1.35 + 0.3 * i + rng.uniform(-0.03, 0.03), -1.35 + 0.3 * j + rng.uniform(-0.03, 0.03),
               0.3 + 0.3 * layer)
        b = ode.Body(world)
        m = ode.Mass()
        if kind == "sphere":
            m.setSphere(500.0, 0.1)
            g = ode.GeomSphere(space, 0.1)
        else:
            m.setBox(500.0, 0.2, 0.2, 0.2)
            g = ode.GeomBox(space, (0.2, 0.2, 0.2))
        b.setMass(m)
        b.setPosition(pos)
        g.setBody(b)
        bodies.append(b)
        geoms.append(g)
    return world, space, bodies, geoms + statics


def near_callback(ode):
    """A PyODE-style near callback: up to MAX_CONTACTS contacts per pair, one ContactJoint each."""

    def near(args, g1, g2):
        world, group = args
        b1, b2 = g1.getBody(), g2.getBody()
        for c in ode.collide(g1, g2, MAX_CONTACTS):
            c.setMu(0.5)
            c.setBounce(0.1)
            j = ode.ContactJoint(world, group, c)
            j.attach(b1, b2)

    return near


def worker(engine: str, mode: str, steps: int) -> dict:
    """Run one engine/mode in this process and return timing and a sanity value."""
    sys.path.insert(0, str(ROOT))
    if engine == "libode":
        from tools import libode_pyode as ode
    else:
        import ode
    world, space, bodies, _geoms = build_scene(ode)
    group = ode.JointGroup()
    quick = hasattr(world, "quickStep")
    stepper = world.quickStep if quick else world.step
    near = near_callback(ode)
    template = None
    if mode == "native":
        template = ode.Contact()
        template.setMu(0.5)
        template.setBounce(0.1)
    contacts = 0
    start = time.perf_counter()
    for _ in range(steps):
        if mode == "native":
            contacts += space.collideContacts(world, group, template, MAX_CONTACTS)
        else:
            space.collide((world, group), near)
            contacts += len(group._joints)      # (the libode shim has no len(group))
        stepper(DT)
        group.empty()
    seconds = time.perf_counter() - start
    zs = [b.getPosition()[2] for b in bodies]
    return {"seconds": seconds, "steps": steps, "quickStep": quick, "mean_z": sum(zs) / len(zs),
            "contacts": contacts}


def run(engine: str, mode: str, steps: int, backend: str = "core") -> dict:
    """Run a worker in a fresh interpreter (so the engines never share state)."""
    env = dict(os.environ, ODE_BACKEND=backend, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, __file__, "--worker", engine, mode, str(steps)], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Parse arguments, run every engine once, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--python-steps", type=int, default=0, help="also run ODE_BACKEND=python this many steps")
    ap.add_argument("--repeat", type=int, default=1, help="rounds per engine, interleaved; the best is shown")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        engine, mode, steps = args.worker
        print(json.dumps(worker(engine, mode, int(steps))))
        return
    engines = [("libode 0.16.2, Python near-callback", ("libode", "callback")),
               ("ours (core), Python near-callback", ("ours", "callback")),
               ("ours (core), native pipeline", ("ours", "native"))]
    best: dict = {}
    for _ in range(max(args.repeat, 1)):
        for name, (engine, mode) in engines:
            r = run(engine, mode, args.steps)
            if name not in best or r["seconds"] < best[name]["seconds"]:
                best[name] = r
    rows = [(name, best[name]) for name, _ in engines]
    if args.python_steps:
        r = run("ours", "native", args.python_steps, backend="python")
        r["seconds"] *= args.steps / args.python_steps
        rows.append((f"ours (python twins), native, scaled from {args.python_steps}", r))
    ref = rows[0][1]["seconds"]
    print(f"{N_SPHERES} spheres + {N_BOXES} boxes, HashSpace, {args.steps} steps of {DT} s, "
          f"{'quickStep' if rows[1][1]['quickStep'] else 'World.step (quickStep absent)'}"
          + (f", best of {args.repeat} rounds" if args.repeat > 1 else ""))
    print(f"{'engine':52s} {'seconds':>9s} {'ms/step':>9s} {'x libode':>9s} {'mean z':>8s} {'contacts':>9s}")
    for name, r in rows:
        print(f"{name:52s} {r['seconds']:9.2f} {1000 * r['seconds'] / args.steps:9.1f} "
              f"{r['seconds'] / ref:9.2f} {r['mean_z']:8.3f} {r['contacts'] / r['steps']:9.0f}")


if __name__ == "__main__":
    main()
