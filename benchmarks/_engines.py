"""Shared parts of the engine-against-engine benchmarks (bench_pile.py, bench_small.py, bench_calls.py,
bench_scenes.py).

Each engine runs in its own interpreter: the benchmark script re-runs itself with ``--worker ...`` and reads
one JSON line back. bench_pile and bench_small compare libode 0.16.2 through the ctypes shim
``tools/oracle/libode_pyode.py`` with our package (``ODE_BACKEND`` chooses the core or the pure-Python twins);
bench_calls and bench_scenes compare Debian's compiled PyODE (system interpreter) with our package taken
from a given checkout (``load_engine``, ``run_engine``).
"""

from __future__ import annotations

import json
import math
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
        from tools.oracle import libode_pyode as ode
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


# --- ours against Debian's PyODE (bench_calls.py, bench_scenes.py) ---------------------------------------
#
# There the reference is Debian's compiled PyODE extension on libode 0.16.2 (``python3-pyode``), run by the
# system interpreter, and ours is the package found in ``--ours-path`` (default: this checkout), run by the
# interpreter of the benchmark (the venv). Each worker is a fresh interpreter that prints one JSON line.

PYODE_PYTHON = "/usr/bin/python3"


def load_engine(engine: str, ours_path: str | None = None):
    """Import the PyODE-style module of an engine in this worker process: "pyode" (Debian's extension; the
    project directory must not be on sys.path, or ``import ode`` would find ours) or "ours" (the package in
    ``ours_path``, put first on sys.path). Raises RuntimeError when the module found is the wrong one."""
    if engine == "ours":
        path = str(Path(ours_path or ROOT).resolve())
        if path not in sys.path:
            sys.path.insert(0, path)
    import ode
    found = Path(ode.__file__).resolve()
    is_ours = hasattr(ode, "backend")
    if engine == "ours" and not (is_ours and str(found).startswith(path)):
        raise RuntimeError(f"expected our package under {path}, imported {found}")
    if engine == "pyode" and is_ours:
        raise RuntimeError(f"expected Debian's PyODE, imported our package from {found}")
    return ode


def pyode_available(python: str = PYODE_PYTHON) -> bool:
    """Whether ``python`` exists and imports a PyODE that is not our package (run from /, no PYTHONPATH)."""
    if not Path(python).exists():
        return False
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = "import ode, sys; sys.exit(hasattr(ode, 'backend'))"
    return subprocess.run([python, "-c", probe], env=env, cwd="/", capture_output=True).returncode == 0


def add_interpreter_options(ap) -> None:
    """The options choosing each engine's interpreter (shared by bench_calls and bench_scenes)."""
    ap.add_argument("--ours-path", help="directory holding our `ode` package (default: this checkout)")
    ap.add_argument("--ours-python", help="interpreter for ours (default: this one)")
    ap.add_argument("--pyode-python", default=PYODE_PYTHON, help="interpreter with Debian's PyODE")
    ap.add_argument("--same-python", action="store_true",
                    help="run ours on PyODE's interpreter too, so the two libraries are compared on one "
                         "interpreter build (needs NumPy there and a build of ours for its ABI)")


def ours_python(args) -> str | None:
    """The interpreter for ours: PyODE's with --same-python (checked to import our compiled package), else
    --ours-python or this one."""
    if not args.same_python:
        return args.ours_python
    path = str(Path(args.ours_path or ROOT).resolve())
    probe = "import ode, sys; sys.exit(0 if ode.backend == 'core' else 3)"
    env = dict(os.environ, PYTHONPATH=path)
    proc = subprocess.run([args.pyode_python, "-c", probe], env=env, cwd=path, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"--same-python: {args.pyode_python} cannot import our compiled package from "
                         f"{path}:\n{proc.stderr.strip()[-500:]}")
    return args.pyode_python


def run_engine(script: str, engine: str, args: list, ours_path: str | None = None,
               ours_python: str | None = None, pyode_python: str = PYODE_PYTHON,
               backend: str | None = None) -> dict:
    """Run ``script --worker ENGINE *args`` in a fresh interpreter and return its last stdout line (JSON).
    Ours runs under ``ours_python`` (default: this interpreter) with ``ours_path`` on PYTHONPATH; PyODE runs
    under ``pyode_python`` without PYTHONPATH, from /, so that only Debian's ``ode`` can be imported.
    ``backend`` sets ODE_BACKEND for ours; None leaves the environment's choice (the package's default:
    compiled when installed)."""
    path = str(Path(ours_path or ROOT).resolve())
    if engine == "ours":
        cmd = [ours_python or sys.executable, script, "--worker", engine, "--ours-path", path]
        env = dict(os.environ, PYTHONPATH=path)
        if backend is not None:
            env["ODE_BACKEND"] = backend
        cwd = path
    else:
        cmd = [pyode_python, script, "--worker", engine]
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        cwd = "/"
    proc = subprocess.run([*cmd, *map(str, args)], env=env, capture_output=True, text=True, cwd=cwd)
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-20:])
        raise RuntimeError(f"{engine} worker failed:\n{tail}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def geometric_mean(values: list) -> float:
    """The geometric mean of positive ratios (nan for none)."""
    vals = [v for v in values if v > 0]
    if not vals:
        return float("nan")
    return math.exp(sum(math.log(v) for v in vals) / len(vals))
