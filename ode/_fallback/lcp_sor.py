"""Pure-Python twin of ``ode/_core/lcp_sor.pyx``: QuickStep's projected SOR (Gauss-Seidel) LCP solver.

Same operations in the same order as the Cython kernel, so in double precision both agree bit for bit.
Arrays are flat lists: J and iMJ hold 12 values per row (body 1 linear, angular, body 2 linear, angular),
jb two island-local body indices per row (-1: none), fc six values per body.
"""

from __future__ import annotations

from .ieee import div

MASK32 = 0xFFFFFFFF


def rand_next(seed):
    """ODE's dRand: the 32-bit linear congruential generator seed = 1664525 seed + 1013904223."""
    return (1664525 * seed + 1013904223) & MASK32


def rand_int(seed, n):
    """(new seed, an integer in [0, n)) as ODE's dRandInt computes it from one dRand draw.

    The draw is folded (xor of its halves) to 16, 8, 4, 2 or 1 bits while n fits in them, then scaled
    by n (observed in libode 0.16 through dRandInt; matches every n tested).
    """
    seed = rand_next(seed)
    x = seed
    bits = 32
    for limit, shift in ((0x10000, 16), (0x100, 8), (0x10, 4), (0x4, 2), (0x2, 1)):
        if n > limit:
            break
        x = (x ^ (x >> shift)) & ((1 << shift) - 1)
        bits = shift
    return seed, (x * n) >> bits


def _order(m, findex):
    """Initial row order: rows without a friction index first, then friction rows, each in row order."""
    order = [i for i in range(m) if findex[i] < 0]
    order += [i for i in range(m) if findex[i] >= 0]
    return order


def _shuffle(order, m, seed):
    """Random reordering of all rows (for i = 1 .. m-1 swap i with dRandInt(i + 1)); returns the seed."""
    for i in range(1, m):
        seed, k = rand_int(seed, i + 1)
        t = order[i]
        order[i] = order[k]
        order[k] = t
    return seed


def solve_sor(m, nb, J, iMJ, jb, rhs, cfm, lo, hi, findex, lam, fc, iterations, w, seed):
    """Projected SOR on A = J M^-1 J^T + diag(cfm); returns the new dRand seed.

    rhs and cfm are per row (cfm already divided by the step); lam (m) receives the multipliers and fc
    (6 nb) the accumulated M^-1 J^T lam per body. lo/hi bound each row; a row with findex >= 0 has the
    bounds -hi*lam[f] .. hi*lam[f] from the current multiplier of row f. Rows are reordered randomly
    every 8 iterations (not before the first), consuming m - 1 dRandInt draws each time.
    """
    Ad = [0.0] * m
    Js = [0.0] * (12 * m)
    b = [0.0] * m
    Adcfm = [0.0] * m
    for i in range(m):
        p = 12 * i
        s = 0.0
        for k in range(12):
            s = s + J[p + k] * iMJ[p + k]
        a = div(w, s + cfm[i])    # a zero diagonal (CFM 0, no mobile body) gives inf, as in C
        Ad[i] = a
        for k in range(12):
            Js[p + k] = J[p + k] * a
        b[i] = rhs[i] * a
        Adcfm[i] = cfm[i] * a
    for i in range(m):
        lam[i] = 0.0
    for k in range(6 * nb):
        fc[k] = 0.0
    order = _order(m, findex)
    for it in range(iterations):
        if it > 0 and (it & 7) == 0:
            seed = _shuffle(order, m, seed)
        for i in order:
            _row(i, Js, iMJ, jb, b, Adcfm, lo, hi, findex, lam, fc)
    return seed


def _row(i, Js, iMJ, jb, b, Adcfm, lo, hi, findex, lam, fc):
    """One projected Gauss-Seidel update of row i; fc follows the change of lam[i]."""
    p = 12 * i
    old = lam[i]
    delta = b[i] - old * Adcfm[i]
    b1 = jb[2 * i]
    b2 = jb[2 * i + 1]
    if b1 >= 0:
        f = 6 * b1
        delta = delta - (Js[p] * fc[f] + Js[p + 1] * fc[f + 1] + Js[p + 2] * fc[f + 2]
                         + Js[p + 3] * fc[f + 3] + Js[p + 4] * fc[f + 4] + Js[p + 5] * fc[f + 5])
    if b2 >= 0:
        f = 6 * b2
        delta = delta - (Js[p + 6] * fc[f] + Js[p + 7] * fc[f + 1] + Js[p + 8] * fc[f + 2]
                         + Js[p + 9] * fc[f + 3] + Js[p + 10] * fc[f + 4] + Js[p + 11] * fc[f + 5])
    fi = findex[i]
    if fi >= 0:
        top = hi[i] * lam[fi]
        if top < 0.0:
            top = -top
        bot = -top
    else:
        top = hi[i]
        bot = lo[i]
    new = old + delta
    if new < bot:                       # clamped: the change is what the bound leaves; else delta itself
        delta = bot - old
        new = bot
    elif new > top:
        delta = top - old
        new = top
    lam[i] = new
    if b1 >= 0:
        f = 6 * b1
        for k in range(6):
            fc[f + k] = fc[f + k] + delta * iMJ[p + k]
    if b2 >= 0:
        f = 6 * b2
        for k in range(6):
            fc[f + k] = fc[f + k] + delta * iMJ[p + 6 + k]
