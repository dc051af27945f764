"""Hinge-2 joint (a steered wheel): axis 1 on body 1 (steering, with suspension), axis 2 on body 2 (spin).

Rows 1-3 keep the anchors together along axis 1 (softened by the suspension ERP and CFM) and along the two
directions normal to it. Row 4 holds the angle between the two axes at its value at set-up: the relative
angular velocity about a1 x a2 is stopped and the error is the sine of the angle's change, from the stored
cosine and sine. Rows 5-6 are the limit/motor row of axis 1 and the motor of axis 2 (no stops on the spin).
A hinge-2 with parallel axes has no direction for row 4, and one on the environment has no rows.
"""

from __future__ import annotations

from math import atan2, sqrt

from ... import _layout as L
from .common import NC, _cross, _not_parallel, _plane_space, _rot, _rot_t
from .geometry import _axis_world
from .limits import _motor_row, _test_limit
from .universal import _set_universal_reference, _universal_angle

# ---- kernels


def _set_hinge2_reference(jint, jreal, j, breal):
    #: cdef void _set_hinge2_reference(const int* jint, dReal* jreal, int j,
    #:                                 const dReal* breal) noexcept nogil
    """Remember the angle between the hinge-2 axes and body 2's axis in body 1's frame (zero of angle 1),
    and each body's rotation relative to its cross of the axes (zero of angle 2, as for the universal)."""
    #: int b1
    #: int jo
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal out[3]
    #: dReal c, x, y, z, s, v0, v1, v2, n
    #: int i
    _set_universal_reference(jint, jreal, j, breal)
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    c = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    x = a1[1] * a2[2] - a1[2] * a2[1]
    y = a1[2] * a2[0] - a1[0] * a2[2]
    z = a1[0] * a2[1] - a1[1] * a2[0]
    s = sqrt(x * x + y * y + z * z)
    jreal[jo + L.J_H2_C0] = c
    jreal[jo + L.J_H2_S0] = s
    if b1 < 0:
        return
    # v1: axis 2 made normal to axis 1, v2 = axis 1 x v1; both kept in body 1's frame
    v0 = a2[0] - c * a1[0]
    v1 = a2[1] - c * a1[1]
    v2 = a2[2] - c * a1[2]
    n = sqrt(v0 * v0 + v1 * v1 + v2 * v2)
    if _not_parallel(n, a1, a2):
        v0 = v0 / n
        v1 = v1 / n
        v2 = v2 / n
    else:
        v0 = 0.0
        v1 = 0.0
        v2 = 0.0
    out = [0.0, 0.0, 0.0]  # py
    _rot_t(breal, b1, v0, v1, v2, out)
    for i in range(3):
        jreal[jo + L.J_H2_V1 + i] = out[i]
    _rot_t(breal, b1, a1[1] * v2 - a1[2] * v1, a1[2] * v0 - a1[0] * v2, a1[0] * v1 - a1[1] * v0, out)
    for i in range(3):
        jreal[jo + L.J_H2_V2 + i] = out[i]


def _hinge2_angle1(jint, jreal, j, breal):
    #: cdef dReal _hinge2_angle1(const int* jint, const dReal* jreal, int j,
    #:                           const dReal* breal) noexcept nogil
    """Hinge-2 angle about axis 1: how far body 1 turned relative to body 2's axis since the reference."""
    #: int b1
    #: int jo
    #: dReal a2[3]
    #: dReal w1[3]
    #: dReal w2[3]
    #: dReal x, y
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    a2 = [0.0, 0.0, 0.0]  # py
    w1 = [0.0, 0.0, 0.0]  # py
    w2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 1, a2)
    _rot(breal, b1, jreal, jo + L.J_H2_V1, w1)
    _rot(breal, b1, jreal, jo + L.J_H2_V2, w2)
    x = a2[0] * w1[0] + a2[1] * w1[1] + a2[2] * w1[2]
    y = a2[0] * w2[0] + a2[1] * w2[1] + a2[2] * w2[2]
    return -atan2(y, x)


def _point_row(jreal, jo, breal, b1, b2, u, k, J, c, r):
    #: cdef void _point_row(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, const dReal* u,
    #:                      dReal k, dReal* J, dReal* c, int r) noexcept nogil
    """One row keeping the anchor points together along the unit world direction u."""
    #: dReal a1[3]
    #: dReal a2[3]
    #: int o1, o2, ro
    #: dReal e0, e1, e2
    a1 = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_ANCHOR1, a1)
    o1 = b1 * L.BR + L.B_POS
    ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = a1[1] * u[2] - a1[2] * u[1]
    J[ro + 4] = a1[2] * u[0] - a1[0] * u[2]
    J[ro + 5] = a1[0] * u[1] - a1[1] * u[0]
    e0 = -a1[0] - float(breal[o1])
    e1 = -a1[1] - float(breal[o1 + 1])
    e2 = -a1[2] - float(breal[o1 + 2])
    if b2 >= 0:
        a2 = [0.0, 0.0, 0.0]  # py
        _rot(breal, b2, jreal, jo + L.J_ANCHOR2, a2)
        o2 = b2 * L.BR + L.B_POS
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = a2[2] * u[1] - a2[1] * u[2]
        J[ro + 10] = a2[0] * u[2] - a2[2] * u[0]
        J[ro + 11] = a2[1] * u[0] - a2[0] * u[1]
        e0 = e0 + (a2[0] + float(breal[o2]))
        e1 = e1 + (a2[1] + float(breal[o2 + 1]))
        e2 = e2 + (a2[2] + float(breal[o2 + 2]))
    else:
        e0 = e0 + float(jreal[jo + L.J_ANCHOR2])
        e1 = e1 + float(jreal[jo + L.J_ANCHOR2 + 1])
        e2 = e2 + float(jreal[jo + L.J_ANCHOR2 + 2])
    c[r] = k * (u[0] * e0 + u[1] * e1 + u[2] * e2)


def hinge2_parallel(jint, jreal, j, breal):
    #: cdef bint hinge2_parallel(const int* jint, const dReal* jreal, int j,
    #:                           const dReal* breal) noexcept nogil
    """True when hinge-2 joint j's world axes are parallel: the row holding their angle has no direction."""
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal u[3]
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    u = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _cross(a1, a2, u)
    return not _not_parallel(sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), a1, a2)


def hinge2_info1(jint, jreal, j, breal):
    #: cdef int hinge2_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Hinge-2 between two bodies: four rows, one more for angle 1's stop or motor, one
    for the powered axis-2 motor (axis 2 has no stops); no rows on the environment."""
    #: int ji, m
    ji = j * L.JI
    m = 0
    if int(jint[ji + L.JI_B2]) >= 0:
        m = 4 + _test_limit(jint, jreal, j, 0, _hinge2_angle1(jint, jreal, j, breal))
        jint[ji + L.JI_LIMIT + 1] = 0
        if float(jreal[j * L.JR + L.J_PARAM + L.J_PARAM_GROUP + 5]) > 0.0:
            m = m + 1
    return m


def hinge2_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void hinge2_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Hinge-2: anchor rows (suspension along axis 1), one row holding the axes' angle, two motor rows;
    none on the environment (libode's hinge-2 needs two bodies)."""
    #: int jo
    #: int po
    #: dReal k
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal p[3]
    #: dReal q[3]
    #: dReal cs, u0, u1, u2, s
    #: int ro
    if b2 < 0:
        return
    jo = j * L.JR + L.J_P
    po = j * L.JR + L.J_PARAM
    k = fps * float(wreal[L.W_ERP])
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    p = [0.0, 0.0, 0.0]  # py
    q = [0.0, 0.0, 0.0]  # py
    _plane_space(a1[0], a1[1], a1[2], p, q)
    _point_row(jreal, jo, breal, b1, b2, a1, fps * float(jreal[po + 11]), J, c, r)
    _point_row(jreal, jo, breal, b1, b2, p, k, J, c, r + 1)
    _point_row(jreal, jo, breal, b1, b2, q, k, J, c, r + 2)
    cfm[r] = float(jreal[po + 12])
    cs = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    u0 = a1[1] * a2[2] - a1[2] * a2[1]
    u1 = a1[2] * a2[0] - a1[0] * a2[2]
    u2 = a1[0] * a2[1] - a1[1] * a2[0]
    s = sqrt(u0 * u0 + u1 * u1 + u2 * u2)
    if _not_parallel(s, a1, a2):
        u0 = u0 / s
        u1 = u1 / s
        u2 = u2 / s
    else:
        u0 = 0.0
        u1 = 0.0
        u2 = 0.0
    ro = (r + 3) * NC
    J[ro + 3] = u0
    J[ro + 4] = u1
    J[ro + 5] = u2
    J[ro + 9] = -u0
    J[ro + 10] = -u1
    J[ro + 11] = -u2
    c[r + 3] = k * (float(jreal[jo + L.J_H2_C0]) * s - float(jreal[jo + L.J_H2_S0]) * cs)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels


set_hinge2_reference = _set_hinge2_reference
hinge2_angle1 = _hinge2_angle1


def hinge2_angle2(jint, jreal, j, breal) -> float:
    """Hinge-2 angle about axis 2 (the wheel's spin): body 2 about axis 2 relative to the cross, as libode."""
    return -_universal_angle(jint, jreal, j, breal, 1)
