"""Pure-Python twin of ``ode/_core/sor_rows.pyx``: dWorldQuickStep's constraint stages for one island.

``sor_velocities`` lists them, each a function on a ``_SorRows`` record: rows (info2) in island joint order
with CFM over h, M^-1 J^T, b = c / h - J (M^-1 F + v / h), projected SOR with ODE's dRand reshuffles, and
J^T lambda into joint feedback and velocities. The same operations in the same order as the Cython kernel.
"""

from __future__ import annotations

from .. import _layout as L
from . import jacobian, lcp_sor
from .integrate import rhs_body_terms
from .vec import dot6

INF = float("inf")


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
    tmp = rhs_body_terms(br, bodies, invI, fps)
    J = R.J
    R.rhs = [0.0] * R.m
    for r in range(R.m):
        s = 0.0
        for side in (0, 1):
            bl = R.jb[2 * r + side]
            if bl < 0:
                continue
            s = s + dot6(J, 12 * r + 6 * side, tmp[bl], 0)
        R.rhs[r] = R.c[r] * fps - s


def _solve_sor(wr, nbi, rng, R):
    """Stage solve: projected SOR for lambda and M^-1 J^T lambda per body (fc), with the world's iterations
    and over-relaxation, reshuffling the rows with dRand from rng[0] (updated). Returns (lambda, fc)."""
    lam = [0.0] * R.m
    fc = [0.0] * (6 * nbi)
    rng[0] = lcp_sor.solve_sor(R.m, nbi, R.J, R.iMJ, R.jb, R.rhs, R.cfm, R.lo, R.hi, R.fi, lam, fc,
                               int(wr[L.W_QS_ITER]), wr[L.W_QS_W], rng[0])
    return lam, fc


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


def sor_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, rng, ws):
    """dWorldQuickStep's constraint stages for one island: rows, M^-1 J^T, b, projected SOR for lambda
    (reshuffling with dRand from rng[0]), and the forces applied to the velocities (jcnt: each joint's
    row count, by slot)."""
    fps = 1.0 / h
    R = _sor_rows(br, bi, jr, ji, wr, fps, bodies, joints, jcnt, ws)
    if R.m == 0:
        return
    _inverse_mass_times_rows(br, bodies, invI, ws, R)
    _sor_b(br, bodies, invI, fps, R)
    lam, fc = _solve_sor(wr, len(bodies), rng, R)
    _apply_sor_forces(br, bodies, jr, ji, joints, h, lam, fc, R)
