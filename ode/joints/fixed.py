"""Fixed joint (ODE's dJointTypeFixed): holds the relative pose recorded by setFixed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _layout as L
from .joint import _P_CFM, _P_ERP, Joint, _k

if TYPE_CHECKING:
    from .._types import JointGroup, World


class FixedJoint(Joint):
    """Fixed: holds the relative position and rotation recorded by setFixed."""

    _type = L.JT_FIXED
    _groups = 1
    _stored = {0: (_P_CFM, _P_ERP)}

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
        super().__init__(world, jointgroup)
        self._reals()[L.J_QREL] = 1.0

    def _init_params(self, wreal) -> None:
        self._set_defaults(0, {_P_CFM: float(wreal[L.W_CFM]), _P_ERP: float(wreal[L.W_ERP])})

    def _after_attach(self, was_attached: bool) -> None:
        """Remember the pose on the first attach; as libode, re-attaching keeps the remembered pose."""
        if not was_attached:
            self.setFixed()

    def _on_attach(self) -> None:
        self.setFixed()

    def setFixed(self) -> None:
        """Remember the current relative position and rotation of the bodies as the ones to keep."""
        slot, ji, jr, br = self._arrays()
        if not self._attached():
            return
        _k().set_offset(ji, jr, slot, br, 0)
        _k().set_relative_rotation(ji, jr, slot, br)
