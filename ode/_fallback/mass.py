"""Pure-Python twin of ``ode/_core/mass.pyx``: ODE's mass functions on a flat 13-value record.

A mass record ``m`` is ``[mass, cx, cy, cz, I00, I01, I02, I10, I11, I12, I20, I21, I22]``: total mass,
centre of gravity in the body frame and the 3x3 inertia tensor (row-major) about the body's point of
reference, as ODE's dMass. Same function names, signatures and order of floating-point operations as the
Cython kernel (bit for bit in double). This file is also the source of the Cython kernel:
``tools/gen/gen_kernels.py`` turns the ``#:`` type lines into ``cdef`` declarations and every float literal
into a dReal one (single precision computes in float).
"""

from __future__ import annotations

from math import pi, sqrt

M_MASS = 0
M_C = 1
M_I = 4
M_SIZE = 13

# ---- kernels
# ------------------------------------------------ pointer kernels


def mass_set_zero(m) -> None:
    #: cdef void mass_set_zero(dReal* m) noexcept nogil
    """All mass parameters zero."""
    #: int i
    for i in range(M_SIZE):
        m[i] = 0.0


def mass_set_parameters(m, themass, cx, cy, cz, I11, I22, I33, I12, I13, I23) -> None:
    #: cdef void mass_set_parameters(dReal* m, dReal themass, dReal cx, dReal cy, dReal cz,
    #:                               dReal I11, dReal I22, dReal I33,
    #:                               dReal I12, dReal I13, dReal I23) noexcept nogil
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


def _set_diagonal(m, themass, i11, i22, i33) -> None:
    #: cdef void _set_diagonal(dReal* m, dReal themass, dReal i11, dReal i22, dReal i33) noexcept nogil
    """Mass at the origin with a diagonal inertia tensor."""
    mass_set_zero(m)
    m[M_MASS] = themass
    m[M_I + 0] = i11
    m[M_I + 4] = i22
    m[M_I + 8] = i33


def mass_set_sphere_total(m, total_mass, radius) -> None:
    #: cdef void mass_set_sphere_total(dReal* m, dReal total_mass, dReal radius) noexcept nogil
    """Solid sphere of the given total mass, centred at the origin."""
    #: dReal ii
    ii = 0.4 * total_mass * radius * radius
    _set_diagonal(m, total_mass, ii, ii, ii)


def mass_set_sphere(m, density, radius) -> None:
    #: cdef void mass_set_sphere(dReal* m, dReal density, dReal radius) noexcept nogil
    """Solid sphere of the given density, centred at the origin."""
    mass_set_sphere_total(m, (4.0 / 3.0) * pi * radius * radius * radius * density, radius)


def _set_axial(m, themass, direction, axial, transverse) -> None:
    #: cdef void _set_axial(dReal* m, dReal themass, int direction, dReal axial,
    #:                      dReal transverse) noexcept nogil
    """Diagonal inertia symmetric about body axis ``direction`` (1=x, 2=y, 3=z)."""
    if direction == 1:
        _set_diagonal(m, themass, axial, transverse, transverse)
    elif direction == 2:
        _set_diagonal(m, themass, transverse, axial, transverse)
    else:
        _set_diagonal(m, themass, transverse, transverse, axial)


def mass_set_capsule(m, density, direction, radius, length) -> None:
    #: cdef void mass_set_capsule(dReal* m, dReal density, int direction, dReal radius,
    #:                            dReal length) noexcept nogil
    """Capsule (cylinder of the given length plus two hemispherical caps) of the given density."""
    #: dReal m1, m2, themass, ia, ib
    m1 = pi * radius * radius * length * density
    m2 = (4.0 / 3.0) * pi * radius * radius * radius * density
    themass = m1 + m2
    ia = m1 * (0.25 * radius * radius + (1.0 / 12.0) * length * length) + m2 * (
        0.4 * radius * radius + 0.375 * radius * length + 0.25 * length * length
    )
    ib = (m1 * 0.5 + m2 * 0.4) * radius * radius
    _set_axial(m, themass, direction, ib, ia)


def mass_set_capsule_total(m, total_mass, direction, radius, length) -> None:
    #: cdef void mass_set_capsule_total(dReal* m, dReal total_mass, int direction, dReal radius,
    #:                                  dReal length) noexcept nogil
    """Capsule of the given total mass: the unit-density capsule scaled to that mass."""
    mass_set_capsule(m, 1.0, direction, radius, length)
    mass_adjust(m, total_mass)


def mass_set_cylinder_total(m, total_mass, direction, radius, length) -> None:
    #: cdef void mass_set_cylinder_total(dReal* m, dReal total_mass, int direction, dReal radius,
    #:                                   dReal length) noexcept nogil
    """Flat-ended solid cylinder of the given total mass."""
    #: dReal r2, ia, ib
    r2 = radius * radius
    ia = total_mass * (0.25 * r2 + (1.0 / 12.0) * length * length)
    ib = total_mass * 0.5 * r2
    _set_axial(m, total_mass, direction, ib, ia)


def mass_set_cylinder(m, density, direction, radius, length) -> None:
    #: cdef void mass_set_cylinder(dReal* m, dReal density, int direction, dReal radius,
    #:                             dReal length) noexcept nogil
    """Flat-ended solid cylinder of the given density."""
    mass_set_cylinder_total(m, pi * radius * radius * length * density, direction, radius, length)


def mass_set_box_total(m, total_mass, lx, ly, lz) -> None:
    #: cdef void mass_set_box_total(dReal* m, dReal total_mass, dReal lx, dReal ly, dReal lz) noexcept nogil
    """Solid box with side lengths lx, ly, lz and the given total mass."""
    _set_diagonal(
        m,
        total_mass,
        total_mass / 12.0 * (ly * ly + lz * lz),
        total_mass / 12.0 * (lx * lx + lz * lz),
        total_mass / 12.0 * (lx * lx + ly * ly),
    )


def mass_set_box(m, density, lx, ly, lz) -> None:
    #: cdef void mass_set_box(dReal* m, dReal density, dReal lx, dReal ly, dReal lz) noexcept nogil
    """Solid box with side lengths lx, ly, lz and the given density."""
    mass_set_box_total(m, lx * ly * lz * density, lx, ly, lz)


def mass_adjust(m, newmass) -> None:
    #: cdef void mass_adjust(dReal* m, dReal newmass) noexcept nogil
    """Scale mass and inertia so the total mass becomes newmass (centre unchanged)."""
    #: dReal scale
    #: int i
    scale = newmass / m[M_MASS]
    m[M_MASS] = newmass
    for i in range(9):
        m[M_I + i] = m[M_I + i] * scale


def _cross_square(a0, a1, a2, out) -> None:
    #: cdef void _cross_square(dReal a0, dReal a1, dReal a2, dReal* out) noexcept nogil
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


def mass_translate(m, x, y, z) -> None:
    #: cdef void mass_translate(dReal* m, dReal x, dReal y, dReal z) noexcept nogil
    """Move the body by (x, y, z) in the body frame: parallel-axis shift of I about the origin."""
    #: dReal c0, c1, c2, n0, n1, n2, mass
    #: dReal chat[9]
    #: dReal thate[9]
    #: int i
    chat = [0.0] * 9  # py
    thate = [0.0] * 9  # py
    c0 = m[M_C + 0]
    c1 = m[M_C + 1]
    c2 = m[M_C + 2]
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


def mass_rotate(m, R) -> None:
    #: cdef void mass_rotate(dReal* m, const dReal* R) noexcept nogil
    """Rotate the body by R in the body frame: I = (R I) R^T (lower triangle, mirrored), c = R c."""
    #: dReal t[9]
    #: dReal v, c0, c1, c2
    #: int i, j
    t = [0.0] * 9  # py
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


def mass_add(a, b) -> None:
    #: cdef void mass_add(dReal* a, const dReal* b) noexcept nogil
    """a = a + b: combined mass, mass-weighted centre, summed inertia (both about the same origin)."""
    #: dReal denom
    #: int i
    denom = 1.0 / (a[M_MASS] + b[M_MASS])
    for i in range(3):
        a[M_C + i] = (a[M_C + i] * a[M_MASS] + b[M_C + i] * b[M_MASS]) * denom
    a[M_MASS] = a[M_MASS] + b[M_MASS]
    for i in range(9):
        a[M_I + i] = a[M_I + i] + b[M_I + i]


def _positive_definite3(A) -> int:
    #: cdef int _positive_definite3(const dReal* A) noexcept nogil
    """1 if the symmetric 3x3 A is positive definite (its Cholesky factorisation succeeds), else 0."""
    #: dReal L[9]
    #: dReal s
    #: int i, j, k
    L = [0.0] * 9  # py
    for i in range(3):
        for j in range(i + 1):
            s = A[3 * i + j]
            for k in range(j):
                s = s - L[3 * i + k] * L[3 * j + k]
            if i == j:
                if s <= 0.0:
                    return 0
                L[3 * i + i] = sqrt(s)
            else:
                L[3 * i + j] = s / L[3 * j + j]
    return 1


def mass_check(m) -> int:
    #: cdef int mass_check(const dReal* m) noexcept nogil
    """1 if ODE accepts m: mass > 0, and I positive definite both about the origin and about the centre."""
    #: dReal I0[9]
    #: dReal chat[9]
    #: dReal mass
    #: int i
    I0 = [0.0] * 9  # py
    chat = [0.0] * 9  # py
    if not m[M_MASS] > 0.0:
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


# ---- end kernels

# ------------------------------------------------ manual-named functions: sequences in, tuples out


def _load(seq) -> list:
    """A mass record (13 values) as a list of Python floats (the twin computes in double)."""
    return [float(seq[i]) for i in range(M_SIZE)]


def MassSetZero() -> tuple:
    """The zero mass record."""
    m = [0.0] * M_SIZE
    mass_set_zero(m)
    return tuple(m)


def MassSetParameters(themass, cx, cy, cz, I11, I22, I33, I12, I13, I23) -> tuple:
    """Mass record from mass, centre and the six distinct inertia entries."""
    m = [0.0] * M_SIZE
    mass_set_parameters(
        m, float(themass), float(cx), float(cy), float(cz),
        float(I11), float(I22), float(I33), float(I12), float(I13), float(I23),
    )
    return tuple(m)


def MassSetSphere(density, radius) -> tuple:
    """Mass record of a solid sphere of the given density."""
    m = [0.0] * M_SIZE
    mass_set_sphere(m, float(density), float(radius))
    return tuple(m)


def MassSetSphereTotal(total_mass, radius) -> tuple:
    """Mass record of a solid sphere of the given total mass."""
    m = [0.0] * M_SIZE
    mass_set_sphere_total(m, float(total_mass), float(radius))
    return tuple(m)


def MassSetCapsule(density, direction, radius, length) -> tuple:
    """Mass record of a capsule of the given density along axis direction (1, 2, 3)."""
    m = [0.0] * M_SIZE
    mass_set_capsule(m, float(density), int(direction), float(radius), float(length))
    return tuple(m)


def MassSetCapsuleTotal(total_mass, direction, radius, length) -> tuple:
    """Mass record of a capsule of the given total mass along axis direction (1, 2, 3)."""
    m = [0.0] * M_SIZE
    mass_set_capsule_total(m, float(total_mass), int(direction), float(radius), float(length))
    return tuple(m)


def MassSetCylinder(density, direction, radius, length) -> tuple:
    """Mass record of a flat-ended cylinder of the given density along axis direction (1, 2, 3)."""
    m = [0.0] * M_SIZE
    mass_set_cylinder(m, float(density), int(direction), float(radius), float(length))
    return tuple(m)


def MassSetCylinderTotal(total_mass, direction, radius, length) -> tuple:
    """Mass record of a flat-ended cylinder of the given total mass along axis direction (1, 2, 3)."""
    m = [0.0] * M_SIZE
    mass_set_cylinder_total(m, float(total_mass), int(direction), float(radius), float(length))
    return tuple(m)


def MassSetBox(density, lx, ly, lz) -> tuple:
    """Mass record of a solid box of the given density."""
    m = [0.0] * M_SIZE
    mass_set_box(m, float(density), float(lx), float(ly), float(lz))
    return tuple(m)


def MassSetBoxTotal(total_mass, lx, ly, lz) -> tuple:
    """Mass record of a solid box of the given total mass."""
    m = [0.0] * M_SIZE
    mass_set_box_total(m, float(total_mass), float(lx), float(ly), float(lz))
    return tuple(m)


def MassAdjust(m, newmass) -> tuple:
    """The record m scaled to total mass newmass (m's mass must be nonzero)."""
    v = _load(m)
    mass_adjust(v, float(newmass))
    return tuple(v)


def MassTranslate(m, x, y, z) -> tuple:
    """The record m displaced by (x, y, z)."""
    v = _load(m)
    mass_translate(v, float(x), float(y), float(z))
    return tuple(v)


def MassRotate(m, R) -> tuple:
    """The record m rotated by R (9 values, row-major)."""
    v = _load(m)
    mass_rotate(v, [float(R[i]) for i in range(9)])
    return tuple(v)


def MassAdd(a, b) -> tuple:
    """The sum of records a and b (their total mass must be nonzero)."""
    v = _load(a)
    mass_add(v, _load(b))
    return tuple(v)


def MassCheck(m) -> bool:
    """True if ODE accepts the record m as a body's mass."""
    return mass_check(_load(m)) != 0
