"""Pure-Python twin of ``ode/_core/step.pyx``: dWorldStep, dWorldQuickStep and the per-body numeric helpers.

A step is a list of named stages (``_step_rows``): auto-disable (``integrate``), the islands, the hinge-2
check, the row counts, the islands stepped (``islands``: per island ``integrate``'s bodies' stages around
the constraint stages of ``lcp_rows`` or ``sor_rows``), the moved bodies numbered. Every function performs the
same floating-point operations in the same order as the Cython kernel, so in double precision the two agree
bit for bit. Arrays are flat lists indexed ``row * WIDTH + COLUMN``.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _layout as L
from .. import _precision
from ..errors import ODEError
from .integrate import auto_disable, damp
from .islands import count_rows, find_islands, first_parallel_hinge2, number_moved, step_islands
from .rotation import normalize3, q_normalize, q_to_r, r_to_q
from .vec import cross, mtv, mv

# ---------------------------------------------------------------- the per-world workspace

class Workspace:
    """Scratch lists of one world's steps, kept between steps (the twin of the core's Workspace): the step
    takes its large zero-filled arrays (the LCP matrix, the Jacobian rows) from here, grown only when a step
    needs more than an earlier one, so steady-state steps reuse them. ``threads`` is the islands-processing
    thread limit the core honours; the twin steps every island in the calling thread, which gives the same
    bits."""

    def __init__(self):
        self._threads = 0
        self._lists: dict = {}
        self._grows = 0
        self._uses = 0
        self._saved = None    # what the last step may write, kept until the next one (save_rows)

    @property
    def grows(self) -> int:
        """How many times a list was (re)allocated: constant once the world's step sizes stop growing."""
        return self._grows

    @property
    def threads(self) -> int:
        """The islands-processing thread limit (0: unlimited; no effect here)."""
        return self._threads

    @threads.setter
    def threads(self, count: int) -> None:
        self._threads = int(count)

    @property
    def shared(self) -> int:
        """Steps that handed islands to a helper thread: none here."""
        return 0

    @property
    def uses(self) -> int:
        """Steps run with this workspace."""
        return self._uses

    @property
    def nbytes(self) -> int:
        """Bytes held by the lists' item pointers."""
        return 8 * sum(len(v) for v in self._lists.values())

    def release(self) -> None:
        """Drop the lists held (dWorldCleanupWorkingMemory); the next step allocates them again."""
        self._lists.clear()

    def _zeros(self, key: str, n: int) -> list:
        """The list named key with its first n items set to 0.0 (it may be longer), grown by at least half
        when shorter than n."""
        lst = self._lists.get(key)
        if lst is None or len(lst) < n:
            size = n if lst is None else max(n, len(lst) + len(lst) // 2)
            lst = self._lists[key] = [0.0] * size
            self._grows += 1
            return lst
        for i in range(n):
            lst[i] = 0.0
        return lst


def _workspace(workspace):
    """The caller's Workspace, a fresh one for None, else TypeError naming the argument."""
    if workspace is None:
        return Workspace()
    if type(workspace) is not Workspace:
        raise TypeError(f"workspace must be a Workspace or None, not {type(workspace).__name__}")
    return workspace


# ---------------------------------------------------------------- public helpers (twinned defs)

def _unit_or_x(a):
    """a made unit length in place by normalize3 (libode's dSafeNormalize3); a zero a becomes the x axis."""
    if normalize3(a) == 0:
        a[0] = 1.0
        a[1] = 0.0
        a[2] = 0.0
    return a


def inverse_inertia(I):
    """(ok, inverse) of a symmetric positive-definite 3x3 inertia by Cholesky, as dBodySetMass inverts it."""
    Lm = [0.0] * 9
    rec = [0.0] * 3
    for i in range(3):
        for j in range(i):
            s = I[3 * i + j]
            for k in range(j):
                s = s - Lm[3 * i + k] * Lm[3 * j + k]
            Lm[3 * i + j] = s * rec[j]
        s = I[3 * i + i]
        for k in range(i):
            s = s - Lm[3 * i + k] * Lm[3 * i + k]
        if not s > 0.0:
            return (False, (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
        Lm[3 * i + i] = math.sqrt(s)
        rec[i] = 1.0 / Lm[3 * i + i]
    out = [0.0] * 9
    for col in range(3):
        x = [0.0, 0.0, 0.0]
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
    return (True, tuple(out))


def _loaded(values, n: int) -> list:
    """The first n values as the kernel's dReal array holds them (rounded to float32 in single precision)."""
    if _precision.precision == "single":
        return np.asarray(values[:n], dtype=np.float64).astype(np.float32).tolist()
    return [float(v) for v in values[:n]]


def rotation_from_matrix(R):
    """(q, R') as dBodySetRotation stores them: q from R, normalised; R' with rows 0, 2 renormalised (row 1
    too when exactly perpendicular to row 0)."""
    R = _loaded(R, 9)
    q = [0.0] * 4
    r_to_q(R, q)
    q_normalize(q)
    perpendicular = R[0] * R[3] + R[1] * R[4] + R[2] * R[5] == 0.0
    r0 = _unit_or_x([R[0], R[1], R[2]])
    r1 = [R[3], R[4], R[5]]
    if perpendicular:
        normalize3(r1)  # libode normalises row 1 only when it is exactly perpendicular to row 0 (observed)
    r2 = _unit_or_x(cross(r0, r1))
    return (tuple(q), tuple(r0 + r1 + r2))


def rotation_from_quaternion(q):
    """(q normalised, R from it) as dBodySetQuaternion stores them."""
    qn = _loaded(q, 4)
    q_normalize(qn)
    R = [0.0] * 9
    q_to_r(qn, R)
    return (tuple(qn), tuple(R))


def vector_to_world(R, v):
    """R v: a body-frame vector in world coordinates."""
    return tuple(mv(R, v))


def vector_from_world(R, v):
    """R^T v: a world vector in body coordinates."""
    return tuple(mtv(R, v))


def rel_point_pos(R, pos, p):
    """World position of body-frame point p."""
    r = mv(R, p)
    return (r[0] + pos[0], r[1] + pos[1], r[2] + pos[2])


def pos_rel_point(R, pos, p):
    """Body-frame coordinates of world point p."""
    d = [p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]]
    return tuple(mtv(R, d))


def point_vel(pos, lvel, avel, p):
    """World velocity of the body point at world position p."""
    d = [p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]]
    c = cross(avel, d)
    return (lvel[0] + c[0], lvel[1] + c[1], lvel[2] + c[2])


def rel_point_vel(R, lvel, avel, p):
    """World velocity of body-frame point p."""
    d = mv(R, p)
    c = cross(avel, d)
    return (lvel[0] + c[0], lvel[1] + c[1], lvel[2] + c[2])


def force_at(facc, tacc, f, d):
    """(facc + f, tacc + d x f): accumulators after adding world force f at offset d from the centre."""
    c = cross(d, f)
    return ((facc[0] + f[0], facc[1] + f[1], facc[2] + f[2]),
            (tacc[0] + c[0], tacc[1] + c[1], tacc[2] + c[2]))


def finite_axis(v):
    """The finite rotation axis stored for v: v normalised, or zero when v is zero."""
    if v[0] == 0.0 and v[1] == 0.0 and v[2] == 0.0:
        return (0.0, 0.0, 0.0)
    a = [v[0], v[1], v[2]]
    normalize3(a)
    return tuple(a)


def impulse_to_force(stepsize, impulse):
    """The force that applies ``impulse`` over one step (impulse * (1 / stepsize))."""
    s = 1.0 / stepsize
    return (s * impulse[0], s * impulse[1], s * impulse[2])


# ---------------------------------------------------------------- the step: entry points and stages

def world_step(breal, bint, nb, jreal, jint, nj, wreal, stepsize, samples=None, workspace=None):
    """dWorldStep on the world arrays (numpy, modified in place); returns the number of islands stepped.

    samples (optional, shape (>= nb, 6 S)) holds each body's last S auto-disable velocity samples; it is
    needed only by bodies averaging more than one sample. workspace (optional, a Workspace kept by the
    caller between steps) supplies the scratch lists; without it the step allocates its own.
    """
    return _checked(_run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, False, 0, samples, workspace))[0]


def world_quick_step(breal, bint, nb, jreal, jint, nj, wreal, stepsize, seed, samples=None, workspace=None):
    """dWorldQuickStep on the world arrays (modified in place); returns (islands stepped, new dRand seed)."""
    return _checked(_run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, True, seed, samples, workspace))


def damp_bodies(breal, bint, nb):
    """Damping of the bodies the last step moved (after their moved callbacks, as ODE orders it)."""
    nb = int(nb)
    br = breal[:nb].ravel().tolist()
    bi = bint[:nb].ravel().tolist()
    damp(br, bi, nb)
    if nb:
        breal[:nb] = np.asarray(br).reshape(nb, -1)


def scan_bodies(breal, bint, nb):
    """(bodies moved, first moved slot with a non-finite state or -1, a moved body damps, most samples
    averaged) in one pass: what World checks around every step, without numpy temporaries."""
    moved = 0
    bad = -1
    damp = 0
    most = 0
    for i in range(int(nb)):
        row = bint[i]
        if int(row[L.BI_AD_AVG]) > most:
            most = int(row[L.BI_AD_AVG])
        if int(row[L.BI_MOVED]) == 0:
            continue
        moved += 1
        if int(row[L.BI_DAMP]) & 3:
            damp = 1
        if bad < 0:
            for x in breal[i, :L.B_TACC + 3].tolist():
                if not (x - x == 0.0):
                    bad = i
                    break
    return moved, bad, damp, most


def step_arrays(breal, bint, nb, jreal, jint, nj, wreal, stepsize, seed, samples, workspace):
    """One dWorldStep (seed None) or dWorldQuickStep on the world arrays, for the twin World: (islands, new
    seed), islands -2 - j when hinge-2 joint j has parallel axes (the arrays are then left as they were)."""
    quick = seed is not None
    return _run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, quick, seed if quick else 0, samples,
                workspace)


def _checked(result):
    """result of _run, or ODEError when the step was refused for a hinge-2 joint with parallel axes."""
    if result[0] < 0:
        raise ODEError(parallel_axes_message(-2 - result[0]))
    return result


def parallel_axes_message(j):
    """The error of a step refused because hinge-2 joint row j has parallel axes."""
    return (f"hinge-2 joint in row {j} has parallel axes at the step; set axis 1 and axis 2 to "
            "non-parallel directions")


def save_rows(breal, bint, nb, jreal, jint, nj, samples, ws) -> None:
    """Copy what a step writes (see the compiled module) into the workspace; restore_rows puts it back."""
    nb = int(nb)
    nj = int(nj)
    params = [j for j in range(nj) if _saves_params(jint, j)]
    ws._saved = (breal[:nb, :L.B_TACC + 3].copy(), breal[:nb, L.B_AD_TIMELEFT].copy(), bint[:nb].copy(),
                 jreal[:nj, L.J_FB:].copy(), jint[:nj, L.JI_M:L.JI_LIMIT + 3].copy(),
                 params, jreal[params, L.J_P:L.J_P + L.J_PN].copy(),
                 None if samples is None else samples[:nb].copy())


def restore_rows(breal, bint, nb, jreal, jint, nj, samples, ws) -> None:
    """Put back what save_rows copied (the same rows, counts and sample buffer)."""
    nb = int(nb)
    nj = int(nj)
    pose, timeleft, ints, jtail, jints, params, pblock, smp = ws._saved
    breal[:nb, :L.B_TACC + 3] = pose
    breal[:nb, L.B_AD_TIMELEFT] = timeleft
    bint[:nb] = ints
    jreal[:nj, L.J_FB:] = jtail
    jint[:nj, L.JI_M:L.JI_LIMIT + 3] = jints
    jreal[params, L.J_P:L.J_P + L.J_PN] = pblock
    if smp is not None:
        samples[:nb] = smp


def _saves_params(jint, j) -> bool:
    """True for the live joints whose parameter block a step writes (angular motors, transmissions)."""
    return bool(jint[j, L.JI_ALIVE]) and int(jint[j, L.JI_TYPE]) in (L.JT_AMOTOR, L.JT_TRANSMISSION)


def _run(breal, bint, nb, jreal, jint, nj, wreal, stepsize, quick, seed, samples, workspace):
    """Copy the arrays to flat lists, step them, and copy them back; returns (islands, seed), islands -2 - j
    (the arrays untouched) when hinge-2 joint j has parallel axes."""
    ws = _workspace(workspace)
    nb = int(nb)
    nj = int(nj)
    br = breal[:nb].ravel().tolist()
    bi = bint[:nb].ravel().tolist()
    jr = jreal[:nj].ravel().tolist()
    ji = jint[:nj].ravel().tolist()
    wr = wreal.ravel().tolist()
    S = 0 if samples is None else samples.shape[1] // 6
    if nb and (bint[:nb, L.BI_AD_AVG] > max(S, 1)).any():
        raise ValueError("bodies averaging more auto-disable samples than the samples array holds")
    sb = [] if samples is None else samples[:nb].ravel().tolist()
    rng = [int(seed) & 0xFFFFFFFF]
    h = float(stepsize)
    islands = _step_rows(br, bi, nb, jr, ji, nj, wr, h, rng if quick else None, sb, S, ws)
    if islands < 0:
        return islands, int(seed) & 0xFFFFFFFF      # refused: the arrays keep their values
    # in single precision a value beyond float32's range is stored as inf, silently, as the compiled step's
    # float arithmetic gives it; the world's check after the step then refuses the step and restores it
    with np.errstate(over="ignore"):
        if S and nb:
            samples[:nb] = np.asarray(sb).reshape(nb, -1)
        if nb:
            breal[:nb] = np.asarray(br).reshape(nb, -1)
            bint[:nb] = np.asarray(bi).reshape(nb, -1)
        if nj:
            jreal[:nj] = np.asarray(jr).reshape(nj, -1)
            jint[:nj] = np.asarray(ji).reshape(nj, -1)
    return islands, rng[0]


def _step_rows(br, bi, nb, jr, ji, nj, wr, h, rng, sb, S, ws):
    """One step as its stages: auto-disable, the islands, the hinge-2 check, the row counts, the islands
    stepped (QuickStep when rng holds a seed), the moved bodies numbered. The number of islands, or -2 - j
    when hinge-2 joint j has parallel axes (nothing is stepped)."""
    ws._uses += 1
    auto_disable(br, bi, nb, ji, nj, h, sb, S)
    islands = find_islands(bi, nb, ji, nj)
    j = first_parallel_hinge2(br, jr, ji, islands)
    if j >= 0:
        return -2 - j
    jcnt = count_rows(br, bi, jr, ji, wr, islands)
    step_islands(br, bi, jr, ji, wr, h, rng, islands, jcnt, ws)
    number_moved(bi, islands)
    return len(islands)
