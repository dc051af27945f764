"""The Joint base class (dJointID): a handle onto a row of its world's joint arrays.

A joint is a world plus a slot with a generation number (so a destroyed joint is detected). Geometry is
stored in the bodies' frames by the ``jacobian`` kernel's setters, and every numerical getter is computed
there too, so the compiled kernel and its Python twin cover them alike. ODE stores a joint attached as
(environment, body) swapped, as (body, environment) with a "reverse" flag; the getters undo the swap the way
libode 0.16.2 does, so what a user sees matches libode. This module also holds the parameter numbers, the
helpers every joint family uses, and ``_KernelGeometryJoint``, the base of the joints whose geometry goes
through the kernel's generic point and vector setters (PR, PU, piston, motors, plane-2D, double ball/hinge,
transmission, null).
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING

from .. import _backend, _check
from .. import _layout as L
from .._handle import Handle
from .._state import locked, locked_by_arg
from ..body import Body
from ..errors import ODEError
from ..world import World
from .group import JointGroup

if TYPE_CHECKING:
    from typing import Any

    from .._types import JointBase as _JointBase

_NPARAMS = 14          # ODE 0.16 parameter numbers 0 .. 13 in each group
_LIMOT = (0, 1, 2, 5, 6, 7, 8, 9, 10)   # numbers a limit/motor group stores (LoVel/HiVel are not in 0.16)
_P_LOSTOP, _P_HISTOP, _P_FMAX, _P_FUDGE = 0, 1, 5, 6
_P_BOUNCE, _P_CFM, _P_STOPERP, _P_STOPCFM = 7, 8, 9, 10
_P_SUSPERP, _P_SUSPCFM, _P_ERP = 11, 12, 13


def _k():
    """The jacobian kernel module of the chosen backend."""
    return _backend.kernel("jacobian")


_PARAM_MASKS: dict = {}       # joint class -> bit 16 * group + number of each parameter it stores


def _param_mask(cls) -> int:
    """The stored-parameter bits of a joint class (its ``_stored`` table), computed once per class."""
    mask = _PARAM_MASKS.get(cls)
    if mask is None:
        mask = 0
        for group, numbers_ in cls._stored.items():
            for number in numbers_:
                mask |= 1 << (L.J_PARAM_GROUP * group + number)
        _PARAM_MASKS[cls] = mask
    return mask


def _is_body(obj) -> bool:
    """True for an ode.Body."""
    return isinstance(obj, Body)


_H = _backend.kernel("handles")
if not TYPE_CHECKING:
    _JointBase = _H.JointBase


class Joint(_JointBase, Handle):
    """Base class of all joints: attachment, feedback, enabling, user attributes (PyODE's ode.Joint).

    The handle check, parameters and feedback are inherited from the compiled base type
    ``handles.JointBase``; this class holds the rest of the API.
    """

    _type = L.JT_NONE
    _groups = 0                       # parameter groups accepted by setParam / getParam
    _stored: dict = {}                # group -> parameter numbers the joint stores (others read as 0)
    _two_bodies = False               # hinge-2: attaching to the environment is an error

    @locked_by_arg
    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
        """Create the joint in ``world``, in limbo (attached to nothing), optionally in ``jointgroup``."""
        if type(self) is Joint:
            raise TypeError("ode.Joint is abstract: create a BallJoint, HingeJoint, SliderJoint, ...")
        if not isinstance(world, World):
            raise TypeError(f"{type(self).__name__}(world) expects an ode.World, not {type(world).__name__}")
        if jointgroup is not None and not isinstance(jointgroup, JointGroup):
            raise TypeError(f"jointgroup must be an ode.JointGroup or None, not {type(jointgroup).__name__}")
        if jointgroup is not None and jointgroup._destroyed:
            raise ODEError("this joint group has been destroyed")
        st = world._state
        slot = st.joints.allocate()
        ji = st.joints.ints[slot]
        ji[L.JI_TYPE] = self._type
        ji[L.JI_B1] = -1
        ji[L.JI_B2] = -1
        ji[L.JI_ALIVE] = 1
        ji[L.JI_ENABLED] = 1
        self._world = world
        self._rows = st.joints
        self._body_rows = st.bodies
        self._slot = slot
        self._gen = st.joints.generation[slot]
        self._bodies = (None, None)   # as the user attached them
        self._group = None
        self._data = None
        st.joint_objects[slot] = self
        if self._groups:                  # a joint without parameter groups keeps the empty default table
            self._set_param_table(self._groups, _param_mask(type(self)))
        self._init_params(st.wreal)
        if jointgroup is not None:
            jointgroup._add(self)

    # ---- handle plumbing
    def _arrays(self) -> tuple:
        """(slot, jint, jreal, breal): flat views of the world arrays for the kernel functions."""
        slot = self._live_slot()
        st = self._world._state
        return slot, st.joints.ints.reshape(-1), st.joints.real.reshape(-1), st.bodies.real.reshape(-1)

    def _ints(self):
        return self._world._state.joints.ints[self._live_slot()]

    def _reals(self):
        return self._world._state.joints.real[self._live_slot()]

    def _reversed(self) -> bool:
        return bool(self._ints()[L.JI_FLAGS] & L.JF_REVERSE)

    def _attached(self) -> bool:
        """True when the joint is attached to at least one body."""
        return int(self._ints()[L.JI_B1]) >= 0

    def __repr__(self) -> str:
        state = "destroyed" if self._slot < 0 else f"slot {self._slot}"
        return f"<ode.{type(self).__name__} {state}>"

    @property
    def world(self) -> World:
        """The world this joint lives in."""
        return self._world

    # ---- parameters
    def _init_params(self, wreal) -> None:
        """Parameter defaults at creation (hook for subclasses; world ERP/CFM are copied as in libode)."""

    def _set_defaults(self, group: int, values: dict) -> None:
        row = self._world._state.joints.real[self._slot]
        for number, v in values.items():
            row[L.J_PARAM + L.J_PARAM_GROUP * group + number] = v

    def _limot_defaults(self, group: int, wreal) -> None:
        """Defaults of a limit/motor group: no stops, no motor, world ERP/CFM for the stops."""
        cfm = float(wreal[L.W_CFM])
        self._set_defaults(group, {_P_LOSTOP: -math.inf, _P_HISTOP: math.inf, _P_FUDGE: 1.0, _P_CFM: cfm,
                                   _P_STOPERP: float(wreal[L.W_ERP]), _P_STOPCFM: cfm})

    # ---- attachment
    @locked
    def attach(self, body1: Body | None, body2: Body | None) -> None:
        """Attach to two bodies; None (ode.environment) is the static world; (None, None) is limbo."""
        slot = self._live_slot()
        s = []
        for name, b in (("body1", body1), ("body2", body2)):
            if b is None:
                s.append(-1)
                continue
            if not _is_body(b):
                raise TypeError(f"{name} must be an ode.Body or None, not {type(b).__name__}")
            if b._world is not self._world:
                raise ValueError(f"{name} belongs to another world")
            s.append(b._live_slot())
        if s[0] >= 0 and s[0] == s[1]:
            raise ValueError("cannot attach a joint to the same body twice")
        if self._two_bodies and (s[0] < 0) != (s[1] < 0):
            raise ODEError(f"a {type(self).__name__} must be attached to two bodies")
        ji = self._world._state.joints.ints[slot]
        was_attached = int(ji[L.JI_B1]) >= 0
        flags = int(ji[L.JI_FLAGS]) & ~L.JF_REVERSE
        if s[0] < 0 and s[1] >= 0:
            s = [s[1], -1]
            flags |= L.JF_REVERSE
        ji[L.JI_B1] = s[0]
        ji[L.JI_B2] = s[1]
        ji[L.JI_FLAGS] = flags
        self._bodies = (body1, body2)
        if s[0] >= 0:
            self._after_attach(was_attached)

    _anchored = False     # re-stores its anchor on attach (ball, hinge, universal, hinge-2)
    _axis_on_attach = False   # also re-stores its axis on attach (hinge)

    def _after_attach(self, was_attached: bool) -> None:
        """As libode: re-store the anchor (and the hinge axis) as body 1 carries it, then re-zero angles."""
        if self._anchored:
            slot, ji, jr, br = self._arrays()
            k = _k()
            k.set_anchor(ji, jr, slot, br, *k.get_anchor(ji, jr, slot, br, 0))
            if self._axis_on_attach:
                k.set_axis(ji, jr, slot, br, 0, *k.get_axis(ji, jr, slot, br, 0))
        self._on_attach()

    def _on_attach(self) -> None:
        """Re-measure the reference pose after attaching (hook; libode re-zeroes angles on attach)."""

    def _body_destroyed(self, body) -> None:
        """Called by Body.destroy: the joint drops to limbo, as dBodyDestroy detaches its joints."""
        ji = self._world._state.joints.ints[self._slot]
        ji[L.JI_B1] = -1
        ji[L.JI_B2] = -1
        ji[L.JI_FLAGS] = int(ji[L.JI_FLAGS]) & ~L.JF_REVERSE
        self._bodies = (None, None)

    def getBody(self, index: int) -> Body | None:
        """The body attached as ``body1`` (index 0) or ``body2`` (index 1), None for the environment."""
        self._live_slot()
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if index not in (0, 1):
            raise IndexError(f"joint body index must be 0 or 1, not {index}")
        return self._bodies[int(index)]

    # ---- feedback, enabling, type, lifetime
    def setFeedback(self, flag: bool = True) -> None:
        """Ask the step to record the forces and torques this joint applies (getFeedback)."""
        ji = self._ints()
        on = _check.flag("flag", flag)
        if on and not ji[L.JI_FEEDBACK]:
            self._reals()[L.J_FB:L.J_FB + 12] = 0.0
        ji[L.JI_FEEDBACK] = on

    def enable(self) -> None:
        """Let the joint act in the step (the default)."""
        self._ints()[L.JI_ENABLED] = 1

    def disable(self) -> None:
        """Make the joint inactive without destroying it."""
        self._ints()[L.JI_ENABLED] = 0

    def isEnabled(self) -> bool:
        """True when the joint acts in the step."""
        return bool(self._ints()[L.JI_ENABLED])

    def getType(self) -> int:
        """The joint type (ode.JointType* constants)."""
        return int(self._ints()[L.JI_TYPE])

    def setData(self, data: Any) -> None:
        """Attach any Python object to the joint."""
        self._data = data

    def getData(self) -> Any:
        """The object given to setData (None by default)."""
        return self._data

    def destroy(self) -> None:
        """Destroy the joint; as in ODE this does nothing for a joint that belongs to a joint group."""
        self._live_slot()
        if self._group is not None:
            return
        self._release()

    @locked
    def _release(self) -> None:
        """Free the joint's row; the handle then raises ODEError on use."""
        slot = self._live_slot()
        st = self._world._state
        st.joints.release(slot)
        st.joint_objects.pop(slot, None)
        self._slot = -1
        self._bodies = (None, None)

    # ---- helpers for subclasses
    def _point(self, name: str, value) -> tuple:
        return _check.vec(name, value)

    def _axis(self, name: str, value) -> tuple:
        """A non-zero finite 3-vector (normalised by the kernel)."""
        v = _check.vec(name, value)
        if not v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > 0.0:
            raise ValueError(f"{name} must not be the zero vector")
        return v

    def _anchor_get(self, second: int) -> tuple:
        """Anchor as seen from the user's body1 (second 0) or body2 (second 1)."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return (0.0, 0.0, 0.0)
        if self._reversed():
            second = 1 - second
        return _k().get_anchor(ji, jr, slot, br, second)

    def _anchor_set(self, pos) -> bool:
        """Store the anchor (no effect in limbo, as libode); True when stored."""
        p = self._point("pos", pos)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return False
        _k().set_anchor(ji, jr, slot, br, *p)
        return True

    def _axis_get(self, second: int) -> tuple:
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return (0.0, 0.0, 0.0)
        return _k().get_axis(ji, jr, slot, br, second)

    def _rate(self, second: int, linear: bool) -> float:
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        return float(_k().axis_rate(ji, jr, slot, br, second, linear))

    def _push(self, col: int, second: int, amount: float) -> None:
        """Add amount * axis to body 1's accumulator column and subtract it from body 2's."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        a = _k().get_axis(ji, jr, slot, br, second)
        ints = self._world._state.joints.ints[slot]
        bodies = self._world._state.bodies.real
        b1, b2 = int(ints[L.JI_B1]), int(ints[L.JI_B2])
        for k in range(3):
            bodies[b1, col + k] += amount * a[k]
            if b2 >= 0:
                bodies[b2, col + k] -= amount * a[k]


class _KernelGeometryJoint(Joint):
    """Helpers shared by the joints ODE added after its first set (PR, PU, piston, motors, plane-2D, double
    ball and hinge, transmission, null): geometry through the kernel's generic setters."""

    def _call(self, name: str, *args, default=0.0):
        """Kernel function ``name(jint, jreal, slot, breal, *args)``, or ``default`` in limbo."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return default
        return getattr(_k(), name)(ji, jr, slot, br, *args)

    def _set_point(self, side: int, col: int, p) -> None:
        self._call("set_point", side, col, *p)

    def _get_point(self, side: int, col: int) -> tuple:
        return self._call("get_point", side, col, default=(0.0, 0.0, 0.0))

    def _set_vector(self, side: int, col: int, v) -> None:
        self._call("set_vector", side, col, *v)

    def _get_vector(self, side: int, col: int) -> tuple:
        return self._call("get_vector", side, col, default=(0.0, 0.0, 0.0))

    def _sign(self) -> float:
        """-1 when attached (environment, body): libode measures such joints the other way."""
        return -1.0 if self._attached() and self._reversed() else 1.0

    def _vrate(self, side: int, col: int, linear: bool) -> float:
        """Relative velocity of body 1 with respect to body 2 along a stored direction."""
        return float(self._call("vector_rate", side, col, linear))

    def _rezero(self) -> None:
        """Remember the current relative rotation as angle 0."""
        self._call("set_relative_rotation", default=None)

    def _push_vector(self, col_acc: int, side: int, col: int, amount: float) -> None:
        """Add amount * (stored direction) to body 1's accumulator and subtract it from body 2's."""
        if not self._attached():
            return
        a = self._get_vector(side, col)
        slot = self._live_slot()
        ints = self._world._state.joints.ints[slot]
        bodies = self._world._state.bodies.real
        b1, b2 = int(ints[L.JI_B1]), int(ints[L.JI_B2])
        for k in range(3):
            bodies[b1, col_acc + k] += amount * a[k]
            if b2 >= 0:
                bodies[b2, col_acc + k] -= amount * a[k]

    @staticmethod
    def _not_parallel(name: str, a, b) -> None:
        """ValueError when the two world directions are parallel."""
        c = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
        n2 = c[0] * c[0] + c[1] * c[1] + c[2] * c[2]
        na = a[0] * a[0] + a[1] * a[1] + a[2] * a[2]
        if not n2 > 1e-10 * na * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]):
            raise ValueError(f"{name}: the axes must not be parallel")
