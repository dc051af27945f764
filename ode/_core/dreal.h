/* dReal is float or double, chosen by dSINGLE / dDOUBLE exactly as ODE's own headers do.
   setup.py compiles every kernel twice, once with each macro defined. */
#ifndef ODEPY_DREAL_H
#define ODEPY_DREAL_H

#if defined(dSINGLE)
typedef float dReal;
#define ODEPY_PRECISION "single"
#elif defined(dDOUBLE)
typedef double dReal;
#define ODEPY_PRECISION "double"
#else
#error "define dSINGLE or dDOUBLE"
#endif

#include <math.h>

/* libode's dAtan2: atan2f in single precision (not the double atan2 rounded to float, which differs from it
   in the last bit for many arguments), atan2 in double. */
static inline dReal dreal_atan2(dReal y, dReal x)
{
#if defined(dSINGLE)
    return atan2f(y, x);
#else
    return atan2(y, x);
#endif
}

/* libode's dCos and dSin: cosf and sinf in single precision, cos and sin in double. */
static inline dReal dreal_cos(dReal x)
{
#if defined(dSINGLE)
    return cosf(x);
#else
    return cos(x);
#endif
}

static inline dReal dreal_sin(dReal x)
{
#if defined(dSINGLE)
    return sinf(x);
#else
    return sin(x);
#endif
}

#endif
