/* Paired dot products for the LDL^T factorization (ldlt.pyx).
 *
 * ode_pair_dots_2x4 forms the dot products of two rows a0, a1 with four rows c0..c3 over k < m (m even),
 * each as two partial sums: the even-k terms and the odd-k terms, each summed in ascending k from 0.
 * e[2 c] and e[2 c + 1] receive the even and odd sums of a0 . c_c, e[8 + 2 c] and e[9 + 2 c] those of
 * a1 . c_c. Two independent sums per entry let the products of k and k + 1 share one SSE2 / NEON register
 * (GCC and Clang vector extensions); every lane performs exactly the scalar operations of the portable
 * version below and of the pure-Python twin, a multiply then an add with no fused multiply-add
 * (-ffp-contract=off), so all three agree bit for bit in double precision.
 */
#ifndef ODE_PAIR_DOT_H
#define ODE_PAIR_DOT_H

#include <string.h>

#include "dreal.h"

#if defined(dDOUBLE) && (defined(__GNUC__) || defined(__clang__))

typedef double ode_pair_v2 __attribute__((vector_size(16)));

static inline ode_pair_v2 ode_pair_load(const double* p)
{
    ode_pair_v2 v;
    memcpy(&v, p, sizeof v);            /* unaligned load of p[0], p[1] */
    return v;
}

static inline void ode_pair_dots_2x4(const dReal* a0, const dReal* a1, const dReal* c0, const dReal* c1,
                                     const dReal* c2, const dReal* c3, int m, dReal* e)
{
    ode_pair_v2 s0 = {0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0, u0 = s0, u1 = s0, u2 = s0, u3 = s0;
    int k;
    for (k = 0; k < m; k += 2) {
        ode_pair_v2 x0 = ode_pair_load(a0 + k), x1 = ode_pair_load(a1 + k);
        ode_pair_v2 y0 = ode_pair_load(c0 + k), y1 = ode_pair_load(c1 + k);
        ode_pair_v2 y2 = ode_pair_load(c2 + k), y3 = ode_pair_load(c3 + k);
        s0 = s0 + x0 * y0;
        s1 = s1 + x0 * y1;
        s2 = s2 + x0 * y2;
        s3 = s3 + x0 * y3;
        u0 = u0 + x1 * y0;
        u1 = u1 + x1 * y1;
        u2 = u2 + x1 * y2;
        u3 = u3 + x1 * y3;
    }
    memcpy(e, &s0, sizeof s0);
    memcpy(e + 2, &s1, sizeof s1);
    memcpy(e + 4, &s2, sizeof s2);
    memcpy(e + 6, &s3, sizeof s3);
    memcpy(e + 8, &u0, sizeof u0);
    memcpy(e + 10, &u1, sizeof u1);
    memcpy(e + 12, &u2, sizeof u2);
    memcpy(e + 14, &u3, sizeof u3);
}

#else

static inline void ode_pair_dots_2x4(const dReal* a0, const dReal* a1, const dReal* c0, const dReal* c1,
                                     const dReal* c2, const dReal* c3, int m, dReal* e)
{
    const dReal* c[4] = {c0, c1, c2, c3};
    dReal s[16];
    int k, q;
    for (q = 0; q < 16; q++)
        s[q] = 0;
    for (k = 0; k < m; k += 2) {
        for (q = 0; q < 4; q++) {
            s[2 * q] = s[2 * q] + a0[k] * c[q][k];
            s[2 * q + 1] = s[2 * q + 1] + a0[k + 1] * c[q][k + 1];
            s[8 + 2 * q] = s[8 + 2 * q] + a1[k] * c[q][k];
            s[9 + 2 * q] = s[9 + 2 * q] + a1[k + 1] * c[q][k + 1];
        }
    }
    for (q = 0; q < 16; q++)
        e[q] = s[q];
}

#endif

#endif
