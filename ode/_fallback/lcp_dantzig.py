"""Pure-Python twin of ``ode/_core/lcp_dantzig.pyx``: the boxed mixed LCP solved by principal pivoting.

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
w_j of N changing sign (j joins C). Every loop, sum and product here is performed in the same order as the
Cython kernel, so both agree bit for bit in double precision: this file is its source, ``tools/gen/
gen_kernels.py`` turns the ``#:`` type lines into ``cdef`` declarations and ``_Work`` into a C struct.

Status codes: 0 solved; 1 the unbounded block A[:nub, :nub] is not positive definite; 2 a pivot failed (the
matrix is not positive definite on the clamped set, or a drive has no blocking event); 3 the pivot limit of a
drive was reached (degenerate cycling); 4 a non-finite value appeared (x is then reset to zero); 5 the final
x, w miss the conditions by more than sqrt(eps) relative (A_CC numerically singular). x is always finite.
"""

from __future__ import annotations

import math
import sys
from math import fabs, isfinite, sqrt

import numpy as np

from .. import _precision
from .ieee import div
from .ldlt import factor_ldlt, solve_ldlt

__all__ = ["solve_lcp", "lcp", "OK", "FAIL_FACTOR", "FAIL_PIVOT", "FAIL_LIMIT", "FAIL_NONFINITE",
           "FAIL_ACCURACY"]

OK = 0
FAIL_FACTOR = 1
FAIL_PIVOT = 2
FAIL_LIMIT = 3
FAIL_NONFINITE = 4
FAIL_ACCURACY = 5

_UNSEEN = 0
_CLAMPED = 1
_AT_LO = 2
_AT_HI = 3

_EV_NONE = 0
_EV_TARGET = 1
_EV_BOUND = 2
_EV_W = 3
_EV_C = 4
_EV_N = 5

INFINITY = math.inf
# A pivot must exceed this fraction of its diagonal entry: smaller ones mean A_CC is numerically singular.
_PIVOT_EPS = 4.0 * sys.float_info.epsilon
# Tolerance (relative to the problem's scale) of the final check of the solution.
_VERIFY_TOL = sqrt(sys.float_info.epsilon)


class _Work:
    """The solver's state: problem arrays, row states, the clamped set and its LDL^T factor, scratch."""

    def __init__(self, n, A, b, lo, hi):
        """Bind the problem and allocate the scratch (the core mallocs one block with the same fields)."""
        self.n = n
        self.A = A
        self.b = b
        self.lo = lo
        self.hi = hi
        self.x = [0.0] * n
        self.w = [0.0] * n
        self.state = [_UNSEEN] * n
        self.cidx = [0] * n
        self.m = 0
        self.L = [0.0] * (n * n)
        self.dd = [0.0] * n
        self.di = [0.0] * n
        self.v = [0.0] * n
        self.dw = [0.0] * n
        self.p = [0.0] * n
        self.beta = [0.0] * n


# ---- kernels


def _add_clamped(ws: _Work, j: int) -> int:
    #: cdef int _add_clamped(Work* ws, int j) noexcept nogil
    """Append index j to the clamped set: a new row of L by forward substitution; 1 if its pivot <= 0."""
    #: int n, m, rm, rj, rk, k, q
    #: const dReal* A
    #: dReal* L
    #: int* cidx
    #: dReal* di
    #: dReal s, t, lk, dm, ajj
    n = ws.n
    A = ws.A
    L = ws.L
    cidx = ws.cidx
    di = ws.di
    m = ws.m
    rm = m * n
    rj = j * n
    for k in range(m):
        L[rm + k] = A[rj + cidx[k]]
    for k in range(m):
        rk = k * n
        s = 0.0
        for q in range(k):
            s = s + L[rm + q] * L[rk + q]
        L[rm + k] = L[rm + k] - s
    s = 0.0
    for k in range(m):
        t = L[rm + k]
        lk = t * di[k]
        L[rm + k] = lk
        s = s + t * lk
    ajj = A[rj + j]
    dm = ajj - s
    if not (dm > 0.0 and dm > ajj * _PIVOT_EPS):
        return 1
    ws.dd[m] = dm
    di[m] = 1.0 / dm
    cidx[m] = j
    ws.state[j] = _CLAMPED
    ws.m = m + 1
    return 0


def _remove_clamped(ws: _Work, r: int) -> None:
    #: cdef void _remove_clamped(Work* ws, int r) noexcept nogil
    """Drop position r of the clamped set: rank-one update of the rows below it, shifted up and left."""
    #: int n, m, rk, dst, k, q
    #: dReal* L
    #: dReal* dd
    #: dReal* di
    #: dReal* p
    #: dReal* beta
    #: int* cidx
    #: dReal alpha, wv, dk, dnew
    n = ws.n
    L = ws.L
    dd = ws.dd
    di = ws.di
    p = ws.p
    beta = ws.beta
    cidx = ws.cidx
    m = ws.m
    alpha = dd[r]
    for k in range(r + 1, m):
        rk = k * n
        wv = L[rk + r]
        for q in range(r + 1, k):
            wv = wv - p[q] * L[rk + q]
            L[rk + q] = L[rk + q] + beta[q] * wv
        p[k] = wv
        dk = dd[k]
        dnew = dk + alpha * wv * wv
        beta[k] = wv * alpha / dnew
        alpha = alpha * dk / dnew
        dst = rk - n
        for q in range(r):
            L[dst + q] = L[rk + q]
        for q in range(r + 1, k):
            L[dst + q - 1] = L[rk + q]
        dd[k - 1] = dnew
        di[k - 1] = 1.0 / dnew
        cidx[k - 1] = cidx[k]
    ws.m = m - 1


def _direction(ws: _Work, i: int, dirn: float) -> None:
    #: cdef void _direction(Work* ws, int i, dReal dirn) noexcept nogil
    """Set v (x_C change, in C order) and dw (w change of i and the rows at bounds) per unit change of x_i."""
    #: int n, m, ri, rj, k, j
    #: const dReal* A
    #: const int* cidx
    #: const int* state
    #: dReal* v
    #: dReal* dw
    #: dReal s
    n = ws.n
    A = ws.A
    cidx = ws.cidx
    v = ws.v
    dw = ws.dw
    state = ws.state
    m = ws.m
    ri = i * n
    for k in range(m):
        v[k] = A[ri + cidx[k]]
    solve_ldlt(ws.L, ws.di, v, m, n)
    if dirn > 0.0:
        for k in range(m):
            v[k] = -v[k]
    for j in range(n):
        if j == i or state[j] == _AT_LO or state[j] == _AT_HI:
            rj = j * n
            s = dirn * A[rj + i]
            for k in range(m):
                s = s + A[rj + cidx[k]] * v[k]
            dw[j] = s


def _row_w(ws: _Work, i: int) -> float:
    #: cdef dReal _row_w(Work* ws, int i) noexcept nogil
    """w_i = (A x)_i - b_i computed afresh from the current x."""
    #: int n, ri, j
    #: const dReal* A
    #: const dReal* x
    #: dReal s
    n = ws.n
    A = ws.A
    x = ws.x
    ri = i * n
    s = 0.0
    for j in range(n):
        s = s + A[ri + j] * x[j]
    return s - ws.b[i]


def _settle(ws: _Work, i: int) -> int:
    #: cdef int _settle(Work* ws, int i) noexcept nogil
    """Place row i, whose conditions hold, at its bound or in the clamped set; nonzero if its pivot fails."""
    #: dReal xi, wi
    xi = ws.x[i]
    wi = ws.w[i]
    if xi == ws.hi[i] and wi <= 0.0:
        ws.state[i] = _AT_HI
    elif xi == ws.lo[i]:
        ws.state[i] = _AT_LO
    elif xi == ws.hi[i]:
        ws.state[i] = _AT_HI
    elif _add_clamped(ws, i):
        ws.state[i] = _AT_LO if wi >= 0.0 else _AT_HI
        return FAIL_PIVOT
    return OK


def _drive(ws: _Work, i: int, maxit: int) -> int:
    #: cdef int _drive(Work* ws, int i, int maxit) noexcept nogil
    """Add row i: move x_i (and x_C along with it) until row i satisfies its complementarity conditions."""
    #: int n, m, k, j, c, it, ev, evj, sj
    #: dReal* x
    #: dReal* w
    #: const dReal* lo
    #: const dReal* hi
    #: int* state
    #: const int* cidx
    #: const dReal* v
    #: const dReal* dw
    #: dReal xi, wi, loi, hii, dirn, best, s, dwi, vk, step
    #: bint target
    n = ws.n
    x = ws.x
    w = ws.w
    lo = ws.lo
    hi = ws.hi
    state = ws.state
    cidx = ws.cidx
    v = ws.v
    dw = ws.dw
    w[i] = _row_w(ws, i)
    it = 0
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
            return FAIL_LIMIT
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
            return FAIL_PIVOT
        step = best if best > 0.0 else 0.0
        x[i] = x[i] + step * dirn
        for k in range(m):
            c = cidx[k]
            x[c] = x[c] + step * v[k]
        for j in range(n):
            if j == i or state[j] == _AT_LO or state[j] == _AT_HI:
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
                return FAIL_PIVOT


def _finish(ws: _Work) -> None:
    #: cdef void _finish(Work* ws) noexcept nogil
    """Re-solve x_C = A_CC^-1 (b_C - A_CN x_N) with the final factor and recompute w = A x - b off C."""
    #: int n, m, rc, k, j, c
    #: const dReal* A
    #: const dReal* b
    #: dReal* x
    #: dReal* w
    #: const int* state
    #: const int* cidx
    #: dReal* v
    #: dReal s
    n = ws.n
    A = ws.A
    b = ws.b
    x = ws.x
    w = ws.w
    state = ws.state
    cidx = ws.cidx
    v = ws.v
    m = ws.m
    for k in range(m):
        c = cidx[k]
        rc = c * n
        s = b[c]
        for j in range(n):
            if state[j] != _CLAMPED:
                s = s - A[rc + j] * x[j]
        v[k] = s
    solve_ldlt(ws.L, ws.di, v, m, n)
    for k in range(m):
        x[cidx[k]] = v[k]
    for j in range(n):
        if state[j] == _CLAMPED:
            w[j] = 0.0
        else:
            w[j] = _row_w(ws, j)


def _verify(ws: _Work) -> int:
    #: cdef int _verify(Work* ws) noexcept nogil
    """FAIL_ACCURACY unless x, w meet bounds and complementarity to sqrt(eps) relative (singular A_CC)."""
    #: int n, k, sk
    #: const dReal* A
    #: const dReal* b
    #: const dReal* x
    #: const dReal* w
    #: const dReal* lo
    #: const dReal* hi
    #: const int* state
    #: dReal bmax, amax, xmax, t, tol
    n = ws.n
    A = ws.A
    b = ws.b
    x = ws.x
    w = ws.w
    lo = ws.lo
    hi = ws.hi
    state = ws.state
    bmax = 0.0
    amax = 0.0
    xmax = 0.0
    for k in range(n):
        t = fabs(b[k])
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
        sk = state[k]
        if sk == _CLAMPED:
            if not (x[k] >= lo[k] - tol and x[k] <= hi[k] + tol):
                return FAIL_ACCURACY
            if not fabs(_row_w(ws, k)) <= tol:
                return FAIL_ACCURACY
        elif sk == _AT_LO:
            if not w[k] >= -tol:
                return FAIL_ACCURACY
        elif sk == _AT_HI:
            if not w[k] <= tol:
                return FAIL_ACCURACY
    return OK


def _start(ws: _Work, nub: int) -> int:
    #: cdef int _start(Work* ws, int nub) noexcept nogil
    """Solve the unbounded rows 0..nub-1 by one LDL^T factor and solve; they form the initial clamped set."""
    #: int n, rr, k, r, c
    #: const dReal* A
    #: dReal* L
    #: dReal* x
    n = ws.n
    A = ws.A
    L = ws.L
    x = ws.x
    for k in range(n):
        ws.w[k] = -ws.b[k]
    if nub <= 0:
        return OK
    for r in range(nub):
        rr = r * n
        for c in range(r + 1):
            L[rr + c] = A[rr + c]
    if factor_ldlt(L, ws.di, nub, n):
        return FAIL_FACTOR
    for k in range(nub):
        # di is 0 after an infinite pivot: 1 / di is then inf, as in C
        ws.dd[k] = div(1.0, ws.di[k])  # py
        #: py- ws.dd[k] = 1.0 / ws.di[k]
        if not ws.dd[k] > A[k * n + k] * _PIVOT_EPS:
            return FAIL_FACTOR
        ws.cidx[k] = k
        ws.state[k] = _CLAMPED
        x[k] = ws.b[k]
    ws.m = nub
    solve_ldlt(L, ws.di, x, nub, n)
    for k in range(nub):
        ws.w[k] = 0.0
    return OK


def _friction_bounds(ws: _Work, nub: int, findex) -> None:
    #: cdef void _friction_bounds(Work* ws, int nub, const int* findex) noexcept nogil
    """Fix every friction row's bounds to +-|hi_i x_f| from the normal forces of the frictionless solve."""
    #: int i, f
    #: dReal h
    for i in range(nub, ws.n):
        f = findex[i]
        if f >= 0:
            h = fabs(ws.hi[i] * ws.x[f])
            ws.hi[i] = h
            ws.lo[i] = -h


def _run(ws: _Work, nub: int, findex) -> int:
    #: cdef int _run(Work* ws, int nub, const int* findex) noexcept nogil
    """The unbounded block, the other non-friction rows, then the friction rows; returns the status."""
    #: int n, i, f, friction_pass, maxit, status
    n = ws.n
    status = _start(ws, nub)
    if status != OK or nub >= n:
        return status
    maxit = 8 * n + 64
    for friction_pass in range(2):
        if friction_pass == 1 and findex is not None:
            _friction_bounds(ws, nub, findex)
        for i in range(nub, n):
            f = -1 if findex is None else findex[i]
            if (f >= 0) != (friction_pass == 1):
                continue
            status = _drive(ws, i, maxit)
            if status != OK:
                break
        if status != OK:
            break
    _finish(ws)
    if status == OK:
        status = _verify(ws)
    return status


def _result(ws: _Work, x, w, status: int) -> int:
    #: cdef int _result(Work* ws, dReal* x, dReal* w, int status) noexcept nogil
    """Copy the solution to x (and w unless None), all zero unless it is finite; the final status."""
    #: int k
    #: bint finite
    finite = True
    for k in range(ws.n):
        if not (isfinite(ws.x[k]) and isfinite(ws.w[k])):
            finite = False
    for k in range(ws.n):
        x[k] = ws.x[k] if finite else 0.0
        if w is not None:
            w[k] = ws.w[k] if finite else 0.0
    if not finite:
        return FAIL_NONFINITE
    return status


# ---- end kernels


def solve_lcp(n: int, A, x, b, w, nub: int, lo, hi, findex) -> int:
    """Solve the boxed mixed LCP A x = b + w (see module doc) into x (and w unless None); returns a status."""
    if nub > n:
        nub = n
    if nub < 0:
        nub = 0
    ws = _Work(n, A, b, lo, hi)
    return _result(ws, x, w, _run(ws, nub, findex))


def _real():
    """The numpy dtype of the process precision (the twin's storage type)."""
    return _precision.REAL


def _check(A, b, lo, hi, findex, nub):
    """Validate and normalise the arguments of ``lcp``: float64 arrays, int findex and nub, or raise."""
    a = np.asarray(A, dtype=np.float64)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"A must be a square matrix, got shape {a.shape}")
    n = a.shape[0]
    if not np.all(np.isfinite(a)):
        raise ValueError("A has non-finite entries")
    bv = np.asarray(b, dtype=np.float64)
    if bv.shape != (n,) or not np.all(np.isfinite(bv)):
        raise ValueError(f"b must be a finite vector of shape ({n},)")
    lov = np.full(n, -np.inf) if lo is None else np.array(lo, dtype=np.float64)
    hiv = np.full(n, np.inf) if hi is None else np.array(hi, dtype=np.float64)
    if lov.shape != (n,) or hiv.shape != (n,):
        raise ValueError(f"lo and hi must have shape ({n},)")
    if np.any(np.isnan(lov)) or np.any(np.isnan(hiv)) or np.any(lov > hiv):
        raise ValueError("lo and hi must not be NaN and lo <= hi must hold")
    if isinstance(nub, bool) or not isinstance(nub, (int, np.integer)):
        raise TypeError(f"nub must be an int, not {type(nub).__name__}")
    if not 0 <= nub <= n:
        raise ValueError(f"nub must be in 0..{n}, got {nub}")
    if findex is None:
        fv = np.full(n, -1, dtype=np.int64)
    else:
        fv = np.asarray(findex)
        if fv.shape != (n,) or not np.issubdtype(fv.dtype, np.integer):
            raise ValueError(f"findex must be an integer vector of shape ({n},)")
        fv = fv.astype(np.int64)
        if np.any(fv >= n) or np.any(fv == np.arange(n)):
            raise ValueError("findex entries must be -1 or the index of another row")
        fv[fv < 0] = -1
        fv[:nub] = -1
    return a, bv, lov, hiv, fv, int(nub)


def lcp(A, b, lo, hi, findex, nub, return_bounds=False) -> tuple:
    """Solve the boxed LCP; returns (x, w, status), plus the bounds actually used if return_bounds is true."""
    a, bv, lov, hiv, fv, nub = _check(A, b, lo, hi, findex, nub)
    n = a.shape[0]
    lo_l = [float(t) for t in lov]
    hi_l = [float(t) for t in hiv]
    x = [0.0] * n
    w = [0.0] * n
    status = solve_lcp(n, [float(t) for t in a.ravel()], x, [float(t) for t in bv], w, nub, lo_l, hi_l,
                       [int(t) for t in fv])
    real = _real()
    out = (np.array(x, dtype=real), np.array(w, dtype=real), status)
    if return_bounds:
        out += (np.array(lo_l, dtype=real), np.array(hi_l, dtype=real))
    return out
