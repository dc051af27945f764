

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
