# Interface of islands.pyx (cimport): the step's islands, found, counted and stepped.
from .arena cimport Arena
from .dreal cimport dReal


cdef struct Islands:
    int* bodies     # the islands' bodies, island after island
    int* joints     # their joints, likewise
    int* bofs       # island i's bodies are bodies[bofs[i] .. bofs[i + 1])
    int* jofs       # and its joints joints[jofs[i] .. jofs[i + 1])
    int* rows       # island i's constraint rows
    int* jcnt       # each joint's row count, by slot
    int* loc        # each body's index in its island, by slot
    int* who        # when two threads step: the thread (0: the caller, 1: the helper) of island i
    unsigned int* seeds     # and island i's first dRand seed
    int count


# Lay out isl in the arena and group the enabled bodies into islands (waking every body an island reaches,
# marking BI_ISLAND); the number of islands, -1 when out of memory.
cdef int find_islands(Arena* a, int* bi, int nb, const int* ji, int nj, Islands* isl) noexcept nogil

# The first hinge-2 joint, in island order, whose axes are parallel (it cannot be stepped), or -1.
cdef int first_parallel_hinge2(const dReal* br, const dReal* jr, const int* ji, Islands* isl) noexcept nogil

# Each island joint's row count (info1, which also settles limit states) and each island's total.
cdef void count_rows(const dReal* br, const int* bi, dReal* jr, int* ji, const dReal* wr,
                     Islands* isl) noexcept nogil

# Step every island (QuickStep when seed is given, updated), in this thread or, when it pays and threads is not
# 1, shared with the helper thread, which takes its scratch from helper_arena. 1 when the helper took part, 0
# when it did not, -1 when memory ran out.
cdef int step_islands(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h, unsigned int* seed,
                      Islands* isl, Arena* arena, Arena* helper_arena, int threads) noexcept nogil

# BI_MOVED of each stepped body: its place in the integration order, from 1.
cdef void number_moved(int* bi, const Islands* isl) noexcept nogil
