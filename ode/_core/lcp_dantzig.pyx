# cython: language_level=3
"""The boxed mixed LCP solved by principal pivoting (dReal kernel; twin: ``ode/_fallback/lcp_dantzig.py``).

Problem: find x, w with A x = b + w and, for every row i, one of x_i = lo_i and w_i >= 0, x_i = hi_i and
w_i <= 0, or lo_i < x_i < hi_i and w_i = 0. Rows 0..nub-1 are unbounded. A row i with findex[i] >= 0 is a
friction row (the friction pyramid approximation of the ODE manual): every other row is solved first, then all
friction bounds are fixed at once to -|hi_i x_f| .. |hi_i x_f| with f = findex[i] and x_f the normal force of
that frictionless solve, and only then are the friction rows added. The bounds stay fixed while the friction
rows change the normal forces (libode 0.16 behaves so: observed, not a true pyramid on the final normals).

Method (Cottle & Dantzig's principal pivoting, in the incremental form of Baraff 1994): rows are added one
at a time. The clamped set C (w = 0, x free) is held as an LDL^T factorization of A_CC that grows by one row
when an index joins C and shrinks by a rank-one update when one leaves; the other rows done sit at bounds (N).
Adding row i drives x_i in the direction that brings w_i to zero while x_C moves to keep w_C = 0, and the step
stops at the first event: w_i = 0 (i joins C), x_i at a bound (i joins N), an x_c at a bound (c leaves C) or a
w_j of N changing sign (j joins C). Every loop, sum and product is performed in the same order as the twin, so
both agree bit for bit in double precision.

Status codes: 0 solved; 1 the unbounded block A[:nub, :nub] is not positive definite; 2 a pivot failed (the
matrix is not positive definite on the clamped set, or a drive has no blocking event); 3 the pivot limit of a
drive was reached (degenerate cycling); 4 a non-finite value appeared (x is then reset to zero); 5 the final
x, w miss the conditions by more than sqrt(eps) relative (A_CC numerically singular). x is always finite.
"""

cimport numpy as cnp
import numpy as np
from libc.float cimport DBL_EPSILON, FLT_EPSILON
from libc.math cimport INFINITY, fabs, isfinite, sqrt
from libc.stdlib cimport free, malloc

from .dreal cimport dReal
from .ldlt cimport factor_ldlt, solve_ldlt

from ..._fallback.lcp_dantzig import _check

cnp.import_array()

__all__ = ["lcp", "OK", "FAIL_FACTOR", "FAIL_PIVOT", "FAIL_LIMIT", "FAIL_NONFINITE", "FAIL_ACCURACY"]

OK = 0
FAIL_FACTOR = 1
FAIL_PIVOT = 2
FAIL_LIMIT = 3
FAIL_NONFINITE = 4
FAIL_ACCURACY = 5

cdef enum:
    _OK = 0
    _FAIL_FACTOR = 1
    _FAIL_PIVOT = 2
    _FAIL_LIMIT = 3
    _FAIL_NONFINITE = 4
    _FAIL_ACCURACY = 5

cdef enum:
    _UNSEEN = 0
    _CLAMPED = 1
    _AT_LO = 2
    _AT_HI = 3

cdef enum:
    _EV_NONE = 0
    _EV_TARGET = 1
    _EV_BOUND = 2
    _EV_W = 3
    _EV_C = 4
    _EV_N = 5


# A pivot must exceed this fraction of its diagonal entry: smaller ones mean A_CC is numerically singular.
cdef dReal _PIVOT_EPS = 4.0 * (DBL_EPSILON if sizeof(dReal) == 8 else FLT_EPSILON)
# Tolerance (relative to the problem's scale) of the final check of the solution.
cdef dReal _VERIFY_TOL = sqrt(DBL_EPSILON if sizeof(dReal) == 8 else FLT_EPSILON)


cdef struct Work:
    int n
    int m
    const dReal* A
    const dReal* b
    dReal* lo
    dReal* hi
    dReal* x
    dReal* w
    dReal* L
    dReal* dd
    dReal* di
    dReal* v
    dReal* dw
    dReal* p
    dReal* beta
    int* state
    int* cidx


cdef int _add_clamped(Work* ws, int j) noexcept nogil:
    """Append index j to the clamped set: a new row of L by forward substitution; 1 if its pivot <= 0."""
    cdef int n = ws.n, m = ws.m, k, q
    cdef const dReal* A = ws.A
    cdef dReal* L = ws.L
    cdef int* cidx = ws.cidx
    cdef dReal* di = ws.di
    cdef dReal* lm = L + m * n
    cdef const dReal* aj = A + j * n
    cdef const dReal* lk
    cdef dReal s, t, l, dm, ajj
    for k in range(m):
        lm[k] = aj[cidx[k]]
    for k in range(m):
        lk = L + k * n
        s = 0.0
        for q in range(k):
            s = s + lm[q] * lk[q]
        lm[k] = lm[k] - s
    s = 0.0
    for k in range(m):
        t = lm[k]
        l = t * di[k]
        lm[k] = l
        s = s + t * l
    ajj = aj[j]
    dm = ajj - s
    if not (dm > 0.0 and dm > ajj * _PIVOT_EPS):
        return 1
    ws.dd[m] = dm
    di[m] = 1.0 / dm
    cidx[m] = j
    ws.state[j] = _CLAMPED
    ws.m = m + 1
    return 0


cdef void _remove_clamped(Work* ws, int r) noexcept nogil:
    """Drop position r of the clamped set: rank-one update of the rows below it, shifted up and left."""
    cdef int n = ws.n, m = ws.m, k, q
    cdef dReal* L = ws.L
    cdef dReal* dd = ws.dd
    cdef dReal* di = ws.di
    cdef dReal* p = ws.p
    cdef dReal* beta = ws.beta
    cdef int* cidx = ws.cidx
    cdef dReal alpha = dd[r], wv, dk, dnew
    cdef dReal* lk
    cdef dReal* dst
    for k in range(r + 1, m):
        lk = L + k * n
        wv = lk[r]
        for q in range(r + 1, k):
            wv = wv - p[q] * lk[q]
            lk[q] = lk[q] + beta[q] * wv
        p[k] = wv
        dk = dd[k]
        dnew = dk + alpha * wv * wv
        beta[k] = wv * alpha / dnew
        alpha = alpha * dk / dnew
        dst = lk - n
        for q in range(r):
            dst[q] = lk[q]
        for q in range(r + 1, k):
            dst[q - 1] = lk[q]
        dd[k - 1] = dnew
        di[k - 1] = 1.0 / dnew
        cidx[k - 1] = cidx[k]
    ws.m = m - 1


cdef inline bint _at_bound(const int* state, int j) noexcept nogil:
    """True when row j is processed and sits at one of its bounds (set N)."""
    return state[j] == _AT_LO or state[j] == _AT_HI


cdef void _direction(Work* ws, int i, dReal dirn) noexcept nogil:
    """Set v (x_C change, in C order) and dw (w change of i and the rows at bounds) per unit change of x_i."""
    cdef int n = ws.n, m = ws.m, k, j
    cdef const dReal* A = ws.A
    cdef const int* cidx = ws.cidx
    cdef const int* state = ws.state
    cdef dReal* v = ws.v
    cdef dReal* dw = ws.dw
    cdef const dReal* ai = A + i * n
    cdef const dReal* aj
    cdef dReal s
    for k in range(m):
        v[k] = ai[cidx[k]]
    solve_ldlt(ws.L, ws.di, v, m, n)
    if dirn > 0.0:
        for k in range(m):
            v[k] = -v[k]
    for j in range(n):
        if j == i or _at_bound(state, j):
            aj = A + j * n
            s = dirn * aj[i]
            for k in range(m):
                s = s + aj[cidx[k]] * v[k]
            dw[j] = s


cdef dReal _row_w(Work* ws, int i) noexcept nogil:
    """w_i = (A x)_i - b_i computed afresh from the current x."""
    cdef int n = ws.n, j
    cdef const dReal* ai = ws.A + i * n
    cdef const dReal* x = ws.x
    cdef dReal s = 0.0
    for j in range(n):
        s = s + ai[j] * x[j]
    return s - ws.b[i]


cdef int _settle(Work* ws, int i) noexcept nogil:
    """Place row i, whose conditions hold, at its bound or in the clamped set; nonzero if its pivot fails."""
    cdef dReal xi = ws.x[i], wi = ws.w[i]
    if xi == ws.hi[i] and wi <= 0.0:
        ws.state[i] = _AT_HI
    elif xi == ws.lo[i]:
        ws.state[i] = _AT_LO
    elif xi == ws.hi[i]:
        ws.state[i] = _AT_HI
    elif _add_clamped(ws, i):
        ws.state[i] = _AT_LO if wi >= 0.0 else _AT_HI
        return _FAIL_PIVOT
    return _OK


cdef int _drive(Work* ws, int i, int maxit) noexcept nogil:
    """Add row i: move x_i (and x_C along with it) until row i satisfies its complementarity conditions."""
    cdef int n = ws.n, m, k, j, c, it = 0, ev, evj, sj
    cdef dReal* x = ws.x
    cdef dReal* w = ws.w
    cdef const dReal* lo = ws.lo
    cdef const dReal* hi = ws.hi
    cdef int* state = ws.state
    cdef const int* cidx = ws.cidx
    cdef const dReal* v = ws.v
    cdef const dReal* dw = ws.dw
    cdef dReal xi, wi, loi, hii, dirn, best, s, dwi, vk, step
    cdef bint target
    w[i] = _row_w(ws, i)
    while True:
        xi = x[i]
        wi = w[i]
        loi = lo[i]
        hii = hi[i]
        target = False
        if xi < loi:
            dirn = 1.0
            target = True
        elif xi > hii:
            dirn = -1.0
            target = True
        elif wi < 0.0 and xi < hii:
            dirn = 1.0
        elif wi > 0.0 and xi > loi:
            dirn = -1.0
        else:
            return _settle(ws, i)
        if it >= maxit:
            return _FAIL_LIMIT
        it += 1
        _direction(ws, i, dirn)
        m = ws.m
        best = INFINITY
        ev = _EV_NONE
        evj = -1
        if target:
            best = loi - xi if dirn > 0.0 else xi - hii
            ev = _EV_TARGET
        else:
            s = hii - xi if dirn > 0.0 else xi - loi
            if s < best:
                best = s
                ev = _EV_BOUND
            dwi = dw[i]
            if (dirn > 0.0 and dwi > 0.0) or (dirn < 0.0 and dwi < 0.0):
                s = -wi / dwi
                if s < best:
                    best = s
                    ev = _EV_W
        for k in range(m):
            c = cidx[k]
            vk = v[k]
            if vk > 0.0:
                s = (hi[c] - x[c]) / vk
            elif vk < 0.0:
                s = (lo[c] - x[c]) / vk
            else:
                continue
            if s < best:
                best = s
                ev = _EV_C
                evj = k
        for j in range(n):
            sj = state[j]
            if sj == _AT_LO:
                if not dw[j] < 0.0:
                    continue
            elif sj == _AT_HI:
                if not dw[j] > 0.0:
                    continue
            else:
                continue
            s = -w[j] / dw[j]
            if s < best:
                best = s
                ev = _EV_N
                evj = j
        if ev == _EV_NONE or not best < INFINITY:
            return _FAIL_PIVOT
        step = best if best > 0.0 else 0.0
        x[i] = x[i] + step * dirn
        for k in range(m):
            c = cidx[k]
            x[c] = x[c] + step * v[k]
        for j in range(n):
            if j == i or _at_bound(state, j):
                w[j] = w[j] + step * dw[j]
        if ev == _EV_TARGET:
            x[i] = loi if dirn > 0.0 else hii
        elif ev == _EV_BOUND:
            x[i] = hii if dirn > 0.0 else loi
        elif ev == _EV_W:
            w[i] = 0.0
        elif ev == _EV_C:
            c = cidx[evj]
            if v[evj] > 0.0:
                x[c] = hi[c]
                state[c] = _AT_HI
            else:
                x[c] = lo[c]
                state[c] = _AT_LO
            w[c] = 0.0
            _remove_clamped(ws, evj)
        else:
            w[evj] = 0.0
            if _add_clamped(ws, evj):
                return _FAIL_PIVOT


cdef void _finish(Work* ws) noexcept nogil:
    """Re-solve x_C = A_CC^-1 (b_C - A_CN x_N) with the final factor and recompute w = A x - b off C."""
    cdef int n = ws.n, m = ws.m, k, j, c
    cdef const dReal* A = ws.A
    cdef dReal* x = ws.x
    cdef dReal* v = ws.v
    cdef const int* state = ws.state
    cdef const int* cidx = ws.cidx
    cdef const dReal* ac
    cdef dReal s
    for k in range(m):
        c = cidx[k]
        ac = A + c * n
        s = ws.b[c]
        for j in range(n):
            if state[j] != _CLAMPED:
                s = s - ac[j] * x[j]
        v[k] = s
    solve_ldlt(ws.L, ws.di, v, m, n)
    for k in range(m):
        x[cidx[k]] = v[k]
    for j in range(n):
        if state[j] == _CLAMPED:
            ws.w[j] = 0.0
        else:
            ws.w[j] = _row_w(ws, j)


cdef int _verify(Work* ws) noexcept nogil:
    """FAIL_ACCURACY unless x, w meet bounds and complementarity to sqrt(eps) relative (singular A_CC)."""
    cdef int n = ws.n, k, sk
    cdef const dReal* A = ws.A
    cdef const dReal* x = ws.x
    cdef const dReal* w = ws.w
    cdef const dReal* lo = ws.lo
    cdef const dReal* hi = ws.hi
    cdef dReal bmax = 0.0, amax = 0.0, xmax = 0.0, t, tol
    for k in range(n):
        t = fabs(ws.b[k])
        if t > bmax:
            bmax = t
        t = fabs(A[k * n + k])
        if t > amax:
            amax = t
        t = fabs(x[k])
        if t > xmax:
            xmax = t
    tol = _VERIFY_TOL * (1.0 + bmax + amax * xmax)
    for k in range(n):
        sk = ws.state[k]
        if sk == _CLAMPED:
            if not (x[k] >= lo[k] - tol and x[k] <= hi[k] + tol):
                return _FAIL_ACCURACY
            if not fabs(_row_w(ws, k)) <= tol:
                return _FAIL_ACCURACY
        elif sk == _AT_LO:
            if not w[k] >= -tol:
                return _FAIL_ACCURACY
        elif sk == _AT_HI:
            if not w[k] <= tol:
                return _FAIL_ACCURACY
    return _OK


cdef int _start(Work* ws, int nub) noexcept nogil:
    """Solve the unbounded rows 0..nub-1 by one LDL^T factor and solve; they form the initial clamped set."""
    cdef int n = ws.n, k, r, c
    cdef dReal* L = ws.L
    for k in range(n):
        ws.w[k] = -ws.b[k]
    if nub <= 0:
        return _OK
    for r in range(nub):
        for c in range(r + 1):
            L[r * n + c] = ws.A[r * n + c]
    if factor_ldlt(L, ws.di, nub, n):
        return _FAIL_FACTOR
    for k in range(nub):
        ws.dd[k] = 1.0 / ws.di[k]
        if not ws.dd[k] > ws.A[k * n + k] * _PIVOT_EPS:
            return _FAIL_FACTOR
        ws.cidx[k] = k
        ws.state[k] = _CLAMPED
        ws.x[k] = ws.b[k]
    ws.m = nub
    solve_ldlt(L, ws.di, ws.x, nub, n)
    for k in range(nub):
        ws.w[k] = 0.0
    return _OK


cdef void _friction_bounds(Work* ws, int nub, const int* findex) noexcept nogil:
    """Fix every friction row's bounds to +-|hi_i x_f| from the normal forces of the frictionless solve."""
    cdef int i, f
    cdef dReal h
    for i in range(nub, ws.n):
        f = findex[i]
        if f >= 0:
            h = fabs(ws.hi[i] * ws.x[f])
            ws.hi[i] = h
            ws.lo[i] = -h


cdef int _run(Work* ws, int nub, const int* findex) noexcept nogil:
    """The unbounded block, the other non-friction rows, then the friction rows; returns the status."""
    cdef int n = ws.n, i, f, friction_pass, maxit
    cdef int status = _start(ws, nub)
    if status != _OK or nub >= n:
        return status
    maxit = 8 * n + 64
    for friction_pass in range(2):
        if friction_pass == 1 and findex != NULL:
            _friction_bounds(ws, nub, findex)
        for i in range(nub, n):
            f = -1 if findex == NULL else findex[i]
            if (f >= 0) != (friction_pass == 1):
                continue
            status = _drive(ws, i, maxit)
            if status != _OK:
                break
        if status != _OK:
            break
    _finish(ws)
    if status == _OK:
        status = _verify(ws)
    return status


cdef int solve_lcp(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                   dReal* lo, dReal* hi, int* findex) noexcept nogil:
    """Solve the boxed mixed LCP A x = b + w (see module doc) into x (and w unless NULL); returns a status."""
    cdef size_t nn = <size_t> n if n > 0 else 0
    cdef dReal* block = <dReal*> malloc((nn * nn + 8 * nn + 1) * sizeof(dReal))
    cdef int* iblock = <int*> malloc((2 * nn + 1) * sizeof(int))
    cdef int status = solve_lcp_buf(n, A, x, b, w, nub, lo, hi, findex, block, iblock)
    free(block)
    free(iblock)
    return status


cdef int solve_lcp_buf(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                       dReal* lo, dReal* hi, int* findex, dReal* block, int* iblock) noexcept nogil:
    """solve_lcp in caller-owned scratch memory (block: n n + 8 n reals, iblock: 2 n ints; NULL fails)."""
    cdef Work ws
    cdef int k, status
    cdef bint finite = True
    cdef size_t nn
    if n <= 0:
        return _OK
    if nub > n:
        nub = n
    if nub < 0:
        nub = 0
    nn = <size_t> n
    if block == NULL or iblock == NULL:
        for k in range(n):
            x[k] = 0.0
        return _FAIL_PIVOT
    ws.n = n
    ws.m = 0
    ws.A = A
    ws.b = b
    ws.lo = lo
    ws.hi = hi
    ws.L = block
    ws.x = block + nn * nn
    ws.w = ws.x + nn
    ws.dd = ws.w + nn
    ws.di = ws.dd + nn
    ws.v = ws.di + nn
    ws.dw = ws.v + nn
    ws.p = ws.dw + nn
    ws.beta = ws.p + nn
    ws.state = iblock
    ws.cidx = iblock + nn
    for k in range(n):
        ws.x[k] = 0.0
        ws.w[k] = 0.0
        ws.state[k] = _UNSEEN
    status = _run(&ws, nub, findex)
    for k in range(n):
        if not (isfinite(ws.x[k]) and isfinite(ws.w[k])):
            finite = False
    for k in range(n):
        x[k] = ws.x[k] if finite else 0.0
        if w != NULL:
            w[k] = ws.w[k] if finite else 0.0
    if not finite:
        return _FAIL_NONFINITE
    return status


DTYPE = np.float64 if sizeof(dReal) == 8 else np.float32


def lcp(A, b, lo, hi, findex, nub, return_bounds=False) -> tuple:
    """Solve the boxed LCP; returns (x, w, status), plus the bounds actually used if return_bounds is true."""
    a, bv, lov, hiv, fv, nub_ = _check(A, b, lo, hi, findex, nub)
    cdef int n = a.shape[0]
    cdef int nb = nub_
    cdef int status
    cdef cnp.ndarray ac = np.array(a, dtype=DTYPE, order="C")
    cdef cnp.ndarray bc = np.array(bv, dtype=DTYPE, order="C")
    cdef cnp.ndarray lc = np.array(lov, dtype=DTYPE, order="C")
    cdef cnp.ndarray hc = np.array(hiv, dtype=DTYPE, order="C")
    cdef cnp.ndarray fc = np.array(fv, dtype=np.intc, order="C")
    cdef cnp.ndarray x = np.zeros(n, dtype=DTYPE)
    cdef cnp.ndarray w = np.zeros(n, dtype=DTYPE)
    with nogil:
        status = solve_lcp(n, <dReal*> cnp.PyArray_DATA(ac), <dReal*> cnp.PyArray_DATA(x),
                           <dReal*> cnp.PyArray_DATA(bc), <dReal*> cnp.PyArray_DATA(w), nb,
                           <dReal*> cnp.PyArray_DATA(lc), <dReal*> cnp.PyArray_DATA(hc),
                           <int*> cnp.PyArray_DATA(fc))
    if return_bounds:
        return x, w, status, lc, hc
    return x, w, status
