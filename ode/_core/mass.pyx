# cython: language_level=3
"""ODE's mass functions on a flat 13-value record (Cython kernel; twin: ``ode/_fallback/mass.py``).

A record is [mass, cx, cy, cz, I00..I22]: total mass, centre of gravity and the row-major inertia tensor about
the body origin, as ODE's dMass. Same order of floating-point operations as the twin (bit for bit in double).
"""

from libc.math cimport M_PI, sqrt

from .dreal cimport dReal


# ------------------------------------------------ pointer kernels


cdef void mass_set_zero(dReal* m) noexcept nogil:
    """All mass parameters zero."""
    cdef int i
    for i in range(M_SIZE):
        m[i] = 0


cdef void mass_set_parameters(dReal* m, dReal themass, dReal cx, dReal cy, dReal cz, dReal I11, dReal I22,
                              dReal I33, dReal I12, dReal I13, dReal I23) noexcept nogil:
    """Mass, centre and the six distinct entries of the symmetric inertia tensor."""
    mass_set_zero(m)
    m[M_MASS] = themass
    m[M_C + 0] = cx
    m[M_C + 1] = cy
    m[M_C + 2] = cz
    m[M_I + 0] = I11
    m[M_I + 4] = I22
    m[M_I + 8] = I33
    m[M_I + 1] = I12
    m[M_I + 2] = I13
    m[M_I + 5] = I23
    m[M_I + 3] = I12
    m[M_I + 6] = I13
    m[M_I + 7] = I23


cdef void _set_diagonal(dReal* m, dReal themass, dReal i11, dReal i22, dReal i33) noexcept nogil:
    """Mass at the origin with a diagonal inertia tensor."""
    mass_set_zero(m)
    m[M_MASS] = themass
    m[M_I + 0] = i11
    m[M_I + 4] = i22
    m[M_I + 8] = i33


cdef void mass_set_sphere_total(dReal* m, dReal total_mass, dReal radius) noexcept nogil:
    """Solid sphere of the given total mass, centred at the origin."""
    cdef dReal ii = <dReal>0.4 * total_mass * radius * radius
    _set_diagonal(m, total_mass, ii, ii, ii)


cdef void mass_set_sphere(dReal* m, dReal density, dReal radius) noexcept nogil:
    """Solid sphere of the given density, centred at the origin."""
    cdef dReal pi = <dReal>M_PI
    cdef dReal four_thirds = <dReal>4.0 / <dReal>3.0
    mass_set_sphere_total(m, four_thirds * pi * radius * radius * radius * density, radius)


cdef void _set_axial(dReal* m, dReal themass, int direction, dReal axial, dReal transverse) noexcept nogil:
    """Diagonal inertia symmetric about body axis ``direction`` (1=x, 2=y, 3=z)."""
    if direction == 1:
        _set_diagonal(m, themass, axial, transverse, transverse)
    elif direction == 2:
        _set_diagonal(m, themass, transverse, axial, transverse)
    else:
        _set_diagonal(m, themass, transverse, transverse, axial)


cdef void mass_set_capsule(dReal* m, dReal density, int direction, dReal radius, dReal length) noexcept nogil:
    """Capsule (cylinder of the given length plus two hemispherical caps) of the given density."""
    cdef dReal pi = <dReal>M_PI
    cdef dReal four_thirds = <dReal>4.0 / <dReal>3.0
    cdef dReal twelfth = <dReal>1.0 / <dReal>12.0
    cdef dReal m1 = pi * radius * radius * length * density
    cdef dReal m2 = four_thirds * pi * radius * radius * radius * density
    cdef dReal themass = m1 + m2
    cdef dReal ia = m1 * (<dReal>0.25 * radius * radius + twelfth * length * length) + m2 * (
        <dReal>0.4 * radius * radius + <dReal>0.375 * radius * length + <dReal>0.25 * length * length
    )
    cdef dReal ib = (m1 * <dReal>0.5 + m2 * <dReal>0.4) * radius * radius
    _set_axial(m, themass, direction, ib, ia)


cdef void mass_set_capsule_total(dReal* m, dReal total_mass, int direction, dReal radius,
                                 dReal length) noexcept nogil:
    """Capsule of the given total mass: the unit-density capsule scaled to that mass."""
    mass_set_capsule(m, 1, direction, radius, length)
    mass_adjust(m, total_mass)


cdef void mass_set_cylinder_total(dReal* m, dReal total_mass, int direction, dReal radius,
                                  dReal length) noexcept nogil:
    """Flat-ended solid cylinder of the given total mass."""
    cdef dReal twelfth = <dReal>1.0 / <dReal>12.0
    cdef dReal r2 = radius * radius
    cdef dReal ia = total_mass * (<dReal>0.25 * r2 + twelfth * length * length)
    cdef dReal ib = total_mass * <dReal>0.5 * r2
    _set_axial(m, total_mass, direction, ib, ia)


cdef void mass_set_cylinder(dReal* m, dReal density, int direction, dReal radius, dReal length) noexcept nogil:
    """Flat-ended solid cylinder of the given density."""
    cdef dReal pi = <dReal>M_PI
    mass_set_cylinder_total(m, pi * radius * radius * length * density, direction, radius, length)


cdef void mass_set_box_total(dReal* m, dReal total_mass, dReal lx, dReal ly, dReal lz) noexcept nogil:
    """Solid box with side lengths lx, ly, lz and the given total mass."""
    cdef dReal twelve = 12
    _set_diagonal(
        m,
        total_mass,
        total_mass / twelve * (ly * ly + lz * lz),
        total_mass / twelve * (lx * lx + lz * lz),
        total_mass / twelve * (lx * lx + ly * ly),
    )


cdef void mass_set_box(dReal* m, dReal density, dReal lx, dReal ly, dReal lz) noexcept nogil:
    """Solid box with side lengths lx, ly, lz and the given density."""
    mass_set_box_total(m, lx * ly * lz * density, lx, ly, lz)


cdef void mass_adjust(dReal* m, dReal newmass) noexcept nogil:
    """Scale mass and inertia so the total mass becomes newmass (centre unchanged)."""
    cdef dReal scale = newmass / m[M_MASS]
    cdef int i
    m[M_MASS] = newmass
    for i in range(9):
        m[M_I + i] = m[M_I + i] * scale


cdef void _cross_square(dReal a0, dReal a1, dReal a2, dReal* out) noexcept nogil:
    """out = [a]x [a]x, the square of a's cross-product matrix (a a^T - |a|^2 E)."""
    out[0] = -a1 * a1 - a2 * a2
    out[1] = a0 * a1
    out[2] = a0 * a2
    out[3] = a0 * a1
    out[4] = -a0 * a0 - a2 * a2
    out[5] = a1 * a2
    out[6] = a0 * a2
    out[7] = a1 * a2
    out[8] = -a0 * a0 - a1 * a1


cdef void mass_translate(dReal* m, dReal x, dReal y, dReal z) noexcept nogil:
    """Move the body by (x, y, z) in the body frame: parallel-axis shift of I about the origin."""
    cdef dReal c0 = m[M_C + 0]
    cdef dReal c1 = m[M_C + 1]
    cdef dReal c2 = m[M_C + 2]
    cdef dReal chat[9]
    cdef dReal thate[9]
    cdef dReal n0, n1, n2, mass
    cdef int i
    _cross_square(c0, c1, c2, chat)
    n0 = c0 + x
    n1 = c1 + y
    n2 = c2 + z
    _cross_square(n0, n1, n2, thate)
    mass = m[M_MASS]
    for i in range(9):
        m[M_I + i] = m[M_I + i] + mass * (chat[i] - thate[i])
    m[M_C + 0] = n0
    m[M_C + 1] = n1
    m[M_C + 2] = n2


cdef void mass_rotate(dReal* m, const dReal* R) noexcept nogil:
    """Rotate the body by R in the body frame: I = (R I) R^T (lower triangle, mirrored), c = R c."""
    cdef dReal t[9]
    cdef dReal v, c0, c1, c2
    cdef int i, j
    for i in range(3):
        for j in range(3):
            t[3 * i + j] = (
                R[3 * i + 0] * m[M_I + 0 + j] + R[3 * i + 1] * m[M_I + 3 + j] + R[3 * i + 2] * m[M_I + 6 + j]
            )
    for i in range(3):
        for j in range(i + 1):
            v = t[3 * i + 0] * R[3 * j + 0] + t[3 * i + 1] * R[3 * j + 1] + t[3 * i + 2] * R[3 * j + 2]
            m[M_I + 3 * i + j] = v
            m[M_I + 3 * j + i] = v
    c0 = m[M_C + 0]
    c1 = m[M_C + 1]
    c2 = m[M_C + 2]
    m[M_C + 0] = R[0] * c0 + R[1] * c1 + R[2] * c2
    m[M_C + 1] = R[3] * c0 + R[4] * c1 + R[5] * c2
    m[M_C + 2] = R[6] * c0 + R[7] * c1 + R[8] * c2


cdef void mass_add(dReal* a, const dReal* b) noexcept nogil:
    """a = a + b: combined mass, mass-weighted centre, summed inertia (both about the same origin)."""
    cdef dReal denom = <dReal>1.0 / (a[M_MASS] + b[M_MASS])
    cdef int i
    for i in range(3):
        a[M_C + i] = (a[M_C + i] * a[M_MASS] + b[M_C + i] * b[M_MASS]) * denom
    a[M_MASS] = a[M_MASS] + b[M_MASS]
    for i in range(9):
        a[M_I + i] = a[M_I + i] + b[M_I + i]


cdef int _positive_definite3(const dReal* A) noexcept nogil:
    """1 if the symmetric 3x3 A is positive definite (its Cholesky factorisation succeeds), else 0."""
    cdef dReal L[9]
    cdef dReal s
    cdef int i, j, k
    for i in range(3):
        for j in range(i + 1):
            s = A[3 * i + j]
            for k in range(j):
                s = s - L[3 * i + k] * L[3 * j + k]
            if i == j:
                if s <= 0:
                    return 0
                L[3 * i + i] = sqrt(s)
            else:
                L[3 * i + j] = s / L[3 * j + j]
    return 1


cdef int mass_check(const dReal* m) noexcept nogil:
    """1 if ODE accepts m: mass > 0, and I positive definite both about the origin and about the centre."""
    cdef dReal I0[9]
    cdef dReal chat[9]
    cdef dReal mass
    cdef int i
    if not m[M_MASS] > 0:
        return 0
    for i in range(9):
        I0[i] = m[M_I + i]
    if not _positive_definite3(I0):
        return 0
    _cross_square(m[M_C + 0], m[M_C + 1], m[M_C + 2], chat)
    mass = m[M_MASS]
    for i in range(9):
        I0[i] = I0[i] + mass * chat[i]
    if not _positive_definite3(I0):
        return 0
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


def MassSetZero():
    """The zero mass record."""
    cdef dReal m[M_SIZE]
    mass_set_zero(m)
    return _tuple(m, M_SIZE)


def MassSetParameters(themass, cx, cy, cz, I11, I22, I33, I12, I13, I23):
    """Mass record from mass, centre and the six distinct inertia entries."""
    cdef dReal m[M_SIZE]
    mass_set_parameters(
        m, float(themass), float(cx), float(cy), float(cz),
        float(I11), float(I22), float(I33), float(I12), float(I13), float(I23),
    )
    return _tuple(m, M_SIZE)


def MassSetSphere(density, radius):
    """Mass record of a solid sphere of the given density."""
    cdef dReal m[M_SIZE]
    mass_set_sphere(m, float(density), float(radius))
    return _tuple(m, M_SIZE)


def MassSetSphereTotal(total_mass, radius):
    """Mass record of a solid sphere of the given total mass."""
    cdef dReal m[M_SIZE]
    mass_set_sphere_total(m, float(total_mass), float(radius))
    return _tuple(m, M_SIZE)


def MassSetCapsule(density, direction, radius, length):
    """Mass record of a capsule of the given density along axis direction (1, 2, 3)."""
    cdef dReal m[M_SIZE]
    mass_set_capsule(m, float(density), int(direction), float(radius), float(length))
    return _tuple(m, M_SIZE)


def MassSetCapsuleTotal(total_mass, direction, radius, length):
    """Mass record of a capsule of the given total mass along axis direction (1, 2, 3)."""
    cdef dReal m[M_SIZE]
    mass_set_capsule_total(m, float(total_mass), int(direction), float(radius), float(length))
    return _tuple(m, M_SIZE)


def MassSetCylinder(density, direction, radius, length):
    """Mass record of a flat-ended cylinder of the given density along axis direction (1, 2, 3)."""
    cdef dReal m[M_SIZE]
    mass_set_cylinder(m, float(density), int(direction), float(radius), float(length))
    return _tuple(m, M_SIZE)


def MassSetCylinderTotal(total_mass, direction, radius, length):
    """Mass record of a flat-ended cylinder of the given total mass along axis direction (1, 2, 3)."""
    cdef dReal m[M_SIZE]
    mass_set_cylinder_total(m, float(total_mass), int(direction), float(radius), float(length))
    return _tuple(m, M_SIZE)


def MassSetBox(density, lx, ly, lz):
    """Mass record of a solid box of the given density."""
    cdef dReal m[M_SIZE]
    mass_set_box(m, float(density), float(lx), float(ly), float(lz))
    return _tuple(m, M_SIZE)


def MassSetBoxTotal(total_mass, lx, ly, lz):
    """Mass record of a solid box of the given total mass."""
    cdef dReal m[M_SIZE]
    mass_set_box_total(m, float(total_mass), float(lx), float(ly), float(lz))
    return _tuple(m, M_SIZE)


def MassAdjust(m, newmass):
    """The record m scaled to total mass newmass (m's mass must be nonzero)."""
    cdef dReal v[M_SIZE]
    _load(m, v, M_SIZE)
    mass_adjust(v, float(newmass))
    return _tuple(v, M_SIZE)


def MassTranslate(m, x, y, z):
    """The record m displaced by (x, y, z)."""
    cdef dReal v[M_SIZE]
    _load(m, v, M_SIZE)
    mass_translate(v, float(x), float(y), float(z))
    return _tuple(v, M_SIZE)


def MassRotate(m, R):
    """The record m rotated by R (9 values, row-major)."""
    cdef dReal v[M_SIZE]
    cdef dReal RR[9]
    _load(m, v, M_SIZE)
    _load(R, RR, 9)
    mass_rotate(v, RR)
    return _tuple(v, M_SIZE)


def MassAdd(a, b):
    """The sum of records a and b (their total mass must be nonzero)."""
    cdef dReal v[M_SIZE]
    cdef dReal w[M_SIZE]
    _load(a, v, M_SIZE)
    _load(b, w, M_SIZE)
    mass_add(v, w)
    return _tuple(v, M_SIZE)


def MassCheck(m):
    """True if ODE accepts the record m as a body's mass."""
    cdef dReal v[M_SIZE]
    _load(m, v, M_SIZE)
    return mass_check(v) != 0
