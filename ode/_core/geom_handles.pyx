# cython: language_level=3
"""Compiled base type of geoms and the fast path of ode.collide: handles onto rows of the geom store.

A geom is a handle (slot, generation) onto one row of the process-wide geom store (``ode/geoms.py``
STORE.slots, a SlotsBase). ``ode.GeomObject`` derives from ``GeomBase``, so the calls a simulation makes
often (pose and AABB reads, setPosition of a free geom, getBody, isEnabled) check the handle and touch the
row through a pointer; a geom attached to a body has its pose refreshed from the body's row in C (the
collide kernel's body_pose_rec). Anything unusual (a destroyed body, a geom attached to a body being moved,
geoms whose AABB comes from Python) calls the Python methods of GeomObject. ``ode/_fallback/geom_handles.py``
is the twin with the same names, checks and results.

``collide`` is ode.collide for two live leaf geoms: the same checks as the Python path in
``ode/collision.py`` (which it calls for every other case), the geom store's lock held from the liveness
test to the narrow phase (which runs without the GIL), and the Contacts built here from the kernel's records.
"""

cimport cython
cimport numpy as cnp
from cpython.dict cimport PyDict_Contains, PyDict_GetItem, PyDict_Size
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from cpython.long cimport PyLong_FromVoidPtr
from cpython.set cimport PySet_Add, PySet_Clear, PySet_Contains
from libc.math cimport isfinite
from libc.stdlib cimport free, malloc, qsort

from .boundary cimport tuple3
from .collide cimport body_pose_rec, collide_pair, compute_aabb
from .dreal cimport dReal
from .handles cimport ContactBase, ReentrantLock, SlotsBase, _vec
from .layout cimport (BI_MOVED, CR, C_DEPTH, C_NORMAL, C_POS, GC_RAY, GC_SAP_SPACE, GI_CLASS, GI_ENABLED,
                      GI_FLAGS, GI_SPACE, G_AABB, G_POS, G_R)

from ode.errors import ODEError

from .space import space_rows_pairs as _space_rows_pairs

cnp.import_array()

cdef int GF_OFFSET = 8                 # GI_FLAGS bit: the geom has an offset from its body
cdef int STACK_CONTACTS = 160          # contact records kept on the stack (ode.collide's default 150 fits)
cdef dict _PY_AABB = {}                # slot -> geom whose AABB comes from Python (geoms.PY_AABB.data)
cdef object _UPDATE_AABBS = None       # geoms.update_aabbs: the Python AABB path


def bind_store(dict py_aabb, update_aabbs):
    """Bind the geom store's Python AABB registry (the dict behind geoms.PY_AABB) and update_aabbs."""
    global _PY_AABB, _UPDATE_AABBS
    _PY_AABB = py_aabb
    _UPDATE_AABBS = update_aabbs


cdef inline bint _live(SlotsBase rows, Py_ssize_t s, long gen) noexcept:
    """True when row s is held by the handle of generation gen (a freed row's generation is bumped)."""
    if rows is None or s < 0 or s >= PyList_GET_SIZE(rows.generation):
        return False
    return <long><object>PyList_GET_ITEM(rows.generation, s) == gen


@cython.auto_pickle(False)
cdef class GeomBase:
    """The compiled part of ode.GeomObject: its handle, pose and AABB reads, the hot setters."""

    cdef public SlotsBase _rows
    cdef public Py_ssize_t _slot
    cdef public long _gen
    cdef object _b                     # the body (the _body property)
    cdef SlotsBase _brows              # its rows, slot and generation: the pose is read with no attribute
    cdef Py_ssize_t _bslot             # lookups while that row is still the body's
    cdef long _bgen
    cdef public object _space
    cdef public bint _fixed            # not placeable (planes, spaces, non-placeable heightfields)

    def __cinit__(self):
        self._slot = -1

    @property
    def _body(self):
        """The body the geom follows (None for none)."""
        return self._b

    @_body.setter
    def _body(self, body):
        self._b = body
        self._brows = None
        if body is None:
            return
        rows = getattr(body, "_rows", None)
        slot = getattr(body, "_slot", -1)
        if isinstance(rows, SlotsBase) and type(slot) is int and 0 <= slot < len((<SlotsBase>rows).generation):
            self._brows = rows
            self._bslot = slot
            self._bgen = (<SlotsBase>rows).generation[slot]

    def _bind_row(self, SlotsBase rows, Py_ssize_t slot, long gen):
        """Make this geom the handle of row ``slot`` (generation ``gen``) of ``rows``; reads whether it is
        placeable (``_placeable``, set by its class or its constructor before this call)."""
        self._rows = rows
        self._slot = slot
        self._gen = gen
        self._fixed = not self._placeable

    cdef inline Py_ssize_t _checked(self) except -1:
        if not _live(self._rows, self._slot, self._gen):
            raise ODEError("this geom has been destroyed")
        return self._slot

    def _live_slot(self):
        """This geom's row, or ODEError when the geom was destroyed."""
        return self._checked()

    cdef inline dReal* _real(self, Py_ssize_t s):
        return self._rows.rdata + s * self._rows.rw

    cdef Py_ssize_t _fresh(self) except -1:
        """The live slot, with the world pose brought up to date from the body (composed with the offset);
        a destroyed body detaches the geom, as getBody."""
        cdef Py_ssize_t s = self._checked()
        b = self._b
        if b is None:
            return s
        cdef SlotsBase brows = self._brows
        if brows is not None and _live(brows, self._bslot, self._bgen):
            body_pose_rec(self._real(s), self._rows.idata + s * self._rows.iw,
                          brows.rdata + self._bslot * brows.rw)
            return s
        cdef Py_ssize_t bs = b._slot
        if bs < 0:
            self.getBody()
            return s
        brows = b._rows
        if brows is None or bs >= PyList_GET_SIZE(brows.generation):
            raise ODEError("this geom's body has been destroyed")
        body_pose_rec(self._real(s), self._rows.idata + s * self._rows.iw, brows.rdata + bs * brows.rw)
        return s

    def _refresh(self):
        """Bring this geom's world pose up to date from its body; returns the slot."""
        return self._fresh()

    cdef Py_ssize_t _placed(self) except -1:
        """The live slot of a placeable geom with its pose up to date (NotPlaceableError otherwise)."""
        self._checked()
        if self._fixed:
            self._need_placeable()
        return self._fresh()

    def getBody(self):
        """The body the geom is attached to, or None (ode.environment)."""
        self._checked()
        b = self._b
        if b is not None and (self._brows is None or not _live(self._brows, self._bslot, self._bgen)) \
                and b._slot < 0:
            return self._body_gone()
        return b

    def isEnabled(self):
        """True while enabled (the default)."""
        cdef Py_ssize_t s = self._checked()
        return self._rows.idata[s * self._rows.iw + GI_ENABLED] != 0

    def getPosition(self):
        """The world position (of the body plus offset for an attached geom); non-placeable geoms (planes,
        spaces) have none: NotPlaceableError (a ValueError, as PyODE's; libode aborts)."""
        return tuple3(self._real(self._placed()) + G_POS)

    def getRotation(self):
        """The world rotation matrix (9 values, row-major); NotPlaceableError for non-placeable geoms."""
        cdef dReal* r = self._real(self._placed()) + G_R
        return (<double>r[0], <double>r[1], <double>r[2], <double>r[3], <double>r[4], <double>r[5],
                <double>r[6], <double>r[7], <double>r[8])

    def getQuaternion(self):
        """The world orientation as a quaternion (w, x, y, z); NotPlaceableError for non-placeable geoms."""
        cdef Py_ssize_t s = self._checked()
        if self._fixed:
            self._need_placeable()
        b = self.getBody()
        if b is not None and not self._rows.idata[s * self._rows.iw + GI_FLAGS] & GF_OFFSET:
            return b.getQuaternion()
        return self._quaternion_of(self.getRotation())

    def setPosition(self, pos):
        """Set the world position; an attached geom moves its body (keeping the offset)."""
        cdef double v[3]
        cdef Py_ssize_t s = self._checked()
        if self._fixed:
            self._need_placeable()
        _vec("pos", pos, 3, v)
        if self._b is not None:
            self._move_body((v[0], v[1], v[2]))
            return
        cdef dReal* r = self._real(s) + G_POS
        r[0] = <dReal>v[0]
        r[1] = <dReal>v[1]
        r[2] = <dReal>v[2]
        if _GEOM_MOVED is not None:
            _GEOM_MOVED(s)

    def getAABB(self):
        """The axis-aligned bounding box (minx, maxx, miny, maxy, minz, maxz)."""
        cdef Py_ssize_t s = self._fresh()
        cdef dReal* r = self._real(s)
        if PyDict_Size(_PY_AABB) and PyDict_Contains(_PY_AABB, s):
            _UPDATE_AABBS([s])
        else:
            compute_aabb(r, self._rows.idata + s * self._rows.iw)
        r += G_AABB
        return (<double>r[0], <double>r[1], <double>r[2], <double>r[3], <double>r[4], <double>r[5])


# ---------------------------------------------------------------- ode.collide

cdef object _SLOW = None               # the Python collide: every case the fast path does not take
cdef dict _PLAIN = {}                  # geom class -> False for a leaf class, True for a mesh class
cdef dict _OVERRIDES = {}              # user_geoms.OVERRIDES: collider overrides (none: the fast path)
cdef dict _CB_MESHES = {}              # the dict behind meshes.CALLBACK_MESHES: meshes with callbacks
cdef object _PASS = None               # spaces._PASS: this thread's running collision passes
cdef dict _PASS_DICT = None            # the attributes of _PASS for the thread whose state id is _PASS_ID
cdef set _PASS_READY = None            # its "ready" set (created with the thread's state, never replaced)
cdef unsigned long long _PASS_ID = 0


cdef extern from "Python.h":
    ctypedef struct PyThreadState:
        pass
    PyThreadState* PyThreadState_Get()
    unsigned long long PyThreadState_GetID(PyThreadState* tstate)


cdef dict _pass_state():
    """This thread's attributes of the pass state (``_PASS.__dict__``: depth, ready). Reading a
    threading.local attribute costs a lookup of the thread's dictionary, so the last thread's is kept,
    keyed by its thread state's id, which the interpreter never reuses (thread idents are reused)."""
    global _PASS_DICT, _PASS_ID, _PASS_READY
    cdef unsigned long long tid = PyThreadState_GetID(PyThreadState_Get())
    if _PASS_DICT is None or tid != _PASS_ID:
        _PASS_DICT = _PASS.__dict__
        _PASS_READY = _PASS_DICT["ready"]
        _PASS_ID = tid
    return _PASS_DICT


cdef inline object _space_key(object space):
    """The key of a space in the pass's ready set: its id(), as the Python path writes it."""
    return PyLong_FromVoidPtr(<void*>space)


cdef ReentrantLock _LOCK = None        # the geom store's lock
cdef object _CONTACT = None            # ode.Contact
cdef type _CONTACT_TYPE = None         # the same, when it derives from handles.ContactBase: filled in C
cdef bint _FAST_CONTACT = False
cdef SlotsBase _GS = None              # the geom store's rows
cdef Py_ssize_t _RUNNING = 0           # collision passes running in all threads (at least their depths' sum)


def pass_begin():
    """Count a collision pass entered (called before the thread's pass depth is raised)."""
    global _RUNNING
    _RUNNING += 1


def pass_end():
    """Count a collision pass left (called after the thread's pass depth was lowered)."""
    global _RUNNING
    if _RUNNING > 0:
        _RUNNING -= 1
cdef object _PLAIN_KIND = None         # collision._plain_kind: classifies a geom class into _PLAIN


def bind_collide(slow, dict plain, plain_kind, dict overrides, dict callback_meshes, pass_state, lock,
                 contact, SlotsBase rows):
    """Bind what ``collide`` reads: the Python path, the leaf-class table and its classifier, the override
    and callback-mesh registries, the pass state, the store's lock, the Contact class and the store's rows;
    returns ``collide``."""
    global _SLOW, _PLAIN, _PLAIN_KIND, _OVERRIDES, _CB_MESHES, _PASS, _LOCK, _CONTACT, _GS
    global _CONTACT_TYPE, _FAST_CONTACT
    _SLOW, _PLAIN, _PLAIN_KIND, _OVERRIDES, _CB_MESHES = slow, plain, plain_kind, overrides, callback_meshes
    _PASS = pass_state
    _LOCK, _CONTACT, _GS = lock, contact, rows
    _FAST_CONTACT = isinstance(contact, type) and issubclass(contact, ContactBase) \
        and contact.__init__ is object.__init__
    _CONTACT_TYPE = contact if _FAST_CONTACT else None
    return collide


cdef inline int _kind(object g) noexcept:
    """0 for a leaf geom class, 1 for a mesh class (may have callbacks), -1 for anything else (or a class
    not classified yet)."""
    cdef PyObject* k = PyDict_GetItem(_PLAIN, type(g))
    if k == NULL:
        return -1
    return 1 if <object>k else 0


cdef int _classified(object g) except -2:
    """_kind, classifying g's class first (collision._plain_kind fills the table) when it is new."""
    cdef int k = _kind(g)
    if k < 0 and _PLAIN_KIND is not None:
        _PLAIN_KIND(type(g))
        k = _kind(g)
    return k


cdef bint _posed(GeomBase g, Py_ssize_t s) except -1:
    """Refresh g's pose from its body (False when its body was destroyed: the Python path handles it)."""
    if g._b is None:
        return True
    cdef SlotsBase brows = g._brows
    if brows is None or not _live(brows, g._bslot, g._bgen):
        return False
    body_pose_rec(_GS.rdata + s * _GS.rw, _GS.idata + s * _GS.iw, brows.rdata + g._bslot * brows.rw)
    return True


cdef int _poses(GeomBase g1, GeomBase g2, Py_ssize_t s1, Py_ssize_t s2) except -2:
    """Bring attached geoms' poses up to date as the Python path does: 1 done, 0 for the Python path."""
    if g1._b is None and g2._b is None:
        return 1
    if _RUNNING == 0:                  # no thread is in a pass: this one's depth is 0
        return 1 if _posed(g1, s1) and _posed(g2, s2) else 0
    cdef dict state = _pass_state()
    if state["depth"] != 0:
        sp = g1._space
        if sp is not None and sp is g2._space and (<GeomBase>sp)._space is None \
                and PySet_Contains(_PASS_READY, _space_key(sp)):
            return 1                   # a running pass of this thread prepared their space
        return 0
    return 1 if _posed(g1, s1) and _posed(g2, s2) else 0


cdef list _contacts(Py_ssize_t a, Py_ssize_t b, int flags, object g1, object g2):
    """The narrow phase on rows a and b (without the GIL) and its records as ode.Contact objects."""
    cdef dReal stack[160 * CR]
    cdef dReal* buf = stack
    cdef dReal* r
    cdef int maxc = flags & 0xffff
    cdef int n, k, i
    cdef dReal* g = _GS.rdata
    cdef int* gi = _GS.idata
    cdef Py_ssize_t rw = _GS.rw, iw = _GS.iw
    if maxc > STACK_CONTACTS:
        buf = <dReal*>malloc(maxc * CR * sizeof(dReal))
        if buf == NULL:
            raise MemoryError()
    cdef list out = []
    try:
        if gi[a * iw + GI_CLASS] <= GC_RAY and gi[b * iw + GI_CLASS] <= GC_RAY:
            # two primitives: a bounded, short computation, where releasing the GIL would cost more
            n = collide_pair(g + a * rw, gi + a * iw, g + b * rw, gi + b * iw, flags, buf, CR)
        else:
            with nogil:
                n = collide_pair(g + a * rw, gi + a * iw, g + b * rw, gi + b * iw, flags, buf, CR)
        for k in range(n):
            r = buf + k * CR
            if _FAST_CONTACT and isfinite(r[C_POS]) and isfinite(r[C_POS + 1]) and isfinite(r[C_POS + 2]) \
                    and isfinite(r[C_NORMAL]) and isfinite(r[C_NORMAL + 1]) and isfinite(r[C_NORMAL + 2]) \
                    and isfinite(r[C_DEPTH]):
                fast = <ContactBase>_CONTACT_TYPE.__new__(_CONTACT_TYPE)   # the fields, no __init__ to run
                for i in range(3):
                    fast._pos[i] = <double>r[C_POS + i]
                    fast._normal[i] = <double>r[C_NORMAL + i]
                fast._depth = <double>r[C_DEPTH]
                fast.g1 = g1
                fast.g2 = g2
                out.append(fast)
            else:
                pos = (<double>r[C_POS], <double>r[C_POS + 1], <double>r[C_POS + 2])
                normal = (<double>r[C_NORMAL], <double>r[C_NORMAL + 1], <double>r[C_NORMAL + 2])
                c = _CONTACT()
                c.setContactGeomParams(pos, normal, <double>r[C_DEPTH], g1, g2)
                out.append(c)
    finally:
        if buf != stack:
            free(buf)
    return out


def collide(geom1, geom2, max_contacts=150, unimportant=False):
    """Contacts between two geoms as a list of ode.Contact (empty when they do not touch).

    PyODE's signature is collide(geom1, geom2) with up to 150 contacts; ``max_contacts`` and
    ``unimportant`` (ODE's CONTACTS_UNIMPORTANT flag) are extensions. The normal points into geom1.
    Two live leaf geoms (no space, no transform, no trimesh callbacks, no collider overrides) are collided
    here; everything else, bad input included, takes the Python path of ode.collision.
    """
    cdef int k1 = _kind(geom1), k2 = _kind(geom2)
    cdef long n
    cdef int flags, done
    if k1 < 0 or k2 < 0 or PyDict_Size(_OVERRIDES) or type(max_contacts) is not int \
            or (unimportant is not False and unimportant is not True):
        return _SLOW(geom1, geom2, max_contacts, unimportant)
    n = max_contacts
    if n <= 0 or n > 0xFFFF:
        return _SLOW(geom1, geom2, max_contacts, unimportant)
    cdef GeomBase g1 = geom1, g2 = geom2
    cdef Py_ssize_t s1, s2
    _LOCK.take()
    try:
        s1 = g1._slot
        s2 = g2._slot
        if not _live(_GS, s1, g1._gen) or not _live(_GS, s2, g2._gen) or g1._rows is not _GS \
                or g2._rows is not _GS:
            return _SLOW(geom1, geom2, max_contacts, unimportant)
        if (k1 or k2) and PyDict_Size(_CB_MESHES) and (PyDict_Contains(_CB_MESHES, s1)
                                                       or PyDict_Contains(_CB_MESHES, s2)):
            return _SLOW(geom1, geom2, max_contacts, unimportant)
        if g1 is g2:
            return []
        done = _poses(g1, g2, s1, s2)
        if not done:
            return _SLOW(geom1, geom2, max_contacts, unimportant)
        flags = <int>n
        if unimportant:
            flags = flags | <int>(-2147483648)
        return _contacts(s1, s2, flags, geom1, geom2)
    finally:
        _LOCK.give()


# ---------------------------------------------------------------- space.collide

cdef object _SIMPLE_TYPE = None        # the last class space_collide found to be a simple space (kind 0)
cdef object _HASH_TYPE = None          # the last class space_collide found to be a hash space (kind 1)
cdef object _SPACE_SLOW = None         # SpaceBase's Python collide: every case the fast path does not take
cdef set _DIRTY = None                 # geoms.STORE.dirty: space rows holding dirty geoms (never replaced)
cdef cnp.ndarray _CAT = None           # geoms.STORE.cat, .col, .bodykey: the per-row category and collide
cdef cnp.ndarray _COL = None           # bits and body keys (bind_bits: bound again whenever they grow)
cdef cnp.ndarray _KEY = None
cdef object _AABB_GET = None           # returns user_geoms.AABB_TESTS (bound late: an import cycle)
cdef dict _AABB_TESTS = None           # the dict behind it: geoms whose class has an aabb_test
cdef object _PENDING = None            # STORE.pending: geoms dropped and not yet released
cdef int MAX_FAST_CHILDREN = 64        # larger spaces go through the broad-phase kernels


cdef object _GEOM_MOVED = None           # geoms.geom_moved: called with the row of a free geom set


def bind_moved(geom_moved):
    """Bind the function told when a free geom's position is set (ode.geoms keeps the spaces' order)."""
    global _GEOM_MOVED
    _GEOM_MOVED = geom_moved


def bind_space(slow, store, aabb_tests):
    """Bind what ``space_collide`` reads: SpaceBase's Python collide, the geom store and a function returning
    user_geoms.AABB_TESTS; returns ``space_collide`` (a method of SpaceBase)."""
    global _SPACE_SLOW, _DIRTY, _AABB_GET, _PENDING
    _SPACE_SLOW, _DIRTY, _AABB_GET, _PENDING = slow, store.dirty, aabb_tests, store.pending
    bind_bits(store.cat, store.col, store.bodykey)
    return space_collide


def bind_bits(cnp.ndarray cat not None, cnp.ndarray col not None, cnp.ndarray bodykey not None) -> None:
    """Bind the geom store's per-row category bits, collide bits and body keys; the store calls it again
    each time it replaces them with larger arrays."""
    global _CAT, _COL, _KEY
    for a in (cat, col, bodykey):
        if a.ndim != 1 or cnp.PyArray_ITEMSIZE(a) != 8 or not cnp.PyArray_IS_C_CONTIGUOUS(a) \
                or a.dtype.kind not in "iu":
            raise TypeError("the geom store's bits and body keys must be 1-d C-contiguous 64-bit integers")
    _CAT, _COL, _KEY = cat, col, bodykey


cdef const void* _bits_data(object arr, int itemsize, Py_ssize_t rows) except NULL:
    """The data of one of the store's per-row arrays (uint64 bits or int64 body keys), checked."""
    cdef cnp.ndarray a = arr
    if a.ndim != 1 or cnp.PyArray_ITEMSIZE(a) != itemsize or not cnp.PyArray_IS_C_CONTIGUOUS(a) \
            or a.shape[0] < rows:
        raise ValueError("the geom store's per-row arrays do not fit its rows")
    return cnp.PyArray_DATA(a)


cdef bint _leaves_ready(tuple kids) except -1:
    """True when every child is a live leaf geom of the store whose AABB is computed in C (called with the
    store's lock held: no other thread frees or reuses their rows meanwhile)."""
    cdef GeomBase g
    for k in kids:
        if _classified(k) < 0:
            return False
        g = <GeomBase>k                 # (a classified class is a leaf geom class: a GeomBase)
        if g._rows is not _GS or not _live(_GS, g._slot, g._gen):
            return False
        if PyDict_Size(_PY_AABB) and PyDict_Contains(_PY_AABB, g._slot):
            return False
    return True


cdef bint _bodies_live(tuple kids) noexcept:
    """True when the body of every attached child still holds its row (checked right before the poses are
    written, with no Python code in between: a body destroyed meanwhile sends the pass to the Python path,
    which detaches the geom)."""
    cdef GeomBase g
    for k in kids:
        g = <GeomBase>k
        if g._b is not None and (g._brows is None or not _live(g._brows, g._bslot, g._bgen)):
            return False
    return True


@cython.boundscheck(False)
@cython.wraparound(False)
cdef int _prepare_leaves(GeomBase space, tuple kids) except -2:
    """With the store's lock held: the children's poses and AABBs and the space's box (as space_boxes);
    0, or -1 (nothing written) when a child's body was destroyed."""
    cdef Py_ssize_t n = len(kids), i, j
    cdef GeomBase g
    cdef dReal* r
    cdef dReal* out
    cdef dReal* x
    cdef dReal v
    cdef int* gi = _GS.idata
    cdef Py_ssize_t rw = _GS.rw, iw = _GS.iw
    if not _bodies_live(kids):
        return -1
    for k in kids:
        g = <GeomBase>k                 # (every child passed _leaves_ready)
        r = _GS.rdata + g._slot * rw
        if g._b is not None:
            body_pose_rec(r, gi + g._slot * iw, g._brows.rdata + g._bslot * g._brows.rw)
        compute_aabb(r, gi + g._slot * iw)
    out = _GS.rdata + space._slot * rw + G_AABB
    for i in range(n):
        x = _GS.rdata + (<GeomBase>kids[i])._slot * rw + G_AABB
        if i == 0:
            for j in range(6):
                out[j] = x[j]
            continue
        for j in range(0, 6, 2):
            v = x[j]
            if out[j] == out[j] and not (v >= out[j]):
                out[j] = v
            v = x[j + 1]
            if out[j + 1] == out[j + 1] and not (v <= out[j + 1]):
                out[j + 1] = v
    if n == 0:
        for j in range(6):
            out[j] = 0.0
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _prepare_pairs(GeomBase space, tuple kids, int* pairs) except -2:
    """With the store's lock held: _prepare_leaves, then the candidate pairs (i, j), i < j, of a simple
    space in its order and by its exact test; their count, or -1 (nothing written) when a child's body
    was destroyed."""
    cdef Py_ssize_t n = len(kids), i, j, m = 0, rows = PyList_GET_SIZE(_GS.generation)
    cdef GeomBase g, h
    cdef dReal* p
    cdef dReal* q
    cdef const unsigned long long* cat = <const unsigned long long*>_bits_data(_CAT, 8, rows)
    cdef const unsigned long long* col = <const unsigned long long*>_bits_data(_COL, 8, rows)
    cdef const long long* key = <const long long*>_bits_data(_KEY, 8, rows)
    cdef int* gi = _GS.idata
    cdef Py_ssize_t rw = _GS.rw, iw = _GS.iw
    if _prepare_leaves(space, kids) < 0:
        return -1
    for i in range(n):
        g = <GeomBase>kids[i]
        if gi[g._slot * iw + GI_ENABLED] == 0:
            continue
        p = _GS.rdata + g._slot * rw + G_AABB
        for j in range(i + 1, n):
            h = <GeomBase>kids[j]
            if gi[h._slot * iw + GI_ENABLED] == 0:
                continue
            if key[g._slot] >= 0 and key[g._slot] == key[h._slot]:
                continue
            if (cat[g._slot] & col[h._slot]) == 0 and (cat[h._slot] & col[g._slot]) == 0:
                continue
            q = _GS.rdata + h._slot * rw + G_AABB
            if p[0] > q[1] or p[1] < q[0] or p[2] > q[3] or p[3] < q[2] or p[4] > q[5] or p[5] < q[4]:
                continue
            pairs[2 * m] = <int>i
            pairs[2 * m + 1] = <int>j
            m += 1
    return m


@cython.boundscheck(False)
@cython.wraparound(False)
cdef int _call_pairs(object space, tuple kids, const int* pairs, Py_ssize_t m, object arg,
                     object callback) except -1:
    """The callbacks of the m pairs, inside a collision pass of this thread that marks the space ready
    (nested collide calls then use the poses prepared here); pairs whose geoms were destroyed by an
    earlier callback are skipped."""
    global _RUNNING
    cdef Py_ssize_t k
    cdef dict state = _pass_state()
    cdef set ready = _PASS_READY
    _RUNNING += 1
    state["depth"] = 1
    try:
        PySet_Add(ready, _space_key(space))
        for k in range(m):
            g1 = kids[pairs[2 * k]]
            g2 = kids[pairs[2 * k + 1]]
            if (<GeomBase>g1)._slot >= 0 and (<GeomBase>g2)._slot >= 0:
                callback(arg, g1, g2)
    finally:
        depth = state["depth"] - 1
        state["depth"] = depth
        if depth == 0:
            PySet_Clear(ready)
        if _RUNNING > 0:
            _RUNNING -= 1
    return 0


def call_pairs(list kids not None, cnp.ndarray pairs not None, arg, callback, aabb_pass=None) -> None:
    """``callback(arg, kids[i], kids[j])`` for each row (i, j) of the int32 array pairs (m, 2), skipping pairs
    one of whose geoms an earlier callback destroyed and, when aabb_pass is given, pairs it rejects: the
    callback loop of a space.collide pass, without a Python loop."""
    cdef Py_ssize_t m, k, n = len(kids)
    cdef const int* p
    if pairs.dtype.num != cnp.NPY_INT32 or pairs.ndim != 2 or pairs.shape[1] != 2 \
            or not cnp.PyArray_IS_C_CONTIGUOUS(pairs):
        raise TypeError("pairs must be a C-contiguous int32 array of shape (m, 2)")
    m = pairs.shape[0]
    p = <const int*>cnp.PyArray_DATA(pairs)
    for k in range(2 * m):
        if p[k] < 0 or p[k] >= n:
            raise IndexError("a pair index is out of range")
    for k in range(m):
        g1 = kids[p[2 * k]]
        g2 = kids[p[2 * k + 1]]
        if g1._slot >= 0 and g2._slot >= 0 and (aabb_pass is None or aabb_pass(g1, g2)):
            callback(arg, g1, g2)


cdef object _hash_pairs(object space, tuple kids):
    """The candidate pairs of a hash space's children (prepared), from the broad-phase kernel: an int32
    array (m, 2) of indices into kids, in libode's hash order."""
    cdef Py_ssize_t n = len(kids), i
    p = space._pcache
    if p is None:
        p = space._pcache = space._params()
    cdef cnp.ndarray rows = cnp.PyArray_EMPTY(1, [n], cnp.NPY_INTP, 0)
    cdef Py_ssize_t* r = <Py_ssize_t*>cnp.PyArray_DATA(rows)
    for i in range(n):
        r[i] = (<GeomBase>kids[i])._slot
    return _space_rows_pairs(1, _GS._real, _GS._ints, rows, _CAT, _COL, _KEY, p[0], p[1])


def space_collide(space, arg, callback):
    """Call ``callback(arg, geom1, geom2)`` for every pair of the space's geoms that may touch.

    A root simple space of at most 64 live leaf geoms, or a root hash space of live leaf geoms, outside any
    collision pass of this thread, is prepared (poses, AABBs, the space's box) and paired here under the
    store's lock: the simple space in its order (each geom with every later one, in the space's list order),
    the hash space by the broad-phase kernel. The callbacks then run with no lock held, inside a pass that
    marks the space ready, as the Python path does. Every other case takes the Python path.
    """
    global _AABB_TESTS, _SIMPLE_TYPE, _HASH_TYPE
    if _AABB_TESTS is None:
        _AABB_TESTS = _AABB_GET().data
    cdef type cls = type(space)
    if cls is not _SIMPLE_TYPE and cls is not _HASH_TYPE:
        if not isinstance(space, GeomBase) or space._kind not in (0, 1):
            return _SPACE_SLOW(space, arg, callback)
        if space._kind == 0:            # a space class of that kind: the next call checks its type only
            _SIMPLE_TYPE = cls
        else:
            _HASH_TYPE = cls
    if not callable(callback) or PyDict_Size(_AABB_TESTS) or _PENDING:
        return _SPACE_SLOW(space, arg, callback)
    cdef GeomBase sp = space
    if sp._space is not None or sp._rows is not _GS or not _live(_GS, sp._slot, sp._gen) \
            or _RUNNING != 0 and _pass_state()["depth"] != 0:
        return _SPACE_SLOW(space, arg, callback)
    cdef bint hashed = cls is _HASH_TYPE
    cdef tuple kids
    cdef Py_ssize_t n, m = -1
    cdef int stack[240]                 # the pairs of up to 16 children
    cdef int* pairs = stack
    cdef cnp.ndarray found = None       # a hash space's pairs (the kernel's array)
    _LOCK.take()
    try:
        # libode's list order (the geoms become clean); a space none of whose geoms moved since its last
        # clean is in the store's dirty set neither, and its list is in order already
        if PySet_Contains(_DIRTY, sp._slot):
            kids = tuple(space._collide_order())
        else:
            kids = tuple(space._members)
        n = len(kids)
        if (hashed or n <= MAX_FAST_CHILDREN) and sp._space is None and _live(_GS, sp._slot, sp._gen) \
                and _leaves_ready(kids):       # (checked again under the lock: rows are stable now)
            if hashed:
                if _prepare_leaves(sp, kids) == 0:
                    found = _hash_pairs(space, kids) if n > 1 else None
                    m = 0 if found is None else found.shape[0]
            else:
                if n > 16:
                    pairs = <int*>malloc(n * (n - 1) * sizeof(int))
                    if pairs == NULL:
                        raise MemoryError()
                m = _prepare_pairs(sp, kids, pairs)
    except BaseException:
        if pairs != stack:
            free(pairs)
        pairs = stack
        raise
    finally:
        _LOCK.give()
    try:
        if m < 0:
            return _SPACE_SLOW(space, arg, callback)
        if m and found is not None:
            _check_pairs(found, n)
            _call_pairs(space, kids, <const int*>cnp.PyArray_DATA(found), m, arg, callback)
        elif m:
            _call_pairs(space, kids, pairs, m, arg, callback)
    finally:
        if pairs != stack:
            free(pairs)


cdef int _check_pairs(cnp.ndarray found, Py_ssize_t n) except -1:
    """The broad phase's pairs: a C-contiguous int32 array (m, 2) of indices below n (else TypeError or
    IndexError: nothing is called with a bad index)."""
    cdef Py_ssize_t k
    cdef const int* q
    if found.ndim != 2 or found.shape[1] != 2 or cnp.PyArray_TYPE(found) != cnp.NPY_INT32 \
            or not cnp.PyArray_IS_C_CONTIGUOUS(found):
        raise TypeError("the broad phase's pairs must be a C-contiguous int32 array of shape (m, 2)")
    q = <const int*>cnp.PyArray_DATA(found)
    for k in range(2 * found.shape[0]):
        if q[k] < 0 or q[k] >= n:
            raise IndexError("a pair index is out of range")
    return 0


# ---------------------------------------------------------------- the spaces' list order after a step

cdef int _cmp_i64(const void* a, const void* b) noexcept nogil:
    cdef long long x = (<const long long*>a)[0]
    cdef long long y = (<const long long*>b)[0]
    return (x > y) - (x < y)


def step_dirty(cnp.ndarray stamp not None, cnp.ndarray bints not None, cnp.ndarray gs not None,
               cnp.ndarray bs not None, cnp.ndarray parents not None, long long clock):
    """The geoms a step made dirty, for libode's list order (see ode.geoms): of the attached geoms gs (in
    their bodies' order: each body's last attached first), their bodies' rows bs and their spaces' rows
    parents, those in a space, clean (stamp 0) and whose body the step moved (BI_MOVED > 0), ordered by
    the body's place in the integration order (ties keep gs's order); each gets the stamp clock + 1, +2,
    ... in that order. Returns (their rows, their spaces' rows, whether a clean geom stayed clean)."""
    cdef Py_ssize_t n = gs.shape[0], k, m = 0, i
    cdef Py_ssize_t nb = bints.shape[0], ng = stamp.shape[0]
    if stamp.dtype.num != cnp.NPY_INT64 or bints.dtype.num != cnp.NPY_INT32 or bints.ndim != 2 \
            or bints.shape[1] <= BI_MOVED or not cnp.PyArray_IS_C_CONTIGUOUS(bints) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(stamp):
        raise TypeError("stamp must be int64 and bints a C-contiguous int32 body table")
    for a in (gs, bs, parents):
        if a.dtype.num != cnp.NPY_INTP or a.ndim != 1 or a.shape[0] != n or not cnp.PyArray_IS_C_CONTIGUOUS(a):
            raise TypeError("gs, bs and parents must be C-contiguous intp arrays of one length")
    cdef long long* st = <long long*>cnp.PyArray_DATA(stamp)
    cdef const int* bi = <const int*>cnp.PyArray_DATA(bints)
    cdef const Py_ssize_t* g = <const Py_ssize_t*>cnp.PyArray_DATA(gs)
    cdef const Py_ssize_t* b = <const Py_ssize_t*>cnp.PyArray_DATA(bs)
    cdef const Py_ssize_t* p = <const Py_ssize_t*>cnp.PyArray_DATA(parents)
    cdef Py_ssize_t bw = bints.shape[1]
    cdef bint still = False
    cdef long long seq
    for k in range(n):
        if g[k] < 0 or g[k] >= ng or b[k] < 0 or b[k] >= nb:
            raise IndexError("a geom or body row is out of range")
    cdef cnp.ndarray keys = cnp.PyArray_EMPTY(1, [n if n else 1], cnp.NPY_INT64, 0)
    cdef long long* kv = <long long*>cnp.PyArray_DATA(keys)
    for k in range(n):
        if p[k] < 0 or st[g[k]] != 0:
            continue
        seq = bi[b[k] * bw + BI_MOVED]
        if seq > 0:
            kv[m] = (seq << 32) | k
            m += 1
        else:
            still = True
    qsort(kv, m, sizeof(long long), _cmp_i64)
    cdef cnp.ndarray rows = cnp.PyArray_EMPTY(1, [m], cnp.NPY_INTP, 0)
    cdef cnp.ndarray spaces = cnp.PyArray_EMPTY(1, [m], cnp.NPY_INTP, 0)
    cdef Py_ssize_t* r = <Py_ssize_t*>cnp.PyArray_DATA(rows)
    cdef Py_ssize_t* sp = <Py_ssize_t*>cnp.PyArray_DATA(spaces)
    for i in range(m):
        k = <Py_ssize_t>(kv[i] & 0xFFFFFFFF)
        r[i] = g[k]
        sp[i] = p[k]
        st[g[k]] = clock + 1 + i
    return rows, spaces, still


cdef int _check_rows(cnp.ndarray stamp, cnp.ndarray gints) except -1:
    """The store's stamp (int64) and int rows (C-contiguous int32, one row per stamp), or TypeError."""
    if stamp.dtype.num != cnp.NPY_INT64 or not cnp.PyArray_IS_C_CONTIGUOUS(stamp) or stamp.ndim != 1 \
            or gints.dtype.num != cnp.NPY_INT32 or gints.ndim != 2 or gints.shape[1] <= GI_SPACE \
            or not cnp.PyArray_IS_C_CONTIGUOUS(gints) or gints.shape[0] < stamp.shape[0]:
        raise TypeError("stamp must be an int64 row per geom and gints the store's C-contiguous int32 rows")
    return 0


cdef int _dirty_up(long long* st, const int* gi, Py_ssize_t gw, Py_ssize_t ng, Py_ssize_t g, long long t,
                   set unsorted, set dirty, dict sap_events) except -1:
    """Mark geom row g and its clean ancestors dirty at time t, stopping at the first dirty one; each
    parent joins unsorted and dirty, and a SAP parent records the geom as an event."""
    cdef Py_ssize_t parent
    while True:
        parent = gi[g * gw + GI_SPACE]
        if parent < 0 or st[g]:
            return 0
        if parent >= ng:
            raise IndexError("a space row is out of range")
        st[g] = t
        unsorted.add(parent)
        dirty.add(parent)
        if gi[parent * gw + GI_CLASS] == GC_SAP_SPACE:
            sap_events.setdefault(parent, []).append(g)
        g = parent


def dirty_up(Py_ssize_t slot, long long t, cnp.ndarray stamp not None, cnp.ndarray gints not None,
             set unsorted not None, set dirty not None, dict sap_events not None) -> None:
    """dGeomMoved's bookkeeping (see ode.geoms): geom row slot and its clean ancestors become dirty at time t
    (stamp), stopping at the first dirty one; their spaces join unsorted and dirty, SAP spaces record the
    geom in sap_events."""
    _check_rows(stamp, gints)
    if slot < 0 or slot >= stamp.shape[0]:
        raise IndexError("the geom row is out of range")
    _dirty_up(<long long*>cnp.PyArray_DATA(stamp), <const int*>cnp.PyArray_DATA(gints), gints.shape[1],
              stamp.shape[0], slot, t, unsorted, dirty, sap_events)


def spaces_moved(cnp.ndarray rows not None, cnp.ndarray spaces not None, long long t0,
                 cnp.ndarray stamp not None, cnp.ndarray gints not None, set unsorted not None,
                 set dirty not None, dict sap_events not None) -> None:
    """After step_dirty: the spaces of the geoms a step made dirty (rows, their spaces' rows, stamped t0,
    t0 + 1, ...) moved. Each space, in increasing row order, joins unsorted and dirty, records its geoms
    (in order) when it is a SAP space, and becomes dirty with its clean ancestors at the stamp of its
    first geom."""
    cdef Py_ssize_t n = rows.shape[0], k, i, p, ng = stamp.shape[0]
    _check_rows(stamp, gints)
    if rows.dtype.num != cnp.NPY_INTP or spaces.dtype.num != cnp.NPY_INTP or rows.ndim != 1 \
            or spaces.ndim != 1 or spaces.shape[0] != n or not cnp.PyArray_IS_C_CONTIGUOUS(rows) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(spaces):
        raise TypeError("rows and spaces must be C-contiguous intp arrays of one length")
    cdef const Py_ssize_t* g = <const Py_ssize_t*>cnp.PyArray_DATA(rows)
    cdef const Py_ssize_t* sp = <const Py_ssize_t*>cnp.PyArray_DATA(spaces)
    cdef long long* st = <long long*>cnp.PyArray_DATA(stamp)
    cdef const int* gi = <const int*>cnp.PyArray_DATA(gints)
    cdef Py_ssize_t gw = gints.shape[1]
    cdef list events
    for k in range(n):
        if sp[k] < 0 or sp[k] >= ng or g[k] < 0 or g[k] >= ng:
            raise IndexError("a geom or space row is out of range")
    p = -1
    while True:                       # the next space row above p, at its first geom
        k = -1
        for i in range(n):
            if sp[i] > p and (k < 0 or sp[i] < sp[k]):
                k = i
        if k < 0:
            return
        p = sp[k]
        unsorted.add(p)
        dirty.add(p)
        if gi[p * gw + GI_CLASS] == GC_SAP_SPACE:
            events = sap_events.setdefault(p, [])
            for i in range(k, n):
                if sp[i] == p:
                    events.append(g[i])
        _dirty_up(st, gi, gw, ng, p, t0 + k, unsorted, dirty, sap_events)
