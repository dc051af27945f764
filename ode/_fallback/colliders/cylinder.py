"""Cylinder against box and cylinder.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import atan2, cos, fabs, floor, sin, sqrt

from ... import _layout as L
from .mpr import mpr_contact, mpr_qrot, mpr_quat
from .prim_contacts import maxc_of, put, unimp_of
from .prim_geometry import DINF, M_PI, col_dot, to_local

CYL_ALIGNED = 0.0010000000474974513  # libode's 1e-3f: cylinders with 1 - |a1 . a2| below it are aligned
OCT_R = 1.0823922002923938  # 1 / cos(pi / 8): libode's cap octagon has its corners at r / cos 22.5 deg
# |normal . cylinder axis| above this: libode puts the cap (octagon) against a box face
CAP_AXIS = 0.9
POLY_MAX = 16  # clipped polygons (octagon or box face against up to 9 planes) stay below this


# ---- kernels


def cyl_box_depth(g1, g2, nx, ny, nz, best, out):
    #: cdef dReal cyl_box_depth(const dReal* g1, const dReal* g2, dReal nx, dReal ny, dReal nz, dReal best,
    #:                          dReal* out) noexcept nogil
    """Overlap of cylinder g1 and box g2 along unit axis n (negative: separated); if below best, out = n
    oriented from the cylinder towards the box, and the overlap is returned (else best is returned unchanged).
    """
    #: dReal k, s, e, dd
    #: int j
    k = col_dot(g1, 2, nx, ny, nz)
    e = 1 - k * k
    if e < 0:
        e = 0.0
    s = g1[L.G_LENGTH] * 0.5 * fabs(k) + g1[L.G_RADIUS] * sqrt(e)
    for j in range(3):
        s += g2[L.G_SIDES + j] * 0.5 * fabs(col_dot(g2, j, nx, ny, nz))
    dd = (
        (g1[L.G_POS] - g2[L.G_POS]) * nx
        + (g1[L.G_POS + 1] - g2[L.G_POS + 1]) * ny
        + (g1[L.G_POS + 2] - g2[L.G_POS + 2]) * nz
    )
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
    #: cdef dReal cyl_box_axis(const dReal* g1, const dReal* g2, dReal x, dReal y, dReal z, dReal best,
    #:                         dReal* out) noexcept nogil
    """cyl_box_depth along (x, y, z) normalised as libode does (divided by its largest component first, then
    by the length: the rounding decides whether near-zero clip points survive)."""
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
    """libode's edge-rim axes: for each box edge line and each cap, the point where the line meets the cap
    plane gives a rim point (radially); the axis is perpendicular to the edge and the rim's tangent there."""
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
    #: cdef int clip_plane3(const dReal* poly, int n, dReal* out, dReal nx, dReal ny, dReal nz,
    #:                      dReal off) noexcept nogil
    """Clip the 3D polygon poly (n points) to nx*x + ny*y + nz*z <= off (Sutherland-Hodgman) into out; the
    count."""
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
    #: cdef int cyl_cap_on_face(const dReal* g1, const dReal* g2, const dReal* n, dReal k, int j, dReal best,
    #:                          int flags, dReal* c, int skip) noexcept nogil
    """Cylinder g1's cap against box g2's face j (normal n from the cylinder to the box, k = n . axis), as
    libode: the cap as an octagon around its circle, cut by the face plane, moved along the axis onto the
    face, clipped to the face rectangle; every point at the separating depth best."""
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
            poly[3 * m + q] = (
                g1[L.G_POS + q]
                + g1[L.G_R + 3 * q] * ca
                + g1[L.G_R + 3 * q + 1] * sa
                + g1[L.G_R + 3 * q + 2] * h
            )
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
    #: cdef int box_face_in_cap(const dReal* g1, const dReal* g2, const dReal* n, dReal k, int along,
    #:                          dReal best, int flags, dReal* c, int skip) noexcept nogil
    """Box g2's face towards cylinder g1 when the cylinder's axis or (near it) an edge-rim axis n (oriented to
    the box) separates best, as libode: the face cut by the cap plane and the cap's octagon prism; depths
    along n measured from the deepest face corner (at depth best); points of depth <= 0 dropped."""
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
        m = clip_plane3(
            poly,
            4,
            tmp,
            n[0],
            n[1],
            n[2],
            n[0] * (g1[L.G_POS] + g1[L.G_R + 2] * h)
            + n[1] * (g1[L.G_POS + 1] + g1[L.G_R + 5] * h)
            + n[2] * (g1[L.G_POS + 2] + g1[L.G_R + 8] * h),
        )
    else:
        m = clip_plane3(
            poly, 4, tmp, fx, fy, fz, fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2] + h
        )
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
                m = clip_plane3(
                    tmp,
                    m,
                    poly,
                    fx,
                    fy,
                    fz,
                    rr + fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2],
                )
            else:
                m = clip_plane3(
                    poly,
                    m,
                    tmp,
                    fx,
                    fy,
                    fz,
                    rr + fx * g1[L.G_POS] + fy * g1[L.G_POS + 1] + fz * g1[L.G_POS + 2],
                )
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
    #: cdef int collide_cylinder_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                               int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against box: separating axes (box faces, cylinder axis, box edges x axis, axis-to-vertex
    radials), then, as libode, the cylinder's deepest side line clipped to the box (depths along the normal);
    when the normal is within acos(0.9) of the axis, one contact at the cylinder's deepest rim point (libode
    clips the cap there)."""
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


def cyl_frame(g, cy):
    #: cdef void cyl_frame(const dReal* g, double* cy) noexcept nogil
    """cy = cylinder g as libode's libccd sees it (doubles): its quaternion and inverse (cy[0:8], mpr_quat),
    its unit axis (cy[8:11], the turned half-length vector over its length) and its centre (cy[11:14])."""
    #: double k
    mpr_quat(g, cy)
    mpr_qrot(cy, 0, 0.0, 0.0, g[L.G_LENGTH] * 0.5, cy, 8)
    k = 1.0 / sqrt(cy[8] * cy[8] + cy[9] * cy[9] + cy[10] * cy[10])
    cy[8] = cy[8] * k
    cy[9] = cy[9] * k
    cy[10] = cy[10] * k
    cy[11] = g[L.G_POS]
    cy[12] = g[L.G_POS + 1]
    cy[13] = g[L.G_POS + 2]


def cyl_dot(cy, o, x, y, z):
    #: cdef inline double cyl_dot(const double* cy, int o, double x, double y, double z) noexcept nogil
    """cy[o:o+3] . (x, y, z), summed left to right."""
    return cy[o] * x + cy[o + 1] * y + cy[o + 2] * z


def rim_point(angle, r, lift, lsum, pri, sec, p):
    #: cdef dReal rim_point(dReal angle, dReal r, dReal lift, dReal lsum, const double* pri,
    #:                      const double* sec, double* p) noexcept nogil
    """libode's rim contact of two aligned cylinders: the point at angle on cylinder pri's rim of radius r
    (in its own frame, turned by its quaternion); depth = lsum less its distance along sec's axis from sec's
    centre. When that depth is not negative, p = the point moved by lift along pri's axis (the cap's rim)
    and the depth is returned; else -1."""
    #: dReal depth
    mpr_qrot(pri, 0, cos(angle) * r, sin(angle) * r, 0.0, p, 0)
    p[0] = p[0] + pri[11]
    p[1] = p[1] + pri[12]
    p[2] = p[2] + pri[13]
    depth = lsum - fabs(cyl_dot(sec, 8, p[0] - sec[11], p[1] - sec[12], p[2] - sec[13]))
    if depth < 0:
        return -1.0
    p[0] = p[0] + pri[8] * lift
    p[1] = p[1] + pri[9] * lift
    p[2] = p[2] + pri[10] * lift
    return depth


def rim_arc(ra, rb, d, x, y, out):
    #: cdef void rim_arc(dReal ra, dReal rb, dReal d, double x, double y, dReal* out) noexcept nogil
    """The arc of a rim of radius ra (centre at the origin of its cap plane) inside a disc of radius rb
    centred at (x, y) of that plane, at distance d: out = (first angle, angular span), libode's angles."""
    #: dReal l, h, dl, dh, a1, a2, lo, hi, a
    l = (ra * ra - rb * rb + d * d) * (0.5 * (1.0 / d))
    h = sqrt(ra * ra - l * l)
    dl = l * (1.0 / d)
    dh = h * (1.0 / d)
    a1 = atan2(dl * y - dh * x, dl * x + dh * y)
    a2 = atan2(dl * y + dh * x, dl * x - dh * y)
    lo = a1 if a1 < a2 else a2
    hi = a1 if a1 > a2 else a2
    a = atan2(y, x)
    if a < lo or a > hi:
        a = hi
        hi = lo + M_PI * 2.0
        lo = a
    out[0] = lo
    out[1] = hi - lo


def cyl_rims(c, k, maxc, flags, skip, i0, n, base, step, r, lift, lsum, pri, sec, nrm):
    #: cdef int cyl_rims(dReal* c, int k, int maxc, int flags, int skip, int i0, int n, dReal base,
    #:                   dReal step, dReal r, dReal lift, dReal lsum, const double* pri, const double* sec,
    #:                   const dReal* nrm) noexcept nogil
    """Rim contacts at angles base + step i, i0 <= i < i0 + n, on pri's rim (rim_point) from contact k (at
    most maxc): the new count; under CONTACTS_UNIMPORTANT the first contact ends it."""
    #: double p[3]
    #: dReal depth
    #: int i
    p = [0.0] * 3  # py
    for i in range(i0, i0 + n):
        depth = rim_point(base + step * i, r, lift, lsum, pri, sec, p)
        if depth >= 0 and k < maxc:
            put(c, k, skip, p[0], p[1], p[2], nrm[0], nrm[1], nrm[2], depth)
            k = k + 1
            if unimp_of(flags):
                break
    return k


#: py- from libc.math cimport floor
def cyl_crossing(c, flags, skip, maxc, rmin, rmax, lmin, lmax, lsum, mn, mx, px, py, pz, nrm):
    #: cdef int cyl_crossing(dReal* c, int flags, int skip, int maxc, dReal rmin, dReal rmax, dReal lmin,
    #:                       dReal lmax, dReal lsum, const double* mn, const double* mx, double px,
    #:                       double py, double pz, const dReal* nrm) noexcept nogil
    """Aligned cylinders whose cap rims cross (libode): each rim's arc inside the other disc (rim_arc, in
    the larger's and then the smaller's frame; p = the offset of the smaller centre off the larger's axis)
    shares the contacts by its length times radius; the smaller's interior points first, then the larger's
    including its arc ends (its middle alone for a single point)."""
    #: double v[3]
    #: dReal d, ratio, t
    #: dReal arc_a[2]
    #: dReal arc_b[2]
    #: int nmax, nmin, k
    v = [0.0] * 3  # py
    arc_a = [0.0] * 2  # py
    arc_b = [0.0] * 2  # py
    mpr_qrot(mx, 4, px, py, pz, v, 0)
    d = sqrt(v[0] * v[0] + v[1] * v[1])
    rim_arc(rmax, rmin, d, v[0], v[1], arc_a)
    mpr_qrot(mn, 4, -px, -py, -pz, v, 0)
    rim_arc(rmin, rmax, d, v[0], v[1], arc_b)
    ratio = arc_a[1] * rmax / (arc_a[1] * rmax + arc_b[1] * rmin)
    t = floor(ratio * maxc + 0.5)
    nmax = int(t)  # py
    #: py- nmax = <int>t
    nmin = maxc - nmax
    if nmin < 1:
        nmin = 1
        nmax = nmax - 1
    elif nmin > 1:
        nmin = nmin - 1
        nmax = nmax + 1
    k = cyl_rims(c, 0, maxc, flags, skip, 1, nmin, arc_b[0], arc_b[1] / (nmin + 1), rmin, lmin, lsum, mn, mx,
                 nrm)
    if k > 0 and unimp_of(flags):
        return k
    if nmax == 1:
        return cyl_rims(c, k, maxc, flags, skip, 0, 1, arc_a[0] + 0.5 * arc_a[1], arc_a[1], rmax, lmax, lsum,
                        mx, mn, nrm)
    return cyl_rims(c, k, maxc, flags, skip, 0, nmax, arc_a[0], arc_a[1] / (nmax - 1), rmax, lmax, lsum, mx,
                    mn, nrm)


def cyl_aligned(g1, g2, flags, c, skip):
    #: cdef int cyl_aligned(const dReal* g1, const dReal* g2, int flags, dReal* c, int skip) noexcept nogil
    """libode's contacts of two cylinders with (nearly) aligned axes, 1 - |a1 . a2| below 1e-3 (in float):
    none when their axial reach (half lengths, less the centres' axial offset along the larger's axis, plus
    the smaller radius times the tilt's sine) or radial reach (radii less the centres' offset off that axis)
    is negative; cap to cap when the axial reach is the smaller: up to 8 rim points (the smaller disc inside
    the larger: its rim at equal angles; else cyl_crossing), each with its own axial depth and the larger's
    axis as normal (pointing from geom 1 into geom 2). -1 when the MPR decides (not aligned, or sideways)."""
    #: double cy1[14]
    #: double cy2[14]
    #: double* mn
    #: double* mx
    #: dReal prod, r1, r2, l1, l2, lsum, dot, dot2, depth_v, depth_h, rdiff, rmin, rmax, lmin, lmax, nd
    #: double px, py, pz, qx, qy, qz
    #: dReal nrm[3]
    #: int maxc, min1
    cy1 = [0.0] * 14  # py
    cy2 = [0.0] * 14  # py
    nrm = [0.0] * 3  # py
    cyl_frame(g1, cy1)
    cyl_frame(g2, cy2)
    prod = fabs(cyl_dot(cy1, 8, cy2[8], cy2[9], cy2[10]))
    if not 1.0 - prod < CYL_ALIGNED:
        return -1
    r1 = g1[L.G_RADIUS]
    r2 = g2[L.G_RADIUS]
    l1 = g1[L.G_LENGTH] * 0.5
    l2 = g2[L.G_LENGTH] * 0.5
    min1 = 1 if r1 <= r2 else 0
    if min1:
        mn = cy1
        mx = cy2
        rmin = r1
        rmax = r2
    else:
        mn = cy2
        mx = cy1
        rmin = r2
        rmax = r1
    lsum = l1 + l2
    px = mn[11] - mx[11]
    py = mn[12] - mx[12]
    pz = mn[13] - mx[13]
    dot = cyl_dot(mx, 8, px, py, pz)
    depth_v = 1.0 - prod * prod
    if depth_v < 0:
        depth_v = 0.0
    depth_v = lsum - fabs(dot) + sqrt(depth_v) * rmin
    if depth_v < 0:
        return 0
    qx = mx[8] * -dot + px
    qy = mx[9] * -dot + py
    qz = mx[10] * -dot + pz
    rdiff = sqrt(qx * qx + qy * qy + qz * qz)
    depth_h = r1 + r2 - rdiff
    if depth_h < 0:
        return 0
    if not depth_v < depth_h:
        return -1
    maxc = maxc_of(flags)
    if maxc > 8:
        maxc = 8
    dot2 = -cyl_dot(mn, 8, px, py, pz)
    lmax = l2 if min1 else l1
    lmin = l1 if min1 else l2
    if dot2 < 0:
        lmin = -lmin
    if dot < 0:
        lmax = -lmax
    nd = 1.0 if (dot < 0) != (min1 == 1) else -1.0
    nrm[0] = nd * mx[8]
    nrm[1] = nd * mx[9]
    nrm[2] = nd * mx[10]
    if rmin + rdiff <= rmax:
        return cyl_rims(c, 0, maxc, flags, skip, 0, maxc, 0.0, 2.0 * M_PI / maxc, rmin, lmin, lsum, mn, mx,
                        nrm)
    return cyl_crossing(c, flags, skip, maxc, rmin, rmax, lmin, lmax, lsum, mn, mx, qx, qy, qz, nrm)


def collide_cylinder_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                    int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against cylinder (as libode): aligned cylinders touching cap to cap by cyl_aligned, otherwise
    one contact by MPR."""
    #: int n
    n = cyl_aligned(g1, g2, flags, c, skip)
    if n >= 0:
        return n
    return mpr_contact(g1, L.GC_CYLINDER, None, 0, g2, L.GC_CYLINDER, None, 0, flags, c, skip)


# ---- end kernels
