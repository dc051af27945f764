"""Slider (prismatic) joint: one translational degree of freedom along an axis fixed in body 1.

Rows 1-3 hold the relative rotation (the fixed joint's orientation rows). Rows 4-5 keep body 2 on the line
through body 1 along the axis a: with p, q normal to a, the relative linear velocity has no p and q
components (J1 = p, J2 = -p, ...), each body turning about the midpoint of the centres, and the error is the
offset between the centres' present and stored separation, projected on p and q. Row 6 is the limit/motor
row along a. The position is a . (x1 - x2 - offset), negated for a joint attached (environment, body).
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC, _plane_space, _rot
from .fixed import _orientation_rows
from .geometry import _axis_world
from .limits import _motor_row, _test_limit

# ---- kernels


def _slider_position(jint, jreal, j, breal):
    #: cdef dReal _slider_position(const int* jint, const dReal* jreal, int j,
    #:                             const dReal* breal) noexcept nogil
    """Extension of the slider along its axis since the axis was set."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal ax[3]
    #: dReal ofs[3]
    #: dReal d0, d1, d2
    #: int o1, o2
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        ofs = [0.0, 0.0, 0.0]  # py
        _rot(breal, b2, jreal, jo + L.J_OFFSET, ofs)
        d0 = float(breal[o1]) - float(breal[o2]) - ofs[0]
        d1 = float(breal[o1 + 1]) - float(breal[o2 + 1]) - ofs[1]
        d2 = float(breal[o1 + 2]) - float(breal[o2 + 2]) - ofs[2]
    else:
        d0 = float(breal[o1]) - float(jreal[jo + L.J_OFFSET])
        d1 = float(breal[o1 + 1]) - float(jreal[jo + L.J_OFFSET + 1])
        d2 = float(breal[o1 + 2]) - float(jreal[jo + L.J_OFFSET + 2])
    return ax[0] * d0 + ax[1] * d1 + ax[2] * d2


def _user_slider_position(jint, jreal, j, breal):
    #: cdef dReal _user_slider_position(const int* jint, const dReal* jreal, int j,
    #:                                  const dReal* breal) noexcept nogil
    """The slider position as the user sees it: negated when attached (environment, body)."""
    #: dReal v
    v = _slider_position(jint, jreal, j, breal)
    if int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE:
        return -v
    return v


def slider_info1(jint, jreal, j, breal):
    #: cdef int slider_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Slider: five rows, one more while the position is at a stop or the motor is powered."""
    return 5 + _test_limit(jint, jreal, j, 0, _user_slider_position(jint, jreal, j, breal))


def slider_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void slider_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Slider: three orientation rows, two rows keeping the bodies on the axis, the limit/motor row."""
    #: int jo
    #: dReal k
    #: dReal a[3]
    #: dReal p[3]
    #: dReal q[3]
    #: dReal ofs[3]
    #: int ro, o1, o2
    #: dReal h0, h1, h2, e0, e1, e2
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _orientation_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a = [0.0, 0.0, 0.0]  # py
    p = [0.0, 0.0, 0.0]  # py
    q = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a)
    _plane_space(a[0], a[1], a[2], p, q)
    ro = (r + 3) * NC
    J[ro + 0] = p[0]
    J[ro + 1] = p[1]
    J[ro + 2] = p[2]
    J[ro + NC + 0] = q[0]
    J[ro + NC + 1] = q[1]
    J[ro + NC + 2] = q[2]
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        J[ro + 6] = -p[0]
        J[ro + 7] = -p[1]
        J[ro + 8] = -p[2]
        J[ro + NC + 6] = -q[0]
        J[ro + NC + 7] = -q[1]
        J[ro + NC + 8] = -q[2]
        h0 = 0.5 * (float(breal[o2]) - float(breal[o1]))
        h1 = 0.5 * (float(breal[o2 + 1]) - float(breal[o1 + 1]))
        h2 = 0.5 * (float(breal[o2 + 2]) - float(breal[o1 + 2]))
        J[ro + 3] = h1 * p[2] - h2 * p[1]
        J[ro + 4] = h2 * p[0] - h0 * p[2]
        J[ro + 5] = h0 * p[1] - h1 * p[0]
        J[ro + 9] = J[ro + 3]
        J[ro + 10] = J[ro + 4]
        J[ro + 11] = J[ro + 5]
        J[ro + NC + 3] = h1 * q[2] - h2 * q[1]
        J[ro + NC + 4] = h2 * q[0] - h0 * q[2]
        J[ro + NC + 5] = h0 * q[1] - h1 * q[0]
        J[ro + NC + 9] = J[ro + NC + 3]
        J[ro + NC + 10] = J[ro + NC + 4]
        J[ro + NC + 11] = J[ro + NC + 5]
        ofs = [0.0, 0.0, 0.0]  # py
        _rot(breal, b2, jreal, jo + L.J_OFFSET, ofs)
        e0 = ofs[0] + float(breal[o2]) - float(breal[o1])
        e1 = ofs[1] + float(breal[o2 + 1]) - float(breal[o1 + 1])
        e2 = ofs[2] + float(breal[o2 + 2]) - float(breal[o1 + 2])
    else:
        e0 = float(jreal[jo + L.J_OFFSET]) - float(breal[o1])
        e1 = float(jreal[jo + L.J_OFFSET + 1]) - float(breal[o1 + 1])
        e2 = float(jreal[jo + L.J_OFFSET + 2]) - float(breal[o1 + 2])
    c[r + 3] = k * (p[0] * e0 + p[1] * e1 + p[2] * e2)
    c[r + 4] = k * (q[0] * e0 + q[1] * e1 + q[2] * e2)
    if int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE:
        # attached (environment, body): stops and motor act on the user's position, measured the other way
        a[0] = -a[0]
        a[1] = -a[1]
        a[2] = -a[2]
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, False, fps, J, c, cfm, lo, hi, r + 5)


# ---- end kernels


slider_position = _slider_position
