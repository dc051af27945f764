"""Spaces (dSpaceID) with PyODE's API: simple, multi-resolution hash, quadtree and sweep-and-prune.

A space is a non-placeable geom holding an ordered list of geoms (spaces included), kept in libode's list
order (moved geoms first: see ``ode.geoms``' moves). Candidate pairs come from the ``space`` kernel (one
call per space, whatever its kind), in libode's order. ``collide`` calls a
Python function per pair; ``collideContacts`` (see ``ode.collision``) creates the contact joints natively.
"""

from __future__ import annotations

import functools
import numbers
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from . import _backend, _check
from . import _layout as L
from . import geoms as _g
from .errors import ODEError
from .geoms import STORE, GeomObject, GeomTransform
from .user_geoms import AABB_TESTS, aabb_test_passes

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from ._types import AABB, Contact, JointGroup, NearCallback, Vec3Like, World

_F = TypeVar("_F", bound=Callable[..., Any])   # a method, as the lock decorators return it

_H = _backend.kernel("handles")

_SAP_ORDERS = {"XYZ": (0, 1, 2), "XZY": (0, 2, 1), "YXZ": (1, 0, 2), "YZX": (1, 2, 0),
               "ZXY": (2, 0, 1), "ZYX": (2, 1, 0)}


def _sap_code(order: tuple) -> int:
    """dSweepAndPruneSpaceCreate's axis-order number: axis0 | axis1 << 2 | axis2 << 4."""
    return order[0] | order[1] << 2 | order[2] << 4


SAP_CODES = {_sap_code(v): v for v in _SAP_ORDERS.values()}   # dSAP_AXES_XYZ = 36, ... dSAP_AXES_ZYX = 6


def _int(name: str, value) -> int:
    """An int (not bool), or TypeError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return int(value)


def _mode01(name: str, value) -> int:
    """0 or 1 from a bool or an int, else TypeError / ValueError (PyODE refuses other cleanup modes)."""
    m = int(value) if isinstance(value, bool) else _int(name, value)
    if m not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, not {m}")
    return m


def _geom_locked(method: _F) -> _F:
    """Run ``method`` holding the geom store's lock (space membership changes)."""
    @functools.wraps(method)
    def run(*args, **kwargs):
        with STORE.lock:
            return method(*args, **kwargs)
    return run


_PIPELINE: list = []       # [collision.collide_contacts]: the narrow phase sits a layer above the spaces


def bind_pipeline(collide_contacts) -> None:
    """Give spaces the native contact pipeline (called once by ode.collision, the layer above)."""
    _PIPELINE[:] = [collide_contacts]


class SpaceBase(GeomObject):
    """Base class of all spaces: a non-placeable geom containing geoms (PyODE's ode.SpaceBase)."""

    _placeable = False
    _is_space = True
    _kind = 0
    _infinite_box = False           # libode never computes the box of SAP and quadtree spaces

    def __init__(self, space: SpaceBase | None = None) -> None:
        """Create an empty space, inside ``space`` when given."""
        if type(self) is SpaceBase:
            raise TypeError("ode.SpaceBase is abstract: create a SimpleSpace, HashSpace, ...")
        self._members: list = []            # the geoms in libode's list order as of the last move (_children)
        self._pcache = None                 # (iparams, rparams) of the space kernel, until they change
        self._tree = self._kids = self._info = None     # caches of _collect, _child_slots, _child_info
        self._cleanup = 0
        self._manual_cleanup = 0
        self._sublevel = 0
        self._init_geom(space)

    def isSpace(self) -> bool:
        """True: spaces are geoms that contain geoms."""
        return True

    @property
    def _children(self) -> list:
        """The geoms of the space in libode's list order: the dirty ones, the latest moved first, then the
        clean ones in their previous order (see ode.geoms' moves)."""
        if self._slot in STORE.unsorted:
            self._list_update()
        return self._members

    # the list order (SAPSpace keeps libode's two arrays instead)
    def _list_add(self, geom) -> None:
        self._members.insert(0, geom)       # newest first, as libode's dSpaceGetGeom and its simple space

    def _list_remove(self, geom) -> None:
        self._members.remove(geom)

    def _list_update(self) -> None:
        _reorder(self)

    def _list_clean(self) -> None:
        """The order change of a clean (none here: clean geoms keep their places)."""

    def _list_settle(self, rows: np.ndarray, stamps: np.ndarray) -> None:
        """Before a clean, AABBs up to date: what the dirty geoms (rows, with the time each became dirty
        in ``stamps``, 0 for a clean one) change in the space's own structure (nothing here)."""

    def _asked_order(self, other=None) -> list:
        """The geoms in the order collide2 asks this space's geoms against another geom (``other``, when
        one geom is the other side): its list."""
        return self._children

    def _collide_order(self) -> list:
        """The geoms in list order for a collide of this space, which cleans them (dirty no longer)."""
        _clean(self)
        return self._members

    # ---- membership
    def _check_geom(self, geom) -> GeomObject:
        if not isinstance(geom, GeomObject):
            raise TypeError(f"expected an ode geom, not {type(geom).__name__}")
        geom._live_slot()
        return geom

    @_geom_locked
    def add(self, geom: GeomObject) -> None:
        """Insert a geom (or space); a geom may belong to one space only."""
        self._live_slot()
        self._check_geom(geom)
        if geom._space is self:
            return
        if geom._space is not None:
            raise ODEError(f"{geom!r} is already in another space; remove it first")
        if getattr(geom, "_in_transform", False):
            raise ODEError(f"{geom!r} is encapsulated by a GeomTransform and cannot be in a space")
        s = self
        while s is not None:
            if s is geom:
                raise ODEError("a space cannot be inserted into itself or into one of its own children")
            s = s._space
        self._list_add(geom)
        geom._space = self
        _TREE["version"] += 1
        STORE.slots.ints[geom._slot, L.GI_SPACE] = self._slot
        _g.geom_added(geom._slot)

    @_geom_locked
    def remove(self, geom: GeomObject) -> None:
        """Remove a geom from this space (nothing happens when it is not in it)."""
        self._live_slot()
        self._check_geom(geom)
        if geom._space is not self:
            return
        self._list_remove(geom)
        geom._space = None
        _TREE["version"] += 1
        STORE.slots.ints[geom._slot, L.GI_SPACE] = -1
        _g.geom_removed(geom._slot, self._slot)

    def query(self, geom: GeomObject) -> bool:
        """True when ``geom`` is in this space."""
        self._live_slot()
        return self._check_geom(geom)._space is self

    def getNumGeoms(self) -> int:
        """The number of geoms directly in the space."""
        self._live_slot()
        return len(self._children)

    def getGeom(self, idx: int) -> GeomObject:
        """The idx-th geom of the space (0 .. getNumGeoms() - 1)."""
        self._live_slot()
        i = _int("idx", idx)
        if not 0 <= i < len(self._children):
            raise IndexError(f"geom index {i} out of range 0 .. {len(self._children) - 1}")
        return self._children[i]

    def __len__(self) -> int:
        return self.getNumGeoms()

    def __iter__(self):
        self._live_slot()
        return iter(list(self._children))

    def setCleanup(self, mode: int) -> None:
        """With 1, destroying the space destroys its geoms (PyODE's default is 0); 0 or 1 (or a bool), as
        PyODE accepts."""
        self._live_slot()
        self._cleanup = _mode01("mode", mode)

    def getCleanup(self) -> int:
        """The cleanup mode."""
        self._live_slot()
        return self._cleanup

    def setManualCleanup(self, mode: int) -> None:
        """ODE's dSpaceSetManualCleanup (thread-local data cleanup, meaningful only with libode's manual
        thread cleanup init flag): 0 or 1, kept but without effect here. It is not the cleanup mode."""
        self._live_slot()
        self._manual_cleanup = _mode01("mode", mode)

    def getManualCleanup(self) -> int:
        """1, as libode 0.16.2's dSpaceGetManualCleanup (and so PyODE's) returns whatever was set (probed)."""
        self._live_slot()
        return 1

    def clean(self) -> None:
        """dSpaceClean: bring the AABBs of the space's geoms up to date (before the clean, which places a
        quadtree's geoms by their AABBs)."""
        self._live_slot()
        prepare(self)
        _clean(self)

    def setSublevel(self, sublevel: int) -> None:
        """Set the sublevel used by collide2 between two spaces (not tracked automatically)."""
        self._live_slot()
        self._sublevel = _int("sublevel", sublevel)

    def getSublevel(self) -> int:
        """The sublevel (0 by default)."""
        self._live_slot()
        return self._sublevel

    @_geom_locked
    def destroy(self) -> None:
        """Destroy the space; its geoms are destroyed too when the cleanup mode is 1, else released."""
        self._live_slot()
        for g in list(self._children):
            if self._cleanup:
                g.destroy()
            else:
                self.remove(g)
        super().destroy()

    def getBody(self) -> None:
        """Spaces are never attached to a body."""
        self._live_slot()
        return None

    def getAABB(self) -> AABB:
        """The box around all the geoms of the space (zeros when empty)."""
        self._live_slot()
        prepare(self)
        return tuple(STORE.slots.real[self._slot, L.G_AABB:L.G_AABB + 6].tolist())

    # ---- collision
    def _params(self) -> tuple:
        """(iparams, rparams) of the space kernel for this space kind."""
        return (np.zeros(4, dtype=np.int32), np.zeros(6, dtype=_backend.REAL))

    def _pairs(self, bits: bool = True) -> tuple:
        """(children, int32 array (m, 2) of candidate pairs, indices into children): AABBs must be up to
        date; disabled children take no part; ``bits=False`` ignores the category/collide bitfields."""
        children = self._collide_order()
        if len(children) < 2:
            return list(children), _NO_PAIRS
        p = self._pcache
        if p is None:
            p = self._pcache = self._params()
        f = _SPACE_PAIRS
        if f is None:
            f = _space_pairs_kernel()
        gs = STORE.slots
        cat, col = (STORE.cat, STORE.col) if bits else _all_bits(STORE.cat.shape[0])
        return list(children), f(self._kind, gs.real, gs.ints, _child_slots(self), cat, col,
                                 STORE.bodykey, p[0], p[1])

    def _collide_py(self, arg, callback) -> None:
        """space.collide in Python: prepare the hierarchy, pair it, call the callback for each pair."""
        self._live_slot()
        if not callable(callback):
            raise TypeError("callback must be callable as callback(arg, geom1, geom2)")
        _PASS_BEGIN()
        _PASS.depth += 1                    # a pass (_Pass) entered first, so the hierarchy is marked ready
        try:
            with STORE.lock:                # the callbacks run unlocked (they may take a world's lock)
                ensure_ready(self)
                kids, pairs = self._pairs()
            if pairs.shape[0]:
                tests = len(_aabb_tests()) > 0     # (a weak dictionary: its len is a Python call)
                _GH.call_pairs(kids, pairs, arg, callback, _aabb_pass if tests else None)
        finally:
            try:
                _PASS.depth -= 1
                if _PASS.depth == 0:
                    _PASS.ready.clear()
            finally:
                _PASS_END()

    # space.collide(arg, callback): geom_handles' compiled path for a root space of live leaf geoms outside
    # any pass, _collide_py for the rest (the twin backend's is _collide_py itself); either calls
    # ``callback(arg, geom1, geom2)`` for every pair of the space's geoms that may touch
    if TYPE_CHECKING:
        def collide(self, arg: Any, callback: NearCallback) -> None:
            """Call ``callback(arg, geom1, geom2)`` for every pair of this space's geoms that may touch."""
    else:
        collide = _backend.kernel("geom_handles").bind_space(_collide_py, STORE, lambda: AABB_TESTS)

    def collideContacts(self, world: World, group: JointGroup, contact: Contact | None = None,
                        max_contacts: int = 4, skip_connected: bool = True, bits: bool = True,
                        special: Iterable[GeomObject] | None = None, callback: NearCallback | None = None,
                        data: Any = None) -> int:
        """Native contact pipeline: see ``ode.collision.collide_contacts``; returns the joints created.

        ``special`` geoms' pairs go to the Python ``callback(data, geom1, geom2)`` instead."""
        return _PIPELINE[0](self, world, group, contact, max_contacts, skip_connected, bits, special,
                            callback, data)


class SimpleSpace(SpaceBase):
    """A space that tests every pair of its geoms (O(n^2)); the reference for the other kinds."""

    _class = L.GC_SIMPLE_SPACE
    _kind = 0

    def __init__(self, space: SpaceBase | None = None) -> None:
        """SimpleSpace(space=None)."""
        super().__init__(space)


class HashSpace(SpaceBase):
    """Multi-resolution hash grid: cells of side 2**level for minlevel <= level <= maxlevel."""

    _class = L.GC_HASH_SPACE
    _kind = 1

    def __init__(self, space: SpaceBase | None = None) -> None:
        """HashSpace(space=None), with ODE's levels (-3, 10)."""
        self._levels = (-3, 10)
        super().__init__(space)

    def setLevels(self, minlevel: int, maxlevel: int) -> None:
        """Set the smallest and largest cell sizes, 2**minlevel and 2**maxlevel."""
        lo, hi = _int("minlevel", minlevel), _int("maxlevel", maxlevel)
        if lo > hi:
            raise ValueError(f"minlevel ({lo}) must not exceed maxlevel ({hi})")
        if not (-1000 <= lo and hi <= 1000):
            raise ValueError("levels must lie in -1000 .. 1000")
        self._live_slot()
        self._levels = (lo, hi)
        self._pcache = None

    def getLevels(self) -> tuple[int, int]:
        """(minlevel, maxlevel)."""
        self._live_slot()
        return self._levels

    def _params(self) -> tuple:
        ip = np.array([self._levels[0], self._levels[1], 0, 0], dtype=np.int32)
        return ip, np.zeros(6, dtype=_backend.REAL)


class QuadTreeSpace(SpaceBase):
    """Quadtree over x and y: blocks of a root box (centre, extents = half sizes) split ``depth`` times.

    As libode's: each geom sits in the deepest block holding its AABB (the root when none does), at the
    front of that block's list when it enters the block: when added (at its AABB then, zeros for a new
    geom) and when a clean finds it in another block (the dirty geoms in the order they became dirty).
    ``_place`` keeps, per geom of ``_members``, its block and its place in the block's list (see the
    space kernel's quadtree_place). The list (getGeom) is libode's add order, the newest first; the box is
    infinite, as libode never computes it."""

    _class = L.GC_QUADTREE_SPACE
    _kind = 2
    _infinite_box = True

    def __init__(self, center: Vec3Like, extents: Vec3Like, depth: int,
                 space: SpaceBase | None = None) -> None:
        """QuadTreeSpace(center, extents, depth, space=None)."""
        c = _check.vec("center", center)
        e = _check.vec("extents", extents)
        if not (e[0] > 0.0 and e[1] > 0.0 and e[2] >= 0.0):
            raise ValueError(f"extents must be > 0 in x and y, not {e}")
        d = _int("depth", depth)
        if not 0 <= d <= 16:            # 0: the root block only
            raise ValueError(f"depth must be in 0 .. 16, not {d}")
        self._center, self._extents, self._depth = c, e, d
        self._place = np.zeros(1, dtype=np.int64)
        super().__init__(space)

    def _params(self) -> tuple:
        ip = np.array([0, 0, self._depth, 0], dtype=np.int32)
        return ip, np.array(self._center + self._extents, dtype=_backend.REAL)

    def _rparams(self) -> np.ndarray:
        p = self._pcache
        if p is None:
            p = self._pcache = self._params()
        return p[1]

    # libode's lists: the space's (add order, moves change nothing) and each block's (see the class)
    def _list_add(self, geom) -> None:
        one = np.array([self._place[0], -1, 0], dtype=np.int64)
        rows = np.array([geom._slot], dtype=np.intp)
        _backend.kernel("space").quadtree_place(STORE.slots.real, rows, np.zeros(1, dtype=np.intp), one,
                                                self._rparams(), self._depth)
        self._place = np.concatenate((one, self._place[1:]))
        self._members.insert(0, geom)

    def _list_remove(self, geom) -> None:
        k = self._members.index(geom)
        del self._members[k]
        self._place = np.delete(self._place, (1 + 2 * k, 2 + 2 * k))

    def _list_update(self) -> None:
        STORE.unsorted.discard(self._slot)

    def _list_settle(self, rows: np.ndarray, stamps: np.ndarray) -> None:
        prepare(self)                       # the AABBs place the geoms (a clean may come before a collide's)
        dirty = np.flatnonzero(stamps)
        which = dirty[np.argsort(stamps[dirty], kind="stable")].astype(np.intp)
        _backend.kernel("space").quadtree_place(STORE.slots.real, rows, which, self._place, self._rparams(),
                                                self._depth)

    def _asked_order(self, other=None) -> list:
        """The geoms in the order libode's collide2 visits them: the blocks in pre-order, each block's
        list front first; against one of its own geoms, the blocks from that geom's down (in pre-order),
        then the blocks above it, the nearest first."""
        _clean(self)
        n = len(self._members)
        key = self._place[1:1 + 2 * n:2]
        order = np.lexsort((-self._place[2:2 + 2 * n:2], key))
        if other is not None and other._space is self:
            order = _own_geom_order(order, key, int(key[self._members.index(other)]), self._depth)
        return [self._members[k] for k in order.tolist()]

    def _pairs(self, bits: bool = True) -> tuple:
        """(children, pairs): libode's quadtree collide over the enabled children, in its order (see
        SpaceBase)."""
        children = self._collide_order()
        if len(children) < 2:
            return list(children), _NO_PAIRS
        gs = STORE.slots
        cat, col = (STORE.cat, STORE.col) if bits else _all_bits(STORE.cat.shape[0])
        return list(children), _backend.kernel("space").quadtree_rows_pairs(
            gs.real, gs.ints, _child_slots(self), cat, col, STORE.bodykey, self._place, self._depth)


def _own_geom_order(order: np.ndarray, key: np.ndarray, own: int, depth: int) -> np.ndarray:
    """The quadtree's geoms in pre-order (``order``; block keys ``key``) as its collide2 visits them against
    a geom of its own, in the block of key ``own``: the geoms of that block and the blocks below it, then
    those of each block above it, the nearest first (each list in order)."""
    start, level = own >> 5, own & 31
    ks = key[order]
    s, lv = ks >> 5, ks & 31
    below = (s >= start) & (s < start + (1 << (2 * (depth - level)))) & (lv >= level)
    above = (lv < level) & (s <= start) & (start < s + (np.int64(1) << (2 * (depth - lv))))
    up = order[above]
    return np.concatenate((order[below], up[np.argsort(-lv[above], kind="stable")]))


class SAPSpace(SpaceBase):
    """Sweep and prune (ODE 0.16): sorted along the first axis of ``sweep_order``."""

    _class = L.GC_SAP_SPACE
    _kind = 3
    _infinite_box = True

    def __init__(self, space: SpaceBase | None = None, sweep_order: str = "XYZ") -> None:
        """SAPSpace(space=None, sweep_order="XYZ"); also ODE's dSAP_AXES_* numbers (XYZ = 36, ...)."""
        if isinstance(sweep_order, str) and sweep_order.upper() in _SAP_ORDERS:
            order = _SAP_ORDERS[sweep_order.upper()]
        elif isinstance(sweep_order, numbers.Integral) and not isinstance(sweep_order, bool) \
                and int(sweep_order) in SAP_CODES:
            order = SAP_CODES[int(sweep_order)]
        else:
            raise ValueError(f"sweep_order must be one of {sorted(_SAP_ORDERS)} or a dSAP_AXES_* number, "
                             f"not {sweep_order!r}")
        self._order = order
        self._glist: list = []          # libode's clean array, then its dirty array (getGeom: dirty first)
        self._dlist: list = []
        self._gpos: dict = {}           # geom row -> its index in _glist
        self._sort_state = np.zeros(8, dtype=np.int64)     # the sweep's sort state (see the space kernel)
        super().__init__(space)

    def getSweepOrder(self) -> str:
        """The axis order, e.g. "XYZ"."""
        return "".join("XYZ"[k] for k in self._order)

    def _params(self) -> tuple:
        return np.array([0, 0, 0, self._order[0]], dtype=np.int32), np.zeros(6, dtype=_backend.REAL)

    # libode's two arrays: a geom made dirty leaves the clean array (the last one takes its place) for the
    # end of the dirty array; a clean appends the dirty array to the clean one
    def _list_add(self, geom) -> None:
        self._list_update()
        self._dlist.append(geom)
        self._publish()

    def _list_remove(self, geom) -> None:
        self._list_update()
        if geom._slot in self._gpos:
            self._take_clean(geom._slot)
        else:
            self._dlist.remove(geom)
        self._publish()

    def _take_clean(self, row: int):
        """Remove the geom in ``row`` from the clean array, the last one taking its place."""
        k = self._gpos.pop(row)
        g = self._glist[k]
        last = self._glist.pop()
        if last is not g:
            self._glist[k] = last
            self._gpos[last._slot] = k
        return g

    def _list_update(self) -> None:
        STORE.unsorted.discard(self._slot)
        events = STORE.sap_events.pop(self._slot, None)
        if not events:
            return
        for row in events:
            if row in self._gpos:
                self._dlist.append(self._take_clean(row))
        self._publish()

    def _list_clean(self) -> None:
        if not self._dlist:
            return
        for g in self._dlist:
            self._gpos[g._slot] = len(self._glist)
            self._glist.append(g)
        self._dlist = []
        self._publish()

    def _publish(self) -> None:
        """The list order (_members, what getGeom reads): the dirty array, then the clean one."""
        self._members = self._dlist + self._glist
        self._kids = self._info = None

    def _pairs(self, bits: bool = True) -> tuple:
        """(children, pairs): libode's sweep over the enabled children, in its order (see SpaceBase)."""
        children = self._collide_order()
        n = len(children)
        if self._sort_state.shape[0] < n + 3:
            grown = np.zeros(2 * n + 3, dtype=np.int64)
            grown[:self._sort_state.shape[0]] = self._sort_state
            self._sort_state = grown
        gs = STORE.slots
        cat, col = (STORE.cat, STORE.col) if bits else _all_bits(STORE.cat.shape[0])
        axes = np.array(self._order, dtype=np.int32)
        return list(children), _backend.kernel("space").sap_rows_pairs(
            gs.real, gs.ints, _child_slots(self), cat, col, STORE.bodykey, axes, self._sort_state)


def Space(space_type: int = 0, space: SpaceBase | None = None) -> SpaceBase:
    """PyODE's factory: a SimpleSpace (space_type 0) or a HashSpace (1)."""
    t = _int("space_type", space_type)
    if t == 0:
        return SimpleSpace(space)
    if t == 1:
        return HashSpace(space)
    raise ValueError(f"space_type must be 0 (simple) or 1 (hash), not {t}")


# ------------------------------------------------------------------ shared machinery


def _all_bits(n: int) -> tuple:
    """(category, collide) bitfields of n rows with every bit set: the broad phase without the bit test."""
    hit = _ONES.get(n)
    if hit is None:
        ones = np.full(n, np.iinfo(np.uint64).max, dtype=np.uint64)
        _ONES.clear()
        hit = _ONES[n] = (ones, ones)
    return hit


_ONES: dict = {}


def pair_kernel(kind: int, slots, groups, ip, rp, bits: bool = True) -> np.ndarray:
    """Run the broad-phase kernel over geom rows ``slots`` (AABBs up to date); (m, 2) index pairs;
    ``bits=False`` ignores the category/collide bitfields."""
    idx = np.asarray(slots, dtype=np.intp)
    n = idx.shape[0]
    if n < 2:
        return np.zeros((0, 2), dtype=np.int32)
    aabb = np.ascontiguousarray(STORE.slots.real[idx, L.G_AABB:L.G_AABB + 6]).reshape(-1)
    group = np.full(n, -1, dtype=np.int32) if groups is None else np.asarray(groups, dtype=np.int32)
    cat, col = (STORE.cat[idx], STORE.col[idx]) if bits else _all_bits(n)
    return _backend.kernel("space").space_pairs(kind, aabb, cat, col, STORE.bodykey[idx], group, ip, rp)


_TREE = {"version": 0}      # bumped by every add / remove: the per-space caches below check it
_NO_PAIRS = np.zeros((0, 2), dtype=np.int32)
_NO_PAIRS.flags.writeable = False
_KERNELS: dict = {}      # (backend, precision) -> (space_rows_pairs, space_boxes, update_aabbs or None)
_SPACE_PAIRS = _SPACE_BOXES = _UPDATE_AABBS = None    # those of the process's backend, bound on first use


def _space_pairs_kernel():
    """Bind _SPACE_PAIRS, _SPACE_BOXES and _UPDATE_AABBS to the kernels of the current backend (looked up
    once per backend); returns _SPACE_PAIRS."""
    global _SPACE_PAIRS, _SPACE_BOXES, _UPDATE_AABBS
    key = (_backend.backend, _backend.precision)
    hit = _KERNELS.get(key)
    if hit is None:
        k = _backend.kernel("space")
        try:
            upd = _backend.kernel("collide").update_aabbs
        except (ImportError, AttributeError):
            upd = None
        hit = _KERNELS[key] = (k.space_rows_pairs, k.space_boxes, upd)
    _SPACE_PAIRS, _SPACE_BOXES, _UPDATE_AABBS = hit
    return _SPACE_PAIRS


def _collect(space) -> tuple:
    """(leaf slots as an int32 array, transforms, (space rows, starts, child rows) for space_boxes: every
    space under ``space``, children before parents, ``space`` last), cached on the space until the tree
    changes (the cache never refers to ``space`` itself)."""
    hit = space._tree
    if hit is None or hit[0] != _TREE["version"]:
        leaves: list = []
        transforms: list = []
        spaces: list = []
        _subtree(space, leaves, transforms, spaces)
        plan = _box_plan(spaces)
        infinite = [s for s in spaces if s._infinite_box]
        if infinite:                        # their box is infinite; their ancestors' boxes are redone
            above: set = set()
            for s in infinite:
                while s is not space:
                    s = s._space
                    above.add(id(s))
            fix = (np.array([s._slot for s in infinite], dtype=np.intp),
                   _box_plan([s for s in spaces if id(s) in above]))
        else:
            fix = None
        hit = space._tree = (_TREE["version"], np.array(leaves, dtype=np.int32), transforms, plan, fix)
    return hit[1], hit[2], hit[3]


def _box_plan(spaces: list) -> tuple:
    """(space rows, starts, child rows) for space_boxes."""
    rows, starts, kids = [], [0], []
    for s in spaces:
        rows.append(s._slot)
        kids.extend(g._slot for g in s._children)
        starts.append(len(kids))
    return np.array(rows, dtype=np.intp), np.array(starts, dtype=np.intp), np.array(kids, dtype=np.intp)


_INFINITE_BOX = (-np.inf, np.inf, -np.inf, np.inf, -np.inf, np.inf)


def _child_slots(space) -> np.ndarray:
    """The geom rows of ``space``'s children in order (intp), cached on the space until the tree changes."""
    hit = space._kids
    if hit is None or hit[0] != _TREE["version"]:
        hit = space._kids = (_TREE["version"], np.array([g._slot for g in space._children], dtype=np.intp))
    return hit[1]


def _child_info(space) -> tuple:
    """(the rows of ``space``'s children as int32, bool array: which children are spaces, whether any is),
    cached on the space until the tree changes."""
    hit = space._info
    if hit is None or hit[0] != _TREE["version"]:
        is_space = np.array([g.isSpace() for g in space._children], dtype=bool)
        hit = space._info = (_TREE["version"], _child_slots(space).astype(np.int32), is_space,
                             bool(is_space.any()))
    return hit[1:]


def _reorder(space) -> None:
    """Bring the space's list up to date: its dirty geoms, latest first, then the clean ones in order; the
    cached child rows follow."""
    STORE.unsorted.discard(space._slot)
    kids = space._members
    if len(kids) < 2:
        return
    rows = _child_slots(space)
    st = STORE.stamp[rows]
    if ((st[:-1] > st[1:]) | (st[1:] == 0)).all():
        return                              # the dirty ones lead, the latest first: in order already
    dirty = np.flatnonzero(st)
    if dirty.shape[0] == 0:
        return
    order = np.concatenate((dirty[np.argsort(-st[dirty], kind="stable")], np.flatnonzero(st == 0)))
    space._members = [kids[k] for k in order.tolist()]
    version = _TREE["version"]
    space._kids = (version, rows[order])
    info = space._info
    if info is not None and info[0] == version:
        space._info = (version, info[1][order], info[2][order], info[3])


def _clean(space) -> None:
    """libode's cleanGeoms: the space's dirty geoms (and, inside its dirty sub-spaces, theirs) become
    clean; its list order is brought up to date first. Nothing to do (and no array work) while none of
    its geoms moved since the last clean."""
    if space._slot not in STORE.dirty:
        return
    STORE.dirty.discard(space._slot)
    kids = space._children
    if not kids:
        return
    rows = _child_slots(space)
    stamp = STORE.stamp
    st = stamp[rows]
    if st.any():
        _, is_space, any_space = _child_info(space)
        if any_space:
            for k in np.flatnonzero((st != 0) & is_space).tolist():
                _clean(kids[k])
        space._list_settle(rows, st)
        stamp[rows] = 0
        _H.note_clean()
    space._list_clean()


def _subtree(space, leaves: list, transforms: list, spaces: list) -> None:
    """Collect the leaf geom slots, transforms and spaces (children before parents) under ``space``."""
    for g in space._children:
        if isinstance(g, SpaceBase):
            _subtree(g, leaves, transforms, spaces)
        elif isinstance(g, GeomTransform):
            transforms.append(g)
        else:
            leaves.append(g._slot)
    spaces.append(space)


@_geom_locked
def prepare(space: SpaceBase | None) -> None:
    """Refresh attached geoms' poses and every AABB under ``space`` (spaces: the box around their geoms)."""
    _g.refresh_poses()
    leaves, transforms, plan = _collect(space)
    if _SPACE_BOXES is None:
        _space_pairs_kernel()
    gs = STORE.slots
    if _UPDATE_AABBS is not None and not _g.PY_AABB.data:     # (conservative: no Python-level len call)
        if leaves.shape[0]:
            _UPDATE_AABBS(gs.real, gs.ints, leaves)
    else:
        _g.update_aabbs(leaves)
    for t in transforms:
        if t._materialise() < 0:
            gs.real[t._slot, L.G_AABB:L.G_AABB + 6] = 0.0
    _SPACE_BOXES(gs.real, gs.ints, *plan)
    fix = space._tree[4]
    if fix is not None:                     # libode's SAP and quadtree spaces keep their first, infinite box
        gs.real[fix[0], L.G_AABB:L.G_AABB + 6] = _INFINITE_BOX
        _SPACE_BOXES(gs.real, gs.ints, *fix[1])


class _PassState(threading.local):
    """The collision passes running in this thread: their nesting depth and the ids of the root spaces
    they prepared. Per thread, so a pass in one thread never takes another thread's hierarchy as ready."""

    def __init__(self) -> None:
        self.depth = 0
        self.ready: set = set()


_PASS = _PassState()
# Every thread's pass entries and exits are also counted process-wide (geom_handles.pass_begin / pass_end,
# the count raised before a depth rises and lowered after it falls, so it is never below the sum of the
# depths): while it is 0 no thread is in a pass and the compiled fast paths skip the per-thread lookup.
_GH = _backend.kernel("geom_handles")
_PASS_BEGIN = _GH.pass_begin
_PASS_END = _GH.pass_end


class _Pass:
    """Marks a running collision pass: callbacks may not move geoms (the manual's rule), so hierarchies
    prepared once stay valid for nested collide / collide2 calls until the outermost pass ends."""

    def __enter__(self):
        _PASS_BEGIN()
        _PASS.depth += 1

    def __exit__(self, *exc):
        try:
            _PASS.depth -= 1
            if _PASS.depth == 0:
                _PASS.ready.clear()
        finally:
            _PASS_END()


def ensure_ready(geom: GeomObject) -> None:
    """Prepare the hierarchy containing ``geom`` unless a running pass of this thread already did."""
    root = geom
    while root._space is not None:
        root = root._space
    p = _PASS
    if p.depth > 0 and id(root) in p.ready:
        return
    with STORE.lock:
        prepare_geom(root)
    if p.depth > 0:
        p.ready.add(id(root))


def prepare_geom(geom: GeomObject) -> None:
    """Bring one geom's AABB (and a space's whole subtree) up to date."""
    if isinstance(geom, SpaceBase):
        prepare(geom)
    elif isinstance(geom, GeomTransform):
        _g.refresh_poses()
        if geom._materialise() < 0:
            STORE.slots.real[geom._slot, L.G_AABB:L.G_AABB + 6] = 0.0
    else:
        _g.refresh_poses()
        _g.update_aabbs([geom._live_slot()])


def _aabb_tests():
    """The geoms whose class has an aabb_test (from ode.user_geoms)."""
    return AABB_TESTS


def _aabb_pass(g1, g2) -> bool:
    """Whether the pair passes its user classes' aabb_test callbacks."""
    return aabb_test_passes(g1, g2)
