"""Plane-2D joint (ODE's dJointTypePlane2D): keeps a body in the plane z = 0.
"""

from __future__ import annotations

from .. import _layout as L
from .joint import _LIMOT, _KernelGeometryJoint


class Plane2DJoint(_KernelGeometryJoint):
    """Keeps body 1 in the plane z = 0, turning about z only; motors along x, y and about z.

    As in libode 0.16, the x, y and angle stop parameters are stored but only the motors act.
    """

    _type = L.JT_PLANE2D
    _groups = 3
    _stored = {0: _LIMOT, 1: _LIMOT, 2: _LIMOT}

    def _init_params(self, wreal) -> None:
        for g in range(3):
            self._limot_defaults(g, wreal)

    def _group_param(self, group: int, param, value) -> None:
        g, number = self._param_index(param)
        if g != 0:
            raise ValueError(f"{type(self).__name__}: give a group-1 parameter (ode.ParamVel, ...), "
                             f"not {param:#x}")
        self.setParam(number + 0x100 * group, value)

    def setXParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the x direction (ode.ParamVel, ode.ParamFMax, ...)."""
        self._group_param(0, param, value)

    def setYParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the y direction."""
        self._group_param(1, param, value)

    def setAngleParam(self, param: int, value: float) -> None:
        """Set a motor parameter of the rotation about z."""
        self._group_param(2, param, value)
