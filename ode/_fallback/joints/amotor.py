"""Angular motor: up to three motor/limit rows about user axes, or about the Euler axes of the bodies.

Each axis is kept in the world, body 1's or body 2's frame. In the Euler mode axis 0 rides on body 1, axis 2
on body 2 and axis 1 (the line of nodes) is normal to both; the angles are measured from reference vectors
stored when the axes were set, the stops tested on them. Each axis needing one gets the limit/motor row
about it (W1 = a, W2 = -a).
"""

from __future__ import annotations

from math import atan2

from ... import _layout as L
from .common import _cross, _normalize3, _rot, _rot_t
from .geometry import _rel_rate
from .limits import _motor_row, _test_limit

# ---- kernels


def _motor_axis_world(jint, jreal, j, breal, i, out):
    #: cdef void _motor_axis_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int i,
    #:                             dReal* out) noexcept nogil
    """Motor axis i in the world frame from its relative mode (0 world, 1 body 1, 2 body 2)."""
    #: int rel
    #: int jo
    #: int b
    rel = int(jint[j * L.JI + L.JI_AM_REL + i])
    jo = j * L.JR + L.J_P + L.J_AM_AXES + 3 * i
    b = -1
    if rel == 1:
        b = int(jint[j * L.JI + L.JI_B1])
    elif rel == 2:
        b = int(jint[j * L.JI + L.JI_B2])
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
    else:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])


def _set_motor_axis(jint, jreal, j, breal, i, rel, x, y, z):
    #: cdef void _set_motor_axis(int* jint, dReal* jreal, int j, const dReal* breal, int i, int rel, dReal x,
    #:                           dReal y, dReal z) noexcept nogil
    """Store motor axis i (world direction, normalised) in the frame its relative mode names."""
    #: int jo
    #: dReal v[3]
    #: dReal out[3]
    #: int b
    jint[j * L.JI + L.JI_AM_REL + i] = rel
    jo = j * L.JR + L.J_P + L.J_AM_AXES + 3 * i
    v = [0.0, 0.0, 0.0]  # py
    v[0] = x
    v[1] = y
    v[2] = z
    if not _normalize3(v):
        return
    b = -1
    if rel == 1:
        b = int(jint[j * L.JI + L.JI_B1])
    elif rel == 2:
        b = int(jint[j * L.JI + L.JI_B2])
    out = [0.0, 0.0, 0.0]  # py
    out[0] = v[0]
    out[1] = v[1]
    out[2] = v[2]
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


def _euler_axes(jint, jreal, j, breal, A):
    #: cdef void _euler_axes(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                       dReal* A) noexcept nogil
    """Euler-mode axes A (3 x 3): axis 0 on body 1, the line of nodes, axis 2 on body 2, each made normal
    to the line of nodes as libode reports them."""
    #: dReal a0[3]
    #: dReal a2[3]
    #: dReal n[3]
    a0 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    n = [0.0, 0.0, 0.0]  # py
    n[0] = a2[1] * a0[2] - a2[2] * a0[1]
    n[1] = a2[2] * a0[0] - a2[0] * a0[2]
    n[2] = a2[0] * a0[1] - a2[1] * a0[0]
    _normalize3(n)
    A[0] = n[1] * a2[2] - n[2] * a2[1]
    A[1] = n[2] * a2[0] - n[0] * a2[2]
    A[2] = n[0] * a2[1] - n[1] * a2[0]
    A[3] = n[0]
    A[4] = n[1]
    A[5] = n[2]
    A[6] = a0[1] * n[2] - a0[2] * n[1]
    A[7] = a0[2] * n[0] - a0[0] * n[2]
    A[8] = a0[0] * n[1] - a0[1] * n[0]


def _amotor_axes(jint, jreal, j, breal, A):
    #: cdef void _amotor_axes(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                        dReal* A) noexcept nogil
    """The three angular motor axes in the world frame (3 x 3)."""
    #: dReal t[3]
    #: int i
    if int(jint[j * L.JI + L.JI_AM_MODE]) == 1:
        _euler_axes(jint, jreal, j, breal, A)
        return
    t = [0.0, 0.0, 0.0]  # py
    for i in range(3):
        _motor_axis_world(jint, jreal, j, breal, i, t)
        A[3 * i] = t[0]
        A[3 * i + 1] = t[1]
        A[3 * i + 2] = t[2]


def _set_euler_reference(jint, jreal, j, breal):
    #: cdef void _set_euler_reference(const int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Euler mode: remember axis 2 in body 1's frame and axis 0 in body 2's frame (all angles 0 now)."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal a0[3]
    #: dReal a2[3]
    #: dReal out[3]
    #: int i
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a0 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    out = [0.0, 0.0, 0.0]  # py
    out[0] = a2[0]
    out[1] = a2[1]
    out[2] = a2[2]
    if b1 >= 0:
        _rot_t(breal, b1, a2[0], a2[1], a2[2], out)
    for i in range(3):
        jreal[jo + L.J_AM_REF1 + i] = out[i]
    out = [0.0, 0.0, 0.0]  # py
    out[0] = a0[0]
    out[1] = a0[1]
    out[2] = a0[2]
    if b2 >= 0:
        _rot_t(breal, b2, a0[0], a0[1], a0[2], out)
    for i in range(3):
        jreal[jo + L.J_AM_REF2 + i] = out[i]


def _angle_about(n, u, v):
    #: cdef dReal _angle_about(const dReal* n, const dReal* u, const dReal* v) noexcept nogil
    """Signed angle about n taking u to v (u and v normal to n)."""
    #: dReal x
    #: dReal w0
    #: dReal w1
    #: dReal w2
    x = u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
    w0 = u[1] * v[2] - u[2] * v[1]
    w1 = u[2] * v[0] - u[0] * v[2]
    w2 = u[0] * v[1] - u[1] * v[0]
    return atan2(n[0] * w0 + n[1] * w1 + n[2] * w2, x)


def _euler_angles(jint, jreal, j, breal, out):
    #: cdef void _euler_angles(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                         dReal* out) noexcept nogil
    """Euler angles of body 1 relative to body 2 (libode's sign), from the reference vectors."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal a0[3]
    #: dReal a2[3]
    #: dReal n[3]
    #: dReal ref1[3]
    #: dReal ref2[3]
    #: dReal u[3]
    #: int i
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a0 = [0.0, 0.0, 0.0]  # py
    a2 = [0.0, 0.0, 0.0]  # py
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    n = [0.0, 0.0, 0.0]  # py
    _cross(a2, a0, n)
    _normalize3(n)
    ref1 = [0.0, 0.0, 0.0]  # py
    ref2 = [0.0, 0.0, 0.0]  # py
    if b1 >= 0:
        _rot(breal, b1, jreal, jo + L.J_AM_REF1, ref1)
    else:
        for i in range(3):
            ref1[i] = float(jreal[jo + L.J_AM_REF1 + i])
    if b2 >= 0:
        _rot(breal, b2, jreal, jo + L.J_AM_REF2, ref2)
    else:
        for i in range(3):
            ref2[i] = float(jreal[jo + L.J_AM_REF2 + i])
    u = [0.0, 0.0, 0.0]  # py
    _cross(ref1, a0, u)
    out[0] = _angle_about(a0, n, u)
    _cross(a0, n, u)
    out[1] = _angle_about(n, a2, u)
    _cross(a2, ref2, u)
    out[2] = _angle_about(a2, u, n)


def _motor_rate(jint, jreal, j, breal, i):
    #: cdef dReal _motor_rate(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                        int i) noexcept nogil
    """Rate of angular motor axis i: body 1's angular velocity minus body 2's along the axis."""
    #: dReal A[9]
    #: dReal a[3]
    #: int b1, b2
    A = [0.0] * 9  # py
    a = [0.0, 0.0, 0.0]  # py
    _amotor_axes(jint, jreal, j, breal, A)
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    a[0] = A[3 * i]
    a[1] = A[3 * i + 1]
    a[2] = A[3 * i + 2]
    return _rel_rate(breal, b1, b2, a, False)


def amotor_info1(jint, jreal, j, breal):
    #: cdef int amotor_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Angular motor: measure the euler angles (kept for getAngle), test each axis' stops."""
    #: int jo
    #: dReal t[3]
    #: int i
    #: int m
    jo = j * L.JR + L.J_P
    if int(jint[j * L.JI + L.JI_AM_MODE]) == 1:
        t = [0.0, 0.0, 0.0]  # py
        _euler_angles(jint, jreal, j, breal, t)
        for i in range(3):
            jreal[jo + L.J_AM_ANGLE + i] = t[i]
    m = 0
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        m = m + _test_limit(jint, jreal, j, i, float(jreal[jo + L.J_AM_ANGLE + i]))
    return m


def amotor_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void amotor_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Angular motor: one limit/motor row per axis that needs one."""
    #: dReal A[9]
    #: dReal ax[3]
    #: int i
    A = [0.0] * 9  # py
    _amotor_axes(jint, jreal, j, breal, A)
    ax = [0.0, 0.0, 0.0]  # py
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        ax[0] = A[3 * i]
        ax[1] = A[3 * i + 1]
        ax[2] = A[3 * i + 2]
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


# ---- end kernels


set_motor_axis = _set_motor_axis
set_euler_reference = _set_euler_reference
motor_rate = _motor_rate


def motor_axis(jint, jreal, j, breal, i) -> tuple:
    """Angular motor axis i in the world frame (euler mode: as computed for the rows)."""
    A = [0.0] * 9
    _amotor_axes(jint, jreal, j, breal, A)
    return (A[3 * i], A[3 * i + 1], A[3 * i + 2])
