# Interface of lcp_dantzig.pyx for other kernels (cimport).
from .dreal cimport dReal

# Solve the mixed LCP  A x = b + w,  lo <= x <= hi, complementarity (w_i >= 0 where x_i = lo_i,
# w_i <= 0 where x_i = hi_i, w_i = 0 strictly between). A is n x n row-major with row stride n.
# Rows 0..nub-1 are unbounded (lo = -inf, hi = +inf). findex[i] >= 0 makes row i a friction row whose bounds
# are -|hi_i * x[findex[i]]| .. |hi_i * x[findex[i]]|. A, b, lo, hi may be overwritten; w may be NULL.
# Returns 0 on success, nonzero if the pivoting failed (the best x found is still written).
cdef int solve_lcp(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                   dReal* lo, dReal* hi, int* findex) noexcept nogil

# solve_lcp in scratch memory the caller owns and reuses: block holds n n + 8 n reals, iblock 2 n ints.
cdef int solve_lcp_buf(int n, dReal* A, dReal* x, dReal* b, dReal* w, int nub,
                       dReal* lo, dReal* hi, int* findex, dReal* block, int* iblock) noexcept nogil
