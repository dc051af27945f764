"""Benchmark: small scenes, PyODE's tutorial3 style: a floor plane and N boxes/spheres in a simple space.

    python benchmarks/bench_small.py [--sizes 1,10,50] [--steps 1000] [--repeat 3] [--space simple|hash]

(N = 1 runs 10x the steps and N <= 5 5x, so that each timed run lasts long enough on a shared machine.)

    python benchmarks/bench_small.py --parts     # single operations on the one-box scene, ours and libode

Per step: ``space.collide((world, group), near)`` with a PyODE-style near callback (``ode.collide(g1, g2,
4)``, ``setMu``, ``setBounce``, ``ContactJoint(world, group, c).attach(b1, b2)``), ``world.quickStep(0.01)``
and ``group.empty()``. With few geoms the fixed per-pass and per-step costs (pass set-up, AABB refresh,
Contact and joint creation, the stepper's set-up) dominate, unlike bench_pile.py. Engines, each in its own
interpreter: libode 0.16.2 through ``tools/oracle/libode_pyode.py`` (the reference), ours (compiled core) with
the same callback, and ours with the native pipeline ``space.collideContacts``. Rounds are interleaved and
each engine's best round is reported (the machine is shared). Set-up is not timed. "contacts" (per step) is a
sanity column: the runs diverge chaotically, so they only have to be similar.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import timeit

from _engines import best_of, engine_module, run_worker, step_loop

DT = 0.01
MAX_CONTACTS = 4


def build_scene(ode, n: int, space_kind: str):
    """World, space with a floor plane, n bodies (boxes and spheres alternately) on a jittered grid, two
    layers high when n > 25, boxes turned about z so they land and settle on the floor and each other."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setERP(0.8)
    world.setCFM(1e-5)
    space = ode.HashSpace() if space_kind == "hash" else ode.Space()
    floor = ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    rng = random.Random(n)
    bodies, geoms = [], [floor]
    for k in range(n):
        layer, cell = divmod(k, 25)
        i, j = divmod(cell, 5)
        pos = (0.45 * (i - 2) + rng.uniform(-0.03, 0.03), 0.45 * (j - 2) + rng.uniform(-0.03, 0.03),
               0.3 + 0.45 * layer + rng.uniform(0.0, 0.2))
        b = ode.Body(world)
        m = ode.Mass()
        if k % 2:
            m.setSphere(1000.0, 0.1)
            g = ode.GeomSphere(space, 0.1)
        else:
            m.setBox(1000.0, 0.4, 0.1, 0.1)
            g = ode.GeomBox(space, (0.4, 0.1, 0.1))
        b.setMass(m)
        b.setPosition(pos)
        t = rng.uniform(0.0, 2.0 * math.pi)
        c, s = math.cos(t), math.sin(t)
        b.setRotation((c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0))
        g.setBody(b)
        bodies.append(b)
        geoms.append(g)
    return world, space, bodies, geoms


def worker(engine: str, mode: str, n: int, steps: int, space_kind: str) -> dict:
    """Run one engine/mode on the n-body scene in this process; timing and sanity values."""
    ode = engine_module(engine)
    world, space, bodies, _geoms = build_scene(ode, n, space_kind)
    seconds, contacts, quick = step_loop(ode, world, space, steps, DT, mode, MAX_CONTACTS)
    zs = [b.getPosition()[2] for b in bodies]
    return {"seconds": seconds, "steps": steps, "quickStep": quick, "mean_z": sum(zs) / len(zs),
            "contacts": contacts}


PARTS = [("space.collide pass (floor + 1 box), no-op callback", "space.collide(None, noop)", 1),
         ("ode.collide(floor, box, 4), 4 contacts", "ode.collide(g0, g1, 4)", 1),
         ("ContactJoint + attach, per joint (4, then empty)", "joints4()", 4),
         ("quickStep, 1 body, no contact", "world.quickStep(1e-7)", 1),
         ("quickStep, 1 body, 4 contact joints", "world.quickStep(1e-7)", 1),
         ("collideContacts + empty, 1 pair, 4 joints", "native()", 1)]


def parts(engine: str) -> dict:
    """Per-operation times (us, best of 25 repeats) on the one-box scene after it settled."""
    ode = engine_module(engine)
    world, space, bodies, geoms = build_scene(ode, 1, "simple")
    step_loop(ode, world, space, 100, DT, "callback", MAX_CONTACTS)
    group = ode.JointGroup()
    g0, g1 = geoms
    c, b = ode.collide(g0, g1, 4)[0], bodies[0]

    def joints4():
        for _ in range(4):
            ode.ContactJoint(world, group, c).attach(b, None)
        group.empty()

    def native():
        space.collideContacts(world, group, None, 4)
        group.empty()

    env = {"space": space, "noop": lambda *a: None, "ode": ode, "g0": g0, "g1": g1, "world": world,
           "joints4": joints4, "native": native}
    out = {}
    for k, (name, stmt, per) in enumerate(PARTS):
        if k == 4:
            for _ in range(4):
                ode.ContactJoint(world, group, c).attach(b, None)
        if k == 5:
            group.empty()
            if not hasattr(space, "collideContacts"):
                continue
        t = timeit.Timer(stmt, globals=env)
        out[name] = 1e6 * min(t.repeat(25, 2000)) / 2000 / per
    return out


def _steps(steps: int, n: int) -> int:
    """Steps timed for n bodies: 10x for one body, 5x for up to 5, so every run lasts long enough to time."""
    return steps * (10 if n <= 1 else 5 if n <= 5 else 1)


def main() -> None:
    """Parse arguments, run every engine and size, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1,10,50", help="numbers of bodies, comma-separated")
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3, help="rounds per engine, interleaved; the best is shown")
    ap.add_argument("--space", choices=("simple", "hash"), default="simple")
    ap.add_argument("--json", help="also write the best results to this file")
    ap.add_argument("--parts", action="store_true", help="time single operations instead (one-box scene)")
    ap.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        engine, mode, n, steps, space_kind = args.worker
        if mode == "parts":
            print(json.dumps(parts(engine)))
        else:
            print(json.dumps(worker(engine, mode, int(n), int(steps), space_kind)))
        return
    if args.parts:
        res = {e: run_worker(__file__, [e, "parts", 1, 0, "simple"]) for e in ("libode", "ours")}
        print(f"{'operation (us)':52s} {'libode':>8s} {'ours':>8s}")
        for name, _, _ in PARTS:
            lib = res["libode"].get(name)
            print(f"{name:52s} {'-' if lib is None else f'{lib:.2f}':>8s} {res['ours'][name]:8.2f}")
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    engines = [("libode", "callback"), ("ours", "callback"), ("ours", "native")]
    jobs = [(n, e, m) for n in sizes for e, m in engines]
    best = best_of(args.repeat, jobs,
                   lambda job: run_worker(__file__, [job[1], job[2], job[0], _steps(args.steps, job[0]),
                                                     args.space]))
    print(f"tutorial3-like scenes ({args.space} space, floor + N boxes/spheres), "
          f"{args.steps} steps of {DT} s (x10 for N = 1, x5 for N <= 5), "
          f"{'quickStep' if best[jobs[0]]['quickStep'] else 'World.step'}, best of {args.repeat} rounds; "
          f"us/step (x libode), contacts/step")
    print(f"{'N':>4s} {'libode callback':>22s} {'ours callback':>22s} {'ours native':>22s}")
    for n in sizes:
        ref = best[(n, "libode", "callback")]["seconds"]
        cells = []
        for e, m in engines:
            r = best[(n, e, m)]
            us = 1e6 * r["seconds"] / r["steps"]
            ratio = "" if e == "libode" else f" ({r['seconds'] / ref:.2f}x)"
            cells.append(f"{us:.1f}{ratio} {r['contacts'] / r['steps']:.0f}c")
        print(f"{n:4d} " + " ".join(f"{c:>22s}" for c in cells))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({f"{n} {e} {m}": r for (n, e, m), r in best.items()}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
