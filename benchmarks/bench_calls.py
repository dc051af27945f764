"""Benchmark: the cost of single PyODE API calls, ours against Debian's PyODE on libode 0.16.2.

    python benchmarks/bench_calls.py [--rounds 5] [--only body.getPosition,world.step] [--json FILE]
                                     [--ours-path DIR] [--engines pyode,ours] [--target-ms 75]

Each call is timed in a tight loop of N calls (``time.perf_counter`` around ``for _ in range(N): <call>``,
the objects in local variables), N calibrated so that one measurement lasts about ``--target-ms``. The
cost of the empty loop, measured the same way, is subtracted and reported. Each round runs every engine in
a fresh interpreter, one after the other (interleaved); the table shows each call's best round.

Engines: Debian's PyODE (``/usr/bin/python3``, its compiled ``ode`` extension on libode 0.16.2) and ours
(the package in ``--ours-path``, default this checkout, run by this interpreter with ``ODE_BACKEND=core``),
so the same script measures another checkout. PyODE's ``Param*`` constants are those of an older ODE; the
calls here use only ``ParamVel`` (2 in both) and check, before timing, that ``setParam`` drives the hinge
motor in each engine (``FMax`` is parameter 5 in ODE 0.16, which PyODE calls ``ParamFMax`` = 3).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from _engines import (
    add_interpreter_options,
    geometric_mean,
    load_engine,
    ours_python,
    pyode_available,
    run_engine,
)

# ODE 0.16's parameter number of FMax (PyODE's ode.ParamFMax is stale: 3, which is LoVel in 0.16).
PARAM_FMAX_016 = 5

# (name, statement(s) timed in the loop, statement run untimed after each measurement or ""). The first
# contact-joint row lets the joints of one measurement accumulate in the group (emptied between
# measurements: tens of thousands of joints for PyODE); the second empties the group on every pass, as a
# simulation step does.
CALLS = [
    ("body.getPosition", "body.getPosition()", ""),
    ("body.setPosition", "body.setPosition(pos)", ""),
    ("body.addForce", "body.addForce(vec)", ""),
    ("body.getRotation", "body.getRotation()", ""),
    ("body.getLinearVel", "body.getLinearVel()", ""),
    ("body.getQuaternion", "body.getQuaternion()", ""),
    ("body.addTorque", "body.addTorque(vec)", ""),
    ("hingeJoint.getAngle", "hinge.getAngle()", ""),
    ("hingeJoint.setParam(ParamVel)", "hinge.setParam(param_vel, 0.5)", ""),
    ("joint.getFeedback", "hinge.getFeedback()", ""),
    ("geom.getAABB", "sphere.getAABB()", ""),
    ("ode.collide(sphere, plane)", "ode.collide(sphere, plane)", ""),
    ("collide + ContactJoint + attach",
     "for c in ode.collide(sphere, plane): ode.ContactJoint(world, group, c).attach(body, None)",
     "group.empty()"),
    ("collide + ContactJoint + attach + group.empty()",
     "for c in ode.collide(sphere, plane): ode.ContactJoint(world, group, c).attach(body, None)\n"
     "group.empty()", ""),
    ("space.collide (2 geoms, empty callback)", "space.collide(None, noop)", ""),
    ("mass.setSphere", "mass.setSphere(1000.0, 0.1)", ""),
    ("world.step (1 free body)", "free_world.step(0.01)", ""),
]
NAMES = [name for name, _, _ in CALLS]


def build_env(ode, engine: str) -> dict:
    """The objects the calls use: a world with one sphere body (its geom resting in a plane) hung from the
    world by a hinge with feedback on, a joint group, a simple space with the sphere and the plane, a Mass,
    and a second world with one free body. The hinge motor is checked here (see ``check_motor``).

    Every object is returned, the free body too: PyODE destroys a body, geom or joint when its last Python
    reference drops, so a body left only to its world would leave PyODE stepping an empty world."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(1000.0, 0.1)
    body.setMass(mass)
    body.setPosition((0.0, 0.0, 0.09))
    hinge = ode.HingeJoint(world)
    hinge.attach(body, None)
    hinge.setAnchor((0.0, 0.0, 0.5))
    hinge.setAxis((0.0, 1.0, 0.0))
    hinge.setFeedback(True)
    param_vel = ode.ParamVel
    motor_rate = check_motor(ode, world, hinge, param_vel)
    space = ode.SimpleSpace()
    sphere = ode.GeomSphere(space, 0.1)
    sphere.setBody(body)
    plane = ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    body.setPosition((0.0, 0.0, 0.09))
    free_world = ode.World()
    free_world.setGravity((0.0, 0.0, -9.81))
    free = ode.Body(free_world)
    free.setMass(mass)
    return {"ode": ode, "world": world, "body": body, "mass": mass, "hinge": hinge, "param_vel": param_vel,
            "space": space, "sphere": sphere, "plane": plane, "group": ode.JointGroup(),
            "free_world": free_world, "free_body": free, "pos": (0.0, 0.0, 0.09), "vec": (0.0, 0.0, 1.0),
            "noop": lambda args, g1, g2: None, "motor_rate": motor_rate}


def check_motor(ode, world, hinge, param_vel) -> float:
    """Set the hinge motor's target velocity to 1 through ``setParam(param_vel, 1.0)`` (FMax by ODE 0.16's
    number), step once and return the hinge's angle rate: within 5% of 1 when ``param_vel`` is the velocity
    parameter. Also leaves the hinge's feedback filled. Raises RuntimeError when it is not."""
    hinge.setParam(param_vel, 1.0)
    hinge.setParam(PARAM_FMAX_016, 1e4)
    world.step(0.001)
    rate = hinge.getAngleRate()
    if abs(abs(rate) - 1.0) > 0.05 or hinge.getParam(param_vel) != 1.0:
        raise RuntimeError(f"setParam({param_vel}, 1.0) did not set the motor velocity: rate {rate}")
    hinge.setParam(PARAM_FMAX_016, 0.0)
    return rate


def make_loop(stmt: str, env: dict):
    """A function ``loop(n) -> seconds`` running ``stmt`` n times, every name of ``env`` a local variable."""
    names = sorted(env)
    body = "\n".join("        " + line for line in stmt.splitlines()) or "        pass"
    src = (f"def _loop(_n, _perf, {', '.join(names)}):\n"
           f"    _t = _perf()\n"
           f"    for _ in range(_n):\n"
           f"{body}\n"
           f"    return _perf() - _t\n")
    scope: dict = {}
    exec(compile(src, f"<{stmt[:30]}>", "exec"), scope)
    fn = scope["_loop"]
    values = [env[k] for k in names]
    return lambda n: fn(n, time.perf_counter, *values)


def calibrate(loop, target: float, cleanup=None) -> int:
    """A loop count for which ``loop`` lasts about ``target`` seconds: n grows by 10 until a pass lasts 2 ms
    (or ``target``, when shorter), then scales by the best of three passes of that n (one disturbed pass
    must not shrink n). ``cleanup`` runs after every pass."""
    n, enough = 1, min(2e-3, target)
    while True:
        t = loop(n)
        if cleanup:
            cleanup(1)
        if t >= enough or n >= 10**8:
            for _ in range(2):
                t = min(t, loop(n))
                if cleanup:
                    cleanup(1)
            return max(1, int(n * target / max(t, 1e-9)))
        n *= 10


def measure(ode, engine: str, only: list | None = None, target_ms: float = 75.0, repeats: int = 2) -> dict:
    """Time every call (or those in ``only``) in this process: per call the net microseconds (best of
    ``repeats`` measurements of n calls, minus the empty loop), n, and the empty loop's cost per pass.
    Each call gets freshly built objects, so no call inherits another's state (forces added, a joint
    group's or a world's grown storage)."""
    env = build_env(ode, engine)
    target = target_ms / 1000.0
    empty = make_loop("pass", env)
    n_empty = calibrate(empty, target)
    loop_s = min(empty(n_empty) for _ in range(3)) / n_empty
    calls = {}
    for name, stmt, after in CALLS:
        if only and name not in only:
            continue
        env = build_env(ode, engine)
        loop = make_loop(stmt, env)
        cleanup = make_loop(after, env) if after else None
        n = calibrate(loop, target, cleanup)
        best = float("inf")
        for _ in range(repeats):
            best = min(best, loop(n))
            if cleanup:
                cleanup(1)
        calls[name] = {"us": 1e6 * (best / n - loop_s), "n": n}
    return {"engine": engine, "loop_us": 1e6 * loop_s, "calls": calls, "motor_rate": env["motor_rate"]}


def best_rounds(results: list) -> dict:
    """Per call, the lowest time over the rounds of one engine (and the lowest empty-loop cost)."""
    best = {"loop_us": min(r["loop_us"] for r in results), "calls": {}}
    for r in results:
        for name, c in r["calls"].items():
            if name not in best["calls"] or c["us"] < best["calls"][name]["us"]:
                best["calls"][name] = c
    return best


def print_table(best: dict, rounds: int) -> None:
    """The table call | PyODE us | ours us | ratio (ours / PyODE) and the geometric mean of the ratios."""
    engines = list(best)
    print(f"per-call time, microseconds (empty loop subtracted), best of {rounds} rounds, fresh interpreters")
    print("empty loop per pass: " + ", ".join(f"{e} {best[e]['loop_us'] * 1000:.1f} ns" for e in engines))
    head = "PyODE us" if "pyode" in best else ""
    print(f"{'call':48s} {head:>10s} {'ours us' if 'ours' in best else '':>10s} {'ours/PyODE':>10s}")
    ratios = []
    for name in NAMES:
        cells = [best.get(e, {}).get("calls", {}).get(name, {}).get("us") for e in ("pyode", "ours")]
        if all(c is None for c in cells):
            continue
        ratio = ""
        if None not in cells and cells[0] > 0:
            ratios.append(cells[1] / cells[0])
            ratio = f"{ratios[-1]:.2f}"
        text = ["" if c is None else f"{c:.3f}" for c in cells]
        print(f"{name:48s} {text[0]:>10s} {text[1]:>10s} {ratio:>10s}")
    if ratios:
        print(f"{'geometric mean of the ratios':48s} {'':>10s} {'':>10s} {geometric_mean(ratios):10.2f}")


def main(argv=None) -> None:
    """Parse arguments; as a worker, measure one engine and print JSON; else run the rounds and the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="fresh interpreters per engine, interleaved")
    ap.add_argument("--only", help="call names as in the table, separated by ';'")
    ap.add_argument("--json", help="also write every round's results and the best to this file")
    add_interpreter_options(ap)
    ap.add_argument("--engines", default="pyode,ours", help="which engines to run (pyode, ours)")
    ap.add_argument("--target-ms", type=float, default=75.0, help="duration of one measurement")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    only = [s.strip() for s in args.only.split(";")] if args.only else None
    unknown = [s for s in only or () if s not in NAMES]
    if unknown:
        ap.error(f"--only: unknown call(s) {unknown}; known: {NAMES}")
    if args.worker:
        ode = load_engine(args.worker, args.ours_path)
        print(json.dumps(measure(ode, args.worker, only, args.target_ms)))
        return
    engines = [e.strip() for e in args.engines.split(",")]
    if "pyode" in engines and not pyode_available(args.pyode_python):
        print(f"no PyODE in {args.pyode_python}: running ours only", file=sys.stderr)
        engines.remove("pyode")
    extra = ["--target-ms", args.target_ms] + (["--only", args.only] if args.only else [])
    rounds: dict = {e: [] for e in engines}
    ours_py = ours_python(args)
    for _ in range(max(1, args.rounds)):
        for e in engines:
            rounds[e].append(run_engine(__file__, e, extra, args.ours_path, ours_py,
                                        args.pyode_python))
    best = {e: best_rounds(rs) for e, rs in rounds.items()}
    print_table(best, args.rounds)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": rounds, "best": best}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
