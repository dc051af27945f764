# The C type dReal comes from dreal.h (float under dSINGLE, double under dDOUBLE).
# Cython only needs to know it is a floating type; the C compiler sees the real typedef.
cdef extern from "dreal.h":
    ctypedef double dReal
    const char* ODEPY_PRECISION
    dReal real_atan2 "dreal_atan2"(dReal y, dReal x) noexcept nogil
    dReal real_cos "dreal_cos"(dReal x) noexcept nogil
    dReal real_sin "dreal_sin"(dReal x) noexcept nogil
