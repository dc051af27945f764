"""Double-ball and double-hinge joints (ODE's dJointTypeDBall and dJointTypeDHinge): two anchors
kept at a fixed distance; the double hinge also shares an axis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _P_CFM, _P_ERP, _k, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import Vec3, Vec3Like


class DBallJoint(_KernelGeometryJoint):
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

    def setAnchor1(self, pos: Vec3Like) -> None:
        """Set the anchor on body 1 (world coordinates); the distance becomes the current one."""
        self._anchor(1, pos)

    def setAnchor2(self, pos: Vec3Like) -> None:
        """Set the anchor on body 2 (world coordinates); the distance becomes the current one."""
        self._anchor(2, pos)

    def getAnchor1(self) -> Vec3:
        """The anchor on body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> Vec3:
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

    def setAxis(self, axis: Vec3Like) -> None:
        """Set the common axis (world coordinates, normalised)."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if self._attached():
            _k().set_axis(ji, jr, slot, br, 0, *a)

    def getAxis(self) -> Vec3:
        """The axis in world coordinates (as carried by body 1)."""
        return self._axis_get(0)
