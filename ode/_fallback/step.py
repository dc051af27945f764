"""Pure-Python twin of ``ode/_core/step.pyx``: dWorldStep and the per-body numeric helpers.

Every function performs the same floating-point operations in the same order as the Cython kernel, so in
double precision the two agree bit for bit. Arrays are flat lists indexed ``row * WIDTH + COLUMN``.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _layout as L
from ..errors import ODEError
from . import jacobian, lcp_dantzig, lcp_sor
from .rotation import normalize3, q_multiply0, q_normalize, q_to_r, r_to_q, w_to_dq

INF = float("inf")


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


# ---------------------------------------------------------------- small vector / matrix helpers

def _cross(a, b):
    """a x b as a list (dCalcVectorCross3 order)."""
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _mv(M, v):
    """M v for a 3x3 row-major M."""
    return [M[0] * v[0] + M[1] * v[1] + M[2] * v[2],
            M[3] * v[0] + M[4] * v[1] + M[5] * v[2],
            M[6] * v[0] + M[7] * v[1] + M[8] * v[2]]


def _mtv(M, v):
    """M^T v for a 3x3 row-major M."""
    return [M[0] * v[0] + M[3] * v[1] + M[6] * v[2],
            M[1] * v[0] + M[4] * v[1] + M[7] * v[2],
            M[2] * v[0] + M[5] * v[1] + M[8] * v[2]]


def _rotate_tensor(R, T):
    """R T R^T: a body-frame tensor expressed in the world frame (T R^T first, then R times it)."""
    tmp = [0.0] * 9
    for i in range(3):
        for j in range(3):
            tmp[3 * i + j] = T[3 * i] * R[3 * j] + T[3 * i + 1] * R[3 * j + 1] + T[3 * i + 2] * R[3 * j + 2]
    out = [0.0] * 9
    for i in range(3):
        for j in range(3):
            out[3 * i + j] = R[3 * i] * tmp[j] + R[3 * i + 1] * tmp[3 + j] + R[3 * i + 2] * tmp[6 + j]
    return out


def _invert3(a):
    """Closed-form inverse of a general 3x3 matrix, or None when it is singular."""
    det = (a[0] * (a[4] * a[8] - a[5] * a[7]) + a[1] * (a[5] * a[6] - a[3] * a[8])
           + a[2] * (a[3] * a[7] - a[4] * a[6]))
    if det == 0.0:
        return None
    r = 1.0 / det
    return [(a[4] * a[8] - a[5] * a[7]) * r, (a[2] * a[7] - a[1] * a[8]) * r, (a[1] * a[5] - a[2] * a[4]) * r,
            (a[5] * a[6] - a[3] * a[8]) * r, (a[0] * a[8] - a[2] * a[6]) * r, (a[2] * a[3] - a[0] * a[5]) * r,
            (a[3] * a[7] - a[4] * a[6]) * r, (a[1] * a[6] - a[0] * a[7]) * r, (a[0] * a[4] - a[1] * a[3]) * r]


def _sinc(x):
    """sin(x)/x with the series near zero."""
    if math.fabs(x) < 1.0e-4:
        return 1.0 - x * x * 0.166666666666666666667
    return math.sin(x) / x


def _unit_or_x(a):
    """a made unit length in place by normalize3 (libode's dSafeNormalize3); a zero a becomes the x axis."""
    if normalize3(a) == 0:
        a[0] = 1.0
        a[1] = 0.0
        a[2] = 0.0
    return a


# ---------------------------------------------------------------- public helpers (twinned defs)

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


def rotation_from_matrix(R):
    """(q, R') as dBodySetRotation stores them: q from R, normalised; R' with rows 0, 2 renormalised (row 1
    too when exactly perpendicular to row 0)."""
    q = [0.0] * 4
    r_to_q(R, q)
    q_normalize(q)
    perpendicular = R[0] * R[3] + R[1] * R[4] + R[2] * R[5] == 0.0
    r0 = _unit_or_x([R[0], R[1], R[2]])
    r1 = [R[3], R[4], R[5]]
    if perpendicular:
        normalize3(r1)  # libode normalises row 1 only when it is exactly perpendicular to row 0 (observed)
    r2 = _unit_or_x(_cross(r0, r1))
    return (tuple(q), tuple(r0 + r1 + r2))


def rotation_from_quaternion(q):
    """(q normalised, R from it) as dBodySetQuaternion stores them."""
    qn = [q[0], q[1], q[2], q[3]]
    q_normalize(qn)
    R = [0.0] * 9
    q_to_r(qn, R)
    return (tuple(qn), tuple(R))


def vector_to_world(R, v):
    """R v: a body-frame vector in world coordinates."""
    return tuple(_mv(R, v))


def vector_from_world(R, v):
    """R^T v: a world vector in body coordinates."""
    return tuple(_mtv(R, v))


def rel_point_pos(R, pos, p):
    """World position of body-frame point p."""
    r = _mv(R, p)
    return (r[0] + pos[0], r[1] + pos[1], r[2] + pos[2])


def pos_rel_point(R, pos, p):
    """Body-frame coordinates of world point p."""
    d = [p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]]
    return tuple(_mtv(R, d))


def point_vel(pos, lvel, avel, p):
    """World velocity of the body point at world position p."""
    d = [p[0] - pos[0], p[1] - pos[1], p[2] - pos[2]]
    c = _cross(avel, d)
    return (lvel[0] + c[0], lvel[1] + c[1], lvel[2] + c[2])


def rel_point_vel(R, lvel, avel, p):
    """World velocity of body-frame point p."""
    d = _mv(R, p)
    c = _cross(avel, d)
    return (lvel[0] + c[0], lvel[1] + c[1], lvel[2] + c[2])


def force_at(facc, tacc, f, d):
    """(facc + f, tacc + d x f): accumulators after adding world force f at offset d from the centre."""
    c = _cross(d, f)
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


# ---------------------------------------------------------------- the step

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
    _damp(br, bi, nb)
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
    ws._uses += 1
    _auto_disable(br, bi, nb, ji, nj, h, sb, S)
    islands = _world_step(br, bi, nb, jr, ji, nj, wr, h, rng if quick else None, ws)
    if islands < 0:
        return islands, int(seed) & 0xFFFFFFFF      # refused: the arrays keep their values
    if S and nb:
        samples[:nb] = np.asarray(sb).reshape(nb, -1)
    if nb:
        breal[:nb] = np.asarray(br).reshape(nb, -1)
        bint[:nb] = np.asarray(bi).reshape(nb, -1)
    if nj:
        jreal[:nj] = np.asarray(jr).reshape(nj, -1)
        jint[:nj] = np.asarray(ji).reshape(nj, -1)
    return islands, rng[0]


def _body_joint_lists(bi, nb, ji, nj):
    """For each body, the enabled joints attached to it, newest (highest slot) first."""
    lists = [[] for _ in range(nb)]
    for j in range(nj - 1, -1, -1):
        o = j * L.JI
        if ji[o + L.JI_ALIVE] == 0 or ji[o + L.JI_ENABLED] == 0:
            continue
        for side in (L.JI_B1, L.JI_B2):
            b = ji[o + side]
            if b >= 0:
                lists[b].append(j)
    return lists


def _auto_disable(br, bi, nb, ji, nj, h, sb, S):
    """ODE's per-body idle test before a step: idle long enough (steps and time) disables and stops the body.

    Only enabled bodies with the flag and at least one joint are tested (free bodies never sleep in mid-air).
    The average of the last n velocity samples must be below both thresholds (strictly); until n samples
    exist the body counts as busy. A busy body restarts its countdowns.
    """
    jointed = [0] * nb
    for j in range(nj):
        o = j * L.JI
        if ji[o + L.JI_ALIVE]:
            for side in (L.JI_B1, L.JI_B2):
                if ji[o + side] >= 0:
                    jointed[ji[o + side]] = 1
    for b in range(nb):
        o = b * L.BI
        if not (bi[o + L.BI_ALIVE] and bi[o + L.BI_ENABLED] and bi[o + L.BI_AD_FLAG] and jointed[b]):
            continue
        n = bi[o + L.BI_AD_AVG]
        if n <= 0:
            continue
        r = b * L.BR
        lin = br[r + L.B_LVEL:r + L.B_LVEL + 3]
        ang = br[r + L.B_AVEL:r + L.B_AVEL + 3]
        k = bi[o + L.BI_AD_SAMPLE]
        if n > 1:
            p = b * 6 * S + 6 * (k % n)
            sb[p:p + 3] = lin
            sb[p + 3:p + 6] = ang
        k += 1
        if k >= 2 * n:
            k -= n
        bi[o + L.BI_AD_SAMPLE] = k
        idle = False
        if k >= n:
            if n > 1:
                lin = [0.0, 0.0, 0.0]
                ang = [0.0, 0.0, 0.0]
                for i in range(n):
                    p = b * 6 * S + 6 * i
                    for c in range(3):
                        lin[c] = lin[c] + sb[p + c]
                        ang[c] = ang[c] + sb[p + 3 + c]
                for c in range(3):
                    lin[c] = lin[c] / n
                    ang[c] = ang[c] / n
            lt = br[r + L.B_AD_LIN]
            at = br[r + L.B_AD_ANG]
            idle = (lin[0] * lin[0] + lin[1] * lin[1] + lin[2] * lin[2] < lt * lt
                    and ang[0] * ang[0] + ang[1] * ang[1] + ang[2] * ang[2] < at * at)
        if idle:
            if bi[o + L.BI_AD_STEPSLEFT] > 0:
                bi[o + L.BI_AD_STEPSLEFT] -= 1
            br[r + L.B_AD_TIMELEFT] -= h
        else:
            bi[o + L.BI_AD_STEPSLEFT] = bi[o + L.BI_AD_STEPS]
            br[r + L.B_AD_TIMELEFT] = br[r + L.B_AD_TIME]
        if bi[o + L.BI_AD_STEPSLEFT] <= 0 and br[r + L.B_AD_TIMELEFT] <= 0.0:
            bi[o + L.BI_ENABLED] = 0
            for c in range(6):
                br[r + L.B_LVEL + c] = 0.0


def _damp(br, bi, nb):
    """v *= 1 - scale for moved bodies whose speed exceeds the damping threshold (linear, angular)."""
    for b in range(nb):
        o = b * L.BI
        flags = bi[o + L.BI_DAMP]
        if not bi[o + L.BI_MOVED] or not flags & 3:
            continue
        r = b * L.BR
        if flags & 1:
            v = br[r + L.B_LVEL:r + L.B_LVEL + 3]
            t = br[r + L.B_LDAMP_T]
            if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > t * t:
                k = 1.0 - br[r + L.B_LDAMP]
                for c in range(3):
                    br[r + L.B_LVEL + c] = v[c] * k
        if flags & 2:
            v = br[r + L.B_AVEL:r + L.B_AVEL + 3]
            t = br[r + L.B_ADAMP_T]
            if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > t * t:
                k = 1.0 - br[r + L.B_ADAMP]
                for c in range(3):
                    br[r + L.B_AVEL + c] = v[c] * k


def _max_angular_speed(br, bi, b):
    """Scale the angular velocity of body b down to its maximum angular speed (before it moves)."""
    if not bi[b * L.BI + L.BI_DAMP] & 4:
        return
    r = b * L.BR + L.B_AVEL
    mx = br[b * L.BR + L.B_MAXW]
    w2 = br[r] * br[r] + br[r + 1] * br[r + 1] + br[r + 2] * br[r + 2]
    if w2 > mx * mx:
        k = mx / math.sqrt(w2)
        br[r] = br[r] * k
        br[r + 1] = br[r + 1] * k
        br[r + 2] = br[r + 2] * k


def _world_step(br, bi, nb, jr, ji, nj, wr, h, rng, ws):
    """The step's stages: find the islands, refuse hinge-2 joints with parallel axes, count each joint's rows,
    step the islands in order (QuickStep when rng holds a seed), number the moved bodies. Island count, or
    -2 - j when hinge-2 joint j has parallel axes (nothing is stepped)."""
    islands = _find_islands(bi, nb, ji, nj)
    for _, joints in islands:
        j = _parallel_hinge2(br, jr, ji, joints)
        if j >= 0:
            return -2 - j
    jcnt = _count_rows(br, bi, jr, ji, wr, islands)
    for bodies, joints in islands:
        _step_island(br, bi, jr, ji, wr, h, bodies, joints, jcnt, rng, ws)
    moved = 0
    for bodies, _ in islands:       # BI_MOVED: the body's place in the integration order, from 1
        for b in bodies:
            moved += 1
            bi[b * L.BI + L.BI_MOVED] = moved
    return len(islands)


def _find_islands(bi, nb, ji, nj):
    """[(bodies, joints)] of each island of enabled bodies joined by enabled joints, waking every body an
    island reaches, in libode's order: islands from the highest body slot down, bodies depth first, each
    body's joints newest first. Marks BI_ISLAND."""
    for b in range(nb):
        bi[b * L.BI + L.BI_ISLAND] = -1
        bi[b * L.BI + L.BI_MOVED] = 0
    jlists = _body_joint_lists(bi, nb, ji, nj)
    jtag = [0] * nj
    islands = []
    for start in range(nb - 1, -1, -1):
        o = start * L.BI
        if bi[o + L.BI_ALIVE] == 0 or bi[o + L.BI_ENABLED] == 0 or bi[o + L.BI_ISLAND] >= 0:
            continue
        bodies = []
        joints = []
        stack = [start]
        bi[o + L.BI_ISLAND] = len(islands)
        while stack:
            b = stack.pop()
            bodies.append(b)
            bi[b * L.BI + L.BI_ENABLED] = 1
            for j in jlists[b]:
                if jtag[j]:
                    continue
                jtag[j] = 1
                joints.append(j)
                other = ji[j * L.JI + L.JI_B1]
                if other == b:
                    other = ji[j * L.JI + L.JI_B2]
                if other >= 0 and bi[other * L.BI + L.BI_ISLAND] < 0:
                    bi[other * L.BI + L.BI_ISLAND] = len(islands)
                    stack.append(other)
        islands.append((bodies, joints))
    return islands


def _count_rows(br, bi, jr, ji, wr, islands):
    """{joint slot: row count} (info1, which also settles limit states) for every island joint. An island's
    joints see only its own bodies, so counting every island before stepping any gives the counts stepping
    them in turn would."""
    return {j: jacobian.info1(ji, jr, j, br, bi, wr) for _, joints in islands for j in joints}


def _parallel_hinge2(br, jr, ji, joints):
    """The first hinge-2 joint of an island whose axes are parallel (it cannot be stepped), or -1."""
    for j in joints:
        o = j * L.JI
        if ji[o + L.JI_TYPE] == L.JT_HINGE2 and ji[o + L.JI_B1] >= 0 and ji[o + L.JI_B2] >= 0 \
                and jacobian.hinge2_parallel(ji, jr, j, br):
            return j
    return -1


def _prepare_body(br, bi, wr, h, b):
    """World-frame inverse inertia of body b; adds implicit gyroscopic torque and gravity."""
    o = b * L.BR
    R = br[o + L.B_R:o + L.B_R + 9]
    invIw = _rotate_tensor(R, br[o + L.B_INVI:o + L.B_INVI + 9])
    if bi[b * L.BI + L.BI_GYRO]:
        Iw = _rotate_tensor(R, br[o + L.B_I:o + L.B_I + 9])
        w = br[o + L.B_AVEL:o + L.B_AVEL + 3]
        Lm = _mv(Iw, w)
        # Lacoursiere's implicit step: (I - h [L]x) w' = L, applied as the torque that turns w into w'.
        It = [Iw[0], Lm[2] * h + Iw[1], -Lm[1] * h + Iw[2],
              -Lm[2] * h + Iw[3], Iw[4], Lm[0] * h + Iw[5],
              Lm[1] * h + Iw[6], -Lm[0] * h + Iw[7], Iw[8]]
        inv = _invert3(It)
        if inv is not None:
            rh = 1.0 / h
            Lh = [Lm[0] * rh, Lm[1] * rh, Lm[2] * rh]
            wh = _mv(inv, Lh)
            t = _mv(Iw, wh)
            br[o + L.B_TACC] += t[0] - Lh[0]
            br[o + L.B_TACC + 1] += t[1] - Lh[1]
            br[o + L.B_TACC + 2] += t[2] - Lh[2]
    if bi[b * L.BI + L.BI_GRAVITY]:
        m = br[o + L.B_MASS]
        br[o + L.B_FACC] += m * wr[L.W_GRAVITY]
        br[o + L.B_FACC + 1] += m * wr[L.W_GRAVITY + 1]
        br[o + L.B_FACC + 2] += m * wr[L.W_GRAVITY + 2]
    return invIw


def _integrate_body(br, bi, b, h):
    """Move body b by its velocities over h: position, then orientation (infinitesimal or finite)."""
    o = b * L.BR
    br[o + L.B_POS] += h * br[o + L.B_LVEL]
    br[o + L.B_POS + 1] += h * br[o + L.B_LVEL + 1]
    br[o + L.B_POS + 2] += h * br[o + L.B_LVEL + 2]
    w = br[o + L.B_AVEL:o + L.B_AVEL + 3]
    q = br[o + L.B_Q:o + L.B_Q + 4]
    dq = [0.0] * 4
    if bi[b * L.BI + L.BI_FINITE]:
        ax = br[o + L.B_FAXIS:o + L.B_FAXIS + 3]
        use_axis = ax[0] != 0.0 or ax[1] != 0.0 or ax[2] != 0.0
        hh = h * 0.5
        if use_axis:
            k = ax[0] * w[0] + ax[1] * w[1] + ax[2] * w[2]
            frv = [ax[0] * k, ax[1] * k, ax[2] * k]
            irv = [w[0] - frv[0], w[1] - frv[1], w[2] - frv[2]]
            theta = k * hh
            s = _sinc(theta) * hh
            rot = [math.cos(theta), frv[0] * s, frv[1] * s, frv[2] * s]
        else:
            wlen = math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
            theta = wlen * hh
            s = _sinc(theta) * hh
            rot = [math.cos(theta), w[0] * s, w[1] * s, w[2] * s]
        q2 = [0.0] * 4
        q_multiply0(q2, rot, q)
        q = q2
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
    R = [0.0] * 9
    q_to_r(q, R)
    br[o + L.B_Q:o + L.B_Q + 4] = q
    br[o + L.B_R:o + L.B_R + 9] = R


def _step_island(br, bi, jr, ji, wr, h, bodies, joints, jcnt, rng, ws):
    """One step of one island: constraint forces (LCP, or SOR when rng is given), then semi-implicit Euler."""
    invI = [_prepare_body(br, bi, wr, h, b) for b in bodies]
    if joints and rng is not None:
        _sor_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, rng, ws)
    elif joints:
        _constraint_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, ws)
    for n, b in enumerate(bodies):
        o = b * L.BR
        im = h * br[o + L.B_INVMASS]
        br[o + L.B_LVEL] += im * br[o + L.B_FACC]
        br[o + L.B_LVEL + 1] += im * br[o + L.B_FACC + 1]
        br[o + L.B_LVEL + 2] += im * br[o + L.B_FACC + 2]
        th = [br[o + L.B_TACC] * h, br[o + L.B_TACC + 1] * h, br[o + L.B_TACC + 2] * h]
        d = _mv(invI[n], th)
        br[o + L.B_AVEL] += d[0]
        br[o + L.B_AVEL + 1] += d[1]
        br[o + L.B_AVEL + 2] += d[2]
    for b in bodies:
        _max_angular_speed(br, bi, b)
        _integrate_body(br, bi, b, h)
        o = b * L.BR
        for k in range(6):
            br[o + L.B_FACC + k] = 0.0
        bi[b * L.BI + L.BI_MOVED] = 1


class _LcpRows:
    """An island's constraint rows for dWorldStep in the solver's order (the twin of the core's LcpRows):
    the joints whose rows are all unbounded first (the LCP's leading nub block), each joint's rows
    together; per solver position its joint slot, row count, first row and island-local bodies."""

    __slots__ = ("m", "nub", "joints", "cnt", "ofs", "jb", "J", "JiM", "c", "cfm", "lo", "hi", "fi", "rhs",
                 "lam", "tmp", "cf", "A")


def _lcp_rows(br, bi, jr, ji, wr, fps, bodies, joints, jcnt):
    """Stage rows: every joint's rows (info2) in island order, then the solver's order (unbounded joints
    first) with the island-local bodies of each joint (see the compiled module)."""
    wcfm = wr[L.W_CFM]
    rows = []
    for j in joints:
        m = jcnt[j]
        J = [0.0] * (12 * m)
        c = [0.0] * m
        cfm = [wcfm] * m
        lo = [-INF] * m
        hi = [INF] * m
        fi = [-1] * m
        if m:
            jacobian.info2(ji, jr, j, br, bi, wr, fps, J, c, cfm, lo, hi, fi)
        unbounded = True
        for k in range(m):
            if lo[k] != -INF or hi[k] != INF or fi[k] >= 0:
                unbounded = False
        rows.append((j, m, unbounded, J, c, cfm, lo, hi, fi))
    order = [r for r in rows if r[2] and r[1]] + [r for r in rows if not r[2] and r[1]]
    local = {b: n for n, b in enumerate(bodies)}
    R = _LcpRows()
    R.nub = sum(r[1] for r in order if r[2])
    R.joints = [r[0] for r in order]
    R.cnt = [r[1] for r in order]
    R.ofs = []
    m = 0
    for r in order:
        R.ofs.append(m)
        m += r[1]
    R.m = m
    R.J = [0.0] * (12 * m)
    R.c = [0.0] * m
    R.cfm = [0.0] * m
    R.lo = [0.0] * m
    R.hi = [0.0] * m
    R.fi = [-1] * m
    R.jb = []
    for n, r in enumerate(order):
        j, mj, _, Jj, cj, cfmj, loj, hij, fij = r
        o = R.ofs[n]
        R.J[12 * o:12 * (o + mj)] = Jj
        for k in range(mj):
            R.c[o + k] = cj[k]
            R.cfm[o + k] = cfmj[k]
            R.lo[o + k] = loj[k]
            R.hi[o + k] = hij[k]
            R.fi[o + k] = fij[k] + o if fij[k] >= 0 else -1
        b1 = ji[j * L.JI + L.JI_B1]
        b2 = ji[j * L.JI + L.JI_B2]
        R.jb.append((local[b1] if b1 >= 0 else -1, local[b2] if b2 >= 0 else -1))
    return R


def _rows_times_inverse_mass(br, bodies, invI, R) -> None:
    """Stage J M^-1, row by row: the linear part times 1/m, the angular part times the world inverse
    inertia."""
    J = R.J
    JiM = R.JiM = [0.0] * (12 * R.m)
    for n in range(len(R.cnt)):
        for side in (0, 1):
            bl = R.jb[n][side]
            if bl < 0:
                continue
            im = br[bodies[bl] * L.BR + L.B_INVMASS]
            iI = invI[bl]
            for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
                p = 12 * r + 6 * side
                JiM[p] = J[p] * im
                JiM[p + 1] = J[p + 1] * im
                JiM[p + 2] = J[p + 2] * im
                JiM[p + 3] = J[p + 3] * iI[0] + J[p + 4] * iI[3] + J[p + 5] * iI[6]
                JiM[p + 4] = J[p + 3] * iI[1] + J[p + 4] * iI[4] + J[p + 5] * iI[7]
                JiM[p + 5] = J[p + 3] * iI[2] + J[p + 4] * iI[5] + J[p + 5] * iI[8]


def _assemble_A(nbi, fps, ws, R) -> None:
    """Stage A = J M^-1 J^T + cfm / h, built block by block only where two joints share a body; each entry
    below the diagonal and its mirror above get the same additions in the same order, so A is exactly
    symmetric."""
    m, J, JiM = R.m, R.J, R.JiM
    by_body = [[] for _ in range(nbi)]
    for n in range(len(R.cnt)):
        for side in (0, 1):
            if R.jb[n][side] >= 0:
                by_body[R.jb[n][side]].append((n, side))
    A = R.A = ws._zeros("A", m * m)
    for n in range(len(R.cnt)):
        for side in (0, 1):
            bl = R.jb[n][side]
            if bl < 0:
                continue
            for n2, side2 in by_body[bl]:
                if n2 > n:
                    continue
                for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
                    p = 12 * r + 6 * side
                    top = r + 1 if n2 == n else R.ofs[n2] + R.cnt[n2]
                    for r2 in range(R.ofs[n2], top):
                        q = 12 * r2 + 6 * side2
                        s = (JiM[p] * J[q] + JiM[p + 1] * J[q + 1] + JiM[p + 2] * J[q + 2]
                             + JiM[p + 3] * J[q + 3] + JiM[p + 4] * J[q + 4] + JiM[p + 5] * J[q + 5])
                        A[r * m + r2] += s
                        if r2 != r:
                            A[r2 * m + r] += s
    for r in range(m):
        A[r * m + r] += R.cfm[r] * fps


def _assemble_b(br, bodies, invI, fps, R) -> None:
    """Stage b = c / h - J (M^-1 F + v / h); clears the bodies' constraint force sums."""
    R.tmp = []
    for bl, b in enumerate(bodies):
        o = b * L.BR
        im = br[o + L.B_INVMASS]
        t = [br[o + L.B_FACC] * im + br[o + L.B_LVEL] * fps,
             br[o + L.B_FACC + 1] * im + br[o + L.B_LVEL + 1] * fps,
             br[o + L.B_FACC + 2] * im + br[o + L.B_LVEL + 2] * fps]
        a = _mv(invI[bl], br[o + L.B_TACC:o + L.B_TACC + 3])
        t += [a[0] + br[o + L.B_AVEL] * fps, a[1] + br[o + L.B_AVEL + 1] * fps,
              a[2] + br[o + L.B_AVEL + 2] * fps]
        R.tmp.append(t)
    R.cf = [[0.0] * 6 for _ in bodies]
    J = R.J
    R.rhs = [0.0] * R.m
    for n in range(len(R.cnt)):
        for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
            s = 0.0
            for side in (0, 1):
                bl = R.jb[n][side]
                if bl < 0:
                    continue
                t = R.tmp[bl]
                p = 12 * r + 6 * side
                s = s + (J[p] * t[0] + J[p + 1] * t[1] + J[p + 2] * t[2]
                         + J[p + 3] * t[3] + J[p + 4] * t[4] + J[p + 5] * t[5])
            R.rhs[r] = R.c[r] * fps - s


def _solve_lcp(R) -> None:
    """Stage solve: the mixed LCP for lambda (Dantzig)."""
    R.lam = [0.0] * R.m
    lcp_dantzig.solve_lcp(R.m, R.A, R.lam, R.rhs, None, R.nub, R.lo, R.hi, R.fi)


def _apply_lcp_forces(br, bodies, jr, ji, invI, h, R) -> None:
    """Stage apply: the constraint forces J^T lambda per body and joint feedback, then the velocity change
    h M^-1 J^T lambda."""
    J, lam, cf = R.J, R.lam, R.cf
    for n, j in enumerate(R.joints):
        fb = [0.0] * 12
        for side in (0, 1):
            if R.jb[n][side] < 0:
                continue
            for row in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
                p = 12 * row + 6 * side
                lr = lam[row]
                for k in range(6):
                    fb[6 * side + k] += J[p + k] * lr
        for side in (0, 1):
            bl = R.jb[n][side]
            if bl >= 0:
                f = cf[bl]
                for k in range(6):
                    f[k] += fb[6 * side + k]
        if ji[j * L.JI + L.JI_FEEDBACK]:
            jr[j * L.JR + L.J_FB:j * L.JR + L.J_FB + 12] = fb
    for bl, b in enumerate(bodies):
        o = b * L.BR
        f = cf[bl]
        im = h * br[o + L.B_INVMASS]
        br[o + L.B_LVEL] += im * f[0]
        br[o + L.B_LVEL + 1] += im * f[1]
        br[o + L.B_LVEL + 2] += im * f[2]
        d = _mv(invI[bl], [f[3] * h, f[4] * h, f[5] * h])
        br[o + L.B_AVEL] += d[0]
        br[o + L.B_AVEL + 1] += d[1]
        br[o + L.B_AVEL + 2] += d[2]


def _constraint_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, ws):
    """dWorldStep's constraint stages for one island: rows, J M^-1, A, b, the LCP, and the forces applied
    to the velocities (jcnt: each joint's row count, by slot)."""
    fps = 1.0 / h
    R = _lcp_rows(br, bi, jr, ji, wr, fps, bodies, joints, jcnt)
    if R.m == 0:
        return
    _rows_times_inverse_mass(br, bodies, invI, R)
    _assemble_A(len(bodies), fps, ws, R)
    _assemble_b(br, bodies, invI, fps, R)
    _solve_lcp(R)
    _apply_lcp_forces(br, bodies, jr, ji, invI, h, R)


class _SorRows:
    """An island's constraint rows for dWorldQuickStep in island joint order (the twin of the core's
    SorRows): per joint its row count and first row, per row its island-local bodies."""

    __slots__ = ("m", "cnt", "ofs", "jb", "fi", "J", "iMJ", "c", "cfm", "lo", "hi", "rhs")


def _sor_rows(br, bi, jr, ji, wr, fps, bodies, joints, jcnt, ws):
    """Stage rows: every joint's rows (info2) in island order, cfm over h, friction indices made
    absolute, each row's island-local bodies (see the compiled module)."""
    wcfm = wr[L.W_CFM]
    R = _SorRows()
    R.cnt = [jcnt[j] for j in joints]
    R.m = m = sum(R.cnt)
    if m == 0:
        return R
    local = {b: n for n, b in enumerate(bodies)}
    R.J = J = ws._zeros("J", 12 * m)
    R.c = [0.0] * m
    R.cfm = [wcfm] * m
    R.lo = [-INF] * m
    R.hi = [INF] * m
    R.fi = [-1] * m
    R.jb = [-1] * (2 * m)
    R.ofs = []
    r = 0
    for n, j in enumerate(joints):
        mj = R.cnt[n]
        R.ofs.append(r)
        if mj == 0:
            continue
        Jj = [0.0] * (12 * mj)
        cj = [0.0] * mj
        cfmj = [wcfm] * mj
        loj = [-INF] * mj
        hij = [INF] * mj
        fij = [-1] * mj
        jacobian.info2(ji, jr, j, br, bi, wr, fps, Jj, cj, cfmj, loj, hij, fij)
        J[12 * r:12 * (r + mj)] = Jj
        b1 = ji[j * L.JI + L.JI_B1]
        b2 = ji[j * L.JI + L.JI_B2]
        l1 = local[b1] if b1 >= 0 else -1
        l2 = local[b2] if b2 >= 0 else -1
        for k in range(mj):
            R.c[r + k] = cj[k]
            R.cfm[r + k] = cfmj[k] * fps
            R.lo[r + k] = loj[k]
            R.hi[r + k] = hij[k]
            R.fi[r + k] = fij[k] + r if fij[k] >= 0 else -1
            R.jb[2 * (r + k)] = l1
            R.jb[2 * (r + k) + 1] = l2
        r += mj
    return R


def _inverse_mass_times_rows(br, bodies, invI, ws, R) -> None:
    """Stage M^-1 J^T, row by row: the linear part times 1/m, the angular part the world inverse inertia
    times it."""
    J = R.J
    iMJ = R.iMJ = ws._zeros("iMJ", 12 * R.m)
    for r in range(R.m):
        for side in (0, 1):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            im = br[bodies[bl] * L.BR + L.B_INVMASS]
            iI = invI[bl]
            p = 12 * r + 6 * side
            iMJ[p] = J[p] * im
            iMJ[p + 1] = J[p + 1] * im
            iMJ[p + 2] = J[p + 2] * im
            iMJ[p + 3] = iI[0] * J[p + 3] + iI[1] * J[p + 4] + iI[2] * J[p + 5]
            iMJ[p + 4] = iI[3] * J[p + 3] + iI[4] * J[p + 4] + iI[5] * J[p + 5]
            iMJ[p + 5] = iI[6] * J[p + 3] + iI[7] * J[p + 4] + iI[8] * J[p + 5]


def _sor_b(br, bodies, invI, fps, R) -> None:
    """Stage b = c / h - J (M^-1 F + v / h)."""
    tmp = []
    for bl, b in enumerate(bodies):
        o = b * L.BR
        im = br[o + L.B_INVMASS]
        t = [br[o + L.B_FACC] * im + br[o + L.B_LVEL] * fps,
             br[o + L.B_FACC + 1] * im + br[o + L.B_LVEL + 1] * fps,
             br[o + L.B_FACC + 2] * im + br[o + L.B_LVEL + 2] * fps]
        a = _mv(invI[bl], br[o + L.B_TACC:o + L.B_TACC + 3])
        t += [a[0] + br[o + L.B_AVEL] * fps, a[1] + br[o + L.B_AVEL + 1] * fps,
              a[2] + br[o + L.B_AVEL + 2] * fps]
        tmp.append(t)
    J = R.J
    R.rhs = [0.0] * R.m
    for r in range(R.m):
        s = 0.0
        for side in (0, 1):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            t = tmp[bl]
            p = 12 * r + 6 * side
            s = s + (J[p] * t[0] + J[p + 1] * t[1] + J[p + 2] * t[2]
                     + J[p + 3] * t[3] + J[p + 4] * t[4] + J[p + 5] * t[5])
        R.rhs[r] = R.c[r] * fps - s


def _apply_sor_forces(br, bodies, jr, ji, joints, h, lam, fc, R) -> None:
    """Stage apply: joint feedback J^T lambda, then v += h M^-1 J^T lambda (the solver's fc)."""
    J = R.J
    for n, j in enumerate(joints):
        if not ji[j * L.JI + L.JI_FEEDBACK] or R.cnt[n] == 0:
            continue
        fb = [0.0] * 12
        for r in range(R.ofs[n], R.ofs[n] + R.cnt[n]):
            lr = lam[r]
            for k in range(12):
                fb[k] += J[12 * r + k] * lr
        jr[j * L.JR + L.J_FB:j * L.JR + L.J_FB + 12] = fb
    for bl, b in enumerate(bodies):
        o = b * L.BR
        for k in range(6):
            br[o + L.B_LVEL + k] += h * fc[6 * bl + k]


def _sor_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, rng, ws):
    """dWorldQuickStep's constraint stages for one island: rows, M^-1 J^T, b, projected SOR for lambda
    (reshuffling with dRand from rng[0]), and the forces applied to the velocities (jcnt: each joint's
    row count, by slot)."""
    fps = 1.0 / h
    R = _sor_rows(br, bi, jr, ji, wr, fps, bodies, joints, jcnt, ws)
    if R.m == 0:
        return
    _inverse_mass_times_rows(br, bodies, invI, ws, R)
    _sor_b(br, bodies, invI, fps, R)
    lam = [0.0] * R.m
    fc = [0.0] * (6 * len(bodies))
    rng[0] = lcp_sor.solve_sor(R.m, len(bodies), R.J, R.iMJ, R.jb, R.rhs, R.cfm, R.lo, R.hi, R.fi, lam, fc,
                               int(wr[L.W_QS_ITER]), wr[L.W_QS_W], rng[0])
    _apply_sor_forces(br, bodies, jr, ji, joints, h, lam, fc, R)
