"""Contact joints held by their group alone, and the cyclic garbage collector.

The compiled backend keeps such a contact joint out of the collector's lists (its group reports the joint's
references, see ``ode/_core/group_gc.h``), so a group of tens of thousands of contacts costs the collector
one object. These tests hold the behaviour a user sees to what an ordinary object graph gives, in both
backends: the joint is found through its body, user data pins it, the world and group are collected when
dropped (also through cycles that run through the joint), and a joint outliving its group or world stays
usable.
"""

import gc
import pickle
import subprocess
import sys
import textwrap
import weakref

import pytest
from backends import SUPPORT, fresh_env

import ode


def _scene(n: int = 3):
    """A world with ``n`` bodies resting on the ground, one contact joint each in a group (the contacts made
    as a collider would make them, without geoms: geoms belong to the process-wide store, not to a
    world)."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    group = ode.JointGroup()
    bodies, joints = [], []
    for k in range(n):
        b = ode.Body(world)
        m = ode.Mass()
        m.setSphere(1000.0, 0.1)
        b.setMass(m)
        b.setPosition((0.3 * k, 0.0, 0.09))
        c = ode.Contact()
        c.setContactGeomParams((0.3 * k, 0.0, 0.0), (0.0, 0.0, 1.0), 0.01)
        c.setMu(5.0)
        j = ode.ContactJoint(world, group, c)
        j.attach(b, None)
        bodies.append(b)
        joints.append(j)
    return world, group, bodies, joints


def test_a_dropped_contact_joint_is_found_through_its_body():
    world, group, bodies, joints = _scene()
    ids = [id(j) for j in joints]
    del joints
    gc.collect()
    found = [b.getJoint(0) for b in bodies]
    assert [id(j) for j in found] == ids
    assert all(j.getBody(0) is b and j.getBody(1) is None for j, b in zip(found, bodies))
    assert len(group) == 3
    world.quickStep(0.01)
    group.empty()
    assert [b.getNumJoints() for b in bodies] == [0, 0, 0]


def test_user_data_on_a_contact_joint_stays_with_it():
    _, group, bodies, joints = _scene()
    joints[0].tag = "first"
    joints[1].setData({"k": 1})
    del joints
    gc.collect()
    assert bodies[0].getJoint(0).tag == "first"
    assert bodies[1].getJoint(0).getData() == {"k": 1}
    group.empty()
    assert bodies[0].getNumJoints() == 0


def test_world_and_group_are_collected_when_dropped():
    world, group, bodies, joints = _scene()
    refs = [weakref.ref(o) for o in (world, group, bodies[0])]
    del world, group, bodies, joints
    gc.collect()
    assert [r() for r in refs] == [None, None, None]


def test_a_cycle_through_the_contact_joints_is_collected():
    world, group, bodies, joints = _scene()

    class Owner:
        pass

    owner = Owner()
    owner.group = group
    bodies[0].owner = owner          # body -> owner -> group -> joints -> body: a cycle through the joints
    refs = [weakref.ref(o) for o in (world, group, owner, bodies[0])]
    del world, group, bodies, joints, owner
    gc.collect()
    assert [r() for r in refs] == [None, None, None, None]


def test_a_contact_joint_outlives_the_names_of_its_group_and_world():
    world, group, bodies, joints = _scene()
    j = joints[0]
    wref, gref = weakref.ref(world), weakref.ref(group)
    del world, group, joints, bodies
    gc.collect()
    assert wref() is not None and gref() is not None    # the joint keeps its world and its group
    assert j.world is wref() and j.getBody(0).getPosition() == pytest.approx((0.0, 0.0, 0.09), abs=1e-7)
    wref().quickStep(0.01)
    assert len(gref()) == 3
    gref().empty()
    with pytest.raises(ode.ODEError):
        j.getFeedback()
    del j
    gc.collect()
    assert wref() is None and gref() is None


def test_a_group_outlives_its_world_handles():
    world, group, bodies, joints = _scene()
    wref = weakref.ref(world)
    del world, bodies, joints
    gc.collect()
    assert wref() is not None                   # the group's joints keep their world
    assert len(group) == 3
    group.empty()
    assert len(group) == 0
    gc.collect()
    assert wref() is None


def test_collections_in_the_middle_of_many_groups():
    """Worlds, groups and joints dropped in every order, with collections between: nothing is lost that is
    still held, everything dropped goes."""
    kept, refs = [], []
    for k in range(12):
        world, group, bodies, joints = _scene(4)
        refs.append(weakref.ref(world))
        if k % 3 == 0:
            kept.append((group, None))
        elif k % 3 == 1:
            kept.append((None, joints[1]))
        if k % 4 == 0:
            gc.collect()
        del world, group, bodies, joints
    gc.collect()
    for group, joint in kept:
        if group is not None:
            assert len(group) == 4 and group.empty() is None and len(group) == 0
        else:
            gravity = joint.world.getGravity()
            assert joint.getBody(0) is not None and gravity == pytest.approx((0.0, 0.0, -9.81), rel=1e-6)
    alive = sum(r() is not None for r in refs)
    assert alive == 8                  # the 4 worlds whose group and the 4 whose joint are still held
    del group, joint
    kept.clear()
    gc.collect()
    assert all(r() is None for r in refs)


def test_pickling_a_world_brings_its_contact_joints():
    world, group, bodies, joints = _scene()
    del joints
    gc.collect()
    w2 = pickle.loads(pickle.dumps(world))
    b2 = w2.getBodies()
    assert len(b2) == 3
    found = [b.getJoint(0) for b in b2]
    assert all(isinstance(j, ode.ContactJoint) for j in found)
    assert all(j.getBody(0) is b for j, b in zip(found, b2))
    g2 = found[0]._group
    assert g2 is not None and len(g2) == 3
    g2.empty()
    assert [b.getNumJoints() for b in b2] == [0, 0, 0]


def test_a_snapshot_finds_its_contact_joints_again():
    world, group, bodies, joints = _scene()
    ids = [id(j) for j in joints]
    del joints
    state = world.getState()
    group.empty()
    gc.collect()
    world.setState(state)
    assert [id(b.getJoint(0)) for b in bodies] == ids
    assert len(group) == 3
    group.empty()
    assert [b.getNumJoints() for b in bodies] == [0, 0, 0]


def test_the_collector_walks_a_group_not_its_contact_joints():
    """In the compiled backend a contact joint only its group holds is left out of the collector's lists
    (its group reports its references) until user data pins it or it leaves the group; the twin's objects
    are ordinary ones throughout."""
    from ode import _backend

    world, group, bodies, joints = _scene()
    loose = _backend.backend == "core"
    assert [gc.is_tracked(j) for j in joints] == [not loose] * 3
    referents = gc.get_referents(group)          # joints held elsewhere too are not adopted
    assert world not in referents and bodies[1] not in referents
    del referents                                # (it holds the group's list: nothing would be adopted)
    pinned = joints[0]
    pinned.tag = 1
    assert gc.is_tracked(pinned)
    del joints
    referents = gc.get_referents(group)
    assert (world in referents) == loose and (bodies[1] in referents) == loose
    assert bodies[0] not in referents            # the pinned joint is walked on its own
    held = bodies[2].getJoint(0)
    group.empty()
    assert gc.is_tracked(held) and gc.is_tracked(pinned)


TWO_THREADS = """
import gc, random, sys, threading, time
import ode

sys.setswitchinterval(1e-5)
stop = time.monotonic() + float(sys.argv[1])
world = ode.World()
bodies = [ode.Body(world) for _ in range(4)]
groups = [ode.JointGroup() for _ in range(3)]
errors = []


def maker():
    rng = random.Random(1)
    while time.monotonic() < stop:
        g = groups[rng.randrange(len(groups))]
        c = ode.Contact()
        c.setContactGeomParams((0, 0, 0), (0, 0, 1), 0.01)
        j = ode.ContactJoint(world, g, c)
        j.attach(rng.choice(bodies), None)
        if rng.random() < 0.01:
            j.tag = 1
        if rng.random() < 0.05:
            g.empty()
        if rng.random() < 0.02:
            world.quickStep(0.001)


def churn():
    rng = random.Random(2)
    while time.monotonic() < stop:
        r = rng.random()
        if r < 0.3:
            gc.collect(0)
        elif r < 0.35:
            gc.collect()
        elif r < 0.5:
            groups[rng.randrange(len(groups))] = ode.JointGroup()      # a group dropped with its joints
        else:
            b = rng.choice(bodies)
            for i in range(b.getNumJoints()):
                try:                          # the other thread may empty a group meanwhile
                    j = b.getJoint(i)
                    if j is not None:
                        j.getBody(0)
                except (IndexError, ode.ODEError):
                    break


def run(target):
    try:
        target()
    except Exception as exc:
        errors.append(repr(exc))


threads = [threading.Thread(target=run, args=(f,)) for f in (maker, churn)]
for t in threads:
    t.start()
for t in threads:
    t.join()
gc.collect()
print("errors", errors)
"""


def test_two_threads_making_and_collecting_contact_joints():
    """One thread makes contact joints into groups, empties and steps; the other collects, drops groups and
    looks joints up through the bodies: no crash, no error."""
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(TWO_THREADS), "2.0"], env=fresh_env(),
                         cwd=str(SUPPORT), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "errors []"


def test_a_subclass_of_contact_joint_is_an_ordinary_object():
    """Only ode.ContactJoint itself is left to its group: a subclass's objects are kept by the world and
    walked by the collector, and a world holding them is still collected when dropped."""

    class Tagged(ode.ContactJoint):
        pass

    world, group, bodies, joints = _scene()
    c = ode.Contact()
    c.setContactGeomParams((0.0, 0.0, 0.0), (0.0, 0.0, 1.0), 0.01)
    t = Tagged(world, group, c)
    t.attach(bodies[0], None)
    assert gc.is_tracked(t) and any(bodies[0].getJoint(i) is t for i in range(2))
    ref = weakref.ref(world)
    del world, group, bodies, joints, t
    gc.collect()
    assert ref() is None
