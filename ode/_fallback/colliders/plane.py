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
    """Box against plane: the deepest vertex, then its neighbours by increasing loss of depth (up to 4)."""
    #: dReal A[3]
    #: dReal B[3]
    #: dReal v[3]
    #: int o[3]
    #: dReal nx, ny, nz, depth, d2, s
    #: int j, a, b, t, maxc, n
    A = [0.0] * 3  # py
    B = [0.0] * 3  # py
    v = [0.0] * 3  # py
    o = [0, 1, 2]  # py
    nx = g2[L.G_PLANE]
    ny = g2[L.G_PLANE + 1]
    nz = g2[L.G_PLANE + 2]
    maxc = maxc_of(flags)
    v[0] = g1[L.G_POS]
    v[1] = g1[L.G_POS + 1]
    v[2] = g1[L.G_POS + 2]
    for j in range(3):
        A[j] = col_dot(g1, j, nx, ny, nz) * g1[L.G_SIDES + j] * 0.5
        B[j] = fabs(A[j]) * 2
        s = g1[L.G_SIDES + j] * 0.5
        if A[j] > 0:
            s = -s
        v[0] += g1[L.G_R + j] * s
        v[1] += g1[L.G_R + 3 + j] * s
        v[2] += g1[L.G_R + 6 + j] * s
    depth = g2[L.G_PLANE + 3] - (nx * v[0] + ny * v[1] + nz * v[2])
    if depth < 0:
        return 0
    put(c, 0, skip, v[0], v[1], v[2], nx, ny, nz, depth)
    if maxc == 1:
        return 1
    o[0] = 0
    o[1] = 1
    o[2] = 2
    for a in range(2):
        for b in range(2 - a):
            if B[o[b + 1]] < B[o[b]]:
                t = o[b]
                o[b] = o[b + 1]
                o[b + 1] = t
    a = o[0]
    b = o[1]
    n = 1
    d2 = depth - B[a]
    if d2 >= 0:
        s = 2.0 * g1[L.G_SIDES + a] * 0.5
        if A[a] > 0:
            s = -s
        put(c, n, skip, v[0] - g1[L.G_R + a] * s, v[1] - g1[L.G_R + 3 + a] * s, v[2] - g1[L.G_R + 6 + a] * s,
            nx, ny, nz, d2)
        n += 1
        if n == maxc:
            return n
    d2 = depth - B[b]
    if d2 >= 0:
        s = 2.0 * g1[L.G_SIDES + b] * 0.5
        if A[b] > 0:
            s = -s
        put(c, n, skip, v[0] - g1[L.G_R + b] * s, v[1] - g1[L.G_R + 3 + b] * s, v[2] - g1[L.G_R + 6 + b] * s,
            nx, ny, nz, d2)
        n += 1
        if n == maxc:
            return n
    d2 = depth - B[a] - B[b]
    if d2 > 0:
        s = 2.0 * g1[L.G_SIDES + a] * 0.5
        if A[a] > 0:
            s = -s
        t = 0
        depth = 2.0 * g1[L.G_SIDES + b] * 0.5
        if A[b] > 0:
            depth = -depth
        put(c, n, skip, v[0] - g1[L.G_R + a] * s - g1[L.G_R + b] * depth,
            v[1] - g1[L.G_R + 3 + a] * s - g1[L.G_R + 3 + b] * depth,
            v[2] - g1[L.G_R + 6 + a] * s - g1[L.G_R + 6 + b] * depth, nx, ny, nz, d2)
        n += 1
    return n


def collide_cylinder_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against plane: the deepest rim point of each cap that penetrates, the -axis cap's first
    whichever is deeper (libode's order)."""
    #: dReal nx, ny, nz, ax, ay, az, k, ux, uy, uz, l, h, r, px, py, pz, depth, sg, tol, s
    #: int m, n, maxc
    # libode's tolerance for a cylinder on its cap, by precision: 1e-7 in double, 1e-4 in single
    tol = 1e-7 if _precision.precision == "double" else 1e-4  # py
    #: py- tol = 1e-7 if sizeof(dReal) == 8 else 1e-4
    nx = g2[L.G_PLANE]
    ny = g2[L.G_PLANE + 1]
    nz = g2[L.G_PLANE + 2]
    ax = g1[L.G_R + 2]
    ay = g1[L.G_R + 5]
    az = g1[L.G_R + 8]
    k = ax * nx + ay * ny + az * nz
    ux = nx - ax * k
    uy = ny - ay * k
    uz = nz - az * k
    l = sqrt(ux * ux + uy * uy + uz * uz)
    r = g1[L.G_RADIUS]
    if l > 0:
        ux = ux / l * r
        uy = uy / l * r
        uz = uz / l * r
    h = g1[L.G_LENGTH] * 0.5
    maxc = maxc_of(flags)
    s = k + 1 if k < 0 else k - 1  # ~0 when the axis is parallel to the normal
    if -tol < s < tol:
        return cylinder_face_on_plane(g1, g2, k, tol, maxc, c, skip)
    n = 0
    for m in range(2):
        sg = -1.0
        if m == 1:
            sg = -sg
        px = g1[L.G_POS] + ax * h * sg - ux
        py = g1[L.G_POS + 1] + ay * h * sg - uy
        pz = g1[L.G_POS + 2] + az * h * sg - uz
        depth = g2[L.G_PLANE + 3] - (nx * px + ny * py + nz * pz)
        if depth >= 0 and n < maxc:
            put(c, n, skip, px, py, pz, nx, ny, nz, depth)
            n += 1
    return n


def cylinder_face_on_plane(g1, g2, k, tol, maxc, c, skip):
    #: cdef int cylinder_face_on_plane(const dReal* g1, const dReal* g2, dReal k, dReal tol, int maxc,
    #:                                 dReal* c, int skip) noexcept nogil
    """Cylinder standing on its cap (1 - |axis . normal| below tol, libode's precision-dependent tolerance):
    four rim points, as libode.

    The points are the cap centre -+ r f and +- r e, in that order, where e = w x axis (normalised) and f =
    axis x e, with w the world x axis when the axis is within tol of perpendicular to it, else the world y
    axis (libode's frame, observed); each point counts when it lies strictly below the plane."""
    #: dReal ax, ay, az, sg, h, cx, cy, cz, ex, ey, ez, l, fx, fy, fz, r, px, py, pz, depth, s
    #: int m, n
    ax = g1[L.G_R + 2]
    ay = g1[L.G_R + 5]
    az = g1[L.G_R + 8]
    sg = -1.0
    if k < 0:
        sg = 1.0
    h = g1[L.G_LENGTH] * 0.5
    cx = g1[L.G_POS] + ax * h * sg
    cy = g1[L.G_POS + 1] + ay * h * sg
    cz = g1[L.G_POS + 2] + az * h * sg
    # e = (world x or y) x axis normalised, f = axis x e (written out: both are unit, perpendicular to the
    # axis)
    if -tol < ax < tol:
        l = sqrt(ay * ay + az * az)
        ex = 0.0
        ey = -az / l
        ez = ay / l
        fx = l
        fy = -ax * ay / l
        fz = -ax * az / l
    else:
        l = sqrt(az * az + ax * ax)
        ex = az / l
        ey = 0.0
        ez = -ax / l
        fx = -ax * ay / l
        fy = l
        fz = -ay * az / l
    r = g1[L.G_RADIUS]
    n = 0
    for m in range(4):
        if m < 2:
            s = r if m == 1 else -r
            px = cx + fx * s
            py = cy + fy * s
            pz = cz + fz * s
        else:
            s = r if m == 2 else -r
            px = cx + ex * s
            py = cy + ey * s
            pz = cz + ez * s
        depth = g2[L.G_PLANE + 3] - (g2[L.G_PLANE] * px + g2[L.G_PLANE + 1] * py + g2[L.G_PLANE + 2] * pz)
        if depth > 0 and n < maxc:
            put(c, n, skip, px, py, pz, g2[L.G_PLANE], g2[L.G_PLANE + 1], g2[L.G_PLANE + 2], depth)
            n += 1
    return n


# ---- end kernels
