"""Shared parts of the engine-against-engine benchmarks (bench_pile.py, bench_small.py).

Each engine runs in its own interpreter: the benchmark script re-runs itself with ``--worker ...`` and reads
one JSON line back. The engines are libode 0.16.2 through the ctypes shim ``tools/libode_pyode.py`` and our
package (``ODE_BACKEND`` chooses the core or the pure-Python twins).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def engine_module(engine: str):
    """The PyODE-style module of an engine: "libode" (the ctypes shim) or "ours" (this package)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if engine == "libode":
        from tools import libode_pyode as ode
    else:
        import ode
    return ode


def near_callback(ode, max_contacts: int, mu: float = 0.5, bounce: float = 0.1):
    """A PyODE-style near callback (args = (world, group)): up to max_contacts contacts per pair, one
    ContactJoint each, attached to the geoms' bodies."""

    def near(args, g1, g2):
        world, group = args
        b1, b2 = g1.getBody(), g2.getBody()
        for c in ode.collide(g1, g2, max_contacts):
            c.setMu(mu)
            c.setBounce(bounce)
            j = ode.ContactJoint(world, group, c)
            j.attach(b1, b2)

    return near


def step_loop(ode, world, space, steps: int, dt: float, mode: str, max_contacts: int,
              mu: float = 0.5, bounce: float = 0.1) -> tuple:
    """The timed loop, per step: collide (PyODE-style callback, or ``mode == "native"``: our
    space.collideContacts), quickStep(dt) (World.step when quickStep is absent), group.empty().
    Returns (seconds, contact joints created, whether quickStep was used)."""
    group = ode.JointGroup()
    quick = hasattr(world, "quickStep")
    stepper = world.quickStep if quick else world.step
    near = near_callback(ode, max_contacts, mu, bounce)
    template = None
    if mode == "native":
        template = ode.Contact()
        template.setMu(mu)
        template.setBounce(bounce)
    contacts = 0
    start = time.perf_counter()
    for _ in range(steps):
        if mode == "native":
            contacts += space.collideContacts(world, group, template, max_contacts)
        else:
            space.collide((world, group), near)
            contacts += len(group._joints)      # (the libode shim has no len(group))
        stepper(dt)
        group.empty()
    return time.perf_counter() - start, contacts, quick


def run_worker(script: str, args: list, backend: str = "core") -> dict:
    """Run ``script --worker *args`` in a fresh interpreter (so the engines never share state); its last
    stdout line is a JSON object."""
    env = dict(os.environ, ODE_BACKEND=backend, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, script, "--worker", *map(str, args)], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def best_of(rounds: int, jobs: list, run) -> dict:
    """Run every job ``rounds`` times, interleaved (job by job within a round); keep each job's fastest
    result (``run(job)`` returns a dict with "seconds"). The machine is shared: the best round is the
    one least disturbed."""
    best: dict = {}
    for _ in range(max(rounds, 1)):
        for job in jobs:
            r = run(job)
            if job not in best or r["seconds"] < best[job]["seconds"]:
                best[job] = r
    return best
