# Interface of lcp_sor.pyx for other kernels (cimport): QuickStep's projected SOR LCP and ODE's dRand.
from .dreal cimport dReal

# ODE's dRand step (seed = 1664525 seed + 1013904223 mod 2^32) and dRandInt(n) (an integer in [0, n)).
cdef unsigned int rand_next_c(unsigned int seed) noexcept nogil
cdef unsigned int rand_int_c(unsigned int* seed, unsigned int n) noexcept nogil

# Projected SOR on A = J M^-1 J^T + diag(cfm). J and iMJ (= M^-1 J^T, row-wise) have 12 values per row (body 1
# linear, angular, body 2 linear, angular); jb holds two island-local body indices per row (-1: none); rhs and
# cfm are per row (cfm already divided by the step size). lam (m) receives the multipliers, fc (6 nb) the sum of
# M^-1 J^T lam per body. findex[i] >= 0 bounds row i by -|hi_i lam_f| .. |hi_i lam_f| with the current lam_f.
# Rows are reordered randomly every 8 iterations with dRandInt, advancing *seed. Returns 0, or -1 when out of memory.
cdef int sor_lcp(int m, int nb, const dReal* J, const dReal* iMJ, const int* jb, const dReal* rhs,
                   const dReal* cfm, const dReal* lo, const dReal* hi, const int* findex, dReal* lam, dReal* fc,
                   int iterations, dReal w, unsigned int* seed) noexcept nogil

# sor_lcp in scratch memory the caller owns and reuses: Js holds 14 m + 1 reals, order m + 1 ints.
cdef int sor_lcp_buf(int m, int nb, const dReal* J, const dReal* iMJ, const int* jb, const dReal* rhs,
                     const dReal* cfm, const dReal* lo, const dReal* hi, const int* findex, dReal* lam,
                     dReal* fc, int iterations, dReal w, unsigned int* seed, dReal* Js,
                     int* order) noexcept nogil
