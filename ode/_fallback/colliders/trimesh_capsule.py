"""Capsule against one triangle of a trimesh, as libode (trimesh_round collects the triangles).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from __future__ import annotations

from math import fabs, sqrt

from ... import _layout as L
from ..rotation import normalize3
from .mesh_geometry import tt_unit
from .mesh_registry import DINF

CAP_EDGE_TOL = 1e-5  # capsule/cylinder-trimesh: the contact segment's edge planes reach this far out
CAP_AXIS_MIN2 = 9.999999974752427e-07  # capsule-trimesh: axes with a squared length at most this (1e-6 as a
# float) are skipped
CAP_AXIS_MIN = 1e-5  # capsule-trimesh: axes shorter than this are skipped as well


# ---- kernels


# ---- capsule-trimesh in libode's arithmetic. Per front-facing triangle (normal N = (v2 - v1) x (v0 - v1),
# safely normalised; the centre behind its plane skips it) a separating-axis search keeps the first axis of
# smallest overlap (rc + half width) - |centre of the triangle's interval| (vertices taken relative to the
# capsule centre c), rc = |a.L| hl + r for the half length hl of the segment between the cap centres
# cp0/cp1 = c +- a hl: -N (never flipped), a x each edge, ((cp0 - v) x edge) x edge and then the same from cp1
# for each edge and its first vertex, ((v - cp0) x a) x a, v - cp0 and v - cp1 for each vertex. The segment
# moved by r along the kept normal L (from the capsule into the triangle) is clipped (relative to v0) by the
# triangle's plane and edge planes; its two ends are the contacts, of depth L.(p - c) - (centre - half
# width), clamped at 0.


def seg_clip_plane(p, nx, ny, nz, d):
    #: cdef int seg_clip_plane(dReal* p, dReal nx, dReal ny, dReal nz, dReal d) noexcept nogil
    """Clip segment p[0:3]-p[3:6] to n . x + d >= 0 in place: 0 when both ends are behind, else 1 (an end
    behind moved to the crossing; an end exactly on the plane counts as neither side)."""
    #: dReal d0, d1, x
    #: int k, m
    d0 = (p[0] * nx + p[1] * ny + p[2] * nz) + d
    d1 = (p[3] * nx + p[4] * ny + p[5] * nz) + d
    if d0 < 0 and d1 < 0:
        return 0
    if (d0 > 0 and d1 < 0) or (d0 < 0 and d1 > 0):
        m = 3
        if d0 < 0:
            m = 0
        for k in range(3):
            x = p[k] - (p[k] - p[3 + k]) * d0 / (d0 - d1)
            p[m + k] = x
    return 1


def seg_clip_tri(tv, nn, p):
    #: cdef int seg_clip_tri(const dReal* tv, const dReal* nn, dReal* p) noexcept nogil
    """Clip segment p (two points relative to vertex 0) by the back of triangle tv's plane (unit normal nn)
    and its three edge planes (N x edge, CAP_EDGE_TOL outwards, unnormalised), as libode's capsule and
    cylinder colliders; 0 when nothing is left."""
    #: dReal x, y, z, d
    #: int k, j
    if seg_clip_plane(p, -nn[0], -nn[1], -nn[2], 0.0) == 0:
        return 0
    for k in range(3):
        # the plane through edge k (from vertex k to the next) with normal N x edge
        j = (k + 1) % 3
        x = nn[1] * (tv[3 * j + 2] - tv[3 * k + 2]) - nn[2] * (tv[3 * j + 1] - tv[3 * k + 1])
        y = nn[2] * (tv[3 * j] - tv[3 * k]) - nn[0] * (tv[3 * j + 2] - tv[3 * k + 2])
        z = nn[0] * (tv[3 * j + 1] - tv[3 * k + 1]) - nn[1] * (tv[3 * j] - tv[3 * k])
        d = CAP_EDGE_TOL
        if k == 1:
            d = -(((tv[3] - tv[0]) * x + (tv[4] - tv[1]) * y + (tv[5] - tv[2]) * z) - CAP_EDGE_TOL)
        if seg_clip_plane(p, x, y, z, d) == 0:
            return 0
    return 1


def res_put(res, j, st, d):
    #: cdef void res_put(dReal* res, int j, const dReal* st, dReal d) noexcept nogil
    """Finish contact j of res (its point already written): the normal -L (st[1:4], from the triangle
    towards the shape) and depth d, clamped at 0."""
    if d < 0:
        d = 0.0
    res[7 * j + 3] = -st[1]
    res[7 * j + 4] = -st[2]
    res[7 * j + 5] = -st[3]
    res[7 * j + 6] = d


def tri_unit_normal(tv, nn):
    #: cdef int tri_unit_normal(const dReal* tv, dReal* nn) noexcept nogil
    """nn = the unit normal (v2 - v1) x (v0 - v1) of triangle tv, safely normalised; 0 when degenerate."""
    nn[0] = (tv[7] - tv[4]) * (tv[2] - tv[5]) - (tv[8] - tv[5]) * (tv[1] - tv[4])
    nn[1] = (tv[8] - tv[5]) * (tv[0] - tv[3]) - (tv[6] - tv[3]) * (tv[2] - tv[5])
    nn[2] = (tv[6] - tv[3]) * (tv[1] - tv[4]) - (tv[7] - tv[4]) * (tv[0] - tv[3])
    return normalize3(nn)


def tri_behind(tv, nn, cx, cy, cz):
    #: cdef int tri_behind(const dReal* tv, const dReal* nn, dReal cx, dReal cy, dReal cz) noexcept nogil
    """1 when the point c is behind the plane of triangle tv (unit normal nn): N.c - N.v0 < 0."""
    return (cx * nn[0] + cy * nn[1] + cz * nn[2]) + -(tv[0] * nn[0] + tv[1] * nn[1] + tv[2] * nn[2]) < 0


def tri_extent(tv, w, nx, ny, nz, lh):
    #: cdef void tri_extent(const dReal* tv, const dReal* w, dReal nx, dReal ny, dReal nz,
    #:                      dReal* lh) noexcept nogil
    """lh = the least and greatest of triangle tv's vertices along (nx, ny, nz), relative to the centre
    w[0:3]."""
    #: dReal x
    #: int k
    for k in range(3):
        x = (tv[3 * k] - w[0]) * nx + (tv[3 * k + 1] - w[1]) * ny + (tv[3 * k + 2] - w[2]) * nz
        if k == 0 or x < lh[0]:
            lh[0] = x
        if k == 0 or x > lh[1]:
            lh[1] = x


def cap_axis(tv, w, hl, ax, ay, az, flip, st):
    #: cdef int cap_axis(const dReal* tv, const dReal* w, dReal hl, dReal ax, dReal ay, dReal az,
    #:                   int flip, dReal* st) noexcept nogil
    """Candidate separating axis (ax, ay, az) of the capsule w (centre, axis, -, radius; hl the half length
    between its cap centres) against triangle tv: skipped when its squared length is at most CAP_AXIS_MIN2 or
    its length below CAP_AXIS_MIN; 0 when it separates; else 1, keeping in st (overlap, normal, centre, half
    width) the axis when its overlap is below st[0], turned towards the triangle when flip is set."""
    #: dReal n[3]
    #: dReal lh[2]
    #: dReal rc, c, half, d
    n = [0.0] * 3  # py
    lh = [0.0] * 2  # py
    if ax * ax + ay * ay + az * az <= CAP_AXIS_MIN2:
        return 1
    if sqrt(ax * ax + ay * ay + az * az) < CAP_AXIS_MIN:
        return 1
    n[0] = ax
    n[1] = ay
    n[2] = az
    tt_unit(n)
    rc = fabs(w[3] * n[0] + w[4] * n[1] + w[5] * n[2]) * hl + w[7]
    tri_extent(tv, w, n[0], n[1], n[2], lh)
    c = (lh[0] + lh[1]) * 0.5
    half = (lh[1] - lh[0]) * 0.5
    if fabs(c) > rc + half:
        return 0
    d = (rc + half) - fabs(c)
    if d < st[0]:
        st[0] = d
        st[5] = half
        if flip and c < 0:
            st[1] = -n[0]
            st[2] = -n[1]
            st[3] = -n[2]
            st[4] = -c
        else:
            st[1] = n[0]
            st[2] = n[1]
            st[3] = n[2]
            st[4] = c
    return 1


def cap_perp_axis(tv, w, hl, p, u, st):
    #: cdef int cap_perp_axis(const dReal* tv, const dReal* w, dReal hl, const dReal* p, const dReal* u,
    #:                        dReal* st) noexcept nogil
    """cap_axis for (p x u) x u, the direction of p's component across u (reversed)."""
    #: dReal tx, ty, tz
    tx = p[1] * u[2] - p[2] * u[1]
    ty = p[2] * u[0] - p[0] * u[2]
    tz = p[0] * u[1] - p[1] * u[0]
    return cap_axis(tv, w, hl, ty * u[2] - tz * u[1], tz * u[0] - tx * u[2], tx * u[1] - ty * u[0], 1, st)


def cap_separate(tv, nn, w, hl, st):
    #: cdef int cap_separate(const dReal* tv, const dReal* nn, const dReal* w, dReal hl,
    #:                       dReal* st) noexcept nogil
    """The separating-axis search of the capsule against triangle tv in libode's order (see the section
    comment); 0 when an axis separates, else 1 with the kept axis in st."""
    #: dReal e[9]
    #: dReal cp[6]
    #: dReal p[3]
    #: dReal u[3]
    #: dReal x, y, z
    #: int k, j, m
    e = [0.0] * 9  # py
    cp = [0.0] * 6  # py
    p = [0.0] * 3  # py
    u = [0.0] * 3  # py
    for k in range(3):
        j = (k + 1) % 3
        for m in range(3):
            e[3 * k + m] = tv[3 * j + m] - tv[3 * k + m]
            cp[m] = w[m] + w[3 + m] * hl
            cp[3 + m] = w[m] - w[3 + m] * hl
    st[0] = DINF
    if cap_axis(tv, w, hl, -nn[0], -nn[1], -nn[2], 0, st) == 0:
        return 0
    for k in range(3):  # a x each edge
        x = w[4] * e[3 * k + 2] - w[5] * e[3 * k + 1]
        y = w[5] * e[3 * k] - w[3] * e[3 * k + 2]
        z = w[3] * e[3 * k + 1] - w[4] * e[3 * k]
        if cap_axis(tv, w, hl, x, y, z, 1, st) == 0:
            return 0
    for j in range(2):  # ((cp - v) x edge) x edge from cp0, then from cp1, v the edge's first vertex
        for k in range(3):
            for m in range(3):
                p[m] = cp[3 * j + m] - tv[3 * k + m]
                u[m] = e[3 * k + m]
            if cap_perp_axis(tv, w, hl, p, u, st) == 0:
                return 0
    for k in range(3):  # ((v - cp0) x a) x a
        for m in range(3):
            p[m] = tv[3 * k + m] - cp[m]
            u[m] = w[3 + m]
        if cap_perp_axis(tv, w, hl, p, u, st) == 0:
            return 0
    for j in range(2):  # v - cp0, then v - cp1
        for k in range(3):
            x = tv[3 * k] - cp[3 * j]
            y = tv[3 * k + 1] - cp[3 * j + 1]
            z = tv[3 * k + 2] - cp[3 * j + 2]
            if cap_axis(tv, w, hl, x, y, z, 1, st) == 0:
                return 0
    return 1


def cap_tri(g2, tv, w, res):
    #: cdef int cap_tri(const dReal* g2, const dReal* tv, dReal* w, dReal* res) noexcept nogil
    """Contacts (0 or 2, 7 reals each in res: point, normal from the triangle towards the capsule, depth) of
    the capsule record g2 (w: centre, axis, half length, radius) with triangle tv, by libode's rules."""
    #: dReal nn[3]
    #: dReal st[6]
    #: dReal p[6]
    #: dReal hl, x, d
    #: int k, j
    nn = [0.0] * 3  # py
    st = [0.0] * 6  # py
    p = [0.0] * 6  # py
    hl = (g2[L.G_LENGTH] + 2 * w[7]) * 0.5 - w[7]
    if tri_unit_normal(tv, nn) == 0:
        return 0
    if tri_behind(tv, nn, w[0], w[1], w[2]):
        return 0
    if cap_separate(tv, nn, w, hl, st) == 0:
        return 0
    for k in range(3):
        x = w[k] + st[1 + k] * w[7]
        p[k] = (x + w[3 + k] * hl) - tv[k]
        p[3 + k] = (x - w[3 + k] * hl) - tv[k]
    if seg_clip_tri(tv, nn, p) == 0:
        return 0
    for j in range(2):
        for k in range(3):
            res[7 * j + k] = p[3 * j + k] + tv[k]
        d = (
            (res[7 * j] - w[0]) * st[1] + (res[7 * j + 1] - w[1]) * st[2] + (res[7 * j + 2] - w[2]) * st[3]
        ) - (st[4] - st[5])
        res_put(res, j, st, d)
    return 2


# ---- end kernels
