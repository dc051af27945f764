"""libode's Minkowski portal refinement: the single contact of capsule-cylinder, cylinder-cylinder (off the
parallel case) and, from the mesh colliders, the convex pairs.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ..rotation import r_to_q
from .prim_contacts import put, unimp_of

MPR_TOL = 1e-6  # MPR refinement stops when the portal is this close to the surface (libode's value)


# ---- kernels


# ---- Minkowski portal refinement (Snethen, "XenoCollide", Game Programming Gems 7): libode's single-contact
# MPR, used for capsule-cylinder, cylinder-cylinder and (from collide_mesh) the convex pairs. Its rules,
# observed through the oracle and bit for bit on random poses: the centres are the geom positions; directions
# go into a geom's frame by its quaternion's inverse (ODE's dRtoQ of the rotation; conjugate divided by the
# squared norm) and back by the quaternion; unit vectors are scaled by the reciprocal of their length; zero
# tests are at double's machine epsilon; refinement stops when the support point is within 1e-6 of the portal;
# supports: a box takes the face (or edge) centre along direction components within epsilon of zero, a convex
# its first vertex of largest projection, a sphere centre + r d, a capsule the axis end on d's side + r d, a
# cylinder the axis end + r (d without its axial part, unit; the end alone when that is ~0); the depth is the
# portal's distance from the origin (parametric point-triangle solution, else the nearest edge) and the point
# the origin's barycentric weights (scaled by the reciprocal sum) applied to both shapes' support points,
# averaged. The portal lives in v: 5 vertices of 9 reals (point of A - B, then the support points on A and on
# B); vertex 0 is the interior point (centre of A minus centre of B). A shape is (record g, class, convex
# vertices pv and their count nv (None/0 for the primitives), quaternion and inverse q (8 reals, mpr_quat)).


def mpr_zero(x):
    #: cdef inline int mpr_zero(double x) noexcept nogil
    """|x| below the machine epsilon of double, the MPR's zero test in both precisions: libode links the
    system libccd, whose reals are doubles (CCD_DOUBLE, epsilon DBL_EPSILON) whatever dReal is, so a
    single-precision libode reads its float geoms into doubles and runs the whole MPR, zero tests included,
    in double."""
    return fabs(x) < 2.220446049250313e-16


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
    #: cdef void mpr_qrot(const double* q, int qo, double vx, double vy, double vz, double* out,
    #:                    int o) noexcept nogil
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
    #: cdef void mpr_axis_end(const dReal* g, const double* q, double dx, double dy, double dz, double* p,
    #:                        double* ax) noexcept nogil
    """For a capsule or cylinder g: ax = its unit axis in the world (the rotated half-length vector scaled by
    its reciprocal length) and p = the end of its axis segment on direction d's side (the -z end on a tie)."""
    #: double h, k
    h = g[L.G_LENGTH] * 0.5
    mpr_qrot(q, 0, 0.0, 0.0, h, ax, 0)
    k = ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]
    if k == 0:  # a zero length: the axis is still the rotation's z (libccd would divide 0 by 0)
        mpr_qrot(q, 0, 0.0, 0.0, 1.0, ax, 0)
        k = ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]
    k = 1.0 / sqrt(k)
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
    #: cdef void mpr_support(const dReal* g, int cls, const dReal* pv, int nv, const double* q, double dx,
    #:                       double dy, double dz, double* v, int o) noexcept nogil
    """v[o:o+3] = the point of geom g (sphere, box, capsule, cylinder, or convex with vertices pv) farthest
    along unit world d; q holds g's quaternion and its inverse (mpr_quat)."""
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
    #: cdef void mpr_msup(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1, const dReal* g2,
    #:                    int c2, const dReal* p2, int n2, const double* q2, double dx, double dy, double dz,
    #:                    double* v, int k) noexcept nogil
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
    #: cdef int mpr_discover(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1,
    #:                       const dReal* g2, int c2, const dReal* p2, int n2, const double* q2,
    #:                       double* v) noexcept nogil
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
    #: cdef int mpr_refine(const dReal* g1, int c1, const dReal* p1, int n1, const double* q1,
    #:                     const dReal* g2, int c2, const dReal* p2, int n2, const double* q2,
    #:                     double* v) noexcept nogil
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
    #: cdef double mpr_seg_dist2(double ax, double ay, double az, double bx, double by, double bz,
    #:                           double* out) noexcept nogil
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
        if (
            (mpr_zero(s) or s > 0)
            and (mpr_zero(s - 1.0) or s < 1)
            and (mpr_zero(t) or t > 0)
            and (mpr_zero(t - 1.0) or t < 1)
            and (mpr_zero(t + s - 1.0) or t + s < 1)
        ):
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
    """Contact point: the origin's barycentric weights in the tetrahedron (v0, v1, v2, v3) (in the portal
    alone when that is degenerate) applied to the support points on A and on B, averaged."""
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
    #: cdef int mpr_penetration(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2,
    #:                          const dReal* p2, int n2, double* out) noexcept nogil
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
        e = 0.0
        if d > 0:
            e = 1.0 / d  # the direction scaled by the reciprocal length, as libccd normalises
        for j in range(3):
            n[j] = v[9 + j] * e
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
    #: cdef int mpr_contact(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2,
    #:                      const dReal* p2, int n2, int flags, dReal* c, int skip) noexcept nogil
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


# ---- end kernels
