"""Threads and lifetimes: one world shared by two threads, separate worlds in parallel, geoms freed by
reference counting and by the cyclic garbage collector, and copies of handles.

Scenarios that could crash the interpreter run as scripts in subprocesses (this file's package on
PYTHONPATH, the same backend and precision through the inherited environment).
"""

import copy
import gc
import pickle
import subprocess
import sys
import textwrap
import threading
import tracemalloc

import pytest
from backends import SUPPORT, fresh_env

import ode
from ode.geoms import STORE


def _run_script(source: str, *args: str, timeout: float = 120.0) -> subprocess.CompletedProcess:
    """Run ``source`` in a fresh interpreter importing the ``ode`` under test (same backend and precision)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(source), *args], env=fresh_env(),
                          cwd=str(SUPPORT), capture_output=True, text=True, timeout=timeout)


# ------------------------------------------------------------------ (a) one world, two threads

ONE_WORLD = """
import random, sys, threading, time
import ode

sys.setswitchinterval(1e-5)          # switch threads as often as possible
DURATION = float(sys.argv[1])
world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0.0)
group = ode.JointGroup()
errors, races, steps = [], [0], [0]
stop = time.monotonic() + DURATION


def near(_, g1, g2):
    try:
        for c in ode.collide(g1, g2):
            c.setBounce(0.2)
            c.setMu(5000)
            ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())
    except ode.ODEError:          # a geom or body the other thread destroyed since the pass began
        races[0] += 1


def stepper():
    try:
        while time.monotonic() < stop:
            space.collide(None, near)
            world.quickStep(0.01)
            group.empty()
            steps[0] += 1
    except BaseException as e:
        errors.append(repr(e))


def builder():
    rng = random.Random(1)
    live = []
    try:
        while time.monotonic() < stop:
            b1, b2 = ode.Body(world), ode.Body(world)
            m = ode.Mass()
            m.setSphere(1000.0, 0.2)
            b1.setMass(m)
            b2.setMass(m)
            b1.setPosition((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.1, 1)))
            b2.setPosition((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.1, 1)))
            g1, g2 = ode.GeomSphere(space, 0.2), ode.GeomBox(space, (0.3, 0.3, 0.3))
            g1.setBody(b1)
            g2.setBody(b2)
            j = ode.BallJoint(world)
            j.attach(b1, b2)
            j.setAnchor(b1.getPosition())
            live.append((j, g1, g2, b1, b2))
            if len(live) > 300:
                j, g1, g2, b1, b2 = live.pop(rng.randrange(len(live)))
                j.destroy()
                g1.destroy()
                g2.destroy()
                b1.destroy()
                b2.destroy()
    except BaseException as e:
        errors.append(repr(e))


threads = [threading.Thread(target=stepper), threading.Thread(target=builder)]
for t in threads:
    t.start()
for t in threads:
    t.join()
if errors or steps[0] == 0:
    print("ERRORS", errors, "steps", steps[0])
    sys.exit(1)
print("ok", steps[0], races[0])
"""


def test_one_world_two_threads_never_crashes():
    """Collide + quickStep + empty in one thread, bodies/geoms/joints made and destroyed in another: 20 runs
    of 0.5 s, each exiting 0 (no signal, no exception in either thread)."""
    for run in range(20):
        r = _run_script(ONE_WORLD, "0.5")
        assert r.returncode == 0, f"run {run}: rc {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
        assert r.stdout.startswith("ok"), r.stdout


# ------------------------------------------------------------------ (b) separate worlds in parallel

TWO_WORLDS = """
import sys, threading
import ode

sys.setswitchinterval(1e-5)


def build(seed):
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.SimpleSpace()
    ode.GeomPlane(space, (0, 0, 1), 0.0)
    bodies = []
    for i in range(12):
        b = ode.Body(world)
        m = ode.Mass()
        m.setBox(500.0, 0.3, 0.3, 0.3)
        b.setMass(m)
        b.setPosition((0.05 * seed + 0.11 * (i % 3), 0.07 * (i // 3), 0.3 + 0.35 * i))
        g = ode.GeomBox(space, (0.3, 0.3, 0.3)) if i % 2 else ode.GeomSphere(space, 0.17)
        g.setBody(b)
        bodies.append((b, g))
    return world, space, ode.JointGroup(), bodies


def run(scene, steps, out, key):
    world, space, group, bodies = scene

    def near(_, g1, g2):
        for c in ode.collide(g1, g2, 4):
            c.setMu(50.0)
            c.setBounce(0.1)
            ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())

    for k in range(steps):
        if k % 5 == 4:
            space.collideContacts(world, group, ode.Contact(), 4)
        else:
            space.collide(None, near)
        world.step(0.01)
        group.empty()
    out[key] = [b.getPosition() + b.getQuaternion() + b.getLinearVel() for b, _ in bodies]


seq = {}
run(build(1), 150, seq, "a")
run(build(2), 150, seq, "b")
par = {}
scenes = (build(1), build(2))
ts = [threading.Thread(target=run, args=(scenes[0], 150, par, "a")),
      threading.Thread(target=run, args=(scenes[1], 150, par, "b"))]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(repr([seq["a"], seq["b"]]))
print(repr([par["a"], par["b"]]))
"""


def test_separate_worlds_in_threads_equal_sequential_bit_for_bit():
    """Two worlds sharing nothing, stepped with near-callbacks (and the native pipeline) in two threads, end
    exactly where the same worlds stepped one after the other end (compared through repr: every bit)."""
    r = _run_script(TWO_WORLDS)
    assert r.returncode == 0, r.stderr[-2000:]
    seq, par = r.stdout.splitlines()[:2]
    assert seq == par
    assert "nan" not in seq


# ------------------------------------------------------------------ (c) dropped geoms are freed


def _live_rows() -> int:
    """Rows of the geom store holding a record: rows below ``count`` less the freed ones among them (the
    free heap may also hold stale entries at or above ``count``, dropped lazily, which are no rows)."""
    slots = STORE.slots
    return slots.count - sum(1 for row in slots._free if row < slots.count)


def _churn(world_body, space, n: int) -> None:
    """Create n geoms and drop them without destroy (some attached to a body, some briefly in a space)."""
    for i in range(n):
        g = ode.GeomSphere(None, 0.5)
        if i % 3 == 0:
            g.setBody(world_body)
        if i % 5 == 0:
            t = ode.GeomBox(space, (1.0, 1.0, 1.0))
            space.remove(t)
        del g


def test_dropped_geoms_are_freed_and_memory_stays_flat():
    """60,000 geoms created and dropped without destroy(): the store's live rows and traced memory stay
    bounded (each dropped geom's row is released and reused)."""
    world = ode.World()
    body = ode.Body(world)
    space = ode.SimpleSpace()
    _churn(body, space, 2000)
    gc.collect()
    rows0 = _live_rows()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        growth = []
        for _ in range(3):
            _churn(body, space, 20000)
            gc.collect()
            assert _live_rows() <= rows0 + 8
            growth.append(tracemalloc.get_traced_memory()[0] - base)
    finally:
        tracemalloc.stop()
    assert max(growth) < 200_000, growth          # about 1 KB measured; 80 MB when geoms leaked


def test_geom_in_a_space_stays_alive_and_unreferenced_geom_is_destroyed():
    """PyODE's rule: the space holds its geoms; a geom with no reference and in no space is destroyed."""
    space = ode.SimpleSpace()
    ode.GeomSphere(space, 0.25)
    gc.collect()
    assert space.getNumGeoms() == 1
    kept = space.getGeom(0)
    assert kept.getRadius() == 0.25
    del kept
    rows = _live_rows()
    ode.GeomBox(None, (1.0, 1.0, 1.0))            # dropped at once
    ode.GeomSphere(None, 1.0)                     # its allocation releases the box's row first
    gc.collect()
    assert _live_rows() <= rows + 1


# ------------------------------------------------------------------ (d) the garbage collector mid-pass


def _cyclic_geoms(bodies, n: int = 12) -> None:
    """Leave cyclic garbage holding geoms: a space and its geoms (attached to ``bodies``) referring to
    each other, plus self-referencing geoms in no space."""
    sp = ode.SimpleSpace()
    for i in range(n):
        g = ode.GeomSphere(sp, 0.1) if i % 2 else ode.GeomBox(None, (0.1, 0.1, 0.1))
        g.setBody(bodies[i % len(bodies)])
        g.me = g
    sp.me = sp


@pytest.fixture
def eager_gc():
    """Collect as often as the interpreter allows while the test runs (collections inside the passes)."""
    old = gc.get_threshold()
    gc.set_threshold(1, 1, 1)
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.collect()


def _falling_scene():
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.HashSpace()
    ode.GeomPlane(space, (0, 0, 1), 0.0)
    bodies = []
    for i in range(8):
        b = ode.Body(world)
        b.setPosition((0.3 * (i % 3), 0.3 * (i // 3), 0.2 + 0.1 * i))
        ode.GeomSphere(space, 0.2).setBody(b)
        bodies.append(b)
    return world, space, bodies


def test_gc_inside_near_callback_and_moved_callback(eager_gc):
    """gc.collect() of cyclic garbage holding attached geoms, forced from near-callbacks (space.collide,
    collide2, collideContacts' special pairs) and from moved callbacks during step/quickStep: no
    RuntimeError, the simulation goes on, and the garbage's rows are released afterwards."""
    world, space, bodies = _falling_scene()
    group = ode.JointGroup()
    seen = [0, 0]

    def near(_, g1, g2):
        _cyclic_geoms(bodies)
        gc.collect()
        seen[0] += 1
        for c in ode.collide(g1, g2):
            ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())

    def moved(body):
        _cyclic_geoms(bodies, 4)
        gc.collect()
        seen[1] += 1

    bodies[0].setMovedCallback(moved)
    rows = _live_rows()
    for k in range(40):
        _cyclic_geoms(bodies)
        if k % 3 == 0:
            space.collide(None, near)
        elif k % 3 == 1:
            ode.collide2(space, space, None, near)
        else:
            special = [g for g in space if not g.isSpace()][:3]
            space.collideContacts(world, group, None, 4, special=special, callback=near, data=None)
        (world.step if k % 2 else world.quickStep)(0.01)
        group.empty()
    assert seen[0] > 0 and seen[1] > 0
    assert all(abs(v) < 10.0 for b in bodies for v in b.getPosition())
    bodies[0].setMovedCallback(None)
    gc.collect()
    ode.GeomSphere(None, 1.0)          # the next allocation releases what the collector queued
    assert _live_rows() <= rows + 2


def test_collector_running_inside_store_iterations():
    """Cyclic garbage of attached geoms freed by automatic collections (low thresholds: collections start
    inside the pose refresh, the pair search and the joint writes) through thousands of collide /
    collideContacts / step rounds: no "dictionary changed size during iteration"."""
    world = ode.World()
    bodies = [ode.Body(world) for _ in range(40)]
    space = ode.SimpleSpace()
    for b in bodies[:8]:
        ode.GeomSphere(space, 0.2).setBody(b)
    group = ode.JointGroup()
    gc.collect()
    rows = _live_rows()
    old = gc.get_threshold()
    try:
        for threshold in (3, 5, 7, 10):
            gc.set_threshold(threshold, 1, 1)
            for k in range(2000):
                for i in range(k % 17):
                    g = ode.GeomSphere(None, 0.1)
                    g.setBody(bodies[i % 40])
                    g.me = g
                if k % 2:
                    space.collide(None, lambda _, g1, g2: None)
                else:
                    space.collideContacts(world, group)
                world.step(0.01)
                group.empty()
    finally:
        gc.set_threshold(*old)
    gc.collect()
    ode.GeomSphere(None, 1.0)          # the next allocation releases what the collector queued
    assert _live_rows() <= rows + 2


# ------------------------------------------------------------------ (e) copies of handles


def _handles():
    world = ode.World()
    b1, b2 = ode.Body(world), ode.Body(world)
    group = ode.JointGroup()
    joints = [ode.BallJoint(world), ode.HingeJoint(world), ode.SliderJoint(world), ode.FixedJoint(world),
              ode.UniversalJoint(world), ode.Hinge2Joint(world), ode.AMotor(world), ode.LMotor(world),
              ode.ContactJoint(world, group, ode.Contact())]
    spaces = [ode.SimpleSpace(), ode.HashSpace(), ode.QuadTreeSpace((0, 0, 0), (5, 5, 5), 3), ode.SAPSpace()]
    geoms = [ode.GeomSphere(None, 1.0), ode.GeomBox(None, (1, 1, 1)), ode.GeomPlane(None, (0, 0, 1), 0),
             ode.GeomCapsule(None, 0.5, 1.0), ode.GeomCylinder(None, 0.5, 1.0), ode.GeomRay(None, 1.0),
             ode.GeomTransform(None)]
    data = ode.TriMeshData()
    data.build([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 2)])
    return [world, b1, b2, group, data, *joints, *spaces, *geoms]


def test_copy_returns_the_same_handle():
    """copy.copy of every handle (World, Body, joints, JointGroup, spaces, geoms, mesh data) is the handle."""
    for h in _handles():
        assert copy.copy(h) is h, type(h).__name__


def test_deepcopy_and_pickle_copy_every_handle():
    """Deep copies and pickles of handles are new handles of the same class (tests/api/test_pickle.py checks
    what they hold); copy.copy stays the handle itself."""
    for h in _handles():
        name = type(h).__name__
        for dup in (copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
            assert type(dup) is type(h) and dup is not h, name


def test_destroy_through_a_copy():
    """copy.copy(geom).destroy() destroys the geom (and removes it from its space)."""
    space = ode.SimpleSpace()
    g = ode.GeomSphere(space, 1.0)
    copy.copy(g).destroy()
    assert space.getNumGeoms() == 0
    with pytest.raises(ode.ODEError):
        g.getRadius()
    b = ode.Body(ode.World())
    copy.copy(b).destroy()
    with pytest.raises(ode.ODEError):
        b.getPosition()


def test_new_worlds_posed_in_threads_get_distinct_numbers():
    """Bodies of new worlds moved from several threads at once (``setPosition`` tells ode.geoms outside
    any lock, which numbers each new world): no error, and no two live worlds share a number (their
    geoms' body keys would collide)."""
    errors, worlds = [], [[] for _ in range(4)]
    keep = ode.Body(ode.World())
    ode.GeomSphere(None, 0.1).setBody(keep)         # a geom on a body: moves are told from the start

    def build(out: list) -> None:
        try:
            for _ in range(150):
                w = ode.World()
                b = ode.Body(w)
                b.setPosition((0.0, 0.0, 1.0))      # numbers the world (other threads' geoms are attached)
                ode.GeomSphere(None, 0.1).setBody(b)
                out.append(w)
        except Exception as e:          # reported below: an assertion in a thread would go unseen
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=build, args=(out,)) for out in worlds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    numbers = [STORE.world_number(w) for out in worlds for w in out] + [STORE.world_number(keep.world)]
    assert len(numbers) == 601 and len(set(numbers)) == 601


def test_each_thread_sees_its_own_collision_pass():
    """Threads started one after another (which may reuse a thread ident) each see, inside their near
    callback, their own pass state raised to depth 1 with the space marked ready, and depth 0 after:
    the compiled paths' cached pass state follows the thread running them."""
    from ode.spaces import _PASS

    space = ode.SimpleSpace()
    world = ode.World()
    body = ode.Body(world)
    sphere = ode.GeomSphere(space, 0.5)
    sphere.setBody(body)
    body.setPosition((0.0, 0.0, 0.4))
    ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    seen: list = []

    def near(_data, g1, g2):
        seen.append((_PASS.depth, id(space) in _PASS.ready, len(ode.collide(g1, g2))))

    def run():
        space.collide(None, near)
        seen.append(("after", _PASS.depth, len(_PASS.ready)))

    for _ in range(12):
        t = threading.Thread(target=run)
        t.start()
        t.join()
    run()
    assert seen == [(1, True, 1), ("after", 0, 0)] * 13
