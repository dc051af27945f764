"""Benchmark: PyODE-style scenes, ours against Debian's PyODE on libode 0.16.2.

    python benchmarks/bench_scenes.py [--rounds 3] [--scenes chain,pendulum,spheres,boxes] [--prealloc]
                                      [--ours-path DIR] [--engines pyode,ours] [--scale 1.0] [--json FILE]

Scenes (only the stepping loop is timed, set-up is not):

* chain: 50 spheres hung horizontally from the world by ball joints (bench_chain.py's chain), 500 x
  ``World.step(0.01)``, the big-matrix Dantzig stepper.
* pendulum: one body on a hinge, 2000 x ``World.step(0.001)``.
* spheres: 400 spheres (4 layers of 10 x 10) in a ``HashSpace`` falling onto a plane, 200 x
  ``quickStep(0.01)``.
* boxes: 40 boxes resting on a plane (8 x 5, turned about z), 500 x ``quickStep(0.01)``.

Per step of spheres and boxes: ``space.collide((world, group), near)`` with a PyODE near-callback
(``ode.collide(g1, g2)``, ``setMu``, ``ContactJoint(world, group, c).attach(b1, b2)``), the step, then
``group.empty()``; ours also runs them with its native pipeline ``space.collideContacts(world, group,
template, 8)`` in place of the callback. Every scene also reports the minor page faults per step after the
10th step (``resource.getrusage``); ``--prealloc`` allocates and frees a 64 MiB block before building the
world, to see whether those faults come from the allocator growing its heap.

Each round runs every engine/mode in a fresh interpreter, one after the other (interleaved); the best round
of each is shown. Engines: Debian's PyODE (``/usr/bin/python3``) and ours (the package in ``--ours-path``,
default this checkout, run by this interpreter with ``ODE_BACKEND=core``). "contacts/step" and "z" are
sanity columns: the runs diverge chaotically, so they only have to be similar.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import resource
import sys
import time

from _engines import add_interpreter_options, load_engine, ours_python, pyode_available, run_engine
from bench_chain import build_chain

# contacts per pair of the native pipeline: no pair here makes more (sphere-sphere 1, box-plane 4, box-box
# at most 8), so it builds the contacts PyODE's collide (no count argument) builds
MAX_CONTACTS = 8
MU = 0.5
# scene -> (steps, dt, stepper, has contacts)
SCENES = {"chain": (500, 0.01, "step", False), "pendulum": (2000, 0.001, "step", False),
          "spheres": (200, 0.01, "quickStep", True), "boxes": (500, 0.01, "quickStep", True)}
FAULTS_AFTER = 10


def build_pendulum(ode):
    """One 1 kg sphere body 1 m from a hinge anchored to the world, axis y, starting horizontal."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphereTotal(1.0, 0.05)
    body.setMass(mass)
    body.setPosition((1.0, 0.0, 2.0))
    hinge = ode.HingeJoint(world)
    hinge.attach(body, None)
    hinge.setAnchor((0.0, 0.0, 2.0))
    hinge.setAxis((0.0, 1.0, 0.0))
    return world, hinge, body


def contact_world(ode):
    """World (gravity, ERP 0.2, CFM 1e-5), a HashSpace and a floor plane in it (returned: PyODE destroys a
    geom, and takes it out of its space, when its Python object goes away)."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setERP(0.2)
    world.setCFM(1e-5)
    space = ode.HashSpace()
    return world, space, ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)


def build_spheres(ode):
    """400 spheres of radius 0.1, four layers of 10 x 10 (0.22 m apart, jittered) above the floor."""
    world, space, floor = contact_world(ode)
    rng = random.Random(400)
    mass = ode.Mass()
    mass.setSphere(1000.0, 0.1)
    bodies, geoms = [], [floor]
    for k in range(400):
        layer, cell = divmod(k, 100)
        i, j = divmod(cell, 10)
        body = ode.Body(world)
        body.setMass(mass)
        x, y = 0.22 * (i - 4.5), 0.22 * (j - 4.5)
        body.setPosition((x + rng.uniform(-0.02, 0.02), y + rng.uniform(-0.02, 0.02),
                          0.15 + 0.25 * layer + rng.uniform(0.0, 0.05)))
        geom = ode.GeomSphere(space, 0.1)
        geom.setBody(body)
        bodies.append(body)
        geoms.append(geom)
    return world, space, bodies, geoms


def build_boxes(ode):
    """40 boxes 0.3 m wide on an 8 x 5 grid 0.5 m apart, just above the floor, each turned about z."""
    world, space, floor = contact_world(ode)
    rng = random.Random(40)
    mass = ode.Mass()
    mass.setBox(500.0, 0.3, 0.3, 0.3)
    bodies, geoms = [], [floor]
    for k in range(40):
        i, j = divmod(k, 5)
        body = ode.Body(world)
        body.setMass(mass)
        body.setPosition((0.5 * (i - 3.5), 0.5 * (j - 2.0), 0.16 + rng.uniform(0.0, 0.02)))
        t = rng.uniform(0.0, 2.0 * math.pi)
        c, s = math.cos(t), math.sin(t)
        body.setRotation((c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0))
        geom = ode.GeomBox(space, (0.3, 0.3, 0.3))
        geom.setBody(body)
        bodies.append(body)
        geoms.append(geom)
    return world, space, bodies, geoms


def build(ode, scene: str):
    """(world, space or None, bodies, objects to keep alive while stepping: joints, geoms) of a scene."""
    if scene == "chain":
        world, links = build_chain(ode, 50)
        return world, None, [b for b, _ in links], links
    if scene == "pendulum":
        world, hinge, body = build_pendulum(ode)
        return world, None, [body], [hinge]
    return build_spheres(ode) if scene == "spheres" else build_boxes(ode)


def near_callback(ode, counter: list):
    """The PyODE near-callback (PyODE's ``ode.collide`` takes no contact count), friction MU, one
    ContactJoint per contact; ``counter[0]`` counts the contacts."""

    def near(args, g1, g2):
        world, group = args
        for c in ode.collide(g1, g2):
            c.setMu(MU)
            ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())
            counter[0] += 1

    return near


def minflt() -> int:
    """Minor page faults of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def run_scene(ode, scene: str, mode: str, steps: int) -> dict:
    """Step a built scene ``steps`` times (collide first when it has contacts: the near-callback, or our
    native pipeline when ``mode == "native"``); seconds, contacts and minor faults after step FAULTS_AFTER."""
    _, dt, stepper_name, has_contacts = SCENES[scene]
    world, space, bodies, _alive = build(ode, scene)
    stepper = getattr(world, stepper_name)
    group = ode.JointGroup()
    counter = [0]
    near = near_callback(ode, counter)
    template = ode.Contact()
    template.setMu(MU)
    contacts, faults0 = 0, minflt()
    start = time.perf_counter()
    for k in range(steps):
        if k == FAULTS_AFTER:
            faults0 = minflt()
        if has_contacts:
            if mode == "native":
                contacts += space.collideContacts(world, group, template, MAX_CONTACTS)
            else:
                space.collide((world, group), near)
        stepper(dt)
        if has_contacts:
            group.empty()
    seconds = time.perf_counter() - start
    faults = minflt() - faults0
    contacts += counter[0]
    zs = [b.getPosition()[2] for b in bodies]
    return {"seconds": seconds, "steps": steps, "contacts": contacts,
            "minflt_per_step": faults / (steps - FAULTS_AFTER) if steps > FAULTS_AFTER else float("nan"),
            "mean_z": sum(zs) / len(zs)}


def worker(engine: str, scene: str, mode: str, steps: int, prealloc: bool, ours_path: str | None) -> dict:
    """One engine/mode on one scene in this process (optionally after allocating and freeing 64 MiB)."""
    ode = load_engine(engine, ours_path)
    if prealloc:
        block = bytearray(64 << 20)
        del block
    result = run_scene(ode, scene, mode, steps)
    result.update(engine=engine, scene=scene, mode=mode, prealloc=prealloc)
    return result


def jobs_for(scenes: list, engines: list) -> list:
    """(scene, engine, mode) jobs: each engine with the callback; ours also native where contacts are."""
    jobs = []
    for scene in scenes:
        for engine in engines:
            jobs.append((scene, engine, "callback"))
            if engine == "ours" and SCENES[scene][3]:
                jobs.append((scene, engine, "native"))
    return jobs


def _ms(r: dict | None) -> str:
    """Milliseconds of a result, or '-'."""
    return "-" if r is None else f"{1000 * r['seconds']:.1f}"


def print_table(best: dict, scenes: list, rounds: int, prealloc: bool) -> None:
    """Per scene: ms per run of each engine/mode, the ratios, minor faults per step and contacts per step."""
    print(f"PyODE-style scenes, milliseconds per run (set-up not timed), best of {rounds} rounds, fresh "
          f"interpreters{', after a 64 MiB block was allocated and freed' if prealloc else ''}")
    print(f"{'scene':30s} {'PyODE':>9s} {'ours cb':>9s} {'ours/PyODE':>10s} {'ours nat':>9s} "
          f"{'PyODE/nat':>9s} {'flt/step PyODE':>14s} {'ours cb':>8s} {'ours nat':>8s} "
          f"{'contacts/step':>18s}")
    for scene in scenes:
        _, dt, stepper, _ = SCENES[scene]
        p, o, n = (best.get((scene, e, m)) for e, m in
                   (("pyode", "callback"), ("ours", "callback"), ("ours", "native")))
        r1 = f"{o['seconds'] / p['seconds']:.2f}" if p and o else "-"
        r2 = f"{p['seconds'] / n['seconds']:.2f}" if p and n else "-"
        flt = ["-" if r is None else f"{r['minflt_per_step']:.2f}" for r in (p, o, n)]
        cps = "/".join(f"{r['contacts'] / r['steps']:.0f}" for r in (p, o, n) if r) if n else ""
        label = f"{scene} ({(p or o or n)['steps']} x {stepper}({dt}))"
        print(f"{label:30s} {_ms(p):>9s} {_ms(o):>9s} {r1:>10s} {_ms(n):>9s} {r2:>9s} {flt[0]:>14s} "
              f"{flt[1]:>8s} {flt[2]:>8s} {cps:>18s}")


def main(argv=None) -> None:
    """Parse arguments; as a worker, run one scene and print JSON; else run the rounds and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="fresh interpreters per engine, interleaved")
    ap.add_argument("--scenes", default=",".join(SCENES), help="comma-separated: " + ", ".join(SCENES))
    ap.add_argument("--prealloc", action="store_true", help="allocate and free 64 MiB before building")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every scene's number of steps")
    ap.add_argument("--json", help="also write the best results to this file")
    add_interpreter_options(ap)
    ap.add_argument("--engines", default="pyode,ours", help="which engines to run (pyode, ours)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--job", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        scene, mode, steps = args.job
        print(json.dumps(worker(args.worker, scene, mode, int(steps), args.prealloc, args.ours_path)))
        return
    scenes = [s.strip() for s in args.scenes.split(",")]
    if any(s not in SCENES for s in scenes):
        ap.error(f"--scenes: choose among {list(SCENES)}")
    engines = [e.strip() for e in args.engines.split(",")]
    if "pyode" in engines and not pyode_available(args.pyode_python):
        print(f"no PyODE in {args.pyode_python}: running ours only", file=sys.stderr)
        engines.remove("pyode")
    best: dict = {}
    ours_py = ours_python(args)
    for _ in range(max(1, args.rounds)):
        for job in jobs_for(scenes, engines):
            scene, engine, mode = job
            extra = ["--job", scene, mode, max(1, round(SCENES[scene][0] * args.scale))]
            r = run_engine(__file__, engine, extra + (["--prealloc"] if args.prealloc else []),
                           args.ours_path, ours_py, args.pyode_python)
            if job not in best or r["seconds"] < best[job]["seconds"]:
                best[job] = r
    print_table(best, scenes, args.rounds, args.prealloc)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({" ".join(k): v for k, v in best.items()}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
