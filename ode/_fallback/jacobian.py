"""Pure-Python twin of ``ode/_core/jacobian.pyx``: constraint rows of the joints, and their geometry.

The rows live in ``ode/_fallback/joints/``, one module per joint family (as ODE's ``joints/`` folder), with
the vector and quaternion helpers in ``common``, the stored geometry and shared rows in ``geometry`` and the
limit/motor rows in ``limits``.
Those modules are also the source of the Cython kernel (``tools/gen/gen_kernels.py``), so both perform the
same floating-point operations in the same order. This module gathers their public names and dispatches
``info1`` / ``info2`` through tables indexed by joint type (``JT_*``), as the kernel does with C function
pointers. Arrays are the world's flat arrays (``ode/_layout.py``). ``info2`` takes ``row0``, the joint's
first row in J, c, ... (the Cython kernel receives pointers already offset instead).
"""

from __future__ import annotations

import numpy as np

from .. import _layout as L
from .joints import (
    amotor,
    ball,
    contact,
    dball,
    dhinge,
    fixed,
    geometry,
    hinge,
    hinge2,
    lmotor,
    piston,
    plane2d,
    pr,
    pu,
    slider,
    transmission,
    universal,
)
from .joints.amotor import motor_axis, motor_rate, set_euler_reference, set_motor_axis
from .joints.common import INF, NC
from .joints.contact import contact_rows_count
from .joints.dball import dball_distance
from .joints.geometry import (
    axis_rate,
    get_anchor,
    get_axis,
    get_point,
    get_vector,
    rel_angle,
    set_anchor,
    set_axis,
    set_offset,
    set_point,
    set_relative_rotation,
    set_vector,
    vector_rate,
)
from .joints.hinge import hinge_angle
from .joints.hinge2 import hinge2_angle1, hinge2_angle2, hinge2_parallel, set_hinge2_reference
from .joints.piston import piston_position, piston_position_rate
from .joints.pr import pr_position, pr_position_rate
from .joints.pu import pu_position_rate
from .joints.slider import slider_position
from .joints.universal import set_universal_reference, universal_angle

__all__ = [
    "axis_rate", "contact_rows_count", "dball_distance", "get_anchor", "get_axis", "get_point", "get_vector",
    "hinge2_angle1", "hinge2_angle2", "hinge2_parallel", "hinge_angle", "info1", "info2", "motor_axis",
    "motor_rate", "piston_position", "piston_position_rate", "pr_position", "pr_position_rate",
    "pu_position_rate", "rel_angle", "rows", "set_anchor", "set_axis", "set_euler_reference",
    "set_hinge2_reference", "set_motor_axis", "set_offset", "set_point", "set_relative_rotation",
    "set_universal_reference", "set_vector", "slider_position", "universal_angle", "vector_rate",
]

# the family module of each joint type (the null joint and a joint of no type add no rows)
_FAMILY = {
    L.JT_NONE: geometry, L.JT_BALL: ball, L.JT_HINGE: hinge, L.JT_SLIDER: slider, L.JT_CONTACT: contact,
    L.JT_UNIVERSAL: universal, L.JT_HINGE2: hinge2, L.JT_FIXED: fixed, L.JT_NULL: geometry,
    L.JT_AMOTOR: amotor, L.JT_LMOTOR: lmotor, L.JT_PLANE2D: plane2d, L.JT_PR: pr, L.JT_PU: pu,
    L.JT_PISTON: piston, L.JT_DBALL: dball, L.JT_DHINGE: dhinge, L.JT_TRANSMISSION: transmission,
}
_PREFIX = {geometry: "null"}


def _table(part: str) -> tuple:
    """The ``<family>_<part>`` function of every joint type, indexed by type."""
    out = []
    for t in range(len(_FAMILY)):
        mod = _FAMILY[t]
        out.append(getattr(mod, f"{_PREFIX.get(mod, mod.__name__.rsplit('.', 1)[1])}_{part}"))
    return tuple(out)


INFO1 = _table("info1")  # (jint, jreal, j, breal) -> rows
ROWS = _table("rows")    # (jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r)


def info1(jint, jreal, j, breal, bint, wreal) -> int:
    """Number of rows joint j adds this step; measures angles/positions to set the limit states."""
    ji = j * L.JI
    t = int(jint[ji + L.JI_TYPE])
    m = 0
    if int(jint[ji + L.JI_B1]) >= 0 and 0 <= t < len(INFO1):
        m = INFO1[t](jint, jreal, j, breal)
    jint[ji + L.JI_M] = m
    return m


def info2(jint, jreal, j, breal, bint, wreal, fps, J, c, cfm, lo, hi, findex, row0=0) -> None:
    """Write joint j's rows from row ``row0`` of J (12 columns), c, cfm, lo, hi, findex (prefilled)."""
    ji = j * L.JI
    b1 = int(jint[ji + L.JI_B1])
    b2 = int(jint[ji + L.JI_B2])
    t = int(jint[ji + L.JI_TYPE])
    if b1 >= 0 and 0 <= t < len(ROWS):
        ROWS[t](jint, jreal, j, breal, b1, b2, wreal, float(fps), J, c, cfm, lo, hi, findex, row0)


def rows(jint, jreal, j, breal, bint_, wreal, fps) -> tuple:
    """info1 then info2 on prefilled buffers: (m, J (m x 12), c, cfm, lo, hi, findex) as arrays."""
    dtype = np.asarray(jreal).dtype
    m = info1(jint, jreal, j, breal, bint_, wreal)
    J = [0.0] * (m * NC)
    c = [0.0] * m
    cfm = [float(wreal[L.W_CFM])] * m
    lo = [-INF] * m
    hi = [INF] * m
    findex = [-1] * m
    if m > 0:
        info2(jint, jreal, j, breal, bint_, wreal, fps, J, c, cfm, lo, hi, findex, 0)
    return (m, np.array(J, dtype=dtype).reshape(m, NC), np.array(c, dtype=dtype), np.array(cfm, dtype=dtype),
            np.array(lo, dtype=dtype), np.array(hi, dtype=dtype), np.array(findex, dtype=np.int32))
