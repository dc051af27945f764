"""Pickling and deep copies of worlds, bodies, joints, groups, contacts, geoms, spaces and mesh data.

Every handle class gets a reduce function here (``_handle.bind_reducer``), so ``pickle`` and
``copy.deepcopy`` rebuild the state behind the handles: a world's rows (as ``ode.snapshot`` saves them),
geom records, space lists and mesh data, as NumPy arrays and Python values (no compiled object is pickled,
so a pickle written under one backend loads under the other, in the same precision). Each object's reduce
refers to the objects it belongs to (a body to its world, a joint to its world, bodies and group, a geom to
its body and space, a space to its parent and geoms, a contact to its geoms), so the pickle memo links the
loaded objects as the originals were, and an object pickled alone brings those along.

What loads exactly as it was: the world's rows, parameters, row allocator (handles keep their slots and
generations), auto-disable state and joint groups; each space's list order and dirty/clean state, the SAP
space's sort state, the quadtree space's blocks and lists, geoms' records, attachment order and offsets; so
stepping and colliding a loaded world continue bit for bit. Attributes users set on bodies, joints, geoms,
groups, contacts and mesh data (their ``__dict__``) and ``setData`` objects are pickled with them (they must
pickle themselves).

What is refused with TypeError (callbacks are code, not state): bodies with a moved callback, trimeshes with
triangle / array / ray callbacks, heightfield data built on a callback (``buildCallback``,
``build_callback``), geoms of classes made with ``createGeomClass``. Collider overrides
(``setColliderOverride``) are process settings and are not pickled. A loaded world brings the dRand seed
of its pickling time without setting it: ``ode.loads`` sets it (see ``loads``), ``pickle.loads`` leaves the
process's seed alone.
"""

from __future__ import annotations

import pickle
import threading
from typing import Any

import numpy as np

from . import _backend, rand
from . import _layout as L
from ._handle import bind_reducer
from .body import Body
from .errors import ODEError
from .geoms import STORE, GeomObject, GeomTransform
from .joints import Contact, Joint, JointGroup
from .joints.joint import _param_mask
from .meshes import GeomConvex, GeomHeightfield, GeomTriMesh, HeightfieldData, TriMeshData, _kernel, _SideData
from .snapshot import check_slots, load_slots, save_slots
from .spaces import _TREE, SAPSpace, SpaceBase
from .user_geoms import GeomUser
from .world import World

_H = _backend.kernel("handles")
_GH = _backend.kernel("geom_handles")


# ---------------------------------------------------------------- shared helpers


def _alive(obj) -> bool:
    """True while the handle's row is live."""
    try:
        obj._live_slot()
    except ODEError:
        return False
    return True


def _user_dict(obj, base, skip=()) -> dict:
    """The object's own attributes (``__dict__``) without the handle fields of its base type (the twin
    keeps those in ``__dict__``, the compiled type in C) and without ``skip``."""
    return {k: v for k, v in vars(obj).items() if not hasattr(base, k) and k not in skip}


def _set_dict(obj, payload: dict) -> None:
    """State setter of objects whose payload is their attributes."""
    obj.__dict__.update(payload)


def _load_dead(cls):
    """A destroyed handle: its methods raise ODEError, as the original's did."""
    obj = cls.__new__(cls)
    obj._slot = -1
    return obj


def _set_dead(obj, p: dict) -> None:
    """A destroyed body's or joint's world (its methods look there before they find the row gone)."""
    if p["world"] is not None:
        obj._world = p["world"]
    obj.__dict__.update(p["dict"])


def _dead(obj, base):
    """The reduce tuple of a destroyed handle."""
    payload = {"world": getattr(obj, "_world", None), "dict": _user_dict(obj, base, ("_slot",))}
    return (_load_dead, (type(obj),), (_set_dead, payload))


def _refuse(obj, what: str, callback) -> None:
    """TypeError naming a callback that a pickle or deep copy would have to drop."""
    raise TypeError(f"{obj!r} has a {what} ({callback!r}): callbacks cannot be pickled or deep-copied "
                    "(remove it first, and set it again after loading)")


def _check_precision(arr, what: str) -> None:
    """ValueError when a saved real array is not of this process's precision."""
    if arr.dtype != _backend.REAL:
        raise ValueError(f"the pickled {what} is {arr.dtype}, this process computes in "
                         f"{np.dtype(_backend.REAL)} (ODE_PRECISION): precision cannot change")


class _Loading(threading.local):
    """The dRand seeds of the worlds loaded by the running ``loads`` of this thread (None outside one)."""

    def __init__(self) -> None:
        self.seeds = None


_LOADING = _Loading()


# ---------------------------------------------------------------- worlds


def _reduce_world(w):
    st = w._state
    with st.lock:
        blob = {"wreal": st.wreal.copy(), "bodies": save_slots(st.bodies), "joints": save_slots(st.joints),
                "samples": None if w._samples is None else w._samples.copy(), "seed": rand.randGetSeed()}
        joints = dict(st.joint_objects)
        joints.update(w._loose_joints())
        payload = {"bodies": dict(st.body_objects), "joints": joints, "data": w._data,
                   "threads": w.getStepIslandsProcessingMaxThreadCount(),
                   "dict": _user_dict(w, _H.WorldBase, ("_state", "_samples", "_data", "_arrays_order"))}
    return (_load_world, (type(w), blob), (_set_world, payload))


def _load_world(cls, blob: dict):
    """A world holding the pickled rows (its bodies and joints are loaded next, as their own objects)."""
    check_slots(blob["bodies"], "body")
    check_slots(blob["joints"], "joint")
    _check_precision(blob["wreal"], "world")
    w = cls.__new__(cls)
    World.__init__(w)
    st = w._state
    load_slots(st.bodies, blob["bodies"])
    load_slots(st.joints, blob["joints"])
    np.copyto(st.wreal, blob["wreal"])
    w._samples = blob["samples"]
    w._moved_epoch = -1
    if _LOADING.seeds is not None:
        _LOADING.seeds.append(blob["seed"])
    return w


def _set_world(w, p: dict) -> None:
    st = w._state
    w.__dict__.update(p["dict"])
    w._data = p["data"]
    w.setStepIslandsProcessingMaxThreadCount(p["threads"])
    st.body_objects.clear()
    st.body_objects.update(p["bodies"])
    st.joint_objects.clear()
    st.joint_objects.update(p["joints"])


# ---------------------------------------------------------------- bodies


def _reduce_body(b):
    if not _alive(b):
        return _dead(b, _H.BodyBase)
    if b._moved_callback is not None:
        _refuse(b, "moved callback", b._moved_callback)
    return (_load_body, (type(b), b._world, b._slot, b._gen), (_set_dict, _user_dict(b, _H.BodyBase)))


def _load_body(cls, world, slot: int, gen: int):
    """The body of ``world`` in row ``slot`` (generation ``gen``): the one already loaded, else a new handle.
    (A deep copy reconstructs a body after its arguments, whose world may have loaded it already.)"""
    st = world._state
    b = st.body_objects.get(slot)
    if b is not None and b._gen == gen:
        return b
    b = cls.__new__(cls)
    b._world = world
    b._rows = st.bodies
    b._slot = slot
    b._gen = gen
    b._moved_epoch = -1
    b._data = None
    b._moved_callback = None
    st.body_objects[slot] = b
    return b


# ---------------------------------------------------------------- joints, groups, contacts


def _reduce_joint(j):
    if not _alive(j):
        return _dead(j, _H.JointBase)
    payload = {"bodies": j._bodies, "group": j._group, "data": j._data, "normal": j._normal,
               "dict": _user_dict(j, _H.JointBase)}
    return (_load_joint, (type(j), j._world, j._slot, j._gen), (_set_joint, payload))


def _load_joint(cls, world, slot: int, gen: int):
    """The joint of ``world`` in row ``slot`` (generation ``gen``): the one already loaded, else a new handle
    with its class's parameter table."""
    st = world._state
    j = st.joint_objects.get(slot)
    if j is not None and j._gen == gen:
        return j
    j = _H.JointBase.__new__(cls)        # ContactJoint's __new__ is JointBase's (it adds no C fields)
    j._world = world
    j._rows = st.joints
    j._body_rows = st.bodies
    j._slot = slot
    j._gen = gen
    j._bodies = (None, None)
    j._group = None
    j._data = None
    if cls._groups:
        j._set_param_table(cls._groups, _param_mask(cls))
    st.joint_objects[slot] = j
    return j


def _set_joint(j, p: dict) -> None:
    j._bodies = p["bodies"]
    j._group = p["group"]
    j._data = p["data"]
    if p["normal"] is not None:
        j._normal = p["normal"]
    j.__dict__.update(p["dict"])


def _reduce_group(g):
    payload = {"joints": list(g._joints), "destroyed": bool(g._destroyed),
               "dict": _user_dict(g, _H.JointGroupBase)}
    return (_load_group, (type(g),), (_set_group, payload))


def _load_group(cls):
    g = cls.__new__(cls)
    g._joints = []
    g._destroyed = False
    return g


def _set_group(g, p: dict) -> None:
    """The group's members in their order; the worlds of its members learn of it (for their snapshots)."""
    g._joints = list(p["joints"])
    g._destroyed = p["destroyed"]
    g.__dict__.update(p["dict"])
    for m in g._joints:
        w = getattr(m, "_world", None)
        if w is not None:
            w._state.note_group(g)


_CONTACT_FIELDS = ("mode", "mu", "mu2", "bounce", "bounce_vel", "soft_erp", "soft_cfm", "motion1", "motion2",
                   "motionN", "slip1", "slip2", "fdir1")


def _reduce_contact(c):
    pos, normal, depth, _, _ = c.getContactGeomParams()
    payload = {"fields": {f: getattr(c, f) for f in _CONTACT_FIELDS}, "geom": (pos, normal, depth),
               "g1": c.g1, "g2": c.g2, "dict": _user_dict(c, _H.ContactBase)}
    return (_load_plain, (type(c),), (_set_contact, payload))


def _load_plain(cls):
    """An object made by its class's constructor without arguments (its state is set next)."""
    return cls()


def _set_contact(c, p: dict) -> None:
    for name, value in p["fields"].items():
        setattr(c, name, value)
    c.setContactGeomParams(*p["geom"])
    c.g1, c.g2 = p["g1"], p["g2"]
    c.__dict__.update(p["dict"])


# ---------------------------------------------------------------- geoms and spaces

_GEOM_SKIP = {
    GeomTransform: ("_shadow", "_made"),
    GeomConvex: ("_data_obj",),
    SpaceBase: ("_pcache", "_tree", "_kids", "_info", "_gpos"),
}


def _geom_skip(cls) -> tuple:
    """The process-local attributes of a geom class (rebuilt on loading, never pickled)."""
    out: tuple = ()
    for klass, names in _GEOM_SKIP.items():
        if issubclass(cls, klass):
            out += names
    return out


def _refuse_geom_callbacks(g) -> None:
    """TypeError for geoms whose behaviour is user code (see the module docstring)."""
    if isinstance(g, GeomUser):
        _refuse(g, "geom class made by createGeomClass, whose AABB and colliders are", g._user_class)
    if isinstance(g, GeomTriMesh):
        for what, cb in (("triangle callback", g._tri_cb), ("array callback", g._array_cb),
                         ("ray callback", g._ray_cb)):
            if cb is not None:
                _refuse(g, what, cb)


def _reduce_geom(g):
    if not _alive(g):
        return _dead(g, _GH.GeomBase)
    _refuse_geom_callbacks(g)
    with STORE.lock:
        s = g._slot
        body = g._body
        if body is not None and not _alive(body):
            body = None
        rec = {"real": STORE.slots.real[s].copy(), "ints": STORE.slots.ints[s].copy(),
               "cat": int(STORE.cat[s]), "col": int(STORE.col[s]), "placeable": bool(g._placeable)}
        payload = {"body": body, "serial": int(STORE.serial[s]), "space": g._space}
        if isinstance(g, SpaceBase):
            members = g._children            # brings the list order up to date first
            payload["stamps"] = [int(STORE.stamp[m._slot]) for m in members]
            payload["dirty"] = s in STORE.dirty
        payload["dict"] = _user_dict(g, _GH.GeomBase, _geom_skip(type(g)))
    return (_load_geom, (type(g), rec), (_set_geom, payload))


def _load_geom(cls, rec: dict):
    """A geom with a fresh record in the store holding the pickled one (links to bodies, spaces and side
    data are set by ``_set_geom``)."""
    _check_precision(rec["real"], "geom record")
    g = cls.__new__(cls)
    if rec["placeable"] != cls._placeable:
        g._placeable = rec["placeable"]
    with STORE.lock:
        slot = STORE.allocate()
        ints = rec["ints"].copy()
        ints[L.GI_BODY] = ints[L.GI_SPACE] = ints[L.GI_DATA] = -1
        STORE.slots.real[slot] = rec["real"]
        STORE.slots.ints[slot] = ints
        STORE.cat[slot] = rec["cat"]
        STORE.col[slot] = rec["col"]
        g._bind_row(STORE.slots, slot, STORE.slots.generation[slot])
        g._body = None
        g._space = None
        STORE.objects[slot] = g
    return g


def _set_geom(g, p: dict) -> None:
    g.__dict__.update(p["dict"])
    with STORE.lock:
        for klass, hook in _AFTER_LOAD.items():
            if isinstance(g, klass):
                hook(g, p)
        body = p["body"]
        if body is not None:
            _attach(g, body, p["serial"])


def _attach(g, body, serial: int) -> None:
    """Attach a loaded geom to its body with its pickled attachment time (a body's geoms are kept the last
    attached first, which orders their moves)."""
    s = g._slot
    STORE.attach(s, body)
    g._body = body
    STORE.serial[s] = serial
    STORE.clock = max(STORE.clock, serial)
    kin = STORE.body_geoms[int(STORE.bodykey[s])]
    kin.sort(key=lambda row: -int(STORE.serial[row]))


def _after_transform(g, p: dict) -> None:
    g._made = False
    g._shadow = -1
    inner = g._geom
    if inner is not None:
        STORE.slots.ints[g._slot, L.GI_DATA] = inner._slot
        g._shadow = STORE.allocate()


def _after_trimesh(g, p: dict) -> None:
    STORE.slots.ints[g._slot, L.GI_DATA] = g._tmdata._id
    g._tmdata._geoms.add(g)


def _after_convex(g, p: dict) -> None:
    g._data_obj = _SideData()
    g._data_obj._adopt(_kernel().register_convex, g._planes, g._points, g._polys)
    STORE.slots.ints[g._slot, L.GI_DATA] = g._data_obj._id
    g._data_obj._geoms.add(g)


def _after_heightfield(g, p: dict) -> None:
    STORE.slots.ints[g._slot, L.GI_DATA] = g._hfdata._id
    g._hfdata._geoms.add(g)
    g._track_dynamic()


def _after_space(sp, p: dict) -> None:
    """The space's geoms enter it in their pickled list order, with their dirty stamps."""
    sp._pcache = sp._tree = sp._kids = sp._info = None
    if isinstance(sp, SAPSpace):
        sp._gpos = {m._slot: k for k, m in enumerate(sp._glist)}
    for m, stamp in zip(sp._members, p["stamps"]):
        m._space = sp
        STORE.slots.ints[m._slot, L.GI_SPACE] = sp._slot
        STORE.stamp[m._slot] = stamp
        STORE.clock = max(STORE.clock, stamp)
    if p["dirty"]:
        STORE.dirty.add(sp._slot)
    STORE.members += 1
    _TREE["version"] += 1


_AFTER_LOAD = {GeomTransform: _after_transform, GeomTriMesh: _after_trimesh, GeomConvex: _after_convex,
               GeomHeightfield: _after_heightfield, SpaceBase: _after_space}


# ---------------------------------------------------------------- mesh data


def _reduce_trimesh_data(d):
    payload = {"arrays": (d._verts, d._faces, d._normals) if d._id >= 0 else None,
               "dict": _user_dict(d, _SideData, ("_id", "_module", "_geoms", "_verts", "_faces", "_normals"))}
    return (_load_plain, (type(d),), (_set_trimesh_data, payload))


def _set_trimesh_data(d, p: dict) -> None:
    d.__dict__.update(p["dict"])
    if p["arrays"] is not None:
        d.build(*p["arrays"])


def _reduce_heightfield_data(d):
    if d._callback is not None:
        _refuse(d, "height callback (buildCallback)", d._callback)
    skip = ("_id", "_module", "_geoms", "_raw", "_params", "_bounds", "_callback")
    payload = {"raw": d._raw, "params": d._params, "bounds": d._bounds,
               "dict": _user_dict(d, _SideData, skip)}
    return (_load_plain, (type(d),), (_set_heightfield_data, payload))


def _set_heightfield_data(d, p: dict) -> None:
    d.__dict__.update(p["dict"])
    d._raw = None if p["raw"] is None else p["raw"].copy()
    d._params = p["params"]
    d._bounds = p["bounds"]
    if d._params is not None:
        d._register()


# ---------------------------------------------------------------- helpers for users


def dumps(obj: object, protocol: int = pickle.HIGHEST_PROTOCOL) -> bytes:
    """``pickle.dumps(obj, protocol)``: worlds, bodies, joints, geoms, spaces... (see ``ode.pickling``)."""
    return pickle.dumps(obj, protocol)


def loads(data: bytes, restore_seed: bool = True) -> Any:
    """``pickle.loads(data)``, then (with ``restore_seed``) the process-wide dRand seed set to the one the
    last loaded world was pickled with, so quickStep continues as the original would have. ``pickle.loads``
    alone leaves the seed as it is (the seed is process-wide, as in libode: loading data should not change
    other worlds' runs silently)."""
    outer = _LOADING.seeds
    _LOADING.seeds = []
    try:
        obj = pickle.loads(data)
        seeds = _LOADING.seeds
    finally:
        _LOADING.seeds = outer
    if restore_seed and seeds:
        rand.randSetSeed(seeds[-1])
    return obj


for _cls, _reduce in ((World, _reduce_world), (Body, _reduce_body), (Joint, _reduce_joint),
                      (JointGroup, _reduce_group), (Contact, _reduce_contact), (GeomObject, _reduce_geom),
                      (TriMeshData, _reduce_trimesh_data), (HeightfieldData, _reduce_heightfield_data)):
    bind_reducer(_cls, _reduce)
