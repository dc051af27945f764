"""World snapshots: the complete dynamic state of a world, saved by ``world.getState()`` and restored in
place by ``world.setState(state)``.

A snapshot covers the world: every body and joint row (``WorldState.bodies`` / ``joints``: real and int
rows, ``count``, the per-row ``generation`` and so the free rows, which are the rows below ``count`` of odd
generation), the world parameters (``wreal``), the auto-disable sample buffer, the joints' internal state
(limit states, hinge-2 suspension, AMotor Euler references, feedback, contact rows: all of it lives in the
joint rows), which joints each JointGroup holds, and the process-wide dRand seed (``ode.rand``) at
``getState``. Restoring makes the same body and joint objects current again, so stepping on gives the same
numbers, bit for bit, as never having left the saved point.

Geoms belong to no world (as in ODE). ``getState(spaces)`` also saves the given spaces (and the spaces inside
them): their geoms' list order and dirty/clean state, a quadtree's blocks and block lists (libode's pair order
follows them, see docs/architecture.md), and their geoms' records (poses of free geoms, AABBs, enabled flags,
bits). Without it, ``setState`` marks every geom of the world's bodies as moved, so collisions see the
restored poses but pairs may come in another order than they would have.

What ``setState`` refuses (ValueError, nothing changed): a snapshot of another world, one whose live bodies
or whose joints outside joint groups are not the world's current ones (a body or joint created or
destroyed since), one of the other precision, or one of spaces whose geoms changed. Joints inside groups
(contact joints) are restored, whatever happened to them since: those of the snapshot are live again, those
created since are destroyed.
"""

from __future__ import annotations

import numpy as np

from . import _backend, rand
from . import _layout as L
from . import geoms as _g
from .geoms import STORE, GeomTransform
from .spaces import _TREE, QuadTreeSpace, SAPSpace, SpaceBase
from .world import bind_snapshots

# ---------------------------------------------------------------- rows and their allocator


def save_slots(slots) -> tuple:
    """(real, ints, count, generation) of a ``Slots``: copies of the whole arrays, the row count and the
    generation of every row ever used (the free rows are those below count with an odd generation)."""
    return slots.real.copy(), slots.ints.copy(), int(slots.count), list(slots.generation)


def load_slots(slots, saved: tuple) -> None:
    """Make ``slots`` hold exactly what ``save_slots`` saved: arrays, count, generations and the heap of free
    rows (rebuilt by releasing each free row, lowest first, as the allocator would have)."""
    real, ints, count, generation = saved
    with slots.lock:
        if slots._free:                 # empty the heap: with count 0 every entry is stale and is dropped
            slots.count = 0
            slots.take()
        slots.real = real.copy()
        slots.ints = ints.copy()
        free = [s for s in range(count) if generation[s] & 1]
        gen = list(generation)
        for s in free:
            gen[s] -= 1                 # live for a moment: release bumps it back and pushes the row
        slots.generation[:] = gen
        slots.count = count
        for s in free:
            slots.release(s)
        np.copyto(slots.real, real)     # release zeroed the free rows: put back their saved bytes
        np.copyto(slots.ints, ints)


def check_slots(saved: tuple, name: str) -> None:
    """ValueError when saved rows are not of this process's precision or layout."""
    real, ints = saved[0], saved[1]
    if real.dtype != _backend.REAL or ints.dtype != _backend.INT:
        raise ValueError(f"the saved {name} rows are {real.dtype}, this process computes in "
                         f"{np.dtype(_backend.REAL)} (ODE_PRECISION): precision cannot change")
    width = (L.BR, L.BI) if name == "body" else (L.JR, L.JI)
    if real.ndim != 2 or (real.shape[1], ints.shape[1]) != width or real.shape[0] != ints.shape[0]:
        raise ValueError(f"the saved {name} rows do not have this version's layout")


# ---------------------------------------------------------------- joint groups


def world_groups(world) -> list:
    """The joint groups holding joints of ``world``: those of its joint objects, and those given native
    contact joints (``WorldState.groups``), in a stable order."""
    st = world._state
    out: dict = {}
    for j in st.joint_objects.values():
        g = j._group
        if g is not None:
            out.setdefault(id(g), g)
    for g in list(st.groups):
        out.setdefault(id(g), g)
    return list(out.values())


def _member_link(m) -> tuple:
    """(member, slot, bodies, group) of a group member or joint: the Python side of its handle."""
    return m, m._slot, getattr(m, "_bodies", None), m._group


def _restore_link(link: tuple) -> None:
    """Put back what ``_member_link`` saved."""
    m, slot, bodies, group = link
    m._slot = slot
    if bodies is not None:
        m._bodies = bodies
    m._group = group


# ---------------------------------------------------------------- spaces


def _space_tree(spaces) -> list:
    """The given spaces and every space inside them, each once, parents first."""
    out: dict = {}
    todo = list(spaces)
    while todo:
        s = todo.pop(0)
        if not isinstance(s, SpaceBase):
            raise TypeError(f"spaces must hold ode spaces, not {type(s).__name__}")
        s._live_slot()
        if id(s) in out:
            continue
        out[id(s)] = s
        todo.extend(g for g in s._children if isinstance(g, SpaceBase))
    return list(out.values())


def save_space(space) -> dict:
    """A space's list order and dirty state, and its geoms' records (see the module docstring)."""
    members = list(space._children)         # brings the list order up to date first
    rows = np.array([g._slot for g in members], dtype=np.intp)
    saved = {"space": space, "members": members, "bodies": [g._body for g in members],
             "stamp": STORE.stamp[rows].copy(),
             "dirty": space._slot in STORE.dirty, "real": STORE.slots.real[rows].copy(),
             "enabled": STORE.slots.ints[rows, L.GI_ENABLED].copy(), "cat": STORE.cat[rows].copy(),
             "col": STORE.col[rows].copy()}
    if isinstance(space, SAPSpace):
        saved["sap"] = (list(space._glist), list(space._dlist), space._sort_state.copy())
    if isinstance(space, QuadTreeSpace):
        saved["quadtree"] = space._place.copy()
    return saved


def _check_space(saved: dict) -> None:
    """ValueError when the space was destroyed or its geoms (or their bodies) changed since it was saved."""
    space = saved["space"]
    try:
        space._live_slot()
        for g in saved["members"]:
            g._live_slot()
    except Exception as exc:
        raise ValueError(f"{space!r} or one of its geoms was destroyed since the snapshot") from exc
    now = space._children
    if len(now) != len(saved["members"]) or {id(g) for g in now} != {id(g) for g in saved["members"]}:
        raise ValueError(f"the geoms of {space!r} changed since the snapshot")
    if any(g._body is not b for g, b in zip(saved["members"], saved["bodies"])):
        raise ValueError(f"a geom of {space!r} was attached to another body since the snapshot")


def load_space(saved: dict) -> None:
    """Put back a space's list order, dirty state and its geoms' records."""
    space, members = saved["space"], saved["members"]
    rows = np.array([g._slot for g in members], dtype=np.intp)
    STORE.stamp[rows] = saved["stamp"]
    if rows.shape[0]:
        STORE.clock = max(STORE.clock, int(saved["stamp"].max()))
    STORE.slots.real[rows] = saved["real"]
    STORE.slots.ints[rows, L.GI_ENABLED] = saved["enabled"]
    STORE.cat[rows] = saved["cat"]
    STORE.col[rows] = saved["col"]
    space._members = list(members)
    if "sap" in saved:
        glist, dlist, sort_state = saved["sap"]
        space._glist, space._dlist = list(glist), list(dlist)
        space._gpos = {g._slot: k for k, g in enumerate(space._glist)}
        space._sort_state = sort_state.copy()
        STORE.sap_events.pop(space._slot, None)
    if "quadtree" in saved:
        space._place = saved["quadtree"].copy()
    STORE.unsorted.discard(space._slot)
    if saved["dirty"]:
        STORE.dirty.add(space._slot)
    else:
        STORE.dirty.discard(space._slot)
    for g in members:
        if isinstance(g, GeomTransform):
            g._made = False
    space._kids = space._info = space._tree = None


# ---------------------------------------------------------------- the snapshot


class WorldSnapshot:
    """The complete dynamic state of one world at ``world.getState()`` (see ``ode.snapshot``).

    ``world`` is the world it was taken of, ``seed`` the dRand seed at that time (``setState`` restores it;
    ``ode.randSetSeed(state.seed)`` does it alone). A snapshot holds copies of the rows and references to
    the world's objects; it pickles together with them.
    """

    def __init__(self, world, spaces=()) -> None:
        st = world._state
        with st.lock, STORE.lock:
            self.world = world
            self.seed = rand.randGetSeed()
            self._wreal = st.wreal.copy()
            self._bodies = save_slots(st.bodies)
            self._joints = save_slots(st.joints)
            self._samples = None if world._samples is None else world._samples.copy()
            self._body_objects = dict(st.body_objects)
            self._joint_objects = dict(st.joint_objects)
            self._free_joints = _free_joints(self._joint_objects)
            self._groups = [(g, list(g._joints)) for g in world_groups(world)]
            members = {id(m): m for _, ms in self._groups for m in ms if getattr(m, "_world", None) is world}
            members.update((id(j), j) for j in self._joint_objects.values())
            self._links = [_member_link(m) for m in members.values()]
            self._spaces = [save_space(s) for s in _space_tree(spaces)]

    def __repr__(self) -> str:
        return (f"<ode.WorldSnapshot of {self.world!r}: {len(self._body_objects)} bodies, "
                f"{len(self._joint_objects)} joint objects, seed {self.seed}>")


def _free_joints(objects: dict) -> dict:
    """slot -> joint of the joints outside joint groups (those a snapshot does not restore)."""
    return {s: j for s, j in objects.items() if j._group is None}


def _same_objects(a: dict, b: dict) -> bool:
    """True when two slot -> object maps name the same objects in the same slots."""
    return a.keys() == b.keys() and all(a[k] is b[k] for k in a)


def check_state(world, state) -> None:
    """TypeError / ValueError when ``state`` cannot be restored into ``world`` (see the module docstring)."""
    if not isinstance(state, WorldSnapshot):
        raise TypeError(f"state must be an ode.WorldSnapshot, not {type(state).__name__}")
    if state.world is not world:
        raise ValueError("state is a snapshot of another world")
    check_slots(state._bodies, "body")
    check_slots(state._joints, "joint")
    st = world._state
    if not _same_objects(state._body_objects, st.body_objects):
        raise ValueError("state does not hold the world's current bodies (a body was created or destroyed "
                         "since the snapshot)")
    if not _same_objects(state._free_joints, _free_joints(st.joint_objects)):
        raise ValueError("state does not hold the world's current joints (a joint outside joint groups was "
                         "created or destroyed since the snapshot)")
    for saved in state._spaces:
        _check_space(saved)


def _retire_current(world, keep: set) -> None:
    """Group members and joints of ``world`` alive now that the snapshot does not hold: their handles are
    stale once the rows are restored, so they read as destroyed and leave their groups."""
    st = world._state
    for j in list(st.joint_objects.values()):
        if id(j) not in keep:
            j._slot = -1
            j._bodies = (None, None)
    for g in world_groups(world):
        for m in g._joints:
            if getattr(m, "_world", None) is world and id(m) not in keep:
                m._slot = -1
                unloose = getattr(m, "_unloose", None)
                if unloose is not None:
                    unloose()
        g._joints = [m for m in g._joints if getattr(m, "_world", None) is not world]


def _find_members(world, members: list) -> None:
    """Let the world find by slot the restored group members it no longer does (contact joints the group
    alone held, retired from it since the snapshot): it keeps them from now on."""
    st = world._state
    for m in members:
        if hasattr(m, "_unloose") and m._world is world and world._joint_object(m._slot) is not m:
            st.joint_objects[m._slot] = m


def set_state(world, state) -> None:
    """World.setState: check, then restore everything ``WorldSnapshot`` saved."""
    check_state(world, state)
    st = world._state
    with st.lock, STORE.lock:
        keep = {id(link[0]) for link in state._links}
        _retire_current(world, keep)
        load_slots(st.bodies, state._bodies)
        load_slots(st.joints, state._joints)
        np.copyto(st.wreal, state._wreal)
        world._samples = None if state._samples is None else state._samples.copy()
        st.joint_objects.clear()
        st.joint_objects.update(state._joint_objects)
        for link in state._links:
            _restore_link(link)
        for g, members in state._groups:
            g._joints = members + [m for m in g._joints if getattr(m, "_world", None) is not world]
            _find_members(world, members)
        rand.randSetSeed(state.seed)
        _tell_moves(world)
        for saved in state._spaces:
            load_space(saved)
        _TREE["version"] += 1


def _tell_moves(world) -> None:
    """After rows were replaced: every geom of the world's bodies has moved (the next collide sees their
    restored poses), and the move bookkeeping of the world and its bodies starts afresh."""
    world._moved_epoch = -1
    for slot in sorted(world._state.body_objects):
        body = world._state.body_objects[slot]
        _g.body_moved(body)
        body._moved_epoch = -1      # restored spaces may make its geoms clean again: tell its next move


def get_state(world, spaces=()) -> WorldSnapshot:
    """World.getState: a WorldSnapshot of ``world`` (and of ``spaces``)."""
    if not isinstance(spaces, (list, tuple)):
        spaces = (spaces,)
    return WorldSnapshot(world, spaces)


bind_snapshots(get_state, set_state)
