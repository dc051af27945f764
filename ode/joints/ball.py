"""Ball-and-socket joint (ODE's dJointTypeBall).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _layout as L
from .joint import _P_CFM, _P_ERP, Joint

if TYPE_CHECKING:
    from .._types import Vec3, Vec3Like


class BallJoint(Joint):
    """Ball and socket: keeps one point of each body together."""

    _type = L.JT_BALL
    _groups = 1
    _anchored = True
    _stored = {0: (_P_CFM, _P_ERP)}

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def setAnchor(self, pos: Vec3Like) -> None:
        """Set the anchor point (world coordinates)."""
        self._anchor_set(pos)

    def getAnchor(self) -> Vec3:
        """The anchor carried by body 1, in world coordinates."""
        return self._anchor_get(0)

    def getAnchor2(self) -> Vec3:
        """The anchor carried by body 2; equal to getAnchor while the joint holds."""
        return self._anchor_get(1)
