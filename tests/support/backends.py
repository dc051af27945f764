"""Run a scene function of ``tests/support/`` under a chosen backend, in a fresh interpreter.

The backend is chosen once per process (ode._backend), and the API classes derive from that backend's
compiled or twin base types, so a comparison of the two backends runs each in its own interpreter.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent


def _package_dir() -> str:
    """The directory holding the ``ode`` under test (site-packages after an install, the checkout in
    development), found without importing it here."""
    spec = importlib.util.find_spec("ode")
    return str(Path(spec.origin).resolve().parent.parent)


OURS = _package_dir()


def fresh_env(**extra) -> dict:
    """The environment of a fresh interpreter that imports the same ``ode`` as this one: its directory first
    on PYTHONPATH. Run such interpreters with ``cwd=SUPPORT``: ``python -c`` puts its working directory first
    on sys.path, and the checkout's uncompiled source must not shadow an installed package."""
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = OURS + os.pathsep + env.get("PYTHONPATH", "")
    return env


def scene_in_backend(backend: str, module: str, function: str, **kwargs):
    """``module.function(ode, **kwargs)`` run with ODE_BACKEND=backend (this process's precision), its
    JSON-able result read back (floats round-trip exactly through JSON)."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(SUPPORT)!r})\n"
        "import ode\n"
        f"from {module} import {function} as f\n"
        f"print(json.dumps(f(ode, **json.loads({json.dumps(json.dumps(kwargs))}))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=fresh_env(ODE_BACKEND=backend), cwd=str(SUPPORT),
                         capture_output=True, text=True, check=False)
    if out.returncode:
        raise RuntimeError(f"scene {module}.{function} failed under ODE_BACKEND={backend}:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])
