"""PU joint: a universal joint whose anchor slides along a prismatic axis on body 1.

Row 1 keeps the two universal axes perpendicular (as the universal's row 4). Rows 2-3 keep body 2's anchor
on the line through body 1's anchor along the prismatic axis. Rows 4-6, when needed, are the limit/motor
rows of the two universal angles and of the position; the position's row levers each body at its own
anchor, and a motor resting on a stop pushes each body at its anchor, as libode does.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC, _rot
from .geometry import _anchor2_lever, _axis_world, _line_rows, _point_world, _reversed, _spin_lever
from .limits import _add3, _limot_row, _motor_row, _push_force, _test_limit
from .piston import _piston_position
from .universal import _perpendicular_row, _universal_angle

# ---- kernels


def _pu_position_rate(jint, jreal, j, breal):
    #: cdef dReal _pu_position_rate(const int* jint, const dReal* jreal, int j,
    #:                              const dReal* breal) noexcept nogil
    """PU: prismatic axis . relative velocity at body 2's anchor, as libode 0.16 reports it (body 2's
    angular velocity enters with the opposite sign to a rigid point's velocity)."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal ax[3]
    #: dReal a2w[3]
    #: dReal u[3]
    #: dReal t[3]
    #: int o
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS3, ax)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    u = [0.0, 0.0, 0.0]  # py
    t = [0.0, 0.0, 0.0]  # py
    _spin_lever(breal, b1, a2w, t)
    o = b1 * L.BR + L.B_LVEL
    u[0] = float(breal[o]) + t[0]
    u[1] = float(breal[o + 1]) + t[1]
    u[2] = float(breal[o + 2]) + t[2]
    if b2 >= 0:
        _spin_lever(breal, b2, a2w, t)
        o = b2 * L.BR + L.B_LVEL
        u[0] = u[0] - (float(breal[o]) - t[0])
        u[1] = u[1] - (float(breal[o + 1]) - t[1])
        u[2] = u[2] - (float(breal[o + 2]) - t[2])
    return ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]


def _anchor_push(breal, b1, b2, ax, a1w, a2w, fm):
    #: cdef void _anchor_push(dReal* breal, int b1, int b2, const dReal* ax, const dReal* a1w,
    #:                        const dReal* a2w, dReal fm) noexcept nogil
    """PU's prismatic motor on a stop: force -fm ax on body 1 at a1w and fm ax on body 2 at a2w (libode)."""
    #: dReal f0
    #: dReal f1
    #: dReal f2
    #: int o1
    #: int o2
    #: dReal l0
    #: dReal l1
    #: dReal l2
    f0 = -fm * ax[0]
    f1 = -fm * ax[1]
    f2 = -fm * ax[2]
    o1 = b1 * L.BR + L.B_POS
    l0 = a1w[0] - float(breal[o1])
    l1 = a1w[1] - float(breal[o1 + 1])
    l2 = a1w[2] - float(breal[o1 + 2])
    _add3(breal, b1, L.B_FACC, f0, f1, f2)
    _add3(breal, b1, L.B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)
    if b2 >= 0:
        f0 = fm * ax[0]
        f1 = fm * ax[1]
        f2 = fm * ax[2]
        o2 = b2 * L.BR + L.B_POS
        l0 = a2w[0] - float(breal[o2])
        l1 = a2w[1] - float(breal[o2 + 1])
        l2 = a2w[2] - float(breal[o2 + 2])
        _add3(breal, b2, L.B_FACC, f0, f1, f2)
        _add3(breal, b2, L.B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)


def _anchor_levers(breal, b1, b2, ax, a1w, a2w, J, r):
    #: cdef void _anchor_levers(const dReal* breal, int b1, int b2, const dReal* ax, const dReal* a1w,
    #:                          const dReal* a2w, dReal* J, int r) noexcept nogil
    """Angular parts of the linear row r along ax as the relative velocity of the anchors: body 1 at a1w,
    body 2 at a2w if present (libode's PU prismatic limit/motor row, not the slider's half-lever)."""
    #: int o1
    #: int o2
    #: int ro
    #: dReal l0
    #: dReal l1
    #: dReal l2
    #: dReal m0, m1, m2
    o1 = b1 * L.BR + L.B_POS
    o2 = b2 * L.BR + L.B_POS
    ro = r * NC
    l0 = a1w[0] - float(breal[o1])
    l1 = a1w[1] - float(breal[o1 + 1])
    l2 = a1w[2] - float(breal[o1 + 2])
    J[ro + 3] = l1 * ax[2] - l2 * ax[1]
    J[ro + 4] = l2 * ax[0] - l0 * ax[2]
    J[ro + 5] = l0 * ax[1] - l1 * ax[0]
    if b2 < 0:
        return
    m0 = a2w[0] - float(breal[o2])
    m1 = a2w[1] - float(breal[o2 + 1])
    m2 = a2w[2] - float(breal[o2 + 2])
    J[ro + 9] = -(m1 * ax[2] - m2 * ax[1])
    J[ro + 10] = -(m2 * ax[0] - m0 * ax[2])
    J[ro + 11] = -(m0 * ax[1] - m1 * ax[0])


def pu_info1(jint, jreal, j, breal):
    #: cdef int pu_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """PU: three rows, plus one per axis (angle 1, angle 2 as libode's angle pair, position) at a stop or
    powered."""
    #: int m
    m = 3 + _test_limit(jint, jreal, j, 0, _universal_angle(jint, jreal, j, breal, 0))
    m = m + _test_limit(jint, jreal, j, 1, _universal_angle(jint, jreal, j, breal, 2))
    return m + _test_limit(jint, jreal, j, 2, _piston_position(jint, jreal, j, breal, L.J_AXIS3))


def pu_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void pu_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                   dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                   int r) noexcept nogil
    """PU: one row keeping the universal axes perpendicular, two keeping body 2's anchor on body 1's
    prismatic line, then the limit/motor rows of angle 1, angle 2 and the position."""
    #: int jo
    #: dReal k
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal ax[3]
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal r2[3]
    #: dReal e[3]
    #: dReal d, t0, t1, t2, p0, p1, p2, n
    #: int ro
    #: dReal fm
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    a1 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r)
    ax = [0.0, 0.0, 0.0]  # py
    if b2 < 0 and _reversed(jint, j):
        # libode holds the prismatic axis of a PU attached as (environment, body) fixed in the world
        ax[0] = float(jreal[jo + L.J_AXIS3])
        ax[1] = float(jreal[jo + L.J_AXIS3 + 1])
        ax[2] = float(jreal[jo + L.J_AXIS3 + 2])
    else:
        _rot(breal, b1, jreal, jo + L.J_AXIS3, ax)
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    e = [0.0, 0.0, 0.0]  # py
    e[0] = a2w[0] - a1w[0]
    e[1] = a2w[1] - a1w[1]
    e[2] = a2w[2] - a1w[2]
    # libode's PU levers body 1 at its own anchor (the line's point), not at body 2's
    _line_rows(breal, b1, b2, ax, a1w, r2, e, k, J, c, r + 1)
    r = r + 3
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    r = r + _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)
    if b2 < 0 and _reversed(jint, j):
        ax[0] = -ax[0]  # the position (and so the limit/motor direction) is measured from the body
        ax[1] = -ax[1]
        ax[2] = -ax[2]
    if _limot_row(jint, jreal, j, 2, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r, False):
        _anchor_levers(breal, b1, b2, ax, a1w, a2w, J, r)
        fm = _push_force(jint, jreal, j, 2)
        if fm != 0.0:
            _anchor_push(breal, b1, b2, ax, a1w, a2w, fm)


# ---- end kernels


pu_position_rate = _pu_position_rate
