"""Convex pieces (a triangle, a convex polytope, a box, a prism, a segment or a point with a radius) in world
coordinates, and one separating-axis test with face clipping per piece pair.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from .mesh_contacts import buf_add
from .mesh_geometry import clip_poly, rot_vec, seg_closest, to_local, to_world
from .mesh_registry import DINF, shape_free, shape_new, to_int, work_free, work_new

FACE_BIAS = 1.05  # a non-face axis wins only when clearly shallower than the best face axis
FACE_BIAS_ABS = 1e-9
PAR_EPS = 1e-9  # cross products shorter than this (relative) are parallel edges


# ---- kernels


def shape_finish(s):
    #: cdef void shape_finish(Shape* s) noexcept nogil
    """Face offsets (normal . first vertex) and the centroid of the vertices."""
    #: int k, a
    #: dReal cx, cy, cz
    for k in range(s.nf):
        a = s.fi[s.fs[k]]
        s.fd[k] = (
            s.fn[3 * k] * s.v[3 * a] + s.fn[3 * k + 1] * s.v[3 * a + 1] + s.fn[3 * k + 2] * s.v[3 * a + 2]
        )
    cx = 0.0
    cy = 0.0
    cz = 0.0
    for k in range(s.nv):
        cx = cx + s.v[3 * k]
        cy = cy + s.v[3 * k + 1]
        cz = cz + s.v[3 * k + 2]
    s.c[0] = cx / s.nv
    s.c[1] = cy / s.nv
    s.c[2] = cz / s.nv


def shape_convex(g, md):
    #: cdef Shape* shape_convex(const dReal* g, MeshData* md) noexcept nogil
    """A convex geom as a piece in world coordinates."""
    #: Shape* s
    #: int k
    s = shape_new(md.nv, md.nf, md.fs[md.nf], md.ne)
    for k in range(md.nv):
        to_world(g, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], s.v, 3 * k)
    for k in range(md.nf):
        rot_vec(g, md.fn[3 * k], md.fn[3 * k + 1], md.fn[3 * k + 2], s.fn, 3 * k)
    for k in range(md.nf + 1):
        s.fs[k] = md.fs[k]
    for k in range(md.fs[md.nf]):
        s.fi[k] = md.fi[k]
    for k in range(2 * md.ne):
        s.e[k] = md.e[k]
    shape_finish(s)
    return s


def tri_new():
    #: cdef Shape* tri_new() noexcept nogil
    """A triangle piece (front face 0, back face 1, three edges) to be filled by tri_set."""
    #: Shape* s
    s = shape_new(3, 2, 6, 3)
    s.fs[0] = 0
    s.fi[0] = 0
    s.fi[1] = 1
    s.fi[2] = 2
    s.fs[1] = 3
    s.fi[3] = 0
    s.fi[4] = 2
    s.fi[5] = 1
    s.fs[2] = 6
    s.e[0] = 0
    s.e[1] = 1
    s.e[2] = 1
    s.e[3] = 2
    s.e[4] = 2
    s.e[5] = 0
    return s


def tri_set(s, g, ax, ay, az, bx, by, bz, cx, cy, cz, nx, ny, nz, onesided):
    #: cdef void tri_set(Shape* s, const dReal* g, dReal ax, dReal ay, dReal az, dReal bx, dReal by, dReal bz,
    #:                   dReal cx, dReal cy, dReal cz, dReal nx, dReal ny, dReal nz,
    #:                   int onesided) noexcept nogil
    """Place a triangle given in the frame of record g (vertices a, b, c and unit normal n) in the world."""
    to_world(g, ax, ay, az, s.v, 0)
    to_world(g, bx, by, bz, s.v, 3)
    to_world(g, cx, cy, cz, s.v, 6)
    rot_vec(g, nx, ny, nz, s.fn, 0)
    s.fn[3] = -s.fn[0]
    s.fn[4] = -s.fn[1]
    s.fn[5] = -s.fn[2]
    s.onesided = onesided
    shape_finish(s)


def smin(s, ax, ay, az):
    #: cdef dReal smin(Shape* s, dReal ax, dReal ay, dReal az) noexcept nogil
    """Smallest projection of the piece's vertices on the axis."""
    #: int k
    #: dReal m, d
    m = s.v[0] * ax + s.v[1] * ay + s.v[2] * az
    for k in range(1, s.nv):
        d = s.v[3 * k] * ax + s.v[3 * k + 1] * ay + s.v[3 * k + 2] * az
        if d < m:
            m = d
    return m


def smax(s, ax, ay, az):
    #: cdef dReal smax(Shape* s, dReal ax, dReal ay, dReal az) noexcept nogil
    """Largest projection of the piece's vertices on the axis."""
    #: int k
    #: dReal m, d
    m = s.v[0] * ax + s.v[1] * ay + s.v[2] * az
    for k in range(1, s.nv):
        d = s.v[3 * k] * ax + s.v[3 * k + 1] * ay + s.v[3 * k + 2] * az
        if d > m:
            m = d
    return m


def seg_seg(p1x, p1y, p1z, q1x, q1y, q1z, p2x, p2y, p2z, q2x, q2y, q2z, out):
    #: cdef void seg_seg(dReal p1x, dReal p1y, dReal p1z, dReal q1x, dReal q1y, dReal q1z, dReal p2x,
    #:                   dReal p2y, dReal p2z, dReal q2x, dReal q2y, dReal q2z, dReal* out) noexcept nogil
    """out[0:3], out[3:6] = closest points of segments p1q1 and p2q2 (clamped)."""
    #: dReal d1x, d1y, d1z, d2x, d2y, d2z, rx, ry, rz, a, e, f, b, c, den, s, t
    d1x = q1x - p1x
    d1y = q1y - p1y
    d1z = q1z - p1z
    d2x = q2x - p2x
    d2y = q2y - p2y
    d2z = q2z - p2z
    rx = p1x - p2x
    ry = p1y - p2y
    rz = p1z - p2z
    a = d1x * d1x + d1y * d1y + d1z * d1z
    e = d2x * d2x + d2y * d2y + d2z * d2z
    f = d2x * rx + d2y * ry + d2z * rz
    s = 0.0
    t = 0.0
    if a <= 0 and e <= 0:
        s = 0.0
        t = 0.0
    elif a <= 0:
        s = 0.0
        t = f / e
    else:
        c = d1x * rx + d1y * ry + d1z * rz
        if e <= 0:
            t = 0.0
            s = -c / a
        else:
            b = d1x * d2x + d1y * d2y + d1z * d2z
            den = a * e - b * b
            if den > 0:
                s = (b * f - c * e) / den
            else:
                s = 0.0
            if s < 0:
                s = 0.0
            if s > 1:
                s = 1.0
            t = (b * s + f) / e
            if t < 0:
                t = 0.0
                s = -c / a
            elif t > 1:
                t = 1.0
                s = (b - c) / a
    if s < 0:
        s = 0.0
    if s > 1:
        s = 1.0
    if t < 0:
        t = 0.0
    if t > 1:
        t = 1.0
    out[0] = p1x + d1x * s
    out[1] = p1y + d1y * s
    out[2] = p1z + d1z * s
    out[3] = p2x + d2x * t
    out[4] = p2y + d2y * t
    out[5] = p2z + d2z * t


def try_axis(a, b, ax, ay, az, kind, ia, ib, res):
    #: cdef int try_axis(Shape* a, Shape* b, dReal ax, dReal ay, dReal az, int kind, int ia, int ib,
    #:                   dReal* res) noexcept nogil
    """Depth of b into a along unit axis (a to b); keeps the best in res; 0 when the axis separates."""
    #: dReal d, best
    d = smax(a, ax, ay, az) - smin(b, ax, ay, az) + b.r
    if d < 0:
        return 0
    best = res[0]
    if res[4] < 0:
        best = DINF
    if kind <= 1:
        if d >= best:
            return 1
    elif d * FACE_BIAS + FACE_BIAS_ABS >= best:
        return 1
    res[0] = d
    res[1] = ax
    res[2] = ay
    res[3] = az
    res[4] = kind
    res[5] = ia
    res[6] = ib
    return 1


def sat(a, b, res):
    #: cdef int sat(Shape* a, Shape* b, dReal* res) noexcept nogil
    """Separating-axis test of piece b against polytope a; 1 with res = depth, axis, kind, features."""
    #: int k, j, p, q, u, w, nfa
    #: dReal ex, ey, ez, fx, fy, fz, cx, cy, cz, ln, la, lb, ox, oy, oz
    #: dReal tmp[3]
    tmp = [0.0, 0.0, 0.0]  # py
    res[0] = 0.0
    res[4] = -1.0
    nfa = a.nf
    if a.onesided:
        nfa = 1
    for k in range(nfa):
        if not try_axis(a, b, a.fn[3 * k], a.fn[3 * k + 1], a.fn[3 * k + 2], 0, k, -1, res):
            return 0
    if b.core == 0:
        for k in range(b.nf):
            if not try_axis(a, b, -b.fn[3 * k], -b.fn[3 * k + 1], -b.fn[3 * k + 2], 1, -1, k, res):
                return 0
    ox = b.c[0] - a.c[0]
    oy = b.c[1] - a.c[1]
    oz = b.c[2] - a.c[2]
    for k in range(a.ne):
        p = a.e[2 * k]
        q = a.e[2 * k + 1]
        ex = a.v[3 * q] - a.v[3 * p]
        ey = a.v[3 * q + 1] - a.v[3 * p + 1]
        ez = a.v[3 * q + 2] - a.v[3 * p + 2]
        la = ex * ex + ey * ey + ez * ez
        for j in range(b.ne):
            u = b.e[2 * j]
            w = b.e[2 * j + 1]
            fx = b.v[3 * w] - b.v[3 * u]
            fy = b.v[3 * w + 1] - b.v[3 * u + 1]
            fz = b.v[3 * w + 2] - b.v[3 * u + 2]
            lb = fx * fx + fy * fy + fz * fz
            cx = ey * fz - ez * fy
            cy = ez * fx - ex * fz
            cz = ex * fy - ey * fx
            ln = cx * cx + cy * cy + cz * cz
            if ln <= PAR_EPS * la * lb:
                continue
            ln = sqrt(ln)
            cx = cx / ln
            cy = cy / ln
            cz = cz / ln
            if cx * ox + cy * oy + cz * oz < 0:
                cx = -cx
                cy = -cy
                cz = -cz
            if not try_axis(a, b, cx, cy, cz, 2, k, j, res):
                return 0
    if b.core != 0:
        for j in range(b.nv):
            for k in range(a.ne):
                p = a.e[2 * k]
                q = a.e[2 * k + 1]
                seg_closest(
                    a.v[3 * p],
                    a.v[3 * p + 1],
                    a.v[3 * p + 2],
                    a.v[3 * q],
                    a.v[3 * q + 1],
                    a.v[3 * q + 2],
                    b.v[3 * j],
                    b.v[3 * j + 1],
                    b.v[3 * j + 2],
                    tmp,
                )
                cx = b.v[3 * j] - tmp[0]
                cy = b.v[3 * j + 1] - tmp[1]
                cz = b.v[3 * j + 2] - tmp[2]
                ln = sqrt(cx * cx + cy * cy + cz * cz)
                if ln > 0:
                    if not try_axis(a, b, cx / ln, cy / ln, cz / ln, 3, k, j, res):
                        return 0
        if b.core == 1:
            for k in range(a.nv):
                seg_closest(
                    b.v[0],
                    b.v[1],
                    b.v[2],
                    b.v[3],
                    b.v[4],
                    b.v[5],
                    a.v[3 * k],
                    a.v[3 * k + 1],
                    a.v[3 * k + 2],
                    tmp,
                )
                cx = tmp[0] - a.v[3 * k]
                cy = tmp[1] - a.v[3 * k + 1]
                cz = tmp[2] - a.v[3 * k + 2]
                ln = sqrt(cx * cx + cy * cy + cz * cz)
                if ln > 0:
                    if not try_axis(a, b, cx / ln, cy / ln, cz / ln, 4, k, -1, res):
                        return 0
    return 1 if res[4] >= 0 else 0


def add_contact(out, flip, px, py, pz, wx, wy, wz, depth, sa, sb):
    #: cdef void add_contact(Buf* out, int flip, dReal px, dReal py, dReal pz, dReal wx, dReal wy, dReal wz,
    #:                       dReal depth, int sa, int sb) noexcept nogil
    """Collect a contact of piece b into piece a along w (a to b): normal -w into a, or w when b is geom 1."""
    if flip:
        buf_add(out, px, py, pz, wx, wy, wz, depth, sb, sa)
    else:
        buf_add(out, px, py, pz, -wx, -wy, -wz, depth, sa, sb)


def face_clip(ref, k, inc, sgn, p, q, nmax):
    #: cdef int face_clip(Shape* ref, int k, Shape* inc, dReal sgn, dReal* p, dReal* q,
    #:                    int nmax) noexcept nogil
    """Clip inc's face most opposed to ref's face k (normal times sgn) by k's side planes; points into p."""
    #: int j, best, m, a0, cnt, i, i2, va, vb, swaps
    #: dReal nx, ny, nz, d, bd, ex, ey, ez, sx, sy, sz, fx, fy, fz, dd
    #: dReal* t
    swaps = 0
    nx = ref.fn[3 * k]
    ny = ref.fn[3 * k + 1]
    nz = ref.fn[3 * k + 2]
    best = 0
    bd = 0.0
    for j in range(inc.nf):
        d = (inc.fn[3 * j] * nx + inc.fn[3 * j + 1] * ny + inc.fn[3 * j + 2] * nz) * sgn
        if j == 0 or d < bd:
            best = j
            bd = d
    a0 = inc.fs[best]
    m = inc.fs[best + 1] - a0
    for j in range(m):
        i = inc.fi[a0 + j]
        p[3 * j] = inc.v[3 * i]
        p[3 * j + 1] = inc.v[3 * i + 1]
        p[3 * j + 2] = inc.v[3 * i + 2]
    a0 = ref.fs[k]
    cnt = ref.fs[k + 1] - a0
    fx = 0.0
    fy = 0.0
    fz = 0.0
    for j in range(cnt):
        i = ref.fi[a0 + j]
        fx = fx + ref.v[3 * i]
        fy = fy + ref.v[3 * i + 1]
        fz = fz + ref.v[3 * i + 2]
    fx = fx / cnt
    fy = fy / cnt
    fz = fz / cnt
    for j in range(cnt):
        if m == 0 or m + 1 > nmax:
            break
        va = ref.fi[a0 + j]
        i2 = j + 1
        if i2 == cnt:
            i2 = 0
        vb = ref.fi[a0 + i2]
        ex = ref.v[3 * vb] - ref.v[3 * va]
        ey = ref.v[3 * vb + 1] - ref.v[3 * va + 1]
        ez = ref.v[3 * vb + 2] - ref.v[3 * va + 2]
        sx = ey * nz - ez * ny
        sy = ez * nx - ex * nz
        sz = ex * ny - ey * nx
        if sx * (fx - ref.v[3 * va]) + sy * (fy - ref.v[3 * va + 1]) + sz * (fz - ref.v[3 * va + 2]) > 0:
            sx = -sx
            sy = -sy
            sz = -sz
        dd = sx * ref.v[3 * va] + sy * ref.v[3 * va + 1] + sz * ref.v[3 * va + 2]
        m = clip_poly(p, m, q, sx, sy, sz, dd, 0.0)
        t = p
        p = q
        q = t
        swaps = swaps + 1
    if (swaps % 2) == 1:
        for j in range(3 * m):
            q[j] = p[j]
    return m


def seg_clip(ref, k, b, out):
    #: cdef int seg_clip(Shape* ref, int k, Shape* b, dReal* out) noexcept nogil
    """Clip b's core (segment or point) by the side planes of ref's face k; 0 if nothing is left."""
    #: int j, a0, cnt, va, vb, i2, i
    #: dReal nx, ny, nz, t0, t1, fx, fy, fz, ex, ey, ez, sx, sy, sz, da, db, dx, dy, dz
    nx = ref.fn[3 * k]
    ny = ref.fn[3 * k + 1]
    nz = ref.fn[3 * k + 2]
    a0 = ref.fs[k]
    cnt = ref.fs[k + 1] - a0
    fx = 0.0
    fy = 0.0
    fz = 0.0
    for j in range(cnt):
        i = ref.fi[a0 + j]
        fx = fx + ref.v[3 * i]
        fy = fy + ref.v[3 * i + 1]
        fz = fz + ref.v[3 * i + 2]
    fx = fx / cnt
    fy = fy / cnt
    fz = fz / cnt
    t0 = 0.0
    t1 = 1.0
    dx = 0.0
    dy = 0.0
    dz = 0.0
    if b.nv == 2:
        dx = b.v[3] - b.v[0]
        dy = b.v[4] - b.v[1]
        dz = b.v[5] - b.v[2]
    for j in range(cnt):
        va = ref.fi[a0 + j]
        i2 = j + 1
        if i2 == cnt:
            i2 = 0
        vb = ref.fi[a0 + i2]
        ex = ref.v[3 * vb] - ref.v[3 * va]
        ey = ref.v[3 * vb + 1] - ref.v[3 * va + 1]
        ez = ref.v[3 * vb + 2] - ref.v[3 * va + 2]
        sx = ey * nz - ez * ny
        sy = ez * nx - ex * nz
        sz = ex * ny - ey * nx
        if sx * (fx - ref.v[3 * va]) + sy * (fy - ref.v[3 * va + 1]) + sz * (fz - ref.v[3 * va + 2]) > 0:
            sx = -sx
            sy = -sy
            sz = -sz
        da = (
            sx * (b.v[0] - ref.v[3 * va])
            + sy * (b.v[1] - ref.v[3 * va + 1])
            + sz * (b.v[2] - ref.v[3 * va + 2])
        )
        db = sx * dx + sy * dy + sz * dz
        if db == 0:
            if da > 0:
                return 0
        elif db > 0:
            if -da / db < t1:
                t1 = -da / db
        else:
            if -da / db > t0:
                t0 = -da / db
        if t0 > t1:
            return 0
    out[0] = b.v[0] + dx * t0
    out[1] = b.v[1] + dy * t0
    out[2] = b.v[2] + dz * t0
    if b.nv == 1:
        return 1
    out[3] = b.v[0] + dx * t1
    out[4] = b.v[1] + dy * t1
    out[5] = b.v[2] + dz * t1
    return 2


def pieces(a, b, out, flip, sa, sb):
    #: cdef int pieces(Shape* a, Shape* b, Buf* out, int flip, int sa, int sb) noexcept nogil
    """Contacts of piece b against polytope a (SAT, then face clipping or a feature pair); their number."""
    #: dReal res[8]
    #: dReal cp[6]
    #: dReal* p
    #: dReal* q
    #: int kind, k, j, m, nmax, got, u, w
    #: dReal wx, wy, wz, d, r, dep, best
    res = [0.0] * 8  # py
    cp = [0.0] * 6  # py
    if not sat(a, b, res):
        return 0
    kind = to_int(res[4])
    wx = res[1]
    wy = res[2]
    wz = res[3]
    r = b.r
    got = 0
    if kind == 0 or kind == 1:
        nmax = a.nv + b.nv + 4
        if a.nf + b.nf > nmax:
            nmax = a.nf + b.nf
        nmax = nmax + a.nv + b.nv
        p = work_new(3 * nmax)
        q = work_new(3 * nmax)
        if kind == 0:
            k = to_int(res[5])
            if b.core == 0:
                m = face_clip(a, k, b, 1.0, p, q, nmax)
            else:
                m = seg_clip(a, k, b, p)
            for j in range(m):
                dep = a.fd[k] - (wx * p[3 * j] + wy * p[3 * j + 1] + wz * p[3 * j + 2]) + r
                if dep >= 0:
                    d = r
                    if b.core == 2 and a.onesided:
                        d = r - dep
                    elif b.core == 2:
                        d = r - dep * 0.5
                    add_contact(out, flip, p[3 * j] - wx * d, p[3 * j + 1] - wy * d, p[3 * j + 2] - wz * d,
                                wx, wy, wz, dep, sa, sb)
                    got = got + 1
        else:
            k = to_int(res[6])
            m = face_clip(b, k, a, 1.0, p, q, nmax)
            for j in range(m):
                dep = b.fd[k] + (wx * p[3 * j] + wy * p[3 * j + 1] + wz * p[3 * j + 2])
                if dep >= 0:
                    add_contact(out, flip, p[3 * j], p[3 * j + 1], p[3 * j + 2], wx, wy, wz, dep, sa, sb)
                    got = got + 1
        work_free(p)
        work_free(q)
        if got == 0:
            best = 0.0
            k = 0
            for j in range(b.nv):
                d = b.v[3 * j] * wx + b.v[3 * j + 1] * wy + b.v[3 * j + 2] * wz
                if j == 0 or d < best:
                    best = d
                    k = j
            add_contact(out, flip, b.v[3 * k] - wx * r, b.v[3 * k + 1] - wy * r, b.v[3 * k + 2] - wz * r,
                        wx, wy, wz, res[0], sa, sb)
            got = 1
        return got
    if kind == 2:
        k = to_int(res[5])
        j = to_int(res[6])
        u = a.e[2 * k]
        w = a.e[2 * k + 1]
        m = b.e[2 * j]
        nmax = b.e[2 * j + 1]
        seg_seg(
            a.v[3 * u],
            a.v[3 * u + 1],
            a.v[3 * u + 2],
            a.v[3 * w],
            a.v[3 * w + 1],
            a.v[3 * w + 2],
            b.v[3 * m],
            b.v[3 * m + 1],
            b.v[3 * m + 2],
            b.v[3 * nmax],
            b.v[3 * nmax + 1],
            b.v[3 * nmax + 2],
            cp,
        )
    elif kind == 3:
        k = to_int(res[5])
        j = to_int(res[6])
        u = a.e[2 * k]
        w = a.e[2 * k + 1]
        seg_closest(a.v[3 * u], a.v[3 * u + 1], a.v[3 * u + 2], a.v[3 * w], a.v[3 * w + 1], a.v[3 * w + 2],
                    b.v[3 * j], b.v[3 * j + 1], b.v[3 * j + 2], cp)
        cp[3] = b.v[3 * j]
        cp[4] = b.v[3 * j + 1]
        cp[5] = b.v[3 * j + 2]
    else:
        k = to_int(res[5])
        cp[0] = a.v[3 * k]
        cp[1] = a.v[3 * k + 1]
        cp[2] = a.v[3 * k + 2]
        seg_closest(b.v[0], b.v[1], b.v[2], b.v[3], b.v[4], b.v[5], cp[0], cp[1], cp[2], res)
        cp[3] = res[0]
        cp[4] = res[1]
        cp[5] = res[2]
    dep = smax(a, wx, wy, wz) - smin(b, wx, wy, wz) + r
    if b.core == 2:
        add_contact(out, flip, cp[0], cp[1], cp[2], wx, wy, wz, dep, sa, sb)
        return 1
    add_contact(out, flip, (cp[0] + (cp[3] - wx * r)) * 0.5, (cp[1] + (cp[4] - wy * r)) * 0.5,
                (cp[2] + (cp[5] - wz * r)) * 0.5, wx, wy, wz, dep, sa, sb)
    return 1


def local_box(g, s, lo):
    #: cdef void local_box(const dReal* g, Shape* s, dReal* lo) noexcept nogil
    """lo[0:6] = AABB (minx, maxx, miny, maxy, minz, maxz) of piece s in the frame of record g, with margin.
    """
    #: int k, j
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    for k in range(s.nv):
        to_local(g, s.v[3 * k], s.v[3 * k + 1], s.v[3 * k + 2], t, 0)
        for j in range(3):
            if k == 0 or t[j] < lo[2 * j]:
                lo[2 * j] = t[j]
            if k == 0 or t[j] > lo[2 * j + 1]:
                lo[2 * j + 1] = t[j]
    for j in range(3):
        lo[2 * j] = lo[2 * j] - s.r
        lo[2 * j + 1] = lo[2 * j + 1] + s.r


def mesh_vs_piece(g1, md, b, out, flip, maxc, unimp, bside):
    #: cdef void mesh_vs_piece(const dReal* g1, MeshData* md, Shape* b, Buf* out, int flip, int maxc,
    #:                         int unimp, int bside) noexcept nogil
    """Collect the contacts of piece b with the triangles of trimesh md placed at record g1."""
    #: dReal lo[6]
    #: int t, a, bb, c
    #: Shape* tri
    lo = [0.0] * 6  # py
    local_box(g1, b, lo)
    tri = tri_new()
    for t in range(md.nt):
        if md.tb[6 * t] > lo[1] or md.tb[6 * t + 1] < lo[0] or md.tb[6 * t + 2] > lo[3]:
            continue
        if md.tb[6 * t + 3] < lo[2] or md.tb[6 * t + 4] > lo[5] or md.tb[6 * t + 5] < lo[4]:
            continue
        a = md.t[3 * t]
        bb = md.t[3 * t + 1]
        c = md.t[3 * t + 2]
        tri_set(
            tri,
            g1,
            md.v[3 * a],
            md.v[3 * a + 1],
            md.v[3 * a + 2],
            md.v[3 * bb],
            md.v[3 * bb + 1],
            md.v[3 * bb + 2],
            md.v[3 * c],
            md.v[3 * c + 1],
            md.v[3 * c + 2],
            md.tn[3 * t],
            md.tn[3 * t + 1],
            md.tn[3 * t + 2],
            1,
        )
        pieces(tri, b, out, flip, t, bside)
        if unimp and out.n >= maxc:
            break
    shape_free(tri)


# ---- end kernels
