"""Linear motor: up to three motor rows along axes kept in the world or a body's frame.

Each powered axis gets one row bounding the force along it while asking for its target velocity; there are
no stops.
"""

from __future__ import annotations

from ... import _layout as L
from .amotor import _motor_axis_world
from .limits import _motor_only, _motor_row

# ---- kernels


def lmotor_info1(jint, jreal, j, breal):
    #: cdef int lmotor_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Linear motor: one row per powered axis."""
    #: int m, i
    m = 0
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        m = m + _motor_only(jint, jreal, j, i)
    return m


def lmotor_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void lmotor_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Linear motor: one motor row per powered axis."""
    #: dReal ax[3]
    #: int i
    ax = [0.0, 0.0, 0.0]  # py
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        _motor_axis_world(jint, jreal, j, breal, i, ax)
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)


# ---- end kernels
