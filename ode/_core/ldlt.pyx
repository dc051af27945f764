# cython: language_level=3
"""LDL^T factorization and solve of symmetric positive-definite matrices (dReal, row-major, row stride nskip).

Row-oriented: row i of A first receives t_j = A_ij - sum_{k<j} t_k L_jk (j < i) by dot products with the finished
rows above it, then is scaled into L_ij and the pivot D_i = A_ii - sum_k t_k L_ik is formed. Each dot product over
k < j is summed as two partial sums, the even-k and the odd-k terms over k < 2 floor(j / 2) (each ascending from
0), added even + odd, and for odd j the last term k = j - 1 added after: so the products of k and k + 1 share one
vector register (``pair_dot.h``) and the sums are two independent chains. The kernel works on pairs of rows and
four columns (2 x 4 register blocks) but every entry keeps that order, exactly as the pure-Python twin
``ode/_fallback/ldlt.py`` does, so both agree bit for bit in double precision.
"""

cimport numpy as cnp
import numpy as np

from .dreal cimport dReal

from ..._fallback.ldlt import _square

cnp.import_array()

__all__ = ["ldlt_factor", "ldlt_solve"]


cdef extern from "pair_dot.h":
    void pair_dots_2x4 "ode_pair_dots_2x4"(const dReal* a0, const dReal* a1, const dReal* c0, const dReal* c1,
                                           const dReal* c2, const dReal* c3, int m, dReal* e) noexcept nogil


cdef inline int _rows_pair_quads(dReal* ri, dReal* ri1, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of rows i and i+1 into t_j for four columns at a time (j even); returns the first
    column left."""
    cdef int j = 0
    cdef const dReal* r1
    cdef const dReal* r2
    cdef const dReal* r3
    cdef dReal e[16]
    cdef dReal t0, t1, p0, p1, w0, w1
    while j + 3 < i:
        r1 = A + (j + 1) * nskip
        r2 = r1 + nskip
        r3 = r2 + nskip
        pair_dots_2x4(ri, ri1, A + j * nskip, r1, r2, r3, j, e)
        # column j: the pairs over k < j
        t0 = ri[j] - (e[0] + e[1])
        t1 = ri1[j] - (e[8] + e[9])
        ri[j] = t0
        ri1[j] = t1
        # column j + 1: the pairs over k < j, then k = j
        p0 = ri[j + 1] - ((e[2] + e[3]) + t0 * r1[j])
        p1 = ri1[j + 1] - ((e[10] + e[11]) + t1 * r1[j])
        ri[j + 1] = p0
        ri1[j + 1] = p1
        # column j + 2: the pairs over k < j + 2 (k = j joins the even sum, k = j + 1 the odd one)
        w0 = ri[j + 2] - ((e[4] + t0 * r2[j]) + (e[5] + p0 * r2[j + 1]))
        w1 = ri1[j + 2] - ((e[12] + t1 * r2[j]) + (e[13] + p1 * r2[j + 1]))
        ri[j + 2] = w0
        ri1[j + 2] = w1
        # column j + 3: the pairs over k < j + 2, then k = j + 2
        ri[j + 3] = ri[j + 3] - (((e[6] + t0 * r3[j]) + (e[7] + p0 * r3[j + 1])) + w0 * r3[j + 2])
        ri1[j + 3] = ri1[j + 3] - (((e[14] + t1 * r3[j]) + (e[15] + p1 * r3[j + 1])) + w1 * r3[j + 2])
        j += 4
    return j


cdef inline dReal _pairs_dot(const dReal* a, const dReal* b, int m) noexcept nogil:
    """sum_{k<m} a_k b_k as the even-k sum plus the odd-k sum (m even)."""
    cdef int k
    cdef dReal se = 0.0, so = 0.0
    for k in range(0, m, 2):
        se = se + a[k] * b[k]
        so = so + a[k + 1] * b[k + 1]
    return se + so


cdef inline void _rows_pair_columns(dReal* ri, dReal* ri1, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of rows i and i+1 into t_j = A_ij - sum_{k<j} t_k L_jk (4, then 2, then 1 columns)."""
    cdef int j = _rows_pair_quads(ri, ri1, A, i, nskip), k
    cdef const dReal* rj
    cdef const dReal* rj1
    cdef dReal s00, s01, s10, s11, o00, o01, o10, o11, t0, t1, b1
    if j + 1 < i:                       # (at most one pair of columns is left: i - j < 4)
        rj = A + j * nskip
        rj1 = rj + nskip
        s00 = s01 = s10 = s11 = 0.0
        o00 = o01 = o10 = o11 = 0.0
        for k in range(0, j, 2):
            s00 = s00 + ri[k] * rj[k]
            o00 = o00 + ri[k + 1] * rj[k + 1]
            s01 = s01 + ri[k] * rj1[k]
            o01 = o01 + ri[k + 1] * rj1[k + 1]
            s10 = s10 + ri1[k] * rj[k]
            o10 = o10 + ri1[k + 1] * rj[k + 1]
            s11 = s11 + ri1[k] * rj1[k]
            o11 = o11 + ri1[k + 1] * rj1[k + 1]
        t0 = ri[j] - (s00 + o00)
        t1 = ri1[j] - (s10 + o10)
        ri[j] = t0
        ri1[j] = t1
        b1 = rj1[j]
        ri[j + 1] = ri[j + 1] - ((s01 + o01) + t0 * b1)
        ri1[j + 1] = ri1[j + 1] - ((s11 + o11) + t1 * b1)
        j += 2
    if j < i:
        rj = A + j * nskip
        ri[j] = ri[j] - _pairs_dot(ri, rj, j)
        ri1[j] = ri1[j] - _pairs_dot(ri1, rj, j)


cdef inline void _row_columns(dReal* ri, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of row i into t_j = A_ij - sum_{k<j} t_k L_jk (the last row when n is odd)."""
    cdef int j = 0
    cdef const dReal* rj
    cdef dReal t0
    while j + 1 < i:
        rj = A + j * nskip
        t0 = ri[j] - _pairs_dot(ri, rj, j)
        ri[j] = t0
        ri[j + 1] = ri[j + 1] - (_pairs_dot(ri, rj + nskip, j) + t0 * rj[nskip + j])
        j += 2
    if j < i:
        ri[j] = ri[j] - _pairs_dot(ri, A + j * nskip, j)


cdef inline int _row_finish(dReal* ri, dReal* d, int i) noexcept nogil:
    """Scale t_k into L_ik = t_k / D_k and store d[i] = 1 / D_i; 0, or i + 1 if D_i is not > 0."""
    cdef int k
    cdef dReal s = 0.0, t, lk, dii
    for k in range(i):
        t = ri[k]
        lk = t * d[k]
        ri[k] = lk
        s = s + t * lk
    dii = ri[i] - s
    if not dii > 0.0:
        return i + 1
    d[i] = 1.0 / dii
    return 0


cdef int factor_ldlt(dReal* A, dReal* d, int n, int nskip) noexcept nogil:
    """Factor A = L D L^T in place (strict lower triangle -> L, d[i] = 1/D_i); 0, or i + 1 at a pivot not > 0."""
    cdef int i = 0, status
    cdef dReal* ri
    cdef dReal* ri1
    while i + 1 < n:
        ri = A + i * nskip
        ri1 = ri + nskip
        _rows_pair_columns(ri, ri1, A, i, nskip)
        status = _row_finish(ri, d, i)
        if status:
            return status
        ri1[i] = ri1[i] - _pairs_dot(ri1, ri, i)
        status = _row_finish(ri1, d, i + 1)
        if status:
            return status
        i += 2
    if i < n:
        ri = A + i * nskip
        _row_columns(ri, A, i, nskip)
        return _row_finish(ri, d, i)
    return 0


cdef void solve_ldlt(const dReal* L, const dReal* d, dReal* b, int n, int nskip) noexcept nogil:
    """Overwrite b with (L D L^T)^-1 b: forward substitution, diagonal scaling, row-wise back substitution."""
    cdef int i = 0, k
    cdef const dReal* ri
    cdef const dReal* ri1
    cdef dReal s0, s1, bk, xi
    while i + 1 < n:
        ri = L + i * nskip
        ri1 = ri + nskip
        s0 = 0.0
        s1 = 0.0
        for k in range(i):
            bk = b[k]
            s0 = s0 + ri[k] * bk
            s1 = s1 + ri1[k] * bk
        xi = b[i] - s0
        b[i] = xi
        s1 = s1 + ri1[i] * xi
        b[i + 1] = b[i + 1] - s1
        i += 2
    if i < n:
        ri = L + i * nskip
        s0 = 0.0
        for k in range(i):
            s0 = s0 + ri[k] * b[k]
        b[i] = b[i] - s0
    for i in range(n):
        b[i] = b[i] * d[i]
    for i in range(n - 1, 0, -1):
        ri = L + i * nskip
        xi = b[i]
        for k in range(i):
            b[k] = b[k] - ri[k] * xi


DTYPE = np.float64 if sizeof(dReal) == 8 else np.float32


def ldlt_factor(A) -> tuple:
    """Factor the SPD matrix A into (L, d): unit lower-triangular L and d = 1/diag(D); ValueError if not PD."""
    cdef cnp.ndarray a = np.array(_square(A), dtype=DTYPE, order="C")
    cdef int n = a.shape[0]
    cdef cnp.ndarray d = np.zeros(n, dtype=DTYPE)
    cdef int status
    with nogil:
        status = factor_ldlt(<dReal*> cnp.PyArray_DATA(a), <dReal*> cnp.PyArray_DATA(d), n, n)
    if status:
        raise ValueError(f"matrix is not positive definite (pivot {status - 1} is not > 0)")
    L = np.tril(a, -1)
    L[np.diag_indices(n)] = 1.0
    return L, d


def ldlt_solve(L, d, b) -> np.ndarray:
    """Solve (L D L^T) x = b for x, given (L, d) from ``ldlt_factor``; b may be a vector of length n."""
    lm = _square(L)
    cdef int n = lm.shape[0]
    dv = np.asarray(d, dtype=np.float64)
    bv = np.asarray(b, dtype=np.float64)
    if dv.shape != (n,) or bv.shape != (n,):
        raise ValueError(f"d and b must have shape ({n},), got {dv.shape} and {bv.shape}")
    cdef cnp.ndarray lc = np.array(lm, dtype=DTYPE, order="C")
    cdef cnp.ndarray dc = np.array(dv, dtype=DTYPE, order="C")
    cdef cnp.ndarray x = np.array(bv, dtype=DTYPE, order="C")
    with nogil:
        solve_ldlt(<const dReal*> cnp.PyArray_DATA(lc), <const dReal*> cnp.PyArray_DATA(dc),
                   <dReal*> cnp.PyArray_DATA(x), n, n)
    return x
