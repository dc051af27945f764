"""Pure-Python twin of ``ode/_core/ldlt.pyx``: LDL^T factor and solve of symmetric positive-definite matrices.

Matrices are flat row-major sequences with row stride ``nskip`` (``A[i*nskip + k]``). Every function performs
the same floating-point operations in the same order as the Cython kernel, so in double precision both agree
bit for bit. The factorization is row oriented: row i of A first receives t_k = L_ik * D_k (k < i) by dot
products with the finished rows above it, then is scaled into L_ik; the pivot is D_i = A_ii - sum t_k L_ik.
Each of those dot products over k < j is two partial sums, of the even-k and of the odd-k terms over
k < 2 floor(j / 2), added even + odd, then for odd j the term k = j - 1 (``_pairs_dot``): the kernel keeps the
two sums of an entry in one vector register.
"""

from __future__ import annotations

import numpy as np

from .. import _precision

__all__ = ["factor_ldlt", "solve_ldlt", "ldlt_factor", "ldlt_solve"]


def factor_ldlt(A, d, n: int, nskip: int) -> int:
    """Factor A = L D L^T in place (strict lower part -> L, d[i] = 1/D_i); 0, or i + 1 at a pivot not > 0."""
    for i in range(n):
        ri = i * nskip
        for j in range(i):
            A[ri + j] = A[ri + j] - _pairs_dot(A, ri, j * nskip, j)
        s = 0.0
        for k in range(i):
            t = A[ri + k]
            lk = t * d[k]
            A[ri + k] = lk
            s = s + t * lk
        dii = A[ri + i] - s
        if not dii > 0.0:
            return i + 1
        d[i] = 1.0 / dii
    return 0


def _pairs_dot(A, ri: int, rj: int, m: int) -> float:
    """sum_{k<m} A[ri + k] A[rj + k]: the even-k sum plus the odd-k sum over k < 2 floor(m / 2), then, for
    odd m, the last term."""
    se = 0.0
    so = 0.0
    for k in range(0, m - 1, 2):
        se = se + A[ri + k] * A[rj + k]
        so = so + A[ri + k + 1] * A[rj + k + 1]
    s = se + so
    if m & 1:
        s = s + A[ri + m - 1] * A[rj + m - 1]
    return s


def solve_ldlt(L, d, b, n: int, nskip: int) -> None:
    """Overwrite b with (L D L^T)^-1 b: forward substitution, diagonal scaling, row-wise back substitution."""
    for i in range(n):
        ri = i * nskip
        s = 0.0
        for k in range(i):
            s = s + L[ri + k] * b[k]
        b[i] = b[i] - s
    for i in range(n):
        b[i] = b[i] * d[i]
    for i in range(n - 1, 0, -1):
        ri = i * nskip
        xi = b[i]
        for k in range(i):
            b[k] = b[k] - L[ri + k] * xi


def _real():
    """The numpy dtype of the process precision (the twin's storage type)."""
    return _precision.REAL


def _square(A) -> np.ndarray:
    """A as a finite square float64 matrix, or ValueError."""
    a = np.asarray(A, dtype=np.float64)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"expected a square matrix, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError("matrix has non-finite entries")
    return a


def ldlt_factor(A) -> tuple:
    """Factor the SPD matrix A into (L, d): unit lower-triangular L, d = 1/diag(D); ValueError if not PD."""
    a = _square(A)
    n = a.shape[0]
    flat = [float(v) for v in a.ravel()]
    d = [0.0] * n
    status = factor_ldlt(flat, d, n, n)
    if status:
        raise ValueError(f"matrix is not positive definite (pivot {status - 1} is not > 0)")
    L = np.tril(np.array(flat, dtype=np.float64).reshape(n, n), -1) + np.eye(n)
    return L.astype(_real()), np.array(d, dtype=_real())


def ldlt_solve(L, d, b) -> np.ndarray:
    """Solve (L D L^T) x = b for x, given (L, d) from ``ldlt_factor``; b may be a vector of length n."""
    lm = _square(L)
    n = lm.shape[0]
    dv = np.asarray(d, dtype=np.float64)
    bv = np.asarray(b, dtype=np.float64)
    if dv.shape != (n,) or bv.shape != (n,):
        raise ValueError(f"d and b must have shape ({n},), got {dv.shape} and {bv.shape}")
    x = [float(v) for v in bv]
    solve_ldlt([float(v) for v in lm.ravel()], [float(v) for v in dv], x, n, n)
    return np.array(x, dtype=_real())
