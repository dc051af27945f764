"""Transmission joint (ODE's dJointTypeTransmission): two wheels geared together.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from ..errors import ODEError
from .joint import _P_CFM, _P_ERP, _KernelGeometryJoint

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class TransmissionJoint(_KernelGeometryJoint):
    """Transmission (ODE 0.16): two wheels geared together, parallel axes, intersecting (bevel) axes or
    a chain drive; one row equates the wheels' tangential velocities at their contact.

    Matched to libode 0.16.2 (black box) in all three modes, with or without backlash (the wheels turn
    freely while the phase error stays within the backlash, then the row pushes one way only, like a
    contact); for bevel gears libode's row is scaled by the sine of the axes' angle and its contact points
    are projected with the unnormalised n1 x n2; chain drives place their contact points, and switch the
    chain's branch, as libode does (ode/_fallback/joints/transmission.py says how). Not yet matched: bevel
    gears with acute axes (libode itself goes unstable there) and a residual ~1e-8 for oblique bevel
    gears."""

    _type = L.JT_TRANSMISSION
    _groups = 1
    _stored = {0: (_P_CFM, _P_ERP)}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAxis(self, axis: Vec3Like) -> None:
        """The common axis of both wheels (parallel-axes and chain modes; world coordinates)."""
        if self.getMode() == 1:
            raise ODEError("in intersecting-axes mode set each wheel's axis with setAxis1 / setAxis2")
        a = self._axis("axis", axis)
        self._set_axis_side(0, a)
        self._set_axis_side(1, a)

    def getAxis(self) -> Vec3:
        """The common axis as carried by body 1 (parallel-axes mode only, as in libode)."""
        if self.getMode() != 0:
            raise ODEError("query each wheel's axis with getAxis1 / getAxis2 in this mode")
        return self._get_vector(0, L.J_AXIS1)

    def setAxis1(self, axis: Vec3Like) -> None:
        """Wheel 1's axis (world coordinates), carried by body 1."""
        self._set_axis_side(0, self._axis("axis1", axis))

    def setAxis2(self, axis: Vec3Like) -> None:
        """Wheel 2's axis (world coordinates), carried by body 2."""
        self._set_axis_side(1, self._axis("axis2", axis))

    def getAxis1(self) -> Vec3:
        """Wheel 1's axis in world coordinates."""
        return self._get_vector(0, L.J_AXIS1)

    def getAxis2(self) -> Vec3:
        """Wheel 2's axis in world coordinates."""
        return self._get_vector(1, L.J_AXIS2)

    def _set_anchor_side(self, side: int, pos, name: str) -> None:
        p = self._point(name, pos)
        if self._attached():
            self._set_point(side, L.J_ANCHOR2 if side else L.J_ANCHOR1, p)
        self._touch()

    def setAnchor1(self, pos: Vec3Like) -> None:
        """Centre of wheel 1 (world coordinates), carried by body 1."""
        self._set_anchor_side(0, pos, "anchor1")

    def setAnchor2(self, pos: Vec3Like) -> None:
        """Centre of wheel 2 (world coordinates), carried by body 2."""
        self._set_anchor_side(1, pos, "anchor2")

    def getAnchor1(self) -> Vec3:
        """Centre of wheel 1 in world coordinates."""
        return self._get_point(0, L.J_ANCHOR1)

    def getAnchor2(self) -> Vec3:
        """Centre of wheel 2 in world coordinates."""
        return self._get_point(1, L.J_ANCHOR2)

    def _set_radius(self, col: int, radius, name: str) -> None:
        """Store a chain sprocket's radius without restarting the phases: as in libode, the contacts are
        placed with it from the next step on (an update then replaces it by the measured contact radius)."""
        v = _check.real(name, radius)
        if not v > 0.0:
            raise ValueError(f"{name} must be positive, not {v}")
        if self.getMode() != 2:
            raise ODEError(f"{name} can be set in chain mode only (the other modes measure it)")
        self._reals()[col] = v

    def setRadius1(self, radius: float) -> None:
        """Radius of wheel 1 (chain mode only, as in libode: the other modes measure it at an update)."""
        self._set_radius(L.J_TR_R1, radius, "radius1")

    def setRadius2(self, radius: float) -> None:
        """Radius of wheel 2 (chain mode only)."""
        self._set_radius(L.J_TR_R2, radius, "radius2")

    def getRadius1(self) -> float:
        """Radius of wheel 1 (set, or measured at the first step after the geometry changed)."""
        return float(self._reals()[L.J_TR_R1])

    def getRadius2(self) -> float:
        """Radius of wheel 2."""
        return float(self._reals()[L.J_TR_R2])

    def setBacklash(self, backlash: float) -> None:
        """Clearance in the mesh, a length of phase error (radius times phase) within which the wheels turn
        freely."""
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

    def getContactPoint1(self) -> Vec3:
        """Contact point on wheel 1 (world coordinates) at the last step."""
        r = self._reals()
        return tuple(float(x) for x in r[L.J_TR_CPW1:L.J_TR_CPW1 + 3])

    def getContactPoint2(self) -> Vec3:
        """Contact point on wheel 2 (world coordinates) at the last step."""
        r = self._reals()
        return tuple(float(x) for x in r[L.J_TR_CPW2:L.J_TR_CPW2 + 3])
