# cython: language_level=3
"""LDL^T factorization and solve of symmetric positive-definite matrices (dReal, row-major, row stride nskip).

Row-oriented: row i of A first receives t_k = L_ik * D_k (k < i) by dot products with the finished rows above it,
then is scaled into L_ik and the pivot D_i = A_ii - sum_k t_k L_ik is formed. The kernel works on pairs of rows and
four columns (2 x 4 register blocks, eight independent accumulators) but every entry still sums its products in
ascending k with one accumulator, exactly as the pure-Python twin ``ode/_fallback/ldlt.py`` does, so both agree bit
for bit in double precision.
"""

cimport numpy as cnp
import numpy as np

from .dreal cimport dReal

from ..._fallback.ldlt import _square

cnp.import_array()

__all__ = ["ldlt_factor", "ldlt_solve"]


cdef inline int _rows_pair_quads(dReal* ri, dReal* ri1, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of rows i and i+1 into t_j for four columns at a time; returns the first column left."""
    cdef int j = 0, k
    cdef const dReal* r0
    cdef const dReal* r1
    cdef const dReal* r2
    cdef const dReal* r3
    cdef dReal s0, s1, s2, s3, u0, u1, u2, u3, a0, a1, c0, c1, c2, c3, t0, t1
    while j + 3 < i:
        r0 = A + j * nskip
        r1 = r0 + nskip
        r2 = r1 + nskip
        r3 = r2 + nskip
        s0 = 0.0
        s1 = 0.0
        s2 = 0.0
        s3 = 0.0
        u0 = 0.0
        u1 = 0.0
        u2 = 0.0
        u3 = 0.0
        for k in range(j):
            a0 = ri[k]
            a1 = ri1[k]
            c0 = r0[k]
            c1 = r1[k]
            c2 = r2[k]
            c3 = r3[k]
            s0 = s0 + a0 * c0
            s1 = s1 + a0 * c1
            s2 = s2 + a0 * c2
            s3 = s3 + a0 * c3
            u0 = u0 + a1 * c0
            u1 = u1 + a1 * c1
            u2 = u2 + a1 * c2
            u3 = u3 + a1 * c3
        # the triangle j..j+3: finish each column, then add its term to the columns right of it
        t0 = ri[j] - s0
        t1 = ri1[j] - u0
        ri[j] = t0
        ri1[j] = t1
        s1 = s1 + t0 * r1[j]
        u1 = u1 + t1 * r1[j]
        s2 = s2 + t0 * r2[j]
        u2 = u2 + t1 * r2[j]
        s3 = s3 + t0 * r3[j]
        u3 = u3 + t1 * r3[j]
        t0 = ri[j + 1] - s1
        t1 = ri1[j + 1] - u1
        ri[j + 1] = t0
        ri1[j + 1] = t1
        s2 = s2 + t0 * r2[j + 1]
        u2 = u2 + t1 * r2[j + 1]
        s3 = s3 + t0 * r3[j + 1]
        u3 = u3 + t1 * r3[j + 1]
        t0 = ri[j + 2] - s2
        t1 = ri1[j + 2] - u2
        ri[j + 2] = t0
        ri1[j + 2] = t1
        s3 = s3 + t0 * r3[j + 2]
        u3 = u3 + t1 * r3[j + 2]
        ri[j + 3] = ri[j + 3] - s3
        ri1[j + 3] = ri1[j + 3] - u3
        j += 4
    return j


cdef inline void _rows_pair_columns(dReal* ri, dReal* ri1, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of rows i and i+1 into t_j = A_ij - sum_{k<j} t_k L_jk (4, then 2, then 1 columns)."""
    cdef int j = _rows_pair_quads(ri, ri1, A, i, nskip), k
    cdef const dReal* rj
    cdef const dReal* rj1
    cdef dReal s00, s01, s10, s11, a0, a1, b0, b1, t0, t1
    while j + 1 < i:
        rj = A + j * nskip
        rj1 = rj + nskip
        s00 = 0.0
        s01 = 0.0
        s10 = 0.0
        s11 = 0.0
        for k in range(j):
            a0 = ri[k]
            a1 = ri1[k]
            b0 = rj[k]
            b1 = rj1[k]
            s00 = s00 + a0 * b0
            s01 = s01 + a0 * b1
            s10 = s10 + a1 * b0
            s11 = s11 + a1 * b1
        t0 = ri[j] - s00
        t1 = ri1[j] - s10
        ri[j] = t0
        ri1[j] = t1
        b1 = rj1[j]
        s01 = s01 + t0 * b1
        s11 = s11 + t1 * b1
        ri[j + 1] = ri[j + 1] - s01
        ri1[j + 1] = ri1[j + 1] - s11
        j += 2
    if j < i:
        rj = A + j * nskip
        s00 = 0.0
        s10 = 0.0
        for k in range(j):
            b0 = rj[k]
            s00 = s00 + ri[k] * b0
            s10 = s10 + ri1[k] * b0
        ri[j] = ri[j] - s00
        ri1[j] = ri1[j] - s10


cdef inline void _row_columns(dReal* ri, const dReal* A, int i, int nskip) noexcept nogil:
    """Turn entries j < i of row i into t_j = A_ij - sum_{k<j} t_k L_jk (the last row when n is odd)."""
    cdef int j, k
    cdef const dReal* rj
    cdef dReal s0, s1, b1, t0
    j = 0
    while j + 1 < i:
        rj = A + j * nskip
        s0 = 0.0
        s1 = 0.0
        for k in range(j):
            s0 = s0 + ri[k] * rj[k]
            s1 = s1 + ri[k] * rj[nskip + k]
        t0 = ri[j] - s0
        ri[j] = t0
        b1 = rj[nskip + j]
        s1 = s1 + t0 * b1
        ri[j + 1] = ri[j + 1] - s1
        j += 2
    if j < i:
        rj = A + j * nskip
        s0 = 0.0
        for k in range(j):
            s0 = s0 + ri[k] * rj[k]
        ri[j] = ri[j] - s0


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
    cdef int i = 0, k, status
    cdef dReal* ri
    cdef dReal* ri1
    cdef dReal s
    while i + 1 < n:
        ri = A + i * nskip
        ri1 = ri + nskip
        _rows_pair_columns(ri, ri1, A, i, nskip)
        status = _row_finish(ri, d, i)
        if status:
            return status
        s = 0.0
        for k in range(i):
            s = s + ri1[k] * ri[k]
        ri1[i] = ri1[i] - s
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
