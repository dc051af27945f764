"""Shared helpers of the joint rows: vector and quaternion arithmetic, and the constants of the family files.

Notation for every family (Smith, "How to make new joints in ODE"): a row is J1 v1 + W1 w1 + J2 v2 + W2 w2
= c, with v / w a body's linear / angular velocity; J holds the 12 columns (J1, W1, J2, W2) of each row and c
the velocity the row asks for. A positional error e is corrected at rate k = ERP / h, so c = k * e. The
environment (body slot -1) has no columns: its parts are skipped.

Source of the generated kernel ``ode/_core/jacobian.pyx`` (``tools/gen/gen_kernels.py``), as every module of
this folder: the ``#:`` lines are its C declarations, so both perform the same floating-point operations in
the same order.
"""

from __future__ import annotations

from math import atan2, fabs, sqrt

from ... import _layout as L

INF = float("inf")
PI = 3.14159265358979323846
SQRT1_2 = 0.7071067811865475244008443621048490
# squared sine of the angle below which two axes count as parallel (round-off of float32 axes is ~1e-7)
PARALLEL_EPS2 = 1e-10
NC = 12  # columns of a Jacobian row

# ---- kernels


def _rot(breal, b, v, vo, out):
    #: cdef inline void _rot(const dReal* breal, int b, const dReal* v, int vo, dReal* out) noexcept nogil
    """out = R_b * v[vo:vo+3]: a body-frame vector in the world frame."""
    #: int o
    #: dReal x
    #: dReal y
    #: dReal z
    o = b * L.BR + L.B_R
    x = float(v[vo])
    y = float(v[vo + 1])
    z = float(v[vo + 2])
    out[0] = float(breal[o]) * x + float(breal[o + 1]) * y + float(breal[o + 2]) * z
    out[1] = float(breal[o + 3]) * x + float(breal[o + 4]) * y + float(breal[o + 5]) * z
    out[2] = float(breal[o + 6]) * x + float(breal[o + 7]) * y + float(breal[o + 8]) * z


def _rot_t(breal, b, x, y, z, out):
    #: cdef inline void _rot_t(const dReal* breal, int b, dReal x, dReal y, dReal z,
    #:                         dReal* out) noexcept nogil
    """out = R_b^T * (x, y, z): a world vector in body b's frame."""
    #: int o
    o = b * L.BR + L.B_R
    out[0] = float(breal[o]) * x + float(breal[o + 3]) * y + float(breal[o + 6]) * z
    out[1] = float(breal[o + 1]) * x + float(breal[o + 4]) * y + float(breal[o + 7]) * z
    out[2] = float(breal[o + 2]) * x + float(breal[o + 5]) * y + float(breal[o + 8]) * z


def _recip_sqrt(a):
    #: cdef inline dReal _recip_sqrt(dReal a) noexcept nogil
    """1 / sqrt(a), or 0 when a is not positive (degenerate input yields zero vectors, never a crash)."""
    if a > 0.0:
        return 1.0 / sqrt(a)
    return 0.0


def _plane_space(n0, n1, n2, p, q):
    #: cdef inline void _plane_space(dReal n0, dReal n1, dReal n2, dReal* p, dReal* q) noexcept nogil
    """Two unit vectors p, q completing the unit vector n to an orthonormal basis (n, p, q).

    A zero n yields zero p and q (the kernels never divide by zero; the API rejects such input).
    """
    #: dReal a, k
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


def _body_q(breal, b, out):
    #: cdef inline void _body_q(const dReal* breal, int b, dReal* out) noexcept nogil
    """The body's orientation quaternion, identity for the environment (b < 0)."""
    #: int o
    if b < 0:
        out[0] = 1.0
        out[1] = 0.0
        out[2] = 0.0
        out[3] = 0.0
    else:
        o = b * L.BR + L.B_Q
        out[0] = float(breal[o])
        out[1] = float(breal[o + 1])
        out[2] = float(breal[o + 2])
        out[3] = float(breal[o + 3])


def _qmul(a, b, out):
    #: cdef inline void _qmul(const dReal* a, const dReal* b, dReal* out) noexcept nogil
    """out = a * b (libode's dQMultiply0, term for term)."""
    out[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3]
    out[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2]
    out[2] = a[0] * b[2] + a[2] * b[0] + a[3] * b[1] - a[1] * b[3]
    out[3] = a[0] * b[3] + a[3] * b[0] + a[1] * b[2] - a[2] * b[1]


def _qmul_conj_a(a, b, out):
    #: cdef inline void _qmul_conj_a(const dReal* a, const dReal* b, dReal* out) noexcept nogil
    """out = conj(a) * b."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[0] * b[1] - a[1] * b[0] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[0] * b[2] - a[2] * b[0] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[0] * b[3] - a[3] * b[0] - a[1] * b[2] + a[2] * b[1]


def _qmul_conj_b(a, b, out):
    #: cdef inline void _qmul_conj_b(const dReal* a, const dReal* b, dReal* out) noexcept nogil
    """out = a * conj(b)."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[1] * b[0] - a[0] * b[1] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[2] * b[0] - a[0] * b[2] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1]


def _relative_q(breal, b1, b2, out):
    #: cdef inline void _relative_q(const dReal* breal, int b1, int b2, dReal* out) noexcept nogil
    """Relative rotation conj(q1) * q2 of body 2 seen from body 1 (q2 = identity for the environment)."""
    #: dReal q1[4]
    #: dReal q2[4]
    q1 = [0.0, 0.0, 0.0, 0.0]  # py
    q2 = [0.0, 0.0, 0.0, 0.0]  # py
    _body_q(breal, b1, q1)
    _body_q(breal, b2, q2)
    _qmul_conj_a(q1, q2, out)


def _q_identity(q):
    #: cdef inline void _q_identity(dReal* q) noexcept nogil
    """q = the identity rotation (1, 0, 0, 0)."""
    q[0] = 1.0
    q[1] = 0.0
    q[2] = 0.0
    q[3] = 0.0


def _r_to_q(R, q):
    #: cdef void _r_to_q(const dReal* R, dReal* q) noexcept nogil
    """Unit quaternion of the rotation matrix R (3x3 row-major), by the largest-diagonal method.

    A matrix too far from a rotation for the method (never one built by _cross_q) gives the identity.
    """
    #: dReal tr
    #: dReal s
    tr = R[0] + R[4] + R[8]
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


def _not_parallel(n, a, b):
    #: cdef inline bint _not_parallel(dReal n, const dReal* a, const dReal* b) noexcept nogil
    """True when n (the length of a vector of size |a||b| sin(angle)) shows a and b are not parallel."""
    return n * n > PARALLEL_EPS2 * ((a[0] * a[0] + a[1] * a[1] + a[2] * a[2])
                                    * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]))


def _cross_q(x0, x1, x2, y0, y1, y2, q):
    #: cdef void _cross_q(dReal x0, dReal x1, dReal x2, dReal y0, dReal y1, dReal y2, dReal* q) noexcept nogil
    """Quaternion of the frame with x along (x0, x1, x2) and y along the part of (y0, y1, y2) normal to x.

    Degenerate input (libode prints "zero length vector" and reads uninitialised memory): a zero x gives
    the identity; a y parallel to x within 1e-5 rad (universal axes momentarily aligned) is replaced by
    the first vector of _plane_space(x), so the frame stays a rotation and nothing becomes NaN.
    """
    #: dReal R[9]
    #: dReal p[3]
    #: dReal qq[3]
    #: dReal n
    #: dReal d, yy, n2
    R = [0.0] * 9  # py
    p = [0.0, 0.0, 0.0]  # py
    qq = [0.0, 0.0, 0.0]  # py
    n = sqrt(x0 * x0 + x1 * x1 + x2 * x2)
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


def _angle_from_rel(now, ref, a0, a1, a2):
    #: cdef dReal _angle_from_rel(const dReal* now, const dReal* ref, dReal a0, dReal a1,
    #:                            dReal a2) noexcept nogil
    """Signed angle about the unit axis a of the rotation taking ``ref`` to ``now``, in (-pi, pi]."""
    #: dReal d[4]
    #: dReal s, theta
    d = [0.0, 0.0, 0.0, 0.0]  # py
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


def _cross(a, b, out):
    #: cdef inline void _cross(const dReal* a, const dReal* b, dReal* out) noexcept nogil
    """out = a x b."""
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


def _normalize3(v):
    #: cdef bint _normalize3(dReal* v) noexcept nogil
    """Scale v to unit length in place (scaling first when the squares under- or overflow); False if zero."""
    #: dReal n
    #: dReal m
    n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    if not (n > 0.0 and n < INF):
        m = fabs(v[0])
        if fabs(v[1]) > m:
            m = fabs(v[1])
        if fabs(v[2]) > m:
            m = fabs(v[2])
        if not (m > 0.0 and m < INF):
            return False
        v[0] = v[0] / m
        v[1] = v[1] / m
        v[2] = v[2] / m
        n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    v[0] = v[0] / n
    v[1] = v[1] / n
    v[2] = v[2] / n
    return True


def _dist3(a, b):
    #: cdef dReal _dist3(const dReal* a, const dReal* b) noexcept nogil
    """|a - b|."""
    #: dReal x
    #: dReal y
    #: dReal z
    x = a[0] - b[0]
    y = a[1] - b[1]
    z = a[2] - b[2]
    return sqrt(x * x + y * y + z * z)


# ---- end kernels
