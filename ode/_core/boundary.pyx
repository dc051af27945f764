# cython: language_level=3
"""The kernels' boundary with Python: the array checks their def entry points share (see boundary.pxd).

A kernel checks each NumPy array it is given (dtype, contiguity, shape, size) before it reads it through a raw
pointer; these are those checks, written once, with the messages the kernels' callers and tests rely on.
"""

cimport numpy as cnp

from .dreal cimport dReal
from .layout cimport *

cnp.import_array()

cdef long long _EMPTY = 0      # what data_n points an empty array at, so a pointer is never NULL


cdef void check_itemsize(cnp.ndarray a, int itemsize, str name) except *:
    """Raise TypeError unless a is a C-contiguous array of the kernel's element size."""
    if not cnp.PyArray_IS_C_CONTIGUOUS(a) or a.dtype.itemsize != itemsize:
        raise TypeError(f"{name} must be a C-contiguous array of {itemsize}-byte elements")


cdef void check_sized(cnp.ndarray a, int itemsize, Py_ssize_t n, str name) except *:
    """Raise TypeError/ValueError unless a is a C-contiguous array of n elements of the kernel's size."""
    check_itemsize(a, itemsize, name)
    if a.size < n:
        raise ValueError(f"{name} must have at least {n} elements")


cdef void* data_n(cnp.ndarray arr, int typenum, Py_ssize_t n, str name) except NULL:
    """Pointer to a C-contiguous array of n items of the dtype with number ``typenum`` (compared as numbers,
    no Python-level dtype comparison), or ValueError / TypeError."""
    if cnp.PyArray_TYPE(arr) != typenum and not cnp.PyArray_EquivTypenums(cnp.PyArray_TYPE(arr), typenum):
        raise TypeError(f"{name} must have dtype {cnp.PyArray_DescrFromType(typenum)}, not {arr.dtype}")
    if not cnp.PyArray_IS_C_CONTIGUOUS(arr):
        raise ValueError(f"{name} must be C-contiguous")
    if cnp.PyArray_SIZE(arr) < n:
        raise ValueError(f"{name} must have at least {n} values")
    if cnp.PyArray_SIZE(arr) == 0:
        return <void*> &_EMPTY
    return cnp.PyArray_DATA(arr)


cdef const int* int_rows(cnp.ndarray arr, Py_ssize_t n, str name) except NULL:
    """Pointer to a 1-d C-contiguous int32 array of n values."""
    if arr.ndim != 1 or cnp.PyArray_TYPE(arr) != cnp.NPY_INT32 or not cnp.PyArray_IS_C_CONTIGUOUS(arr) \
            or arr.shape[0] != n:
        raise TypeError(f"{name} must be a 1-d C-contiguous int32 array of {n} values")
    return <const int*> cnp.PyArray_DATA(arr)


cdef void check_geom_arrays(cnp.ndarray greal, cnp.ndarray gint) except *:
    """Raise ValueError unless greal / gint are the geom store's arrays: (G, GR) of the kernel's real type and
    (G, GI) int32, both C-contiguous."""
    if greal.ndim != 2 or greal.shape[1] != GR or cnp.PyArray_ITEMSIZE(greal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(greal) or gint.ndim != 2 or gint.shape[1] != GI \
            or cnp.PyArray_TYPE(gint) != cnp.NPY_INT32 or not cnp.PyArray_IS_C_CONTIGUOUS(gint) \
            or gint.shape[0] != greal.shape[0]:
        raise ValueError("greal / gint must be the C-contiguous geom arrays of the kernel's real type")


cdef dReal* geom_rows(cnp.ndarray greal, cnp.ndarray gint) except NULL:
    """Pointer to greal's data after checking dtype, shape and contiguity of both arrays (C-level checks)."""
    if greal.ndim != 2 or greal.shape[1] != GR or cnp.PyArray_ITEMSIZE(greal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(greal) or cnp.PyArray_TYPE(greal) not in (cnp.NPY_FLOAT32, cnp.NPY_FLOAT64):
        raise ValueError("greal must be a C-contiguous (G, GR) array of the kernel's real type")
    if gint.ndim != 2 or gint.shape[1] != GI or cnp.PyArray_TYPE(gint) != cnp.NPY_INT32 \
            or not cnp.PyArray_IS_C_CONTIGUOUS(gint) or gint.shape[0] != greal.shape[0]:
        raise ValueError("gint must be a C-contiguous (G, GI) int32 array matching greal")
    return <dReal*> cnp.PyArray_DATA(greal)


cdef int flags32(object flags) except? -1:
    """ODE's flags word as a signed 32-bit int (CONTACTS_UNIMPORTANT is the sign bit), without a Python call
    in the common case of a Python int."""
    cdef long long f
    if type(flags) is int:
        f = flags & 0xFFFFFFFF
    else:
        f = int(flags) & 0xFFFFFFFF
    return <int> (f - 0x100000000 if f & 0x80000000 else f)
