# cython: language_level=3
"""dWorldStep and dWorldQuickStep in C (one nogil call per step), the per-body numeric helpers World and Body
need, and the step's atomicity (what a step writes, saved before it and put back when it fails).

A step is a list of named stages (``step_rows``): auto-disable (``integrate.auto_disable``), the islands
(``islands.find_islands``), the hinge-2 check, each joint's row count (``islands.count_rows``), the islands
stepped (``islands.step_islands``: per island the bodies' preparation, the constraint stages of
``lcp_rows`` or ``sor_rows``, the external forces and the integration, from ``integrate``), and the moved
bodies numbered. The pure-Python twin ``ode/_fallback/step.py`` and its stage modules perform the same
operations in the same order, so in double precision both agree bit for bit.
"""

cimport numpy as cnp
from libc.math cimport sqrt
from libc.string cimport memcpy

from .arena cimport *
from .boundary cimport check_itemsize
from .dreal cimport dReal
from .integrate cimport auto_disable, damp
from .islands cimport Islands, count_rows, find_islands, first_parallel_hinge2, number_moved, step_islands
from .layout cimport *
from .rotation cimport normalize3, q_normalize, q_to_r, r_to_q
from .vec cimport cross, mtv, mv

from ode.errors import ODEError

cnp.import_array()


# ---------------------------------------------------------------- the per-world workspace

# Workspace's fields are declared in step.pxd, the arena and its blocks in arena.pxd.


cdef class Workspace:
    """Scratch memory of one world's steps, kept between steps: the step kernels take every temporary array
    (islands, joint rows, the LCP matrix and its factor) from here instead of the heap, so a step whose
    sizes do not exceed an earlier one allocates nothing and touches no fresh pages. The islands a second
    thread steps take theirs from a second arena. ``threads`` is ODE's islands-processing thread limit: 1
    steps every island in the calling thread, 0 (unlimited, the default) or more lets a large step hand
    half of its islands to the process's helper thread."""

    def __cinit__(self):
        ws_init(&self.arena)
        ws_init(&self.helper_arena)
        self.uses = 0
        self.shared = 0
        self.threads = 0

    def __dealloc__(self):
        ws_release(&self.arena)
        ws_release(&self.helper_arena)

    @property
    def grows(self) -> int:
        """How many times a block was (re)allocated: constant once the world's step sizes stop growing."""
        return self.arena.grows + self.helper_arena.grows

    @property
    def nbytes(self) -> int:
        """Bytes held."""
        cdef size_t n = 0
        cdef int k
        for k in range(WS_NBUF):
            n += self.arena.cap[k] + self.helper_arena.cap[k]
        return n

    def release(self) -> None:
        """Free the memory held (dWorldCleanupWorkingMemory); the next step allocates it again."""
        ws_release(&self.arena)
        ws_release(&self.helper_arena)


# ---------------------------------------------------------------- public helpers (twinned defs)

cdef inline void _unit_or_x(dReal* a) noexcept nogil:
    """a made unit length by normalize3 (libode's dSafeNormalize3); a zero a becomes the x axis."""
    if normalize3(a) == 0:
        a[0] = 1.0
        a[1] = 0.0
        a[2] = 0.0


cdef void _load(object seq, dReal* out, int n) except *:
    """Copy n numbers from a Python sequence into out."""
    cdef int i
    for i in range(n):
        out[i] = seq[i]


cdef tuple _tup(const dReal* v, int n):
    """A tuple of n Python floats."""
    return tuple([v[i] for i in range(n)])


def inverse_inertia(I):
    """(ok, inverse) of a symmetric positive-definite 3x3 inertia by Cholesky, as dBodySetMass inverts it."""
    cdef dReal A[9]
    cdef dReal Lm[9]
    cdef dReal rec[3]
    cdef dReal x[3]
    cdef dReal out[9]
    cdef dReal s
    cdef int i, j, k, col
    _load(I, A, 9)
    for i in range(9):
        Lm[i] = 0.0
    for i in range(3):
        for j in range(i):
            s = A[3 * i + j]
            for k in range(j):
                s = s - Lm[3 * i + k] * Lm[3 * j + k]
            Lm[3 * i + j] = s * rec[j]
        s = A[3 * i + i]
        for k in range(i):
            s = s - Lm[3 * i + k] * Lm[3 * i + k]
        if not s > 0.0:
            return (False, (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
        Lm[3 * i + i] = sqrt(s)
        rec[i] = 1.0 / Lm[3 * i + i]
    for col in range(3):
        x[0] = 0.0
        x[1] = 0.0
        x[2] = 0.0
        x[col] = 1.0
        for i in range(3):
            s = x[i]
            for k in range(i):
                s = s - Lm[3 * i + k] * x[k]
            x[i] = s * rec[i]
        for i in range(2, -1, -1):
            s = x[i]
            for k in range(i + 1, 3):
                s = s - Lm[3 * k + i] * x[k]
            x[i] = s * rec[i]
        for i in range(3):
            out[3 * i + col] = x[i]
    return (True, _tup(out, 9))


def rotation_from_matrix(R):
    """(q, R') as dBodySetRotation stores them: q from R, normalised; R' with rows 0, 2 renormalised (row 1
    too when exactly perpendicular to row 0)."""
    cdef dReal M[9]
    cdef dReal q[4]
    cdef dReal out[9]
    cdef int i
    _load(R, M, 9)
    r_to_q(M, q)
    q_normalize(q)
    for i in range(6):
        out[i] = M[i]
    cdef bint perpendicular = M[0] * M[3] + M[1] * M[4] + M[2] * M[5] == 0.0
    _unit_or_x(out)
    if perpendicular:
        normalize3(out + 3)  # libode normalises row 1 only when it is exactly perpendicular to row 0 (observed)
    cross(out, out + 3, out + 6)
    _unit_or_x(out + 6)
    return (_tup(q, 4), _tup(out, 9))


def rotation_from_quaternion(q):
    """(q normalised, R from it) as dBodySetQuaternion stores them."""
    cdef dReal qn[4]
    cdef dReal R[9]
    _load(q, qn, 4)
    q_normalize(qn)
    q_to_r(qn, R)
    return (_tup(qn, 4), _tup(R, 9))


def vector_to_world(R, v):
    """R v: a body-frame vector in world coordinates."""
    cdef dReal M[9]
    cdef dReal a[3]
    cdef dReal r[3]
    _load(R, M, 9)
    _load(v, a, 3)
    mv(M, a, r)
    return _tup(r, 3)


def vector_from_world(R, v):
    """R^T v: a world vector in body coordinates."""
    cdef dReal M[9]
    cdef dReal a[3]
    cdef dReal r[3]
    _load(R, M, 9)
    _load(v, a, 3)
    mtv(M, a, r)
    return _tup(r, 3)


def rel_point_pos(R, pos, p):
    """World position of body-frame point p."""
    cdef dReal M[9]
    cdef dReal x[3]
    cdef dReal a[3]
    cdef dReal r[3]
    _load(R, M, 9)
    _load(pos, x, 3)
    _load(p, a, 3)
    mv(M, a, r)
    r[0] = r[0] + x[0]
    r[1] = r[1] + x[1]
    r[2] = r[2] + x[2]
    return _tup(r, 3)


def pos_rel_point(R, pos, p):
    """Body-frame coordinates of world point p."""
    cdef dReal M[9]
    cdef dReal x[3]
    cdef dReal a[3]
    cdef dReal d[3]
    cdef dReal r[3]
    _load(R, M, 9)
    _load(pos, x, 3)
    _load(p, a, 3)
    d[0] = a[0] - x[0]
    d[1] = a[1] - x[1]
    d[2] = a[2] - x[2]
    mtv(M, d, r)
    return _tup(r, 3)


def point_vel(pos, lvel, avel, p):
    """World velocity of the body point at world position p."""
    cdef dReal x[3]
    cdef dReal v[3]
    cdef dReal w[3]
    cdef dReal a[3]
    cdef dReal d[3]
    cdef dReal c[3]
    _load(pos, x, 3)
    _load(lvel, v, 3)
    _load(avel, w, 3)
    _load(p, a, 3)
    d[0] = a[0] - x[0]
    d[1] = a[1] - x[1]
    d[2] = a[2] - x[2]
    cross(w, d, c)
    c[0] = v[0] + c[0]
    c[1] = v[1] + c[1]
    c[2] = v[2] + c[2]
    return _tup(c, 3)


def rel_point_vel(R, lvel, avel, p):
    """World velocity of body-frame point p."""
    cdef dReal M[9]
    cdef dReal v[3]
    cdef dReal w[3]
    cdef dReal a[3]
    cdef dReal d[3]
    cdef dReal c[3]
    _load(R, M, 9)
    _load(lvel, v, 3)
    _load(avel, w, 3)
    _load(p, a, 3)
    mv(M, a, d)
    cross(w, d, c)
    c[0] = v[0] + c[0]
    c[1] = v[1] + c[1]
    c[2] = v[2] + c[2]
    return _tup(c, 3)


def force_at(facc, tacc, f, d):
    """(facc + f, tacc + d x f): accumulators after adding world force f at offset d from the centre."""
    cdef dReal F[3]
    cdef dReal T[3]
    cdef dReal a[3]
    cdef dReal b[3]
    cdef dReal c[3]
    _load(facc, F, 3)
    _load(tacc, T, 3)
    _load(f, a, 3)
    _load(d, b, 3)
    cross(b, a, c)
    F[0] = F[0] + a[0]
    F[1] = F[1] + a[1]
    F[2] = F[2] + a[2]
    T[0] = T[0] + c[0]
    T[1] = T[1] + c[1]
    T[2] = T[2] + c[2]
    return (_tup(F, 3), _tup(T, 3))


def finite_axis(v):
    """The finite rotation axis stored for v: v normalised, or zero when v is zero."""
    cdef dReal a[3]
    _load(v, a, 3)
    if a[0] == 0.0 and a[1] == 0.0 and a[2] == 0.0:
        return (0.0, 0.0, 0.0)
    normalize3(a)
    return _tup(a, 3)


def impulse_to_force(stepsize, impulse):
    """The force that applies ``impulse`` over one step (impulse * (1 / stepsize))."""
    cdef dReal h = stepsize
    cdef dReal a[3]
    cdef dReal s
    _load(impulse, a, 3)
    s = 1.0 / h
    a[0] = s * a[0]
    a[1] = s * a[1]
    a[2] = s * a[2]
    return _tup(a, 3)

# ---------------------------------------------------------------- the step: entry points and stages

def world_step(cnp.ndarray breal, cnp.ndarray bint, nb, cnp.ndarray jreal, cnp.ndarray jint, nj,
               cnp.ndarray wreal, stepsize, samples=None, workspace=None):
    """dWorldStep on the world arrays (numpy, modified in place); returns the number of islands stepped.

    samples (optional, shape (>= nb, 6 S)) holds each body's last S auto-disable velocity samples; it is
    needed only by bodies averaging more than one sample. workspace (optional, a Workspace kept by the
    caller between steps) supplies the scratch memory; without it the step allocates its own.
    """
    return _run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, False, 0, samples, workspace)[0]


def world_quick_step(cnp.ndarray breal, cnp.ndarray bint, nb, cnp.ndarray jreal, cnp.ndarray jint, nj,
                     cnp.ndarray wreal, stepsize, seed, samples=None, workspace=None):
    """dWorldQuickStep on the world arrays (modified in place); returns (islands stepped, new dRand seed)."""
    return _run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, True, seed, samples, workspace)


def damp_bodies(cnp.ndarray breal, cnp.ndarray bint, nb):
    """Damping of the bodies the last step moved (after their moved callbacks, as ODE orders it)."""
    cdef int cnb = nb
    check_itemsize(breal, sizeof(dReal), "breal")
    check_itemsize(bint, sizeof(int), "bint")
    if cnb < 0 or cnb > breal.shape[0] or cnb > bint.shape[0]:
        raise ValueError("row counts exceed the arrays")
    damp(<dReal*> cnp.PyArray_DATA(breal), <int*> cnp.PyArray_DATA(bint), cnb)


def scan_bodies(cnp.ndarray breal, cnp.ndarray bint, nb):
    """(bodies moved, first moved slot with a non-finite state or -1, a moved body damps, most samples
    averaged) in one pass: what World checks around every step, without numpy temporaries."""
    cdef int cnb = nb
    check_itemsize(breal, sizeof(dReal), "breal")
    check_itemsize(bint, sizeof(int), "bint")
    if cnb < 0 or cnb > breal.shape[0] or cnb > bint.shape[0]:
        raise ValueError("row counts exceed the arrays")
    cdef dReal* br = <dReal*> cnp.PyArray_DATA(breal)
    cdef int* bi = <int*> cnp.PyArray_DATA(bint)
    cdef int moved = 0, bad = -1, damp = 0, most = 0, i, k
    cdef dReal x
    with nogil:
        for i in range(cnb):
            if bi[i * BI + BI_AD_AVG] > most:
                most = bi[i * BI + BI_AD_AVG]
            if bi[i * BI + BI_MOVED] == 0:
                continue
            moved += 1
            if bi[i * BI + BI_DAMP] & 3:
                damp = 1
            if bad < 0:
                for k in range(B_TACC + 3):
                    x = br[i * BR + k]
                    if not (x - x == 0.0):
                        bad = i
                        break
    return moved, bad, damp, most


cdef Workspace _workspace(workspace):
    """The caller's Workspace, a fresh one for None, else TypeError naming the argument."""
    if workspace is None:
        return Workspace()
    if type(workspace) is not Workspace:
        raise TypeError(f"workspace must be a Workspace or None, not {type(workspace).__name__}")
    return <Workspace> workspace


cdef tuple _run(cnp.ndarray breal, cnp.ndarray bints, nb, cnp.ndarray jreal, cnp.ndarray jint, nj,
                cnp.ndarray wreal, stepsize, int quick, seed, samples, workspace):
    """Check the arrays and run one step in C without the GIL; returns (islands, seed). A step that fails
    (memory, a hinge-2 joint with parallel axes) leaves the arrays as they were."""
    cdef Workspace ws = _workspace(workspace)
    cdef int cnb = nb
    cdef int cnj = nj
    cdef dReal h = stepsize
    cdef unsigned int s = <unsigned int> (seed & 0xFFFFFFFF)
    cdef int res
    cdef int S = 0
    cdef dReal* sb = NULL
    if samples is not None:
        check_itemsize(samples, sizeof(dReal), "samples")
        if samples.ndim != 2 or samples.shape[0] < cnb or samples.shape[1] % 6:
            raise ValueError("samples must have shape (>= nb, 6 S)")
        S = samples.shape[1] // 6
        sb = <dReal*> cnp.PyArray_DATA(samples)
    check_itemsize(breal, sizeof(dReal), "breal")
    check_itemsize(jreal, sizeof(dReal), "jreal")
    check_itemsize(wreal, sizeof(dReal), "wreal")
    check_itemsize(bints, sizeof(int), "bint")
    check_itemsize(jint, sizeof(int), "jint")
    if cnb > breal.shape[0] or cnj > jreal.shape[0] or cnb < 0 or cnj < 0:
        raise ValueError("row counts exceed the arrays")
    cdef dReal* br = <dReal*> cnp.PyArray_DATA(breal)
    cdef int* bi = <int*> cnp.PyArray_DATA(bints)
    cdef dReal* jr = <dReal*> cnp.PyArray_DATA(jreal)
    cdef int* ji = <int*> cnp.PyArray_DATA(jint)
    cdef dReal* wr = <dReal*> cnp.PyArray_DATA(wreal)
    cdef int cap = S if S > 1 else 1
    cdef int b
    for b in range(cnb):
        if bi[b * BI + BI_AD_AVG] > cap:
            raise ValueError("bodies averaging more auto-disable samples than the samples array holds")
    if save_rows(br, bi, cnb, jr, ji, cnj, sb, S, ws) < 0:
        raise MemoryError("world_step: out of memory")
    with nogil:
        res = step_rows(br, bi, cnb, jr, ji, cnj, wr, h, &s if quick else NULL, sb, S, ws)
    if res < 0:
        restore_rows(br, bi, cnb, jr, ji, cnj, sb, S, ws)
    if res == -1:
        raise MemoryError("world_step: out of memory")
    if res < 0:
        raise ODEError(parallel_axes_message(-2 - res))
    return res, s


def parallel_axes_message(j):
    """The error of a step refused because hinge-2 joint row j has parallel axes."""
    return (f"hinge-2 joint in row {j} has parallel axes at the step; set axis 1 and axis 2 to "
            "non-parallel directions")


cdef int step_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, const dReal* wr, dReal h,
                   unsigned int* seed, dReal* samples, int S, Workspace ws) noexcept nogil:
    """One step as its stages (see step.pxd): auto-disable, the islands, the hinge-2 check, the row counts,
    the islands stepped, the moved bodies numbered. The number of islands, -1 when memory ran out, or
    -2 - j when hinge-2 joint j has parallel axes (nothing is stepped)."""
    cdef int* jointed = <int*> ws_get(&ws.arena, WS_JOINTED, (nb + 1) * sizeof(int))
    cdef Islands isl
    cdef int j, shared
    if jointed == NULL:
        return -1
    ws.uses += 1
    auto_disable(br, bi, nb, ji, nj, h, samples, S, jointed)
    if find_islands(&ws.arena, bi, nb, ji, nj, &isl) < 0:
        return -1
    j = first_parallel_hinge2(br, jr, ji, &isl)
    if j >= 0:
        return -2 - j
    count_rows(br, bi, jr, ji, wr, &isl)
    shared = step_islands(br, bi, jr, ji, wr, h, seed, &isl, &ws.arena, &ws.helper_arena, ws.threads)
    if shared < 0:
        return -1
    ws.shared += shared
    number_moved(bi, &isl)
    return isl.count

# joints that keep it; the scratch columns [J_SCRATCH, JR) of all but contacts (limit errors, transmission
# contact points); the parameter block of angular motors (euler angles) and transmissions (phases, radii,
# contact points), which their rows update. Which joints carry which part is read from columns a step does
# not write, so restore_rows walks the copy exactly as save_rows laid it out.
cdef enum:
    SAVE_BR = B_TACC + 3 + 1 + 6
    SAVE_BI = BI_AD_SAMPLE + 1 - BI_ENABLED
    SAVE_JI = JI_LIMIT + 3 - JI_M
    SAVE_FB = 12
    SAVE_SCR = JR - J_SCRATCH


cdef inline int _saved_parts(const int* ji, int j) noexcept nogil:
    """Which optional parts of joint j a step writes: 1 feedback, 2 scratch, 4 parameter block."""
    cdef int t = ji[j * JI + JI_TYPE]
    cdef int parts = 0
    if ji[j * JI + JI_ALIVE] == 0:
        return 0
    if ji[j * JI + JI_FEEDBACK]:
        parts = 1
    if t != JT_CONTACT:
        parts = parts | 2
    if t == JT_AMOTOR or t == JT_TRANSMISSION:
        parts = parts | 4
    return parts


cdef inline dReal* _sample_of(dReal* samples, int S, const int* bi, int b) noexcept nogil:
    """The auto-disable sample a step of body b writes (NULL when the body keeps no samples)."""
    cdef int n = bi[b * BI + BI_AD_AVG]
    if samples == NULL or n <= 1:
        return NULL
    return samples + b * 6 * S + 6 * (bi[b * BI + BI_AD_SAMPLE] % n)


cdef inline void _swap_copy(dReal* row, dReal* saved, int n, bint back) noexcept nogil:
    """Copy n reals from row to saved (back false) or from saved to row (back true)."""
    if back:
        memcpy(row, saved, n * sizeof(dReal))
    else:
        memcpy(saved, row, n * sizeof(dReal))


cdef inline void _swap_ints(int* row, int* saved, int n, bint back) noexcept nogil:
    """Copy n ints from row to saved (back false) or from saved to row (back true)."""
    if back:
        memcpy(row, saved, n * sizeof(int))
    else:
        memcpy(saved, row, n * sizeof(int))


cdef void _copy_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, dReal* samples, int S,
                     dReal* p, int* q, bint back) noexcept nogil:
    """The copy of save_rows (back false) or its restoration (back true): reals through p, ints through q."""
    cdef int b, j, parts
    cdef dReal* smp
    for b in range(nb):
        _swap_ints(bi + b * BI + BI_ENABLED, q, SAVE_BI, back)
        q += SAVE_BI
        _swap_copy(br + b * BR, p, B_TACC + 3, back)
        _swap_copy(br + b * BR + B_AD_TIMELEFT, p + B_TACC + 3, 1, back)
        smp = _sample_of(samples, S, bi, b)
        if smp != NULL:
            _swap_copy(smp, p + B_TACC + 4, 6, back)
        p += SAVE_BR
    for j in range(nj):
        _swap_ints(ji + j * JI + JI_M, q, SAVE_JI, back)
        q += SAVE_JI
        parts = _saved_parts(ji, j)
        if parts & 1:
            _swap_copy(jr + j * JR + J_FB, p, SAVE_FB, back)
            p += SAVE_FB
        if parts & 2:
            _swap_copy(jr + j * JR + J_SCRATCH, p, SAVE_SCR, back)
            p += SAVE_SCR
        if parts & 4:
            _swap_copy(jr + j * JR + J_P, p, J_PN, back)
            p += J_PN


cdef int save_rows(const dReal* br, const int* bi, int nb, const dReal* jr, const int* ji, int nj,
                   const dReal* samples, int S, Workspace ws) noexcept nogil:
    """Copy what a step writes into the workspace (see step.pxd); -1 when out of memory."""
    cdef size_t nr = nb * SAVE_BR, ni = nb * SAVE_BI + nj * SAVE_JI + 1
    cdef int j, parts
    for j in range(nj):
        parts = _saved_parts(ji, j)
        if parts:
            nr += (SAVE_FB if parts & 1 else 0) + (SAVE_SCR if parts & 2 else 0) + (J_PN if parts & 4 else 0)
    cdef dReal* p = <dReal*> ws_get(&ws.arena, WS_SAVE, nr * sizeof(dReal) + ni * sizeof(int))
    if p == NULL:
        return -1
    ws.saved_reals = nr
    _copy_rows(<dReal*> br, <int*> bi, nb, <dReal*> jr, <int*> ji, nj, <dReal*> samples, S, p,
               <int*> (p + nr), False)
    return 0


cdef void restore_rows(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, dReal* samples, int S,
                       Workspace ws) noexcept nogil:
    """Put back what save_rows copied (the same rows, counts and sample buffer)."""
    cdef dReal* p = <dReal*> ws.arena.buf[WS_SAVE]
    _copy_rows(br, bi, nb, jr, ji, nj, samples, S, p, <int*> (p + ws.saved_reals), True)


cdef void damp_rows(dReal* br, const int* bi, int nb) noexcept nogil:
    """Damping of the bodies the last step moved (see step.pxd)."""
    damp(br, bi, nb)
