"""Piston joint (ODE's dJointTypePiston): a slider that also turns about its axis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _LIMOT, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class PistonJoint(_KernelGeometryJoint):
    """Piston: a slider that also lets the bodies turn about its axis (position and angle groups)."""

    _type = L.JT_PISTON
    _groups = 2
    _stored = {0: _LIMOT, 1: _LIMOT}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def _store_axis(self, a, given: bool = False) -> None:
        """Store the world axis a on both sides; angle 0 at the current pose.

        With ``given`` (the user's axis) and no body 2, the environment's copy is kept as given, not
        normalised, as libode keeps it: its length then scales the alignment rows' error (observed).
        """
        self._set_vector(0, L.J_AXIS1, a)
        self._set_vector(1, L.J_AXIS2, a)
        if given and int(self._ints()[L.JI_B2]) < 0:
            self._reals()[L.J_AXIS2:L.J_AXIS2 + 3] = a
        self._rezero()

    def setAnchor(self, pos: Vec3Like) -> None:
        """Set the anchor (world) on both bodies: position 0 and angle 0 at the current pose."""
        self.setAnchorOffset(pos, (0.0, 0.0, 0.0))

    def setAnchorOffset(self, pos: Vec3Like, delta: float) -> None:
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

    def getAnchor(self) -> Vec3:
        """The anchor carried by body 1 (world coordinates)."""
        return self._anchor_get(0)

    def getAnchor2(self) -> Vec3:
        """The anchor carried by body 2; equal to getAnchor while the joint holds."""
        return self._anchor_get(1)

    def setAxis(self, axis: Vec3Like) -> None:
        """Set the axis (world coordinates, normalised); the current pose becomes angle 0."""
        a = self._axis("axis", axis)
        if self._attached():
            self._store_axis(a, given=True)

    def setAxisDelta(self, axis: Vec3Like, delta: float) -> None:
        """Set the axis; body 1's anchor becomes 2 p1 - p2 - delta (p2 = 0 without body 2), as libode does.

        libode 0.16 stores ``p1 - p2 - delta`` as body 1's anchor offset from its centre (observed: the anchor
        it reports is ``p1 + (p1 - p2 - delta)`` whatever the rotations); body 2's anchor is unchanged.
        """
        a = self._axis("axis", axis)
        d = self._point("delta", delta)
        if not self._attached():
            return
        self._store_axis(a, given=True)
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

    def getAxis(self) -> Vec3:
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
