"""Angular and linear motors (ODE's dJointTypeAMotor and dJointTypeLMotor): limits and motors
about, or along, up to three axes; ``_index`` checks their axis and mode numbers.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _LIMOT, _k, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import Vec3, Vec3Like


def _index(name: str, value, n: int) -> int:
    """An int in range(n), or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 0 <= int(value) < n:
        raise ValueError(f"{name} must be in 0..{n - 1}, not {int(value)}")
    return int(value)


class _MotorJoint(_KernelGeometryJoint):
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

    def setAxis(self, anum: int, rel: int, axis: Vec3Like) -> None:
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

    def setAxis(self, anum: int, rel: int, axis: Vec3Like) -> None:
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

    def getAxis(self, anum: int) -> Vec3:
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

    def getAxis(self, anum: int) -> Vec3:
        """Axis ``anum`` as libode 0.16 reports it: in the frame its relative mode names, not rotated."""
        i = _index("anum", anum, 3)
        r = self._reals()
        o = L.J_AM_AXES + 3 * i
        return (float(r[o]), float(r[o + 1]), float(r[o + 2]))
