# cython: language_level=3
"""dWorldStep's constraint stages for one island (twin: ``ode/_fallback/lcp_rows.py``, the same operations in
the same order).

``constraint_velocities`` lists them, each a function on an ``LcpRows`` record: the joints' rows from
``jacobian.info2`` in the solver's order (``_lcp_rows``), J M^-1 (``_rows_times_inverse_mass``),
A = J M^-1 J^T + CFM / h exploiting the two-body block structure (``_assemble_A``),
b = c / h - J (M^-1 F + v / h) (``_assemble_b``), the mixed LCP by Dantzig's method (``_solve_lcp``), and
J^T lambda into joint feedback and the bodies' velocities (``_apply_lcp_forces``). Every array comes from the
world's workspace arena.
"""

from libc.math cimport INFINITY

from .arena cimport *
from .dreal cimport dReal
from .integrate cimport rhs_body_terms
from .jacobian cimport info2
from .layout cimport *
from .lcp_dantzig cimport solve_lcp_buf
from .vec cimport dot6, mv


cdef struct LcpRows:
    # An island's constraint rows for dWorldStep, in the solver's order: the joints whose rows are all
    # unbounded first (the LCP's leading nub block), each joint's rows together.
    int m               # rows
    int nub             # leading unbounded rows
    int nord            # joints with rows
    const int* cnt      # island joint -> its row count
    int* order          # solver position -> island joint
    int* ofs            # solver position -> its first row
    int* jb             # solver position -> island-local bodies (two, -1 for none)
    dReal* J            # 12 per row: body 1 linear, angular, body 2 linear, angular
    dReal* JiM          # J M^-1, likewise
    dReal* c
    dReal* cfm
    dReal* lo
    dReal* hi
    int* fi             # friction rows: the row whose lambda bounds them, else -1
    dReal* rhs
    dReal* lam
    dReal* tmp          # per body: M^-1 F + v / h (6), then the constraint force J^T lambda (6)
    dReal* A            # m x m


cdef int _lcp_rows(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal fps, int nbi,
                   const int* joints, int nji, const int* loc, const int* jcnt, Arena* ws,
                   LcpRows* R) noexcept nogil:
    """Stage rows: every joint's rows (info2) in island order, then the solver's order (unbounded joints
    first) with the island-local bodies of each joint; the system's arrays come from the workspace.
    -1 when out of memory (R.m is 0 when the island has no rows)."""
    cdef int* cnt = <int*> ws_get(ws, WS_CNT, nji * 8 * sizeof(int))
    cdef int* rofs       # first row of island joint n in the temporary (island-order) rows
    cdef int* unb
    cdef dReal* T
    cdef int* Tfi
    cdef dReal* S
    cdef dReal wcfm = wr[W_CFM]
    cdef int total = 0, n, k, r, mj, o, e, j
    cdef bint ub
    R.m = 0
    if cnt == NULL:
        return -1
    rofs = cnt + nji
    unb = cnt + 2 * nji
    R.cnt = cnt
    R.order = cnt + 3 * nji
    R.ofs = cnt + 4 * nji
    R.jb = cnt + 5 * nji
    for n in range(nji):
        cnt[n] = jcnt[joints[n]]
        rofs[n] = total
        total += cnt[n]
    if total == 0:
        return 0
    # temporary rows in island order: J (12), c, cfm, lo, hi (one each) and findex
    T = <dReal*> ws_get(ws, WS_T, total * 16 * sizeof(dReal))
    Tfi = <int*> ws_get(ws, WS_TFI, total * sizeof(int))
    if T == NULL or Tfi == NULL:
        return -1
    cdef dReal* Tc = T + 12 * total
    cdef dReal* Tcfm = Tc + total
    cdef dReal* Tlo = Tcfm + total
    cdef dReal* Thi = Tlo + total
    blank_rows(total, wcfm, T, Tc, Tcfm, Tlo, Thi, Tfi)
    for n in range(nji):
        mj = cnt[n]
        o = rofs[n]
        if mj:
            info2(ji, jr, joints[n], br, bi, wr, fps, T + 12 * o, Tc + o, Tcfm + o, Tlo + o, Thi + o, Tfi + o)
        ub = True
        for k in range(mj):
            if Tlo[o + k] != -INFINITY or Thi[o + k] != INFINITY or Tfi[o + k] >= 0:
                ub = False
        unb[n] = ub
    R.nub = 0
    R.nord = 0
    for n in range(nji):
        if unb[n] and cnt[n]:
            R.order[R.nord] = n
            R.nord += 1
            R.nub += cnt[n]
    for n in range(nji):
        if not unb[n] and cnt[n]:
            R.order[R.nord] = n
            R.nord += 1
    R.m = total
    S = <dReal*> ws_get(ws, WS_S, (<size_t> total * total + total * 34 + nbi * 12) * sizeof(dReal))
    R.fi = <int*> ws_get(ws, WS_FI, total * sizeof(int))
    if S == NULL or R.fi == NULL:
        return -1
    R.J = S
    R.JiM = R.J + 12 * total
    R.c = R.JiM + 12 * total
    R.cfm = R.c + total
    R.lo = R.cfm + total
    R.hi = R.lo + total
    R.rhs = R.hi + total
    R.lam = R.rhs + total
    R.tmp = S + 34 * total
    R.A = R.tmp + 12 * nbi
    r = 0
    for n in range(R.nord):
        e = R.order[n]
        j = joints[e]
        mj = cnt[e]
        o = rofs[e]
        R.ofs[n] = r
        for k in range(12 * mj):
            R.J[12 * r + k] = T[12 * o + k]
        for k in range(mj):
            R.c[r + k] = Tc[o + k]
            R.cfm[r + k] = Tcfm[o + k]
            R.lo[r + k] = Tlo[o + k]
            R.hi[r + k] = Thi[o + k]
            R.fi[r + k] = Tfi[o + k] + r if Tfi[o + k] >= 0 else -1
        k = ji[j * JI + JI_B1]
        R.jb[2 * n] = loc[k] if k >= 0 else -1
        k = ji[j * JI + JI_B2]
        R.jb[2 * n + 1] = loc[k] if k >= 0 else -1
        r += mj
    return 0


cdef void blank_rows(int m, dReal wcfm, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi,
                     int* fi) noexcept nogil:
    """m rows as info2 expects them before it writes a joint's: J and c zero, cfm the world's, lo and hi
    unbounded, no friction index."""
    cdef int r
    for r in range(12 * m):
        J[r] = 0.0
    for r in range(m):
        c[r] = 0.0
        cfm[r] = wcfm
        lo[r] = -INFINITY
        hi[r] = INFINITY
        fi[r] = -1


cdef inline int _rows_of(const LcpRows* R, int n) noexcept nogil:
    """The row count of solver position n."""
    return R.cnt[R.order[n]]


cdef void _rows_times_inverse_mass(const dReal* br, const int* bodies, const dReal* invI,
                                   LcpRows* R) noexcept nogil:
    """Stage J M^-1, row by row: the linear part times 1/m, the angular part times the world inverse
    inertia."""
    cdef int n, side, bl, r, o
    cdef dReal im
    cdef const dReal* J = R.J
    cdef dReal* JiM = R.JiM
    cdef const dReal* iI
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl < 0:
                continue
            im = br[bodies[bl] * BR + B_INVMASS]
            iI = invI + 9 * bl
            for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                o = 12 * r + 6 * side
                JiM[o] = J[o] * im
                JiM[o + 1] = J[o + 1] * im
                JiM[o + 2] = J[o + 2] * im
                JiM[o + 3] = J[o + 3] * iI[0] + J[o + 4] * iI[3] + J[o + 5] * iI[6]
                JiM[o + 4] = J[o + 3] * iI[1] + J[o + 4] * iI[4] + J[o + 5] * iI[7]
                JiM[o + 5] = J[o + 3] * iI[2] + J[o + 4] * iI[5] + J[o + 5] * iI[8]


cdef int _assemble_A(int nbi, dReal fps, Arena* ws, LcpRows* R) noexcept nogil:
    """Stage A = J M^-1 J^T + cfm / h, built block by block only where two joints share a body; each entry
    below the diagonal and its mirror above get the same additions in the same order, so A is exactly
    symmetric. -1 when out of memory."""
    cdef int* bstart = <int*> ws_get(ws, WS_BSTART, (nbi + 1) * 2 * sizeof(int) + 4 * R.nord * sizeof(int))
    cdef int* bfill
    cdef int* blist
    cdef int m = R.m, n, n2, side, side2, bl, e, r, r2, o, o2, top
    cdef dReal s
    cdef dReal* A = R.A
    if bstart == NULL:
        return -1
    bfill = bstart + nbi + 1
    blist = bfill + nbi + 1
    # per body, the (solver position, side) pairs of its joints, in ascending solver position
    for bl in range(nbi + 1):
        bstart[bl] = 0
    for n in range(R.nord):
        for side in range(2):
            if R.jb[2 * n + side] >= 0:
                bstart[R.jb[2 * n + side] + 1] += 1
    for bl in range(nbi):
        bstart[bl + 1] += bstart[bl]
    for bl in range(nbi):
        bfill[bl] = bstart[bl]
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl >= 0:
                blist[2 * bfill[bl]] = n
                blist[2 * bfill[bl] + 1] = side
                bfill[bl] += 1
    for r in range(m * m):
        A[r] = 0.0
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl < 0:
                continue
            for e in range(bstart[bl], bstart[bl + 1]):
                n2 = blist[2 * e]
                side2 = blist[2 * e + 1]
                if n2 > n:
                    continue
                for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                    o = 12 * r + 6 * side
                    top = r + 1 if n2 == n else R.ofs[n2] + _rows_of(R, n2)
                    for r2 in range(R.ofs[n2], top):
                        o2 = 12 * r2 + 6 * side2
                        s = dot6(R.JiM + o, R.J + o2)
                        A[r * m + r2] += s
                        if r2 != r:
                            A[r2 * m + r] += s
    for r in range(m):
        A[r * m + r] += R.cfm[r] * fps
    return 0


cdef void _assemble_b(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                      LcpRows* R) noexcept nogil:
    """Stage b = c / h - J (M^-1 F + v / h); clears the bodies' constraint force sums."""
    cdef int bl, n, r, side, k
    cdef dReal s
    cdef dReal* tmp = R.tmp
    rhs_body_terms(br, bodies, nbi, invI, fps, tmp, 12)
    for bl in range(nbi):
        for k in range(6):
            tmp[12 * bl + 6 + k] = 0.0
    for n in range(R.nord):
        for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
            s = 0.0
            for side in range(2):
                bl = R.jb[2 * n + side]
                if bl < 0:
                    continue
                s = s + dot6(R.J + 12 * r + 6 * side, tmp + 12 * bl)
            R.rhs[r] = R.c[r] * fps - s


cdef int _solve_lcp(Arena* ws, LcpRows* R) noexcept nogil:
    """Stage solve: the mixed LCP for lambda (Dantzig). -1 when out of memory."""
    cdef int m = R.m, r
    cdef dReal* lcp = <dReal*> ws_get(ws, WS_LCP, (<size_t> m * m + 8 * m) * sizeof(dReal))
    cdef int* lcpi = <int*> ws_get(ws, WS_LCPI, 2 * m * sizeof(int))
    if lcp == NULL or lcpi == NULL:
        return -1
    for r in range(m):
        R.lam[r] = 0.0
    solve_lcp_buf(m, R.A, R.lam, R.rhs, NULL, R.nub, R.lo, R.hi, R.fi, lcp, lcpi)
    return 0


cdef void _apply_lcp_forces(dReal* br, const int* bodies, int nbi, dReal* jr, const int* ji,
                            const int* joints, const dReal* invI, dReal h, LcpRows* R) noexcept nogil:
    """Stage apply: the constraint forces J^T lambda per body and joint feedback, then the velocity change
    h M^-1 J^T lambda."""
    cdef int n, j, k, side, bl, r
    cdef dReal im
    cdef dReal fb[12]
    cdef dReal th[3]
    cdef dReal d[3]
    cdef dReal* bo
    cdef dReal* tmp = R.tmp
    for n in range(R.nord):
        j = joints[R.order[n]]
        for k in range(12):
            fb[k] = 0.0
        for side in range(2):
            if R.jb[2 * n + side] < 0:
                continue
            for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                for k in range(6):
                    fb[6 * side + k] += R.J[12 * r + 6 * side + k] * R.lam[r]
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl >= 0:
                for k in range(6):
                    tmp[12 * bl + 6 + k] += fb[6 * side + k]
        if ji[j * JI + JI_FEEDBACK]:
            for k in range(12):
                jr[j * JR + J_FB + k] = fb[k]
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        im = h * bo[B_INVMASS]
        bo[B_LVEL] += im * tmp[12 * bl + 6]
        bo[B_LVEL + 1] += im * tmp[12 * bl + 7]
        bo[B_LVEL + 2] += im * tmp[12 * bl + 8]
        th[0] = tmp[12 * bl + 9] * h
        th[1] = tmp[12 * bl + 10] * h
        th[2] = tmp[12 * bl + 11] * h
        mv(invI + 9 * bl, th, d)
        bo[B_AVEL] += d[0]
        bo[B_AVEL + 1] += d[1]
        bo[B_AVEL + 2] += d[2]


cdef int constraint_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                               const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                               const int* loc, const int* jcnt, Arena* ws) noexcept nogil:
    """dWorldStep's constraint stages for one island: rows, J M^-1, A, b, the LCP, and the forces applied
    to the velocities (jcnt: each joint's row count, by slot); -1 when out of memory."""
    cdef dReal fps = 1.0 / h
    cdef LcpRows R
    if _lcp_rows(br, bi, jr, ji, wr, fps, nbi, joints, nji, loc, jcnt, ws, &R) < 0:
        return -1
    if R.m == 0:
        return 0
    _rows_times_inverse_mass(br, bodies, invI, &R)
    if _assemble_A(nbi, fps, ws, &R) < 0:
        return -1
    _assemble_b(br, bodies, nbi, invI, fps, &R)
    if _solve_lcp(ws, &R) < 0:
        return -1
    _apply_lcp_forces(br, bodies, nbi, jr, ji, joints, invI, h, &R)
    return 0

