# Interface of handles.pyx for other kernels (cimport): the row store behind every handle and the lock type.
from cpython.pythread cimport PyThread_type_lock

from .dreal cimport dReal


cdef class ReentrantLock:
    cdef PyThread_type_lock _turnstile
    cdef unsigned long _owner
    cdef unsigned long _count
    cdef Py_ssize_t _waiters
    cdef bint _mine(self, unsigned long me) noexcept
    cdef bint _queue(self, unsigned long me, long long us) except -1
    # acquire (waiting without the GIL) / release once, without a Python call
    cdef int take(self) except -1
    cdef int give(self) except -1


cdef class SlotsBase:
    cdef object _real
    cdef object _ints
    cdef dReal* rdata
    cdef int* idata
    cdef public Py_ssize_t rw
    cdef public Py_ssize_t iw
    cdef public list generation
    cdef public Py_ssize_t count
    cdef public Py_ssize_t zeroed_from  # every row at or past it is zero in both arrays
    cdef public object lock
    cdef Py_ssize_t* heap             # binary min-heap of freed rows
    cdef Py_ssize_t nfree
    cdef Py_ssize_t capfree
    cdef int _push(self, Py_ssize_t row) except -1
    cdef Py_ssize_t _pop(self) noexcept
    # a row for a new handle, not zeroed; the caller holds lock
    cdef Py_ssize_t take_row(self) except -1
    cdef Py_ssize_t _take(self, bint* fresh) except -1
    # a zeroed row for a new handle (zeroed only when it was written before); the caller holds lock
    cdef Py_ssize_t take_zeroed(self) except -1
    cdef int _zero(self, Py_ssize_t s) except -1
    cdef int _check_row(self, Py_ssize_t s) except -1
    cdef int _trim(self) except -1
    cdef int release_list(self, list slots) except -1


cdef class ContactBase:
    cdef int _mode
    cdef double _mu, _mu2, _bounce, _bounce_vel, _soft_erp, _soft_cfm
    cdef double _motion1, _motion2, _motionN, _slip1, _slip2, _depth
    cdef double _pos[3]
    cdef double _normal[3]
    cdef double _fdir1[3]
    cdef public object g1, g2


# n finite reals from value into out (the fast path for tuples / lists of floats and ints, else ode._check.vec
# and its errors).
cdef int _vec(str name, object value, int n, double* out) except -1
