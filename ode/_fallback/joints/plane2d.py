"""Plane-2D joint: keeps body 1 in the z = 0 plane, turning only about z.

Row 1 stops the linear velocity along z (error: the height of the centre). Rows 2-3 stop the angular
velocity about x and y. Up to three motor rows act along x, along y and about z when powered; there are no
stops, and the environment takes no part.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC
from .limits import _motor_only, _motor_row

# ---- kernels


def plane2d_info1(jint, jreal, j, breal):
    #: cdef int plane2d_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Plane-2D: three rows, plus one per powered motor (x, y, angle)."""
    #: int m
    m = 3 + _motor_only(jint, jreal, j, 0) + _motor_only(jint, jreal, j, 1)
    return m + _motor_only(jint, jreal, j, 2)


def plane2d_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void plane2d_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2,
    #:                        const dReal* wreal, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
    #:                        dReal* hi, int* findex, int r) noexcept nogil
    """Plane-2D: rows holding body 1 at z = 0 and stopping rotation about x and y; x, y, angle motors."""
    #: dReal k
    #: int ro
    #: dReal ax[3]
    k = fps * float(wreal[L.W_ERP])
    ro = r * NC
    J[ro + 2] = 1.0
    J[ro + NC + 3] = 1.0
    J[ro + 2 * NC + 4] = 1.0
    c[r] = -k * float(breal[b1 * L.BR + L.B_POS + 2])
    r = r + 3
    ax = [0.0, 0.0, 0.0]  # py
    ax[0] = 1.0
    ax[1] = 0.0
    ax[2] = 0.0
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, -1, ax, False, fps, J, c, cfm, lo, hi, r)
    ax[0] = 0.0
    ax[1] = 1.0
    r = r + _motor_row(jint, jreal, j, 1, breal, b1, -1, ax, False, fps, J, c, cfm, lo, hi, r)
    ax[1] = 0.0
    ax[2] = 1.0
    _motor_row(jint, jreal, j, 2, breal, b1, -1, ax, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels
