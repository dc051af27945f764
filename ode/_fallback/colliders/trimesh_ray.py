"""A ray against a trimesh, as libode's OPCODE ray collider (float arithmetic).

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from __future__ import annotations

import struct
from math import copysign, fabs

from ... import _layout as L
from .mesh_contacts import maxc_of
from .mesh_geometry import rot_vec
from .mesh_registry import DINF, MESH_TRIMESH, rec, reg_get, to_int, tri_degenerate, work_free, work_new
from .trimesh_tree import tt_kids, tt_nodes

_F32 = struct.Struct("f")


def _f32(x) -> float:
    """x rounded to the nearest float32 (as a C cast; overflow gives an infinity)."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return copysign(DINF, x)


# ---- kernels


# ---- ray-trimesh as libode (OPCODE's ray collider, observed through the oracle and matched bit for bit on
# the recorded poses): the ray is taken into the mesh frame in float (origin - mesh position rounded once,
# then R^T in float ops), the AABB tree is walked in libode's order (tree_order) with a float segment-box test
# at each internal node, and each triangle gets a float Moller-Trumbore test: rejected when |det| (det with
# backface culling) is at most 1e-6 times the shorter squared edge from vertex 0, when u, v or the distance
# carry a sign bit (so -0.0 misses), or u > 1 or u + v > 1 (unnormalised u, v against det when culling); a hit
# counts when its float distance is below the float ray length. With closest-hit the nearest (first on ties)
# is kept, with first-contact the first in tree order, else all in tree order, the first max-contacts of them.
# A contact is at origin + dir * distance (in double), depth = the float distance.
#: py- from libc.math cimport signbit
def f32(x):
    #: cdef inline double f32(double x) noexcept nogil
    """x rounded to float32 (libode's trimesh ray test computes in float)."""
    return _f32(x)  # py
    #: py- return <float>x


def neg32(x):
    #: cdef inline int neg32(double x) noexcept nogil
    """1 when x carries a sign bit (OPCODE tests floats' sign bits, so -0.0 counts as negative)."""
    return 1 if copysign(1.0, x) < 0 else 0  # py
    #: py- return 1 if signbit(x) else 0


def fdot(ax, ay, az, bx, by, bz):
    #: cdef inline double fdot(double ax, double ay, double az, double bx, double by,
    #:                         double bz) noexcept nogil
    """a . b in float, left to right."""
    return f32(f32(f32(ax * bx) + f32(ay * by)) + f32(az * bz))


def ray_seg_box(w, nb, k):
    #: cdef int ray_seg_box(const dReal* w, const dReal* nb, int k) noexcept nogil
    """OPCODE's segment-AABB overlap in float: w[6:9] = half segment, w[9:12] = its midpoint (mesh frame);
    node k's box (min/max in nb[8 k + 2..]) as float centre and extents."""
    #: dReal c[3]
    #: dReal e[3]
    #: dReal dd[3]
    #: dReal f, lim
    #: int j
    c = [0.0] * 3  # py
    e = [0.0] * 3  # py
    dd = [0.0] * 3  # py
    for j in range(3):
        c[j] = f32(f32(nb[8 * k + 3 + 2 * j] + nb[8 * k + 2 + 2 * j]) * 0.5)
        e[j] = f32(f32(nb[8 * k + 3 + 2 * j] - nb[8 * k + 2 + 2 * j]) * 0.5)
        dd[j] = f32(w[9 + j] - c[j])
        if fabs(dd[j]) > f32(e[j] + fabs(w[6 + j])):
            return 0
    f = f32(f32(w[7] * dd[2]) - f32(w[8] * dd[1]))
    lim = f32(f32(e[1] * fabs(w[8])) + f32(e[2] * fabs(w[7])))
    if fabs(f) > lim:
        return 0
    f = f32(f32(w[8] * dd[0]) - f32(w[6] * dd[2]))
    lim = f32(f32(e[0] * fabs(w[8])) + f32(e[2] * fabs(w[6])))
    if fabs(f) > lim:
        return 0
    f = f32(f32(w[6] * dd[1]) - f32(w[7] * dd[0]))
    lim = f32(f32(e[0] * fabs(w[7])) + f32(e[1] * fabs(w[6])))
    if fabs(f) > lim:
        return 0
    return 1


def ray_tri32(w, tv, cull, res):
    #: cdef int ray_tri32(const dReal* w, const dReal* tv, int cull, dReal* res) noexcept nogil
    """OPCODE's float ray-triangle test: ray w[0:3] + s w[3:6], float vertices tv (9 reals, mesh frame);
    1 with res[0] = the float distance on a hit (rules in the section comment)."""
    #: dReal e1x, e1y, e1z, e2x, e2y, e2z, px, py, pz, det, lim, sx, sy, sz, u, qx, qy, qz, v, t, inv
    e1x = f32(tv[3] - tv[0])
    e1y = f32(tv[4] - tv[1])
    e1z = f32(tv[5] - tv[2])
    e2x = f32(tv[6] - tv[0])
    e2y = f32(tv[7] - tv[1])
    e2z = f32(tv[8] - tv[2])
    px = f32(f32(w[4] * e2z) - f32(w[5] * e2y))
    py = f32(f32(w[5] * e2x) - f32(w[3] * e2z))
    pz = f32(f32(w[3] * e2y) - f32(w[4] * e2x))
    det = fdot(e1x, e1y, e1z, px, py, pz)
    lim = fdot(e1x, e1y, e1z, e1x, e1y, e1z)
    u = fdot(e2x, e2y, e2z, e2x, e2y, e2z)
    if u < lim:
        lim = u
    lim = f32(lim * f32(1e-6))
    sx = f32(w[0] - tv[0])
    sy = f32(w[1] - tv[1])
    sz = f32(w[2] - tv[2])
    qx = f32(f32(sy * e1z) - f32(sz * e1y))
    qy = f32(f32(sz * e1x) - f32(sx * e1z))
    qz = f32(f32(sx * e1y) - f32(sy * e1x))
    if cull:
        if det <= lim:
            return 0
        u = fdot(sx, sy, sz, px, py, pz)
        if neg32(u) or u > det:
            return 0
        v = fdot(w[3], w[4], w[5], qx, qy, qz)
        if neg32(v) or f32(u + v) > det:
            return 0
        t = fdot(e2x, e2y, e2z, qx, qy, qz)
        if neg32(t):
            return 0
        inv = f32(1.0 / det)
        res[0] = f32(t * inv)
        return 1
    if fabs(det) <= lim:
        return 0
    inv = f32(1.0 / det)
    u = f32(fdot(sx, sy, sz, px, py, pz) * inv)
    if neg32(u) or u > 1.0:
        return 0
    v = f32(fdot(w[3], w[4], w[5], qx, qy, qz) * inv)
    if neg32(v) or f32(u + v) > 1.0:
        return 0
    t = f32(fdot(e2x, e2y, e2z, qx, qy, qz) * inv)
    if neg32(t):
        return 0
    res[0] = t
    return 1


def ray_mesh_frame(ox, oy, oz, dx, dy, dz, mp, mo, rlen, w):
    #: cdef void ray_mesh_frame(dReal ox, dReal oy, dReal oz, dReal dx, dReal dy, dReal dz, const dReal* mp,
    #:                          int mo, dReal rlen, dReal* w) noexcept nogil
    """w[0:12] = OPCODE's ray (origin o, direction d, float length rlen) in the frame of the mesh pose kept at
    mp[mo + G_POS], mp[mo + G_R] (a geom record or an image of one): origin, direction, half segment and the
    segment's midpoint, in float (the origin minus the mesh position rounded once, then R^T in float ops)."""
    #: dReal r[3]
    #: int j
    r = [0.0] * 3  # py
    r[0] = f32(ox - mp[mo + L.G_POS])
    r[1] = f32(oy - mp[mo + L.G_POS + 1])
    r[2] = f32(oz - mp[mo + L.G_POS + 2])
    for j in range(3):
        w[j] = fdot(r[0], r[1], r[2], f32(mp[mo + L.G_R + j]), f32(mp[mo + L.G_R + 3 + j]),
                    f32(mp[mo + L.G_R + 6 + j]))
        w[3 + j] = fdot(f32(dx), f32(dy), f32(dz), f32(mp[mo + L.G_R + j]), f32(mp[mo + L.G_R + 3 + j]),
                        f32(mp[mo + L.G_R + 6 + j]))
    for j in range(3):
        w[6 + j] = f32(f32(w[3 + j] * rlen) * 0.5)
        w[9 + j] = f32(w[j] + w[6 + j])


def ray_walk(md, nb, w, rlen, rflags, maxc, hits):
    #: cdef int ray_walk(MeshData* md, const dReal* nb, const dReal* w, dReal rlen, int rflags, int maxc,
    #:                   dReal* hits) noexcept nogil
    """OPCODE's walk of md's box tree (node boxes nb from tt_nodes) for the ray w (ray_mesh_frame) of float
    length rlen: hits[2 i], hits[2 i + 1] = the triangle and float distance of the i-th hit kept, by the rules
    of the section comment (rflags: first contact 1, backface cull 2, closest hit 4; at most maxc); their
    number. A hit counts when its distance is below rlen as OPCODE compares them, float bits as unsigned
    integers: any hit counts when the length is negative."""
    #: dReal* st
    #: int t, j, k, n, sp, na, best, lo, hi
    #: dReal bestd
    #: dReal tv[9]
    #: dReal res[1]
    #: int kd[6]
    tv = [0.0] * 9  # py
    res = [0.0]  # py
    kd = [0] * 6  # py
    st = work_new(3 * md.nt + 6)
    n = 0
    best = -1
    bestd = 0.0
    st[0] = 0.0
    st[1] = md.nt
    st[2] = 0.0
    sp = 1
    while sp > 0:
        sp = sp - 1
        lo = to_int(st[3 * sp])
        hi = to_int(st[3 * sp + 1])
        k = to_int(st[3 * sp + 2])
        if hi - lo >= 2:
            if not ray_seg_box(w, nb, k):
                continue
            na = tt_kids(md, lo, hi, k, kd)
            for j in range(na - 1, -1, -1):
                st[3 * sp] = kd[3 * j]
                st[3 * sp + 1] = kd[3 * j + 1]
                st[3 * sp + 2] = kd[3 * j + 2]
                sp = sp + 1
            continue
        t = md.to[lo]
        if tri_degenerate(md, t):
            continue
        for j in range(3):
            for k in range(3):
                tv[3 * j + k] = md.v[3 * md.t[3 * t + j] + k]
        if not ray_tri32(w, tv, rflags & 2, res) or not (res[0] < rlen or neg32(rlen)):
            continue
        if rflags & 4:
            if best < 0 or res[0] < bestd:
                best = t
                bestd = res[0]
            continue
        hits[2 * n] = t
        hits[2 * n + 1] = res[0]
        n = n + 1
        if n >= maxc or (rflags & 1):
            break
    if best >= 0:
        hits[0] = best
        hits[1] = bestd
        n = 1
    work_free(st)
    return n


def collide_ray_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_ray_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                              dReal* contacts, int skip) noexcept nogil
    """Ray (geom 1) against a trimesh by libode's rules (section comment); depth = hit distance, side2 =
    the triangle."""
    #: MeshData* md
    #: dReal* nb
    #: dReal* hits
    #: int k, n, maxc
    #: dReal rlen
    #: dReal w[12]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    md = reg_get(i2[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH or md.nt == 0:
        return 0
    w = [0.0] * 12  # py
    maxc = maxc_of(flags)
    if maxc > md.nt:
        maxc = md.nt
    rlen = f32(g1[L.G_RAYLEN])
    ray_mesh_frame(g1[L.G_POS], g1[L.G_POS + 1], g1[L.G_POS + 2], g1[L.G_R + 2], g1[L.G_R + 5], g1[L.G_R + 8],
                   g2, 0, rlen, w)
    nb = work_new(8 * md.nt)
    hits = work_new(2 * maxc)
    tt_nodes(md, md.tb, nb)
    n = ray_walk(md, nb, w, rlen, i1[L.GI_FLAGS], maxc, hits)
    for k in range(n):
        ray_put(g1, g2, md, to_int(hits[2 * k]), hits[2 * k + 1], contacts, k * skip)
    work_free(nb)
    work_free(hits)
    return n


def ray_put(g1, g2, md, t, d, contacts, o):
    #: cdef void ray_put(const dReal* g1, const dReal* g2, MeshData* md, int t, dReal d, dReal* contacts,
    #:                   int o) noexcept nogil
    """Write the ray's hit of triangle t at distance d: origin + dir d, the triangle's world front normal."""
    #: dReal nv[3]
    #: int j
    nv = [0.0] * 3  # py
    rot_vec(g2, md.tn[3 * t], md.tn[3 * t + 1], md.tn[3 * t + 2], nv, 0)
    for j in range(3):
        contacts[o + L.C_POS + j] = g1[L.G_POS + j] + g1[L.G_R + 2 + 3 * j] * d
        contacts[o + L.C_NORMAL + j] = nv[j]
    contacts[o + L.C_DEPTH] = d
    contacts[o + L.C_SIDE1] = -1
    contacts[o + L.C_SIDE2] = t


# ---- end kernels
