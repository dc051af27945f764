"""Sphere, capsule, box and cylinder against a plane.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from .prim_contacts import maxc_of, put
from .prim_geometry import col_dot

# ---- kernels


def collide_sphere_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                               int flags, dReal* c, int skip) noexcept nogil
    """Sphere against the plane's half-space: deepest point of the sphere, normal = plane normal."""
    #: dReal nx, ny, nz, r, k, depth
    nx = g2[L.G_PLANE]
    ny = g2[L.G_PLANE + 1]
    nz = g2[L.G_PLANE + 2]
    r = g1[L.G_RADIUS]
    k = nx * g1[L.G_POS] + ny * g1[L.G_POS + 1] + nz * g1[L.G_POS + 2]
    depth = g2[L.G_PLANE + 3] - k + r
    if depth < 0:
        return 0
    put(
        c,
        0,
        skip,
        g1[L.G_POS] - nx * r,
        g1[L.G_POS + 1] - ny * r,
        g1[L.G_POS + 2] - nz * r,
        nx,
        ny,
        nz,
        depth,
    )
    return 1


def collide_capsule_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                int flags, dReal* c, int skip) noexcept nogil
    """Capsule against plane: the deeper end sphere, then the other one if it penetrates too."""
    #: dReal nx, ny, nz, s, h, r, ex, ey, ez, depth
    #: int n
    nx = g2[L.G_PLANE]
    ny = g2[L.G_PLANE + 1]
    nz = g2[L.G_PLANE + 2]
    r = g1[L.G_RADIUS]
    s = 1.0
    if col_dot(g1, 2, nx, ny, nz) > 0:
        s = -1.0
    h = g1[L.G_LENGTH] * 0.5 * s
    ex = g1[L.G_POS] + g1[L.G_R + 2] * h
    ey = g1[L.G_POS + 1] + g1[L.G_R + 5] * h
    ez = g1[L.G_POS + 2] + g1[L.G_R + 8] * h
    depth = g2[L.G_PLANE + 3] - (nx * ex + ny * ey + nz * ez) + r
    if depth < 0:
        return 0
    put(c, 0, skip, ex - nx * r, ey - ny * r, ez - nz * r, nx, ny, nz, depth)
    n = 1
    if maxc_of(flags) > 1:
        ex = g1[L.G_POS] - g1[L.G_R + 2] * h
        ey = g1[L.G_POS + 1] - g1[L.G_R + 5] * h
        ez = g1[L.G_POS + 2] - g1[L.G_R + 8] * h
        depth = g2[L.G_PLANE + 3] - (nx * ex + ny * ey + nz * ez) + r
        if depth >= 0:
            put(c, 1, skip, ex - nx * r, ey - ny * r, ez - nz * r, nx, ny, nz, depth)
            n = 2
    return n


def collide_box_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_box_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                            dReal* c, int skip) noexcept nogil
    """Box against plane, in libode's arithmetic: the deepest corner; then, along the box axis whose edge
    loses the least depth and the next, the corners at the far ends of those edges while they stay below the
    plane; and with four wanted and three found, the corner opposite the first across the face they span
    when its depth (the two neighbours' depths less the first's) is positive."""
    #: dReal A[3]
    #: dReal B[3]
    #: dReal p[3]
    #: dReal u[3]
    #: int side[2]
    #: dReal nx, ny, nz, depth, d, h, e
    #: int j, q, k, maxc, n
    A = [0.0] * 3  # py
    B = [0.0] * 3  # py
    p = [0.0] * 3  # py
    u = [0.0] * 3  # py
    side = [0] * 2  # py
    nx = g2[L.G_PLANE]
    ny = g2[L.G_PLANE + 1]
    nz = g2[L.G_PLANE + 2]
    for j in range(3):
        A[j] = g1[L.G_SIDES + j] * col_dot(g1, j, nx, ny, nz)
        B[j] = fabs(A[j])
    h = (B[0] + B[1] + B[2]) * 0.5
    depth = g2[L.G_PLANE + 3] + h - (nx * g1[L.G_POS] + ny * g1[L.G_POS + 1] + nz * g1[L.G_POS + 2])
    if depth < 0:
        return 0
    maxc = maxc_of(flags)
    if maxc > 4:
        maxc = 4
    for q in range(3):
        p[q] = g1[L.G_POS + q]
    for j in range(3):  # the deepest corner
        h = g1[L.G_SIDES + j] * 0.5
        for q in range(3):
            if A[j] > 0:
                p[q] = p[q] - h * g1[L.G_R + 3 * q + j]
            else:
                p[q] = p[q] + h * g1[L.G_R + 3 * q + j]
    put(c, 0, skip, p[0], p[1], p[2], nx, ny, nz, depth)
    n = 1
    if maxc == 1:
        return n
    if B[0] < B[1]:  # the edges from it by increasing loss of depth, ties as libode
        if B[2] < B[0]:
            side[0] = 2
            side[1] = 0
        else:
            side[0] = 0
            side[1] = 1 if B[1] < B[2] else 2
    elif B[2] < B[1]:
        side[0] = 2
        side[1] = 0 if B[0] < B[1] else 1
    else:
        side[0] = 1
        side[1] = 0 if B[0] < B[2] else 2
    for k in range(2):
        j = side[k]
        d = depth - B[j]
        if d < 0 or n == maxc:
            break
        for q in range(3):
            e = g1[L.G_SIDES + j] * g1[L.G_R + 3 * q + j]
            if A[j] > 0:
                u[q] = p[q] + e
            else:
                u[q] = p[q] - e
        put(c, n, skip, u[0], u[1], u[2], nx, ny, nz, d)
        n += 1
    if maxc == 4 and n == 3:
        d = c[skip + L.C_DEPTH] + c[2 * skip + L.C_DEPTH] - depth
        if d > 0:
            put(c, 3, skip, c[skip + L.C_POS] + c[2 * skip + L.C_POS] - p[0],
                c[skip + L.C_POS + 1] + c[2 * skip + L.C_POS + 1] - p[1],
                c[skip + L.C_POS + 2] + c[2 * skip + L.C_POS + 2] - p[2], nx, ny, nz, d)
            n = 4
    return n


def collide_cylinder_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against plane, in libode's arithmetic. Standing on a cap (1 - |axis . normal| below libode's
    tolerance for the precision): four points of the deeper cap's rim, each kept when strictly below the
    plane. Otherwise each cap's rim point deepest along the normal, the -axis cap's first, each kept when at
    or below the plane."""
    #: dReal v[3]
    #: dReal p1[3]
    #: dReal p2[3]
    #: dReal w[3]
    #: dReal tol, h, k, t, e
    #: int q, n, maxc
    v = [0.0] * 3  # py
    p1 = [0.0] * 3  # py
    p2 = [0.0] * 3  # py
    w = [0.0] * 3  # py
    # libode's tolerance for a cylinder on its cap, by precision: 1e-7 in double, 1e-4 in single
    tol = 1e-7 if _precision.precision == "double" else 1e-4  # py
    #: py- tol = 1e-7 if sizeof(dReal) == 8 else 1e-4
    h = g1[L.G_LENGTH] * 0.5
    for q in range(3):
        v[q] = g1[L.G_R + 3 * q + 2]
        p2[q] = v[q] * h + g1[L.G_POS + q]
        p1[q] = v[q] * -h + g1[L.G_POS + q]
    k = v[0] * g2[L.G_PLANE] + v[1] * g2[L.G_PLANE + 1] + v[2] * g2[L.G_PLANE + 2]
    if k < 0:
        k = k + 1
    else:
        k = k - 1  # ~0 when the axis is parallel to the normal
    maxc = maxc_of(flags)
    if -tol < k < tol:
        return cylinder_face_on_plane(g1, g2, v, p1, p2, tol, maxc, c, skip)
    t = g2[L.G_PLANE] * v[0] + g2[L.G_PLANE + 1] * v[1] + g2[L.G_PLANE + 2] * v[2]
    for q in range(3):  # from the cap centre to its rim point deepest along the normal
        w[q] = v[q] * t - g2[L.G_PLANE + q]
    e = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
    if e > 0:  # (zero only for a normal that is not unit, which planes never store)
        e = g1[L.G_RADIUS] / e
        for q in range(3):
            w[q] = w[q] * e
    n = 0
    for q in range(3):
        p1[q] = w[q] + p1[q]
    e = g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * p1[0] + g2[L.G_PLANE + 1] * p1[1] + g2[L.G_PLANE + 2] * p1[2])
    if e >= 0:
        put(c, n, skip, p1[0], p1[1], p1[2], g2[L.G_PLANE], g2[L.G_PLANE + 1], g2[L.G_PLANE + 2], e)
        n += 1
        if n >= maxc:
            return n
    for q in range(3):
        p2[q] = w[q] + p2[q]
    e = g2[L.G_PLANE + 3] - g2[L.G_PLANE] * p2[0] - g2[L.G_PLANE + 1] * p2[1] - g2[L.G_PLANE + 2] * p2[2]
    if e >= 0:
        put(c, n, skip, p2[0], p2[1], p2[2], g2[L.G_PLANE], g2[L.G_PLANE + 1], g2[L.G_PLANE + 2], e)
        n += 1
    return n


def cylinder_face_on_plane(g1, g2, v, p1, p2, tol, maxc, c, skip):
    #: cdef int cylinder_face_on_plane(const dReal* g1, const dReal* g2, const dReal* v, const dReal* p1,
    #:                                 const dReal* p2, dReal tol, int maxc, dReal* c,
    #:                                 int skip) noexcept nogil
    """Cylinder (axis v, cap centres p1 at -z and p2 at +z) standing on its cap: libode's four rim points of
    the deeper cap, none when neither cap reaches the plane. The rim frame: a = v + (world x when v is
    within tol of perpendicular to it, else world y), b = a x v scaled to the radius, a' = b x v; the points
    are the centre + a', - a', + b, - b, each kept when strictly below the plane."""
    #: dReal a[3]
    #: dReal b[3]
    #: dReal o[3]
    #: dReal u[3]
    #: dReal s, t, e
    #: int m, q, n
    a = [0.0] * 3  # py
    b = [0.0] * 3  # py
    o = [0.0] * 3  # py
    u = [0.0] * 3  # py
    s = g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * p1[0] + g2[L.G_PLANE + 1] * p1[1] + g2[L.G_PLANE + 2] * p1[2])
    t = g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * p2[0] + g2[L.G_PLANE + 1] * p2[1] + g2[L.G_PLANE + 2] * p2[2])
    if s >= t:
        if s < 0:
            return 0
        for q in range(3):
            o[q] = p1[q]
    else:
        if t < 0:
            return 0
        for q in range(3):
            o[q] = p2[q]
    for q in range(3):
        a[q] = v[q]
    if -tol < v[0] < tol:
        a[0] = v[0] + 1
    else:
        a[1] = v[1] + 1
    b[0] = a[1] * v[2] - a[2] * v[1]
    b[1] = a[2] * v[0] - a[0] * v[2]
    b[2] = a[0] * v[1] - a[1] * v[0]
    t = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2])
    t = g1[L.G_RADIUS] / t
    for q in range(3):
        b[q] = b[q] * t
    a[0] = b[1] * v[2] - b[2] * v[1]
    a[1] = b[2] * v[0] - b[0] * v[2]
    a[2] = b[0] * v[1] - b[1] * v[0]
    n = 0
    for m in range(4):
        for q in range(3):
            if m == 0:
                u[q] = o[q] + a[q]
            elif m == 1:
                u[q] = o[q] - a[q]
            elif m == 2:
                u[q] = o[q] + b[q]
            else:
                u[q] = o[q] - b[q]
        e = g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * u[0] + g2[L.G_PLANE + 1] * u[1] + g2[L.G_PLANE + 2] * u[2])
        if e > 0:
            put(c, n, skip, u[0], u[1], u[2], g2[L.G_PLANE], g2[L.G_PLANE + 1], g2[L.G_PLANE + 2], e)
            n += 1
            if n >= maxc:
                return n
    return n


# ---- end kernels
