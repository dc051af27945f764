# cython: language_level=3
"""Constraint rows of the joints (ODE's getInfo1 / getInfo2) and their geometry, in dReal.

The pure-Python twin ``ode/_fallback/jacobian.py`` has the same functions with the same order of
floating-point operations. Arrays are the world's flat arrays (``ode/_layout.py``): joint j's reals start at
``j * JR``, body b's at ``b * BR``. ``info1`` / ``info2`` are cimported by the step kernel (jacobian.pxd);
the ``def`` functions are the geometry getters and setters used at the API boundary, and ``rows`` for tests.
"""

cimport numpy as cnp
from libc.math cimport INFINITY, atan2, fabs, sqrt

from .dreal cimport dReal
from .layout cimport *

import numpy as np

cnp.import_array()

cdef enum:
    NC = 12  # columns of a Jacobian row

cdef dReal PI = 3.14159265358979323846
cdef dReal SQRT1_2 = 0.7071067811865475244008443621048490
# squared sine of the angle below which two axes count as parallel (round-off of float32 axes is ~1e-7)
cdef dReal PARALLEL_EPS2 = 1e-10


# ---------------------------------------------------------------- array access at the def boundary

cdef dReal* _dp(object a) except NULL:
    """Data pointer of a C-contiguous floating array of dReal."""
    if not isinstance(a, cnp.ndarray):
        raise TypeError("expected a numpy array of reals")
    cdef cnp.ndarray arr = a
    if arr.dtype.kind != "f" or arr.dtype.itemsize != sizeof(dReal) or not arr.flags.c_contiguous:
        raise ValueError("expected a C-contiguous array of this build's real type")
    return <dReal*> cnp.PyArray_DATA(arr)


cdef int* _ip(object a) except NULL:
    """Data pointer of a C-contiguous int32 array."""
    if not isinstance(a, cnp.ndarray):
        raise TypeError("expected a numpy int32 array")
    cdef cnp.ndarray arr = a
    if arr.dtype.kind != "i" or arr.dtype.itemsize != sizeof(int) or not arr.flags.c_contiguous:
        raise ValueError("expected a C-contiguous int32 array")
    return <int*> cnp.PyArray_DATA(arr)


# ---------------------------------------------------------------- small vector and quaternion helpers

cdef inline void _rot(const dReal* breal, int b, const dReal* v, int vo, dReal* out) noexcept nogil:
    """out = R_b * v[vo:vo+3]: a body-frame vector in the world frame."""
    cdef int o = b * BR + B_R
    cdef dReal x = v[vo]
    cdef dReal y = v[vo + 1]
    cdef dReal z = v[vo + 2]
    out[0] = breal[o] * x + breal[o + 1] * y + breal[o + 2] * z
    out[1] = breal[o + 3] * x + breal[o + 4] * y + breal[o + 5] * z
    out[2] = breal[o + 6] * x + breal[o + 7] * y + breal[o + 8] * z


cdef inline void _rot_t(const dReal* breal, int b, dReal x, dReal y, dReal z, dReal* out) noexcept nogil:
    """out = R_b^T * (x, y, z): a world vector in body b's frame."""
    cdef int o = b * BR + B_R
    out[0] = breal[o] * x + breal[o + 3] * y + breal[o + 6] * z
    out[1] = breal[o + 1] * x + breal[o + 4] * y + breal[o + 7] * z
    out[2] = breal[o + 2] * x + breal[o + 5] * y + breal[o + 8] * z


cdef inline dReal _recip_sqrt(dReal a) noexcept nogil:
    """1 / sqrt(a), or 0 when a is not positive (degenerate input yields zero vectors, never a crash)."""
    if a > 0.0:
        return 1.0 / sqrt(a)
    return 0.0


cdef inline void _plane_space(dReal n0, dReal n1, dReal n2, dReal* p, dReal* q) noexcept nogil:
    """Two unit vectors p, q completing the unit vector n to an orthonormal basis (n, p, q).

    A zero n yields zero p and q (the kernels never divide by zero; the API rejects such input).
    """
    cdef dReal a, k
    if fabs(n2) > SQRT1_2:
        a = n1 * n1 + n2 * n2
        k = _recip_sqrt(a)
        p[0] = 0.0
        p[1] = -n2 * k
        p[2] = n1 * k
        q[0] = a * k
        q[1] = -n0 * p[2]
        q[2] = n0 * p[1]
    else:
        a = n0 * n0 + n1 * n1
        k = _recip_sqrt(a)
        p[0] = -n1 * k
        p[1] = n0 * k
        p[2] = 0.0
        q[0] = -n2 * p[1]
        q[1] = n2 * p[0]
        q[2] = a * k


cdef inline void _body_q(const dReal* breal, int b, dReal* out) noexcept nogil:
    """The body's orientation quaternion, identity for the environment (b < 0)."""
    cdef int o
    if b < 0:
        out[0] = 1.0
        out[1] = 0.0
        out[2] = 0.0
        out[3] = 0.0
    else:
        o = b * BR + B_Q
        out[0] = breal[o]
        out[1] = breal[o + 1]
        out[2] = breal[o + 2]
        out[3] = breal[o + 3]


cdef inline void _qmul_conj_a(const dReal* a, const dReal* b, dReal* out) noexcept nogil:
    """out = conj(a) * b."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[0] * b[1] - a[1] * b[0] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[0] * b[2] - a[2] * b[0] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[0] * b[3] - a[3] * b[0] - a[1] * b[2] + a[2] * b[1]


cdef inline void _qmul_conj_b(const dReal* a, const dReal* b, dReal* out) noexcept nogil:
    """out = a * conj(b)."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[1] * b[0] - a[0] * b[1] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[2] * b[0] - a[0] * b[2] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1]


cdef inline void _relative_q(const dReal* breal, int b1, int b2, dReal* out) noexcept nogil:
    """Relative rotation conj(q1) * q2 of body 2 seen from body 1 (q2 = identity for the environment)."""
    cdef dReal q1[4]
    cdef dReal q2[4]
    _body_q(breal, b1, q1)
    _body_q(breal, b2, q2)
    _qmul_conj_a(q1, q2, out)


cdef inline void _q_identity(dReal* q) noexcept nogil:
    """q = the identity rotation (1, 0, 0, 0)."""
    q[0] = 1.0
    q[1] = 0.0
    q[2] = 0.0
    q[3] = 0.0


cdef void _r_to_q(const dReal* R, dReal* q) noexcept nogil:
    """Unit quaternion of the rotation matrix R (3x3 row-major), by the largest-diagonal method.

    A matrix too far from a rotation for the method (never one built by _cross_q) gives the identity.
    """
    cdef dReal tr = R[0] + R[4] + R[8]
    cdef dReal s
    if tr >= 0.0:
        s = sqrt(tr + 1.0)
        q[0] = 0.5 * s
        s = 0.5 / s
        q[1] = (R[7] - R[5]) * s
        q[2] = (R[2] - R[6]) * s
        q[3] = (R[3] - R[1]) * s
    elif R[0] >= R[4] and R[0] >= R[8]:
        s = R[0] - (R[4] + R[8]) + 1.0
        if not s > 0.0:
            _q_identity(q)
            return
        s = sqrt(s)
        q[1] = 0.5 * s
        s = 0.5 / s
        q[2] = (R[1] + R[3]) * s
        q[3] = (R[6] + R[2]) * s
        q[0] = (R[7] - R[5]) * s
    elif R[4] >= R[8]:
        s = R[4] - (R[8] + R[0]) + 1.0
        if not s > 0.0:
            _q_identity(q)
            return
        s = sqrt(s)
        q[2] = 0.5 * s
        s = 0.5 / s
        q[3] = (R[5] + R[7]) * s
        q[1] = (R[1] + R[3]) * s
        q[0] = (R[2] - R[6]) * s
    else:
        s = R[8] - (R[0] + R[4]) + 1.0
        if not s > 0.0:
            _q_identity(q)
            return
        s = sqrt(s)
        q[3] = 0.5 * s
        s = 0.5 / s
        q[1] = (R[6] + R[2]) * s
        q[2] = (R[5] + R[7]) * s
        q[0] = (R[3] - R[1]) * s


cdef inline bint _not_parallel(dReal n, const dReal* a, const dReal* b) noexcept nogil:
    """True when n (the length of a vector of size |a||b| sin(angle)) shows a and b are not parallel."""
    return n * n > PARALLEL_EPS2 * ((a[0] * a[0] + a[1] * a[1] + a[2] * a[2])
                                    * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]))


cdef void _perpendicular_row(const dReal* a1, const dReal* a2, int b2, dReal k, dReal* J, dReal* c,
                             int row) noexcept nogil:
    """Row ``row`` keeping axes a1 and a2 perpendicular (universal, PU): a zero row when they are parallel."""
    cdef dReal d, t0, t1, t2, p0, p1, p2, n
    cdef int ro
    d = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    t0 = a2[0] - d * a1[0]
    t1 = a2[1] - d * a1[1]
    t2 = a2[2] - d * a1[2]
    p0 = a1[1] * t2 - a1[2] * t1
    p1 = a1[2] * t0 - a1[0] * t2
    p2 = a1[0] * t1 - a1[1] * t0
    n = sqrt(p0 * p0 + p1 * p1 + p2 * p2)
    if _not_parallel(n, a1, a2):
        p0 = p0 / n
        p1 = p1 / n
        p2 = p2 / n
    else:
        p0 = 0.0
        p1 = 0.0
        p2 = 0.0
    ro = row * NC
    J[ro + 3] = p0
    J[ro + 4] = p1
    J[ro + 5] = p2
    if b2 >= 0:
        J[ro + 9] = -p0
        J[ro + 10] = -p1
        J[ro + 11] = -p2
    c[row] = -k * d


cdef void _cross_q(dReal x0, dReal x1, dReal x2, dReal y0, dReal y1, dReal y2, dReal* q) noexcept nogil:
    """Quaternion of the frame with x along (x0, x1, x2) and y along the part of (y0, y1, y2) normal to x.

    Degenerate input (libode prints "zero length vector" and reads uninitialised memory): a zero x gives
    the identity; a y parallel to x within 1e-5 rad (universal axes momentarily aligned) is replaced by
    the first vector of _plane_space(x), so the frame stays a rotation and nothing becomes NaN.
    """
    cdef dReal R[9]
    cdef dReal p[3]
    cdef dReal qq[3]
    cdef dReal n = sqrt(x0 * x0 + x1 * x1 + x2 * x2)
    cdef dReal d, yy, n2
    if not n > 0.0:
        _q_identity(q)
        return
    x0 = x0 / n
    x1 = x1 / n
    x2 = x2 / n
    yy = y0 * y0 + y1 * y1 + y2 * y2
    d = x0 * y0 + x1 * y1 + x2 * y2
    y0 = y0 - d * x0
    y1 = y1 - d * x1
    y2 = y2 - d * x2
    n2 = y0 * y0 + y1 * y1 + y2 * y2
    n = sqrt(n2)
    if n2 > PARALLEL_EPS2 * yy:
        y0 = y0 / n
        y1 = y1 / n
        y2 = y2 / n
    else:
        _plane_space(x0, x1, x2, p, qq)
        y0 = p[0]
        y1 = p[1]
        y2 = p[2]
    R[0] = x0
    R[3] = x1
    R[6] = x2
    R[1] = y0
    R[4] = y1
    R[7] = y2
    R[2] = x1 * y2 - x2 * y1
    R[5] = x2 * y0 - x0 * y2
    R[8] = x0 * y1 - x1 * y0
    _r_to_q(R, q)


cdef dReal _angle_from_rel(const dReal* now, const dReal* ref, dReal a0, dReal a1, dReal a2) noexcept nogil:
    """Signed angle about the unit axis a of the rotation taking ``ref`` to ``now``, in (-pi, pi]."""
    cdef dReal d[4]
    cdef dReal s, theta
    _qmul_conj_b(now, ref, d)
    s = sqrt(d[1] * d[1] + d[2] * d[2] + d[3] * d[3])
    if d[1] * a0 + d[2] * a1 + d[3] * a2 < 0.0:
        s = -s
    theta = -2.0 * atan2(s, d[0])
    if theta > PI:
        theta = theta - 2.0 * PI
    elif theta <= -PI:
        theta = theta + 2.0 * PI
    return theta


# ---------------------------------------------------------------- geometry setters and getters (cdef)

cdef void _set_anchor(const int* jint, dReal* jreal, int j, const dReal* breal,
                      dReal x, dReal y, dReal z) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal out[3]
    cdef int o
    if b1 >= 0:
        o = b1 * BR + B_POS
        _rot_t(breal, b1, x - breal[o], y - breal[o + 1], z - breal[o + 2], out)
        jreal[jo + J_ANCHOR1] = out[0]
        jreal[jo + J_ANCHOR1 + 1] = out[1]
        jreal[jo + J_ANCHOR1 + 2] = out[2]
    if b2 >= 0:
        o = b2 * BR + B_POS
        _rot_t(breal, b2, x - breal[o], y - breal[o + 1], z - breal[o + 2], out)
        jreal[jo + J_ANCHOR2] = out[0]
        jreal[jo + J_ANCHOR2 + 1] = out[1]
        jreal[jo + J_ANCHOR2 + 2] = out[2]
    else:
        jreal[jo + J_ANCHOR2] = x
        jreal[jo + J_ANCHOR2 + 1] = y
        jreal[jo + J_ANCHOR2 + 2] = z


cdef void _get_anchor(const int* jint, const dReal* jreal, int j, const dReal* breal, int second,
                      dReal* res) noexcept nogil:
    cdef int b = jint[j * JI + (JI_B2 if second else JI_B1)]
    cdef int jo = j * JR + J_P + (J_ANCHOR2 if second else J_ANCHOR1)
    cdef dReal out[3]
    cdef int o
    if b < 0:
        res[0] = jreal[jo]
        res[1] = jreal[jo + 1]
        res[2] = jreal[jo + 2]
        return
    _rot(breal, b, jreal, jo, out)
    o = b * BR + B_POS
    res[0] = out[0] + breal[o]
    res[1] = out[1] + breal[o + 1]
    res[2] = out[2] + breal[o + 2]


cdef void _set_axis(const int* jint, dReal* jreal, int j, const dReal* breal, int which,
                    dReal x, dReal y, dReal z) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal n = sqrt(x * x + y * y + z * z)
    cdef dReal out[3]
    cdef dReal nx, ny, nz, m
    if not (n > 0.0 and n < INFINITY):
        # the squares under- or overflowed (tiny or huge axis, single precision): scale first
        m = fabs(x)
        if fabs(y) > m:
            m = fabs(y)
        if fabs(z) > m:
            m = fabs(z)
        if not (m > 0.0 and m < INFINITY):
            return
        x = x / m
        y = y / m
        z = z / m
        n = sqrt(x * x + y * y + z * z)
    nx = x / n
    ny = y / n
    nz = z / n
    if which != 2:
        if b1 >= 0:
            _rot_t(breal, b1, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + J_AXIS1] = out[0]
        jreal[jo + J_AXIS1 + 1] = out[1]
        jreal[jo + J_AXIS1 + 2] = out[2]
    if which != 1:
        if b2 >= 0:
            _rot_t(breal, b2, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + J_AXIS2] = out[0]
        jreal[jo + J_AXIS2 + 1] = out[1]
        jreal[jo + J_AXIS2 + 2] = out[2]


cdef inline void _axis_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int second,
                             dReal* out) noexcept nogil:
    """Axis 1 (carried by body 1) or axis 2 (carried by body 2, or fixed in the world) in the world frame."""
    cdef int b = jint[j * JI + (JI_B2 if second else JI_B1)]
    cdef int jo = j * JR + J_P + (J_AXIS2 if second else J_AXIS1)
    if b < 0:
        out[0] = jreal[jo]
        out[1] = jreal[jo + 1]
        out[2] = jreal[jo + 2]
    else:
        _rot(breal, b, jreal, jo, out)


cdef void _set_relative_rotation(const int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P + J_QREL
    cdef dReal q[4]
    _relative_q(breal, b1, b2, q)
    jreal[jo] = q[0]
    jreal[jo + 1] = q[1]
    jreal[jo + 2] = q[2]
    jreal[jo + 3] = q[3]


cdef void _set_offset(const int* jint, dReal* jreal, int j, const dReal* breal, int second) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P + J_OFFSET
    cdef int o1, o2
    cdef dReal out[3]
    if b1 < 0:
        return
    o1 = b1 * BR + B_POS
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        _rot_t(breal, b2 if second else b1, breal[o1] - breal[o2], breal[o1 + 1] - breal[o2 + 1],
               breal[o1 + 2] - breal[o2 + 2], out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = breal[o1]
        jreal[jo + 1] = breal[o1 + 1]
        jreal[jo + 2] = breal[o1 + 2]


cdef dReal _hinge_angle(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal now[4]
    cdef dReal ref[4]
    _relative_q(breal, b1, b2, now)
    ref[0] = jreal[jo + J_QREL]
    ref[1] = jreal[jo + J_QREL + 1]
    ref[2] = jreal[jo + J_QREL + 2]
    ref[3] = jreal[jo + J_QREL + 3]
    return _angle_from_rel(now, ref, jreal[jo + J_AXIS1], jreal[jo + J_AXIS1 + 1], jreal[jo + J_AXIS1 + 2])


cdef dReal _rel_rate(const dReal* breal, int b1, int b2, const dReal* a, bint linear) noexcept nogil:
    """Component along the world vector a of body 1's velocity minus body 2's (angular or linear)."""
    cdef int col = B_LVEL if linear else B_AVEL
    cdef int o = b1 * BR + col
    cdef dReal r = a[0] * breal[o] + a[1] * breal[o + 1] + a[2] * breal[o + 2]
    if b2 >= 0:
        o = b2 * BR + col
        r = r - (a[0] * breal[o] + a[1] * breal[o + 1] + a[2] * breal[o + 2])
    return r


cdef dReal _axis_rate(const int* jint, const dReal* jreal, int j, const dReal* breal, int second,
                      bint linear) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef dReal a[3]
    _axis_world(jint, jreal, j, breal, second, a)
    return _rel_rate(breal, b1, b2, a, linear)


cdef dReal _slider_position(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal ofs[3]
    cdef dReal d0, d1, d2
    cdef int o1, o2
    _rot(breal, b1, jreal, jo + J_AXIS1, ax)
    o1 = b1 * BR + B_POS
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        _rot(breal, b2, jreal, jo + J_OFFSET, ofs)
        d0 = breal[o1] - breal[o2] - ofs[0]
        d1 = breal[o1 + 1] - breal[o2 + 1] - ofs[1]
        d2 = breal[o1 + 2] - breal[o2 + 2] - ofs[2]
    else:
        d0 = breal[o1] - jreal[jo + J_OFFSET]
        d1 = breal[o1 + 1] - jreal[jo + J_OFFSET + 1]
        d2 = breal[o1 + 2] - jreal[jo + J_OFFSET + 2]
    return ax[0] * d0 + ax[1] * d1 + ax[2] * d2


cdef dReal _user_slider_position(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """The slider position as the user sees it: negated when attached (environment, body)."""
    cdef dReal v = _slider_position(jint, jreal, j, breal)
    if jint[j * JI + JI_FLAGS] & JF_REVERSE:
        return -v
    return v


cdef void _set_universal_reference(const int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal qc[4]
    cdef dReal qb[4]
    cdef dReal qr[4]
    cdef int i
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b1, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + J_QREL + i] = qr[i]
    _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    _body_q(breal, b2, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + J_QREL2 + i] = qr[i]


cdef dReal _universal_angle(const int* jint, const dReal* jreal, int j, const dReal* breal,
                            int second) noexcept nogil:
    cdef int b = jint[j * JI + (JI_B2 if second else JI_B1)]
    cdef int jo = j * JR + J_P
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal qc[4]
    cdef dReal qb[4]
    cdef dReal now[4]
    cdef dReal ref[4]
    cdef int ro, ao, i
    cdef dReal theta
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    if second:
        _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    else:
        _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b, qb)
    _qmul_conj_a(qb, qc, now)
    ro = jo + (J_QREL2 if second else J_QREL)
    ao = jo + (J_AXIS2 if second else J_AXIS1)
    for i in range(4):
        ref[i] = jreal[ro + i]
    theta = _angle_from_rel(now, ref, jreal[ao], jreal[ao + 1], jreal[ao + 2])
    if second:
        return -theta
    return theta


cdef void _set_hinge2_reference(const int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int jo = j * JR + J_P
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal out[3]
    cdef dReal c, x, y, z, s, v0, v1, v2, n
    cdef int i
    _set_universal_reference(jint, jreal, j, breal)
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    c = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    x = a1[1] * a2[2] - a1[2] * a2[1]
    y = a1[2] * a2[0] - a1[0] * a2[2]
    z = a1[0] * a2[1] - a1[1] * a2[0]
    s = sqrt(x * x + y * y + z * z)
    jreal[jo + J_H2_C0] = c
    jreal[jo + J_H2_S0] = s
    if b1 < 0:
        return
    v0 = a2[0] - c * a1[0]
    v1 = a2[1] - c * a1[1]
    v2 = a2[2] - c * a1[2]
    n = sqrt(v0 * v0 + v1 * v1 + v2 * v2)
    if _not_parallel(n, a1, a2):
        v0 = v0 / n
        v1 = v1 / n
        v2 = v2 / n
    else:
        v0 = 0.0
        v1 = 0.0
        v2 = 0.0
    _rot_t(breal, b1, v0, v1, v2, out)
    for i in range(3):
        jreal[jo + J_H2_V1 + i] = out[i]
    _rot_t(breal, b1, a1[1] * v2 - a1[2] * v1, a1[2] * v0 - a1[0] * v2, a1[0] * v1 - a1[1] * v0, out)
    for i in range(3):
        jreal[jo + J_H2_V2 + i] = out[i]


cdef dReal _hinge2_angle1(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int jo = j * JR + J_P
    cdef dReal a2[3]
    cdef dReal w1[3]
    cdef dReal w2[3]
    cdef dReal x, y
    _axis_world(jint, jreal, j, breal, 1, a2)
    _rot(breal, b1, jreal, jo + J_H2_V1, w1)
    _rot(breal, b1, jreal, jo + J_H2_V2, w2)
    x = a2[0] * w1[0] + a2[1] * w1[1] + a2[2] * w1[2]
    y = a2[0] * w2[0] + a2[1] * w2[1] + a2[2] * w2[2]
    return -atan2(y, x)


# ---------------------------------------------------------------- geometry of the extended joints

cdef inline int _side_body(const int* jint, int j, int side) noexcept nogil:
    """Slot of body 1 (side 0) or body 2 (side 1), -1 for the environment."""
    if side:
        return jint[j * JI + JI_B2]
    return jint[j * JI + JI_B1]


cdef void _set_point(const int* jint, dReal* jreal, int j, const dReal* breal, int side, int col,
                     dReal x, dReal y, dReal z) noexcept nogil:
    """Store the world point (x, y, z) at column col in the frame of the body on ``side`` (or the world)."""
    cdef int b = _side_body(jint, j, side)
    cdef int jo = j * JR + J_P + col
    cdef int o
    cdef dReal out[3]
    if b >= 0:
        o = b * BR + B_POS
        _rot_t(breal, b, x - breal[o], y - breal[o + 1], z - breal[o + 2], out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = x
        jreal[jo + 1] = y
        jreal[jo + 2] = z


cdef void _point_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int side, int col,
                       dReal* out) noexcept nogil:
    """The point stored at column col by the body on ``side``, in the world frame."""
    cdef int b = _side_body(jint, j, side)
    cdef int jo = j * JR + J_P + col
    cdef int o
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
        o = b * BR + B_POS
        out[0] = out[0] + breal[o]
        out[1] = out[1] + breal[o + 1]
        out[2] = out[2] + breal[o + 2]
    else:
        out[0] = jreal[jo]
        out[1] = jreal[jo + 1]
        out[2] = jreal[jo + 2]


cdef bint _normalize3(dReal* v) noexcept nogil:
    """Scale v to unit length in place (scaling first when the squares under- or overflow); False if zero."""
    cdef dReal n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    cdef dReal m
    if not (n > 0.0 and n < INFINITY):
        m = fabs(v[0])
        if fabs(v[1]) > m:
            m = fabs(v[1])
        if fabs(v[2]) > m:
            m = fabs(v[2])
        if not (m > 0.0 and m < INFINITY):
            return False
        v[0] = v[0] / m
        v[1] = v[1] / m
        v[2] = v[2] / m
        n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    v[0] = v[0] / n
    v[1] = v[1] / n
    v[2] = v[2] / n
    return True


cdef void _set_vector(const int* jint, dReal* jreal, int j, const dReal* breal, int side, int col,
                      dReal x, dReal y, dReal z) noexcept nogil:
    """Store the world direction (x, y, z), normalised, at column col in the frame of the body on ``side``."""
    cdef int b = _side_body(jint, j, side)
    cdef int jo = j * JR + J_P + col
    cdef dReal v[3]
    cdef dReal out[3]
    v[0] = x
    v[1] = y
    v[2] = z
    if not _normalize3(v):
        return
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    else:
        out[0] = v[0]
        out[1] = v[1]
        out[2] = v[2]
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


cdef void _vector_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int side, int col,
                        dReal* out) noexcept nogil:
    """The direction stored at column col by the body on ``side``, in the world frame."""
    cdef int b = _side_body(jint, j, side)
    cdef int jo = j * JR + J_P + col
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
    else:
        out[0] = jreal[jo]
        out[1] = jreal[jo + 1]
        out[2] = jreal[jo + 2]


cdef dReal _rel_angle(const int* jint, const dReal* jreal, int j, const dReal* breal, int col) noexcept nogil:
    """Angle of body 1 relative to body 2 since the reference rotation, about the body-1 axis at col."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal now[4]
    cdef dReal ref[4]
    _relative_q(breal, b1, b2, now)
    ref[0] = jreal[jo + J_QREL]
    ref[1] = jreal[jo + J_QREL + 1]
    ref[2] = jreal[jo + J_QREL + 2]
    ref[3] = jreal[jo + J_QREL + 3]
    return _angle_from_rel(now, ref, jreal[jo + col], jreal[jo + col + 1], jreal[jo + col + 2])


cdef inline bint _reversed(const int* jint, int j) noexcept nogil:
    """True when the joint was attached as (environment, body) and is stored swapped."""
    return (jint[j * JI + JI_FLAGS] & JF_REVERSE) != 0


cdef dReal _user_angle(const int* jint, const dReal* jreal, int j, const dReal* breal, int col) noexcept nogil:
    """rel_angle as the user sees it: negated when attached (environment, body)."""
    cdef dReal a = _rel_angle(jint, jreal, j, breal, col)
    if _reversed(jint, j):
        return -a
    return a


cdef dReal _vector_rate(const int* jint, const dReal* jreal, int j, const dReal* breal, int side, int col,
                        bint linear) noexcept nogil:
    """Relative velocity of body 1 with respect to body 2 along the direction stored at column col."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef dReal a[3]
    _vector_world(jint, jreal, j, breal, side, col, a)
    return _rel_rate(breal, b1, b2, a, linear)


cdef dReal _pr_position(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """PR: prismatic axis . (body 1's centre + offset - anchor on body 2), as the user sees it."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal q[3]
    cdef dReal a2[3]
    cdef dReal d0, d1, d2, r
    _rot(breal, b1, jreal, jo + J_AXIS1, ax)
    _rot(breal, b1, jreal, jo + J_OFFSET, q)
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, a2)
    cdef int o1 = b1 * BR + B_POS
    d0 = breal[o1] + q[0] - a2[0]
    d1 = breal[o1 + 1] + q[1] - a2[1]
    d2 = breal[o1 + 2] + q[2] - a2[2]
    r = ax[0] * d0 + ax[1] * d1 + ax[2] * d2
    if _reversed(jint, j):
        return -r
    return r


cdef dReal _pr_position_rate(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """PR: prismatic axis . (velocity of body 1 - velocity of body 2's anchor point), as the user sees it."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal rr[3]
    cdef dReal v0, v1, v2, w0, w1, w2, r
    cdef int o1, o2, w
    _rot(breal, b1, jreal, jo + J_AXIS1, ax)
    o1 = b1 * BR + B_LVEL
    v0 = breal[o1]
    v1 = breal[o1 + 1]
    v2 = breal[o1 + 2]
    if b2 >= 0:
        _rot(breal, b2, jreal, jo + J_ANCHOR2, rr)
        o2 = b2 * BR + B_LVEL
        w = b2 * BR + B_AVEL
        w0 = breal[w]
        w1 = breal[w + 1]
        w2 = breal[w + 2]
        v0 = v0 - (breal[o2] + (w1 * rr[2] - w2 * rr[1]))
        v1 = v1 - (breal[o2 + 1] + (w2 * rr[0] - w0 * rr[2]))
        v2 = v2 - (breal[o2 + 2] + (w0 * rr[1] - w1 * rr[0]))
    r = ax[0] * v0 + ax[1] * v1 + ax[2] * v2
    if _reversed(jint, j):
        return -r
    return r


cdef dReal _piston_position(const int* jint, const dReal* jreal, int j, const dReal* breal,
                           int col) noexcept nogil:
    """Piston, PU: axis (body 1, column col) . (anchor on body 1 - anchor on body 2), as the user sees it."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal p1[3]
    cdef dReal p2[3]
    cdef dReal r
    _rot(breal, b1, jreal, jo + col, ax)
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, p1)
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, p2)
    r = ax[0] * (p1[0] - p2[0]) + ax[1] * (p1[1] - p2[1]) + ax[2] * (p1[2] - p2[2])
    if _reversed(jint, j):
        return -r
    return r


cdef dReal _piston_position_rate(const int* jint, const dReal* jreal, int j, const dReal* breal,
                                int col) noexcept nogil:
    """Piston: axis (column col) . (body 1's linear velocity - body 2's), as libode 0.16 reports it (the
    bodies' spins do not enter); negated for a reversed joint."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal u[3]
    cdef dReal r
    cdef int o = b1 * BR + B_LVEL
    _rot(breal, b1, jreal, jo + col, ax)
    u[0] = breal[o]
    u[1] = breal[o + 1]
    u[2] = breal[o + 2]
    if b2 >= 0:
        o = b2 * BR + B_LVEL
        u[0] = u[0] - breal[o]
        u[1] = u[1] - breal[o + 1]
        u[2] = u[2] - breal[o + 2]
    r = ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]
    if _reversed(jint, j):
        return -r
    return r


# ---------------------------------------------------------------- limits and motors

cdef int _test_limit(int* jint, dReal* jreal, int j, int group, dReal value) noexcept nogil:
    """Set the limit state of a limit/motor group for the measured angle or position; 1 if a row is due."""
    cdef int po = j * JR + J_PARAM + J_PARAM_GROUP * group
    cdef dReal lo = jreal[po + 0]
    cdef dReal hi = jreal[po + 1]
    cdef int limit = 0
    cdef dReal err = 0.0
    if lo <= hi:
        if value <= lo:
            limit = 1
            err = value - lo
        elif value >= hi:
            limit = 2
            err = value - hi
    jint[j * JI + JI_LIMIT + group] = limit
    jreal[j * JR + J_LIMIT_ERR + group] = err
    if limit != 0 or jreal[po + 5] > 0.0:
        return 1
    return 0


cdef inline void _add3(dReal* breal, int b, int col, dReal x, dReal y, dReal z) noexcept nogil:
    """Add (x, y, z) to a body's 3-vector column (force or torque accumulator)."""
    cdef int o = b * BR + col
    breal[o] = breal[o] + x
    breal[o + 1] = breal[o + 1] + y
    breal[o + 2] = breal[o + 2] + z


cdef void _apply_motor(dReal* breal, int b1, int b2, const dReal* ax, const dReal* t, bint rotational,
                       dReal fm) noexcept nogil:
    """A powered axis resting on a stop pushes the bodies directly with force/torque fm along ax."""
    if rotational:
        _add3(breal, b1, B_TACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, B_TACC, fm * ax[0], fm * ax[1], fm * ax[2])
    else:
        _add3(breal, b1, B_FACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, B_FACC, fm * ax[0], fm * ax[1], fm * ax[2])
            _add3(breal, b1, B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])
            _add3(breal, b2, B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])


cdef int _motor_row(const int* jint, const dReal* jreal, int j, int group, dReal* breal, int b1, int b2,
                    const dReal* ax, bint rotational, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
                    dReal* hi, int r) noexcept nogil:
    """Write the limit/motor row of a group along the world axis ax at row r; return rows written."""
    return _limot_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r, True)


cdef dReal _push_force(const int* jint, const dReal* jreal, int j, int group) noexcept nogil:
    """The force a powered axis resting on one of its stops pushes the bodies with (0.0 when it does not)."""
    cdef int po = j * JR + J_PARAM + J_PARAM_GROUP * group
    cdef dReal fmax = jreal[po + 5]
    cdef int limit = jint[j * JI + JI_LIMIT + group]
    if fmax <= 0.0 or limit == 0 or jreal[po + 0] == jreal[po + 1]:
        return 0.0
    cdef dReal vel = jreal[po + 2]
    cdef dReal fm = fmax
    if vel > 0.0 or (vel == 0.0 and limit == 2):
        fm = -fm
    if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
        fm = fm * jreal[po + 6]
    return fm


cdef int _limot_row(const int* jint, const dReal* jreal, int j, int group, dReal* breal, int b1, int b2,
                    const dReal* ax, bint rotational, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
                    dReal* hi, int r, bint push) noexcept nogil:
    """_motor_row; push=False leaves a motor resting on a stop to the caller (which levers it itself)."""
    cdef int po = j * JR + J_PARAM + J_PARAM_GROUP * group
    cdef dReal fmax = jreal[po + 5]
    cdef int limit = jint[j * JI + JI_LIMIT + group]
    cdef dReal lostop, histop, vel, fm, k, bounce, v, nc
    cdef int ro, o1, o2
    cdef dReal h[3]
    cdef dReal t[3]
    cdef bint powered
    if fmax <= 0.0 and limit == 0:
        return 0
    lostop = jreal[po + 0]
    histop = jreal[po + 1]
    vel = jreal[po + 2]
    ro = r * NC
    h[0] = 0.0
    h[1] = 0.0
    h[2] = 0.0
    t[0] = 0.0
    t[1] = 0.0
    t[2] = 0.0
    if rotational:
        J[ro + 3] = ax[0]
        J[ro + 4] = ax[1]
        J[ro + 5] = ax[2]
        if b2 >= 0:
            J[ro + 9] = -ax[0]
            J[ro + 10] = -ax[1]
            J[ro + 11] = -ax[2]
    else:
        J[ro + 0] = ax[0]
        J[ro + 1] = ax[1]
        J[ro + 2] = ax[2]
        if b2 >= 0:
            J[ro + 6] = -ax[0]
            J[ro + 7] = -ax[1]
            J[ro + 8] = -ax[2]
            o1 = b1 * BR + B_POS
            o2 = b2 * BR + B_POS
            h[0] = 0.5 * (breal[o2] - breal[o1])
            h[1] = 0.5 * (breal[o2 + 1] - breal[o1 + 1])
            h[2] = 0.5 * (breal[o2 + 2] - breal[o1 + 2])
            t[0] = h[1] * ax[2] - h[2] * ax[1]
            t[1] = h[2] * ax[0] - h[0] * ax[2]
            t[2] = h[0] * ax[1] - h[1] * ax[0]
            J[ro + 3] = t[0]
            J[ro + 4] = t[1]
            J[ro + 5] = t[2]
            J[ro + 9] = t[0]
            J[ro + 10] = t[1]
            J[ro + 11] = t[2]
    powered = fmax > 0.0
    if limit != 0 and lostop == histop:
        powered = False
    if powered:
        cfm[r] = jreal[po + 8]
        if limit == 0:
            c[r] = vel
            lo[r] = -fmax
            hi[r] = fmax
        else:
            fm = fmax
            if vel > 0.0 or (vel == 0.0 and limit == 2):
                fm = -fm
            if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
                fm = fm * jreal[po + 6]
            if push:
                _apply_motor(breal, b1, b2, ax, t, rotational, fm)
    if limit != 0:
        k = fps * jreal[po + 9]
        c[r] = -k * jreal[j * JR + J_LIMIT_ERR + group]
        cfm[r] = jreal[po + 10]
        if lostop == histop:
            lo[r] = -INFINITY
            hi[r] = INFINITY
        else:
            if limit == 1:
                lo[r] = 0.0
                hi[r] = INFINITY
            else:
                lo[r] = -INFINITY
                hi[r] = 0.0
            bounce = jreal[po + 7]
            if bounce > 0.0:
                v = _rel_rate(breal, b1, b2, ax, not rotational)
                if limit == 1:
                    if v < 0.0:
                        nc = -bounce * v
                        if nc > c[r]:
                            c[r] = nc
                else:
                    if v > 0.0:
                        nc = -bounce * v
                        if nc < c[r]:
                            c[r] = nc
    return 1


# ---------------------------------------------------------------- shared row builders

cdef void _ball_rows(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, dReal k, dReal* J,
                     dReal* c, int r) noexcept nogil:
    """Three rows keeping the anchor points of both bodies together (error reduction gain k = fps*erp)."""
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef int o1, o2, ro, i
    _rot(breal, b1, jreal, jo + J_ANCHOR1, a1)
    o1 = b1 * BR + B_POS
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
        _rot(breal, b2, jreal, jo + J_ANCHOR2, a2)
        o2 = b2 * BR + B_POS
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
            c[r + i] = k * (a2[i] + breal[o2 + i] - a1[i] - breal[o1 + i])
    else:
        for i in range(3):
            c[r + i] = k * (jreal[jo + J_ANCHOR2 + i] - a1[i] - breal[o1 + i])


cdef void _point_row(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, const dReal* u, dReal k,
                     dReal* J, dReal* c, int r) noexcept nogil:
    """One row keeping the anchor points together along the unit world direction u."""
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef int o1, o2, ro
    cdef dReal e0, e1, e2
    _rot(breal, b1, jreal, jo + J_ANCHOR1, a1)
    o1 = b1 * BR + B_POS
    ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = a1[1] * u[2] - a1[2] * u[1]
    J[ro + 4] = a1[2] * u[0] - a1[0] * u[2]
    J[ro + 5] = a1[0] * u[1] - a1[1] * u[0]
    e0 = -a1[0] - breal[o1]
    e1 = -a1[1] - breal[o1 + 1]
    e2 = -a1[2] - breal[o1 + 2]
    if b2 >= 0:
        _rot(breal, b2, jreal, jo + J_ANCHOR2, a2)
        o2 = b2 * BR + B_POS
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = a2[2] * u[1] - a2[1] * u[2]
        J[ro + 10] = a2[0] * u[2] - a2[2] * u[0]
        J[ro + 11] = a2[1] * u[0] - a2[0] * u[1]
        e0 = e0 + (a2[0] + breal[o2])
        e1 = e1 + (a2[1] + breal[o2 + 1])
        e2 = e2 + (a2[2] + breal[o2 + 2])
    else:
        e0 = e0 + jreal[jo + J_ANCHOR2]
        e1 = e1 + jreal[jo + J_ANCHOR2 + 1]
        e2 = e2 + jreal[jo + J_ANCHOR2 + 2]
    c[r] = k * (u[0] * e0 + u[1] * e1 + u[2] * e2)


cdef void _orientation_rows(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, dReal k,
                            dReal* J, dReal* c, int r) noexcept nogil:
    """Three rows keeping the relative rotation of the bodies at the reference (fixed, slider)."""
    cdef int ro = r * NC
    cdef dReal now[4]
    cdef dReal ref[4]
    cdef dReal d[4]
    cdef dReal e[3]
    cdef int i
    J[ro + 3] = 1.0
    J[ro + NC + 4] = 1.0
    J[ro + 2 * NC + 5] = 1.0
    if b2 >= 0:
        J[ro + 9] = -1.0
        J[ro + NC + 10] = -1.0
        J[ro + 2 * NC + 11] = -1.0
    _relative_q(breal, b1, b2, now)
    for i in range(4):
        ref[i] = jreal[jo + J_QREL + i]
    _qmul_conj_b(now, ref, d)
    if d[0] < 0.0:
        d[1] = -d[1]
        d[2] = -d[2]
        d[3] = -d[3]
    _rot(breal, b1, d, 1, e)
    for i in range(3):
        c[r + i] = 2.0 * k * e[i]


cdef void _perp_angular_rows(const dReal* a, const dReal* b, dReal k, dReal* J, dReal* c, int r,
                             int b2) noexcept nogil:
    """Two rows stopping relative rotation normal to the world axis a; b is body 2's copy of the axis."""
    cdef dReal p[3]
    cdef dReal q[3]
    cdef int ro = r * NC
    cdef dReal u0, u1, u2
    _plane_space(a[0], a[1], a[2], p, q)
    J[ro + 3] = p[0]
    J[ro + 4] = p[1]
    J[ro + 5] = p[2]
    J[ro + NC + 3] = q[0]
    J[ro + NC + 4] = q[1]
    J[ro + NC + 5] = q[2]
    if b2 >= 0:
        J[ro + 9] = -p[0]
        J[ro + 10] = -p[1]
        J[ro + 11] = -p[2]
        J[ro + NC + 9] = -q[0]
        J[ro + NC + 10] = -q[1]
        J[ro + NC + 11] = -q[2]
    u0 = a[1] * b[2] - a[2] * b[1]
    u1 = a[2] * b[0] - a[0] * b[2]
    u2 = a[0] * b[1] - a[1] * b[0]
    c[r] = k * (u0 * p[0] + u1 * p[1] + u2 * p[2])
    c[r + 1] = k * (u0 * q[0] + u1 * q[1] + u2 * q[2])


# ---------------------------------------------------------------- per-type rows

cdef void _hinge_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                      dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Hinge: ball rows, two rows keeping the axes aligned, and the limit/motor row."""
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal a[3]
    cdef dReal b[3]
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 3, b2)
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, True, fps, J, c, cfm, lo, hi, r + 5)


cdef void _slider_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Slider: three orientation rows, two rows keeping the bodies on the axis, the limit/motor row."""
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal a[3]
    cdef dReal p[3]
    cdef dReal q[3]
    cdef dReal ofs[3]
    cdef int ro, o1, o2
    cdef dReal h0, h1, h2, e0, e1, e2
    _orientation_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    _axis_world(jint, jreal, j, breal, 0, a)
    _plane_space(a[0], a[1], a[2], p, q)
    ro = (r + 3) * NC
    J[ro + 0] = p[0]
    J[ro + 1] = p[1]
    J[ro + 2] = p[2]
    J[ro + NC + 0] = q[0]
    J[ro + NC + 1] = q[1]
    J[ro + NC + 2] = q[2]
    o1 = b1 * BR + B_POS
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        J[ro + 6] = -p[0]
        J[ro + 7] = -p[1]
        J[ro + 8] = -p[2]
        J[ro + NC + 6] = -q[0]
        J[ro + NC + 7] = -q[1]
        J[ro + NC + 8] = -q[2]
        h0 = 0.5 * (breal[o2] - breal[o1])
        h1 = 0.5 * (breal[o2 + 1] - breal[o1 + 1])
        h2 = 0.5 * (breal[o2 + 2] - breal[o1 + 2])
        J[ro + 3] = h1 * p[2] - h2 * p[1]
        J[ro + 4] = h2 * p[0] - h0 * p[2]
        J[ro + 5] = h0 * p[1] - h1 * p[0]
        J[ro + 9] = J[ro + 3]
        J[ro + 10] = J[ro + 4]
        J[ro + 11] = J[ro + 5]
        J[ro + NC + 3] = h1 * q[2] - h2 * q[1]
        J[ro + NC + 4] = h2 * q[0] - h0 * q[2]
        J[ro + NC + 5] = h0 * q[1] - h1 * q[0]
        J[ro + NC + 9] = J[ro + NC + 3]
        J[ro + NC + 10] = J[ro + NC + 4]
        J[ro + NC + 11] = J[ro + NC + 5]
        _rot(breal, b2, jreal, jo + J_OFFSET, ofs)
        e0 = ofs[0] + breal[o2] - breal[o1]
        e1 = ofs[1] + breal[o2 + 1] - breal[o1 + 1]
        e2 = ofs[2] + breal[o2 + 2] - breal[o1 + 2]
    else:
        e0 = jreal[jo + J_OFFSET] - breal[o1]
        e1 = jreal[jo + J_OFFSET + 1] - breal[o1 + 1]
        e2 = jreal[jo + J_OFFSET + 2] - breal[o1 + 2]
    c[r + 3] = k * (p[0] * e0 + p[1] * e1 + p[2] * e2)
    c[r + 4] = k * (q[0] * e0 + q[1] * e1 + q[2] * e2)
    if jint[j * JI + JI_FLAGS] & JF_REVERSE:
        # attached (environment, body): stops and motor act on the user's position, measured the other way
        a[0] = -a[0]
        a[1] = -a[1]
        a[2] = -a[2]
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, False, fps, J, c, cfm, lo, hi, r + 5)


cdef void _fixed_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                      dReal fps, dReal* J, dReal* c, dReal* cfm, int r) noexcept nogil:
    """Fixed: three rows holding body 2 at its offset from body 1, three orientation rows.

    The joint's ERP and CFM parameters soften the three position rows only; the orientation rows take the
    world's ERP and CFM, as libode 0.16.2 does.
    """
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * jreal[j * JR + J_PARAM + 13]
    cdef dReal cf = jreal[j * JR + J_PARAM + 8]
    cdef int ro = r * NC
    cdef int o1, o2, i
    cdef dReal ofs[3]
    J[ro + 0] = 1.0
    J[ro + NC + 1] = 1.0
    J[ro + 2 * NC + 2] = 1.0
    o1 = b1 * BR + B_POS
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        _rot(breal, b1, jreal, jo + J_OFFSET, ofs)
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
            c[r + i] = k * (breal[o2 + i] - breal[o1 + i] + ofs[i])
    else:
        for i in range(3):
            c[r + i] = k * (jreal[jo + J_OFFSET + i] - breal[o1 + i])
    _orientation_rows(jreal, jo, breal, b1, b2, fps * wreal[W_ERP], J, c, r + 3)
    for i in range(3):
        cfm[r + i] = cf


cdef void _universal_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                          dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi,
                          int r) noexcept nogil:
    """Universal: ball rows, one row keeping the axes perpendicular, two limit/motor rows."""
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal d, t0, t1, t2, p0, p1, p2, n
    cdef int ro
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r + 3)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


cdef void _hinge2_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Hinge-2: anchor rows (suspension along axis 1), one row holding the axes' angle, two motor rows."""
    cdef int jo = j * JR + J_P
    cdef int po = j * JR + J_PARAM
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal p[3]
    cdef dReal q[3]
    cdef dReal cs, u0, u1, u2, s
    cdef int ro
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _plane_space(a1[0], a1[1], a1[2], p, q)
    _point_row(jreal, jo, breal, b1, b2, a1, fps * jreal[po + 11], J, c, r)
    _point_row(jreal, jo, breal, b1, b2, p, k, J, c, r + 1)
    _point_row(jreal, jo, breal, b1, b2, q, k, J, c, r + 2)
    cfm[r] = jreal[po + 12]
    cs = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    u0 = a1[1] * a2[2] - a1[2] * a2[1]
    u1 = a1[2] * a2[0] - a1[0] * a2[2]
    u2 = a1[0] * a2[1] - a1[1] * a2[0]
    s = sqrt(u0 * u0 + u1 * u1 + u2 * u2)
    if _not_parallel(s, a1, a2):
        u0 = u0 / s
        u1 = u1 / s
        u2 = u2 / s
    else:
        u0 = 0.0
        u1 = 0.0
        u2 = 0.0
    ro = (r + 3) * NC
    J[ro + 3] = u0
    J[ro + 4] = u1
    J[ro + 5] = u2
    J[ro + 9] = -u0
    J[ro + 10] = -u1
    J[ro + 11] = -u2
    c[r + 3] = k * (jreal[jo + J_H2_C0] * s - jreal[jo + J_H2_S0] * cs)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


cdef void _spin_lever(const dReal* breal, int b, const dReal* pw, dReal* out) noexcept nogil:
    """out = w_b x (pw - centre of b)."""
    cdef int o = b * BR + B_POS
    cdef dReal r0 = pw[0] - breal[o]
    cdef dReal r1 = pw[1] - breal[o + 1]
    cdef dReal r2 = pw[2] - breal[o + 2]
    cdef int w = b * BR + B_AVEL
    cdef dReal w0 = breal[w]
    cdef dReal w1 = breal[w + 1]
    cdef dReal w2 = breal[w + 2]
    out[0] = w1 * r2 - w2 * r1
    out[1] = w2 * r0 - w0 * r2
    out[2] = w0 * r1 - w1 * r0


cdef dReal _pu_position_rate(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """PU: prismatic axis . relative velocity at body 2's anchor, as libode 0.16 reports it (body 2's
    angular velocity enters with the opposite sign to a rigid point's velocity)."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal ax[3]
    cdef dReal a2w[3]
    cdef dReal u[3]
    cdef dReal t[3]
    cdef int o
    _rot(breal, b1, jreal, jo + J_AXIS3, ax)
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, a2w)
    _spin_lever(breal, b1, a2w, t)
    o = b1 * BR + B_LVEL
    u[0] = breal[o] + t[0]
    u[1] = breal[o + 1] + t[1]
    u[2] = breal[o + 2] + t[2]
    if b2 >= 0:
        _spin_lever(breal, b2, a2w, t)
        o = b2 * BR + B_LVEL
        u[0] = u[0] - (breal[o] - t[0])
        u[1] = u[1] - (breal[o + 1] - t[1])
        u[2] = u[2] - (breal[o + 2] - t[2])
    return ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]


cdef void _line_rows(const dReal* breal, int b1, int b2, const dReal* ax, const dReal* a2w, const dReal* r2,
                     const dReal* e, dReal k, dReal* J, dReal* c, int r) noexcept nogil:
    """Two rows keeping body 2's anchor (r2 = it minus body 2's centre) on the line of body 1 along ax.

    e is the anchor's offset from the line's point; the rows span the directions normal to ax. Body 1's
    angular part uses the lever from its centre to the point a2w (body 2's anchor for PR and piston, which
    accounts for the line turning with body 1; body 1's own anchor for PU, as libode).
    """
    cdef dReal p[3]
    cdef dReal q[3]
    _plane_space(ax[0], ax[1], ax[2], p, q)
    _point_rows(breal, b1, b2, p, q, a2w, r2, e, k, J, c, r)


cdef void _point_rows(const dReal* breal, int b1, int b2, const dReal* p, const dReal* q, const dReal* a2w,
                      const dReal* r2, const dReal* e, dReal k, dReal* J, dReal* c, int r) noexcept nogil:
    """Two rows stopping body 2's anchor point a2w moving along the directions p and q relative to
    body 1 (r2 = the point minus body 2's centre); e is the point's error, corrected at rate k."""
    cdef const dReal* u
    cdef int i, ro
    cdef int o1 = b1 * BR + B_POS
    cdef dReal l0 = a2w[0] - breal[o1]
    cdef dReal l1 = a2w[1] - breal[o1 + 1]
    cdef dReal l2 = a2w[2] - breal[o1 + 2]
    for i in range(2):
        if i == 0:
            u = p
        else:
            u = q
        ro = (r + i) * NC
        J[ro + 0] = u[0]
        J[ro + 1] = u[1]
        J[ro + 2] = u[2]
        J[ro + 3] = l1 * u[2] - l2 * u[1]
        J[ro + 4] = l2 * u[0] - l0 * u[2]
        J[ro + 5] = l0 * u[1] - l1 * u[0]
        if b2 >= 0:
            J[ro + 6] = -u[0]
            J[ro + 7] = -u[1]
            J[ro + 8] = -u[2]
            J[ro + 9] = r2[2] * u[1] - r2[1] * u[2]
            J[ro + 10] = r2[0] * u[2] - r2[2] * u[0]
            J[ro + 11] = r2[1] * u[0] - r2[0] * u[1]
        c[r + i] = k * (u[0] * e[0] + u[1] * e[1] + u[2] * e[2])


cdef void _anchor2_lever(const int* jint, const dReal* jreal, int j, const dReal* breal, int b2, dReal* a2w,
                         dReal* r2) noexcept nogil:
    """Body 2's anchor in the world (a2w) and relative to body 2's centre (r2; zero without body 2)."""
    cdef int o2
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, a2w)
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        r2[0] = a2w[0] - breal[o2]
        r2[1] = a2w[1] - breal[o2 + 1]
        r2[2] = a2w[2] - breal[o2 + 2]


cdef void _pr_body2_turn(const dReal* ra, const dReal* rb, const dReal* r2, dReal* J, int r) noexcept nogil:
    """PR with two bodies: correct the two line rows r, r+1 for libode's treatment of the rotoide turn (twin)."""
    cdef dReal cab = ra[0] * rb[0] + ra[1] * rb[1] + ra[2] * rb[2]
    if cab == 0.0:
        return
    cdef dReal n0 = ra[1] * rb[2] - ra[2] * rb[1]
    cdef dReal n1 = ra[2] * rb[0] - ra[0] * rb[2]
    cdef dReal n2 = ra[0] * rb[1] - ra[1] * rb[0]
    cdef dReal m0 = ra[1] * r2[2] - ra[2] * r2[1]
    cdef dReal m1 = ra[2] * r2[0] - ra[0] * r2[2]
    cdef dReal m2 = ra[0] * r2[1] - ra[1] * r2[0]
    cdef dReal t = n0 * r2[0] + n1 * r2[1] + n2 * r2[2]
    cdef dReal rr = r2[0] * rb[0] + r2[1] * rb[1] + r2[2] * rb[2]
    cdef dReal f = 1.0 - cab
    cdef dReal d0 = (t * rb[0] + f * m0 - rr * n0) / cab
    cdef dReal d1 = (t * rb[1] + f * m1 - rr * n1) / cab
    cdef dReal d2 = (t * rb[2] + f * m2 - rr * n2) / cab
    cdef int i, ro
    cdef dReal s
    for i in range(2):
        ro = (r + i) * NC
        s = J[ro] * ra[0] + J[ro + 1] * ra[1] + J[ro + 2] * ra[2]
        J[ro + 9] = J[ro + 9] + s * d0
        J[ro + 10] = J[ro + 10] + s * d1
        J[ro + 11] = J[ro + 11] + s * d2


cdef void _pr_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                   dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """PR: two angular rows (about the prismatic axis ax and n = ax x ra, NOT normalised, ra the rotoide
    axis on body 1) correcting ra x rb, two rows keeping body 2's anchor off ra and n, then the limit and
    motor rows.

    Observed in libode (free motions and one-step corrections from chosen poses): body 1 keeps the
    freedom to slide along ax's part normal to ra and to turn about ra's part normal to ax, which for
    perpendicular axes is the plain slider + hinge; rb, the rotoide axis on body 2, is kept as the user
    gave it (not normalised) when there is no body 2; n's length |ax x ra| shows in how soft its rows are
    under CFM (as libode's).
    """
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal ra[3]
    cdef dReal rb[3]
    cdef dReal ax[3]
    cdef dReal n[3]
    cdef dReal a2w[3]
    cdef dReal r2[3]
    cdef dReal q[3]
    cdef dReal e[3]
    _rot(breal, b1, jreal, jo + J_AXIS3, ra)
    _vector_world(jint, jreal, j, breal, 1, J_AXIS2, rb)
    _rot(breal, b1, jreal, jo + J_AXIS1, ax)
    n[0] = ax[1] * ra[2] - ax[2] * ra[1]
    n[1] = ax[2] * ra[0] - ax[0] * ra[2]
    n[2] = ax[0] * ra[1] - ax[1] * ra[0]
    _pr_angular_rows(ax, n, ra, rb, k, J, c, r, b2)
    r2[0] = 0.0
    r2[1] = 0.0
    r2[2] = 0.0
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    _rot(breal, b1, jreal, jo + J_OFFSET, q)
    cdef int o1 = b1 * BR + B_POS
    e[0] = a2w[0] - (breal[o1] + q[0])
    e[1] = a2w[1] - (breal[o1 + 1] + q[1])
    e[2] = a2w[2] - (breal[o1 + 2] + q[2])
    _point_rows(breal, b1, b2, ra, n, a2w, r2, e, k, J, c, r + 2)
    if b2 >= 0:
        _pr_body2_turn(ra, rb, r2, J, r + 2)
    if _reversed(jint, j):
        ax[0] = -ax[0]
        ax[1] = -ax[1]
        ax[2] = -ax[2]
        ra[0] = -ra[0]
        ra[1] = -ra[1]
        ra[2] = -ra[2]
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, ra, True, fps, J, c, cfm, lo, hi, r)


cdef void _pr_angular_rows(const dReal* ax, const dReal* n, const dReal* ra, const dReal* rb, dReal k, dReal* J,
                           dReal* c, int r, int b2) noexcept nogil:
    """PR: rows stopping relative rotation about the directions ax and n; error ra x rb at rate k."""
    cdef dReal u0 = ra[1] * rb[2] - ra[2] * rb[1]
    cdef dReal u1 = ra[2] * rb[0] - ra[0] * rb[2]
    cdef dReal u2 = ra[0] * rb[1] - ra[1] * rb[0]
    cdef const dReal* d
    cdef int i, ro
    for i in range(2):
        if i == 0:
            d = ax
        else:
            d = n
        ro = (r + i) * NC
        J[ro + 3] = d[0]
        J[ro + 4] = d[1]
        J[ro + 5] = d[2]
        if b2 >= 0:
            J[ro + 9] = -d[0]
            J[ro + 10] = -d[1]
            J[ro + 11] = -d[2]
        c[r + i] = k * (u0 * d[0] + u1 * d[1] + u2 * d[2])


cdef void _piston_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Piston: two rows keeping the axes aligned, two keeping body 2's anchor on body 1's axis line, then
    the prismatic and rotoide limit/motor rows."""
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal ax[3]
    cdef dReal bx[3]
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    cdef dReal r2[3]
    cdef dReal e[3]
    _rot(breal, b1, jreal, jo + J_AXIS1, ax)
    _vector_world(jint, jreal, j, breal, 1, J_AXIS2, bx)
    _perp_angular_rows(ax, bx, k, J, c, r, b2)
    r2[0] = 0.0
    r2[1] = 0.0
    r2[2] = 0.0
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    e[0] = a2w[0] - a1w[0]
    e[1] = a2w[1] - a1w[1]
    e[2] = a2w[2] - a1w[2]
    _line_rows(breal, b1, b2, ax, a2w, r2, e, k, J, c, r + 2)
    if _reversed(jint, j):
        ax[0] = -ax[0]
        ax[1] = -ax[1]
        ax[2] = -ax[2]
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


cdef void _pu_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                   dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """PU: one row keeping the universal axes perpendicular, two keeping body 2's anchor on body 1's
    prismatic line, then the limit/motor rows of angle 1, angle 2 and the position."""
    cdef int jo = j * JR + J_P
    cdef dReal k = fps * wreal[W_ERP]
    cdef dReal a1[3]
    cdef dReal a2[3]
    cdef dReal ax[3]
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    cdef dReal r2[3]
    cdef dReal e[3]
    cdef dReal d, t0, t1, t2, p0, p1, p2, n
    cdef int ro
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r)
    if b2 < 0 and _reversed(jint, j):
        # libode holds the prismatic axis of a PU attached as (environment, body) fixed in the world
        ax[0] = jreal[jo + J_AXIS3]
        ax[1] = jreal[jo + J_AXIS3 + 1]
        ax[2] = jreal[jo + J_AXIS3 + 2]
    else:
        _rot(breal, b1, jreal, jo + J_AXIS3, ax)
    r2[0] = 0.0
    r2[1] = 0.0
    r2[2] = 0.0
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
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
    cdef dReal fm
    if _limot_row(jint, jreal, j, 2, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r, False):
        _anchor_levers(breal, b1, b2, ax, a1w, a2w, J, r)
        fm = _push_force(jint, jreal, j, 2)
        if fm != 0.0:
            _anchor_push(breal, b1, b2, ax, a1w, a2w, fm)


cdef void _anchor_push(dReal* breal, int b1, int b2, const dReal* ax, const dReal* a1w, const dReal* a2w,
                       dReal fm) noexcept nogil:
    """PU's prismatic motor on a stop: force -fm ax on body 1 at a1w and fm ax on body 2 at a2w (libode)."""
    cdef dReal f0 = -fm * ax[0]
    cdef dReal f1 = -fm * ax[1]
    cdef dReal f2 = -fm * ax[2]
    cdef int o1 = b1 * BR + B_POS
    cdef int o2
    cdef dReal l0 = a1w[0] - breal[o1]
    cdef dReal l1 = a1w[1] - breal[o1 + 1]
    cdef dReal l2 = a1w[2] - breal[o1 + 2]
    _add3(breal, b1, B_FACC, f0, f1, f2)
    _add3(breal, b1, B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)
    if b2 >= 0:
        f0 = fm * ax[0]
        f1 = fm * ax[1]
        f2 = fm * ax[2]
        o2 = b2 * BR + B_POS
        l0 = a2w[0] - breal[o2]
        l1 = a2w[1] - breal[o2 + 1]
        l2 = a2w[2] - breal[o2 + 2]
        _add3(breal, b2, B_FACC, f0, f1, f2)
        _add3(breal, b2, B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)


cdef void _anchor_levers(const dReal* breal, int b1, int b2, const dReal* ax, const dReal* a1w,
                         const dReal* a2w, dReal* J, int r) noexcept nogil:
    """Angular parts of the linear row r along ax as the relative velocity of the anchors: body 1 at a1w,
    body 2 at a2w if present (libode's PU prismatic limit/motor row, not the slider's half-lever)."""
    cdef int o1 = b1 * BR + B_POS
    cdef int o2 = b2 * BR + B_POS
    cdef int ro = r * NC
    cdef dReal l0 = a1w[0] - breal[o1]
    cdef dReal l1 = a1w[1] - breal[o1 + 1]
    cdef dReal l2 = a1w[2] - breal[o1 + 2]
    cdef dReal m0, m1, m2
    J[ro + 3] = l1 * ax[2] - l2 * ax[1]
    J[ro + 4] = l2 * ax[0] - l0 * ax[2]
    J[ro + 5] = l0 * ax[1] - l1 * ax[0]
    if b2 < 0:
        return
    m0 = a2w[0] - breal[o2]
    m1 = a2w[1] - breal[o2 + 1]
    m2 = a2w[2] - breal[o2 + 2]
    J[ro + 9] = -(m1 * ax[2] - m2 * ax[1])
    J[ro + 10] = -(m2 * ax[0] - m0 * ax[2])
    J[ro + 11] = -(m0 * ax[1] - m1 * ax[0])


cdef int _motor_only(int* jint, dReal* jreal, int j, int group) noexcept nogil:
    """A motor group without a measured position (linear motor, plane-2D): 1 row when powered, no limit."""
    jint[j * JI + JI_LIMIT + group] = 0
    jreal[j * JR + J_LIMIT_ERR + group] = 0.0
    if jreal[j * JR + J_PARAM + J_PARAM_GROUP * group + 5] > 0.0:
        return 1
    return 0


cdef void _distance_row(const dReal* jreal, int jo, const dReal* breal, int b1, int b2, const int* jint, int j,
                        dReal k, dReal* J, dReal* c, int r) noexcept nogil:
    """Double ball: one row keeping the anchors at the stored distance (along the line joining them)."""
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    cdef dReal r2[3]
    cdef dReal u[3]
    r2[0] = 0.0
    r2[1] = 0.0
    r2[2] = 0.0
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    cdef int o1 = b1 * BR + B_POS
    cdef dReal r10 = a1w[0] - breal[o1]
    cdef dReal r11 = a1w[1] - breal[o1 + 1]
    cdef dReal r12 = a1w[2] - breal[o1 + 2]
    u[0] = a2w[0] - a1w[0]
    u[1] = a2w[1] - a1w[1]
    u[2] = a2w[2] - a1w[2]
    cdef dReal d = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2])
    if d > 0.0:
        u[0] = u[0] / d
        u[1] = u[1] / d
        u[2] = u[2] / d
    cdef int ro = r * NC
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
    c[r] = k * (d - jreal[jo + J_DIST])


cdef void _dhinge_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                       dReal fps, dReal* J, dReal* c, dReal* cfm, int r) noexcept nogil:
    """Double hinge: the distance row, two rows keeping the axes aligned, one keeping the anchors in one
    plane normal to the axis.

    As in libode 0.16.2, the last row turns the bodies about the midpoint of their centres (no turning for a
    single body), like a slider's rows, and the joint's CFM parameter softens the distance row only.
    """
    cdef int jo = j * JR + J_P
    cdef int po = j * JR + J_PARAM
    cdef dReal k = fps * jreal[po + 13]
    cdef dReal a[3]
    cdef dReal b[3]
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    cdef dReal r2[3]
    cdef int i
    _distance_row(jreal, jo, breal, b1, b2, jint, j, k, J, c, r)
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 1, b2)
    r2[0] = 0.0
    r2[1] = 0.0
    r2[2] = 0.0
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    cdef int o1 = b1 * BR + B_POS
    cdef int o2 = b2 * BR + B_POS
    cdef dReal h[3]
    for i in range(3):
        h[i] = 0.0
        if b2 >= 0:
            h[i] = 0.5 * (breal[o2 + i] - breal[o1 + i])
    cdef int ro = (r + 3) * NC
    J[ro + 0] = a[0]
    J[ro + 1] = a[1]
    J[ro + 2] = a[2]
    J[ro + 3] = h[1] * a[2] - h[2] * a[1]
    J[ro + 4] = h[2] * a[0] - h[0] * a[2]
    J[ro + 5] = h[0] * a[1] - h[1] * a[0]
    if b2 >= 0:
        J[ro + 6] = -a[0]
        J[ro + 7] = -a[1]
        J[ro + 8] = -a[2]
        J[ro + 9] = J[ro + 3]
        J[ro + 10] = J[ro + 4]
        J[ro + 11] = J[ro + 5]
    c[r + 3] = k * (a[0] * (a2w[0] - a1w[0]) + a[1] * (a2w[1] - a1w[1]) + a[2] * (a2w[2] - a1w[2]))
    cfm[r] = jreal[po + 8]


cdef void _plane2d_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, const dReal* wreal, dReal fps,
                        dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Plane-2D: rows holding body 1 at z = 0 and stopping rotation about x and y; x, y, angle motors."""
    cdef dReal k = fps * wreal[W_ERP]
    cdef int ro = r * NC
    cdef dReal ax[3]
    J[ro + 2] = 1.0
    J[ro + NC + 3] = 1.0
    J[ro + 2 * NC + 4] = 1.0
    c[r] = -k * breal[b1 * BR + B_POS + 2]
    r = r + 3
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


cdef void _motor_axis_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int i,
                            dReal* out) noexcept nogil:
    """Motor axis i in the world frame from its relative mode (0 world, 1 body 1, 2 body 2)."""
    cdef int rel = jint[j * JI + JI_AM_REL + i]
    cdef int jo = j * JR + J_P + J_AM_AXES + 3 * i
    cdef int b = -1
    if rel == 1:
        b = jint[j * JI + JI_B1]
    elif rel == 2:
        b = jint[j * JI + JI_B2]
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
    else:
        out[0] = jreal[jo]
        out[1] = jreal[jo + 1]
        out[2] = jreal[jo + 2]


cdef void _set_motor_axis(int* jint, dReal* jreal, int j, const dReal* breal, int i, int rel, dReal x, dReal y,
                          dReal z) noexcept nogil:
    """Store motor axis i (world direction, normalised) in the frame its relative mode names."""
    jint[j * JI + JI_AM_REL + i] = rel
    cdef int jo = j * JR + J_P + J_AM_AXES + 3 * i
    cdef dReal v[3]
    cdef dReal out[3]
    v[0] = x
    v[1] = y
    v[2] = z
    if not _normalize3(v):
        return
    cdef int b = -1
    if rel == 1:
        b = jint[j * JI + JI_B1]
    elif rel == 2:
        b = jint[j * JI + JI_B2]
    out[0] = v[0]
    out[1] = v[1]
    out[2] = v[2]
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


cdef inline void _cross(const dReal* a, const dReal* b, dReal* out) noexcept nogil:
    """out = a x b."""
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


cdef void _euler_axes(const int* jint, const dReal* jreal, int j, const dReal* breal, dReal* A) noexcept nogil:
    """Euler-mode axes A (3 x 3): axis 0 on body 1, the line of nodes, axis 2 on body 2, each made normal
    to the line of nodes as libode reports them."""
    cdef dReal a0[3]
    cdef dReal a2[3]
    cdef dReal n[3]
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
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


cdef void _amotor_axes(const int* jint, const dReal* jreal, int j, const dReal* breal, dReal* A) noexcept nogil:
    """The three angular motor axes in the world frame (3 x 3)."""
    cdef dReal t[3]
    cdef int i
    if jint[j * JI + JI_AM_MODE] == 1:
        _euler_axes(jint, jreal, j, breal, A)
        return
    for i in range(3):
        _motor_axis_world(jint, jreal, j, breal, i, t)
        A[3 * i] = t[0]
        A[3 * i + 1] = t[1]
        A[3 * i + 2] = t[2]


cdef void _set_euler_reference(const int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """Euler mode: remember axis 2 in body 1's frame and axis 0 in body 2's frame (all angles 0 now)."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal a0[3]
    cdef dReal a2[3]
    cdef dReal out[3]
    cdef int i
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    out[0] = a2[0]
    out[1] = a2[1]
    out[2] = a2[2]
    if b1 >= 0:
        _rot_t(breal, b1, a2[0], a2[1], a2[2], out)
    for i in range(3):
        jreal[jo + J_AM_REF1 + i] = out[i]
    out[0] = a0[0]
    out[1] = a0[1]
    out[2] = a0[2]
    if b2 >= 0:
        _rot_t(breal, b2, a0[0], a0[1], a0[2], out)
    for i in range(3):
        jreal[jo + J_AM_REF2 + i] = out[i]


cdef dReal _angle_about(const dReal* n, const dReal* u, const dReal* v) noexcept nogil:
    """Signed angle about n taking u to v (u and v normal to n)."""
    cdef dReal x = u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
    cdef dReal w0 = u[1] * v[2] - u[2] * v[1]
    cdef dReal w1 = u[2] * v[0] - u[0] * v[2]
    cdef dReal w2 = u[0] * v[1] - u[1] * v[0]
    return atan2(n[0] * w0 + n[1] * w1 + n[2] * w2, x)


cdef void _euler_angles(const int* jint, const dReal* jreal, int j, const dReal* breal, dReal* out) noexcept nogil:
    """Euler angles of body 1 relative to body 2 (libode's sign), from the reference vectors."""
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    cdef int jo = j * JR + J_P
    cdef dReal a0[3]
    cdef dReal a2[3]
    cdef dReal n[3]
    cdef dReal ref1[3]
    cdef dReal ref2[3]
    cdef dReal u[3]
    cdef int i
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    _cross(a2, a0, n)
    _normalize3(n)
    if b1 >= 0:
        _rot(breal, b1, jreal, jo + J_AM_REF1, ref1)
    else:
        for i in range(3):
            ref1[i] = jreal[jo + J_AM_REF1 + i]
    if b2 >= 0:
        _rot(breal, b2, jreal, jo + J_AM_REF2, ref2)
    else:
        for i in range(3):
            ref2[i] = jreal[jo + J_AM_REF2 + i]
    _cross(ref1, a0, u)
    out[0] = _angle_about(a0, n, u)
    _cross(a0, n, u)
    out[1] = _angle_about(n, a2, u)
    _cross(a2, ref2, u)
    out[2] = _angle_about(a2, u, n)


cdef dReal _motor_rate(const int* jint, const dReal* jreal, int j, const dReal* breal, int i) noexcept nogil:
    """Rate of angular motor axis i: body 1's angular velocity minus body 2's along the axis."""
    cdef dReal A[9]
    _amotor_axes(jint, jreal, j, breal, A)
    cdef int b1 = jint[j * JI + JI_B1]
    cdef int b2 = jint[j * JI + JI_B2]
    return _rel_rate(breal, b1, b2, A + 3 * i, False)


cdef int _amotor_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """Angular motor: measure the euler angles (kept for getAngle), test each axis' stops."""
    cdef int jo = j * JR + J_P
    cdef dReal t[3]
    cdef int i
    if jint[j * JI + JI_AM_MODE] == 1:
        _euler_angles(jint, jreal, j, breal, t)
        for i in range(3):
            jreal[jo + J_AM_ANGLE + i] = t[i]
    cdef int m = 0
    for i in range(jint[j * JI + JI_AM_NUM]):
        m = m + _test_limit(jint, jreal, j, i, jreal[jo + J_AM_ANGLE + i])
    return m


cdef void _amotor_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, dReal fps, dReal* J,
                       dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Angular motor: one limit/motor row per axis that needs one."""
    cdef dReal A[9]
    cdef dReal ax[3]
    cdef int i
    _amotor_axes(jint, jreal, j, breal, A)
    for i in range(jint[j * JI + JI_AM_NUM]):
        ax[0] = A[3 * i]
        ax[1] = A[3 * i + 1]
        ax[2] = A[3 * i + 2]
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


cdef void _lmotor_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, dReal fps, dReal* J,
                       dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Linear motor: one motor row per powered axis."""
    cdef dReal ax[3]
    cdef int i
    for i in range(jint[j * JI + JI_AM_NUM]):
        _motor_axis_world(jint, jreal, j, breal, i, ax)
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)


cdef dReal _dball_distance(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """Current distance between the two anchors."""
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, a2w)
    cdef dReal d0 = a2w[0] - a1w[0]
    cdef dReal d1 = a2w[1] - a1w[1]
    cdef dReal d2 = a2w[2] - a1w[2]
    return sqrt(d0 * d0 + d1 * d1 + d2 * d2)


cdef void _tr_contacts(const int* jint, dReal* jreal, int j, const dReal* breal, dReal* a1w, dReal* a2w,
                       dReal* n1, dReal* n2, dReal* c1, dReal* c2) noexcept nogil:
    """Transmission: world anchors a1w, a2w, wheel axes n1, n2 and the contact points c1, c2 of the wheels
    for the joint's mode (radii as stored; at an update the parallel mode splits the centre distance)."""
    cdef int jo = j * JR + J_P
    cdef int mode = jint[j * JI + JI_AM_MODE]
    cdef dReal d[3]
    cdef dReal x[3]
    cdef dReal ln[3]
    cdef dReal p[3]
    cdef dReal dist, ratio, r1, r2, den, f, k, h1, h2, q, f1, f2, t1, t2, a, b, m
    cdef int i
    _point_world(jint, jreal, j, breal, 0, J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, J_ANCHOR2, a2w)
    _vector_world(jint, jreal, j, breal, 0, J_AXIS1, n1)
    _vector_world(jint, jreal, j, breal, 1, J_AXIS2, n2)
    d[0] = a2w[0] - a1w[0]
    d[1] = a2w[1] - a1w[1]
    d[2] = a2w[2] - a1w[2]
    dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    if mode == 0:
        if jreal[jo + J_TR_UPDATE] != 0.0:
            ratio = jreal[jo + J_TR_RATIO]
            r1 = ratio * dist / (1.0 + ratio)
            jreal[jo + J_TR_R1] = r1
            jreal[jo + J_TR_R2] = dist - r1
        r1 = jreal[jo + J_TR_R1]
        den = r1 + jreal[jo + J_TR_R2]
        f = 0.0
        if den != 0.0:
            f = r1 / den
        for i in range(3):
            c1[i] = a1w[i] + f * d[i]
            c2[i] = c1[i]
    elif mode == 1:
        # the contacts lie on the line where the wheels' planes meet, nearest to each centre
        k = n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2]
        h1 = n1[0] * a1w[0] + n1[1] * a1w[1] + n1[2] * a1w[2]
        h2 = n2[0] * a2w[0] + n2[1] * a2w[1] + n2[2] * a2w[2]
        q = 1.0 - k * k
        f1 = 0.0
        f2 = 0.0
        if q != 0.0:
            f1 = (h1 - h2 * k) / q
            f2 = (h2 - h1 * k) / q
        x[0] = f1 * n1[0] + f2 * n2[0]
        x[1] = f1 * n1[1] + f2 * n2[1]
        x[2] = f1 * n1[2] + f2 * n2[2]
        ln[0] = n1[1] * n2[2] - n1[2] * n2[1]
        ln[1] = n1[2] * n2[0] - n1[0] * n2[2]
        ln[2] = n1[0] * n2[1] - n1[1] * n2[0]  # unnormalised, as libode (see the twin)
        t1 = (a1w[0] - x[0]) * ln[0] + (a1w[1] - x[1]) * ln[1] + (a1w[2] - x[2]) * ln[2]
        t2 = (a2w[0] - x[0]) * ln[0] + (a2w[1] - x[1]) * ln[1] + (a2w[2] - x[2]) * ln[2]
        for i in range(3):
            c1[i] = x[i] + t1 * ln[i]
            c2[i] = x[i] + t2 * ln[i]
    else:
        # chain: the contacts are where a common tangent line leaves the sprockets
        r1 = jreal[jo + J_TR_R1]
        r2 = jreal[jo + J_TR_R2]
        a = 0.0
        if dist > 0.0:
            for i in range(3):
                d[i] = d[i] / dist
            a = (r1 - r2) / dist
        b = 0.0
        if a * a < 1.0:
            b = sqrt(1.0 - a * a)
        p[0] = n1[1] * d[2] - n1[2] * d[1]
        p[1] = n1[2] * d[0] - n1[0] * d[2]
        p[2] = n1[0] * d[1] - n1[1] * d[0]
        for i in range(3):
            m = a * d[i] - b * p[i]
            c1[i] = a1w[i] + r1 * m
            c2[i] = a2w[i] + r2 * m


cdef dReal _tr_phase(const int* jint, const dReal* jreal, int j, const dReal* breal, int side, int col,
                     const dReal* aw, const dReal* n, const dReal* cw) noexcept nogil:
    """Angle about n from the last contact point (stored on the body at col) to the new one cw."""
    cdef dReal prev[3]
    cdef dReal u[3]
    cdef dReal v[3]
    cdef dReal x[3]
    _point_world(jint, jreal, j, breal, side, col, prev)
    u[0] = prev[0] - aw[0]
    u[1] = prev[1] - aw[1]
    u[2] = prev[2] - aw[2]
    v[0] = cw[0] - aw[0]
    v[1] = cw[1] - aw[1]
    v[2] = cw[2] - aw[2]
    x[0] = u[1] * v[2] - u[2] * v[1]
    x[1] = u[2] * v[0] - u[0] * v[2]
    x[2] = u[0] * v[1] - u[1] * v[0]
    return atan2(n[0] * x[0] + n[1] * x[1] + n[2] * x[2], u[0] * v[0] + u[1] * v[1] + u[2] * v[2])


cdef void _tr_tangent(const dReal* aw, const dReal* n, const dReal* cw, dReal* out) noexcept nogil:
    """out = n x (cw - aw) normalised: where the wheel material at the contact moves for a positive turn."""
    cdef dReal u0 = cw[0] - aw[0]
    cdef dReal u1 = cw[1] - aw[1]
    cdef dReal u2 = cw[2] - aw[2]
    out[0] = n[1] * u2 - n[2] * u1
    out[1] = n[2] * u0 - n[0] * u2
    out[2] = n[0] * u1 - n[1] * u0
    _normalize3(out)


cdef dReal _dist3(const dReal* a, const dReal* b) noexcept nogil:
    """|a - b|."""
    cdef dReal x = a[0] - b[0]
    cdef dReal y = a[1] - b[1]
    cdef dReal z = a[2] - b[2]
    return sqrt(x * x + y * y + z * z)


cdef void _tr_advance(const int* jint, dReal* jreal, int j, const dReal* breal, const dReal* a1w,
                      const dReal* a2w, dReal* n1, const dReal* n2, const dReal* c1,
                      const dReal* c2) noexcept nogil:
    """After an update: measure the radii (intersecting mode), the ratio and restart the phases; otherwise
    advance each phase by the angle the contact moved on its wheel. Then remember the new contacts."""
    cdef int jo = j * JR + J_P
    cdef int i
    if jreal[jo + J_TR_UPDATE] != 0.0:
        jreal[jo + J_TR_UPDATE] = 0.0
        if jint[j * JI + JI_AM_MODE] == 1:
            jreal[jo + J_TR_R1] = _dist3(c1, a1w)
            jreal[jo + J_TR_R2] = _dist3(c2, a2w)
            if n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2] < 0.0:
                # libode turns wheel 1's axis to make an acute (or right) angle with wheel 2's
                for i in range(3):
                    n1[i] = -n1[i]
                    jreal[jo + J_AXIS1 + i] = -jreal[jo + J_AXIS1 + i]
        if jreal[jo + J_TR_R2] != 0.0:
            jreal[jo + J_TR_RATIO] = jreal[jo + J_TR_R1] / jreal[jo + J_TR_R2]
        jreal[jo + J_TR_ANGLE1] = 0.0
        jreal[jo + J_TR_ANGLE2] = 0.0
    else:
        jreal[jo + J_TR_ANGLE1] = jreal[jo + J_TR_ANGLE1] + _tr_phase(
            jint, jreal, j, breal, 0, J_TR_CP1, a1w, n1, c1)
        jreal[jo + J_TR_ANGLE2] = jreal[jo + J_TR_ANGLE2] + _tr_phase(
            jint, jreal, j, breal, 1, J_TR_CP2, a2w, n2, c2)
    _set_point(jint, jreal, j, breal, 0, J_TR_CP1, c1[0], c1[1], c1[2])
    _set_point(jint, jreal, j, breal, 1, J_TR_CP2, c2[0], c2[1], c2[2])
    for i in range(3):
        jreal[j * JR + J_TR_CPW1 + i] = c1[i]
        jreal[j * JR + J_TR_CPW2 + i] = c2[i]


cdef void _transmission_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, dReal fps,
                             dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Transmission: one row equating the wheels' tangential velocities at the contact; the phases
    (traversed angles), advanced here each step, give the error.

    As libode 0.16.2, the row runs along n1 x (unit line of centres) for parallel axes, along n1 x n2 for
    intersecting axes (both unnormalised: wheels out of one plane, or axes off perpendicular, weaken it) and
    along the chain for chain drives.
    """
    cdef int jo = j * JR + J_P
    cdef int mode = jint[j * JI + JI_AM_MODE]
    cdef dReal a1w[3]
    cdef dReal a2w[3]
    cdef dReal n1[3]
    cdef dReal n2[3]
    cdef dReal c1[3]
    cdef dReal c2[3]
    cdef dReal t1[3]
    cdef dReal t2[3]
    cdef dReal u[3]
    cdef dReal d[3]
    cdef dReal r1, r2, th1, th2, g1, g2, e, l0, l1, l2, m0, m1, m2
    cdef int po, ro, o1, o2
    _tr_contacts(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2)
    _tr_advance(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2)
    _tr_tangent(a1w, n1, c1, t1)
    _tr_tangent(a2w, n2, c2, t2)
    u[0] = t1[0]
    u[1] = t1[1]
    u[2] = t1[2]
    if mode == 1:
        u[0] = n1[1] * n2[2] - n1[2] * n2[1]
        u[1] = n1[2] * n2[0] - n1[0] * n2[2]
        u[2] = n1[0] * n2[1] - n1[1] * n2[0]
        _normalize3(u)
    if mode == 2:
        u[0] = c2[0] - c1[0]
        u[1] = c2[1] - c1[1]
        u[2] = c2[2] - c1[2]
        _normalize3(u)
    r1 = jreal[jo + J_TR_R1]
    r2 = jreal[jo + J_TR_R2]
    th1 = jreal[jo + J_TR_ANGLE1]
    th2 = jreal[jo + J_TR_ANGLE2]
    g1 = t1[0] * u[0] + t1[1] * u[1] + t1[2] * u[2]
    g2 = t2[0] * u[0] + t2[1] * u[1] + t2[2] * u[2]
    if mode == 2:
        e = r1 * th1 * g1 - r2 * th2 * g2
    elif mode == 0:
        # libode adds the phases as for external gears, oriented by wheel 2's tangent
        e = -(r1 * th1 + r2 * th2) * g2
    else:
        # bevel gears: libode adds the phases as for external gears whatever the geometry, along n1 x n2,
        # each weighted by the wheel's present contact radius (they then drift exactly as they do in libode)
        e = -(_dist3(c1, a1w) * th1 + _dist3(c2, a2w) * th2)
    po = j * JR + J_PARAM
    ro = r * NC
    o1 = b1 * BR + B_POS
    l0 = c1[0] - breal[o1]
    l1 = c1[1] - breal[o1 + 1]
    l2 = c1[2] - breal[o1 + 2]
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = l1 * u[2] - l2 * u[1]
    J[ro + 4] = l2 * u[0] - l0 * u[2]
    J[ro + 5] = l0 * u[1] - l1 * u[0]
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        m0 = c2[0] - breal[o2]
        m1 = c2[1] - breal[o2 + 1]
        m2 = c2[2] - breal[o2 + 2]
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = -(m1 * u[2] - m2 * u[1])
        J[ro + 10] = -(m2 * u[0] - m0 * u[2])
        J[ro + 11] = -(m0 * u[1] - m1 * u[0])
    if mode == 0:
        d[0] = a2w[0] - a1w[0]
        d[1] = a2w[1] - a1w[1]
        d[2] = a2w[2] - a1w[2]
        _normalize3(d)
        _tr_scale_row(n1, d, J, ro)
    elif mode == 1:
        _tr_scale_row(n1, n2, J, ro)
    c[r] = fps * jreal[po + 13] * e
    cfm[r] = jreal[po + 8]
    cdef dReal bl = jreal[jo + J_TR_BACKLASH]
    if bl > 0.0:
        _tr_backlash(fps * jreal[po + 13], e, bl, c, lo, hi, r)


cdef void _tr_scale_row(const dReal* n1, const dReal* n2, dReal* J, int ro) noexcept nogil:
    """Scale the unit-direction row by |n1 x n2|: libode's row along an unnormalised cross product (twin)."""
    cdef dReal x0 = n1[1] * n2[2] - n1[2] * n2[1]
    cdef dReal x1 = n1[2] * n2[0] - n1[0] * n2[2]
    cdef dReal x2 = n1[0] * n2[1] - n1[1] * n2[0]
    cdef dReal sc = sqrt(x0 * x0 + x1 * x1 + x2 * x2)
    cdef int i
    for i in range(NC):
        J[ro + i] = J[ro + i] * sc


cdef void _tr_backlash(dReal k, dReal e, dReal bl, dReal* c, dReal* lo, dReal* hi, int r) noexcept nogil:
    """Backlash: free while |e| <= backlash; beyond, a one-sided row correcting the excess (twin)."""
    if e > bl:
        c[r] = k * (e - bl)
        lo[r] = 0.0
    elif e < -bl:
        c[r] = k * (e + bl)
        hi[r] = 0.0
    else:
        c[r] = 0.0
        lo[r] = 0.0
        hi[r] = 0.0


cdef int _contact_rows_count(const int* jint, const dReal* jreal, int j) noexcept nogil:
    cdef int mode = jint[j * JI + JI_C_MODE]
    cdef int jo = j * JR + J_P
    cdef dReal mu = jreal[jo + J_C_MU]
    cdef int m = 1
    if mode & 0x001:
        if mu > 0.0:
            m = m + 1
        if jreal[jo + J_C_MU2] > 0.0:
            m = m + 1
    elif mu > 0.0:
        m = m + 2
    return m


cdef void _contact_direction_row(const dReal* u, const dReal* c1, const dReal* c2, int b2, dReal* J,
                                 int r) noexcept nogil:
    """Row of relative velocity along u at the contact point (c1, c2: the point from each centre)."""
    cdef int ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = c1[1] * u[2] - c1[2] * u[1]
    J[ro + 4] = c1[2] * u[0] - c1[0] * u[2]
    J[ro + 5] = c1[0] * u[1] - c1[1] * u[0]
    if b2 >= 0:
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = c2[2] * u[1] - c2[1] * u[2]
        J[ro + 10] = c2[0] * u[2] - c2[2] * u[0]
        J[ro + 11] = c2[1] * u[0] - c2[0] * u[1]


cdef void _contact_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                        dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
                        int r) noexcept nogil:
    """Contact: the non-penetration row, then the friction rows (box or pyramid friction, FDS, motion)."""
    cdef int mode = jint[j * JI + JI_C_MODE]
    cdef int jo = j * JR + J_P
    cdef dReal n[3]
    cdef dReal c1[3]
    cdef dReal c2[3]
    cdef dReal t1[3]
    cdef dReal t2[3]
    cdef int o1, o2, i, ro, row
    cdef dReal erp, k, depth, motion_n, cn, maxvel, bounce, out, nc, mu, mu2
    n[0] = jreal[jo + J_C_NORMAL]
    n[1] = jreal[jo + J_C_NORMAL + 1]
    n[2] = jreal[jo + J_C_NORMAL + 2]
    o1 = b1 * BR + B_POS
    c1[0] = jreal[jo + J_C_POS] - breal[o1]
    c1[1] = jreal[jo + J_C_POS + 1] - breal[o1 + 1]
    c1[2] = jreal[jo + J_C_POS + 2] - breal[o1 + 2]
    c2[0] = 0.0
    c2[1] = 0.0
    c2[2] = 0.0
    if b2 >= 0:
        o2 = b2 * BR + B_POS
        c2[0] = jreal[jo + J_C_POS] - breal[o2]
        c2[1] = jreal[jo + J_C_POS + 1] - breal[o2 + 1]
        c2[2] = jreal[jo + J_C_POS + 2] - breal[o2 + 2]
    _contact_direction_row(n, c1, c2, b2, J, r)
    erp = wreal[W_ERP]
    if mode & 0x008:
        erp = jreal[jo + J_C_SOFT_ERP]
    k = fps * erp
    depth = jreal[jo + J_C_DEPTH] - wreal[W_SURFACE_LAYER]
    if depth < 0.0:
        depth = 0.0
    if mode & 0x010:
        cfm[r] = jreal[jo + J_C_SOFT_CFM]
    motion_n = 0.0
    if mode & 0x080:
        motion_n = jreal[jo + J_C_MOTIONN]
    cn = k * depth
    maxvel = wreal[W_MAX_CORRECTING_VEL]
    if cn > maxvel:
        cn = maxvel
    cn = cn + motion_n
    if mode & 0x004:
        bounce = jreal[jo + J_C_BOUNCE]
        if bounce > 0.0:
            ro = r * NC
            out = 0.0
            for i in range(3):
                out = out + J[ro + i] * breal[b1 * BR + B_LVEL + i]
            for i in range(3):
                out = out + J[ro + 3 + i] * breal[b1 * BR + B_AVEL + i]
            if b2 >= 0:
                for i in range(3):
                    out = out + J[ro + 6 + i] * breal[b2 * BR + B_LVEL + i]
                for i in range(3):
                    out = out + J[ro + 9 + i] * breal[b2 * BR + B_AVEL + i]
            out = out - motion_n
            if out < -jreal[jo + J_C_BOUNCE_VEL]:
                nc = -bounce * out + motion_n
                if nc > cn:
                    cn = nc
    c[r] = cn
    lo[r] = 0.0
    hi[r] = INFINITY
    mu = jreal[jo + J_C_MU]
    if mu < 0.0:
        mu = 0.0
    mu2 = mu
    if mode & 0x001:
        mu2 = jreal[jo + J_C_MU2]
        if mu2 < 0.0:
            mu2 = 0.0
    t1[0] = 0.0
    t1[1] = 0.0
    t1[2] = 0.0
    if mode & 0x002:
        t1[0] = jreal[jo + J_C_FDIR1]
        t1[1] = jreal[jo + J_C_FDIR1 + 1]
        t1[2] = jreal[jo + J_C_FDIR1 + 2]
        t2[0] = n[1] * t1[2] - n[2] * t1[1]
        t2[1] = n[2] * t1[0] - n[0] * t1[2]
        t2[2] = n[0] * t1[1] - n[1] * t1[0]
    else:
        _plane_space(n[0], n[1], n[2], t1, t2)
    row = r + 1
    if mu > 0.0:
        _contact_direction_row(t1, c1, c2, b2, J, row)
        lo[row] = -mu
        hi[row] = mu
        if mode & 0x020:
            c[row] = jreal[jo + J_C_MOTION1]
        if mode & 0x100:
            cfm[row] = jreal[jo + J_C_SLIP1]
        if mode & 0x1000:
            findex[row] = 0
        row = row + 1
    if mu2 > 0.0:
        _contact_direction_row(t2, c1, c2, b2, J, row)
        lo[row] = -mu2
        hi[row] = mu2
        if mode & 0x040:
            c[row] = jreal[jo + J_C_MOTION2]
        if mode & 0x200:
            cfm[row] = jreal[jo + J_C_SLIP2]
        if mode & 0x2000:
            findex[row] = 0


# ---------------------------------------------------------------- the step's entry points (jacobian.pxd)

cdef bint hinge2_parallel(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil:
    """True when hinge-2 joint j's world axes are parallel: the row holding their angle has no direction."""
    cdef dReal a[6]
    cdef dReal u[3]
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, a + 3)
    _cross(a, a + 3, u)
    return not _not_parallel(sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), a, a + 3)


cdef int info1(int* jint, dReal* jreal, int j, const dReal* breal, const int* bint,
               const dReal* wreal) noexcept nogil:
    cdef int ji = j * JI
    cdef int b1 = jint[ji + JI_B1]
    cdef int t = jint[ji + JI_TYPE]
    cdef int m = 0
    cdef int i
    if b1 >= 0:
        if t == JT_BALL:
            m = 3
        elif t == JT_HINGE:
            m = 5 + _test_limit(jint, jreal, j, 0, _hinge_angle(jint, jreal, j, breal))
        elif t == JT_SLIDER:
            m = 5 + _test_limit(jint, jreal, j, 0, _user_slider_position(jint, jreal, j, breal))
        elif t == JT_FIXED:
            m = 6
        elif t == JT_UNIVERSAL:
            m = 4 + _test_limit(jint, jreal, j, 0, _universal_angle(jint, jreal, j, breal, 0))
            m = m + _test_limit(jint, jreal, j, 1, _universal_angle(jint, jreal, j, breal, 1))
        elif t == JT_HINGE2:
            if jint[ji + JI_B2] >= 0:
                m = 4 + _test_limit(jint, jreal, j, 0, _hinge2_angle1(jint, jreal, j, breal))
                jint[ji + JI_LIMIT + 1] = 0
                if jreal[j * JR + J_PARAM + J_PARAM_GROUP + 5] > 0.0:
                    m = m + 1
        elif t == JT_CONTACT:
            m = _contact_rows_count(jint, jreal, j)
        elif t == JT_PR:
            m = 4 + _test_limit(jint, jreal, j, 0, _pr_position(jint, jreal, j, breal))
            m = m + _test_limit(jint, jreal, j, 1, _user_angle(jint, jreal, j, breal, J_AXIS3))
        elif t == JT_PISTON:
            m = 4 + _test_limit(jint, jreal, j, 0, _piston_position(jint, jreal, j, breal, J_AXIS1))
            m = m + _test_limit(jint, jreal, j, 1, _user_angle(jint, jreal, j, breal, J_AXIS1))
        elif t == JT_PU:
            m = 3 + _test_limit(jint, jreal, j, 0, _universal_angle(jint, jreal, j, breal, 0))
            m = m + _test_limit(jint, jreal, j, 1, _universal_angle(jint, jreal, j, breal, 1))
            m = m + _test_limit(jint, jreal, j, 2, _piston_position(jint, jreal, j, breal, J_AXIS3))
        elif t == JT_DBALL:
            m = 1
        elif t == JT_DHINGE:
            m = 4
        elif t == JT_TRANSMISSION:
            m = 1
        elif t == JT_PLANE2D:
            m = 3 + _motor_only(jint, jreal, j, 0) + _motor_only(jint, jreal, j, 1)
            m = m + _motor_only(jint, jreal, j, 2)
        elif t == JT_AMOTOR:
            m = _amotor_info1(jint, jreal, j, breal)
        elif t == JT_LMOTOR:
            for i in range(jint[ji + JI_AM_NUM]):
                m = m + _motor_only(jint, jreal, j, i)
    jint[ji + JI_M] = m
    return m


cdef void _info2(int* jint, dReal* jreal, int j, dReal* breal, const int* bint, const dReal* wreal,
                 dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
                 int row0) noexcept nogil:
    cdef int ji = j * JI
    cdef int b1 = jint[ji + JI_B1]
    cdef int b2 = jint[ji + JI_B2]
    cdef int t = jint[ji + JI_TYPE]
    cdef int po
    cdef dReal cf
    if b1 < 0:
        return
    if t == JT_BALL:
        po = j * JR + J_PARAM
        _ball_rows(jreal, j * JR + J_P, breal, b1, b2, fps * jreal[po + 13], J, c, row0)
        cf = jreal[po + 8]
        cfm[row0] = cf
        cfm[row0 + 1] = cf
        cfm[row0 + 2] = cf
    elif t == JT_HINGE:
        _hinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_SLIDER:
        _slider_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_FIXED:
        _fixed_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, row0)
    elif t == JT_UNIVERSAL:
        _universal_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_HINGE2:
        if b2 >= 0:
            _hinge2_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_CONTACT:
        _contact_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, row0)
    elif t == JT_PR:
        _pr_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_PISTON:
        _piston_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_PU:
        _pu_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_DBALL:
        po = j * JR + J_PARAM
        _distance_row(jreal, j * JR + J_P, breal, b1, b2, jint, j, fps * jreal[po + 13], J, c, row0)
        cfm[row0] = jreal[po + 8]
    elif t == JT_DHINGE:
        _dhinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, row0)
    elif t == JT_TRANSMISSION:
        _transmission_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_PLANE2D:
        _plane2d_rows(jint, jreal, j, breal, b1, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_AMOTOR:
        _amotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)
    elif t == JT_LMOTOR:
        _lmotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)


cdef void info2(int* jint, dReal* jreal, int j, dReal* breal, const int* bint, const dReal* wreal,
                dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex) noexcept nogil:
    _info2(jint, jreal, j, breal, bint, wreal, fps, J, c, cfm, lo, hi, findex, 0)


# ---------------------------------------------------------------- def wrappers (same names as the twin)

def set_anchor(jint, jreal, int j, breal, x, y, z):
    """Store the world point (x, y, z) as the anchor in each body's frame (world frame without body 2)."""
    _set_anchor(_ip(jint), _dp(jreal), j, _dp(breal), x, y, z)


def get_anchor(jint, jreal, int j, breal, int second):
    """The anchor in the world frame as carried by body 1 (second == 0) or body 2 (second != 0)."""
    cdef dReal res[3]
    _get_anchor(_ip(jint), _dp(jreal), j, _dp(breal), second, res)
    return (res[0], res[1], res[2])


def set_axis(jint, jreal, int j, breal, int which, x, y, z):
    """Store the unit world axis in body 1's frame (which 0 or 1) and/or body 2's frame (which 0 or 2)."""
    _set_axis(_ip(jint), _dp(jreal), j, _dp(breal), which, x, y, z)


def get_axis(jint, jreal, int j, breal, int second):
    """Axis 1 (second == 0) or axis 2 in the world frame."""
    cdef dReal out[3]
    _axis_world(_ip(jint), _dp(jreal), j, _dp(breal), second, out)
    return (out[0], out[1], out[2])


def set_relative_rotation(jint, jreal, int j, breal):
    """Remember the current relative rotation of the bodies: the zero of hinge angles and fixed poses."""
    _set_relative_rotation(_ip(jint), _dp(jreal), j, _dp(breal))


def set_offset(jint, jreal, int j, breal, int second):
    """Remember body 1's offset from body 2 in body 1's (second == 0) or body 2's frame; body 1's position
    without body 2."""
    _set_offset(_ip(jint), _dp(jreal), j, _dp(breal), second)


def hinge_angle(jint, jreal, int j, breal):
    """Angle of body 1 relative to body 2 about the hinge axis since the reference rotation."""
    return _hinge_angle(_ip(jint), _dp(jreal), j, _dp(breal))


def axis_rate(jint, jreal, int j, breal, int second, bint linear):
    """Relative velocity of body 1 with respect to body 2 along axis 1 or 2 (angular, or linear)."""
    return _axis_rate(_ip(jint), _dp(jreal), j, _dp(breal), second, linear)


def slider_position(jint, jreal, int j, breal):
    """Extension of the slider along its axis since the axis was set."""
    return _slider_position(_ip(jint), _dp(jreal), j, _dp(breal))


def set_universal_reference(jint, jreal, int j, breal):
    """Remember each body's rotation relative to its cross (its own axis, then the other): zero angles."""
    _set_universal_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def universal_angle(jint, jreal, int j, breal, int second):
    """Universal angle 1 (body 1 about axis 1) or 2 (body 2 about axis 2), relative to the cross."""
    return _universal_angle(_ip(jint), _dp(jreal), j, _dp(breal), second)


def set_hinge2_reference(jint, jreal, int j, breal):
    """Remember the angle between the hinge-2 axes and body 2's axis in body 1's frame (zero of angle 1),
    and each body's rotation relative to its cross of the axes (zero of angle 2, as for the universal)."""
    _set_hinge2_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def hinge2_angle2(jint, jreal, int j, breal):
    """Hinge-2 angle about axis 2 (the wheel's spin): body 2 about axis 2 relative to the cross, as libode."""
    return -_universal_angle(_ip(jint), _dp(jreal), j, _dp(breal), 1)


def hinge2_angle1(jint, jreal, int j, breal):
    """Hinge-2 angle about axis 1: how far body 1 turned relative to body 2's axis since the reference."""
    return _hinge2_angle1(_ip(jint), _dp(jreal), j, _dp(breal))


def set_point(jint, jreal, int j, breal, int side, int col, x, y, z):
    """Store the world point (x, y, z) at column col in the frame of the body on ``side`` (or the world)."""
    _set_point(_ip(jint), _dp(jreal), j, _dp(breal), side, col, x, y, z)


def get_point(jint, jreal, int j, breal, int side, int col):
    """The point stored at column col by the body on ``side``, in the world frame."""
    cdef dReal out[3]
    _point_world(_ip(jint), _dp(jreal), j, _dp(breal), side, col, out)
    return (out[0], out[1], out[2])


def set_vector(jint, jreal, int j, breal, int side, int col, x, y, z):
    """Store the world direction (x, y, z), normalised, at column col in the frame of the body on ``side``."""
    _set_vector(_ip(jint), _dp(jreal), j, _dp(breal), side, col, x, y, z)


def get_vector(jint, jreal, int j, breal, int side, int col):
    """The direction stored at column col by the body on ``side``, in the world frame."""
    cdef dReal out[3]
    _vector_world(_ip(jint), _dp(jreal), j, _dp(breal), side, col, out)
    return (out[0], out[1], out[2])


def rel_angle(jint, jreal, int j, breal, int col):
    """Angle of body 1 relative to body 2 since the reference rotation, about the body-1 axis at col."""
    return _rel_angle(_ip(jint), _dp(jreal), j, _dp(breal), col)


def vector_rate(jint, jreal, int j, breal, int side, int col, bint linear):
    """Relative velocity of body 1 with respect to body 2 along the direction stored at column col."""
    return _vector_rate(_ip(jint), _dp(jreal), j, _dp(breal), side, col, linear)


def pr_position(jint, jreal, int j, breal):
    """PR: prismatic axis . (body 1's centre + offset - anchor on body 2), as the user sees it."""
    return _pr_position(_ip(jint), _dp(jreal), j, _dp(breal))


def pr_position_rate(jint, jreal, int j, breal):
    """PR: prismatic axis . (velocity of body 1 - velocity of body 2's anchor point), as the user sees it."""
    return _pr_position_rate(_ip(jint), _dp(jreal), j, _dp(breal))


def piston_position(jint, jreal, int j, breal, int col):
    """Piston, PU: axis (body 1, column col) . (anchor on body 1 - anchor on body 2), as the user sees it."""
    return _piston_position(_ip(jint), _dp(jreal), j, _dp(breal), col)


def piston_position_rate(jint, jreal, int j, breal, int col):
    """Piston, PU: axis (column col) . (velocity of body 1's anchor - velocity of body 2's anchor)."""
    return _piston_position_rate(_ip(jint), _dp(jreal), j, _dp(breal), col)


def pu_position_rate(jint, jreal, int j, breal):
    """PU: prismatic axis . relative velocity at body 2's anchor, as libode 0.16 reports it."""
    return _pu_position_rate(_ip(jint), _dp(jreal), j, _dp(breal))


def set_motor_axis(jint, jreal, int j, breal, int i, int rel, x, y, z):
    """Store motor axis i (world direction, normalised) in the frame its relative mode names."""
    _set_motor_axis(_ip(jint), _dp(jreal), j, _dp(breal), i, rel, x, y, z)


def motor_axis(jint, jreal, int j, breal, int i):
    """Angular motor axis i in the world frame (euler mode: as computed for the rows)."""
    cdef dReal A[9]
    _amotor_axes(_ip(jint), _dp(jreal), j, _dp(breal), A)
    return (A[3 * i], A[3 * i + 1], A[3 * i + 2])


def set_euler_reference(jint, jreal, int j, breal):
    """Euler mode: remember axis 2 in body 1's frame and axis 0 in body 2's frame (all angles 0 now)."""
    _set_euler_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def motor_rate(jint, jreal, int j, breal, int i):
    """Rate of angular motor axis i: body 1's angular velocity minus body 2's along the axis."""
    return _motor_rate(_ip(jint), _dp(jreal), j, _dp(breal), i)


def dball_distance(jint, jreal, int j, breal):
    """Current distance between the two anchors."""
    return _dball_distance(_ip(jint), _dp(jreal), j, _dp(breal))


def contact_rows_count(jint, jreal, int j):
    """Rows of a contact: the normal, plus one per friction direction with a positive coefficient."""
    return _contact_rows_count(_ip(jint), _dp(jreal), j)


def rows(jint, jreal, int j, breal, bint_, wreal, fps):
    """info1 then info2 on prefilled buffers: (m, J (m x 12), c, cfm, lo, hi, findex) as arrays."""
    cdef int* ji = _ip(jint)
    cdef dReal* jr = _dp(jreal)
    cdef dReal* br = _dp(breal)
    cdef int* bi = _ip(bint_)
    cdef dReal* wr = _dp(wreal)
    cdef int m = info1(ji, jr, j, br, bi, wr)
    dtype = jreal.dtype
    Ja = np.zeros((m, NC), dtype=dtype)
    ca = np.zeros(m, dtype=dtype)
    cfma = np.full(m, wr[W_CFM], dtype=dtype)
    loa = np.full(m, -np.inf, dtype=dtype)
    hia = np.full(m, np.inf, dtype=dtype)
    fa = np.full(m, -1, dtype=np.int32)
    if m > 0:
        info2(ji, jr, j, br, bi, wr, fps, _dp(Ja), _dp(ca), _dp(cfma), _dp(loa), _dp(hia), _ip(fa))
    return (m, Ja, ca, cfma, loa, hia, fa)
