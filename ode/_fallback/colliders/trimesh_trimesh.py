"""Trimesh against trimesh, as libode 0.16.2.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, floor, sqrt

from ... import _layout as L
from ... import _precision
from .mesh_contacts import buf_push, maxc_of
from .mesh_geometry import safe_unit
from .mesh_registry import DINF, MESH_TRIMESH, buf_free, buf_new, rec, reg_get, to_int, work_free, work_new
from .prim_contacts import unimp_of
from .trimesh_ray import f32, fdot
from .trimesh_tree import tt_box, tt_boxes, tt_kids, tt_nodes

TT_CELL = 10000.0  # trimesh-trimesh: contacts in the same cell of this many per unit (per coordinate) are one
TT_REACH = 0.0001732068128076953  # ... when within the cell's diagonal (1.00001 sqrt(3) / TT_CELL)
TT_DEPTH = 1e-5  # trimesh-trimesh: a contact this much deeper replaces, within this they average normals
TT_TIE = 1e-6  # trimesh-trimesh: points this close to the deepest so far are contacts too
# trimesh-trimesh: points this far outside a triangle's edge plane stay in its prism (libode keeps them: a
# triangle whose edge lies in the other's edge plane, as aligned boxes give, is not clipped away by rounding)
TT_EDGE = 1e-8
TT_EPS32 = 9.999999974752427e-07  # OPCODE's triangle test: its coplanarity margin (1e-6 as a float)


# ---- kernels


# ---- trimesh-trimesh, as libode 0.16.2's collider computes it. Candidate triangle pairs come from the two
# meshes' AABB trees descended together (first x first, first x second, second x first, second x second
# child; a leaf stays while the other side descends), each tested by OPCODE's float triangle-triangle test
# (tt_tri32) in the frame of the mesh whose leaf the descent reached second, the other triangle taken there
# by OPCODE's float transform (tt_frames; mesh 1's leaf is the one moved when both arrive together). Per
# pair (tt_pair): each triangle's plane, normalised as libode's safe normalisation (safe_unit); the other
# triangle cut by its three edge planes (tt_cut: points up to TT_EDGE in front are kept, crossings reckoned
# from each step's start), not by the plane itself; the deepest of the cut points behind the plane and those
# within TT_TIE of the deepest so far (tt_deep). The direction whose deepest is shallower wins (triangle 1's
# on a tie); a negative depth, or an empty cut (depth -inf), makes no contact; each selected point is a
# contact at that depth, normal -n1 or +n2, sides the two triangles. Contacts merge as libode's hash does
# (tt_merge): one in the same 1 / TT_CELL cell and within its diagonal takes the new one, keeping its
# position: more than TT_DEPTH deeper replaces its normal, depth and sides, within TT_DEPTH the normals
# average (a running, length-weighted sum, renormalised each time, sides -1) and a vanishing sum (opposite
# normals, as parallel faces of aligned poses give) removes the contact, the last one taking its place. Once
# max contacts are kept new ones are dropped, while merges into the kept ones go on (under
# CONTACTS_UNIMPORTANT the walk stops there).


def tt_plane(t, n):
    #: cdef void tt_plane(const dReal* t, dReal* n) noexcept nogil
    """n[0:3] = (t1 - t0) x (t2 - t0) for triangle t (9 reals): its normal, not normalised."""
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


def tt_frames(g1, g2, xf):
    #: cdef void tt_frames(const dReal* g1, const dReal* g2, dReal* xf) noexcept nogil
    """xf = OPCODE's float transforms between the two meshes' frames, as libode sets up its tree query:
    xf[0:9] the rotation and xf[9:12] the translation taking mesh 1's frame to mesh 2's, xf[12:24] back
    (each point p to t + p R, R[i][j] at 3 i + j). The frames are float 4x4 matrices, row i of the rotation
    block column i of the geom's rotation, the translation row 0 for geom 1 and pos2 - pos1 for geom 2; each
    transform is one matrix times the other's inverse (rotation transposed, translation -(t . row i)), four
    terms summed in order per element."""
    #: int i, j, k
    #: dReal ma[16]
    #: dReal mb[16]
    #: dReal ia[16]
    #: dReal ib[16]
    #: dReal x
    ma = [0.0] * 16  # py
    mb = [0.0] * 16  # py
    ia = [0.0] * 16  # py
    ib = [0.0] * 16  # py
    for i in range(3):
        for j in range(3):
            ma[4 * i + j] = f32(g1[L.G_R + 3 * j + i])
            mb[4 * i + j] = f32(g2[L.G_R + 3 * j + i])
        ma[4 * i + 3] = 0.0
        mb[4 * i + 3] = 0.0
        ma[12 + i] = 0.0
        mb[12 + i] = f32(g2[L.G_POS + i] - g1[L.G_POS + i])
    ma[15] = 1.0
    mb[15] = 1.0
    for i in range(3):
        for j in range(3):
            ia[4 * j + i] = ma[4 * i + j]
            ib[4 * j + i] = mb[4 * i + j]
        ia[12 + i] = -fdot(ma[12], ma[13], ma[14], ma[4 * i], ma[4 * i + 1], ma[4 * i + 2])
        ib[12 + i] = -fdot(mb[12], mb[13], mb[14], mb[4 * i], mb[4 * i + 1], mb[4 * i + 2])
        ia[4 * i + 3] = 0.0
        ib[4 * i + 3] = 0.0
    ia[15] = 1.0
    ib[15] = 1.0
    for i in range(4):
        if i == 3:
            k = 9
        else:
            k = 3 * i
        for j in range(3):
            x = f32(fdot(ma[4 * i], ma[4 * i + 1], ma[4 * i + 2], ib[j], ib[4 + j], ib[8 + j])
                    + f32(ma[4 * i + 3] * ib[12 + j]))
            xf[k + j] = x
            x = f32(fdot(mb[4 * i], mb[4 * i + 1], mb[4 * i + 2], ia[j], ia[4 + j], ia[8 + j])
                    + f32(mb[4 * i + 3] * ia[12 + j]))
            xf[12 + k + j] = x


def tt_move32(md, t, xf, r, out):
    #: cdef void tt_move32(MeshData* md, int t, const dReal* xf, int r, dReal* out) noexcept nogil
    """out[0:9] = triangle t of mesh md (its float vertices) taken by OPCODE's float transform xf[r:r+12]
    (as tt_frames): t + p R, summed from the translation on."""
    #: int j, k, a
    for j in range(3):
        a = md.t[3 * t + j]
        for k in range(3):
            out[3 * j + k] = f32(
                f32(f32(xf[r + 9 + k] + f32(md.v[3 * a] * xf[r + k])) + f32(md.v[3 * a + 1] * xf[r + 3 + k]))
                + f32(md.v[3 * a + 2] * xf[r + 6 + k])
            )


def tt_local32(md, t, out, o):
    #: cdef void tt_local32(MeshData* md, int t, dReal* out, int o) noexcept nogil
    """out[o:o+9] = triangle t of mesh md in its own frame (its float vertices)."""
    #: int j, k
    for j in range(3):
        for k in range(3):
            out[o + 3 * j + k] = md.v[3 * md.t[3 * t + j] + k]


def tt_plane32(p, n):
    #: cdef dReal tt_plane32(const dReal* p, dReal* n) noexcept nogil
    """n = triangle p's (9 floats) normal (p1 - p0) x (p2 - p0) in float; returns its offset -(n . p0)."""
    #: dReal ux, uy, uz, wx, wy, wz
    ux = f32(p[3] - p[0])
    uy = f32(p[4] - p[1])
    uz = f32(p[5] - p[2])
    wx = f32(p[6] - p[0])
    wy = f32(p[7] - p[1])
    wz = f32(p[8] - p[2])
    n[0] = f32(f32(uy * wz) - f32(uz * wy))
    n[1] = f32(f32(uz * wx) - f32(ux * wz))
    n[2] = f32(f32(ux * wy) - f32(uy * wx))
    return -fdot(n[0], n[1], n[2], p[0], p[1], p[2])


def tt_dist32(n, d, p, out):
    #: cdef void tt_dist32(const dReal* n, dReal d, const dReal* p, dReal* out) noexcept nogil
    """out[0:3] = the float distances n . p_k + d of triangle p's vertices to the plane (n, d), those within
    OPCODE's coplanarity margin set to 0: 1e-6 (float) times |d| when |d| >= |n|^2, else times the larger of
    |d| and the smaller of |n|^2 and |p_k|^2."""
    #: int k
    #: dReal ad, nn, m, x
    ad = fabs(d)
    nn = fdot(n[0], n[1], n[2], n[0], n[1], n[2])
    for k in range(3):
        x = f32(fdot(n[0], n[1], n[2], p[3 * k], p[3 * k + 1], p[3 * k + 2]) + d)
        if ad >= nn:
            m = ad
        else:
            m = fdot(p[3 * k], p[3 * k + 1], p[3 * k + 2], p[3 * k], p[3 * k + 1], p[3 * k + 2])
            if nn < m:
                m = nn
            if ad > m:
                m = ad
        if fabs(x) <= f32(TT_EPS32 * m):
            x = 0.0
        out[k] = x


def tt_span32(p, d, c, out):
    #: cdef int tt_span32(const dReal* p, const dReal* d, int c, dReal* out) noexcept nogil
    """OPCODE's interval terms for triangle p (9 floats, plane distances d to the other's plane) on
    coordinate c: out = (a, b, c, x0, x1), the lone vertex's coordinate, the other two's offsets from it
    times its distance and the distance differences (all float); 0 when every distance is 0 (coplanar)."""
    #: int i, j, k
    if f32(d[0] * d[1]) > 0:
        i = 2
    elif f32(d[0] * d[2]) > 0:
        i = 1
    elif f32(d[1] * d[2]) > 0 or d[0] != 0:
        i = 0
    elif d[1] != 0:
        i = 1
    elif d[2] != 0:
        i = 2
    else:
        return 0
    # the two others in the order libode's macro takes them
    j = 1 if i == 0 else 0
    k = 1 if i == 2 else 2
    out[0] = p[3 * i + c]
    out[1] = f32(f32(p[3 * j + c] - p[3 * i + c]) * d[i])
    out[2] = f32(f32(p[3 * k + c] - p[3 * i + c]) * d[i])
    out[3] = f32(d[i] - d[j])
    out[4] = f32(d[i] - d[k])
    return 1


def tt_edges32(p, q, i0, i1):
    #: cdef int tt_edges32(const dReal* p, const dReal* q, int i0, int i1) noexcept nogil
    """1 when an edge of triangle p crosses an edge of triangle q in the plane of coordinates (i0, i1)
    (OPCODE's coplanar edge test, in float: p's edges 01, 12, 20 against q's 01, 12, 20)."""
    #: int a, b, c, e
    #: dReal ax, ay, bx, by, cx, cy, f, d, g
    for a in range(3):
        b = (a + 1) % 3
        ax = f32(p[3 * b + i0] - p[3 * a + i0])
        ay = f32(p[3 * b + i1] - p[3 * a + i1])
        for c in range(3):
            e = (c + 1) % 3
            bx = f32(q[3 * c + i0] - q[3 * e + i0])
            by = f32(q[3 * c + i1] - q[3 * e + i1])
            cx = f32(p[3 * a + i0] - q[3 * c + i0])
            cy = f32(p[3 * a + i1] - q[3 * c + i1])
            f = f32(f32(ay * bx) - f32(ax * by))
            d = f32(f32(by * cx) - f32(bx * cy))
            if (f > 0 and d >= 0 and d <= f) or (f < 0 and d <= 0 and d >= f):
                g = f32(f32(ax * cy) - f32(ay * cx))
                if f > 0:
                    if g >= 0 and g <= f:
                        return 1
                elif g <= 0 and g >= f:
                    return 1
    return 0


def tt_inside32(x, q, i0, i1):
    #: cdef int tt_inside32(const dReal* x, const dReal* q, int i0, int i1) noexcept nogil
    """1 when point x lies strictly inside triangle q in the plane of coordinates (i0, i1) (OPCODE's test,
    in float: the three edge lines' values at x, the first with the same sign as the other two)."""
    #: int a, b
    #: dReal u, w, c, s[3]
    s = [0.0] * 3  # py
    for a in range(3):
        b = (a + 1) % 3
        u = f32(q[3 * b + i1] - q[3 * a + i1])
        w = -f32(q[3 * b + i0] - q[3 * a + i0])
        c = f32(f32(-u * q[3 * a + i0]) - f32(w * q[3 * a + i1]))
        s[a] = f32(f32(f32(u * x[i0]) + f32(w * x[i1])) + c)
    return 1 if f32(s[0] * s[1]) > 0 and f32(s[0] * s[2]) > 0 else 0


def tt_tri32(v, u):
    #: cdef int tt_tri32(const dReal* v, const dReal* u) noexcept nogil
    """OPCODE's triangle-triangle overlap test (Moller's, without divisions, in float) on triangles v and u
    (9 floats each, in one frame): each triangle's vertex distances to the other's plane (with its
    coplanarity margin, tt_dist32) must not all share a sign; then the two triangles' intervals on the
    largest coordinate of the planes' common direction must meet; coplanar triangles are projected on the
    plane of the two coordinates other than the normal's largest and tested edge by edge, then vertex in
    triangle."""
    #: dReal n1[3]
    #: dReal n2[3]
    #: dReal du[3]
    #: dReal dv[3]
    #: dReal sa[5]
    #: dReal sb[5]
    #: dReal d1, d2, dx, dy, dz, m, xx, yy, xxyy, t, a0, a1, b0, b1
    #: int c, i0, i1
    n1 = [0.0] * 3  # py
    n2 = [0.0] * 3  # py
    du = [0.0] * 3  # py
    dv = [0.0] * 3  # py
    sa = [0.0] * 5  # py
    sb = [0.0] * 5  # py
    d1 = tt_plane32(v, n1)
    tt_dist32(n1, d1, u, du)
    if f32(du[0] * du[1]) > 0 and f32(du[0] * du[2]) > 0:
        return 0
    d2 = tt_plane32(u, n2)
    tt_dist32(n2, d2, v, dv)
    if f32(dv[0] * dv[1]) > 0 and f32(dv[0] * dv[2]) > 0:
        return 0
    dx = f32(f32(n1[1] * n2[2]) - f32(n1[2] * n2[1]))
    dy = f32(f32(n1[2] * n2[0]) - f32(n1[0] * n2[2]))
    dz = f32(f32(n1[0] * n2[1]) - f32(n1[1] * n2[0]))
    c = 0
    m = fabs(dx)
    if fabs(dy) > m:
        m = fabs(dy)
        c = 1
    if fabs(dz) > m:
        c = 2
    if not tt_span32(v, dv, c, sa) or not tt_span32(u, du, c, sb):
        # coplanar: project away the largest coordinate of v's normal
        i0 = 0
        i1 = 1
        if fabs(n1[0]) > fabs(n1[1]):
            if fabs(n1[0]) > fabs(n1[2]):
                i0 = 1
                i1 = 2
        elif not fabs(n1[2]) > fabs(n1[1]):
            i1 = 2
        if tt_edges32(v, u, i0, i1):
            return 1
        if tt_inside32(v, u, i0, i1) or tt_inside32(u, v, i0, i1):
            return 1
        return 0
    xx = f32(sa[3] * sa[4])
    yy = f32(sb[3] * sb[4])
    xxyy = f32(xx * yy)
    t = f32(sa[0] * xxyy)
    a0 = f32(t + f32(f32(sa[1] * sa[4]) * yy))
    a1 = f32(t + f32(f32(sa[2] * sa[3]) * yy))
    t = f32(sb[0] * xxyy)
    b0 = f32(t + f32(f32(sb[1] * xx) * sb[4]))
    b1 = f32(t + f32(f32(sb[2] * xx) * sb[3]))
    if a0 > a1:
        t = a0
        a0 = a1
        a1 = t
    if b0 > b1:
        t = b0
        b0 = b1
        b1 = t
    if a1 < b0 or b1 < a0:
        return 0
    return 1


def tt_cut(p, m, q, sx, sy, sz, c):
    #: cdef int tt_cut(const dReal* p, int m, dReal* q, dReal sx, dReal sy, dReal sz, dReal c) noexcept nogil
    """q = polygon p (m points) cut by the plane s . x = c as libode's trimesh-trimesh clip walks it: from the
    first point round to the first again, a point is kept when it lies behind the plane or at most TT_EDGE in
    front, and a step between a kept and a dropped point first adds the crossing, reckoned from the step's
    start a towards its end b as a + (b - a) (-d_a / s . (b - a)); returns its size."""
    #: int i, k, j, n, out, before
    #: dReal d, da, t, ex, ey, ez
    if m == 0:
        return 0
    n = 0
    before = 0
    for i in range(m + 1):
        k = i if i < m else 0
        d = sx * p[3 * k] + sy * p[3 * k + 1] + sz * p[3 * k + 2] - c
        out = 1 if d > TT_EDGE else 0
        if i > 0 and out != before:
            j = i - 1
            da = sx * p[3 * j] + sy * p[3 * j + 1] + sz * p[3 * j + 2] - c
            ex = p[3 * k] - p[3 * j]
            ey = p[3 * k + 1] - p[3 * j + 1]
            ez = p[3 * k + 2] - p[3 * j + 2]
            t = -da / (ex * sx + ey * sy + ez * sz)
            q[3 * n] = ex * t + p[3 * j]
            q[3 * n + 1] = ey * t + p[3 * j + 1]
            q[3 * n + 2] = ez * t + p[3 * j + 2]
            n = n + 1
        if out == 0 and i < m:
            q[3 * n] = p[3 * k]
            q[3 * n + 1] = p[3 * k + 1]
            q[3 * n + 2] = p[3 * k + 2]
            n = n + 1
        before = out
    return n


def tt_prism(ta, na, tb, p, q, e):
    #: cdef int tt_prism(const dReal* ta, const dReal* na, const dReal* tb, dReal* p, dReal* q,
    #:                   dReal* e) noexcept nogil
    """p = triangle tb cut by triangle ta's three edge planes in turn (edge i to i + 1 crossed with the unit
    normal na, normalised; an edge whose plane has no normal cuts nothing); its size (<= 6). e: 3 reals."""
    #: int i, j, k, m
    #: dReal c
    for k in range(9):
        p[k] = tb[k]
    m = 3
    for i in range(3):
        j = (i + 1) % 3
        e[0] = (ta[3 * j + 1] - ta[3 * i + 1]) * na[2] - (ta[3 * j + 2] - ta[3 * i + 2]) * na[1]
        e[1] = (ta[3 * j + 2] - ta[3 * i + 2]) * na[0] - (ta[3 * j] - ta[3 * i]) * na[2]
        e[2] = (ta[3 * j] - ta[3 * i]) * na[1] - (ta[3 * j + 1] - ta[3 * i + 1]) * na[0]
        if safe_unit(e):
            c = e[0] * ta[3 * i] + e[1] * ta[3 * i + 1] + e[2] * ta[3 * i + 2]
            m = tt_cut(p, m, q, e[0], e[1], e[2], c)
            for k in range(3 * m):
                p[k] = q[k]
    return m


def tt_deep(n, off, p, m, sel):
    #: cdef dReal tt_deep(const dReal* n, dReal off, const dReal* p, int m, int* sel) noexcept nogil
    """The deepest of the m points p behind the plane n . x = off (-inf when m is 0), and sel[0] = how many of
    them are contacts, sel[1..] which: walking the points in order, one deeper than the deepest so far starts
    the selection anew and one within TT_TIE of it joins (so an earlier point just above a later deepest is
    left out)."""
    #: int k
    #: dReal d, best
    best = -DINF
    sel[0] = 0
    for k in range(m):
        d = n[0] * p[3 * k] + n[1] * p[3 * k + 1] + n[2] * p[3 * k + 2] - off
        d = -d
        if d > best:
            best = d
            sel[0] = 1
            sel[1] = k
        elif d + TT_TIE >= best:
            sel[0] = sel[0] + 1
            sel[sel[0]] = k
    return best


def tt_merge(b, lens, maxc, px, py, pz, nx, ny, nz, depth, s1, s2, zero):
    #: cdef void tt_merge(Buf* b, dReal* lens, int maxc, dReal px, dReal py, dReal pz, dReal nx, dReal ny,
    #:                    dReal nz, dReal depth, int s1, int s2, dReal zero) noexcept nogil
    """Collect a contact by libode's trimesh-trimesh merge. A contact in the same cell (floor(x TT_CELL) per
    coordinate) and within TT_REACH of it takes it instead, keeping its own position: over TT_DEPTH deeper,
    the new normal, depth and sides replace its own; within TT_DEPTH, the normals average (the new one plus
    the kept unit normal times lens[k], the length of the sum it came from; the sum's length is kept and the
    sum times its reciprocal is the normal, sides -1) and the depth stays; a sum no longer than zero removes
    the contact (the last one takes its place). A new contact is dropped once maxc are kept."""
    #: int k, o, j
    #: dReal cx, cy, cz, ex, ey, ez, dd, l, l0, r
    cx = floor(px * TT_CELL)
    cy = floor(py * TT_CELL)
    cz = floor(pz * TT_CELL)
    for k in range(b.n):
        o = k * L.CR
        if (
            floor(b.c[o + L.C_POS] * TT_CELL) != cx
            or floor(b.c[o + L.C_POS + 1] * TT_CELL) != cy
            or floor(b.c[o + L.C_POS + 2] * TT_CELL) != cz
        ):
            continue
        ex = b.c[o + L.C_POS] - px
        ey = b.c[o + L.C_POS + 1] - py
        ez = b.c[o + L.C_POS + 2] - pz
        l = sqrt(ex * ex + ey * ey + ez * ez)
        if not l < TT_REACH:
            continue
        dd = depth - b.c[o + L.C_DEPTH]
        if dd > TT_DEPTH:
            b.c[o + L.C_NORMAL] = nx
            b.c[o + L.C_NORMAL + 1] = ny
            b.c[o + L.C_NORMAL + 2] = nz
            b.c[o + L.C_DEPTH] = depth
            b.c[o + L.C_SIDE1] = s1
            b.c[o + L.C_SIDE2] = s2
            lens[k] = 1.0
        elif dd >= -TT_DEPTH:
            l0 = lens[k]
            ex = nx + l0 * b.c[o + L.C_NORMAL]
            ey = ny + l0 * b.c[o + L.C_NORMAL + 1]
            ez = nz + l0 * b.c[o + L.C_NORMAL + 2]
            l = sqrt(ex * ex + ey * ey + ez * ez)
            if l > zero:
                r = 1.0 / l
                b.c[o + L.C_NORMAL] = ex * r
                b.c[o + L.C_NORMAL + 1] = ey * r
                b.c[o + L.C_NORMAL + 2] = ez * r
                b.c[o + L.C_SIDE1] = -1
                b.c[o + L.C_SIDE2] = -1
                lens[k] = l
            else:
                b.n = b.n - 1
                for j in range(L.CR):
                    b.c[o + j] = b.c[b.n * L.CR + j]
                lens[k] = lens[b.n]
        return
    if b.n < maxc:
        lens[b.n] = 1.0
        buf_push(b, px, py, pz, nx, ny, nz, depth, s1, s2)


def tt_pair(ta, tb, s1, s2, w, out, lens, maxc, unimp, zero):
    #: cdef void tt_pair(const dReal* ta, const dReal* tb, int s1, int s2, dReal* w, Buf* out, dReal* lens,
    #:                   int maxc, int unimp, dReal zero) noexcept nogil
    """The contacts of one intersecting triangle pair (ta of geom 1, tb of geom 2) into out, as libode: each
    triangle's plane (unit normal, offset at its first vertex); tb cut by ta's prism and its deepest points
    behind ta's plane, then ta by tb's; the direction whose deepest is shallower wins (ta's on a tie), and
    no contact when that depth is negative (or either cut came out empty: its depth is -inf). Every selected
    point is a contact at the winning depth, normal -(ta's normal) or +(tb's). w: 75 reals."""
    #: int k, ok1, ok2, m
    #: dReal d1, d2, best, sx, sy, sz
    #: dReal* na
    #: dReal* nb
    #: dReal* e
    #: dReal* pa
    #: dReal* pb
    #: dReal* q
    #: const dReal* pr
    #: int* sr
    #: int sa[8]
    #: int sb[8]
    na = work_new(3)  # py
    nb = work_new(3)  # py
    e = work_new(3)  # py
    pa = work_new(21)  # py
    pb = work_new(21)  # py
    q = work_new(21)  # py
    sa = [0] * 8  # py
    sb = [0] * 8  # py
    #: py- na = w
    #: py- nb = w + 3
    #: py- e = w + 6
    #: py- pa = w + 9
    #: py- pb = w + 30
    #: py- q = w + 51
    tt_plane(ta, na)
    tt_plane(tb, nb)
    ok1 = safe_unit(na)
    ok2 = safe_unit(nb)
    best = DINF
    sa[0] = 0
    pr = pa
    sr = sa
    sx = -na[0]
    sy = -na[1]
    sz = -na[2]
    if ok1:
        m = tt_prism(ta, na, tb, pa, q, e)
        d1 = tt_deep(na, na[0] * ta[0] + na[1] * ta[1] + na[2] * ta[2], pa, m, sa)
        best = d1
    if ok2:
        m = tt_prism(tb, nb, ta, pb, q, e)
        d2 = tt_deep(nb, nb[0] * tb[0] + nb[1] * tb[1] + nb[2] * tb[2], pb, m, sb)
        if d2 < best:
            best = d2
            pr = pb
            sr = sb
            sx = nb[0]
            sy = nb[1]
            sz = nb[2]
    if best < 0:
        return
    for k in range(sr[0]):
        m = sr[k + 1]
        tt_merge(out, lens, maxc, pr[3 * m], pr[3 * m + 1], pr[3 * m + 2], sx, sy, sz, best, s1, s2, zero)
        if unimp and out.n >= maxc:
            return


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
    #: dReal* lens
    #: int n, sp, na, nb, x, y, ta, tb, maxc, unimp, k, j, first
    #: dReal zero
    #: dReal tv[18]
    #: dReal xf[24]
    #: dReal fv[18]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    ka = [0] * 6  # py
    kb = [0] * 6  # py
    tv = [0.0] * 18  # py
    bq = [0.0] * 12  # py
    xf = [0.0] * 24  # py
    fv = [0.0] * 18  # py
    m1 = reg_get(i1[L.GI_DATA])
    m2 = reg_get(i2[L.GI_DATA])
    if m1 is None or m2 is None or m1.kind != MESH_TRIMESH or m2.kind != MESH_TRIMESH:
        return 0
    if m1.nt == 0 or m2.nt == 0:
        return 0
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    # libode's smallest averaged normal sum, by precision: 1e-7 in double, 1e-5 in single
    zero = 1e-7 if _precision.precision == "double" else 1e-5  # py
    #: py- zero = 1e-7 if sizeof(dReal) == 8 else 1e-5
    wa = work_new(3 * m1.nv + 3)
    wb = work_new(3 * m2.nv + 3)
    ba = work_new(6 * m1.nt)
    bb = work_new(6 * m2.nt)
    st = work_new(7 * (3 * (m1.nt + m2.nt) + 4))
    w = work_new(80)
    lens = work_new(maxc + 1)
    nda = work_new(8 * m1.nt)
    ndb = work_new(8 * m2.nt)
    tt_boxes(g1, m1, wa, ba)
    tt_boxes(g2, m2, wb, bb)
    tt_nodes(m1, ba, nda)
    tt_nodes(m2, bb, ndb)
    tt_frames(g1, g2, xf)
    out = buf_new()
    st[0] = 0.0
    st[1] = m1.nt
    st[2] = 0.0
    st[3] = 0.0
    st[4] = m2.nt
    st[5] = 0.0
    st[6] = 0.0
    sp = 1
    while sp > 0:
        sp = sp - 1
        if unimp and out.n >= maxc:
            break
        na = tt_kids(m1, to_int(st[7 * sp]), to_int(st[7 * sp + 1]), to_int(st[7 * sp + 2]), ka)
        nb = tt_kids(m2, to_int(st[7 * sp + 3]), to_int(st[7 * sp + 4]), to_int(st[7 * sp + 5]), kb)
        first = to_int(st[7 * sp + 6])
        tt_box(m1, ba, nda, to_int(st[7 * sp]), to_int(st[7 * sp + 1]), to_int(st[7 * sp + 2]), bq, 0)
        tt_box(m2, bb, ndb, to_int(st[7 * sp + 3]), to_int(st[7 * sp + 4]), to_int(st[7 * sp + 5]), bq, 6)
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
            # OPCODE's float test, in the frame of the mesh whose leaf came second
            if first == 0:
                tt_move32(m1, ta, xf, 0, fv)
                tt_local32(m2, tb, fv, 9)
            else:
                tt_move32(m2, tb, xf, 12, fv)
                tt_local32(m1, ta, fv, 9)
            if not tt_tri32(fv, fv[9:]):  # py
                continue  # py
            #: py- if not tt_tri32(fv, fv + 9):
            #: py-     continue
            for j in range(3):
                x = m1.t[3 * ta + j]
                y = m2.t[3 * tb + j]
                for k in range(3):
                    tv[3 * j + k] = wa[3 * x + k]
                    tv[9 + 3 * j + k] = wb[3 * y + k]
            tt_pair(tv, tv[9:], ta, tb, w, out, lens, maxc, unimp, zero)  # py
            #: py- tt_pair(tv, tv + 9, ta, tb, w, out, lens, maxc, unimp, zero)
            continue
        for x in range(na - 1, -1, -1):
            for y in range(nb - 1, -1, -1):
                st[7 * sp] = ka[3 * x]
                st[7 * sp + 1] = ka[3 * x + 1]
                st[7 * sp + 2] = ka[3 * x + 2]
                st[7 * sp + 3] = kb[3 * y]
                st[7 * sp + 4] = kb[3 * y + 1]
                st[7 * sp + 5] = kb[3 * y + 2]
                # which mesh reaches its leaf first (OPCODE fetches that triangle into the other's frame):
                # mesh 1 when both do at once
                if na == 2 and nb == 2:
                    if ka[3 * x + 1] - ka[3 * x] < 2:
                        st[7 * sp + 6] = 0.0
                    elif kb[3 * y + 1] - kb[3 * y] < 2:
                        st[7 * sp + 6] = 1.0
                    else:
                        st[7 * sp + 6] = 0.0
                else:
                    st[7 * sp + 6] = first
                sp = sp + 1
    n = out.n
    for j in range(n):
        for k in range(L.CR):
            contacts[j * skip + k] = out.c[j * L.CR + k]
    buf_free(out)
    work_free(wa)
    work_free(wb)
    work_free(ba)
    work_free(bb)
    work_free(st)
    work_free(w)
    work_free(lens)
    work_free(nda)
    work_free(ndb)
    return n


# ---- end kernels
