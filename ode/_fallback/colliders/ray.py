"""A ray against a sphere, box, capsule, cylinder or plane.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .prim_contacts import put
from .prim_geometry import DINF, col_dot, local_surface, to_local

# ---- kernels


def ray_piece(sx, sy, sz, dx, dy, dz, cx, cy, cz, r, inside):
    #: cdef dReal ray_piece(dReal sx, dReal sy, dReal sz, dReal dx, dReal dy, dReal dz, dReal cx, dReal cy,
    #:                      dReal cz, dReal r, int inside) noexcept nogil
    """Entry (or exit when inside) parameter of a unit ray through a sphere, -1 if it misses."""
    #: dReal qx, qy, qz, b, cc, k
    qx = sx - cx
    qy = sy - cy
    qz = sz - cz
    b = dx * qx + dy * qy + dz * qz
    cc = qx * qx + qy * qy + qz * qz - r * r
    k = b * b - cc
    if k < 0:
        return -1.0
    k = sqrt(k)
    if inside:
        return -b + k
    return -b - k


def collide_ray_shape(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_shape(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                            dReal* c, int skip) noexcept nogil
    """Ray against sphere, box, capsule or cylinder: entry point (exit from inside), surface normal facing the
    ray."""
    #: dReal s[3]
    #: dReal d[3]
    #: dReal q[3]
    #: dReal n[3]
    #: dReal t, best, tt, h, r, a, b, cc, k, lo, hi, e, sg
    #: int cls, inside, j, m
    s = [0.0] * 3  # py
    d = [0.0] * 3  # py
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    cls = i2[L.GI_CLASS]
    to_local(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], s)
    d[0] = col_dot(g2, 0, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    d[1] = col_dot(g2, 1, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    d[2] = col_dot(g2, 2, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    inside = local_surface(g2, cls, s, n) > 0
    best = -1.0
    if cls == L.GC_SPHERE:
        best = ray_piece(s[0], s[1], s[2], d[0], d[1], d[2], 0.0, 0.0, 0.0, g2[L.G_RADIUS], inside)
    elif cls == L.GC_BOX:
        lo = -DINF
        hi = DINF
        for j in range(3):
            h = g2[L.G_SIDES + j] * 0.5
            if d[j] == 0:
                if fabs(s[j]) > h:
                    return 0
            else:
                a = (-h - s[j]) / d[j]
                b = (h - s[j]) / d[j]
                if a > b:
                    t = a
                    a = b
                    b = t
                if a > lo:
                    lo = a
                if b < hi:
                    hi = b
        if lo > hi:
            return 0
        best = lo
        if inside:
            best = hi
    else:
        r = g2[L.G_RADIUS]
        h = g2[L.G_LENGTH] * 0.5
        # the side surface x^2 + y^2 = r^2 for |z| <= h
        a = d[0] * d[0] + d[1] * d[1]
        b = s[0] * d[0] + s[1] * d[1]
        cc = s[0] * s[0] + s[1] * s[1] - r * r
        k = b * b - a * cc
        if a > 0 and k >= 0:
            k = sqrt(k)
            tt = (-b - k) / a
            if inside:
                tt = (-b + k) / a
                if cls == L.GC_CAPSULE and tt > g1[L.G_RAYLEN]:
                    return (
                        0  # libode: from inside a capsule, the infinite side's exit must lie within the ray
                    )
            e = s[2] + d[2] * tt
            if tt >= 0 and fabs(e) <= h:
                best = tt
        for m in range(2):
            sg = 1.0
            if m == 1:
                sg = -1.0
            if cls == L.GC_CAPSULE:
                tt = ray_piece(s[0], s[1], s[2], d[0], d[1], d[2], 0.0, 0.0, sg * h, r, inside)
                e = s[2] + d[2] * tt
                if tt >= 0 and sg * e >= h and (best < 0 or (tt < best) != inside):
                    best = tt
            elif d[2] != 0:
                tt = (sg * h - s[2]) / d[2]
                q[0] = s[0] + d[0] * tt
                q[1] = s[1] + d[1] * tt
                if tt >= 0 and q[0] * q[0] + q[1] * q[1] <= r * r and (best < 0 or (tt < best) != inside):
                    best = tt
    if best < 0 or best > g1[L.G_RAYLEN]:
        return 0
    q[0] = s[0] + d[0] * best
    q[1] = s[1] + d[1] * best
    q[2] = s[2] + d[2] * best
    if cls == L.GC_BOX:
        # the face the parameter belongs to: the coordinate at its bound
        e = -1.0
        m = 0
        for j in range(3):
            t = fabs(q[j]) / g2[L.G_SIDES + j]
            if t > e:
                e = t
                m = j
        n[0] = 0.0
        n[1] = 0.0
        n[2] = 0.0
        n[m] = 1.0
        if q[m] < 0:
            n[m] = -1.0
    else:
        local_surface(g2, cls, q, n)
    sg = 1.0
    if inside:
        sg = -1.0
    put(c, 0, skip, g1[L.G_POS] + g1[L.G_R + 2] * best, g1[L.G_POS + 1] + g1[L.G_R + 5] * best,
        g1[L.G_POS + 2] + g1[L.G_R + 8] * best,
        sg * (g2[L.G_R] * n[0] + g2[L.G_R + 1] * n[1] + g2[L.G_R + 2] * n[2]),
        sg * (g2[L.G_R + 3] * n[0] + g2[L.G_R + 4] * n[1] + g2[L.G_R + 5] * n[2]),
        sg * (g2[L.G_R + 6] * n[0] + g2[L.G_R + 7] * n[1] + g2[L.G_R + 8] * n[2]), best)
    return 1


def collide_ray_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                            dReal* c, int skip) noexcept nogil
    """Ray against plane: the crossing point, normal facing the ray."""
    #: dReal k, alpha, sg
    k = col_dot(g1, 2, g2[L.G_PLANE], g2[L.G_PLANE + 1], g2[L.G_PLANE + 2])
    if k == 0:
        return 0
    alpha = (g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * g1[L.G_POS] + g2[L.G_PLANE + 1] * g1[L.G_POS + 1]
                                  + g2[L.G_PLANE + 2] * g1[L.G_POS + 2])) / k
    if alpha < 0 or alpha > g1[L.G_RAYLEN]:
        return 0
    sg = 1.0
    if k > 0:
        sg = -1.0
    put(c, 0, skip, g1[L.G_POS] + g1[L.G_R + 2] * alpha, g1[L.G_POS + 1] + g1[L.G_R + 5] * alpha,
        g1[L.G_POS + 2] + g1[L.G_R + 8] * alpha, sg * g2[L.G_PLANE], sg * g2[L.G_PLANE + 1],
        sg * g2[L.G_PLANE + 2], alpha)
    return 1


# ---- end kernels
