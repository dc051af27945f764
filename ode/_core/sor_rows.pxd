# Interface of sor_rows.pyx (cimport): dWorldQuickStep's constraint stages for one island.
from .arena cimport Arena
from .dreal cimport dReal

# Rows, M^-1 J^T, b, projected SOR (drawing from seed, updated) and the constraint forces applied to the
# island's velocities; the arguments as constraint_velocities' (lcp_rows.pxd). -1 when out of memory.
cdef int sor_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                        const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                        const int* loc, const int* jcnt, unsigned int* seed, Arena* ws) noexcept nogil
