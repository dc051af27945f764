# cython: language_level=3
"""QuickStep's LCP: projected successive over-relaxation (Gauss-Seidel) with ODE's row reordering.

For every row i, Ad_i = w / (J_i . (M^-1 J^T)_i + cfm_i) scales J_i, rhs_i and cfm_i once. Each iteration visits
the rows in the current order and updates lam_i by delta = rhs_i - lam_i cfm_i - J_i . fc (fc: the accumulated
M^-1 J^T lam of the row's bodies), clamps lam_i to its bounds (friction rows: +-hi_i times the current normal
multiplier) and adds the change times (M^-1 J^T)_i to fc (Catto's sequential impulses; Erleben's PGS). The change
is delta itself when lam_i + delta lies within the bounds (not the rounded (lam_i + delta) - lam_i), and the bound
minus the old lam_i when clamped, as libode's. The rows
start with non-friction rows first, and are shuffled every 8 iterations (not before the first) by ODE's dRand,
as libode 0.16 does (observed). The twin ``ode/_fallback/lcp_sor.py`` does the same operations in the same order.
"""

cimport numpy as cnp
from libc.stdlib cimport free, malloc

from .boundary cimport check_sized
from .dreal cimport dReal

cnp.import_array()


cdef unsigned int rand_next_c(unsigned int seed) noexcept nogil:
    """One step of ODE's 32-bit linear congruential generator."""
    return 1664525u * seed + 1013904223u


cdef unsigned int rand_int_c(unsigned int* seed, unsigned int n) noexcept nogil:
    """dRandInt(n): one draw folded to 16, 8, 4, 2 or 1 bits while n fits, then scaled by n."""
    cdef unsigned long long x
    cdef int bits = 32
    seed[0] = rand_next_c(seed[0])
    x = seed[0]
    if n <= 0x10000u:
        x = (x ^ (x >> 16)) & 0xFFFFu
        bits = 16
        if n <= 0x100u:
            x = (x ^ (x >> 8)) & 0xFFu
            bits = 8
            if n <= 0x10u:
                x = (x ^ (x >> 4)) & 0xFu
                bits = 4
                if n <= 0x4u:
                    x = (x ^ (x >> 2)) & 0x3u
                    bits = 2
                    if n <= 0x2u:
                        x = (x ^ (x >> 1)) & 0x1u
                        bits = 1
    return <unsigned int> ((x * n) >> bits)


cdef inline void _row(int i, const dReal* Js, const dReal* iMJ, const int* jb, const dReal* b,
                      const dReal* Adcfm, const dReal* lo, const dReal* hi, const int* findex, dReal* lam,
                      dReal* fc) noexcept nogil:
    """One projected Gauss-Seidel update of row i; fc follows the change of lam[i]."""
    cdef const dReal* p = Js + 12 * i
    cdef const dReal* q = iMJ + 12 * i
    cdef dReal old = lam[i]
    cdef dReal delta = b[i] - old * Adcfm[i]
    cdef dReal top, bot, new
    cdef dReal* f
    cdef int b1 = jb[2 * i]
    cdef int b2 = jb[2 * i + 1]
    cdef int fi = findex[i]
    cdef int k
    if b1 >= 0:
        f = fc + 6 * b1
        delta = delta - (p[0] * f[0] + p[1] * f[1] + p[2] * f[2] + p[3] * f[3] + p[4] * f[4] + p[5] * f[5])
    if b2 >= 0:
        f = fc + 6 * b2
        delta = delta - (p[6] * f[0] + p[7] * f[1] + p[8] * f[2] + p[9] * f[3] + p[10] * f[4] + p[11] * f[5])
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
        f = fc + 6 * b1
        for k in range(6):
            f[k] = f[k] + delta * q[k]
    if b2 >= 0:
        f = fc + 6 * b2
        for k in range(6):
            f[k] = f[k] + delta * q[6 + k]


cdef int sor_lcp(int m, int nb, const dReal* J, const dReal* iMJ, const int* jb, const dReal* rhs,
                   const dReal* cfm, const dReal* lo, const dReal* hi, const int* findex, dReal* lam, dReal* fc,
                   int iterations, dReal w, unsigned int* seed) noexcept nogil:
    """Projected SOR for lam and fc (see the .pxd); 0, or -1 when out of memory."""
    cdef dReal* Js = <dReal*> malloc((14 * m + 1) * sizeof(dReal))
    cdef int* order = <int*> malloc((m + 1) * sizeof(int))
    cdef int res = sor_lcp_buf(m, nb, J, iMJ, jb, rhs, cfm, lo, hi, findex, lam, fc, iterations, w, seed,
                               Js, order)
    free(Js)
    free(order)
    return res


cdef int sor_lcp_buf(int m, int nb, const dReal* J, const dReal* iMJ, const int* jb, const dReal* rhs,
                     const dReal* cfm, const dReal* lo, const dReal* hi, const int* findex, dReal* lam,
                     dReal* fc, int iterations, dReal w, unsigned int* seed, dReal* Js,
                     int* order) noexcept nogil:
    """sor_lcp in caller-owned scratch memory (Js: 14 m + 1 reals, order: m + 1 ints; NULL fails)."""
    cdef dReal* b
    cdef dReal* Adcfm
    cdef dReal s, a
    cdef int i, k, it, n, t
    if Js == NULL or order == NULL:
        return -1
    b = Js + 12 * m
    Adcfm = b + m
    for i in range(m):
        s = 0.0
        for k in range(12):
            s = s + J[12 * i + k] * iMJ[12 * i + k]
        a = w / (s + cfm[i])
        for k in range(12):
            Js[12 * i + k] = J[12 * i + k] * a
        b[i] = rhs[i] * a
        Adcfm[i] = cfm[i] * a
    for i in range(m):
        lam[i] = 0.0
    for k in range(6 * nb):
        fc[k] = 0.0
    n = 0
    for i in range(m):
        if findex[i] < 0:
            order[n] = i
            n += 1
    for i in range(m):
        if findex[i] >= 0:
            order[n] = i
            n += 1
    for it in range(iterations):
        if it > 0 and (it & 7) == 0:
            for i in range(1, m):
                k = rand_int_c(seed, i + 1)
                t = order[i]
                order[i] = order[k]
                order[k] = t
        for i in range(m):
            _row(order[i], Js, iMJ, jb, b, Adcfm, lo, hi, findex, lam, fc)
    return 0


# ---------------------------------------------------------------- Python entry points (twinned defs)

def rand_next(seed):
    """ODE's dRand: the 32-bit linear congruential generator seed = 1664525 seed + 1013904223."""
    return rand_next_c(<unsigned int> (seed & 0xFFFFFFFF))


def rand_int(seed, n):
    """(new seed, an integer in [0, n)) as ODE's dRandInt computes it from one dRand draw."""
    cdef unsigned int s = <unsigned int> (seed & 0xFFFFFFFF)
    cdef unsigned int r = rand_int_c(&s, <unsigned int> n)
    return s, r


def solve_sor(m, nb, cnp.ndarray J, cnp.ndarray iMJ, cnp.ndarray jb, cnp.ndarray rhs, cnp.ndarray cfm,
              cnp.ndarray lo, cnp.ndarray hi, cnp.ndarray findex, cnp.ndarray lam, cnp.ndarray fc, iterations, w,
              seed):
    """Projected SOR on A = J M^-1 J^T + diag(cfm) (numpy arrays; lam and fc written); returns the new seed."""
    cdef int cm = m
    cdef int cnb = nb
    cdef int it = iterations
    cdef dReal cw = w
    cdef unsigned int s = <unsigned int> (seed & 0xFFFFFFFF)
    cdef int res
    for a, n, name in ((J, 12 * cm, "J"), (iMJ, 12 * cm, "iMJ"), (rhs, cm, "rhs"), (cfm, cm, "cfm"),
                       (lo, cm, "lo"), (hi, cm, "hi"), (lam, cm, "lam"), (fc, 6 * cnb, "fc")):
        check_sized(a, sizeof(dReal), n, name)
    check_sized(jb, sizeof(int), 2 * cm, "jb")
    check_sized(findex, sizeof(int), cm, "findex")
    if cm and (jb[:2 * cm].max() >= cnb or jb[:2 * cm].min() < -1 or findex[:cm].max() >= cm):
        raise ValueError("jb must index bodies 0 .. nb-1 (or -1) and findex rows 0 .. m-1 (or -1)")
    with nogil:
        res = sor_lcp(cm, cnb, <dReal*> cnp.PyArray_DATA(J), <dReal*> cnp.PyArray_DATA(iMJ),
                        <int*> cnp.PyArray_DATA(jb), <dReal*> cnp.PyArray_DATA(rhs), <dReal*> cnp.PyArray_DATA(cfm),
                        <dReal*> cnp.PyArray_DATA(lo), <dReal*> cnp.PyArray_DATA(hi),
                        <int*> cnp.PyArray_DATA(findex), <dReal*> cnp.PyArray_DATA(lam),
                        <dReal*> cnp.PyArray_DATA(fc), it, cw, &s)
    if res < 0:
        raise MemoryError("solve_sor: out of memory")
    return s
