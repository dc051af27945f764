# The kernels' boundary with Python (cimport), as one module: the checks of the NumPy arrays a def entry point
# takes before it reads them through raw pointers, and the conversions of small C values to Python objects.
# Each check raises TypeError / ValueError naming the argument; the messages are part of the kernels' API.
cimport numpy as cnp

from .dreal cimport dReal


# TypeError unless a is a C-contiguous array of itemsize-byte elements.
cdef void check_itemsize(cnp.ndarray a, int itemsize, str name) except *

# check_itemsize, then ValueError unless a holds at least n elements.
cdef void check_sized(cnp.ndarray a, int itemsize, Py_ssize_t n, str name) except *

# Pointer to a C-contiguous array of at least n items of the dtype numbered typenum (compared as numbers), or
# TypeError (dtype) / ValueError (layout, size); an empty array gives a pointer to a zero, never NULL.
cdef void* data_n(cnp.ndarray arr, int typenum, Py_ssize_t n, str name) except NULL

# Pointer to a 1-d C-contiguous int32 array of exactly n values, or TypeError.
cdef const int* int_rows(cnp.ndarray arr, Py_ssize_t n, str name) except NULL

# ValueError unless greal / gint are the geom store's C-contiguous arrays of the kernel's real type.
cdef void check_geom_arrays(cnp.ndarray greal, cnp.ndarray gint) except *

# Pointer to greal's data after checking both geom arrays: greal a C-contiguous (G, GR) float array of the
# kernel's real type, gint a C-contiguous (G, GI) int32 array matching it; else ValueError naming the array.
cdef dReal* geom_rows(cnp.ndarray greal, cnp.ndarray gint) except NULL

# ODE's flags word as a signed 32-bit C int (CONTACTS_UNIMPORTANT is the sign bit).
cdef int flags32(object flags) except? -1


cdef inline tuple tuple3(const dReal* p):
    """Three dReals as a tuple of Python floats."""
    return (<double>p[0], <double>p[1], <double>p[2])
