

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
