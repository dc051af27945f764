# The step's scratch memory (cimport): one grow-only block per use, so a step whose sizes do not exceed an
# earlier one allocates nothing. Inline, so each stage module that takes blocks compiles its own copy.
from libc.stdlib cimport free, malloc

cdef enum:
    WS_JOINTED, WS_MEM, WS_ADJ, WS_INVI, WS_CNT, WS_T, WS_TFI, WS_S, WS_FI, WS_BSTART, WS_LCP, WS_LCPI, \
        WS_SORJ, WS_SORO, WS_SAVE, WS_NBUF


cdef struct Arena:
    void* buf[WS_NBUF]      # one grow-only block per use; the step's stages each use their own blocks
    size_t cap[WS_NBUF]     # bytes held by each block
    long grows              # blocks (re)allocated so far


cdef inline void* ws_get(Arena* a, int k, size_t nbytes) noexcept nogil:
    """Block k with room for nbytes (contents undefined), grown by at least half when too small; NULL when
    out of memory. A step that fits in the blocks it already has allocates nothing."""
    cdef size_t want
    if a.cap[k] >= nbytes:
        return a.buf[k]
    want = a.cap[k] + a.cap[k] // 2
    if want < nbytes:
        want = nbytes
    if want < 64:
        want = 64
    free(a.buf[k])
    a.buf[k] = malloc(want)
    a.cap[k] = want if a.buf[k] != NULL else 0
    a.grows += 1
    return a.buf[k]


cdef inline void ws_init(Arena* a) noexcept nogil:
    """An arena holding no blocks."""
    cdef int k
    for k in range(WS_NBUF):
        a.buf[k] = NULL
        a.cap[k] = 0
    a.grows = 0


cdef inline void ws_release(Arena* a) noexcept nogil:
    """Free every block (the next step allocates afresh)."""
    cdef int k
    for k in range(WS_NBUF):
        free(a.buf[k])
        a.buf[k] = NULL
        a.cap[k] = 0
