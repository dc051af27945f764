# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Batch narrow phase: contacts of many geom pairs in one call (twin: ``ode/_fallback/contacts.py``)."""

import numpy as np

cimport numpy as cnp
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from .collide cimport collide_pair
from .dreal cimport dReal
from .layout cimport *

cnp.import_array()


def _flags32(flags):
    """ODE's flags word as a signed 32-bit int (CONTACTS_UNIMPORTANT is the sign bit)."""
    flags = int(flags) & 0xFFFFFFFF
    return flags - (1 << 32) if flags & 0x80000000 else flags


def collide_many(cnp.ndarray greal, cnp.ndarray gint, a, b, flags):
    """Contacts of the pairs (a[p], b[p]) of geom rows: (records (K, CR), owning pair index (K,) int32).

    Each pair gets at most ``flags & 0xffff`` contacts (at least 1); pairs come in order, their contacts
    in the collider's order, as calling collide_geoms pair by pair.
    """
    if greal.ndim != 2 or greal.shape[1] != GR or greal.dtype.itemsize != sizeof(dReal) \
            or not greal.flags.c_contiguous:
        raise ValueError("greal must be a C-contiguous (G, GR) array of the kernel's real type")
    if gint.ndim != 2 or gint.shape[1] != GI or gint.dtype != np.int32 or not gint.flags.c_contiguous \
            or gint.shape[0] != greal.shape[0]:
        raise ValueError("gint must be a C-contiguous (G, GI) int32 array matching greal")
    cdef cnp.ndarray ai = np.ascontiguousarray(a, dtype=np.int32)
    cdef cnp.ndarray bi = np.ascontiguousarray(b, dtype=np.int32)
    if ai.shape[0] != bi.shape[0]:
        raise ValueError("a and b must have the same length")
    cdef Py_ssize_t npairs = ai.shape[0], nrow = greal.shape[0], p
    cdef int* pa = <int*> cnp.PyArray_DATA(ai)
    cdef int* pb = <int*> cnp.PyArray_DATA(bi)
    for p in range(npairs):
        if pa[p] < 0 or pb[p] < 0 or pa[p] >= nrow or pb[p] >= nrow:
            raise IndexError("geom row out of range")
    cdef int cflags = _flags32(flags)
    cdef int maxc = cflags & 0xffff
    if maxc < 1:
        maxc = 1
    cdef dReal* g = <dReal*> cnp.PyArray_DATA(greal)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef dReal* buf = <dReal*> malloc(maxc * CR * sizeof(dReal))
    cdef dReal* acc = NULL
    cdef int* own = NULL
    cdef Py_ssize_t total = 0, cap = 0, newcap
    cdef int n, failed = 0, k
    cdef void* grown
    if buf == NULL:
        raise MemoryError()
    with nogil:
        for p in range(npairs):
            if pa[p] == pb[p]:
                continue
            n = collide_pair(g + pa[p] * GR, gi + pa[p] * GI, g + pb[p] * GR, gi + pb[p] * GI, cflags, buf, CR)
            if n <= 0:
                continue
            if total + n > cap:
                newcap = 2 * cap + n + 64
                grown = realloc(acc, newcap * CR * sizeof(dReal))
                if grown == NULL:
                    failed = 1
                    break
                acc = <dReal*> grown
                grown = realloc(own, newcap * sizeof(int))
                if grown == NULL:
                    failed = 1
                    break
                own = <int*> grown
                cap = newcap
            memcpy(acc + total * CR, buf, n * CR * sizeof(dReal))
            for k in range(n):
                own[total + k] = <int> p
            total += n
    free(buf)
    if failed:
        free(acc)
        free(own)
        raise MemoryError("collide_many: out of memory")
    recs = np.empty((total, CR), dtype=greal.dtype)
    owners = np.empty(total, dtype=np.int32)
    if total:
        memcpy(cnp.PyArray_DATA(recs), acc, total * CR * sizeof(dReal))
        memcpy(cnp.PyArray_DATA(owners), own, total * sizeof(int))
    free(acc)
    free(own)
    return recs, owners
