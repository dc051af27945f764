"""The base shared by the universal and hinge-2 joints: an anchor and two axes, each with a
limit/motor parameter group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import Joint, _k

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class _TwoAxisJoint(Joint):
    """Shared code of the universal and hinge-2 joints: an anchor and two axes with limit/motor groups."""

    _groups = 2
    _ref = "set_universal_reference"
    _anchored = True

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAxis1(self, axis: Vec3Like) -> None:
        """Set axis 1 (world coordinates, normalised), carried by body 1."""
        self._set_axis(1, axis)

    def setAxis2(self, axis: Vec3Like) -> None:
        """Set axis 2 (world coordinates, normalised), carried by body 2."""
        self._set_axis(2, axis)

    def getAxis1(self) -> Vec3:
        """Axis 1 in world coordinates."""
        return self._get_axis(1)

    def getAxis2(self) -> Vec3:
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
