"""Slider (prismatic) joint (ODE's dJointTypeSlider): translation along one axis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _check
from .. import _layout as L
from .joint import _LIMOT, Joint, _k

if TYPE_CHECKING:
    from .._types import JointGroup, Vec3, Vec3Like, World


class SliderJoint(Joint):
    """Slider (prismatic): the bodies keep their relative rotation and move along one axis."""

    _type = L.JT_SLIDER
    _groups = 1
    _stored = {0: _LIMOT}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
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

    def setAxis(self, axis: Vec3Like) -> None:
        """Set the slider axis (world coordinates, normalised); the current pose becomes position 0."""
        a = self._axis("axis", axis)
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_axis(ji, jr, slot, br, 1, *a)
        self._on_attach()

    def getAxis(self) -> Vec3:
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
