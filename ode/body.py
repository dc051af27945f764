"""Rigid bodies (dBodyID) as handles onto a row of their world's body arrays, with PyODE's API."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _backend, _check
from . import _layout as L
from ._handle import Handle
from ._state import body_died, locked, locked_by_arg
from .mass import Mass
from .world import MAX_COUNT, MAX_SAMPLES, World, _count, nonnegative, threshold_value

if TYPE_CHECKING:
    from typing import Any

    from ._types import BodyBase, Joint, Mat3Like, MovedCallback, QuatLike, Vec3, Vec3Like
else:
    BodyBase = _backend.kernel("handles").BodyBase

_EPS = 2.220446049250313e-16 if _backend.precision == "double" else 1.1920929e-07


def _k():
    """The step kernel module of the chosen backend (numeric helpers that must match in both backends)."""
    return _backend.kernel("step")


class Body(BodyBase, Handle):
    """A rigid body: position, orientation, velocities, mass and force accumulators (PyODE's ode.Body).

    The per-step accessors (positions, rotations, velocities, forces) are inherited from the compiled base
    type ``handles.BodyBase``; this class holds the rest of the API.
    """

    @locked_by_arg
    def __init__(self, world: World) -> None:
        """Create a body in ``world`` at the origin with ODE's default mass (1, identity inertia)."""
        if not isinstance(world, World):
            raise TypeError(f"Body(world) expects an ode.World, not {type(world).__name__}")
        st = world._state
        slot = st.bodies.allocate()
        r = st.bodies.real[slot]
        i = st.bodies.ints[slot]
        r[L.B_Q] = 1.0
        r[L.B_R] = r[L.B_R + 4] = r[L.B_R + 8] = 1.0
        r[L.B_MASS] = r[L.B_INVMASS] = 1.0
        r[L.B_I] = r[L.B_I + 4] = r[L.B_I + 8] = 1.0
        r[L.B_INVI] = r[L.B_INVI + 4] = r[L.B_INVI + 8] = 1.0
        i[L.BI_ALIVE] = i[L.BI_ENABLED] = i[L.BI_GRAVITY] = i[L.BI_GYRO] = 1
        i[L.BI_ISLAND] = -1
        _auto_disable_defaults(r, i, st.wreal)
        _damping_defaults(r, i, st.wreal)
        self._world = world
        self._rows = st.bodies
        self._slot = slot
        self._gen = st.bodies.generation[slot]
        self._data = None
        self._moved_callback = None
        st.body_objects[slot] = self

    # ---- handle plumbing
    def _row(self):
        """The live real row (a numpy view)."""
        return self._world._state.bodies.real[self._live_slot()]

    def _get(self, col: int, n: int) -> tuple:
        """n values of the real row from column col, as Python floats."""
        return tuple(self._row()[col:col + n].tolist())

    def _set(self, col: int, values) -> None:
        """Store values into the real row from column col."""
        self._row()[col:col + len(values)] = values

    def _iget(self, col: int) -> int:
        return int(self._world._state.bodies.ints[self._live_slot(), col])

    def _iset(self, col: int, value: int) -> None:
        self._world._state.bodies.ints[self._live_slot(), col] = value

    def __repr__(self) -> str:
        state = "destroyed" if self._slot < 0 else f"slot {self._slot}"
        return f"<ode.Body {state}>"

    @property
    def world(self) -> World:
        """The world this body lives in."""
        return self._world

    @locked
    def destroy(self) -> None:
        """Destroy the body; joints attached to it are detached (put in limbo), as dBodyDestroy does."""
        slot = self._live_slot()
        st = self._world._state
        j = st.joints
        for js in self._joint_slots():
            joint = self._world._joint_object(js)
            hook = getattr(joint, "_body_destroyed", None)
            if hook is not None:
                hook(self)
            else:
                j.ints[js, L.JI_B1] = -1
                j.ints[js, L.JI_B2] = -1
        st.bodies.release(slot)
        st.body_objects.pop(slot, None)
        st.moved_callbacks.pop(slot, None)
        self._slot = -1
        body_died()                         # geoms attached to it are detached at the next refresh_poses

    # ---- position and orientation
    def setRotation(self, R: Mat3Like) -> None:
        """Set the orientation from a 3x3 rotation matrix given as 9 numbers, row-major.

        ValueError when row 0 or row 1 is zero or they are parallel (libode aborts on such a matrix).
        """
        M = _check.vec("R", R, 9)
        c = (M[1] * M[5] - M[2] * M[4], M[2] * M[3] - M[0] * M[5], M[0] * M[4] - M[1] * M[3])
        if c == (0.0, 0.0, 0.0):
            raise ValueError("R must be a rotation matrix: its first two rows are zero or parallel")
        q, R2 = _k().rotation_from_matrix(M)
        self._set(L.B_Q, q)
        self._set(L.B_R, R2)
        self._moved()

    def setQuaternion(self, q: QuatLike) -> None:
        """Set the orientation from a quaternion (w, x, y, z); it is normalised."""
        qv = _check.vec("q", q, 4)
        if qv == (0.0, 0.0, 0.0, 0.0):
            raise ValueError("q must not be the zero quaternion")
        qn, R = _k().rotation_from_quaternion(qv)
        self._set(L.B_Q, qn)
        self._set(L.B_R, R)
        self._moved()

    # ---- mass
    def setMass(self, mass: Mass) -> None:
        """Set the mass parameters (an ode.Mass with its centre at the body origin)."""
        values = getattr(mass, "_values", None)
        if values is None:
            raise TypeError(f"setMass expects an ode.Mass, not {type(mass).__name__}")
        m, c, I = values()
        m = _check.real("mass", m)
        c = _check.vec("mass centre", c)
        I = _check.vec("inertia", I, 9)
        if not m > 0.0:
            raise ValueError(f"the mass must be > 0, not {m!r}")
        if any(abs(x) > _EPS for x in c):
            raise ValueError("the centre of mass must be at the body origin (translate the geometry instead)")
        ok, invI = _k().inverse_inertia(I)
        if not ok:
            raise ValueError("the inertia tensor must be symmetric positive definite")
        row = self._row()
        kinematic = self._iget(L.BI_KINEMATIC)
        row[L.B_MASS] = m
        row[L.B_INVMASS] = 0.0 if kinematic else 1.0 / m
        row[L.B_I:L.B_I + 9] = I
        row[L.B_INVI:L.B_INVI + 9] = 0.0 if kinematic else invI
        row[L.B_MASSC:L.B_MASSC + 3] = c

    def getMass(self) -> Mass:
        """The body's mass parameters as a new ode.Mass."""
        row = self._row().tolist()
        I = row[L.B_I:L.B_I + 9]
        c = row[L.B_MASSC:L.B_MASSC + 3]
        return Mass._from_values(row[L.B_MASS], tuple(c), tuple(I))

    # ---- forces
    def _add(self, col: int, v) -> None:
        """Add v to the accumulator at col."""
        row = self._row()
        row[col:col + 3] = [a + b for a, b in zip(row[col:col + 3].tolist(), v)]

    def _add_at(self, f, d) -> None:
        """Add world force f acting at offset d (world frame) from the centre of mass."""
        row = self._row()
        fa, ta = _k().force_at(row[L.B_FACC:L.B_FACC + 3].tolist(), row[L.B_TACC:L.B_TACC + 3].tolist(), f, d)
        row[L.B_FACC:L.B_FACC + 3] = fa
        row[L.B_TACC:L.B_TACC + 3] = ta

    def _to_world(self, v) -> tuple:
        return _k().vector_to_world(self._get(L.B_R, 9), v)

    def _offset(self, p) -> tuple:
        pos = self._get(L.B_POS, 3)
        return (p[0] - pos[0], p[1] - pos[1], p[2] - pos[2])

    def addRelForce(self, f: Vec3Like) -> None:
        """Add a force given in the body frame, at the centre of mass."""
        self._add(L.B_FACC, self._to_world(_check.vec("f", f)))

    def addRelTorque(self, t: Vec3Like) -> None:
        """Add a torque given in the body frame."""
        self._add(L.B_TACC, self._to_world(_check.vec("t", t)))

    def addForceAtPos(self, f: Vec3Like, p: Vec3Like) -> None:
        """Add a world-frame force acting at world point p."""
        f, p = _check.vec("f", f), _check.vec("p", p)
        self._add_at(f, self._offset(p))

    def addForceAtRelPos(self, f: Vec3Like, p: Vec3Like) -> None:
        """Add a world-frame force acting at body-frame point p."""
        f, p = _check.vec("f", f), _check.vec("p", p)
        self._add_at(f, self._to_world(p))

    def addRelForceAtPos(self, f: Vec3Like, p: Vec3Like) -> None:
        """Add a body-frame force acting at world point p."""
        f, p = _check.vec("f", f), _check.vec("p", p)
        self._add_at(self._to_world(f), self._offset(p))

    def addRelForceAtRelPos(self, f: Vec3Like, p: Vec3Like) -> None:
        """Add a body-frame force acting at body-frame point p."""
        f, p = _check.vec("f", f), _check.vec("p", p)
        self._add_at(self._to_world(f), self._to_world(p))

    # ---- utility
    def getRelPointPos(self, p: Vec3Like) -> Vec3:
        """World position of a point given in body coordinates."""
        return _k().rel_point_pos(self._get(L.B_R, 9), self._get(L.B_POS, 3), _check.vec("p", p))

    def getRelPointVel(self, p: Vec3Like) -> Vec3:
        """World velocity of a point given in body coordinates."""
        return _k().rel_point_vel(self._get(L.B_R, 9), self._get(L.B_LVEL, 3), self._get(L.B_AVEL, 3),
                                  _check.vec("p", p))

    def getPointVel(self, p: Vec3Like) -> Vec3:
        """World velocity of the body point at world position p."""
        return _k().point_vel(self._get(L.B_POS, 3), self._get(L.B_LVEL, 3), self._get(L.B_AVEL, 3),
                              _check.vec("p", p))

    def getPosRelPoint(self, p: Vec3Like) -> Vec3:
        """Body coordinates of world point p (inverse of getRelPointPos)."""
        return _k().pos_rel_point(self._get(L.B_R, 9), self._get(L.B_POS, 3), _check.vec("p", p))

    def vectorToWorld(self, v: Vec3Like) -> Vec3:
        """A body-frame vector in world coordinates."""
        return _k().vector_to_world(self._get(L.B_R, 9), _check.vec("v", v))

    def vectorFromWorld(self, v: Vec3Like) -> Vec3:
        """A world vector in body coordinates."""
        return _k().vector_from_world(self._get(L.B_R, 9), _check.vec("v", v))

    # ---- modes
    def enable(self) -> None:
        """Enable the body: it takes part in the next steps; its idle countdowns restart."""
        slot = self._live_slot()
        st = self._world._state
        st.bodies.ints[slot, L.BI_ENABLED] = 1
        _restart_idle(st.bodies.real[slot], st.bodies.ints[slot])

    def disable(self) -> None:
        """Disable the body: it is not stepped until enabled (or woken by a joint to an enabled body)."""
        self._iset(L.BI_ENABLED, 0)

    def isEnabled(self) -> bool:
        """True when the body is enabled."""
        return bool(self._iget(L.BI_ENABLED))

    def setGravityMode(self, mode: int) -> None:
        """Whether the world's gravity acts on this body."""
        self._iset(L.BI_GRAVITY, _check.flag("mode", mode))

    def getGravityMode(self) -> bool:
        """True when gravity acts on this body."""
        return bool(self._iget(L.BI_GRAVITY))

    def setGyroscopicMode(self, mode: int) -> None:
        """Whether the (implicit) gyroscopic torque is applied (on by default, as in ODE 0.16)."""
        self._iset(L.BI_GYRO, _check.flag("mode", mode))

    def getGyroscopicMode(self) -> bool:
        """True when the gyroscopic torque is applied."""
        return bool(self._iget(L.BI_GYRO))

    def setFiniteRotationMode(self, mode: int) -> None:
        """0: infinitesimal orientation update (default); 1: finite rotation update."""
        self._iset(L.BI_FINITE, _check.flag("mode", mode))

    def getFiniteRotationMode(self) -> int:
        """The finite rotation mode, 0 or 1."""
        return self._iget(L.BI_FINITE)

    def setFiniteRotationAxis(self, a: Vec3Like) -> None:
        """Axis of the partial finite rotation (normalised; zero: full finite rotation)."""
        self._set(L.B_FAXIS, _k().finite_axis(_check.vec("a", a)))

    def getFiniteRotationAxis(self) -> Vec3:
        """The finite rotation axis."""
        return self._get(L.B_FAXIS, 3)

    # ---- auto-disable
    def setAutoDisableFlag(self, flag: int) -> None:
        """Whether the body is disabled automatically after being idle long enough."""
        self._iset(L.BI_AD_FLAG, _check.flag("flag", flag))

    def getAutoDisableFlag(self) -> bool:
        """The body's auto-disable flag."""
        return bool(self._iget(L.BI_AD_FLAG))

    def setAutoDisableLinearThreshold(self, threshold: float) -> None:
        """Linear speed below which the body counts as idle (>= 0; inf: never considered)."""
        self._row()[L.B_AD_LIN] = threshold_value("threshold", threshold)

    def getAutoDisableLinearThreshold(self) -> float:
        """The body's auto-disable linear threshold."""
        return float(self._row()[L.B_AD_LIN])

    def setAutoDisableAngularThreshold(self, threshold: float) -> None:
        """Angular speed below which the body counts as idle (>= 0; inf: never considered)."""
        self._row()[L.B_AD_ANG] = threshold_value("threshold", threshold)

    def getAutoDisableAngularThreshold(self) -> float:
        """The body's auto-disable angular threshold."""
        return float(self._row()[L.B_AD_ANG])

    def setAutoDisableSteps(self, steps: int) -> None:
        """Idle steps before the body is disabled (0: not considered); used when the countdown restarts."""
        self._iset(L.BI_AD_STEPS, _count("steps", steps, 0, MAX_COUNT))

    def getAutoDisableSteps(self) -> int:
        """The body's number of idle steps."""
        return self._iget(L.BI_AD_STEPS)

    def setAutoDisableTime(self, time: float) -> None:
        """Idle time before the body is disabled (0: not considered); used when the countdown restarts."""
        self._row()[L.B_AD_TIME] = nonnegative("time", time)

    def getAutoDisableTime(self) -> float:
        """The body's idle time."""
        return float(self._row()[L.B_AD_TIME])

    def setAutoDisableAverageSamplesCount(self, count: int) -> None:
        """Number of velocity samples the idle test averages (0: the body never counts as idle)."""
        slot = self._live_slot()
        ints = self._world._state.bodies.ints[slot]
        ints[L.BI_AD_AVG] = _count("count", count, 0, MAX_SAMPLES)
        ints[L.BI_AD_SAMPLE] = 0

    def getAutoDisableAverageSamplesCount(self) -> int:
        """The body's number of averaged velocity samples."""
        return self._iget(L.BI_AD_AVG)

    def setAutoDisableDefaults(self) -> None:
        """Copy the world's auto-disable defaults (flag, thresholds, steps, time, samples) to the body."""
        slot = self._live_slot()
        st = self._world._state
        _auto_disable_defaults(st.bodies.real[slot], st.bodies.ints[slot], st.wreal, restart=False)

    # ---- damping
    def _damp_flags(self) -> None:
        """Refresh the bits telling the kernels which of damping and the angular speed limit are active."""
        slot = self._live_slot()
        b = self._world._state.bodies
        _set_damp_bits(b.real[slot], b.ints[slot])

    def setLinearDamping(self, scale: float) -> None:
        """Linear damping scale: above the threshold the velocity is scaled by 1 - scale after each step."""
        self._row()[L.B_LDAMP] = _check.real("scale", scale)
        self._damp_flags()

    def getLinearDamping(self) -> float:
        """The body's linear damping scale."""
        return float(self._row()[L.B_LDAMP])

    def setAngularDamping(self, scale: float) -> None:
        """Angular damping scale (as setLinearDamping, for the angular velocity)."""
        self._row()[L.B_ADAMP] = _check.real("scale", scale)
        self._damp_flags()

    def getAngularDamping(self) -> float:
        """The body's angular damping scale."""
        return float(self._row()[L.B_ADAMP])

    def setDamping(self, linear_scale: float, angular_scale: float) -> None:
        """Set both damping scales."""
        lin = _check.real("linear_scale", linear_scale)
        ang = _check.real("angular_scale", angular_scale)
        row = self._row()
        row[L.B_LDAMP] = lin
        row[L.B_ADAMP] = ang
        self._damp_flags()

    def setLinearDampingThreshold(self, threshold: float) -> None:
        """Linear speed above which linear damping acts (>= 0)."""
        self._row()[L.B_LDAMP_T] = threshold_value("threshold", threshold)

    def getLinearDampingThreshold(self) -> float:
        """The body's linear damping threshold."""
        return float(self._row()[L.B_LDAMP_T])

    def setAngularDampingThreshold(self, threshold: float) -> None:
        """Angular speed above which angular damping acts (>= 0)."""
        self._row()[L.B_ADAMP_T] = threshold_value("threshold", threshold)

    def getAngularDampingThreshold(self) -> float:
        """The body's angular damping threshold."""
        return float(self._row()[L.B_ADAMP_T])

    def setDampingDefaults(self) -> None:
        """Copy the world's damping scales, thresholds and maximum angular speed to the body."""
        slot = self._live_slot()
        st = self._world._state
        _damping_defaults(st.bodies.real[slot], st.bodies.ints[slot], st.wreal)

    def setMaxAngularSpeed(self, max_speed: float) -> None:
        """Limit the angular speed, applied before the body moves (>= 0; inf: no limit)."""
        self._row()[L.B_MAXW] = threshold_value("max_speed", max_speed)
        self._damp_flags()

    def getMaxAngularSpeed(self) -> float:
        """The body's maximum angular speed."""
        return float(self._row()[L.B_MAXW])

    # ---- kinematic bodies
    def setKinematic(self) -> None:
        """Make the body kinematic: infinite mass for joints and contacts; it moves with its velocities."""
        slot = self._live_slot()
        b = self._world._state.bodies
        b.ints[slot, L.BI_KINEMATIC] = 1
        row = b.real[slot]
        row[L.B_INVMASS] = 0.0
        row[L.B_INVI:L.B_INVI + 9] = 0.0

    def setDynamic(self) -> None:
        """Make a kinematic body dynamic again, with its mass parameters."""
        slot = self._live_slot()
        b = self._world._state.bodies
        if not b.ints[slot, L.BI_KINEMATIC]:
            return
        b.ints[slot, L.BI_KINEMATIC] = 0
        row = b.real[slot]
        _, invI = _k().inverse_inertia(row[L.B_I:L.B_I + 9].tolist())
        row[L.B_INVMASS] = 1.0 / row[L.B_MASS]
        row[L.B_INVI:L.B_INVI + 9] = invI

    def isKinematic(self) -> bool:
        """True when the body is kinematic."""
        return bool(self._iget(L.BI_KINEMATIC))

    def getWorld(self) -> World:
        """The world this body lives in (dBodyGetWorld)."""
        self._live_slot()
        return self._world

    # ---- joints
    def _joint_slots(self) -> list:
        """Slots of the live joints attached to this body, most recent slot first."""
        slot = self._live_slot()
        j = self._world._state.joints
        ints = j.ints[:j.count]
        hits = (ints[:, L.JI_ALIVE] != 0) & ((ints[:, L.JI_B1] == slot) | (ints[:, L.JI_B2] == slot))
        return [int(s) for s in hits.nonzero()[0][::-1]]

    def getNumJoints(self) -> int:
        """The number of joints attached to this body."""
        return len(self._joint_slots())

    def getJoint(self, index: int) -> Joint:
        """The joint attached to this body at ``index`` (0 .. getNumJoints() - 1)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        slots = self._joint_slots()
        if not 0 <= index < len(slots):
            raise IndexError(f"joint index {index} out of range (the body has {len(slots)} joints)")
        return self._world._joint_object(slots[index])

    # ---- user data and callbacks
    def setData(self, data: Any) -> None:
        """Attach any Python object to the body."""
        self._data = data

    def getData(self) -> Any:
        """The object attached with setData (None by default)."""
        return self._data

    def setMovedCallback(self, callback: MovedCallback | None) -> None:
        """Call ``callback(body)`` after every step in which this body moved; None removes it."""
        if callback is not None and not callable(callback):
            raise TypeError("the moved callback must be callable or None")
        slot = self._live_slot()
        self._moved_callback = callback
        callbacks = self._world._state.moved_callbacks
        if callback is None:
            callbacks.pop(slot, None)
        else:
            callbacks[slot] = callback


def _restart_idle(row, ints) -> None:
    """Restart the idle countdowns and the velocity sampling (as enabling a body does)."""
    ints[L.BI_AD_STEPSLEFT] = ints[L.BI_AD_STEPS]
    row[L.B_AD_TIMELEFT] = row[L.B_AD_TIME]
    ints[L.BI_AD_SAMPLE] = 0


def _auto_disable_defaults(row, ints, wreal, restart: bool = True) -> None:
    """Copy the world's auto-disable defaults into a body row; a new body also starts its countdowns."""
    row[L.B_AD_LIN] = wreal[L.W_AD_LIN]
    row[L.B_AD_ANG] = wreal[L.W_AD_ANG]
    row[L.B_AD_TIME] = wreal[L.W_AD_TIME]
    ints[L.BI_AD_STEPS] = int(wreal[L.W_AD_STEPS])
    ints[L.BI_AD_AVG] = int(wreal[L.W_AD_AVG])
    ints[L.BI_AD_FLAG] = int(wreal[L.W_AD_FLAG])
    if restart:
        _restart_idle(row, ints)


def _set_damp_bits(row, ints) -> None:
    """BI_DAMP bits: 1 linear damping, 2 angular damping, 4 angular speed limit (only when they can act)."""
    bits = 0
    if row[L.B_LDAMP] != 0.0:
        bits |= 1
    if row[L.B_ADAMP] != 0.0:
        bits |= 2
    if row[L.B_MAXW] != float("inf"):
        bits |= 4
    ints[L.BI_DAMP] = bits


def _damping_defaults(row, ints, wreal) -> None:
    """Copy the world's damping scales, thresholds and maximum angular speed into a body row."""
    row[L.B_LDAMP] = wreal[L.W_LDAMP]
    row[L.B_ADAMP] = wreal[L.W_ADAMP]
    row[L.B_LDAMP_T] = wreal[L.W_LDAMP_T]
    row[L.B_ADAMP_T] = wreal[L.W_ADAMP_T]
    row[L.B_MAXW] = wreal[L.W_MAXW]
    _set_damp_bits(row, ints)
