# ruff: noqa: E501  (the ``#: cdef`` signature lines are the generated kernel's; they cannot wrap)
"""Primitive narrow-phase colliders (pure-Python twin of ``ode/_core/collide_prim.pyx``).

Geom records are flat sequences of GR reals (world pose G_POS, row-major rotation G_R, class parameters) and GI
ints; contacts are written `skip` reals apart (C_POS, C_NORMAL into geom 1, C_DEPTH, sides -1). This file is
also the source of the Cython kernel: ``tools/gen/gen_kernels.py`` turns the ``#:`` type lines into ``cdef``
declarations, so both modules perform the same floating-point operations in the same order.
"""

from math import atan2, cos, fabs, sin, sqrt  # noqa: F401  (the generated kernel uses the same names)

from .. import _layout as L
from .rotation import r_to_q  # noqa: F401  (the generated kernel cimports it)

M_PI = 3.141592653589793
BOX_FUDGE = 1.05          # edge axes of box-box win only when clearly better than a face axis
BOX_FUDGE2 = 0.0         # ODE-matched: edge separations use the plain |R1_i . R2_j|
SEG_TOUCH = 1e-6          # axis-to-solid distance below which the capsule is treated as a box (libode)
LINE_EPS = 1e-4           # 1 - (ua.ub)^2 below this: lines treated as parallel
CAPSULE_PARALLEL = 1e-5   # 1 - (axis1 . axis2)^2 at or below this: libode's parallel capsules (observed threshold)
SEG_PARALLEL = 1e-12      # sin^2 of the segments' angle at or below this: closest_segments keeps its clamping order
SEG_PARALLEL_F = float("inf")  # single precision: always the clamping order (the float core has no libode to match)
DINF = float("inf")
CAP_PARALLEL = 0.9999999      # |axis1 . axis2| above this (tilt < 4.5e-4 rad): parallel cylinders, cap points
CAP_FRAME_X = 1e-7            # |axis x| below this: libode's rim frame for a cylinder on its face starts from world x
MPR_TOL = 1e-6            # MPR refinement stops when the portal is this close to the surface (libode's value)
OCT_R = 1.0823922002923938  # 1 / cos(pi / 8): libode's cap octagon has its corners at r / cos 22.5 deg
CAP_AXIS = 0.9            # |normal . cylinder axis| above this: libode puts the cap (octagon) against a box face
POLY_MAX = 16             # clipped polygons (octagon or box face against up to 9 planes) stay below this

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
    #: cdef inline void put(dReal* c, int k, int skip, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth) noexcept nogil
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


def col_dot(g, j, x, y, z):
    #: cdef inline dReal col_dot(const dReal* g, int j, dReal x, dReal y, dReal z) noexcept nogil
    """Dot product of column j of the record's rotation (local axis j in world) with (x, y, z)."""
    return g[L.G_R + j] * x + g[L.G_R + 3 + j] * y + g[L.G_R + 6 + j] * z


def spheres(c, kk, skip, p1x, p1y, p1z, r1, p2x, p2y, p2z, r2):
    #: cdef int spheres(dReal* c, int kk, int skip, dReal p1x, dReal p1y, dReal p1z, dReal r1, dReal p2x, dReal p2y, dReal p2z, dReal r2) noexcept nogil
    """Contact of two spheres (centre, radius), normal from sphere 2 to sphere 1, midway between surfaces."""
    #: dReal dx, dy, dz, d, k, nx, ny, nz
    dx = p1x - p2x
    dy = p1y - p2y
    dz = p1z - p2z
    d = sqrt(dx * dx + dy * dy + dz * dz)
    if d > r1 + r2:
        return 0
    if d <= 0:
        put(c, kk, skip, p1x, p1y, p1z, 1.0, 0.0, 0.0, r1 + r2)
        return 1
    nx = dx / d
    ny = dy / d
    nz = dz / d
    k = 0.5 * (r2 - r1 - d)
    put(c, kk, skip, p1x + nx * k, p1y + ny * k, p1z + nz * k, nx, ny, nz, r1 + r2 - d)
    return 1


def seg_point(g, px, py, pz, out):
    #: cdef void seg_point(const dReal* g, dReal px, dReal py, dReal pz, dReal* out) noexcept nogil
    """Closest point to p on the axis segment of a capsule/cylinder record (local z, length G_LENGTH)."""
    #: dReal t, h
    h = g[L.G_LENGTH] * 0.5
    t = col_dot(g, 2, px - g[L.G_POS], py - g[L.G_POS + 1], pz - g[L.G_POS + 2])
    if t > h:
        t = h
    elif t < -h:
        t = -h
    out[0] = g[L.G_POS] + g[L.G_R + 2] * t
    out[1] = g[L.G_POS + 1] + g[L.G_R + 5] * t
    out[2] = g[L.G_POS + 2] + g[L.G_R + 8] * t


def collide_sphere_sphere(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Sphere against sphere."""
    return spheres(c, 0, skip, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_RADIUS],
                   g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], g2[L.G_RADIUS])


def collide_sphere_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
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
    put(c, 0, skip, g1[L.G_POS] - nx * r, g1[L.G_POS + 1] - ny * r, g1[L.G_POS + 2] - nz * r, nx, ny, nz, depth)
    return 1


def sphere_box_at(c, skip, px, py, pz, r, g2):
    #: cdef int sphere_box_at(dReal* c, int skip, dReal px, dReal py, dReal pz, dReal r, const dReal* g2) noexcept nogil
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
    #: cdef int collide_sphere_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Sphere against box."""
    return sphere_box_at(c, skip, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_RADIUS], g2)


def collide_capsule_sphere(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Capsule against sphere: the sphere of the capsule around the closest axis point."""
    #: dReal q[3]
    q = [0.0] * 3  # py
    seg_point(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], q)
    return spheres(c, 0, skip, q[0], q[1], q[2], g1[L.G_RADIUS], g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2],
                   g2[L.G_RADIUS])


def collide_capsule_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
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


def closest_segments(a1, a2, b1, b2, out):
    #: cdef void closest_segments(const dReal* a1, const dReal* a2, const dReal* b1, const dReal* b2, dReal* out) noexcept nogil
    """Closest points of segments a1-a2 and b1-b2: out[0:3] on a, out[3:6] on b (clamped parameters).

    Rounded as libode's dClosestLineSegmentPoints (bit for bit on random non-parallel segments, probed through
    the exported function): interior points from s, t = numerators times 1 / (a cc - b b); when one point is
    an end point, the other is that end point's projection onto the other segment, computed from it. For
    (near-)parallel segments (sin^2 <= SEG_PARALLEL) the pair libode returns is decided by rounding (about half
    of random parallel pairs agree with either rule tried); there we keep the clamping order (s, then t, then s)
    that matches libode on the recorded parallel capsule poses."""
    #: dReal ux, uy, uz, vx, vy, vz, wx, wy, wz, a, b, cc, d, e, den, s, t, k, lim
    #: int sc, tc
    ux = a2[0] - a1[0]
    uy = a2[1] - a1[1]
    uz = a2[2] - a1[2]
    vx = b2[0] - b1[0]
    vy = b2[1] - b1[1]
    vz = b2[2] - b1[2]
    wx = a1[0] - b1[0]
    wy = a1[1] - b1[1]
    wz = a1[2] - b1[2]
    a = ux * ux + uy * uy + uz * uz
    b = ux * vx + uy * vy + uz * vz
    cc = vx * vx + vy * vy + vz * vz
    d = ux * wx + uy * wy + uz * wz
    e = vx * wx + vy * wy + vz * wz
    den = a * cc - b * b
    lim = SEG_PARALLEL * a * cc  # py
    #: py- lim = (SEG_PARALLEL if sizeof(dReal) == 8 else SEG_PARALLEL_F) * a * cc
    if den > lim:
        k = 1 / den
        s = (b * e - cc * d) * k
        t = (a * e - b * d) * k
        if s >= 0 and s <= 1 and t >= 0 and t <= 1:
            out[0] = a1[0] + ux * s
            out[1] = a1[1] + uy * s
            out[2] = a1[2] + uz * s
            out[3] = b1[0] + vx * t
            out[4] = b1[1] + vy * t
            out[5] = b1[2] + vz * t
            return
    if a <= 0 and cc <= 0:
        s = 0.0
        t = 0.0
    elif a <= 0:
        s = 0.0
        t = e / cc
    elif cc <= 0:
        t = 0.0
        s = -d / a
    else:
        s = 0.0
        if den > 0:
            s = (b * e - cc * d) / den
        if s < 0:
            s = 0.0
        elif s > 1:
            s = 1.0
        t = (b * s + e) / cc
    if t < 0:
        t = 0.0
        if a > 0:
            s = -d / a
    elif t > 1:
        t = 1.0
        if a > 0:
            s = (b - d) / a
    if s < 0:
        s = 0.0
    elif s > 1:
        s = 1.0
    if t < 0:
        t = 0.0
    elif t > 1:
        t = 1.0
    sc = 1 if (s == 0 or s == 1) else 0
    tc = 1 if (t == 0 or t == 1) else 0
    if s == 0:
        out[0] = a1[0]
        out[1] = a1[1]
        out[2] = a1[2]
    elif s == 1:
        out[0] = a2[0]
        out[1] = a2[1]
        out[2] = a2[2]
    if t == 0:
        out[3] = b1[0]
        out[4] = b1[1]
        out[5] = b1[2]
    elif t == 1:
        out[3] = b2[0]
        out[4] = b2[1]
        out[5] = b2[2]
    if sc and not tc and cc > 0:  # an end of a against the inside of b: project that end onto b
        t = (vx * (out[0] - b1[0]) + vy * (out[1] - b1[1]) + vz * (out[2] - b1[2])) / cc
    if tc and not sc and a > 0:  # an end of b against the inside of a
        s = (ux * (out[3] - a1[0]) + uy * (out[4] - a1[1]) + uz * (out[5] - a1[2])) / a
    if not sc:
        out[0] = a1[0] + ux * s
        out[1] = a1[1] + uy * s
        out[2] = a1[2] + uz * s
    if not tc:
        out[3] = b1[0] + vx * t
        out[4] = b1[1] + vy * t
        out[5] = b1[2] + vz * t


def axis_ends(g, a, b):
    #: cdef void axis_ends(const dReal* g, dReal* a, dReal* b) noexcept nogil
    """End points of the axis segment of a capsule or cylinder record (a at +z, b at -z)."""
    #: dReal h
    #: int j
    h = g[L.G_LENGTH] * 0.5
    for j in range(3):
        a[j] = g[L.G_POS + j] + g[L.G_R + 3 * j + 2] * h
        b[j] = g[L.G_POS + j] - g[L.G_R + 3 * j + 2] * h


def collide_capsule_capsule(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Capsule against capsule: spheres around the closest points of the axes; parallel axes (libode's test:
    1 - (axis1 . axis2)^2 <= 1e-5) overlapping along capsule 1's axis give the overlap's two ends (its midpoint
    for a cap of one contact), each against the point of capsule 2's axis at the same axial parameter."""
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal b1[3]
    #: dReal b2[3]
    #: dReal out[6]
    #: dReal q[3]
    #: dReal dd, t1, lo, hi, h1, h2, dx, dy, dz, k, sg
    #: int n, m
    a1 = [0.0] * 3  # py
    a2 = [0.0] * 3  # py
    b1 = [0.0] * 3  # py
    b2 = [0.0] * 3  # py
    out = [0.0] * 6  # py
    q = [0.0] * 3  # py
    axis_ends(g1, a1, a2)
    axis_ends(g2, b1, b2)
    dd = col_dot(g1, 2, g2[L.G_R + 2], g2[L.G_R + 5], g2[L.G_R + 8])
    if 1 - dd * dd <= CAPSULE_PARALLEL:
        # parallel axes: the overlap of capsule 2's axis projected on capsule 1's axis, both ends (one contact:
        # its midpoint, as libode)
        h1 = g1[L.G_LENGTH] * 0.5
        h2 = g2[L.G_LENGTH] * 0.5
        dx = g2[L.G_POS] - g1[L.G_POS]
        dy = g2[L.G_POS + 1] - g1[L.G_POS + 1]
        dz = g2[L.G_POS + 2] - g1[L.G_POS + 2]
        k = col_dot(g1, 2, dx, dy, dz)
        sg = 1.0
        if dd < 0:
            sg = -1.0
        lo = k - h2
        hi = k + h2
        if lo < -h1:
            lo = -h1
        if hi > h1:
            hi = h1
        if hi > lo:
            n = 0
            for m in range(2):
                t1 = lo
                if m == 1:
                    t1 = hi
                if maxc_of(flags) == 1:
                    if m == 1:
                        break
                    t1 = (lo + hi) * 0.5
                q[0] = g1[L.G_POS] + g1[L.G_R + 2] * t1
                q[1] = g1[L.G_POS + 1] + g1[L.G_R + 5] * t1
                q[2] = g1[L.G_POS + 2] + g1[L.G_R + 8] * t1
                # the partner on capsule 2's axis at the same axial parameter (libode: exactly coincident points
                # when the axes coincide, so the (1, 0, 0) normal of touching centres)
                t1 = (t1 - k) * sg
                out[0] = g2[L.G_POS] + g2[L.G_R + 2] * t1
                out[1] = g2[L.G_POS + 1] + g2[L.G_R + 5] * t1
                out[2] = g2[L.G_POS + 2] + g2[L.G_R + 8] * t1
                n += spheres(c, n, skip, q[0], q[1], q[2], g1[L.G_RADIUS], out[0], out[1], out[2], g2[L.G_RADIUS])
            return n
    closest_segments(a1, a2, b1, b2, out)
    return spheres(c, 0, skip, out[0], out[1], out[2], g1[L.G_RADIUS], out[3], out[4], out[5], g2[L.G_RADIUS])


def collide_box_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_box_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
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


def line_closest(pa, ua, pb, ub, out):
    #: cdef void line_closest(const dReal* pa, const dReal* ua, const dReal* pb, const dReal* ub, dReal* out) noexcept nogil
    """Parameters (alpha, beta) of the closest points of lines pa + alpha ua and pb + beta ub (unit u)."""
    #: dReal px, py, pz, uaub, q1, q2, d
    px = pb[0] - pa[0]
    py = pb[1] - pa[1]
    pz = pb[2] - pa[2]
    uaub = ua[0] * ub[0] + ua[1] * ub[1] + ua[2] * ub[2]
    q1 = ua[0] * px + ua[1] * py + ua[2] * pz
    q2 = -(ub[0] * px + ub[1] * py + ub[2] * pz)
    d = 1 - uaub * uaub
    if d <= LINE_EPS:
        out[0] = 0.0
        out[1] = 0.0
        return
    d = 1 / d
    out[0] = (q1 + uaub * q2) * d
    out[1] = (uaub * q1 + q2) * d


def clip_rect(h0, h1, poly, n, tmp):
    #: cdef int clip_rect(dReal h0, dReal h1, dReal* poly, int n, dReal* tmp) noexcept nogil
    """Clip polygon poly (n points x, y) to |x| <= h0, |y| <= h1 (Sutherland-Hodgman); result in poly."""
    #: int side, ax, k, m, kk
    #: dReal lim, sgn, ax0, ay0, bx, by, da, db, t
    for side in range(4):
        ax = side >> 1
        sgn = 1.0
        if side & 1:
            sgn = -1.0
        lim = h0
        if ax == 1:
            lim = h1
        m = 0
        for k in range(n):
            kk = k + 1
            if kk == n:
                kk = 0
            ax0 = poly[2 * k]
            ay0 = poly[2 * k + 1]
            bx = poly[2 * kk]
            by = poly[2 * kk + 1]
            da = lim - sgn * poly[2 * k + ax]
            db = lim - sgn * poly[2 * kk + ax]
            if da >= 0:
                tmp[2 * m] = ax0
                tmp[2 * m + 1] = ay0
                m += 1
            if (da >= 0) != (db >= 0) and m < 8:
                t = da / (da - db)
                tmp[2 * m] = ax0 + (bx - ax0) * t
                tmp[2 * m + 1] = ay0 + (by - ay0) * t
                m += 1
        for k in range(2 * m):
            poly[k] = tmp[k]
        n = m
        if n == 0:
            return 0
    return n


def cull_points(n, pts, m, i0, keep):
    #: cdef void cull_points(int n, const dReal* pts, int m, int i0, int* keep) noexcept nogil
    """Choose m of n polygon points (i0 first) spread evenly in angle around the centroid."""
    #: dReal ang[8]
    #: int used[8]
    #: dReal cx, cy, a, best, dd
    #: int k, j, kb
    ang = [0.0] * 8  # py
    used = [0] * 8  # py
    cx = 0.0
    cy = 0.0
    for k in range(n):
        cx += pts[2 * k]
        cy += pts[2 * k + 1]
    cx = cx / n
    cy = cy / n
    for k in range(n):
        ang[k] = atan2(pts[2 * k + 1] - cy, pts[2 * k] - cx)
        used[k] = 0
    used[i0] = 1
    keep[0] = i0
    for j in range(1, m):
        a = j * (2 * M_PI / m) + ang[i0]
        if a > M_PI:
            a -= 2 * M_PI
        best = 1e300
        kb = i0
        for k in range(n):
            if used[k] == 0:
                dd = fabs(ang[k] - a)
                if dd > M_PI:
                    dd = 2 * M_PI - dd
                if dd < best:
                    best = dd
                    kb = k
        used[kb] = 1
        keep[j] = kb


def box_box(p1, R1, s1, p2, R2, s2, flags, c, skip, normal_out):
    #: cdef int box_box(const dReal* p1, const dReal* R1, const dReal* s1, const dReal* p2, const dReal* R2, const dReal* s2, int flags, dReal* c, int skip, dReal* normal_out) noexcept nogil
    """Box-box contacts (separating axes over 15 axes, then face clipping); normal_out gets normal, depth, code."""
    #: dReal p[3]
    #: dReal pp[3]
    #: dReal A[3]
    #: dReal B[3]
    #: dReal Rm[9]
    #: dReal Q[9]
    #: dReal nrm[3]
    #: dReal nc[3]
    #: dReal pa[3]
    #: dReal pb[3]
    #: dReal ua[3]
    #: dReal ub[3]
    #: dReal ab[2]
    #: dReal ctr[3]
    #: dReal poly[16]
    #: dReal tmp[16]
    #: dReal dep[8]
    #: dReal pts[24]
    #: int keep[8]
    #: const dReal* Ra
    #: const dReal* Rb
    #: const dReal* Sa
    #: const dReal* Sb
    #: const dReal* Pa
    #: const dReal* Pb
    #: dReal s, e1, e2, l, sbest, sgn, n2x, n2y, n2z, m11, m12, m21, m22, c1, c2, k1, k2, k3, k4, det, x, y, px, py, pz, mx
    #: int i, j, code, invert, facebest, ia, ib, lanr, a1, a2, cn, q1, q2, n, cnum, maxc, i0, ibest, early
    p = [0.0] * 3  # py
    pp = [0.0] * 3  # py
    A = [0.0] * 3  # py
    B = [0.0] * 3  # py
    Rm = [0.0] * 9  # py
    Q = [0.0] * 9  # py
    nrm = [0.0] * 3  # py
    nc = [0.0] * 3  # py
    pa = [0.0] * 3  # py
    pb = [0.0] * 3  # py
    ua = [0.0] * 3  # py
    ub = [0.0] * 3  # py
    ab = [0.0] * 2  # py
    ctr = [0.0] * 3  # py
    poly = [0.0] * 16  # py
    tmp = [0.0] * 16  # py
    dep = [0.0] * 8  # py
    pts = [0.0] * 24  # py
    keep = [0] * 8  # py
    maxc = maxc_of(flags)
    # CONTACTS_UNIMPORTANT (observed in libode): box 1's first face axis is taken without testing the others,
    # and the first clipped points are kept without culling
    early = unimp_of(flags)
    for j in range(3):
        p[j] = p2[j] - p1[j]
        A[j] = s1[j] * 0.5
        B[j] = s2[j] * 0.5
    for i in range(3):
        pp[i] = R1[i] * p[0] + R1[3 + i] * p[1] + R1[6 + i] * p[2]
        for j in range(3):
            Rm[3 * i + j] = R1[i] * R2[j] + R1[3 + i] * R2[3 + j] + R1[6 + i] * R2[6 + j]
            Q[3 * i + j] = fabs(Rm[3 * i + j])
    sbest = -DINF
    code = 0
    invert = 0
    facebest = 0
    ibest = 0
    for i in range(3):
        e1 = pp[i]
        e2 = A[i] + B[0] * Q[3 * i] + B[1] * Q[3 * i + 1] + B[2] * Q[3 * i + 2]
        s = fabs(e1) - e2
        if s > 0:
            return 0
        if s > sbest:
            sbest = s
            code = i + 1
            invert = e1 < 0
            facebest = 1
            ibest = i
        if early != 0:
            break
    for j in range(3):
        if early != 0:
            break
        e1 = R2[j] * p[0] + R2[3 + j] * p[1] + R2[6 + j] * p[2]
        e2 = A[0] * Q[j] + A[1] * Q[3 + j] + A[2] * Q[6 + j] + B[j]
        s = fabs(e1) - e2
        if s > 0:
            return 0
        if s > sbest:
            sbest = s
            code = j + 4
            invert = e1 < 0
            facebest = 2
            ibest = j
    for i in range(9):
        Q[i] += BOX_FUDGE2
    for i in range(3):
        if early != 0:
            break
        ia = (i + 1) % 3
        ib = (i + 2) % 3
        for j in range(3):
            q1 = (j + 1) % 3
            q2 = (j + 2) % 3
            # axis e_i x f_j in box 1's frame: component ia = -Rm[ib, j], ib = Rm[ia, j]
            e1 = pp[ib] * Rm[3 * ia + j] - pp[ia] * Rm[3 * ib + j]
            e2 = (A[ia] * Q[3 * ib + j] + A[ib] * Q[3 * ia + j] + B[q1] * Q[3 * i + q2] + B[q2] * Q[3 * i + q1])
            s = fabs(e1) - e2
            if s > 0:
                return 0
            l = sqrt(Rm[3 * ia + j] * Rm[3 * ia + j] + Rm[3 * ib + j] * Rm[3 * ib + j])
            if l > 1e-12:
                s = s / l
                if s * BOX_FUDGE > sbest:
                    sbest = s
                    code = 7 + 3 * i + j
                    invert = e1 < 0
                    facebest = 0
                    nc[i] = 0.0
                    nc[ia] = -Rm[3 * ib + j] / l
                    nc[ib] = Rm[3 * ia + j] / l
    if code == 0:
        return 0
    if facebest == 1:
        nrm[0] = R1[ibest]
        nrm[1] = R1[3 + ibest]
        nrm[2] = R1[6 + ibest]
    elif facebest == 2:
        nrm[0] = R2[ibest]
        nrm[1] = R2[3 + ibest]
        nrm[2] = R2[6 + ibest]
    else:
        for j in range(3):
            nrm[j] = R1[3 * j] * nc[0] + R1[3 * j + 1] * nc[1] + R1[3 * j + 2] * nc[2]
    if invert:
        nrm[0] = -nrm[0]
        nrm[1] = -nrm[1]
        nrm[2] = -nrm[2]
    normal_out[0] = nrm[0]
    normal_out[1] = nrm[1]
    normal_out[2] = nrm[2]
    normal_out[3] = -sbest
    normal_out[4] = code
    if code > 6:
        # edge-edge: closest points of the two edges, contact midway
        i = (code - 7) // 3
        j = (code - 7) % 3
        for q1 in range(3):
            pa[q1] = p1[q1]
            pb[q1] = p2[q1]
        for q2 in range(3):
            sgn = -1.0
            if R1[q2] * nrm[0] + R1[3 + q2] * nrm[1] + R1[6 + q2] * nrm[2] > 0:
                sgn = 1.0
            if q2 != i:
                for q1 in range(3):
                    pa[q1] += sgn * A[q2] * R1[3 * q1 + q2]
            sgn = 1.0
            if R2[q2] * nrm[0] + R2[3 + q2] * nrm[1] + R2[6 + q2] * nrm[2] > 0:
                sgn = -1.0
            if q2 != j:
                for q1 in range(3):
                    pb[q1] += sgn * B[q2] * R2[3 * q1 + q2]
        for q1 in range(3):
            ua[q1] = R1[3 * q1 + i]
            ub[q1] = R2[3 * q1 + j]
        line_closest(pa, ua, pb, ub, ab)
        for q1 in range(3):
            pa[q1] += ua[q1] * ab[0]
            pb[q1] += ub[q1] * ab[1]
        put(c, 0, skip, 0.5 * (pa[0] + pb[0]), 0.5 * (pa[1] + pb[1]), 0.5 * (pa[2] + pb[2]),
            -nrm[0], -nrm[1], -nrm[2], -sbest)
        return 1
    # face: reference face on box a (the box of the axis), incident face on box b
    if code <= 3:
        Ra = R1
        Rb = R2
        Sa = A
        Sb = B
        Pa = p1
        Pb = p2
        n2x = nrm[0]
        n2y = nrm[1]
        n2z = nrm[2]
        cn = code - 1
    else:
        Ra = R2
        Rb = R1
        Sa = B
        Sb = A
        Pa = p2
        Pb = p1
        n2x = -nrm[0]
        n2y = -nrm[1]
        n2z = -nrm[2]
        cn = code - 4
    lanr = 0
    mx = -1.0
    for j in range(3):
        x = fabs(Rb[j] * n2x + Rb[3 + j] * n2y + Rb[6 + j] * n2z)
        if x > mx:
            mx = x
            lanr = j
    sgn = -1.0
    if Rb[lanr] * n2x + Rb[3 + lanr] * n2y + Rb[6 + lanr] * n2z < 0:
        sgn = 1.0
    for q1 in range(3):
        ctr[q1] = Pb[q1] - Pa[q1] + sgn * Sb[lanr] * Rb[3 * q1 + lanr]
    q1 = (cn + 1) % 3
    q2 = (cn + 2) % 3
    if cn == 1:
        q1 = 0
        q2 = 2
    elif cn == 0:
        q1 = 1
        q2 = 2
    else:
        q1 = 0
        q2 = 1
    a1 = 1
    a2 = 2
    if lanr == 1:
        a1 = 0
        a2 = 2
    elif lanr == 2:
        a1 = 0
        a2 = 1
    c1 = Ra[q1] * ctr[0] + Ra[3 + q1] * ctr[1] + Ra[6 + q1] * ctr[2]
    c2 = Ra[q2] * ctr[0] + Ra[3 + q2] * ctr[1] + Ra[6 + q2] * ctr[2]
    m11 = Ra[q1] * Rb[a1] + Ra[3 + q1] * Rb[3 + a1] + Ra[6 + q1] * Rb[6 + a1]
    m12 = Ra[q1] * Rb[a2] + Ra[3 + q1] * Rb[3 + a2] + Ra[6 + q1] * Rb[6 + a2]
    m21 = Ra[q2] * Rb[a1] + Ra[3 + q2] * Rb[3 + a1] + Ra[6 + q2] * Rb[6 + a1]
    m22 = Ra[q2] * Rb[a2] + Ra[3 + q2] * Rb[3 + a2] + Ra[6 + q2] * Rb[6 + a2]
    k1 = m11 * Sb[a1]
    k2 = m21 * Sb[a1]
    k3 = m12 * Sb[a2]
    k4 = m22 * Sb[a2]
    poly[0] = c1 - k1 - k3
    poly[1] = c2 - k2 - k4
    poly[2] = c1 - k1 + k3
    poly[3] = c2 - k2 + k4
    poly[4] = c1 + k1 + k3
    poly[5] = c2 + k2 + k4
    poly[6] = c1 + k1 - k3
    poly[7] = c2 + k2 - k4
    n = clip_rect(Sa[q1], Sa[q2], poly, 4, tmp)
    if n < 1:
        return 0
    det = m11 * m22 - m12 * m21
    if fabs(det) < 1e-300:
        return 0
    det = 1 / det
    m11 *= det
    m12 *= det
    m21 *= det
    m22 *= det
    cnum = 0
    for j in range(n):
        k1 = m22 * (poly[2 * j] - c1) - m12 * (poly[2 * j + 1] - c2)
        k2 = -m21 * (poly[2 * j] - c1) + m11 * (poly[2 * j + 1] - c2)
        px = ctr[0] + k1 * Rb[a1] + k2 * Rb[a2]
        py = ctr[1] + k1 * Rb[3 + a1] + k2 * Rb[3 + a2]
        pz = ctr[2] + k1 * Rb[6 + a1] + k2 * Rb[6 + a2]
        x = Sa[cn] - (n2x * px + n2y * py + n2z * pz)
        if x >= 0:
            pts[3 * cnum] = px
            pts[3 * cnum + 1] = py
            pts[3 * cnum + 2] = pz
            dep[cnum] = x
            poly[2 * cnum] = poly[2 * j]
            poly[2 * cnum + 1] = poly[2 * j + 1]
            cnum += 1
    if cnum < 1:
        return 0
    if maxc > cnum:
        maxc = cnum
    if maxc < cnum and early == 0:
        i0 = 0
        x = dep[0]
        for j in range(1, cnum):
            if dep[j] > x:
                x = dep[j]
                i0 = j
        cull_points(cnum, poly, maxc, i0, keep)
    else:
        for j in range(cnum):
            keep[j] = j
    for j in range(maxc):
        i = keep[j]
        px = pts[3 * i] + Pa[0]
        py = pts[3 * i + 1] + Pa[1]
        pz = pts[3 * i + 2] + Pa[2]
        put(c, j, skip, px, py, pz, -nrm[0], -nrm[1], -nrm[2], dep[i])
    return maxc


def collide_box_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_box_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Box against box (ODE's dBoxBox conventions: normal into box 1, up to 8 contacts)."""
    #: dReal nout[5]
    nout = [0.0] * 5  # py
    return box_box(g1[L.G_POS:], g1[L.G_R:], g1[L.G_SIDES:], g2[L.G_POS:], g2[L.G_R:], g2[L.G_SIDES:],  # py
                   flags, c, skip, nout)  # py
    #: py-return box_box(&g1[G_POS], &g1[G_R], &g1[G_SIDES], &g2[G_POS], &g2[G_R], &g2[G_SIDES], flags, c, skip, nout)



def seg_box_closest(g1, g2, pl, pb):
    #: cdef dReal seg_box_closest(const dReal* g1, const dReal* g2, dReal* pl, dReal* pb) noexcept nogil
    """Closest points of capsule/cylinder g1's axis segment (pl) and box g2 (pb); returns their distance.

    The squared distance along the segment (from the +z end, t = 0, to the -z end, t = 1) is a convex piecewise
    quadratic; walking its pieces from t = 0, the first t where it stops decreasing is taken (so on a plateau,
    a segment parallel to a face, the point nearest the +z end wins, as libode).
    """
    #: dReal a[3]
    #: dReal b[3]
    #: dReal s[3]
    #: dReal d[3]
    #: dReal br[8]
    #: dReal q[3]
    #: dReal h, x, ta, tb, tm, gg, dd, t, bk, dx, dy, dz
    #: int j, k, nb, m, found
    a = [0.0] * 3  # py
    b = [0.0] * 3  # py
    s = [0.0] * 3  # py
    d = [0.0] * 3  # py
    br = [0.0] * 8  # py
    q = [0.0] * 3  # py
    axis_ends(g1, a, b)
    to_local(g2, a[0], a[1], a[2], s)
    to_local(g2, b[0], b[1], b[2], q)
    for k in range(3):
        d[k] = q[k] - s[k]
    # break points: where a coordinate crosses a face plane, inside (0, 1), sorted; then t = 1
    nb = 0
    for k in range(3):
        if d[k] != 0:
            h = g2[L.G_SIDES + k] * 0.5
            for m in range(2):
                x = (h - s[k]) / d[k]
                if m == 1:
                    x = (-h - s[k]) / d[k]
                if x > 0 and x < 1:
                    j = nb
                    while j > 0 and br[j - 1] > x:
                        br[j] = br[j - 1]
                        j -= 1
                    br[j] = x
                    nb += 1
    br[nb] = 1.0
    nb += 1
    ta = 0.0
    t = 1.0
    found = 0
    for m in range(nb):
        if found == 0:
            tb = br[m]
            tm = (ta + tb) * 0.5
            gg = 0.0
            dd = 0.0
            for k in range(3):
                h = g2[L.G_SIDES + k] * 0.5
                x = s[k] + d[k] * tm
                bk = 0.0
                if x > h:
                    bk = h
                elif x < -h:
                    bk = -h
                if bk != 0:
                    gg += (s[k] + d[k] * ta - bk) * d[k]
                    dd += d[k] * d[k]
            if gg >= 0:
                t = ta
                found = 1
            elif dd > 0 and ta - gg / dd <= tb:
                t = ta - gg / dd
                found = 1
            ta = tb
    for k in range(3):
        h = g2[L.G_SIDES + k] * 0.5
        x = s[k] + d[k] * t
        if x > h:
            x = h
        elif x < -h:
            x = -h
        q[k] = x
        pl[k] = a[k] + (b[k] - a[k]) * t
    for k in range(3):
        pb[k] = g2[L.G_POS + k] + g2[L.G_R + 3 * k] * q[0] + g2[L.G_R + 3 * k + 1] * q[1] + g2[L.G_R + 3 * k + 2] * q[2]
    dx = pl[0] - pb[0]
    dy = pl[1] - pb[1]
    dz = pl[2] - pb[2]
    return sqrt(dx * dx + dy * dy + dz * dz)


def collide_capsule_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Capsule against box: a sphere at the axis point closest to the box; when the axis touches the box, the
    capsule's bounding box (2r, 2r, length + 2r) against the box with box-box clipping (libode's contact sets)."""
    #: dReal pl[3]
    #: dReal pb[3]
    #: dReal cs[3]
    #: dReal nout[5]
    #: dReal r, dist
    #: int n
    pl = [0.0] * 3  # py
    pb = [0.0] * 3  # py
    cs = [0.0] * 3  # py
    nout = [0.0] * 5  # py
    r = g1[L.G_RADIUS]
    dist = seg_box_closest(g1, g2, pl, pb)
    if dist >= SEG_TOUCH:
        return spheres(c, 0, skip, pl[0], pl[1], pl[2], r, pb[0], pb[1], pb[2], 0.0)
    cs[0] = 2 * r
    cs[1] = 2 * r
    cs[2] = g1[L.G_LENGTH] + 2 * r
    n = box_box(g2[L.G_POS:], g2[L.G_R:], g2[L.G_SIDES:], g1[L.G_POS:], g1[L.G_R:], cs, flags, c, skip, nout)  # py
    #: py-n = box_box(&g2[G_POS], &g2[G_R], &g2[G_SIDES], &g1[G_POS], &g1[G_R], cs, flags, c, skip, nout)
    flip_contacts(c, n, skip)
    return n


def cyl_box_depth(g1, g2, nx, ny, nz, best, out):
    #: cdef dReal cyl_box_depth(const dReal* g1, const dReal* g2, dReal nx, dReal ny, dReal nz, dReal best, dReal* out) noexcept nogil
    """Overlap of cylinder g1 and box g2 along unit axis n (negative: separated); if below best, out = n oriented
    from the cylinder towards the box, and the overlap is returned (else best is returned unchanged)."""
    #: dReal k, s, e, dd
    #: int j
    k = col_dot(g1, 2, nx, ny, nz)
    e = 1 - k * k
    if e < 0:
        e = 0.0
    s = g1[L.G_LENGTH] * 0.5 * fabs(k) + g1[L.G_RADIUS] * sqrt(e)
    for j in range(3):
        s += g2[L.G_SIDES + j] * 0.5 * fabs(col_dot(g2, j, nx, ny, nz))
    dd = (g1[L.G_POS] - g2[L.G_POS]) * nx + (g1[L.G_POS + 1] - g2[L.G_POS + 1]) * ny + (g1[L.G_POS + 2] - g2[L.G_POS + 2]) * nz
    s = s - fabs(dd)
    if s < best:
        if dd > 0:  # the box lies along -n (libode: a centred box, dd == 0, takes +n)
            out[0] = -nx
            out[1] = -ny
            out[2] = -nz
        else:
            out[0] = nx
            out[1] = ny
            out[2] = nz
        return s
    return best


def cyl_box_axis(g1, g2, x, y, z, best, out):
    #: cdef dReal cyl_box_axis(const dReal* g1, const dReal* g2, dReal x, dReal y, dReal z, dReal best, dReal* out) noexcept nogil
    """cyl_box_depth along (x, y, z) normalised as libode does (divided by its largest component first, then by
    the length: the rounding decides whether near-zero clip points survive)."""
    #: dReal ax, ay, az, m, l
    ax = fabs(x)
    ay = fabs(y)
    az = fabs(z)
    if ax >= ay and ax >= az:
        m = ax
    elif ay >= az:
        m = ay
    else:
        m = az
    if m == 0.0:
        return best                    # a zero axis (a degenerate rotation) separates nothing
    x = x / m
    y = y / m
    z = z / m
    if m == ax:
        x = 1.0 if x > 0 else -1.0
    elif m == ay:
        y = 1.0 if y > 0 else -1.0
    else:
        z = 1.0 if z > 0 else -1.0
    l = sqrt(x * x + y * y + z * z)
    return cyl_box_depth(g1, g2, x / l, y / l, z / l, best, out)


def cyl_box_rim_axes(g1, g2, best, n):
    #: cdef dReal cyl_box_rim_axes(const dReal* g1, const dReal* g2, dReal best, dReal* n) noexcept nogil
    """libode's edge-rim axes: for each box edge line and each cap, the point where the line meets the cap plane
    gives a rim point (radially); the axis is perpendicular to the edge and the rim's tangent there."""
    #: dReal ex, ey, ez, ea, cx, cy, cz, ox, oy, oz, t, wx, wy, wz, tx, ty, tz, x, y, z, h, s1, s2, l
    #: int j, j1, j2, q, cap
    h = g1[L.G_LENGTH] * 0.5
    for j in range(3):
        ex = g2[L.G_R + j]
        ey = g2[L.G_R + 3 + j]
        ez = g2[L.G_R + 6 + j]
        ea = col_dot(g1, 2, ex, ey, ez)
        if fabs(ea) < 1e-9:
            continue
        j1 = 1
        j2 = 2
        if j == 1:
            j1 = 0
        if j == 2:
            j1 = 0
            j2 = 1
        for q in range(4):
            s1 = g2[L.G_SIDES + j1] * 0.5
            if q & 1:
                s1 = -s1
            s2 = g2[L.G_SIDES + j2] * 0.5
            if q & 2:
                s2 = -s2
            ox = g2[L.G_POS] + g2[L.G_R + j1] * s1 + g2[L.G_R + j2] * s2
            oy = g2[L.G_POS + 1] + g2[L.G_R + 3 + j1] * s1 + g2[L.G_R + 3 + j2] * s2
            oz = g2[L.G_POS + 2] + g2[L.G_R + 6 + j1] * s1 + g2[L.G_R + 6 + j2] * s2
            for cap in range(2):
                t = h
                if cap == 1:
                    t = -h
                cx = g1[L.G_POS] + g1[L.G_R + 2] * t
                cy = g1[L.G_POS + 1] + g1[L.G_R + 5] * t
                cz = g1[L.G_POS + 2] + g1[L.G_R + 8] * t
                t = col_dot(g1, 2, cx - ox, cy - oy, cz - oz) / ea
                # radial direction of the edge line's crossing with the cap plane
                wx = ox + ex * t - cx
                wy = oy + ey * t - cy
                wz = oz + ez * t - cz
                t = col_dot(g1, 2, wx, wy, wz)
                wx = wx - g1[L.G_R + 2] * t
                wy = wy - g1[L.G_R + 5] * t
                wz = wz - g1[L.G_R + 8] * t
                # rim tangent there: axis x radial, then the axis: edge x tangent
                tx = g1[L.G_R + 5] * wz - g1[L.G_R + 8] * wy
                ty = g1[L.G_R + 8] * wx - g1[L.G_R + 2] * wz
                tz = g1[L.G_R + 2] * wy - g1[L.G_R + 5] * wx
                x = ey * tz - ez * ty
                y = ez * tx - ex * tz
                z = ex * ty - ey * tx
                l = sqrt(x * x + y * y + z * z)
                if l > 1e-12:
                    best = cyl_box_axis(g1, g2, x, y, z, best, n)
                    if best < 0:
                        return best
    return best


def clip_plane3(poly, n, out, nx, ny, nz, off):
    #: cdef int clip_plane3(const dReal* poly, int n, dReal* out, dReal nx, dReal ny, dReal nz, dReal off) noexcept nogil
    """Clip the 3D polygon poly (n points) to nx*x + ny*y + nz*z <= off (Sutherland-Hodgman) into out; the count."""
    #: int k, kk, m
    #: dReal da, db, t
    m = 0
    for k in range(n):
        kk = k + 1
        if kk == n:
            kk = 0
        da = poly[3 * k] * nx + poly[3 * k + 1] * ny + poly[3 * k + 2] * nz - off
        db = poly[3 * kk] * nx + poly[3 * kk + 1] * ny + poly[3 * kk + 2] * nz - off
        if da <= 0 and m < POLY_MAX:
            out[3 * m] = poly[3 * k]
            out[3 * m + 1] = poly[3 * k + 1]
            out[3 * m + 2] = poly[3 * k + 2]
            m += 1
        if (da <= 0) != (db <= 0) and m < POLY_MAX:
            t = da / (da - db)
            out[3 * m] = poly[3 * k] + (poly[3 * kk] - poly[3 * k]) * t
            out[3 * m + 1] = poly[3 * k + 1] + (poly[3 * kk + 1] - poly[3 * k + 1]) * t
            out[3 * m + 2] = poly[3 * k + 2] + (poly[3 * kk + 2] - poly[3 * k + 2]) * t
            m += 1
    return m


def clip_slab(poly, n, tmp, g, j, half):
    #: cdef int clip_slab(dReal* poly, int n, dReal* tmp, const dReal* g, int j, dReal half) noexcept nogil
    """Clip the 3D polygon poly (n points) to |axis j of g . (p - pos)| <= half, in place; the count."""
    #: dReal ax, ay, az, o
    ax = g[L.G_R + j]
    ay = g[L.G_R + 3 + j]
    az = g[L.G_R + 6 + j]
    o = ax * g[L.G_POS] + ay * g[L.G_POS + 1] + az * g[L.G_POS + 2]
    n = clip_plane3(poly, n, tmp, ax, ay, az, half + o)
    return clip_plane3(tmp, n, poly, -ax, -ay, -az, half - o)


def cyl_cap_on_face(g1, g2, n, k, j, best, flags, c, skip):
    #: cdef int cyl_cap_on_face(const dReal* g1, const dReal* g2, const dReal* n, dReal k, int j, dReal best, int flags, dReal* c, int skip) noexcept nogil
    """Cylinder g1's cap against box g2's face j (normal n from the cylinder to the box, k = n . axis), as libode:
    the cap as an octagon around its circle, cut by the face plane, moved along the axis onto the face, clipped
    to the face rectangle; every point at the separating depth best."""
    #: dReal poly[48]
    #: dReal tmp[48]
    #: dReal sg, h, rr, a, ca, sa, off, t
    #: int m, q, maxc
    poly = [0.0] * 48  # py
    tmp = [0.0] * 48  # py
    sg = 1.0
    if k < 0:
        sg = -1.0
    h = g1[L.G_LENGTH] * 0.5 * sg
    rr = g1[L.G_RADIUS] * OCT_R
    for m in range(8):
        a = (5 + m * sg) * (M_PI / 4)
        ca = cos(a) * rr
        sa = sin(a) * rr
        for q in range(3):
            poly[3 * m + q] = g1[L.G_POS + q] + g1[L.G_R + 3 * q] * ca + g1[L.G_R + 3 * q + 1] * sa + g1[L.G_R + 3 * q + 2] * h
    # the face of g2 towards the cylinder: n . p >= n . pos2 - half_j
    off = n[0] * g2[L.G_POS] + n[1] * g2[L.G_POS + 1] + n[2] * g2[L.G_POS + 2] - g2[L.G_SIDES + j] * 0.5
    m = clip_plane3(poly, 8, tmp, -n[0], -n[1], -n[2], -off)
    for q in range(m):
        t = (off - (n[0] * tmp[3 * q] + n[1] * tmp[3 * q + 1] + n[2] * tmp[3 * q + 2])) / k
        poly[3 * q] = tmp[3 * q] + g1[L.G_R + 2] * t
        poly[3 * q + 1] = tmp[3 * q + 1] + g1[L.G_R + 5] * t
        poly[3 * q + 2] = tmp[3 * q + 2] + g1[L.G_R + 8] * t
    for q in range(3):
        if q != j and m > 0:
            m = clip_slab(poly, m, tmp, g2, q, g2[L.G_SIDES + q] * 0.5)
    maxc = maxc_of(flags)
    if m > maxc:
        m = maxc
    for q in range(m):
        put(c, q, skip, poly[3 * q], poly[3 * q + 1], poly[3 * q + 2], -n[0], -n[1], -n[2], best)
    return m


def axial(g, p, o):
    #: cdef inline dReal axial(const dReal* g, const dReal* p, int o) noexcept nogil
    """The axial coordinate of point p[o:o+3] in the frame of record g (its third axis, from its position)."""
    return (g[L.G_R + 2] * (p[o] - g[L.G_POS]) + g[L.G_R + 5] * (p[o + 1] - g[L.G_POS + 1])
            + g[L.G_R + 8] * (p[o + 2] - g[L.G_POS + 2]))


def box_face_in_cap(g1, g2, n, k, along, best, flags, c, skip):
    #: cdef int box_face_in_cap(const dReal* g1, const dReal* g2, const dReal* n, dReal k, int along, dReal best, int flags, dReal* c, int skip) noexcept nogil
    """Box g2's face towards cylinder g1 when the cylinder's axis or (near it) an edge-rim axis n (oriented to
    the box) separates best, as libode: the face cut by the cap plane and the cap's octagon prism; depths along
    n measured from the deepest face corner (at depth best); points of depth <= 0 dropped."""
    #: dReal poly[48]
    #: dReal tmp[48]
    #: dReal sg, h, rr, a, ca, sa, off, e, emin, zmin, dep, s, bj, fx, fy, fz
    #: int m, q, j, ja, jb, maxc, cnt
    poly = [0.0] * 48  # py
    tmp = [0.0] * 48  # py
    j = 0
    bj = 0.0
    for q in range(3):
        e = fabs(col_dot(g2, q, n[0], n[1], n[2]))
        if e > bj:
            bj = e
            j = q
    ja = 1
    jb = 2
    if j == 1:
        ja = 0
    if j == 2:
        ja = 0
        jb = 1
    s = -0.5 * g2[L.G_SIDES + j]
    if col_dot(g2, j, n[0], n[1], n[2]) < 0:
        s = -s
    fx = g2[L.G_POS] + g2[L.G_R + j] * s
    fy = g2[L.G_POS + 1] + g2[L.G_R + 3 + j] * s
    fz = g2[L.G_POS + 2] + g2[L.G_R + 6 + j] * s
    for m in range(4):
        ca = 0.5 * g2[L.G_SIDES + ja]
        if m == 1 or m == 2:
            ca = -ca
        sa = 0.5 * g2[L.G_SIDES + jb]
        if m >= 2:
            sa = -sa
        poly[3 * m] = fx + g2[L.G_R + ja] * ca + g2[L.G_R + jb] * sa
        poly[3 * m + 1] = fy + g2[L.G_R + 3 + ja] * ca + g2[L.G_R + 3 + jb] * sa
        poly[3 * m + 2] = fz + g2[L.G_R + 6 + ja] * ca + g2[L.G_R + 6 + jb] * sa
    sg = 1.0
    if k < 0:
        sg = -1.0
    emin = DINF
    zmin = DINF
    for m in range(4):
        e = n[0] * poly[3 * m] + n[1] * poly[3 * m + 1] + n[2] * poly[3 * m + 2]
        if e < emin:
            emin = e
        e = sg * axial(g1, poly, 3 * m)
        if e < zmin:
            zmin = e
    h = g1[L.G_LENGTH] * 0.5
    fx = g1[L.G_R + 2] * sg
    fy = g1[L.G_R + 5] * sg
    fz = g1[L.G_R + 8] * sg
    if along:  # n is the axis (up to rounding): the cap plane is cut along n itself
        h = h * sg
        m = clip_plane3(poly, 4, tmp, n[0], n[1], n[2], n[0] * (g1[L.G_POS] + g1[L.G_R + 2] * h)
                        + n[1] * (g1[L.G_POS + 1] + g1[L.G_R + 5] * h) + n[2] * (g1[L.G_POS + 2] + g1[L.G_R + 8] * h))
    else:
        m = clip_plane3(poly, 4, tmp, fx, fy, fz, fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2] + h)
    rr = g1[L.G_RADIUS]
    for q in range(8):
        if m > 0:
            a = (2 * q + 1) * (M_PI / 8)
            ca = cos(a)
            sa = sin(a)
            fx = g1[L.G_R] * ca + g1[L.G_R + 1] * sa
            fy = g1[L.G_R + 3] * ca + g1[L.G_R + 4] * sa
            fz = g1[L.G_R + 6] * ca + g1[L.G_R + 7] * sa
            if q % 2 == 0:
                m = clip_plane3(tmp, m, poly, fx, fy, fz, rr + fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2])
            else:
                m = clip_plane3(poly, m, tmp, fx, fy, fz, rr + fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2])
    maxc = maxc_of(flags)
    cnt = 0
    for q in range(m):
        if along:  # as libode: heights along the axis in the cylinder's frame, from the face's deepest corner
            dep = best - (sg * axial(g1, tmp, 3 * q) - zmin)
        else:
            e = n[0] * tmp[3 * q] + n[1] * tmp[3 * q + 1] + n[2] * tmp[3 * q + 2]
            dep = best - (e - emin)
        if dep > 0 and cnt < maxc:
            put(c, cnt, skip, tmp[3 * q], tmp[3 * q + 1], tmp[3 * q + 2], -n[0], -n[1], -n[2], dep)
            cnt += 1
    return cnt


def collide_cylinder_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against box: separating axes (box faces, cylinder axis, box edges x axis, axis-to-vertex radials),
    then, as libode, the cylinder's deepest side line clipped to the box (depths along the normal); when the normal
    is within acos(0.9) of the axis, one contact at the cylinder's deepest rim point (libode clips the cap there)."""
    #: dReal n[3]
    #: dReal u[3]
    #: dReal p0[3]
    #: dReal p1[3]
    #: dReal a[3]
    #: dReal b[3]
    #: dReal best, prev, x, y, z, l, k, h, r, t0, t1, fa, fd, t, e0, e1, dep, sg
    #: int j, sx, sy, sz, m, maxc, win
    n = [0.0] * 3  # py
    u = [0.0] * 3  # py
    p0 = [0.0] * 3  # py
    p1 = [0.0] * 3  # py
    a = [0.0] * 3  # py
    b = [0.0] * 3  # py
    best = DINF
    win = 0
    for j in range(3):
        prev = best
        best = cyl_box_axis(g1, g2, g2[L.G_R + j], g2[L.G_R + 3 + j], g2[L.G_R + 6 + j], best, n)
        if best < 0:
            return 0
        if best < prev:
            win = j
    prev = best
    best = cyl_box_axis(g1, g2, g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8], best, n)
    if best < 0:
        return 0
    if best < prev:
        win = 3
    prev = best
    for j in range(3):
        # box edge j x cylinder axis
        x = g2[L.G_R + 3 + j] * g1[L.G_R + 8] - g2[L.G_R + 6 + j] * g1[L.G_R + 5]
        y = g2[L.G_R + 6 + j] * g1[L.G_R + 2] - g2[L.G_R + j] * g1[L.G_R + 8]
        z = g2[L.G_R + j] * g1[L.G_R + 5] - g2[L.G_R + 3 + j] * g1[L.G_R + 2]
        l = sqrt(x * x + y * y + z * z)
        if l > 1e-9:
            best = cyl_box_axis(g1, g2, x, y, z, best, n)
            if best < 0:
                return 0
    if best < prev:
        win = 4
    prev = best
    best = cyl_box_rim_axes(g1, g2, best, n)
    if best < 0:
        return 0
    if best < prev:
        win = 5
    prev = best
    for sx in range(2):
        for sy in range(2):
            for sz in range(2):
                # from the cylinder's axis line to a box vertex, perpendicular to the axis
                a[0] = (2 * sx - 1) * g2[L.G_SIDES] * 0.5
                a[1] = (2 * sy - 1) * g2[L.G_SIDES + 1] * 0.5
                a[2] = (2 * sz - 1) * g2[L.G_SIDES + 2] * 0.5
                for j in range(3):
                    b[j] = (g2[L.G_POS + j] + g2[L.G_R + 3 * j] * a[0] + g2[L.G_R + 3 * j + 1] * a[1]
                            + g2[L.G_R + 3 * j + 2] * a[2] - g1[L.G_POS + j])
                k = col_dot(g1, 2, b[0], b[1], b[2])
                x = b[0] - g1[L.G_R + 2] * k
                y = b[1] - g1[L.G_R + 5] * k
                z = b[2] - g1[L.G_R + 8] * k
                l = sqrt(x * x + y * y + z * z)
                if l > 1e-9:
                    best = cyl_box_axis(g1, g2, x, y, z, best, n)
                    if best < 0:
                        return 0
    if best < prev:
        win = 6
    h = g1[L.G_LENGTH] * 0.5
    r = g1[L.G_RADIUS]
    k = col_dot(g1, 2, n[0], n[1], n[2])
    if win < 3 and fabs(k) > CAP_AXIS:
        return cyl_cap_on_face(g1, g2, n, k, win, best, flags, c, skip)
    if win == 3 or (win == 5 and fabs(k) > CAP_AXIS):
        return box_face_in_cap(g1, g2, n, k, win == 3, best, flags, c, skip)
    u[0] = n[0] - g1[L.G_R + 2] * k
    u[1] = n[1] - g1[L.G_R + 5] * k
    u[2] = n[2] - g1[L.G_R + 8] * k
    l = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2])
    if l > 0:
        u[0] = u[0] / l
        u[1] = u[1] / l
        u[2] = u[2] / l
    if fabs(k) > 0.9:
        sg = 1.0
        if k < 0:
            sg = -1.0
        put(c, 0, skip, g1[L.G_POS] + g1[L.G_R + 2] * h * sg + u[0] * r,
            g1[L.G_POS + 1] + g1[L.G_R + 5] * h * sg + u[1] * r,
            g1[L.G_POS + 2] + g1[L.G_R + 8] * h * sg + u[2] * r, -n[0], -n[1], -n[2], best)
        return 1
    for j in range(3):
        p0[j] = g1[L.G_POS + j] + g1[L.G_R + 3 * j + 2] * h + u[j] * r
        p1[j] = g1[L.G_POS + j] - g1[L.G_R + 3 * j + 2] * h + u[j] * r
    # clip the side line p0-p1 to the box's slabs (box frame)
    to_local(g2, p0[0], p0[1], p0[2], a)
    to_local(g2, p1[0], p1[1], p1[2], b)
    t0 = 0.0
    t1 = 1.0
    for j in range(3):
        for m in range(2):
            sg = 1.0
            if m == 1:
                sg = -1.0
            fa = g2[L.G_SIDES + j] * 0.5 - sg * a[j]
            fd = -sg * (b[j] - a[j])
            if fd == 0:
                if fa < 0:
                    return 0
            else:
                t = -fa / fd
                if fd < 0:
                    if t < t1:
                        t1 = t
                elif t > t0:
                    t0 = t
    if t0 > t1:
        return 0
    e0 = p0[0] * n[0] + p0[1] * n[1] + p0[2] * n[2]
    e1 = p1[0] * n[0] + p1[1] * n[1] + p1[2] * n[2]
    if e1 > e0:
        e0 = e1
    maxc = maxc_of(flags)
    for m in range(2):
        t = t0
        if m == 1:
            t = t1
        for j in range(3):
            a[j] = p0[j] + (p1[j] - p0[j]) * t
        dep = best - (e0 - (a[0] * n[0] + a[1] * n[1] + a[2] * n[2]))
        if m < maxc:
            put(c, m, skip, a[0], a[1], a[2], -n[0], -n[1], -n[2], dep)
    if maxc < 2:
        return 1
    return 2

def to_local(g, x, y, z, out):
    #: cdef inline void to_local(const dReal* g, dReal x, dReal y, dReal z, dReal* out) noexcept nogil
    """World point (x, y, z) in the record's frame."""
    #: dReal dx, dy, dz
    dx = x - g[L.G_POS]
    dy = y - g[L.G_POS + 1]
    dz = z - g[L.G_POS + 2]
    out[0] = col_dot(g, 0, dx, dy, dz)
    out[1] = col_dot(g, 1, dx, dy, dz)
    out[2] = col_dot(g, 2, dx, dy, dz)


def local_surface(g, cls, q, n):
    #: cdef dReal local_surface(const dReal* g, int cls, const dReal* q, dReal* n) noexcept nogil
    """Depth of local point q in a box/capsule/cylinder/sphere and the outward normal of the nearest surface."""
    #: dReal h, r, rad, d, best, t, s
    #: int j, jb
    n[0] = 0.0
    n[1] = 0.0
    n[2] = 0.0
    if cls == L.GC_BOX:
        jb = 0
        best = g[L.G_SIDES] * 0.5 - fabs(q[0])
        for j in range(1, 3):
            t = g[L.G_SIDES + j] * 0.5 - fabs(q[j])
            if t < best:
                best = t
                jb = j
        n[jb] = 1.0
        if q[jb] < 0:
            n[jb] = -1.0
        return best
    r = g[L.G_RADIUS]
    if cls == L.GC_SPHERE:
        d = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2])
        if d > 0:
            n[0] = q[0] / d
            n[1] = q[1] / d
            n[2] = q[2] / d
        else:
            n[2] = 1.0
        return r - d
    h = g[L.G_LENGTH] * 0.5
    if cls == L.GC_CAPSULE:
        t = q[2]
        if t > h:
            t = h
        elif t < -h:
            t = -h
        n[2] = q[2] - t
        n[0] = q[0]
        n[1] = q[1]
        d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
        if d > 0:
            n[0] = n[0] / d
            n[1] = n[1] / d
            n[2] = n[2] / d
        else:
            n[0] = 1.0
        return r - d
    rad = sqrt(q[0] * q[0] + q[1] * q[1])
    s = 1.0
    if q[2] < 0:
        s = -1.0
    if rad <= r and fabs(q[2]) <= h:
        if r - rad < h - fabs(q[2]) and rad > 0:
            n[0] = q[0] / rad
            n[1] = q[1] / rad
            return r - rad
        n[2] = s
        return h - fabs(q[2])
    t = rad - r
    if t < 0:
        t = 0.0
    d = fabs(q[2]) - h
    if d < 0:
        d = 0.0
    best = sqrt(t * t + d * d)
    if rad > 0 and t > 0:
        n[0] = q[0] / rad * t / best
        n[1] = q[1] / rad * t / best
    n[2] = s * d / best
    return -best


def point_depth_rec(g, i, x, y, z):
    #: cdef dReal point_depth_rec(const dReal* g, const int* i, dReal x, dReal y, dReal z) noexcept nogil
    """Depth of a world point in a sphere, box, capsule, cylinder or plane (ODE's pointDepth rules)."""
    #: dReal q[3]
    #: dReal n[3]
    #: dReal t, best
    #: int j, cls, outside
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    cls = i[L.GI_CLASS]
    if cls == L.GC_PLANE:
        return g[L.G_PLANE + 3] - (g[L.G_PLANE] * x + g[L.G_PLANE + 1] * y + g[L.G_PLANE + 2] * z)
    to_local(g, x, y, z, q)
    if cls == L.GC_BOX:
        outside = 0
        for j in range(3):
            if fabs(q[j]) > g[L.G_SIDES + j] * 0.5:
                outside = 1
        if outside:
            best = -DINF
            for j in range(3):
                t = fabs(q[j]) + g[L.G_SIDES + j] * 0.5
                if t > best:
                    best = t
            return -best
    return local_surface(g, cls, q, n)


def ray_piece(sx, sy, sz, dx, dy, dz, cx, cy, cz, r, inside):
    #: cdef dReal ray_piece(dReal sx, dReal sy, dReal sz, dReal dx, dReal dy, dReal dz, dReal cx, dReal cy, dReal cz, dReal r, int inside) noexcept nogil
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
    #: cdef int collide_ray_shape(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Ray against sphere, box, capsule or cylinder: entry point (exit from inside), surface normal facing the ray."""
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
                    return 0  # libode: from inside a capsule, the infinite side's exit must lie within the ray
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
    #: cdef int collide_ray_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
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


def collide_none(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_none(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Pairs without contacts (ray-ray, plane-plane, as ODE)."""
    return 0


def support_pair(g1, i1, g2, i2, flags, c, skip):
    #: cdef int support_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Convex pair by alternating closest-point projections, then the deepest point of 2 in 1 (one contact)."""
    #: dReal a[3]
    #: dReal b[3]
    #: dReal q[3]
    #: dReal n[3]
    #: dReal dep, nx, ny, nz
    #: int _it, k
    a = [0.0] * 3  # py
    b = [0.0] * 3  # py
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    for k in range(3):
        a[k] = g1[L.G_POS + k]
        b[k] = g2[L.G_POS + k]
    # move a point of 2 towards 1 and back: it settles where 2 is deepest inside 1 (or closest to it)
    for _it in range(24):
        clamp_into(g2, i2, a, b)
        clamp_into(g1, i1, b, a)
    to_local(g1, b[0], b[1], b[2], q)
    dep = local_surface(g1, i1[L.GI_CLASS], q, n)
    if dep < 0:
        return 0
    nx = g1[L.G_R] * n[0] + g1[L.G_R + 1] * n[1] + g1[L.G_R + 2] * n[2]
    ny = g1[L.G_R + 3] * n[0] + g1[L.G_R + 4] * n[1] + g1[L.G_R + 5] * n[2]
    nz = g1[L.G_R + 6] * n[0] + g1[L.G_R + 7] * n[1] + g1[L.G_R + 8] * n[2]
    put(c, 0, skip, b[0], b[1], b[2], -nx, -ny, -nz, dep)
    return 1


def clamp_into(g, i, p, out):
    #: cdef void clamp_into(const dReal* g, const int* i, const dReal* p, dReal* out) noexcept nogil
    """The point of solid g (box, capsule, cylinder, sphere) closest to p."""
    #: dReal q[3]
    #: dReal n[3]
    #: dReal d
    #: int k
    q = [0.0] * 3  # py
    n = [0.0] * 3  # py
    to_local(g, p[0], p[1], p[2], q)
    d = local_surface(g, i[L.GI_CLASS], q, n)
    if d < 0:
        if i[L.GI_CLASS] == L.GC_BOX:
            for k in range(3):
                if q[k] > g[L.G_SIDES + k] * 0.5:
                    q[k] = g[L.G_SIDES + k] * 0.5
                elif q[k] < -g[L.G_SIDES + k] * 0.5:
                    q[k] = -g[L.G_SIDES + k] * 0.5
        else:
            q[0] = q[0] + n[0] * d
            q[1] = q[1] + n[1] * d
            q[2] = q[2] + n[2] * d
    for k in range(3):
        out[k] = g[L.G_POS + k] + g[L.G_R + 3 * k] * q[0] + g[L.G_R + 3 * k + 1] * q[1] + g[L.G_R + 3 * k + 2] * q[2]


def collide_cylinder_plane(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against plane: the deepest rim point of each cap that penetrates, the -axis cap's first
    whichever is deeper (libode's order)."""
    #: dReal nx, ny, nz, ax, ay, az, k, ux, uy, uz, l, h, r, px, py, pz, depth, sg
    #: int m, n, maxc
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
    if k > CAP_PARALLEL or k < -CAP_PARALLEL:
        return cylinder_face_on_plane(g1, g2, k, maxc, c, skip)
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


def cylinder_face_on_plane(g1, g2, k, maxc, c, skip):
    #: cdef int cylinder_face_on_plane(const dReal* g1, const dReal* g2, dReal k, int maxc, dReal* c, int skip) noexcept nogil
    """Cylinder standing on its cap (axis within CAP_PARALLEL of the plane normal): four rim points, as libode.

    The points are the cap centre -+ r f and +- r e, in that order, where e = w x axis (normalised) and
    f = axis x e, with w the world x axis when the axis is within 1e-7 of perpendicular to it, else the world
    y axis (libode's frame, observed); each point counts when it lies strictly below the plane.
    """
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
    # e = (world x or y) x axis normalised, f = axis x e (written out: both are unit, perpendicular to the axis)
    if fabs(ax) < CAP_FRAME_X:
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


def collide_sphere_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_sphere_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Sphere against cylinder: normal and depth from the nearest side, cap or rim; the point where libode puts it.

    Rim: the rim point. Side: the sphere's deepest point, but not past the axis. Cap: the sphere's deepest point.
    """
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
    put(c, 0, skip, g1[L.G_POS] - wx * k, g1[L.G_POS + 1] - wy * k, g1[L.G_POS + 2] - wz * k, wx, wy, wz, d + r)
    return 1


def compute_prim_aabb(g, i):
    #: cdef void compute_prim_aabb(dReal* g, const int* i) noexcept nogil
    """AABB of a primitive record into G_AABB (ODE's bounds, infinite planes except axis-aligned ones)."""
    #: dReal e[3]
    #: dReal r, h, a, t
    #: int j, cls
    e = [0.0] * 3  # py
    cls = i[L.GI_CLASS]
    if cls == L.GC_PLANE:
        for j in range(3):
            g[L.G_AABB + 2 * j] = -DINF
            g[L.G_AABB + 2 * j + 1] = DINF
        for j in range(3):
            if g[L.G_PLANE + j] == 1 and g[L.G_PLANE + (j + 1) % 3] == 0 and g[L.G_PLANE + (j + 2) % 3] == 0:
                g[L.G_AABB + 2 * j + 1] = g[L.G_PLANE + 3]
            if g[L.G_PLANE + j] == -1 and g[L.G_PLANE + (j + 1) % 3] == 0 and g[L.G_PLANE + (j + 2) % 3] == 0:
                g[L.G_AABB + 2 * j] = -g[L.G_PLANE + 3]
        return
    for j in range(3):
        if cls == L.GC_SPHERE:
            e[j] = g[L.G_RADIUS]
        elif cls == L.GC_BOX:
            e[j] = (fabs(g[L.G_R + 3 * j] * g[L.G_SIDES] * 0.5) + fabs(g[L.G_R + 3 * j + 1] * g[L.G_SIDES + 1] * 0.5)
                    + fabs(g[L.G_R + 3 * j + 2] * g[L.G_SIDES + 2] * 0.5))
        elif cls == L.GC_CAPSULE:
            e[j] = fabs(g[L.G_R + 3 * j + 2] * g[L.G_LENGTH] * 0.5) + g[L.G_RADIUS]
        elif cls == L.GC_CYLINDER:
            a = g[L.G_R + 3 * j + 2]
            t = 1 - a * a
            if t < 0:
                t = 0.0
            e[j] = fabs(a * g[L.G_LENGTH] * 0.5) + g[L.G_RADIUS] * sqrt(t)
    if cls == L.GC_RAY:
        h = g[L.G_RAYLEN]
        for j in range(3):
            a = g[L.G_POS + j]
            t = a + g[L.G_R + 3 * j + 2] * h
            r = a
            if t < r:
                r = t
                t = a
            g[L.G_AABB + 2 * j] = r
            g[L.G_AABB + 2 * j + 1] = t
        return
    for j in range(3):
        g[L.G_AABB + 2 * j] = g[L.G_POS + j] - e[j]
        g[L.G_AABB + 2 * j + 1] = g[L.G_POS + j] + e[j]


# ---- Minkowski portal refinement (Snethen, "XenoCollide", Game Programming Gems 7): libode's single-contact
# MPR, used for capsule-cylinder, cylinder-cylinder and (from collide_mesh) the convex pairs. Its rules, observed
# through the oracle and bit for bit on random poses: the centres are the geom positions; directions go into a
# geom's frame by its quaternion's inverse (ODE's dRtoQ of the rotation; conjugate divided by the squared norm)
# and back by the quaternion; unit vectors are scaled by the reciprocal of their length; zero tests are at
# double's machine epsilon; refinement stops when the support point is within 1e-6 of the portal; supports: a
# box takes the face (or edge) centre along direction components within epsilon of zero, a convex its first
# vertex of largest projection, a sphere centre + r d, a capsule the axis end on d's side + r d, a cylinder the
# axis end + r (d without its axial part, unit; the end alone when that is ~0); the depth is the portal's
# distance from the origin (parametric point-triangle solution, else the nearest edge) and the point the
# origin's barycentric weights (scaled by the reciprocal sum) applied to both shapes' support points, averaged.
# The portal lives in v: 5 vertices of 9 reals (point of A - B, then the support points on A and on B);
# vertex 0 is the interior point (centre of A minus centre of B). A shape is (record g, class, convex vertices
# pv and their count nv (None/0 for the primitives), quaternion and inverse q (8 reals, mpr_quat)).


def mpr_zero(x):
    #: cdef inline int mpr_zero(double x) noexcept nogil
    """|x| below the machine epsilon of double (the MPR's zero test, as libode's; the MPR runs in double in
    both precisions: in float its 1e-6 stopping test sits at rounding level and stops on other portals)."""
    return fabs(x) < 2.220446049250313e-16  # py
    #: py- return fabs(x) < (2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07)


def mpr_quat(g, q):
    #: cdef void mpr_quat(const dReal* g, double* q) noexcept nogil
    """q[0:4] = (w, x, y, z), the quaternion of record g's rotation (ODE's dRtoQ), and q[4:8] its inverse
    (conjugate divided by the squared norm)."""
    #: dReal qf[4]
    #: double k
    r_to_q(g[L.G_R:L.G_R + 9], q)  # py
    #: py- r_to_q(g + G_R, qf)
    #: py- q[0] = qf[0]
    #: py- q[1] = qf[1]
    #: py- q[2] = qf[2]
    #: py- q[3] = qf[3]
    k = 1.0 / (q[1] * q[1] + q[2] * q[2] + q[3] * q[3] + q[0] * q[0])
    q[4] = q[0] * k
    q[5] = -q[1] * k
    q[6] = -q[2] * k
    q[7] = -q[3] * k


def mpr_qrot(q, qo, vx, vy, vz, out, o):
    #: cdef void mpr_qrot(const double* q, int qo, double vx, double vy, double vz, double* out, int o) noexcept nogil
    """out[o:o+3] = v rotated by the unit quaternion (w, u) = q[qo:qo+4]: v + 2 u x (u x v + w v)."""
    #: double w, x, y, z, ax, ay, az, bx, by, bz
    w = q[qo]
    x = q[qo + 1]
    y = q[qo + 2]
    z = q[qo + 3]
    ax = y * vz - z * vy + w * vx
    ay = z * vx - x * vz + w * vy
    az = x * vy - y * vx + w * vz
    bx = y * az - z * ay
    by = z * ax - x * az
    bz = x * ay - y * ax
    out[o] = vx + 2.0 * bx
    out[o + 1] = vy + 2.0 * by
    out[o + 2] = vz + 2.0 * bz


def mpr_axis_end(g, q, dx, dy, dz, p, ax):
    #: cdef void mpr_axis_end(const dReal* g, const double* q, double dx, double dy, double dz, double* p, double* ax) noexcept nogil
    """For a capsule or cylinder g: ax = its unit axis in the world (the rotated half-length vector scaled by its
    reciprocal length) and p = the end of its axis segment on direction d's side (the -z end on a tie)."""
    #: double h, k
    h = g[L.G_LENGTH] * 0.5
    mpr_qrot(q, 0, 0.0, 0.0, h, ax, 0)
    k = 1.0 / sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2])
    ax[0] = ax[0] * k
    ax[1] = ax[1] * k
    ax[2] = ax[2] * k
    if not (dx * ax[0] + dy * ax[1] + dz * ax[2] > 0):
        h = -h
    mpr_qrot(q, 0, 0.0, 0.0, h, p, 0)
    p[0] = p[0] + g[L.G_POS]
    p[1] = p[1] + g[L.G_POS + 1]
    p[2] = p[2] + g[L.G_POS + 2]


def mpr_support(g, cls, pv, nv, q, dx, dy, dz, v, o):
    #: cdef void mpr_support(const dReal* g, int cls, const dReal* pv, int nv, const double* q, double dx, double dy, double dz, double* v, int o) noexcept nogil
    """v[o:o+3] = the point of geom g (sphere, box, capsule, cylinder, or convex with vertices pv) farthest along
    unit world d; q holds g's quaternion and its inverse (mpr_quat)."""
    #: double l[3]
    #: double p[3]
    #: double t, s, h, best, x, r
    #: int k, j, bk
    l = [0.0] * 3  # py
    p = [0.0] * 3  # py
    if cls == L.GC_SPHERE:
        r = g[L.G_RADIUS]
        v[o] = g[L.G_POS] + dx * r
        v[o + 1] = g[L.G_POS + 1] + dy * r
        v[o + 2] = g[L.G_POS + 2] + dz * r
        return
    if cls == L.GC_CAPSULE or cls == L.GC_CYLINDER:
        mpr_axis_end(g, q, dx, dy, dz, p, l)
        r = g[L.G_RADIUS]
        if cls == L.GC_CAPSULE:
            v[o] = p[0] + dx * r
            v[o + 1] = p[1] + dy * r
            v[o + 2] = p[2] + dz * r
            return
        t = dx * l[0] + dy * l[1] + dz * l[2]
        l[0] = dx - l[0] * t
        l[1] = dy - l[1] * t
        l[2] = dz - l[2] * t
        t = sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2])
        v[o] = p[0]
        v[o + 1] = p[1]
        v[o + 2] = p[2]
        if not mpr_zero(t):
            s = r / t
            v[o] = v[o] + l[0] * s
            v[o + 1] = v[o + 1] + l[1] * s
            v[o + 2] = v[o + 2] + l[2] * s
        return
    mpr_qrot(q, 4, dx, dy, dz, l, 0)
    p[0] = 0.0
    p[1] = 0.0
    p[2] = 0.0
    if cls == L.GC_BOX:
        for j in range(3):
            if not mpr_zero(l[j]):
                h = g[L.G_SIDES + j] * 0.5
                p[j] = h if l[j] > 0 else -h
    elif pv is not None:
        bk = 0
        best = 0.0
        for k in range(nv):
            x = pv[3 * k] * l[0] + pv[3 * k + 1] * l[1] + pv[3 * k + 2] * l[2]
            if k == 0 or x > best:
                best = x
                bk = k
        p[0] = pv[3 * bk]
        p[1] = pv[3 * bk + 1]
        p[2] = pv[3 * bk + 2]
    mpr_qrot(q, 0, p[0], p[1], p[2], l, 0)
    v[o] = l[0] + g[L.G_POS]
    v[o + 1] = l[1] + g[L.G_POS + 1]
    v[o + 2] = l[2] + g[L.G_POS + 2]


def mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, dx, dy, dz, v, k):
    #: cdef void mpr_msup(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1, const dReal* g2, int c2, const dReal* p2, int n2, const double* q2, double dx, double dy, double dz, double* v, int k) noexcept nogil
    """Portal vertex k: A's support along d, B's along -d, and their difference."""
    #: int o
    o = 9 * k
    mpr_support(g1, c1, p1, n1, q1, dx, dy, dz, v, o + 3)
    mpr_support(g2, c2, p2, n2, q2, -dx, -dy, -dz, v, o + 6)
    v[o] = v[o + 3] - v[o + 6]
    v[o + 1] = v[o + 4] - v[o + 7]
    v[o + 2] = v[o + 5] - v[o + 8]


def mpr_copy(v, dst, src):
    #: cdef inline void mpr_copy(double* v, int dst, int src) noexcept nogil
    """Portal vertex dst = vertex src."""
    #: int j
    for j in range(9):
        v[9 * dst + j] = v[9 * src + j]


def mpr_dot(v, k, n):
    #: cdef inline double mpr_dot(const double* v, int k, const double* n) noexcept nogil
    """Minkowski point of portal vertex k dotted with n."""
    return v[9 * k] * n[0] + v[9 * k + 1] * n[1] + v[9 * k + 2] * n[2]


def mpr_triple(v, a, b, c):
    #: cdef inline double mpr_triple(const double* v, int a, int b, int c) noexcept nogil
    """(v_a x v_b) . v_c of the Minkowski points."""
    #: double x, y, z
    x = v[9 * a + 1] * v[9 * b + 2] - v[9 * a + 2] * v[9 * b + 1]
    y = v[9 * a + 2] * v[9 * b] - v[9 * a] * v[9 * b + 2]
    z = v[9 * a] * v[9 * b + 1] - v[9 * a + 1] * v[9 * b]
    return x * v[9 * c] + y * v[9 * c + 1] + z * v[9 * c + 2]


def mpr_cross_dot(v, a, b, n):
    #: cdef inline double mpr_cross_dot(const double* v, int a, int b, const double* n) noexcept nogil
    """(v_a x v_b) . n of the Minkowski points."""
    #: double x, y, z
    x = v[9 * a + 1] * v[9 * b + 2] - v[9 * a + 2] * v[9 * b + 1]
    y = v[9 * a + 2] * v[9 * b] - v[9 * a] * v[9 * b + 2]
    z = v[9 * a] * v[9 * b + 1] - v[9 * a + 1] * v[9 * b]
    return x * n[0] + y * n[1] + z * n[2]


def mpr_normal(v, a, b, c, n):
    #: cdef void mpr_normal(const double* v, int a, int b, int c, double* n) noexcept nogil
    """n = unit (v_b - v_a) x (v_c - v_a) (scaled by the reciprocal length; left as it is when zero)."""
    #: double ax, ay, az, bx, by, bz, l
    ax = v[9 * b] - v[9 * a]
    ay = v[9 * b + 1] - v[9 * a + 1]
    az = v[9 * b + 2] - v[9 * a + 2]
    bx = v[9 * c] - v[9 * a]
    by = v[9 * c + 1] - v[9 * a + 1]
    bz = v[9 * c + 2] - v[9 * a + 2]
    n[0] = ay * bz - az * by
    n[1] = az * bx - ax * bz
    n[2] = ax * by - ay * bx
    l = n[0] * n[0] + n[1] * n[1] + n[2] * n[2]
    if l > 0:
        l = 1.0 / sqrt(l)
        n[0] = n[0] * l
        n[1] = n[1] * l
        n[2] = n[2] * l


def mpr_beyond(x):
    #: cdef inline int mpr_beyond(double x) noexcept nogil
    """x > 0 or zero within epsilon (the origin is not in front of the plane)."""
    return mpr_zero(x) or x > 0


def mpr_discover(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, v):
    #: cdef int mpr_discover(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1, const dReal* g2, int c2, const dReal* p2, int n2, const double* q2, double* v) noexcept nogil
    """Find a portal (v1, v2, v3) crossed by the ray from v0 through the origin.

    Returns -1 (separated), 0 (portal found), 1 (v1 is the origin: touching), 2 (origin on segment v0 v1)."""
    #: double n[3]
    #: double l, x
    #: int j, _it, cont
    n = [0.0] * 3  # py
    for j in range(3):
        v[3 + j] = g1[L.G_POS + j]
        v[6 + j] = g2[L.G_POS + j]
        v[j] = v[3 + j] - v[6 + j]
    if mpr_zero(v[0]) and mpr_zero(v[1]) and mpr_zero(v[2]):
        v[0] = v[0] + 2.220446049250313e-16 * 10
    l = 1.0 / sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    n[0] = -v[0] * l
    n[1] = -v[1] * l
    n[2] = -v[2] * l
    mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, n[0], n[1], n[2], v, 1)
    x = mpr_dot(v, 1, n)
    if not (x > 0) or mpr_zero(x):
        return -1
    n[0] = v[1] * v[11] - v[2] * v[10]
    n[1] = v[2] * v[9] - v[0] * v[11]
    n[2] = v[0] * v[10] - v[1] * v[9]
    l = n[0] * n[0] + n[1] * n[1] + n[2] * n[2]
    if mpr_zero(l):
        if v[9] == 0 and v[10] == 0 and v[11] == 0:
            return 1
        return 2
    l = 1.0 / sqrt(l)
    n[0] = n[0] * l
    n[1] = n[1] * l
    n[2] = n[2] * l
    mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, n[0], n[1], n[2], v, 2)
    x = mpr_dot(v, 2, n)
    if not (x > 0) or mpr_zero(x):
        return -1
    mpr_normal(v, 0, 1, 2, n)
    if mpr_dot(v, 0, n) > 0:
        mpr_copy(v, 4, 1)
        mpr_copy(v, 1, 2)
        mpr_copy(v, 2, 4)
        n[0] = -n[0]
        n[1] = -n[1]
        n[2] = -n[2]
    for _it in range(1000):
        mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, n[0], n[1], n[2], v, 3)
        x = mpr_dot(v, 3, n)
        if not (x > 0) or mpr_zero(x):
            return -1
        cont = 0
        x = mpr_triple(v, 1, 3, 0)
        if x < 0 and not mpr_zero(x):
            mpr_copy(v, 2, 3)
            cont = 1
        if cont == 0:
            x = mpr_triple(v, 3, 2, 0)
            if x < 0 and not mpr_zero(x):
                mpr_copy(v, 1, 3)
                cont = 1
        if cont == 0:
            return 0
        mpr_normal(v, 0, 1, 2, n)
    return 0


def mpr_reached(v, n):
    #: cdef int mpr_reached(const double* v, const double* n) noexcept nogil
    """True when support point v4 lies within MPR_TOL of the portal plane along n (refinement done)."""
    #: double d4, m, t
    #: int k
    d4 = mpr_dot(v, 4, n)
    m = d4 - mpr_dot(v, 1, n)
    for k in range(2, 4):
        t = d4 - mpr_dot(v, k, n)
        if t < m:
            m = t
    return m <= 1e-6  # MPR_TOL as a double literal (the double constant would round it in single)


def mpr_expand(v):
    #: cdef void mpr_expand(double* v) noexcept nogil
    """Replace one portal vertex by v4 so that the ray from v0 through the origin still crosses the portal."""
    #: double c[3]
    c = [0.0] * 3  # py
    c[0] = v[37] * v[2] - v[38] * v[1]
    c[1] = v[38] * v[0] - v[36] * v[2]
    c[2] = v[36] * v[1] - v[37] * v[0]
    if mpr_dot(v, 1, c) > 0:
        if mpr_dot(v, 2, c) > 0:
            mpr_copy(v, 1, 4)
        else:
            mpr_copy(v, 3, 4)
    elif mpr_dot(v, 3, c) > 0:
        mpr_copy(v, 2, 4)
    else:
        mpr_copy(v, 1, 4)


def mpr_refine(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, v):
    #: cdef int mpr_refine(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1, const dReal* g2, int c2, const dReal* p2, int n2, const double* q2, double* v) noexcept nogil
    """Move the portal outwards until the origin is behind it (0) or it cannot pass the origin (-1)."""
    #: double n[3]
    #: int _it
    n = [0.0] * 3  # py
    for _it in range(1000):
        mpr_normal(v, 1, 2, 3, n)
        if mpr_beyond(mpr_dot(v, 1, n)):
            return 0
        mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, n[0], n[1], n[2], v, 4)
        if not mpr_beyond(mpr_dot(v, 4, n)) or mpr_reached(v, n):
            return -1
        mpr_expand(v)
    return -1


def mpr_seg_dist2(ax, ay, az, bx, by, bz, out):
    #: cdef double mpr_seg_dist2(double ax, double ay, double az, double bx, double by, double bz, double* out) noexcept nogil
    """Squared distance from the origin to segment ab; out[0:3] = the nearest point."""
    #: double ex, ey, ez, ee, t
    ex = bx - ax
    ey = by - ay
    ez = bz - az
    ee = ex * ex + ey * ey + ez * ez
    t = 0.0
    if ee > 0:
        t = ((0.0 - ax) * ex + (0.0 - ay) * ey + (0.0 - az) * ez) / ee
    if t <= 0 or mpr_zero(t):
        out[0] = ax
        out[1] = ay
        out[2] = az
    elif t >= 1 or mpr_zero(t - 1.0):
        out[0] = bx
        out[1] = by
        out[2] = bz
    else:
        out[0] = ax + ex * t
        out[1] = ay + ey * t
        out[2] = az + ez * t
    return out[0] * out[0] + out[1] * out[1] + out[2] * out[2]


def mpr_closest(v, out):
    #: cdef double mpr_closest(const double* v, double* out) noexcept nogil
    """Squared distance from the origin to the portal triangle (v1, v2, v3); out[0:3] = the nearest point.

    The textbook parametric solution v1 + s (v2 - v1) + t (v3 - v1) of the normal equations when it lies in
    the triangle (within epsilon), else the nearest of the three edges (first one on ties)."""
    #: double d1x, d1y, d1z, d2x, d2y, d2z, vv, ww, pp, qq, rr, den, s, t, best, d
    #: double w[3]
    #: int j
    w = [0.0] * 3  # py
    d1x = v[18] - v[9]
    d1y = v[19] - v[10]
    d1z = v[20] - v[11]
    d2x = v[27] - v[9]
    d2y = v[28] - v[10]
    d2z = v[29] - v[11]
    vv = d1x * d1x + d1y * d1y + d1z * d1z
    ww = d2x * d2x + d2y * d2y + d2z * d2z
    pp = v[9] * d1x + v[10] * d1y + v[11] * d1z
    qq = v[9] * d2x + v[10] * d2y + v[11] * d2z
    rr = d1x * d2x + d1y * d2y + d1z * d2z
    den = ww * vv - rr * rr
    if den != 0:
        s = (qq * rr - ww * pp) / den
        t = (-s * rr - qq) / ww
        if (mpr_zero(s) or s > 0) and (mpr_zero(s - 1.0) or s < 1) and (mpr_zero(t) or t > 0) and (mpr_zero(t - 1.0) or t < 1) and (mpr_zero(t + s - 1.0) or t + s < 1):
            out[0] = v[9] + d1x * s
            out[1] = v[10] + d1y * s
            out[2] = v[11] + d1z * s
            out[0] = out[0] + d2x * t
            out[1] = out[1] + d2y * t
            out[2] = out[2] + d2z * t
            return out[0] * out[0] + out[1] * out[1] + out[2] * out[2]
    best = mpr_seg_dist2(v[9], v[10], v[11], v[18], v[19], v[20], out)
    d = mpr_seg_dist2(v[9], v[10], v[11], v[27], v[28], v[29], w)
    if d < best:
        best = d
        for j in range(3):
            out[j] = w[j]
    d = mpr_seg_dist2(v[18], v[19], v[20], v[27], v[28], v[29], w)
    if d < best:
        best = d
        for j in range(3):
            out[j] = w[j]
    return best


def mpr_position(v, n, out):
    #: cdef void mpr_position(const double* v, const double* n, double* out) noexcept nogil
    """Contact point: the origin's barycentric weights in the tetrahedron (v0, v1, v2, v3) (in the portal alone
    when that is degenerate) applied to the support points on A and on B, averaged."""
    #: double b[4]
    #: double s, pa, pb
    #: int j, k
    b = [0.0] * 4  # py
    b[0] = mpr_triple(v, 1, 2, 3)
    b[1] = mpr_triple(v, 3, 2, 0)
    b[2] = mpr_triple(v, 0, 1, 3)
    b[3] = mpr_triple(v, 2, 1, 0)
    s = b[0] + b[1] + b[2] + b[3]
    if s <= 0 or mpr_zero(s):
        b[0] = 0.0
        b[1] = mpr_cross_dot(v, 2, 3, n)
        b[2] = mpr_cross_dot(v, 3, 1, n)
        b[3] = mpr_cross_dot(v, 1, 2, n)
        s = b[1] + b[2] + b[3]
    s = 1.0 / s
    for j in range(3):
        pa = 0.0
        pb = 0.0
        for k in range(4):
            pa = pa + v[9 * k + 3 + j] * b[k]
            pb = pb + v[9 * k + 6 + j] * b[k]
        out[j] = (pa * s + pb * s) * 0.5


def mpr_penetration(g1, c1, p1, n1, g2, c2, p2, n2, out):
    #: cdef int mpr_penetration(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2, const dReal* p2, int n2, double* out) noexcept nogil
    """Penetration of A = g1 and B = g2 (class c, convex vertices p and count n, None/0 for primitives) by
    libode's MPR: 1 with out = depth, direction (3, from A into B), position (3); 0 when separated."""
    #: double v[45]
    #: double n[3]
    #: double q[3]
    #: double p[3]
    #: double q1[8]
    #: double q2[8]
    #: double d, e
    #: int res, it, j
    v = [0.0] * 45  # py
    n = [0.0] * 3  # py
    q = [0.0] * 3  # py
    p = [0.0] * 3  # py
    q1 = [0.0] * 8  # py
    q2 = [0.0] * 8  # py
    mpr_quat(g1, q1)
    mpr_quat(g2, q2)
    res = mpr_discover(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, v)
    if res < 0:
        return 0
    if res == 1 or res == 2:
        d = sqrt(v[9] * v[9] + v[10] * v[10] + v[11] * v[11])
        for j in range(3):
            n[j] = 0.0
            if d > 0:
                n[j] = v[9 + j] / d
            q[j] = (v[12 + j] + v[15 + j]) * 0.5
    else:
        if mpr_refine(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, v) < 0:
            return 0
        for it in range(1001):
            mpr_normal(v, 1, 2, 3, n)
            mpr_msup(g1, c1, p1, n1, q1, g2, c2, p2, n2, q2, n[0], n[1], n[2], v, 4)
            if mpr_reached(v, n) or it == 1000:
                break
            mpr_expand(v)
        d = sqrt(mpr_closest(v, p))
        mpr_position(v, n, q)
        if not mpr_zero(d):
            e = 1.0 / sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2])
            for j in range(3):
                n[j] = p[j] * e
    out[0] = d
    for j in range(3):
        out[1 + j] = n[j]
        out[4 + j] = q[j]
    return 1


def mpr_contact(g1, c1, p1, n1, g2, c2, p2, n2, flags, c, skip):
    #: cdef int mpr_contact(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2, const dReal* p2, int n2, int flags, dReal* c, int skip) noexcept nogil
    """One contact from the MPR penetration of A = g1 and B = g2 (normal into A, i.e. minus the direction).

    Under CONTACTS_UNIMPORTANT libode only tests for overlap and reports one all-zero contact (observed for
    every MPR pair: convex pairs, capsule-cylinder, non-parallel cylinder-cylinder); the overlap decision is
    the penetration's (same portal discovery and refinement)."""
    #: double out[7]
    out = [0.0] * 7  # py
    if mpr_penetration(g1, c1, p1, n1, g2, c2, p2, n2, out) == 0:
        return 0
    if unimp_of(flags):
        put(c, 0, skip, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, 0.0)
        return 1
    put(c, 0, skip, out[4], out[5], out[6], -out[1], -out[2], -out[3], out[0])
    return 1


def collide_capsule_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Capsule against cylinder: one contact by MPR, capsule as A (libode's order; swapped calls are flipped)."""
    return mpr_contact(g1, L.GC_CAPSULE, None, 0, g2, L.GC_CYLINDER, None, 0, flags, c, skip)


def cap_centre(g, ox, oy, oz, out):
    #: cdef void cap_centre(const dReal* g, dReal ox, dReal oy, dReal oz, dReal* out) noexcept nogil
    """Centre of the cylinder cap facing the point o (the +z cap when o is level with the centre)."""
    #: dReal h
    h = g[L.G_LENGTH] * 0.5
    if col_dot(g, 2, ox - g[L.G_POS], oy - g[L.G_POS + 1], oz - g[L.G_POS + 2]) < 0:
        h = -h
    out[0] = g[L.G_POS] + g[L.G_R + 2] * h
    out[1] = g[L.G_POS + 1] + g[L.G_R + 5] * h
    out[2] = g[L.G_POS + 2] + g[L.G_R + 8] * h


def rim_arc(c, k, maxc, skip, q, r, ux, uy, uz, wx, wy, wz, half, first, last, nx, ny, nz, depth):
    #: cdef int rim_arc(dReal* c, int k, int maxc, int skip, const dReal* q, dReal r, dReal ux, dReal uy, dReal uz, dReal wx, dReal wy, dReal wz, dReal half, int first, int last, dReal nx, dReal ny, dReal nz, dReal depth) noexcept nogil
    """Contacts at rim points q + r (cos t u + sin t w) for t = half * m / 2, m = first..last, from index k."""
    #: dReal t, cs, sn
    #: int m
    for m in range(first, last + 1):
        if k < maxc:
            t = half * m * 0.5
            cs = cos(t) * r
            sn = sin(t) * r
            put(c, k, skip, q[0] + ux * cs + wx * sn, q[1] + uy * cs + wy * sn, q[2] + uz * cs + wz * sn,
                nx, ny, nz, depth)
            k += 1
    return k


def cylinder_caps(g1, g2, sg, depth, maxc, c, skip):
    #: cdef int cylinder_caps(const dReal* g1, const dReal* g2, dReal sg, dReal depth, int maxc, dReal* c, int skip) noexcept nogil
    """Parallel cylinders touching cap to cap (as libode): points on the rims where the cap discs overlap, all
    with normal sg * axis 1 and the given depth. A disc inside the other: 8 points on its rim (45 degrees apart in
    its own frame); crossing rims: each rim's arc inside the other disc at quarter steps, the larger (or the
    second, if equal) with the arc ends."""
    #: dReal q1[3]
    #: dReal q2[3]
    #: dReal ax, ay, az, dx, dy, dz, t, d, r1, r2, ux, uy, uz, wx, wy, wz, c1, c2, nx, ny, nz
    #: int k
    q1 = [0.0] * 3  # py
    q2 = [0.0] * 3  # py
    ax = g1[L.G_R + 2]
    ay = g1[L.G_R + 5]
    az = g1[L.G_R + 8]
    nx = ax * sg
    ny = ay * sg
    nz = az * sg
    cap_centre(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], q1)
    cap_centre(g2, g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], q2)
    dx = g2[L.G_POS] - g1[L.G_POS]
    dy = g2[L.G_POS + 1] - g1[L.G_POS + 1]
    dz = g2[L.G_POS + 2] - g1[L.G_POS + 2]
    t = ax * dx + ay * dy + az * dz
    dx = dx - ax * t
    dy = dy - ay * t
    dz = dz - az * t
    d = sqrt(dx * dx + dy * dy + dz * dz)
    r1 = g1[L.G_RADIUS]
    r2 = g2[L.G_RADIUS]
    if d >= r1 + r2:
        return 0
    if r1 <= r2 and d + r1 <= r2:
        return rim_arc(c, 0, maxc, skip, q1, r1, g1[L.G_R], g1[L.G_R + 3], g1[L.G_R + 6], g1[L.G_R + 1],
                       g1[L.G_R + 4], g1[L.G_R + 7], M_PI * 0.5, 0, 7, nx, ny, nz, depth)
    if r2 < r1 and d + r2 <= r1:
        return rim_arc(c, 0, maxc, skip, q2, r2, g2[L.G_R], g2[L.G_R + 3], g2[L.G_R + 6], g2[L.G_R + 1],
                       g2[L.G_R + 4], g2[L.G_R + 7], M_PI * 0.5, 0, 7, nx, ny, nz, depth)
    if d <= 0:
        return 0
    ux = dx / d
    uy = dy / d
    uz = dz / d
    wx = ay * uz - az * uy
    wy = az * ux - ax * uz
    wz = ax * uy - ay * ux
    c1 = (d * d + r1 * r1 - r2 * r2) / (2 * d * r1)
    c2 = (d * d + r2 * r2 - r1 * r1) / (2 * d * r2)
    if c1 > 1:
        c1 = 1.0
    elif c1 < -1:
        c1 = -1.0
    if c2 > 1:
        c2 = 1.0
    elif c2 < -1:
        c2 = -1.0
    if r1 > r2:
        k = rim_arc(c, 0, maxc, skip, q2, r2, -ux, -uy, -uz, wx, wy, wz, atan2(sqrt(1 - c2 * c2), c2), -1, 1,
                    nx, ny, nz, depth)
        return rim_arc(c, k, maxc, skip, q1, r1, ux, uy, uz, wx, wy, wz, atan2(sqrt(1 - c1 * c1), c1), -2, 2,
                       nx, ny, nz, depth)
    k = rim_arc(c, 0, maxc, skip, q1, r1, ux, uy, uz, wx, wy, wz, atan2(sqrt(1 - c1 * c1), c1), -1, 1,
                nx, ny, nz, depth)
    return rim_arc(c, k, maxc, skip, q2, r2, -ux, -uy, -uz, wx, wy, wz, atan2(sqrt(1 - c2 * c2), c2), -2, 2,
                   nx, ny, nz, depth)


def collide_cylinder_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against cylinder (as libode): parallel cylinders whose axial overlap is below their radial overlap
    touch cap to cap (rim points, depth = axial overlap); otherwise one contact by MPR. Under
    CONTACTS_UNIMPORTANT the cap-to-cap case keeps only its first rim point (observed)."""
    #: dReal k, t, dx, dy, dz, d, axial
    #: int m
    k = col_dot(g1, 2, g2[L.G_R + 2], g2[L.G_R + 5], g2[L.G_R + 8])
    if fabs(k) > CAP_PARALLEL:
        dx = g2[L.G_POS] - g1[L.G_POS]
        dy = g2[L.G_POS + 1] - g1[L.G_POS + 1]
        dz = g2[L.G_POS + 2] - g1[L.G_POS + 2]
        t = col_dot(g1, 2, dx, dy, dz)
        dx = dx - g1[L.G_R + 2] * t
        dy = dy - g1[L.G_R + 5] * t
        dz = dz - g1[L.G_R + 8] * t
        d = sqrt(dx * dx + dy * dy + dz * dz)
        axial = (g1[L.G_LENGTH] + g2[L.G_LENGTH]) * 0.5 - fabs(t)
        if axial < 0 or d >= g1[L.G_RADIUS] + g2[L.G_RADIUS]:
            return 0
        if axial < g1[L.G_RADIUS] + g2[L.G_RADIUS] - d:
            m = 1 if unimp_of(flags) else maxc_of(flags)
            if t < 0:
                return cylinder_caps(g1, g2, 1.0, axial, m, c, skip)
            return cylinder_caps(g1, g2, -1.0, axial, m, c, skip)
    return mpr_contact(g1, L.GC_CYLINDER, None, 0, g2, L.GC_CYLINDER, None, 0, flags, c, skip)
