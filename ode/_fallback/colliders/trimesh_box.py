"""Trimesh against a box, as libode.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from .mesh_contacts import buf_push, emit, maxc_of
from .mesh_geometry import mesh_clip, to_local, v3dot
from .mesh_registry import MESH_TRIMESH, buf_free, buf_new, rec, reg_get, to_int, tri_box_out, tri_world
from .prim_contacts import unimp_of

# box-trimesh: an edge axis replaces the best only when its overlap times this is smaller
BOX_EDGE_BIAS = 1.5


# ---- kernels


# ---- box-trimesh as libode (observed per triangle through the oracle): the capsule's triangle order;
# separating axes in libode's order: the face normal (towards the box only), the box axes u0 u1 u2, then for
# each box axis its cross products with the triangle edges v1-v0, v0-v2, v2-v1 (in that order). Each axis but
# the face normal takes the orientation of smaller overlap (the vertices projected relative to the box centre;
# on a tie the one against the axis). A later axis replaces the best when its overlap is smaller -- an edge
# axis only when its overlap times 1.5 is smaller than the best's plain overlap (sweeps of one pose switch
# exactly at ratio 1.5, between two edge axes too). Face normal: the box face most against it clipped by the
# triangle's edge planes and plane, depth below the plane; box axis: the triangle clipped by the box's planes
# except the far face, depth along the normal; edge axis: one contact halfway between the closest points of
# the two edges with the overlap as depth. Contacts of all triangles are collected by box_collect (libode's
# merge and cap rules).


def box_axis(tv, a, w, l, il, best, kind):
    #: cdef int box_axis(const dReal* tv, const dReal* a, const dReal* w, const dReal* l, dReal il,
    #:                   dReal* best, int kind) noexcept nogil
    """Axis l (unit times 1 / il; kind 0 the face normal, 1..3 box axis kind - 1, 4.. an edge axis) for the
    box w (centre, axes u0 u1 u2, half sides) against triangle tv (edges a: v1 - v0, v2 - v0): best (depth,
    unit normal, kind) takes it when its overlap (times BOX_EDGE_BIAS for an edge) is below best's depth. The
    arithmetic is libode's (its ties between parallel axes, found on aligned poses, come out the same): the
    vertices' projections relative to the box centre as f0 = l.(v0 - c) plus l.a, the box radius the half side
    for a box axis, both scaled by il; the face normal uses v0 only, towards the box. Returns 0 when it
    separates."""
    #: dReal f0, f1, f2, tmax, tmin, x, ex, d, dn
    f0 = l[0] * (tv[0] - w[0]) + l[1] * (tv[1] - w[1]) + l[2] * (tv[2] - w[2])
    if kind >= 1 and kind <= 3:
        ex = w[11 + kind]
    else:
        ex = (
            w[12] * fabs(v3dot(w, 3, l, 0))
            + w[13] * fabs(v3dot(w, 6, l, 0))
            + w[14] * fabs(v3dot(w, 9, l, 0))
        )
    if kind == 0:
        tmax = f0
        tmin = f0
    else:
        f1 = f0 + v3dot(l, 0, a, 0)
        f2 = f0 + v3dot(l, 0, a, 3)
        tmax = f0
        tmin = f0
        if f1 > tmax:
            tmax = f1
        if f1 < tmin:
            tmin = f1
        if f2 > tmax:
            tmax = f2
        if f2 < tmin:
            tmin = f2
    d = (ex + tmax) * il
    dn = (ex - tmin) * il
    x = 1.0
    if dn < 0:
        return 0
    if kind > 0 and not (d < dn):
        d = dn
        x = -1.0
    if d < 0:
        return 0
    if best[0] < 0 or (kind < 4 and d < best[0]) or (kind >= 4 and d * BOX_EDGE_BIAS < best[0]):
        best[0] = d
        best[1] = l[0] * il * x
        best[2] = l[1] * il * x
        best[3] = l[2] * il * x
        best[4] = kind
    return 1


def box_tri(tv, w, res):
    #: cdef int box_tri(const dReal* tv, const dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal from the triangle towards the box, depth) of the box in w
    (centre, axes u0 u1 u2, half sides) with triangle tv, by libode's rules."""
    #: dReal e[9]
    #: dReal a[9]
    #: dReal nn[3]
    #: dReal best[5]
    #: dReal l[3]
    #: dReal n[3]
    #: dReal p[3]
    #: dReal pa[48]
    #: dReal pb[48]
    #: dReal ln, x, bv, mn, s1, s2, aa, ee, f, cc, b, den, s, t
    #: int k, j, m, i, kind, cnt, npt, bi, bj, j1, j2
    e = [0.0] * 9  # py
    a = [0.0] * 9  # py
    nn = [0.0] * 3  # py
    best = [0.0] * 5  # py
    l = [0.0] * 3  # py
    n = [0.0] * 3  # py
    p = [0.0] * 3  # py
    pa = [0.0] * 48  # py
    pb = [0.0] * 48  # py
    for k in range(3):
        j = (k + 1) % 3
        for m in range(3):
            e[3 * k + m] = tv[3 * j + m] - tv[3 * k + m]
    nn[0] = e[1] * (tv[8] - tv[2]) - e[2] * (tv[7] - tv[1])
    nn[1] = e[2] * (tv[6] - tv[0]) - e[0] * (tv[8] - tv[2])
    nn[2] = e[0] * (tv[7] - tv[1]) - e[1] * (tv[6] - tv[0])
    ln = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2])
    if ln == 0:
        return 0
    ln = 1.0 / ln  # libode's unit vectors (bits checked): times the reciprocal length
    # libode's edge vectors for the cross axes (bits checked): v1-v0, v2-v0 and their difference
    for m in range(3):
        a[m] = e[m]
        a[3 + m] = tv[6 + m] - tv[m]
        a[6 + m] = a[3 + m] - a[m]
    best[0] = -1.0
    if box_axis(tv, a, w, nn, ln, best, 0) == 0:
        return 0
    nn[0] = nn[0] * ln
    nn[1] = nn[1] * ln
    nn[2] = nn[2] * ln
    for i in range(3):
        if box_axis(tv, a, w, w[3 + 3 * i:6 + 3 * i], 1.0, best, 1 + i) == 0:  # py
            return 0  # py
        #: py- if box_axis(tv, a, w, w + 3 + 3 * i, 1.0, best, 1 + i) == 0:
        #: py-     return 0
    for i in range(3):
        for j in range(3):
            k = (3 - j) % 3  # the contact code's edge (tv[k] + e[k] t) along a[j]
            l[0] = w[4 + 3 * i] * a[3 * j + 2] - w[5 + 3 * i] * a[3 * j + 1]
            l[1] = w[5 + 3 * i] * a[3 * j] - w[3 + 3 * i] * a[3 * j + 2]
            l[2] = w[3 + 3 * i] * a[3 * j + 1] - w[4 + 3 * i] * a[3 * j]
            x = l[0] * l[0] + l[1] * l[1] + l[2] * l[2]
            if x > 1e-12:
                if box_axis(tv, a, w, l, 1.0 / sqrt(x), best, 4 + 3 * i + k) == 0:
                    return 0
    kind = to_int(best[4])
    l[0] = best[1]
    l[1] = best[2]
    l[2] = best[3]
    cnt = 0
    if kind == 0:
        # the box face most against the normal, clipped by the triangle's edge planes and plane
        bi = 0
        bv = 0.0
        s = 1.0
        for i in range(3):
            for j in range(2):
                x = v3dot(w, 3 + 3 * i, l, 0)
                if j == 1:
                    x = -x
                if (i == 0 and j == 0) or x < bv:
                    bv = x
                    bi = i
                    s = 1.0 - 2.0 * j
        j1 = 0  # the other two axes in increasing order
        j2 = 3 - bi
        if bi == 0:
            j1 = 1
            j2 = 2
        if bi == 2:
            j2 = 1
        for m in range(3):
            x = w[m] + w[3 + 3 * bi + m] * (s * w[12 + bi])
            pa[9 + m] = x + (w[3 + 3 * j1 + m] * w[12 + j1] + w[3 + 3 * j2 + m] * w[12 + j2])
            pa[6 + m] = x + (w[3 + 3 * j1 + m] * (-w[12 + j1]) + w[3 + 3 * j2 + m] * w[12 + j2])
            pa[3 + m] = x + (w[3 + 3 * j1 + m] * (-w[12 + j1]) + w[3 + 3 * j2 + m] * (-w[12 + j2]))
            pa[m] = x + (w[3 + 3 * j1 + m] * w[12 + j1] + w[3 + 3 * j2 + m] * (-w[12 + j2]))
        npt = 4
        for bj in range(4):  # libode's order (observed): the triangle's plane, then the edge planes
            k = (bj + 3) % 4
            if k < 3:
                j = (k + 2) % 3
                n[0] = e[3 * k + 1] * nn[2] - e[3 * k + 2] * nn[1]
                n[1] = e[3 * k + 2] * nn[0] - e[3 * k] * nn[2]
                n[2] = e[3 * k] * nn[1] - e[3 * k + 1] * nn[0]
                if (
                    n[0] * (tv[3 * j] - tv[3 * k])
                    + n[1] * (tv[3 * j + 1] - tv[3 * k + 1])
                    + n[2] * (tv[3 * j + 2] - tv[3 * k + 2])
                    > 0
                ):
                    n[0] = -n[0]
                    n[1] = -n[1]
                    n[2] = -n[2]
                x = v3dot(n, 0, tv, 3 * k)
            else:
                n[0] = nn[0]
                n[1] = nn[1]
                n[2] = nn[2]
                x = v3dot(n, 0, tv, 0)
            npt = mesh_clip(pa, npt, pb, n[0], n[1], n[2], x)
            for m in range(3 * npt):
                pa[m] = pb[m]
        x = v3dot(nn, 0, tv, 0)
        for k in range(npt):
            if cnt < 16:
                res[7 * cnt] = pa[3 * k]
                res[7 * cnt + 1] = pa[3 * k + 1]
                res[7 * cnt + 2] = pa[3 * k + 2]
                res[7 * cnt + 3] = l[0]
                res[7 * cnt + 4] = l[1]
                res[7 * cnt + 5] = l[2]
                res[7 * cnt + 6] = x - (nn[0] * pa[3 * k] + nn[1] * pa[3 * k + 1] + nn[2] * pa[3 * k + 2])
                cnt += 1
        return cnt
    if kind <= 3:
        # the triangle clipped by the box's planes but the far face
        i = kind - 1
        for k in range(9):
            pa[k] = tv[k]
        npt = 3
        # libode's plane order (observed): axis i's face towards the triangle, then the other axes' -, + faces
        for bi in range(5):
            if bi == 0:
                j = i
                s = -1.0
                if v3dot(w, 3 + 3 * j, l, 0) * s > 0:
                    s = 1.0
            else:
                j = (bi - 1) // 2  # the other axes in increasing order
                if j >= i:
                    j = j + 1
                s = -1.0 + 2.0 * ((bi - 1) % 2)
            npt = mesh_clip(
                pa,
                npt,
                pb,
                w[3 + 3 * j] * s,
                w[4 + 3 * j] * s,
                w[5 + 3 * j] * s,
                v3dot(w, 3 + 3 * j, w, 0) * s + w[12 + j],
            )
            for k in range(3 * npt):
                pa[k] = pb[k]
        mn = v3dot(l, 0, w, 0) - (
            w[12] * fabs(v3dot(w, 3, l, 0))
            + w[13] * fabs(v3dot(w, 6, l, 0))
            + w[14] * fabs(v3dot(w, 9, l, 0))
        )
        for k in range(npt):
            if cnt < 16:
                res[7 * cnt] = pa[3 * k]
                res[7 * cnt + 1] = pa[3 * k + 1]
                res[7 * cnt + 2] = pa[3 * k + 2]
                res[7 * cnt + 3] = l[0]
                res[7 * cnt + 4] = l[1]
                res[7 * cnt + 5] = l[2]
                res[7 * cnt + 6] = (l[0] * pa[3 * k] + l[1] * pa[3 * k + 1] + l[2] * pa[3 * k + 2]) - mn
                cnt += 1
        return cnt
    # edge axis: halfway between the closest points of the box edge (deepest along -normal) and the edge
    i = (kind - 4) // 3
    k = (kind - 4) % 3
    p[0] = w[0]
    p[1] = w[1]
    p[2] = w[2]
    for j in range(3):
        if j != i:
            s = 1.0
            if v3dot(w, 3 + 3 * j, l, 0) > 0:
                s = -1.0
            p[0] = p[0] + w[3 + 3 * j] * (s * w[12 + j])
            p[1] = p[1] + w[4 + 3 * j] * (s * w[12 + j])
            p[2] = p[2] + w[5 + 3 * j] * (s * w[12 + j])
    n[0] = p[0] - tv[3 * k]
    n[1] = p[1] - tv[3 * k + 1]
    n[2] = p[2] - tv[3 * k + 2]
    aa = v3dot(w, 3 + 3 * i, w, 3 + 3 * i)
    ee = v3dot(e, 3 * k, e, 3 * k)
    f = v3dot(e, 3 * k, n, 0)
    cc = v3dot(w, 3 + 3 * i, n, 0)
    b = v3dot(w, 3 + 3 * i, e, 3 * k)
    den = aa * ee - b * b
    s = (b * f - cc * ee) / den
    t = (aa * f - b * cc) / den
    for m in range(3):
        res[m] = ((p[m] + w[3 + 3 * i + m] * s) + (tv[3 * k + m] + e[3 * k + m] * t)) * 0.5
    res[3] = l[0]
    res[4] = l[1]
    res[5] = l[2]
    res[6] = best[0]
    return 1


def box_collect(b, maxc, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void box_collect(Buf* b, int maxc, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz,
    #:                       dReal depth, int s1, int s2) noexcept nogil
    """Collect a box-trimesh contact by libode's rules (found through the oracle: libode's per-triangle
    contacts replayed in triangle order reproduce all its results for max contacts 1, 4 and 64): a contact is
    a duplicate of a collected one when their squared distance is below the double epsilon 2^-52 and their
    normals' dot product above 1 - 2^-52 (so equal normals whose dot rounds below that are not merged); a
    deeper duplicate replaces it whole, others are dropped; when maxc are collected a new contact replaces the
    first shallowest one if it is deeper. The epsilon is dReal's: in single precision the float epsilon 2^-23
    for both tests, computed in float (1 - dot < eps and dot > 1 - eps agree for a float dot), as libode's
    single build."""
    #: int k, o, m
    #: dReal dx, dy, dz
    #: double eps, dot
    eps = _precision.EPSILON  # py
    #: py- eps = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    dot = 1.0 - eps
    for k in range(b.n):
        o = k * L.CR
        dx = px - b.c[o + L.C_POS]
        dy = py - b.c[o + L.C_POS + 1]
        dz = pz - b.c[o + L.C_POS + 2]
        if dx * dx + dy * dy + dz * dz < eps:
            if nx * b.c[o + L.C_NORMAL] + ny * b.c[o + L.C_NORMAL + 1] + nz * b.c[o + L.C_NORMAL + 2] > dot:
                if depth > b.c[o + L.C_DEPTH]:
                    box_put(b, k, px, py, pz, nx, ny, nz, depth, s1, s2)
                return
    if b.n < maxc:
        buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)
        return
    m = 0
    for k in range(1, b.n):
        if b.c[k * L.CR + L.C_DEPTH] < b.c[m * L.CR + L.C_DEPTH]:
            m = k
    if depth > b.c[m * L.CR + L.C_DEPTH]:
        box_put(b, m, px, py, pz, nx, ny, nz, depth, s1, s2)


def box_put(b, k, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void box_put(Buf* b, int k, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz,
    #:                   dReal depth, int s1, int s2) noexcept nogil
    """Overwrite collected contact k."""
    #: int o
    o = k * L.CR
    b.c[o + L.C_POS] = px
    b.c[o + L.C_POS + 1] = py
    b.c[o + L.C_POS + 2] = pz
    b.c[o + L.C_NORMAL] = nx
    b.c[o + L.C_NORMAL + 1] = ny
    b.c[o + L.C_NORMAL + 2] = nz
    b.c[o + L.C_DEPTH] = depth
    b.c[o + L.C_SIDE1] = s1
    b.c[o + L.C_SIDE2] = s2


def collide_trimesh_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                              dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a box: box_tri per triangle in libode's order, collected by box_collect."""
    #: MeshData* md
    #: Buf* out
    #: int k, j, t, n, maxc, unimp
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal q[3]
    #: dReal lo[6]
    #: dReal w[16]
    #: dReal res[112]
    #: dReal x
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    q = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    w = [0.0] * 16  # py
    res = [0.0] * 112  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH:
        return 0
    for k in range(3):
        w[k] = g2[L.G_POS + k]
    to_local(g1, w[0], w[1], w[2], q, 0)
    for k in range(3):
        for j in range(3):
            w[3 + 3 * k + j] = g2[L.G_R + 3 * j + k]
        w[12 + k] = g2[L.G_SIDES + k] * 0.5
    x = w[12] + w[13] + w[14]
    for k in range(3):
        lo[2 * k] = q[k] - x
        lo[2 * k + 1] = q[k] + x
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    for j in range(md.nt):
        if unimp and out.n >= maxc:
            break
        t = md.to[j]
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        n = box_tri(tv, w, res)
        for k in range(n):
            if unimp:  # CONTACTS_UNIMPORTANT: the first maxc contacts as found, unmerged (observed)
                if out.n < maxc:
                    buf_push(
                        out,
                        res[7 * k],
                        res[7 * k + 1],
                        res[7 * k + 2],
                        -res[7 * k + 3],
                        -res[7 * k + 4],
                        -res[7 * k + 5],
                        res[7 * k + 6],
                        t,
                        -1,
                    )
            else:
                box_collect(
                    out,
                    maxc,
                    res[7 * k],
                    res[7 * k + 1],
                    res[7 * k + 2],
                    -res[7 * k + 3],
                    -res[7 * k + 4],
                    -res[7 * k + 5],
                    res[7 * k + 6],
                    t,
                    -1,
                )
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
