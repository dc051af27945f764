"""Load Debian's libode 0.16.2 (double precision) through ctypes, for recording golden data only.

Nothing in the ``ode`` package imports this: libode is an oracle for tests, never linked into the package.
``fn(name, restype, *argtypes)`` declares and returns a C function; structures mirror ODE 0.16's headers.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools

dReal = ctypes.c_double
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
    """The initialised libode, or OSError if it is not installed (apt-get install libode-dev)."""
    path = ctypes.util.find_library("ode") or "libode.so.8"
    handle = ctypes.CDLL(path)
    handle.dInitODE2(0)
    handle.dGetConfiguration.restype = ctypes.c_char_p
    if b"ODE_double_precision" not in handle.dGetConfiguration():
        raise OSError("the recorder needs a double-precision libode")
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
