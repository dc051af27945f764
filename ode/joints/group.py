"""Joint groups (dJointGroupID): joints destroyed together, typically the contacts of one step.

``_release_rows`` frees many joint rows in one call when the row allocator can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _backend
from .._handle import Handle

if TYPE_CHECKING:
    from .._types import JointGroupBase

_H = _backend.kernel("handles")
if not TYPE_CHECKING:
    JointGroupBase = _H.JointGroupBase


class JointGroup(JointGroupBase, Handle):
    """A collection of joints destroyed together (typically the contacts of one step); its joint list and
    ``empty()`` live in the compiled base type ``handles.JointGroupBase``."""

    def _add(self, joint) -> None:
        self._joints.append(joint)
        joint._group = self

    def destroy(self) -> None:
        """Destroy every joint and the group itself."""
        self.empty()
        self._destroyed = True


def _release_rows(j, slots: list) -> None:
    """Free joint rows as Slots.release does for each (in one call when the allocator has one)."""
    many = getattr(j, "release_many", None)
    if many is not None:
        many(slots)
    else:
        for s in slots:
            j.release(s)
