"""Prismatic-universal joint (ODE's dJointTypePU): a universal joint sliding along a third axis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _layout as L
from .joint import _LIMOT, _k, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class PUJoint(_KernelGeometryJoint):
    """Prismatic-universal: a universal joint at an anchor that slides along axis 3 (on body 1)."""

    _type = L.JT_PU
    _groups = 3
    _stored = {0: _LIMOT, 1: _LIMOT, 2: _LIMOT}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAnchor(self, pos: Vec3Like) -> None:
        """Set the anchor (world): the universal articulation; position 0 and angles 0 at the current pose."""
        self.setAnchorDelta(pos, (0.0, 0.0, 0.0))

    def setAnchorDelta(self, pos: Vec3Like, delta: float) -> None:
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

    def getAnchor(self) -> Vec3:
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

    def setAxis1(self, axis: Vec3Like) -> None:
        """Set universal axis 1 (world coordinates), carried by body 1."""
        self._set(1, axis)

    def setAxis2(self, axis: Vec3Like) -> None:
        """Set universal axis 2 (world coordinates), carried by body 2."""
        self._set(2, axis)

    def setAxis3(self, axis: Vec3Like) -> None:
        """Set the prismatic axis (world coordinates), carried by body 1."""
        self._set(3, axis)

    setAxisP = setAxis3

    def _uaxis(self, which: int) -> tuple:
        return self._axis_get(self._stored_index(which))

    def getAxis1(self) -> Vec3:
        """Universal axis 1 in world coordinates."""
        return self._uaxis(1)

    def getAxis2(self) -> Vec3:
        """Universal axis 2 in world coordinates."""
        return self._uaxis(2)

    def getAxis3(self) -> Vec3:
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

    def getAngles(self) -> tuple[float, float]:
        """(angle 1, angle 2) measured together, as dJointGetPUAngles: angle 2 from angle 1's cross turned
        half a turn about the sum of the axes, which differs from getAngle2 when an axis kept in the world
        frame (the environment's) is not of unit length."""
        if self._attached() and self._reversed():
            return (float(self._call("universal_angle", 2)), float(self._call("universal_angle", 0)))
        return (float(self._call("universal_angle", 0)), float(self._call("universal_angle", 2)))

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
