"""Sphere against sphere, box and cylinder.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from ..rotation import normalize3
from .prim_contacts import put, spheres
from .prim_geometry import col_dot

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
    """Sphere (centre p, radius r) against box record g2; normal out of the box into the sphere, in libode's
    arithmetic: the centre in the box frame clamped to the box; inside, the nearest face's normal at the
    centre; outside, from the clamped point (turned back, not yet moved by the box's position) to the
    centre, normalised as libode normalises."""
    #: dReal q[3]
    #: dReal e[3]
    #: dReal n[3]
    #: dReal h, dx, dy, dz, dmin, t, d, qx, qy, qz
    #: int j, inside, jmin
    q = [0.0] * 3  # py
    e = [0.0] * 3  # py
    n = [0.0] * 3  # py
    dx = px - g2[L.G_POS]
    dy = py - g2[L.G_POS + 1]
    dz = pz - g2[L.G_POS + 2]
    inside = 1
    for j in range(3):
        h = g2[L.G_SIDES + j] * 0.5
        q[j] = col_dot(g2, j, dx, dy, dz)
        if q[j] < -h:
            q[j] = -h
            inside = 0
        elif q[j] > h:
            q[j] = h
            inside = 0
    if inside:
        jmin = 0
        h = g2[L.G_SIDES] * 0.5
        dmin = h - fabs(q[0])
        for j in range(1, 3):
            h = g2[L.G_SIDES + j] * 0.5
            t = h - fabs(q[j])
            if t < dmin:
                dmin = t
                jmin = j
        e[0] = 0.0
        e[1] = 0.0
        e[2] = 0.0
        e[jmin] = -1.0
        if q[jmin] > 0:
            e[jmin] = 1.0
        for j in range(3):
            n[j] = g2[L.G_R + 3 * j] * e[0] + g2[L.G_R + 3 * j + 1] * e[1] + g2[L.G_R + 3 * j + 2] * e[2]
        put(c, 0, skip, px, py, pz, n[0], n[1], n[2], dmin + r)
        return 1
    qx = g2[L.G_R] * q[0] + g2[L.G_R + 1] * q[1] + g2[L.G_R + 2] * q[2]
    qy = g2[L.G_R + 3] * q[0] + g2[L.G_R + 4] * q[1] + g2[L.G_R + 5] * q[2]
    qz = g2[L.G_R + 6] * q[0] + g2[L.G_R + 7] * q[1] + g2[L.G_R + 8] * q[2]
    n[0] = dx - qx
    n[1] = dy - qy
    n[2] = dz - qz
    d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    t = r - d
    if t < 0:
        return 0
    if normalize3(n) == 0:  # the centre on the surface: libode's fallback normal
        n[0] = 1.0
        n[1] = 0.0
        n[2] = 0.0
    put(c, 0, skip, qx + g2[L.G_POS], qy + g2[L.G_POS + 1], qz + g2[L.G_POS + 2], n[0], n[1], n[2], t)
    return 1


def collide_sphere_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* c, int skip) noexcept nogil
    """Sphere against box."""
    return sphere_box_at(c, skip, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_RADIUS], g2)


def collide_sphere_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* c, int skip) noexcept nogil
    """Sphere g1 against cylinder g2, in libode's arithmetic: the sphere's centre located along the axis (s,
    from the -z cap) and off it (t); beyond a cap and outside the radius, the rim; within the side's reach,
    the side (the contact on the sphere's surface, or at the centre when it lies within libode's tolerance of
    the axis); otherwise the nearer cap. libode's normal points into the cylinder; it is reversed here, the
    sphere being first."""
    #: dReal v[3]
    #: dReal p1[3]
    #: dReal p2[3]
    #: dReal cc[3]
    #: dReal n[3]
    #: dReal q[3]
    #: dReal tol, h, ln, r, r2, sa, t, dep, w
    #: int k
    v = [0.0] * 3  # py
    p1 = [0.0] * 3  # py
    p2 = [0.0] * 3  # py
    cc = [0.0] * 3  # py
    n = [0.0] * 3  # py
    q = [0.0] * 3  # py
    # libode's tolerance for a centre on the axis, by precision: 1e-7 in double, 1e-4 in single
    tol = 1e-7 if _precision.precision == "double" else 1e-4  # py
    #: py- tol = 1e-7 if sizeof(dReal) == 8 else 1e-4
    ln = g2[L.G_LENGTH]
    r = g2[L.G_RADIUS]
    r2 = g1[L.G_RADIUS]
    h = ln * 0.5
    for k in range(3):
        v[k] = g2[L.G_R + 3 * k + 2]
        p2[k] = v[k] * h + g2[L.G_POS + k]
        p1[k] = v[k] * -h + g2[L.G_POS + k]
    sa = ((g1[L.G_POS] - p1[0]) * v[0] - (p1[1] - g1[L.G_POS + 1]) * v[1]
          - (p1[2] - g1[L.G_POS + 2]) * v[2])
    if sa < -r2 or sa > ln + r2:
        return 0
    for k in range(3):  # from the sphere's centre to its foot on the axis
        cc[k] = sa * v[k] + p1[k] - g1[L.G_POS + k]
    t = sqrt(cc[0] * cc[0] + cc[1] * cc[1] + cc[2] * cc[2])
    if t > r + r2:
        return 0
    if t > r and (sa < 0 or sa > ln):  # the rim of the cap beyond which the centre lies
        h = sa
        if sa > 0:
            h = sa - ln
        w = t - r
        w = sqrt(h * h + w * w)
        dep = r2 - w
        if dep < 0:
            return 0
        w = r2 - dep
        for k in range(3):
            if sa <= 0:
                q[k] = cc[k] / t * -r + p1[k]
            else:
                q[k] = cc[k] / t * -r + p2[k]
            if w > 0:
                n[k] = (q[k] - g1[L.G_POS + k]) / w
            else:  # the centre on the rim: towards the axis
                n[k] = cc[k] / t
    elif r - t <= sa and r - t <= ln - sa:  # the side
        dep = (r2 + r) - t
        if dep < 0:
            return 0
        if t > r2 + tol:
            for k in range(3):
                cc[k] = cc[k] / t
                q[k] = cc[k] * r2 + g1[L.G_POS + k]
                n[k] = cc[k]
        else:
            for k in range(3):
                q[k] = cc[k] + g1[L.G_POS + k]
                if t > 0:
                    n[k] = cc[k] / t
                else:  # the centre on the axis (libode divides 0 by 0): any radial direction
                    n[k] = -g2[L.G_R + 3 * k]
    else:  # the nearer cap
        if sa <= ln * 0.5:
            dep = sa + r2
            if dep < 0:
                return 0
            for k in range(3):
                q[k] = r2 * v[k] + g1[L.G_POS + k]
                n[k] = v[k]
        else:
            dep = (r2 + ln) - sa
            if dep < 0:
                return 0
            for k in range(3):
                q[k] = r2 * -v[k] + g1[L.G_POS + k]
                n[k] = -v[k]
    put(c, 0, skip, q[0], q[1], q[2], -n[0], -n[1], -n[2], dep)
    return 1


# ---- end kernels
