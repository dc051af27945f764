"""Null joint (ODE's dJointTypeNull): no constraint rows, it only connects its bodies.
"""

from __future__ import annotations

from .. import _layout as L
from .joint import _KernelGeometryJoint


class NullJoint(_KernelGeometryJoint):
    """A joint with no constraint rows (ODE's dJointTypeNull): it only connects its bodies."""

    _type = L.JT_NULL
