"""Fixed joint: body 2 held at its offset from body 1, the relative rotation held at its reference.

Rows 1-3 are the ball rows with body 1's centre and the stored offset as the anchor: J1 = e_i, W1 from the
offset's lever, J2 = -e_i. Rows 4-6 fix the orientation: W1 = e_i, W2 = -e_i stop any relative spin, and
the error is the vector part of the rotation from the reference relative quaternion to the present one
(twice its vector part is the small rotation angle times the axis), taken in the world frame. The slider
uses the same three orientation rows.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC, _qmul_conj_b, _relative_q, _rot

# ---- kernels


def _orientation_rows(jreal, jo, breal, b1, b2, k, J, c, r):
    #: cdef void _orientation_rows(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, dReal k,
    #:                             dReal* J, dReal* c, int r) noexcept nogil
    """Three rows keeping the relative rotation of the bodies at the reference (fixed, slider)."""
    #: int ro
    #: dReal now[4]
    #: dReal ref[4]
    #: dReal d[4]
    #: dReal e[3]
    #: int i
    ro = r * NC
    J[ro + 3] = 1.0
    J[ro + NC + 4] = 1.0
    J[ro + 2 * NC + 5] = 1.0
    if b2 >= 0:
        J[ro + 9] = -1.0
        J[ro + NC + 10] = -1.0
        J[ro + 2 * NC + 11] = -1.0
    now = [0.0, 0.0, 0.0, 0.0]  # py
    ref = [0.0, 0.0, 0.0, 0.0]  # py
    d = [0.0, 0.0, 0.0, 0.0]  # py
    _relative_q(breal, b1, b2, now)
    for i in range(4):
        ref[i] = float(jreal[jo + L.J_QREL + i])
    _qmul_conj_b(now, ref, d)
    if d[0] < 0.0:
        d[1] = -d[1]
        d[2] = -d[2]
        d[3] = -d[3]
    e = [0.0, 0.0, 0.0]  # py
    _rot(breal, b1, d, 1, e)
    for i in range(3):
        c[r + i] = 2.0 * k * e[i]


def fixed_info1(jint, jreal, j, breal):
    #: cdef int fixed_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Fixed: six rows."""
    return 6


def fixed_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void fixed_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                      dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                      int r) noexcept nogil
    """Fixed: three rows holding body 2 at its offset from body 1, three orientation rows.

    The joint's ERP and CFM parameters soften the three position rows only; the orientation rows take the
    world's ERP and CFM, as libode 0.16.2 does.
    """
    #: int jo
    #: dReal k
    #: dReal cf
    #: int ro
    #: int o1, o2, i
    #: dReal ofs[3]
    jo = j * L.JR + L.J_P
    k = fps * float(jreal[j * L.JR + L.J_PARAM + 13])
    cf = float(jreal[j * L.JR + L.J_PARAM + 8])
    ro = r * NC
    J[ro + 0] = 1.0
    J[ro + NC + 1] = 1.0
    J[ro + 2 * NC + 2] = 1.0
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        ofs = [0.0, 0.0, 0.0]  # py
        _rot(breal, b1, jreal, jo + L.J_OFFSET, ofs)
        J[ro + 6] = -1.0
        J[ro + NC + 7] = -1.0
        J[ro + 2 * NC + 8] = -1.0
        J[ro + 4] = -ofs[2]
        J[ro + 5] = ofs[1]
        J[ro + NC + 3] = ofs[2]
        J[ro + NC + 5] = -ofs[0]
        J[ro + 2 * NC + 3] = -ofs[1]
        J[ro + 2 * NC + 4] = ofs[0]
        for i in range(3):
            c[r + i] = k * (float(breal[o2 + i]) - float(breal[o1 + i]) + ofs[i])
    else:
        for i in range(3):
            c[r + i] = k * (float(jreal[jo + L.J_OFFSET + i]) - float(breal[o1 + i]))
    _orientation_rows(jreal, jo, breal, b1, b2, fps * float(wreal[L.W_ERP]), J, c, r + 3)
    for i in range(3):
        cfm[r + i] = cf


# ---- end kernels
