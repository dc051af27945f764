"""Pure-Python twin of ``ode/_core/rotation.pyx``: rotation matrices and quaternions.

Same function names, signatures and order of floating-point operations as the Cython kernel, so both agree
bit for bit in double precision. R is a 3x3 row-major matrix (9 values); quaternions are (w, x, y, z).
Pointer kernels (snake_case) fill the output list passed in; the manual-named functions return tuples.
This file is also the source of the Cython kernel: ``tools/gen/gen_kernels.py`` turns the ``#:`` type lines
into ``cdef`` declarations and every float literal into a dReal one (single precision computes in float).
"""

from __future__ import annotations

from math import cos, fabs, sin, sqrt

SQRT1_2 = 0.7071067811865475244008443621048490


# ---- kernels
# ------------------------------------------------ pointer kernels (as cimported by others)


def r_set_identity(R) -> None:
    #: cdef void r_set_identity(dReal* R) noexcept nogil
    """Fill R with the identity matrix: no rotation."""
    R[0] = 1.0
    R[1] = 0.0
    R[2] = 0.0
    R[3] = 0.0
    R[4] = 1.0
    R[5] = 0.0
    R[6] = 0.0
    R[7] = 0.0
    R[8] = 1.0


def q_set_identity(q) -> None:
    #: cdef void q_set_identity(dReal* q) noexcept nogil
    """Fill q with the identity quaternion (1, 0, 0, 0)."""
    q[0] = 1.0
    q[1] = 0.0
    q[2] = 0.0
    q[3] = 0.0


def q_from_axis_and_angle(q, ax, ay, az, angle) -> None:
    #: cdef void q_from_axis_and_angle(dReal* q, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil
    """Quaternion of a rotation by angle about (ax, ay, az); identity for a zero axis."""
    #: dReal ll, half, k
    ll = ax * ax + ay * ay + az * az
    if ll > 0.0:
        half = angle * 0.5
        q[0] = cos(half)
        k = sin(half) * (1.0 / sqrt(ll))
        q[1] = ax * k
        q[2] = ay * k
        q[3] = az * k
    else:
        q_set_identity(q)


def q_to_r(q, R) -> None:
    #: cdef void q_to_r(const dReal* q, dReal* R) noexcept nogil
    """Rotation matrix R of the (unit) quaternion q."""
    #: dReal qq1, qq2, qq3
    qq1 = 2.0 * q[1] * q[1]
    qq2 = 2.0 * q[2] * q[2]
    qq3 = 2.0 * q[3] * q[3]
    R[0] = 1.0 - qq2 - qq3
    R[1] = 2.0 * (q[1] * q[2] - q[0] * q[3])
    R[2] = 2.0 * (q[1] * q[3] + q[0] * q[2])
    R[3] = 2.0 * (q[1] * q[2] + q[0] * q[3])
    R[4] = 1.0 - qq1 - qq3
    R[5] = 2.0 * (q[2] * q[3] - q[0] * q[1])
    R[6] = 2.0 * (q[1] * q[3] - q[0] * q[2])
    R[7] = 2.0 * (q[2] * q[3] + q[0] * q[1])
    R[8] = 1.0 - qq1 - qq2


def r_from_axis_and_angle(R, ax, ay, az, angle) -> None:
    #: cdef void r_from_axis_and_angle(dReal* R, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil
    """Rotation matrix of angle radians about (ax, ay, az), through the quaternion as ODE does."""
    #: dReal q[4]
    q = [0.0, 0.0, 0.0, 0.0]  # py
    q_from_axis_and_angle(q, ax, ay, az, angle)
    q_to_r(q, R)


def r_to_q(R, q) -> None:
    #: cdef void r_to_q(const dReal* R, dReal* q) noexcept nogil
    """Unit quaternion of rotation matrix R (Shepperd: branch on the trace, else the largest diagonal)."""
    #: dReal tr, s
    #: int big
    tr = R[0] + R[4] + R[8]
    if tr >= 0.0:
        s = sqrt(tr + 1.0)
        q[0] = 0.5 * s
        s = 0.5 / s
        q[1] = (R[7] - R[5]) * s
        q[2] = (R[2] - R[6]) * s
        q[3] = (R[3] - R[1]) * s
        return
    if R[4] > R[0]:
        big = 2 if R[8] > R[4] else 1
    else:
        big = 2 if R[8] > R[0] else 0
    if big == 0:
        s = sqrt((R[0] - (R[4] + R[8])) + 1.0)
        q[1] = 0.5 * s
        s = 0.5 / s
        q[2] = (R[1] + R[3]) * s
        q[3] = (R[6] + R[2]) * s
        q[0] = (R[7] - R[5]) * s
    elif big == 1:
        s = sqrt((R[4] - (R[8] + R[0])) + 1.0)
        q[2] = 0.5 * s
        s = 0.5 / s
        q[3] = (R[5] + R[7]) * s
        q[1] = (R[1] + R[3]) * s
        q[0] = (R[2] - R[6]) * s
    else:
        s = sqrt((R[8] - (R[0] + R[4])) + 1.0)
        q[3] = 0.5 * s
        s = 0.5 / s
        q[1] = (R[6] + R[2]) * s
        q[2] = (R[5] + R[7]) * s
        q[0] = (R[3] - R[1]) * s


def w_to_dq(w, q, dq) -> None:
    #: cdef void w_to_dq(const dReal* w, const dReal* q, dReal* dq) noexcept nogil
    """dq/dt of orientation q under angular velocity w: 0.5 * (0, w) * q."""
    dq[0] = 0.5 * (-w[0] * q[1] - w[1] * q[2] - w[2] * q[3])
    dq[1] = 0.5 * (w[0] * q[0] + w[1] * q[3] - w[2] * q[2])
    dq[2] = 0.5 * (-w[0] * q[3] + w[1] * q[0] + w[2] * q[1])
    dq[3] = 0.5 * (w[0] * q[2] - w[1] * q[1] + w[2] * q[0])


def q_multiply0(qa, qb, qc) -> None:
    #: cdef void q_multiply0(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
    """qa = qb * qc (rotate by qc, then by qb)."""
    qa[0] = qb[0] * qc[0] - qb[1] * qc[1] - qb[2] * qc[2] - qb[3] * qc[3]
    qa[1] = qb[0] * qc[1] + qb[1] * qc[0] + qb[2] * qc[3] - qb[3] * qc[2]
    qa[2] = qb[0] * qc[2] + qb[2] * qc[0] + qb[3] * qc[1] - qb[1] * qc[3]
    qa[3] = qb[0] * qc[3] + qb[3] * qc[0] + qb[1] * qc[2] - qb[2] * qc[1]


def q_multiply1(qa, qb, qc) -> None:
    #: cdef void q_multiply1(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
    """qa = conj(qb) * qc."""
    qa[0] = qb[0] * qc[0] + qb[1] * qc[1] + qb[2] * qc[2] + qb[3] * qc[3]
    qa[1] = qb[0] * qc[1] - qb[1] * qc[0] - qb[2] * qc[3] + qb[3] * qc[2]
    qa[2] = qb[0] * qc[2] - qb[2] * qc[0] - qb[3] * qc[1] + qb[1] * qc[3]
    qa[3] = qb[0] * qc[3] - qb[3] * qc[0] - qb[1] * qc[2] + qb[2] * qc[1]


def q_multiply2(qa, qb, qc) -> None:
    #: cdef void q_multiply2(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
    """qa = qb * conj(qc)."""
    qa[0] = qb[0] * qc[0] + qb[1] * qc[1] + qb[2] * qc[2] + qb[3] * qc[3]
    qa[1] = -qb[0] * qc[1] + qb[1] * qc[0] - qb[2] * qc[3] + qb[3] * qc[2]
    qa[2] = -qb[0] * qc[2] + qb[2] * qc[0] - qb[3] * qc[1] + qb[1] * qc[3]
    qa[3] = -qb[0] * qc[3] + qb[3] * qc[0] - qb[1] * qc[2] + qb[2] * qc[1]


def q_multiply3(qa, qb, qc) -> None:
    #: cdef void q_multiply3(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
    """qa = conj(qb) * conj(qc)."""
    qa[0] = qb[0] * qc[0] - qb[1] * qc[1] - qb[2] * qc[2] - qb[3] * qc[3]
    qa[1] = -qb[0] * qc[1] - qb[1] * qc[0] + qb[2] * qc[3] - qb[3] * qc[2]
    qa[2] = -qb[0] * qc[2] - qb[2] * qc[0] + qb[3] * qc[1] - qb[1] * qc[3]
    qa[3] = -qb[0] * qc[3] - qb[3] * qc[0] + qb[1] * qc[2] - qb[2] * qc[1]


def normalize3(a) -> int:
    #: cdef int normalize3(dReal* a) noexcept nogil
    """Scale a to unit length in place (overflow/underflow safe); 0 and a unchanged if it is zero. Each step
    is rounded to dReal (the sum of squares, its root, the reciprocal), as libode's float build does."""
    #: dReal a0, a1, a2, r, k, b0, b1, b2, s
    #: int big
    a0 = fabs(a[0])
    a1 = fabs(a[1])
    a2 = fabs(a[2])
    # the largest component; a tie between x and y picks x, as libode's dSafeNormalize3 does
    if a1 > a0:
        big = 2 if a2 > a1 else 1
    else:
        big = 2 if a2 > a0 else 0
    if big == 0:
        if a0 <= 0.0:
            return 0
        r = 1.0 / a0
        b1 = a[1] * r
        b2 = a[2] * r
        s = 1.0 + b1 * b1 + b2 * b2
        s = sqrt(s)
        k = 1.0 / s
        a[0] = (1.0 if a[0] > 0.0 else -1.0) * k
        a[1] = b1 * k
        a[2] = b2 * k
    elif big == 1:
        if a1 <= 0.0:
            return 0
        r = 1.0 / a1
        b0 = a[0] * r
        b2 = a[2] * r
        s = 1.0 + b0 * b0 + b2 * b2
        s = sqrt(s)
        k = 1.0 / s
        a[0] = b0 * k
        a[1] = (1.0 if a[1] > 0.0 else -1.0) * k
        a[2] = b2 * k
    else:
        if a2 <= 0.0:
            return 0
        r = 1.0 / a2
        b0 = a[0] * r
        b1 = a[1] * r
        s = 1.0 + b0 * b0 + b1 * b1
        s = sqrt(s)
        k = 1.0 / s
        a[0] = b0 * k
        a[1] = b1 * k
        a[2] = (1.0 if a[2] > 0.0 else -1.0) * k
    return 1


def q_normalize(q) -> None:
    #: cdef void q_normalize(dReal* q) noexcept nogil
    """Scale the quaternion q to unit length in place; a zero quaternion becomes the identity."""
    #: dReal ll, k
    ll = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]
    if ll > 0.0:
        k = 1.0 / sqrt(ll)
        q[0] = q[0] * k
        q[1] = q[1] * k
        q[2] = q[2] * k
        q[3] = q[3] * k
    else:
        q_set_identity(q)


def plane_space(n, p, q) -> None:
    #: cdef void plane_space(const dReal* n, dReal* p, dReal* q) noexcept nogil
    """Two unit vectors p, q with (n, p, q) orthonormal, for a unit n (choice as ODE's dPlaneSpace)."""
    #: dReal a, k
    if fabs(n[2]) > SQRT1_2:
        a = n[1] * n[1] + n[2] * n[2]
        k = 1.0 / sqrt(a)
        p[0] = 0.0
        p[1] = -n[2] * k
        p[2] = n[1] * k
        q[0] = a * k
        q[1] = -n[0] * p[2]
        q[2] = n[0] * p[1]
    else:
        a = n[0] * n[0] + n[1] * n[1]
        k = 1.0 / sqrt(a)
        p[0] = -n[1] * k
        p[1] = n[0] * k
        p[2] = 0.0
        q[0] = -n[2] * p[1]
        q[1] = n[2] * p[0]
        q[2] = a * k


def r_from_euler_angles(R, phi, theta, psi) -> None:
    #: cdef void r_from_euler_angles(dReal* R, dReal phi, dReal theta, dReal psi) noexcept nogil
    """Rotation matrix from ODE's Euler angles (phi about x, theta about y, psi about z)."""
    #: dReal sphi, cphi, stheta, ctheta, spsi, cpsi
    sphi = sin(phi)
    cphi = cos(phi)
    stheta = sin(theta)
    ctheta = cos(theta)
    spsi = sin(psi)
    cpsi = cos(psi)
    R[0] = cpsi * ctheta
    R[1] = spsi * ctheta
    R[2] = -stheta
    R[3] = cpsi * stheta * sphi - spsi * cphi
    R[4] = spsi * stheta * sphi + cpsi * cphi
    R[5] = ctheta * sphi
    R[6] = cpsi * stheta * cphi + spsi * sphi
    R[7] = spsi * stheta * cphi - cpsi * sphi
    R[8] = ctheta * cphi


def r_from_2_axes(R, ax, ay, az, bx, by, bz) -> int:
    #: cdef int r_from_2_axes(dReal* R, dReal ax, dReal ay, dReal az,
    #:                        dReal bx, dReal by, dReal bz) noexcept nogil
    """R whose columns are unit a, b made perpendicular to a, and a x b; 0 (R untouched) if degenerate."""
    #: dReal ll, k
    ll = sqrt(ax * ax + ay * ay + az * az)
    if ll <= 0.0:
        return 0
    k = 1.0 / ll
    ax = ax * k
    ay = ay * k
    az = az * k
    k = ax * bx + ay * by + az * bz
    bx = bx - k * ax
    by = by - k * ay
    bz = bz - k * az
    ll = sqrt(bx * bx + by * by + bz * bz)
    if ll <= 0.0:
        return 0
    k = 1.0 / ll
    bx = bx * k
    by = by * k
    bz = bz * k
    R[0] = ax
    R[3] = ay
    R[6] = az
    R[1] = bx
    R[4] = by
    R[7] = bz
    R[2] = ay * bz - az * by
    R[5] = az * bx - ax * bz
    R[8] = ax * by - ay * bx
    return 1


def r_from_z_axis(R, ax, ay, az) -> int:
    #: cdef int r_from_z_axis(dReal* R, dReal ax, dReal ay, dReal az) noexcept nogil
    """R whose third column is the unit (ax, ay, az), the others from plane_space; 0 if it is zero."""
    #: dReal n[3]
    #: dReal p[3]
    #: dReal q[3]
    n = [0.0] * 3  # py
    p = [0.0] * 3  # py
    q = [0.0] * 3  # py
    n[0] = ax
    n[1] = ay
    n[2] = az
    if normalize3(n) == 0:
        return 0
    plane_space(n, p, q)
    R[0] = p[0]
    R[3] = p[1]
    R[6] = p[2]
    R[1] = q[0]
    R[4] = q[1]
    R[7] = q[2]
    R[2] = n[0]
    R[5] = n[1]
    R[8] = n[2]
    return 1


def orthonormalize_r(R) -> int:
    #: cdef int orthonormalize_r(dReal* R) noexcept nogil
    """Make R a rotation in place: unit row 0, row 2 = row0 x row1 normalised, row 1 = row2 x row0."""
    #: dReal r0[3]
    #: dReal r2[3]
    r0 = [0.0] * 3  # py
    r2 = [0.0] * 3  # py
    r0[0] = R[0]
    r0[1] = R[1]
    r0[2] = R[2]
    if normalize3(r0) == 0:
        return 0
    r2[0] = r0[1] * R[5] - r0[2] * R[4]
    r2[1] = r0[2] * R[3] - r0[0] * R[5]
    r2[2] = r0[0] * R[4] - r0[1] * R[3]
    if normalize3(r2) == 0:
        return 0
    R[0] = r0[0]
    R[1] = r0[1]
    R[2] = r0[2]
    R[3] = r2[1] * r0[2] - r2[2] * r0[1]
    R[4] = r2[2] * r0[0] - r2[0] * r0[2]
    R[5] = r2[0] * r0[1] - r2[1] * r0[0]
    R[6] = r2[0]
    R[7] = r2[1]
    R[8] = r2[2]
    return 1


# ---- end kernels

# ------------------------------------------------ manual-named functions: sequences in, tuples out


def _floats(seq, n: int) -> list:
    """The first n entries of seq as Python floats (the twin computes in double)."""
    return [float(seq[i]) for i in range(n)]


def RSetIdentity() -> tuple:
    """The identity rotation matrix (9 values, row-major)."""
    R = [0.0] * 9
    r_set_identity(R)
    return tuple(R)


def RFromAxisAndAngle(ax, ay, az, angle) -> tuple:
    """Rotation matrix of angle radians about the axis (ax, ay, az)."""
    R = [0.0] * 9
    r_from_axis_and_angle(R, float(ax), float(ay), float(az), float(angle))
    return tuple(R)


def RFromEulerAngles(phi, theta, psi) -> tuple:
    """Rotation matrix from the Euler angles phi, theta, psi."""
    R = [0.0] * 9
    r_from_euler_angles(R, float(phi), float(theta), float(psi))
    return tuple(R)


def RFrom2Axes(ax, ay, az, bx, by, bz):
    """Rotation matrix whose x and y axes are a and b (made orthonormal); None if degenerate."""
    R = [0.0] * 9
    if r_from_2_axes(R, float(ax), float(ay), float(az), float(bx), float(by), float(bz)) == 0:
        return None
    return tuple(R)


def RFromZAxis(ax, ay, az):
    """A rotation matrix whose z axis is the unit (ax, ay, az); None for a zero vector."""
    R = [0.0] * 9
    if r_from_z_axis(R, float(ax), float(ay), float(az)) == 0:
        return None
    return tuple(R)


def QSetIdentity() -> tuple:
    """The identity quaternion (1, 0, 0, 0)."""
    q = [0.0] * 4
    q_set_identity(q)
    return tuple(q)


def QFromAxisAndAngle(ax, ay, az, angle) -> tuple:
    """Quaternion of angle radians about the axis (ax, ay, az)."""
    q = [0.0] * 4
    q_from_axis_and_angle(q, float(ax), float(ay), float(az), float(angle))
    return tuple(q)


def QMultiply0(qb, qc) -> tuple:
    """qb * qc."""
    qa = [0.0] * 4
    q_multiply0(qa, _floats(qb, 4), _floats(qc, 4))
    return tuple(qa)


def QMultiply1(qb, qc) -> tuple:
    """conj(qb) * qc."""
    qa = [0.0] * 4
    q_multiply1(qa, _floats(qb, 4), _floats(qc, 4))
    return tuple(qa)


def QMultiply2(qb, qc) -> tuple:
    """qb * conj(qc)."""
    qa = [0.0] * 4
    q_multiply2(qa, _floats(qb, 4), _floats(qc, 4))
    return tuple(qa)


def QMultiply3(qb, qc) -> tuple:
    """conj(qb) * conj(qc)."""
    qa = [0.0] * 4
    q_multiply3(qa, _floats(qb, 4), _floats(qc, 4))
    return tuple(qa)


def QtoR(q) -> tuple:
    """Rotation matrix of the quaternion q."""
    R = [0.0] * 9
    q_to_r(_floats(q, 4), R)
    return tuple(R)


def RtoQ(R) -> tuple:
    """Quaternion of the rotation matrix R (9 values, row-major)."""
    q = [0.0] * 4
    r_to_q(_floats(R, 9), q)
    return tuple(q)


def WtoDQ(w, q) -> tuple:
    """dq/dt for orientation q and angular velocity w."""
    dq = [0.0] * 4
    w_to_dq(_floats(w, 3), _floats(q, 4), dq)
    return tuple(dq)


def Normalize3(a):
    """a scaled to unit length; None for a zero vector."""
    v = _floats(a, 3)
    if normalize3(v) == 0:
        return None
    return tuple(v)


def Normalize4(q) -> tuple:
    """q scaled to unit length; the identity for a zero quaternion."""
    v = _floats(q, 4)
    q_normalize(v)
    return tuple(v)


def PlaneSpace(n) -> tuple:
    """Two unit vectors (p, q) completing the unit n to an orthonormal basis."""
    p = [0.0] * 3
    q = [0.0] * 3
    plane_space(_floats(n, 3), p, q)
    return tuple(p), tuple(q)


def OrthonormalizeR(R):
    """R with orthonormal rows (row 0 keeps its direction); None if rows 0 and 1 are degenerate."""
    v = _floats(R, 9)
    if orthonormalize_r(v) == 0:
        return None
    return tuple(v)
