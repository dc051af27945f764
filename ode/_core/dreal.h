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

#endif
