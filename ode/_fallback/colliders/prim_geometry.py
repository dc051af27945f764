"""Geometry shared by the primitive colliders: record axes, closest points of segments, a primitive's local
surface, point depth, clamping and AABB, and the support-point pair.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .prim_contacts import put

M_PI = 3.141592653589793
DINF = float("inf")
# sin^2 of the segments' angle at or below this: closest_segments keeps its clamping order (both precisions:
# above it, the interior solution is libode's in float as in double)
SEG_PARALLEL = 1e-12


# ---- kernels


def col_dot(g, j, x, y, z):
    #: cdef inline dReal col_dot(const dReal* g, int j, dReal x, dReal y, dReal z) noexcept nogil
    """Dot product of column j of the record's rotation (local axis j in world) with (x, y, z)."""
    return g[L.G_R + j] * x + g[L.G_R + 3 + j] * y + g[L.G_R + 6 + j] * z


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


def closest_segments(a1, a2, b1, b2, out):
    #: cdef void closest_segments(const dReal* a1, const dReal* a2, const dReal* b1, const dReal* b2,
    #:                            dReal* out) noexcept nogil
    """Closest points of segments a1-a2 and b1-b2: out[0:3] on a, out[3:6] on b (clamped parameters).

    Rounded as libode's dClosestLineSegmentPoints (bit for bit on random non-parallel segments, probed through
    the exported function): interior points from s, t = numerators times 1 / (a cc - b b); when one point is
    an end point, the other is that end point's projection onto the other segment, computed from it. For
    (near-)parallel segments (sin^2 <= SEG_PARALLEL) the pair libode returns is decided by rounding (about
    half of random parallel pairs agree with either rule tried); there we keep the clamping order (s, then t,
    then s) that matches libode on the recorded parallel capsule poses."""
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
    lim = SEG_PARALLEL * a * cc
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
    """Depth of local point q in a box/capsule/cylinder/sphere and the outward normal of the nearest surface.
    """
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


def support_pair(g1, i1, g2, i2, flags, c, skip):
    #: cdef int support_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                       dReal* c, int skip) noexcept nogil
    """Convex pair by alternating closest-point projections, then the deepest point of 2 in 1 (one contact).
    """
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
        out[k] = (
            g[L.G_POS + k]
            + g[L.G_R + 3 * k] * q[0]
            + g[L.G_R + 3 * k + 1] * q[1]
            + g[L.G_R + 3 * k + 2] * q[2]
        )


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
            e[j] = (
                fabs(g[L.G_R + 3 * j] * g[L.G_SIDES] * 0.5)
                + fabs(g[L.G_R + 3 * j + 1] * g[L.G_SIDES + 1] * 0.5)
                + fabs(g[L.G_R + 3 * j + 2] * g[L.G_SIDES + 2] * 0.5)
            )
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


# ---- end kernels
