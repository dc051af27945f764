# cython: language_level=3
"""The islands of a step (twin: ``ode/_fallback/islands.py``): finding them, counting their rows, and
stepping them, in one thread or shared with a helper thread.

``find_islands`` groups the enabled bodies joined by enabled joints in libode's order; ``count_rows`` runs
every island joint's info1; ``step_islands`` steps each island through its stages (``_step_island``: the
bodies' preparation, the constraint stages of ``lcp_rows`` or ``sor_rows``, the external forces, the
integration) in island order or, when the step is large enough, shares them with the process's native helper
thread (``_share``), each island starting from the dRand seed the islands before it leave
(``_island_seeds``), so both ways give the same bits; ``number_moved`` numbers the moved bodies.
"""

from libc.stdlib cimport calloc

from .arena cimport *
from .dreal cimport dReal
from .integrate cimport apply_external_forces, integrate_bodies, prepare_bodies
from .jacobian cimport hinge2_parallel, info1
from .layout cimport *
from .lcp_rows cimport constraint_velocities
from .sor_rows cimport sor_velocities

import os


# ---------------------------------------------------------------- finding the islands and their rows

cdef int find_islands(Arena* a, int* bi, int nb, const int* ji, int nj, Islands* isl) noexcept nogil:
    """Stage islands: lay out isl's arrays in the workspace and group the enabled bodies into islands
    (see _group). Returns the number of islands, -1 when out of memory."""
    cdef int* mem = <int*> ws_get(a, WS_MEM, (11 * nb + 3 * nj + 5) * sizeof(int))
    cdef int* adj = <int*> ws_get(a, WS_ADJ, (2 * nj + 1) * sizeof(int))
    if mem == NULL or adj == NULL:
        return -1
    isl.bodies = mem + 3 * nb + 2 + nj      # after _group's own scratch (3 nb + 2 + nj)
    isl.joints = isl.bodies + nb
    isl.bofs = isl.joints + nj
    isl.jofs = isl.bofs + nb + 1
    isl.rows = isl.jofs + nb + 1
    isl.jcnt = isl.rows + nb + 1
    isl.loc = isl.jcnt + nj
    isl.who = isl.loc + nb
    isl.seeds = <unsigned int*> (isl.who + nb)
    return _group(bi, nb, ji, nj, mem, adj, isl)


cdef int _group(int* bi, int nb, const int* ji, int nj, int* mem, int* adj, Islands* isl) noexcept nogil:
    """Group the enabled bodies into islands (bodies joined by enabled joints), waking every body an island
    reaches, in libode's order: islands from the highest body slot down, bodies depth first, each body's
    joints newest first. Fills isl and marks BI_ISLAND; returns the number of islands."""
    cdef int* start = mem               # nb + 1: each body's first entry in adj
    cdef int* fill = start + nb + 1     # nb + 1
    cdef int* stack = fill + nb + 1     # nb
    cdef int* jtag = stack + nb         # nj: joint already in an island
    cdef int b, j, k, side, start_b, top, other, nbi = 0, nji = 0, islands = 0
    for b in range(nb):
        bi[b * BI + BI_ISLAND] = -1
        bi[b * BI + BI_MOVED] = 0
    for b in range(nb + 1):
        start[b] = 0
    for j in range(nj):
        jtag[j] = 0
    # for each body, its enabled joints, newest (highest slot) first
    for j in range(nj - 1, -1, -1):
        if ji[j * JI + JI_ALIVE] == 0 or ji[j * JI + JI_ENABLED] == 0:
            continue
        for side in range(2):
            b = ji[j * JI + JI_B1 + side]
            if b >= 0:
                start[b + 1] += 1
    for b in range(nb):
        start[b + 1] += start[b]
    for b in range(nb):
        fill[b] = start[b]
    for j in range(nj - 1, -1, -1):
        if ji[j * JI + JI_ALIVE] == 0 or ji[j * JI + JI_ENABLED] == 0:
            continue
        for side in range(2):
            b = ji[j * JI + JI_B1 + side]
            if b >= 0:
                adj[fill[b]] = j
                fill[b] += 1
    isl.bofs[0] = 0
    isl.jofs[0] = 0
    for start_b in range(nb - 1, -1, -1):
        if (bi[start_b * BI + BI_ALIVE] == 0 or bi[start_b * BI + BI_ENABLED] == 0
                or bi[start_b * BI + BI_ISLAND] >= 0):
            continue
        top = 0
        stack[top] = start_b
        top += 1
        bi[start_b * BI + BI_ISLAND] = islands
        while top > 0:
            top -= 1
            b = stack[top]
            isl.bodies[nbi] = b
            nbi += 1
            bi[b * BI + BI_ENABLED] = 1
            for k in range(start[b], start[b + 1]):
                j = adj[k]
                if jtag[j]:
                    continue
                jtag[j] = 1
                isl.joints[nji] = j
                nji += 1
                other = ji[j * JI + JI_B1]
                if other == b:
                    other = ji[j * JI + JI_B2]
                if other >= 0 and bi[other * BI + BI_ISLAND] < 0:
                    bi[other * BI + BI_ISLAND] = islands
                    stack[top] = other
                    top += 1
        islands += 1
        isl.bofs[islands] = nbi
        isl.jofs[islands] = nji
    isl.count = islands
    return islands


cdef int first_parallel_hinge2(const dReal* br, const dReal* jr, const int* ji, Islands* isl) noexcept nogil:
    """The first hinge-2 joint, in island order, whose axes are parallel (it cannot be stepped), or -1."""
    return _parallel_hinge2(br, jr, ji, isl.joints, isl.jofs[isl.count])


cdef void count_rows(const dReal* br, const int* bi, dReal* jr, int* ji, const dReal* wr,
                     Islands* isl) noexcept nogil:
    """Each island joint's row count (info1, which also settles limit states) and each island's total. An
    island's joints see only its own bodies, so counting every island before stepping any gives the counts
    stepping them in turn would."""
    cdef int i, n, j, m
    for i in range(isl.count):
        m = 0
        for n in range(isl.jofs[i], isl.jofs[i + 1]):
            j = isl.joints[n]
            isl.jcnt[j] = info1(ji, jr, j, br, bi, wr)
            m += isl.jcnt[j]
        isl.rows[i] = m


cdef int _parallel_hinge2(const dReal* br, const dReal* jr, const int* ji, const int* joints,
                          int nji) noexcept nogil:
    """The first hinge-2 joint of an island whose axes are parallel (it cannot be stepped), or -1."""
    cdef int n, j
    for n in range(nji):
        j = joints[n]
        if ji[j * JI + JI_TYPE] == JT_HINGE2 and ji[j * JI + JI_B1] >= 0 and ji[j * JI + JI_B2] >= 0 \
                and hinge2_parallel(ji, jr, j, br):
            return j
    return -1


cdef void number_moved(int* bi, const Islands* isl) noexcept nogil:
    """Stage moved: BI_MOVED of each stepped body is its place in the integration order, from 1 (the order
    in which a step's geoms are marked dirty)."""
    cdef int i, k, moved = 0
    for i in range(isl.count):
        for k in range(isl.bofs[i], isl.bofs[i + 1]):
            moved += 1
            bi[isl.bodies[k] * BI + BI_MOVED] = moved


# ---------------------------------------------------------------- stepping the islands

cdef int _step_island(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                      const int* bodies, int nbi, const int* joints, int nji, int* loc, const int* jcnt,
                      unsigned int* seed, Arena* ws) noexcept nogil:
    """One step of one island, as named stages: the bodies' inertia, gyroscopic torque and gravity; the
    constraint forces (dWorldStep's LCP, or QuickStep's SOR when seed is given) applied to the velocities;
    the external forces applied; the bodies moved. -1 when out of memory."""
    cdef dReal* invI = <dReal*> ws_get(ws, WS_INVI, 9 * nbi * sizeof(dReal))
    cdef int err = 0
    if invI == NULL:
        return -1
    prepare_bodies(br, bi, wr, h, bodies, nbi, loc, invI)
    if nji and seed != NULL:
        err = sor_velocities(br, bi, jr, ji, wr, h, bodies, nbi, joints, nji, invI, loc, jcnt, seed, ws)
    elif nji:
        err = constraint_velocities(br, bi, jr, ji, wr, h, bodies, nbi, joints, nji, invI, loc, jcnt, ws)
    apply_external_forces(br, bodies, nbi, invI, h)
    integrate_bodies(br, bi, bodies, nbi, h)
    return err


# ---------------------------------------------------------------- islands in a second thread

cdef extern from "pythread.h":
    ctypedef void* PyThread_type_lock
    PyThread_type_lock PyThread_allocate_lock() nogil
    int PyThread_acquire_lock(PyThread_type_lock lock, int waitflag) nogil
    void PyThread_release_lock(PyThread_type_lock lock) nogil
    unsigned long PyThread_start_new_thread(void (*func)(void*) noexcept nogil, void* arg) nogil


cdef struct IslandRun:
    dReal* br
    int* bi
    dReal* jr
    int* ji
    const dReal* wr
    dReal h
    Islands* isl
    int who                 # the islands stepped are those of this thread (isl.who), in order; -1: all
    int quick               # QuickStep, drawing from seed (from isl.seeds when the islands are shared)
    unsigned int seed
    Arena* arena
    int err


cdef int _step_run(IslandRun* run) noexcept nogil:
    """Step the run's islands in order (all of them, or those of its thread, each from its own first seed);
    run.err is -1 when memory ran out."""
    cdef Islands* isl = run.isl
    cdef unsigned int* seed = &run.seed if run.quick else NULL
    cdef int i
    run.err = 0
    for i in range(isl.count):
        if run.who >= 0:
            if isl.who[i] != run.who:
                continue
            if run.quick:
                run.seed = isl.seeds[i]
        if _step_island(run.br, run.bi, run.jr, run.ji, run.wr, run.h, isl.bodies + isl.bofs[i],
                        isl.bofs[i + 1] - isl.bofs[i], isl.joints + isl.jofs[i], isl.jofs[i + 1] - isl.jofs[i],
                        isl.loc, isl.jcnt, seed, run.arena) < 0:
            run.err = -1
    return run.err


cdef struct Helper:
    PyThread_type_lock busy     # held by the step that has handed the helper its islands
    PyThread_type_lock go       # released to start the helper on run
    PyThread_type_lock done     # released by the helper when run is finished
    int started                 # 1 when the thread runs, -1 when it could not be started
    IslandRun run


cdef Helper* _helper = NULL                 # the process's helper thread, started by the first step that uses it
cdef PyThread_type_lock _helper_start = PyThread_allocate_lock()


cdef void _helper_main(void* arg) noexcept nogil:
    """The helper thread: step the islands it is handed, forever (it holds no Python state)."""
    cdef Helper* hp = <Helper*> arg
    while True:
        PyThread_acquire_lock(hp.go, 1)
        _step_run(&hp.run)
        PyThread_release_lock(hp.done)


cdef Helper* _new_helper() noexcept nogil:
    """A helper with its locks (go and done held, so it waits) and its thread started; NULL when out of memory."""
    cdef Helper* hp = <Helper*> calloc(1, sizeof(Helper))
    if hp == NULL:
        return NULL
    hp.busy = PyThread_allocate_lock()
    hp.go = PyThread_allocate_lock()
    hp.done = PyThread_allocate_lock()
    if hp.busy == NULL or hp.go == NULL or hp.done == NULL:
        hp.started = -1
        return hp
    PyThread_acquire_lock(hp.go, 1)
    PyThread_acquire_lock(hp.done, 1)
    hp.started = -1 if PyThread_start_new_thread(_helper_main, hp) == <unsigned long> -1 else 1
    return hp


cdef Helper* _take_helper() noexcept nogil:
    """The helper thread, reserved for the caller (release its busy lock after), or NULL when another step
    is using it or it cannot run: the caller then steps every island itself."""
    global _helper
    cdef Helper* hp
    if _helper_start == NULL:
        return NULL
    PyThread_acquire_lock(_helper_start, 1)
    if _helper == NULL:
        _helper = _new_helper()
    hp = _helper
    PyThread_release_lock(_helper_start)
    if hp == NULL or hp.started != 1 or not PyThread_acquire_lock(hp.busy, 0):
        return NULL
    return hp


def _forget_helper_after_fork() -> None:
    """In a forked child the helper thread does not exist: the next step that wants one starts its own."""
    global _helper, _helper_start
    _helper = NULL
    _helper_start = PyThread_allocate_lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_helper_after_fork)


cdef enum:
    _PARALLEL_WORK = 2000    # a step's estimated cost (rows x SOR iterations) from which a second thread pays


cdef unsigned int _skip_seed(unsigned int seed, unsigned long long n) noexcept nogil:
    """dRand's seed after n draws: the generator's map x -> a x + c applied n times, by repeated squaring."""
    cdef unsigned int a = 1664525u
    cdef unsigned int c = 1013904223u
    while n:
        if n & 1:
            seed = a * seed + c
        c = a * c + c
        a = a * a
        n >>= 1
    return seed


cdef unsigned long long _draws(int rows, int iterations) noexcept nogil:
    """dRand draws of one island's SOR: m - 1 per reshuffle, one reshuffle every 8 iterations after the first."""
    if rows <= 1 or iterations <= 1:
        return 0
    return <unsigned long long> ((iterations - 1) // 8) * <unsigned long long> (rows - 1)


cdef long long _work(int rows, int bodies, int quick, int iterations) noexcept nogil:
    """A rough cost of stepping an island, to split the islands into two halves of similar cost."""
    cdef long long m = rows
    return m * (iterations if quick else m + 8) + 16 * bodies


cdef int _share(Islands* isl, int quick, int iterations) noexcept nogil:
    """Share the islands between two threads (isl.who): the costliest one to the caller, then each in
    order to the thread with less work so far. Returns 0 (nothing shared) when the step is too small for
    a second thread to pay or the helper's share would be under an eighth of it."""
    cdef long long total = 0
    cdef long long w
    cdef long long load[2]
    cdef int i, big = 0, t
    if isl.count < 2:
        return 0
    for i in range(isl.count):
        w = _work(isl.rows[i], isl.bofs[i + 1] - isl.bofs[i], quick, iterations)
        total += w
        if w > _work(isl.rows[big], isl.bofs[big + 1] - isl.bofs[big], quick, iterations):
            big = i
    if total < _PARALLEL_WORK:
        return 0
    load[0] = _work(isl.rows[big], isl.bofs[big + 1] - isl.bofs[big], quick, iterations)
    load[1] = 0
    for i in range(isl.count):
        if i == big:
            isl.who[i] = 0
            continue
        t = 1 if load[1] < load[0] else 0
        isl.who[i] = t
        load[t] += _work(isl.rows[i], isl.bofs[i + 1] - isl.bofs[i], quick, iterations)
    return 0 if 8 * load[1] < total or 8 * load[0] < total else 1


cdef unsigned int _island_seeds(Islands* isl, unsigned int seed, int iterations) noexcept nogil:
    """Each island's first dRand seed (isl.seeds) when the islands are stepped in order from seed: the
    seed the islands before it leave, their draws known from their row counts. Returns the last seed."""
    cdef int i
    for i in range(isl.count):
        isl.seeds[i] = seed
        seed = _skip_seed(seed, _draws(isl.rows[i], iterations))
    return seed


cdef int step_islands(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h, unsigned int* seed,
                      Islands* isl, Arena* arena, Arena* helper_arena, int threads) noexcept nogil:
    """Step every island, in island order or, when it pays and the world allows two threads, shared with
    the helper thread. Islands share no rows and each starts from the dRand seed the islands before it
    leave (their draws are known from their row counts), so both ways give the same bits. Returns 1 when
    the helper thread took part, 0 when it did not, -1 when memory ran out."""
    cdef int iterations = <int> wr[W_QS_ITER]
    cdef int quick = seed != NULL
    cdef int err
    cdef unsigned int last = 0
    cdef Helper* hp = NULL
    cdef IslandRun own
    own.br = br
    own.bi = bi
    own.jr = jr
    own.ji = ji
    own.wr = wr
    own.h = h
    own.isl = isl
    own.who = -1
    own.quick = quick
    own.arena = arena
    own.seed = seed[0] if quick else 0
    if threads != 1 and _share(isl, quick, iterations):
        hp = _take_helper()
    if hp == NULL:
        _step_run(&own)
        if quick:
            seed[0] = own.seed
        return own.err
    if quick:
        last = _island_seeds(isl, own.seed, iterations)
    hp.run = own
    hp.run.who = 1
    hp.run.arena = helper_arena
    own.who = 0
    PyThread_release_lock(hp.go)
    _step_run(&own)
    PyThread_acquire_lock(hp.done, 1)
    if quick:
        seed[0] = last
    err = -1 if own.err < 0 or hp.run.err < 0 else 1
    PyThread_release_lock(hp.busy)
    return err
