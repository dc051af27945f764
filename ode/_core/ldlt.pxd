# Interface of ldlt.pyx for other kernels (cimport). Matrices are row-major with row stride nskip.
from .dreal cimport dReal

# Factor the symmetric positive-definite n x n matrix A = L D L^T in place: the strict lower triangle of A
# becomes L (unit diagonal implied) and d[i] receives 1 / D[i]. Returns 0, or i + 1 if pivot i is not > 0.
cdef int factor_ldlt(dReal* A, dReal* d, int n, int nskip) noexcept nogil

# Overwrite b with (L D L^T)^-1 b, given the output of factor_ldlt.
cdef void solve_ldlt(const dReal* L, const dReal* d, dReal* b, int n, int nskip) noexcept nogil
