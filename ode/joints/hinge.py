"""Hinge joint (ODE's dJointTypeHinge): one rotation axis, with a limit and motor on its angle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _LIMOT, Joint, _JointBase, _k

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class HingeJoint(Joint):
    """Hinge: a ball joint that also keeps one axis of the bodies aligned; limit and motor on the angle."""

    _type = L.JT_HINGE
    _groups = 1
    _anchored = True
    _axis_on_attach = True
    _stored = {0: _LIMOT}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAnchor(self, pos: Vec3Like) -> None:
        """Set the anchor point (world coordinates)."""
        if self._anchor_set(pos):
            self._on_attach()

    def getAnchor(self) -> Vec3:
        """The anchor carried by body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> Vec3:
        """The anchor carried by body 2."""
        return self._anchor_get(1)

    def setAxis(self, axis: Vec3Like) -> None:
        """Set the hinge axis (world coordinates, normalised); the current pose becomes angle 0."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_axis(ji, jr, slot, br, 0, *a)
        self._on_attach()

    def getAxis(self) -> Vec3:
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
