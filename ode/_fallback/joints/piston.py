"""Piston joint: slides along and turns about one axis.

Rows 1-2 keep the axis of body 1 and its copy on body 2 aligned (as the hinge's rows 4-5). Rows 3-4 keep
body 2's anchor on the line through body 1's anchor along the axis: its offset normal to the axis is the
error, each row leveraged at the anchor. Rows 5-6 are the limit/motor rows of the position along the axis
and of the angle about it.
"""

from __future__ import annotations

from ... import _layout as L
from .common import _rot
from .geometry import (
    _anchor2_lever,
    _line_rows,
    _point_world,
    _rel_angle,
    _reversed,
    _swapped_line_rows,
    _vector_world,
)
from .hinge import _perp_angular_rows
from .limits import _motor_row, _test_limit

# ---- kernels


def _piston_position(jint, jreal, j, breal, col):
    #: cdef dReal _piston_position(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                             int col) noexcept nogil
    """Piston, PU: axis (body 1, column col) . (anchor on body 1 - anchor on body 2), as the user sees it."""
    #: int b1
    #: int jo
    #: dReal ax[3]
    #: dReal p1[3]
    #: dReal p2[3]
    #: dReal r
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    p1 = [0.0, 0.0, 0.0]  # py
    p2 = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + col, ax)
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, p1)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, p2)
    r = ax[0] * (p1[0] - p2[0]) + ax[1] * (p1[1] - p2[1]) + ax[2] * (p1[2] - p2[2])
    if _reversed(jint, j):
        return -r
    return r


def _piston_position_rate(jint, jreal, j, breal, col):
    #: cdef dReal _piston_position_rate(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                                  int col) noexcept nogil
    """Piston: axis (column col) . (body 1's linear velocity - body 2's), as libode 0.16 reports it (the
    bodies' spins do not enter); negated for a reversed joint."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal ax[3]
    #: dReal u[3]
    #: dReal r
    #: int o
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    u = [0.0, 0.0, 0.0]  # py
    o = b1 * L.BR + L.B_LVEL
    _rot(breal, b1, jreal, jo + col, ax)
    u[0] = float(breal[o])
    u[1] = float(breal[o + 1])
    u[2] = float(breal[o + 2])
    if b2 >= 0:
        o = b2 * L.BR + L.B_LVEL
        u[0] = u[0] - float(breal[o])
        u[1] = u[1] - float(breal[o + 1])
        u[2] = u[2] - float(breal[o + 2])
    r = ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]
    if _reversed(jint, j):
        return -r
    return r


def piston_info1(jint, jreal, j, breal):
    #: cdef int piston_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Piston: four rows, plus one per axis (position, angle) at a stop or powered.

    The angle's stops are tested on the stored bodies' angle even when attached (environment, body), as
    libode does (see piston_rows).
    """
    #: int m
    m = 4 + _test_limit(jint, jreal, j, 0, _piston_position(jint, jreal, j, breal, L.J_AXIS1))
    return m + _test_limit(jint, jreal, j, 1, _rel_angle(jint, jreal, j, breal, L.J_AXIS1))


def piston_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void piston_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Piston: two rows keeping the axes aligned, two keeping body 2's anchor on body 1's axis line, then
    the prismatic and rotoide limit/motor rows.

    Attached (environment, body), libode's line rows are those of ``_swapped_line_rows`` and only the
    prismatic limit and motor row follows the swap (the negated axis, stops on the position the user
    reads); the rotoide row ignores it: it acts along the stored axis and its stops are tested on the
    angle of the stored (swapped) bodies, the negative of what getAngle reads (observed, as for PR).
    """
    #: int jo
    #: dReal k
    #: dReal ax[3]
    #: dReal bx[3]
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal r2[3]
    #: dReal e[3]
    #: dReal q[3]
    #: dReal px[3]
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    ax = [0.0, 0.0, 0.0]  # py
    bx = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, bx)
    _perp_angular_rows(ax, bx, k, J, c, r, b2)
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    px = [0.0, 0.0, 0.0]  # py
    if _reversed(jint, j):
        q = [0.0, 0.0, 0.0]  # py
        _rot(breal, b1, jreal, jo + L.J_ANCHOR1, q)
        _swapped_line_rows(breal, b1, ax, a2w, q, k, J, c, r + 2)
        px[0] = -ax[0]
        px[1] = -ax[1]
        px[2] = -ax[2]
    else:
        e = [0.0, 0.0, 0.0]  # py
        e[0] = a2w[0] - a1w[0]
        e[1] = a2w[1] - a1w[1]
        e[2] = a2w[2] - a1w[2]
        _line_rows(breal, b1, b2, ax, a2w, r2, e, k, J, c, r + 2)
        px[0] = ax[0]
        px[1] = ax[1]
        px[2] = ax[2]
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, px, False, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels


piston_position = _piston_position
piston_position_rate = _piston_position_rate
