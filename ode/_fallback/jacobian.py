"""Pure-Python twin of ``ode/_core/jacobian.pyx``: constraint rows of the joints, and their geometry.

Same function names, signatures and order of floating-point operations as the Cython kernel, so both agree
bit for bit in double precision. Arrays are the world's flat arrays (``ode/_layout.py``): joint j's reals
start at ``j * JR``, body b's at ``b * BR``. Reads go through ``float()`` so float32 storage is computed in
double, as the twin's contract says. ``info2`` takes ``row0``, the joint's first row in J, c, ... (the
Cython kernel receives pointers already offset instead).
"""

from __future__ import annotations

from math import atan2, fabs, sqrt

import numpy as np

from .. import _layout as L

INF = float("inf")
PI = 3.14159265358979323846
SQRT1_2 = 0.7071067811865475244008443621048490
# squared sine of the angle below which two axes count as parallel (round-off of float32 axes is ~1e-7)
PARALLEL_EPS2 = 1e-10
NC = 12  # columns of a Jacobian row

# ---------------------------------------------------------------- small vector and quaternion helpers


def _rot(breal, b, v, vo, out) -> None:
    """out = R_b * v[vo:vo+3]: a body-frame vector in the world frame."""
    o = b * L.BR + L.B_R
    x = float(v[vo])
    y = float(v[vo + 1])
    z = float(v[vo + 2])
    out[0] = float(breal[o]) * x + float(breal[o + 1]) * y + float(breal[o + 2]) * z
    out[1] = float(breal[o + 3]) * x + float(breal[o + 4]) * y + float(breal[o + 5]) * z
    out[2] = float(breal[o + 6]) * x + float(breal[o + 7]) * y + float(breal[o + 8]) * z


def _rot_t(breal, b, x, y, z, out) -> None:
    """out = R_b^T * (x, y, z): a world vector in body b's frame."""
    o = b * L.BR + L.B_R
    out[0] = float(breal[o]) * x + float(breal[o + 3]) * y + float(breal[o + 6]) * z
    out[1] = float(breal[o + 1]) * x + float(breal[o + 4]) * y + float(breal[o + 7]) * z
    out[2] = float(breal[o + 2]) * x + float(breal[o + 5]) * y + float(breal[o + 8]) * z


def _recip_sqrt(a) -> float:
    """1 / sqrt(a), or 0 when a is not positive (degenerate input yields zero vectors, never a crash)."""
    if a > 0.0:
        return 1.0 / sqrt(a)
    return 0.0


def _plane_space(n0, n1, n2, p, q) -> None:
    """Two unit vectors p, q completing the unit vector n to an orthonormal basis (n, p, q).

    A zero n yields zero p and q (the kernels never divide by zero; the API rejects such input).
    """
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


def _body_q(breal, b, out) -> None:
    """The body's orientation quaternion, identity for the environment (b < 0)."""
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


def _qmul_conj_a(a, b, out) -> None:
    """out = conj(a) * b."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[0] * b[1] - a[1] * b[0] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[0] * b[2] - a[2] * b[0] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[0] * b[3] - a[3] * b[0] - a[1] * b[2] + a[2] * b[1]


def _qmul_conj_b(a, b, out) -> None:
    """out = a * conj(b)."""
    out[0] = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    out[1] = a[1] * b[0] - a[0] * b[1] - a[2] * b[3] + a[3] * b[2]
    out[2] = a[2] * b[0] - a[0] * b[2] - a[3] * b[1] + a[1] * b[3]
    out[3] = a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1]


def _relative_q(breal, b1, b2, out) -> None:
    """Relative rotation conj(q1) * q2 of body 2 seen from body 1 (q2 = identity for the environment)."""
    q1 = [0.0, 0.0, 0.0, 0.0]
    q2 = [0.0, 0.0, 0.0, 0.0]
    _body_q(breal, b1, q1)
    _body_q(breal, b2, q2)
    _qmul_conj_a(q1, q2, out)


def _q_identity(q) -> None:
    """q = the identity rotation (1, 0, 0, 0)."""
    q[0] = 1.0
    q[1] = 0.0
    q[2] = 0.0
    q[3] = 0.0


def _r_to_q(R, q) -> None:
    """Unit quaternion of the rotation matrix R (3x3 row-major), by the largest-diagonal method.

    A matrix too far from a rotation for the method (never one built by _cross_q) gives the identity.
    """
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


def _not_parallel(n, a, b) -> bool:
    """True when n (the length of a vector of size |a||b| sin(angle)) shows a and b are not parallel."""
    return n * n > PARALLEL_EPS2 * ((a[0] * a[0] + a[1] * a[1] + a[2] * a[2])
                                    * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]))


def _perpendicular_row(a1, a2, b2, k, J, c, row) -> None:
    """Row ``row`` keeping axes a1 and a2 perpendicular (universal, PU): a zero row when they are parallel."""
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


def _cross_q(x0, x1, x2, y0, y1, y2, q) -> None:
    """Quaternion of the frame with x along (x0, x1, x2) and y along the part of (y0, y1, y2) normal to x.

    Degenerate input (libode prints "zero length vector" and reads uninitialised memory): a zero x gives
    the identity; a y parallel to x within 1e-5 rad (universal axes momentarily aligned) is replaced by
    the first vector of _plane_space(x), so the frame stays a rotation and nothing becomes NaN.
    """
    R = [0.0] * 9
    p = [0.0, 0.0, 0.0]
    qq = [0.0, 0.0, 0.0]
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


def _angle_from_rel(now, ref, a0, a1, a2) -> float:
    """Signed angle about the unit axis a of the rotation taking ``ref`` to ``now``, in (-pi, pi]."""
    d = [0.0, 0.0, 0.0, 0.0]
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


# ---------------------------------------------------------------- geometry setters and getters (API boundary)


def set_anchor(jint, jreal, j, breal, x, y, z) -> None:
    """Store the world point (x, y, z) as the anchor in each body's frame (world frame without body 2)."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    out = [0.0, 0.0, 0.0]
    if b1 >= 0:
        o = b1 * L.BR + L.B_POS
        _rot_t(breal, b1, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo + L.J_ANCHOR1] = out[0]
        jreal[jo + L.J_ANCHOR1 + 1] = out[1]
        jreal[jo + L.J_ANCHOR1 + 2] = out[2]
    if b2 >= 0:
        o = b2 * L.BR + L.B_POS
        _rot_t(breal, b2, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo + L.J_ANCHOR2] = out[0]
        jreal[jo + L.J_ANCHOR2 + 1] = out[1]
        jreal[jo + L.J_ANCHOR2 + 2] = out[2]
    else:
        jreal[jo + L.J_ANCHOR2] = x
        jreal[jo + L.J_ANCHOR2 + 1] = y
        jreal[jo + L.J_ANCHOR2 + 2] = z


def get_anchor(jint, jreal, j, breal, second) -> tuple:
    """The anchor in the world frame as carried by body 1 (second == 0) or body 2 (second != 0)."""
    b = int(jint[j * L.JI + (L.JI_B2 if second else L.JI_B1)])
    jo = j * L.JR + L.J_P + (L.J_ANCHOR2 if second else L.J_ANCHOR1)
    if b < 0:
        return (float(jreal[jo]), float(jreal[jo + 1]), float(jreal[jo + 2]))
    out = [0.0, 0.0, 0.0]
    _rot(breal, b, jreal, jo, out)
    o = b * L.BR + L.B_POS
    return (out[0] + float(breal[o]), out[1] + float(breal[o + 1]), out[2] + float(breal[o + 2]))


def set_axis(jint, jreal, j, breal, which, x, y, z) -> None:
    """Store the unit world axis (x, y, z) in body 1's frame (which 0 or 1) or body 2's frame (which 2).

    which 1 stores into axis 1 only; which 0 stores it as axis 1 and also as axis 2 in body 2's frame
    (the hinge keeps both to measure its misalignment); which 2 stores axis 2 only. As libode does, an
    axis kept in the world frame (no body on that side) is stored as given, not normalised.
    """
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    n = sqrt(x * x + y * y + z * z)
    if not (n > 0.0 and n < INF):
        # the squares under- or overflowed (tiny or huge axis, single precision): scale first
        m = fabs(x)
        if fabs(y) > m:
            m = fabs(y)
        if fabs(z) > m:
            m = fabs(z)
        if not (m > 0.0 and m < INF):
            return
        x = x / m
        y = y / m
        z = z / m
        n = sqrt(x * x + y * y + z * z)
    nx = x / n
    ny = y / n
    nz = z / n
    out = [0.0, 0.0, 0.0]
    if which != 2:
        if b1 >= 0:
            _rot_t(breal, b1, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + L.J_AXIS1] = out[0]
        jreal[jo + L.J_AXIS1 + 1] = out[1]
        jreal[jo + L.J_AXIS1 + 2] = out[2]
    if which != 1:
        if b2 >= 0:
            _rot_t(breal, b2, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + L.J_AXIS2] = out[0]
        jreal[jo + L.J_AXIS2 + 1] = out[1]
        jreal[jo + L.J_AXIS2 + 2] = out[2]


def _axis_world(jint, jreal, j, breal, second, out) -> None:
    """Axis 1 (carried by body 1) or axis 2 (carried by body 2, or fixed in the world) in the world frame."""
    b = int(jint[j * L.JI + (L.JI_B2 if second else L.JI_B1)])
    jo = j * L.JR + L.J_P + (L.J_AXIS2 if second else L.J_AXIS1)
    if b < 0:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])
    else:
        _rot(breal, b, jreal, jo, out)


def get_axis(jint, jreal, j, breal, second) -> tuple:
    """Axis 1 (second == 0) or axis 2 in the world frame."""
    out = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, second, out)
    return (out[0], out[1], out[2])


def set_relative_rotation(jint, jreal, j, breal) -> None:
    """Remember the current relative rotation of the bodies: the zero of hinge angles and fixed poses."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P + L.J_QREL
    q = [0.0, 0.0, 0.0, 0.0]
    _relative_q(breal, b1, b2, q)
    jreal[jo] = q[0]
    jreal[jo + 1] = q[1]
    jreal[jo + 2] = q[2]
    jreal[jo + 3] = q[3]


def set_offset(jint, jreal, j, breal, second) -> None:
    """Remember body 1's offset from body 2 in body 1's (second == 0) or body 2's frame; body 1's position
    without body 2."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P + L.J_OFFSET
    if b1 < 0:
        return
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        out = [0.0, 0.0, 0.0]
        _rot_t(breal, b2 if second else b1, float(breal[o1]) - float(breal[o2]),
               float(breal[o1 + 1]) - float(breal[o2 + 1]), float(breal[o1 + 2]) - float(breal[o2 + 2]), out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = float(breal[o1])
        jreal[jo + 1] = float(breal[o1 + 1])
        jreal[jo + 2] = float(breal[o1 + 2])


def hinge_angle(jint, jreal, j, breal) -> float:
    """Angle of body 1 relative to body 2 about the hinge axis since the reference rotation."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    now = [0.0, 0.0, 0.0, 0.0]
    ref = [0.0, 0.0, 0.0, 0.0]
    _relative_q(breal, b1, b2, now)
    ref[0] = float(jreal[jo + L.J_QREL])
    ref[1] = float(jreal[jo + L.J_QREL + 1])
    ref[2] = float(jreal[jo + L.J_QREL + 2])
    ref[3] = float(jreal[jo + L.J_QREL + 3])
    return _angle_from_rel(now, ref, float(jreal[jo + L.J_AXIS1]), float(jreal[jo + L.J_AXIS1 + 1]),
                           float(jreal[jo + L.J_AXIS1 + 2]))


def _rel_rate(breal, b1, b2, a, linear) -> float:
    """Component along the world vector a of body 1's velocity minus body 2's (angular or linear)."""
    col = L.B_LVEL if linear else L.B_AVEL
    o = b1 * L.BR + col
    r = a[0] * float(breal[o]) + a[1] * float(breal[o + 1]) + a[2] * float(breal[o + 2])
    if b2 >= 0:
        o = b2 * L.BR + col
        r = r - (a[0] * float(breal[o]) + a[1] * float(breal[o + 1]) + a[2] * float(breal[o + 2]))
    return r


def axis_rate(jint, jreal, j, breal, second, linear) -> float:
    """Relative velocity of body 1 with respect to body 2 along axis 1 or 2 (angular, or linear)."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    a = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, second, a)
    return _rel_rate(breal, b1, b2, a, linear)


def slider_position(jint, jreal, j, breal) -> float:
    """Extension of the slider along its axis since the axis was set."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        ofs = [0.0, 0.0, 0.0]
        _rot(breal, b2, jreal, jo + L.J_OFFSET, ofs)
        d0 = float(breal[o1]) - float(breal[o2]) - ofs[0]
        d1 = float(breal[o1 + 1]) - float(breal[o2 + 1]) - ofs[1]
        d2 = float(breal[o1 + 2]) - float(breal[o2 + 2]) - ofs[2]
    else:
        d0 = float(breal[o1]) - float(jreal[jo + L.J_OFFSET])
        d1 = float(breal[o1 + 1]) - float(jreal[jo + L.J_OFFSET + 1])
        d2 = float(breal[o1 + 2]) - float(jreal[jo + L.J_OFFSET + 2])
    return ax[0] * d0 + ax[1] * d1 + ax[2] * d2


def _user_slider_position(jint, jreal, j, breal) -> float:
    """The slider position as the user sees it: negated when attached (environment, body)."""
    v = slider_position(jint, jreal, j, breal)
    if int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE:
        return -v
    return v


def set_universal_reference(jint, jreal, j, breal) -> None:
    """Remember each body's rotation relative to its cross (its own axis, then the other): zero angles."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    qc = [0.0, 0.0, 0.0, 0.0]
    qb = [0.0, 0.0, 0.0, 0.0]
    qr = [0.0, 0.0, 0.0, 0.0]
    _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b1, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + L.J_QREL + i] = qr[i]
    _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    _body_q(breal, b2, qb)
    _qmul_conj_a(qb, qc, qr)
    for i in range(4):
        jreal[jo + L.J_QREL2 + i] = qr[i]


def universal_angle(jint, jreal, j, breal, second) -> float:
    """Universal angle 1 (body 1 about axis 1) or 2 (body 2 about axis 2), relative to the cross."""
    b = int(jint[j * L.JI + (L.JI_B2 if second else L.JI_B1)])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    qc = [0.0, 0.0, 0.0, 0.0]
    qb = [0.0, 0.0, 0.0, 0.0]
    now = [0.0, 0.0, 0.0, 0.0]
    ref = [0.0, 0.0, 0.0, 0.0]
    if second:
        _cross_q(a2[0], a2[1], a2[2], a1[0], a1[1], a1[2], qc)
    else:
        _cross_q(a1[0], a1[1], a1[2], a2[0], a2[1], a2[2], qc)
    _body_q(breal, b, qb)
    _qmul_conj_a(qb, qc, now)
    ro = jo + (L.J_QREL2 if second else L.J_QREL)
    ao = jo + (L.J_AXIS2 if second else L.J_AXIS1)
    for i in range(4):
        ref[i] = float(jreal[ro + i])
    theta = _angle_from_rel(now, ref, float(jreal[ao]), float(jreal[ao + 1]), float(jreal[ao + 2]))
    if second:
        return -theta
    return theta


def set_hinge2_reference(jint, jreal, j, breal) -> None:
    """Remember the angle between the hinge-2 axes and body 2's axis in body 1's frame (zero of angle 1),
    and each body's rotation relative to its cross of the axes (zero of angle 2, as for the universal)."""
    set_universal_reference(jint, jreal, j, breal)
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    c = a1[0] * a2[0] + a1[1] * a2[1] + a1[2] * a2[2]
    x = a1[1] * a2[2] - a1[2] * a2[1]
    y = a1[2] * a2[0] - a1[0] * a2[2]
    z = a1[0] * a2[1] - a1[1] * a2[0]
    s = sqrt(x * x + y * y + z * z)
    jreal[jo + L.J_H2_C0] = c
    jreal[jo + L.J_H2_S0] = s
    if b1 < 0:
        return
    # v1: axis 2 made normal to axis 1, v2 = axis 1 x v1; both kept in body 1's frame
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
    out = [0.0, 0.0, 0.0]
    _rot_t(breal, b1, v0, v1, v2, out)
    for i in range(3):
        jreal[jo + L.J_H2_V1 + i] = out[i]
    _rot_t(breal, b1, a1[1] * v2 - a1[2] * v1, a1[2] * v0 - a1[0] * v2, a1[0] * v1 - a1[1] * v0, out)
    for i in range(3):
        jreal[jo + L.J_H2_V2 + i] = out[i]


def hinge2_angle2(jint, jreal, j, breal) -> float:
    """Hinge-2 angle about axis 2 (the wheel's spin): body 2 about axis 2 relative to the cross, as libode."""
    return -universal_angle(jint, jreal, j, breal, 1)


def hinge2_angle1(jint, jreal, j, breal) -> float:
    """Hinge-2 angle about axis 1: how far body 1 turned relative to body 2's axis since the reference."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    a2 = [0.0, 0.0, 0.0]
    w1 = [0.0, 0.0, 0.0]
    w2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 1, a2)
    _rot(breal, b1, jreal, jo + L.J_H2_V1, w1)
    _rot(breal, b1, jreal, jo + L.J_H2_V2, w2)
    x = a2[0] * w1[0] + a2[1] * w1[1] + a2[2] * w1[2]
    y = a2[0] * w2[0] + a2[1] * w2[1] + a2[2] * w2[2]
    return -atan2(y, x)


# ---------------------------------------------------------------- geometry of the extended joints


def _side_body(jint, j, side) -> int:
    """Slot of body 1 (side 0) or body 2 (side 1), -1 for the environment."""
    return int(jint[j * L.JI + (L.JI_B2 if side else L.JI_B1)])


def set_point(jint, jreal, j, breal, side, col, x, y, z) -> None:
    """Store the world point (x, y, z) at column col in the frame of the body on ``side`` (or the world)."""
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        o = b * L.BR + L.B_POS
        out = [0.0, 0.0, 0.0]
        _rot_t(breal, b, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = x
        jreal[jo + 1] = y
        jreal[jo + 2] = z


def _point_world(jint, jreal, j, breal, side, col, out) -> None:
    """The point stored at column col by the body on ``side``, in the world frame."""
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
        o = b * L.BR + L.B_POS
        out[0] = out[0] + float(breal[o])
        out[1] = out[1] + float(breal[o + 1])
        out[2] = out[2] + float(breal[o + 2])
    else:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])


def get_point(jint, jreal, j, breal, side, col) -> tuple:
    """The point stored at column col by the body on ``side``, in the world frame."""
    out = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, side, col, out)
    return (out[0], out[1], out[2])


def _normalize3(v) -> bool:
    """Scale v to unit length in place (scaling first when the squares under- or overflow); False if zero."""
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


def set_vector(jint, jreal, j, breal, side, col, x, y, z) -> None:
    """Store the world direction (x, y, z), normalised, at column col in the frame of the body on ``side``."""
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    v = [x, y, z]
    if not _normalize3(v):
        return
    out = [0.0, 0.0, 0.0]
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    else:
        out[0] = v[0]
        out[1] = v[1]
        out[2] = v[2]
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


def _vector_world(jint, jreal, j, breal, side, col, out) -> None:
    """The direction stored at column col by the body on ``side``, in the world frame."""
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
    else:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])


def get_vector(jint, jreal, j, breal, side, col) -> tuple:
    """The direction stored at column col by the body on ``side``, in the world frame."""
    out = [0.0, 0.0, 0.0]
    _vector_world(jint, jreal, j, breal, side, col, out)
    return (out[0], out[1], out[2])


def rel_angle(jint, jreal, j, breal, col) -> float:
    """Angle of body 1 relative to body 2 since the reference rotation, about the body-1 axis at col."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    now = [0.0, 0.0, 0.0, 0.0]
    ref = [0.0, 0.0, 0.0, 0.0]
    _relative_q(breal, b1, b2, now)
    ref[0] = float(jreal[jo + L.J_QREL])
    ref[1] = float(jreal[jo + L.J_QREL + 1])
    ref[2] = float(jreal[jo + L.J_QREL + 2])
    ref[3] = float(jreal[jo + L.J_QREL + 3])
    return _angle_from_rel(now, ref, float(jreal[jo + col]), float(jreal[jo + col + 1]),
                           float(jreal[jo + col + 2]))


def _user_angle(jint, jreal, j, breal, col) -> float:
    """rel_angle as the user sees it: negated when attached (environment, body)."""
    a = rel_angle(jint, jreal, j, breal, col)
    if _reversed(jint, j):
        return -a
    return a


def vector_rate(jint, jreal, j, breal, side, col, linear) -> float:
    """Relative velocity of body 1 with respect to body 2 along the direction stored at column col."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    a = [0.0, 0.0, 0.0]
    _vector_world(jint, jreal, j, breal, side, col, a)
    return _rel_rate(breal, b1, b2, a, linear)


def pu_position_rate(jint, jreal, j, breal) -> float:
    """PU: prismatic axis . relative velocity at body 2's anchor, as libode 0.16 reports it (body 2's
    angular velocity enters with the opposite sign to a rigid point's velocity)."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS3, ax)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    u = [0.0, 0.0, 0.0]
    t = [0.0, 0.0, 0.0]
    _spin_lever(breal, b1, a2w, t)
    o = b1 * L.BR + L.B_LVEL
    u[0] = float(breal[o]) + t[0]
    u[1] = float(breal[o + 1]) + t[1]
    u[2] = float(breal[o + 2]) + t[2]
    if b2 >= 0:
        _spin_lever(breal, b2, a2w, t)
        o = b2 * L.BR + L.B_LVEL
        u[0] = u[0] - (float(breal[o]) - t[0])
        u[1] = u[1] - (float(breal[o + 1]) - t[1])
        u[2] = u[2] - (float(breal[o + 2]) - t[2])
    return ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]


def _spin_lever(breal, b, pw, out) -> None:
    """out = w_b x (pw - centre of b)."""
    o = b * L.BR + L.B_POS
    r0 = pw[0] - float(breal[o])
    r1 = pw[1] - float(breal[o + 1])
    r2 = pw[2] - float(breal[o + 2])
    w = b * L.BR + L.B_AVEL
    w0 = float(breal[w])
    w1 = float(breal[w + 1])
    w2 = float(breal[w + 2])
    out[0] = w1 * r2 - w2 * r1
    out[1] = w2 * r0 - w0 * r2
    out[2] = w0 * r1 - w1 * r0


def _reversed(jint, j) -> bool:
    """True when the joint was attached as (environment, body) and is stored swapped."""
    return (int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE) != 0


def pr_position(jint, jreal, j, breal) -> float:
    """PR: prismatic axis . (body 1's centre + offset - anchor on body 2), as the user sees it."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    q = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
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


def pr_position_rate(jint, jreal, j, breal) -> float:
    """PR: prismatic axis . (velocity of body 1 - velocity of body 2's anchor point), as the user sees it."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    o1 = b1 * L.BR + L.B_LVEL
    v0 = float(breal[o1])
    v1 = float(breal[o1 + 1])
    v2 = float(breal[o1 + 2])
    if b2 >= 0:
        r = [0.0, 0.0, 0.0]
        _rot(breal, b2, jreal, jo + L.J_ANCHOR2, r)
        o2 = b2 * L.BR + L.B_LVEL
        w = b2 * L.BR + L.B_AVEL
        w0 = float(breal[w])
        w1 = float(breal[w + 1])
        w2 = float(breal[w + 2])
        v0 = v0 - (float(breal[o2]) + (w1 * r[2] - w2 * r[1]))
        v1 = v1 - (float(breal[o2 + 1]) + (w2 * r[0] - w0 * r[2]))
        v2 = v2 - (float(breal[o2 + 2]) + (w0 * r[1] - w1 * r[0]))
    r = ax[0] * v0 + ax[1] * v1 + ax[2] * v2
    if _reversed(jint, j):
        return -r
    return r


def piston_position(jint, jreal, j, breal, col) -> float:
    """Piston, PU: axis (body 1, column col) . (anchor on body 1 - anchor on body 2), as the user sees it."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    p1 = [0.0, 0.0, 0.0]
    p2 = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + col, ax)
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, p1)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, p2)
    r = ax[0] * (p1[0] - p2[0]) + ax[1] * (p1[1] - p2[1]) + ax[2] * (p1[2] - p2[2])
    if _reversed(jint, j):
        return -r
    return r


def piston_position_rate(jint, jreal, j, breal, col) -> float:
    """Piston: axis (column col) . (body 1's linear velocity - body 2's), as libode 0.16 reports it (the
    bodies' spins do not enter); negated for a reversed joint."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    ax = [0.0, 0.0, 0.0]
    u = [0.0, 0.0, 0.0]
    o = b1 * L.BR + L.B_LVEL
    _rot(breal, b1, jreal, jo + col, ax)
    u[0] = float(breal[o])
    u[1] = float(breal[o + 1])
    u[2] = float(breal[o + 2])
    if b2 >= 0:
        o = b2 * L.BR + L.B_LVEL
        u[0] = u[0] - float(breal[o])
        u[1] = u[1] - float(breal[o + 1])
        u[2] = u[2] - float(breal[o + 2])
    r = ax[0] * u[0] + ax[1] * u[1] + ax[2] * u[2]
    if _reversed(jint, j):
        return -r
    return r


# ---------------------------------------------------------------- limits and motors


def _test_limit(jint, jreal, j, group, value) -> int:
    """Set the limit state of a limit/motor group for the measured angle or position; 1 if a row is due."""
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    lo = float(jreal[po + 0])
    hi = float(jreal[po + 1])
    limit = 0
    err = 0.0
    if lo <= hi:
        if value <= lo:
            limit = 1
            err = value - lo
        elif value >= hi:
            limit = 2
            err = value - hi
    jint[j * L.JI + L.JI_LIMIT + group] = limit
    jreal[j * L.JR + L.J_LIMIT_ERR + group] = err
    if limit != 0 or float(jreal[po + 5]) > 0.0:
        return 1
    return 0


def _motor_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r) -> int:
    """Write the limit/motor row of a group along the world axis ax at row r; return rows written."""
    return _limot_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r, True)


def _push_force(jint, jreal, j, group) -> float:
    """The force a powered axis resting on one of its stops pushes the bodies with (0.0 when it does not)."""
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    fmax = float(jreal[po + 5])
    limit = int(jint[j * L.JI + L.JI_LIMIT + group])
    if fmax <= 0.0 or limit == 0 or float(jreal[po + 0]) == float(jreal[po + 1]):
        return 0.0
    vel = float(jreal[po + 2])
    fm = fmax
    if vel > 0.0 or (vel == 0.0 and limit == 2):
        fm = -fm
    if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
        fm = fm * float(jreal[po + 6])
    return fm


def _limot_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r, push) -> int:
    """_motor_row; push=False leaves a motor resting on a stop to the caller (which levers it itself)."""
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    fmax = float(jreal[po + 5])
    limit = int(jint[j * L.JI + L.JI_LIMIT + group])
    if fmax <= 0.0 and limit == 0:
        return 0
    lostop = float(jreal[po + 0])
    histop = float(jreal[po + 1])
    vel = float(jreal[po + 2])
    ro = r * NC
    h = [0.0, 0.0, 0.0]
    t = [0.0, 0.0, 0.0]
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
            o1 = b1 * L.BR + L.B_POS
            o2 = b2 * L.BR + L.B_POS
            h[0] = 0.5 * (float(breal[o2]) - float(breal[o1]))
            h[1] = 0.5 * (float(breal[o2 + 1]) - float(breal[o1 + 1]))
            h[2] = 0.5 * (float(breal[o2 + 2]) - float(breal[o1 + 2]))
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
        cfm[r] = float(jreal[po + 8])
        if limit == 0:
            c[r] = vel
            lo[r] = -fmax
            hi[r] = fmax
        else:
            fm = fmax
            if vel > 0.0 or (vel == 0.0 and limit == 2):
                fm = -fm
            if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
                fm = fm * float(jreal[po + 6])
            if push:
                _apply_motor(breal, b1, b2, ax, t, rotational, fm)
    if limit != 0:
        k = fps * float(jreal[po + 9])
        c[r] = -k * float(jreal[j * L.JR + L.J_LIMIT_ERR + group])
        cfm[r] = float(jreal[po + 10])
        if lostop == histop:
            lo[r] = -INF
            hi[r] = INF
        else:
            if limit == 1:
                lo[r] = 0.0
                hi[r] = INF
            else:
                lo[r] = -INF
                hi[r] = 0.0
            bounce = float(jreal[po + 7])
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


def _add3(breal, b, col, x, y, z) -> None:
    """Add (x, y, z) to a body's 3-vector column (force or torque accumulator)."""
    o = b * L.BR + col
    breal[o] = float(breal[o]) + x
    breal[o + 1] = float(breal[o + 1]) + y
    breal[o + 2] = float(breal[o + 2]) + z


def _apply_motor(breal, b1, b2, ax, t, rotational, fm) -> None:
    """A powered axis resting on a stop pushes the bodies directly with force/torque fm along ax."""
    if rotational:
        _add3(breal, b1, L.B_TACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, L.B_TACC, fm * ax[0], fm * ax[1], fm * ax[2])
    else:
        _add3(breal, b1, L.B_FACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, L.B_FACC, fm * ax[0], fm * ax[1], fm * ax[2])
            _add3(breal, b1, L.B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])
            _add3(breal, b2, L.B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])


# ---------------------------------------------------------------- shared row builders


def _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r) -> None:
    """Three rows keeping the anchor points of both bodies together (error reduction gain k = fps*erp)."""
    a1 = [0.0, 0.0, 0.0]
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
        a2 = [0.0, 0.0, 0.0]
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


def _point_row(jreal, jo, breal, b1, b2, u, k, J, c, r) -> None:
    """One row keeping the anchor points together along the unit world direction u."""
    a1 = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_ANCHOR1, a1)
    o1 = b1 * L.BR + L.B_POS
    ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = a1[1] * u[2] - a1[2] * u[1]
    J[ro + 4] = a1[2] * u[0] - a1[0] * u[2]
    J[ro + 5] = a1[0] * u[1] - a1[1] * u[0]
    e0 = -a1[0] - float(breal[o1])
    e1 = -a1[1] - float(breal[o1 + 1])
    e2 = -a1[2] - float(breal[o1 + 2])
    if b2 >= 0:
        a2 = [0.0, 0.0, 0.0]
        _rot(breal, b2, jreal, jo + L.J_ANCHOR2, a2)
        o2 = b2 * L.BR + L.B_POS
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = a2[2] * u[1] - a2[1] * u[2]
        J[ro + 10] = a2[0] * u[2] - a2[2] * u[0]
        J[ro + 11] = a2[1] * u[0] - a2[0] * u[1]
        e0 = e0 + (a2[0] + float(breal[o2]))
        e1 = e1 + (a2[1] + float(breal[o2 + 1]))
        e2 = e2 + (a2[2] + float(breal[o2 + 2]))
    else:
        e0 = e0 + float(jreal[jo + L.J_ANCHOR2])
        e1 = e1 + float(jreal[jo + L.J_ANCHOR2 + 1])
        e2 = e2 + float(jreal[jo + L.J_ANCHOR2 + 2])
    c[r] = k * (u[0] * e0 + u[1] * e1 + u[2] * e2)


def _orientation_rows(jreal, jo, breal, b1, b2, k, J, c, r) -> None:
    """Three rows keeping the relative rotation of the bodies at the reference (fixed, slider)."""
    ro = r * NC
    J[ro + 3] = 1.0
    J[ro + NC + 4] = 1.0
    J[ro + 2 * NC + 5] = 1.0
    if b2 >= 0:
        J[ro + 9] = -1.0
        J[ro + NC + 10] = -1.0
        J[ro + 2 * NC + 11] = -1.0
    now = [0.0, 0.0, 0.0, 0.0]
    ref = [0.0, 0.0, 0.0, 0.0]
    d = [0.0, 0.0, 0.0, 0.0]
    _relative_q(breal, b1, b2, now)
    for i in range(4):
        ref[i] = float(jreal[jo + L.J_QREL + i])
    _qmul_conj_b(now, ref, d)
    if d[0] < 0.0:
        d[1] = -d[1]
        d[2] = -d[2]
        d[3] = -d[3]
    e = [0.0, 0.0, 0.0]
    _rot(breal, b1, d, 1, e)
    for i in range(3):
        c[r + i] = 2.0 * k * e[i]


def _perp_angular_rows(a, b, k, J, c, r, b2) -> None:
    """Two rows stopping relative rotation normal to the world axis a; b is body 2's copy of the axis."""
    p = [0.0, 0.0, 0.0]
    q = [0.0, 0.0, 0.0]
    _plane_space(a[0], a[1], a[2], p, q)
    ro = r * NC
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


def _hinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Hinge: ball rows, two rows keeping the axes aligned, and the limit/motor row."""
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a = [0.0, 0.0, 0.0]
    b = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 3, b2)
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, True, fps, J, c, cfm, lo, hi, r + 5)


def _slider_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Slider: three orientation rows, two rows keeping the bodies on the axis, the limit/motor row."""
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _orientation_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a = [0.0, 0.0, 0.0]
    p = [0.0, 0.0, 0.0]
    q = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a)
    _plane_space(a[0], a[1], a[2], p, q)
    ro = (r + 3) * NC
    J[ro + 0] = p[0]
    J[ro + 1] = p[1]
    J[ro + 2] = p[2]
    J[ro + NC + 0] = q[0]
    J[ro + NC + 1] = q[1]
    J[ro + NC + 2] = q[2]
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        J[ro + 6] = -p[0]
        J[ro + 7] = -p[1]
        J[ro + 8] = -p[2]
        J[ro + NC + 6] = -q[0]
        J[ro + NC + 7] = -q[1]
        J[ro + NC + 8] = -q[2]
        h0 = 0.5 * (float(breal[o2]) - float(breal[o1]))
        h1 = 0.5 * (float(breal[o2 + 1]) - float(breal[o1 + 1]))
        h2 = 0.5 * (float(breal[o2 + 2]) - float(breal[o1 + 2]))
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
        ofs = [0.0, 0.0, 0.0]
        _rot(breal, b2, jreal, jo + L.J_OFFSET, ofs)
        e0 = ofs[0] + float(breal[o2]) - float(breal[o1])
        e1 = ofs[1] + float(breal[o2 + 1]) - float(breal[o1 + 1])
        e2 = ofs[2] + float(breal[o2 + 2]) - float(breal[o1 + 2])
    else:
        e0 = float(jreal[jo + L.J_OFFSET]) - float(breal[o1])
        e1 = float(jreal[jo + L.J_OFFSET + 1]) - float(breal[o1 + 1])
        e2 = float(jreal[jo + L.J_OFFSET + 2]) - float(breal[o1 + 2])
    c[r + 3] = k * (p[0] * e0 + p[1] * e1 + p[2] * e2)
    c[r + 4] = k * (q[0] * e0 + q[1] * e1 + q[2] * e2)
    if int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE:
        # attached (environment, body): stops and motor act on the user's position, measured the other way
        a[0] = -a[0]
        a[1] = -a[1]
        a[2] = -a[2]
    _motor_row(jint, jreal, j, 0, breal, b1, b2, a, False, fps, J, c, cfm, lo, hi, r + 5)


def _fixed_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, r) -> None:
    """Fixed: three rows holding body 2 at its offset from body 1, three orientation rows.

    The joint's ERP and CFM parameters soften the three position rows only; the orientation rows take the
    world's ERP and CFM, as libode 0.16.2 does.
    """
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
        ofs = [0.0, 0.0, 0.0]
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


def _universal_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Universal: ball rows, one row keeping the axes perpendicular, two limit/motor rows."""
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    _ball_rows(jreal, jo, breal, b1, b2, k, J, c, r)
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r + 3)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


def _hinge2_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Hinge-2: anchor rows (suspension along axis 1), one row holding the axes' angle, two motor rows."""
    jo = j * L.JR + L.J_P
    po = j * L.JR + L.J_PARAM
    k = fps * float(wreal[L.W_ERP])
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    p = [0.0, 0.0, 0.0]
    q = [0.0, 0.0, 0.0]
    _plane_space(a1[0], a1[1], a1[2], p, q)
    _point_row(jreal, jo, breal, b1, b2, a1, fps * float(jreal[po + 11]), J, c, r)
    _point_row(jreal, jo, breal, b1, b2, p, k, J, c, r + 1)
    _point_row(jreal, jo, breal, b1, b2, q, k, J, c, r + 2)
    cfm[r] = float(jreal[po + 12])
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
    c[r + 3] = k * (float(jreal[jo + L.J_H2_C0]) * s - float(jreal[jo + L.J_H2_S0]) * cs)
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)


def _line_rows(breal, b1, b2, ax, a2w, r2, e, k, J, c, r) -> None:
    """Two rows keeping body 2's anchor (r2 = it minus body 2's centre) on the line of body 1 along ax.

    e is the anchor's offset from the line's point; the rows span the directions normal to ax. Body 1's
    angular part uses the lever from its centre to the point a2w (body 2's anchor for PR and piston, which
    accounts for the line turning with body 1; body 1's own anchor for PU, as libode).
    """
    p = [0.0, 0.0, 0.0]
    q = [0.0, 0.0, 0.0]
    _plane_space(ax[0], ax[1], ax[2], p, q)
    _point_rows(breal, b1, b2, p, q, a2w, r2, e, k, J, c, r)


def _point_rows(breal, b1, b2, p, q, a2w, r2, e, k, J, c, r) -> None:
    """Two rows stopping body 2's anchor point a2w moving along the directions p and q relative to
    body 1 (r2 = the point minus body 2's centre); e is the point's error, corrected at rate k."""
    o1 = b1 * L.BR + L.B_POS
    l0 = a2w[0] - float(breal[o1])
    l1 = a2w[1] - float(breal[o1 + 1])
    l2 = a2w[2] - float(breal[o1 + 2])
    for i in range(2):
        u = p if i == 0 else q
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


def _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2) -> None:
    """Body 2's anchor in the world (a2w) and relative to body 2's centre (r2; zero without body 2)."""
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        r2[0] = a2w[0] - float(breal[o2])
        r2[1] = a2w[1] - float(breal[o2 + 1])
        r2[2] = a2w[2] - float(breal[o2 + 2])


def _pr_body2_turn(ra, rb, r2, J, r) -> None:
    """PR with two bodies: correct the two line rows r, r+1 for libode's treatment of the rotoide turn.

    Observed in libode by recovering the constraint rows from one-step velocity projections: with s = u . ra
    (u the row's direction, ra/rb the rotoide axis on body 1/2, r2 body 2's anchor lever, n = ra x rb,
    t = n . r2), body 2's angular part gains s D with
    D (ra . rb) = t rb + (1 - ra . rb)(ra x r2) - (r2 . rb) n
    (body 1's is unchanged: the rotoide rows' error terms pin that split). Skipped when the axes are
    perpendicular.
    """
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


def _pr_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """PR: two angular rows (about the prismatic axis ax and n = ax x ra, NOT normalised, ra the rotoide
    axis on body 1) correcting ra x rb, two rows keeping body 2's anchor off ra and n, then the limit and
    motor rows.

    Observed in libode (free motions and one-step corrections from chosen poses): body 1 keeps the
    freedom to slide along ax's part normal to ra and to turn about ra's part normal to ax, which for
    perpendicular axes is the plain slider + hinge; rb, the rotoide axis on body 2, is kept as the user
    gave it (not normalised) when there is no body 2; n's length |ax x ra| shows in how soft its rows are
    under CFM (as libode's).
    """
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    ra = [0.0, 0.0, 0.0]
    rb = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS3, ra)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, rb)
    ax = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    n = [ax[1] * ra[2] - ax[2] * ra[1], ax[2] * ra[0] - ax[0] * ra[2], ax[0] * ra[1] - ax[1] * ra[0]]
    _pr_angular_rows(ax, n, ra, rb, k, J, c, r, b2)
    a2w = [0.0, 0.0, 0.0]
    r2 = [0.0, 0.0, 0.0]
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    q = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_OFFSET, q)
    o1 = b1 * L.BR + L.B_POS
    e = [a2w[0] - (float(breal[o1]) + q[0]), a2w[1] - (float(breal[o1 + 1]) + q[1]),
         a2w[2] - (float(breal[o1 + 2]) + q[2])]
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


def _pr_angular_rows(ax, n, ra, rb, k, J, c, r, b2) -> None:
    """PR: rows stopping relative rotation about the directions ax and n; error ra x rb at rate k."""
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


def _piston_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Piston: two rows keeping the axes aligned, two keeping body 2's anchor on body 1's axis line, then
    the prismatic and rotoide limit/motor rows."""
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    ax = [0.0, 0.0, 0.0]
    bx = [0.0, 0.0, 0.0]
    _rot(breal, b1, jreal, jo + L.J_AXIS1, ax)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, bx)
    _perp_angular_rows(ax, bx, k, J, c, r, b2)
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    e = [a2w[0] - a1w[0], a2w[1] - a1w[1], a2w[2] - a1w[2]]
    _line_rows(breal, b1, b2, ax, a2w, r2, e, k, J, c, r + 2)
    if _reversed(jint, j):
        ax[0] = -ax[0]
        ax[1] = -ax[1]
        ax[2] = -ax[2]
    r = r + 4
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)
    _motor_row(jint, jreal, j, 1, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


def _motor_only(jint, jreal, j, group) -> int:
    """A motor group without a measured position (linear motor, plane-2D): 1 row when powered, no limit."""
    jint[j * L.JI + L.JI_LIMIT + group] = 0
    jreal[j * L.JR + L.J_LIMIT_ERR + group] = 0.0
    if float(jreal[j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group + 5]) > 0.0:
        return 1
    return 0


def _distance_row(jreal, jo, breal, b1, b2, jint, j, k, J, c, r) -> None:
    """Double ball: one row keeping the anchors at the stored distance (along the line joining them)."""
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    o1 = b1 * L.BR + L.B_POS
    r10 = a1w[0] - float(breal[o1])
    r11 = a1w[1] - float(breal[o1 + 1])
    r12 = a1w[2] - float(breal[o1 + 2])
    u = [a2w[0] - a1w[0], a2w[1] - a1w[1], a2w[2] - a1w[2]]
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


def _dhinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, r) -> None:
    """Double hinge: the distance row, two rows keeping the axes aligned, one keeping the anchors in one
    plane normal to the axis.

    As in libode 0.16.2, the last row turns the bodies about the midpoint of their centres (no turning for a
    single body), like a slider's rows, and the joint's CFM parameter softens the distance row only.
    """
    jo = j * L.JR + L.J_P
    po = j * L.JR + L.J_PARAM
    k = fps * float(jreal[po + 13])
    _distance_row(jreal, jo, breal, b1, b2, jint, j, k, J, c, r)
    a = [0.0, 0.0, 0.0]
    b = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 1, b2)
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    h = [0.0, 0.0, 0.0]
    if b2 >= 0:
        o1 = b1 * L.BR + L.B_POS
        o2 = b2 * L.BR + L.B_POS
        for i in range(3):
            h[i] = 0.5 * (float(breal[o2 + i]) - float(breal[o1 + i]))
    ro = (r + 3) * NC
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
    cfm[r] = float(jreal[po + 8])


def _plane2d_rows(jint, jreal, j, breal, b1, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """Plane-2D: rows holding body 1 at z = 0 and stopping rotation about x and y; x, y, angle motors."""
    k = fps * float(wreal[L.W_ERP])
    ro = r * NC
    J[ro + 2] = 1.0
    J[ro + NC + 3] = 1.0
    J[ro + 2 * NC + 4] = 1.0
    c[r] = -k * float(breal[b1 * L.BR + L.B_POS + 2])
    r = r + 3
    ax = [1.0, 0.0, 0.0]
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, -1, ax, False, fps, J, c, cfm, lo, hi, r)
    ax[0] = 0.0
    ax[1] = 1.0
    r = r + _motor_row(jint, jreal, j, 1, breal, b1, -1, ax, False, fps, J, c, cfm, lo, hi, r)
    ax[1] = 0.0
    ax[2] = 1.0
    _motor_row(jint, jreal, j, 2, breal, b1, -1, ax, True, fps, J, c, cfm, lo, hi, r)


def _motor_axis_world(jint, jreal, j, breal, i, out) -> None:
    """Motor axis i in the world frame from its relative mode (0 world, 1 body 1, 2 body 2)."""
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


def set_motor_axis(jint, jreal, j, breal, i, rel, x, y, z) -> None:
    """Store motor axis i (world direction, normalised) in the frame its relative mode names."""
    jint[j * L.JI + L.JI_AM_REL + i] = rel
    jo = j * L.JR + L.J_P + L.J_AM_AXES + 3 * i
    v = [x, y, z]
    if not _normalize3(v):
        return
    b = -1
    if rel == 1:
        b = int(jint[j * L.JI + L.JI_B1])
    elif rel == 2:
        b = int(jint[j * L.JI + L.JI_B2])
    out = [v[0], v[1], v[2]]
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


def _euler_axes(jint, jreal, j, breal, A) -> None:
    """Euler-mode axes A (3 x 3): axis 0 on body 1, the line of nodes, axis 2 on body 2, each made normal
    to the line of nodes as libode reports them."""
    a0 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    n = [a2[1] * a0[2] - a2[2] * a0[1], a2[2] * a0[0] - a2[0] * a0[2], a2[0] * a0[1] - a2[1] * a0[0]]
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


def _amotor_axes(jint, jreal, j, breal, A) -> None:
    """The three angular motor axes in the world frame (3 x 3)."""
    if int(jint[j * L.JI + L.JI_AM_MODE]) == 1:
        _euler_axes(jint, jreal, j, breal, A)
        return
    t = [0.0, 0.0, 0.0]
    for i in range(3):
        _motor_axis_world(jint, jreal, j, breal, i, t)
        A[3 * i] = t[0]
        A[3 * i + 1] = t[1]
        A[3 * i + 2] = t[2]


def motor_axis(jint, jreal, j, breal, i) -> tuple:
    """Angular motor axis i in the world frame (euler mode: as computed for the rows)."""
    A = [0.0] * 9
    _amotor_axes(jint, jreal, j, breal, A)
    return (A[3 * i], A[3 * i + 1], A[3 * i + 2])


def set_euler_reference(jint, jreal, j, breal) -> None:
    """Euler mode: remember axis 2 in body 1's frame and axis 0 in body 2's frame (all angles 0 now)."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a0 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    out = [a2[0], a2[1], a2[2]]
    if b1 >= 0:
        _rot_t(breal, b1, a2[0], a2[1], a2[2], out)
    for i in range(3):
        jreal[jo + L.J_AM_REF1 + i] = out[i]
    out = [a0[0], a0[1], a0[2]]
    if b2 >= 0:
        _rot_t(breal, b2, a0[0], a0[1], a0[2], out)
    for i in range(3):
        jreal[jo + L.J_AM_REF2 + i] = out[i]


def _angle_about(n, u, v) -> float:
    """Signed angle about n taking u to v (u and v normal to n)."""
    x = u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
    w0 = u[1] * v[2] - u[2] * v[1]
    w1 = u[2] * v[0] - u[0] * v[2]
    w2 = u[0] * v[1] - u[1] * v[0]
    return atan2(n[0] * w0 + n[1] * w1 + n[2] * w2, x)


def _cross(a, b, out) -> None:
    """out = a x b."""
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


def _euler_angles(jint, jreal, j, breal, out) -> None:
    """Euler angles of body 1 relative to body 2 (libode's sign), from the reference vectors."""
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    a0 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _motor_axis_world(jint, jreal, j, breal, 0, a0)
    _motor_axis_world(jint, jreal, j, breal, 2, a2)
    n = [0.0, 0.0, 0.0]
    _cross(a2, a0, n)
    _normalize3(n)
    ref1 = [0.0, 0.0, 0.0]
    ref2 = [0.0, 0.0, 0.0]
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
    u = [0.0, 0.0, 0.0]
    _cross(ref1, a0, u)
    out[0] = _angle_about(a0, n, u)
    _cross(a0, n, u)
    out[1] = _angle_about(n, a2, u)
    _cross(a2, ref2, u)
    out[2] = _angle_about(a2, u, n)


def motor_rate(jint, jreal, j, breal, i) -> float:
    """Rate of angular motor axis i: body 1's angular velocity minus body 2's along the axis."""
    A = [0.0] * 9
    _amotor_axes(jint, jreal, j, breal, A)
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    return _rel_rate(breal, b1, b2, [A[3 * i], A[3 * i + 1], A[3 * i + 2]], False)


def _amotor_info1(jint, jreal, j, breal) -> int:
    """Angular motor: measure the euler angles (kept for getAngle), test each axis' stops."""
    jo = j * L.JR + L.J_P
    if int(jint[j * L.JI + L.JI_AM_MODE]) == 1:
        t = [0.0, 0.0, 0.0]
        _euler_angles(jint, jreal, j, breal, t)
        for i in range(3):
            jreal[jo + L.J_AM_ANGLE + i] = t[i]
    m = 0
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        m = m + _test_limit(jint, jreal, j, i, float(jreal[jo + L.J_AM_ANGLE + i]))
    return m


def _amotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, r) -> None:
    """Angular motor: one limit/motor row per axis that needs one."""
    A = [0.0] * 9
    _amotor_axes(jint, jreal, j, breal, A)
    ax = [0.0, 0.0, 0.0]
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        ax[0] = A[3 * i]
        ax[1] = A[3 * i + 1]
        ax[2] = A[3 * i + 2]
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, True, fps, J, c, cfm, lo, hi, r)


def _lmotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, r) -> None:
    """Linear motor: one motor row per powered axis."""
    ax = [0.0, 0.0, 0.0]
    for i in range(int(jint[j * L.JI + L.JI_AM_NUM])):
        _motor_axis_world(jint, jreal, j, breal, i, ax)
        r = r + _motor_row(jint, jreal, j, i, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r)


def dball_distance(jint, jreal, j, breal) -> float:
    """Current distance between the two anchors."""
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    d0 = a2w[0] - a1w[0]
    d1 = a2w[1] - a1w[1]
    d2 = a2w[2] - a1w[2]
    return sqrt(d0 * d0 + d1 * d1 + d2 * d2)


def _pu_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, r) -> None:
    """PU: one row keeping the universal axes perpendicular, two keeping body 2's anchor on body 1's
    prismatic line, then the limit/motor rows of angle 1, angle 2 and the position."""
    jo = j * L.JR + L.J_P
    k = fps * float(wreal[L.W_ERP])
    a1 = [0.0, 0.0, 0.0]
    a2 = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, 0, a1)
    _axis_world(jint, jreal, j, breal, 1, a2)
    _perpendicular_row(a1, a2, b2, k, J, c, r)
    ax = [0.0, 0.0, 0.0]
    if b2 < 0 and _reversed(jint, j):
        # libode holds the prismatic axis of a PU attached as (environment, body) fixed in the world
        ax[0] = float(jreal[jo + L.J_AXIS3])
        ax[1] = float(jreal[jo + L.J_AXIS3 + 1])
        ax[2] = float(jreal[jo + L.J_AXIS3 + 2])
    else:
        _rot(breal, b1, jreal, jo + L.J_AXIS3, ax)
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    e = [a2w[0] - a1w[0], a2w[1] - a1w[1], a2w[2] - a1w[2]]
    # libode's PU levers body 1 at its own anchor (the line's point), not at body 2's
    _line_rows(breal, b1, b2, ax, a1w, r2, e, k, J, c, r + 1)
    r = r + 3
    r = r + _motor_row(jint, jreal, j, 0, breal, b1, b2, a1, True, fps, J, c, cfm, lo, hi, r)
    r = r + _motor_row(jint, jreal, j, 1, breal, b1, b2, a2, True, fps, J, c, cfm, lo, hi, r)
    if b2 < 0 and _reversed(jint, j):
        ax[0] = -ax[0]  # the position (and so the limit/motor direction) is measured from the body
        ax[1] = -ax[1]
        ax[2] = -ax[2]
    if _limot_row(jint, jreal, j, 2, breal, b1, b2, ax, False, fps, J, c, cfm, lo, hi, r, False):
        _anchor_levers(breal, b1, b2, ax, a1w, a2w, J, r)
        fm = _push_force(jint, jreal, j, 2)
        if fm != 0.0:
            _anchor_push(breal, b1, b2, ax, a1w, a2w, fm)


def _anchor_push(breal, b1, b2, ax, a1w, a2w, fm) -> None:
    """PU's prismatic motor on a stop: force -fm ax on body 1 at a1w and fm ax on body 2 at a2w (libode)."""
    f0 = -fm * ax[0]
    f1 = -fm * ax[1]
    f2 = -fm * ax[2]
    o1 = b1 * L.BR + L.B_POS
    l0 = a1w[0] - float(breal[o1])
    l1 = a1w[1] - float(breal[o1 + 1])
    l2 = a1w[2] - float(breal[o1 + 2])
    _add3(breal, b1, L.B_FACC, f0, f1, f2)
    _add3(breal, b1, L.B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)
    if b2 >= 0:
        f0 = fm * ax[0]
        f1 = fm * ax[1]
        f2 = fm * ax[2]
        o2 = b2 * L.BR + L.B_POS
        l0 = a2w[0] - float(breal[o2])
        l1 = a2w[1] - float(breal[o2 + 1])
        l2 = a2w[2] - float(breal[o2 + 2])
        _add3(breal, b2, L.B_FACC, f0, f1, f2)
        _add3(breal, b2, L.B_TACC, l1 * f2 - l2 * f1, l2 * f0 - l0 * f2, l0 * f1 - l1 * f0)


def _anchor_levers(breal, b1, b2, ax, a1w, a2w, J, r) -> None:
    """Angular parts of the linear row r along ax as the relative velocity of the anchors: body 1 at a1w,
    body 2 at a2w if present (libode's PU prismatic limit/motor row, not the slider's half-lever)."""
    o1 = b1 * L.BR + L.B_POS
    o2 = b2 * L.BR + L.B_POS
    ro = r * NC
    l0 = a1w[0] - float(breal[o1])
    l1 = a1w[1] - float(breal[o1 + 1])
    l2 = a1w[2] - float(breal[o1 + 2])
    J[ro + 3] = l1 * ax[2] - l2 * ax[1]
    J[ro + 4] = l2 * ax[0] - l0 * ax[2]
    J[ro + 5] = l0 * ax[1] - l1 * ax[0]
    if b2 < 0:
        return
    m0 = a2w[0] - float(breal[o2])
    m1 = a2w[1] - float(breal[o2 + 1])
    m2 = a2w[2] - float(breal[o2 + 2])
    J[ro + 9] = -(m1 * ax[2] - m2 * ax[1])
    J[ro + 10] = -(m2 * ax[0] - m0 * ax[2])
    J[ro + 11] = -(m0 * ax[1] - m1 * ax[0])


def _tr_contacts(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2) -> None:
    """Transmission: world anchors a1w, a2w, wheel axes n1, n2 and the contact points c1, c2 of the wheels
    for the joint's mode (radii as stored; at an update the parallel mode splits the centre distance)."""
    jo = j * L.JR + L.J_P
    mode = int(jint[j * L.JI + L.JI_AM_MODE])
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    _vector_world(jint, jreal, j, breal, 0, L.J_AXIS1, n1)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, n2)
    d = [a2w[0] - a1w[0], a2w[1] - a1w[1], a2w[2] - a1w[2]]
    dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    if mode == 0:
        if float(jreal[jo + L.J_TR_UPDATE]) != 0.0:
            ratio = float(jreal[jo + L.J_TR_RATIO])
            r1 = ratio * dist / (1.0 + ratio)
            jreal[jo + L.J_TR_R1] = r1
            jreal[jo + L.J_TR_R2] = dist - r1
        r1 = float(jreal[jo + L.J_TR_R1])
        den = r1 + float(jreal[jo + L.J_TR_R2])
        f = 0.0
        if den != 0.0:
            f = r1 / den
        for i in range(3):
            c1[i] = a1w[i] + f * d[i]
            c2[i] = c1[i]
    elif mode == 1:
        # the contacts lie on the line where the wheels' planes meet (libode's projection onto it, below)
        k = n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2]
        h1 = n1[0] * a1w[0] + n1[1] * a1w[1] + n1[2] * a1w[2]
        h2 = n2[0] * a2w[0] + n2[1] * a2w[1] + n2[2] * a2w[2]
        q = 1.0 - k * k
        f1 = 0.0
        f2 = 0.0
        if q != 0.0:
            f1 = (h1 - h2 * k) / q
            f2 = (h2 - h1 * k) / q
        x = [f1 * n1[0] + f2 * n2[0], f1 * n1[1] + f2 * n2[1], f1 * n1[2] + f2 * n2[2]]
        # libode projects with the unnormalised n1 x n2 (length sin of the axes' angle), so off the
        # perpendicular case its contacts sit sin^2 as far along the line as the nearest points
        ln = [n1[1] * n2[2] - n1[2] * n2[1], n1[2] * n2[0] - n1[0] * n2[2], n1[0] * n2[1] - n1[1] * n2[0]]
        t1 = (a1w[0] - x[0]) * ln[0] + (a1w[1] - x[1]) * ln[1] + (a1w[2] - x[2]) * ln[2]
        t2 = (a2w[0] - x[0]) * ln[0] + (a2w[1] - x[1]) * ln[1] + (a2w[2] - x[2]) * ln[2]
        for i in range(3):
            c1[i] = x[i] + t1 * ln[i]
            c2[i] = x[i] + t2 * ln[i]
    else:
        # chain: the contacts are where a common tangent line leaves the sprockets
        r1 = float(jreal[jo + L.J_TR_R1])
        r2 = float(jreal[jo + L.J_TR_R2])
        a = 0.0
        if dist > 0.0:
            for i in range(3):
                d[i] = d[i] / dist
            a = (r1 - r2) / dist
        b = 0.0
        if a * a < 1.0:
            b = sqrt(1.0 - a * a)
        p = [n1[1] * d[2] - n1[2] * d[1], n1[2] * d[0] - n1[0] * d[2], n1[0] * d[1] - n1[1] * d[0]]
        for i in range(3):
            m = a * d[i] - b * p[i]
            c1[i] = a1w[i] + r1 * m
            c2[i] = a2w[i] + r2 * m


def _tr_phase(jint, jreal, j, breal, side, col, aw, n, cw) -> float:
    """Angle about n from the last contact point (stored on the body at col) to the new one cw."""
    prev = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, side, col, prev)
    u = [prev[0] - aw[0], prev[1] - aw[1], prev[2] - aw[2]]
    v = [cw[0] - aw[0], cw[1] - aw[1], cw[2] - aw[2]]
    x = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    return atan2(n[0] * x[0] + n[1] * x[1] + n[2] * x[2], u[0] * v[0] + u[1] * v[1] + u[2] * v[2])


def _tr_tangent(aw, n, cw, out) -> None:
    """out = n x (cw - aw) normalised: where the wheel material at the contact moves for a positive turn."""
    u = [cw[0] - aw[0], cw[1] - aw[1], cw[2] - aw[2]]
    out[0] = n[1] * u[2] - n[2] * u[1]
    out[1] = n[2] * u[0] - n[0] * u[2]
    out[2] = n[0] * u[1] - n[1] * u[0]
    _normalize3(out)


def _dist3(a, b) -> float:
    """|a - b|."""
    x = a[0] - b[0]
    y = a[1] - b[1]
    z = a[2] - b[2]
    return sqrt(x * x + y * y + z * z)


def _tr_advance(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2) -> None:
    """After an update: measure the radii (intersecting mode), the ratio and restart the phases; otherwise
    advance each phase by the angle the contact moved on its wheel. Then remember the new contacts."""
    jo = j * L.JR + L.J_P
    if float(jreal[jo + L.J_TR_UPDATE]) != 0.0:
        jreal[jo + L.J_TR_UPDATE] = 0.0
        if int(jint[j * L.JI + L.JI_AM_MODE]) == 1:
            jreal[jo + L.J_TR_R1] = _dist3(c1, a1w)
            jreal[jo + L.J_TR_R2] = _dist3(c2, a2w)
            if n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2] < 0.0:
                # libode turns wheel 1's axis to make an acute (or right) angle with wheel 2's
                for i in range(3):
                    n1[i] = -n1[i]
                    jreal[jo + L.J_AXIS1 + i] = -float(jreal[jo + L.J_AXIS1 + i])
        if float(jreal[jo + L.J_TR_R2]) != 0.0:
            jreal[jo + L.J_TR_RATIO] = float(jreal[jo + L.J_TR_R1]) / float(jreal[jo + L.J_TR_R2])
        jreal[jo + L.J_TR_ANGLE1] = 0.0
        jreal[jo + L.J_TR_ANGLE2] = 0.0
    else:
        jreal[jo + L.J_TR_ANGLE1] = float(jreal[jo + L.J_TR_ANGLE1]) + _tr_phase(
            jint, jreal, j, breal, 0, L.J_TR_CP1, a1w, n1, c1)
        jreal[jo + L.J_TR_ANGLE2] = float(jreal[jo + L.J_TR_ANGLE2]) + _tr_phase(
            jint, jreal, j, breal, 1, L.J_TR_CP2, a2w, n2, c2)
    set_point(jint, jreal, j, breal, 0, L.J_TR_CP1, c1[0], c1[1], c1[2])
    set_point(jint, jreal, j, breal, 1, L.J_TR_CP2, c2[0], c2[1], c2[2])
    for i in range(3):
        jreal[j * L.JR + L.J_TR_CPW1 + i] = c1[i]
        jreal[j * L.JR + L.J_TR_CPW2 + i] = c2[i]


def _transmission_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, r) -> None:
    """Transmission: one row equating the wheels' tangential velocities at the contact; the phases
    (traversed angles), advanced here each step, give the error.

    As libode 0.16.2, the row runs along n1 x (unit line of centres) for parallel axes, along n1 x n2 for
    intersecting axes (both unnormalised: wheels out of one plane, or axes off perpendicular, weaken it) and
    along the chain for chain drives.
    """
    jo = j * L.JR + L.J_P
    mode = int(jint[j * L.JI + L.JI_AM_MODE])
    a1w = [0.0, 0.0, 0.0]
    a2w = [0.0, 0.0, 0.0]
    n1 = [0.0, 0.0, 0.0]
    n2 = [0.0, 0.0, 0.0]
    c1 = [0.0, 0.0, 0.0]
    c2 = [0.0, 0.0, 0.0]
    _tr_contacts(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2)
    _tr_advance(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2)
    t1 = [0.0, 0.0, 0.0]
    t2 = [0.0, 0.0, 0.0]
    _tr_tangent(a1w, n1, c1, t1)
    _tr_tangent(a2w, n2, c2, t2)
    u = [t1[0], t1[1], t1[2]]
    if mode == 1:
        u = [n1[1] * n2[2] - n1[2] * n2[1], n1[2] * n2[0] - n1[0] * n2[2], n1[0] * n2[1] - n1[1] * n2[0]]
        _normalize3(u)
    if mode == 2:
        u = [c2[0] - c1[0], c2[1] - c1[1], c2[2] - c1[2]]
        _normalize3(u)
    r1 = float(jreal[jo + L.J_TR_R1])
    r2 = float(jreal[jo + L.J_TR_R2])
    th1 = float(jreal[jo + L.J_TR_ANGLE1])
    th2 = float(jreal[jo + L.J_TR_ANGLE2])
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
    po = j * L.JR + L.J_PARAM
    ro = r * NC
    o1 = b1 * L.BR + L.B_POS
    l0 = c1[0] - float(breal[o1])
    l1 = c1[1] - float(breal[o1 + 1])
    l2 = c1[2] - float(breal[o1 + 2])
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = l1 * u[2] - l2 * u[1]
    J[ro + 4] = l2 * u[0] - l0 * u[2]
    J[ro + 5] = l0 * u[1] - l1 * u[0]
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        m0 = c2[0] - float(breal[o2])
        m1 = c2[1] - float(breal[o2 + 1])
        m2 = c2[2] - float(breal[o2 + 2])
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = -(m1 * u[2] - m2 * u[1])
        J[ro + 10] = -(m2 * u[0] - m0 * u[2])
        J[ro + 11] = -(m0 * u[1] - m1 * u[0])
    if mode == 0:
        d = [a2w[0] - a1w[0], a2w[1] - a1w[1], a2w[2] - a1w[2]]
        _normalize3(d)
        _tr_scale_row(n1, d, J, ro)
    elif mode == 1:
        _tr_scale_row(n1, n2, J, ro)
    c[r] = fps * float(jreal[po + 13]) * e
    cfm[r] = float(jreal[po + 8])
    bl = float(jreal[jo + L.J_TR_BACKLASH])
    if bl > 0.0:
        _tr_backlash(fps * float(jreal[po + 13]), e, bl, c, lo, hi, r)


def _tr_scale_row(n1, n2, J, ro) -> None:
    """Scale the unit-direction row by |n1 x n2|: libode's row along an unnormalised cross product (its
    error term is not scaled; observed through the row's softness under CFM); 1 for perpendicular vectors."""
    x0 = n1[1] * n2[2] - n1[2] * n2[1]
    x1 = n1[2] * n2[0] - n1[0] * n2[2]
    x2 = n1[0] * n2[1] - n1[1] * n2[0]
    sc = sqrt(x0 * x0 + x1 * x1 + x2 * x2)
    for i in range(NC):
        J[ro + i] = float(J[ro + i]) * sc


def _tr_backlash(k, e, bl, c, lo, hi, r) -> None:
    """Backlash: the wheels turn freely while |e| <= backlash; beyond, the row pushes one way only (like a
    contact) and corrects the excess (libode, observed: engagement at |e| > backlash, both sides)."""
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


def contact_rows_count(jint, jreal, j) -> int:
    """Rows of a contact: the normal, plus one per friction direction with a positive coefficient."""
    mode = int(jint[j * L.JI + L.JI_C_MODE])
    jo = j * L.JR + L.J_P
    mu = float(jreal[jo + L.J_C_MU])
    m = 1
    if mode & 0x001:
        if mu > 0.0:
            m = m + 1
        if float(jreal[jo + L.J_C_MU2]) > 0.0:
            m = m + 1
    elif mu > 0.0:
        m = m + 2
    return m


def _contact_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r) -> None:
    """Contact: the non-penetration row, then the friction rows (box or pyramid friction, FDS, motion)."""
    mode = int(jint[j * L.JI + L.JI_C_MODE])
    jo = j * L.JR + L.J_P
    n = [float(jreal[jo + L.J_C_NORMAL]), float(jreal[jo + L.J_C_NORMAL + 1]),
         float(jreal[jo + L.J_C_NORMAL + 2])]
    o1 = b1 * L.BR + L.B_POS
    c1 = [float(jreal[jo + L.J_C_POS]) - float(breal[o1]),
          float(jreal[jo + L.J_C_POS + 1]) - float(breal[o1 + 1]),
          float(jreal[jo + L.J_C_POS + 2]) - float(breal[o1 + 2])]
    c2 = [0.0, 0.0, 0.0]
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        c2[0] = float(jreal[jo + L.J_C_POS]) - float(breal[o2])
        c2[1] = float(jreal[jo + L.J_C_POS + 1]) - float(breal[o2 + 1])
        c2[2] = float(jreal[jo + L.J_C_POS + 2]) - float(breal[o2 + 2])
    _contact_direction_row(n, c1, c2, b2, J, r)
    erp = float(wreal[L.W_ERP])
    if mode & 0x008:
        erp = float(jreal[jo + L.J_C_SOFT_ERP])
    k = fps * erp
    depth = float(jreal[jo + L.J_C_DEPTH]) - float(wreal[L.W_SURFACE_LAYER])
    if depth < 0.0:
        depth = 0.0
    if mode & 0x010:
        cfm[r] = float(jreal[jo + L.J_C_SOFT_CFM])
    motion_n = 0.0
    if mode & 0x080:
        motion_n = float(jreal[jo + L.J_C_MOTIONN])
    cn = k * depth
    maxvel = float(wreal[L.W_MAX_CORRECTING_VEL])
    if cn > maxvel:
        cn = maxvel
    cn = cn + motion_n
    if mode & 0x004:
        bounce = float(jreal[jo + L.J_C_BOUNCE])
        if bounce > 0.0:
            ro = r * NC
            out = 0.0
            for i in range(3):
                out = out + float(J[ro + i]) * float(breal[b1 * L.BR + L.B_LVEL + i])
            for i in range(3):
                out = out + float(J[ro + 3 + i]) * float(breal[b1 * L.BR + L.B_AVEL + i])
            if b2 >= 0:
                for i in range(3):
                    out = out + float(J[ro + 6 + i]) * float(breal[b2 * L.BR + L.B_LVEL + i])
                for i in range(3):
                    out = out + float(J[ro + 9 + i]) * float(breal[b2 * L.BR + L.B_AVEL + i])
            out = out - motion_n
            if out < -float(jreal[jo + L.J_C_BOUNCE_VEL]):
                nc = -bounce * out + motion_n
                if nc > cn:
                    cn = nc
    c[r] = cn
    lo[r] = 0.0
    hi[r] = INF
    mu = float(jreal[jo + L.J_C_MU])
    if mu < 0.0:
        mu = 0.0
    mu2 = mu
    if mode & 0x001:
        mu2 = float(jreal[jo + L.J_C_MU2])
        if mu2 < 0.0:
            mu2 = 0.0
    t1 = [0.0, 0.0, 0.0]
    t2 = [0.0, 0.0, 0.0]
    if mode & 0x002:
        t1[0] = float(jreal[jo + L.J_C_FDIR1])
        t1[1] = float(jreal[jo + L.J_C_FDIR1 + 1])
        t1[2] = float(jreal[jo + L.J_C_FDIR1 + 2])
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
            c[row] = float(jreal[jo + L.J_C_MOTION1])
        if mode & 0x100:
            cfm[row] = float(jreal[jo + L.J_C_SLIP1])
        if mode & 0x1000:
            findex[row] = 0
        row = row + 1
    if mu2 > 0.0:
        _contact_direction_row(t2, c1, c2, b2, J, row)
        lo[row] = -mu2
        hi[row] = mu2
        if mode & 0x040:
            c[row] = float(jreal[jo + L.J_C_MOTION2])
        if mode & 0x200:
            cfm[row] = float(jreal[jo + L.J_C_SLIP2])
        if mode & 0x2000:
            findex[row] = 0


def _contact_direction_row(u, c1, c2, b2, J, r) -> None:
    """Row of relative velocity along u at the contact point (c1, c2: the point from each centre)."""
    ro = r * NC
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


# ---------------------------------------------------------------- the step's entry points


def hinge2_parallel(jint, jreal, j, breal) -> bool:
    """True when hinge-2 joint j's world axes are parallel: the row holding their angle has no direction."""
    axes = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    for second in (0, 1):
        _axis_world(jint, jreal, j, breal, second, axes[second])
    u = [0.0, 0.0, 0.0]
    _cross(axes[0], axes[1], u)
    return not _not_parallel(sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), axes[0], axes[1])


def info1(jint, jreal, j, breal, bint, wreal) -> int:
    """Number of rows joint j adds this step; measures angles/positions to set the limit states."""
    ji = j * L.JI
    b1 = int(jint[ji + L.JI_B1])
    t = int(jint[ji + L.JI_TYPE])
    m = 0
    if b1 >= 0:
        if t == L.JT_BALL:
            m = 3
        elif t == L.JT_HINGE:
            m = 5 + _test_limit(jint, jreal, j, 0, hinge_angle(jint, jreal, j, breal))
        elif t == L.JT_SLIDER:
            m = 5 + _test_limit(jint, jreal, j, 0, _user_slider_position(jint, jreal, j, breal))
        elif t == L.JT_FIXED:
            m = 6
        elif t == L.JT_UNIVERSAL:
            m = 4 + _test_limit(jint, jreal, j, 0, universal_angle(jint, jreal, j, breal, 0))
            m = m + _test_limit(jint, jreal, j, 1, universal_angle(jint, jreal, j, breal, 1))
        elif t == L.JT_HINGE2:
            if int(jint[ji + L.JI_B2]) >= 0:
                m = 4 + _test_limit(jint, jreal, j, 0, hinge2_angle1(jint, jreal, j, breal))
                jint[ji + L.JI_LIMIT + 1] = 0
                if float(jreal[j * L.JR + L.J_PARAM + L.J_PARAM_GROUP + 5]) > 0.0:
                    m = m + 1
        elif t == L.JT_CONTACT:
            m = contact_rows_count(jint, jreal, j)
        elif t == L.JT_PR:
            m = 4 + _test_limit(jint, jreal, j, 0, pr_position(jint, jreal, j, breal))
            m = m + _test_limit(jint, jreal, j, 1, _user_angle(jint, jreal, j, breal, L.J_AXIS3))
        elif t == L.JT_PISTON:
            m = 4 + _test_limit(jint, jreal, j, 0, piston_position(jint, jreal, j, breal, L.J_AXIS1))
            m = m + _test_limit(jint, jreal, j, 1, _user_angle(jint, jreal, j, breal, L.J_AXIS1))
        elif t == L.JT_PU:
            m = 3 + _test_limit(jint, jreal, j, 0, universal_angle(jint, jreal, j, breal, 0))
            m = m + _test_limit(jint, jreal, j, 1, universal_angle(jint, jreal, j, breal, 1))
            m = m + _test_limit(jint, jreal, j, 2, piston_position(jint, jreal, j, breal, L.J_AXIS3))
        elif t == L.JT_DBALL:
            m = 1
        elif t == L.JT_DHINGE:
            m = 4
        elif t == L.JT_TRANSMISSION:
            m = 1
        elif t == L.JT_PLANE2D:
            m = 3 + _motor_only(jint, jreal, j, 0) + _motor_only(jint, jreal, j, 1)
            m = m + _motor_only(jint, jreal, j, 2)
        elif t == L.JT_AMOTOR:
            m = _amotor_info1(jint, jreal, j, breal)
        elif t == L.JT_LMOTOR:
            for i in range(int(jint[ji + L.JI_AM_NUM])):
                m = m + _motor_only(jint, jreal, j, i)
    jint[ji + L.JI_M] = m
    return m


def info2(jint, jreal, j, breal, bint, wreal, fps, J, c, cfm, lo, hi, findex, row0=0) -> None:
    """Write joint j's rows from row ``row0`` of J (12 columns), c, cfm, lo, hi, findex (prefilled)."""
    ji = j * L.JI
    b1 = int(jint[ji + L.JI_B1])
    b2 = int(jint[ji + L.JI_B2])
    t = int(jint[ji + L.JI_TYPE])
    fps = float(fps)
    if b1 < 0:
        return
    if t == L.JT_BALL:
        po = j * L.JR + L.J_PARAM
        _ball_rows(jreal, j * L.JR + L.J_P, breal, b1, b2, fps * float(jreal[po + 13]), J, c, row0)
        cf = float(jreal[po + 8])
        cfm[row0] = cf
        cfm[row0 + 1] = cf
        cfm[row0 + 2] = cf
    elif t == L.JT_HINGE:
        _hinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_SLIDER:
        _slider_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_FIXED:
        _fixed_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, row0)
    elif t == L.JT_UNIVERSAL:
        _universal_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_HINGE2:
        if b2 >= 0:
            _hinge2_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_CONTACT:
        _contact_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, row0)
    elif t == L.JT_PR:
        _pr_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_PISTON:
        _piston_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_PU:
        _pu_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_DBALL:
        po = j * L.JR + L.J_PARAM
        k = fps * float(jreal[po + 13])
        _distance_row(jreal, j * L.JR + L.J_P, breal, b1, b2, jint, j, k, J, c, row0)
        cfm[row0] = float(jreal[po + 8])
    elif t == L.JT_DHINGE:
        _dhinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, row0)
    elif t == L.JT_TRANSMISSION:
        _transmission_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_PLANE2D:
        _plane2d_rows(jint, jreal, j, breal, b1, wreal, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_AMOTOR:
        _amotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)
    elif t == L.JT_LMOTOR:
        _lmotor_rows(jint, jreal, j, breal, b1, b2, fps, J, c, cfm, lo, hi, row0)


def rows(jint, jreal, j, breal, bint_, wreal, fps) -> tuple:
    """info1 then info2 on prefilled buffers: (m, J (m x 12), c, cfm, lo, hi, findex) as arrays."""
    dtype = np.asarray(jreal).dtype
    m = info1(jint, jreal, j, breal, bint_, wreal)
    J = [0.0] * (m * NC)
    c = [0.0] * m
    cfm = [float(wreal[L.W_CFM])] * m
    lo = [-INF] * m
    hi = [INF] * m
    findex = [-1] * m
    if m > 0:
        info2(jint, jreal, j, breal, bint_, wreal, fps, J, c, cfm, lo, hi, findex, 0)
    return (m, np.array(J, dtype=dtype).reshape(m, NC), np.array(c, dtype=dtype), np.array(cfm, dtype=dtype),
            np.array(lo, dtype=dtype), np.array(hi, dtype=dtype), np.array(findex, dtype=np.int32))
