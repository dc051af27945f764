"""Twin of ``ode/_core/handles.pyx``: the base types of the API's handles (rows, bodies, joints) in Python.

The compiled module reads and writes rows through C pointers; this one through NumPy, with the same checks in
the same order and the same results, so the pure-Python backend behaves exactly as the compiled one.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ode import _check, _precision, rand
from ode import _layout as L
from ode.errors import ODEError

from . import jacobian, mass, step

_NPARAMS = 14                  # ODE 0.16 parameter numbers 0 .. 13 in each group
_P_FMAX = 5
_P_FUDGE = 6


class SlotsBase:
    """The storage behind handles: a real and an int array of rows, and the rows' generations."""

    generation: list
    count: int = 0
    rw: int = 0
    iw: int = 0

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


def _live(rows, s: int, gen: int, alive_col: int) -> bool:
    """True when row s is in use by the handle of generation gen."""
    if rows is None or s < 0 or s >= rows.count or s >= len(rows.generation):
        return False
    if rows.generation[s] != gen:
        return False
    return bool(rows.ints[s, alive_col])


class BodyBase:
    """The per-step accessors of ode.Body (see the compiled module)."""

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
        row[col:col + 3] = [a + b for a, b in zip(row[col:col + 3].tolist(), v)]

    def getPosition(self) -> tuple:
        """The position of the centre of mass."""
        return self._get(L.B_POS, 3)

    def setPosition(self, pos) -> None:
        """Set the position of the centre of mass."""
        self._store3(L.B_POS, "pos", pos)

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
    _ngroups = 0                       # parameter groups (0: setParam refuses every parameter)
    _pmask = 0                         # bit 16 * group + number: a parameter the joint stores

    def _set_param_table(self, groups: int, mask: int) -> None:
        """Record which parameters this joint has: ``groups`` parameter groups, and bit 16 * group + number
        of ``mask`` for each parameter it keeps (others are accepted and read as 0)."""
        self._ngroups = groups
        self._pmask = mask

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
        return tuple(np.asarray(values, dtype=np.float32).tolist())
    return values


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

    def step(self, stepsize) -> None:
        """Advance the world by ``stepsize`` seconds with the accurate (LCP) stepper, dWorldStep."""
        self._advance(stepsize, False)

    def quickStep(self, stepsize) -> None:
        """Advance the world by ``stepsize`` seconds with the iterative SOR stepper, dWorldQuickStep."""
        self._advance(stepsize, True)

    def _advance(self, stepsize, quick: bool) -> None:
        """One step holding the world's lock (see the compiled module)."""
        with self._state.lock:
            self._advance_locked(stepsize, quick)

    def _advance_locked(self, stepsize, quick: bool) -> None:
        h = stepsize if type(stepsize) is float and 0.0 < stepsize < math.inf else _check.step_size(stepsize)
        st = self._state
        b, j = st.bodies, st.joints
        samples = self._sample_buffer()
        if quick:
            _, seed = step.world_quick_step(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, h,
                                            rand._get(), samples, st.workspace)
            rand._put(seed)
        else:
            step.world_step(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, h, samples,
                            st.workspace)
        self._after_step()
