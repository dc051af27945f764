# Interface of lcp_rows.pyx (cimport): dWorldStep's constraint stages for one island.
from .arena cimport Arena
from .dreal cimport dReal

# m rows as info2 expects them before it writes a joint's (J, c zero; cfm the world's; lo, hi unbounded;
# friction index -1); QuickStep's rows start from it too.
cdef void blank_rows(int m, dReal wcfm, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi,
                     int* fi) noexcept nogil

# Rows, J M^-1, A, b, the Dantzig LCP and the constraint forces applied to the island's velocities (bodies,
# joints: the island's slots; invI: 9 per body; loc: each body's island index by slot; jcnt: each joint's row
# count by slot). -1 when out of memory.
cdef int constraint_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                               const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                               const int* loc, const int* jcnt, Arena* ws) noexcept nogil
