# Interface of handles.pyx for other kernels (cimport): the row store behind every handle.
from .dreal cimport dReal

cdef class SlotsBase:
    cdef object _real
    cdef object _ints
    cdef dReal* rdata
    cdef int* idata
    cdef public Py_ssize_t rw
    cdef public Py_ssize_t iw
    cdef public list generation
    cdef public Py_ssize_t count


# n finite reals from value into out (the fast path for tuples / lists of floats and ints, else ode._check.vec
# and its errors).
cdef int _vec(str name, object value, int n, double* out) except -1
