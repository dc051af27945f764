# Interface of step.pyx for the compiled World (cimport): the per-world workspace and one step on raw rows.
# The step's stages live in islands, lcp_rows, sor_rows and integrate; the arena's blocks in arena.pxd.
from .arena cimport Arena
from .dreal cimport dReal


cdef class Workspace:
    cdef Arena arena
    cdef Arena helper_arena   # the scratch of the islands the helper thread steps
    cdef public int threads   # islands-processing thread limit: 1 one thread, 0 (unlimited) or more two
    cdef readonly long uses   # steps run with this workspace
    cdef readonly long shared # steps that handed islands to the helper thread
    cdef size_t saved_reals   # reals at the start of the WS_SAVE block (its ints follow), set by save_rows


# One dWorldStep (seed NULL) or dWorldQuickStep (seed: the dRand state, updated) on the world's rows, without
# the GIL: auto-disable, then the step. samples holds S auto-disable samples per body (NULL when S <= 1).
# Returns the islands stepped, -1 when memory ran out, or -2 - j when hinge-2 joint j has parallel axes (no
# island is then stepped, but auto-disable has run: the caller restores the rows). The caller has checked
# every array and count.
cdef int step_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, const dReal* wr, dReal h,
                   unsigned int* seed, dReal* samples, int S, Workspace ws) noexcept nogil

# Damping of the bodies the last step moved.
cdef void damp_rows(dReal* br, const int* bi, int nb) noexcept nogil

# Copy what a step may write (body pose, velocities and accumulators, auto-disable counters and the sample it
# takes, joint feedback, limit state and scratch, the motor and transmission state) into the workspace;
# -1 when memory ran out. restore_rows puts the copy back, bit for bit, after a step that failed.
cdef int save_rows(const dReal* br, const int* bi, int nb, const dReal* jr, const int* ji, int nj,
                   const dReal* samples, int S, Workspace ws) noexcept nogil
cdef void restore_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, dReal* samples, int S,
                       Workspace ws) noexcept nogil
