"""A ray against a sphere, box, capsule, cylinder or plane.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ..rotation import normalize3
from .prim_contacts import put
from .prim_geometry import DINF, col_dot, local_surface, to_local

# ---- kernels


def collide_ray_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                          dReal* c, int skip) noexcept nogil
    """Ray against box, in the box's frame: the slab interval's entry (its exit from inside), the normal of
    the face the point lies on, facing the ray."""
    #: dReal s[3]
    #: dReal d[3]
    #: dReal q[3]
    #: dReal n[3]
    #: dReal t, best, h, a, b, lo, hi, e, sg
    #: int inside, j, m
    s = [0.0] * 3  # py
    d = [0.0] * 3  # py
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    to_local(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], s)
    d[0] = col_dot(g2, 0, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    d[1] = col_dot(g2, 1, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    d[2] = col_dot(g2, 2, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    inside = local_surface(g2, L.GC_BOX, s, n) > 0
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
    if best < 0 or best > g1[L.G_RAYLEN]:
        return 0
    q[0] = s[0] + d[0] * best
    q[1] = s[1] + d[1] * best
    q[2] = s[2] + d[2] * best
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
    sg = 1.0
    if inside:
        sg = -1.0
    put(c, 0, skip, g1[L.G_POS] + g1[L.G_R + 2] * best, g1[L.G_POS + 1] + g1[L.G_R + 5] * best,
        g1[L.G_POS + 2] + g1[L.G_R + 8] * best,
        sg * (g2[L.G_R] * n[0] + g2[L.G_R + 1] * n[1] + g2[L.G_R + 2] * n[2]),
        sg * (g2[L.G_R + 3] * n[0] + g2[L.G_R + 4] * n[1] + g2[L.G_R + 5] * n[2]),
        sg * (g2[L.G_R + 6] * n[0] + g2[L.G_R + 7] * n[1] + g2[L.G_R + 8] * n[2]), best)
    return 1


def ray_sphere_at(g1, cx, cy, cz, rad, mode, c, skip):
    #: cdef int ray_sphere_at(const dReal* g1, dReal cx, dReal cy, dReal cz, dReal rad, int mode, dReal* c,
    #:                        int skip) noexcept nogil
    """Ray g1 against the sphere (centre c, radius rad), in libode's arithmetic: the first crossing along the
    ray (the exit when the ray starts inside, or always when mode is set), within the ray's length; the
    normal faces the ray (points into the sphere when the ray starts inside or mode is set)."""
    #: dReal q[3]
    #: dReal n[3]
    #: dReal b, cc, k, alpha, sg
    #: int j
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    q[0] = g1[L.G_POS] - cx
    q[1] = g1[L.G_POS + 1] - cy
    q[2] = g1[L.G_POS + 2] - cz
    b = q[0] * g1[L.G_R + 2] + q[1] * g1[L.G_R + 5] + q[2] * g1[L.G_R + 8]
    cc = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - rad * rad
    k = b * b - cc
    if k < 0:
        return 0
    k = sqrt(k)
    if mode and cc >= 0:
        alpha = -b + k
        if alpha < 0:
            return 0
    else:
        alpha = -b - k
        if alpha < 0:
            alpha = -b + k
            if alpha < 0:
                return 0
    if alpha > g1[L.G_RAYLEN]:
        return 0
    for j in range(3):
        q[j] = g1[L.G_POS + j] + alpha * g1[L.G_R + 3 * j + 2]
    sg = 1.0
    if cc < 0 or mode:
        sg = -1.0
    n[0] = sg * (q[0] - cx)
    n[1] = sg * (q[1] - cy)
    n[2] = sg * (q[2] - cz)
    if normalize3(n) == 0:
        n[0] = 1.0
        n[1] = 0.0
        n[2] = 0.0
    put(c, 0, skip, q[0], q[1], q[2], n[0], n[1], n[2], alpha)
    return 1


def collide_ray_sphere(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                             dReal* c, int skip) noexcept nogil
    """Ray against sphere (libode's helper, entry point first)."""
    return ray_sphere_at(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], g2[L.G_RADIUS], 0, c, skip)


def collide_ray_capsule(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                              dReal* c, int skip) noexcept nogil
    """Ray against capsule, in libode's arithmetic: where the ray meets the infinite side cylinder within the
    capsule's length, that point; otherwise the cap sphere at the end of the axis the crossing (or the ray's
    start) lies beyond. From inside the capsule the exit is found and the normal points inwards."""
    #: dReal cs[3]
    #: dReal q[3]
    #: dReal r[3]
    #: dReal n[3]
    #: dReal hl, k, cc, uv, a, b, e, alpha, sg, w
    #: int j, inside
    cs = [0.0] * 3  # py
    q = [0.0] * 3  # py
    r = [0.0] * 3  # py
    n = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    for j in range(3):
        cs[j] = g1[L.G_POS + j] - g2[L.G_POS + j]
    k = g2[L.G_R + 2] * cs[0] + g2[L.G_R + 5] * cs[1] + g2[L.G_R + 8] * cs[2]  # the start along the axis
    for j in range(3):
        q[j] = k * g2[L.G_R + 3 * j + 2] - cs[j]
    cc = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - g2[L.G_RADIUS] * g2[L.G_RADIUS]
    inside = 0
    if cc < 0:
        if k < -hl:
            k = -hl
        elif k > hl:
            k = hl
        for j in range(3):
            r[j] = g2[L.G_POS + j] + k * g2[L.G_R + 3 * j + 2]
        e = ((g1[L.G_POS] - r[0]) * (g1[L.G_POS] - r[0]) + (g1[L.G_POS + 1] - r[1]) * (g1[L.G_POS + 1] - r[1])
             + (g1[L.G_POS + 2] - r[2]) * (g1[L.G_POS + 2] - r[2]))
        if e < g2[L.G_RADIUS] * g2[L.G_RADIUS]:
            inside = 1
    if not inside and cc < 0:  # within the side's radius, beyond a cap: that cap's sphere
        k = -hl if k < 0 else hl
    else:
        uv = g2[L.G_R + 2] * g1[L.G_R + 2] + g2[L.G_R + 5] * g1[L.G_R + 5] + g2[L.G_R + 8] * g1[L.G_R + 8]
        for j in range(3):
            r[j] = uv * g2[L.G_R + 3 * j + 2] - g1[L.G_R + 3 * j + 2]
        a = r[0] * r[0] + r[1] * r[1] + r[2] * r[2]
        if a == 0:  # the ray along the axis: the cap it points to
            k = -hl if uv < 0 else hl
        else:
            b = 2 * (q[0] * r[0] + q[1] * r[1] + q[2] * r[2])
            w = 4 * a * cc  # rounded to dReal before the difference, as libode's float build
            k = b * b - w
            if k < 0:
                if not inside:
                    return 0
                k = -hl if uv < 0 else hl
            else:
                k = sqrt(k)
                a = 1 / (2 * a)
                alpha = (-b - k) * a
                if alpha < 0:
                    alpha = (-b + k) * a
                    if alpha < 0:
                        return 0
                if alpha > g1[L.G_RAYLEN]:
                    return 0
                for j in range(3):
                    r[j] = g1[L.G_POS + j] + alpha * g1[L.G_R + 3 * j + 2]
                    q[j] = r[j] - g2[L.G_POS + j]
                k = q[0] * g2[L.G_R + 2] + q[1] * g2[L.G_R + 5] + q[2] * g2[L.G_R + 8]
                if -hl <= k <= hl:  # on the side
                    sg = -1.0 if inside else 1.0
                    for j in range(3):
                        n[j] = sg * (r[j] - (g2[L.G_POS + j] + k * g2[L.G_R + 3 * j + 2]))
                    if normalize3(n) == 0:
                        n[0] = 1.0
                        n[1] = 0.0
                        n[2] = 0.0
                    put(c, 0, skip, r[0], r[1], r[2], n[0], n[1], n[2], alpha)
                    return 1
                k = -hl if k < 0 else hl
    for j in range(3):
        q[j] = g2[L.G_POS + j] + k * g2[L.G_R + 3 * j + 2]
    return ray_sphere_at(g1, q[0], q[1], q[2], g2[L.G_RADIUS], inside, c, skip)


def collide_ray_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_ray_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                               int flags, dReal* c, int skip) noexcept nogil
    """Ray against cylinder, in libode's arithmetic, in the cylinder's frame: the cap the ray meets first
    (from outside the caps' slab, or from within the radius), else the side (the first crossing from
    outside, the exit from inside); from inside the cylinder the normal points inwards. The point and the
    normal are turned back from the cylinder's frame."""
    #: dReal p[3]
    #: dReal d[3]
    #: dReal t[3]
    #: dReal n[3]
    #: dReal hl, r2, cc, tt, a, b, k, e, w
    #: int j, par, perp, in_r, in_caps, check_caps, check_cyl, flip, flip_dir
    p = [0.0] * 3  # py
    d = [0.0] * 3  # py
    t = [0.0] * 3  # py
    n = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    to_local(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], p)
    for j in range(3):
        d[j] = col_dot(g2, j, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8])
    r2 = g2[L.G_RADIUS] * g2[L.G_RADIUS]
    cc = p[0] * p[0] + p[1] * p[1] - r2
    par = 1 if d[0] == 0 and d[1] == 0 else 0
    perp = 1 if d[2] == 0 else 0
    in_r = 1 if cc <= 0 else 0
    e = fabs(p[2])
    in_caps = 1 if e <= hl else 0
    check_caps = 1 if perp == 0 and (in_caps == 0 or in_r == 1) else 0
    check_cyl = 1 if par == 0 and (in_r == 0 or in_caps == 1) else 0
    flip = 1 if in_caps == 1 and in_r == 1 else 0
    tt = -DINF
    if check_caps:
        flip_dir = 0
        if (d[2] < 0 and flip == 1) or (d[2] > 0 and flip == 0):
            flip_dir = 1
            d[2] = -d[2]
            p[2] = -p[2]
        tt = (hl - p[2]) / d[2]
        if tt >= 0 and tt <= g1[L.G_RAYLEN]:
            t[0] = p[0] + tt * d[0]
            t[1] = p[1] + tt * d[1]
            if t[0] * t[0] + t[1] * t[1] <= r2:
                t[2] = -hl if flip_dir == 1 else hl
                n[0] = 0.0
                n[1] = 0.0
                n[2] = -1.0 if flip_dir != flip else 1.0
                check_cyl = 0
            else:
                tt = -DINF
        else:
            tt = -DINF
        if flip_dir:
            d[2] = -d[2]
            p[2] = -p[2]
    if check_cyl:
        a = d[0] * d[0] + d[1] * d[1]
        b = 2 * (p[0] * d[0] + p[1] * d[1])
        w = 4 * a * cc  # rounded to dReal before the difference, as libode's float build
        k = b * b - w
        if k >= 0 and (b < 0 or b * b <= k) and a > 0:  # (a direction whose a underflows: along the axis)
            k = sqrt(k)
            a = 1 / (2 * a)
            e = fabs(b)
            if e <= k:
                tt = (-b + k) * a  # the second crossing
            else:
                tt = (-b - k) * a
            if tt <= g1[L.G_RAYLEN]:
                t[2] = p[2] + tt * d[2]
                e = fabs(t[2])
                if e <= hl:
                    t[0] = p[0] + tt * d[0]
                    t[1] = p[1] + tt * d[1]
                    n[2] = 0.0
                    if g2[L.G_RADIUS] > 0:
                        n[0] = t[0] / g2[L.G_RADIUS]
                        n[1] = t[1] / g2[L.G_RADIUS]
                    else:  # a cylinder of radius 0 met on its axis line (libode divides 0 by 0)
                        n[0] = 1.0
                        n[1] = 0.0
                    if flip:
                        n[0] = -n[0]
                        n[1] = -n[1]
                else:
                    tt = -DINF
            else:
                tt = -DINF
    if tt > 0:
        put(c, 0, skip,
            g2[L.G_R] * t[0] + g2[L.G_R + 1] * t[1] + g2[L.G_R + 2] * t[2] + g2[L.G_POS],
            g2[L.G_R + 3] * t[0] + g2[L.G_R + 4] * t[1] + g2[L.G_R + 5] * t[2] + g2[L.G_POS + 1],
            g2[L.G_R + 6] * t[0] + g2[L.G_R + 7] * t[1] + g2[L.G_R + 8] * t[2] + g2[L.G_POS + 2],
            g2[L.G_R] * n[0] + g2[L.G_R + 1] * n[1] + g2[L.G_R + 2] * n[2],
            g2[L.G_R + 3] * n[0] + g2[L.G_R + 4] * n[1] + g2[L.G_R + 5] * n[2],
            g2[L.G_R + 6] * n[0] + g2[L.G_R + 7] * n[1] + g2[L.G_R + 8] * n[2], tt)
        return 1
    return 0


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
