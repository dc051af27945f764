# cython: language_level=3
"""Rotation matrices and quaternions (Cython kernel; twin: ``ode/_fallback/rotation.py``).

R is a 3x3 row-major matrix (9 values); quaternions are (w, x, y, z). The cdef kernels (declared in
rotation.pxd) work on raw pointers; the manual-named ``def`` functions take sequences and return tuples.
The order of floating-point operations is the twin's, so both agree bit for bit in double precision.
"""

from libc.math cimport cos, fabs, sin, sqrt

from .dreal cimport dReal

cdef dReal SQRT1_2 = <dReal>0.7071067811865475244008443621048490


# ------------------------------------------------ pointer kernels (as cimported by others)


cdef void r_set_identity(dReal* R) noexcept nogil:
    """Fill R with the identity matrix: no rotation."""
    R[0] = 1
    R[1] = 0
    R[2] = 0
    R[3] = 0
    R[4] = 1
    R[5] = 0
    R[6] = 0
    R[7] = 0
    R[8] = 1


cdef void q_set_identity(dReal* q) noexcept nogil:
    """Fill q with the identity quaternion (1, 0, 0, 0)."""
    q[0] = 1
    q[1] = 0
    q[2] = 0
    q[3] = 0


cdef void q_from_axis_and_angle(dReal* q, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil:
    """Quaternion of a rotation by angle about (ax, ay, az); identity for a zero axis."""
    cdef dReal ll = ax * ax + ay * ay + az * az
    cdef dReal half, k
    if ll > 0:
        half = angle * <dReal>0.5
        q[0] = cos(half)
        k = sin(half) * (<dReal>1.0 / sqrt(ll))
        q[1] = ax * k
        q[2] = ay * k
        q[3] = az * k
    else:
        q_set_identity(q)


cdef void q_to_r(const dReal* q, dReal* R) noexcept nogil:
    """Rotation matrix R of the (unit) quaternion q."""
    cdef dReal two = 2
    cdef dReal one = 1
    cdef dReal qq1 = two * q[1] * q[1]
    cdef dReal qq2 = two * q[2] * q[2]
    cdef dReal qq3 = two * q[3] * q[3]
    R[0] = one - qq2 - qq3
    R[1] = two * (q[1] * q[2] - q[0] * q[3])
    R[2] = two * (q[1] * q[3] + q[0] * q[2])
    R[3] = two * (q[1] * q[2] + q[0] * q[3])
    R[4] = one - qq1 - qq3
    R[5] = two * (q[2] * q[3] - q[0] * q[1])
    R[6] = two * (q[1] * q[3] - q[0] * q[2])
    R[7] = two * (q[2] * q[3] + q[0] * q[1])
    R[8] = one - qq1 - qq2


cdef void r_from_axis_and_angle(dReal* R, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil:
    """Rotation matrix of angle radians about (ax, ay, az), through the quaternion as ODE does."""
    cdef dReal q[4]
    q_from_axis_and_angle(q, ax, ay, az, angle)
    q_to_r(q, R)


cdef void r_to_q(const dReal* R, dReal* q) noexcept nogil:
    """Unit quaternion of rotation matrix R (Shepperd: branch on the trace, else the largest diagonal)."""
    cdef dReal half = <dReal>0.5
    cdef dReal one = 1
    cdef dReal tr = R[0] + R[4] + R[8]
    cdef dReal s
    cdef int big
    if tr >= 0:
        s = sqrt(tr + one)
        q[0] = half * s
        s = half / s
        q[1] = (R[7] - R[5]) * s
        q[2] = (R[2] - R[6]) * s
        q[3] = (R[3] - R[1]) * s
        return
    if R[4] > R[0]:
        big = 2 if R[8] > R[4] else 1
    else:
        big = 2 if R[8] > R[0] else 0
    if big == 0:
        s = sqrt((R[0] - (R[4] + R[8])) + one)
        q[1] = half * s
        s = half / s
        q[2] = (R[1] + R[3]) * s
        q[3] = (R[6] + R[2]) * s
        q[0] = (R[7] - R[5]) * s
    elif big == 1:
        s = sqrt((R[4] - (R[8] + R[0])) + one)
        q[2] = half * s
        s = half / s
        q[3] = (R[5] + R[7]) * s
        q[1] = (R[1] + R[3]) * s
        q[0] = (R[2] - R[6]) * s
    else:
        s = sqrt((R[8] - (R[0] + R[4])) + one)
        q[3] = half * s
        s = half / s
        q[1] = (R[6] + R[2]) * s
        q[2] = (R[5] + R[7]) * s
        q[0] = (R[3] - R[1]) * s


cdef void w_to_dq(const dReal* w, const dReal* q, dReal* dq) noexcept nogil:
    """dq/dt of orientation q under angular velocity w: 0.5 * (0, w) * q."""
    cdef dReal half = <dReal>0.5
    dq[0] = half * (-w[0] * q[1] - w[1] * q[2] - w[2] * q[3])
    dq[1] = half * (w[0] * q[0] + w[1] * q[3] - w[2] * q[2])
    dq[2] = half * (-w[0] * q[3] + w[1] * q[0] + w[2] * q[1])
    dq[3] = half * (w[0] * q[2] - w[1] * q[1] + w[2] * q[0])


cdef void q_multiply0(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil:
    """qa = qb * qc (rotate by qc, then by qb)."""
    qa[0] = qb[0] * qc[0] - qb[1] * qc[1] - qb[2] * qc[2] - qb[3] * qc[3]
    qa[1] = qb[0] * qc[1] + qb[1] * qc[0] + qb[2] * qc[3] - qb[3] * qc[2]
    qa[2] = qb[0] * qc[2] + qb[2] * qc[0] + qb[3] * qc[1] - qb[1] * qc[3]
    qa[3] = qb[0] * qc[3] + qb[3] * qc[0] + qb[1] * qc[2] - qb[2] * qc[1]


cdef void q_multiply1(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil:
    """qa = conj(qb) * qc."""
    qa[0] = qb[0] * qc[0] + qb[1] * qc[1] + qb[2] * qc[2] + qb[3] * qc[3]
    qa[1] = qb[0] * qc[1] - qb[1] * qc[0] - qb[2] * qc[3] + qb[3] * qc[2]
    qa[2] = qb[0] * qc[2] - qb[2] * qc[0] - qb[3] * qc[1] + qb[1] * qc[3]
    qa[3] = qb[0] * qc[3] - qb[3] * qc[0] - qb[1] * qc[2] + qb[2] * qc[1]


cdef void q_multiply2(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil:
    """qa = qb * conj(qc)."""
    qa[0] = qb[0] * qc[0] + qb[1] * qc[1] + qb[2] * qc[2] + qb[3] * qc[3]
    qa[1] = -qb[0] * qc[1] + qb[1] * qc[0] - qb[2] * qc[3] + qb[3] * qc[2]
    qa[2] = -qb[0] * qc[2] + qb[2] * qc[0] - qb[3] * qc[1] + qb[1] * qc[3]
    qa[3] = -qb[0] * qc[3] + qb[3] * qc[0] - qb[1] * qc[2] + qb[2] * qc[1]


cdef void q_multiply3(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil:
    """qa = conj(qb) * conj(qc)."""
    qa[0] = qb[0] * qc[0] - qb[1] * qc[1] - qb[2] * qc[2] - qb[3] * qc[3]
    qa[1] = -qb[0] * qc[1] - qb[1] * qc[0] + qb[2] * qc[3] - qb[3] * qc[2]
    qa[2] = -qb[0] * qc[2] - qb[2] * qc[0] + qb[3] * qc[1] - qb[1] * qc[3]
    qa[3] = -qb[0] * qc[3] - qb[3] * qc[0] + qb[1] * qc[2] - qb[2] * qc[1]


cdef int normalize3(dReal* a) noexcept nogil:
    """Scale a to unit length in place (overflow/underflow safe); 0 and a unchanged if it is zero."""
    cdef dReal one = 1
    cdef dReal a0 = fabs(a[0])
    cdef dReal a1 = fabs(a[1])
    cdef dReal a2 = fabs(a[2])
    cdef dReal r, k, b0, b1, b2
    cdef int big
    # the largest component; a tie between x and y picks x, as libode's dSafeNormalize3 does
    if a1 > a0:
        big = 2 if a2 > a1 else 1
    else:
        big = 2 if a2 > a0 else 0
    if big == 0:
        if a0 <= 0:
            return 0
        r = one / a0
        b1 = a[1] * r
        b2 = a[2] * r
        k = one / sqrt(one + b1 * b1 + b2 * b2)
        a[0] = (one if a[0] > 0 else -one) * k
        a[1] = b1 * k
        a[2] = b2 * k
    elif big == 1:
        if a1 <= 0:
            return 0
        r = one / a1
        b0 = a[0] * r
        b2 = a[2] * r
        k = one / sqrt(one + b0 * b0 + b2 * b2)
        a[0] = b0 * k
        a[1] = (one if a[1] > 0 else -one) * k
        a[2] = b2 * k
    else:
        if a2 <= 0:
            return 0
        r = one / a2
        b0 = a[0] * r
        b1 = a[1] * r
        k = one / sqrt(one + b0 * b0 + b1 * b1)
        a[0] = b0 * k
        a[1] = b1 * k
        a[2] = (one if a[2] > 0 else -one) * k
    return 1


cdef void q_normalize(dReal* q) noexcept nogil:
    """Scale the quaternion q to unit length in place; a zero quaternion becomes the identity."""
    cdef dReal ll = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]
    cdef dReal k
    if ll > 0:
        k = <dReal>1.0 / sqrt(ll)
        q[0] = q[0] * k
        q[1] = q[1] * k
        q[2] = q[2] * k
        q[3] = q[3] * k
    else:
        q_set_identity(q)


cdef void plane_space(const dReal* n, dReal* p, dReal* q) noexcept nogil:
    """Two unit vectors p, q with (n, p, q) orthonormal, for a unit n (choice as ODE's dPlaneSpace)."""
    cdef dReal a, k
    if fabs(n[2]) > SQRT1_2:
        a = n[1] * n[1] + n[2] * n[2]
        k = <dReal>1.0 / sqrt(a)
        p[0] = 0
        p[1] = -n[2] * k
        p[2] = n[1] * k
        q[0] = a * k
        q[1] = -n[0] * p[2]
        q[2] = n[0] * p[1]
    else:
        a = n[0] * n[0] + n[1] * n[1]
        k = <dReal>1.0 / sqrt(a)
        p[0] = -n[1] * k
        p[1] = n[0] * k
        p[2] = 0
        q[0] = -n[2] * p[1]
        q[1] = n[2] * p[0]
        q[2] = a * k


cdef void r_from_euler_angles(dReal* R, dReal phi, dReal theta, dReal psi) noexcept nogil:
    """Rotation matrix from ODE's Euler angles (phi about x, theta about y, psi about z)."""
    cdef dReal sphi = sin(phi)
    cdef dReal cphi = cos(phi)
    cdef dReal stheta = sin(theta)
    cdef dReal ctheta = cos(theta)
    cdef dReal spsi = sin(psi)
    cdef dReal cpsi = cos(psi)
    R[0] = cpsi * ctheta
    R[1] = spsi * ctheta
    R[2] = -stheta
    R[3] = cpsi * stheta * sphi - spsi * cphi
    R[4] = spsi * stheta * sphi + cpsi * cphi
    R[5] = ctheta * sphi
    R[6] = cpsi * stheta * cphi + spsi * sphi
    R[7] = spsi * stheta * cphi - cpsi * sphi
    R[8] = ctheta * cphi


cdef int r_from_2_axes(dReal* R, dReal ax, dReal ay, dReal az, dReal bx, dReal by, dReal bz) noexcept nogil:
    """R whose columns are unit a, b made perpendicular to a, and a x b; 0 (R untouched) if degenerate."""
    cdef dReal one = 1
    cdef dReal ll = sqrt(ax * ax + ay * ay + az * az)
    cdef dReal k
    if ll <= 0:
        return 0
    k = one / ll
    ax = ax * k
    ay = ay * k
    az = az * k
    k = ax * bx + ay * by + az * bz
    bx = bx - k * ax
    by = by - k * ay
    bz = bz - k * az
    ll = sqrt(bx * bx + by * by + bz * bz)
    if ll <= 0:
        return 0
    k = one / ll
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


cdef int r_from_z_axis(dReal* R, dReal ax, dReal ay, dReal az) noexcept nogil:
    """R whose third column is the unit (ax, ay, az), the others from plane_space; 0 if it is zero."""
    cdef dReal n[3]
    cdef dReal p[3]
    cdef dReal q[3]
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


cdef int orthonormalize_r(dReal* R) noexcept nogil:
    """Make R a rotation in place: unit row 0, row 2 = row0 x row1 normalised, row 1 = row2 x row0."""
    cdef dReal r0[3]
    cdef dReal r2[3]
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


# ------------------------------------------------ manual-named functions: sequences in, tuples out


cdef void _load(object seq, dReal* out, int n) except *:
    """Copy the first n entries of a Python sequence into out (rounded to dReal)."""
    cdef int i
    for i in range(n):
        out[i] = <dReal>float(seq[i])


cdef tuple _tuple(const dReal* a, int n):
    """The n values at a as a tuple of Python floats."""
    return tuple([<double>a[i] for i in range(n)])


def RSetIdentity():
    """The identity rotation matrix (9 values, row-major)."""
    cdef dReal R[9]
    r_set_identity(R)
    return _tuple(R, 9)


def RFromAxisAndAngle(ax, ay, az, angle):
    """Rotation matrix of angle radians about the axis (ax, ay, az)."""
    cdef dReal R[9]
    r_from_axis_and_angle(R, float(ax), float(ay), float(az), float(angle))
    return _tuple(R, 9)


def RFromEulerAngles(phi, theta, psi):
    """Rotation matrix from the Euler angles phi, theta, psi."""
    cdef dReal R[9]
    r_from_euler_angles(R, float(phi), float(theta), float(psi))
    return _tuple(R, 9)


def RFrom2Axes(ax, ay, az, bx, by, bz):
    """Rotation matrix whose x and y axes are a and b (made orthonormal); None if degenerate."""
    cdef dReal R[9]
    if r_from_2_axes(R, float(ax), float(ay), float(az), float(bx), float(by), float(bz)) == 0:
        return None
    return _tuple(R, 9)


def RFromZAxis(ax, ay, az):
    """A rotation matrix whose z axis is the unit (ax, ay, az); None for a zero vector."""
    cdef dReal R[9]
    if r_from_z_axis(R, float(ax), float(ay), float(az)) == 0:
        return None
    return _tuple(R, 9)


def QSetIdentity():
    """The identity quaternion (1, 0, 0, 0)."""
    cdef dReal q[4]
    q_set_identity(q)
    return _tuple(q, 4)


def QFromAxisAndAngle(ax, ay, az, angle):
    """Quaternion of angle radians about the axis (ax, ay, az)."""
    cdef dReal q[4]
    q_from_axis_and_angle(q, float(ax), float(ay), float(az), float(angle))
    return _tuple(q, 4)


def QMultiply0(qb, qc):
    """qb * qc."""
    cdef dReal a[4]
    cdef dReal b[4]
    cdef dReal c[4]
    _load(qb, b, 4)
    _load(qc, c, 4)
    q_multiply0(a, b, c)
    return _tuple(a, 4)


def QMultiply1(qb, qc):
    """conj(qb) * qc."""
    cdef dReal a[4]
    cdef dReal b[4]
    cdef dReal c[4]
    _load(qb, b, 4)
    _load(qc, c, 4)
    q_multiply1(a, b, c)
    return _tuple(a, 4)


def QMultiply2(qb, qc):
    """qb * conj(qc)."""
    cdef dReal a[4]
    cdef dReal b[4]
    cdef dReal c[4]
    _load(qb, b, 4)
    _load(qc, c, 4)
    q_multiply2(a, b, c)
    return _tuple(a, 4)


def QMultiply3(qb, qc):
    """conj(qb) * conj(qc)."""
    cdef dReal a[4]
    cdef dReal b[4]
    cdef dReal c[4]
    _load(qb, b, 4)
    _load(qc, c, 4)
    q_multiply3(a, b, c)
    return _tuple(a, 4)


def QtoR(q):
    """Rotation matrix of the quaternion q."""
    cdef dReal qq[4]
    cdef dReal R[9]
    _load(q, qq, 4)
    q_to_r(qq, R)
    return _tuple(R, 9)


def RtoQ(R):
    """Quaternion of the rotation matrix R (9 values, row-major)."""
    cdef dReal RR[9]
    cdef dReal q[4]
    _load(R, RR, 9)
    r_to_q(RR, q)
    return _tuple(q, 4)


def WtoDQ(w, q):
    """dq/dt for orientation q and angular velocity w."""
    cdef dReal ww[3]
    cdef dReal qq[4]
    cdef dReal dq[4]
    _load(w, ww, 3)
    _load(q, qq, 4)
    w_to_dq(ww, qq, dq)
    return _tuple(dq, 4)


def Normalize3(a):
    """a scaled to unit length; None for a zero vector."""
    cdef dReal v[3]
    _load(a, v, 3)
    if normalize3(v) == 0:
        return None
    return _tuple(v, 3)


def Normalize4(q):
    """q scaled to unit length; the identity for a zero quaternion."""
    cdef dReal v[4]
    _load(q, v, 4)
    q_normalize(v)
    return _tuple(v, 4)


def PlaneSpace(n):
    """Two unit vectors (p, q) completing the unit n to an orthonormal basis."""
    cdef dReal nn[3]
    cdef dReal p[3]
    cdef dReal q[3]
    _load(n, nn, 3)
    plane_space(nn, p, q)
    return _tuple(p, 3), _tuple(q, 3)


def OrthonormalizeR(R):
    """R with orthonormal rows (row 0 keeps its direction); None if rows 0 and 1 are degenerate."""
    cdef dReal v[9]
    _load(R, v, 9)
    if orthonormalize_r(v) == 0:
        return None
    return _tuple(v, 9)
