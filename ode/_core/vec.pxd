# Small 3-vector and 3x3 helpers on dReal pointers shared by the hand-written kernels (cimport; inline, so
# each kernel compiles its own copy). Twin: ode/_fallback/vec.py, the same operations in the same order.
# Matrices are 3x3 row-major.
from libc.math cimport fabs, sin

from .dreal cimport dReal


cdef inline void cross(const dReal* a, const dReal* b, dReal* r) noexcept nogil:
    """r = a x b (r must not alias a or b)."""
    r[0] = a[1] * b[2] - a[2] * b[1]
    r[1] = a[2] * b[0] - a[0] * b[2]
    r[2] = a[0] * b[1] - a[1] * b[0]


cdef inline dReal dot3(const dReal* a, const dReal* b) noexcept nogil:
    """Three-term dot product summed left to right."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


cdef inline dReal dot6(const dReal* a, const dReal* b) noexcept nogil:
    """Six-term dot product summed left to right (one body's half of a constraint row)."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5]


cdef inline void mv(const dReal* M, const dReal* v, dReal* r) noexcept nogil:
    """r = M v."""
    r[0] = M[0] * v[0] + M[1] * v[1] + M[2] * v[2]
    r[1] = M[3] * v[0] + M[4] * v[1] + M[5] * v[2]
    r[2] = M[6] * v[0] + M[7] * v[1] + M[8] * v[2]


cdef inline void mtv(const dReal* M, const dReal* v, dReal* r) noexcept nogil:
    """r = M^T v."""
    r[0] = M[0] * v[0] + M[3] * v[1] + M[6] * v[2]
    r[1] = M[1] * v[0] + M[4] * v[1] + M[7] * v[2]
    r[2] = M[2] * v[0] + M[5] * v[1] + M[8] * v[2]


cdef inline void rotate_tensor(const dReal* R, const dReal* T, dReal* out) noexcept nogil:
    """out = R T R^T (T R^T first, then R times it): a body-frame tensor in the world frame."""
    cdef dReal tmp[9]
    cdef int i, j
    for i in range(3):
        for j in range(3):
            tmp[3 * i + j] = T[3 * i] * R[3 * j] + T[3 * i + 1] * R[3 * j + 1] + T[3 * i + 2] * R[3 * j + 2]
    for i in range(3):
        for j in range(3):
            out[3 * i + j] = R[3 * i] * tmp[j] + R[3 * i + 1] * tmp[3 + j] + R[3 * i + 2] * tmp[6 + j]


cdef inline bint invert3(const dReal* a, dReal* out) noexcept nogil:
    """Closed-form inverse of a general 3x3 matrix; False when it is singular."""
    cdef dReal det = (a[0] * (a[4] * a[8] - a[5] * a[7]) + a[1] * (a[5] * a[6] - a[3] * a[8])
                      + a[2] * (a[3] * a[7] - a[4] * a[6]))
    cdef dReal r
    if det == 0.0:
        return False
    r = 1.0 / det
    out[0] = (a[4] * a[8] - a[5] * a[7]) * r
    out[1] = (a[2] * a[7] - a[1] * a[8]) * r
    out[2] = (a[1] * a[5] - a[2] * a[4]) * r
    out[3] = (a[5] * a[6] - a[3] * a[8]) * r
    out[4] = (a[0] * a[8] - a[2] * a[6]) * r
    out[5] = (a[2] * a[3] - a[0] * a[5]) * r
    out[6] = (a[3] * a[7] - a[4] * a[6]) * r
    out[7] = (a[1] * a[6] - a[0] * a[7]) * r
    out[8] = (a[0] * a[4] - a[1] * a[3]) * r
    return True


cdef inline dReal sinc(dReal x) noexcept nogil:
    """sin(x)/x with the series near zero."""
    if fabs(x) < 1.0e-4:
        return 1.0 - x * x * 0.166666666666666666667
    return sin(x) / x
