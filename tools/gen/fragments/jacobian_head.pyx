# cython: language_level=3
"""Constraint rows of the joints (ODE's getInfo1 / getInfo2) and their geometry, in dReal.

Written from the joint families of the twin, ``ode/_fallback/joints/*.py``, which perform the same
floating-point operations in the same order. Arrays are the world's flat arrays (``ode/_layout.py``): joint
j's reals start at ``j * JR``, body b's at ``b * BR``. ``info1`` / ``info2`` are cimported by the step kernel
(jacobian.pxd) and dispatch by joint type through tables of the families' entry points; the ``def``
functions are the geometry getters and setters used at the API boundary, and ``rows`` for tests.
"""

cimport numpy as cnp
from libc.math cimport INFINITY, atan2, fabs, floor, sqrt

from .dreal cimport dReal
from .layout cimport *

import numpy as np

cnp.import_array()

cdef enum:
    NC = 12  # columns of a Jacobian row

cdef dReal INF = INFINITY
cdef dReal PI = 3.14159265358979323846
cdef dReal SQRT1_2 = 0.7071067811865475244008443621048490
# squared sine of the angle below which two axes count as parallel (round-off of float32 axes is ~1e-7)
cdef dReal PARALLEL_EPS2 = 1e-10


# ---------------------------------------------------------------- array access at the def boundary

cdef dReal* _dp(object a) except NULL:
    """Data pointer of a C-contiguous floating array of dReal."""
    if not isinstance(a, cnp.ndarray):
        raise TypeError("expected a numpy array of reals")
    cdef cnp.ndarray arr = a
    if arr.dtype.kind != "f" or arr.dtype.itemsize != sizeof(dReal) or not arr.flags.c_contiguous:
        raise ValueError("expected a C-contiguous array of this build's real type")
    return <dReal*> cnp.PyArray_DATA(arr)


cdef int* _ip(object a) except NULL:
    """Data pointer of a C-contiguous int32 array."""
    if not isinstance(a, cnp.ndarray):
        raise TypeError("expected a numpy int32 array")
    cdef cnp.ndarray arr = a
    if arr.dtype.kind != "i" or arr.dtype.itemsize != sizeof(int) or not arr.flags.c_contiguous:
        raise ValueError("expected a C-contiguous int32 array")
    return <int*> cnp.PyArray_DATA(arr)


