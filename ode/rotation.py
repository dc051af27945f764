"""Rotation matrices and quaternions: the manual's rotation functions, validated, on the chosen backend.

R is a 3x3 rotation matrix given and returned as 9 values, row-major (a 3x3 nested sequence is accepted too);
quaternions are (w, x, y, z). Bad input raises TypeError (wrong type) or ValueError (wrong length, NaN/inf,
degenerate axes). The arithmetic is done by ``_backend.kernel("rotation")`` and matches libode 0.16.2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from . import _backend, _check

if TYPE_CHECKING:
    from ._types import Mat3, Mat3Like, Quat, QuatLike, Vec3, Vec3Like

__all__ = [
    "RSetIdentity", "RFromAxisAndAngle", "RFromEulerAngles", "RFrom2Axes", "RFromZAxis", "QSetIdentity",
    "QFromAxisAndAngle", "QMultiply0", "QMultiply1", "QMultiply2", "QMultiply3", "QtoR", "RtoQ", "WtoDQ",
    "Normalize3", "Normalize4", "PlaneSpace", "OrthonormalizeR",
]

_K = _backend.kernel("rotation")
_SINGLE = _backend.REAL is np.float32


# ------------------------------------------------ validation shared with ode.mass (and usable by others)


_real = _check.finite        # value as a finite Python float, or TypeError/ValueError naming the argument


def _vector(name: str, value, n: int) -> tuple:
    """value as a tuple of n finite floats (any sequence or 1-d array of n real numbers)."""
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            raise ValueError(f"{name} must have {n} values, not an array of shape {value.shape}")
        value = value.tolist()
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence of {n} real numbers, not {type(value).__name__}")
    if len(value) != n:
        raise ValueError(f"{name} must have {n} values, not {len(value)}")
    return tuple(_real(f"{name}[{i}]", v) for i, v in enumerate(value))


def _matrix3(name: str, value) -> tuple:
    """A 3x3 matrix, given as 9 row-major values or 3 rows of 3, as a flat tuple of 9 finite floats."""
    if isinstance(value, np.ndarray):
        if value.shape not in ((9,), (3, 3)):
            raise ValueError(f"{name} must be 9 values or 3x3, not an array of shape {value.shape}")
        value = value.reshape(9).tolist()
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence of 9 real numbers, not {type(value).__name__}")
    if len(value) == 3 and all(isinstance(r, Sequence) and not isinstance(r, (str, bytes)) for r in value):
        rows = [_vector(f"{name}[{i}]", r, 3) for i, r in enumerate(value)]
        return rows[0] + rows[1] + rows[2]
    return _vector(name, value, 9)


def _out(values: tuple) -> tuple:
    """Kernel output stored at the process precision (float32 in single, as a dReal array would hold it)."""
    if _SINGLE:
        return tuple(np.asarray(values, dtype=np.float32).tolist())
    return values


# ------------------------------------------------ the manual's rotation functions


def RSetIdentity() -> Mat3:
    """The identity rotation matrix (9 values, row-major)."""
    return _out(_K.RSetIdentity())


def RFromAxisAndAngle(ax: float, ay: float, az: float, angle: float) -> Mat3:
    """Rotation matrix of angle radians about the axis (ax, ay, az) (identity for a zero axis, as ODE)."""
    args = (_real("ax", ax), _real("ay", ay), _real("az", az), _real("angle", angle))
    return _out(_K.RFromAxisAndAngle(*args))


def RFromEulerAngles(phi: float, theta: float, psi: float) -> Mat3:
    """Rotation matrix from ODE's Euler angles phi, theta, psi (radians)."""
    return _out(_K.RFromEulerAngles(_real("phi", phi), _real("theta", theta), _real("psi", psi)))


def RFrom2Axes(ax: float, ay: float, az: float, bx: float, by: float, bz: float) -> Mat3:
    """Rotation matrix whose x axis is a and whose y axis is b made unit and perpendicular to a."""
    args = [_real(n, v) for n, v in zip(("ax", "ay", "az", "bx", "by", "bz"), (ax, ay, az, bx, by, bz))]
    R = _K.RFrom2Axes(*args)
    if R is None:
        raise ValueError("RFrom2Axes needs a non-zero a and a b not parallel to a")
    return _out(R)


def RFromZAxis(ax: float, ay: float, az: float) -> Mat3:
    """A rotation matrix whose z axis is the unit (ax, ay, az)."""
    R = _K.RFromZAxis(_real("ax", ax), _real("ay", ay), _real("az", az))
    if R is None:
        raise ValueError("RFromZAxis needs a non-zero axis")
    return _out(R)


def QSetIdentity() -> Quat:
    """The identity quaternion (1, 0, 0, 0)."""
    return _out(_K.QSetIdentity())


def QFromAxisAndAngle(ax: float, ay: float, az: float, angle: float) -> Quat:
    """Quaternion of angle radians about the axis (ax, ay, az) (identity for a zero axis, as ODE)."""
    args = (_real("ax", ax), _real("ay", ay), _real("az", az), _real("angle", angle))
    return _out(_K.QFromAxisAndAngle(*args))


def QMultiply0(qb: QuatLike, qc: QuatLike) -> Quat:
    """qb * qc: rotation qc followed by rotation qb."""
    return _out(_K.QMultiply0(_vector("qb", qb, 4), _vector("qc", qc, 4)))


def QMultiply1(qb: QuatLike, qc: QuatLike) -> Quat:
    """inverse(qb) * qc."""
    return _out(_K.QMultiply1(_vector("qb", qb, 4), _vector("qc", qc, 4)))


def QMultiply2(qb: QuatLike, qc: QuatLike) -> Quat:
    """qb * inverse(qc)."""
    return _out(_K.QMultiply2(_vector("qb", qb, 4), _vector("qc", qc, 4)))


def QMultiply3(qb: QuatLike, qc: QuatLike) -> Quat:
    """inverse(qb) * inverse(qc)."""
    return _out(_K.QMultiply3(_vector("qb", qb, 4), _vector("qc", qc, 4)))


def QtoR(q: QuatLike) -> Mat3:
    """Rotation matrix (9 values, row-major) of the unit quaternion q."""
    return _out(_K.QtoR(_vector("q", q, 4)))


def RtoQ(R: Mat3Like) -> Quat:
    """Unit quaternion (w, x, y, z) of the rotation matrix R."""
    return _out(_K.RtoQ(_matrix3("R", R)))


def WtoDQ(w: Vec3Like, q: QuatLike) -> Quat:
    """dq/dt of orientation q rotating with angular velocity w."""
    return _out(_K.WtoDQ(_vector("w", w, 3), _vector("q", q, 4)))


def Normalize3(a: Vec3Like) -> Vec3:
    """a scaled to unit length (robust to tiny, even subnormal, and huge values)."""
    a = _vector("a", a, 3)
    v = _K.Normalize3(a)
    if v is None:
        raise ValueError("cannot normalise a zero-length vector")
    if not all(math.isfinite(x) for x in v):
        # subnormal input: ODE's reciprocal of the largest component overflows; rescale by an exact power of 2
        e = math.frexp(max(abs(x) for x in a))[1]
        v = _K.Normalize3([math.ldexp(x, -e) for x in a])
    return _out(v)


def Normalize4(q: QuatLike) -> Quat:
    """The quaternion q scaled to unit length."""
    v = _vector("q", q, 4)
    if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3] <= 0.0:
        raise ValueError("cannot normalise a zero-length quaternion")
    return _out(_K.Normalize4(v))


def PlaneSpace(n: Vec3Like) -> tuple[Vec3, Vec3]:
    """Unit vectors (p, q) such that (unit n, p, q) is orthonormal, chosen as ODE's dPlaneSpace.

    ODE expects a unit n; a non-unit n is normalised first (a unit one is used as given, as libode does).
    """
    v = _vector("n", n, 3)
    if abs(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - 1.0) > 1e-6:
        v = Normalize3(v)
    p, q = _K.PlaneSpace(v)
    return _out(p), _out(q)


def OrthonormalizeR(R: Mat3Like) -> Mat3:
    """R made a rotation: row 0 normalised, row 2 = row0 x row1 normalised, row 1 = row2 x row0."""
    v = _K.OrthonormalizeR(_matrix3("R", R))
    if v is None:
        raise ValueError("OrthonormalizeR needs rows 0 and 1 non-zero and not parallel")
    return _out(v)
