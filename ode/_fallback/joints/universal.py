"""Universal joint: two rotational degrees of freedom, about axis 1 on body 1 and axis 2 on body 2.

Rows 1-3 are the ball rows. Row 4 keeps the two axes perpendicular: the relative angular velocity along
a1 x a2 (the direction that changes their angle) is stopped, and the error is their dot product, zero when
perpendicular. Rows 5-6 are the limit/motor rows about a1 and a2. Each angle is the body's rotation about
its own axis measured from the frame built by the two axes (the cross), against the reference taken when
the axes were set.
"""

from __future__ import annotations

from math import sqrt

from ... import _layout as L
from .ball import _ball_rows
from .common import NC, _angle_from_rel, _body_q, _cross_q, _not_parallel, _qmul, _qmul_conj_a
from .geometry import _axis_world
from .limits import _motor_row, _test_limit

# ---- kernels


def _set_universal_reference(jint, jreal, j, breal):
    #: cdef void _set_universal_reference(const int* jint, dReal* jreal, int j,
    #:                                    const dReal* breal) noexcept nogil
    """Remember each body's rotation relative to its cross (its own axis, then the other): zero angles."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal qc[4]
    #: dReal qb[4]
    #: dReal qr[4]
    #: int i
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    qc = [0.0, 0.0, 0.0, 0.0]  # py
    qb = [0.0, 0.0, 0.0, 0.0]  # py
    qr = [0.0, 0.0, 0.0, 0.0]  # py
    _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b1, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + L.J_QREL + i] = qr[i]
    _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    _body_q(breal, b2, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + L.J_QREL2 + i] = qr[i]


def _universal_angle(jint, jreal, j, breal, which):
    #: cdef dReal _universal_angle(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                             int which) noexcept nogil
    """Universal angle 1 (which 0: body 1 about axis 1) or 2 (body 2 about axis 2), relative to the cross.

    Angle 2 has two measures in libode. The getter's (which 1) builds its cross from axis 2 and axis 1. The
    step's and the PU's angle pair (which 2) turn angle 1's cross half a turn about a1 + a2, which swaps
    the axes only when both have unit length: an axis kept as the user gave it (the environment's) makes
    the two differ."""
    #: int b
    #: int jo
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal qc[4]
    #: dReal qb[4]
    #: dReal now[4]
    #: dReal ref[4]
    #: int ro, ao, i
    #: dReal theta
    b = int(jint[j * L.JI + (L.JI_B2 if which else L.JI_B1)])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    qc = [0.0, 0.0, 0.0, 0.0]  # py
    qb = [0.0, 0.0, 0.0, 0.0]  # py
    now = [0.0, 0.0, 0.0, 0.0]  # py
    ref = [0.0, 0.0, 0.0, 0.0]  # py
    if which == 1:
        _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    elif which == 2:
        _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qb)
        _half_turn_between(a1, a2, qb, qc)
    else:
        _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b, qb)
    _qmul_conj_a(qb, qc, now)
    ro = jo + (L.J_QREL2 if which else L.J_QREL)
    ao = jo + (L.J_AXIS2 if which else L.J_AXIS1)
    for i in range(4):
        ref[i] = float(jreal[ro + i])
    theta = _angle_from_rel(now, ref, float(jreal[ao]), float(jreal[ao + 1]), float(jreal[ao + 2]))
    if which:
        return -theta
    return theta


def _half_turn_between(a1, a2, q, out):
    #: cdef void _half_turn_between(const dReal* a1, const dReal* a2, const dReal* q,
    #:                              dReal* out) noexcept nogil
    """out = h * q, h the half turn about the direction of a1 + a2 (which swaps a1 and a2 when both have
    unit length), as libode turns angle 1's cross into angle 2's."""
    #: dReal h[4]
    #: dReal l
    h = [0.0, 0.0, 0.0, 0.0]  # py
    h[0] = 0.0
    h[1] = a1[0] + a2[0]
    h[2] = a1[1] + a2[1]
    h[3] = a1[2] + a2[2]
    l = 1.0 / sqrt(h[1] * h[1] + h[2] * h[2] + h[3] * h[3])
    h[1] = h[1] * l
    h[2] = h[2] * l
    h[3] = h[3] * l
    _qmul(h, q, out)


def _perpendicular_row(a1, a2, b2, k, J, c, row):
    #: cdef void _perpendicular_row(const dReal* a1, const dReal* a2, int b2, dReal k, dReal* J, dReal* c,
    #:                              int row) noexcept nogil
    """Row ``row`` keeping axes a1 and a2 perpendicular (universal, PU): a zero row when they are parallel."""
    #: dReal d, t0, t1, t2, p0, p1, p2, n
    #: int ro
    d = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    t0 = a2[0] - d * a1[0]
    t1 = a2[1] - d * a1[1]
    t2 = a2[2] - d * a1[2]
    p0 = a1[1] * t2 - a1[2] * t1
    p1 = a1[2] * t0 - a1[0] * t2
    p2 = a1[0] * t1 - a1[1] * t0
    n = sqrt(p0 * p0 + p1 * p1 + p2 * p2)
    if _not_parallel(n, a1, a2):
        p0 = p0 / n
        p1 = p1 / n
        p2 = p2 / n
    else:
        p0 = 0.0
        p1 = 0.0
        p2 = 0.0
    ro = row * NC
    J[ro + 3] = p0
    J[ro + 4] = p1
    J[ro + 5] = p2
    if b2 >= 0:
        J[ro + 9] = -p0
        J[ro + 10] = -p1
        J[ro + 11] = -p2
    c[row] = -k * d


def universal_info1(jint, jreal, j, breal):
    #: cdef int universal_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Universal: four rows, plus one per angle at a stop or powered (angle 2 as libode's angle pair)."""
    #: int m
    m = 4 + _test_limit(jint, jreal, j, 0, _universal_angle(jint, jreal, j, breal, 0))
    return m + _test_limit(jint, jreal, j, 1, _universal_angle(jint, jreal, j, breal, 2))


def universal_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void universal_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2,
    #:                          const dReal* wreal, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
    #:                          dReal* hi, int* findex, int r) noexcept nogil
    """Universal: ball rows, one row keeping the axes perpendicular, two limit/motor rows."""
    #: int jo
    #: dReal k
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal d, t0, t1, t2, p0, p1, p2, n
    #: int ro
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r + 3)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels


set_universal_reference = _set_universal_reference


def universal_angle(jint, jreal, j, breal, which):
    """Universal angle 1 (which 0), angle 2 as libode's getter measures it (1) or as its angle pair does
    (2), relative to the cross."""
    if which < 0 or which > 2:
        raise ValueError(f"which must be 0, 1 or 2, not {which}")
    return _universal_angle(jint, jreal, j, breal, which)
