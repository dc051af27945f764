"""PR joint: a prismatic axis on body 1, then a rotoide (hinge) axis carried to body 2.

Rows 1-2 stop the relative rotations about the prismatic axis and about n = axis x rotoide axis, the error
being the misalignment of the rotoide axis on body 1 and its copy on body 2. Rows 3-4 keep body 2's anchor
on the line through body 1 along the prismatic axis (along the rotoide axis and n). Rows 5-6 are the limit
and motor rows of the position and of the rotoide angle. Where libode's rows differ from this plain
derivation (body 2's turn, n left unnormalised) the functions say so and follow libode.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC, _rot
from .geometry import (
    _anchor2_lever,
    _lever_rows,
    _point_rows,
    _point_world,
    _rel_angle,
    _reversed,
    _swapped_lever,
    _vector_world,
)
from .limits import _motor_row, _test_limit

# ---- kernels


def _pr_position(jint, jreal, j, breal):
    #: cdef dReal _pr_position(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil
    """PR: prismatic axis . (body 1's centre + offset - anchor on body 2), as the user sees it."""
    #: int b1
    #: int jo
    #: dReal ax[3]
    #: dReal q[3]
    #: dReal a2[3]
    #: dReal d0, d1, d2, r
    #: int o1
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    q = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    _rot(breal, b1, jreal, jo + L.J_OFFSET, q)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2)
    o1 = b1 * L.BR + L.B_POS
    d0 = float(breal[o1]) + q[0] - a2[0]
    d1 = float(breal[o1 + 1]) + q[1] - a2[1]
    d2 = float(breal[o1 + 2]) + q[2] - a2[2]
    r = ax[0] * d0 + ax[1] * d1 + ax[2] * d2
    if _reversed(jint, j):
        return -r
    return r


def _pr_position_rate(jint, jreal, j, breal):
    #: cdef dReal _pr_position_rate(const int* jint, const dReal* jreal, int j,
    #:                              const dReal* breal) noexcept nogil
    """PR: prismatic axis . (velocity of body 1 - velocity of body 2's anchor point), as the user sees it."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal ax[3]
    #: dReal rr[3]
    #: dReal v0, v1, v2, w0, w1, w2, r
    #: int o1, o2, w
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    o1 = b1 * L.BR + L.B_LVEL
    v0 = float(breal[o1])
    v1 = float(breal[o1 + 1])
    v2 = float(breal[o1 + 2])
    if b2 >= 0:
        rr = [0.0, 0.0, 0.0]  # py
        _rot(breal, b2, jreal, jo + L.J_ANCHOR2, rr)
        o2 = b2 * L.BR + L.B_LVEL
        w = b2 * L.BR + L.B_AVEL
        w0 = float(breal[w])
        w1 = float(breal[w + 1])
        w2 = float(breal[w + 2])
        v0 = v0 - (float(breal[o2]) + (w1 * rr[2] - w2 * rr[1]))
        v1 = v1 - (float(breal[o2 + 1]) + (w2 * rr[0] - w0 * rr[2]))
        v2 = v2 - (float(breal[o2 + 2]) + (w0 * rr[1] - w1 * rr[0]))
    r = ax[0] * v0 + ax[1] * v1 + ax[2] * v2
    if _reversed(jint, j):
        return -r
    return r


def _pr_body2_turn(ra, rb, r2, J, r):
    #: cdef void _pr_body2_turn(const dReal* ra, const dReal* rb, const dReal* r2, dReal* J,
    #:                          int r) noexcept nogil
    """PR with two bodies: correct the two line rows r, r+1 for libode's treatment of the rotoide turn.

    Observed in libode by recovering the constraint rows from one-step velocity projections: with s = u . ra
    (u the row's direction, ra/rb the rotoide axis on body 1/2, r2 body 2's anchor lever, n = ra x rb,
    t = n . r2), body 2's angular part gains s D with
    D (ra . rb) = t rb + (1 - ra . rb)(ra x r2) - (r2 . rb) n
    (body 1's is unchanged: the rotoide rows' error terms pin that split). Skipped when the axes are
    perpendicular.
    """
    #: dReal cab
    #: dReal n0
    #: dReal n1
    #: dReal n2
    #: dReal m0
    #: dReal m1
    #: dReal m2
    #: dReal t
    #: dReal rr
    #: dReal f
    #: dReal d0
    #: dReal d1
    #: dReal d2
    #: int i, ro
    #: dReal s
    cab = ra[0] * rb[0] + ra[1] * rb[1] + ra[2] * rb[2]
    if cab == 0.0:
        return
    n0 = ra[1] * rb[2] - ra[2] * rb[1]
    n1 = ra[2] * rb[0] - ra[0] * rb[2]
    n2 = ra[0] * rb[1] - ra[1] * rb[0]
    m0 = ra[1] * r2[2] - ra[2] * r2[1]
    m1 = ra[2] * r2[0] - ra[0] * r2[2]
    m2 = ra[0] * r2[1] - ra[1] * r2[0]
    t = n0 * r2[0] + n1 * r2[1] + n2 * r2[2]
    rr = r2[0] * rb[0] + r2[1] * rb[1] + r2[2] * rb[2]
    f = 1.0 - cab
    d0 = (t * rb[0] + f * m0 - rr * n0) / cab
    d1 = (t * rb[1] + f * m1 - rr * n1) / cab
    d2 = (t * rb[2] + f * m2 - rr * n2) / cab
    for i in range(2):
        ro = (r + i) * NC
        s = float(J[ro]) * ra[0] + float(J[ro + 1]) * ra[1] + float(J[ro + 2]) * ra[2]
        J[ro + 9] = float(J[ro + 9]) + s * d0
        J[ro + 10] = float(J[ro + 10]) + s * d1
        J[ro + 11] = float(J[ro + 11]) + s * d2


def _pr_swapped_line_rows(breal, b1, ra, n, a2w, q, k, J, c, r):
    #: cdef void _pr_swapped_line_rows(const dReal* breal, int b1, const dReal* ra, const dReal* n,
    #:                                 const dReal* a2w, const dReal* q, dReal k, dReal* J, dReal* c,
    #:                                 int r) noexcept nogil
    """PR attached (environment, body): the two line rows r, r+1 (along ra and n) as libode builds them,
    with the lever and error of ``_swapped_lever`` (q the body's offset to the anchor)."""
    #: dReal d[3]
    #: dReal e[3]
    d = [0.0, 0.0, 0.0]  # py
    e = [0.0, 0.0, 0.0]  # py
    _swapped_lever(breal, b1, a2w, q, d, e)
    _lever_rows(-1, ra, n, d, None, e, k, J, c, r)


def _pr_angular_rows(ax, n, ra, rb, k, J, c, r, b2):
    #: cdef void _pr_angular_rows(const dReal* ax, const dReal* n, const dReal* ra, const dReal* rb, dReal k,
    #:                            dReal* J, dReal* c, int r, int b2) noexcept nogil
    """PR: rows stopping relative rotation about the directions ax and n; error ra x rb at rate k."""
    #: dReal u0
    #: dReal u1
    #: dReal u2
    #: const dReal* d
    #: int i, ro
    u0 = ra[1] * rb[2] - ra[2] * rb[1]
    u1 = ra[2] * rb[0] - ra[0] * rb[2]
    u2 = ra[0] * rb[1] - ra[1] * rb[0]
    for i in range(2):
        d = ax if i == 0 else n
        ro = (r + i) * NC
        J[ro + 3] = d[0]
        J[ro + 4] = d[1]
        J[ro + 5] = d[2]
        if b2 >= 0:
            J[ro + 9] = -d[0]
            J[ro + 10] = -d[1]
            J[ro + 11] = -d[2]
        c[r + i] = k * (u0 * d[0] + u1 * d[1] + u2 * d[2])


def pr_info1(jint, jreal, j, breal):
    #: cdef int pr_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """PR: four rows, plus one per axis (position, rotoide angle) at a stop or powered.

    The rotoide stops are tested on the stored bodies' angle even when attached (environment, body), as
    libode does (see pr_rows).
    """
    #: int m
    m = 4 + _test_limit(jint, jreal, j, 0, _pr_position(jint, jreal, j, breal))
    return m + _test_limit(jint, jreal, j, 1, _rel_angle(jint, jreal, j, breal, L.J_AXIS3))


def pr_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void pr_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                   dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                   int r) noexcept nogil
    """PR: two angular rows (about the prismatic axis ax and n = ax x ra, NOT normalised, ra the rotoide
    axis on body 1) correcting ra x rb, two rows keeping body 2's anchor off ra and n, then the limit and
    motor rows.

    Observed in libode (free motions and one-step corrections from chosen poses): body 1 keeps the
    freedom to slide along ax's part normal to ra and to turn about ra's part normal to ax, which for
    perpendicular axes is the plain slider + hinge; rb, the rotoide axis on body 2, is kept as the user
    gave it (not normalised) when there is no body 2; n's length |ax x ra| shows in how soft its rows are
    under CFM (as libode's).

    Attached (environment, body), libode's line rows are those of ``_pr_swapped_line_rows``, and only
    the prismatic limit and motor row follows the swap (the negated axis, stops on the position the user
    reads); the rotoide row ignores it: it acts along ra and its stops are tested on the angle of the
    stored (swapped) bodies, the negative of what getAngle reads, so its stops and motor speed apply to
    -getAngle (observed).
    """
    #: int jo
    #: dReal k
    #: dReal ra[3]
    #: dReal rb[3]
    #: dReal ax[3]
    #: dReal n[3]
    #: dReal a2w[3]
    #: dReal r2[3]
    #: dReal q[3]
    #: dReal e[3]
    #: int o1
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    ra = [0.0, 0.0, 0.0]  # py
    rb = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS3, ra)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, rb)
    ax = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    n = [0.0, 0.0, 0.0]  # py
    n[0] = ax[1] * ra[2] - ax[2] * ra[1]
    n[1] = ax[2] * ra[0] - ax[0] * ra[2]
    n[2] = ax[0] * ra[1] - ax[1] * ra[0]
    _pr_angular_rows(ax, n, ra, rb, k, J, c, r, b2)
    a2w = [0.0, 0.0, 0.0]  # py
    r2 = [0.0, 0.0, 0.0]
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    q = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_OFFSET, q)
    if _reversed(jint, j):
        _pr_swapped_line_rows(breal, b1, ra, n, a2w, q, k, J, c, r + 2)
        ax[0] = -ax[0]
        ax[1] = -ax[1]
        ax[2] = -ax[2]
    else:
        o1 = b1 * L.BR + L.B_POS
        e = [0.0, 0.0, 0.0]  # py
        e[0] = a2w[0] - (float(breal[o1]) + q[0])
        e[1] = a2w[1] - (float(breal[o1 + 1]) + q[1])
        e[2] = a2w[2] - (float(breal[o1 + 2]) + q[2])
        _point_rows(breal, b1, b2, ra, n, a2w, r2, e, k, J, c, r + 2)
        if b2 >= 0:
            _pr_body2_turn(ra, rb, r2, J, r + 2)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, ra, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels


pr_position = _pr_position
pr_position_rate = _pr_position_rate
