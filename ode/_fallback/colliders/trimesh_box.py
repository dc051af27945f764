"""Trimesh against a box, as libode 0.16.2.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from .mesh_contacts import buf_push, buf_set, emit, maxc_of
from .mesh_geometry import safe_unit, to_local, v3dot
from .mesh_registry import DINF, MESH_TRIMESH, buf_free, buf_new, rec, reg_get, to_int, tri_box_out, tri_world
from .prim_contacts import unimp_of

# ---- kernels


# ---- box-trimesh as libode 0.16.2 computes it, per triangle in world coordinates (box_tri) in the order of
# its tree walk. Edges e0 = v1 - v0, e1 = v2 - v0, e2 = e1 - e0 and the normal n = e0 x e1; the separating
# axes in libode's order, each projection taken relative to the box centre from v0: n (separating only with
# the box wholly in front), the box axes u0 u1 u2 (the triangle's extent from the projections of e0 and e1),
# then for each box axis ui its cross products with e0, e1, e2 (the triangle's extent the projection of v0
# and that plus or minus ui . n; the box's radius from the two other axes; an axis of squared length up to
# dReal's epsilon skipped). Each takes the side of smaller overlap (the positive one on a tie), scaled by one
# over its length; a box axis or the normal replaces the best when its overlap is smaller, an edge axis when
# 1.5 times its overlap is. Contacts: for an edge axis, halfway between the closest points of the box edge
# (the corner of the box along the normal, then along the edge axis) and the triangle edge as lines; for the
# normal, the box face most against it clipped by the triangle's plane and edge planes, relative to v0; for a
# box axis, the triangle clipped by that face's plane and the four side planes, relative to the box centre
# (box_clip); depths clamped at zero. box_collect merges and caps them as libode.


def box_clip(p, n, q, nx, ny, nz, d):
    #: cdef int box_clip(const dReal* p, int n, dReal* q, dReal nx, dReal ny, dReal nz,
    #:                   dReal d) noexcept nogil
    """q = the part of polygon p (n points) where n . x + d >= 0, as libode's box-trimesh clip: the edges are
    walked from the closing one, each emitting its start when inside, then the crossing when its ends lie
    strictly on either side, the start less (start - end) times its distance over the difference."""
    #: int k, j, m
    #: dReal d0, d1, f
    m = 0
    j = n - 1
    for k in range(n):
        d0 = nx * p[3 * j] + ny * p[3 * j + 1] + nz * p[3 * j + 2] + d
        d1 = nx * p[3 * k] + ny * p[3 * k + 1] + nz * p[3 * k + 2] + d
        if d0 >= 0:
            q[3 * m] = p[3 * j]
            q[3 * m + 1] = p[3 * j + 1]
            q[3 * m + 2] = p[3 * j + 2]
            m = m + 1
        if (d0 > 0 and d1 < 0) or (d0 < 0 and d1 > 0):
            f = d0 - d1
            q[3 * m] = p[3 * j] - (p[3 * j] - p[3 * k]) * d0 / f
            q[3 * m + 1] = p[3 * j + 1] - (p[3 * j + 1] - p[3 * k + 1]) * d0 / f
            q[3 * m + 2] = p[3 * j + 2] - (p[3 * j + 2] - p[3 * k + 2]) * d0 / f
            m = m + 1
        j = k
    return m


def box_best(best, depth, lx, ly, lz, s, kind):
    #: cdef void box_best(dReal* best, dReal depth, dReal lx, dReal ly, dReal lz, dReal s,
    #:                    int kind) noexcept nogil
    """best (depth, normal, kind) takes axis l times s with depth when it wins (an edge axis, kind 5.., when
    1.5 times its depth is below the best's)."""
    if (kind < 5 and depth < best[0]) or (kind >= 5 and depth * 1.5 < best[0]):
        best[0] = depth
        best[1] = lx * s
        best[2] = ly * s
        best[3] = lz * s
        best[4] = kind


def box_axes(tv, e, w, best):
    #: cdef int box_axes(const dReal* tv, const dReal* e, const dReal* w, dReal* best) noexcept nogil
    """libode's separating-axis test of box w (centre, axes u0 u1 u2, half sides) against triangle tv with
    edges e (e0, e1, e2, n): 0 when an axis separates them, else best holds the winning axis (depth, unit
    normal, kind: 1 the face normal, 2..4 a box axis, 5 + 3 i + k box axis i cross edge k)."""
    #: int i, k, j1, j2, o
    #: dReal ln, f0, f1, r, lo, hi, dlo, dhi, s, eps
    #: dReal dv[3]
    #: dReal l[3]
    dv = [0.0] * 3  # py
    l = [0.0] * 3  # py
    eps = _precision.EPSILON  # py
    #: py- eps = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    dv[0] = tv[0] - w[0]
    dv[1] = tv[1] - w[1]
    dv[2] = tv[2] - w[2]
    best[0] = DINF
    # the face normal: libode's test separates only with the box wholly in front; the tree query before it
    # (OPCODE's box-triangle overlap) drops a triangle with the box wholly behind
    f0 = v3dot(e, 9, dv, 0)
    # (each magnitude held in dReal before it is scaled: C's fabs returns a double)
    lo = fabs(v3dot(e, 9, w, 3))
    hi = fabs(v3dot(e, 9, w, 6))
    s = fabs(v3dot(e, 9, w, 9))
    r = w[12] * lo + w[13] * hi + w[14] * s
    dlo = r + f0
    if dlo < 0 or r - f0 < 0:
        return 0
    ln = sqrt(v3dot(e, 9, e, 9))
    if ln > 0:
        s = 1.0 / ln
        box_best(best, dlo * s, -e[9], -e[10], -e[11], s, 1)
    # the box axes
    for i in range(3):
        o = 3 + 3 * i
        f0 = v3dot(w, o, dv, 0)
        f1 = f0 + v3dot(w, o, e, 0)
        lo = f0 + v3dot(w, o, e, 3)
        hi = lo
        if f1 < lo:
            lo = f1
        if f0 < lo:
            lo = f0
        if f1 > hi:
            hi = f1
        if f0 > hi:
            hi = f0
        dlo = w[12 + i] - lo
        dhi = hi + w[12 + i]
        if dlo < 0 or dhi < 0:
            return 0
        if dlo > dhi:
            box_best(best, dhi, -w[o], -w[o + 1], -w[o + 2], 1.0, 2 + i)
        else:
            box_best(best, dlo, w[o], w[o + 1], w[o + 2], 1.0, 2 + i)
    # box axis i cross edge k
    for i in range(3):
        o = 3 + 3 * i
        j1 = 0  # the other two axes in increasing order
        j2 = 3 - i
        if i == 0:
            j1 = 1
            j2 = 2
        if i == 2:
            j2 = 1
        for k in range(3):
            l[0] = w[o + 1] * e[3 * k + 2] - w[o + 2] * e[3 * k + 1]
            l[1] = w[o + 2] * e[3 * k] - w[o] * e[3 * k + 2]
            l[2] = w[o] * e[3 * k + 1] - w[o + 1] * e[3 * k]
            if l[0] * l[0] + l[1] * l[1] + l[2] * l[2] <= eps:
                continue
            f0 = v3dot(l, 0, dv, 0)
            if k == 0:
                f1 = f0 + v3dot(w, o, e, 9)
            else:
                f1 = f0 - v3dot(w, o, e, 9)
            lo = fabs(v3dot(w, 3 + 3 * j2, e, 3 * k))
            hi = fabs(v3dot(w, 3 + 3 * j1, e, 3 * k))
            r = w[12 + j1] * lo + w[12 + j2] * hi
            lo = f0
            hi = f1
            if f1 < f0:
                lo = f1
                hi = f0
            dlo = r - lo
            dhi = hi + r
            if dlo < 0 or dhi < 0:
                return 0
            if dlo > dhi:
                dlo = dhi
                l[0] = -l[0]
                l[1] = -l[1]
                l[2] = -l[2]
            ln = sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2])
            if ln > 0:
                s = 1.0 / ln
                box_best(best, dlo * s, l[0], l[1], l[2], s, 5 + 3 * i + k)
    return 1


def box_result(res, cnt, p, o, base, bo, best, x):
    #: cdef void box_result(dReal* res, int cnt, const dReal* p, int o, const dReal* base, int bo,
    #:                      const dReal* best, dReal x) noexcept nogil
    """res[7 cnt: 7 cnt + 7] = a clipped point: p[o:o+3] moved back by base[bo:bo+3], the best axis's
    normal best[1:4], and depth -x (x, the point's signed distance, counted as 0 when above)."""
    if x > 0:
        x = 0.0
    res[7 * cnt] = p[o] + base[bo]
    res[7 * cnt + 1] = p[o + 1] + base[bo + 1]
    res[7 * cnt + 2] = p[o + 2] + base[bo + 2]
    res[7 * cnt + 3] = best[1]
    res[7 * cnt + 4] = best[2]
    res[7 * cnt + 5] = best[3]
    res[7 * cnt + 6] = -x


def box_tri(tv, w, res):
    #: cdef int box_tri(const dReal* tv, const dReal* w, dReal* res) noexcept nogil
    """Contacts (7 reals each in res: point, normal into the mesh, depth) of the box in w (centre, axes u0 u1
    u2, half sides) with triangle tv, as libode (none when the triangle is degenerate or separated)."""
    #: dReal e[12]
    #: dReal best[5]
    #: dReal n[3]
    #: dReal p[3]
    #: dReal u[3]
    #: dReal pa[27]
    #: dReal pb[27]
    #: dReal x, s, a0, a1, a2, c, q1, q2, d
    #: int k, j, m, i, kind, cnt, npt, i0, i1, i2
    e = [0.0] * 12  # py
    best = [0.0] * 5  # py
    n = [0.0] * 3  # py
    p = [0.0] * 3  # py
    u = [0.0] * 3  # py
    pa = [0.0] * 27  # py
    pb = [0.0] * 27  # py
    for m in range(3):
        e[m] = tv[3 + m] - tv[m]
        e[3 + m] = tv[6 + m] - tv[m]
        e[6 + m] = e[3 + m] - e[m]
    e[9] = e[1] * e[5] - e[2] * e[4]
    e[10] = e[2] * e[3] - e[0] * e[5]
    e[11] = e[0] * e[4] - e[1] * e[3]
    if sqrt(v3dot(e, 9, e, 9)) == 0:
        return 0
    if box_axes(tv, e, w, best) == 0:
        return 0
    kind = to_int(best[4])
    cnt = 0
    if kind >= 5:
        # the box's corner along the normal, then the closest points of the two edges as lines
        i = (kind - 5) // 3
        k = (kind - 5) % 3
        p[0] = w[0]
        p[1] = w[1]
        p[2] = w[2]
        for j in range(3):
            s = -1.0
            if best[1] * w[3 + 3 * j] + best[2] * w[4 + 3 * j] + best[3] * w[5 + 3 * j] > 0:
                s = 1.0
            x = s * w[12 + j]
            p[0] = p[0] + x * w[3 + 3 * j]
            p[1] = p[1] + x * w[4 + 3 * j]
            p[2] = p[2] + x * w[5 + 3 * j]
        j = 0  # the triangle edge's start: v0 for e0, v2 for e1, v1 for e2
        if k == 1:
            j = 6
        if k == 2:
            j = 3
        u[0] = e[3 * k]
        u[1] = e[3 * k + 1]
        u[2] = e[3 * k + 2]
        if safe_unit(u) == 0:
            u[0] = 1.0
            u[1] = 0.0
            u[2] = 0.0
        m = 3 + 3 * i
        n[0] = tv[j] - p[0]
        n[1] = tv[j + 1] - p[1]
        n[2] = tv[j + 2] - p[2]
        c = v3dot(w, m, u, 0)
        q1 = v3dot(w, m, n, 0)
        q2 = -v3dot(u, 0, n, 0)
        d = 1.0 - c * c
        a0 = 0.0
        a1 = 0.0
        if d > 0:
            d = 1.0 / d
            a0 = (q1 + c * q2) * d
            a1 = (c * q1 + q2) * d
        for m in range(3):
            res[m] = ((p[m] + w[3 + 3 * i + m] * a0) + (tv[j + m] + u[m] * a1)) * 0.5
        res[3] = best[1]
        res[4] = best[2]
        res[5] = best[3]
        res[6] = best[0]
        return 1
    if kind == 1:
        # the box face most against the normal, relative to v0, clipped by the triangle's planes
        n[0] = -best[1]
        n[1] = -best[2]
        n[2] = -best[3]
        a0 = fabs(v3dot(w, 3, n, 0))
        a1 = fabs(v3dot(w, 6, n, 0))
        a2 = fabs(v3dot(w, 9, n, 0))
        i0 = 0
        i1 = 1
        i2 = 2
        if (a1 > a0 and not a1 > a2) or (not a1 > a0 and not a0 > a2):
            i0 = 2
            i1 = 0
            i2 = 1
        elif a1 > a0:
            i0 = 1
            i1 = 0
        s = 1.0
        if v3dot(w, 3 + 3 * i0, n, 0) > 0:
            s = -1.0
        for m in range(3):
            x = (w[m] - tv[m]) + s * (w[12 + i0] * w[3 + 3 * i0 + m])
            a0 = w[12 + i1] * w[3 + 3 * i1 + m]
            a1 = w[12 + i2] * w[3 + 3 * i2 + m]
            pa[m] = (x + a0) - a1
            pa[3 + m] = (x - a0) - a1
            pa[6 + m] = (x - a0) + a1
            pa[9 + m] = (x + a0) + a1
        npt = 4
        for k in range(4):
            if k == 0:
                u[0] = -e[9]
                u[1] = -e[10]
                u[2] = -e[11]
                j = -1
            else:
                j = 0  # the edge v1 - v0, v2 - v1, v0 - v2 of this plane
                if k == 2:
                    j = 3
                if k == 3:
                    j = 6
                for m in range(3):
                    p[m] = tv[(j + 3) % 9 + m] - tv[j + m]
                u[0] = e[10] * p[2] - e[11] * p[1]
                u[1] = e[11] * p[0] - e[9] * p[2]
                u[2] = e[9] * p[1] - e[10] * p[0]
            if safe_unit(u) == 0:
                u[0] = 1.0
                u[1] = 0.0
                u[2] = 0.0
            x = 0.0
            if k == 2:
                x = (tv[0] - tv[6]) * u[0] + (tv[1] - tv[7]) * u[1] + (tv[2] - tv[8]) * u[2]
            if k % 2 == 0:
                npt = box_clip(pa, npt, pb, u[0], u[1], u[2], x)
            else:
                npt = box_clip(pb, npt, pa, u[0], u[1], u[2], x)
        for k in range(npt):
            x = v3dot(n, 0, pa, 3 * k)
            box_result(res, cnt, pa, 3 * k, tv, 0, best, x)
            cnt += 1
        return cnt
    # a box face: the triangle relative to the box centre, clipped by the face's plane and the side planes
    i = kind - 2
    i1 = 0  # the other two axes in increasing order
    i2 = 3 - i
    if i == 0:
        i1 = 1
        i2 = 2
    if i == 2:
        i2 = 1
    for k in range(3):
        for m in range(3):
            pa[3 * k + m] = tv[3 * k + m] - w[m]
    npt = box_clip(pa, 3, pb, -best[1], -best[2], -best[3], w[12 + i])
    npt = box_clip(pb, npt, pa, w[3 + 3 * i1], w[4 + 3 * i1], w[5 + 3 * i1], w[12 + i1])
    npt = box_clip(pa, npt, pb, -w[3 + 3 * i1], -w[4 + 3 * i1], -w[5 + 3 * i1], w[12 + i1])
    npt = box_clip(pb, npt, pa, w[3 + 3 * i2], w[4 + 3 * i2], w[5 + 3 * i2], w[12 + i2])
    npt = box_clip(pa, npt, pb, -w[3 + 3 * i2], -w[4 + 3 * i2], -w[5 + 3 * i2], w[12 + i2])
    for k in range(npt):
        x = v3dot(best, 1, pb, 3 * k) - w[12 + i]
        box_result(res, cnt, pb, 3 * k, w, 0, best, x)
        cnt += 1
    return cnt


def box_collect(b, maxc, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void box_collect(Buf* b, int maxc, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz,
    #:                       dReal depth, int s1, int s2) noexcept nogil
    """Collect a box-trimesh contact by libode's rules: a contact within squared distance dReal's epsilon of a
    collected one whose normal's dot product with it is within epsilon of 1 is a duplicate: it raises that
    one's depth (and takes its triangle) when deeper, else is dropped. Once maxc are collected, a new contact
    replaces the first of the shallowest ones when deeper."""
    #: int k, o, m
    #: dReal dx, dy, dz, eps, md
    eps = _precision.EPSILON  # py
    #: py- eps = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    m = -1
    md = DINF
    for k in range(b.n):
        o = k * L.CR
        dx = px - b.c[o + L.C_POS]
        dy = py - b.c[o + L.C_POS + 1]
        dz = pz - b.c[o + L.C_POS + 2]
        if dx * dx + dy * dy + dz * dz < eps:
            dx = nx * b.c[o + L.C_NORMAL] + ny * b.c[o + L.C_NORMAL + 1] + nz * b.c[o + L.C_NORMAL + 2]
            if 1.0 - dx < eps:
                if depth > b.c[o + L.C_DEPTH]:
                    b.c[o + L.C_DEPTH] = depth
                    b.c[o + L.C_SIDE1] = s1
                return
        if b.c[o + L.C_DEPTH] < md:
            md = b.c[o + L.C_DEPTH]
            m = k
    if b.n < maxc:
        buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)
        return
    if md < depth:
        buf_set(b, m, px, py, pz, nx, ny, nz, depth, s1, s2)


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
                        res[7 * k + 3],
                        res[7 * k + 4],
                        res[7 * k + 5],
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
                    res[7 * k + 3],
                    res[7 * k + 4],
                    res[7 * k + 5],
                    res[7 * k + 6],
                    t,
                    -1,
                )
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


# ---- end kernels
