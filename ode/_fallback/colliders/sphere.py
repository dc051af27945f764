"""Sphere against sphere, box and cylinder.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .prim_contacts import put, spheres
from .prim_geometry import col_dot, local_surface, to_local

# ---- kernels


def collide_sphere_sphere(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                int flags, dReal* c, int skip) noexcept nogil
    """Sphere against sphere."""
    return spheres(c, 0, skip, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_RADIUS],
                   g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], g2[L.G_RADIUS])


def sphere_box_at(c, skip, px, py, pz, r, g2):
    #: cdef int sphere_box_at(dReal* c, int skip, dReal px, dReal py, dReal pz, dReal r,
    #:                        const dReal* g2) noexcept nogil
    """Sphere (centre p, radius r) against box record g2; normal out of the box into the sphere."""
    #: dReal q[3]
    #: dReal l[3]
    #: dReal h, dx, dy, dz, dmin, t, d, nx, ny, nz, qx, qy, qz
    #: int j, inside, jmin
    q = [0.0] * 3  # py
    l = [0.0] * 3  # py
    dx = px - g2[L.G_POS]
    dy = py - g2[L.G_POS + 1]
    dz = pz - g2[L.G_POS + 2]
    inside = 1
    for j in range(3):
        l[j] = col_dot(g2, j, dx, dy, dz)
        h = g2[L.G_SIDES + j] * 0.5
        q[j] = l[j]
        if q[j] < -h:
            q[j] = -h
            inside = 0
        elif q[j] > h:
            q[j] = h
            inside = 0
    if inside:
        jmin = 0
        dmin = g2[L.G_SIDES] * 0.5 - fabs(l[0])
        for j in range(1, 3):
            t = g2[L.G_SIDES + j] * 0.5 - fabs(l[j])
            if t < dmin:
                dmin = t
                jmin = j
        t = -1.0
        if l[jmin] > 0:
            t = 1.0
        put(c, 0, skip, px, py, pz, g2[L.G_R + jmin] * t, g2[L.G_R + 3 + jmin] * t, g2[L.G_R + 6 + jmin] * t,
            dmin + r)
        return 1
    qx = g2[L.G_POS] + g2[L.G_R] * q[0] + g2[L.G_R + 1] * q[1] + g2[L.G_R + 2] * q[2]
    qy = g2[L.G_POS + 1] + g2[L.G_R + 3] * q[0] + g2[L.G_R + 4] * q[1] + g2[L.G_R + 5] * q[2]
    qz = g2[L.G_POS + 2] + g2[L.G_R + 6] * q[0] + g2[L.G_R + 7] * q[1] + g2[L.G_R + 8] * q[2]
    nx = px - qx
    ny = py - qy
    nz = pz - qz
    d = sqrt(nx * nx + ny * ny + nz * nz)
    if d > r:
        return 0
    if d <= 0:
        return 0
    put(c, 0, skip, qx, qy, qz, nx / d, ny / d, nz / d, r - d)
    return 1


def collide_sphere_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* c, int skip) noexcept nogil
    """Sphere against box."""
    return sphere_box_at(c, skip, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_RADIUS], g2)


def collide_sphere_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* c, int skip) noexcept nogil
    """Sphere against cylinder: normal and depth from the nearest side, cap or rim; the point where libode
    puts it.

    Rim: the rim point. Side: the sphere's deepest point, but not past the axis. Cap: the sphere's deepest
    point."""
    #: dReal q[3]
    #: dReal n[3]
    #: dReal d, r, k, rad, wx, wy, wz
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    r = g1[L.G_RADIUS]
    to_local(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], q)
    d = local_surface(g2, L.GC_CYLINDER, q, n)
    if d + r < 0:
        return 0
    k = r
    if n[2] == 0:
        rad = sqrt(q[0] * q[0] + q[1] * q[1])
        if rad < r:
            k = rad
    elif n[0] != 0 or n[1] != 0:
        k = -d
    wx = g2[L.G_R] * n[0] + g2[L.G_R + 1] * n[1] + g2[L.G_R + 2] * n[2]
    wy = g2[L.G_R + 3] * n[0] + g2[L.G_R + 4] * n[1] + g2[L.G_R + 5] * n[2]
    wz = g2[L.G_R + 6] * n[0] + g2[L.G_R + 7] * n[1] + g2[L.G_R + 8] * n[2]
    put(
        c,
        0,
        skip,
        g1[L.G_POS] - wx * k,
        g1[L.G_POS + 1] - wy * k,
        g1[L.G_POS + 2] - wz * k,
        wx,
        wy,
        wz,
        d + r,
    )
    return 1


# ---- end kernels
