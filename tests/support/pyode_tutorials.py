"""PyODE's tutorials 1 and 3 run unchanged with any PyODE-shaped ``ode``: ours, or the libode shim.

The scripts are read from /usr/share/doc/python3-pyode/examples/ (Debian's python3-pyode). Graphics are
stubbed: fake ``OpenGL``/``pygame`` modules accept any call, and the fake GLUT main loop drives tutorial 3's
idle callback ``frames`` times (time.sleep is a no-op, ``random`` is seeded). tools/record/record_tutorials.py
runs them against libode, tests/fidelity/test_tutorials.py against our package.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
import time
import types
from pathlib import Path

EXAMPLES = Path("/usr/share/doc/python3-pyode/examples")
FRAMES3 = 240
_NUM = r"(-?[0-9.]+(?:e[-+]?[0-9]+)?)"
_VEC = rf"\({_NUM}, {_NUM}, {_NUM}\)"
LINE = re.compile(rf"position: {_VEC}, velocity: {_VEC}, joints: (\d+)")


def _stub(*_args, **_kwargs):
    """Any graphics call: accepted and ignored."""
    return 0


class _FakeModule(types.ModuleType):
    """A module whose every attribute is a do-nothing callable (constants become 0 via __all__)."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return _stub


class Glut:
    """The fake GLUT main loop: remembers the callbacks and drives the idle one ``frames`` times."""

    def __init__(self, frames: int, ns: dict, trace: list) -> None:
        self.frames, self.ns, self.trace = frames, ns, trace
        self.idle = self.display = None

    def set_idle(self, f) -> None:
        self.idle = f

    def set_display(self, f) -> None:
        self.display = f

    def main_loop(self) -> None:
        """Call idle (and display every 10th frame) and record every body's position after each frame."""
        for k in range(self.frames):
            self.idle()
            if self.display is not None and k % 10 == 0:
                self.display()
            self.trace.append([list(b.getPosition()) for b in self.ns["bodies"]])


def graphics_modules(script: str, glut: Glut) -> dict:
    """Fake OpenGL (GL, GLU, GLUT) and pygame modules exporting every gl*/GL_* name the script uses."""
    names = sorted(set(re.findall(r"\b(?:gl|GL_|GLU_|GLUT_)\w*", script)))
    mods = {}
    for name in ("OpenGL", "OpenGL.GL", "OpenGL.GLU", "OpenGL.GLUT", "pygame", "pygame.locals"):
        m = _FakeModule(name)
        for n in names:
            setattr(m, n, 0 if n.isupper() or n.startswith(("GL_", "GLU_", "GLUT_")) else _stub)
        m.__all__ = names
        mods[name] = m
    glut_mod = mods["OpenGL.GLUT"]
    for m in (glut_mod, mods["OpenGL.GL"], mods["OpenGL.GLU"]):
        m.glutIdleFunc = glut.set_idle
        m.glutDisplayFunc = glut.set_display
        m.glutMainLoop = glut.main_loop
    gl = mods["OpenGL"]
    gl.GL, gl.GLU, gl.GLUT = mods["OpenGL.GL"], mods["OpenGL.GLU"], glut_mod
    return mods


@contextlib.contextmanager
def bound(ode_module, extra: dict):
    """Bind ``ode`` (and fake modules) in sys.modules; silence time.sleep; seed random; restore afterwards."""
    saved = {k: sys.modules.get(k) for k in ("ode", *extra)}
    sleep, state = time.sleep, random.getstate()
    sys.modules["ode"] = ode_module
    sys.modules.update(extra)
    time.sleep = lambda _s: None
    random.seed(20240601)
    try:
        yield
    finally:
        time.sleep = sleep
        random.setstate(state)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def run_tutorial1(ode_module, script: str) -> list:
    """Run tutorial1.py as __main__; return its moved-callback lines as [x, y, z, vx, vy, vz, joints] rows."""
    out = io.StringIO()
    with bound(ode_module, {}), contextlib.redirect_stdout(out):
        exec(compile(script, "tutorial1.py", "exec"), {"__name__": "__main__"})
    rows = [[float(x) for x in m.groups()[:6]] + [int(m.group(7))] for m in LINE.finditer(out.getvalue())]
    return rows


def run_tutorial3(ode_module, script: str, frames: int = FRAMES3) -> list:
    """Run tutorial3.py with a fake GLUT for ``frames`` frames; return body positions after every frame."""
    ns: dict = {"__name__": "__main__"}
    trace: list = []
    glut = Glut(frames, ns, trace)
    with bound(ode_module, graphics_modules(script, glut)):
        exec(compile(script, "tutorial3.py", "exec"), ns)
    return trace
