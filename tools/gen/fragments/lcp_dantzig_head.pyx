# cython: language_level=3
"""The boxed mixed LCP solved by principal pivoting (Cython kernel; twin and source:
``ode/_fallback/lcp_dantzig.py``, whose docstring states the problem, the method and the status codes).

Same order of floating-point operations as the twin, so both agree bit for bit in double precision. The
kernels work on a ``Work`` struct whose arrays live in one block (``solve_lcp_buf``); ``lcp`` is the
Python entry point with the twin's signature.
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
