# cython: language_level=3
"""dWorldQuickStep's constraint stages for one island (twin: ``ode/_fallback/sor_rows.py``, the same
operations in the same order).

``sor_velocities`` lists them, each a function on a ``SorRows`` record, rows kept in island joint order: the
joints' rows from ``jacobian.info2`` with CFM over h (``_sor_rows``), M^-1 J^T (``_inverse_mass_times_rows``),
b = c / h - J (M^-1 F + v / h) (``_sor_b``), projected SOR for lambda with ODE's dRand reshuffles
(``lcp_sor.sor_lcp_buf``), and J^T lambda into joint feedback and the bodies' velocities
(``_apply_sor_forces``). Every array comes from the world's workspace arena.
"""

from .arena cimport *
from .dreal cimport dReal
from .integrate cimport rhs_body_terms
from .jacobian cimport info2
from .layout cimport *
from .lcp_rows cimport blank_rows
from .lcp_sor cimport sor_lcp_buf
from .vec cimport dot6


cdef struct SorRows:
    # An island's constraint rows for dWorldQuickStep, in island joint order (row by row, each with its
    # island-local bodies).
    int m               # rows
    int* cnt            # island joint -> its row count
    int* ofs            # island joint -> its first row
    int* jb             # row -> island-local bodies (two, -1 for none)
    int* fi             # friction rows: the row whose lambda bounds them, else -1
    dReal* J            # 12 per row
    dReal* iMJ          # M^-1 J^T, likewise
    dReal* c
    dReal* cfm          # already divided by h
    dReal* lo
    dReal* hi
    dReal* rhs
    dReal* lam
    dReal* tmp          # per body: M^-1 F + v / h (6)
    dReal* fc           # per body: M^-1 J^T lambda (6), kept by the solver
    dReal* Js           # the solver's scratch
    int* order


cdef int _sor_rows(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal fps, int nbi,
                   const int* joints, int nji, const int* loc, const int* jcnt, Arena* ws,
                   SorRows* R) noexcept nogil:
    """Stage rows: every joint's rows (info2) in island order, cfm over h, friction indices made absolute,
    each row's island-local bodies; the system's arrays come from the workspace. -1 when out of memory
    (R.m is 0 when the island has no rows)."""
    cdef dReal wcfm = wr[W_CFM]
    cdef int* cnt = <int*> ws_get(ws, WS_CNT, (2 * nji + 1) * sizeof(int))
    cdef int m = 0, n, r, k, l1, l2, j
    cdef dReal* S
    cdef int* I
    R.m = 0
    if cnt == NULL:
        return -1
    R.cnt = cnt
    R.ofs = cnt + nji
    for n in range(nji):
        cnt[n] = jcnt[joints[n]]
        R.ofs[n] = m
        m += cnt[n]
    if m == 0:
        return 0
    S = <dReal*> ws_get(ws, WS_S, (31 * m + 12 * nbi) * sizeof(dReal))
    I = <int*> ws_get(ws, WS_FI, 3 * m * sizeof(int))
    R.Js = <dReal*> ws_get(ws, WS_SORJ, (14 * m + 1) * sizeof(dReal))
    R.order = <int*> ws_get(ws, WS_SORO, (m + 1) * sizeof(int))
    if S == NULL or I == NULL or R.Js == NULL or R.order == NULL:
        return -1
    R.m = m
    R.J = S
    R.iMJ = R.J + 12 * m
    R.c = R.iMJ + 12 * m
    R.cfm = R.c + m
    R.lo = R.cfm + m
    R.hi = R.lo + m
    R.rhs = R.hi + m
    R.lam = R.rhs + m
    R.tmp = R.lam + m
    R.fc = R.tmp + 6 * nbi
    R.fi = I
    R.jb = I + m
    blank_rows(m, wcfm, R.J, R.c, R.cfm, R.lo, R.hi, R.fi)
    for n in range(nji):
        if cnt[n] == 0:
            continue
        j = joints[n]
        r = R.ofs[n]
        info2(ji, jr, j, br, bi, wr, fps, R.J + 12 * r, R.c + r, R.cfm + r, R.lo + r, R.hi + r, R.fi + r)
        k = ji[j * JI + JI_B1]
        l1 = loc[k] if k >= 0 else -1
        k = ji[j * JI + JI_B2]
        l2 = loc[k] if k >= 0 else -1
        for k in range(r, r + cnt[n]):
            R.cfm[k] = R.cfm[k] * fps
            if R.fi[k] >= 0:
                R.fi[k] = R.fi[k] + r
            R.jb[2 * k] = l1
            R.jb[2 * k + 1] = l2
    return 0


cdef void _inverse_mass_times_rows(const dReal* br, const int* bodies, const dReal* invI,
                                   SorRows* R) noexcept nogil:
    """Stage M^-1 J^T, row by row: the linear part times 1/m, the angular part the world inverse inertia
    times it."""
    cdef int r, side, bl, p
    cdef dReal im
    cdef const dReal* iI
    cdef const dReal* J = R.J
    cdef dReal* iMJ = R.iMJ
    for r in range(12 * R.m):
        iMJ[r] = 0.0
    for r in range(R.m):
        for side in range(2):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            im = br[bodies[bl] * BR + B_INVMASS]
            iI = invI + 9 * bl
            p = 12 * r + 6 * side
            iMJ[p] = J[p] * im
            iMJ[p + 1] = J[p + 1] * im
            iMJ[p + 2] = J[p + 2] * im
            iMJ[p + 3] = iI[0] * J[p + 3] + iI[1] * J[p + 4] + iI[2] * J[p + 5]
            iMJ[p + 4] = iI[3] * J[p + 3] + iI[4] * J[p + 4] + iI[5] * J[p + 5]
            iMJ[p + 5] = iI[6] * J[p + 3] + iI[7] * J[p + 4] + iI[8] * J[p + 5]


cdef void _sor_b(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                 SorRows* R) noexcept nogil:
    """Stage b = c / h - J (M^-1 F + v / h)."""
    cdef int bl, r, side
    cdef dReal s
    cdef dReal* tmp = R.tmp
    rhs_body_terms(br, bodies, nbi, invI, fps, tmp, 6)
    for r in range(R.m):
        s = 0.0
        for side in range(2):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            s = s + dot6(R.J + 12 * r + 6 * side, tmp + 6 * bl)
        R.rhs[r] = R.c[r] * fps - s


cdef int _solve_sor(const dReal* wr, int nbi, unsigned int* seed, SorRows* R) noexcept nogil:
    """Stage solve: projected SOR for lambda and M^-1 J^T lambda per body (fc), with the world's iterations
    and over-relaxation, reshuffling the rows with dRand from seed. -1 when out of memory."""
    return sor_lcp_buf(R.m, nbi, R.J, R.iMJ, R.jb, R.rhs, R.cfm, R.lo, R.hi, R.fi, R.lam, R.fc,
                       <int> wr[W_QS_ITER], wr[W_QS_W], seed, R.Js, R.order)


cdef void _apply_sor_forces(dReal* br, const int* bodies, int nbi, dReal* jr, const int* ji,
                            const int* joints, int nji, dReal h, SorRows* R) noexcept nogil:
    """Stage apply: joint feedback J^T lambda, then v += h M^-1 J^T lambda (the solver's fc)."""
    cdef int n, j, k, r, bl
    cdef dReal* bo
    for n in range(nji):
        j = joints[n]
        if not ji[j * JI + JI_FEEDBACK] or R.cnt[n] == 0:
            continue
        bo = jr + j * JR + J_FB
        for k in range(12):
            bo[k] = 0.0
        for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
            for k in range(12):
                bo[k] += R.J[12 * r + k] * R.lam[r]
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        for k in range(6):
            bo[B_LVEL + k] += h * R.fc[6 * bl + k]


cdef int sor_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                        const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                        const int* loc, const int* jcnt, unsigned int* seed, Arena* ws) noexcept nogil:
    """dWorldQuickStep's constraint stages for one island: rows, M^-1 J^T, b, projected SOR for lambda
    (reshuffling with dRand from seed), and the forces applied to the velocities (jcnt: each joint's row
    count, by slot); -1 when out of memory."""
    cdef dReal fps = 1.0 / h
    cdef SorRows R
    if _sor_rows(br, bi, jr, ji, wr, fps, nbi, joints, nji, loc, jcnt, ws, &R) < 0:
        return -1
    if R.m == 0:
        return 0
    _inverse_mass_times_rows(br, bodies, invI, &R)
    _sor_b(br, bodies, nbi, invI, fps, &R)
    if _solve_sor(wr, nbi, seed, &R) < 0:
        return -1
    _apply_sor_forces(br, bodies, nbi, jr, ji, joints, nji, h, &R)
    return 0
