"""Twin of ``ode/_core/geom_handles.pyx``: the base type of geoms in Python.

The compiled module reads and writes geom rows through C pointers; this one through NumPy and the Python
collide kernel, with the same checks in the same order and the same results. Its ``bind_collide`` and
``bind_space`` return the Python paths of ode.collide and space.collide themselves (which is what the
compiled fast paths compute).
"""

from __future__ import annotations

import numpy as np

from ode import _check
from ode import _layout as L
from ode.errors import ODEError

from . import collide as _kernel

GF_OFFSET = 8                   # GI_FLAGS bit: the geom has an offset from its body
_STATE: dict = {"py_aabb": {}, "update_aabbs": None}


def pass_begin() -> None:
    """Count a collision pass entered (the twin keeps no count: its paths read the pass state)."""


def pass_end() -> None:
    """Count a collision pass left."""


def bind_store(py_aabb: dict, update_aabbs) -> None:
    """Bind the geom store's Python AABB registry (the dict behind geoms.PY_AABB) and update_aabbs."""
    _STATE["py_aabb"] = py_aabb
    _STATE["update_aabbs"] = update_aabbs


def bind_collide(slow, plain, plain_kind, overrides, callback_meshes, pass_state, lock, contact, rows):
    """The twin's ode.collide is the Python path itself."""
    return slow


_GEOM_MOVED: list = [None]       # geoms.geom_moved: see bind_moved


def bind_moved(geom_moved) -> None:
    """Bind the function told when a free geom's position is set (see the compiled module)."""
    _GEOM_MOVED[0] = geom_moved


def bind_space(slow, store, aabb_tests):
    """The twin's space.collide is SpaceBase's Python path itself."""
    return slow


def bind_bits(cat, col, bodykey) -> None:
    """The twin reads the store's bits where it needs them: nothing to bind."""


class GeomBase:
    """The base of ode.GeomObject: its handle, pose and AABB reads, the hot setters."""

    _rows = None
    _slot = -1
    _gen = -1
    _body = None
    _space = None
    _fixed = False

    def _bind_row(self, rows, slot: int, gen: int) -> None:
        """Make this geom the handle of row ``slot`` (generation ``gen``) of ``rows``; reads whether it is
        placeable (``_placeable``, set by its class or its constructor before this call)."""
        self._rows = rows
        self._slot = slot
        self._gen = gen
        self._fixed = not self._placeable

    def _live_slot(self) -> int:
        """This geom's row, or ODEError when the geom was destroyed."""
        rows, s = self._rows, self._slot
        if rows is None or s < 0 or s >= len(rows.generation) or rows.generation[s] != self._gen:
            raise ODEError("this geom has been destroyed")
        return s

    def _refresh(self) -> int:
        """Bring this geom's world pose up to date from its body; returns the slot (a destroyed body
        detaches the geom, as getBody)."""
        s = self._live_slot()
        b = self._body
        if b is None:
            return s
        bs = b._slot
        if bs < 0:
            self.getBody()
            return s
        brows = b._rows
        if brows is None or bs >= len(brows.generation):
            raise ODEError("this geom's body has been destroyed")
        _kernel.body_pose(self._rows.real, self._rows.ints, s, brows.real, bs)
        return s

    def _placed(self) -> int:
        """The live slot of a placeable geom with its pose up to date (NotPlaceableError otherwise)."""
        self._live_slot()
        if self._fixed:
            self._need_placeable()
        return self._refresh()

    def getBody(self):
        """The body the geom is attached to, or None (ode.environment)."""
        self._live_slot()
        b = self._body
        if b is not None and b._slot < 0:
            return self._body_gone()
        return b

    def isEnabled(self) -> bool:
        """True while enabled (the default)."""
        s = self._live_slot()
        return bool(self._rows.ints[s, L.GI_ENABLED])

    def getPosition(self) -> tuple:
        """The world position (of the body plus offset for an attached geom); NotPlaceableError for
        non-placeable geoms."""
        s = self._placed()
        return tuple(self._rows.real[s, L.G_POS:L.G_POS + 3].tolist())

    def getRotation(self) -> tuple:
        """The world rotation matrix (9 values, row-major); NotPlaceableError for non-placeable geoms."""
        s = self._placed()
        return tuple(self._rows.real[s, L.G_R:L.G_R + 9].tolist())

    def getQuaternion(self) -> tuple:
        """The world orientation as a quaternion (w, x, y, z); NotPlaceableError for non-placeable geoms."""
        s = self._live_slot()
        if self._fixed:
            self._need_placeable()
        b = self.getBody()
        if b is not None and not self._rows.ints[s, L.GI_FLAGS] & GF_OFFSET:
            return b.getQuaternion()
        return self._quaternion_of(self.getRotation())

    def setPosition(self, pos) -> None:
        """Set the world position; an attached geom moves its body (keeping the offset)."""
        s = self._live_slot()
        if self._fixed:
            self._need_placeable()
        p = _check.vec("pos", pos)
        if self._body is not None:
            self._move_body(p)
            return
        self._rows.real[s, L.G_POS:L.G_POS + 3] = p
        hook = _GEOM_MOVED[0]
        if hook is not None:
            hook(s)

    def getAABB(self) -> tuple:
        """The axis-aligned bounding box (minx, maxx, miny, maxy, minz, maxz)."""
        s = self._refresh()
        py_aabb = _STATE["py_aabb"]
        if py_aabb and s in py_aabb:
            _STATE["update_aabbs"]([s])
        else:
            _kernel.update_aabbs(self._rows.real, self._rows.ints, [s])
        return tuple(self._rows.real[s, L.G_AABB:L.G_AABB + 6].tolist())


# ---------------------------------------------------------------- the spaces' list order after a step

def step_dirty(stamp, bints, gs, bs, parents, clock: int) -> tuple:
    """The geoms a step made dirty, for libode's list order (see the compiled module): those of gs in a
    space, clean and whose body moved, ordered by the body's place in the integration order (ties keep
    gs's order), stamped clock + 1, + 2, ...; (their rows, their spaces' rows, whether one stayed clean)."""
    if stamp.dtype != np.int64 or bints.dtype != np.int32 or bints.ndim != 2 or bints.shape[1] <= L.BI_MOVED:
        raise TypeError("stamp must be int64 and bints a C-contiguous int32 body table")
    n = gs.shape[0]
    for a in (gs, bs, parents):
        if a.dtype != np.intp or a.ndim != 1 or a.shape[0] != n:
            raise TypeError("gs, bs and parents must be C-contiguous intp arrays of one length")
    if n and (gs.min() < 0 or gs.max() >= stamp.shape[0] or bs.min() < 0 or bs.max() >= bints.shape[0]):
        raise IndexError("a geom or body row is out of range")
    seq = bints[bs, L.BI_MOVED].astype(np.int64)
    clean = (parents >= 0) & (stamp[gs] == 0)
    live = clean & (seq > 0)
    still = bool((clean & ~live).any())
    k = np.flatnonzero(live)
    k = k[np.argsort(seq[k], kind="stable")]
    rows, spaces = gs[k].copy(), parents[k].copy()
    stamp[rows] = np.arange(clock + 1, clock + 1 + rows.shape[0], dtype=np.int64)
    return rows, spaces, still


def _check_rows(stamp, gints) -> None:
    """The store's stamp (int64) and int rows (int32, one row per stamp), or TypeError."""
    if stamp.dtype != np.int64 or stamp.ndim != 1 or gints.dtype != np.int32 or gints.ndim != 2 \
            or gints.shape[1] <= L.GI_SPACE or gints.shape[0] < stamp.shape[0]:
        raise TypeError("stamp must be an int64 row per geom and gints the store's C-contiguous int32 rows")


def _dirty_up(stamp, gints, g: int, t: int, unsorted: set, dirty: set, sap_events: dict) -> None:
    """Mark geom row g and its clean ancestors dirty at time t (see the compiled module)."""
    while True:
        parent = int(gints[g, L.GI_SPACE])
        if parent < 0 or stamp[g]:
            return
        if parent >= stamp.shape[0]:
            raise IndexError("a space row is out of range")
        stamp[g] = t
        unsorted.add(parent)
        dirty.add(parent)
        if gints[parent, L.GI_CLASS] == L.GC_SAP_SPACE:
            sap_events.setdefault(parent, []).append(g)
        g = parent


def dirty_up(slot: int, t: int, stamp, gints, unsorted: set, dirty: set, sap_events: dict) -> None:
    """dGeomMoved's bookkeeping: geom row slot and its clean ancestors become dirty at time t (see the
    compiled module)."""
    _check_rows(stamp, gints)
    if not 0 <= slot < stamp.shape[0]:
        raise IndexError("the geom row is out of range")
    _dirty_up(stamp, gints, int(slot), int(t), unsorted, dirty, sap_events)


def spaces_moved(rows, spaces, t0: int, stamp, gints, unsorted: set, dirty: set, sap_events: dict) -> None:
    """After step_dirty: the spaces of the geoms a step made dirty moved (see the compiled module)."""
    _check_rows(stamp, gints)
    n = rows.shape[0]
    if rows.dtype != np.intp or spaces.dtype != np.intp or rows.ndim != 1 or spaces.shape != (n,):
        raise TypeError("rows and spaces must be C-contiguous intp arrays of one length")
    ng = stamp.shape[0]
    if n and (spaces.min() < 0 or spaces.max() >= ng or rows.min() < 0 or rows.max() >= ng):
        raise IndexError("a geom or space row is out of range")
    sp = spaces.tolist()
    g = rows.tolist()
    for p in sorted(set(sp)):
        k = sp.index(p)
        unsorted.add(p)
        dirty.add(p)
        if gints[p, L.GI_CLASS] == L.GC_SAP_SPACE:
            sap_events.setdefault(p, []).extend(g[i] for i in range(k, n) if sp[i] == p)
        _dirty_up(stamp, gints, p, int(t0) + k, unsorted, dirty, sap_events)


def call_pairs(kids: list, pairs, arg, callback, aabb_pass=None) -> None:
    """``callback(arg, kids[i], kids[j])`` for each row (i, j) of pairs (see the compiled module)."""
    if not isinstance(kids, list):
        raise TypeError(f"kids must be a list, not {type(kids).__name__}")
    if pairs.dtype != np.int32 or pairs.ndim != 2 or pairs.shape[1] != 2:
        raise TypeError("pairs must be a C-contiguous int32 array of shape (m, 2)")
    if pairs.shape[0] and (pairs.min() < 0 or pairs.max() >= len(kids)):
        raise IndexError("a pair index is out of range")
    for i, j in pairs.tolist():
        g1, g2 = kids[i], kids[j]
        if g1._slot >= 0 and g2._slot >= 0 and (aabb_pass is None or aabb_pass(g1, g2)):
            callback(arg, g1, g2)
