"""Contact writing of the primitive colliders: the contact cap and CONTACTS_UNIMPORTANT in the flags, one
contact record, flipped records, the contact of two spheres, and the pairs that never touch.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L

# ---- kernels


def maxc_of(flags):
    #: cdef inline int maxc_of(int flags) noexcept nogil
    """The contact cap in the low 16 bits of flags (at least one)."""
    #: int m
    m = flags & 0xffff
    if m < 1:
        m = 1
    return m


def unimp_of(flags):
    #: cdef int unimp_of(int flags) noexcept nogil
    """1 when flags carry CONTACTS_UNIMPORTANT (bit 31, a negative C int); collide_mesh cimports it."""
    return 1 if (flags & 0x80000000) else 0  # py
    #: py- return 1 if flags < 0 else 0


def put(c, k, skip, px, py, pz, nx, ny, nz, depth):
    #: cdef inline void put(dReal* c, int k, int skip, dReal px, dReal py, dReal pz, dReal nx, dReal ny,
    #:                      dReal nz, dReal depth) noexcept nogil
    """Write contact record k: position, normal, depth, no sides."""
    #: int o
    o = k * skip
    c[o + L.C_POS] = px
    c[o + L.C_POS + 1] = py
    c[o + L.C_POS + 2] = pz
    c[o + L.C_NORMAL] = nx
    c[o + L.C_NORMAL + 1] = ny
    c[o + L.C_NORMAL + 2] = nz
    c[o + L.C_DEPTH] = depth
    c[o + L.C_SIDE1] = -1
    c[o + L.C_SIDE2] = -1


def flip_contacts(c, n, skip):
    #: cdef void flip_contacts(dReal* c, int n, int skip) noexcept nogil
    """Negate the normals and swap the sides of n contacts (the pair was collided in the other order)."""
    #: int k, o
    #: dReal t
    for k in range(n):
        o = k * skip
        c[o + L.C_NORMAL] = -c[o + L.C_NORMAL]
        c[o + L.C_NORMAL + 1] = -c[o + L.C_NORMAL + 1]
        c[o + L.C_NORMAL + 2] = -c[o + L.C_NORMAL + 2]
        t = c[o + L.C_SIDE1]
        c[o + L.C_SIDE1] = c[o + L.C_SIDE2]
        c[o + L.C_SIDE2] = t


def spheres(c, kk, skip, p1x, p1y, p1z, r1, p2x, p2y, p2z, r2):
    #: cdef int spheres(dReal* c, int kk, int skip, dReal p1x, dReal p1y, dReal p1z, dReal r1, dReal p2x,
    #:                  dReal p2y, dReal p2z, dReal r2) noexcept nogil
    """Contact of two spheres (centre, radius), normal from sphere 2 to sphere 1, midway between surfaces
    (the normal scaled by 1 / distance, as libode: not divided, whose last bits differ)."""
    #: dReal dx, dy, dz, d, k, nx, ny, nz, rd
    dx = p1x - p2x
    dy = p1y - p2y
    dz = p1z - p2z
    d = sqrt(dx * dx + dy * dy + dz * dz)
    if d > r1 + r2:
        return 0
    if d <= 0:
        put(c, kk, skip, p1x, p1y, p1z, 1.0, 0.0, 0.0, r1 + r2)
        return 1
    rd = 1 / d
    nx = dx * rd
    ny = dy * rd
    nz = dz * rd
    k = 0.5 * (r2 - r1 - d)
    put(c, kk, skip, p1x + nx * k, p1y + ny * k, p1z + nz * k, nx, ny, nz, r1 + r2 - d)
    return 1


def collide_none(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_none(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                       dReal* c, int skip) noexcept nogil
    """Pairs without contacts (ray-ray, plane-plane, as ODE)."""
    return 0


# ---- end kernels
