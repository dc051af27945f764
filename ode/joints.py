"""Joints (dJointID) with PyODE's API: handles onto a row of their world's joint arrays.

A joint is a world plus a slot with a generation number (so a destroyed joint is detected). Geometry is
stored in the bodies' frames by the ``jacobian`` kernel's setters, and every numerical getter is computed
there too, so the compiled kernel and its Python twin cover them alike. ODE stores a joint attached as
(environment, body) swapped, as (body, environment) with a "reverse" flag; the getters undo the swap the way
libode 0.16.2 does, so what a user sees matches libode.
"""

from __future__ import annotations

import math
import numbers
import struct

from . import _backend, _check
from . import _layout as L
from ._handle import Handle
from ._state import locked, locked2, locked_by_arg, locked_by_arg3
from .body import Body
from .errors import ODEError
from .world import World

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
    def __init__(self, world, jointgroup=None) -> None:
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
    def world(self):
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
    def attach(self, body1, body2) -> None:
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

    def getBody(self, index: int):
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

    def setData(self, data) -> None:
        """Attach any Python object to the joint."""
        self._data = data

    def getData(self):
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


class BallJoint(Joint):
    """Ball and socket: keeps one point of each body together."""

    _type = L.JT_BALL
    _groups = 1
    _anchored = True
    _stored = {0: (_P_CFM, _P_ERP)}

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def setAnchor(self, pos) -> None:
        """Set the anchor point (world coordinates)."""
        self._anchor_set(pos)

    def getAnchor(self) -> tuple:
        """The anchor carried by body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> tuple:
        """The anchor carried by body 2; equal to getAnchor while the joint holds."""
        return self._anchor_get(1)


class HingeJoint(Joint):
    """Hinge: a ball joint that also keeps one axis of the bodies aligned; limit and motor on the angle."""

    _type = L.JT_HINGE
    _groups = 1
    _anchored = True
    _axis_on_attach = True
    _stored = {0: _LIMOT}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1] = 1.0
        r[L.J_AXIS2] = 1.0
        r[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._limot_defaults(0, wreal)

    def _on_attach(self) -> None:
        slot, ji, jr, br = self._arrays()
        _k().set_relative_rotation(ji, jr, slot, br)

    def setAnchor(self, pos) -> None:
        """Set the anchor point (world coordinates)."""
        if self._anchor_set(pos):
            self._on_attach()

    def getAnchor(self) -> tuple:
        """The anchor carried by body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> tuple:
        """The anchor carried by body 2."""
        return self._anchor_get(1)

    def setAxis(self, axis) -> None:
        """Set the hinge axis (world coordinates, normalised); the current pose becomes angle 0."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_axis(ji, jr, slot, br, 0, *a)
        self._on_attach()

    def getAxis(self) -> tuple:
        """The hinge axis in world coordinates."""
        return self._axis_get(0)

    getAngle = _JointBase._hinge_angle     # compiled: the hinge angle in (-pi, pi]

    def getAngleRate(self) -> float:
        """The time derivative of the hinge angle."""
        r = self._rate(0, False)
        return -r if self._reversed() else r

    def addTorque(self, torque: float) -> None:
        """Apply ``torque`` about the axis to body 1 and the opposite torque to body 2."""
        t = _check.real("torque", torque)
        self._push(L.B_TACC, 0, -t if self._reversed() else t)


class SliderJoint(Joint):
    """Slider (prismatic): the bodies keep their relative rotation and move along one axis."""

    _type = L.JT_SLIDER
    _groups = 1
    _stored = {0: _LIMOT}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1] = 1.0
        r[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._limot_defaults(0, wreal)

    def _on_attach(self) -> None:
        slot, ji, jr, br = self._arrays()
        _k().set_relative_rotation(ji, jr, slot, br)
        _k().set_offset(ji, jr, slot, br, 1)

    def setAxis(self, axis) -> None:
        """Set the slider axis (world coordinates, normalised); the current pose becomes position 0."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_axis(ji, jr, slot, br, 1, *a)
        self._on_attach()

    def getAxis(self) -> tuple:
        """The slider axis in world coordinates."""
        return self._axis_get(0)

    def getPosition(self) -> float:
        """The extension along the axis since the axis was set."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        p = float(_k().slider_position(ji, jr, slot, br))
        return -p if self._reversed() else p

    def getPositionRate(self) -> float:
        """The time derivative of the position."""
        r = self._rate(0, True)
        return -r if self._reversed() else r

    def addForce(self, force: float) -> None:
        """Apply ``force`` along the axis to body 1 and the opposite force to body 2.

        As libode, between two bodies both forces act at the midpoint of the bodies' centres, so each
        body also receives the torque h x F (h: half the vector from body 1's centre to body 2's).
        """
        f = _check.real("force", force)
        self._push(L.B_FACC, 0, -f if self._reversed() else f)
        slot, ji, jr, br = self._arrays()
        b1, b2 = int(ji[slot * L.JI + L.JI_B1]), int(ji[slot * L.JI + L.JI_B2])
        if b1 < 0 or b2 < 0:
            return
        a = _k().get_axis(ji, jr, slot, br, 0)
        fv = (f * a[0], f * a[1], f * a[2])
        bodies = self._world._state.bodies.real
        p1, p2 = bodies[b1, L.B_POS:L.B_POS + 3], bodies[b2, L.B_POS:L.B_POS + 3]
        h = [0.5 * (float(p2[k]) - float(p1[k])) for k in range(3)]
        t = (h[1] * fv[2] - h[2] * fv[1], h[2] * fv[0] - h[0] * fv[2], h[0] * fv[1] - h[1] * fv[0])
        for k in range(3):
            bodies[b1, L.B_TACC + k] += t[k]
            bodies[b2, L.B_TACC + k] += t[k]


class FixedJoint(Joint):
    """Fixed: holds the relative position and rotation recorded by setFixed."""

    _type = L.JT_FIXED
    _groups = 1
    _stored = {0: (_P_CFM, _P_ERP)}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        self._reals()[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def _after_attach(self, was_attached: bool) -> None:
        """Remember the pose on the first attach; as libode, re-attaching keeps the remembered pose."""
        if not was_attached:
            self.setFixed()

    def _on_attach(self) -> None:
        self.setFixed()

    def setFixed(self) -> None:
        """Remember the current relative position and rotation of the bodies as the ones to keep."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_offset(ji, jr, slot, br, 0)
        _k().set_relative_rotation(ji, jr, slot, br)


class _TwoAxisJoint(Joint):
    """Shared code of the universal and hinge-2 joints: an anchor and two axes with limit/motor groups."""

    _groups = 2
    _ref = "set_universal_reference"
    _anchored = True

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1] = 1.0
        r[L.J_AXIS2 + 1] = 1.0
        r[L.J_QREL] = 1.0
        r[L.J_QREL2] = 1.0

    def _init_params(self, wreal) -> None:
        self._limot_defaults(0, wreal)
        self._limot_defaults(1, wreal)

    def _on_attach(self) -> None:
        slot, ji, jr, br = self._arrays()
        getattr(_k(), self._ref)(ji, jr, slot, br)

    def setAnchor(self, pos) -> None:
        """Set the anchor point (world coordinates)."""
        if self._anchor_set(pos):
            self._on_attach()

    def getAnchor(self) -> tuple:
        """The anchor carried by body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> tuple:
        """The anchor carried by body 2."""
        return self._anchor_get(1)

    def _set_axis(self, which: int, axis) -> None:
        a = self._axis(f"axis{which}", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        if self._reversed():
            which = 3 - which
        _k().set_axis(ji, jr, slot, br, which, *a)
        self._on_attach()

    def _get_axis(self, which: int) -> tuple:
        if self._attached() and self._reversed():
            which = 3 - which
        return self._axis_get(which - 1)

    def setAxis1(self, axis) -> None:
        """Set axis 1 (world coordinates, normalised), carried by body 1."""
        self._set_axis(1, axis)

    def setAxis2(self, axis) -> None:
        """Set axis 2 (world coordinates, normalised), carried by body 2."""
        self._set_axis(2, axis)

    def getAxis1(self) -> tuple:
        """Axis 1 in world coordinates."""
        return self._get_axis(1)

    def getAxis2(self) -> tuple:
        """Axis 2 in world coordinates."""
        return self._get_axis(2)

    def addTorques(self, torque1: float, torque2: float) -> None:
        """Apply torque1 about axis 1 and torque2 about axis 2 to body 1, the opposite to body 2."""
        t1 = _check.real("torque1", torque1)
        t2 = _check.real("torque2", torque2)
        if self._attached() and self._reversed():
            t1, t2 = -t2, -t1
        self._push(L.B_TACC, 0, t1)
        self._push(L.B_TACC, 1, t2)


class UniversalJoint(_TwoAxisJoint):
    """Universal: a ball joint keeping axis 1 (on body 1) perpendicular to axis 2 (on body 2)."""

    _type = L.JT_UNIVERSAL
    _stored = {0: _LIMOT, 1: _LIMOT}
    _ref = "set_universal_reference"

    def _angle(self, which: int) -> float:
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        if self._reversed():   # libode's convention for the swapped joint
            a = float(_k().universal_angle(ji, jr, slot, br, 2 - which))
            return a if which == 1 else -a
        return float(_k().universal_angle(ji, jr, slot, br, which - 1))

    def getAngle1(self) -> float:
        """Angle of body 1 about axis 1 relative to the cross, zero at the reference pose."""
        return self._angle(1)

    def getAngle2(self) -> float:
        """Angle of body 2 about axis 2 relative to the cross."""
        return self._angle(2)

    def _urate(self, which: int) -> float:
        if self._attached() and self._reversed():
            return self._rate(2 - which, False)
        return self._rate(which - 1, False)

    def getAngle1Rate(self) -> float:
        """Time derivative of angle 1."""
        return self._urate(1)

    def getAngle2Rate(self) -> float:
        """Time derivative of angle 2."""
        return self._urate(2)


class Hinge2Joint(_TwoAxisJoint):
    """Hinge-2 (a wheel on a steering axis): axis 1 on body 1 with suspension, axis 2 on body 2."""

    _type = L.JT_HINGE2
    _stored = {0: _LIMOT + (_P_SUSPERP, _P_SUSPCFM), 1: _LIMOT}
    _two_bodies = True
    _ref = "set_hinge2_reference"

    def _init_params(self, wreal) -> None:
        super()._init_params(wreal)
        self._set_defaults(0, {_P_SUSPERP: float(wreal[L.W_ERP]), _P_SUSPCFM: float(wreal[L.W_CFM])})

    def setAnchor(self, pos) -> None:
        """Set the anchor point (world coordinates); re-zeroes the angles but, as libode, keeps the
        remembered angle between the axes (it is re-measured by attach and setAxis1/2 only)."""
        row = self._reals()
        kept = row[[L.J_H2_C0, L.J_H2_S0]].copy()
        if self._anchor_set(pos):
            self._on_attach()
            row[[L.J_H2_C0, L.J_H2_S0]] = kept

    def getAngle1(self) -> float:
        """Steering angle about axis 1, zero at the reference pose."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        return float(_k().hinge2_angle1(ji, jr, slot, br))

    def getAngle2(self) -> float:
        """Wheel angle about axis 2 (libode 0.16's dJointGetHinge2Angle2), zero at the reference pose.

        As in libode its sign is opposite to getAngle2Rate's.
        """
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        return float(_k().hinge2_angle2(ji, jr, slot, br))

    def getAngle1Rate(self) -> float:
        """Time derivative of angle 1."""
        return self._rate(0, False)

    def getAngle2Rate(self) -> float:
        """Rotation rate about axis 2 (the wheel's spin)."""
        return self._rate(1, False)


class _Joint3(Joint):
    """Helpers shared by the joint types of issue 3 (geometry through the kernel's generic setters)."""

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


class PRJoint(_Joint3):
    """Prismatic-rotoide: body 1 slides along axis 1 (prismatic) and body 2 turns about axis 2 (rotoide)."""

    _type = L.JT_PR
    _groups = 2
    _stored = {0: _LIMOT, 1: _LIMOT}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1 + 1] = 1.0
        r[L.J_AXIS3] = 1.0
        r[L.J_AXIS2] = 1.0
        r[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._limot_defaults(0, wreal)
        self._limot_defaults(1, wreal)

    def _on_attach(self) -> None:
        self._store_anchor(self._get_point(1, L.J_ANCHOR2))

    def _store_anchor(self, p) -> None:
        """Anchor on body 2 (or the world) and body 1's offset to it; angle 0 at the current pose."""
        self._set_point(1, L.J_ANCHOR2, p)
        self._set_point(0, L.J_OFFSET, p)
        self._rezero()

    def setAnchor(self, pos) -> None:
        """Set the anchor (world): the rotoide articulation, carried by body 2; position 0 there."""
        p = self._point("pos", pos)
        if self._attached():
            self._store_anchor(p)

    def getAnchor(self) -> tuple:
        """The anchor as carried by body 2 (world coordinates)."""
        return self._get_point(1, L.J_ANCHOR2)

    def setAxis1(self, axis) -> None:
        """Set the prismatic axis (world coordinates, normalised), carried by body 1.

        It is not checked against the rotoide axis here (set axis 1 first, then axis 2, which is checked).
        """
        a = self._axis("axis", axis)
        if not self._attached():
            return
        self._set_vector(0, L.J_AXIS1, a)
        self._rezero()

    def getAxis1(self) -> tuple:
        """The prismatic axis in world coordinates."""
        return self._get_vector(0, L.J_AXIS1)

    def setAxis2(self, axis) -> None:
        """Set the rotoide axis (world coordinates, normalised); the current pose becomes angle 0.

        ValueError when it is parallel to the prismatic axis (the joint would have no rotoide freedom).
        """
        a = self._axis("axis", axis)
        if not self._attached():
            return
        self._not_parallel("PRJoint.setAxis2", self._get_vector(0, L.J_AXIS1), a)
        self._set_vector(0, L.J_AXIS3, a)
        self._set_vector(1, L.J_AXIS2, a)
        if int(self._ints()[L.JI_B2]) < 0:
            # libode keeps the environment's copy as given: its length scales the alignment error (observed)
            self._reals()[L.J_AXIS2:L.J_AXIS2 + 3] = self._point("axis", axis)
        self._rezero()

    def getAxis2(self) -> tuple:
        """The rotoide axis in world coordinates (as carried by body 1)."""
        return self._get_vector(0, L.J_AXIS3)

    def getPosition(self) -> float:
        """Prismatic position: axis 1 . (body 1's centre + offset - anchor on body 2), 0 at setAnchor."""
        return float(self._call("pr_position"))

    def getPositionRate(self) -> float:
        """Time derivative of the position (as libode: body 1's centre against body 2's anchor point)."""
        return float(self._call("pr_position_rate"))

    def getAngle(self) -> float:
        """Rotoide angle of body 1 relative to body 2 about axis 2, in (-pi, pi]."""
        return self._sign() * float(self._call("rel_angle", L.J_AXIS3))

    def getAngleRate(self) -> float:
        """Time derivative of the angle."""
        return self._sign() * self._vrate(0, L.J_AXIS3, False)

    def addTorque(self, torque: float) -> None:
        """Apply ``torque`` about the rotoide axis to body 1 and the opposite torque to body 2."""
        t = _check.real("torque", torque)
        self._push_vector(L.B_TACC, 0, L.J_AXIS3, self._sign() * t)


class PUJoint(_Joint3):
    """Prismatic-universal: a universal joint at an anchor that slides along axis 3 (on body 1)."""

    _type = L.JT_PU
    _groups = 3
    _stored = {0: _LIMOT, 1: _LIMOT, 2: _LIMOT}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1 + 1] = 1.0
        r[L.J_AXIS2 + 2] = 1.0
        r[L.J_AXIS3] = 1.0
        r[L.J_QREL] = 1.0
        r[L.J_QREL2] = 1.0

    def _init_params(self, wreal) -> None:
        for g in range(3):
            self._limot_defaults(g, wreal)

    def _on_attach(self) -> None:
        self.setAnchorDelta(self._get_point(1, L.J_ANCHOR2), (0.0, 0.0, 0.0))

    def _reference(self) -> None:
        self._call("set_universal_reference", default=None)

    def setAnchor(self, pos) -> None:
        """Set the anchor (world): the universal articulation; position 0 and angles 0 at the current pose."""
        self.setAnchorDelta(pos, (0.0, 0.0, 0.0))

    def setAnchorDelta(self, pos, delta) -> None:
        """Set the anchor with body 1's end of the prismatic part displaced by ``delta`` (world)."""
        p = self._point("pos", pos)
        d = self._point("delta", delta)
        if not self._attached():
            return
        # as libode: body 1's anchor is where the anchor would be seen from body 1 moved by delta
        self._set_point(0, L.J_ANCHOR1, (p[0] - d[0], p[1] - d[1], p[2] - d[2]))
        self._set_point(1, L.J_ANCHOR2, p)
        self._reference()

    setAnchorOffset = setAnchorDelta

    def getAnchor(self) -> tuple:
        """The anchor as carried by body 2 (world coordinates)."""
        return self._get_point(1, L.J_ANCHOR2)

    def _set(self, which: int, axis) -> None:
        a = self._axis(f"axis{which}", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        if which == 3:
            self._set_vector(0, L.J_AXIS3, a)
            return
        if self._reversed():   # libode keeps the user's axis 1 with the user's body 1 (stored second)
            which = 3 - which
        _k().set_axis(ji, jr, slot, br, which, *a)
        self._reference()

    def setAxis1(self, axis) -> None:
        """Set universal axis 1 (world coordinates), carried by body 1."""
        self._set(1, axis)

    def setAxis2(self, axis) -> None:
        """Set universal axis 2 (world coordinates), carried by body 2."""
        self._set(2, axis)

    def setAxis3(self, axis) -> None:
        """Set the prismatic axis (world coordinates), carried by body 1."""
        self._set(3, axis)

    setAxisP = setAxis3

    def _uaxis(self, which: int) -> tuple:
        return self._axis_get(self._stored_index(which))

    def getAxis1(self) -> tuple:
        """Universal axis 1 in world coordinates."""
        return self._uaxis(1)

    def getAxis2(self) -> tuple:
        """Universal axis 2 in world coordinates."""
        return self._uaxis(2)

    def getAxis3(self) -> tuple:
        """The prismatic axis in world coordinates."""
        return self._get_vector(0, L.J_AXIS3)

    getAxisP = getAxis3

    def _stored_index(self, which: int) -> int:
        """Kernel index (0, 1) of the user's universal axis ``which`` (1, 2): swapped when reversed."""
        if self._attached() and self._reversed():
            which = 3 - which
        return which - 1

    def getAngle1(self) -> float:
        """Angle of body 1 about axis 1 relative to the cross."""
        return float(self._call("universal_angle", self._stored_index(1)))

    def getAngle2(self) -> float:
        """Angle of body 2 about axis 2 relative to the cross."""
        return float(self._call("universal_angle", self._stored_index(2)))

    def getAngles(self) -> tuple:
        """(angle 1, angle 2)."""
        return (self.getAngle1(), self.getAngle2())

    def getAngle1Rate(self) -> float:
        """Time derivative of angle 1."""
        return self._rate(self._stored_index(1), False)

    def getAngle2Rate(self) -> float:
        """Time derivative of angle 2."""
        return self._rate(self._stored_index(2), False)

    def getPosition(self) -> float:
        """Axis 3 . (body 1's anchor - body 2's anchor): 0 at setAnchor."""
        return float(self._call("piston_position", L.J_AXIS3))

    def getPositionRate(self) -> float:
        """Time derivative of the position (libode negates it for a reversed joint)."""
        return self._sign() * float(self._call("pu_position_rate"))


class PistonJoint(_Joint3):
    """Piston: a slider that also lets the bodies turn about its axis (position and angle groups)."""

    _type = L.JT_PISTON
    _groups = 2
    _stored = {0: _LIMOT, 1: _LIMOT}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1] = 1.0
        r[L.J_AXIS2] = 1.0
        r[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._limot_defaults(0, wreal)
        self._limot_defaults(1, wreal)

    def _on_attach(self) -> None:
        a = self._get_point(0, L.J_ANCHOR1)
        self._set_point(0, L.J_ANCHOR1, a)
        self._set_point(1, L.J_ANCHOR2, a)
        self._store_axis(self._get_vector(0, L.J_AXIS1))

    def _store_axis(self, a) -> None:
        self._set_vector(0, L.J_AXIS1, a)
        self._set_vector(1, L.J_AXIS2, a)
        self._rezero()

    def setAnchor(self, pos) -> None:
        """Set the anchor (world) on both bodies: position 0 and angle 0 at the current pose."""
        self.setAnchorOffset(pos, (0.0, 0.0, 0.0))

    def setAnchorOffset(self, pos, delta) -> None:
        """Set the anchor with body 1's anchor displaced by ``delta`` (world): position = axis . delta."""
        p = self._point("pos", pos)
        d = self._point("delta", delta)
        if not self._attached():
            return
        if self._reversed():
            d = (-d[0], -d[1], -d[2])
        self._set_point(0, L.J_ANCHOR1, (p[0] + d[0], p[1] + d[1], p[2] + d[2]))
        self._set_point(1, L.J_ANCHOR2, p)
        self._rezero()

    def getAnchor(self) -> tuple:
        """The anchor carried by body 1 (world coordinates)."""
        return self._anchor_get(0)

    def getAnchor2(self) -> tuple:
        """The anchor carried by body 2; equal to getAnchor while the joint holds."""
        return self._anchor_get(1)

    def setAxis(self, axis) -> None:
        """Set the axis (world coordinates, normalised); the current pose becomes angle 0."""
        a = self._axis("axis", axis)
        if self._attached():
            self._store_axis(a)

    def setAxisDelta(self, axis, delta) -> None:
        """Set the axis; body 1's anchor becomes 2 p1 - p2 - delta (p2 = 0 without body 2), as libode does.

        libode 0.16 stores ``p1 - p2 - delta`` as body 1's anchor offset from its centre (observed: the anchor
        it reports is ``p1 + (p1 - p2 - delta)`` whatever the rotations); body 2's anchor is unchanged.
        """
        a = self._axis("axis", axis)
        d = self._point("delta", delta)
        if not self._attached():
            return
        self._store_axis(a)
        p1, p2 = self._body_positions()
        self._set_point(0, L.J_ANCHOR1, tuple(2.0 * p1[k] - p2[k] - d[k] for k in range(3)))

    def _body_positions(self) -> tuple:
        """World positions of the joint's first and second body (the origin for a missing body)."""
        ints = self._ints()
        bodies = self._world._state.bodies.real
        out = []
        for col in (L.JI_B1, L.JI_B2):
            b = int(ints[col])
            out.append(tuple(float(x) for x in bodies[b, L.B_POS:L.B_POS + 3]) if b >= 0 else (0.0, 0.0, 0.0))
        return tuple(out)

    def getAxis(self) -> tuple:
        """The axis in world coordinates (as carried by body 1)."""
        return self._get_vector(0, L.J_AXIS1)

    def getPosition(self) -> float:
        """Axis . (anchor on body 1 - anchor on body 2)."""
        return float(self._call("piston_position", L.J_AXIS1))

    def getPositionRate(self) -> float:
        """Time derivative of the position."""
        return float(self._call("piston_position_rate", L.J_AXIS1))

    def getAngle(self) -> float:
        """Angle of body 1 relative to body 2 about the axis, in (-pi, pi]."""
        return self._sign() * float(self._call("rel_angle", L.J_AXIS1))

    def getAngleRate(self) -> float:
        """Time derivative of the angle."""
        return self._sign() * self._vrate(0, L.J_AXIS1, False)

    def addForce(self, force: float) -> None:
        """Apply ``force`` along the axis at body 1's centre and the opposite force at body 2's."""
        f = _check.real("force", force)
        self._push_vector(L.B_FACC, 0, L.J_AXIS1, self._sign() * f)


def _index(name: str, value, n: int) -> int:
    """An int in range(n), or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 0 <= int(value) < n:
        raise ValueError(f"{name} must be in 0..{n - 1}, not {int(value)}")
    return int(value)


class _MotorJoint(_Joint3):
    """Shared code of the angular and linear motors: up to three axes with relative modes, three groups."""

    _groups = 3
    _stored = {0: _LIMOT, 1: _LIMOT, 2: _LIMOT}

    def _init_params(self, wreal) -> None:
        for g in range(3):
            self._limot_defaults(g, wreal)

    def setNumAxes(self, num: int) -> None:
        """Set the number of axes the motor controls (0 .. 3)."""
        n = _index("num", num, 4)
        self._ints()[L.JI_AM_NUM] = n

    def getNumAxes(self) -> int:
        """The number of axes the motor controls."""
        return int(self._ints()[L.JI_AM_NUM])

    def _user_rel(self, rel: int) -> int:
        """Relative mode as stored: ODE swaps bodies 1 and 2 of a joint attached (environment, body)."""
        if self._attached() and self._reversed() and rel:
            return 3 - rel
        return rel

    def setAxis(self, anum: int, rel: int, axis) -> None:
        """Set axis ``anum`` (0..2), given in world coordinates, anchored to the world (rel 0), body 1 (1) or
        body 2 (2)."""
        i = _index("anum", anum, 3)
        r = _index("rel", rel, 3)
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        _k().set_motor_axis(ji, jr, slot, br, i, self._user_rel(r), *a)
        self._after_axis()

    def _after_axis(self) -> None:
        """Hook run after an axis is set."""

    def getAxisRel(self, anum: int) -> int:
        """The relative mode of axis ``anum`` (0 world, 1 body 1, 2 body 2)."""
        i = _index("anum", anum, 3)
        return self._user_rel(int(self._ints()[L.JI_AM_REL + i]))


class AMotor(_MotorJoint):
    """Angular motor: limits and motors about up to three axes (user mode) or on Euler angles (euler mode)."""

    _type = L.JT_AMOTOR

    def setMode(self, mode: int) -> None:
        """AMotorUser or AMotorEuler; euler mode uses three axes and zeroes the angles at the current pose."""
        m = _index("mode", mode, 2)
        ji = self._ints()
        ji[L.JI_AM_MODE] = m
        if m == 1:
            ji[L.JI_AM_NUM] = 3
            self._after_axis()

    def getMode(self) -> int:
        """The mode (AMotorUser or AMotorEuler)."""
        return int(self._ints()[L.JI_AM_MODE])

    def setNumAxes(self, num: int) -> None:
        """Set the number of axes (0 .. 3); euler mode always uses 3."""
        n = _index("num", num, 4)
        ji = self._ints()
        ji[L.JI_AM_NUM] = 3 if ji[L.JI_AM_MODE] == 1 else n

    def setAxis(self, anum: int, rel: int, axis) -> None:
        """Set axis ``anum`` (world coordinates) anchored to the world (0), body 1 (1) or body 2 (2).

        In euler mode only axes 0 (anchored to body 1) and 2 (anchored to body 2) may be set: ValueError
        otherwise (libode needs them so; axis 1 is computed).
        """
        i = _index("anum", anum, 3)
        r = _index("rel", rel, 3)
        if self.getMode() == 1 and (i == 1 or (i == 0 and r != 1) or (i == 2 and r != 2)):
            raise ValueError("in euler mode set axis 0 relative to body 1 and axis 2 relative to body 2")
        super().setAxis(anum, rel, axis)

    def _after_axis(self) -> None:
        if self.getMode() == 1:
            slot, ji, jr, br = self._arrays()
            _k().set_euler_reference(ji, jr, slot, br)

    def _on_attach(self) -> None:
        self._after_axis()

    def getAxis(self, anum: int) -> tuple:
        """Axis ``anum`` in world coordinates (euler mode: the axes the motor acts about)."""
        i = _index("anum", anum, 3)
        slot, ji, jr, br = self._arrays()
        return _k().motor_axis(ji, jr, slot, br, i)

    def setAngle(self, anum: int, angle: float) -> None:
        """Tell a user-mode motor the current angle about axis ``anum`` (for its stops)."""
        i = _index("anum", anum, 3)
        a = _check.real("angle", angle)
        if self.getMode() == 0:
            self._reals()[L.J_AM_ANGLE + i] = a

    def getAngle(self, anum: int) -> float:
        """The angle about axis ``anum``: as told (user mode) or the euler angle measured by the last step."""
        i = _index("anum", anum, 3)
        return float(self._reals()[L.J_AM_ANGLE + i])

    def getAngleRate(self, anum: int) -> float:
        """Rate about axis ``anum``: body 1's angular velocity minus body 2's along it (the user's bodies)."""
        i = _index("anum", anum, 3)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        return self._sign() * float(_k().motor_rate(ji, jr, slot, br, i))

    def addTorques(self, torque0: float, torque1: float, torque2: float) -> None:
        """Apply the torques about axes 0, 1, 2 (those in use) to body 1, the opposite to body 2."""
        t = (_check.real("torque0", torque0), _check.real("torque1", torque1),
             _check.real("torque2", torque2))
        if not self._attached():
            return
        slot = self._live_slot()
        n = self.getNumAxes()
        tv = [0.0, 0.0, 0.0]
        sg = self._sign()
        for i in range(n):
            a = self.getAxis(i)
            for k in range(3):
                tv[k] += sg * t[i] * a[k]
        ints = self._world._state.joints.ints[slot]
        bodies = self._world._state.bodies.real
        b1, b2 = int(ints[L.JI_B1]), int(ints[L.JI_B2])
        for k in range(3):
            bodies[b1, L.B_TACC + k] += tv[k]
            if b2 >= 0:
                bodies[b2, L.B_TACC + k] -= tv[k]


class LMotor(_MotorJoint):
    """Linear motor: motors along up to three axes.

    Stop parameters are stored but, as in libode 0.16, not enforced: only the motors act
    (fidelity scene ``stops_ignored``).
    """

    _type = L.JT_LMOTOR

    def getAxis(self, anum: int) -> tuple:
        """Axis ``anum`` as libode 0.16 reports it: in the frame its relative mode names, not rotated."""
        i = _index("anum", anum, 3)
        r = self._reals()
        o = L.J_AM_AXES + 3 * i
        return (float(r[o]), float(r[o + 1]), float(r[o + 2]))


class Plane2DJoint(_Joint3):
    """Keeps body 1 in the plane z = 0, turning about z only; motors along x, y and about z.

    As in libode 0.16, the x, y and angle stop parameters are stored but only the motors act.
    """

    _type = L.JT_PLANE2D
    _groups = 3
    _stored = {0: _LIMOT, 1: _LIMOT, 2: _LIMOT}

    def _init_params(self, wreal) -> None:
        for g in range(3):
            self._limot_defaults(g, wreal)

    def _group_param(self, group: int, param, value) -> None:
        g, number = self._param_index(param)
        if g != 0:
            raise ValueError(f"{type(self).__name__}: give a group-1 parameter (ode.ParamVel, ...), "
                             f"not {param:#x}")
        self.setParam(number + 0x100 * group, value)

    def setXParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the x direction (ode.ParamVel, ode.ParamFMax, ...)."""
        self._group_param(0, param, value)

    def setYParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the y direction."""
        self._group_param(1, param, value)

    def setAngleParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the rotation about z."""
        self._group_param(2, param, value)


class DBallJoint(_Joint3):
    """Double ball: keeps a point of body 1 and a point of body 2 at a fixed distance."""

    _type = L.JT_DBALL
    _groups = 1
    _stored = {0: (_P_CFM, _P_ERP)}

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def _on_attach(self) -> None:
        self._set_point(0, L.J_ANCHOR1, self._get_point(0, L.J_ANCHOR1))
        self._set_point(1, L.J_ANCHOR2, self._get_point(1, L.J_ANCHOR2))
        self._measure()

    def _measure(self) -> None:
        """The distance to keep becomes the current distance between the anchors."""
        self._reals()[L.J_DIST] = float(self._call("dball_distance"))

    def _anchor(self, which: int, pos) -> None:
        p = self._point("pos", pos)
        if not self._attached():
            return
        side = which - 1
        if self._reversed():
            side = 1 - side
        self._set_point(side, L.J_ANCHOR2 if side else L.J_ANCHOR1, p)
        self._measure()

    def setAnchor1(self, pos) -> None:
        """Set the anchor on body 1 (world coordinates); the distance becomes the current one."""
        self._anchor(1, pos)

    def setAnchor2(self, pos) -> None:
        """Set the anchor on body 2 (world coordinates); the distance becomes the current one."""
        self._anchor(2, pos)

    def getAnchor1(self) -> tuple:
        """The anchor on body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> tuple:
        """The anchor on body 2, in world coordinates."""
        return self._anchor_get(1)

    def setDistance(self, distance: float) -> None:
        """Set the distance to keep between the anchors."""
        d = _check.real("distance", distance)
        if d < 0.0:
            raise ValueError(f"distance must not be negative, not {d}")
        self._reals()[L.J_DIST] = d

    def getDistance(self) -> float:
        """The distance kept between the anchors."""
        return float(self._reals()[L.J_DIST])


class DHingeJoint(DBallJoint):
    """Double hinge: two anchors at a fixed distance, both bodies turning about a common axis."""

    _type = L.JT_DHINGE

    def setAxis(self, axis) -> None:
        """Set the common axis (world coordinates, normalised)."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if self._attached():
            _k().set_axis(ji, jr, slot, br, 0, *a)

    def getAxis(self) -> tuple:
        """The axis in world coordinates (as carried by body 1)."""
        return self._axis_get(0)


class TransmissionJoint(_Joint3):
    """Transmission (ODE 0.16): two wheels geared together, parallel axes, intersecting (bevel) axes or
    a chain drive; one row equates the wheels' tangential velocities at their contact.

    Matched to libode 0.16.2 (black box) for parallel axes and intersecting axes, with or without
    backlash (the wheels turn freely while the phase error stays within the backlash, then the row
    pushes one way only, like a contact); for bevel gears libode's row is scaled by the sine of the
    axes' angle and its contact points are projected with the unnormalised n1 x n2. Not yet matched:
    bevel gears with acute axes (libode itself goes unstable there), a residual ~1e-8 for oblique bevel
    gears, and chain drives (libode's chain contact points leave the wheel plane unless the wheels are
    aligned along x; even then the motion differs from the first step)."""

    _type = L.JT_TRANSMISSION
    _groups = 1
    _stored = {0: (_P_CFM, _P_ERP)}

    def __init__(self, world, jointgroup=None) -> None:
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_AXIS1] = 1.0
        r[L.J_AXIS2] = 1.0
        r[L.J_TR_RATIO] = 1.0
        r[L.J_TR_UPDATE] = 1.0

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def _touch(self) -> None:
        """Geometry changed: the next step recomputes radii and contact points and restarts the phases."""
        self._reals()[L.J_TR_UPDATE] = 1.0

    def _on_attach(self) -> None:
        for side, col in ((0, L.J_ANCHOR1), (1, L.J_ANCHOR2)):
            self._set_point(side, col, self._get_point(side, col))
        self._touch()

    def setMode(self, mode: int) -> None:
        """TransmissionParallelAxes (0), TransmissionIntersectingAxes (1) or TransmissionChainDrive (2)."""
        if isinstance(mode, bool) or not isinstance(mode, numbers.Integral) or not 0 <= int(mode) <= 2:
            raise ValueError(f"transmission mode must be 0, 1 or 2, not {mode!r}")
        self._ints()[L.JI_AM_MODE] = int(mode)
        self._touch()

    def getMode(self) -> int:
        """The transmission mode."""
        return int(self._ints()[L.JI_AM_MODE])

    def setRatio(self, ratio: float) -> None:
        """Angular speed ratio of the wheels (parallel-axes mode; other modes derive it from the geometry)."""
        v = _check.real("ratio", ratio)
        if not v > 0.0:
            raise ValueError(f"ratio must be positive, not {v}")
        self._reals()[L.J_TR_RATIO] = v
        self._touch()

    def getRatio(self) -> float:
        """The ratio (after a step: radius 1 / radius 2, as libode reports it)."""
        return float(self._reals()[L.J_TR_RATIO])

    def _set_axis_side(self, side: int, a) -> None:
        if self._attached():
            self._set_vector(side, L.J_AXIS2 if side else L.J_AXIS1, a)
        self._touch()

    def setAxis(self, axis) -> None:
        """The common axis of both wheels (parallel-axes and chain modes; world coordinates)."""
        if self.getMode() == 1:
            raise ODEError("in intersecting-axes mode set each wheel's axis with setAxis1 / setAxis2")
        a = self._axis("axis", axis)
        self._set_axis_side(0, a)
        self._set_axis_side(1, a)

    def getAxis(self) -> tuple:
        """The common axis as carried by body 1 (parallel-axes mode only, as in libode)."""
        if self.getMode() != 0:
            raise ODEError("query each wheel's axis with getAxis1 / getAxis2 in this mode")
        return self._get_vector(0, L.J_AXIS1)

    def setAxis1(self, axis) -> None:
        """Wheel 1's axis (world coordinates), carried by body 1."""
        self._set_axis_side(0, self._axis("axis1", axis))

    def setAxis2(self, axis) -> None:
        """Wheel 2's axis (world coordinates), carried by body 2."""
        self._set_axis_side(1, self._axis("axis2", axis))

    def getAxis1(self) -> tuple:
        """Wheel 1's axis in world coordinates."""
        return self._get_vector(0, L.J_AXIS1)

    def getAxis2(self) -> tuple:
        """Wheel 2's axis in world coordinates."""
        return self._get_vector(1, L.J_AXIS2)

    def _set_anchor_side(self, side: int, pos, name: str) -> None:
        p = self._point(name, pos)
        if self._attached():
            self._set_point(side, L.J_ANCHOR2 if side else L.J_ANCHOR1, p)
        self._touch()

    def setAnchor1(self, pos) -> None:
        """Centre of wheel 1 (world coordinates), carried by body 1."""
        self._set_anchor_side(0, pos, "anchor1")

    def setAnchor2(self, pos) -> None:
        """Centre of wheel 2 (world coordinates), carried by body 2."""
        self._set_anchor_side(1, pos, "anchor2")

    def getAnchor1(self) -> tuple:
        """Centre of wheel 1 in world coordinates."""
        return self._get_point(0, L.J_ANCHOR1)

    def getAnchor2(self) -> tuple:
        """Centre of wheel 2 in world coordinates."""
        return self._get_point(1, L.J_ANCHOR2)

    def _set_radius(self, col: int, radius, name: str) -> None:
        v = _check.real(name, radius)
        if not v > 0.0:
            raise ValueError(f"{name} must be positive, not {v}")
        self._reals()[col] = v
        self._touch()

    def setRadius1(self, radius: float) -> None:
        """Radius of wheel 1 (chain mode; other modes derive it from the geometry at the next step)."""
        self._set_radius(L.J_TR_R1, radius, "radius1")

    def setRadius2(self, radius: float) -> None:
        """Radius of wheel 2 (chain mode)."""
        self._set_radius(L.J_TR_R2, radius, "radius2")

    def getRadius1(self) -> float:
        """Radius of wheel 1 (set, or measured at the first step after the geometry changed)."""
        return float(self._reals()[L.J_TR_R1])

    def getRadius2(self) -> float:
        """Radius of wheel 2."""
        return float(self._reals()[L.J_TR_R2])

    def setBacklash(self, backlash: float) -> None:
        """Clearance in the mesh, a length (stored and reported; the row does not model the play yet)."""
        v = _check.real("backlash", backlash)
        if v < 0.0:
            raise ValueError(f"backlash must not be negative, not {v}")
        self._reals()[L.J_TR_BACKLASH] = v

    def getBacklash(self) -> float:
        """The backlash."""
        return float(self._reals()[L.J_TR_BACKLASH])

    def getAngle1(self) -> float:
        """Phase of wheel 1: the angle its contact point has traversed on it (0 until the first step)."""
        return float(self._reals()[L.J_TR_ANGLE1])

    def getAngle2(self) -> float:
        """Phase of wheel 2."""
        return float(self._reals()[L.J_TR_ANGLE2])

    def getContactPoint1(self) -> tuple:
        """Contact point on wheel 1 (world coordinates) at the last step."""
        r = self._reals()
        return tuple(float(x) for x in r[L.J_TR_CPW1:L.J_TR_CPW1 + 3])

    def getContactPoint2(self) -> tuple:
        """Contact point on wheel 2 (world coordinates) at the last step."""
        r = self._reals()
        return tuple(float(x) for x in r[L.J_TR_CPW2:L.J_TR_CPW2 + 3])


class NullJoint(_Joint3):
    """A joint with no constraint rows (ODE's dJointTypeNull): it only connects its bodies."""

    _type = L.JT_NULL


class Contact(_H.ContactBase, Handle):
    """A contact point with its surface parameters (ODE's dContact), given to ContactJoint.

    The fields (mode, mu, mu2, bounce, ..., pos, normal, depth, fdir1, g1, g2) and the setters every
    near-callback calls (setMu, setBounce) live in the compiled base type ``handles.ContactBase``; PyODE's
    defaults: bounce mode, infinite friction, bounce 0.1.
    """

    def setContactGeomParams(self, pos, normal, depth, g1=None, g2=None) -> None:
        """Set the contact point, its unit normal (pointing into body 1), the depth and the geoms."""
        self.pos = _check.vec("pos", pos)
        self.normal = _check.vec("normal", normal)
        self.depth = _check.real("depth", depth)
        self.g1 = g1
        self.g2 = g2

    def setMode(self, flags: int) -> None:
        """Set the surface mode flags (ode.ContactBounce | ode.ContactSoftERP | ...)."""
        if isinstance(flags, bool) or not isinstance(flags, numbers.Integral):
            raise TypeError(f"flags must be an int, not {type(flags).__name__}")
        if not 0 <= int(flags) < 0x10000:
            raise ValueError(f"flags {int(flags):#x} are not ODE contact mode flags")
        self.mode = int(flags)

    def _set(self, name: str, value, allow_inf: bool = False) -> None:
        """Store a checked float: finite (or +-inf with allow_inf), never NaN."""
        if type(value) is float and (value == value if allow_inf else -_check._MAX <= value <= _check._MAX):
            setattr(self, name, value)
            return
        v = _check.real_or_inf(name, value) if allow_inf else _check.real(name, value)
        setattr(self, name, v)

    def getMu2(self) -> float:
        """Friction coefficient of direction 2 (with ContactMu2)."""
        return self.mu2

    def setMu2(self, mu: float) -> None:
        """Set the friction coefficient of direction 2."""
        self._set("mu2", mu, True)

    def getBounceVel(self) -> float:
        """Minimum incoming velocity for a bounce."""
        return self.bounce_vel

    def setBounceVel(self, bv: float) -> None:
        """Set the minimum incoming velocity for a bounce."""
        self._set("bounce_vel", bv)

    def getSoftERP(self) -> float:
        """ERP of the contact normal, with ContactSoftERP."""
        return self.soft_erp

    def setSoftERP(self, erp: float) -> None:
        """Set the ERP of the contact normal."""
        self._set("soft_erp", erp)

    def getSoftCFM(self) -> float:
        """CFM of the contact normal, with ContactSoftCFM."""
        return self.soft_cfm

    def setSoftCFM(self, cfm: float) -> None:
        """Set the CFM of the contact normal."""
        self._set("soft_cfm", cfm)

    def getMotion1(self) -> float:
        """Surface velocity in friction direction 1."""
        return self.motion1

    def setMotion1(self, m: float) -> None:
        """Set the surface velocity in friction direction 1 (with ContactMotion1)."""
        self._set("motion1", m)

    def getMotion2(self) -> float:
        """Surface velocity in friction direction 2."""
        return self.motion2

    def setMotion2(self, m: float) -> None:
        """Set the surface velocity in friction direction 2 (with ContactMotion2)."""
        self._set("motion2", m)

    def getMotionN(self) -> float:
        """Surface velocity along the normal."""
        return self.motionN

    def setMotionN(self, m: float) -> None:
        """Set the surface velocity along the normal (with ContactMotionN)."""
        self._set("motionN", m)

    def getSlip1(self) -> float:
        """Force-dependent slip in friction direction 1."""
        return self.slip1

    def setSlip1(self, s: float) -> None:
        """Set the force-dependent slip in direction 1 (with ContactSlip1)."""
        self._set("slip1", s)

    def getSlip2(self) -> float:
        """Force-dependent slip in friction direction 2."""
        return self.slip2

    def setSlip2(self, s: float) -> None:
        """Set the force-dependent slip in direction 2 (with ContactSlip2)."""
        self._set("slip2", s)

    def getFDir1(self) -> tuple:
        """The first friction direction (with ContactFDir1)."""
        return self.fdir1

    def setFDir1(self, fdir) -> None:
        """Set the first friction direction: a unit vector perpendicular to the normal."""
        self.fdir1 = _check.vec("fdir", fdir)


class ContactJoint(Joint, _H.ContactJointBase):
    """A contact: keeps two bodies from interpenetrating at a point, with friction; usually one step long.

    Contact joints are created by the thousand in near-callbacks, so construction and attach run in the
    compiled base type ``handles.ContactJointBase`` for the usual argument types (an ode.World, an
    ode.JointGroup or None, an ode.Contact; ode.Body or None): the row is written in C under the world's
    lock. Anything unusual (subclasses, bad input) takes the general paths here, which raise the documented
    errors and store the same rows.
    """

    _type = L.JT_CONTACT
    __init__ = _H.ContactJointBase.__init__
    attach = _H.ContactJointBase.attach

    @locked_by_arg3
    def _init_general(self, world, jointgroup, contact) -> None:
        """Construction through Joint.__init__ and the row setters."""
        c = contact
        if not isinstance(c, Contact):
            raise TypeError(f"contact must be an ode.Contact, not {type(c).__name__}")
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_C_POS:L.J_C_POS + 3] = c.pos
        r[L.J_C_DEPTH] = c.depth
        r[L.J_C_FDIR1:L.J_C_FDIR1 + 3] = c.fdir1
        surface = (c.mu, c.mu2, 0.0, 0.0, 0.0, c.bounce, c.bounce_vel, c.soft_erp, c.soft_cfm, c.motion1,
                   c.motion2, c.motionN, c.slip1, c.slip2)
        r[L.J_C_MU:L.J_C_MU + 14] = surface
        self._normal = c.normal
        self._ints()[L.JI_C_MODE] = c.mode
        self._on_attach()

    def _on_attach(self) -> None:
        """Store the normal, flipped when ODE swaps the bodies so it still points into the user's body 1."""
        n = self._normal
        if self._reversed():
            n = (-n[0], -n[1], -n[2])
        self._reals()[L.J_C_NORMAL:L.J_C_NORMAL + 3] = n

    @locked2
    def _attach_general(self, body1, body2) -> None:
        """Attach through Joint.attach (its checks and errors), then store the oriented normal."""
        Joint.attach(self, body1, body2)
        self._on_attach()


_RCODE = "d" if _backend.REAL().itemsize == 8 else "f"
_RSIZE = _backend.REAL().itemsize
_CONTACT_ROW = struct.Struct(f"{L.J_C_SLIP2 + 1}{_RCODE}{(L.JR - L.J_C_SLIP2 - 1) * _RSIZE}x")
#   ^ a whole joint row: J_C_POS .. J_C_SLIP2 in column order, then zero bytes (the native pipeline's rows)
_CONTACT_INTS = struct.Struct(f"{L.JI_C_MODE + 1}i{(L.JI - L.JI_C_MODE - 1) * 4}x")   # a whole int row


class JointGroup(_H.JointGroupBase, Handle):
    """A collection of joints destroyed together (typically the contacts of one step); its joint list and
    ``empty()`` live in the compiled base type ``handles.JointGroupBase``."""

    def _add(self, joint: Joint) -> None:
        self._joints.append(joint)
        joint._group = self

    def destroy(self) -> None:
        """Destroy every joint and the group itself."""
        self.empty()
        self._destroyed = True


def _release_rows(j, slots: list) -> None:
    """Free joint rows as Slots.release does for each (in one call when the allocator has one)."""
    many = getattr(j, "release_many", None)
    if many is not None:
        many(slots)
    else:
        for s in slots:
            j.release(s)


def _connecting(b1, b2, exclude: int | None) -> bool:
    """True when a live joint (not of type ``exclude``) connects the two bodies."""
    for name, b in (("body1", b1), ("body2", b2)):
        if not _is_body(b):
            raise TypeError(f"{name} must be an ode.Body, not {type(b).__name__}")
    if b1._world is not b2._world:
        return False
    s1, s2 = b1._live_slot(), b2._live_slot()
    j = b1._world._state.joints
    ints = j.ints[:j.count]
    for row in ints:
        if not row[L.JI_ALIVE] or (exclude is not None and row[L.JI_TYPE] == exclude):
            continue
        pair = (int(row[L.JI_B1]), int(row[L.JI_B2]))
        if pair == (s1, s2) or pair == (s2, s1):
            return True
    return False


def areConnected(body1, body2) -> bool:
    """True when a joint connects the two bodies; False when either is None (ode.environment), as PyODE."""
    if body1 is None or body2 is None:
        return False
    return _connecting(body1, body2, None)


def areConnectedExcluding(body1, body2, jointtype: int) -> bool:
    """True when a joint that is not of ``jointtype`` (ode.JointType*) connects the two bodies (False when
    either is None, as PyODE)."""
    if isinstance(jointtype, bool) or not isinstance(jointtype, numbers.Integral):
        raise TypeError(f"jointtype must be an int, not {type(jointtype).__name__}")
    if body1 is None or body2 is None:
        return False
    return _connecting(body1, body2, int(jointtype))


_H.bind_api_types(World, Body, Contact, ContactJoint, JointGroup)
