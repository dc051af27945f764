"""PyODE's remaining example scripts (tutorial2, transforms, tutorial_heightmap, vehicle) run unchanged with
any PyODE-shaped ``ode``: ours, or the libode shim (tools/oracle/libode_pyode_ex.py).

The scripts are read from /usr/share/doc/python3-pyode/examples/ (Debian's python3-pyode) and run as
``__main__`` with fake ``pygame``, OpenGL, ``cgtypes`` and ``PIL`` modules; pygame's event queue is driven
frame by frame (scripted key and mouse events for vehicle.py) and the scene is sampled each frame.
tools/record/record_examples.py runs them against libode, tests/fidelity/test_examples.py against our package.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import re
import struct
import sys
import types
import zlib
from pathlib import Path

from pyode_tutorials import LINE, Glut, bound, graphics_modules

EXAMPLES = Path("/usr/share/doc/python3-pyode/examples")
XODE = Path("/usr/lib/python3/dist-packages/xode")

FRAMES2 = 150          # tutorial2: 3 s of the double pendulum at 50 fps
FRAMES_T = 20          # transforms: 20 frames of 2 half steps, zero gravity
FRAMES_V = 120         # vehicle: fall, drive forward, steer, a mouse-click jolt
FRAMES_V_PY = 45       # vehicle under the pure-Python backend: the prefix before the wall of boxes lands
FIRST_V = 56           # vehicle: frames before the wall's boxes start stacking on each other

# Scripted input of vehicle.py: frame -> events (the script's own key and mouse handlers act on them).
KEYDOWN, KEYUP, MOUSEBUTTONDOWN, QUIT = 2, 3, 5, 12
K_w, K_a, K_s, K_d, K_ESCAPE = 119, 97, 115, 100, 27
VEHICLE_EVENTS = {
    5: [(KEYDOWN, K_w)],
    50: [(KEYDOWN, K_a)],
    80: [(KEYUP, K_a), (KEYDOWN, K_d)],
    95: [(KEYUP, K_d), (MOUSEBUTTONDOWN, 1)],
    105: [(KEYUP, K_w), (KEYDOWN, K_s)],
}


# ---------------------------------------------------------------- fakes
class _Anything:
    """A value that accepts every call, attribute, item and arithmetic (pygame surfaces, cgtypes matrices)."""

    def __call__(self, *_a, **_k):
        return self

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return self

    def __setitem__(self, _key, _value) -> None:
        pass

    def __mul__(self, _other):
        return self

    __rmul__ = __mul__

    def toList(self) -> list:
        """A 4x4 matrix as 16 floats."""
        return [0.0] * 16


class _Driver:
    """pygame's event queue: snapshot the scene, then hand out this frame's events (QUIT after ``frames``)."""

    def __init__(self, frames: int, events: dict, snapshot) -> None:
        self.frames, self.events, self.snapshot = frames, events, snapshot
        self.k = 0
        self.trace: list = []

    def get(self) -> list:
        """The events of the current frame; records the state reached after the previous frames."""
        self.trace.append(self.snapshot())
        k, self.k = self.k, self.k + 1
        if k >= self.frames:
            return [types.SimpleNamespace(type=QUIT, key=0, button=0)]
        return [types.SimpleNamespace(type=t, key=v, button=v) for t, v in self.events.get(k, [])]


def _pygame(driver: _Driver) -> dict:
    """Fake ``pygame`` and ``pygame.locals``: constants, display, draw, clock, mouse and the driven events."""
    consts = {
        "QUIT": QUIT, "KEYDOWN": KEYDOWN, "KEYUP": KEYUP, "MOUSEBUTTONDOWN": MOUSEBUTTONDOWN,
        "K_w": K_w, "K_a": K_a, "K_s": K_s, "K_d": K_d, "K_ESCAPE": K_ESCAPE, "OPENGL": 2, "DOUBLEBUF": 1,
    }
    pg = types.ModuleType("pygame")
    locals_ = types.ModuleType("pygame.locals")
    for mod in (pg, locals_):
        mod.__dict__.update(consts)
    locals_.__all__ = list(consts)
    anything = _Anything()
    pg.init = lambda: (6, 0)
    pg.quit = anything
    pg.display = types.SimpleNamespace(set_mode=lambda *a, **k: anything, flip=anything, set_caption=anything)
    pg.draw = anything
    pg.time = types.SimpleNamespace(Clock=lambda: anything)
    pg.mouse = types.SimpleNamespace(get_pos=lambda: (320, 240), set_visible=anything)
    pg.event = types.SimpleNamespace(get=driver.get)
    pg.locals = locals_
    return {"pygame": pg, "pygame.locals": locals_}


def _cgtypes() -> types.ModuleType:
    """Fake ``cgtypes`` (transforms.py builds camera matrices with it; they only feed the fake GL)."""
    cg = types.ModuleType("cgtypes")
    cg.mat4 = cg.vec3 = cg.vec4 = cg.quat = _Anything()
    cg.__all__ = ["mat4", "vec3", "vec4", "quat"]
    return cg


def _png_band(path: Path, band: int) -> tuple:
    """(width, height, values of one channel) of an 8-bit non-interlaced PNG (grey, RGB, grey+alpha, RGBA)."""
    raw = path.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, idat, head = 8, b"", None
    while pos < len(raw):
        (n,) = struct.unpack(">I", raw[pos:pos + 4])
        kind, body = raw[pos + 4:pos + 8], raw[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    width, height, depth, colour, _c, _f, interlace = head
    assert depth == 8 and interlace == 0, "only 8-bit non-interlaced PNGs are read"
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    data, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype, line = data[y * (stride + 1)], bytearray(data[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, [row[x * bpp + band] for row in rows for x in range(width)]


def _pil() -> dict:
    """Fake ``PIL``/``PIL.Image``: Image.open(path) gives .size and .getdata(band) read by _png_band."""

    class _Image:
        def __init__(self, path, _mode: str = "r") -> None:
            self.path = Path(path)
            self.size = _png_band(self.path, 0)[:2]

        def getdata(self, band: int = 0) -> list:
            return _png_band(self.path, band)[2]

    image = types.ModuleType("PIL.Image")
    image.open = _Image
    pil = types.ModuleType("PIL")
    pil.Image = image
    return {"PIL": pil, "PIL.Image": image}


def _ours_xode(module) -> bool:
    """Whether an imported xode is this distribution's (the source tree's or an installed copy, which ship
    ``py.typed``) rather than Debian's python3-pyode one."""
    folder = Path(module.__file__).resolve().parent
    return folder != XODE.resolve() and (folder / "py.typed").is_file()


@contextlib.contextmanager
def _fresh_xode():
    """Import this package's xode anew in the block (it binds whichever ``ode`` is bound); afterwards the
    modules imported before the block are put back, so other tests keep their xode classes."""

    def purge() -> dict:
        names = [n for n in sys.modules if n == "xode" or n.startswith("xode.")]
        return {n: sys.modules.pop(n) for n in names}

    saved = purge()
    try:
        module = importlib.import_module("xode")
        assert _ours_xode(module), module.__file__  # this distribution's xode, never Debian's copy
        yield
    finally:
        purge()
        sys.modules.update(saved)


@contextlib.contextmanager
def _script_dir():
    """sys.path[0] is the examples directory, as when the script is run from there."""
    saved = sys.path[0]
    sys.path[0] = str(EXAMPLES)
    try:
        yield
    finally:
        sys.path[0] = saved


def _exec(ode_module, name: str, script: str, driver: _Driver | None, extra: dict, ns: dict) -> str:
    """Run ``script`` as __main__ with ``ode`` and the fakes bound; return what it printed."""
    mods = dict(extra)
    if driver is not None:
        glut = Glut(0, ns, [])  # the scripts here run pygame's loop, never GLUT's
        mods.update({k: v for k, v in graphics_modules(script, glut).items() if not k.startswith("pygame")})
        mods.update(_pygame(driver))
    out = io.StringIO()
    with bound(ode_module, mods), _fresh_xode(), _script_dir(), contextlib.redirect_stdout(out):
        exec(compile(script, str(EXAMPLES / name), "exec"), ns)
    return out.getvalue()


# ---------------------------------------------------------------- the four scripts
def _pos(body) -> list:
    return [float(x) for x in body.getPosition()]


def run_tutorial2(ode_module, script: str, frames: int = FRAMES2) -> list:
    """tutorial2.py (double pendulum built by xode, world.step): [body1 xyz, body2 xyz] per frame."""
    ns: dict = {"__name__": "__main__"}
    driver = _Driver(frames, {}, lambda: [_pos(ns["body1"]), _pos(ns["body2"])])
    _exec(ode_module, "tutorial2.py", script, driver, {}, ns)
    return driver.trace


def run_transforms(ode_module, script: str, frames: int = FRAMES_T) -> list:
    """transforms.py (xode's nested transforms, zero gravity): per frame, every body's [xyz + 9 rotation]."""
    ns: dict = {"__name__": "__main__"}
    driver = _Driver(frames, {}, lambda: [
        _pos(b) + [float(x) for x in b.getRotation()] for b in ns["bodies"]
    ])
    _exec(ode_module, "transforms.py", script, driver, {"cgtypes": _cgtypes()}, ns)
    return driver.trace


def run_heightmap(ode_module, script: str) -> list:
    """tutorial_heightmap.py (its own 113-step loop): moved-callback lines, [x, y, z, vx, vy, vz, joints]."""
    out = _exec(ode_module, "tutorial_heightmap.py", script, None, _pil(), {"__name__": "__main__"})
    return [[float(x) for x in m.groups()[:6]] + [int(m.group(7))] for m in LINE.finditer(out)]


def py3_vehicle(script: str) -> str:
    """vehicle.py with its one Python 2 statement (``print info``) written as a call; nothing else changes."""
    fixed, n = re.subn(r"^(\s*)print info$", r"\1print(info)", script, flags=re.M)
    assert n == 1, "vehicle.py changed: expected exactly one 'print info' statement"
    return fixed


def _vehicle_bodies(ns: dict) -> list:
    """The bodies of the demo's geoms (chassis, wheels, wall boxes) in the script's own order."""
    seen, bodies = set(), []
    for g in ns["demo"]._geoms:
        b = g.getBody()
        if b is not None and id(b) not in seen:
            seen.add(id(b))
            bodies.append(b)
    return bodies


def run_vehicle(ode_module, script: str, frames: int = FRAMES_V) -> list:
    """vehicle.py driven by VEHICLE_EVENTS: every body's position per frame (chassis, 3 wheels, 63 boxes)."""
    ns: dict = {"__name__": "__main__"}
    driver = _Driver(frames, VEHICLE_EVENTS, lambda: [_pos(b) for b in _vehicle_bodies(ns)])
    _exec(ode_module, "vehicle.py", py3_vehicle(script), driver, {}, ns)
    return driver.trace
