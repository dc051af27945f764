"""The native contact pipeline (space.collideContacts) against a PyODE-style Python near-callback."""

import math

import numpy as np
import pytest
from contact_piles import contact_template, joint_rows, pile
from kernels import core_kernel

import ode
from ode import _layout as L

SINGLE = ode.precision == "single"


def _surfaced(c, template):
    """Contact c with the template's surface parameters, as a PyODE near-callback sets them."""
    c.setMode(template.getMode())
    c.setMu(template.getMu())
    c.setBounce(template.getBounce())
    c.setBounceVel(template.getBounceVel())
    c.setSoftERP(template.getSoftERP())
    return c


def _python_step(world, space, group, template, max_contacts):
    """What a PyODE near-callback does (recursing into sub-spaces), then one quickStep-free world.step."""

    def near(_, g1, g2):
        if g1.isSpace() or g2.isSpace():
            ode.collide2(g1, g2, None, near)
            return
        b1, b2 = g1.getBody(), g2.getBody()
        if b1 is None and b2 is None:
            return
        if b1 is not None and b2 is not None and ode.areConnectedExcluding(b1, b2, ode.JointTypeContact):
            return
        for c in ode.collide(g1, g2, max_contacts):
            j = ode.ContactJoint(world, group, _surfaced(c, template))
            j.attach(b1, b2)

    def visit(s):
        s.collide(None, near)
        for g in s:
            if g.isSpace():
                visit(g)

    visit(space)


def test_native_contacts_equal_the_python_callback_joints_and_trajectory():
    template = contact_template()
    wa, sa, ba = pile()
    wb, sb, bb = pile()
    ga, gb = ode.JointGroup(), ode.JointGroup()
    steps = 40 if ode.backend == "core" else 12
    total = 0
    for _ in range(steps):
        _python_step(wa, sa, ga, template, 4)
        n = sb.collideContacts(wb, gb, template, max_contacts=4)
        assert n == len(gb) == len(ga)
        total += n
        ia, ra = joint_rows(wa, len(ga))
        ib, rb = joint_rows(wb, len(gb))
        # identical rows: same slots, bodies, flags, mode, geometry and surface (params are untouched)
        assert np.array_equal(ia, ib)
        assert np.array_equal(ra, rb)
        wa.step(0.01)
        wb.step(0.01)
        ga.empty()
        gb.empty()
        for x, y in zip(ba, bb):
            assert x.getPosition() == y.getPosition() and x.getQuaternion() == y.getQuaternion()
    assert total > 4 * steps
    assert all(b.getPosition()[2] > -0.1 for b in bb)        # the floor holds the pile


def test_empty_releases_the_rows_and_slots_are_reused():
    world, space, _ = pile(8, 4, nested=False)
    group = ode.JointGroup()
    for _ in range(30):
        world.step(0.02)
    n = space.collideContacts(world, group, max_contacts=3)
    assert n > 0 and len(group) == n
    j = world._state.joints
    live = int((j.ints[:j.count, L.JI_ALIVE] == 1).sum())
    assert live == n + 1                       # the hinge and the contacts
    count = j.count
    group.empty()
    assert len(group) == 0
    assert int((j.ints[:j.count, L.JI_ALIVE] == 1).sum()) == 1
    assert j.count == int(np.nonzero(j.ints[:count, L.JI_ALIVE])[0][-1]) + 1   # no freed rows at the end
    m = space.collideContacts(world, group, max_contacts=3)
    assert m == n and j.count == count         # freed rows are reused, lowest first


def test_options_cap_skip_connected_and_static_pairs():
    world = ode.World()
    space = ode.SimpleSpace()
    floor = ode.GeomPlane(space, (0, 0, 1), 0.0)
    b1, b2 = ode.Body(world), ode.Body(world)
    g1, g2 = ode.GeomBox(space, (1, 1, 1)), ode.GeomBox(space, (1, 1, 1))
    g1.setBody(b1)
    g2.setBody(b2)
    b1.setPosition((0, 0, 0.45))
    b2.setPosition((0.9, 0, 0.45))
    ode.GeomSphere(space, 0.5).setPosition((5, 5, 0.2))       # static sphere on the static floor: no joint
    group = ode.JointGroup()
    n = space.collideContacts(world, group, max_contacts=4)
    assert n == 4 + 4 + 4                      # box-floor twice, box-box capped at 4
    group.empty()
    assert space.collideContacts(world, group, max_contacts=1) == 3
    group.empty()
    fixed = ode.FixedJoint(world)
    fixed.attach(b1, b2)
    assert space.collideContacts(world, group, max_contacts=4) == 8
    group.empty()
    assert space.collideContacts(world, group, max_contacts=4, skip_connected=False) == 12
    group.empty()
    g2.setCategoryBits(1)
    g2.setCollideBits(0)
    g1.setCollideBits(2)
    floor.setCollideBits(2)
    assert space.collideContacts(world, group, max_contacts=4, skip_connected=False) == 4
    group.empty()                              # bits=False: the near-callback that does not test the bits
    assert space.collideContacts(world, group, max_contacts=4, skip_connected=False, bits=False) == 12


def test_bits_option_in_nested_spaces_and_kinds():
    """bits=False ignores the category/collide bits at every level (sub-spaces, one-against-many and
    space-against-space pairs); disabled geoms and same-body pairs stay out."""
    for kind in (ode.SimpleSpace, ode.HashSpace, ode.SAPSpace):
        world = ode.World()
        top = kind()
        sub = kind(top)
        sub2 = ode.SimpleSpace(sub)
        floor = ode.GeomPlane(top, (0, 0, 1), 0.0)
        floor.setCategoryBits(1)
        floor.setCollideBits(0)
        boxes = []
        for k, space in enumerate((top, sub, sub, sub2)):
            b = ode.Body(world)
            b.setPosition((2.0 * k, 0, 0.45))
            g = ode.GeomBox(space, (1, 1, 1))
            g.setBody(b)
            g.setCategoryBits(2)
            g.setCollideBits(0)
            boxes.append(g)
        group = ode.JointGroup()
        assert space_count(top, world, group, True) == 0
        assert space_count(top, world, group, False) == 4 * 4        # every box on the floor
        boxes[2].disable()
        assert space_count(top, world, group, False) == 3 * 4
        boxes[2].enable()
        boxes[2].setBody(boxes[1].getBody())                          # same body as box 1: still kept apart
        boxes[2].getBody().setPosition((2.0, 0, 0.45))
        assert space_count(top, world, group, False) == 4 * 4
        floor.setCategoryBits(2**64 - 1)
        floor.setCollideBits(2**64 - 1)
        assert space_count(top, world, group, True) == space_count(top, world, group, False)


def space_count(space, world, group, bits):
    group.empty()
    return space.collideContacts(world, group, max_contacts=4, skip_connected=False, bits=bits)


def test_reversed_attachment_flips_the_normal():
    world = ode.World()
    space = ode.SimpleSpace()
    b = ode.Body(world)
    moving = ode.GeomSphere(space, 1.0)
    static = ode.GeomSphere(space, 1.0)          # newest comes first: geom 1 of the pair is static
    moving.setBody(b)
    b.setPosition((0, 0, 1.5))
    group = ode.JointGroup()
    assert space.collideContacts(world, group, max_contacts=1) == 1
    j = world._state.joints
    row = int(np.nonzero(j.ints[:j.count, L.JI_ALIVE])[0][0])
    assert j.ints[row, L.JI_B1] == b._slot and j.ints[row, L.JI_B2] == -1
    assert j.ints[row, L.JI_FLAGS] & L.JF_REVERSE
    c = ode.collide(static, moving, 1)[0]
    n = c.getContactGeomParams()[1]
    assert tuple(j.real[row, L.J_C_NORMAL:L.J_C_NORMAL + 3]) == pytest.approx((-n[0], -n[1], -n[2]))
    assert math.isclose(j.real[row, L.J_C_DEPTH], 0.5, rel_tol=1e-6)


def test_bad_arguments_raise():
    world = ode.World()
    space = ode.SimpleSpace()
    group = ode.JointGroup()
    with pytest.raises(TypeError):
        space.collideContacts("world", group)
    with pytest.raises(TypeError):
        space.collideContacts(world, [])
    with pytest.raises(TypeError):
        space.collideContacts(world, group, contact="surface")
    with pytest.raises(ValueError):
        space.collideContacts(world, group, max_contacts=-1)
    with pytest.raises(TypeError):
        space.collideContacts(world, group, bits="no")
    group.destroy()
    with pytest.raises(ode.ODEError):
        space.collideContacts(world, group)


@pytest.mark.parametrize("precision", ["double", "single"])
def test_batch_narrow_phase_core_matches_twin(precision):

    from ode._fallback import contacts as twin_contacts
    from ode.geoms import STORE

    core = core_kernel("contacts", precision)
    if precision != ode.precision:
        pytest.skip("the geom store holds the process precision's reals")
    _, space, _ = pile(20, 10, nested=False, seed=9)
    from ode.collision import leaf_pairs
    from ode.spaces import prepare

    prepare(space)
    a, b = leaf_pairs(space)
    assert a.shape[0] > 10
    rc, oc = core.collide_many(STORE.slots.real, STORE.slots.ints, a, b, 4)
    rt, ot = twin_contacts.collide_many(STORE.slots.real, STORE.slots.ints, a, b, 4)
    assert rc.shape[0] > 10 and np.array_equal(oc, ot)
    if precision == "double":
        assert np.array_equal(rc, rt)
    else:
        assert np.allclose(rc, rt, atol=1e-4)    # twin computes in double, stores float32


def _rows_by_pair(world, group_size) -> np.ndarray:
    """The live contact joints' (bodies, position, normal, depth) rows, sorted: an order-free comparison."""
    ints, real = joint_rows(world, group_size)
    rows = np.column_stack((ints[:, L.JI_B1], ints[:, L.JI_B2], real[:, L.J_C_POS:L.J_C_POS + 3],
                            real[:, L.J_C_NORMAL:L.J_C_NORMAL + 3], real[:, L.J_C_DEPTH])).astype(float)
    return rows[np.lexsort(np.round(rows[:, :5], 3).T[::-1])]


def test_special_pairs_go_to_the_python_callback():
    """With special geoms and a callback, their pairs leave the native work and reach callback(data, g1, g2)
    once each (as space.collide's near-callback would get them); a callback that does what the pipeline does
    gives the same contact joints as the pipeline alone, the rest made natively."""
    template = contact_template()
    wa, sa, ba = pile(nested=False)
    wb, sb, bb = pile(nested=False)
    ga, gb = ode.JointGroup(), ode.JointGroup()
    special = [g for g in sb if g.getBody() in bb[::3]]
    assert special
    calls = []

    def near(data, g1, g2):
        calls.append((data, g1, g2))
        b1, b2 = g1.getBody(), g2.getBody()
        if b1 is None and b2 is None or b1 is not None and b2 is not None and \
                ode.areConnectedExcluding(b1, b2, ode.JointTypeContact):
            return
        for c in ode.collide(g1, g2, 4):
            ode.ContactJoint(wb, gb, _surfaced(c, template)).attach(b1, b2)

    by_hand = total = 0
    for _ in range(10):
        n = sa.collideContacts(wa, ga, template, max_contacts=4)
        calls.clear()
        native = sb.collideContacts(wb, gb, template, max_contacts=4, special=special, callback=near,
                                    data="tag")
        expected = []
        sb.collide(expected, lambda out, g1, g2: out.append((g1, g2)) if g1 in special or g2 in special
                   else None)
        assert {(id(a), id(b)) for _, a, b in calls} == {(id(a), id(b)) for a, b in expected}
        assert len(calls) == len(expected) and all(d == "tag" for d, _, _ in calls)
        assert len(gb) == n and native <= n
        # joint order differs (callback joints come last), so float32 solves round differently
        np.testing.assert_allclose(_rows_by_pair(wa, len(ga)), _rows_by_pair(wb, len(gb)),
                                   rtol=0, atol=1e-4 if SINGLE else 1e-9)
        by_hand += len(gb) - native
        total += n
        wa.step(0.01)
        wb.step(0.01)
        ga.empty()
        gb.empty()
    assert by_hand > 0 and total > by_hand


def test_special_arguments_are_checked():
    world, space, group = ode.World(), ode.SimpleSpace(), ode.JointGroup()
    g = ode.GeomSphere(space, 1.0)
    with pytest.raises(TypeError, match="callback"):
        space.collideContacts(world, group, special=[g])
    with pytest.raises(TypeError, match="special"):
        space.collideContacts(world, group, callback=lambda *a: None)
    with pytest.raises(TypeError, match="geoms"):
        space.collideContacts(world, group, special=[space], callback=lambda *a: None)
    g.destroy()
    with pytest.raises(ode.ODEError):
        space.collideContacts(world, group, special=[g], callback=lambda *a: None)


def test_batch_buffers_are_kept_by_the_world_and_reused_across_steps():
    """The contact records live in one grow-only Batch per world: once the largest batch was seen, later
    steps reuse it (no growth), and the joint rows are taken as one range and released as one."""
    world, space, _ = pile(12, 6, nested=False, seed=3)
    group = ode.JointGroup()
    template = contact_template()
    counts, caps = [], []
    batch = None
    for _ in range(30 if ode.backend == "core" else 8):
        n = space.collideContacts(world, group, template, max_contacts=4)
        ws = world._state.contact_batch
        assert batch is None or ws is batch
        batch = ws
        assert ws.count == n and ws.capacity >= n
        counts.append(n)
        caps.append(ws.capacity)
        j = world._state.joints
        live = j.ints[:j.count]
        rows = np.nonzero((live[:, L.JI_TYPE] == L.JT_CONTACT) & (live[:, L.JI_ALIVE] == 1))[0]
        assert rows.shape[0] == n and (n == 0 or rows[-1] - rows[0] == n - 1)   # one range of rows
        world.step(0.01)
        group.empty()
        assert j.count == 1 and not j.ints[1:1 + n].any()      # the hinge is left; the rows marked free
    assert max(counts) > 0
    big = counts.index(max(counts))
    assert all(c == caps[big] for c in caps[big:])


def test_batch_kernel_core_matches_twin_rows():
    """collide_batch and write_rows of the core against their twins (double): the same records, bodies and
    joint rows, bit for bit, with a joined pair skipped, a static pair and a transform-flipped pair."""

    from ode._fallback import contacts as twin
    from ode.geoms import STORE

    if ode.backend != "core" or ode.precision != "double":
        pytest.skip("the compiled double kernel is compared with the twin")
    core = core_kernel("contacts", "double")
    world, space, bodies = pile(20, 10, nested=False, seed=9)
    for _ in range(20):
        world.step(0.02)
    from ode.collision import _surface, leaf_pairs
    from ode.spaces import prepare

    prepare(space)
    a, b = leaf_pairs(space)
    a, b = a.astype(np.int32), b.astype(np.int32)
    flip = np.zeros(a.shape[0], dtype=bool)
    flip[::3] = True
    j = world._state.joints
    gs = STORE.slots
    mode, fdir1, values = _surface(contact_template())
    out, batches = [], []
    for mod in (core, twin):
        ws = mod.Batch()
        batches.append(ws)
        for _ in range(2):                               # the second call reuses the buffers
            k = mod.collide_batch(ws, gs.real, gs.ints, a, b, a, b, flip, 4, STORE.bodykey,
                                  STORE.world_number(world), j.ints, j.count, True)
        real = np.full((k + 3, L.JR), 7.0)
        ints = np.full((k + 3, L.JI), 7, dtype=np.int32)
        mod.write_rows(ws, real, ints, np.arange(3, k + 3, dtype=np.intp), mode, fdir1, values)
        out.append((k, ws.records(), real, ints))
    (kc, rc, realc, intc), (kt, rt, realt, intt) = out
    assert kc == kt > 10
    assert all(np.array_equal(x, y) for x, y in zip(rc, rt))
    assert realc.tobytes() == realt.tobytes() and intc.tobytes() == intt.tobytes()
    assert (intc[3:, L.JI_B1] >= 0).all() and (intc[3:, L.JI_B2] == -1).any()     # static pairs, reversed
    joined = {(bodies[0]._slot, bodies[1]._slot), (bodies[1]._slot, bodies[0]._slot)}
    assert not any((x, y) in joined for x, y in zip(rc[1].tolist(), rc[2].tolist()))
    with pytest.raises(IndexError):
        far = np.arange(1, kc + 1, dtype=np.intp) + 10 ** 6
        core.write_rows(batches[0], realc, intc, far, mode, fdir1, values)


def test_slots_take_rows_and_release_range_follow_take_many_and_release_many():
    """Slots.take_rows (a range when no free row lies below count) and release_range give the rows,
    generations, count and zeroed rows of take_many and release_many (rows dropped past count keep their
    reals: whoever takes them again writes them whole)."""
    from ode._state import Slots

    for free_first in (False, True):
        s, t = Slots(L.JR, L.JI, capacity=4), Slots(L.JR, L.JI, capacity=4)
        for x in (s, t):
            x.take_many(5)
            x.real[:5] = 1.0
            if free_first:
                x.release_many([1, 3])
        rs = s.take_rows(7)
        rt = t.take_many(7)
        assert rs.dtype == np.intp and rs.tolist() == rt and s.generation == t.generation
        assert s.count == t.count
        for x in (s, t):
            x.real[:x.count] = 2.0
        lo = rt[-3]
        s.release_range(lo, lo + 3)
        t.release_many(list(range(lo, lo + 3)))
        assert s.generation == t.generation and s.count == t.count
        assert s.real[:s.count].tobytes() == t.real[:t.count].tobytes()
        assert s.ints.tobytes() == t.ints.tobytes()
        s.release_range(0, 2)                            # not at the end: the rows enter the free heap
        t.release_many([0, 1])
        assert not s.real[:2].any() and s.real[:s.count].tobytes() == t.real[:t.count].tobytes()
        assert s.take_rows(3).tolist() == t.take_many(3) and s.generation == t.generation


def test_batch_load_checks_its_arrays_and_count_is_read_only():
    from ode.collision import _contacts_kernel

    ws = _contacts_kernel().Batch()
    with pytest.raises(ValueError):
        ws.load(np.zeros((2, L.CR), dtype=np.int64), [0, 0], [0, 0])
    with pytest.raises(ValueError):
        ws.load(np.zeros((2, L.CR), dtype=ode._backend.REAL), [0], [0, 0])
    recs = np.arange(2 * L.CR, dtype=ode._backend.REAL).reshape(2, L.CR)
    ws.load(recs, [0, -1], [3, 4])
    got = ws.records()
    assert ws.count == 2 and np.array_equal(got[0], recs) and got[1].tolist() == [0, -1]
    if ode.backend == "core":
        with pytest.raises(AttributeError):
            ws.count = 10 ** 6               # the kernels trust it: not writable from Python
