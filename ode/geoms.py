"""Geoms (dGeomID) with PyODE's API: handles onto a row of one process-wide geom store.

Geoms belong to no world, as in ODE. Each geom is a slot (with a generation number) in ``STORE``: a real
row (``G_*`` columns: world pose, AABB, offset, class parameters), an int row (``GI_*``) and the category
and collide bitfields (uint64). A geom attached to a body takes its world pose from the body's row (plus
the offset) whenever collision needs it: ``refresh_poses`` does that for every attached geom at once.
"""

from __future__ import annotations

import collections
import functools
import math
import numbers
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from . import _backend, _check, _precision
from . import _layout as L
from . import rotation as _rot
from ._handle import Handle
from ._state import BODY_DEATHS, Slots
from .body import Body
from .errors import NotPlaceableError, ODEError

if TYPE_CHECKING:
    from typing import Any

    from ._types import (
        AABB,
        GeomBase,
        Mat3,
        Mat3Like,
        Quat,
        QuatLike,
        SpaceBase,
        Vec3,
        Vec3Like,
        World,
    )
else:
    GeomBase = _backend.kernel("geom_handles").GeomBase

_F = TypeVar("_F", bound=Callable[..., Any])   # a method, as the lock decorators return it

GF_OFFSET = 8                      # GI_FLAGS bit: the geom has an offset from its body (see _layout)
_ALL_BITS = (1 << 64) - 1
_IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)


def _store_locked(method: _F) -> _F:
    """Run a _GeomStore method holding the store's lock."""
    @functools.wraps(method)
    def run(self, *args):
        with self.lock:
            return method(self, *args)
    return run


class _GeomStore:
    """All geom records of the process: Slots rows plus bitfields, body keys and the live handles.

    ``lock`` (re-entrant) guards the store: creation and destruction of geoms, attachment, space membership
    and the native parts of collision passes hold it, so a pass never sees the store change under it.
    Lock order: a world's lock first, then this one; user callbacks of collide / collide2 /
    collideContacts' special pairs run with neither held. Geoms freed by the garbage collector or by
    reference counting are not released from ``__del__`` (which may run in the middle of any store
    operation): ``__del__`` queues them on ``pending``, and ``flush`` releases them at the start of the
    next allocation, pose refresh or pass.
    """

    def __init__(self) -> None:
        self.lock = _backend.kernel("handles").ReentrantLock()   # threading.RLock's semantics
        self.pending: collections.deque = collections.deque()   # dropped geoms whose record awaits release
        self.slots = Slots(L.GR, L.GI, lock=self.lock)
        self.cat = np.full(8, _ALL_BITS, dtype=np.uint64)
        self.col = np.full(8, _ALL_BITS, dtype=np.uint64)
        self.bodykey = np.full(8, -1, dtype=np.int64)
        self.stamp = np.zeros(8, dtype=np.int64)   # 0: clean; else when the geom became dirty (see moved)
        self.serial = np.zeros(8, dtype=np.int64)  # when the geom was attached to its body
        self.clock = 0                             # the last stamp or serial handed out
        self.unsorted: set = set()                 # space rows whose list order must be brought up to date
        self.dirty: set = set()                    # space rows holding dirty geoms (a collide cleans them)
        self.sap_events: dict = {}                 # SAP space row -> rows of its geoms made dirty, in order
        self.members = 0                           # bumped when a geom enters or leaves a space
        self.step_plans: dict = {}                 # see _step_plan
        self.body_geoms: dict = {}                 # body key -> its geoms' rows, the last attached first
        self.objects: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self.attached: dict = {}           # slot -> Body, for geoms attached to a body
        self._worlds: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.version = 0                   # bumped when attachments change (invalidates cached groups)
        self._groups = None
        self._deaths = -1                  # BODY_DEATHS[0] when attachments were last checked for dead bodies

    def flush(self) -> None:
        """Release the records of the geoms dropped since the last flush (see ``pending``)."""
        pending = self.pending
        if not pending:
            return
        with self.lock:
            while pending:
                g = pending.popleft()
                try:
                    s = g._slot
                    if s >= 0 and self.slots.generation[s] == g._gen:
                        g._release_record()
                except Exception:  # noqa: S110  (a half-built geom holds no record)
                    pass

    @_store_locked
    def allocate(self) -> int:
        """A fresh zeroed row with ODE's defaults for bits and body."""
        self.flush()
        slot = self.slots.allocate()
        cap = self.slots.real.shape[0]
        if self.cat.shape[0] < cap:
            for name, fill in (("cat", _ALL_BITS), ("col", _ALL_BITS), ("bodykey", -1), ("stamp", 0),
                               ("serial", 0)):
                old = getattr(self, name)
                new = np.full(cap, fill, dtype=old.dtype)
                new[: old.shape[0]] = old
                setattr(self, name, new)
            _backend.kernel("geom_handles").bind_bits(self.cat, self.col, self.bodykey)
        self.cat[slot] = _ALL_BITS
        self.col[slot] = _ALL_BITS
        self.bodykey[slot] = -1
        self.stamp[slot] = 0
        ints = self.slots.ints[slot]
        ints[L.GI_BODY] = -1
        ints[L.GI_SPACE] = -1
        ints[L.GI_DATA] = -1
        ints[L.GI_ENABLED] = 1
        ints[L.GI_ALIVE] = 1
        self.slots.real[slot, L.G_R:L.G_R + 9] = _IDENTITY
        self.slots.real[slot, L.G_OFFR:L.G_OFFR + 9] = _IDENTITY
        return slot

    @_store_locked
    def release(self, slot: int) -> None:
        """Free a row (its handle then raises ODEError)."""
        self.detach(slot)
        self.slots.release(slot)
        self.objects.pop(slot, None)

    def bodykey_of(self, body: Body | None) -> int:
        """The body key (world number and body row) attached geoms of ``body`` hold."""
        return (self.world_number(body._world) << 32) | body._slot

    def world_number(self, world: World) -> int:
        """A small number identifying a world (body keys must differ across worlds). A new world's number
        is chosen under the store's lock: bodies of two new worlds may be moved from two threads at once
        (``body_moved`` runs outside any lock), and unlocked they could take the same number or change the
        table while the other scans it."""
        n = self._worlds.get(world)
        if n is None:
            with self.lock:
                n = self._worlds.get(world)
                if n is None:
                    n = len(self._worlds) + 1
                    while n in self._worlds.values():
                        n += 1
                    self._worlds[world] = n
        return n

    @_store_locked
    def attach(self, slot: int, body: Body | None) -> None:
        """Record that geom ``slot`` follows ``body``."""
        bslot = body._live_slot()
        self.detach(slot)
        self.slots.ints[slot, L.GI_BODY] = bslot
        key = (self.world_number(body._world) << 32) | bslot
        self.bodykey[slot] = key
        self.attached[slot] = body
        self.body_geoms.setdefault(key, []).insert(0, slot)
        self.clock += 1
        self.serial[slot] = self.clock
        self.version += 1

    @_store_locked
    def detach(self, slot: int) -> None:
        """Record that geom ``slot`` follows no body."""
        if slot in self.attached:
            del self.attached[slot]
            kin = self.body_geoms.get(int(self.bodykey[slot]))
            if kin is not None:
                kin.remove(slot)
                if not kin:
                    del self.body_geoms[int(self.bodykey[slot])]
            self.version += 1
        self.slots.ints[slot, L.GI_BODY] = -1
        self.bodykey[slot] = -1

    @_store_locked
    def groups(self) -> list:
        """[(world, geom slots, body slots)] of attached geoms, cached until attachments change.

        Geoms whose body was destroyed are detached first (dBodyDestroy leaves its geoms bodiless).
        """
        if self._deaths != BODY_DEATHS[0]:     # a body was destroyed since the last look
            self._deaths = BODY_DEATHS[0]
            dead = [s for s, b in self.attached.items() if b._slot < 0]
            for s in dead:
                self.detach(s)
                obj = self.objects.get(s)
                if obj is not None:
                    obj._body = None
        if self._groups is not None and self._groups[0] == self.version:
            return self._groups[1]
        by_world: dict = {}
        for gslot, body in self.attached.items():
            by_world.setdefault(id(body._world), (body._world, [], []))
            entry = by_world[id(body._world)]
            entry[1].append(gslot)
            entry[2].append(body._slot)
        out = [(w, np.array(g, dtype=np.intp), np.array(b, dtype=np.intp)) for w, g, b in by_world.values()]
        self._groups = (self.version, out)
        return out


STORE = _GeomStore()
_GH = _backend.kernel("geom_handles")
_H = _backend.kernel("handles")


# ------------------------------------------------------------------ moves and the spaces' list order
# A space lists its geoms in libode's order: a geom that moves (its pose, shape or body set, its body
# stepped) while clean becomes dirty and goes to the front of its space's list, and its space, if clean,
# to the front of its own parent's list, and so on up; a collide (or clean) of the space makes its geoms
# clean again. Here each dirty geom holds the time it became dirty (``STORE.stamp``): a space's list is
# its dirty geoms, the latest first, then its clean geoms in their previous order (``ode.spaces``).


def _dirty_up(slot: int, t: int) -> None:
    """Mark geom ``slot`` and its clean ancestors dirty at time t, stopping at the first dirty one."""
    _GH.dirty_up(slot, t, STORE.stamp, STORE.slots.ints, STORE.unsorted, STORE.dirty, STORE.sap_events)


def geom_moved(slot: int) -> None:
    """dGeomMoved: the geom in row ``slot`` moved (clean, it goes to the front of its space's list)."""
    STORE.clock += 1
    _dirty_up(slot, STORE.clock)


def geom_added(slot: int) -> None:
    """A geom just added to a space: dirty (at the front) whatever it was, its space moved."""
    STORE.members += 1
    STORE.clock += 1
    STORE.stamp[slot] = STORE.clock
    parent = int(STORE.slots.ints[slot, L.GI_SPACE])
    STORE.unsorted.add(parent)
    STORE.dirty.add(parent)
    if STORE.slots.ints[parent, L.GI_CLASS] == L.GC_SAP_SPACE:
        STORE.sap_events.setdefault(parent, []).append(slot)
    _dirty_up(parent, STORE.clock)


def geom_removed(slot: int, space_slot: int) -> None:
    """Geom ``slot`` just left the space in row ``space_slot``: the space moved."""
    STORE.members += 1
    STORE.stamp[slot] = 0
    geom_moved(space_slot)


def body_moved(body: Body | None) -> None:
    """A body's pose was set: each of its geoms moved, the last attached first (all are dirty after it,
    so the body has no clean geom until a collide cleans one: ``handles.note_clean``)."""
    body._moved_epoch = _H.clean_epoch()
    if not STORE.body_geoms or getattr(body, "_world", None) is None:
        return
    key = STORE.bodykey_of(body)
    for g in STORE.body_geoms.get(key, ()):
        geom_moved(g)


def step_moved(state) -> bool:
    """After a step of the world with ``state``: the geoms of the bodies it moved, in the integration
    order (BI_MOVED), each body's geoms the last attached first, as body_moved one after the other.
    Returns whether a geom of the world's bodies is still clean (one whose body did not move)."""
    if not STORE.body_geoms:
        return False
    clean = False
    with STORE.lock:
        for world, gs, bs in STORE.groups():
            if world._state is state and gs.shape[0]:
                clean = _step_group(state, *_step_plan(gs, bs)) or clean
    return clean


def _step_plan(gs, bs) -> tuple:
    """(geom rows, body rows, parent space rows) of a world's attached geoms, ordered so that a stable
    sort by the bodies' integration order leaves each body's geoms the last attached first; cached until
    attachments or space memberships change."""
    key = (STORE.version, STORE.members)
    hit = STORE.step_plans.get(id(gs))
    if hit is None or hit[0] != key or hit[1] is not gs:
        order = np.argsort(-STORE.serial[gs], kind="stable")
        g = gs[order]
        hit = (key, gs, (g, bs[order], STORE.slots.ints[g, L.GI_SPACE].astype(np.intp)))
        if len(STORE.step_plans) > 64:
            STORE.step_plans.clear()
        STORE.step_plans[id(gs)] = hit
    return hit[2]


def _step_group(state, gs, bs, parents) -> bool:
    """step_moved for one world's attached geoms (rows gs, their bodies' rows bs, their spaces' rows);
    whether some stay clean (their bodies did not move). The ordering, stamping and the spaces' moves are
    the kernel's."""
    g, spaces, still = _GH.step_dirty(STORE.stamp, state.bodies.ints, gs, bs, parents, STORE.clock)
    if g.shape[0]:
        _GH.spaces_moved(g, spaces, STORE.clock + 1, STORE.stamp, STORE.slots.ints, STORE.unsorted,
                         STORE.dirty, STORE.sap_events)
        STORE.clock += g.shape[0]
    return still


def refresh_poses() -> None:
    """Copy every attached geom's world pose from its body (composed with the offset): one collide-kernel
    call (body_poses) per world."""
    with STORE.lock:
        STORE.flush()
        greal = STORE.slots.real
        gints = STORE.slots.ints
        for world, gs, bs in STORE.groups():
            _pose_kernels()[2](greal, gints, gs, world._state.bodies.real, bs)


def _collide_kernel():
    """The narrow-phase kernel module, or None while it is not available."""
    try:
        return _backend.kernel("collide")
    except ImportError:
        return None


_POSE: dict = {}       # (backend, precision) -> (body_pose, transform_row, body_poses) of the collide kernel


def _pose_kernels() -> tuple:
    """The collide kernel's body_pose, transform_row and body_poses, looked up once per backend."""
    key = (_backend.backend, _backend.precision)
    hit = _POSE.get(key)
    if hit is None:
        k = _backend.kernel("collide")
        hit = _POSE[key] = (k.body_pose, k.transform_row, k.body_poses)
    return hit


PY_AABB: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # slot -> geom of a class made in Python


_AABBS: dict = {}      # (backend, precision) -> the collide kernel's update_aabbs (None without one)


def update_aabbs(slots) -> None:
    """Recompute the AABBs of the given (non-space) geom slots from their current world pose."""
    idx = slots if type(slots) is np.ndarray and slots.dtype == np.int32 and slots.ndim == 1 \
        else np.asarray(slots, dtype=np.int32)
    if idx.size == 0:
        return
    key = (_backend.backend, _backend.precision)
    f = _AABBS.get(key, False)
    if f is False:
        k = _collide_kernel()
        f = _AABBS[key] = getattr(k, "update_aabbs", None) if k is not None else None
    if f is not None:
        f(STORE.slots.real, STORE.slots.ints, idx)
    else:
        for s in idx.tolist():
            STORE.slots.real[s, L.G_AABB:L.G_AABB + 6] = _primitive_aabb(s)
    if PY_AABB:  # geoms of classes written in Python: their aabb callback
        for s in idx[np.isin(idx, np.fromiter(PY_AABB.keys(), dtype=np.int32))].tolist():
            g = PY_AABB.get(s)
            if g is not None:
                STORE.slots.real[s, L.G_AABB:L.G_AABB + 6] = g._py_aabb()


_backend.kernel("geom_handles").bind_store(PY_AABB.data, update_aabbs)
_backend.kernel("geom_handles").bind_moved(geom_moved)
_backend.kernel("handles").bind_moved(body_moved, step_moved)


def _primitive_aabb(s: int) -> tuple:
    """AABB of a primitive geom computed in Python (used until the narrow-phase kernel exists)."""
    r = STORE.slots.real[s].tolist()
    cls = int(STORE.slots.ints[s, L.GI_CLASS])
    p, R = r[L.G_POS:L.G_POS + 3], r[L.G_R:L.G_R + 9]
    if cls == L.GC_SPHERE:
        e = (r[L.G_RADIUS],) * 3
    elif cls == L.GC_BOX:
        h = [0.5 * x for x in r[L.G_SIDES:L.G_SIDES + 3]]
        e = tuple(abs(R[3 * i]) * h[0] + abs(R[3 * i + 1]) * h[1] + abs(R[3 * i + 2]) * h[2]
                  for i in range(3))
    elif cls in (L.GC_CAPSULE, L.GC_CYLINDER):
        rad, hl = r[L.G_RADIUS], 0.5 * r[L.G_LENGTH]
        e = tuple(abs(R[3 * i + 2]) * hl + rad for i in range(3))
    elif cls == L.GC_RAY:
        d = [R[2] * r[L.G_RAYLEN], R[5] * r[L.G_RAYLEN], R[8] * r[L.G_RAYLEN]]
        return tuple(v for i in range(3) for v in (min(p[i], p[i] + d[i]), max(p[i], p[i] + d[i])))
    else:
        return (-math.inf, math.inf) * 3
    return tuple(v for i in range(3) for v in (p[i] - e[i], p[i] + e[i]))


def _bits(name: str, value) -> int:
    """An unsigned 64-bit bitfield, or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    v = int(value)
    if not 0 <= v <= _ALL_BITS:
        raise ValueError(f"{name} must be in 0 .. 2**64-1, not {v}")
    return v


def _nonneg(name: str, value) -> float:
    """A finite float >= 0, or TypeError / ValueError."""
    x = _check.real(name, value)
    if x < 0.0:
        raise ValueError(f"{name} must be >= 0, not {x!r}")
    return x


def _mat_t_vec(R, v) -> tuple:
    """R^T v for a row-major 3x3 R."""
    return tuple(R[j] * v[0] + R[3 + j] * v[1] + R[6 + j] * v[2] for j in range(3))


def _mat_t_mul(A, B) -> tuple:
    """A^T B for row-major 3x3 matrices."""
    return tuple(A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j] for i in range(3) for j in range(3))


def _mat_mul_t(A, B) -> tuple:
    """A B^T for row-major 3x3 matrices."""
    return tuple(A[3 * i] * B[3 * j] + A[3 * i + 1] * B[3 * j + 1] + A[3 * i + 2] * B[3 * j + 2]
                 for i in range(3) for j in range(3))


class _Attribs(dict):
    """A geom's user attributes as a dict; item writes and deletes go through to the geom's attributes."""

    def __init__(self, geom: GeomObject) -> None:
        super().__init__((k, v) for k, v in vars(geom).items() if not k.startswith("_"))
        self._geom = geom

    def __setitem__(self, key, value) -> None:
        setattr(self._geom, key, value)
        super().__setitem__(key, value)

    def __delitem__(self, key) -> None:
        delattr(self._geom, key)
        super().__delitem__(key)


class GeomObject(GeomBase, Handle):
    """Base class of all geoms (PyODE's ode.GeomObject): pose, body, offsets, bits, enabling, spaces.

    Subclasses set ``_class`` (an ODE class number) and call the protected hook ``_init_geom(space,
    data)`` from their constructor; ``data`` is the id of class side data kept by a kernel registry
    (GI_DATA, e.g. trimesh or heightfield data), -1 for none. The handle (``_rows``, ``_slot``, ``_gen``,
    ``_body``, ``_space``) and the hot calls (liveness, pose and AABB reads, setPosition, getBody,
    isEnabled) are the compiled base type's (``geom_handles.GeomBase``); they call the Python helpers here
    for the unusual cases.
    """

    _class = -1
    _placeable = True
    _is_space = False                 # spaces (ode.spaces, a layer above) set it: a space may hold geoms

    def __init__(self, *args, **kwargs) -> None:
        """GeomObject is abstract: create a GeomSphere, GeomBox, ..."""
        raise TypeError("ode.GeomObject is abstract: create a GeomSphere, GeomBox, GeomPlane, ...")

    @property
    def attribs(self) -> dict:
        """PyODE's dict of the user's attributes on this geom (``geom.tag = 1`` shows as attribs["tag"]);
        writing to it sets the attribute."""
        return _Attribs(self)

    # ---- protected construction hook
    def _init_geom(self, space=None, data: int = -1) -> None:
        """Allocate this geom's record (class ``self._class``, side data ``data``) and add it to ``space``."""
        if space is not None and not (isinstance(space, GeomObject) and type(space)._is_space):
            raise TypeError(f"space must be an ode space or None, not {type(space).__name__}")
        with STORE.lock:
            slot = STORE.allocate()
            STORE.slots.ints[slot, L.GI_CLASS] = self._class
            STORE.slots.ints[slot, L.GI_DATA] = data
            self._bind_row(STORE.slots, slot, STORE.slots.generation[slot])
            self._body = None
            self._space = None
            self._data = None
            STORE.objects[slot] = self
            if space is not None:
                space.add(self)

    # ---- handle plumbing (the liveness test _live_slot is GeomBase's: a freed row always has its
    # generation bumped by Slots.release, so the generation test is enough)
    def _row(self):
        return STORE.slots.real[self._live_slot()]

    def _param(self, n: int) -> tuple:
        """n class parameters from G_PARAM, as Python floats."""
        return tuple(self._row()[L.G_PARAM:L.G_PARAM + n].tolist())

    def _set_param(self, values) -> None:
        self._row()[L.G_PARAM:L.G_PARAM + len(values)] = values
        geom_moved(self._slot)

    def __repr__(self) -> str:
        state = "destroyed" if getattr(self, "_slot", -1) < 0 else f"slot {self._slot}"
        return f"<ode.{type(self).__name__} {state}>"

    def __del__(self) -> None:
        """Queue the record of a geom nobody references any more for release (spaces keep their geoms
        alive). ``__del__`` may run inside any store operation or pass (the cyclic garbage collector runs
        on allocation), so the record is released by the store's next ``flush``, not here; the queue keeps
        this object until then. The store's weak entry may still name this geom while it is finalised."""
        try:
            s = self._slot
            if s >= 0 and STORE.slots.generation[s] == self._gen and STORE.objects.get(s) in (None, self):
                STORE.pending.append(self)
        except Exception:  # noqa: S110  (interpreter shutdown: nothing to free)
            pass

    def _release_record(self) -> None:
        """Free the record (hook: transforms also free their helper record)."""
        STORE.release(self._slot)
        self._slot = -1

    def destroy(self) -> None:
        """Destroy the geom: it leaves its space and its handle raises ODEError from now on."""
        with STORE.lock:
            self._live_slot()
            if self._space is not None:
                self._space.remove(self)
            self._release_record()
            self._body = None

    # ---- class and flags
    def getClass(self) -> int:
        """ODE's class number (ode.SphereClass = 0, ode.BoxClass, ... as ODE's dSphereClass, ...)."""
        self._live_slot()
        return self._class

    def isSpace(self) -> bool:
        """True for spaces."""
        return False

    def placeable(self) -> bool:
        """True when the geom has a position and may be attached to a body (planes and spaces may not)."""
        return self._placeable

    def getSpace(self) -> SpaceBase | None:
        """The space containing the geom, or None."""
        self._live_slot()
        return self._space

    def enable(self) -> None:
        """Enable the geom: spaces pass it to their callback again."""
        STORE.slots.ints[self._live_slot(), L.GI_ENABLED] = 1

    def disable(self) -> None:
        """Disable the geom: dSpaceCollide and collide2 ignore it."""
        STORE.slots.ints[self._live_slot(), L.GI_ENABLED] = 0

    def setCategoryBits(self, bits: int) -> None:
        """Set the categories the geom belongs to (unsigned 64-bit bitfield)."""
        STORE.cat[self._live_slot()] = _bits("bits", bits)

    def getCategoryBits(self) -> int:
        """The category bitfield (all ones by default)."""
        return int(STORE.cat[self._live_slot()])

    def setCollideBits(self, bits: int) -> None:
        """Set the categories the geom collides with (unsigned 64-bit bitfield)."""
        STORE.col[self._live_slot()] = _bits("bits", bits)

    def getCollideBits(self) -> int:
        """The collide bitfield (all ones by default)."""
        return int(STORE.col[self._live_slot()])

    def setData(self, data: Any) -> None:
        """Attach any Python object (dGeomSetData)."""
        self._data = data

    def getData(self) -> Any:
        """The object given to setData (None by default)."""
        return self._data

    # ---- body
    def _need_placeable(self) -> int:
        s = self._live_slot()
        if not self._placeable:
            raise NotPlaceableError(f"a {type(self).__name__} is not placeable: it has no pose or body")
        return s

    def setBody(self, body: Body | None) -> None:
        """Attach the geom to a body (its pose then follows the body) or detach it with None."""
        with STORE.lock:
            self._set_body(body)
            geom_moved(self._slot)

    def _set_body(self, body) -> None:
        """setBody with the store's lock held."""
        s = self._live_slot()
        if body is None:
            if self._body is not None:
                self._refresh()
            STORE.detach(s)
            STORE.slots.ints[s, L.GI_FLAGS] &= ~GF_OFFSET
            STORE.slots.real[s, L.G_OFFPOS:L.G_OFFPOS + 3] = 0.0
            STORE.slots.real[s, L.G_OFFR:L.G_OFFR + 9] = _IDENTITY
            self._body = None
            return
        if not isinstance(body, Body):
            raise TypeError(f"body must be an ode.Body or None, not {type(body).__name__}")
        self._need_placeable()
        if getattr(self, "_in_transform", False):
            raise ODEError("a geom inside a GeomTransform cannot be attached to a body")
        STORE.attach(s, body)
        STORE.slots.ints[s, L.GI_FLAGS] &= ~GF_OFFSET
        STORE.slots.real[s, L.G_OFFPOS:L.G_OFFPOS + 3] = 0.0
        STORE.slots.real[s, L.G_OFFR:L.G_OFFR + 9] = _IDENTITY
        self._body = body

    def _body_gone(self) -> None:
        """getBody when the body was destroyed (dBodyDestroy leaves its geoms bodiless): detach; None."""
        STORE.detach(self._slot)
        self._body = None

    # ---- pose (getPosition, getRotation, getQuaternion and setPosition of a free geom are GeomBase's)
    def _quaternion_of(self, R) -> tuple:
        """The quaternion of rotation matrix R (getQuaternion of a geom with an offset or no body)."""
        return _rot.RtoQ(R)

    def _move_body(self, p: tuple) -> None:
        """setPosition of an attached geom (checked position p): its body moves, keeping the offset."""
        b = self.getBody()
        if b is None:
            self._row()[L.G_POS:L.G_POS + 3] = p
            geom_moved(self._slot)
            return
        if self._has_offset():
            R = b.getRotation()
            o = self._offset_pos()
            w = tuple(R[3 * i] * o[0] + R[3 * i + 1] * o[1] + R[3 * i + 2] * o[2] for i in range(3))
            p = (p[0] - w[0], p[1] - w[1], p[2] - w[2])
        b.setPosition(p)

    def setRotation(self, R: Mat3Like) -> None:
        """Set the world rotation (9 values, row-major); an attached geom rotates its body."""
        self._need_placeable()
        M = _rot._matrix3("R", R)
        b = self.getBody()
        if b is None:
            self._row()[L.G_R:L.G_R + 9] = _check.vec("R", M, 9)  # stored as given, so range-checked
            geom_moved(self._slot)
            return
        if self._has_offset():
            M = _mat_mul_t(M, self._offset_rot())
        b.setRotation(M)

    def setQuaternion(self, q: QuatLike) -> None:
        """Set the world orientation from a quaternion (w, x, y, z)."""
        self._need_placeable()
        qv = _check.vec("q", q, 4)
        if qv == (0.0, 0.0, 0.0, 0.0):
            raise ValueError("q must not be the zero quaternion")
        b = self.getBody()
        if b is not None and not self._has_offset():
            b.setQuaternion(qv)
            return
        self.setRotation(_rot.QtoR(qv))

    # ---- offsets
    def _has_offset(self) -> bool:
        return bool(STORE.slots.ints[self._live_slot(), L.GI_FLAGS] & GF_OFFSET)

    def _offset_pos(self) -> tuple:
        return tuple(self._row()[L.G_OFFPOS:L.G_OFFPOS + 3].tolist())

    def _offset_rot(self) -> tuple:
        return tuple(self._row()[L.G_OFFR:L.G_OFFR + 9].tolist())

    def _need_body(self):
        self._need_placeable()
        b = self.getBody()
        if b is None:
            raise ODEError("the geom must be attached to a body to have an offset")
        return b

    def _set_offset(self, pos=None, R=None) -> None:
        """Store the offset (pos relative to the body, R), refusing a computed position the real type cannot
        hold (a world position far from the body)."""
        s = self._live_slot()
        pos = None if pos is None else _check.vec("pos", pos)
        R = None if R is None else _check.vec("R", R, 9)
        if pos is not None:
            STORE.slots.real[s, L.G_OFFPOS:L.G_OFFPOS + 3] = pos
        if R is not None:
            STORE.slots.real[s, L.G_OFFR:L.G_OFFR + 9] = R
        STORE.slots.ints[s, L.GI_FLAGS] |= GF_OFFSET
        geom_moved(s)

    def setOffsetPosition(self, pos: Vec3Like) -> None:
        """Set the position relative to the body (the geom must be attached)."""
        self._need_body()
        self._set_offset(pos=_check.vec("pos", pos))

    def setOffsetRotation(self, R: Mat3Like) -> None:
        """Set the rotation relative to the body (9 values, row-major)."""
        self._need_body()
        self._set_offset(R=_rot._matrix3("R", R))

    def setOffsetQuaternion(self, q: QuatLike) -> None:
        """Set the rotation relative to the body from a quaternion."""
        self._need_body()
        qv = _check.vec("q", q, 4)
        if qv == (0.0, 0.0, 0.0, 0.0):
            raise ValueError("q must not be the zero quaternion")
        self._set_offset(R=_rot.QtoR(qv))

    def setOffsetWorldPosition(self, pos: Vec3Like) -> None:
        """Set the offset so that the geom sits at world position ``pos`` without moving the body."""
        b = self._need_body()
        p = _check.vec("pos", pos)
        bp = b.getPosition()
        self._set_offset(pos=_mat_t_vec(b.getRotation(), (p[0] - bp[0], p[1] - bp[1], p[2] - bp[2])))

    def setOffsetWorldRotation(self, R: Mat3Like) -> None:
        """Set the offset so that the geom has world rotation ``R`` without rotating the body."""
        b = self._need_body()
        self._set_offset(R=_mat_t_mul(b.getRotation(), _rot._matrix3("R", R)))

    def setOffsetWorldQuaternion(self, q: QuatLike) -> None:
        """Set the offset so that the geom has world orientation ``q`` without rotating the body."""
        b = self._need_body()
        qv = _check.vec("q", q, 4)
        if qv == (0.0, 0.0, 0.0, 0.0):
            raise ValueError("q must not be the zero quaternion")
        self._set_offset(R=_mat_t_mul(b.getRotation(), _rot.QtoR(qv)))

    def getOffsetPosition(self) -> Vec3:
        """The position relative to the body (zero without an offset)."""
        return self._offset_pos() if self._has_offset() else (0.0, 0.0, 0.0)

    def getOffsetRotation(self) -> Mat3:
        """The rotation relative to the body (identity without an offset)."""
        return self._offset_rot() if self._has_offset() else _IDENTITY

    def getOffsetQuaternion(self) -> Quat:
        """The rotation relative to the body as a quaternion (identity without an offset)."""
        return _rot.RtoQ(self._offset_rot()) if self._has_offset() else (1.0, 0.0, 0.0, 0.0)

    def clearOffset(self) -> None:
        """Remove the offset: the geom sits at its body's pose again (NotPlaceableError for non-placeable
        geoms, where libode aborts)."""
        s = self._need_placeable()
        STORE.slots.ints[s, L.GI_FLAGS] &= ~GF_OFFSET
        STORE.slots.real[s, L.G_OFFPOS:L.G_OFFPOS + 3] = 0.0
        STORE.slots.real[s, L.G_OFFR:L.G_OFFR + 9] = _IDENTITY
        geom_moved(s)

    # ---- queries
    def _point_depth(self, p) -> float:
        """Depth of point p inside the geom (negative outside), via the narrow-phase kernel."""
        x, y, z = _check.vec("p", p)
        s = self._refresh()
        k = _collide_kernel()
        if k is None or not hasattr(k, "point_depth"):
            raise NotImplementedError("pointDepth needs the narrow-phase kernel, which is not built yet")
        return float(k.point_depth(STORE.slots.real, STORE.slots.ints, s, x, y, z))


class GeomSphere(GeomObject):
    """A sphere centred at the geom's position."""

    _class = L.GC_SPHERE

    def __init__(self, space: SpaceBase | None = None, radius: float = 1.0) -> None:
        """GeomSphere(space=None, radius=1.0)."""
        r = _nonneg("radius", radius)
        self._init_geom(space)
        self._set_param((r,))

    def setRadius(self, radius: float) -> None:
        """Set the radius (>= 0)."""
        self._set_param((_nonneg("radius", radius),))

    def getRadius(self) -> float:
        """The radius."""
        return self._param(1)[0]

    def pointDepth(self, p: Vec3Like) -> float:
        """Depth of point p inside the sphere (negative outside)."""
        return self._point_depth(p)


def _sides(lengths) -> tuple:
    """Three finite side lengths > 0, or TypeError / ValueError."""
    v = _check.vec("lengths", lengths)
    for i, x in enumerate(v):
        if not x > 0.0:
            raise ValueError(f"lengths[{i}] must be > 0, not {x!r}")
    return v


class GeomBox(GeomObject):
    """A box centred at the geom's position, sides along its local axes."""

    _class = L.GC_BOX

    def __init__(self, space: SpaceBase | None = None, lengths: Vec3Like = (1.0, 1.0, 1.0)) -> None:
        """GeomBox(space=None, lengths=(1, 1, 1))."""
        v = _sides(lengths)
        self._init_geom(space)
        self._set_param(v)

    def setLengths(self, lengths: Vec3Like) -> None:
        """Set the side lengths (lx, ly, lz), each > 0."""
        self._set_param(_sides(lengths))

    def getLengths(self) -> Vec3:
        """The side lengths (lx, ly, lz)."""
        return self._param(3)

    def pointDepth(self, p: Vec3Like) -> float:
        """Depth of point p inside the box (negative outside)."""
        return self._point_depth(p)


def _plane(normal, dist) -> tuple:
    """(a, b, c, d) with a unit normal, or ValueError for a zero normal: scaled by 1 / length as ODE does, in
    the real type (single precision stores the four numbers as floats first and scales them in float, as
    libode's float build does)."""
    n = _check.vec("normal", normal)
    d = _check.real("dist", dist)
    ln = math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    if not (ln > 0.0 and math.isfinite(ln)):
        raise ValueError(f"the plane normal {n} cannot be normalised")
    if _precision.precision == "single":
        f = [np.float32(x) for x in (*n, d)]
        sq = f[0] * f[0] + f[1] * f[1] + f[2] * f[2]
        if not sq > 0:  # the normal underflows as floats
            raise ValueError(f"the plane normal {n} cannot be normalised")
        a32 = np.float32(1.0) / np.sqrt(sq)
        with np.errstate(over="ignore"):
            out = tuple(float(x * a32) for x in f)
    elif ln == 1.0:
        out = (n[0], n[1], n[2], d)
    else:
        a = 1.0 / ln
        out = (n[0] * a, n[1] * a, n[2] * a, d * a)
    if not math.isfinite(out[3]):
        raise ValueError(f"dist = {d} over the normal's length {ln} overflows {_precision.precision} reals")
    return out


class GeomPlane(GeomObject):
    """An infinite plane n . p = dist (not placeable); the normal is normalised as in ODE."""

    _class = L.GC_PLANE
    _placeable = False

    def __init__(self, space: SpaceBase | None = None, normal: Vec3Like = (0.0, 0.0, 1.0),
                 dist: float = 0.0) -> None:
        """GeomPlane(space=None, normal=(0, 0, 1), dist=0)."""
        v = _plane(normal, dist)
        self._init_geom(space)
        self._set_param(v)

    def setParams(self, normal: Vec3Like, dist: float) -> None:
        """Set the plane's normal (normalised) and its distance from the origin."""
        self._set_param(_plane(normal, dist))

    def getParams(self) -> tuple[Vec3, float]:
        """((a, b, c), d)."""
        a, b, c, d = self._param(4)
        return ((a, b, c), d)

    def pointDepth(self, p: Vec3Like) -> float:
        """Depth of point p below the plane (negative above)."""
        return self._point_depth(p)


class GeomCapsule(GeomObject):
    """A capsule (cylinder with half-sphere caps) along the local z axis; length excludes the caps."""

    _class = L.GC_CAPSULE

    def __init__(self, space: SpaceBase | None = None, radius: float = 0.5, length: float = 1.0) -> None:
        """GeomCapsule(space=None, radius=0.5, length=1.0)."""
        v = (_nonneg("radius", radius), _nonneg("length", length))
        self._init_geom(space)
        self._set_param(v)

    def setParams(self, radius: float, length: float) -> None:
        """Set radius and length."""
        self._set_param((_nonneg("radius", radius), _nonneg("length", length)))

    def getParams(self) -> tuple[float, float]:
        """(radius, length)."""
        return self._param(2)

    def pointDepth(self, p: Vec3Like) -> float:
        """Depth of point p inside the capsule (negative outside)."""
        return self._point_depth(p)


GeomCCylinder = GeomCapsule


class GeomCylinder(GeomObject):
    """A flat-ended cylinder along the local z axis."""

    _class = L.GC_CYLINDER

    def __init__(self, space: SpaceBase | None = None, radius: float = 0.5, length: float = 1.0) -> None:
        """GeomCylinder(space=None, radius=0.5, length=1.0)."""
        v = (_nonneg("radius", radius), _nonneg("length", length))
        self._init_geom(space)
        self._set_param(v)

    def setParams(self, radius: float, length: float) -> None:
        """Set radius and length."""
        self._set_param((_nonneg("radius", radius), _nonneg("length", length)))

    def getParams(self) -> tuple[float, float]:
        """(radius, length)."""
        return self._param(2)

    def pointDepth(self, p: Vec3Like) -> float:
        """Depth of point p inside the cylinder (negative outside)."""
        return self._point_depth(p)


class GeomRay(GeomObject):
    """A ray from the geom's position along its local z axis, of a given length."""

    _class = L.GC_RAY

    def __init__(self, space: SpaceBase | None = None, rlen: float = 1.0) -> None:
        """GeomRay(space=None, rlen=1.0)."""
        v = _nonneg("rlen", rlen)
        self._init_geom(space)
        self._set_param((v,))

    def setLength(self, rlen: float) -> None:
        """Set the length (>= 0)."""
        self._set_param((_nonneg("rlen", rlen),))

    def getLength(self) -> float:
        """The length."""
        return self._param(1)[0]

    def set(self, p: Vec3Like, u: Vec3Like) -> None:
        """Set the start point and the direction (normalised) of the ray."""
        pv = _check.vec("p", p)
        uv = _check.vec("u", u)
        if not uv[0] * uv[0] + uv[1] * uv[1] + uv[2] * uv[2] > 0.0:
            raise ValueError("the ray direction u must not be the zero vector")
        self.setPosition(pv)
        self.setRotation(_rot.RFromZAxis(*uv))

    def get(self) -> tuple[Vec3, Vec3]:
        """((start point), (unit direction))."""
        R = self.getRotation()
        return (self.getPosition(), (R[2], R[5], R[8]))

    def _flag(self, bit: int, on) -> None:
        s = self._live_slot()
        if _check.flag("flag", on):
            STORE.slots.ints[s, L.GI_FLAGS] |= bit
        else:
            STORE.slots.ints[s, L.GI_FLAGS] &= ~bit

    def _has(self, bit: int) -> bool:
        return bool(STORE.slots.ints[self._live_slot(), L.GI_FLAGS] & bit)

    def setParams(self, first_contact: int, backface_cull: int) -> None:
        """ODE's dGeomRaySetParams: stop at the first contact found; ignore back faces of triangles."""
        self._flag(L.GF_RAY_FIRST, first_contact)
        self._flag(L.GF_RAY_BACKFACE, backface_cull)

    def getParams(self) -> tuple[bool, bool]:
        """(first_contact, backface_cull)."""
        return (self._has(L.GF_RAY_FIRST), self._has(L.GF_RAY_BACKFACE))

    def setFirstContact(self, flag: int) -> None:
        """Stop at the first contact found (meshes)."""
        self._flag(L.GF_RAY_FIRST, flag)

    def getFirstContact(self) -> bool:
        """The first-contact setting."""
        return self._has(L.GF_RAY_FIRST)

    def setBackfaceCull(self, flag: int) -> None:
        """Ignore triangles facing away from the ray."""
        self._flag(L.GF_RAY_BACKFACE, flag)

    def getBackfaceCull(self) -> bool:
        """The backface-cull setting."""
        return self._has(L.GF_RAY_BACKFACE)

    def setClosestHit(self, flag: int) -> None:
        """Report the closest hit only (meshes)."""
        self._flag(L.GF_RAY_CLOSEST, flag)

    def getClosestHit(self) -> bool:
        """The closest-hit setting."""
        return self._has(L.GF_RAY_CLOSEST)


class GeomTransform(GeomObject):
    """Encapsulates another geom, placing it at a local pose relative to the transform's own pose."""

    _class = L.GC_TRANSFORM

    def __init__(self, space: SpaceBase | None = None) -> None:
        """GeomTransform(space=None)."""
        self._init_geom(space)
        self._geom = None
        self._info = 0
        self._cleanup = 0
        self._shadow = -1        # helper record: the inner geom at its world pose, for the kernels
        self._made = False       # the helper record holds the current inner geom (set by _materialise)

    def setGeom(self, geom: GeomObject) -> None:
        """Set the encapsulated geom (not in a space, not attached to a body), or None."""
        s = self._live_slot()
        if geom is not None:
            if not isinstance(geom, GeomObject) or geom.isSpace() or isinstance(geom, GeomTransform):
                raise TypeError("the encapsulated geom must be a non-space, non-transform ode geom")
            geom._live_slot()
            if geom._space is not None:
                raise ODEError("the encapsulated geom must not be in a space")
            if geom.getBody() is not None:
                raise ODEError("the encapsulated geom must not be attached to a body")
        if self._geom is not None:
            self._geom._in_transform = False
            if self._cleanup and self._geom is not geom:
                self._geom.destroy()
        self._geom = geom
        self._made = False
        if geom is None:
            STORE.slots.ints[s, L.GI_DATA] = -1
            return
        geom._in_transform = True
        STORE.slots.ints[s, L.GI_DATA] = geom._slot
        if self._shadow < 0:
            self._shadow = STORE.allocate()

    def getGeom(self) -> GeomObject:
        """The encapsulated geom, or None."""
        self._live_slot()
        g = self._geom
        if g is not None and g._slot < 0:
            self._geom = None
        return self._geom

    def setInfo(self, mode: int) -> None:
        """Contacts report the transform (0, default) or the encapsulated geom (1) as their geom."""
        m = int(_check.flag("mode", mode))
        self._live_slot()
        self._info = m

    def getInfo(self) -> int:
        """The info mode."""
        self._live_slot()
        return self._info

    def setCleanup(self, mode: int) -> None:
        """With 1, destroying the transform destroys the encapsulated geom too."""
        self._live_slot()
        self._cleanup = int(_check.flag("mode", mode))

    def getCleanup(self) -> int:
        """The cleanup mode (0 by default)."""
        self._live_slot()
        return self._cleanup

    def getAABB(self) -> AABB:
        """The box around the encapsulated geom at its world pose (zeros without a geom)."""
        refresh_poses()
        if self._materialise() < 0:
            STORE.slots.real[self._live_slot(), L.G_AABB:L.G_AABB + 6] = 0.0
        return tuple(STORE.slots.real[self._slot, L.G_AABB:L.G_AABB + 6].tolist())

    def _release_record(self) -> None:
        """Free the record, the helper record and (with cleanup) the encapsulated geom."""
        inner = getattr(self, "_geom", None)
        if inner is not None:
            inner._in_transform = False
            if self._cleanup and inner._slot >= 0:
                inner.destroy()
        if getattr(self, "_shadow", -1) >= 0:
            STORE.release(self._shadow)
            self._shadow = -1
        super()._release_record()

    def _materialise(self) -> int:
        """Write the inner geom at its world pose into the helper record; its slot, or -1 without a geom.

        The collide kernel's ``transform_row`` composes the poses, copies the record and computes the AABB
        (also the transform's own AABB) in one call.
        """
        g = self.getGeom()
        if g is None:
            return -1
        t = self._refresh()
        pose = _POSE.get((_backend.backend, _backend.precision))
        if pose is None:
            pose = _pose_kernels()
        sh = pose[1](STORE.slots.real, STORE.slots.ints, t, g._live_slot(), self._shadow)
        self._made = True
        return sh


def narrow_slot(geom: GeomObject) -> int:
    """The record the narrow phase should see for ``geom`` (transforms: their helper record, -1 if empty)."""
    if isinstance(geom, GeomTransform):
        return geom._materialise()
    return geom._live_slot()
