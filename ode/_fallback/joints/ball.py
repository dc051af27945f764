"""Ball-and-socket joint: the anchor points of the two bodies stay together.

Three rows, one per world axis x, y, z: the anchor on body 1, p1 = x1 + R1 a1, must move like the anchor on
body 2, so v1 + w1 x r1 - v2 - w2 x r2 = 0. Row i has J1 = e_i, W1 = (r1 x e_i) (written as the skew
matrix -[r1]x), J2 = -e_i, W2 = [r2]x, and c_i = k (p2 - p1)_i corrects the separation. The joint's own
ERP and CFM parameters soften the rows. The hinge and the universal joint start with the same three rows.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC, _rot

# ---- kernels


def _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r):
    #: cdef void _ball_rows(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, dReal k, dReal* J,
    #:                      dReal* c, int r) noexcept nogil
    """Three rows keeping the anchor points of both bodies together (error reduction gain k = fps*erp)."""
    #: dReal a1[3]
    #: dReal a2[3]
    #: int o1, o2, ro, i
    a1 = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, jreal, jo + L.J_ANCHOR1, a1)
    o1 = b1 * L.BR + L.B_POS
    ro = r * NC
    J[ro + 0] = 1.0
    J[ro + NC + 1] = 1.0
    J[ro + 2 * NC + 2] = 1.0
    J[ro + 4] = a1[2]
    J[ro + 5] = -a1[1]
    J[ro + NC + 3] = -a1[2]
    J[ro + NC + 5] = a1[0]
    J[ro + 2 * NC + 3] = a1[1]
    J[ro + 2 * NC + 4] = -a1[0]
    if b2 >= 0:
        a2 = [0.0, 0.0, 0.0]  # py
        _rot(breal, b2, jreal, jo + L.J_ANCHOR2, a2)
        o2 = b2 * L.BR + L.B_POS
        J[ro + 6] = -1.0
        J[ro + NC + 7] = -1.0
        J[ro + 2 * NC + 8] = -1.0
        J[ro + 10] = -a2[2]
        J[ro + 11] = a2[1]
        J[ro + NC + 9] = a2[2]
        J[ro + NC + 11] = -a2[0]
        J[ro + 2 * NC + 9] = -a2[1]
        J[ro + 2 * NC + 10] = a2[0]
        for i in range(3):
            c[r + i] = k * (a2[i] + float(breal[o2 + i]) - a1[i] - float(breal[o1 + i]))
    else:
        for i in range(3):
            c[r + i] = k * (float(jreal[jo + L.J_ANCHOR2 + i]) - a1[i] - float(breal[o1 + i]))


def ball_info1(jint, jreal, j, breal):
    #: cdef int ball_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Ball: three rows, no limits."""
    return 3


def ball_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void ball_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                     dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                     int r) noexcept nogil
    """Ball: the three anchor rows, softened by the joint's own ERP and CFM."""
    #: int po
    #: dReal cf
    po = j * L.JR + L.J_PARAM
    _ball_rows(jreal, j * L.JR + L.J_P, breal, b1, b2, fps * float(jreal[po + 13]), J, c, r)
    cf = float(jreal[po + 8])
    cfm[r] = cf
    cfm[r + 1] = cf
    cfm[r + 2] = cf


# ---- end kernels
