"""Twin of ``ode/_core/handles.pyx``: the base types of the API's handles (rows, bodies, joints) in Python.

The compiled module reads and writes rows through C pointers; this one through NumPy, with the same checks in
the same order and the same results, so the pure-Python backend behaves exactly as the compiled one.
"""

from __future__ import annotations

import heapq
import math
import numbers
import threading

import numpy as np

from ode import _check, _precision, rand
from ode import _layout as L
from ode.errors import ODEError

from . import jacobian, mass, step

_NPARAMS = 14                  # ODE 0.16 parameter numbers 0 .. 13 in each group
_P_FMAX = 5
_P_FUDGE = 6


class SlotsBase:
    """The storage behind handles: a real and an int array of rows, their generations and the free rows
    (see the compiled module); the free rows are a heapq heap."""

    count: int = 0
    zeroed_from: int = 0    # every row at or past it is zero in both arrays (see the compiled module)
    rw: int = 0
    iw: int = 0
    lock = None

    def __new__(cls, *args, **kwargs):
        self = super().__new__(cls)
        self.generation = []
        self._heap = []
        return self

    @property
    def real(self):
        """The (rows, columns) real array."""
        return self._real

    @real.setter
    def real(self, arr) -> None:
        if arr.ndim != 2 or arr.dtype.kind != "f" or not arr.flags.c_contiguous:
            raise ValueError("row storage needs a C-contiguous 2-D array of this build's real type")
        self._real = arr
        self.rw = arr.shape[1]
        self.zeroed_from = max(self.zeroed_from, arr.shape[0])   # a given array's rows are not known zero

    @property
    def ints(self):
        """The (rows, columns) int32 array."""
        return self._ints

    @ints.setter
    def ints(self, arr) -> None:
        if arr.ndim != 2 or arr.dtype.kind != "i" or arr.dtype.itemsize != 4 or not arr.flags.c_contiguous:
            raise ValueError("row storage needs a C-contiguous 2-D int32 array")
        self._ints = arr
        self.iw = arr.shape[1]
        self.zeroed_from = max(self.zeroed_from, arr.shape[0])

    @property
    def _free(self) -> list:
        """The freed rows waiting for reuse (a sorted copy, for inspection)."""
        return sorted(self._heap)

    def take_row(self) -> int:
        """A row for a new handle, not zeroed (lowest freed row first, else the next one past count)."""
        return self._take()[0]

    def take_zeroed(self) -> int:
        """take_row, the row zeroed unless it lies at or past zeroed_from (zero already)."""
        slot, fresh = self._take()
        if not fresh:
            self._zero(slot)
        return slot

    def _take(self) -> tuple:
        """(take_row's row, whether it was zero: at or past zeroed_from, which moves past it)."""
        heap = self._heap
        if heap:
            if heap[0] < self.count:
                slot = heapq.heappop(heap)
                self.generation[slot] += 1
                return slot, False
            heap.clear()                 # the lowest entry is stale, so all are
        slot = self.count
        if slot >= self._real.shape[0] or slot >= self._ints.shape[0]:
            self._grow()
        self.count += 1
        if slot < len(self.generation):
            self.generation[slot] += 1   # a row dropped from count earlier: a new generation
        else:
            self.generation.append(0)
        if slot >= self.zeroed_from:
            self.zeroed_from = slot + 1
            return slot, True
        return slot, False

    def _zero(self, s: int) -> None:
        self._real[s] = 0
        self._ints[s] = 0

    def _check_row(self, s: int) -> None:
        if s < 0 or s >= self._real.shape[0] or s >= len(self.generation):
            raise IndexError(f"row {s} out of range")

    def _trim(self) -> None:
        """Lower count past the freed rows at its end (an odd generation marks a freed row)."""
        n = self.count
        gen = self.generation
        while n and gen[n - 1] & 1:
            n -= 1
        self.count = n

    def take(self) -> int:
        """A row for a new handle, not zeroed: for callers that overwrite the whole row at once (they hold
        ``lock`` while they take and write the row)."""
        return self.take_row()

    def take_many(self, k: int) -> list:
        """k rows in take()'s order (lowest freed first, then rows past count), not zeroed."""
        with self.lock:
            return [self.take_row() for _ in range(k)]

    def take_rows(self, k: int) -> np.ndarray:
        """take_many(k) as an intp array (a range when no free row lies below ``count``)."""
        with self.lock:
            heap = self._heap
            if heap and heap[0] < self.count:
                return np.array([self.take_row() for _ in range(k)], dtype=np.intp)
            heap.clear()                     # every entry is stale (at or above count)
            n = self.count
            end = n + k
            while end > self._real.shape[0] or end > self._ints.shape[0]:
                self._grow()
            gen = self.generation
            old = min(end, len(gen))
            for s in range(n, old):          # rows dropped from count earlier: a new generation
                gen[s] += 1
            gen.extend([0] * (end - old))
            self.count = end
            self.zeroed_from = max(self.zeroed_from, end)
            return np.arange(n, end, dtype=np.intp)

    def release_range(self, start: int, stop: int) -> None:
        """release_many(range(start, stop)) for live rows (see the compiled module)."""
        if start >= stop:
            return
        with self.lock:
            self._check_row(start)
            self._check_row(stop - 1)
            self._ints[start:stop] = 0
            for s in range(start, stop):
                self.generation[s] += 1
            if stop == self.count:
                self.count = start
                self._trim()
            else:
                self._real[start:stop] = 0
                for s in range(start, stop):
                    heapq.heappush(self._heap, s)

    def allocate(self) -> int:
        """A zeroed row for a new handle, the arrays grown when full."""
        with self.lock:
            return self.take_zeroed()

    def release(self, slot: int) -> None:
        """Free a row: zeroed, its generation bumped (handles to it see they are stale), reusable."""
        with self.lock:
            self._check_row(slot)
            self._zero(slot)
            self.generation[slot] += 1
            heapq.heappush(self._heap, slot)
            if slot == self.count - 1:
                self._trim()

    def release_many(self, slots) -> None:
        """release() for many rows at once."""
        if not slots:
            return
        with self.lock:
            for s in slots:
                self._check_row(s)
            for s in slots:
                self._zero(s)
                self.generation[s] += 1
                heapq.heappush(self._heap, s)
            self._trim()


ReentrantLock = threading.RLock     # the compiled module's re-entrant lock; here the standard one


def _live(rows, s: int, gen: int, alive_col: int) -> bool:
    """True when row s is in use by the handle of generation gen."""
    if rows is None or s < 0 or s >= rows.count or s >= len(rows.generation):
        return False
    if rows.generation[s] != gen:
        return False
    return bool(rows.ints[s, alive_col])


class BodyBase:
    """The per-step accessors of ode.Body (see the compiled module)."""

    _moved_epoch = 0            # the clean epoch when its last move was told (see bind_moved)
    _world = None
    _rows = None
    _slot = 0
    _gen = 0

    def _live_slot(self) -> int:
        """This body's row, or ODEError when the body was destroyed."""
        if not _live(self._rows, self._slot, self._gen, L.BI_ALIVE):
            raise ODEError("this body has been destroyed")
        return self._slot

    def _get(self, col: int, n: int) -> tuple:
        s = self._live_slot()
        return tuple(self._rows.real[s, col:col + n].tolist())

    def _store3(self, col: int, name: str, value) -> None:
        v = _check.vec(name, value)
        s = self._live_slot()
        self._rows.real[s, col:col + 3] = v

    def _add3(self, col: int, name: str, value) -> None:
        v = _check.vec(name, value)
        s = self._live_slot()
        row = self._rows.real[s]
        with np.errstate(over="ignore"):    # past float32's range: inf, silently, as the compiled add
            row[col:col + 3] = [a + b for a, b in zip(row[col:col + 3].tolist(), v)]

    def getPosition(self) -> tuple:
        """The position of the centre of mass."""
        return self._get(L.B_POS, 3)

    def setPosition(self, pos) -> None:
        """Set the position of the centre of mass (its geoms move: see ``bind_moved``)."""
        self._store3(L.B_POS, "pos", pos)
        self._moved()

    def _moved(self) -> None:
        """Tell the spaces that this body's geoms moved (dGeomMoved of each: see ``bind_moved``); only a
        clean geom changes its place, so nothing is told while none is."""
        hook = _MOVED[0]
        if self._moved_epoch != _EPOCH[0] and hook is not None:
            hook(self)

    def getRotation(self) -> tuple:
        """The rotation matrix as 9 numbers, row-major."""
        return self._get(L.B_R, 9)

    def getQuaternion(self) -> tuple:
        """The orientation quaternion (w, x, y, z)."""
        return self._get(L.B_Q, 4)

    def getLinearVel(self) -> tuple:
        """The linear velocity."""
        return self._get(L.B_LVEL, 3)

    def setLinearVel(self, vel) -> None:
        """Set the linear velocity of the centre of mass."""
        self._store3(L.B_LVEL, "vel", vel)

    def getAngularVel(self) -> tuple:
        """The angular velocity (world frame)."""
        return self._get(L.B_AVEL, 3)

    def setAngularVel(self, vel) -> None:
        """Set the angular velocity (world frame)."""
        self._store3(L.B_AVEL, "vel", vel)

    def addForce(self, f) -> None:
        """Add a force (world frame) at the centre of mass."""
        self._add3(L.B_FACC, "f", f)

    def addTorque(self, t) -> None:
        """Add a torque (world frame)."""
        self._add3(L.B_TACC, "t", t)

    def getForce(self) -> tuple:
        """The force accumulator (zeroed after every step)."""
        return self._get(L.B_FACC, 3)

    def setForce(self, f) -> None:
        """Set the force accumulator."""
        self._store3(L.B_FACC, "f", f)

    def getTorque(self) -> tuple:
        """The torque accumulator (zeroed after every step)."""
        return self._get(L.B_TACC, 3)

    def setTorque(self, t) -> None:
        """Set the torque accumulator."""
        self._store3(L.B_TACC, "t", t)


def _param(joint, param) -> tuple:
    """Split a parameter constant into (group, number), or TypeError / ValueError for one the joint lacks."""
    if type(param) is not int:
        if isinstance(param, bool) or not isinstance(param, numbers.Integral):
            raise TypeError(f"param must be an int (an ode.Param* constant), not {type(param).__name__}")
        param = int(param)
    groups = joint._ngroups
    if param < 0 or (param >> 8) >= groups or (param & 0xFF) >= _NPARAMS:
        raise ValueError(f"{type(joint).__name__} has no parameter {param:#x}")
    return param >> 8, param & 0xFF


class JointBase:
    """Parameters, feedback and the hinge angle of ode.Joint (see the compiled module)."""

    _world = None
    _rows = None
    _body_rows = None
    _slot = 0
    _gen = 0
    _bodies = None                     # (body1, body2) as the user attached them
    _group = None                      # the JointGroup holding the joint, or None
    _data = None                       # setData's object
    _normal = None                     # a contact joint's normal as given (before an attach may flip it)
    _ngroups = 0                       # parameter groups (0: setParam refuses every parameter)
    _pmask = 0                         # bit 16 * group + number: a parameter the joint stores

    def _set_param_table(self, groups: int, mask: int) -> None:
        """Record which parameters this joint has: ``groups`` parameter groups, and bit 16 * group + number
        of ``mask`` for each parameter it keeps (others are accepted and read as 0)."""
        self._ngroups = groups
        self._pmask = mask

    def _pin(self) -> None:
        """Nothing to do here: the twin's world keeps every joint (the compiled module's loose contact
        joints, held by their group alone for the cyclic collector's sake, have no twin)."""

    def _unloose(self) -> None:
        """Nothing to do here (see _pin)."""

    def _live_slot(self) -> int:
        """This joint's row, or ODEError when the joint was destroyed."""
        if not _live(self._rows, self._slot, self._gen, L.JI_ALIVE):
            raise ODEError("this joint has been destroyed")
        return self._slot

    def _param_index(self, param) -> tuple:
        """(group, number) of a parameter constant, or TypeError / ValueError for one this joint lacks."""
        return _param(self, param)

    def setParam(self, param, value) -> None:
        """Set a limit/motor/ERP/CFM parameter (ode.Param* constants, ParamX2 / ParamX3 for other axes)."""
        group, number = _param(self, param)
        v = _check.real_or_inf("value", value)
        if not (self._pmask >> (16 * group + number)) & 1:
            return
        if number == _P_FMAX and not v >= 0.0:
            return
        if number == _P_FUDGE and not 0.0 <= v <= 1.0:
            return
        s = self._live_slot()
        self._rows.real[s, L.J_PARAM + L.J_PARAM_GROUP * group + number] = v

    def getParam(self, param) -> float:
        """A parameter's value (0 for parameters this joint type does not use, as libode)."""
        group, number = _param(self, param)
        s = self._live_slot()
        return float(self._rows.real[s, L.J_PARAM + L.J_PARAM_GROUP * group + number])

    def getFeedback(self):
        """((force1), (torque1), (force2), (torque2)) applied in the last step, or None if not requested."""
        s = self._live_slot()
        if not self._rows.ints[s, L.JI_FEEDBACK]:
            return None
        v = self._rows.real[s, L.J_FB:L.J_FB + 12].tolist()
        return (tuple(v[0:3]), tuple(v[3:6]), tuple(v[6:9]), tuple(v[9:12]))

    def _hinge_angle(self) -> float:
        """The hinge angle in (-pi, pi], zero at the pose of the last setAxis/setAnchor/attach."""
        s = self._live_slot()
        ji = self._rows.ints
        if ji[s, L.JI_B1] < 0:
            return 0.0
        a = float(jacobian.hinge_angle(ji.reshape(-1), self._rows.real.reshape(-1), s,
                                       self._body_rows.real.reshape(-1)))
        return -a if ji[s, L.JI_FLAGS] & L.JF_REVERSE else a



def _stored(values: tuple) -> tuple:
    """Mass values as the precision stores them (float32-rounded in single)."""
    if _precision.precision == "single":
        with np.errstate(over="ignore"):
            values = tuple(np.asarray(values, dtype=np.float32).tolist())
    return _check.mass_values(values)


class MassBase:
    """The 13 mass values and the common shape setters of ode.Mass (see the compiled module)."""

    __slots__ = ("_m",)

    def setSphere(self, density, radius) -> None:
        """A solid sphere of the given density and radius centred at the body origin."""
        d = _check.positive("density", density)
        self._m = _stored(mass.MassSetSphere(d, _check.positive("radius", radius)))

    def setSphereTotal(self, total_mass, radius) -> None:
        """A solid sphere of the given total mass and radius centred at the body origin."""
        t = _check.positive("total_mass", total_mass)
        self._m = _stored(mass.MassSetSphereTotal(t, _check.positive("radius", radius)))

    def setBox(self, density, lx, ly, lz) -> None:
        """A solid box of the given density with side lengths lx, ly, lz, centred at the body origin."""
        d, x, y = _check.positive("density", density), _check.positive("lx", lx), _check.positive("ly", ly)
        self._m = _stored(mass.MassSetBox(d, x, y, _check.positive("lz", lz)))

    def setBoxTotal(self, total_mass, lx, ly, lz) -> None:
        """A solid box of the given total mass with side lengths lx, ly, lz."""
        t = _check.positive("total_mass", total_mass)
        x, y = _check.positive("lx", lx), _check.positive("ly", ly)
        self._m = _stored(mass.MassSetBoxTotal(t, x, y, _check.positive("lz", lz)))


class WorldBase:
    """step and quickStep of ode.World (see the compiled module)."""

    _moved_epoch = 0            # the clean epoch when a step left no geom of its bodies clean

    def _loose_joints(self) -> dict:
        """No loose contact joints here (see JointBase._pin): an empty dict."""
        return {}

    def _joint_object(self, slot: int):
        """The joint object of row ``slot`` (None for a row without one, such as a native contact
        joint's)."""
        return self._state.joint_objects.get(slot)

    def step(self, stepsize) -> None:
        """Advance the world by ``stepsize`` seconds with the accurate (LCP) stepper, dWorldStep.

        The step is atomic: when it raises (a non-finite state, a hinge-2 joint with parallel axes, memory),
        bodies, joints, auto-disable state and the dRand seed are left exactly as they were. Moved callbacks
        run after the step has succeeded: an exception from one propagates with the step already taken."""
        self._advance(stepsize, False)

    def quickStep(self, stepsize) -> None:
        """Advance the world by ``stepsize`` seconds with the iterative SOR stepper, dWorldQuickStep (atomic
        as ``step``: a step that raises leaves the world and the dRand seed as they were)."""
        self._advance(stepsize, True)

    def _advance(self, stepsize, quick: bool) -> None:
        """One step holding the world's lock (see the compiled module)."""
        with self._state.lock:
            self._advance_locked(stepsize, quick)

    def _advance_locked(self, stepsize, quick: bool) -> None:
        h = stepsize if type(stepsize) is float and _check.MIN_STEP <= stepsize <= _check._MAX \
            else _check.step_size(stepsize)
        st = self._state
        b, j = st.bodies, st.joints
        samples = self._sample_buffer()
        ws = st.workspace
        step.save_rows(b.real, b.ints, b.count, j.real, j.ints, j.count, samples, ws)
        res, seed = step.step_arrays(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, h,
                                     rand._get() if quick else None, samples, ws)
        if res < 0:
            step.restore_rows(b.real, b.ints, b.count, j.real, j.ints, j.count, samples, ws)
            self._refuse_joint(-2 - res)
        bad = step.scan_bodies(b.real, b.ints, b.count)[1]
        if bad >= 0:
            step.restore_rows(b.real, b.ints, b.count, j.real, j.ints, j.count, samples, ws)
            self._refuse_body(bad)
        if quick:
            rand._put(seed)
        self._after_step()
        hook = _MOVED[1]
        if self._moved_epoch != _EPOCH[0] and hook is not None:
            epoch = _EPOCH[0]
            self._moved_epoch = -1 if hook(st) else epoch


# ---------------------------------------------------------------- moves

_MOVED: list = [None, None]      # body_moved(body), step_moved(state): see bind_moved


_EPOCH: list = [1]               # the clean epoch (see the compiled module's note_clean)


def note_clean() -> None:
    """A collide pass cleaned geoms: moves of bodies are told to ode.geoms again."""
    _EPOCH[0] += 1


def clean_epoch() -> int:
    """The number of the present clean epoch."""
    return _EPOCH[0]


def bind_moved(body_moved, step_moved) -> None:
    """Bind the functions told about moves (see the compiled module)."""
    _MOVED[:] = [body_moved, step_moved]


# ---------------------------------------------------------------- contacts

_NO_BODIES = (None, None)
_API: dict = {}          # the API's exact classes for the contact fast paths, bound by ode.joints.contact


def bind_api_types(world, body, contact, contact_joint, joint_group) -> None:
    """Tell the contact fast paths the API's exact classes (called once by ode.joints.contact)."""
    _API.update(World=world, Body=body, Contact=contact, ContactJoint=contact_joint, JointGroup=joint_group)


def _field_real(name: str, value) -> float:
    """A contact field's value: a real number (infinities allowed, as the setters allow them for mu), or
    TypeError naming the field; the setters check the ranges."""
    if type(value) in (float, int):
        try:
            return float(value)
        except OverflowError:
            pass
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    return float(value)


def _field_mode(value) -> int:
    """The contact mode field: ODE's flag bits (0 .. 0xFFFF), or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"mode must be an int, not {type(value).__name__}")
    if not 0 <= value < 0x10000:
        raise ValueError(f"mode {int(value):#x} is not a set of ODE contact mode flags")
    return int(value)


def _real_field(name: str):
    """A property storing a checked real number in ``_name``."""
    private = "_" + name

    def get(self):
        return getattr(self, private)

    def put(self, value) -> None:
        setattr(self, private, _field_real(name, value))

    return property(get, put)


def _vector_field(name: str):
    """A property storing three checked finite reals (as ode._check.vec) in ``_name``, read as a tuple."""
    private = "_" + name

    def get(self):
        return getattr(self, private)

    def put(self, value) -> None:
        setattr(self, private, _check.vec(name, value))

    return property(get, put)


class ContactBase:
    """The contact point, its surface parameters and the per-contact setters of ode.Contact."""

    _mode = 0x004                     # PyODE's defaults: bounce mode, infinite friction, bounce 0.1
    _mu = math.inf
    _mu2 = 0.0
    _bounce = 0.1
    _bounce_vel = 0.0
    _soft_erp = 0.0
    _soft_cfm = 0.0
    _motion1 = 0.0
    _motion2 = 0.0
    _motionN = 0.0
    _slip1 = 0.0
    _slip2 = 0.0
    _depth = 0.0
    _fdir1 = (0.0, 0.0, 0.0)
    _pos = (0.0, 0.0, 0.0)
    _normal = (0.0, 0.0, 0.0)
    g1 = None
    g2 = None

    mode = property(lambda self: self._mode, lambda self, value: setattr(self, "_mode", _field_mode(value)))
    pos = _vector_field("pos")
    normal = _vector_field("normal")
    fdir1 = _vector_field("fdir1")
    mu = _real_field("mu")
    mu2 = _real_field("mu2")
    bounce = _real_field("bounce")
    bounce_vel = _real_field("bounce_vel")
    soft_erp = _real_field("soft_erp")
    soft_cfm = _real_field("soft_cfm")
    motion1 = _real_field("motion1")
    motion2 = _real_field("motion2")
    motionN = _real_field("motionN")
    slip1 = _real_field("slip1")
    slip2 = _real_field("slip2")
    depth = _real_field("depth")

    def getMu(self) -> float:
        """Coulomb friction coefficient (ode.Infinity: never slips)."""
        return self.mu

    def setMu(self, mu) -> None:
        """Set the friction coefficient (0 .. ode.Infinity)."""
        if type(mu) in (float, int) and mu == mu:
            self._mu = float(mu)
        else:
            self._mu = _check.real_or_inf("mu", mu)

    def getBounce(self) -> float:
        """Restitution (0 .. 1), with ContactBounce."""
        return self.bounce

    def setBounce(self, b) -> None:
        """Set the restitution."""
        if type(b) in (float, int) and -_check._MAX <= b <= _check._MAX:
            self._bounce = float(b)
        else:
            self._bounce = _check.real("bounce", b)

    def getMode(self) -> int:
        """The surface mode flags (ode.Contact* constants)."""
        return self.mode

    def getContactGeomParams(self) -> tuple:
        """(pos, normal, depth, geom1, geom2)."""
        return (self.pos, self.normal, self.depth, self.g1, self.g2)


def _vec3_fast(value):
    """The three floats of a tuple or list of three Python floats or ints, else None."""
    if type(value) in (tuple, list) and len(value) == 3 and all(type(x) in (float, int) for x in value):
        try:
            return [float(x) for x in value]
        except OverflowError:
            return None
    return None


def _storable(x: float) -> bool:
    """True when x stores into the real type as the general path would store it."""
    return abs(x) <= _check._MAX or x != x or abs(x) == math.inf


class ContactJointBase(JointBase):
    """Construction and attach of ode.ContactJoint for the usual argument types (see the compiled module)."""

    def __init__(self, world, jointgroup, contact) -> None:
        """Create a contact joint from a copy of ``contact`` (later changes to it have no effect)."""
        if not self._init_fast(world, jointgroup, contact):
            self._init_general(world, jointgroup, contact)

    def _init_fast(self, world, jointgroup, contact) -> bool:
        if type(contact) is not _API["Contact"] or type(world) is not _API["World"]:
            return False
        if jointgroup is not None and (type(jointgroup) is not _API["JointGroup"] or jointgroup._destroyed):
            return False
        c = contact
        p, q, f = list(c._pos), list(c._normal), list(c._fdir1)
        v = p + q + [float(c.depth)] + f + [float(c.mu), float(c.mu2), 0.0, 0.0, 0.0, float(c.bounce),
                                            float(c.bounce_vel), float(c.soft_erp), float(c.soft_cfm),
                                            float(c.motion1), float(c.motion2), float(c.motionN),
                                            float(c.slip1), float(c.slip2)]
        if not all(_storable(x) for x in v):
            return False
        st = world._state
        rows = st.joints
        with st.lock:
            slot = rows.take()
            rows.real[slot] = 0.0
            rows.ints[slot] = 0
            rows.real[slot, L.J_C_POS:L.J_C_POS + 24] = v
            ji = rows.ints[slot]
            ji[L.JI_TYPE] = L.JT_CONTACT
            ji[L.JI_B1] = ji[L.JI_B2] = -1
            ji[L.JI_ALIVE] = ji[L.JI_ENABLED] = 1
            ji[L.JI_C_MODE] = c.mode
            self._world = world
            self._rows = rows
            self._body_rows = st.bodies
            self._slot = slot
            self._gen = rows.generation[slot]
            self._bodies = _NO_BODIES
            self._data = None
            self._normal = c._normal
            st.joint_objects[slot] = self
            if jointgroup is not None:
                jointgroup._joints.append(self)
            self._group = jointgroup
        return True

    def attach(self, body1, body2) -> None:
        """Attach to the two colliding bodies (None for the static environment)."""
        w = self._world
        if w is None:
            raise ODEError("this joint has been destroyed")
        st = w._state
        s1 = -1 if body1 is None else _attachable(body1, w, self._body_rows)
        s2 = -1 if body2 is None else _attachable(body2, w, self._body_rows)
        if s1 == -2 or s2 == -2 or (s1 >= 0 and s1 == s2):      # unusual or bad input: the general path
            self._attach_general(body1, body2)
            return
        with st.lock:
            rows = self._rows
            s = self._slot
            if rows is None or s < 0 or s >= len(rows.generation) or rows.generation[s] != self._gen:
                raise ODEError("this joint has been destroyed")
            n = _vec3_fast(self._normal)
            if n is None:
                self._attach_general(body1, body2)
                return
            ji = rows.ints[s]
            if s1 < 0 and s2 >= 0:             # (environment, body) is stored as (body, environment)
                ji[L.JI_B1], ji[L.JI_B2] = s2, -1
                ji[L.JI_FLAGS] = int(ji[L.JI_FLAGS]) | L.JF_REVERSE
                rows.real[s, L.J_C_NORMAL:L.J_C_NORMAL + 3] = (-n[0], -n[1], -n[2])
            else:
                ji[L.JI_B1], ji[L.JI_B2] = s1, s2
                ji[L.JI_FLAGS] = int(ji[L.JI_FLAGS]) & ~L.JF_REVERSE
                rows.real[s, L.J_C_NORMAL:L.J_C_NORMAL + 3] = n
            self._bodies = (body1, body2)


def _attachable(body, world, brows) -> int:
    """The row of a live ode.Body of this world, or -2 for anything else (the general path decides)."""
    if type(body) is not _API["Body"]:
        return -2
    if body._world is not world or not _live(brows, body._slot, body._gen, L.BI_ALIVE):
        return -2
    return body._slot


class JointGroupBase:
    """A group's joints, and empty() releasing contact joints in bulk (see the compiled module)."""

    def __init__(self) -> None:
        self._joints: list = []
        self._destroyed = False

    def __len__(self) -> int:
        return len(self._joints)

    def empty(self) -> None:
        """Destroy every joint in the group; the group stays usable."""
        joints = self._joints
        self._joints = []
        rows: dict = {}                          # world state -> live contact-joint rows, released in bulk
        world = objects = mine = jrows = None
        contact_joint = _API["ContactJoint"]
        for joint in joints:
            if type(joint) is contact_joint:
                s = joint._slot
                if s >= 0:
                    if joint._world is not world:    # the joints of a group usually share one world
                        world = joint._world
                        st = world._state
                        jrows, objects = st.joints, st.joint_objects
                        mine = rows.setdefault(st, [])
                    if s < len(jrows.generation) and jrows.generation[s] == joint._gen:
                        mine.append(s)
                        objects.pop(s, None)
                    joint._slot = -1
                    joint._bodies = _NO_BODIES
                joint._group = None
            else:
                if joint._slot >= 0:
                    try:
                        joint._release()
                    except ODEError:
                        pass
                joint._group = None
        for st, slots in rows.items():
            st.joints.release_many(slots)
