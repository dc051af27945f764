"""Prismatic-rotoide joint (ODE's dJointTypePR): a slide on body 1, a rotation on body 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _LIMOT, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class PRJoint(_KernelGeometryJoint):
    """Prismatic-rotoide: body 1 slides along axis 1 (prismatic) and body 2 turns about axis 2 (rotoide)."""

    _type = L.JT_PR
    _groups = 2
    _stored = {0: _LIMOT, 1: _LIMOT}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAnchor(self, pos: Vec3Like) -> None:
        """Set the anchor (world): the rotoide articulation, carried by body 2; position 0 there."""
        p = self._point("pos", pos)
        if self._attached():
            self._store_anchor(p)

    def getAnchor(self) -> Vec3:
        """The anchor as carried by body 2 (world coordinates)."""
        return self._get_point(1, L.J_ANCHOR2)

    def setAxis1(self, axis: Vec3Like) -> None:
        """Set the prismatic axis (world coordinates, normalised), carried by body 1.

        It is not checked against the rotoide axis here (set axis 1 first, then axis 2, which is checked).
        """
        a = self._axis("axis", axis)
        if not self._attached():
            return
        self._set_vector(0, L.J_AXIS1, a)
        self._rezero()

    def getAxis1(self) -> Vec3:
        """The prismatic axis in world coordinates."""
        return self._get_vector(0, L.J_AXIS1)

    def setAxis2(self, axis: Vec3Like) -> None:
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

    def getAxis2(self) -> Vec3:
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
