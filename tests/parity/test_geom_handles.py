"""The compiled geom base type and fast paths against their twin and the Python paths: same values, same
errors, for good and bad input.

GeomBase of both implementations is driven directly on geom and body rows of this process's precision (each
with its own module's row store), so the test runs whatever ODE_BACKEND says; the compiled side needs the
compiled modules of this precision. The ode.collide and space.collide fast paths are compared with the Python
paths they stand for (``collision._collide_py``, ``SpaceBase._collide_py``) on real geoms.
"""

from __future__ import annotations

import gc
import math
import random
import weakref

import numpy as np
import pytest
from kernels import kernel_pair

import ode
from ode import _layout as L
from ode import _precision, collision
from ode.errors import NotPlaceableError, ODEError
from ode.geoms import STORE
from ode.spaces import SpaceBase

core, twin = kernel_pair("geom_handles")
core_handles, twin_handles = kernel_pair("handles")

REAL = _precision.REAL
MODULES = [(core, core_handles), (twin, twin_handles)]
EXACT = _precision.precision == "double"      # the twin agrees bit for bit in double precision


def _store(handles, real_width: int, int_width: int, n: int = 3):
    """A row store of the handles module's SlotsBase with n live rows (generation 4)."""
    class Rows(handles.SlotsBase):
        pass

    rows = Rows()
    rows.real = np.zeros((n, real_width), dtype=REAL)
    rows.ints = np.zeros((n, int_width), dtype=np.int32)
    rows.generation = [4] * n
    rows.count = n
    return rows


class _Body:
    """What GeomBase reads of a body: its rows and slot (and getQuaternion for attached geoms)."""

    def __init__(self, rows, slot: int) -> None:
        self._rows, self._slot = rows, slot

    def getQuaternion(self):
        return ("body quaternion", self._slot)


def _geom(module, handles, cls: int = L.GC_BOX, placeable: bool = True, body: bool = False,
          offset: bool = False):
    """A geom of module's GeomBase on row 1 of a fresh store (a box 1 x 2 x 3 or a sphere of radius 0.5,
    rotated and moved), attached to body row 2 of a body store when ``body``."""
    class Geom(module.GeomBase):
        _placeable = placeable
        gone = 0
        moved = None

        def _need_placeable(self):
            raise NotPlaceableError(f"a {type(self).__name__} is not placeable: it has no pose or body")

        def _body_gone(self):
            self.gone += 1
            self._body = None

        def _move_body(self, p):
            self.moved = p

        def _quaternion_of(self, R):
            return ("from R", R)

    rows = _store(handles, L.GR, L.GI)
    r = rows.real
    r[1, L.G_POS:L.G_POS + 3] = (0.5, -1.25, 2.0)
    c, s = math.cos(0.3), math.sin(0.3)
    r[1, L.G_R:L.G_R + 9] = (c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0)
    r[1, L.G_SIDES:L.G_SIDES + 3] = (1.0, 2.0, 3.0)
    if cls == L.GC_SPHERE:
        r[1, L.G_RADIUS] = 0.5
    rows.ints[1, L.GI_CLASS] = cls
    rows.ints[1, L.GI_ENABLED] = 1
    g = Geom()
    g._bind_row(rows, 1, 4)
    if body:
        brows = _store(handles, L.BR, L.BI)
        brows.real[2, L.B_POS:L.B_POS + 3] = (3.0, 1.0, -2.0)
        brows.real[2, L.B_R:L.B_R + 9] = (0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)
        if offset:
            rows.ints[1, L.GI_FLAGS] |= 8
            r[1, L.G_OFFPOS:L.G_OFFPOS + 3] = (0.25, 0.5, -0.75)
            r[1, L.G_OFFR:L.G_OFFR + 9] = (1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0)
        g._body = _Body(brows, 2)
    return g


def _outcome(f, *args):
    """(result, None) or (None, (exception type, message))."""
    try:
        return f(*args), None
    except Exception as exc:  # noqa: BLE001 - the comparison is the point
        return None, (type(exc), str(exc))


def _both(**kw):
    return [_geom(m, h, **kw) for m, h in MODULES]


@pytest.mark.parametrize("cls", [L.GC_BOX, L.GC_SPHERE])
@pytest.mark.parametrize("attached", ["free", "body", "offset"])
@pytest.mark.parametrize("method", ["getPosition", "getRotation", "getAABB", "getQuaternion", "isEnabled",
                                    "_live_slot", "_refresh"])
def test_reads_agree(cls, attached, method):
    gc_, gt = _both(cls=cls, body=attached != "free", offset=attached == "offset")
    vc, vt = getattr(gc_, method)(), getattr(gt, method)()
    if EXACT or method not in ("getAABB", "getQuaternion", "getPosition", "getRotation"):
        assert vc == vt
        np.testing.assert_array_equal(gc_._rows.real, gt._rows.real)
    else:                   # single precision: the twin's AABB is exact in double only
        flat = (lambda v: v[1]) if method == "getQuaternion" else (lambda v: v)
        assert flat(vc) == pytest.approx(flat(vt), rel=1e-6, abs=1e-6)
        np.testing.assert_allclose(gc_._rows.real, gt._rows.real, rtol=1e-6, atol=1e-6)
    if method in ("getPosition", "getRotation", "getAABB"):
        assert type(vc) is tuple and all(type(x) is float for x in vc)


def test_attached_pose_follows_the_body():
    for g in _both(body=True, offset=True):
        assert g.getPosition() == pytest.approx((3.0 - 0.5, 1.0 + 0.25, -2.0 - 0.75))
        g._body._rows.real[2, L.B_POS] = 10.0
        assert g.getPosition()[0] == pytest.approx(10.0 - 0.5)
        assert g.getAABB()[0] < g.getAABB()[1]
    for g in _both(body=True):
        assert g.getQuaternion() == ("body quaternion", 2)     # no offset: the body's own
    for g in _both(body=True, offset=True):
        assert g.getQuaternion()[0] == "from R"


BAD_VECTORS = [
    (1.0, 2.0, 3.0), [1, 2, 3], (1, 2.5, -3), np.array([0.5, 1.5, 2.5]), (True, 0.0, 0.0), (1.0, 2.0),
    "abc", None, 3.0, (math.nan, 0.0, 0.0), (0.0, math.inf, 0.0), (10**400, 0, 0), ("1", 0.0, 0.0),
]


@pytest.mark.parametrize("value", BAD_VECTORS, ids=repr)
@pytest.mark.parametrize("attached", [False, True])
def test_set_position_agrees(value, attached):
    gc_, gt = _both(body=attached)
    rc, ec = _outcome(gc_.setPosition, value)
    rt, et = _outcome(gt.setPosition, value)
    assert ec == et
    assert rc is None and rt is None
    np.testing.assert_array_equal(gc_._rows.real, gt._rows.real)
    assert gc_.moved == gt.moved
    if ec is None and attached:
        assert gc_.moved == tuple(float(x) for x in value)       # an attached geom moves its body
    elif ec is None:
        assert gc_.getPosition() == pytest.approx(tuple(float(x) for x in value))


@pytest.mark.parametrize("case", ["freed", "negative", "beyond", "no rows"])
def test_destroyed_geom_raises_the_same(case):
    for g in _both(body=True):
        if case == "freed":
            g._rows.generation[1] = 5
        elif case == "negative":
            g._slot = -1
        elif case == "beyond":
            g._slot = 9
        else:
            g._rows = None
        for method in ("getPosition", "getRotation", "getQuaternion", "getAABB", "getBody", "isEnabled",
                       "_live_slot", "_refresh"):
            with pytest.raises(ODEError, match="this geom has been destroyed"):
                getattr(g, method)()
        with pytest.raises(ODEError, match="this geom has been destroyed"):
            g.setPosition((1.0, 2.0, 3.0))


def test_not_placeable_raises_the_same():
    outcomes = []
    for g in _both(placeable=False):
        outcomes.append([_outcome(getattr(g, m)) for m in ("getPosition", "getRotation", "getQuaternion")]
                        + [_outcome(g.setPosition, (1.0, 2.0, 3.0))])
    assert outcomes[0] == outcomes[1]
    assert all(e is not None and e[0] is NotPlaceableError for _, e in outcomes[0])


def test_destroyed_body_detaches_the_same():
    for g in _both(body=True):
        body = g._body
        body._rows.generation[2] += 1          # the body's row was freed ...
        body._slot = -1                        # ... and its handle cleared
        before = g.getPosition()               # a free geom now: its own row's pose
        assert g.getBody() is None and g.gone == 1
        assert before == (0.5, -1.25, 2.0)


def test_is_enabled_reads_the_row():
    for g in _both():
        assert g.isEnabled() is True
        g._rows.ints[1, L.GI_ENABLED] = 0
        assert g.isEnabled() is False


# ---------------------------------------------------------------- real geoms


def test_geoms_keep_attributes_weakrefs_and_attribs():
    g = ode.GeomSphere(None, 0.5)
    g.tag = 1
    assert g.attribs == {"tag": 1}
    g.attribs["other"] = "x"
    assert g.other == "x"
    ref = weakref.ref(g)
    assert ref() is g
    del g
    gc.collect()
    STORE.flush()                   # __del__ queued the geom for release; the flush drops it
    gc.collect()
    assert ref() is None


def test_dropped_geom_is_released_at_the_next_flush():
    g = ode.GeomBox(None, (1.0, 1.0, 1.0))
    slot, gen = g._slot, g._gen
    del g
    gc.collect()
    STORE.flush()
    assert STORE.slots.generation[slot] != gen        # the row was freed (its generation bumped)


def _scene(seed: int):
    rng = random.Random(seed)
    world = ode.World()
    bodies = [ode.Body(world) for _ in range(3)]
    for b in bodies:
        b.setPosition((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0, 1)))
    space = ode.HashSpace() if seed % 2 else ode.SimpleSpace()
    geoms = [ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)]
    for k in range(10 if seed < 4 else 80):     # (80: past the simple space's compiled limit of 64)
        kind = rng.randrange(3)
        if kind == 0:
            g = ode.GeomSphere(space, rng.uniform(0.1, 0.6))
        elif kind == 1:
            g = ode.GeomBox(space, (rng.uniform(0.1, 1), rng.uniform(0.1, 1), rng.uniform(0.1, 1)))
        else:
            g = ode.GeomCapsule(space, rng.uniform(0.1, 0.4), rng.uniform(0.1, 1))
        if k < 5:
            g.setBody(bodies[k % 3])
        else:
            g.setPosition((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-0.2, 1)))
        if k == 7:
            g.disable()
        if k == 8:
            g.setCategoryBits(2)
            g.setCollideBits(2)
        geoms.append(g)
    return world, bodies, space, geoms


@pytest.mark.parametrize("seed", range(8))
def test_space_collide_matches_the_python_path(seed):
    """space.collide's compiled paths (simple spaces of up to 64 geoms, hash spaces of any size) call back
    the pairs of the Python path in its order, and leave the same contacts and space box."""
    world, bodies, space, geoms = _scene(seed)
    fast, slow = [], []
    space.collide(fast, lambda out, a, b: out.append((a, b)))
    bodies[0].setPosition((0.0, 0.0, 0.3))             # poses refresh in both paths
    fast2 = []
    space.collide(fast2, lambda out, a, b: out.append((a, b)))
    bodies[0].setPosition((0.0, 0.0, 0.3))
    SpaceBase._collide_py(space, slow, lambda out, a, b: out.append((a, b)))
    assert fast2 == slow
    assert len(fast) > 0
    contacts_fast = [[(c.getContactGeomParams()[:3]) for c in ode.collide(a, b)] for a, b in fast2]
    contacts_slow = [[(c.getContactGeomParams()[:3]) for c in collision._collide_py(a, b)] for a, b in slow]
    assert contacts_fast == contacts_slow
    assert space.getAABB() == SpaceBase.getAABB(space)


def test_collide_inside_a_pass_and_bad_input():
    world, bodies, space, geoms = _scene(5)
    seen = []

    def near(_, a, b):
        seen.append((len(ode.collide(a, b)), len(collision._collide_py(a, b))))

    space.collide(None, near)
    assert seen and all(x == y for x, y in seen)
    a, b = geoms[1], geoms[2]
    for args in [(a, b, 0), (a, b, -1), (a, b, 1.5), (a, "b"), (a, b, 4, 1), (a, b, 70000)]:
        assert _outcome(ode.collide, *args) == _outcome(collision._collide_py, *args)
    b.destroy()
    with pytest.raises(ODEError, match="this geom has been destroyed"):
        ode.collide(a, b)
    with pytest.raises(TypeError):
        space.collide(None, 3)


def test_space_collide_with_a_destroyed_body_detaches_like_the_python_path():
    world = ode.World()
    space = ode.SimpleSpace()
    b1, b2 = ode.Body(world), ode.Body(world)
    g1, g2 = ode.GeomSphere(space, 1.0), ode.GeomSphere(space, 1.0)
    g1.setBody(b1)
    g2.setBody(b2)
    b1.setPosition((0.0, 0.0, 0.5))
    assert g1.getPosition() == (0.0, 0.0, 0.5)        # the pose the geom keeps when its body goes
    b1.destroy()
    seen = []
    space.collide(seen, lambda out, a, b: out.append((a, b)))
    assert g1.getBody() is None and g1.getPosition() == (0.0, 0.0, 0.5)
    assert seen == [(g1, g2)] or seen == [(g2, g1)]


def _lock_story(lock) -> list:
    """What a re-entrant lock does: re-entry, release by a non-owner, another thread's tries and waits."""
    import threading

    out = [lock.acquire(), lock.acquire(False), lock._is_owned()]
    seen: list = []

    def other():
        seen.append(lock.acquire(False))
        seen.append(lock.acquire(timeout=0.01))
        try:
            lock.release()
        except RuntimeError as exc:
            seen.append(str(exc))

    t = threading.Thread(target=other)
    t.start()
    t.join()
    lock.release()
    lock.release()
    out.append(lock._is_owned())
    t = threading.Thread(target=lambda: (seen.append(lock.acquire(timeout=1.0)), lock.release()))
    t.start()
    t.join()
    with lock:
        out.append(lock._is_owned())
    try:
        lock.release()
    except RuntimeError as exc:
        out.append(str(exc))
    for bad in [dict(blocking=False, timeout=1.0), dict(timeout=-2.0)]:
        out.append(_outcome(lambda kw=bad: lock.acquire(**kw))[1])
    return out + seen


def test_store_lock_behaves_as_threading_rlock():
    assert _lock_story(core_handles.ReentrantLock()) == _lock_story(twin_handles.ReentrantLock())
    assert _lock_story(core_handles.ReentrantLock())[:4] == [True, True, True, False]


def _crowd(lock, threads: int = 4, rounds: int = 300) -> tuple:
    """Threads that each read a shared count, give up the GIL inside the lock (so another thread runs and
    queues for it), then write the count plus one; and a waiter whose timeout runs out while the lock is
    held. (final count, the waiter's result, whether the lock ended free)."""
    import threading
    import time

    box = [0]

    def work():
        for _ in range(rounds):
            with lock:
                seen = box[0]
                time.sleep(0)
                box[0] = seen + 1

    crowd = [threading.Thread(target=work) for _ in range(threads)]
    for t in crowd:
        t.start()
    for t in crowd:
        t.join()
    timed: list = []
    lock.acquire()
    waiter = threading.Thread(target=lambda: timed.append(lock.acquire(timeout=0.02)))
    waiter.start()
    waiter.join()
    lock.release()
    free = lock.acquire(False)
    if free:
        lock.release()
    return box[0], timed, free


@pytest.mark.parametrize("module", ["core", "twin"])
def test_store_lock_excludes_waiting_threads(module):
    """Every increment made under the lock survives the crowd (the lock hands itself to waiting threads
    one at a time), a timed-out waiter leaves the lock usable."""
    lock = (core_handles if module == "core" else twin_handles).ReentrantLock()
    assert _crowd(lock) == (4 * 300, [False], True)


def _space_tree(rng) -> tuple:
    """A random forest of geom rows: rows 0-3 spaces (row 2 a SAP space) nested under one another, rows 4-19
    geoms in one of them or in none; some rows already dirty. (stamp, gints)."""
    gints = np.zeros((20, L.GI), dtype=np.int32)
    gints[:, L.GI_SPACE] = -1
    gints[1, L.GI_SPACE] = 0
    gints[2, L.GI_SPACE] = 0
    gints[3, L.GI_SPACE] = 1
    gints[2, L.GI_CLASS] = L.GC_SAP_SPACE
    gints[4:, L.GI_SPACE] = rng.integers(-1, 4, 16)
    stamp = np.where(rng.random(20) < 0.3, rng.integers(1, 50, 20), 0).astype(np.int64)
    return stamp, gints


@pytest.mark.parametrize("seed", range(12))
def test_space_bookkeeping_kernels_agree(seed):
    """dirty_up and spaces_moved leave the same stamps, sets and SAP events in the core and the twin."""
    results = []
    for mod in (core, twin):
        rng = np.random.default_rng(seed)
        stamp, gints = _space_tree(rng)
        unsorted, dirty, events = set(), set(), {}
        mod.dirty_up(int(rng.integers(4, 20)), 60, stamp, gints, unsorted, dirty, events)
        rows = rng.permutation(np.arange(4, 20))[:6].astype(np.intp)
        spaces = rng.integers(0, 4, 6).astype(np.intp)
        mod.spaces_moved(rows, spaces, 70, stamp, gints, unsorted, dirty, events)
        results.append((stamp.tolist(), sorted(unsorted), sorted(dirty), {k: list(map(int, v))
                                                                            for k, v in events.items()}))
    assert results[0] == results[1]
    assert results[0][1]                       # something moved


@pytest.mark.parametrize("mod", [core, twin], ids=["core", "twin"])
def test_space_bookkeeping_kernels_refuse_bad_rows(mod):
    stamp, gints = _space_tree(np.random.default_rng(0))
    with pytest.raises(IndexError, match="row"):
        mod.dirty_up(20, 1, stamp, gints, set(), set(), {})
    with pytest.raises(TypeError, match="stamp"):
        mod.dirty_up(4, 1, stamp.astype(np.int32), gints, set(), set(), {})
    with pytest.raises(IndexError, match="row"):
        mod.spaces_moved(np.array([4], dtype=np.intp), np.array([25], dtype=np.intp), 1, stamp, gints,
                         set(), set(), {})
    with pytest.raises(TypeError, match="rows"):
        mod.spaces_moved(np.array([4], dtype=np.int32), np.array([0], dtype=np.intp), 1, stamp, gints,
                         set(), set(), {})


class _G:
    """A stand-in geom: only ``_slot`` is read by call_pairs."""

    def __init__(self, slot: int) -> None:
        self._slot = slot


@pytest.mark.parametrize("mod", [core, twin], ids=["core", "twin"])
def test_call_pairs_calls_back_in_order_skipping_destroyed_and_rejected(mod):
    kids = [_G(s) for s in (0, 1, 2, 3)]
    pairs = np.array([[0, 1], [2, 3], [1, 3], [0, 2]], dtype=np.int32)
    seen = []

    def callback(arg, a, b):
        seen.append((arg, kids.index(a), kids.index(b)))
        if len(seen) == 1:
            kids[3]._slot = -1                  # destroyed by a callback: its later pairs are skipped

    mod.call_pairs(kids, pairs, "x", callback)
    assert seen == [("x", 0, 1), ("x", 0, 2)]
    kids[3]._slot = 3
    seen.clear()
    mod.call_pairs(kids, pairs, None, lambda arg, a, b: seen.append((kids.index(a), kids.index(b))),
                   lambda a, b: kids.index(b) != 3)
    assert seen == [(0, 1), (0, 2)]
    with pytest.raises(IndexError, match="pair index"):
        mod.call_pairs(kids, np.array([[0, 4]], dtype=np.int32), None, callback)
    with pytest.raises(TypeError, match="int32"):
        mod.call_pairs(kids, np.array([[0, 1]], dtype=np.int64), None, callback)
