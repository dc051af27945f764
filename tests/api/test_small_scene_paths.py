"""The paths that keep small scenes cheap (benchmarks/bench_small.py) give the same state as the general ones:
collideContacts' batch kernel against its per-pair path, the contact joint's whole-row writes,
Slots' byte-view zeroing, update_aabbs on an int32 row array, the lazy detach of geoms of destroyed bodies."""


import numpy as np
import pytest
from contact_piles import contact_template, joint_rows, pile
from kernels import core_kernel

import ode
from ode import _backend, collision
from ode import _layout as L
from ode._fallback import collide as twin_collide
from ode._state import Slots


def _per_pair(monkeypatch, on: bool) -> None:
    """Send collideContacts' pairs through the per-pair path (numpy filter, ``_narrow`` per pair) or not."""
    monkeypatch.setattr(collision, "_needs_python", (lambda na, nb: True) if on else _KERNEL_TEST)


_KERNEL_TEST = collision._needs_python


@pytest.mark.parametrize("nested", [True, False])
def test_kernel_and_per_pair_paths_of_collide_contacts_write_the_same_rows(monkeypatch, nested):
    """Two identical piles, one through the batch kernel, one through the per-pair path: the same joint
    rows (bytes), slots and trajectory, skip_connected on (a hinge joins two bodies)."""
    wa, sa, ba = pile(10, 6, nested=nested, seed=2)
    wb, sb, bb = pile(10, 6, nested=nested, seed=2)
    ga, gb = ode.JointGroup(), ode.JointGroup()
    template = contact_template()
    total = 0
    for _ in range(25 if ode.backend == "core" else 6):
        _per_pair(monkeypatch, False)
        n = sa.collideContacts(wa, ga, template, max_contacts=3)
        _per_pair(monkeypatch, True)
        assert sb.collideContacts(wb, gb, template, max_contacts=3) == n
        total += n
        ia, ra = joint_rows(wa, n)
        ib, rb = joint_rows(wb, n)
        assert ia.tobytes() == ib.tobytes() and ra.tobytes() == rb.tobytes()
        ja, jb = wa._state.joints, wb._state.joints
        assert ja.count == jb.count and ja.real[:ja.count].tobytes() == jb.real[:jb.count].tobytes()
        assert ja.ints[:ja.count].tobytes() == jb.ints[:jb.count].tobytes()
        assert ja.generation == jb.generation
        wa.step(0.01)                  # (not quickStep: its shuffle draws from the process-wide seed)
        wb.step(0.01)
        ga.empty()
        gb.empty()
    assert total > 20
    for x, y in zip(ba, bb):
        assert x.getPosition() == y.getPosition()


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_template_values_the_real_type_cannot_hold_are_stored_as_inf(monkeypatch):
    """A template value stored past the setters that a float32 row cannot hold (single precision): both
    paths store inf, as a numpy store would."""
    rows = []
    for per_pair in (False, True):
        world, space, _ = pile(4, 2, nested=False, seed=1)
        for _ in range(40):
            world.step(0.02)
        group = ode.JointGroup()
        c = ode.Contact()
        c.bounce_vel = 1e300
        _per_pair(monkeypatch, per_pair)
        n = space.collideContacts(world, group, c, max_contacts=2)
        assert n > 0
        rows.append(joint_rows(world, n)[1])
    assert rows[0].tobytes() == rows[1].tobytes()
    assert (rows[0][:, L.J_C_MU + 6] == (np.inf if ode.precision == "single" else 1e300)).all()


def test_slots_zero_rows_and_reuse_lowest_first():
    s = Slots(L.JR, L.JI, capacity=2)
    rows = [s.allocate() for _ in range(5)]           # grows twice: the views follow the new arrays
    assert rows == [0, 1, 2, 3, 4]
    s.real[:] = 7.0
    s.ints[:] = 7
    s.release_many([3, 1])
    assert not s.real[[1, 3]].any() and not s.ints[[1, 3]].any() and (s.real[[0, 2, 4]] == 7).all()
    assert s.take() == 1 and s.allocate() == 3
    s.real[:] = 7.0
    s.release_many(list(range(5)))
    assert not s.real[:5].any() and not s.ints[:5].any()
    big = Slots(L.JR, L.JI)                          # above 16 rows release_many zeroes through numpy
    got = [big.allocate() for _ in range(40)]
    big.real[:] = 1.0
    big.release_many(got[::2])
    assert not big.real[got[::2]].any() and (big.real[got[1::2]] == 1.0).all()
    with pytest.raises(IndexError):
        big.release_many([-1])


def test_update_aabbs_int32_rows_match_the_twin_and_check_rows():
    from geom_rows import PRIMS, make_record

    if ode.backend != "core" or _backend.precision != "double":
        pytest.skip("the compiled double kernel is compared with the twin")
    core = core_kernel("collide", "double")
    rng = np.random.default_rng(4)
    n = 36
    greal = np.zeros((n, L.GR))
    gint = np.zeros((n, L.GI), dtype=np.int32)
    for k in range(n):
        make_record(PRIMS[k % 6], rng, greal, gint, k, aligned=k % 12 < 6)
    rows = rng.permutation(n).astype(np.int32)[:30]
    a, b, c = greal.copy(), greal.copy(), greal.copy()
    core.update_aabbs(a, gint, rows)                   # read in C
    core.update_aabbs(b, gint, rows.tolist())          # one by one
    twin_collide.update_aabbs(c, gint, rows)
    assert a.tobytes() == b.tobytes() == c.tobytes()
    with pytest.raises(IndexError):
        core.update_aabbs(a, gint, np.array([0, n], np.int32))
    with pytest.raises(IndexError):
        core.update_aabbs(a, gint, np.array([-1], np.int32))


def test_geoms_of_a_destroyed_body_are_detached_before_the_next_pass():
    world = ode.World()
    space = ode.SimpleSpace()
    b1, b2 = ode.Body(world), ode.Body(world)
    g1, g2 = ode.GeomSphere(space, 1.0), ode.GeomSphere(space, 1.0)
    g1.setBody(b1)
    g2.setBody(b2)
    b1.setPosition((0.0, 0.0, 5.0))
    seen = []
    space.collide(None, lambda _, a, b: seen.append(1))
    assert not seen                                     # apart
    b1.destroy()
    space.collide(None, lambda _, a, b: seen.append(1))
    assert g1.getBody() is None and g1.getPosition() == (0.0, 0.0, 5.0) and not seen   # keeps its pose
    b2.setPosition((0.0, 0.0, 5.5))
    space.collide(None, lambda _, a, b: seen.append(1))
    assert seen == [1] and g2.getPosition() == (0.0, 0.0, 5.5)
