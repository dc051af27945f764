"""Trimesh against trimesh, as libode 0.16.2.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .mesh_contacts import buf_push, maxc_of
from .mesh_geometry import clip_poly, tt_unit
from .mesh_registry import MESH_TRIMESH, buf_free, buf_new, rec, reg_get, to_int, work_free, work_new
from .prim_contacts import unimp_of
from .trimesh_tree import tt_box, tt_boxes, tt_kids, tt_nodes

TT_MERGE = 1e-5  # trimesh-trimesh: contacts this close (per coordinate) are one
TT_DEPTH = 1e-6  # trimesh-trimesh: merged contacts this close in depth sum their normals
# trimesh-trimesh: a merged normal sum this small (per coordinate) cancels the contact
TT_ZERO = 1e-6
# trimesh-trimesh: points this close to a pair's deepest are all contacts (libode: exact)
TT_TIE = 0.0
# trimesh-trimesh: points this far outside a triangle's edge plane stay in its prism (libode keeps them: a
# triangle whose edge lies in the other's edge plane, as aligned boxes give, is not clipped away by rounding)
TT_EDGE = 1e-8


# ---- kernels


# ---- trimesh-trimesh (libode 0.16.2's rules, observed through the oracle): the triangle pairs of the two
# meshes' AABB trees (both descended together: first x first, first x second, second x first, second x second
# child) that intersect; per pair each triangle is clipped by the other's prism (edge planes, keeping points
# up to TT_EDGE outside) and the back of its plane. A pair makes no contact when either clip comes out empty
# (triangles that only touch at a point or along an edge, where rounding empties one clip: libode then skips
# the pair); else the direction with the smaller deepest point wins, and its deepest points (exact ties only:
# of mathematically tied points libode keeps those its rounding makes deepest) are the contacts, normal -n1
# (triangle 1's plane) or +n2. Normals (of triangles and of the edge planes) are normalised as libode does,
# bit for bit (tt_unit), and depths are n . v0 - n . p, which reproduces libode's values for unclipped
# vertices exactly. Contacts within TT_MERGE (per coordinate) are one: equally deep (within TT_DEPTH) ones
# sum their normals and get sides -1, and when the sum vanishes (opposite normals, as parallel faces of
# aligned poses give) the contact is removed; a deeper one replaces. The cap keeps the first contacts
# collected.


def tt_normal(t, n):
    #: cdef void tt_normal(const dReal* t, dReal* n) noexcept nogil
    """n[0:3] = the unit normal of triangle t (9 reals, counter-clockwise), zero when degenerate."""
    #: dReal ux, uy, uz, wx, wy, wz
    ux = t[3] - t[0]
    uy = t[4] - t[1]
    uz = t[5] - t[2]
    wx = t[6] - t[0]
    wy = t[7] - t[1]
    wz = t[8] - t[2]
    n[0] = uy * wz - uz * wy
    n[1] = uz * wx - ux * wz
    n[2] = ux * wy - uy * wx
    tt_unit(n)


def tt_side(t, n, s, d):
    #: cdef int tt_side(const dReal* t, const dReal* n, const dReal* s, dReal* d) noexcept nogil
    """d[0:3] = signed distances of triangle s's vertices to triangle t's plane (normal n); 0 when all on
    one side (strictly)."""
    #: int k
    for k in range(3):
        d[k] = n[0] * (s[3 * k] - t[0]) + n[1] * (s[3 * k + 1] - t[1]) + n[2] * (s[3 * k + 2] - t[2])
    if d[0] > 0 and d[1] > 0 and d[2] > 0:
        return 0
    if d[0] < 0 and d[1] < 0 and d[2] < 0:
        return 0
    return 1


def tt_interval(t, d, dx, dy, dz, out):
    #: cdef int tt_interval(const dReal* t, const dReal* d, dReal dx, dReal dy, dReal dz,
    #:                      dReal* out) noexcept nogil
    """out[0:2] = the interval along (dx, dy, dz) where triangle t (plane distances d) crosses the other
    plane; 0 when it does not."""
    #: int i, j, m
    #: dReal pi, pj, x
    m = 0
    for i in range(3):
        j = (i + 1) % 3
        pi = dx * t[3 * i] + dy * t[3 * i + 1] + dz * t[3 * i + 2]
        x = pi
        if d[i] == 0:
            if m == 0 or x < out[0]:
                out[0] = x
            if m == 0 or x > out[1]:
                out[1] = x
            m = m + 1
        if (d[i] < 0 and d[j] > 0) or (d[i] > 0 and d[j] < 0):
            pj = dx * t[3 * j] + dy * t[3 * j + 1] + dz * t[3 * j + 2]
            x = pi + (pj - pi) * d[i] / (d[i] - d[j])
            if m == 0 or x < out[0]:
                out[0] = x
            if m == 0 or x > out[1]:
                out[1] = x
            m = m + 1
    return 1 if m > 0 else 0


def tt_overlap(ta, na, tb, nb):
    #: cdef int tt_overlap(const dReal* ta, const dReal* na, const dReal* tb, const dReal* nb) noexcept nogil
    """1 when triangles ta and tb (unit normals na, nb) intersect (planes, then the intervals on their
    common line; coplanar triangles count as intersecting and are left to the clipping)."""
    #: dReal da[3]
    #: dReal db[3]
    #: dReal ia[2]
    #: dReal ib[2]
    #: dReal dx, dy, dz
    da = [0.0] * 3  # py
    db = [0.0] * 3  # py
    ia = [0.0] * 2  # py
    ib = [0.0] * 2  # py
    if not tt_side(ta, na, tb, db):
        return 0
    if not tt_side(tb, nb, ta, da):
        return 0
    if db[0] == 0 and db[1] == 0 and db[2] == 0:
        return 1
    dx = na[1] * nb[2] - na[2] * nb[1]
    dy = na[2] * nb[0] - na[0] * nb[2]
    dz = na[0] * nb[1] - na[1] * nb[0]
    if not tt_interval(ta, da, dx, dy, dz, ia):
        return 0
    if not tt_interval(tb, db, dx, dy, dz, ib):
        return 0
    if ia[1] < ib[0] or ib[1] < ia[0]:
        return 0
    return 1


def tt_clip(ta, na, tb, p, q):
    #: cdef int tt_clip(const dReal* ta, const dReal* na, const dReal* tb, dReal* p, dReal* q) noexcept nogil
    """p = triangle tb clipped by triangle ta's edge planes and the back of its plane; its size (<= 7)."""
    #: int i, j, k, m
    #: dReal ex, ey, ez
    #: dReal o[3]
    o = [0.0] * 3  # py
    for k in range(9):
        p[k] = tb[k]
    m = 3
    for i in range(3):
        j = (i + 1) % 3
        ex = ta[3 * j] - ta[3 * i]
        ey = ta[3 * j + 1] - ta[3 * i + 1]
        ez = ta[3 * j + 2] - ta[3 * i + 2]
        o[0] = ey * na[2] - ez * na[1]
        o[1] = ez * na[0] - ex * na[2]
        o[2] = ex * na[1] - ey * na[0]
        tt_unit(o)
        m = clip_poly(
            p, m, q, o[0], o[1], o[2], o[0] * ta[3 * i] + o[1] * ta[3 * i + 1] + o[2] * ta[3 * i + 2], TT_EDGE
        )
        for k in range(3 * m):
            p[k] = q[k]
        if m == 0:
            return 0
    m = clip_poly(p, m, q, na[0], na[1], na[2], na[0] * ta[0] + na[1] * ta[1] + na[2] * ta[2], 0.0)
    for k in range(3 * m):
        p[k] = q[k]
    return m


def tt_deepest(ta, na, p, m):
    #: cdef dReal tt_deepest(const dReal* ta, const dReal* na, const dReal* p, int m) noexcept nogil
    """The largest depth of the m points p behind triangle ta's plane."""
    #: int k
    #: dReal d, best
    best = 0.0
    for k in range(m):
        d = (
            na[0] * ta[0]
            + na[1] * ta[1]
            + na[2] * ta[2]
            - (na[0] * p[3 * k] + na[1] * p[3 * k + 1] + na[2] * p[3 * k + 2])
        )
        if k == 0 or d > best:
            best = d
    return best


def tt_merge(b, px, py, pz, nx, ny, nz, depth, s1, s2):
    #: cdef void tt_merge(Buf* b, dReal px, dReal py, dReal pz, dReal nx, dReal ny, dReal nz, dReal depth,
    #:                    int s1, int s2) noexcept nogil
    """Collect a contact by libode's trimesh-trimesh merge (normals kept as sums, normalised at the end)."""
    #: int k, o, j
    for k in range(b.n):
        o = k * L.CR
        if (
            fabs(b.c[o + L.C_POS] - px) < TT_MERGE
            and fabs(b.c[o + L.C_POS + 1] - py) < TT_MERGE
            and fabs(b.c[o + L.C_POS + 2] - pz) < TT_MERGE
        ):
            if fabs(depth - b.c[o + L.C_DEPTH]) < TT_DEPTH:
                b.c[o + L.C_NORMAL] = b.c[o + L.C_NORMAL] + nx
                b.c[o + L.C_NORMAL + 1] = b.c[o + L.C_NORMAL + 1] + ny
                b.c[o + L.C_NORMAL + 2] = b.c[o + L.C_NORMAL + 2] + nz
                b.c[o + L.C_SIDE1] = -1
                b.c[o + L.C_SIDE2] = -1
                if (
                    fabs(b.c[o + L.C_NORMAL]) < TT_ZERO
                    and fabs(b.c[o + L.C_NORMAL + 1]) < TT_ZERO
                    and fabs(b.c[o + L.C_NORMAL + 2]) < TT_ZERO
                ):
                    for j in range(o, (b.n - 1) * L.CR):
                        b.c[j] = b.c[j + L.CR]
                    b.n = b.n - 1
                    return
                if depth > b.c[o + L.C_DEPTH]:
                    b.c[o + L.C_POS] = px
                    b.c[o + L.C_POS + 1] = py
                    b.c[o + L.C_POS + 2] = pz
                    b.c[o + L.C_DEPTH] = depth
            elif depth > b.c[o + L.C_DEPTH]:
                b.c[o + L.C_POS] = px
                b.c[o + L.C_POS + 1] = py
                b.c[o + L.C_POS + 2] = pz
                b.c[o + L.C_NORMAL] = nx
                b.c[o + L.C_NORMAL + 1] = ny
                b.c[o + L.C_NORMAL + 2] = nz
                b.c[o + L.C_DEPTH] = depth
                b.c[o + L.C_SIDE1] = s1
                b.c[o + L.C_SIDE2] = s2
            return
    buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)


def tt_pair(ta, tb, s1, s2, w, out):
    #: cdef void tt_pair(const dReal* ta, const dReal* tb, int s1, int s2, dReal* w, Buf* out) noexcept nogil
    """The contacts of one intersecting triangle pair (ta of geom 1, tb of geom 2) into out; w: 48 reals."""
    #: int k, ma, mb
    #: dReal da, db, d, sx, sy, sz, off
    #: dReal* na
    #: dReal* nb
    #: dReal* pa
    #: dReal* pb
    #: dReal* q
    #: const dReal* tr
    #: const dReal* nr
    #: const dReal* pr
    na = work_new(3)  # py
    nb = work_new(3)  # py
    pa = work_new(21)  # py
    pb = work_new(21)  # py
    q = work_new(21)  # py
    #: py- na = w
    #: py- nb = w + 3
    #: py- pa = w + 6
    #: py- pb = w + 27
    #: py- q = w + 48
    tt_normal(ta, na)
    tt_normal(tb, nb)
    if not tt_overlap(ta, na, tb, nb):
        return
    ma = tt_clip(ta, na, tb, pa, q)
    if ma == 0:
        return
    mb = tt_clip(tb, nb, ta, pb, q)
    if mb == 0:
        return
    da = tt_deepest(ta, na, pa, ma)
    db = tt_deepest(tb, nb, pb, mb)
    if da <= db:
        tr = ta
        nr = na
        pr = pa
        d = da
        sx = -na[0]
        sy = -na[1]
        sz = -na[2]
    else:
        tr = tb
        nr = nb
        pr = pb
        d = db
        ma = mb
        sx = nb[0]
        sy = nb[1]
        sz = nb[2]
    off = nr[0] * tr[0] + nr[1] * tr[1] + nr[2] * tr[2]
    for k in range(ma):
        da = off - (nr[0] * pr[3 * k] + nr[1] * pr[3 * k + 1] + nr[2] * pr[3 * k + 2])
        if da >= d - TT_TIE:
            tt_merge(out, pr[3 * k], pr[3 * k + 1], pr[3 * k + 2], sx, sy, sz, da, s1, s2)


def collide_trimesh_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh against trimesh by libode's rules (see the section comment); sides = the triangle indices."""
    #: MeshData* m1
    #: MeshData* m2
    #: Buf* out
    #: dReal* wa
    #: dReal* wb
    #: dReal* ba
    #: dReal* bb
    #: dReal* st
    #: dReal* w
    #: dReal* nda
    #: dReal* ndb
    #: dReal bq[12]
    #: int ka[6]
    #: int kb[6]
    #: int n, sp, na, nb, x, y, ta, tb, maxc, unimp, k, j
    #: dReal ln
    #: dReal tv[18]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    ka = [0] * 6  # py
    kb = [0] * 6  # py
    tv = [0.0] * 18  # py
    bq = [0.0] * 12  # py
    m1 = reg_get(i1[L.GI_DATA])
    m2 = reg_get(i2[L.GI_DATA])
    if m1 is None or m2 is None or m1.kind != MESH_TRIMESH or m2.kind != MESH_TRIMESH:
        return 0
    if m1.nt == 0 or m2.nt == 0:
        return 0
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    wa = work_new(3 * m1.nv + 3)
    wb = work_new(3 * m2.nv + 3)
    ba = work_new(6 * m1.nt)
    bb = work_new(6 * m2.nt)
    st = work_new(6 * (3 * (m1.nt + m2.nt) + 4))
    w = work_new(80)
    nda = work_new(8 * m1.nt)
    ndb = work_new(8 * m2.nt)
    tt_boxes(g1, m1, wa, ba)
    tt_boxes(g2, m2, wb, bb)
    tt_nodes(m1, ba, nda)
    tt_nodes(m2, bb, ndb)
    out = buf_new()
    st[0] = 0.0
    st[1] = m1.nt
    st[2] = 0.0
    st[3] = 0.0
    st[4] = m2.nt
    st[5] = 0.0
    sp = 1
    while sp > 0:
        sp = sp - 1
        if unimp and out.n >= maxc:
            break
        na = tt_kids(m1, to_int(st[6 * sp]), to_int(st[6 * sp + 1]), to_int(st[6 * sp + 2]), ka)
        nb = tt_kids(m2, to_int(st[6 * sp + 3]), to_int(st[6 * sp + 4]), to_int(st[6 * sp + 5]), kb)
        tt_box(m1, ba, nda, to_int(st[6 * sp]), to_int(st[6 * sp + 1]), to_int(st[6 * sp + 2]), bq, 0)
        tt_box(m2, bb, ndb, to_int(st[6 * sp + 3]), to_int(st[6 * sp + 4]), to_int(st[6 * sp + 5]), bq, 6)
        if (
            bq[0] > bq[7]
            or bq[6] > bq[1]
            or bq[2] > bq[9]
            or bq[8] > bq[3]
            or bq[4] > bq[11]
            or bq[10] > bq[5]
        ):
            continue
        if na == 1 and nb == 1:
            ta = m1.to[ka[0]]
            tb = m2.to[kb[0]]
            for j in range(3):
                x = m1.t[3 * ta + j]
                y = m2.t[3 * tb + j]
                for k in range(3):
                    tv[3 * j + k] = wa[3 * x + k]
                    tv[9 + 3 * j + k] = wb[3 * y + k]
            tt_pair(tv, tv[9:], ta, tb, w, out)  # py
            #: py- tt_pair(tv, tv + 9, ta, tb, w, out)
            continue
        for x in range(na - 1, -1, -1):
            for y in range(nb - 1, -1, -1):
                st[6 * sp] = ka[3 * x]
                st[6 * sp + 1] = ka[3 * x + 1]
                st[6 * sp + 2] = ka[3 * x + 2]
                st[6 * sp + 3] = kb[3 * y]
                st[6 * sp + 4] = kb[3 * y + 1]
                st[6 * sp + 5] = kb[3 * y + 2]
                sp = sp + 1
    n = out.n
    if n > maxc:
        n = maxc
    for j in range(n):
        ln = sqrt(
            out.c[j * L.CR + L.C_NORMAL] * out.c[j * L.CR + L.C_NORMAL]
            + out.c[j * L.CR + L.C_NORMAL + 1] * out.c[j * L.CR + L.C_NORMAL + 1]
            + out.c[j * L.CR + L.C_NORMAL + 2] * out.c[j * L.CR + L.C_NORMAL + 2]
        )
        if ln > 0:
            for k in range(3):
                out.c[j * L.CR + L.C_NORMAL + k] = out.c[j * L.CR + L.C_NORMAL + k] / ln
        for k in range(L.CR):
            contacts[j * skip + k] = out.c[j * L.CR + k]
    buf_free(out)
    work_free(wa)
    work_free(wb)
    work_free(ba)
    work_free(bb)
    work_free(st)
    work_free(w)
    work_free(nda)
    work_free(ndb)
    return n


# ---- end kernels
