"""Hinge-2 joint (ODE's dJointTypeHinge2): a wheel on a steering axis, with suspension.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _layout as L
from .joint import _LIMOT, _P_SUSPCFM, _P_SUSPERP, _k
from .two_axis import _TwoAxisJoint

if TYPE_CHECKING:
    from .._types import Vec3Like


class Hinge2Joint(_TwoAxisJoint):
    """Hinge-2 (a wheel on a steering axis): axis 1 on body 1 with suspension, axis 2 on body 2.

    The axes may be set in either order and may pass through a parallel pose while they are set; a step
    that finds them parallel raises ODEError naming the joint and leaves the world as it was."""

    _type = L.JT_HINGE2
    _stored = {0: _LIMOT + (_P_SUSPERP, _P_SUSPCFM), 1: _LIMOT}
    _two_bodies = True
    _ref = "set_hinge2_reference"

    def _init_params(self, wreal) -> None:
        super()._init_params(wreal)
        self._set_defaults(0, {_P_SUSPERP: float(wreal[L.W_ERP]), _P_SUSPCFM: float(wreal[L.W_CFM])})

    def setAnchor(self, pos: Vec3Like) -> None:
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
