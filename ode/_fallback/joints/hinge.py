"""Hinge joint: one rotational degree of freedom about an axis fixed in both bodies.

Rows 1-3 are the ball rows (anchors together). Rows 4-5 keep the axis a of body 1 and its copy b on body 2
aligned: with p, q completing a to an orthonormal basis, the relative angular velocity must have no p and
q components (W1 = p or q, W2 = its negative), and the misalignment a x b, projected on p and q, is the
error. Row 6, only when the angle is at a stop or the motor is powered, is the limit/motor row about a.
The angle is the rotation about a of the present relative quaternion from the reference one.
"""

from __future__ import annotations

from ... import _layout as L
from .ball import _ball_rows
from .common import NC, _angle_from_rel, _plane_space, _relative_q
from .geometry import _axis_world
from .limits import _motor_row, _test_limit

# ---- kernels


def _hinge_angle(jint, jreal, j, breal):
    #: cdef dReal _hinge_angle(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Angle of body 1 relative to body 2 about the hinge axis since the reference rotation."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal now[4]
    #: dReal ref[4]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    now = [0.0, 0.0, 0.0, 0.0]  # py
    ref = [0.0, 0.0, 0.0, 0.0]  # py
    _relative_q(breal, b1, b2, now)
    ref[0] = float(jreal[jo + L.J_QREL])
    ref[1] = float(jreal[jo + L.J_QREL + 1])
    ref[2] = float(jreal[jo + L.J_QREL + 2])
    ref[3] = float(jreal[jo + L.J_QREL + 3])
    return _angle_from_rel(now, ref, float(jreal[jo + L.J_AXIS1]), float(jreal[jo + L.J_AXIS1 + 1]),
                           float(jreal[jo + L.J_AXIS1 + 2]))


def _perp_angular_rows(a, b, k, J, c, r, b2):
    #: cdef void _perp_angular_rows(const dReal* a, const dReal* b, dReal k, dReal* J, dReal* c, int r,
    #:                              int b2) noexcept nogil
    """Two rows stopping relative rotation normal to the world axis a; b is body 2's copy of the axis."""
    #: dReal p[3]
    #: dReal q[3]
    #: int ro
    #: dReal u0, u1, u2
    p = [0.0, 0.0, 0.0]  # py
    q = [0.0, 0.0, 0.0]  # py
    _plane_space(a[0], a[1], a[2], p, q)
    ro = r * NC
    J[ro + 3] = p[0]
    J[ro + 4] = p[1]
    J[ro + 5] = p[2]
    J[ro + NC + 3] = q[0]
    J[ro + NC + 4] = q[1]
    J[ro + NC + 5] = q[2]
    if b2 >= 0:
        J[ro + 9] = -p[0]
        J[ro + 10] = -p[1]
        J[ro + 11] = -p[2]
        J[ro + NC + 9] = -q[0]
        J[ro + NC + 10] = -q[1]
        J[ro + NC + 11] = -q[2]
    u0 = a[1] * b[2] - a[2] * b[1]
    u1 = a[2] * b[0] - a[0] * b[2]
    u2 = a[0] * b[1] - a[1] * b[0]
    c[r] = k * (u0 * p[0] + u1 * p[1] + u2 * p[2])
    c[r + 1] = k * (u0 * q[0] + u1 * q[1] + u2 * q[2])


def hinge_info1(jint, jreal, j, breal):
    #: cdef int hinge_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Hinge: five rows, one more while the angle is at a stop or the motor is powered."""
    return 5 + _test_limit(jint, jreal, j, 0, _hinge_angle(jint, jreal, j, breal))


def hinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void hinge_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                      dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                      int r) noexcept nogil
    """Hinge: ball rows, two rows keeping the axes aligned, and the limit/motor row."""
    #: int jo
    #: dReal k
    #: dReal a[3]
    #: dReal b[3]
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a = [0.0, 0.0, 0.0]  # py
    b = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 3, b2)
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, True, fps, J, c, cfm, lo, hi, r + 5)


# ---- end kernels


hinge_angle = _hinge_angle
