# cython: language_level=3
"""dWorldStep in C (one nogil call per step) and the per-body numeric helpers World and Body need.

Pipeline per island (bodies connected by enabled joints): world-frame inverse inertia, implicit gyroscopic torque
(Lacoursiere 2006), gravity; joint rows (jacobian.info1/info2); A = J M^-1 J^T + cfm/h built block-sparse,
b = c/h - J (M^-1 F + v/h); the mixed LCP (lcp_dantzig.solve_lcp); v += h M^-1 (J^T lambda + F); x += h v and
the orientation update. The pure-Python twin ``ode/_fallback/step.py`` performs the same operations in the same
order, so in double precision both agree bit for bit.
"""

cimport numpy as cnp
from libc.math cimport INFINITY, cos, fabs, sin, sqrt
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy

from .dreal cimport dReal
from .jacobian cimport hinge2_parallel, info1, info2
from .layout cimport *
from .lcp_dantzig cimport solve_lcp_buf
from .lcp_sor cimport sor_lcp_buf
from .rotation cimport normalize3, q_multiply0, q_normalize, q_to_r, r_to_q, w_to_dq

import os

from ode.errors import ODEError

cnp.import_array()


# ---------------------------------------------------------------- the per-world workspace

# WS_* block numbers, Arena and Workspace's fields are declared in step.pxd.


cdef void* _ws_get(Arena* a, int k, size_t nbytes) noexcept nogil:
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


cdef void _ws_release(Arena* a) noexcept nogil:
    """Free every block (the next step allocates afresh)."""
    cdef int k
    for k in range(WS_NBUF):
        free(a.buf[k])
        a.buf[k] = NULL
        a.cap[k] = 0


cdef class Workspace:
    """Scratch memory of one world's steps, kept between steps: the step kernels take every temporary array
    (islands, joint rows, the LCP matrix and its factor) from here instead of the heap, so a step whose
    sizes do not exceed an earlier one allocates nothing and touches no fresh pages. The islands a second
    thread steps take theirs from a second arena. ``threads`` is ODE's islands-processing thread limit: 1
    steps every island in the calling thread, 0 (unlimited, the default) or more lets a large step hand
    half of its islands to the process's helper thread."""

    def __cinit__(self):
        cdef int k
        for k in range(WS_NBUF):
            self.arena.buf[k] = NULL
            self.arena.cap[k] = 0
            self.helper_arena.buf[k] = NULL
            self.helper_arena.cap[k] = 0
        self.arena.grows = 0
        self.helper_arena.grows = 0
        self.uses = 0
        self.shared = 0
        self.threads = 0

    def __dealloc__(self):
        _ws_release(&self.arena)
        _ws_release(&self.helper_arena)

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
        _ws_release(&self.arena)
        _ws_release(&self.helper_arena)


# ---------------------------------------------------------------- small vector / matrix helpers

cdef inline void _cross(const dReal* a, const dReal* b, dReal* r) noexcept nogil:
    """r = a x b (r must not alias a or b)."""
    r[0] = a[1] * b[2] - a[2] * b[1]
    r[1] = a[2] * b[0] - a[0] * b[2]
    r[2] = a[0] * b[1] - a[1] * b[0]


cdef inline void _mv(const dReal* M, const dReal* v, dReal* r) noexcept nogil:
    """r = M v for a 3x3 row-major M."""
    r[0] = M[0] * v[0] + M[1] * v[1] + M[2] * v[2]
    r[1] = M[3] * v[0] + M[4] * v[1] + M[5] * v[2]
    r[2] = M[6] * v[0] + M[7] * v[1] + M[8] * v[2]


cdef inline void _mtv(const dReal* M, const dReal* v, dReal* r) noexcept nogil:
    """r = M^T v for a 3x3 row-major M."""
    r[0] = M[0] * v[0] + M[3] * v[1] + M[6] * v[2]
    r[1] = M[1] * v[0] + M[4] * v[1] + M[7] * v[2]
    r[2] = M[2] * v[0] + M[5] * v[1] + M[8] * v[2]


cdef inline void _rotate_tensor(const dReal* R, const dReal* T, dReal* out) noexcept nogil:
    """out = R T R^T (T R^T first, then R times it)."""
    cdef dReal tmp[9]
    cdef int i, j
    for i in range(3):
        for j in range(3):
            tmp[3 * i + j] = T[3 * i] * R[3 * j] + T[3 * i + 1] * R[3 * j + 1] + T[3 * i + 2] * R[3 * j + 2]
    for i in range(3):
        for j in range(3):
            out[3 * i + j] = R[3 * i] * tmp[j] + R[3 * i + 1] * tmp[3 + j] + R[3 * i + 2] * tmp[6 + j]


cdef inline bint _invert3(const dReal* a, dReal* out) noexcept nogil:
    """Closed-form inverse of a general 3x3 matrix; False when it is singular."""
    cdef dReal det = (a[0] * (a[4] * a[8] - a[5] * a[7]) + a[1] * (a[5] * a[6] - a[3] * a[8])
                      + a[2] * (a[3] * a[7] - a[4] * a[6]))
    cdef dReal r
    if det == 0.0:
        return False
    r = 1.0 / det
    out[0] = (a[4] * a[8] - a[5] * a[7]) * r
    out[1] = (a[2] * a[7] - a[1] * a[8]) * r
    out[2] = (a[1] * a[5] - a[2] * a[4]) * r
    out[3] = (a[5] * a[6] - a[3] * a[8]) * r
    out[4] = (a[0] * a[8] - a[2] * a[6]) * r
    out[5] = (a[2] * a[3] - a[0] * a[5]) * r
    out[6] = (a[3] * a[7] - a[4] * a[6]) * r
    out[7] = (a[1] * a[6] - a[0] * a[7]) * r
    out[8] = (a[0] * a[4] - a[1] * a[3]) * r
    return True


cdef inline dReal _sinc(dReal x) noexcept nogil:
    """sin(x)/x with the series near zero."""
    if fabs(x) < 1.0e-4:
        return 1.0 - x * x * 0.166666666666666666667
    return sin(x) / x


cdef inline void _unit_or_x(dReal* a) noexcept nogil:
    """a made unit length by normalize3 (libode's dSafeNormalize3); a zero a becomes the x axis."""
    if normalize3(a) == 0:
        a[0] = 1.0
        a[1] = 0.0
        a[2] = 0.0


# ---------------------------------------------------------------- public helpers (twinned defs)

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
    _cross(out, out + 3, out + 6)
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
    _mv(M, a, r)
    return _tup(r, 3)


def vector_from_world(R, v):
    """R^T v: a world vector in body coordinates."""
    cdef dReal M[9]
    cdef dReal a[3]
    cdef dReal r[3]
    _load(R, M, 9)
    _load(v, a, 3)
    _mtv(M, a, r)
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
    _mv(M, a, r)
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
    _mtv(M, d, r)
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
    _cross(w, d, c)
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
    _mv(M, a, d)
    _cross(w, d, c)
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
    _cross(b, a, c)
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


# ---------------------------------------------------------------- the step

cdef void _prepare_body(dReal* br, const int* bi, const dReal* wr, dReal h, int b,
                        dReal* invIw) noexcept nogil:
    """World-frame inverse inertia of body b; adds implicit gyroscopic torque and gravity."""
    cdef dReal* o = br + b * BR
    cdef dReal Iw[9]
    cdef dReal It[9]
    cdef dReal inv[9]
    cdef dReal Lm[3]
    cdef dReal Lh[3]
    cdef dReal wh[3]
    cdef dReal t[3]
    cdef dReal rh, m
    _rotate_tensor(o + B_R, o + B_INVI, invIw)
    if bi[b * BI + BI_GYRO]:
        _rotate_tensor(o + B_R, o + B_I, Iw)
        _mv(Iw, o + B_AVEL, Lm)
        # Lacoursiere's implicit step: (I - h [L]x) w' = L, applied as the torque that turns w into w'.
        It[0] = Iw[0]
        It[1] = Lm[2] * h + Iw[1]
        It[2] = -Lm[1] * h + Iw[2]
        It[3] = -Lm[2] * h + Iw[3]
        It[4] = Iw[4]
        It[5] = Lm[0] * h + Iw[5]
        It[6] = Lm[1] * h + Iw[6]
        It[7] = -Lm[0] * h + Iw[7]
        It[8] = Iw[8]
        if _invert3(It, inv):
            rh = 1.0 / h
            Lh[0] = Lm[0] * rh
            Lh[1] = Lm[1] * rh
            Lh[2] = Lm[2] * rh
            _mv(inv, Lh, wh)
            _mv(Iw, wh, t)
            o[B_TACC] += t[0] - Lh[0]
            o[B_TACC + 1] += t[1] - Lh[1]
            o[B_TACC + 2] += t[2] - Lh[2]
    if bi[b * BI + BI_GRAVITY]:
        m = o[B_MASS]
        o[B_FACC] += m * wr[W_GRAVITY]
        o[B_FACC + 1] += m * wr[W_GRAVITY + 1]
        o[B_FACC + 2] += m * wr[W_GRAVITY + 2]


cdef void _integrate_body(dReal* br, const int* bi, int b, dReal h) noexcept nogil:
    """Move body b by its velocities over h: position, then orientation (infinitesimal or finite)."""
    cdef dReal* o = br + b * BR
    cdef dReal* w = o + B_AVEL
    cdef dReal* q = o + B_Q
    cdef dReal* ax = o + B_FAXIS
    cdef dReal rot[4]
    cdef dReal q2[4]
    cdef dReal dq[4]
    cdef dReal irv[3]
    cdef dReal frv[3]
    cdef dReal hh, k, theta, s, wlen
    cdef bint use_axis
    cdef int i
    o[B_POS] += h * o[B_LVEL]
    o[B_POS + 1] += h * o[B_LVEL + 1]
    o[B_POS + 2] += h * o[B_LVEL + 2]
    if bi[b * BI + BI_FINITE]:
        use_axis = ax[0] != 0.0 or ax[1] != 0.0 or ax[2] != 0.0
        hh = h * 0.5
        if use_axis:
            k = ax[0] * w[0] + ax[1] * w[1] + ax[2] * w[2]
            frv[0] = ax[0] * k
            frv[1] = ax[1] * k
            frv[2] = ax[2] * k
            irv[0] = w[0] - frv[0]
            irv[1] = w[1] - frv[1]
            irv[2] = w[2] - frv[2]
            theta = k * hh
            s = _sinc(theta) * hh
            rot[0] = cos(theta)
            rot[1] = frv[0] * s
            rot[2] = frv[1] * s
            rot[3] = frv[2] * s
        else:
            wlen = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
            theta = wlen * hh
            s = _sinc(theta) * hh
            rot[0] = cos(theta)
            rot[1] = w[0] * s
            rot[2] = w[1] * s
            rot[3] = w[2] * s
        q_multiply0(q2, rot, q)
        for i in range(4):
            q[i] = q2[i]
        if use_axis:
            # ODE 0.16 integrates the orthogonal part with the halved step (observed in libode; kept)
            w_to_dq(irv, q, dq)
            for i in range(4):
                q[i] = q[i] + hh * dq[i]
    else:
        w_to_dq(w, q, dq)
        for i in range(4):
            q[i] = q[i] + h * dq[i]
    q_normalize(q)
    q_to_r(q, o + B_R)


cdef inline dReal _dot6(const dReal* a, const dReal* b) noexcept nogil:
    """Six-term dot product summed left to right."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5]


cdef struct LcpRows:
    # An island's constraint rows for dWorldStep, in the solver's order: the joints whose rows are all
    # unbounded first (the LCP's leading nub block), each joint's rows together.
    int m               # rows
    int nub             # leading unbounded rows
    int nord            # joints with rows
    const int* cnt      # island joint -> its row count
    int* order          # solver position -> island joint
    int* ofs            # solver position -> its first row
    int* jb             # solver position -> island-local bodies (two, -1 for none)
    dReal* J            # 12 per row: body 1 linear, angular, body 2 linear, angular
    dReal* JiM          # J M^-1, likewise
    dReal* c
    dReal* cfm
    dReal* lo
    dReal* hi
    int* fi             # friction rows: the row whose lambda bounds them, else -1
    dReal* rhs
    dReal* lam
    dReal* tmp          # per body: M^-1 F + v / h (6), then the constraint force J^T lambda (6)
    dReal* A            # m x m


cdef int _lcp_rows(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal fps, int nbi,
                   const int* joints, int nji, const int* loc, const int* jcnt, Arena* ws,
                   LcpRows* R) noexcept nogil:
    """Stage rows: every joint's rows (info2) in island order, then the solver's order (unbounded joints
    first) with the island-local bodies of each joint; the system's arrays come from the workspace.
    -1 when out of memory (R.m is 0 when the island has no rows)."""
    cdef int* cnt = <int*> _ws_get(ws, WS_CNT, nji * 8 * sizeof(int))
    cdef int* rofs       # first row of island joint n in the temporary (island-order) rows
    cdef int* unb
    cdef dReal* T
    cdef int* Tfi
    cdef dReal* S
    cdef dReal wcfm = wr[W_CFM]
    cdef int total = 0, n, k, r, mj, o, e, j
    cdef bint ub
    R.m = 0
    if cnt == NULL:
        return -1
    rofs = cnt + nji
    unb = cnt + 2 * nji
    R.cnt = cnt
    R.order = cnt + 3 * nji
    R.ofs = cnt + 4 * nji
    R.jb = cnt + 5 * nji
    for n in range(nji):
        cnt[n] = jcnt[joints[n]]
        rofs[n] = total
        total += cnt[n]
    if total == 0:
        return 0
    # temporary rows in island order: J (12), c, cfm, lo, hi (one each) and findex
    T = <dReal*> _ws_get(ws, WS_T, total * 16 * sizeof(dReal))
    Tfi = <int*> _ws_get(ws, WS_TFI, total * sizeof(int))
    if T == NULL or Tfi == NULL:
        return -1
    cdef dReal* Tc = T + 12 * total
    cdef dReal* Tcfm = Tc + total
    cdef dReal* Tlo = Tcfm + total
    cdef dReal* Thi = Tlo + total
    for r in range(12 * total):
        T[r] = 0.0
    for r in range(total):
        Tc[r] = 0.0
        Tcfm[r] = wcfm
        Tlo[r] = -INFINITY
        Thi[r] = INFINITY
        Tfi[r] = -1
    for n in range(nji):
        mj = cnt[n]
        o = rofs[n]
        if mj:
            info2(ji, jr, joints[n], br, bi, wr, fps, T + 12 * o, Tc + o, Tcfm + o, Tlo + o, Thi + o, Tfi + o)
        ub = True
        for k in range(mj):
            if Tlo[o + k] != -INFINITY or Thi[o + k] != INFINITY or Tfi[o + k] >= 0:
                ub = False
        unb[n] = ub
    R.nub = 0
    R.nord = 0
    for n in range(nji):
        if unb[n] and cnt[n]:
            R.order[R.nord] = n
            R.nord += 1
            R.nub += cnt[n]
    for n in range(nji):
        if not unb[n] and cnt[n]:
            R.order[R.nord] = n
            R.nord += 1
    R.m = total
    S = <dReal*> _ws_get(ws, WS_S, (<size_t> total * total + total * 34 + nbi * 12) * sizeof(dReal))
    R.fi = <int*> _ws_get(ws, WS_FI, total * sizeof(int))
    if S == NULL or R.fi == NULL:
        return -1
    R.J = S
    R.JiM = R.J + 12 * total
    R.c = R.JiM + 12 * total
    R.cfm = R.c + total
    R.lo = R.cfm + total
    R.hi = R.lo + total
    R.rhs = R.hi + total
    R.lam = R.rhs + total
    R.tmp = S + 34 * total
    R.A = R.tmp + 12 * nbi
    r = 0
    for n in range(R.nord):
        e = R.order[n]
        j = joints[e]
        mj = cnt[e]
        o = rofs[e]
        R.ofs[n] = r
        for k in range(12 * mj):
            R.J[12 * r + k] = T[12 * o + k]
        for k in range(mj):
            R.c[r + k] = Tc[o + k]
            R.cfm[r + k] = Tcfm[o + k]
            R.lo[r + k] = Tlo[o + k]
            R.hi[r + k] = Thi[o + k]
            R.fi[r + k] = Tfi[o + k] + r if Tfi[o + k] >= 0 else -1
        k = ji[j * JI + JI_B1]
        R.jb[2 * n] = loc[k] if k >= 0 else -1
        k = ji[j * JI + JI_B2]
        R.jb[2 * n + 1] = loc[k] if k >= 0 else -1
        r += mj
    return 0


cdef inline int _rows_of(const LcpRows* R, int n) noexcept nogil:
    """The row count of solver position n."""
    return R.cnt[R.order[n]]


cdef void _rows_times_inverse_mass(const dReal* br, const int* bodies, const dReal* invI,
                                   LcpRows* R) noexcept nogil:
    """Stage J M^-1, row by row: the linear part times 1/m, the angular part times the world inverse
    inertia."""
    cdef int n, side, bl, r, o
    cdef dReal im
    cdef const dReal* J = R.J
    cdef dReal* JiM = R.JiM
    cdef const dReal* iI
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl < 0:
                continue
            im = br[bodies[bl] * BR + B_INVMASS]
            iI = invI + 9 * bl
            for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                o = 12 * r + 6 * side
                JiM[o] = J[o] * im
                JiM[o + 1] = J[o + 1] * im
                JiM[o + 2] = J[o + 2] * im
                JiM[o + 3] = J[o + 3] * iI[0] + J[o + 4] * iI[3] + J[o + 5] * iI[6]
                JiM[o + 4] = J[o + 3] * iI[1] + J[o + 4] * iI[4] + J[o + 5] * iI[7]
                JiM[o + 5] = J[o + 3] * iI[2] + J[o + 4] * iI[5] + J[o + 5] * iI[8]


cdef int _assemble_A(int nbi, dReal fps, Arena* ws, LcpRows* R) noexcept nogil:
    """Stage A = J M^-1 J^T + cfm / h, built block by block only where two joints share a body; each entry
    below the diagonal and its mirror above get the same additions in the same order, so A is exactly
    symmetric. -1 when out of memory."""
    cdef int* bstart = <int*> _ws_get(ws, WS_BSTART, (nbi + 1) * 2 * sizeof(int) + 4 * R.nord * sizeof(int))
    cdef int* bfill
    cdef int* blist
    cdef int m = R.m, n, n2, side, side2, bl, e, r, r2, o, o2, top
    cdef dReal s
    cdef dReal* A = R.A
    if bstart == NULL:
        return -1
    bfill = bstart + nbi + 1
    blist = bfill + nbi + 1
    # per body, the (solver position, side) pairs of its joints, in ascending solver position
    for bl in range(nbi + 1):
        bstart[bl] = 0
    for n in range(R.nord):
        for side in range(2):
            if R.jb[2 * n + side] >= 0:
                bstart[R.jb[2 * n + side] + 1] += 1
    for bl in range(nbi):
        bstart[bl + 1] += bstart[bl]
    for bl in range(nbi):
        bfill[bl] = bstart[bl]
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl >= 0:
                blist[2 * bfill[bl]] = n
                blist[2 * bfill[bl] + 1] = side
                bfill[bl] += 1
    for r in range(m * m):
        A[r] = 0.0
    for n in range(R.nord):
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl < 0:
                continue
            for e in range(bstart[bl], bstart[bl + 1]):
                n2 = blist[2 * e]
                side2 = blist[2 * e + 1]
                if n2 > n:
                    continue
                for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                    o = 12 * r + 6 * side
                    top = r + 1 if n2 == n else R.ofs[n2] + _rows_of(R, n2)
                    for r2 in range(R.ofs[n2], top):
                        o2 = 12 * r2 + 6 * side2
                        s = _dot6(R.JiM + o, R.J + o2)
                        A[r * m + r2] += s
                        if r2 != r:
                            A[r2 * m + r] += s
    for r in range(m):
        A[r * m + r] += R.cfm[r] * fps
    return 0


cdef void _assemble_b(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                      LcpRows* R) noexcept nogil:
    """Stage b = c / h - J (M^-1 F + v / h); clears the bodies' constraint force sums."""
    cdef int bl, n, r, side, k
    cdef dReal im, s
    cdef dReal d[3]
    cdef const dReal* bo
    cdef dReal* tmp = R.tmp
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        im = bo[B_INVMASS]
        tmp[12 * bl] = bo[B_FACC] * im + bo[B_LVEL] * fps
        tmp[12 * bl + 1] = bo[B_FACC + 1] * im + bo[B_LVEL + 1] * fps
        tmp[12 * bl + 2] = bo[B_FACC + 2] * im + bo[B_LVEL + 2] * fps
        _mv(invI + 9 * bl, bo + B_TACC, d)
        tmp[12 * bl + 3] = d[0] + bo[B_AVEL] * fps
        tmp[12 * bl + 4] = d[1] + bo[B_AVEL + 1] * fps
        tmp[12 * bl + 5] = d[2] + bo[B_AVEL + 2] * fps
        for k in range(6):
            tmp[12 * bl + 6 + k] = 0.0
    for n in range(R.nord):
        for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
            s = 0.0
            for side in range(2):
                bl = R.jb[2 * n + side]
                if bl < 0:
                    continue
                s = s + _dot6(R.J + 12 * r + 6 * side, tmp + 12 * bl)
            R.rhs[r] = R.c[r] * fps - s


cdef int _solve_lcp(Arena* ws, LcpRows* R) noexcept nogil:
    """Stage solve: the mixed LCP for lambda (Dantzig). -1 when out of memory."""
    cdef int m = R.m, r
    cdef dReal* lcp = <dReal*> _ws_get(ws, WS_LCP, (<size_t> m * m + 8 * m) * sizeof(dReal))
    cdef int* lcpi = <int*> _ws_get(ws, WS_LCPI, 2 * m * sizeof(int))
    if lcp == NULL or lcpi == NULL:
        return -1
    for r in range(m):
        R.lam[r] = 0.0
    solve_lcp_buf(m, R.A, R.lam, R.rhs, NULL, R.nub, R.lo, R.hi, R.fi, lcp, lcpi)
    return 0


cdef void _apply_lcp_forces(dReal* br, const int* bodies, int nbi, dReal* jr, const int* ji,
                            const int* joints, const dReal* invI, dReal h, LcpRows* R) noexcept nogil:
    """Stage apply: the constraint forces J^T lambda per body and joint feedback, then the velocity change
    h M^-1 J^T lambda."""
    cdef int n, j, k, side, bl, r
    cdef dReal im
    cdef dReal fb[12]
    cdef dReal th[3]
    cdef dReal d[3]
    cdef dReal* bo
    cdef dReal* tmp = R.tmp
    for n in range(R.nord):
        j = joints[R.order[n]]
        for k in range(12):
            fb[k] = 0.0
        for side in range(2):
            if R.jb[2 * n + side] < 0:
                continue
            for r in range(R.ofs[n], R.ofs[n] + _rows_of(R, n)):
                for k in range(6):
                    fb[6 * side + k] += R.J[12 * r + 6 * side + k] * R.lam[r]
        for side in range(2):
            bl = R.jb[2 * n + side]
            if bl >= 0:
                for k in range(6):
                    tmp[12 * bl + 6 + k] += fb[6 * side + k]
        if ji[j * JI + JI_FEEDBACK]:
            for k in range(12):
                jr[j * JR + J_FB + k] = fb[k]
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        im = h * bo[B_INVMASS]
        bo[B_LVEL] += im * tmp[12 * bl + 6]
        bo[B_LVEL + 1] += im * tmp[12 * bl + 7]
        bo[B_LVEL + 2] += im * tmp[12 * bl + 8]
        th[0] = tmp[12 * bl + 9] * h
        th[1] = tmp[12 * bl + 10] * h
        th[2] = tmp[12 * bl + 11] * h
        _mv(invI + 9 * bl, th, d)
        bo[B_AVEL] += d[0]
        bo[B_AVEL + 1] += d[1]
        bo[B_AVEL + 2] += d[2]


cdef int _constraint_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                                const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                                const int* loc, const int* jcnt, Arena* ws) noexcept nogil:
    """dWorldStep's constraint stages for one island: rows, J M^-1, A, b, the LCP, and the forces applied
    to the velocities (jcnt: each joint's row count, by slot); -1 when out of memory."""
    cdef dReal fps = 1.0 / h
    cdef LcpRows R
    if _lcp_rows(br, bi, jr, ji, wr, fps, nbi, joints, nji, loc, jcnt, ws, &R) < 0:
        return -1
    if R.m == 0:
        return 0
    _rows_times_inverse_mass(br, bodies, invI, &R)
    if _assemble_A(nbi, fps, ws, &R) < 0:
        return -1
    _assemble_b(br, bodies, nbi, invI, fps, &R)
    if _solve_lcp(ws, &R) < 0:
        return -1
    _apply_lcp_forces(br, bodies, nbi, jr, ji, joints, invI, h, &R)
    return 0


cdef struct SorRows:
    # An island's constraint rows for dWorldQuickStep, in island joint order (row by row, each with its
    # island-local bodies).
    int m               # rows
    int* cnt            # island joint -> its row count
    int* ofs            # island joint -> its first row
    int* jb             # row -> island-local bodies (two, -1 for none)
    int* fi             # friction rows: the row whose lambda bounds them, else -1
    dReal* J            # 12 per row
    dReal* iMJ          # M^-1 J^T, likewise
    dReal* c
    dReal* cfm          # already divided by h
    dReal* lo
    dReal* hi
    dReal* rhs
    dReal* lam
    dReal* tmp          # per body: M^-1 F + v / h (6)
    dReal* fc           # per body: M^-1 J^T lambda (6), kept by the solver
    dReal* Js           # the solver's scratch
    int* order


cdef int _sor_rows(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal fps, int nbi,
                   const int* joints, int nji, const int* loc, const int* jcnt, Arena* ws,
                   SorRows* R) noexcept nogil:
    """Stage rows: every joint's rows (info2) in island order, cfm over h, friction indices made absolute,
    each row's island-local bodies; the system's arrays come from the workspace. -1 when out of memory
    (R.m is 0 when the island has no rows)."""
    cdef dReal wcfm = wr[W_CFM]
    cdef int* cnt = <int*> _ws_get(ws, WS_CNT, (2 * nji + 1) * sizeof(int))
    cdef int m = 0, n, r, k, l1, l2, j
    cdef dReal* S
    cdef int* I
    R.m = 0
    if cnt == NULL:
        return -1
    R.cnt = cnt
    R.ofs = cnt + nji
    for n in range(nji):
        cnt[n] = jcnt[joints[n]]
        R.ofs[n] = m
        m += cnt[n]
    if m == 0:
        return 0
    S = <dReal*> _ws_get(ws, WS_S, (31 * m + 12 * nbi) * sizeof(dReal))
    I = <int*> _ws_get(ws, WS_FI, 3 * m * sizeof(int))
    R.Js = <dReal*> _ws_get(ws, WS_SORJ, (14 * m + 1) * sizeof(dReal))
    R.order = <int*> _ws_get(ws, WS_SORO, (m + 1) * sizeof(int))
    if S == NULL or I == NULL or R.Js == NULL or R.order == NULL:
        return -1
    R.m = m
    R.J = S
    R.iMJ = R.J + 12 * m
    R.c = R.iMJ + 12 * m
    R.cfm = R.c + m
    R.lo = R.cfm + m
    R.hi = R.lo + m
    R.rhs = R.hi + m
    R.lam = R.rhs + m
    R.tmp = R.lam + m
    R.fc = R.tmp + 6 * nbi
    R.fi = I
    R.jb = I + m
    for r in range(12 * m):
        R.J[r] = 0.0
    for r in range(m):
        R.c[r] = 0.0
        R.cfm[r] = wcfm
        R.lo[r] = -INFINITY
        R.hi[r] = INFINITY
        R.fi[r] = -1
    for n in range(nji):
        if cnt[n] == 0:
            continue
        j = joints[n]
        r = R.ofs[n]
        info2(ji, jr, j, br, bi, wr, fps, R.J + 12 * r, R.c + r, R.cfm + r, R.lo + r, R.hi + r, R.fi + r)
        k = ji[j * JI + JI_B1]
        l1 = loc[k] if k >= 0 else -1
        k = ji[j * JI + JI_B2]
        l2 = loc[k] if k >= 0 else -1
        for k in range(r, r + cnt[n]):
            R.cfm[k] = R.cfm[k] * fps
            if R.fi[k] >= 0:
                R.fi[k] = R.fi[k] + r
            R.jb[2 * k] = l1
            R.jb[2 * k + 1] = l2
    return 0


cdef void _inverse_mass_times_rows(const dReal* br, const int* bodies, const dReal* invI,
                                   SorRows* R) noexcept nogil:
    """Stage M^-1 J^T, row by row: the linear part times 1/m, the angular part the world inverse inertia
    times it."""
    cdef int r, side, bl, p
    cdef dReal im
    cdef const dReal* iI
    cdef const dReal* J = R.J
    cdef dReal* iMJ = R.iMJ
    for r in range(12 * R.m):
        iMJ[r] = 0.0
    for r in range(R.m):
        for side in range(2):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            im = br[bodies[bl] * BR + B_INVMASS]
            iI = invI + 9 * bl
            p = 12 * r + 6 * side
            iMJ[p] = J[p] * im
            iMJ[p + 1] = J[p + 1] * im
            iMJ[p + 2] = J[p + 2] * im
            iMJ[p + 3] = iI[0] * J[p + 3] + iI[1] * J[p + 4] + iI[2] * J[p + 5]
            iMJ[p + 4] = iI[3] * J[p + 3] + iI[4] * J[p + 4] + iI[5] * J[p + 5]
            iMJ[p + 5] = iI[6] * J[p + 3] + iI[7] * J[p + 4] + iI[8] * J[p + 5]


cdef void _sor_b(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                 SorRows* R) noexcept nogil:
    """Stage b = c / h - J (M^-1 F + v / h)."""
    cdef int bl, r, side
    cdef dReal im, s
    cdef dReal d[3]
    cdef const dReal* bo
    cdef dReal* tmp = R.tmp
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        im = bo[B_INVMASS]
        tmp[6 * bl] = bo[B_FACC] * im + bo[B_LVEL] * fps
        tmp[6 * bl + 1] = bo[B_FACC + 1] * im + bo[B_LVEL + 1] * fps
        tmp[6 * bl + 2] = bo[B_FACC + 2] * im + bo[B_LVEL + 2] * fps
        _mv(invI + 9 * bl, bo + B_TACC, d)
        tmp[6 * bl + 3] = d[0] + bo[B_AVEL] * fps
        tmp[6 * bl + 4] = d[1] + bo[B_AVEL + 1] * fps
        tmp[6 * bl + 5] = d[2] + bo[B_AVEL + 2] * fps
    for r in range(R.m):
        s = 0.0
        for side in range(2):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            s = s + _dot6(R.J + 12 * r + 6 * side, tmp + 6 * bl)
        R.rhs[r] = R.c[r] * fps - s


cdef void _apply_sor_forces(dReal* br, const int* bodies, int nbi, dReal* jr, const int* ji,
                            const int* joints, int nji, dReal h, SorRows* R) noexcept nogil:
    """Stage apply: joint feedback J^T lambda, then v += h M^-1 J^T lambda (the solver's fc)."""
    cdef int n, j, k, r, bl
    cdef dReal* bo
    for n in range(nji):
        j = joints[n]
        if not ji[j * JI + JI_FEEDBACK] or R.cnt[n] == 0:
            continue
        bo = jr + j * JR + J_FB
        for k in range(12):
            bo[k] = 0.0
        for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
            for k in range(12):
                bo[k] += R.J[12 * r + k] * R.lam[r]
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        for k in range(6):
            bo[B_LVEL + k] += h * R.fc[6 * bl + k]


cdef int _sor_velocities(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                         const int* bodies, int nbi, const int* joints, int nji, const dReal* invI,
                         const int* loc, const int* jcnt, unsigned int* seed, Arena* ws) noexcept nogil:
    """dWorldQuickStep's constraint stages for one island: rows, M^-1 J^T, b, projected SOR for lambda
    (reshuffling with dRand from seed), and the forces applied to the velocities (jcnt: each joint's row
    count, by slot); -1 when out of memory."""
    cdef dReal fps = 1.0 / h
    cdef SorRows R
    if _sor_rows(br, bi, jr, ji, wr, fps, nbi, joints, nji, loc, jcnt, ws, &R) < 0:
        return -1
    if R.m == 0:
        return 0
    _inverse_mass_times_rows(br, bodies, invI, &R)
    _sor_b(br, bodies, nbi, invI, fps, &R)
    if sor_lcp_buf(R.m, nbi, R.J, R.iMJ, R.jb, R.rhs, R.cfm, R.lo, R.hi, R.fi, R.lam, R.fc,
                   <int> wr[W_QS_ITER], wr[W_QS_W], seed, R.Js, R.order) < 0:
        return -1
    _apply_sor_forces(br, bodies, nbi, jr, ji, joints, nji, h, &R)
    return 0


cdef int _step_island(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h,
                      const int* bodies, int nbi, const int* joints, int nji, int* loc, const int* jcnt,
                      unsigned int* seed, Arena* ws) noexcept nogil:
    """One step of one island: constraint forces (LCP, or SOR when seed is given), then semi-implicit Euler."""
    cdef dReal* invI = <dReal*> _ws_get(ws, WS_INVI, 9 * nbi * sizeof(dReal))
    cdef dReal th[3]
    cdef dReal d[3]
    cdef dReal* o
    cdef dReal im
    cdef int n, k, b, err = 0
    if invI == NULL:
        return -1
    for n in range(nbi):
        loc[bodies[n]] = n
        _prepare_body(br, bi, wr, h, bodies[n], invI + 9 * n)
    if nji and seed != NULL:
        err = _sor_velocities(br, bi, jr, ji, wr, h, bodies, nbi, joints, nji, invI, loc, jcnt, seed, ws)
    elif nji:
        err = _constraint_velocities(br, bi, jr, ji, wr, h, bodies, nbi, joints, nji, invI, loc, jcnt, ws)
    for n in range(nbi):
        o = br + bodies[n] * BR
        im = h * o[B_INVMASS]
        o[B_LVEL] += im * o[B_FACC]
        o[B_LVEL + 1] += im * o[B_FACC + 1]
        o[B_LVEL + 2] += im * o[B_FACC + 2]
        th[0] = o[B_TACC] * h
        th[1] = o[B_TACC + 1] * h
        th[2] = o[B_TACC + 2] * h
        _mv(invI + 9 * n, th, d)
        o[B_AVEL] += d[0]
        o[B_AVEL + 1] += d[1]
        o[B_AVEL + 2] += d[2]
    for n in range(nbi):
        b = bodies[n]
        _max_angular_speed(br, bi, b)
        _integrate_body(br, bi, b, h)
        o = br + b * BR
        for k in range(6):
            o[B_FACC + k] = 0.0
        bi[b * BI + BI_MOVED] = 1
    return err


cdef void _auto_disable(dReal* br, int* bi, int nb, const int* ji, int nj, dReal h, dReal* sb, int S,
                        int* jointed) noexcept nogil:
    """ODE's per-body idle test before a step: idle long enough (steps and time) disables and stops the body.

    Only enabled bodies with the flag and at least one joint are tested (free bodies never sleep in mid-air).
    The average of the last n velocity samples must be below both thresholds (strictly); until n samples
    exist the body counts as busy. A busy body restarts its countdowns.
    """
    cdef int b, j, side, n, k, i, c, o
    cdef dReal* r
    cdef dReal* p
    cdef dReal lin[3]
    cdef dReal ang[3]
    cdef dReal lt, at
    cdef bint idle
    for b in range(nb):
        jointed[b] = 0
    for j in range(nj):
        if ji[j * JI + JI_ALIVE]:
            for side in range(2):
                if ji[j * JI + JI_B1 + side] >= 0:
                    jointed[ji[j * JI + JI_B1 + side]] = 1
    for b in range(nb):
        o = b * BI
        if not (bi[o + BI_ALIVE] and bi[o + BI_ENABLED] and bi[o + BI_AD_FLAG] and jointed[b]):
            continue
        n = bi[o + BI_AD_AVG]
        if n <= 0:
            continue
        r = br + b * BR
        for c in range(3):
            lin[c] = r[B_LVEL + c]
            ang[c] = r[B_AVEL + c]
        k = bi[o + BI_AD_SAMPLE]
        if n > 1:
            p = sb + b * 6 * S + 6 * (k % n)
            for c in range(3):
                p[c] = lin[c]
                p[3 + c] = ang[c]
        k += 1
        if k >= 2 * n:
            k -= n
        bi[o + BI_AD_SAMPLE] = k
        idle = False
        if k >= n:
            if n > 1:
                for c in range(3):
                    lin[c] = 0.0
                    ang[c] = 0.0
                for i in range(n):
                    p = sb + b * 6 * S + 6 * i
                    for c in range(3):
                        lin[c] = lin[c] + p[c]
                        ang[c] = ang[c] + p[3 + c]
                for c in range(3):
                    lin[c] = lin[c] / n
                    ang[c] = ang[c] / n
            lt = r[B_AD_LIN]
            at = r[B_AD_ANG]
            idle = (lin[0] * lin[0] + lin[1] * lin[1] + lin[2] * lin[2] < lt * lt
                    and ang[0] * ang[0] + ang[1] * ang[1] + ang[2] * ang[2] < at * at)
        if idle:
            if bi[o + BI_AD_STEPSLEFT] > 0:
                bi[o + BI_AD_STEPSLEFT] -= 1
            r[B_AD_TIMELEFT] -= h
        else:
            bi[o + BI_AD_STEPSLEFT] = bi[o + BI_AD_STEPS]
            r[B_AD_TIMELEFT] = r[B_AD_TIME]
        if bi[o + BI_AD_STEPSLEFT] <= 0 and r[B_AD_TIMELEFT] <= 0.0:
            bi[o + BI_ENABLED] = 0
            for c in range(6):
                r[B_LVEL + c] = 0.0


cdef void _damp(dReal* br, const int* bi, int nb) noexcept nogil:
    """v *= 1 - scale for moved bodies whose speed exceeds the damping threshold (linear, angular)."""
    cdef int b, c, flags
    cdef dReal* v
    cdef dReal t, k
    for b in range(nb):
        flags = bi[b * BI + BI_DAMP]
        if not bi[b * BI + BI_MOVED] or not flags & 3:
            continue
        if flags & 1:
            v = br + b * BR + B_LVEL
            t = br[b * BR + B_LDAMP_T]
            if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > t * t:
                k = 1.0 - br[b * BR + B_LDAMP]
                for c in range(3):
                    v[c] = v[c] * k
        if flags & 2:
            v = br + b * BR + B_AVEL
            t = br[b * BR + B_ADAMP_T]
            if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > t * t:
                k = 1.0 - br[b * BR + B_ADAMP]
                for c in range(3):
                    v[c] = v[c] * k


cdef inline void _max_angular_speed(dReal* br, const int* bi, int b) noexcept nogil:
    """Scale the angular velocity of body b down to its maximum angular speed (before it moves)."""
    cdef dReal* w = br + b * BR + B_AVEL
    cdef dReal mx, w2, k
    if not bi[b * BI + BI_DAMP] & 4:
        return
    mx = br[b * BR + B_MAXW]
    w2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2]
    if w2 > mx * mx:
        k = mx / sqrt(w2)
        w[0] = w[0] * k
        w[1] = w[1] * k
        w[2] = w[2] * k


cdef enum:
    _PARALLEL_WORK = 2000    # a step's estimated cost (rows x SOR iterations) from which a second thread pays


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


cdef int _find_islands(int* bi, int nb, const int* ji, int nj, int* mem, int* adj, Islands* isl) noexcept nogil:
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


cdef int _first_parallel_hinge2(const dReal* br, const dReal* jr, const int* ji, Islands* isl) noexcept nogil:
    """The first hinge-2 joint, in island order, whose axes are parallel (it cannot be stepped), or -1."""
    return _parallel_hinge2(br, jr, ji, isl.joints, isl.jofs[isl.count])


cdef void _count_rows(const dReal* br, const int* bi, dReal* jr, int* ji, const dReal* wr,
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


cdef int _step_islands(dReal* br, int* bi, dReal* jr, int* ji, const dReal* wr, dReal h, unsigned int* seed,
                       Islands* isl, Workspace ws) noexcept nogil:
    """Step every island, in island order or, when it pays and the world allows two threads, shared with
    the helper thread. Islands share no rows and each starts from the dRand seed the islands before it
    leave (their draws are known from their row counts), so both ways give the same bits. Returns -1 when
    memory ran out."""
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
    own.arena = &ws.arena
    own.seed = seed[0] if quick else 0
    if ws.threads != 1 and _share(isl, quick, iterations):
        hp = _take_helper()
    if hp == NULL:
        _step_run(&own)
        if quick:
            seed[0] = own.seed
        return own.err
    if quick:
        last = _island_seeds(isl, own.seed, iterations)
    ws.shared += 1
    hp.run = own
    hp.run.who = 1
    hp.run.arena = &ws.helper_arena
    own.who = 0
    PyThread_release_lock(hp.go)
    _step_run(&own)
    PyThread_acquire_lock(hp.done, 1)
    if quick:
        seed[0] = last
    err = -1 if own.err < 0 or hp.run.err < 0 else 0
    PyThread_release_lock(hp.busy)
    return err


cdef int _world_step(dReal* br, int* bi, int nb, dReal* jr, int* ji, int nj, const dReal* wr,
                     dReal h, unsigned int* seed, Workspace ws) noexcept nogil:
    """The step's stages: find the islands, refuse hinge-2 joints with parallel axes, count each joint's rows,
    step the islands, number the moved bodies. Returns the number of islands, -1 when out of memory, or
    -2 - j when hinge-2 joint j has parallel axes (nothing is stepped)."""
    cdef Arena* a = &ws.arena
    cdef int* mem = <int*> _ws_get(a, WS_MEM, (11 * nb + 3 * nj + 5) * sizeof(int))
    cdef int* adj = <int*> _ws_get(a, WS_ADJ, (2 * nj + 1) * sizeof(int))
    cdef Islands isl
    cdef int i, k, j, moved = 0
    if mem == NULL or adj == NULL:
        return -1
    isl.bodies = mem + 3 * nb + 2 + nj      # after _find_islands' own scratch (3 nb + 2 + nj)
    isl.joints = isl.bodies + nb
    isl.bofs = isl.joints + nj
    isl.jofs = isl.bofs + nb + 1
    isl.rows = isl.jofs + nb + 1
    isl.jcnt = isl.rows + nb + 1
    isl.loc = isl.jcnt + nj
    isl.who = isl.loc + nb
    isl.seeds = <unsigned int*> (isl.who + nb)
    _find_islands(bi, nb, ji, nj, mem, adj, &isl)
    j = _first_parallel_hinge2(br, jr, ji, &isl)
    if j >= 0:
        return -2 - j
    _count_rows(br, bi, jr, ji, wr, &isl)
    if _step_islands(br, bi, jr, ji, wr, h, seed, &isl, ws) < 0:
        return -1
    for i in range(isl.count):          # BI_MOVED: the body's place in the integration order, from 1
        for k in range(isl.bofs[i], isl.bofs[i + 1]):
            moved += 1
            bi[isl.bodies[k] * BI + BI_MOVED] = moved
    return isl.count


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


cdef void _check(cnp.ndarray a, int itemsize, str name) except *:
    """Raise TypeError unless a is a C-contiguous array of the kernel's element size."""
    if not cnp.PyArray_IS_C_CONTIGUOUS(a) or a.dtype.itemsize != itemsize:
        raise TypeError(f"{name} must be a C-contiguous array of {itemsize}-byte elements")


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
    _check(breal, sizeof(dReal), "breal")
    _check(bint, sizeof(int), "bint")
    if cnb < 0 or cnb > breal.shape[0] or cnb > bint.shape[0]:
        raise ValueError("row counts exceed the arrays")
    _damp(<dReal*> cnp.PyArray_DATA(breal), <int*> cnp.PyArray_DATA(bint), cnb)


def scan_bodies(cnp.ndarray breal, cnp.ndarray bint, nb):
    """(bodies moved, first moved slot with a non-finite state or -1, a moved body damps, most samples
    averaged) in one pass: what World checks around every step, without numpy temporaries."""
    cdef int cnb = nb
    _check(breal, sizeof(dReal), "breal")
    _check(bint, sizeof(int), "bint")
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
        _check(samples, sizeof(dReal), "samples")
        if samples.ndim != 2 or samples.shape[0] < cnb or samples.shape[1] % 6:
            raise ValueError("samples must have shape (>= nb, 6 S)")
        S = samples.shape[1] // 6
        sb = <dReal*> cnp.PyArray_DATA(samples)
    _check(breal, sizeof(dReal), "breal")
    _check(jreal, sizeof(dReal), "jreal")
    _check(wreal, sizeof(dReal), "wreal")
    _check(bints, sizeof(int), "bint")
    _check(jint, sizeof(int), "jint")
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
    """Auto-disable, then one step (see step.pxd); -1 when memory ran out."""
    cdef int* jointed = <int*> _ws_get(&ws.arena, WS_JOINTED, (nb + 1) * sizeof(int))
    if jointed == NULL:
        return -1
    ws.uses += 1
    _auto_disable(br, bi, nb, ji, nj, h, samples, S, jointed)
    return _world_step(br, bi, nb, jr, ji, nj, wr, h, seed, ws)


# ---------------------------------------------------------------- atomic steps: what a step writes

# Per body: the real columns [0, B_TACC + 3) (pose, velocities, accumulators), B_AD_TIMELEFT and the six reals
# of the auto-disable sample the step takes; the ints [BI_ENABLED, BI_AD_SAMPLE] (enabled, island, moved,
# idle countdowns). Per joint: the ints [JI_M, JI_LIMIT + 3) (row count, limit states); the feedback of
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
    cdef dReal* p = <dReal*> _ws_get(&ws.arena, WS_SAVE, nr * sizeof(dReal) + ni * sizeof(int))
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
    _damp(br, bi, nb)
