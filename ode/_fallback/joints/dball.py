"""Double ball joint: the two anchors (one per body) stay at a fixed distance.

One row along the unit direction u from anchor 1 to anchor 2: the relative velocity of the anchors along u
is stopped (J1 = u, W1 = r1 x u, J2 = -u, W2 = -(r2 x u)), and the error is the distance minus the stored one.
"""

from __future__ import annotations

from math import sqrt

from ... import _layout as L
from .common import NC
from .geometry import _anchor2_lever, _point_world

# ---- kernels


def _dball_distance(jint, jreal, j, breal):
    #: cdef dReal _dball_distance(const int* jint, const dReal* jreal, int j,
    #:                            const dReal* breal) noexcept nogil
    """Current distance between the two anchors."""
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal d0
    #: dReal d1
    #: dReal d2
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    d0 = a2w[0] - a1w[0]
    d1 = a2w[1] - a1w[1]
    d2 = a2w[2] - a1w[2]
    return sqrt(d0 * d0 + d1 * d1 + d2 * d2)


def _distance_row(jreal, jo, breal, b1, b2, jint, j, k, J, c, r):
    #: cdef void _distance_row(const dReal* jreal, int jo, const dReal* breal, int b1, int b2,
    #:                         const int* jint, int j, dReal k, dReal* J, dReal* c, int r) noexcept nogil
    """Double ball: one row keeping the anchors at the stored distance (along the line joining them)."""
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal r2[3]
    #: dReal u[3]
    #: int o1
    #: dReal r10
    #: dReal r11
    #: dReal r12
    #: dReal d
    #: int ro
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    o1 = b1 * L.BR + L.B_POS
    r10 = a1w[0] - float(breal[o1])
    r11 = a1w[1] - float(breal[o1 + 1])
    r12 = a1w[2] - float(breal[o1 + 2])
    u = [0.0, 0.0, 0.0]  # py
    u[0] = a2w[0] - a1w[0]
    u[1] = a2w[1] - a1w[1]
    u[2] = a2w[2] - a1w[2]
    d = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2])
    if d > 0.0:
        u[0] = u[0] / d
        u[1] = u[1] / d
        u[2] = u[2] / d
    ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = r11 * u[2] - r12 * u[1]
    J[ro + 4] = r12 * u[0] - r10 * u[2]
    J[ro + 5] = r10 * u[1] - r11 * u[0]
    if b2 >= 0:
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = r2[2] * u[1] - r2[1] * u[2]
        J[ro + 10] = r2[0] * u[2] - r2[2] * u[0]
        J[ro + 11] = r2[1] * u[0] - r2[0] * u[1]
    c[r] = k * (d - float(jreal[jo + L.J_DIST]))


def dball_info1(jint, jreal, j, breal):
    #: cdef int dball_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Double ball: one row."""
    return 1


def dball_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void dball_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                      dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                      int r) noexcept nogil
    """Double ball: the distance row, softened by the joint's own ERP and CFM."""
    #: int po
    #: dReal k
    po = j * L.JR + L.J_PARAM
    k = fps * float(jreal[po + 13])
    _distance_row(jreal, j * L.JR + L.J_P, breal, b1, b2, jint, j, k, J, c, r)
    cfm[r] = float(jreal[po + 8])


# ---- end kernels


dball_distance = _dball_distance
