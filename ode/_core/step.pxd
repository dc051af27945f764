# Interface of step.pyx for the compiled World (cimport): the per-world workspace and one step on raw rows.
from .dreal cimport dReal

cdef enum:
    WS_JOINTED, WS_MEM, WS_ADJ, WS_INVI, WS_CNT, WS_T, WS_TFI, WS_S, WS_FI, WS_BSTART, WS_LCP, WS_LCPI, \
        WS_SORJ, WS_SORO, WS_NBUF


cdef struct Arena:
    void* buf[WS_NBUF]      # one grow-only block per use; the step's stages each use their own blocks
    size_t cap[WS_NBUF]     # bytes held by each block
    long grows              # blocks (re)allocated so far


cdef class Workspace:
    cdef Arena arena
    cdef readonly long uses   # steps run with this workspace


# One dWorldStep (seed NULL) or dWorldQuickStep (seed: the dRand state, updated) on the world's rows, without
# the GIL: auto-disable, then the step. samples holds S auto-disable samples per body (NULL when S <= 1).
# Returns the islands stepped, or -1 when memory ran out. The caller has checked every array and count.
cdef int step_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, const dReal* wr, dReal h,
                   unsigned int* seed, dReal* samples, int S, Workspace ws) noexcept nogil

# Damping of the bodies the last step moved.
cdef void damp_rows(dReal* br, const int* bi, int nb) noexcept nogil
