"""ode.collide, ode.collide2 and the native contact pipeline (space -> ContactJoints with no Python per pair).

``collide(g1, g2)`` runs the narrow phase on two geoms and returns PyODE ``Contact`` objects.
``collide2(g1, g2, arg, callback)`` is dSpaceCollide2: geom against geom, geom against space and space
against space with the manual's sublevel rule. ``collide_contacts(space, world, group, ...)`` (also
``space.collideContacts``) runs the broad and narrow phases of a whole space hierarchy in kernels and writes
the contact joints' rows into the world's arrays in bulk, exactly as ``ContactJoint(world, group, c)``
followed by ``attach(g1.getBody(), g2.getBody())`` would for every contact, in the same order.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from . import _backend, _check
from . import _layout as L
from .errors import ODEError
from .geoms import (
    PY_AABB,
    STORE,
    GeomBox,
    GeomCapsule,
    GeomCylinder,
    GeomObject,
    GeomPlane,
    GeomRay,
    GeomSphere,
    GeomTransform,
    _pose_kernels,
)
from .joints import Contact, JointGroup, _release_rows
from .meshes import CALLBACK_MESHES, GeomConvex, GeomHeightfield, GeomTriMesh, collide_with_callbacks
from .spaces import (
    _PASS,
    SpaceBase,
    _child_info,
    _collect,
    _geom_locked,
    _Pass,
    bind_pipeline,
    ensure_ready,
    pair_kernel,
    prepare,
)
from .user_geoms import AABB_TESTS, OVERRIDES, aabb_test_passes, collide_python, python_collider
from .world import World

if TYPE_CHECKING:
    from typing import Any

    from ._types import NearCallback

if TYPE_CHECKING:
    pass

CONTACTS_UNIMPORTANT = 0x80000000
_SAP_X = 3                  # the space kernel's SAP kind, used for the cross pairs of collide2


def _geom(name: str, g) -> GeomObject:
    if not isinstance(g, GeomObject):
        raise TypeError(f"{name} must be an ode geom, not {type(g).__name__}")
    g._live_slot()
    return g


def _max_contacts(value) -> int:
    """ODE's contact count: 1 .. 0xffff (0 means 1, as dCollide)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"max_contacts must be an int, not {type(value).__name__}")
    n = int(value)
    if not 0 <= n <= 0xFFFF:
        raise ValueError(f"max_contacts must be in 1 .. 65535, not {n}")
    return max(n, 1)


_KERNELS: dict = {}


def _collide_kernel():
    """The narrow-phase kernel module, looked up once per backend (collide runs once per pair)."""
    key = (_backend.backend, _backend.precision)
    k = _KERNELS.get(key)
    if k is None:
        k = _KERNELS[key] = _backend.kernel("collide")
    return k


def _narrow_raw(a: int, b: int, flags: int) -> np.ndarray:
    """Contact records (n, CR) of geom rows a and b from the narrow-phase kernel."""
    return _collide_kernel().collide_geoms(STORE.slots.real, STORE.slots.ints, a, b, flags)


def _narrow(a: int, b: int, flags: int) -> np.ndarray:
    """Contact records (n, CR) of geom rows a and b: through a trimesh's callbacks when it has any, through
    Python colliders for overridden class pairs and geom classes written in Python."""
    if OVERRIDES or PY_AABB:
        ints = STORE.slots.ints
        fn, swapped = python_collider(int(ints[a, L.GI_CLASS]), int(ints[b, L.GI_CLASS]))
        if fn is not None:
            return collide_python(a, b, flags, fn, swapped)
    if CALLBACK_MESHES and (a in CALLBACK_MESHES or b in CALLBACK_MESHES):
        return collide_with_callbacks(a, b, flags, _narrow_raw)
    return _narrow_raw(a, b, flags)


def _reported(g: GeomObject) -> GeomObject:
    """The geom a contact names: a transform in info mode 1 reports its encapsulated geom."""
    if isinstance(g, GeomTransform) and g._info and g.getGeom() is not None:
        return g.getGeom()
    return g


def _ready(g: GeomObject) -> bool:
    """True when a running collision pass (of this thread) already prepared the hierarchy containing g."""
    root = g
    while root._space is not None:
        root = root._space
    return id(root) in _PASS.ready


def _fresh(g: GeomObject) -> None:
    """Bring g's world pose up to date, unless a running collision pass already prepared its hierarchy."""
    if _PASS.depth > 0:
        root = g
        while root._space is not None:
            root = root._space
        if id(root) in _PASS.ready:
            return
    g._refresh()


_CP, _CN, _CD = L.C_POS, L.C_NORMAL, L.C_DEPTH


_GS = STORE.slots       # the geom rows (the Slots object is never replaced; its arrays are, when they grow)
_PLAIN: dict = {}      # geom class -> True for a trimesh class (may have callbacks), False for other leaves
_PAIR: dict = {}       # (backend, precision) -> the space kernel's pair_contacts


_LEAVES = (GeomSphere, GeomBox, GeomPlane, GeomCapsule, GeomCylinder, GeomRay, GeomConvex, GeomTriMesh,
           GeomHeightfield)    # the kernel's own classes (and their Python subclasses)


def _plain_kind(cls) -> bool | None:
    """For the fast path of collide: None unless cls is one of the kernel's leaf classes, else whether it
    is a trimesh or heightfield (which may have callbacks). Geom classes written in Python are not leaves;
    collider overrides are checked in collide() itself."""
    if cls in _PLAIN:
        return _PLAIN[cls]
    if not issubclass(cls, _LEAVES):
        return None
    _PLAIN[cls] = issubclass(cls, (GeomTriMesh, GeomHeightfield))
    return _PLAIN[cls]


def _pair_contacts():
    """The space kernel's pair_contacts, looked up once per backend (and bound to _PC for collide)."""
    global _PC, _BP, _TR
    key = (_backend.backend, _backend.precision)
    f = _PAIR.get(key)
    if f is None:
        f = _PAIR[key] = _backend.kernel("space").pair_contacts
    _PC = f
    _BP, _TR = _pose_kernels()[:2]
    return f


# pair_contacts, body_pose and transform_row of the process's backend (chosen once, at import), bound by
# the first _pair_contacts() call: collide then reads globals instead of a dict keyed by the backend
_PC = _BP = _TR = None


_ACQUIRE, _RELEASE = STORE.lock.acquire, STORE.lock.release


def _collide_py(geom1, geom2, max_contacts: int = 150, unimportant: bool = False) -> list:
    """Contacts between two geoms as a list of ode.Contact (empty when they do not touch): ode.collide in
    Python (the twin backend's, and the compiled fast path's fallback for every case it does not take).

    PyODE's signature is collide(geom1, geom2) with up to 150 contacts; ``max_contacts`` and
    ``unimportant`` (ODE's CONTACTS_UNIMPORTANT flag) are extensions. The normal points into geom1.
    Two live leaf geoms (no space, no transform, no trimesh callbacks) take a fast path: one liveness
    test each, the poses refreshed only outside a collision pass, and the Contacts built by the kernel.
    From the liveness test to the kernel (which releases the GIL) the geom store's lock is held, so no
    other thread releases or reuses the rows read.
    """
    m1, m2 = _PLAIN.get(type(geom1)), _PLAIN.get(type(geom2))
    if m1 is None or m2 is None:
        t1, t2 = type(geom1) is GeomTransform, type(geom2) is GeomTransform
        if t1 or t2:
            return _collide_transform(geom1, geom2, max_contacts, unimportant, t1, t2, m1, m2)
        if _plain_kind(type(geom1)) is not None and _plain_kind(type(geom2)) is not None:
            return collide(geom1, geom2, max_contacts, unimportant)
        return _collide_general(geom1, geom2, max_contacts, unimportant)
    _ACQUIRE()          # (acquire/release: cheaper than a with block on this hot path)
    try:
        s1, s2 = geom1._slot, geom2._slot
        gen = _GS.generation
        if s1 < 0 or s2 < 0 or gen[s1] != geom1._gen or gen[s2] != geom2._gen or OVERRIDES \
                or (m1 or m2) and CALLBACK_MESHES and (s1 in CALLBACK_MESHES or s2 in CALLBACK_MESHES):
            return _collide_general(geom1, geom2, max_contacts, unimportant)
        n = max_contacts if type(max_contacts) is int and 0 < max_contacts <= 0xFFFF \
            else _max_contacts(max_contacts)
        if geom1 is geom2:
            return []
        b1, b2 = geom1._body, geom2._body    # a geom without a body has no pose to refresh
        if b1 is not None or b2 is not None:
            sp = geom1._space              # usual case: both directly in a root space this pass prepared
            if sp is None or sp is not geom2._space or sp._space is not None or id(sp) not in _PASS.ready:
                if _PASS.depth == 0:
                    if b1 is not None:
                        _pose(geom1, b1, s1)
                    if b2 is not None:
                        _pose(geom2, b2, s2)
                elif not (_ready(geom1) and _ready(geom2)):
                    if b1 is not None:
                        _fresh(geom1)
                    if b2 is not None:
                        _fresh(geom2)
        f = _PC
        if f is None:
            f = _pair_contacts()
        return f(_GS.real, _GS.ints, s1, s2, n | CONTACTS_UNIMPORTANT if unimportant else n, Contact,
                 geom1, geom2)
    finally:
        _RELEASE()


# ode.collide: the compiled fast path of geom_handles for two live leaf geoms, _collide_py for the rest (the
# twin backend's collide is _collide_py itself)
if TYPE_CHECKING:
    def collide(geom1: GeomObject, geom2: GeomObject) -> list[Contact]:
        """The contacts between two geoms (at most 4 per pair in PyODE's API), as ode.Contact objects."""
else:
    collide = _backend.kernel("geom_handles").bind_collide(_collide_py, _PLAIN, _plain_kind, OVERRIDES,
                                                           CALLBACK_MESHES.data, _PASS, STORE.lock, Contact,
                                                           STORE.slots)


def _pose(g: GeomObject, b, s: int) -> None:
    """g._refresh() for a live geom g (row s) attached to body b: the collide kernel's body_pose, called
    directly (g._refresh handles a destroyed body)."""
    bs = b._slot
    if bs < 0:
        g._refresh()
        return
    f = _BP
    if f is None:
        _pair_contacts()
        f = _BP
    f(_GS.real, _GS.ints, s, b._world._state.bodies.real, bs)


def _transform_row(t: GeomTransform, ready: bool):
    """The row the narrow phase reads for transform t: its helper row with the encapsulated geom at its
    current world pose (the collide kernel's transform_row), -1 without a geom, None when the encapsulated
    geom is of a class written in Python (the general path handles it). Inside a pass that prepared t's
    hierarchy the helper row the pass wrote is used as is (nothing may move during a pass)."""
    g = t._geom
    if g is None:
        return -1
    gs = g._slot
    if gs < 0:                         # destroyed: as getGeom
        t._geom = None
        return -1
    if g._class > _LAST_KERNEL_CLASS:  # a geom class written in Python
        return None
    if ready and t._made:
        return t._shadow
    if _GS.generation[gs] != g._gen:
        g._live_slot()                 # raises ODEError
    b = t._body
    if b is not None:
        _pose(t, b, t._slot)
    f = _TR
    if f is None:
        _pair_contacts()
        f = _TR
    sh = f(_GS.real, _GS.ints, t._slot, gs, t._shadow)
    t._made = True
    return sh


_LAST_KERNEL_CLASS = L.GC_HEIGHTFIELD   # geom classes above are spaces or written in Python


@_geom_locked
def _collide_transform(geom1, geom2, max_contacts, unimportant: bool, t1: bool, t2: bool, m1, m2) -> list:
    """collide() when at least one geom is a GeomTransform (t1, t2; m1, m2 as in collide): the helper
    rows go through pair_contacts (the leaf pairs' fast path); (geom, transform) collides (transform,
    geom) and flips the normals, as libode. Anything unusual (bad input, Python geom classes, overrides,
    trimesh callbacks) takes the general path."""
    if t1:
        m1 = False
    elif m1 is None:
        m1 = _plain_kind(type(geom1))
    if t2:
        m2 = False
    elif m2 is None:
        m2 = _plain_kind(type(geom2))
    if m1 is None or m2 is None or OVERRIDES:
        return _collide_general(geom1, geom2, max_contacts, unimportant)
    s1, s2 = geom1._slot, geom2._slot
    gen = _GS.generation
    if s1 < 0 or s2 < 0 or gen[s1] != geom1._gen or gen[s2] != geom2._gen \
            or (m1 or m2) and CALLBACK_MESHES and (s1 in CALLBACK_MESHES or s2 in CALLBACK_MESHES):
        return _collide_general(geom1, geom2, max_contacts, unimportant)
    n = max_contacts if type(max_contacts) is int and 0 < max_contacts <= 0xFFFF \
        else _max_contacts(max_contacts)
    if geom1 is geom2:
        return []
    ready = False
    if _PASS.depth == 0:
        if not t1 and geom1._body is not None:
            _pose(geom1, geom1._body, s1)
        if not t2 and geom2._body is not None:
            _pose(geom2, geom2._body, s2)
    elif _ready(geom1) and _ready(geom2):
        ready = True
    else:
        if not t1 and geom1._body is not None:
            _fresh(geom1)
        if not t2 and geom2._body is not None:
            _fresh(geom2)
    a = _transform_row(geom1, ready) if t1 else s1
    b = _transform_row(geom2, ready) if t2 else s2
    if a is None or b is None:
        return _collide_general(geom1, geom2, max_contacts, unimportant)
    if a < 0 or b < 0:
        return []
    f = _PC
    if f is None:
        f = _pair_contacts()
    flags = n | CONTACTS_UNIMPORTANT if unimportant else n
    if t2:  # libode collides (transform, geom1) and flips the normals
        return f(_GS.real, _GS.ints, b, a, flags, Contact, geom1._geom if t1 and geom1._info else geom1,
                 geom2._geom if geom2._info else geom2, True)
    return f(_GS.real, _GS.ints, a, b, flags, Contact, geom1._geom if geom1._info else geom1, geom2)


@_geom_locked
def _collide_general(geom1, geom2, max_contacts, unimportant: bool) -> list:
    """collide() for every case: spaces (rejected), transforms, trimesh callbacks, bad input."""
    if isinstance(geom1, GeomObject) and isinstance(geom2, GeomObject):
        g1, g2 = geom1, geom2
        g1._live_slot()
        g2._live_slot()
    else:
        g1, g2 = _geom("geom1", geom1), _geom("geom2", geom2)
    n = max_contacts if type(max_contacts) is int and 0 < max_contacts <= 0xFFFF \
        else _max_contacts(max_contacts)
    if isinstance(g1, SpaceBase) or isinstance(g2, SpaceBase):
        raise ODEError("collide() takes two non-space geoms; use collide2 or space.collide for spaces")
    if g1 is g2:
        return []
    if _PASS.depth == 0 or not (_ready(g1) and _ready(g2)):
        _fresh(g1)
        _fresh(g2)
    t1, t2 = isinstance(g1, GeomTransform), isinstance(g2, GeomTransform)
    a = g1._materialise() if t1 else g1._slot
    b = g2._materialise() if t2 else g2._slot
    if a < 0 or b < 0:
        return []
    flags = n | (CONTACTS_UNIMPORTANT if unimportant else 0)
    if t2:  # libode collides (transform, geom1) and flips the normals
        rec = _narrow(b, a, flags)
        rec[:, _CN:_CN + 3] *= -1
    else:
        rec = _narrow(a, b, flags)
    if rec.shape[0] == 0:
        return []
    r1 = _reported(g1) if t1 else g1
    r2 = _reported(g2) if t2 else g2
    return [_contact(row, r1, r2) for row in rec.tolist()]


def _contact(row: list, g1: GeomObject, g2: GeomObject) -> Contact:
    """A Contact from one kernel record (plain floats): checked only when a value is not finite."""
    c = Contact()
    pos, normal, depth = tuple(row[_CP:_CP + 3]), tuple(row[_CN:_CN + 3]), row[_CD]
    x = pos[0] + pos[1] + pos[2] + normal[0] + normal[1] + normal[2] + depth
    if x - x == 0.0:               # all finite (and no overflow): exactly what setContactGeomParams stores
        c.pos, c.normal, c.depth, c.g1, c.g2 = pos, normal, depth, g1, g2
    else:
        c.setContactGeomParams(pos, normal, depth, g1, g2)
    return c


# ------------------------------------------------------------------ collide2


def _enabled(g: GeomObject) -> bool:
    return bool(STORE.slots.ints[g._slot, L.GI_ENABLED])


def _cross(side1: list, side2: list, bits: bool = True, side2_outer: bool = True) -> list:
    """Pairs (x, y), x from side1 and y from side2, passing the broad-phase test (AABBs up to date), in
    libode's order: for each geom of the outer side (side2 unless ``side2_outer`` is False), the geoms of
    the other side in order; ``bits=False`` leaves out the category/collide bit test."""
    if not side1 or not side2:
        return []
    if len(side1) == 1 or len(side2) == 1:
        return _one_against_many(side1, side2, bits)
    slots = [g._slot for g in side1] + [g._slot for g in side2]
    groups = [0] * len(side1) + [1] * len(side2)
    pairs = pair_kernel(_SAP_X, slots, groups, np.array([0, 0, 0, 0], dtype=np.int32),
                        np.zeros(6, dtype=_backend.REAL), bits)
    n1 = len(side1)
    if pairs.shape[0] == 0:
        return []
    a = np.minimum(pairs[:, 0], pairs[:, 1])
    b = np.maximum(pairs[:, 0], pairs[:, 1]) - n1
    order = np.lexsort((a, b)) if side2_outer else np.lexsort((b, a))
    return [(side1[i], side2[j]) for i, j in zip(a[order].tolist(), b[order].tolist())]


def _one_against_many(side1: list, side2: list, bits: bool = True) -> list:
    """_cross when one side is a single geom: the same exact test, vectorised over the other side."""
    one, many, first = (side1[0], side2, True) if len(side1) == 1 else (side2[0], side1, False)
    s = one._slot
    idx = np.array([g._slot for g in many], dtype=np.intp)
    box = STORE.slots.real[s, L.G_AABB:L.G_AABB + 6]
    boxes = STORE.slots.real[idx, L.G_AABB:L.G_AABB + 6]
    ok = ~((box[0::2] > boxes[:, 1::2]) | (box[1::2] < boxes[:, 0::2])).any(axis=1)
    key = STORE.bodykey[s]
    if key >= 0:
        ok &= STORE.bodykey[idx] != key
    if bits:
        ok &= ((STORE.cat[s] & STORE.col[idx]) != 0) | ((STORE.cat[idx] & STORE.col[s]) != 0)
    hits = [many[k] for k in np.nonzero(ok)[0].tolist()]
    return [(one, g) for g in hits] if first else [(g, one) for g in hits]


def _sides(g1, g2) -> tuple:
    """(left, right, right_outer): the two lists of geoms collide2 pairs, after the manual's space/sublevel
    rules, and whether libode loops over the right side outside (two spaces: over the one with more geoms
    or, with as many, over g2, asking the other space for each; that space is cleaned)."""
    s1, s2 = g1.isSpace(), g2.isSpace()
    if s1 and s2 and g1._sublevel != g2._sublevel:
        if g1._sublevel > g2._sublevel:
            s2 = False
        else:
            s1 = False
    right_outer = not (s1 and s2 and len(g1._children) < len(g2._children))
    ask1 = s1 and (not s2 or right_outer)
    ask2 = s2 and (not s1 or not right_outer)
    if ask1:
        g1._collide_order()
    if ask2:
        g2._collide_order()
    left = _side(g1, ask1, g2) if s1 else ([g1] if _enabled(g1) else [])
    right = _side(g2, ask2, g1) if s2 else ([g2] if _enabled(g2) else [])
    return left, right, right_outer


def _side(space: SpaceBase, asked: bool, other: GeomObject | None = None) -> list[GeomObject]:
    """The enabled geoms of a space on one side of collide2: in the order the space's own collide2 visits
    them when it is asked (against each geom of the other side, ``other`` when that is one geom), else in
    its list order."""
    return [k for k in (space._asked_order(other) if asked else space._children) if _enabled(k)]


def collide2(geom1: GeomObject, geom2: GeomObject, arg: Any, callback: NearCallback) -> None:
    """Call ``callback(arg, a, b)`` for potentially touching pairs with a from geom1 and b from geom2.

    A space stands for its geoms; two spaces of different sublevels: the lower one is treated as a geom;
    the same space twice is space.collide; two plain geoms are tested once (bits, bodies, AABBs).
    """
    g1, g2 = _geom("geom1", geom1), _geom("geom2", geom2)
    if not callable(callback):
        raise TypeError("callback must be callable as callback(arg, geom1, geom2)")
    if g1 is g2 and g1.isSpace():
        g1.collide(arg, callback)
        return
    with _Pass():                        # entered first, so the prepared hierarchies are marked ready
        with STORE.lock:                 # the callbacks run unlocked (they may take a world's lock)
            ensure_ready(g1)
            ensure_ready(g2)
            left, right, right_outer = _sides(g1, g2)
            pairs = _cross(left, right, True, right_outer)
        for a, b in pairs:
            if a._slot >= 0 and b._slot >= 0 and (not AABB_TESTS or aabb_test_passes(a, b)):
                callback(arg, a, b)


# ------------------------------------------------------------------ native contact pipeline


def leaf_pairs(space, bits: bool = True) -> tuple:
    """Every candidate pair of non-space geoms in a space hierarchy, as two int arrays of geom slots.

    This is what the manual's recursive near-callback visits (spaces collided with collide2 and
    internally), each pair once: a space's own pairs, then for each pair involving a sub-space the pairs
    of its geoms with the other side. AABBs must be up to date (``prepare``). ``bits=False``: the
    category/collide bitfields are not tested.
    """
    firsts: list = []
    seconds: list = []
    _visit(space, firsts, seconds, bits)
    if not firsts:
        return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32)
    if len(firsts) == 1:
        return firsts[0], seconds[0]
    return np.concatenate(firsts).astype(np.int32), np.concatenate(seconds).astype(np.int32)


def _visit(space, firsts: list, seconds: list, bits: bool = True) -> None:
    """Append the leaf pairs of ``space`` (its own and those of its enabled sub-spaces)."""
    kids, pairs = space._pairs(bits)        # pairs index kids (all children; disabled ones pair with none)
    slots, is_space, any_space = _child_info(space)
    if not any_space:
        if pairs.shape[0]:
            firsts.append(slots[pairs[:, 0]])
            seconds.append(slots[pairs[:, 1]])
        return
    if pairs.shape[0]:
        special = np.nonzero(is_space[pairs[:, 0]] | is_space[pairs[:, 1]])[0].tolist()
        prev = 0
        for c in special + [pairs.shape[0]]:           # plain runs, each space pair expanded in place
            firsts.append(slots[pairs[prev:c, 0]])
            seconds.append(slots[pairs[prev:c, 1]])
            if c < pairs.shape[0]:
                _expand(kids[pairs[c, 0]], kids[pairs[c, 1]], firsts, seconds, bits)
            prev = c + 1
    for k, g in enumerate(kids):
        if is_space[k] and _enabled(g):
            _visit(g, firsts, seconds, bits)


def _expand(a, b, firsts: list, seconds: list, bits: bool = True) -> None:
    """Leaf pairs between a and b when at least one is a space (recursing through sub-spaces)."""
    s1, s2 = a.isSpace(), b.isSpace()
    right_outer = not (s1 and s2 and len(a._children) < len(b._children))
    left = _side(a, not s2 or right_outer, b) if s1 else [a]
    right = _side(b, not s1 or not right_outer, a) if s2 else [b]
    for x, y in _cross(left, right, bits, right_outer):
        if x.isSpace() or y.isSpace():
            _expand(x, y, firsts, seconds, bits)
        else:
            firsts.append(np.array([x._slot], dtype=np.int32))
            seconds.append(np.array([y._slot], dtype=np.int32))


def _narrow_slots(slots: np.ndarray) -> np.ndarray:
    """Rows the narrow phase reads: transforms are replaced by their helper record (-1 when empty)."""
    out = slots.copy()
    cls = STORE.slots.ints[slots, L.GI_CLASS]
    for k in np.nonzero(cls == L.GC_TRANSFORM)[0].tolist():
        t = STORE.objects.get(int(slots[k]))
        out[k] = t._shadow if t is not None and t.getGeom() is not None else -1
    return out


def _narrow_many(a: np.ndarray, b: np.ndarray, flags: int) -> tuple:
    """(contacts (K, CR), pair index (K,)) of pairs (a[p], b[p]) one by one, through ``_narrow`` (trimesh
    callbacks, collider overrides, geom classes written in Python)."""
    recs, owners = [], []
    for p, (x, y) in enumerate(zip(a.tolist(), b.tolist())):
        r = _narrow(x, y, flags)
        if r.shape[0]:
            recs.append(r)
            owners.append(np.full(r.shape[0], p, dtype=np.int32))
    if not recs:
        return np.zeros((0, L.CR), dtype=STORE.slots.real.dtype), np.zeros(0, dtype=np.int32)
    return np.concatenate(recs), np.concatenate(owners)


def _any_callback_mesh(a: np.ndarray, b: np.ndarray) -> bool:
    """True when a pair involves a trimesh with callbacks (those pairs take the per-pair path)."""
    slots = np.fromiter(CALLBACK_MESHES.keys(), dtype=np.int64)
    return bool(np.isin(a, slots).any() or np.isin(b, slots).any())


def _connected_keys(world, nb: int) -> np.ndarray:
    """Sorted keys b1 * nb + b2 (both orders) of body pairs joined by a live non-contact joint."""
    j = world._state.joints
    ji = j.ints[:j.count]
    live = (ji[:, L.JI_ALIVE] != 0) & (ji[:, L.JI_TYPE] != L.JT_CONTACT) & (ji[:, L.JI_B1] >= 0) \
        & (ji[:, L.JI_B2] >= 0)
    b1 = ji[live, L.JI_B1].astype(np.int64)
    b2 = ji[live, L.JI_B2].astype(np.int64)
    return np.unique(np.concatenate([b1 * nb + b2, b2 * nb + b1]))


def _body_slots(world, slots: np.ndarray) -> np.ndarray:
    """Body slot in ``world`` of each geom row, -1 for none; geoms on another world's body give -2."""
    key = STORE.bodykey[slots]
    wn = STORE.world_number(world)
    out = np.where(key < 0, -1, key & 0xFFFFFFFF).astype(np.int64)
    other = (key >= 0) & ((key >> 32) != wn)
    out[other] = -2
    return out


class _NativeContacts:
    """The contact joints of one collide_contacts call, as a JointGroup member (released together)."""

    def __init__(self, world, rows: np.ndarray) -> None:
        self._world = world
        self._rows = rows
        k = rows.shape[0]
        gen = world._state.joints.generation
        self._range = k > 0 and int(rows[k - 1]) - int(rows[0]) == k - 1   # rows[0] .. rows[0] + k - 1
        if self._range:
            self._gens = gen[int(rows[0]):int(rows[0]) + k]
        else:
            self._gens = [gen[r] for r in rows.tolist()]
        self._slot = int(rows[0]) if k else -1
        self._group = None

    def _release(self) -> None:
        """Free every row still holding this batch's joints (a freed row's generation has moved on): the
        whole range at once when none was freed separately."""
        j = self._world._state.joints
        gen = j.generation
        self._slot = -1
        if self._range:
            start = int(self._rows[0])
            stop = start + len(self._gens)
            if gen[start:stop] == self._gens:
                j.release_range(start, stop)
                return
        _release_rows(j, [r for r, g in zip(self._rows.tolist(), self._gens) if gen[r] == g])


def _surface(contact) -> tuple:
    """(mode, fdir1 (3), the 14 surface values in J_C_MU order) of a template Contact, the values as
    arrays of the real type (a value the type cannot hold becomes inf, as a numpy store)."""
    c = contact if contact is not None else Contact()
    surface = (c.mu, c.mu2, 0.0, 0.0, 0.0, c.bounce, c.bounce_vel, c.soft_erp, c.soft_cfm, c.motion1,
               c.motion2, c.motionN, c.slip1, c.slip2)
    return int(c.mode), np.array(c.fdir1, dtype=_backend.REAL), np.array(surface, dtype=_backend.REAL)


def collide_contacts(space, world, group, contact=None, max_contacts: int = 4,
                     skip_connected: bool = True, bits: bool = True, special=None,
                     callback: NearCallback | None = None,
                     data=None) -> int:
    """Collide a whole space hierarchy and create the contact joints in ``group``; returns their number.

    What a PyODE near-callback usually does, as options: ``contact`` is the template whose surface
    parameters (mode, mu, bounce, ...) every joint gets (default: ode.Contact()); ``max_contacts`` caps
    the contacts per geom pair; ``skip_connected`` skips bodies already joined by a non-contact joint;
    pairs of two static geoms (no body) make no joint; ``bits`` applies the category/collide bitfield
    test of the manual (False: pairs are made whatever the bits). Disabled geoms and same-body pairs are
    always left out by the broad phase. Sub-spaces are entered recursively, each pair once. The joints are
    the same, in the same order, as ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody()) per
    contact.

    Special cases stay in Python: with ``special`` (geoms) and ``callback``, every candidate pair that
    involves one of those geoms is left out of the native work and handed, after it, to
    ``callback(data, geom1, geom2)`` as to a PyODE near-callback (bits and bodies unfiltered, as there).
    """
    if not isinstance(space, SpaceBase):
        raise TypeError(f"space must be an ode space, not {type(space).__name__}")
    if not isinstance(world, World):
        raise TypeError(f"world must be an ode.World, not {type(world).__name__}")
    if not isinstance(group, JointGroup):
        raise TypeError(f"group must be an ode.JointGroup, not {type(group).__name__}")
    if group._destroyed:
        raise ODEError("this joint group has been destroyed")
    if contact is not None and not isinstance(contact, Contact):
        raise TypeError(f"contact must be an ode.Contact or None, not {type(contact).__name__}")
    use_bits = _check.flag("bits", bits)
    n = _max_contacts(max_contacts)
    hand = _special_slots(special, callback)
    by_hand: list = []
    with world._state.lock, STORE.lock:     # lock order: the world's, then the geom store's
        space._live_slot()
        prepare(space)
        a, b = leaf_pairs(space, use_bits)
        if hand is not None and a.shape[0]:
            a, b, by_hand = _split_special(a, b, hand)
        made = _native_contacts(world, group, contact, n, skip_connected, space, a, b)
    if by_hand:                             # the Python callback runs with no lock held
        _call_special(by_hand, callback, data)
    return made


def _special_slots(special, callback):
    """The slots of the ``special`` geoms as an int array (None without special cases); checks both."""
    if special is None and callback is None:
        return None
    if not callable(callback):
        raise TypeError("callback must be callable as callback(data, geom1, geom2) when special is given")
    if special is None:
        raise TypeError("callback needs special: the geoms whose pairs go to it")
    geoms = list(special)
    for g in geoms:
        if not isinstance(g, GeomObject) or isinstance(g, SpaceBase):
            raise TypeError(f"special must hold geoms, not {type(g).__name__}")
        g._live_slot()
    return np.array([g._slot for g in geoms], dtype=np.intp)


def _split_special(a, b, hand) -> tuple:
    """(a, b) without the pairs touching a special slot, and those pairs as geom objects, in pass order."""
    mark = np.isin(a, hand) | np.isin(b, hand)
    if not mark.any():
        return a, b, []
    objs = STORE.objects
    by_hand = [(objs[i], objs[j]) for i, j in zip(a[mark].tolist(), b[mark].tolist())]
    return a[~mark], b[~mark], by_hand


def _call_special(pairs, callback, data) -> None:
    """Hand each special pair (both geoms still alive) to the Python callback."""
    for g1, g2 in pairs:
        if g1._slot >= 0 and g2._slot >= 0:
            callback(data, g1, g2)


def _contacts_kernel():
    """The batch kernel module (``contacts``) of the process's backend."""
    k = _CONTACTS.get(_backend.backend)
    if k is None:
        k = _CONTACTS[_backend.backend] = _backend.kernel("contacts")
    return k


_CONTACTS: dict = {}


def _batch(st):
    """The world's grow-only contact buffers (made on first use; the world's lock is held)."""
    ws = st.__dict__.get("contact_batch")
    if ws is None:
        ws = st.contact_batch = _contacts_kernel().Batch()
    return ws


def _narrow_rows(space, a: np.ndarray, b: np.ndarray) -> tuple:
    """(na, nb, flip) for the pairs (a, b): the rows the narrow phase reads (a transform's helper record,
    -1 for an empty one) and where the normals are flipped (None for none): as collide(), a pair whose
    second geom is a transform collides (transform, geom 1)."""
    if not _collect(space)[1]:
        return a, b, None
    na, nb = _narrow_slots(a).astype(np.int32), _narrow_slots(b).astype(np.int32)
    flip = STORE.slots.ints[b, L.GI_CLASS] == L.GC_TRANSFORM
    if not flip.any():
        return na, nb, None
    return np.where(flip, nb, na).astype(np.int32), np.where(flip, na, nb).astype(np.int32), flip


def _native_contacts(world, group, contact, n, skip_connected, space, a, b) -> int:
    """collide_contacts' native part on the candidate pairs (a, b): filter, narrow phase and joint rows
    in two kernel calls (the per-pair path when a pair needs Python: trimesh callbacks, overrides)."""
    if a.shape[0] == 0:
        return 0
    st = world._state
    j = st.joints
    ws = _batch(st)
    a = a if a.dtype == np.int32 else a.astype(np.int32)
    b = b if b.dtype == np.int32 else b.astype(np.int32)
    na, nb, flip = _narrow_rows(space, a, b)
    if _needs_python(na, nb):
        k = _per_pair_contacts(world, ws, n, skip_connected, a, b, na, nb, flip)
    else:
        gs = STORE.slots
        k = _contacts_kernel().collide_batch(ws, gs.real, gs.ints, a, b, na, nb, flip, n, STORE.bodykey,
                                             STORE.world_number(world), j.ints, j.count, skip_connected)
    if k:
        _write_joints(world, group, ws, _surface(contact))
    return k


def _needs_python(na: np.ndarray, nb: np.ndarray) -> bool:
    """True when a pair's narrow phase needs Python (a trimesh with callbacks, collider overrides, geom
    classes written in Python): the batch then takes the per-pair path."""
    return bool(OVERRIDES or PY_AABB or CALLBACK_MESHES and _any_callback_mesh(na, nb))


def _per_pair_contacts(world, ws, n, skip_connected, a, b, na, nb, flip) -> int:
    """collide_batch's work with the narrow phase through ``_narrow`` per pair (trimesh callbacks,
    collider overrides, Python geom classes): the same filter, in numpy; the contacts go to ``ws``."""
    m = a.shape[0]
    both_slots = _body_slots(world, np.concatenate((a, b)))
    ba, bb = both_slots[:m], both_slots[m:]
    keep = ((ba >= 0) | (bb >= 0)) & (ba != -2) & (bb != -2)
    if skip_connected:
        both = (ba >= 0) & (bb >= 0)
        if both.any():                     # only pairs of two bodies can be connected by a joint
            nbod = max(world._state.bodies.count, 1)
            conn = _connected_keys(world, nbod)
            if conn.shape[0]:
                keep &= ~(both & np.isin(np.where(both, ba * nbod + bb, -1), conn))
    keep &= (na >= 0) & (nb >= 0)
    na, nb, ba, bb = na[keep], nb[keep], ba[keep], bb[keep]
    recs, owner = _narrow_many(na, nb, n)
    if flip is not None and recs.shape[0]:
        recs[flip[keep][owner], L.C_NORMAL:L.C_NORMAL + 3] *= -1
    ws.load(recs, ba[owner], bb[owner])
    return recs.shape[0]


def _write_joints(world, group, ws, surface) -> None:
    """Create the batch's contact joint rows (as ContactJoint + attach would, taken as Slots.allocate
    would: lowest free first) and enter them in ``group`` as one _NativeContacts member per joint."""
    mode, fdir1, values = surface
    j = world._state.joints
    k = ws.count
    rows = j.take_rows(k)
    _contacts_kernel().write_rows(ws, j.real, j.ints, rows, mode, fdir1, values)
    batch = _NativeContacts(world, rows)
    batch._group = group
    group._joints.extend([batch] * k)
    st = world._state
    last = st.last_group                  # WorldState.note_group, its usual case inlined (no call)
    if last is None or last() is not group:
        st.note_group(group)


bind_pipeline(collide_contacts)
