"""Run a scene function of ``tests/`` under a chosen backend, in a fresh interpreter.

The backend is chosen once per process (ode._backend), and the API classes derive from that backend's
compiled or twin base types, so a comparison of the two backends runs each in its own interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def scene_in_backend(backend: str, module: str, function: str, **kwargs):
    """``module.function(ode, **kwargs)`` run with ODE_BACKEND=backend (this process's precision), its
    JSON-able result read back (floats round-trip exactly through JSON)."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(TESTS)!r})\n"
        "import ode\n"
        f"from {module} import {function} as f\n"
        f"print(json.dumps(f(ode, **json.loads({json.dumps(json.dumps(kwargs))}))))\n"
    )
    env = dict(os.environ, ODE_BACKEND=backend)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise RuntimeError(f"scene {module}.{function} failed under ODE_BACKEND={backend}:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])
