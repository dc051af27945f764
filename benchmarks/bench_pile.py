"""Benchmark: 1000 spheres and 300 boxes falling into a pile in a HashSpace, stepped with quickStep.

    python benchmarks/bench_pile.py [--steps 100] [--python-steps 0] [--repeat 1]

Engines, each in its own interpreter (subprocess), one run each, same scene and parameters:

* libode 0.16.2 through the ctypes shim tools/oracle/libode_pyode.py, driven by a PyODE-style Python
  near-callback (space.collide -> ode.collide(g1, g2, 4) -> ContactJoint per contact) -- the reference;
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
import random

from _engines import best_of, engine_module, run_worker, step_loop

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


def worker(engine: str, mode: str, steps: int) -> dict:
    """Run one engine/mode in this process and return timing and a sanity value."""
    ode = engine_module(engine)
    world, space, bodies, _geoms = build_scene(ode)
    seconds, contacts, quick = step_loop(ode, world, space, steps, DT, mode, MAX_CONTACTS)
    zs = [b.getPosition()[2] for b in bodies]
    return {"seconds": seconds, "steps": steps, "quickStep": quick, "mean_z": sum(zs) / len(zs),
            "contacts": contacts}


def run(engine: str, mode: str, steps: int, backend: str = "core") -> dict:
    """Run a worker in a fresh interpreter (so the engines never share state)."""
    return run_worker(__file__, [engine, mode, steps], backend)


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
    best = best_of(args.repeat, [name for name, _ in engines],
                   lambda name: run(*dict(engines)[name], args.steps))
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
