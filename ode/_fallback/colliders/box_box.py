"""Box against box (ODE's separating-axis test with face clipping and contact culling).

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import atan2 as real_atan2  # libode's dAtan2: the kernel's is atan2f in single (dreal.h)
from math import fabs, sqrt

from ... import _layout as L
from .prim_contacts import maxc_of, put, unimp_of
from .prim_geometry import DINF, M_PI

BOX_FUDGE = 1.05  # edge axes of box-box win only when clearly better than a face axis
LINE_EPS = 1e-4  # 1 - (ua.ub)^2 below this: lines treated as parallel


# ---- kernels


def line_closest(pa, ua, pb, ub, out):
    #: cdef void line_closest(const dReal* pa, const dReal* ua, const dReal* pb, const dReal* ub,
    #:                        dReal* out) noexcept nogil
    """Parameters (alpha, beta) of the closest points of lines pa + alpha ua and pb + beta ub (unit u)."""
    #: dReal px, py, pz, uaub, q1, q2, d
    px = pb[0] - pa[0]
    py = pb[1] - pa[1]
    pz = pb[2] - pa[2]
    uaub = ua[0] * ub[0] + ua[1] * ub[1] + ua[2] * ub[2]
    q1 = ua[0] * px + ua[1] * py + ua[2] * pz
    q2 = -(ub[0] * px + ub[1] * py + ub[2] * pz)
    d = 1 - uaub * uaub
    if d <= LINE_EPS:
        out[0] = 0.0
        out[1] = 0.0
        return
    d = 1 / d
    out[0] = (q1 + uaub * q2) * d
    out[1] = (uaub * q1 + q2) * d


def clip_rect(h0, h1, poly, n, tmp):
    #: cdef int clip_rect(dReal h0, dReal h1, dReal* poly, int n, dReal* tmp) noexcept nogil
    """Clip polygon poly (n points x, y) to the open rectangle |x| < h0, |y| < h1; result in poly (libode's).

    Cut by x > -h0, x < h0, y > -h1, y < h1 in turn; a point on a cut line is outside it, and a crossing
    point takes the cut coordinate exactly and the other by the slope from the edge's first point. The walk
    stops at the eighth point written, even with cuts left."""
    #: int cut, ax, ot, sg, k, kk, m, ina, inb
    #: dReal lim, at
    for cut in range(4):
        ax = cut >> 1
        ot = 1 - ax
        sg = 2 * (cut & 1) - 1
        lim = h0
        if ax == 1:
            lim = h1
        at = sg * lim
        m = 0
        for k in range(n):
            kk = k + 1
            if kk == n:
                kk = 0
            ina = sg * poly[2 * k + ax] < lim
            inb = sg * poly[2 * kk + ax] < lim
            if ina:
                tmp[2 * m] = poly[2 * k]
                tmp[2 * m + 1] = poly[2 * k + 1]
                m += 1
                if m == 8:
                    break
            if ina != inb:
                tmp[2 * m + ot] = poly[2 * k + ot] + (poly[2 * kk + ot] - poly[2 * k + ot]) / (
                    poly[2 * kk + ax] - poly[2 * k + ax]) * (at - poly[2 * k + ax])
                tmp[2 * m + ax] = at
                m += 1
                if m == 8:
                    break
        for k in range(2 * m):
            poly[k] = tmp[k]
        n = m
        if n == 8:
            return n
    return n


def cull_points(n, pts, m, i0, keep):
    #: cdef void cull_points(int n, const dReal* pts, int m, int i0, int* keep) noexcept nogil
    """Choose m of n polygon points (i0 first) nearest in angle, around the polygon's area centroid, to m
    directions evenly spaced from i0's (libode's; the angle steps in double, as libode's)."""
    #: dReal ang[8]
    #: int used[8]
    #: dReal cx, cy, ar, q, a, best, dd
    #: double w
    #: int k, j, kb
    ang = [0.0] * 8  # py
    used = [0] * 8  # py
    if n == 1:
        cx = pts[0]
        cy = pts[1]
    elif n == 2:
        cx = 0.5 * (pts[0] + pts[2])
        cy = 0.5 * (pts[1] + pts[3])
    else:
        # shoelace centroid: cross terms of consecutive vertices, the closing edge last
        ar = 0.0
        cx = 0.0
        cy = 0.0
        for k in range(n - 1):
            q = pts[2 * k] * pts[2 * k + 3] - pts[2 * k + 2] * pts[2 * k + 1]
            ar += q
            cx += q * (pts[2 * k] + pts[2 * k + 2])
            cy += q * (pts[2 * k + 1] + pts[2 * k + 3])
        q = pts[2 * n - 2] * pts[1] - pts[0] * pts[2 * n - 1]
        ar = 3 * (ar + q)  # stored: rounded to dReal before the reciprocal, as libode
        ar = 1 / ar
        cx = ar * (cx + q * (pts[2 * n - 2] + pts[0]))
        cy = ar * (cy + q * (pts[2 * n - 1] + pts[1]))
    for k in range(n):
        ang[k] = real_atan2(pts[2 * k + 1] - cy, pts[2 * k] - cx)
        used[k] = 0
    used[i0] = 1
    keep[0] = i0
    for j in range(1, m):
        # the target angle and the wrap tests in double (C double literals of pi and 2 pi), stored in dReal
        w = j * (6.283185307179586 / m) + ang[i0]
        a = w
        if a > 3.141592653589793:
            a -= 2 * M_PI
        best = 1e9
        kb = i0
        for k in range(n):
            if used[k] == 0:
                dd = fabs(ang[k] - a)
                if dd > 3.141592653589793:
                    dd = 6.283185307179586 - dd
                if dd < best:
                    best = dd
                    kb = k
        used[kb] = 1
        keep[j] = kb


def box_box(p1, R1, s1, p2, R2, s2, flags, c, skip, normal_out):
    #: cdef int box_box(const dReal* p1, const dReal* R1, const dReal* s1, const dReal* p2, const dReal* R2,
    #:                  const dReal* s2, int flags, dReal* c, int skip, dReal* normal_out) noexcept nogil
    """Box-box contacts (separating axes over 15 axes, then face clipping); normal_out gets normal, depth,
    code."""
    #: dReal p[3]
    #: dReal pp[3]
    #: dReal A[3]
    #: dReal B[3]
    #: dReal Rm[9]
    #: dReal Q[9]
    #: dReal nrm[3]
    #: dReal nc[3]
    #: dReal nr[3]
    #: dReal anr[3]
    #: dReal pa[3]
    #: dReal pb[3]
    #: dReal ua[3]
    #: dReal ub[3]
    #: dReal ab[2]
    #: dReal ctr[3]
    #: dReal poly[16]
    #: dReal tmp[16]
    #: dReal dep[8]
    #: dReal pts[24]
    #: int keep[8]
    #: const dReal* Ra
    #: const dReal* Rb
    #: const dReal* Sa
    #: const dReal* Sb
    #: const dReal* Pa
    #: const dReal* Pb
    #: dReal s, e1, e2, l, sbest, sgn, n2x, n2y, n2z, m11, m12, m21, m22, c1, c2, k1, k2, k3, k4, det, x, y
    #: dReal px, py, pz
    #: int i, j, code, invert, facebest, ia, ib, lanr, a1, a2, cn, q1, q2, n, cnum, maxc, i0, ibest, early
    p = [0.0] * 3  # py
    pp = [0.0] * 3  # py
    A = [0.0] * 3  # py
    B = [0.0] * 3  # py
    Rm = [0.0] * 9  # py
    Q = [0.0] * 9  # py
    nrm = [0.0] * 3  # py
    nc = [0.0] * 3  # py
    nr = [0.0] * 3  # py
    anr = [0.0] * 3  # py
    pa = [0.0] * 3  # py
    pb = [0.0] * 3  # py
    ua = [0.0] * 3  # py
    ub = [0.0] * 3  # py
    ab = [0.0] * 2  # py
    ctr = [0.0] * 3  # py
    poly = [0.0] * 16  # py
    tmp = [0.0] * 16  # py
    dep = [0.0] * 8  # py
    pts = [0.0] * 24  # py
    keep = [0] * 8  # py
    maxc = maxc_of(flags)
    # CONTACTS_UNIMPORTANT (observed in libode): box 1's first face axis is taken without testing the others,
    # and the first clipped points are kept without culling
    early = unimp_of(flags)
    for j in range(3):
        p[j] = p2[j] - p1[j]
        A[j] = s1[j] * 0.5
        B[j] = s2[j] * 0.5
    for i in range(3):
        pp[i] = R1[i] * p[0] + R1[3 + i] * p[1] + R1[6 + i] * p[2]
        for j in range(3):
            Rm[3 * i + j] = R1[i] * R2[j] + R1[3 + i] * R2[3 + j] + R1[6 + i] * R2[6 + j]
            Q[3 * i + j] = fabs(Rm[3 * i + j])
    sbest = -DINF
    code = 0
    invert = 0
    facebest = 0
    ibest = 0
    for i in range(3):
        e1 = pp[i]
        e2 = A[i] + B[0] * Q[3 * i] + B[1] * Q[3 * i + 1] + B[2] * Q[3 * i + 2]
        s = fabs(e1) - e2
        if s > 0:
            return 0
        if s > sbest:
            sbest = s
            code = i + 1
            invert = e1 < 0
            facebest = 1
            ibest = i
        if early != 0:
            break
    for j in range(3):
        if early != 0:
            break
        e1 = R2[j] * p[0] + R2[3 + j] * p[1] + R2[6 + j] * p[2]
        e2 = A[0] * Q[j] + A[1] * Q[3 + j] + A[2] * Q[6 + j] + B[j]
        s = fabs(e1) - e2
        if s > 0:
            return 0
        if s > sbest:
            sbest = s
            code = j + 4
            invert = e1 < 0
            facebest = 2
            ibest = j
    for i in range(3):
        if early != 0:
            break
        ia = (i + 1) % 3
        ib = (i + 2) % 3
        # the other two axes of each box in ascending order: the radius terms are summed in that order
        a1 = 1
        a2 = 2
        if i == 1:
            a1 = 0
        elif i == 2:
            a1 = 0
            a2 = 1
        for j in range(3):
            q1 = 1
            q2 = 2
            if j == 1:
                q1 = 0
            elif j == 2:
                q1 = 0
                q2 = 1
            # axis e_i x f_j in box 1's frame: component ia = -Rm[ib, j], ib = Rm[ia, j]
            e1 = pp[ib] * Rm[3 * ia + j] - pp[ia] * Rm[3 * ib + j]
            e2 = A[a1] * Q[3 * a2 + j] + A[a2] * Q[3 * a1 + j] + B[q1] * Q[3 * i + q2] + B[q2] * Q[3 * i + q1]
            s = fabs(e1) - e2
            if s > 0:
                return 0
            l = sqrt(Rm[3 * ia + j] * Rm[3 * ia + j] + Rm[3 * ib + j] * Rm[3 * ib + j])
            if l > 0:
                s = s / l
                if s * BOX_FUDGE > sbest:
                    sbest = s
                    code = 7 + 3 * i + j
                    invert = e1 < 0
                    facebest = 0
                    nc[i] = 0.0
                    nc[ia] = -Rm[3 * ib + j] / l
                    nc[ib] = Rm[3 * ia + j] / l
    if code == 0:
        return 0
    if facebest == 1:
        nrm[0] = R1[ibest]
        nrm[1] = R1[3 + ibest]
        nrm[2] = R1[6 + ibest]
    elif facebest == 2:
        nrm[0] = R2[ibest]
        nrm[1] = R2[3 + ibest]
        nrm[2] = R2[6 + ibest]
    else:
        for j in range(3):
            nrm[j] = R1[3 * j] * nc[0] + R1[3 * j + 1] * nc[1] + R1[3 * j + 2] * nc[2]
    if invert:
        nrm[0] = -nrm[0]
        nrm[1] = -nrm[1]
        nrm[2] = -nrm[2]
    normal_out[0] = nrm[0]
    normal_out[1] = nrm[1]
    normal_out[2] = nrm[2]
    normal_out[3] = -sbest
    normal_out[4] = code
    if code > 6:
        # edge-edge: closest points of the two edges, contact midway
        i = (code - 7) // 3
        j = (code - 7) % 3
        for q1 in range(3):
            pa[q1] = p1[q1]
            pb[q1] = p2[q1]
        # the corners of each box furthest along the normal (box 1) and against it (box 2); every axis is
        # stepped, the edge's own included, as libode, then the closest points of the two edge lines
        for q2 in range(3):
            sgn = -1.0
            if nrm[0] * R1[q2] + nrm[1] * R1[3 + q2] + nrm[2] * R1[6 + q2] > 0:
                sgn = 1.0
            for q1 in range(3):
                pa[q1] += sgn * A[q2] * R1[3 * q1 + q2]
        for q2 in range(3):
            sgn = 1.0
            if nrm[0] * R2[q2] + nrm[1] * R2[3 + q2] + nrm[2] * R2[6 + q2] > 0:
                sgn = -1.0
            for q1 in range(3):
                pb[q1] += sgn * B[q2] * R2[3 * q1 + q2]
        for q1 in range(3):
            ua[q1] = R1[3 * q1 + i]
            ub[q1] = R2[3 * q1 + j]
        line_closest(pa, ua, pb, ub, ab)
        for q1 in range(3):
            pa[q1] += ua[q1] * ab[0]
            pb[q1] += ub[q1] * ab[1]
        put(c, 0, skip, 0.5 * (pa[0] + pb[0]), 0.5 * (pa[1] + pb[1]), 0.5 * (pa[2] + pb[2]),
            -nrm[0], -nrm[1], -nrm[2], -sbest)
        return 1
    # face: reference face on box a (the box of the axis), incident face on box b
    if code <= 3:
        Ra = R1
        Rb = R2
        Sa = A
        Sb = B
        Pa = p1
        Pb = p2
        n2x = nrm[0]
        n2y = nrm[1]
        n2z = nrm[2]
        cn = code - 1
    else:
        Ra = R2
        Rb = R1
        Sa = B
        Sb = A
        Pa = p2
        Pb = p1
        n2x = -nrm[0]
        n2y = -nrm[1]
        n2z = -nrm[2]
        cn = code - 4
    # the incident face: box b's axis most along the normal (libode's ties: 0 over an equal 1, 2 over an
    # equal 0 or 1)
    for j in range(3):
        nr[j] = Rb[j] * n2x + Rb[3 + j] * n2y + Rb[6 + j] * n2z
        anr[j] = fabs(nr[j])
    if anr[1] > anr[0]:
        lanr = 2
        if anr[1] > anr[2]:
            lanr = 1
    else:
        lanr = 2
        if anr[0] > anr[2]:
            lanr = 0
    sgn = -1.0
    if nr[lanr] < 0:
        sgn = 1.0
    for q1 in range(3):
        ctr[q1] = Pb[q1] - Pa[q1] + sgn * Sb[lanr] * Rb[3 * q1 + lanr]
    q1 = (cn + 1) % 3
    q2 = (cn + 2) % 3
    if cn == 1:
        q1 = 0
        q2 = 2
    elif cn == 0:
        q1 = 1
        q2 = 2
    else:
        q1 = 0
        q2 = 1
    a1 = 1
    a2 = 2
    if lanr == 1:
        a1 = 0
        a2 = 2
    elif lanr == 2:
        a1 = 0
        a2 = 1
    c1 = Ra[q1] * ctr[0] + Ra[3 + q1] * ctr[1] + Ra[6 + q1] * ctr[2]
    c2 = Ra[q2] * ctr[0] + Ra[3 + q2] * ctr[1] + Ra[6 + q2] * ctr[2]
    m11 = Ra[q1] * Rb[a1] + Ra[3 + q1] * Rb[3 + a1] + Ra[6 + q1] * Rb[6 + a1]
    m12 = Ra[q1] * Rb[a2] + Ra[3 + q1] * Rb[3 + a2] + Ra[6 + q1] * Rb[6 + a2]
    m21 = Ra[q2] * Rb[a1] + Ra[3 + q2] * Rb[3 + a1] + Ra[6 + q2] * Rb[6 + a1]
    m22 = Ra[q2] * Rb[a2] + Ra[3 + q2] * Rb[3 + a2] + Ra[6 + q2] * Rb[6 + a2]
    k1 = m11 * Sb[a1]
    k2 = m21 * Sb[a1]
    k3 = m12 * Sb[a2]
    k4 = m22 * Sb[a2]
    poly[0] = c1 - k1 - k3
    poly[1] = c2 - k2 - k4
    poly[2] = c1 - k1 + k3
    poly[3] = c2 - k2 + k4
    poly[4] = c1 + k1 + k3
    poly[5] = c2 + k2 + k4
    poly[6] = c1 + k1 - k3
    poly[7] = c2 + k2 - k4
    n = clip_rect(Sa[q1], Sa[q2], poly, 4, tmp)
    if n < 1:
        return 0
    det = m11 * m22 - m12 * m21
    if fabs(det) < 1e-300:
        return 0
    det = 1 / det
    m11 *= det
    m12 *= det
    m21 *= det
    m22 *= det
    cnum = 0
    for j in range(n):
        k1 = m22 * (poly[2 * j] - c1) - m12 * (poly[2 * j + 1] - c2)
        k2 = -m21 * (poly[2 * j] - c1) + m11 * (poly[2 * j + 1] - c2)
        px = ctr[0] + k1 * Rb[a1] + k2 * Rb[a2]
        py = ctr[1] + k1 * Rb[3 + a1] + k2 * Rb[3 + a2]
        pz = ctr[2] + k1 * Rb[6 + a1] + k2 * Rb[6 + a2]
        x = Sa[cn] - (n2x * px + n2y * py + n2z * pz)
        if x >= 0:
            pts[3 * cnum] = px
            pts[3 * cnum + 1] = py
            pts[3 * cnum + 2] = pz
            dep[cnum] = x
            poly[2 * cnum] = poly[2 * j]
            poly[2 * cnum + 1] = poly[2 * j + 1]
            cnum += 1
    if cnum < 1:
        return 0
    if maxc > cnum:
        maxc = cnum
    if maxc < cnum and early == 0:
        i0 = 0
        x = dep[0]
        for j in range(1, cnum):
            if dep[j] > x:
                x = dep[j]
                i0 = j
        cull_points(cnum, poly, maxc, i0, keep)
    else:
        for j in range(cnum):
            keep[j] = j
    for j in range(maxc):
        i = keep[j]
        px = pts[3 * i] + Pa[0]
        py = pts[3 * i + 1] + Pa[1]
        pz = pts[3 * i + 2] + Pa[2]
        put(c, j, skip, px, py, pz, -nrm[0], -nrm[1], -nrm[2], dep[i])
    return maxc


def collide_box_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_box_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                          dReal* c, int skip) noexcept nogil
    """Box against box (ODE's dBoxBox conventions: normal into box 1, up to 8 contacts)."""
    #: dReal nout[5]
    nout = [0.0] * 5  # py
    return box_box(g1[L.G_POS:], g1[L.G_R:], g1[L.G_SIDES:], g2[L.G_POS:], g2[L.G_R:], g2[L.G_SIDES:],  # py
                   flags, c, skip, nout)  # py
    #: py-return box_box(&g1[G_POS], &g1[G_R], &g1[G_SIDES], &g2[G_POS], &g2[G_R], &g2[G_SIDES],
    #: py-                flags, c, skip, nout)


# ---- end kernels
