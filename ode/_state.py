"""The world's state in arrays (one row per body or joint) and the slot allocator behind handles.

Bodies and joints are handles: a world plus a slot with a generation number, so a handle to a destroyed
(and perhaps reused) slot is detected. Kernels receive these arrays and scalars only.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import threading

import numpy as np

from . import _layout as L
from ._backend import INT, REAL, kernel

BODY_DEATHS = [0]   # bumped by Body.destroy: geoms attached to a destroyed body are detached lazily
_DEATH_COUNTER = itertools.count(1)


def body_died() -> None:
    """Record that a body was destroyed (geoms attached to it are detached at the next pose refresh).

    ``next`` on an itertools counter is atomic under the GIL, so bodies destroyed in two threads never
    lose a count (``BODY_DEATHS[0] += 1`` could)."""
    BODY_DEATHS[0] = next(_DEATH_COUNTER)


def _own_lock(method):
    """Run a Slots method holding the Slots' lock."""
    @functools.wraps(method)
    def run(self, *args):
        with self.lock:
            return method(self, *args)
    return run


def locked(method):
    """Run ``method`` holding ``self._world._state.lock``: a world's structural changes are serialised."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._world._state.lock:
            return method(self, *args, **kwargs)
    return run


def locked2(method):
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


def world_locked(method):
    """Run a World method holding its lock (the step: other threads' structural changes wait for it)."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._state.lock:
            return method(self, *args, **kwargs)
    return run


def locked_by_arg(method):
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


def locked_by_arg3(method):
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




_bump = kernel("contacts").bump_generations    # gen[start:stop] += 1 without a Python loop per row


class Slots(kernel("handles").SlotsBase):
    """Rows of a real and an int array that grow by doubling; freed rows are reused lowest first.

    The base type (``handles.SlotsBase``) keeps the arrays' data pointers for the compiled handle accessors.

    ``count`` bounds the rows in use: rows [0, count) hold every live row, and freed rows at the end are
    dropped from it at once, so kernels that scan [0, count) cost what the live rows cost, not what the
    most rows ever held cost. ``generation`` keeps an entry for every row ever used (also beyond ``count``):
    it is bumped when a row is freed and again when it is reused, so it is even exactly for live rows and a
    handle holding an older generation is detected. ``_free`` is a heap (heapq) of freed rows, so taking the
    lowest costs O(log n) however many are free; entries at or above ``count`` are stale (those rows were
    dropped) and are discarded when reached. Every change of the rows' structure (take, allocate, release,
    growth) holds ``lock``: the world's lock for bodies and joints, the geom store's lock for geoms
    (re-entrant, shared with the callers' critical sections).
    """

    def __init__(self, real_width: int, int_width: int, capacity: int = 8, lock=None):
        self.lock = lock if lock is not None else threading.RLock()
        self.real = np.zeros((capacity, real_width), dtype=REAL)
        self.ints = np.zeros((capacity, int_width), dtype=INT)
        self.count = 0              # rows [0, count) hold every live row; the last of them is live
        self.generation: list[int] = []
        self._free: list[int] = []
        self._z = None                 # _zeroer()'s views, built on first use

    def _zeroer(self) -> tuple:
        """(real, ints, byte view of real, of ints, real row bytes, int row bytes, a zero real row, a zero
        int row, int row width, flat int32 view of ints): rows are written and zeroed through the byte
        views (much cheaper than numpy's row assignment for a single row); rebuilt whenever the arrays were
        replaced (they grow by replacement)."""
        z = self._z
        if z is None or z[0] is not self.real or z[1] is not self.ints:
            real, ints = self.real, self.ints
            rw, iw = real.shape[1] * real.itemsize, ints.shape[1] * ints.itemsize
            ib = memoryview(ints).cast("B")
            z = self._z = (real, ints, memoryview(real).cast("B"), ib, rw, iw, bytes(rw), bytes(iw),
                           ints.shape[1], ib.cast("i"))
        return z

    def take(self) -> int:
        """allocate() without zeroing the row: for callers that overwrite the whole row at once (they hold
        ``lock`` while they take and write the row)."""
        free = self._free
        if free:
            if free[0] < self.count:
                slot = heapq.heappop(free)
                self.generation[slot] += 1
                return slot
            free.clear()                 # the lowest entry is stale, so all are
        slot = self.count
        if slot == self.real.shape[0]:
            self._grow()
        self.count += 1
        if slot < len(self.generation):
            self.generation[slot] += 1   # a row dropped from count earlier: a new generation
        else:
            self.generation.append(0)
        return slot

    @_own_lock
    def take_many(self, k: int) -> list:
        """k rows in take()'s order (lowest free first, then rows past count), not zeroed: one sort of the
        free rows instead of k heap operations."""
        n = self.count
        gen = self.generation
        taken: list = []
        if self._free:
            valid = sorted(s for s in self._free if s < n)
            taken = valid[:k]
            self._free = valid[k:]             # a sorted list is a heap
            for s in taken:
                gen[s] += 1
        new = k - len(taken)
        while n + new > self.real.shape[0]:
            self._grow()
        end = n + new
        for s in range(n, min(end, len(gen))):   # rows dropped from count earlier: a new generation
            gen[s] += 1
        if end > len(gen):
            gen.extend([0] * (end - len(gen)))
        self.count = end
        taken.extend(range(n, end))
        return taken

    @_own_lock
    def take_rows(self, k: int) -> np.ndarray:
        """take_many(k) as an intp array. Without a free row below ``count`` (the usual case once the
        previous batch was released) the rows are the range [count, count + k), taken without a Python
        loop per row but for the generations."""
        free = self._free
        if free and free[0] < self.count:
            return np.array(self.take_many(k), dtype=np.intp)
        free.clear()                        # every entry is stale (at or above count)
        n = self.count
        end = n + k
        while end > self.real.shape[0]:
            self._grow()
        gen = self.generation
        old = min(end, len(gen))
        if old > n:                         # rows dropped from count earlier: a new generation
            _bump(gen, n, old)
        if end > len(gen):
            gen.extend([0] * (end - len(gen)))
        self.count = end
        return np.arange(n, end, dtype=np.intp)

    @_own_lock
    def release_range(self, start: int, stop: int) -> None:
        """release_many(range(start, stop)) for rows that are all live. When they end at ``count`` they are
        dropped from it at once and only their int rows are zeroed (JI_ALIVE 0): every row past ``count``
        is rewritten whole or zeroed when taken (take() callers write whole rows, allocate zeroes, growth
        copies [0, count)), so their reals are left as they are. Otherwise they are zeroed and enter the
        free heap, as release_many."""
        if start >= stop:
            return
        self.ints[start:stop] = 0
        _bump(self.generation, start, stop)
        if stop == self.count:
            self.count = start
            self._trim()
        else:
            self.real[start:stop] = 0
            self._free.extend(range(start, stop))
            heapq.heapify(self._free)

    @_own_lock
    def allocate(self) -> int:
        """Return a zeroed row index, growing the arrays when full."""
        slot = self.take()
        z = self._zeroer()
        z[2][slot * z[4]:(slot + 1) * z[4]] = z[6]
        z[3][slot * z[5]:(slot + 1) * z[5]] = z[7]
        return slot

    @_own_lock
    def release(self, slot: int) -> None:
        """Mark a row free; its handle generation is bumped when the row is reused."""
        self.real[slot] = 0
        self.ints[slot] = 0
        self.generation[slot] += 1
        heapq.heappush(self._free, slot)
        if slot == self.count - 1:
            self._trim()

    @_own_lock
    def release_many(self, slots: list) -> None:
        """release() for many rows at once (one zeroing of all the rows)."""
        if not slots:
            return
        gen = self.generation
        if len(slots) <= 16:
            z = self._zeroer()
            rb, ib, rw, iw, zr, zi = z[2:8]
            for s in slots:
                if s < 0:
                    raise IndexError(f"row {s} out of range")
                rb[s * rw:(s + 1) * rw] = zr
                ib[s * iw:(s + 1) * iw] = zi
        else:
            rows = np.asarray(slots, dtype=np.intp)
            self.real[rows] = 0
            self.ints[rows] = 0
        for s in slots:
            gen[s] += 1
        self._free.extend(slots)
        heapq.heapify(self._free)
        self._trim()

    def _trim(self) -> None:
        """Lower count past the freed rows at its end (an odd generation marks a freed row)."""
        n = self.count
        gen = self.generation
        while n and gen[n - 1] & 1:
            n -= 1
        self.count = n

    @_own_lock
    def _grow(self) -> None:
        cap = self.real.shape[0] * 2
        real = np.zeros((cap, self.real.shape[1]), dtype=REAL)
        ints = np.zeros((cap, self.ints.shape[1]), dtype=INT)
        real[: self.count] = self.real[: self.count]
        ints[: self.count] = self.ints[: self.count]
        self.real, self.ints = real, ints


class WorldState:
    """Arrays of one world: bodies, joints and world parameters, plus the Python objects kept alive."""

    def __init__(self):
        self.lock = threading.RLock()          # the world's lock: held by the step and structural changes
        self.bodies = Slots(L.BR, L.BI, lock=self.lock)
        self.joints = Slots(L.JR, L.JI, lock=self.lock)
        self.wreal = np.zeros(L.WR, dtype=REAL)
        self.body_objects: dict[int, object] = {}   # slot -> Body: the world keeps its bodies alive
        self.joint_objects: dict[int, object] = {}  # slot -> Joint: and its joints
        self.moved_callbacks: dict[int, object] = {}  # slot -> callable(body), only bodies that have one
        self.workspace = kernel("step").Workspace()   # the step kernels' scratch memory, reused every step
