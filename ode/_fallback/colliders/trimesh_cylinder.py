"""Cylinder against one triangle of a trimesh, as libode (trimesh_round collects the triangles).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import cos, fabs, sin, sqrt

from ... import _layout as L
from ..rotation import normalize3, r_to_q
from .mesh_registry import DINF
from .trimesh_capsule import res_put, seg_clip_tri, tri_behind, tri_extent, tri_unit_normal

M_PI = 3.141592653589793
CYL_CAP_COS = 0.9  # cylinder-trimesh: |axis . normal| at or above this clips the triangle by the cap prism
CYL_AXIS_MIN = 1e-5  # cylinder-trimesh: candidate axes shorter than this are skipped


# ---- kernels


# ---- cylinder-trimesh in libode's arithmetic (its contacts, depths and ties come out bit for bit on the
# recorded poses). Per front-facing triangle (normal N = (v2 - v1) x (v0 - v1), safely normalised; the centre
# on its back skips it) a separating-axis search keeps the first axis of smallest overlap
# (rt + half width) - |centre of the triangle's interval|, rt the cylinder's half extent
# h |a.L| + r sqrt(1 - (a.L)^2): -N (never flipped), a x each edge, the perpendicular from the axis through
# the top cap centre to each vertex, the axis a, then per cap (top, bottom) and edge (v0v1, v1v2, v0v2) the
# rim axis (tangent at the edge line's crossing of the cap plane) x edge; the kept normal L points from the
# cylinder into the triangle. With |a.L| < 0.9 the cylinder's surface line deepest along L is clipped by the
# triangle's plane and edge planes; otherwise the triangle, in the frame of the near cap (rotated by the
# geom's quaternion), is clipped by that cap's plane and the octagon around the rim.


def quat_rotate(q, x, y, z, out, o):
    #: cdef void quat_rotate(const dReal* q, dReal x, dReal y, dReal z, dReal* out, int o) noexcept nogil
    """out[o:o+3] = (x, y, z) rotated by quaternion q (w, x, y, z; u its vector part), as the product
    q v q*: t = w v + u x v and e = u . v first, then w t + e u + u x t."""
    #: dReal tx, ty, tz, e
    tx = x * q[0] + z * q[2] - y * q[3]
    ty = y * q[0] + x * q[3] - z * q[1]
    tz = z * q[0] + y * q[1] - x * q[2]
    e = x * q[1] + y * q[2] + z * q[3]
    out[o] = q[0] * tx + q[1] * e + q[2] * tz - q[3] * ty
    out[o + 1] = q[0] * ty + q[2] * e + q[3] * tx - q[1] * tz
    out[o + 2] = q[0] * tz + q[3] * e + q[1] * ty - q[2] * tx


def quat_inverse(q, qi):
    #: cdef void quat_inverse(const dReal* q, dReal* qi) noexcept nogil
    """qi = the inverse of quaternion q: its conjugate times 1 / |q|^2 (zero when q is), as libode's cylinder
    collider takes it (not assuming |q| = 1: the cap frame's points come out bit for bit)."""
    #: dReal n
    n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]
    if n > 0:
        n = 1.0 / n
    else:
        n = 0.0
    qi[0] = q[0] * n
    qi[1] = -q[1] * n
    qi[2] = -q[2] * n
    qi[3] = -q[3] * n


def cyl_axis(tv, w, ax, ay, az, flip, st):
    #: cdef int cyl_axis(const dReal* tv, const dReal* w, dReal ax, dReal ay, dReal az, int flip,
    #:                   dReal* st) noexcept nogil
    """Candidate separating axis (ax, ay, az) of cylinder w (centre, axis, half length, radius) against
    triangle tv: 0 when it separates; else 1, keeping in st (overlap, normal, rt) the axis when its overlap
    is below st[0], turned towards the triangle when flip is set. Shorter than CYL_AXIS_MIN: skipped."""
    #: dReal lh[2]
    #: dReal l, d, rt, c, half
    lh = [0.0] * 2  # py
    l = sqrt(ax * ax + ay * ay + az * az)
    if l < CYL_AXIS_MIN:
        return 1
    ax = ax / l
    ay = ay / l
    az = az / l
    d = w[3] * ax + w[4] * ay + w[5] * az
    if fabs(d) > 1.0:
        rt = fabs(w[6])
    else:
        # each step rounded to dReal, as a float kernel computes it
        rt = 1.0 - d * d
        rt = sqrt(rt)
        rt = fabs(w[6] * d) + w[7] * rt
    tri_extent(tv, w, ax, ay, az, lh)
    c = (lh[0] + lh[1]) * 0.5
    half = (lh[1] - lh[0]) * 0.5
    if fabs(c) > rt + half:
        return 0
    d = -(fabs(c) - (rt + half))
    if d < st[0]:
        st[0] = d
        st[4] = rt
        if flip and c < 0:
            ax = -ax
            ay = -ay
            az = -az
        st[1] = ax
        st[2] = ay
        st[3] = az
    return 1


def cyl_rim_axis(tv, w, s, i, j, st):
    #: cdef int cyl_rim_axis(const dReal* tv, const dReal* w, dReal s, int i, int j,
    #:                       dReal* st) noexcept nogil
    """The rim axis of the cap at c + a s against the edge from vertex i to vertex j (cyl_axis's result):
    the tangent of the rim circle at the edge line's crossing of the cap plane, crossed with the edge's unit
    direction; skipped when the edge is within 1e-5 (cosine) of parallel to the cap plane."""
    #: dReal u[3]
    #: dReal cx, cy, cz, f2, f1, px, py, pz, tx, ty, tz
    u = [0.0] * 3  # py
    u[0] = tv[3 * j] - tv[3 * i]
    u[1] = tv[3 * j + 1] - tv[3 * i + 1]
    u[2] = tv[3 * j + 2] - tv[3 * i + 2]
    normalize3(u)
    cx = w[0] + w[3] * s
    cy = w[1] + w[4] * s
    cz = w[2] + w[5] * s
    f2 = u[0] * w[3] + u[1] * w[4] + u[2] * w[5]
    if fabs(f2) < 1e-5:
        return 1
    f1 = (cx - tv[3 * i]) * w[3] + (cy - tv[3 * i + 1]) * w[4] + (cz - tv[3 * i + 2]) * w[5]
    px = cx - (tv[3 * i] + u[0] * f1 / f2)
    py = cy - (tv[3 * i + 1] + u[1] * f1 / f2)
    pz = cz - (tv[3 * i + 2] + u[2] * f1 / f2)
    tx = py * w[5] - pz * w[4]
    ty = pz * w[3] - px * w[5]
    tz = px * w[4] - py * w[3]
    return cyl_axis(tv, w, ty * u[2] - tz * u[1], tz * u[0] - tx * u[2], tx * u[1] - ty * u[0], 1, st)


def cyl_separate(tv, nn, w, st):
    #: cdef int cyl_separate(const dReal* tv, const dReal* nn, const dReal* w, dReal* st) noexcept nogil
    """The separating-axis search of cylinder w against triangle tv (unit normal nn) in libode's order; 0
    when an axis separates, else 1 with the kept axis in st (cyl_axis)."""
    #: dReal ex, ey, ez, px, py, pz, tx, ty, tz
    #: int k, j
    st[0] = DINF
    if cyl_axis(tv, w, -nn[0], -nn[1], -nn[2], 0, st) == 0:
        return 0
    for k in range(3):
        # edges v1 - v0, v2 - v1, v0 - v2
        j = (k + 1) % 3
        ex = tv[3 * j] - tv[3 * k]
        ey = tv[3 * j + 1] - tv[3 * k + 1]
        ez = tv[3 * j + 2] - tv[3 * k + 2]
        if cyl_axis(tv, w, w[4] * ez - w[5] * ey, w[5] * ex - w[3] * ez, w[3] * ey - w[4] * ex, 1, st) == 0:
            return 0
    for k in range(3):
        # ((v - top cap centre) x a) x a
        px = tv[3 * k] - (w[0] + w[3] * w[6])
        py = tv[3 * k + 1] - (w[1] + w[4] * w[6])
        pz = tv[3 * k + 2] - (w[2] + w[5] * w[6])
        tx = py * w[5] - pz * w[4]
        ty = pz * w[3] - px * w[5]
        tz = px * w[4] - py * w[3]
        if cyl_axis(tv, w, ty * w[5] - tz * w[4], tz * w[3] - tx * w[5], tx * w[4] - ty * w[3], 1, st) == 0:
            return 0
    if cyl_axis(tv, w, w[3], w[4], w[5], 1, st) == 0:
        return 0
    for k in range(6):
        px = w[6]
        if k >= 3:
            px = -w[6]
        j = k % 3
        if j == 0:
            ex = cyl_rim_axis(tv, w, px, 0, 1, st)
        elif j == 1:
            ex = cyl_rim_axis(tv, w, px, 1, 2, st)
        else:
            ex = cyl_rim_axis(tv, w, px, 0, 2, st)
        if ex == 0:
            return 0
    return 1


def poly_clip_plane(p, n, q, nx, ny, nz, d):
    #: cdef int poly_clip_plane(const dReal* p, int n, dReal* q, dReal nx, dReal ny, dReal nz,
    #:                          dReal d) noexcept nogil
    """q = the part of polygon p (n points) with n . x + d >= 0, walked from its closing edge: each edge
    emits its start when inside, then its crossing when its ends are strictly on both sides."""
    #: int k, j, m, i
    #: dReal d0, d1
    m = 0
    for k in range(n):
        j = (k + n - 1) % n
        d0 = (p[3 * j] * nx + p[3 * j + 1] * ny + p[3 * j + 2] * nz) + d
        d1 = (p[3 * k] * nx + p[3 * k + 1] * ny + p[3 * k + 2] * nz) + d
        if d0 >= 0:
            for i in range(3):
                q[3 * m + i] = p[3 * j + i]
            m = m + 1
        if (d0 > 0 and d1 < 0) or (d0 < 0 and d1 > 0):
            for i in range(3):
                q[3 * m + i] = p[3 * j + i] - (p[3 * j + i] - p[3 * k + i]) * d0 / (d0 - d1)
            m = m + 1
    return m


def cyl_side(tv, nn, w, st, res):
    #: cdef int cyl_side(const dReal* tv, const dReal* nn, const dReal* w, const dReal* st,
    #:                   dReal* res) noexcept nogil
    """The two contacts of the cylinder's surface line deepest along st's normal L, clipped (relative to
    v0) by the triangle's plane and its three edge planes (N x edge, CAP_EDGE_TOL outwards); depth
    st[0] - (rt - L.(p - c)), clamped at 0. 0 contacts when the line is clipped away."""
    #: dReal p[6]
    #: dReal m[3]
    #: dReal d, l, x, y, z
    #: int k, j
    p = [0.0] * 6  # py
    m = [0.0] * 3  # py
    d = w[3] * st[1] + w[4] * st[2] + w[5] * st[3]
    m[0] = st[1] - w[3] * d
    m[1] = st[2] - w[4] * d
    m[2] = st[3] - w[5] * d
    l = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2])
    if l < 1e-5:
        return 0
    for k in range(3):
        x = w[k] + (m[k] / l) * w[7]
        p[k] = (x + w[3 + k] * w[6]) - tv[k]
        p[3 + k] = (x - w[3 + k] * w[6]) - tv[k]
    if seg_clip_tri(tv, nn, p) == 0:
        return 0
    for j in range(2):
        for k in range(3):
            res[7 * j + k] = p[3 * j + k] + tv[k]
        d = st[0] - (
            -((res[7 * j] - w[0]) * st[1] + (res[7 * j + 1] - w[1]) * st[2] + (res[7 * j + 2] - w[2]) * st[3])
            + st[4]
        )
        res_put(res, j, st, d)
    return 2


def cyl_cap(g2, tv, w, st, res):
    #: cdef int cyl_cap(const dReal* g2, const dReal* tv, const dReal* w, const dReal* st,
    #:                  dReal* res) noexcept nogil
    """Contacts of the cap near the triangle: the triangle in that cap's frame (centre c +- a h, rotated by
    the inverse of the geom's quaternion, taken from its rotation matrix) clipped by the cap plane, then by
    the octagon around the rim (sides r out at angles pi/8 + k pi/4, each angle the previous plus pi/4);
    each point taken back to the world is a contact when its depth rt - |L.(p - c)| is positive."""
    #: dReal rm[9]
    #: dReal q[4]
    #: dReal qi[4]
    #: dReal pa[48]
    #: dReal pb[48]
    #: dReal cc[3]
    #: dReal s, ang, step, d
    #: int k, npt, cnt, _k
    rm = [0.0] * 9  # py
    q = [0.0] * 4  # py
    qi = [0.0] * 4  # py
    pa = [0.0] * 48  # py
    pb = [0.0] * 48  # py
    cc = [0.0] * 3  # py
    s = -1.0
    if w[3] * st[1] + w[4] * st[2] + w[5] * st[3] > 0:
        s = 1.0
    for k in range(3):
        cc[k] = w[k] + s * (w[3 + k] * w[6])
    for k in range(9):
        rm[k] = g2[L.G_R + k]
    r_to_q(rm, q)
    quat_inverse(q, qi)
    for k in range(3):
        quat_rotate(qi, tv[3 * k] - cc[0], tv[3 * k + 1] - cc[1], tv[3 * k + 2] - cc[2], pa, 3 * k)
    npt = poly_clip_plane(pa, 3, pb, 0.0, 0.0, -s, 0.0)
    ang = M_PI / 8
    step = ang * 2.0
    for _k in range(8):
        for cnt in range(3 * npt):
            pa[cnt] = pb[cnt]
        npt = poly_clip_plane(pa, npt, pb, -cos(ang), -sin(ang), 0.0, w[7])
        ang = ang + step
    cnt = 0
    for k in range(npt):
        quat_rotate(q, pb[3 * k], pb[3 * k + 1], pb[3 * k + 2], res, 7 * cnt)
        res[7 * cnt] = res[7 * cnt] + cc[0]
        res[7 * cnt + 1] = res[7 * cnt + 1] + cc[1]
        res[7 * cnt + 2] = res[7 * cnt + 2] + cc[2]
        d = st[4] - fabs(
            (res[7 * cnt] - w[0]) * st[1]
            + (res[7 * cnt + 1] - w[1]) * st[2]
            + (res[7 * cnt + 2] - w[2]) * st[3]
        )
        if d > 0:
            res_put(res, cnt, st, d)
            cnt += 1
    return cnt


def cyl_tri(g2, tv, w, res):
    #: cdef int cyl_tri(const dReal* g2, const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal from the triangle towards the cylinder, depth) of the
    cylinder record g2 (w: centre, axis, half length, radius) with triangle tv, by libode's rules."""
    #: dReal nn[3]
    #: dReal st[5]
    nn = [0.0] * 3  # py
    st = [0.0] * 5  # py
    if tri_unit_normal(tv, nn) == 0:
        return 0
    if tri_behind(tv, nn, w[0], w[1], w[2]):
        return 0
    if cyl_separate(tv, nn, w, st) == 0:
        return 0
    if fabs(st[1] * w[3] + st[2] * w[4] + st[3] * w[5]) < CYL_CAP_COS:
        return cyl_side(tv, nn, w, st, res)
    return cyl_cap(g2, tv, w, st, res)


# ---- end kernels
