"""The world's state in arrays (one row per body or joint) and the slot allocator behind handles.

Bodies and joints are handles: a world plus a slot with a generation number, so a handle to a destroyed
(and perhaps reused) slot is detected. Kernels receive these arrays and scalars only.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from . import _layout as L
from ._backend import INT, REAL, kernel

_F = TypeVar("_F", bound=Callable[..., Any])   # a method, as the lock decorators return it

BODY_DEATHS = [0]   # bumped by Body.destroy: geoms attached to a destroyed body are detached lazily
_DEATH_COUNTER = itertools.count(1)


def body_died() -> None:
    """Record that a body was destroyed (geoms attached to it are detached at the next pose refresh).

    ``next`` on an itertools counter is atomic under the GIL, so bodies destroyed in two threads never
    lose a count (``BODY_DEATHS[0] += 1`` could)."""
    BODY_DEATHS[0] = next(_DEATH_COUNTER)


def _own_lock(method: _F) -> _F:
    """Run a Slots method holding the Slots' lock."""
    @functools.wraps(method)
    def run(self, *args):
        with self.lock:
            return method(self, *args)
    return run


def locked(method: _F) -> _F:
    """Run ``method`` holding ``self._world._state.lock``: a world's structural changes are serialised."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._world._state.lock:
            return method(self, *args, **kwargs)
    return run


def locked2(method: _F) -> _F:
    """``locked`` for methods of exactly two positional arguments (attach: hot, so no argument packing, and
    acquire/release, cheaper than a with block)."""
    @functools.wraps(method)
    def run(self, a, b):
        lock = self._world._state.lock
        lock.acquire()
        try:
            return method(self, a, b)
        finally:
            lock.release()
    return run


def locked_by_arg(method: _F) -> _F:
    """Run ``method(self, world, ...)`` holding ``world._state.lock`` when ``world`` is a world (constructors
    of bodies and joints: the row is taken and initialised in one critical section); anything else is
    passed through unlocked, for the method's own type check to refuse."""
    @functools.wraps(method)
    def run(self, world, *args, **kwargs):
        st = getattr(world, "_state", None)
        if type(st) is not WorldState:
            return method(self, world, *args, **kwargs)
        with st.lock:
            return method(self, world, *args, **kwargs)
    return run


def locked_by_arg3(method: _F) -> _F:
    """``locked_by_arg`` for constructors of exactly three positional arguments (ContactJoint: hot)."""
    @functools.wraps(method)
    def run(self, world, a, b):
        st = getattr(world, "_state", None)
        if type(st) is not WorldState:
            return method(self, world, a, b)
        lock = st.lock
        lock.acquire()
        try:
            return method(self, world, a, b)
        finally:
            lock.release()
    return run




class Slots(kernel("handles").SlotsBase):
    """Rows of a real and an int array that grow by doubling; freed rows are reused lowest first.

    The allocator (take, allocate, release, the free rows and ``count``) is the base type's,
    ``handles.SlotsBase``, which also keeps the arrays' data pointers for the compiled handle accessors; this
    class adds the growth. Every change of the rows' structure holds ``lock``:
    the world's lock for bodies and joints, the geom store's lock for geoms (re-entrant, shared with the
    callers' critical sections).
    """

    def __init__(self, real_width: int, int_width: int, capacity: int = 8, lock=None):
        self.lock = lock if lock is not None else kernel("handles").ReentrantLock()
        self.real = np.zeros((capacity, real_width), dtype=REAL)
        self.ints = np.zeros((capacity, int_width), dtype=INT)
        self.count = 0              # rows [0, count) hold every live row; the last of them is live
        self.zeroed_from = 0           # the arrays are zero: every row past this one is (see SlotsBase)

    @_own_lock
    def _grow(self) -> None:
        """Double the arrays: new zeroed arrays with the rows in use copied (a view someone holds keeps the
        old memory), so every row at or past ``count`` is zero; the base type's pointers follow the arrays.
        (Growing in place with ``ndarray.resize`` measured slower: numpy zero-fills the new rows at once.)"""
        cap = self.real.shape[0] * 2
        real = np.zeros((cap, self.real.shape[1]), dtype=REAL)
        ints = np.zeros((cap, self.ints.shape[1]), dtype=INT)
        real[: self.count] = self.real[: self.count]
        ints[: self.count] = self.ints[: self.count]
        self.real, self.ints = real, ints
        self.zeroed_from = self.count


class WorldState:
    """Arrays of one world: bodies, joints and world parameters, plus the Python objects kept alive."""

    def __init__(self):
        self.lock = kernel("handles").ReentrantLock()   # held by the step and by structural changes
        self.bodies = Slots(L.BR, L.BI, lock=self.lock)
        self.joints = Slots(L.JR, L.JI, lock=self.lock)
        self.wreal = np.zeros(L.WR, dtype=REAL)
        self.body_objects: dict[int, object] = {}   # slot -> Body: the world keeps its bodies alive
        self.joint_objects: dict[int, object] = {}  # slot -> Joint: and its joints
        self.moved_callbacks: dict[int, object] = {}  # slot -> callable(body), only bodies that have one
        self.workspace = kernel("step").Workspace()   # the step kernels' scratch memory, reused every step
        self.groups = weakref.WeakSet()   # groups given native contact joints of this world (for snapshots)
        self.last_group = None           # a weak reference to the last group note_group added

    def note_group(self, group) -> None:
        """Remember that ``group`` holds native contact joints of this world (snapshots find groups in
        ``groups``); the usual case, the same group as last time, is one weak-reference call (collideContacts
        tests it before calling)."""
        last = self.last_group
        if last is None or last() is not group:
            self.groups.add(group)
            self.last_group = weakref.ref(group)
