# cython: language_level=3
"""Compiled base types of the API: row storage, worlds, bodies, joints, contacts, masses and their lock.

A body or joint is a handle onto one row of its world's arrays (``ode/_state.py``). The Python classes in
``ode/world.py``, ``ode/body.py``, ``ode/mass.py`` and ``ode/joints/`` derive from the types here, so the
calls a simulation makes thousands of times per step (positions, rotations, velocities, forces, joint angles and
parameters, feedback, contact joints, the step itself) run as C methods that check the handle and touch the
row through a pointer, with no NumPy indexing. Everything else stays in the Python classes.
``ode/_fallback/handles.py`` is the twin with the same names, checks and results, used by the pure-Python
backend.

Argument checks take a fast path for the usual input (a tuple or list of Python floats or ints, finite and
within the precision's range); anything else goes through ``ode._check``, which raises the documented errors,
so both paths and both backends report bad input the same way.
"""

cimport cython
cimport numpy as cnp
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.pythread cimport (NOWAIT_LOCK, WAIT_LOCK, PyThread_acquire_lock, PyThread_allocate_lock,
                               PyThread_free_lock, PyThread_release_lock, PyThread_type_lock)
from cpython.exc cimport PyErr_Clear, PyErr_Occurred
from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.math cimport INFINITY, copysign, fabs, isfinite
from libc.string cimport memset

from .boundary cimport tuple3
from .dreal cimport dReal
from .jacobian cimport _hinge_angle
from .mass cimport M_SIZE, mass_set_box, mass_set_box_total, mass_set_sphere, mass_set_sphere_total
from .step cimport Workspace, damp_rows, restore_rows, save_rows, step_rows
from .layout cimport *

import numbers

import numpy as np

from ode import _check, rand
from ode.errors import ODEError

cnp.import_array()

cdef extern from "pythread.h":
    unsigned long _thread_ident "PyThread_get_thread_ident"() noexcept
    int _acquire_timed "PyThread_acquire_lock_timed"(PyThread_type_lock, long long, int) noexcept nogil

cdef extern from "Python.h":
    # declared without Cython's error check: _number clears a conversion error itself and takes the slow path
    double _long_as_double "PyLong_AsDouble"(object) noexcept
    void _gc_track "PyObject_GC_Track"(object) noexcept
    void _gc_untrack "PyObject_GC_UnTrack"(object) noexcept
    bint _gc_tracked "PyObject_GC_IsTracked"(object) noexcept

cdef extern from "group_gc.h":
    # the joint group's collector traversal adopting the contact-joint handles only it holds (see there)
    int ode_group_gc_install(PyTypeObject* group_type, Py_ssize_t list_offset) noexcept
    int ode_group_gc_adopt(PyTypeObject* handle_type, const Py_ssize_t* offsets, int count) noexcept

cdef double REAL_MAX = 3.4028234663852886e38 if sizeof(dReal) == 4 else 1.7976931348623157e308
cdef double _MIN_STEP = _check.MIN_STEP     # the smallest step size whose reciprocal is finite
cdef int NPARAMS = 14                  # ODE 0.16 parameter numbers 0 .. 13 in each group
cdef int P_FMAX = 5
cdef int P_FUDGE = 6


# The collide passes that cleaned geoms so far (see bind_moved): a body or world whose last move was told
# to ode.geoms in this epoch has no clean geom left, so its next move need not be told.
cdef long long _CLEAN_EPOCH = 1


# ---------------------------------------------------------------- argument conversion

cdef inline bint _number(object x, double* out) noexcept:
    """True and the value when x is exactly a Python float or int that converts without error."""
    if type(x) is float:
        out[0] = PyFloat_AS_DOUBLE(x)
        return True
    if type(x) is int:
        out[0] = _long_as_double(x)
        if out[0] == -1.0 and PyErr_Occurred() != NULL:
            PyErr_Clear()
            return False
        return True
    return False


cdef int _vec(str name, object value, int n, double* out) except -1:
    """n finite reals from ``value`` into out; the general check (and its errors) when the fast path fails."""
    cdef Py_ssize_t i
    cdef double x
    cdef object item
    cdef bint ok = False
    if type(value) is tuple and PyTuple_GET_SIZE(value) == n:
        ok = True
        for i in range(n):
            item = <object>PyTuple_GET_ITEM(value, i)
            if not _number(item, &out[i]) or not fabs(out[i]) <= REAL_MAX:
                ok = False
                break
    elif type(value) is list and PyList_GET_SIZE(value) == n:
        ok = True
        for i in range(n):
            item = <object>PyList_GET_ITEM(value, i)
            if not _number(item, &out[i]) or not fabs(out[i]) <= REAL_MAX:
                ok = False
                break
    if not ok:
        checked = _check.vec(name, value, n)
        for i in range(n):
            out[i] = checked[i]
    return 0


# ---------------------------------------------------------------- locks

@cython.auto_pickle(False)
cdef class ReentrantLock:
    """The re-entrant lock of every world and of the geom store: threading.RLock's semantics (acquire /
    release, blocking and timeout, the with statement, owner and count per thread), with a C entry (take /
    give) for the compiled types.

    The owner, count and number of waiting threads are read and written only with the GIL held, so a
    lock nobody holds is taken by setting them, with no atomic operation and no clock read (a PyThread
    lock's try-acquire reads the clock, which costs more than the rest of a small collide). Only a thread
    that finds the lock held by another touches the turnstile, a PyThread lock kept acquired: it counts
    itself as a waiter and blocks on the turnstile without the GIL; the last release of a holder that
    sees waiters opens the turnstile once, and the woken waiter becomes the owner. While such a hand-over
    is pending the lock is not free (waiters > 0), so no newcomer overtakes the queue. This relies on the
    GIL: the package is built for interpreters that have one."""

    # fields and the C entry's declarations are in handles.pxd

    def __cinit__(self):
        self._turnstile = PyThread_allocate_lock()
        if self._turnstile == NULL:
            raise MemoryError("cannot allocate a lock")
        PyThread_acquire_lock(self._turnstile, NOWAIT_LOCK)     # closed: waiters block on it

    def __dealloc__(self):
        if self._turnstile != NULL:
            PyThread_free_lock(self._turnstile)

    cdef bint _mine(self, unsigned long me) noexcept:
        return self._count != 0 and self._owner == me

    cdef bint _queue(self, unsigned long me, long long us) except -1:
        """Wait for the lock held by another thread, at most ``us`` microseconds (-1: without limit), without
        the GIL; True when this thread became the owner."""
        cdef int got
        self._waiters += 1
        with nogil:
            got = _acquire_timed(self._turnstile, us, 0) == 1
        if not got:
            # a release may have opened the turnstile after the wait timed out: take that hand-over
            got = PyThread_acquire_lock(self._turnstile, NOWAIT_LOCK)
        self._waiters -= 1
        if got:
            self._owner = me
            self._count = 1
        return got

    cdef int take(self) except -1:
        """Acquire, waiting (without the GIL) while another thread holds the lock."""
        cdef unsigned long me = _thread_ident()
        if self._count == 0:
            if self._waiters == 0:
                self._owner = me
                self._count = 1
                return 0
        elif self._owner == me:
            self._count += 1
            return 0
        self._queue(me, -1)
        return 0

    cdef int give(self) except -1:
        """Release once (RuntimeError when this thread does not hold the lock, as RLock)."""
        if not self._mine(_thread_ident()):
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if self._count == 0:
            self._owner = 0
            if self._waiters:
                PyThread_release_lock(self._turnstile)         # hand the lock to one waiter
        return 0

    def acquire(self, blocking=True, timeout=-1):
        """Acquire the lock (re-entrant); with ``blocking`` False or a ``timeout`` >= 0 in seconds, True only
        when it was acquired."""
        cdef unsigned long me = _thread_ident()
        cdef double t = timeout
        if not blocking:
            if t != -1:
                raise ValueError("can't specify a timeout for a non-blocking call")
        elif t < 0 and t != -1:
            raise ValueError("timeout value must be positive")
        if self._mine(me):
            self._count += 1
            return True
        if self._count == 0 and self._waiters == 0:
            self._owner = me
            self._count = 1
            return True
        if not blocking:
            return False
        return bool(self._queue(me, -1 if t < 0 else <long long>(t * 1e6)))

    def release(self):
        """Release once."""
        self.give()

    def __enter__(self):
        self.take()
        return True

    def __exit__(self, *exc):
        self.give()

    def _is_owned(self):
        """True when this thread holds the lock."""
        return self._mine(_thread_ident())

    def __repr__(self):
        return f"<ode ReentrantLock owner={self._owner} count={self._count}>"


cdef inline int _enter(object lock) except -1:
    """Enter a lock: a ReentrantLock without a Python call, any other lock object through acquire()."""
    if type(lock) is ReentrantLock:
        return (<ReentrantLock>lock).take()
    lock.acquire()
    return 0


cdef inline int _leave(object lock) except -1:
    if type(lock) is ReentrantLock:
        return (<ReentrantLock>lock).give()
    lock.release()
    return 0


# ---------------------------------------------------------------- rows

cdef int _bump(list generation, Py_ssize_t s) except -1:
    """generation[s] += 1."""
    generation[s] = <long><object>PyList_GET_ITEM(generation, s) + 1
    return 0


@cython.auto_pickle(False)
cdef class SlotsBase:
    """The storage behind handles: a real and an int array of rows, their generations, the free rows, and the
    arrays' data pointers.

    ``count`` bounds the rows in use: rows [0, count) hold every live row, and freed rows at the end are
    dropped from it at once, so kernels that scan [0, count) cost what the live rows cost, not what the most
    rows ever held cost. ``generation`` keeps an entry for every row ever used (also beyond ``count``): it is
    bumped when a row is freed and again when it is reused, so it is even exactly for live rows and a handle
    holding an older generation is detected. Freed rows wait in a binary min-heap (C memory), so the lowest is
    reused first at O(log n); entries at or above ``count`` are stale (those rows were dropped) and are
    discarded when reached. Every row at or past ``zeroed_from`` is zero in both arrays (never written
    since the arrays were made or grown): a new handle's row there needs no zeroing, so a world that keeps
    adding joints writes each fresh row once. ``real`` and ``ints`` are properties, so the pointers the
    handle types read stay current whenever the arrays are replaced or resized (in the subclass's
    ``_grow``).
    Structural changes hold ``lock`` (a re-entrant lock; ``take`` leaves that to its caller). The fields are
    declared in handles.pxd, so other kernels (geom_handles) read the pointers too.
    """

    def __cinit__(self):
        self.generation = []
        self.heap = NULL
        self.nfree = self.capfree = 0
        self.zeroed_from = 0

    def __dealloc__(self):
        PyMem_Free(self.heap)

    @property
    def real(self):
        """The (rows, columns) real array."""
        return self._real

    @real.setter
    def real(self, arr):
        cdef cnp.ndarray a = arr
        if a.ndim != 2 or a.dtype.itemsize != sizeof(dReal) or a.dtype.kind != "f" \
                or not a.flags.c_contiguous:
            raise ValueError("row storage needs a C-contiguous 2-D array of this build's real type")
        self._real = a
        self.rdata = <dReal*>cnp.PyArray_DATA(a)
        self.rw = a.shape[1]
        self.zeroed_from = max(self.zeroed_from, a.shape[0])   # a given array's rows are not known zero

    @property
    def ints(self):
        """The (rows, columns) int32 array."""
        return self._ints

    @ints.setter
    def ints(self, arr):
        cdef cnp.ndarray a = arr
        if a.ndim != 2 or a.dtype.itemsize != sizeof(int) or a.dtype.kind != "i" \
                or not a.flags.c_contiguous:
            raise ValueError("row storage needs a C-contiguous 2-D int32 array")
        self._ints = a
        self.idata = <int*>cnp.PyArray_DATA(a)
        self.iw = a.shape[1]
        self.zeroed_from = max(self.zeroed_from, a.shape[0])

    @property
    def _free(self):
        """The freed rows waiting for reuse (a sorted copy, for inspection)."""
        return sorted([self.heap[i] for i in range(self.nfree)])

    # ---- the heap of free rows
    cdef int _push(self, Py_ssize_t row) except -1:
        cdef Py_ssize_t i, parent
        cdef Py_ssize_t* grown
        if self.nfree == self.capfree:
            grown = <Py_ssize_t*>PyMem_Realloc(self.heap, (2 * self.capfree + 16) * sizeof(Py_ssize_t))
            if grown == NULL:
                raise MemoryError()
            self.heap = grown
            self.capfree = 2 * self.capfree + 16
        i = self.nfree
        self.nfree += 1
        while i > 0:
            parent = (i - 1) >> 1
            if self.heap[parent] <= row:
                break
            self.heap[i] = self.heap[parent]
            i = parent
        self.heap[i] = row
        return 0

    cdef Py_ssize_t _pop(self) noexcept:
        cdef Py_ssize_t top = self.heap[0]
        cdef Py_ssize_t last, i = 0, child
        self.nfree -= 1
        last = self.heap[self.nfree]
        while True:
            child = 2 * i + 1
            if child >= self.nfree:
                break
            if child + 1 < self.nfree and self.heap[child + 1] < self.heap[child]:
                child += 1
            if self.heap[child] >= last:
                break
            self.heap[i] = self.heap[child]
            i = child
        if self.nfree:
            self.heap[i] = last
        return top

    # ---- rows
    cdef Py_ssize_t take_row(self) except -1:
        """A row for a new handle, not zeroed (lowest freed row first, else the next one past count)."""
        cdef bint fresh
        return self._take(&fresh)

    cdef Py_ssize_t take_zeroed(self) except -1:
        """take_row, the row zeroed unless it lies at or past zeroed_from (zero already)."""
        cdef bint fresh
        cdef Py_ssize_t slot = self._take(&fresh)
        if not fresh:
            self._zero(slot)
        return slot

    cdef Py_ssize_t _take(self, bint* fresh) except -1:
        """take_row; fresh tells whether the row was zero (at or past zeroed_from, which moves past it)."""
        cdef Py_ssize_t slot
        fresh[0] = False
        if self.nfree:
            if self.heap[0] < self.count:
                slot = self._pop()
                _bump(self.generation, slot)
                return slot
            self.nfree = 0               # the lowest entry is stale, so all are
        slot = self.count
        if slot >= (<cnp.ndarray>self._real).shape[0] or slot >= (<cnp.ndarray>self._ints).shape[0]:
            self._grow()
        self.count += 1
        if slot < PyList_GET_SIZE(self.generation):
            _bump(self.generation, slot)  # a row dropped from count earlier: a new generation
        else:
            self.generation.append(0)
        if slot >= self.zeroed_from:
            fresh[0] = True
            self.zeroed_from = slot + 1
        return slot

    cdef int _zero(self, Py_ssize_t s) except -1:
        memset(self.rdata + s * self.rw, 0, self.rw * sizeof(dReal))
        memset(self.idata + s * self.iw, 0, self.iw * sizeof(int))
        return 0

    cdef int _check_row(self, Py_ssize_t s) except -1:
        if s < 0 or s >= (<cnp.ndarray>self._real).shape[0] or s >= PyList_GET_SIZE(self.generation):
            raise IndexError(f"row {s} out of range")
        return 0

    cdef int _trim(self) except -1:
        """Lower count past the freed rows at its end (an odd generation marks a freed row)."""
        cdef Py_ssize_t n = self.count
        while n and (<long><object>PyList_GET_ITEM(self.generation, n - 1)) & 1:
            n -= 1
        self.count = n
        return 0

    def take(self):
        """A row for a new handle, not zeroed: for callers that overwrite the whole row at once (they hold
        ``lock`` while they take and write the row)."""
        return self.take_row()

    def take_many(self, Py_ssize_t k):
        """k rows in take()'s order (lowest freed first, then rows past count), not zeroed."""
        _enter(self.lock)
        try:
            return [self.take_row() for _ in range(k)]
        finally:
            _leave(self.lock)

    def take_rows(self, Py_ssize_t k):
        """take_many(k) as an intp array. Without a free row below ``count`` (the usual case once the
        previous batch was released) the rows are the range [count, count + k), taken at once."""
        cdef Py_ssize_t n, end, old, s
        _enter(self.lock)
        try:
            if self.nfree and self.heap[0] < self.count:
                return np.array([self.take_row() for _ in range(k)], dtype=np.intp)
            self.nfree = 0                   # every entry is stale (at or above count)
            n = self.count
            end = n + k
            while end > (<cnp.ndarray>self._real).shape[0] or end > (<cnp.ndarray>self._ints).shape[0]:
                self._grow()
            old = min(end, PyList_GET_SIZE(self.generation))
            for s in range(n, old):          # rows dropped from count earlier: a new generation
                _bump(self.generation, s)
            for s in range(old, end):
                self.generation.append(0)
            self.count = end
            self.zeroed_from = max(self.zeroed_from, end)
            return np.arange(n, end, dtype=np.intp)
        finally:
            _leave(self.lock)

    def release_range(self, Py_ssize_t start, Py_ssize_t stop):
        """release_many(range(start, stop)) for rows that are all live. When they end at ``count`` they are
        dropped from it at once and only their int rows are zeroed (alive 0): every row past ``count`` is
        written whole or zeroed when it is taken again, and growth copies only [0, count). Otherwise they are
        zeroed and wait in the free heap, as release_many."""
        cdef Py_ssize_t s
        if start >= stop:
            return
        _enter(self.lock)
        try:
            self._check_row(start)
            self._check_row(stop - 1)
            memset(self.idata + start * self.iw, 0, (stop - start) * self.iw * sizeof(int))
            for s in range(start, stop):
                _bump(self.generation, s)
            if stop == self.count:
                self.count = start
                self._trim()
            else:
                memset(self.rdata + start * self.rw, 0, (stop - start) * self.rw * sizeof(dReal))
                for s in range(start, stop):
                    self._push(s)
        finally:
            _leave(self.lock)

    def allocate(self):
        """A zeroed row for a new handle, the arrays grown when full."""
        cdef Py_ssize_t slot
        _enter(self.lock)
        try:
            return self.take_zeroed()
        finally:
            _leave(self.lock)

    def release(self, Py_ssize_t slot):
        """Free a row: zeroed, its generation bumped (handles to it see they are stale), reusable."""
        _enter(self.lock)
        try:
            self._check_row(slot)
            self._zero(slot)
            _bump(self.generation, slot)
            self._push(slot)
            if slot == self.count - 1:
                self._trim()
        finally:
            _leave(self.lock)

    def release_many(self, slots):
        """release() for many rows at once."""
        self.release_list(list(slots))

    cdef int release_list(self, list slots) except -1:
        """release_many for a list of rows (the C entry of JointGroup.empty)."""
        cdef Py_ssize_t s
        if not slots:
            return 0
        _enter(self.lock)
        try:
            for s in slots:
                self._check_row(s)
            for s in slots:
                self._zero(s)
                _bump(self.generation, s)
                self._push(s)
            self._trim()
        finally:
            _leave(self.lock)
        return 0


cdef inline bint _live(SlotsBase rows, Py_ssize_t s, long gen, int alive_col) noexcept:
    """True when row s is in use by the handle of generation gen."""
    if rows is None or s < 0 or s >= rows.count or s >= PyList_GET_SIZE(rows.generation):
        return False
    if <long><object>PyList_GET_ITEM(rows.generation, s) != gen:
        return False
    return rows.idata[s * rows.iw + alive_col] != 0


# ---------------------------------------------------------------- bodies

@cython.auto_pickle(False)
cdef class BodyBase:
    """The compiled part of ode.Body: its handle and the per-step accessors."""

    cdef public object _world
    cdef public SlotsBase _rows
    cdef public Py_ssize_t _slot
    cdef public long _gen
    cdef public long long _moved_epoch  # _CLEAN_EPOCH when its last move was told (all its geoms dirty)

    cdef inline Py_ssize_t _slot_checked(self) except -1:
        if not _live(self._rows, self._slot, self._gen, BI_ALIVE):
            raise ODEError("this body has been destroyed")
        return self._slot

    def _live_slot(self):
        """This body's row, or ODEError when the body was destroyed."""
        return self._slot_checked()

    cdef dReal* _ptr(self) except NULL:
        """The body's real row."""
        self._slot_checked()
        return self._rows.rdata + self._slot * self._rows.rw

    cdef int _store3(self, int col, str name, object value) except -1:
        cdef double v[3]
        _vec(name, value, 3, v)
        cdef dReal* r = self._ptr()
        r[col] = <dReal>v[0]
        r[col + 1] = <dReal>v[1]
        r[col + 2] = <dReal>v[2]
        return 0

    cdef int _add3(self, int col, str name, object value) except -1:
        cdef double v[3]
        _vec(name, value, 3, v)
        cdef dReal* r = self._ptr()
        r[col] = <dReal>(<double>r[col] + v[0])
        r[col + 1] = <dReal>(<double>r[col + 1] + v[1])
        r[col + 2] = <dReal>(<double>r[col + 2] + v[2])
        return 0

    def getPosition(self):
        """The position of the centre of mass."""
        return tuple3(self._ptr() + B_POS)

    def setPosition(self, pos):
        """Set the position of the centre of mass (its geoms move: see ``bind_moved``)."""
        self._store3(B_POS, "pos", pos)
        if self._moved_epoch != _CLEAN_EPOCH and _BODY_MOVED is not None:
            _BODY_MOVED(self)

    def _moved(self):
        """Tell the spaces that this body's geoms moved (dGeomMoved of each: see ``bind_moved``); only a
        clean geom changes its place, so nothing is told while none is."""
        if self._moved_epoch != _CLEAN_EPOCH and _BODY_MOVED is not None:
            _BODY_MOVED(self)

    def getRotation(self):
        """The rotation matrix as 9 numbers, row-major."""
        cdef dReal* r = self._ptr() + B_R
        return (<double>r[0], <double>r[1], <double>r[2], <double>r[3], <double>r[4], <double>r[5],
                <double>r[6], <double>r[7], <double>r[8])

    def getQuaternion(self):
        """The orientation quaternion (w, x, y, z)."""
        cdef dReal* r = self._ptr() + B_Q
        return (<double>r[0], <double>r[1], <double>r[2], <double>r[3])

    def getLinearVel(self):
        """The linear velocity."""
        return tuple3(self._ptr() + B_LVEL)

    def setLinearVel(self, vel):
        """Set the linear velocity of the centre of mass."""
        self._store3(B_LVEL, "vel", vel)

    def getAngularVel(self):
        """The angular velocity (world frame)."""
        return tuple3(self._ptr() + B_AVEL)

    def setAngularVel(self, vel):
        """Set the angular velocity (world frame)."""
        self._store3(B_AVEL, "vel", vel)

    def addForce(self, f):
        """Add a force (world frame) at the centre of mass."""
        self._add3(B_FACC, "f", f)

    def addTorque(self, t):
        """Add a torque (world frame)."""
        self._add3(B_TACC, "t", t)

    def getForce(self):
        """The force accumulator (zeroed after every step)."""
        return tuple3(self._ptr() + B_FACC)

    def setForce(self, f):
        """Set the force accumulator."""
        self._store3(B_FACC, "f", f)

    def getTorque(self):
        """The torque accumulator (zeroed after every step)."""
        return tuple3(self._ptr() + B_TACC)

    def setTorque(self, t):
        """Set the torque accumulator."""
        self._store3(B_TACC, "t", t)


# ---------------------------------------------------------------- joints

@cython.auto_pickle(False)
cdef class JointBase:
    """The compiled part of ode.Joint: its handle, parameters, feedback and the hinge angle."""

    cdef public object _world
    cdef public SlotsBase _rows
    cdef public SlotsBase _body_rows
    cdef public Py_ssize_t _slot
    cdef public long _gen
    cdef object _body1                 # the bodies as the user attached them: two fields, not a tuple,
    cdef object _body2                 # so a contact joint is one object for the cyclic collector
    cdef public object _group          # the JointGroup holding the joint, or None
    cdef public object _data           # setData's object
    cdef double _cn[3]                 # a contact joint's normal as given (before an attach may flip it)
    cdef bint _has_cn                  # whether _cn holds one
    cdef int _ngroups                  # parameter groups (0: setParam refuses every parameter)
    cdef unsigned long long _pmask     # bit 16 * group + number: a parameter the joint stores
    cdef Py_ssize_t _loose             # 1 + its slot in the world's table of loose contact joints, or 0

    def __dealloc__(self):
        if self._loose:
            _loose_drop(self)

    def _unloose(self):
        """Take a loose contact joint out of its world's table and give it back to the cyclic collector
        (a snapshot's restore retiring it from its group)."""
        _unloose(self)

    def _pin(self):
        """Make a loose contact joint (one only its group holds, see WorldBase) an ordinary joint: kept by
        its world, tracked by the cyclic collector. Called before user data is stored on it."""
        if not self._loose:
            return
        _unloose(self)
        w = self._world
        if isinstance(w, WorldBase) and (<WorldBase>w)._objects is not None and self._slot >= 0:
            (<WorldBase>w)._objects[self._slot] = self

    cdef inline Py_ssize_t _slot_checked(self) except -1:
        if not _live(self._rows, self._slot, self._gen, JI_ALIVE):
            raise ODEError("this joint has been destroyed")
        return self._slot

    @property
    def _bodies(self):
        """(body1, body2) as the user attached them (None for the environment)."""
        return (self._body1, self._body2)

    @_bodies.setter
    def _bodies(self, value):
        self._body1, self._body2 = value

    @property
    def _normal(self):
        """A contact joint's normal as given (None before one is set), kept as C doubles."""
        return (self._cn[0], self._cn[1], self._cn[2]) if self._has_cn else None

    @_normal.setter
    def _normal(self, value):
        if value is None:
            self._has_cn = False
            return
        cdef double n[3]
        if not _vec3_fast(value, n):
            n[0], n[1], n[2] = _check.vec("normal", value)
        self._cn[0], self._cn[1], self._cn[2] = n[0], n[1], n[2]
        self._has_cn = True

    def _live_slot(self):
        """This joint's row, or ODEError when the joint was destroyed."""
        return self._slot_checked()

    cdef int* _iptr(self) except NULL:
        self._slot_checked()
        return self._rows.idata + self._slot * self._rows.iw

    def _set_param_table(self, int groups, unsigned long long mask):
        """Record which parameters this joint has: ``groups`` parameter groups, and bit 16 * group + number
        of ``mask`` for each parameter it keeps (others are accepted and read as 0)."""
        self._ngroups = groups
        self._pmask = mask

    def _param_index(self, param):
        """(group, number) of a parameter constant, or TypeError / ValueError for one this joint lacks."""
        cdef int group, number
        _param(self, param, &group, &number)
        return group, number

    def setParam(self, param, value):
        """Set a limit/motor/ERP/CFM parameter (ode.Param* constants, ParamX2 / ParamX3 for other axes)."""
        cdef int group, number
        cdef double v
        _param(self, param, &group, &number)
        if not _number(value, &v) or v != v:
            v = _check.real_or_inf("value", value)
        elif fabs(v) > REAL_MAX:
            v = copysign(INFINITY, v)
        if not (self._pmask >> (16 * group + number)) & 1:
            return
        if number == P_FMAX and not v >= 0.0:
            return
        if number == P_FUDGE and not 0.0 <= v <= 1.0:
            return
        self._slot_checked()
        self._rows.rdata[self._slot * self._rows.rw + J_PARAM + J_PARAM_GROUP * group + number] = <dReal>v

    def getParam(self, param):
        """A parameter's value (0 for parameters this joint type does not use, as libode)."""
        cdef int group, number
        _param(self, param, &group, &number)
        self._slot_checked()
        return <double>self._rows.rdata[self._slot * self._rows.rw + J_PARAM + J_PARAM_GROUP * group + number]

    def getFeedback(self):
        """((force1), (torque1), (force2), (torque2)) applied in the last step, or None if not requested."""
        cdef int* ji = self._iptr()
        if not ji[JI_FEEDBACK]:
            return None
        cdef dReal* r = self._rows.rdata + self._slot * self._rows.rw + J_FB
        return (tuple3(r), tuple3(r + 3), tuple3(r + 6), tuple3(r + 9))

    def _hinge_angle(self):
        """The hinge angle in (-pi, pi], zero at the pose of the last setAxis/setAnchor/attach."""
        cdef int* ji = self._iptr()
        if ji[JI_B1] < 0:
            return 0.0
        cdef SlotsBase b = self._body_rows
        cdef double a = <double>_hinge_angle(self._rows.idata, self._rows.rdata, <int>self._slot, b.rdata)
        return -a if ji[JI_FLAGS] & JF_REVERSE else a


cdef int _param(JointBase joint, object param, int* group, int* number) except -1:
    """Split a parameter constant into (group, number), or TypeError / ValueError for one the joint lacks."""
    cdef int overflow = 0
    cdef long long p
    if type(param) is not int:
        if isinstance(param, bool) or not isinstance(param, numbers.Integral):
            raise TypeError(f"param must be an int (an ode.Param* constant), not {type(param).__name__}")
        param = int(param)
    p = PyLong_AsLongLongAndOverflow(param, &overflow)
    cdef int groups = joint._ngroups
    if overflow or p < 0 or (p >> 8) >= groups or (p & 0xFF) >= NPARAMS:
        raise ValueError(f"{type(joint).__name__} has no parameter {param:#x}")
    group[0] = <int>(p >> 8)
    number[0] = <int>(p & 0xFF)
    return 0



# ---------------------------------------------------------------- masses

cdef inline double _positive(str name, object value) except? -1.0:
    """A finite real > 0, through ode._check.positive (and its errors) when the fast path fails."""
    cdef double x
    if _number(value, &x) and x > 0.0 and x < INFINITY:
        return x
    return _check.positive(name, value)


cdef tuple _mass_tuple(const dReal* m):
    """The 13 mass values as a tuple of Python floats."""
    cdef tuple out = PyTuple_New(M_SIZE)
    cdef object x
    for i in range(M_SIZE):
        if not isfinite(m[i]):          # an overflowing size or density: the shared check raises
            _check.mass_values(tuple([<double>m[k] for k in range(M_SIZE)]))
    for i in range(M_SIZE):
        x = <double>m[i]
        Py_INCREF(x)
        PyTuple_SET_ITEM(out, i, x)
    return out


@cython.auto_pickle(False)
cdef class MassBase:
    """The compiled part of ode.Mass: the 13 mass values and the common shape setters."""

    cdef public tuple _m

    def setSphere(self, density, radius):
        """A solid sphere of the given density and radius centred at the body origin."""
        cdef dReal m[M_SIZE]
        cdef double d = _positive("density", density)
        mass_set_sphere(m, <dReal>d, <dReal>_positive("radius", radius))
        self._m = _mass_tuple(m)

    def setSphereTotal(self, total_mass, radius):
        """A solid sphere of the given total mass and radius centred at the body origin."""
        cdef dReal m[M_SIZE]
        cdef double t = _positive("total_mass", total_mass)
        mass_set_sphere_total(m, <dReal>t, <dReal>_positive("radius", radius))
        self._m = _mass_tuple(m)

    def setBox(self, density, lx, ly, lz):
        """A solid box of the given density with side lengths lx, ly, lz, centred at the body origin."""
        cdef dReal m[M_SIZE]
        cdef double d = _positive("density", density)
        cdef double x = _positive("lx", lx)
        cdef double y = _positive("ly", ly)
        mass_set_box(m, <dReal>d, <dReal>x, <dReal>y, <dReal>_positive("lz", lz))
        self._m = _mass_tuple(m)

    def setBoxTotal(self, total_mass, lx, ly, lz):
        """A solid box of the given total mass with side lengths lx, ly, lz."""
        cdef dReal m[M_SIZE]
        cdef double t = _positive("total_mass", total_mass)
        cdef double x = _positive("lx", lx)
        cdef double y = _positive("ly", ly)
        mass_set_box_total(m, <dReal>t, <dReal>x, <dReal>y, <dReal>_positive("lz", lz))
        self._m = _mass_tuple(m)


# ---------------------------------------------------------------- moves

cdef object _BODY_MOVED = None          # called with a body whose pose was set
cdef object _STEP_MOVED = None          # called with a world's state after each step


def note_clean():
    """A collide pass cleaned geoms: moves of bodies are told to ode.geoms again (see bind_moved)."""
    global _CLEAN_EPOCH
    _CLEAN_EPOCH += 1


def clean_epoch():
    """The number of the present clean epoch (see note_clean)."""
    return _CLEAN_EPOCH


def bind_moved(body_moved, step_moved):
    """Bind the functions told about moves (by ode.geoms, which keeps the spaces' list order):
    ``body_moved(body)`` after a body's pose is set and ``step_moved(state)`` after a step (BI_MOVED
    then holds the bodies' integration order; it returns whether a geom of the world's bodies stayed
    clean). Neither is called while nothing was cleaned since the body's or world's last told move."""
    global _BODY_MOVED, _STEP_MOVED
    _BODY_MOVED, _STEP_MOVED = body_moved, step_moved


# ---------------------------------------------------------------- worlds

@cython.auto_pickle(False)
cdef class WorldBase:
    """The compiled part of ode.World: step and quickStep as one C call each, the checks around them in C.

    The step itself is the step kernel's; before it, the largest auto-disable sample count decides whether
    the world's sample buffer is needed; after it, one pass over the bodies finds whether any moved with a
    non-finite state, has a moved callback or damps, and only then does the Python part of World run.
    """

    cdef public object _state
    cdef object _cached               # the state the fields below were read from
    cdef SlotsBase _B
    cdef SlotsBase _J
    cdef cnp.ndarray _wreal
    cdef Workspace _ws
    cdef object _lk
    cdef dict _objects                # slot -> joint: the world keeps its joints alive
    cdef dict _callbacks              # slot -> moved callback (the state's dict, never replaced)
    cdef public long long _moved_epoch  # _CLEAN_EPOCH when a step left no geom of its bodies clean
    cdef PyObject** _loose            # slot -> loose contact joint (borrowed: each clears its entry)
    cdef Py_ssize_t _nloose           # the table's length
    cdef object _noted                # the joint group last told to the state (snapshots find it)

    def __dealloc__(self):
        PyMem_Free(self._loose)

    cdef int _loose_add(self, JointBase joint, Py_ssize_t slot) except -1:
        """Enter ``joint`` (a contact joint only its group holds) in the loose table: the world finds it
        there by slot without keeping it alive."""
        cdef Py_ssize_t n = self._nloose, grown
        cdef PyObject** table
        if slot >= n:
            grown = max(2 * n, slot + 64)
            table = <PyObject**>PyMem_Realloc(self._loose, grown * sizeof(PyObject*))
            if table == NULL:
                raise MemoryError()
            memset(table + n, 0, (grown - n) * sizeof(PyObject*))
            self._loose, self._nloose = table, grown
        self._loose[slot] = <PyObject*>joint
        joint._loose = slot + 1
        return 0

    def _loose_joints(self):
        """slot -> loose contact joint, for every entry of the table (pickling a world saves them with the
        joints it keeps)."""
        cdef Py_ssize_t s
        return {s: <object>self._loose[s] for s in range(self._nloose) if self._loose[s] != NULL}

    def _joint_object(self, Py_ssize_t slot):
        """The joint object of row ``slot``: the one the world keeps, or the loose contact joint there
        (None for a row without one, such as a native contact joint's)."""
        j = self._objects.get(slot) if self._objects is not None else self._state.joint_objects.get(slot)
        if j is None and 0 <= slot < self._nloose and self._loose[slot] != NULL:
            j = <object>self._loose[slot]
            if (<JointBase>j)._slot != slot or not _live((<JointBase>j)._rows, slot, (<JointBase>j)._gen,
                                                          JI_ALIVE):
                return None             # (a row the joint no longer holds)
        return j

    def step(self, stepsize):
        """Advance the world by ``stepsize`` seconds with the accurate (LCP) stepper, dWorldStep.

        The step is atomic: when it raises (a non-finite state, a hinge-2 joint with parallel axes, memory),
        bodies, joints, auto-disable state and the dRand seed are left exactly as they were. Moved callbacks
        run after the step has succeeded: an exception from one propagates with the step already taken."""
        self._advance(stepsize, False)

    def quickStep(self, stepsize):
        """Advance the world by ``stepsize`` seconds with the iterative SOR stepper, dWorldQuickStep (atomic
        as ``step``: a step that raises leaves the world and the dRand seed as they were)."""
        self._advance(stepsize, True)

    cdef int _refresh(self) except -1:
        """Read the state's rows, parameters, workspace and lock once (a world keeps them for its life)."""
        st = self._state
        self._B = st.bodies
        self._J = st.joints
        self._wreal = st.wreal
        self._ws = st.workspace
        self._lk = st.lock
        self._objects = st.joint_objects
        self._callbacks = st.moved_callbacks
        self._noted = None
        if cnp.PyArray_ITEMSIZE(self._wreal) != sizeof(dReal) or not cnp.PyArray_IS_C_CONTIGUOUS(self._wreal):
            raise ValueError("the world's parameter array is not of this build's real type")
        self._cached = st
        return 0

    cdef int _advance(self, object stepsize, bint quick) except -1:
        """One step holding the world's lock (re-entrant: moved callbacks may change the world), so another
        thread's structural change (new rows, grown arrays) waits until the kernel has finished with the
        rows."""
        cdef double h
        if type(stepsize) is float and _MIN_STEP <= <double>stepsize <= REAL_MAX:
            h = stepsize
        else:
            h = _check.step_size(stepsize)
        if self._cached is not self._state:
            self._refresh()
        _enter(self._lk)
        try:
            self._advance_locked(h, quick)
        finally:
            _leave(self._lk)
        return 0

    cdef int _advance_locked(self, double h, bint quick) except -1:
        """The step on the rows, atomic: what it writes is saved first and put back when it fails."""
        cdef SlotsBase B = self._B
        cdef SlotsBase J = self._J
        cdef int nb = <int>B.count
        cdef int nj = <int>J.count
        cdef int i, most = 0, S = 0, res, bad = -1
        cdef int seen[2]
        cdef dReal* sb = NULL
        cdef cnp.ndarray samples
        for i in range(nb):
            if B.idata[i * B.iw + BI_AD_AVG] > most:
                most = B.idata[i * B.iw + BI_AD_AVG]
        if most > 1:
            samples = self._sample_buffer()
            if cnp.PyArray_ITEMSIZE(samples) != sizeof(dReal) or not cnp.PyArray_IS_C_CONTIGUOUS(samples) \
                    or samples.ndim != 2 or samples.shape[0] < nb or samples.shape[1] < 6 * most \
                    or samples.shape[1] % 6:
                raise ValueError("the world's auto-disable sample buffer does not fit its bodies")
            S = samples.shape[1] // 6
            sb = <dReal*>cnp.PyArray_DATA(samples)
        cdef unsigned int seed = 0
        if quick:
            seed = <unsigned int>(rand._get() & 0xFFFFFFFF)
        cdef dReal* wr = <dReal*>cnp.PyArray_DATA(self._wreal)
        cdef Workspace ws = self._ws
        if save_rows(B.rdata, B.idata, nb, J.rdata, J.idata, nj, sb, S, ws) < 0:
            raise MemoryError("world step: out of memory")
        cdef unsigned int* sp = &seed if quick else NULL
        if nb + nj < _GIL_FREE_ROWS:      # a tiny world: releasing the GIL would cost more than the step
            res = _step_atomic(B, J, nb, nj, wr, <dReal>h, sp, sb, S, ws, &bad, seen)
        else:
            with nogil:
                res = _step_atomic(B, J, nb, nj, wr, <dReal>h, sp, sb, S, ws, &bad, seen)
        if res == -1:
            raise MemoryError("world step: out of memory")
        if res < 0:
            self._refuse_joint(-2 - res)
        if bad >= 0:
            self._refuse_body(bad)
        if quick:
            rand._put(seed)
        if seen[0]:
            if self._callbacks:
                self._after_step()
            elif seen[1]:
                damp_rows(B.rdata, B.idata, nb)
            if self._moved_epoch != _CLEAN_EPOCH and _STEP_MOVED is not None:
                epoch = _CLEAN_EPOCH
                self._moved_epoch = -1 if _STEP_MOVED(self._state) else epoch
        return 0


cdef enum:
    _GIL_FREE_ROWS = 8                 # worlds with at least this many bodies + joints step without the GIL


cdef int _step_atomic(SlotsBase B, SlotsBase J, int nb, int nj, const dReal* wr, dReal h, unsigned int* seed,
                      dReal* sb, int S, Workspace ws, int* bad, int* seen) noexcept nogil:
    """The step kernel, then the scan of the moved bodies; what the step wrote is restored when it failed
    (a negative result) or left a body non-finite (its index in bad)."""
    cdef int res = step_rows(B.rdata, B.idata, nb, J.rdata, J.idata, nj, wr, h, seed, sb, S, ws)
    if res >= 0:
        bad[0] = _scan_moved(B.rdata, B.rw, B.idata, B.iw, nb, seen)
    if res < 0 or bad[0] >= 0:
        restore_rows(B.rdata, B.idata, nb, J.rdata, J.idata, nj, sb, S, ws)
    return res


cdef int _scan_moved(const dReal* br, Py_ssize_t rw, const int* bi, Py_ssize_t iw, int nb,
                     int* seen) noexcept nogil:
    """One pass over the bodies the step moved: the first whose pose, velocities or accumulators are not
    finite (or -1); seen[0] is 1 when a body moved, seen[1] when a moved body damps."""
    cdef int i, k
    cdef dReal x
    cdef const dReal* r
    seen[0] = 0
    seen[1] = 0
    for i in range(nb):
        if bi[i * iw + BI_MOVED] == 0:
            continue
        seen[0] = 1
        if bi[i * iw + BI_DAMP] & 3:
            seen[1] = 1
        r = br + i * rw
        for k in range(B_TACC + 3):
            x = r[k]
            if not (x - x == 0.0):
                return i
    return -1


# ---------------------------------------------------------------- contacts


# The API's exact types for the contact fast paths (subclasses take the general path in Python), bound once
# by ode.joints.contact, which sits above every layer these types come from.
cdef object _World = None
cdef object _Body = None
cdef object _Contact = None
cdef object _ContactJoint = None
cdef object _JointGroup = None


def bind_api_types(world, body, contact, contact_joint, joint_group):
    """Tell the contact fast paths the API's exact classes (called once by ode.joints.contact), and the
    joint group's collector traversal which handles it adopts (group_gc.h)."""
    global _World, _Body, _Contact, _ContactJoint, _JointGroup
    _World, _Body, _Contact, _ContactJoint, _JointGroup = world, body, contact, contact_joint, joint_group
    cdef JointBase probe = JointBase.__new__(JointBase)
    cdef JointGroupBase group = JointGroupBase.__new__(JointGroupBase)
    cdef Py_ssize_t offsets[7]
    marks = [object(), SlotsBase.__new__(SlotsBase), SlotsBase.__new__(SlotsBase), object(), object(),
             object(), object()]
    probe._world, probe._rows, probe._body_rows, probe._body1, probe._body2, probe._group, probe._data = marks
    for k in range(7):
        offsets[k] = _offset_of(probe, marks[k])
    ode_group_gc_install(<PyTypeObject*>JointGroupBase, _offset_of(group, group._joints))
    ode_group_gc_adopt(<PyTypeObject*>contact_joint, offsets, 7)


cdef Py_ssize_t _offset_of(object obj, object value) except -1:
    """The byte offset of the object field of ``obj`` holding ``value`` (found by address: Cython gives
    no offsetof for object fields)."""
    cdef PyObject** words = <PyObject**><PyObject*>obj
    cdef object kind = type(obj)
    cdef Py_ssize_t i, n = (<PyTypeObject*>kind).tp_basicsize // sizeof(PyObject*)
    for i in range(n):
        if words[i] == <PyObject*>value:
            return i * sizeof(PyObject*)
    raise RuntimeError(f"no field of {type(obj).__name__} holds the probe value")


cdef int _set3(str name, object value, double* field) except -1:
    """Three checked finite reals into field, which is left as it was when the value is refused."""
    cdef double v[3]
    _vec(name, value, 3, v)
    field[0], field[1], field[2] = v[0], v[1], v[2]
    return 0


cdef double _field_real(str name, object value) except? -1.0:
    """A contact field's value: a real number (infinities allowed, as the setters allow them for mu), or
    TypeError naming the field; the setters check the ranges."""
    cdef double v
    if _number(value, &v):
        return v
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


cdef int _field_mode(object value) except? -1:
    """The contact mode field: ODE's flag bits (0 .. 0xFFFF), or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"mode must be an int, not {type(value).__name__}")
    if not 0 <= value < 0x10000:
        raise ValueError(f"mode {int(value):#x} is not a set of ODE contact mode flags")
    return <int>value


@cython.auto_pickle(False)
cdef class ContactBase:
    """The compiled part of ode.Contact: the contact point and its surface parameters as C fields, and the
    setters a near-callback calls for every contact."""

    # fields declared in handles.pxd (geom_handles fills new contacts directly)

    def __cinit__(self):
        self._mode = 0x004             # PyODE's defaults: bounce mode, infinite friction, bounce 0.1
        self._mu = INFINITY
        self._bounce = 0.1
        self._pos[0] = self._pos[1] = self._pos[2] = 0.0
        self._normal[0] = self._normal[1] = self._normal[2] = 0.0
        self._fdir1[0] = self._fdir1[1] = self._fdir1[2] = 0.0

    @property
    def pos(self):
        """The contact point (world frame); a tuple is made when it is read."""
        return (self._pos[0], self._pos[1], self._pos[2])

    @pos.setter
    def pos(self, value):
        _set3("pos", value, self._pos)

    @property
    def normal(self):
        """The unit normal, pointing into geom 1."""
        return (self._normal[0], self._normal[1], self._normal[2])

    @normal.setter
    def normal(self, value):
        _set3("normal", value, self._normal)

    @property
    def fdir1(self):
        """The first friction direction (with ContactFDir1)."""
        return (self._fdir1[0], self._fdir1[1], self._fdir1[2])

    @fdir1.setter
    def fdir1(self, value):
        _set3("fdir1", value, self._fdir1)

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        self._mode = _field_mode(value)

    @property
    def mu(self):
        return self._mu

    @mu.setter
    def mu(self, value):
        self._mu = _field_real("mu", value)

    @property
    def mu2(self):
        return self._mu2

    @mu2.setter
    def mu2(self, value):
        self._mu2 = _field_real("mu2", value)

    @property
    def bounce(self):
        return self._bounce

    @bounce.setter
    def bounce(self, value):
        self._bounce = _field_real("bounce", value)

    @property
    def bounce_vel(self):
        return self._bounce_vel

    @bounce_vel.setter
    def bounce_vel(self, value):
        self._bounce_vel = _field_real("bounce_vel", value)

    @property
    def soft_erp(self):
        return self._soft_erp

    @soft_erp.setter
    def soft_erp(self, value):
        self._soft_erp = _field_real("soft_erp", value)

    @property
    def soft_cfm(self):
        return self._soft_cfm

    @soft_cfm.setter
    def soft_cfm(self, value):
        self._soft_cfm = _field_real("soft_cfm", value)

    @property
    def motion1(self):
        return self._motion1

    @motion1.setter
    def motion1(self, value):
        self._motion1 = _field_real("motion1", value)

    @property
    def motion2(self):
        return self._motion2

    @motion2.setter
    def motion2(self, value):
        self._motion2 = _field_real("motion2", value)

    @property
    def motionN(self):
        return self._motionN

    @motionN.setter
    def motionN(self, value):
        self._motionN = _field_real("motionN", value)

    @property
    def slip1(self):
        return self._slip1

    @slip1.setter
    def slip1(self, value):
        self._slip1 = _field_real("slip1", value)

    @property
    def slip2(self):
        return self._slip2

    @slip2.setter
    def slip2(self, value):
        self._slip2 = _field_real("slip2", value)

    @property
    def depth(self):
        return self._depth

    @depth.setter
    def depth(self, value):
        self._depth = _field_real("depth", value)

    def getMu(self):
        """Coulomb friction coefficient (ode.Infinity: never slips)."""
        return self._mu

    def setMu(self, mu):
        """Set the friction coefficient (0 .. ode.Infinity)."""
        cdef double v
        if _number(mu, &v) and v == v:
            self._mu = v
        else:
            self._mu = _check.real_or_inf("mu", mu)

    def getBounce(self):
        """Restitution (0 .. 1), with ContactBounce."""
        return self._bounce

    def setBounce(self, b):
        """Set the restitution."""
        cdef double v
        if _number(b, &v) and fabs(v) <= REAL_MAX:
            self._bounce = v
        else:
            self._bounce = _check.real("bounce", b)

    def getMode(self):
        """The surface mode flags (ode.Contact* constants)."""
        return self._mode

    def getContactGeomParams(self):
        """(pos, normal, depth, geom1, geom2)."""
        return ((self._pos[0], self._pos[1], self._pos[2]), (self._normal[0], self._normal[1], self._normal[2]),
                self._depth, self.g1, self.g2)


cdef bint _vec3_fast(object value, double* out) noexcept:
    """True and the values when value is a tuple or list of three Python floats or ints."""
    cdef Py_ssize_t i
    if type(value) is tuple and PyTuple_GET_SIZE(value) == 3:
        for i in range(3):
            if not _number(<object>PyTuple_GET_ITEM(value, i), &out[i]):
                return False
        return True
    if type(value) is list and PyList_GET_SIZE(value) == 3:
        for i in range(3):
            if not _number(<object>PyList_GET_ITEM(value, i), &out[i]):
                return False
        return True
    return False


cdef inline bint _storable(double x) noexcept:
    """True when x stores into dReal as the general path would store it (finite beyond the single range
    overflows there, so such values take that path)."""
    return fabs(x) <= REAL_MAX or x != x or fabs(x) == INFINITY


@cython.auto_pickle(False)
cdef class ContactJointBase(JointBase):
    """The compiled part of ode.ContactJoint: construction and attach for the usual argument types (an
    ode.World, an ode.JointGroup or None, an ode.Contact; ode.Body or None), the row written in C under the
    world's lock. Anything else goes to the Python class's general path, which raises the documented
    errors."""

    def __init__(self, world, jointgroup, contact):
        """Create a contact joint from a copy of ``contact`` (later changes to it have no effect)."""
        if self._loose:                 # __init__ called again on a loose joint: it leaves the table first
            _unloose(self)
        if not _contact_init(self, world, jointgroup, contact):
            self._init_general(world, jointgroup, contact)

    def attach(self, body1, body2):
        """Attach to the two colliding bodies (None for the static environment)."""
        cdef Py_ssize_t s1 = -1, s2 = -1
        w = self._world
        if w is None:
            raise ODEError("this joint has been destroyed")
        cdef WorldBase world = _world_ready(w)
        cdef SlotsBase brows = self._body_rows
        if body1 is not None:
            s1 = _attachable(body1, w, brows)
        if body2 is not None:
            s2 = _attachable(body2, w, brows)
        if s1 == -2 or s2 == -2 or (s1 >= 0 and s1 == s2):      # unusual or bad input: the general path
            self._attach_general(body1, body2)
            return
        cdef SlotsBase rows = self._rows
        cdef int* ji
        cdef dReal* r
        cdef double n[3]
        _enter(world._lk)
        try:
            if rows is None or self._slot < 0 or self._slot >= PyList_GET_SIZE(rows.generation) \
                    or <long><object>PyList_GET_ITEM(rows.generation, self._slot) != self._gen:
                raise ODEError("this joint has been destroyed")
            if not self._has_cn:
                self._attach_general(body1, body2)
                return
            n[0], n[1], n[2] = self._cn[0], self._cn[1], self._cn[2]
            ji = rows.idata + self._slot * rows.iw
            r = rows.rdata + self._slot * rows.rw
            if s1 < 0 and s2 >= 0:             # (environment, body) is stored as (body, environment)
                ji[JI_B1] = <int>s2
                ji[JI_B2] = -1
                ji[JI_FLAGS] = ji[JI_FLAGS] | JF_REVERSE
                r[J_C_NORMAL] = <dReal>(-n[0])
                r[J_C_NORMAL + 1] = <dReal>(-n[1])
                r[J_C_NORMAL + 2] = <dReal>(-n[2])
            else:
                ji[JI_B1] = <int>s1
                ji[JI_B2] = <int>s2
                ji[JI_FLAGS] = ji[JI_FLAGS] & ~JF_REVERSE
                r[J_C_NORMAL] = <dReal>n[0]
                r[J_C_NORMAL + 1] = <dReal>n[1]
                r[J_C_NORMAL + 2] = <dReal>n[2]
            self._body1 = body1
            self._body2 = body2
        finally:
            _leave(world._lk)


cdef inline WorldBase _world_ready(object world):
    """The world with its state's rows, lock and joint table read (once per world)."""
    cdef WorldBase w = <WorldBase>world
    if w._cached is not w._state:
        w._refresh()
    return w


cdef void _loose_drop(JointBase joint) noexcept:
    """Take a loose contact joint out of its world's table (when it leaves its group, is pinned or
    freed)."""
    cdef Py_ssize_t s = joint._loose - 1
    cdef WorldBase w
    joint._loose = 0
    if s < 0 or not isinstance(joint._world, WorldBase):
        return
    w = <WorldBase>joint._world
    if s < w._nloose and w._loose[s] == <PyObject*>joint:
        w._loose[s] = NULL


cdef void _unloose(JointBase joint) noexcept:
    """Make a joint an ordinary object again: out of its world's loose table, tracked by the collector."""
    if joint._loose:
        _loose_drop(joint)
    if not _gc_tracked(joint):
        _gc_track(joint)


cdef bint _contact_init(JointBase self, object world, object jointgroup, object contact) except -1:
    """Construction of a contact joint for the usual argument types (see ContactJointBase); False when the
    arguments need the general path. A module function, not a method: the Python ContactJoint derives from
    Joint and this type alike, so the type may add no C methods of its own."""
    cdef double v[24]
    cdef int k
    cdef ContactBase c
    cdef JointGroupBase group = None
    if type(contact) is not _Contact or type(world) is not _World:
        return False
    if jointgroup is not None:
        if type(jointgroup) is not _JointGroup:
            return False
        group = <JointGroupBase>jointgroup
        if group._destroyed:
            return False
    c = <ContactBase>contact
    for k in range(3):
        v[k] = c._pos[k]
        v[3 + k] = c._normal[k]
        v[7 + k] = c._fdir1[k]
    v[6] = c._depth
    v[10] = c._mu
    v[11] = c._mu2
    v[12] = v[13] = v[14] = 0.0
    v[15] = c._bounce
    v[16] = c._bounce_vel
    v[17] = c._soft_erp
    v[18] = c._soft_cfm
    v[19] = c._motion1
    v[20] = c._motion2
    v[21] = c._motionN
    v[22] = c._slip1
    v[23] = c._slip2
    for k in range(24):
        if not _storable(v[k]):
            return False
    cdef WorldBase wb = _world_ready(world)
    cdef SlotsBase rows = wb._J
    cdef Py_ssize_t slot
    cdef dReal* r
    cdef int* ji
    _enter(wb._lk)
    try:
        slot = rows.take_zeroed()
        r = rows.rdata + slot * rows.rw
        ji = rows.idata + slot * rows.iw
        for k in range(24):
            r[J_C_POS + k] = <dReal>v[k]
        ji[JI_TYPE] = JT_CONTACT
        ji[JI_B1] = -1
        ji[JI_B2] = -1
        ji[JI_ALIVE] = 1
        ji[JI_ENABLED] = 1
        ji[JI_C_MODE] = c._mode
        self._world = world
        self._rows = rows
        self._body_rows = wb._B
        self._slot = slot
        self._gen = <long><object>PyList_GET_ITEM(rows.generation, slot)
        self._body1 = self._body2 = None
        self._data = None
        self._cn[0], self._cn[1], self._cn[2] = c._normal[0], c._normal[1], c._normal[2]
        self._has_cn = True
        self._group = group
        if group is not None and type(self) is _ContactJoint:
            group._joints.append(self)  # loose: only the group holds it (group_gc.h), the world finds it
            wb._loose_add(self, slot)
            _gc_untrack(self)
            if wb._noted is not group:
                wb._state.note_group(group)
                wb._noted = group
        else:                           # (a subclass's objects are not adopted: the world keeps them)
            wb._objects[slot] = self
            if group is not None:
                group._joints.append(self)
    finally:
        _leave(wb._lk)
    return True


cdef Py_ssize_t _attachable(object body, object world, SlotsBase brows) except -3:
    """The row of a live ode.Body of this world, or -2 for anything else (the general path decides)."""
    if type(body) is not _Body:
        return -2
    cdef BodyBase b = <BodyBase>body
    if b._world is not world or not _live(brows, b._slot, b._gen, BI_ALIVE):
        return -2
    return b._slot


@cython.auto_pickle(False)
cdef class JointGroupBase:
    """The compiled part of ode.JointGroup: its joints, and empty() releasing contact joints in bulk."""

    cdef public list _joints
    cdef public bint _destroyed

    def __cinit__(self):
        self._joints = []
        self._destroyed = False

    def __len__(self):
        return len(self._joints)

    def empty(self):
        """Destroy every joint in the group; the group stays usable. Contact joints (the thousands a
        near-callback makes) are released in bulk, per world: usually one, whose rows are read once."""
        cdef list joints = self._joints
        cdef JointBase j
        cdef Py_ssize_t s
        cdef WorldBase wb = None, first = None
        cdef list mine = None, first_rows = None
        cdef dict others = None                  # further worlds -> their contact-joint rows
        world = None
        self._joints = []
        for joint in joints:
            if type(joint) is _ContactJoint:
                j = <JointBase>joint
                s = j._slot
                if s >= 0:
                    if j._world is not world:    # the joints of a group usually share one world
                        world = j._world
                        wb = _world_ready(world)
                        if first is None:
                            first, first_rows = wb, []
                            mine = first_rows
                        elif wb is first:
                            mine = first_rows
                        else:
                            if others is None:
                                others = {}
                            mine = others.setdefault(wb, [])
                    if s < PyList_GET_SIZE(wb._J.generation) \
                            and <long><object>PyList_GET_ITEM(wb._J.generation, s) == j._gen:
                        mine.append(s)
                        if not j._loose:
                            wb._objects.pop(s, None)
                    j._slot = -1
                    j._body1 = j._body2 = None
                j._group = None
                _unloose(j)                # no longer adopted by the group: the collector walks it again
            else:
                if joint._slot >= 0:
                    try:
                        joint._release()
                    except ODEError:
                        pass
                joint._group = None
        if first is not None:
            first._J.release_list(first_rows)
        if others is not None:
            for wb, mine in others.items():
                wb._J.release_list(mine)
