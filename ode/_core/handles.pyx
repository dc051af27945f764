# cython: language_level=3
"""Compiled base types of the API's handles: row storage, bodies and joints read and written through C pointers.

A body or joint is a handle onto one row of its world's arrays (``ode/_state.py``). The Python classes in
``ode/body.py`` and ``ode/joints.py`` derive from the types here, so the calls a simulation makes thousands of
times per step (positions, rotations, velocities, forces, joint angles and parameters, feedback) run as C
methods that check the handle and touch the row through a pointer, with no NumPy indexing. Everything else
stays in the Python classes. ``ode/_fallback/handles.py`` is the twin with the same names, checks and
results, used by the pure-Python backend.

Argument checks take a fast path for the usual input (a tuple or list of Python floats or ints, finite and
within the precision's range); anything else goes through ``ode._check``, which raises the documented errors,
so both paths and both backends report bad input the same way.
"""

cimport cython
cimport numpy as cnp
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.exc cimport PyErr_Clear, PyErr_Occurred
from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.math cimport INFINITY, copysign, fabs

from .dreal cimport dReal
from .jacobian cimport _hinge_angle
from .mass cimport M_SIZE, mass_set_box, mass_set_box_total, mass_set_sphere, mass_set_sphere_total
from .step cimport Workspace, damp_rows, step_rows
from .layout cimport (B_AVEL, B_FACC, B_LVEL, B_POS, B_Q, B_R, B_TACC, BI_AD_AVG, BI_ALIVE, BI_DAMP,
                      BI_MOVED, J_FB, J_PARAM, J_PARAM_GROUP, JF_REVERSE, JI_ALIVE, JI_B1, JI_FEEDBACK,
                      JI_FLAGS)

import numbers

from ode import _check, rand
from ode.errors import ODEError

cnp.import_array()

cdef extern from "Python.h":
    # declared without Cython's error check: _number clears a conversion error itself and takes the slow path
    double _long_as_double "PyLong_AsDouble"(object) noexcept

cdef double REAL_MAX = 3.4028234663852886e38 if sizeof(dReal) == 4 else 1.7976931348623157e308
cdef int NPARAMS = 14                  # ODE 0.16 parameter numbers 0 .. 13 in each group
cdef int P_FMAX = 5
cdef int P_FUDGE = 6


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


cdef inline tuple _tuple3(const dReal* p):
    return (<double>p[0], <double>p[1], <double>p[2])


# ---------------------------------------------------------------- rows

@cython.auto_pickle(False)
cdef class SlotsBase:
    """The storage behind handles: a real and an int array of rows, generations, and their data pointers.

    ``real`` and ``ints`` are properties, so the pointers the handle types read stay current whenever the
    arrays are replaced (they grow by replacement). The fields are declared in handles.pxd, so other kernels
    (geom_handles) read the pointers too.
    """

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
        return _tuple3(self._ptr() + B_POS)

    def setPosition(self, pos):
        """Set the position of the centre of mass."""
        self._store3(B_POS, "pos", pos)

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
        return _tuple3(self._ptr() + B_LVEL)

    def setLinearVel(self, vel):
        """Set the linear velocity of the centre of mass."""
        self._store3(B_LVEL, "vel", vel)

    def getAngularVel(self):
        """The angular velocity (world frame)."""
        return _tuple3(self._ptr() + B_AVEL)

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
        return _tuple3(self._ptr() + B_FACC)

    def setForce(self, f):
        """Set the force accumulator."""
        self._store3(B_FACC, "f", f)

    def getTorque(self):
        """The torque accumulator (zeroed after every step)."""
        return _tuple3(self._ptr() + B_TACC)

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
    cdef int _ngroups                  # parameter groups (0: setParam refuses every parameter)
    cdef unsigned long long _pmask     # bit 16 * group + number: a parameter the joint stores

    cdef inline Py_ssize_t _slot_checked(self) except -1:
        if not _live(self._rows, self._slot, self._gen, JI_ALIVE):
            raise ODEError("this joint has been destroyed")
        return self._slot

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
        return (_tuple3(r), _tuple3(r + 3), _tuple3(r + 6), _tuple3(r + 9))

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


# ---------------------------------------------------------------- worlds

@cython.auto_pickle(False)
cdef class WorldBase:
    """The compiled part of ode.World: step and quickStep as one C call each, the checks around them in C.

    The step itself is the step kernel's; before it, the largest auto-disable sample count decides whether
    the world's sample buffer is needed; after it, one pass over the bodies finds whether any moved with a
    non-finite state, has a moved callback or damps, and only then does the Python part of World run.
    """

    cdef public object _state

    def step(self, stepsize):
        """Advance the world by ``stepsize`` seconds with the accurate (LCP) stepper, dWorldStep."""
        self._advance(stepsize, False)

    def quickStep(self, stepsize):
        """Advance the world by ``stepsize`` seconds with the iterative SOR stepper, dWorldQuickStep."""
        self._advance(stepsize, True)

    cdef int _advance_locked(self, object stepsize, bint quick) except -1:
        cdef double h
        if type(stepsize) is float and 0.0 < <double>stepsize < INFINITY:
            h = stepsize
        else:
            h = _check.step_size(stepsize)
        st = self._state
        cdef SlotsBase B = st.bodies
        cdef SlotsBase J = st.joints
        cdef cnp.ndarray wreal = st.wreal
        cdef Workspace ws = st.workspace
        if cnp.PyArray_ITEMSIZE(wreal) != sizeof(dReal) or not cnp.PyArray_IS_C_CONTIGUOUS(wreal):
            raise ValueError("the world's parameter array is not of this build's real type")
        cdef int nb = <int>B.count
        cdef int nj = <int>J.count
        cdef int i, most = 0, S = 0, res
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
        cdef dReal* wr = <dReal*>cnp.PyArray_DATA(wreal)
        with nogil:
            res = step_rows(B.rdata, B.idata, nb, J.rdata, J.idata, nj, wr, <dReal>h, &seed if quick else NULL,
                            sb, S, ws)
        if res < 0:
            raise MemoryError("world step: out of memory")
        if quick:
            rand._put(seed)
        self._after_rows(B, nb)
        return 0

    cdef int _advance(self, object stepsize, bint quick) except -1:
        """One step holding the world's lock (re-entrant: moved callbacks may change the world), so another
        thread's structural change (new rows, grown arrays) waits until the kernel has finished with the rows."""
        lock = self._state.lock
        lock.acquire()
        try:
            self._advance_locked(stepsize, quick)
        finally:
            lock.release()
        return 0

    cdef int _after_rows(self, SlotsBase B, int nb) except -1:
        """Damping, or World._after_step when a moved body is non-finite or has a moved callback."""
        cdef int i, k, moved = 0, damp = 0, bad = 0
        cdef dReal x
        cdef dReal* r
        for i in range(nb):
            if B.idata[i * B.iw + BI_MOVED] == 0:
                continue
            moved = 1
            if B.idata[i * B.iw + BI_DAMP] & 3:
                damp = 1
            r = B.rdata + i * B.rw
            for k in range(B_TACC + 3):
                x = r[k]
                if not (x - x == 0.0):
                    bad = 1
                    break
        if not moved:
            return 0
        if bad or self._state.moved_callbacks:
            self._after_step()
        elif damp:
            damp_rows(B.rdata, B.idata, nb)
        return 0
