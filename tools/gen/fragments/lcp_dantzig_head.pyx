# cython: language_level=3
"""The boxed mixed LCP solved by principal pivoting (dReal kernel; twin and source:
``ode/_fallback/lcp_dantzig.py``).

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

# status codes: C constants for the kernels, Python ints for callers
cpdef enum:
    OK = 0
    FAIL_FACTOR = 1
    FAIL_PIVOT = 2
    FAIL_LIMIT = 3
    FAIL_NONFINITE = 4
    FAIL_ACCURACY = 5

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


# The twin's _Work: one malloc'd block holds the arrays (see solve_lcp_buf).
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
