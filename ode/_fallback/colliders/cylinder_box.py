"""Cylinder against box, as libode's default (CroTeam) collider decides and places its contacts.

A separating-axis test runs over, in this order: the box's three face normals, the cylinder's axis, the
axis crossed with each box edge direction, the radials from the axis to the eight box corners, and, for each
cap and each of the twelve box edges, the axis through the point where the edge's line meets the cap's rim
(perpendicular to both the edge and the rim's tangent). The shallowest overlap wins. When the winning normal
is within acos(0.9) of the cylinder's axis, the box face towards the near cap is clipped, in the cap's own
frame, to the half-space under the cap and to the octagon around the cap circle; otherwise the cylinder's
side line nearest the box is clipped to the box's six face planes.

Contacts at depth ~1e-16 exist or not by the last bit of their depth, so every step performs libode's
operations in libode's order: its reciprocal-multiply normalisation (``normalize3``), its general 3x3
inverse for the two frames, its polygon and segment clippers. In single precision each libm result and each
half-size is stored to a ``dReal`` before it is combined, so the kernel rounds where single libode does.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).

Scratch arrays: ``st`` holds the best axis so far (``st[0]`` overlap, ``st[1:4]`` unit normal from the
cylinder to the box, ``st[4]`` the box's and ``st[5]`` the cylinder's half extent along it, ``st[6]`` the
axis number, 0 while none won); ``vt`` the box's eight corners in world coordinates, three reals each.
"""

from math import cos, fabs, sin, sqrt

from ... import _layout as L
from ..rotation import normalize3
from .prim_contacts import maxc_of, put
from .prim_geometry import DINF, M_PI, col_dot

CB_AXIS_MIN = 1e-5  # candidate axes shorter than this are not tested
CB_CROSS_MIN2 = 1e-6  # axis-edge crosses and corner radials with a squared length at most this are not tested
CB_EDGE_AXIAL = 1e-5  # box edges with |direction . axis| below this (parallel to the caps) give no rim axis
CB_SIDE = 0.9  # |normal . axis| below this: the side line is clipped to the box, else the box face to a cap
CB_CLIP_MAX = 16  # points a clipped polygon may hold (a quad against nine planes needs at most 13)


# ---- kernels


def cb_test_axis(g1, g2, v, num, st):
    #: cdef int cb_test_axis(const dReal* g1, const dReal* g2, dReal* v, int num, dReal* st) noexcept nogil
    """Project cylinder g1 and box g2 on axis v (normalised in place; too short: not tested): 0 when they
    are apart along it; else 1, and st takes the axis as number num when its overlap is the smallest yet."""
    #: dReal l, k, hl, rc, rb, s, e0, e1, e2, fd, afd, dep
    l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    if l < CB_AXIS_MIN:
        return 1
    if normalize3(v) == 0:
        v[0] = 1.0
        v[1] = 0.0
        v[2] = 0.0
    k = col_dot(g1, 2, v[0], v[1], v[2])
    hl = g1[L.G_LENGTH] * 0.5
    if k > 1 or k < -1:
        rc = hl
    else:
        s = sqrt(1 - k * k)
        e0 = fabs(k * hl)
        rc = e0 + g1[L.G_RADIUS] * s
    e0 = fabs(col_dot(g2, 0, v[0], v[1], v[2]))
    e1 = fabs(col_dot(g2, 1, v[0], v[1], v[2]))
    e2 = fabs(col_dot(g2, 2, v[0], v[1], v[2]))
    hl = g2[L.G_SIDES] * 0.5
    rb = e0 * hl
    hl = g2[L.G_SIDES + 1] * 0.5
    rb = rb + e1 * hl
    hl = g2[L.G_SIDES + 2] * 0.5
    rb = rb + e2 * hl
    fd = ((g1[L.G_POS] - g2[L.G_POS]) * v[0] + (g1[L.G_POS + 1] - g2[L.G_POS + 1]) * v[1]
          + (g1[L.G_POS + 2] - g2[L.G_POS + 2]) * v[2])
    afd = fabs(fd)
    dep = rc + rb
    if afd > dep:
        return 0
    dep = dep - afd
    if dep < st[0]:
        st[0] = dep
        if fd > 0:  # the box lies along -v
            st[1] = -v[0]
            st[2] = -v[1]
            st[3] = -v[2]
        else:
            st[1] = v[0]
            st[2] = v[1]
            st[3] = v[2]
        st[4] = rb
        st[5] = rc
        st[6] = num
    return 1


def cb_box_corners(g2, vt):
    #: cdef void cb_box_corners(const dReal* g2, dReal* vt) noexcept nogil
    """vt = box g2's eight corners in world coordinates, in libode's numbering (0-3 on the -z face, 4-7 on
    the +z face; the edge table of cb_separate refers to it)."""
    #: int sx[8]
    #: int sy[8]
    #: int sz[8]
    #: dReal hx, hy, hz, lx, ly, lz
    #: int i, q
    sx = [-1, 1, -1, 1, 1, 1, -1, -1]
    sy = [1, 1, -1, -1, 1, -1, -1, 1]
    sz = [-1, -1, -1, -1, 1, 1, 1, 1]
    hx = g2[L.G_SIDES] * 0.5
    hy = g2[L.G_SIDES + 1] * 0.5
    hz = g2[L.G_SIDES + 2] * 0.5
    for i in range(8):
        lx = sx[i] * hx
        ly = sy[i] * hy
        lz = sz[i] * hz
        for q in range(3):
            vt[3 * i + q] = (g2[L.G_R + 3 * q] * lx + g2[L.G_R + 3 * q + 1] * ly + g2[L.G_R + 3 * q + 2] * lz
                             + g2[L.G_POS + q])


def cb_edge_rim(g1, g2, cc, vt, i0, i1, num, st):
    #: cdef int cb_edge_rim(const dReal* g1, const dReal* g2, const dReal* cc, const dReal* vt, int i0,
    #:                      int i1, int num, dReal* st) noexcept nogil
    """Test the axis where the line of box edge (corner i0 to corner i1) meets the rim of the cap centred at
    cc: perpendicular to the edge and to the tangent of the circle through that point around the axis (an
    edge parallel to the caps gives none)."""
    #: dReal d[3]
    #: dReal t[3]
    #: dReal w[3]
    #: dReal v[3]
    #: dReal f1, f2, ft
    #: int q
    d = [0.0] * 3  # py
    t = [0.0] * 3  # py
    w = [0.0] * 3  # py
    v = [0.0] * 3  # py
    for q in range(3):
        d[q] = vt[3 * i1 + q] - vt[3 * i0 + q]
    if normalize3(d) == 0:
        d[0] = 1.0
        d[1] = 0.0
        d[2] = 0.0
    f2 = d[0] * g1[L.G_R + 2] + d[1] * g1[L.G_R + 5] + d[2] * g1[L.G_R + 8]
    ft = fabs(f2)
    if ft < CB_EDGE_AXIAL:
        return 1
    for q in range(3):
        t[q] = cc[q] - vt[3 * i0 + q]
    f1 = t[0] * g1[L.G_R + 2] + t[1] * g1[L.G_R + 5] + t[2] * g1[L.G_R + 8]
    ft = f1 / f2
    for q in range(3):  # t = cc - (the edge line's point in the cap plane)
        w[q] = vt[3 * i0 + q] + d[q] * ft
        t[q] = cc[q] - w[q]
    w[0] = t[1] * g1[L.G_R + 8] - t[2] * g1[L.G_R + 5]  # the rim's tangent there: t x axis
    w[1] = t[2] * g1[L.G_R + 2] - t[0] * g1[L.G_R + 8]
    w[2] = t[0] * g1[L.G_R + 5] - t[1] * g1[L.G_R + 2]
    v[0] = w[1] * d[2] - w[2] * d[1]
    v[1] = w[2] * d[0] - w[0] * d[2]
    v[2] = w[0] * d[1] - w[1] * d[0]
    return cb_test_axis(g1, g2, v, num, st)


def cb_separate(g1, g2, vt, st):
    #: cdef int cb_separate(const dReal* g1, const dReal* g2, const dReal* vt, dReal* st) noexcept nogil
    """Run every candidate axis in libode's order: 0 as soon as one separates; else 1 with the shallowest in
    st."""
    #: dReal v[3]
    #: dReal t[3]
    #: dReal cc[3]
    #: int ea[12]
    #: int eb[12]
    #: dReal a0, a1, a2, hl, x, y, z
    #: int j, i, cap
    v = [0.0] * 3  # py
    t = [0.0] * 3  # py
    cc = [0.0] * 3  # py
    ea = [1, 1, 2, 2, 4, 4, 0, 5, 5, 2, 4, 6]
    eb = [0, 3, 3, 0, 1, 7, 7, 3, 6, 6, 5, 7]
    st[0] = DINF
    st[6] = 0.0
    a0 = g1[L.G_R + 2]
    a1 = g1[L.G_R + 5]
    a2 = g1[L.G_R + 8]
    for j in range(3):  # the box's face normals
        v[0] = g2[L.G_R + j]
        v[1] = g2[L.G_R + 3 + j]
        v[2] = g2[L.G_R + 6 + j]
        if cb_test_axis(g1, g2, v, 1 + j, st) == 0:
            return 0
    v[0] = a0
    v[1] = a1
    v[2] = a2
    if cb_test_axis(g1, g2, v, 4, st) == 0:
        return 0
    for j in range(3):  # the axis crossed with each box edge direction
        v[0] = a1 * g2[L.G_R + 6 + j] - a2 * g2[L.G_R + 3 + j]
        v[1] = a2 * g2[L.G_R + j] - a0 * g2[L.G_R + 6 + j]
        v[2] = a0 * g2[L.G_R + 3 + j] - a1 * g2[L.G_R + j]
        if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > CB_CROSS_MIN2:
            if cb_test_axis(g1, g2, v, 5 + j, st) == 0:
                return 0
    for i in range(8):  # radials to the corners: axis x (axis x (corner - centre))
        x = vt[3 * i] - g1[L.G_POS]
        y = vt[3 * i + 1] - g1[L.G_POS + 1]
        z = vt[3 * i + 2] - g1[L.G_POS + 2]
        t[0] = a1 * z - a2 * y
        t[1] = a2 * x - a0 * z
        t[2] = a0 * y - a1 * x
        v[0] = a1 * t[2] - a2 * t[1]
        v[1] = a2 * t[0] - a0 * t[2]
        v[2] = a0 * t[1] - a1 * t[0]
        if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > CB_CROSS_MIN2:
            if cb_test_axis(g1, g2, v, 8 + i, st) == 0:
                return 0
    hl = g1[L.G_LENGTH] * 0.5
    for cap in range(2):  # the top cap's rim, then the bottom's
        if cap == 1:
            hl = -hl
        cc[0] = g1[L.G_POS] + a0 * hl
        cc[1] = g1[L.G_POS + 1] + a1 * hl
        cc[2] = g1[L.G_POS + 2] + a2 * hl
        for j in range(12):
            if cb_edge_rim(g1, g2, cc, vt, ea[j], eb[j], 16 + 12 * cap + j, st) == 0:
                return 0
    return 1


def cb_clip_edge(e, px, py, pz, pd):
    #: cdef int cb_clip_edge(dReal* e, dReal px, dReal py, dReal pz, dReal pd) noexcept nogil
    """Clip segment e (e[0:3] to e[3:6]) to the half-space px*x + py*y + pz*z + pd >= 0: 0 when both ends
    are strictly outside, else 1 with an end strictly outside moved to the crossing."""
    #: dReal d0, d1, x, y, z
    d0 = px * e[0] + py * e[1] + pz * e[2] + pd
    d1 = px * e[3] + py * e[4] + pz * e[5] + pd
    if d0 < 0 and d1 < 0:
        return 0
    if (d0 > 0 and d1 < 0) or (d0 < 0 and d1 > 0):
        x = e[0] - (e[0] - e[3]) * d0 / (d0 - d1)
        y = e[1] - (e[1] - e[4]) * d0 / (d0 - d1)
        z = e[2] - (e[2] - e[5]) * d0 / (d0 - d1)
        if d0 < 0:
            e[0] = x
            e[1] = y
            e[2] = z
        else:
            e[3] = x
            e[4] = y
            e[5] = z
    return 1


def cb_clip_poly(src, n, dst, px, py, pz, pd):
    #: cdef int cb_clip_poly(const dReal* src, int n, dReal* dst, dReal px, dReal py, dReal pz,
    #:                       dReal pd) noexcept nogil
    """Clip polygon src (n points) to px*x + py*y + pz*z + pd >= 0 into dst; the count. Each edge is walked
    from its start, beginning with the closing edge (last point to first), as libode's clipper does."""
    #: dReal d0, d1
    #: int i0, i1, m, q
    m = 0
    i0 = n - 1
    for i1 in range(n):
        d0 = px * src[3 * i0] + py * src[3 * i0 + 1] + pz * src[3 * i0 + 2] + pd
        d1 = px * src[3 * i1] + py * src[3 * i1 + 1] + pz * src[3 * i1 + 2] + pd
        if d0 >= 0 and m < CB_CLIP_MAX:
            for q in range(3):
                dst[3 * m + q] = src[3 * i0 + q]
            m += 1
        if ((d0 > 0 and d1 < 0) or (d0 < 0 and d1 > 0)) and m < CB_CLIP_MAX:
            for q in range(3):
                dst[3 * m + q] = src[3 * i0 + q] - (src[3 * i0 + q] - src[3 * i1 + q]) * d0 / (d0 - d1)
            m += 1
        i0 = i1
    return m


def cb_inverse(g, out):
    #: cdef void cb_inverse(const dReal* g, dReal* out) noexcept nogil
    """out = the inverse of record g's rotation by cofactors over the determinant (identity when the
    determinant is below 0.0005), as libode moves points into the box's and the cap's frames: not the
    transpose, whose last bits differ."""
    #: dReal det, rd
    #: double dr
    det = (g[L.G_R] * (g[L.G_R + 4] * g[L.G_R + 8] - g[L.G_R + 7] * g[L.G_R + 5])
           - g[L.G_R + 1] * (g[L.G_R + 3] * g[L.G_R + 8] - g[L.G_R + 6] * g[L.G_R + 5])
           + g[L.G_R + 2] * (g[L.G_R + 3] * g[L.G_R + 7] - g[L.G_R + 6] * g[L.G_R + 4]))
    rd = fabs(det)
    if rd < 0.0005:
        out[0] = 1.0
        out[1] = 0.0
        out[2] = 0.0
        out[3] = 0.0
        out[4] = 1.0
        out[5] = 0.0
        out[6] = 0.0
        out[7] = 0.0
        out[8] = 1.0
        return
    rd = 1 / det
    dr = rd
    out[0] = (g[L.G_R + 4] * g[L.G_R + 8] - g[L.G_R + 5] * g[L.G_R + 7]) * dr
    out[1] = (g[L.G_R + 7] * g[L.G_R + 2] - g[L.G_R + 1] * g[L.G_R + 8]) * dr
    out[2] = (g[L.G_R + 1] * g[L.G_R + 5] - g[L.G_R + 4] * g[L.G_R + 2]) * dr
    out[3] = (g[L.G_R + 5] * g[L.G_R + 6] - g[L.G_R + 3] * g[L.G_R + 8]) * dr
    out[4] = (g[L.G_R] * g[L.G_R + 8] - g[L.G_R + 6] * g[L.G_R + 2]) * dr
    out[5] = (g[L.G_R + 3] * g[L.G_R + 2] - g[L.G_R] * g[L.G_R + 5]) * dr
    out[6] = (g[L.G_R + 3] * g[L.G_R + 7] - g[L.G_R + 6] * g[L.G_R + 4]) * dr
    out[7] = (g[L.G_R + 6] * g[L.G_R + 1] - g[L.G_R] * g[L.G_R + 7]) * dr
    out[8] = (g[L.G_R] * g[L.G_R + 4] - g[L.G_R + 1] * g[L.G_R + 3]) * dr


def cb_face_order(x, y, z, order):
    #: cdef void cb_face_order(dReal x, dReal y, dReal z, int* order) noexcept nogil
    """order = the box axes by decreasing |component| of the normal in the box frame (x, y, z), ties broken
    as libode: order[0] is the face towards the cylinder, order[1] and order[2] span it."""
    #: int i0, i1, i2
    x = fabs(x)
    y = fabs(y)
    z = fabs(z)
    if y > x:
        if x > z:
            i0, i1, i2 = 1, 0, 2
        elif y > z:
            i0, i1, i2 = 1, 2, 0
        else:
            i0, i1, i2 = 2, 1, 0
    elif y > z:
        i0, i1, i2 = 0, 1, 2
    elif x > z:
        i0, i1, i2 = 0, 2, 1
    else:
        i0, i1, i2 = 2, 0, 1
    order[0] = i0
    order[1] = i1
    order[2] = i2


def cb_clip_side(g1, g2, st, flags, c, skip):
    #: cdef int cb_clip_side(const dReal* g1, const dReal* g2, const dReal* st, int flags, dReal* c,
    #:                       int skip) noexcept nogil
    """The cylinder's side line nearest the box (radius r along the normal's part across the axis), clipped
    to the box's six face planes in box-centred coordinates; two contacts at depths (clamped at 0) along the
    normal from the box's far extent; none when the line misses the box."""
    #: dReal u[3]
    #: dReal e[6]
    #: dReal f, hl, h, s, d0, d1
    #: int q, j, maxc
    u = [0.0] * 3  # py
    e = [0.0] * 6  # py
    f = g1[L.G_R + 2] * st[1] + g1[L.G_R + 5] * st[2] + g1[L.G_R + 8] * st[3]
    u[0] = st[1] - g1[L.G_R + 2] * f
    u[1] = st[2] - g1[L.G_R + 5] * f
    u[2] = st[3] - g1[L.G_R + 8] * f
    if normalize3(u) == 0:
        u[0] = 1.0
        u[1] = 0.0
        u[2] = 0.0
    hl = g1[L.G_LENGTH] * 0.5
    for q in range(3):
        f = g1[L.G_POS + q] + u[q] * g1[L.G_RADIUS]
        e[q] = f + g1[L.G_R + 3 * q + 2] * hl
        e[3 + q] = f - g1[L.G_R + 3 * q + 2] * hl
        e[q] = e[q] - g2[L.G_POS + q]
        e[3 + q] = e[3 + q] - g2[L.G_POS + q]
    for j in range(6):  # the +x, +y, +z face planes, then the -x, -y, -z ones
        s = 1.0
        if j >= 3:
            s = -1.0
        q = j % 3
        h = g2[L.G_SIDES + q] * 0.5
        if cb_clip_edge(e, s * g2[L.G_R + q], s * g2[L.G_R + 3 + q], s * g2[L.G_R + 6 + q], h) == 0:
            return 0
    d0 = st[4] + (e[0] * st[1] + e[1] * st[2] + e[2] * st[3])
    d1 = st[4] + (e[3] * st[1] + e[4] * st[2] + e[5] * st[3])
    if d0 < 0:
        d0 = 0.0
    if d1 < 0:
        d1 = 0.0
    put(c, 0, skip, e[0] + g2[L.G_POS], e[1] + g2[L.G_POS + 1], e[2] + g2[L.G_POS + 2],
        -st[1], -st[2], -st[3], d0)
    maxc = maxc_of(flags)
    if maxc < 2:
        return 1
    put(c, 1, skip, e[3] + g2[L.G_POS], e[4] + g2[L.G_POS + 1], e[5] + g2[L.G_POS + 2],
        -st[1], -st[2], -st[3], d1)
    return 2


def cb_clip_cap(g1, g2, st, flags, c, skip):
    #: cdef int cb_clip_cap(const dReal* g1, const dReal* g2, const dReal* st, int flags, dReal* c,
    #:                      int skip) noexcept nogil
    """The box face most facing the cylinder, moved into the frame of the cap nearer the box (origin at the
    cap's centre), clipped under the cap plane and inside the octagon whose sides touch the cap circle, moved
    back; a contact at each point with positive depth along the normal from the cylinder's far extent."""
    #: dReal binv[9]
    #: dReal cinv[9]
    #: dReal p[48]
    #: dReal q2[48]
    #: dReal cp[3]
    #: dReal w[3]
    #: dReal nb[3]
    #: int order[3]
    #: int s1[4]
    #: int s2[4]
    #: dReal hl, cz, h0, h1, h2, x, y, z, ang, inc, nx, ny, dep
    #: int i, j, q, m, cnt, maxc
    binv = [0.0] * 9  # py
    cinv = [0.0] * 9  # py
    p = [0.0] * 48  # py
    q2 = [0.0] * 48  # py
    cp = [0.0] * 3  # py
    w = [0.0] * 3  # py
    nb = [0.0] * 3  # py
    order = [0] * 3  # py
    s1 = [1, -1, -1, 1]
    s2 = [-1, -1, 1, 1]
    hl = g1[L.G_LENGTH] * 0.5
    cz = 1.0
    if g1[L.G_R + 2] * st[1] + g1[L.G_R + 5] * st[2] + g1[L.G_R + 8] * st[3] > 0:
        cz = -1.0  # the top cap: keep points below it
        for q in range(3):
            cp[q] = g1[L.G_POS + q] + g1[L.G_R + 3 * q + 2] * hl
    else:
        for q in range(3):
            cp[q] = g1[L.G_POS + q] - g1[L.G_R + 3 * q + 2] * hl
    cb_inverse(g2, binv)
    for i in range(3):
        nb[i] = binv[3 * i] * st[1] + binv[3 * i + 1] * st[2] + binv[3 * i + 2] * st[3]
    cb_face_order(nb[0], nb[1], nb[2], order)
    j = order[0]
    h0 = g2[L.G_SIDES + j] * 0.5
    if nb[j] > 0:
        h0 = -h0
    h1 = g2[L.G_SIDES + order[1]] * 0.5
    h2 = g2[L.G_SIDES + order[2]] * 0.5
    cb_inverse(g1, cinv)
    for i in range(4):  # the face's corners, then into the cap's frame
        for q in range(3):
            x = g2[L.G_POS + q] + h0 * g2[L.G_R + 3 * q + j]
            x = x + s1[i] * (h1 * g2[L.G_R + 3 * q + order[1]])
            x = x + s2[i] * (h2 * g2[L.G_R + 3 * q + order[2]])
            w[q] = x - cp[q]
        for q in range(3):
            p[3 * i + q] = cinv[3 * q] * w[0] + cinv[3 * q + 1] * w[1] + cinv[3 * q + 2] * w[2]
    m = cb_clip_poly(p, 4, q2, 0.0, 0.0, cz, 0.0)
    ang = M_PI / 8
    inc = ang * 2
    for i in range(8):  # the octagon: sides at distance r, normals at pi/8 + i pi/4 (angles summed)
        x = cos(ang)
        y = sin(ang)
        nx = -x
        ny = -y
        if i % 2 == 0:
            m = cb_clip_poly(q2, m, p, nx, ny, 0.0, g1[L.G_RADIUS])
        else:
            m = cb_clip_poly(p, m, q2, nx, ny, 0.0, g1[L.G_RADIUS])
        ang = ang + inc
    maxc = maxc_of(flags)
    cnt = 0
    for i in range(m):  # back to world coordinates; depth = the cylinder's extent - the point's height
        for q in range(3):
            x = (g1[L.G_R + 3 * q] * q2[3 * i] + g1[L.G_R + 3 * q + 1] * q2[3 * i + 1]
                 + g1[L.G_R + 3 * q + 2] * q2[3 * i + 2])
            w[q] = x + cp[q]
        x = w[0] - g1[L.G_POS]
        y = w[1] - g1[L.G_POS + 1]
        z = w[2] - g1[L.G_POS + 2]
        dep = st[5] - (x * st[1] + y * st[2] + z * st[3])
        if dep > 0:
            put(c, cnt, skip, w[0], w[1], w[2], -st[1], -st[2], -st[3], dep)
            cnt += 1
            if cnt == maxc:
                break
    return cnt


def collide_cylinder_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                               int flags, dReal* c, int skip) noexcept nogil
    """Cylinder g1 against box g2: the separating-axis test, then the side line or the cap clipping by the
    winning normal's angle to the axis (see the module's docstring)."""
    #: dReal vt[24]
    #: dReal st[8]
    #: dReal k, ak
    vt = [0.0] * 24  # py
    st = [0.0] * 8  # py
    cb_box_corners(g2, vt)
    if cb_separate(g1, g2, vt, st) == 0 or st[6] == 0:
        return 0
    k = st[1] * g1[L.G_R + 2] + st[2] * g1[L.G_R + 5] + st[3] * g1[L.G_R + 8]
    ak = fabs(k)
    if ak < CB_SIDE:
        return cb_clip_side(g1, g2, st, flags, c, skip)
    return cb_clip_cap(g1, g2, st, flags, c, skip)


# ---- end kernels
