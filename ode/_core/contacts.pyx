# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Batch narrow phase: contacts of many geom pairs in one call (twin: ``ode/_fallback/contacts.py``)."""

import numpy as np

cimport numpy as cnp
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from .boundary cimport check_geom_arrays, flags32, geom_rows, int_rows
from .collide cimport collide_pair
from .dreal cimport dReal
from .layout cimport *

cnp.import_array()


def collide_many(cnp.ndarray greal, cnp.ndarray gint, a, b, flags):
    """Contacts of the pairs (a[p], b[p]) of geom rows: (records (K, CR), owning pair index (K,) int32).

    Each pair gets at most ``flags & 0xffff`` contacts (at least 1); pairs come in order, their contacts
    in the collider's order, as calling collide_geoms pair by pair.
    """
    geom_rows(greal, gint)
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
    cdef int cflags = flags32(flags)
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


# ------------------------------------------------------------------ the native pipeline's batch


cdef class Batch:
    """Grow-only buffers of the native contact pipeline, kept by a world between calls: the contact records
    of one call with the two body slots each contact joins, and the keys of the world's joined body pairs.
    A call whose sizes do not exceed an earlier one's allocates nothing."""

    cdef dReal* recs
    cdef int* b1
    cdef int* b2
    cdef long long* keys
    cdef Py_ssize_t cap, kcap
    cdef readonly Py_ssize_t count

    def __cinit__(self):
        self.recs = NULL
        self.b1 = NULL
        self.b2 = NULL
        self.keys = NULL
        self.cap = self.kcap = self.count = 0

    def __dealloc__(self):
        free(self.recs)
        free(self.b1)
        free(self.b2)
        free(self.keys)

    @property
    def capacity(self):
        """How many contacts the buffers hold without growing."""
        return self.cap

    cdef int _reserve(self, Py_ssize_t n) noexcept nogil:
        """Room for n contacts (keeping the first ``count``); -1 when out of memory."""
        cdef Py_ssize_t newcap
        cdef void* grown
        if n <= self.cap:
            return 0
        newcap = 2 * self.cap
        if newcap < n + 64:
            newcap = n + 64
        grown = realloc(self.recs, newcap * CR * sizeof(dReal))
        if grown == NULL:
            return -1
        self.recs = <dReal*> grown
        grown = realloc(self.b1, newcap * sizeof(int))
        if grown == NULL:
            return -1
        self.b1 = <int*> grown
        grown = realloc(self.b2, newcap * sizeof(int))
        if grown == NULL:
            return -1
        self.b2 = <int*> grown
        self.cap = newcap
        return 0

    def load(self, cnp.ndarray recs not None, b1, b2):
        """Take contact records (k, CR) and their body slots (k each) computed elsewhere (per-pair path)."""
        cdef cnp.ndarray r = np.ascontiguousarray(recs)
        cdef cnp.ndarray x = np.ascontiguousarray(b1, dtype=np.int32)
        cdef cnp.ndarray y = np.ascontiguousarray(b2, dtype=np.int32)
        cdef Py_ssize_t k = r.shape[0]
        if r.ndim != 2 or r.shape[1] != CR or cnp.PyArray_ITEMSIZE(r) != sizeof(dReal) \
                or not cnp.PyArray_ISFLOAT(r) or x.ndim != 1 or y.ndim != 1 or x.shape[0] != k \
                or y.shape[0] != k:
            raise ValueError("recs must be (k, CR) of the kernel's real type, b1 and b2 k body slots")
        if self._reserve(k) != 0:
            raise MemoryError("contact batch: out of memory")
        if k:
            memcpy(self.recs, cnp.PyArray_DATA(r), k * CR * sizeof(dReal))
            memcpy(self.b1, cnp.PyArray_DATA(x), k * sizeof(int))
            memcpy(self.b2, cnp.PyArray_DATA(y), k * sizeof(int))
        self.count = k

    def records(self):
        """(records (k, CR), b1 (k,), b2 (k,)) of the last call, as new arrays."""
        cdef Py_ssize_t k = self.count
        recs = np.empty((k, CR), dtype=np.float64 if sizeof(dReal) == 8 else np.float32)
        x = np.empty(k, dtype=np.int32)
        y = np.empty(k, dtype=np.int32)
        if k:
            memcpy(cnp.PyArray_DATA(recs), self.recs, k * CR * sizeof(dReal))
            memcpy(cnp.PyArray_DATA(x), self.b1, k * sizeof(int))
            memcpy(cnp.PyArray_DATA(y), self.b2, k * sizeof(int))
        return recs, x, y


cdef int _cmp_ll(const void* x, const void* y) noexcept nogil:
    cdef long long p = (<const long long*> x)[0]
    cdef long long q = (<const long long*> y)[0]
    return (p > q) - (p < q)


cdef Py_ssize_t _joined(Batch ws, const int* ji, Py_ssize_t jcount) noexcept nogil:
    """Sorted keys (min << 32 | max) of the body pairs joined by a live non-contact joint among the joint
    rows [0, jcount); -1 when out of memory."""
    cdef Py_ssize_t r, m = 0
    cdef const int* row
    cdef long long lo, hi
    cdef void* grown
    for r in range(jcount):
        row = ji + r * JI
        if row[JI_ALIVE] != 0 and row[JI_TYPE] != JT_CONTACT and row[JI_B1] >= 0 and row[JI_B2] >= 0:
            m += 1
    if m > ws.kcap:
        grown = realloc(ws.keys, (m + 16) * sizeof(long long))
        if grown == NULL:
            return -1
        ws.keys = <long long*> grown
        ws.kcap = m + 16
    m = 0
    for r in range(jcount):
        row = ji + r * JI
        if row[JI_ALIVE] != 0 and row[JI_TYPE] != JT_CONTACT and row[JI_B1] >= 0 and row[JI_B2] >= 0:
            lo = row[JI_B1]
            hi = row[JI_B2]
            if lo > hi:
                lo, hi = hi, lo
            ws.keys[m] = lo << 32 | hi
            m += 1
    if m > 1:
        qsort(ws.keys, m, sizeof(long long), _cmp_ll)
    return m


cdef bint _has_key(const long long* keys, Py_ssize_t m, long long key) noexcept nogil:
    """Binary search of key in the sorted keys[0:m]."""
    cdef Py_ssize_t lo = 0, hi = m, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < key:
            lo = mid + 1
        elif keys[mid] > key:
            hi = mid
        else:
            return True
    return False


cdef inline int _body_of(long long key, long long wn) noexcept nogil:
    """Body slot in world number wn of a geom's body key: -1 without a body, -2 for another world's body."""
    if key < 0:
        return -1
    if (key >> 32) != wn:
        return -2
    return <int> (key & 0xFFFFFFFFLL)


def collide_batch(Batch ws not None, cnp.ndarray greal not None, cnp.ndarray gint not None,
                  cnp.ndarray a not None, cnp.ndarray b not None, cnp.ndarray na not None,
                  cnp.ndarray nb not None, flip, flags, cnp.ndarray bodykey not None, long long wn,
                  cnp.ndarray jints not None, Py_ssize_t jcount, bint skip_connected):
    """The native pipeline's pair filter and narrow phase in one pass; the contacts go to ``ws``.

    Candidate pairs (a[p], b[p]) (int32 geom rows) are kept when at least one geom has a body, neither has
    a body of another world (``bodykey``: world number << 32 | body slot, -1 without a body; ``wn`` is this
    world's number) and, with ``skip_connected``, their two bodies are not joined by a live non-contact
    joint among the rows [0, jcount) of ``jints``. A kept pair collides the rows (na[p], nb[p]) (its narrow
    rows: a transform's helper record; a negative row skips the pair), up to ``flags & 0xffff`` contacts,
    their normals negated where ``flip[p]`` (a bool array, or None). Each contact is stored with the body
    slots of a[p] and b[p] (-1 for none). Returns the number of contacts, in pair order, as collide_many.
    """
    check_geom_arrays(greal, gint)
    cdef Py_ssize_t npairs = a.shape[0], nrow = greal.shape[0], p, nkeys = 0, total = 0
    cdef const int* pa = int_rows(a, npairs, "a")
    cdef const int* pb = int_rows(b, npairs, "b")
    cdef const int* qa = int_rows(na, npairs, "na")
    cdef const int* qb = int_rows(nb, npairs, "nb")
    cdef const char* pf = NULL
    cdef cnp.ndarray fl
    if flip is not None:
        fl = flip
        if fl.ndim != 1 or cnp.PyArray_TYPE(fl) != cnp.NPY_BOOL or not cnp.PyArray_IS_C_CONTIGUOUS(fl) \
                or fl.shape[0] != npairs:
            raise TypeError("flip must be None or a 1-d C-contiguous bool array, one per pair")
        pf = <const char*> cnp.PyArray_DATA(fl)
    if bodykey.ndim != 1 or cnp.PyArray_TYPE(bodykey) != cnp.NPY_INT64 \
            or not cnp.PyArray_IS_C_CONTIGUOUS(bodykey) or bodykey.shape[0] < nrow:
        raise TypeError("bodykey must be a C-contiguous int64 array with one key per geom row")
    if jints.ndim != 2 or jints.shape[1] != JI or cnp.PyArray_TYPE(jints) != cnp.NPY_INT32 \
            or not cnp.PyArray_IS_C_CONTIGUOUS(jints) or not 0 <= jcount <= jints.shape[0]:
        raise ValueError("jints must be the C-contiguous joint int rows, jcount within them")
    for p in range(npairs):
        if pa[p] < 0 or pb[p] < 0 or pa[p] >= nrow or pb[p] >= nrow or qa[p] >= nrow or qb[p] >= nrow:
            raise IndexError("geom row out of range")
    cdef int cflags = flags32(flags)
    cdef int maxc = cflags & 0xffff
    if maxc < 1:
        maxc = 1
    cdef const dReal* g = <const dReal*> cnp.PyArray_DATA(greal)
    cdef const int* gi = <const int*> cnp.PyArray_DATA(gint)
    cdef const long long* key = <const long long*> cnp.PyArray_DATA(bodykey)
    cdef const int* ji = <const int*> cnp.PyArray_DATA(jints)
    cdef int x, y, n, k, failed = 0, checked = 0
    cdef long long lo, hi
    cdef dReal* r
    ws.count = 0
    with nogil:
        for p in range(npairs):
            x = _body_of(key[pa[p]], wn)
            y = _body_of(key[pb[p]], wn)
            if (x < 0 and y < 0) or x == -2 or y == -2:
                continue
            if skip_connected and x >= 0 and y >= 0:
                if not checked:                   # the joined pairs, once a pair of two bodies needs them
                    nkeys = _joined(ws, ji, jcount)
                    checked = 1
                    if nkeys < 0:
                        failed = 1
                        break
                if nkeys:
                    lo = x if x < y else y
                    hi = y if x < y else x
                    if _has_key(ws.keys, nkeys, lo << 32 | hi):
                        continue
            if qa[p] < 0 or qb[p] < 0 or qa[p] == qb[p]:
                continue
            if ws._reserve(total + maxc) != 0:
                failed = 1
                break
            n = collide_pair(g + qa[p] * GR, gi + qa[p] * GI, g + qb[p] * GR, gi + qb[p] * GI, cflags,
                             ws.recs + total * CR, CR)
            if n <= 0:
                continue
            for k in range(n):
                ws.b1[total + k] = x
                ws.b2[total + k] = y
                if pf != NULL and pf[p]:
                    r = ws.recs + (total + k) * CR
                    r[C_NORMAL] = -r[C_NORMAL]
                    r[C_NORMAL + 1] = -r[C_NORMAL + 1]
                    r[C_NORMAL + 2] = -r[C_NORMAL + 2]
            total += n
    if failed:
        raise MemoryError("collide_batch: out of memory")
    ws.count = total
    return total


def write_rows(Batch ws not None, cnp.ndarray jreal not None, cnp.ndarray jints not None,
               cnp.ndarray rows not None, int mode, cnp.ndarray fdir1 not None, cnp.ndarray values not None):
    """Write the batch's contacts as contact-joint rows ``rows`` (intp, one per contact), whole rows, as
    ContactJoint(world, group, c) with the template's surface (``mode``, ``fdir1`` (3), the 14 ``values``
    from J_C_MU, both of the real type) then attach(body 1, body 2): a contact with no first body is
    stored as (body 2, environment) with its normal negated and JF_REVERSE."""
    cdef Py_ssize_t k = ws.count, c, nrow = jreal.shape[0], q
    if jreal.ndim != 2 or jreal.shape[1] != JR or cnp.PyArray_ITEMSIZE(jreal) != sizeof(dReal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(jreal) or jints.ndim != 2 or jints.shape[1] != JI \
            or cnp.PyArray_TYPE(jints) != cnp.NPY_INT32 or not cnp.PyArray_IS_C_CONTIGUOUS(jints) \
            or jints.shape[0] != nrow:
        raise ValueError("jreal / jints must be the C-contiguous joint arrays of the kernel's real type")
    if rows.ndim != 1 or cnp.PyArray_TYPE(rows) != cnp.NPY_INTP or not cnp.PyArray_IS_C_CONTIGUOUS(rows) \
            or rows.shape[0] != k:
        raise TypeError("rows must be a 1-d C-contiguous intp array, one row per contact")
    for arr, size, name in ((fdir1, 3, "fdir1"), (values, 14, "values")):
        if (<cnp.ndarray> arr).ndim != 1 or cnp.PyArray_ITEMSIZE(arr) != sizeof(dReal) \
                or not cnp.PyArray_IS_C_CONTIGUOUS(arr) or (<cnp.ndarray> arr).shape[0] != size:
            raise TypeError(f"{name} must be {size} values of the kernel's real type")
    cdef const Py_ssize_t* pr = <const Py_ssize_t*> cnp.PyArray_DATA(rows)
    for c in range(k):
        if pr[c] < 0 or pr[c] >= nrow:
            raise IndexError("joint row out of range")
    cdef dReal* jr = <dReal*> cnp.PyArray_DATA(jreal)
    cdef int* ji = <int*> cnp.PyArray_DATA(jints)
    cdef const dReal* fd = <const dReal*> cnp.PyArray_DATA(fdir1)
    cdef const dReal* sv = <const dReal*> cnp.PyArray_DATA(values)
    cdef dReal* R
    cdef int* I
    cdef const dReal* rec
    with nogil:
        for c in range(k):
            R = jr + pr[c] * JR
            I = ji + pr[c] * JI
            rec = ws.recs + c * CR
            memset(R, 0, JR * sizeof(dReal))
            memset(I, 0, JI * sizeof(int))
            for q in range(3):
                R[J_C_POS + q] = rec[C_POS + q]
                R[J_C_FDIR1 + q] = fd[q]
            R[J_C_DEPTH] = rec[C_DEPTH]
            for q in range(14):
                R[J_C_MU + q] = sv[q]
            I[JI_TYPE] = JT_CONTACT
            I[JI_ALIVE] = 1
            I[JI_ENABLED] = 1
            I[JI_C_MODE] = mode
            if ws.b1[c] < 0:               # attached as (environment, body): stored as (body, environment)
                for q in range(3):
                    R[J_C_NORMAL + q] = -rec[C_NORMAL + q]
                I[JI_B1] = ws.b2[c]
                I[JI_B2] = -1
                I[JI_FLAGS] = JF_REVERSE
            else:
                for q in range(3):
                    R[J_C_NORMAL + q] = rec[C_NORMAL + q]
                I[JI_B1] = ws.b1[c]
                I[JI_B2] = ws.b2[c]
