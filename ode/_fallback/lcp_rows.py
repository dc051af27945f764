"""Pure-Python twin of ``ode/_core/lcp_rows.pyx``: dWorldStep's constraint stages for one island.

``constraint_velocities`` lists them, each a function on an ``_LcpRows`` record: rows (info2) in the solver's
order, J M^-1, A = J M^-1 J^T + CFM / h, b = c / h - J (M^-1 F + v / h), the Dantzig LCP, and J^T lambda into
joint feedback and velocities. The same operations in the same order as the Cython kernel.
"""

from __future__ import annotations

from .. import _layout as L
from . import jacobian, lcp_dantzig
from .integrate import rhs_body_terms
from .vec import dot6, mv

INF = float("inf")


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
                        # dot6(JiM, p, J, q), written out in the innermost loop
                        s = (JiM[p] * J[q] + JiM[p + 1] * J[q + 1] + JiM[p + 2] * J[q + 2]
                             + JiM[p + 3] * J[q + 3] + JiM[p + 4] * J[q + 4] + JiM[p + 5] * J[q + 5])
                        A[r * m + r2] += s
                        if r2 != r:
                            A[r2 * m + r] += s
    for r in range(m):
        A[r * m + r] += R.cfm[r] * fps


def _assemble_b(br, bodies, invI, fps, R) -> None:
    """Stage b = c / h - J (M^-1 F + v / h); clears the bodies' constraint force sums."""
    R.tmp = rhs_body_terms(br, bodies, invI, fps)
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
                s = s + dot6(J, 12 * r + 6 * side, R.tmp[bl], 0)
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
        d = mv(invI[bl], [f[3] * h, f[4] * h, f[5] * h])
        br[o + L.B_AVEL] += d[0]
        br[o + L.B_AVEL + 1] += d[1]
        br[o + L.B_AVEL + 2] += d[2]


def constraint_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, ws):
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
