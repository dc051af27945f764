"""Load libode 0.16.2 through ctypes, for recording golden data only.

Nothing in the ``ode`` package imports this: libode is an oracle for tests, never linked into the package.
``fn(name, restype, *argtypes)`` declares and returns a C function; structures mirror ODE 0.16's headers.

By default the library is Debian's libode (double precision), loaded on first use. With the environment
variable ``ODE_LIBODE=/path/to/libode.so`` that library is used instead, and ``dReal`` (with every structure
and shim built on it) is ``c_float`` or ``c_double`` according to the library's own ``dGetConfiguration()``,
read here at import, before the structures are defined. ``PRECISION`` names the precision being recorded and
``recording_path`` places a single-precision recording in a ``single/`` directory beside the double one.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
from pathlib import Path

LIBRARY_ENV = "ODE_LIBODE"


def _configured_precision(path: str) -> str:
    """"single" or "double": the precision libode at ``path`` reports through dGetConfiguration()."""
    handle = ctypes.CDLL(path)
    handle.dGetConfiguration.restype = ctypes.c_char_p
    config = handle.dGetConfiguration()
    for precision in ("single", "double"):
        if f"ODE_{precision}_precision".encode() in config.split():
            return precision
    raise OSError(f"{path}: dGetConfiguration() names no precision: {config!r}")


def _precision() -> str:
    """The precision to record in: that of $ODE_LIBODE if set, else double (Debian's libode)."""
    path = os.environ.get(LIBRARY_ENV)
    return _configured_precision(path) if path else "double"


PRECISION = _precision()
dReal = ctypes.c_float if PRECISION == "single" else ctypes.c_double
dVector3 = dReal * 4
dVector4 = dReal * 4
dMatrix3 = dReal * 12
dQuaternion = dReal * 4
c_void_p = ctypes.c_void_p


class dMass(ctypes.Structure):
    """ODE's dMass: mass, centre c (dVector3), inertia I (dMatrix3, 3x4 row-major)."""

    _fields_ = [("mass", dReal), ("c", dVector3), ("I", dMatrix3)]


class dJointFeedback(ctypes.Structure):
    _fields_ = [("f1", dVector3), ("t1", dVector3), ("f2", dVector3), ("t2", dVector3)]


class dSurfaceParameters(ctypes.Structure):
    _fields_ = [
        ("mode", ctypes.c_int), ("mu", dReal), ("mu2", dReal), ("rho", dReal), ("rho2", dReal),
        ("rhoN", dReal), ("bounce", dReal), ("bounce_vel", dReal), ("soft_erp", dReal),
        ("soft_cfm", dReal), ("motion1", dReal), ("motion2", dReal), ("motionN", dReal),
        ("slip1", dReal), ("slip2", dReal),
    ]


class dContactGeom(ctypes.Structure):
    _fields_ = [
        ("pos", dVector3), ("normal", dVector3), ("depth", dReal), ("g1", c_void_p), ("g2", c_void_p),
        ("side1", ctypes.c_int), ("side2", ctypes.c_int),
    ]


class dContact(ctypes.Structure):
    _fields_ = [("surface", dSurfaceParameters), ("geom", dContactGeom), ("fdir1", dVector3)]


@functools.lru_cache(maxsize=1)
def lib() -> ctypes.CDLL:
    """The initialised libode, or OSError if it is not installed (apt-get install libode-dev).

    $ODE_LIBODE if set, else the system's libode, which must then be double precision.
    """
    path = os.environ.get(LIBRARY_ENV) or ctypes.util.find_library("ode") or "libode.so.8"
    handle = ctypes.CDLL(path)
    handle.dInitODE2(0)
    handle.dGetConfiguration.restype = ctypes.c_char_p
    if f"ODE_{PRECISION}_precision".encode() not in handle.dGetConfiguration().split():
        raise OSError(f"the recorder needs a {PRECISION}-precision libode")
    return handle


def fn(name: str, restype=None, *argtypes):
    """Declare libode's function ``name`` with its ctypes signature and return it."""
    f = getattr(lib(), name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


def vec(p, n: int = 3) -> tuple:
    """The first n values behind a ``const dReal*`` returned by libode."""
    return tuple(p[i] for i in range(n))


def recording_path(path) -> Path:
    """Where a recording meant for ``path`` goes: ``path`` in double precision, else ``single/`` beside it.

    So ``tests/data/scenes/hinge.npz`` recorded with a single-precision libode is written to
    ``tests/data/scenes/single/hinge.npz`` (the directory is created); tests read it from there.
    """
    path = Path(path)
    if PRECISION == "double":
        return path
    path.parent.joinpath(PRECISION).mkdir(parents=True, exist_ok=True)
    return path.parent / PRECISION / path.name
