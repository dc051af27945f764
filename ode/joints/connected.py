"""areConnected and areConnectedExcluding (ODE's dAreConnected, dAreConnectedExcluding): is
there a live joint between two bodies?
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

from .. import _layout as L
from .joint import _is_body

if TYPE_CHECKING:
    from .._types import Body


def _connecting(b1, b2, exclude: int | None) -> bool:
    """True when a live joint (not of type ``exclude``) connects the two bodies."""
    for name, b in (("body1", b1), ("body2", b2)):
        if not _is_body(b):
            raise TypeError(f"{name} must be an ode.Body, not {type(b).__name__}")
    if b1._world is not b2._world:
        return False
    s1, s2 = b1._live_slot(), b2._live_slot()
    j = b1._world._state.joints
    ints = j.ints[:j.count]
    for row in ints:
        if not row[L.JI_ALIVE] or (exclude is not None and row[L.JI_TYPE] == exclude):
            continue
        pair = (int(row[L.JI_B1]), int(row[L.JI_B2]))
        if pair == (s1, s2) or pair == (s2, s1):
            return True
    return False


def areConnected(body1: Body | None, body2: Body | None) -> bool:
    """True when a joint connects the two bodies; False when either is None (ode.environment), as PyODE."""
    if body1 is None or body2 is None:
        return False
    return _connecting(body1, body2, None)


def areConnectedExcluding(body1: Body | None, body2: Body | None, jointtype: int) -> bool:
    """True when a joint that is not of ``jointtype`` (ode.JointType*) connects the two bodies (False when
    either is None, as PyODE)."""
    if isinstance(jointtype, bool) or not isinstance(jointtype, numbers.Integral):
        raise TypeError(f"jointtype must be an int, not {type(jointtype).__name__}")
    if body1 is None or body2 is None:
        return False
    return _connecting(body1, body2, int(jointtype))
