"""Vector helpers of the mesh colliders: frames of a geom record, libode's bit-exact normalisation, the
closest point of a segment, polygon clipping against a plane, a ray against a triangle.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L

# ---- kernels


def to_world(g, lx, ly, lz, out, o):
    #: cdef inline void to_world(const dReal* g, dReal lx, dReal ly, dReal lz, dReal* out,
    #:                           int o) noexcept nogil
    """out[o:o+3] = pos + R (lx, ly, lz)."""
    out[o] = g[L.G_POS] + (g[L.G_R] * lx + g[L.G_R + 1] * ly + g[L.G_R + 2] * lz)
    out[o + 1] = g[L.G_POS + 1] + (g[L.G_R + 3] * lx + g[L.G_R + 4] * ly + g[L.G_R + 5] * lz)
    out[o + 2] = g[L.G_POS + 2] + (g[L.G_R + 6] * lx + g[L.G_R + 7] * ly + g[L.G_R + 8] * lz)


def rot_vec(g, lx, ly, lz, out, o):
    #: cdef inline void rot_vec(const dReal* g, dReal lx, dReal ly, dReal lz, dReal* out,
    #:                          int o) noexcept nogil
    """out[o:o+3] = R (lx, ly, lz)."""
    out[o] = g[L.G_R] * lx + g[L.G_R + 1] * ly + g[L.G_R + 2] * lz
    out[o + 1] = g[L.G_R + 3] * lx + g[L.G_R + 4] * ly + g[L.G_R + 5] * lz
    out[o + 2] = g[L.G_R + 6] * lx + g[L.G_R + 7] * ly + g[L.G_R + 8] * lz


def to_local(g, wx, wy, wz, out, o):
    #: cdef inline void to_local(const dReal* g, dReal wx, dReal wy, dReal wz, dReal* out,
    #:                           int o) noexcept nogil
    """out[o:o+3] = R^T ((wx, wy, wz) - pos)."""
    #: dReal dx, dy, dz
    dx = wx - g[L.G_POS]
    dy = wy - g[L.G_POS + 1]
    dz = wz - g[L.G_POS + 2]
    out[o] = g[L.G_R] * dx + g[L.G_R + 3] * dy + g[L.G_R + 6] * dz
    out[o + 1] = g[L.G_R + 1] * dx + g[L.G_R + 4] * dy + g[L.G_R + 7] * dz
    out[o + 2] = g[L.G_R + 2] * dx + g[L.G_R + 5] * dy + g[L.G_R + 8] * dz


def v3dot(a, i, b, j):
    #: cdef inline dReal v3dot(const dReal* a, int i, const dReal* b, int j) noexcept nogil
    """a[i:i+3] . b[j:j+3]."""
    return a[i] * b[j] + a[i + 1] * b[j + 1] + a[i + 2] * b[j + 2]


def tt_unit(n):
    #: cdef void tt_unit(dReal* n) noexcept nogil
    """n[0:3] scaled to unit length as libode's trimesh-trimesh does (observed bit for bit): divided by its
    largest component's magnitude (that component set to +-1), then times 1 / its length; unchanged if 0."""
    #: int k
    #: dReal m, s
    k = 0
    if fabs(n[1]) > fabs(n[k]):
        k = 1
    if fabs(n[2]) > fabs(n[k]):
        k = 2
    m = fabs(n[k])
    if m == 0:
        return
    s = 1.0 / m
    n[0] = n[0] * s
    n[1] = n[1] * s
    n[2] = n[2] * s
    n[k] = 1.0 if n[k] > 0 else -1.0
    s = 1.0 / sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    n[0] = n[0] * s
    n[1] = n[1] * s
    n[2] = n[2] * s


def safe_unit(n):
    #: cdef int safe_unit(dReal* n) noexcept nogil
    """n[0:3] scaled to unit length as libode's safe normalisation does: the two smaller components divided
    by the largest magnitude (times its reciprocal), then all times 1 / sqrt(1 + their squares), the largest
    becoming that factor with its sign; 0 (n unchanged) when n is zero."""
    #: int k, i, j
    #: dReal m, r, a, c, h, s
    k = 0
    if fabs(n[1]) > fabs(n[0]):
        k = 1
    if fabs(n[2]) > fabs(n[k]):
        k = 2
    m = fabs(n[k])
    if not m > 0:
        return 0
    i = 1 if k == 0 else 0
    j = 1 if k == 2 else 2
    r = 1.0 / m
    a = n[i] * r
    c = n[j] * r
    h = sqrt(1.0 + a * a + c * c)
    s = 1.0 / h
    n[i] = a * s
    n[j] = c * s
    n[k] = s if n[k] > 0 else -s
    return 1


def seg_closest(px, py, pz, qx, qy, qz, x, y, z, out):
    #: cdef void seg_closest(dReal px, dReal py, dReal pz, dReal qx, dReal qy, dReal qz, dReal x, dReal y,
    #:                       dReal z, dReal* out) noexcept nogil
    """out[0:3] = the point of segment pq closest to (x, y, z)."""
    #: dReal dx, dy, dz, dd, t
    dx = qx - px
    dy = qy - py
    dz = qz - pz
    dd = dx * dx + dy * dy + dz * dz
    t = 0.0
    if dd > 0:
        t = ((x - px) * dx + (y - py) * dy + (z - pz) * dz) / dd
        if t < 0:
            t = 0.0
        if t > 1:
            t = 1.0
    out[0] = px + dx * t
    out[1] = py + dy * t
    out[2] = pz + dz * t


def clip_poly(p, n, q, sx, sy, sz, d, tol):
    #: cdef int clip_poly(dReal* p, int n, dReal* q, dReal sx, dReal sy, dReal sz, dReal d,
    #:                    dReal tol) noexcept nogil
    """Sutherland-Hodgman: q = the part of polygon p (n points) with s . x <= d; returns its size. Points
    up to tol beyond the plane are kept as they are (an edge crossing it is cut only where it passes tol),
    new points lie on the plane itself; tol = 0 is the plain clip."""
    #: int k, j, m
    #: dReal da, db, t
    m = 0
    for k in range(n):
        j = (k + 1) % n
        da = sx * p[3 * k] + sy * p[3 * k + 1] + sz * p[3 * k + 2] - d
        db = sx * p[3 * j] + sy * p[3 * j + 1] + sz * p[3 * j + 2] - d
        if da <= tol:
            q[3 * m] = p[3 * k]
            q[3 * m + 1] = p[3 * k + 1]
            q[3 * m + 2] = p[3 * k + 2]
            m = m + 1
        if (da < 0 and db > tol) or (da > tol and db < 0):
            t = da / (da - db)
            q[3 * m] = p[3 * k] + (p[3 * j] - p[3 * k]) * t
            q[3 * m + 1] = p[3 * k + 1] + (p[3 * j + 1] - p[3 * k + 1]) * t
            q[3 * m + 2] = p[3 * k + 2] + (p[3 * j + 2] - p[3 * k + 2]) * t
            m = m + 1
    return m


def mesh_clip(p, n, q, nx, ny, nz, off):
    #: cdef int mesh_clip(const dReal* p, int n, dReal* q, dReal nx, dReal ny, dReal nz,
    #:                    dReal off) noexcept nogil
    """q = the part of polygon p (n points) with n . x <= off, in the order of libode's box- and
    cylinder-trimesh clips (observed under CONTACTS_UNIMPORTANT on one-triangle probes): the edges are walked
    from the closing one, each emitting its start point when inside, then its crossing point (computed from
    the start along the edge); so an unclipped polygon comes back starting at its last point."""
    #: int k, j, m
    #: dReal dc, dp, t
    m = 0
    for k in range(n):
        j = (k + n - 1) % n
        dc = (nx * p[3 * k] + ny * p[3 * k + 1] + nz * p[3 * k + 2]) - off
        dp = (nx * p[3 * j] + ny * p[3 * j + 1] + nz * p[3 * j + 2]) - off
        if dp <= 0:
            q[3 * m] = p[3 * j]
            q[3 * m + 1] = p[3 * j + 1]
            q[3 * m + 2] = p[3 * j + 2]
            m = m + 1
        if (dp <= 0) != (dc <= 0):
            t = dp / (dp - dc)
            q[3 * m] = p[3 * j] + (p[3 * k] - p[3 * j]) * t
            q[3 * m + 1] = p[3 * j + 1] + (p[3 * k + 1] - p[3 * j + 1]) * t
            q[3 * m + 2] = p[3 * j + 2] + (p[3 * k + 2] - p[3 * j + 2]) * t
            m = m + 1
    return m


def ray_tri(ox, oy, oz, dx, dy, dz, tv, res):
    #: cdef int ray_tri(dReal ox, dReal oy, dReal oz, dReal dx, dReal dy, dReal dz, dReal* tv,
    #:                  dReal* res) noexcept nogil
    """Moller-Trumbore: 1 with res[0] = distance, res[1] = det sign when the ray hits triangle tv (9 reals).
    """
    #: dReal e1x, e1y, e1z, e2x, e2y, e2z, px, py, pz, det, sx, sy, sz, u, qx, qy, qz, v, t
    e1x = tv[3] - tv[0]
    e1y = tv[4] - tv[1]
    e1z = tv[5] - tv[2]
    e2x = tv[6] - tv[0]
    e2y = tv[7] - tv[1]
    e2z = tv[8] - tv[2]
    px = dy * e2z - dz * e2y
    py = dz * e2x - dx * e2z
    pz = dx * e2y - dy * e2x
    det = e1x * px + e1y * py + e1z * pz
    if det == 0:
        return 0
    sx = ox - tv[0]
    sy = oy - tv[1]
    sz = oz - tv[2]
    u = (sx * px + sy * py + sz * pz) / det
    if u < 0 or u > 1:
        return 0
    qx = sy * e1z - sz * e1y
    qy = sz * e1x - sx * e1z
    qz = sx * e1y - sy * e1x
    v = (dx * qx + dy * qy + dz * qz) / det
    if v < 0 or u + v > 1:
        return 0
    t = (e2x * qx + e2y * qy + e2z * qz) / det
    res[0] = t
    res[1] = 1.0 if det > 0 else -1.0
    res[2] = u
    res[3] = v
    return 1


# ---- end kernels
