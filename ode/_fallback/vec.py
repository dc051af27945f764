"""Pure-Python twin of ``ode/_core/vec.pxd``: small 3-vector and 3x3 helpers shared by the hand-written twins.

The same floating-point operations in the same order as the inline Cython helpers; vectors and matrices are
flat lists (3x3 row-major), results are new lists.
"""

from __future__ import annotations

import math


def cross(a, b):
    """a x b as a list (dCalcVectorCross3 order)."""
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot3(a, b):
    """Three-term dot product summed left to right."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def dot6(a, p, b, q):
    """Six-term dot product of a[p:p + 6] and b[q:q + 6], summed left to right."""
    return (a[p] * b[q] + a[p + 1] * b[q + 1] + a[p + 2] * b[q + 2]
            + a[p + 3] * b[q + 3] + a[p + 4] * b[q + 4] + a[p + 5] * b[q + 5])


def mv(M, v):
    """M v."""
    return [M[0] * v[0] + M[1] * v[1] + M[2] * v[2],
            M[3] * v[0] + M[4] * v[1] + M[5] * v[2],
            M[6] * v[0] + M[7] * v[1] + M[8] * v[2]]


def mtv(M, v):
    """M^T v."""
    return [M[0] * v[0] + M[3] * v[1] + M[6] * v[2],
            M[1] * v[0] + M[4] * v[1] + M[7] * v[2],
            M[2] * v[0] + M[5] * v[1] + M[8] * v[2]]


def rotate_tensor(R, T):
    """R T R^T: a body-frame tensor expressed in the world frame (T R^T first, then R times it)."""
    tmp = [0.0] * 9
    for i in range(3):
        for j in range(3):
            tmp[3 * i + j] = T[3 * i] * R[3 * j] + T[3 * i + 1] * R[3 * j + 1] + T[3 * i + 2] * R[3 * j + 2]
    out = [0.0] * 9
    for i in range(3):
        for j in range(3):
            out[3 * i + j] = R[3 * i] * tmp[j] + R[3 * i + 1] * tmp[3 + j] + R[3 * i + 2] * tmp[6 + j]
    return out


def invert3(a):
    """Closed-form inverse of a general 3x3 matrix, or None when it is singular."""
    det = (a[0] * (a[4] * a[8] - a[5] * a[7]) + a[1] * (a[5] * a[6] - a[3] * a[8])
           + a[2] * (a[3] * a[7] - a[4] * a[6]))
    if det == 0.0:
        return None
    r = 1.0 / det
    return [(a[4] * a[8] - a[5] * a[7]) * r, (a[2] * a[7] - a[1] * a[8]) * r, (a[1] * a[5] - a[2] * a[4]) * r,
            (a[5] * a[6] - a[3] * a[8]) * r, (a[0] * a[8] - a[2] * a[6]) * r, (a[2] * a[3] - a[0] * a[5]) * r,
            (a[3] * a[7] - a[4] * a[6]) * r, (a[1] * a[6] - a[0] * a[7]) * r, (a[0] * a[4] - a[1] * a[3]) * r]


def sinc(x):
    """sin(x)/x with the series near zero."""
    if math.fabs(x) < 1.0e-4:
        return 1.0 - x * x * 0.166666666666666666667
    return math.sin(x) / x
