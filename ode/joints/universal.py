"""Universal joint (ODE's dJointTypeUniversal): two perpendicular rotation axes at an anchor.
"""

from __future__ import annotations

from .. import _layout as L
from .joint import _LIMOT, _k
from .two_axis import _TwoAxisJoint


class UniversalJoint(_TwoAxisJoint):
    """Universal: a ball joint keeping axis 1 (on body 1) perpendicular to axis 2 (on body 2)."""

    _type = L.JT_UNIVERSAL
    _stored = {0: _LIMOT, 1: _LIMOT}
    _ref = "set_universal_reference"

    def _angle(self, which: int) -> float:
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return 0.0
        if self._reversed():   # libode's convention for the swapped joint
            a = float(_k().universal_angle(ji, jr, slot, br, 2 - which))
            return a if which == 1 else -a
        return float(_k().universal_angle(ji, jr, slot, br, which - 1))

    def getAngle1(self) -> float:
        """Angle of body 1 about axis 1 relative to the cross, zero at the reference pose."""
        return self._angle(1)

    def getAngle2(self) -> float:
        """Angle of body 2 about axis 2 relative to the cross."""
        return self._angle(2)

    def _urate(self, which: int) -> float:
        if self._attached() and self._reversed():
            return self._rate(2 - which, False)
        return self._rate(which - 1, False)

    def getAngle1Rate(self) -> float:
        """Time derivative of angle 1."""
        return self._urate(1)

    def getAngle2Rate(self) -> float:
        """Time derivative of angle 2."""
        return self._urate(2)
