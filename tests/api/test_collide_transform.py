"""GeomTransform pairs on ode.collide's fast path: the same contacts through every entry point, and the
helper row (the encapsulated geom at its world pose) follows every change made between collides."""

from __future__ import annotations

import math

import numpy as np
import pytest
from kernels import kernel_pair

import ode
from ode import _backend
from ode import _layout as L
from ode.geoms import STORE


def _rot(rng) -> tuple:
    """A random rotation matrix (row-major) from a unit quaternion."""
    w, x, y, z = rng.normal(size=4)
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return (1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))


def _inner(kind: int):
    return [lambda: ode.GeomSphere(None, 0.3), lambda: ode.GeomBox(None, (0.3, 0.4, 0.5)),
            lambda: ode.GeomCapsule(None, 0.2, 0.4), lambda: ode.GeomCylinder(None, 0.2, 0.4)][kind]()


def _scene(seed: int = 3, n: int = 24):
    """Bodies carrying transforms (random inner geoms, local poses, info modes) and leaves (some with
    offsets) in a hash space with a sub-space, above a plane."""
    rng = np.random.default_rng(seed)
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.HashSpace()
    sub = ode.SimpleSpace(space)
    ode.GeomPlane(space, (0, 0, 1), 0.0)
    bodies, geoms = [], []
    for i in range(n):
        b = ode.Body(world)
        m = ode.Mass()
        m.setSphere(500.0, 0.3)
        b.setMass(m)
        b.setPosition(tuple(float(x) for x in (rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8),
                                               0.25 + 0.12 * i)))
        b.setRotation(_rot(rng))
        where = sub if i % 3 == 0 else space
        if i % 2 == 0:
            g = ode.GeomTransform(where)
            inner = _inner(int(rng.integers(0, 4)))
            inner.setPosition(tuple(float(x) for x in rng.uniform(-0.2, 0.2, 3)))
            inner.setRotation(_rot(rng))
            g.setGeom(inner)
            g.setInfo(int(i % 4 == 0))
            g._test_inner = inner
        else:
            g = _inner(int(rng.integers(0, 4)))
            g.setBody(b)
            if i % 4 == 1:
                g.setOffsetPosition(tuple(float(x) for x in rng.uniform(-0.1, 0.1, 3)))
                g.setOffsetRotation(_rot(rng))
            bodies.append(b)
            geoms.append(g)
            continue
        g.setBody(b)
        bodies.append(b)
        geoms.append(g)
    return world, space, bodies, geoms


def _params(contacts: list) -> list:
    return [c.getContactGeomParams() for c in contacts]


def _near_contacts(space) -> list:
    """[(g1, g2, contacts)] from ode.collide inside a space.collide pass (sub-spaces via collide2)."""
    out = []

    def near(_, g1, g2):
        if g1.isSpace() or g2.isSpace():
            ode.collide2(g1, g2, None, near)
            return
        out.append((g1, g2, _params(ode.collide(g1, g2, 8))))

    space.collide(None, near)
    return out


def test_collide_space_collide_and_native_pipeline_agree() -> None:
    """Transform pairs: ode.collide inside a pass = outside a pass, and collideContacts writes exactly the
    joints a near-callback makes from them, over steps in which the bodies move."""
    wa, sa, ba, _ = _scene()
    wb, sb, bb, _ = _scene()
    ga, gb = ode.JointGroup(), ode.JointGroup()
    with_transform = 0
    for _ in range(12):
        found = _near_contacts(sa)
        for g1, g2, inside in found:
            assert _params(ode.collide(g1, g2, 8)) == inside       # outside a pass: the same contacts
            if isinstance(g1, ode.GeomTransform) or isinstance(g2, ode.GeomTransform):
                with_transform += len(inside)
            b1, b2 = g1.getBody(), g2.getBody()
            if b1 is None and b2 is None:
                continue
            for c in ode.collide(g1, g2, 8):
                ode.ContactJoint(wa, ga, c).attach(b1, b2)
        n = sb.collideContacts(wb, gb, None, max_contacts=8, skip_connected=False)
        assert n == len(ga) == len(gb)
        ja, jb = wa._state.joints, wb._state.joints
        assert np.array_equal(ja.ints[:ja.count], jb.ints[:jb.count])
        assert np.array_equal(ja.real[:ja.count], jb.real[:jb.count])
        wa.step(0.01)
        wb.step(0.01)
        ga.empty()
        gb.empty()
        for x, y in zip(ba, bb):
            assert x.getPosition() == y.getPosition()
    assert with_transform > 20


def _pair_at(body_pos, inner_pos, inner_rot=None, lengths=(0.4, 0.4, 0.4)):
    """A transform on a body (inner box at a local pose) and a static sphere at the origin."""
    world = ode.World()
    b = ode.Body(world)
    b.setPosition(body_pos)
    t = ode.GeomTransform(None)
    box = ode.GeomBox(None, lengths)
    box.setPosition(inner_pos)
    if inner_rot is not None:
        box.setRotation(inner_rot)
    t.setGeom(box)
    t.setBody(b)
    s = ode.GeomSphere(None, 0.3)
    return world, b, t, box, s


def test_changes_between_collides_are_picked_up() -> None:
    """Moving or turning the transform's body, the inner geom's local pose or size, swapping or removing
    the inner geom after a first collide: the next collide (both argument orders) sees the change, with
    exactly the contacts of a transform built in the new configuration."""
    rng = np.random.default_rng(1)
    _w, b, t, box, s = _pair_at((0.0, 0.0, 0.45), (0.0, 0.0, 0.0))
    first = _params(ode.collide(s, t, 4))
    assert first and _params(ode.collide(t, s, 4))

    def same_as_fresh(body_pos, inner_pos, inner_rot=None, lengths=(0.4, 0.4, 0.4), body_rot=None):
        _w2, b2, t2, _box2, s2 = _pair_at(body_pos, inner_pos, inner_rot, lengths)
        if body_rot is not None:
            b2.setRotation(body_rot)
        for x, y, x2, y2 in ((s, t, s2, t2), (t, s, t2, s2)):
            got = [(p, n, d) for p, n, d, _a, _b in _params(ode.collide(x, y, 4))]
            ref = [(p, n, d) for p, n, d, _a, _b in _params(ode.collide(x2, y2, 4))]
            assert got == ref
        return len(ref)

    b.setPosition((0.0, 0.0, 3.0))                       # the body moves away
    assert ode.collide(s, t, 4) == [] and ode.collide(t, s, 4) == []
    b.setPosition((0.1, 0.0, 0.45))                      # and back, elsewhere
    assert same_as_fresh((0.1, 0.0, 0.45), (0.0, 0.0, 0.0)) > 0
    R = _rot(rng)
    b.setRotation(R)                                     # the body turns
    assert same_as_fresh((0.1, 0.0, 0.45), (0.0, 0.0, 0.0), body_rot=R) > 0
    b.setRotation((1, 0, 0, 0, 1, 0, 0, 0, 1))
    box.setPosition((0.0, 0.0, 2.0))                     # the inner geom's local pose moves it away
    assert ode.collide(s, t, 4) == []
    box.setPosition((0.0, 0.05, -0.1))
    Ri = _rot(rng)
    box.setRotation(Ri)
    assert same_as_fresh((0.1, 0.0, 0.45), (0.0, 0.05, -0.1), Ri) > 0
    box.setLengths((0.1, 0.1, 0.1))                      # the inner geom's size
    same_as_fresh((0.1, 0.0, 0.45), (0.0, 0.05, -0.1), Ri, (0.1, 0.1, 0.1))
    other = ode.GeomSphere(None, 0.5)                    # another inner geom
    t.setGeom(other)
    got = _params(ode.collide(s, t, 4))
    assert got and got[0][4] is t
    t.setGeom(None)
    assert ode.collide(s, t, 4) == [] and ode.collide(t, s, 4) == []
    t.setGeom(other)
    t.setInfo(1)
    assert _params(ode.collide(s, t, 4))[0][4] is other
    other.destroy()                                      # a destroyed inner geom: no contacts
    assert ode.collide(s, t, 4) == [] and t.getGeom() is None


def test_changes_between_passes_are_picked_up() -> None:
    """Inside space.collide the helper row the pass prepared is used; a change made between passes is
    seen by the next pass (and by the native pipeline)."""
    world = ode.World()
    space = ode.SimpleSpace()
    b = ode.Body(world)
    b.setPosition((0.0, 0.0, 0.5))
    t = ode.GeomTransform(space)
    box = ode.GeomBox(None, (0.4, 0.4, 0.4))
    t.setGeom(box)
    t.setBody(b)
    ode.GeomSphere(space, 0.3)
    group = ode.JointGroup()

    def counts():
        seen = [len(c) for _g1, _g2, c in _near_contacts(space)]
        n = space.collideContacts(world, group, None, 4)
        group.empty()
        return sum(seen), n

    c0 = counts()
    assert c0[0] > 0 and c0[0] == c0[1]
    b.setPosition((0.0, 0.0, 3.0))
    assert counts() == (0, 0)
    b.setPosition((0.0, 0.0, 0.5))
    assert counts() == c0
    box.setPosition((2.0, 0.0, 0.0))
    assert counts() == (0, 0)
    box.setPosition((0.0, 0.0, 0.0))
    assert counts() == c0


def test_a_transform_added_during_a_pass_is_materialised() -> None:
    """A transform whose helper row the running pass never wrote (added to the prepared space inside a
    near-callback) is composed on the spot, not read as an empty row."""
    space = ode.SimpleSpace()
    a = ode.GeomSphere(space, 0.3)
    b = ode.GeomSphere(space, 0.3)
    b.setPosition((0.4, 0.0, 0.0))
    inner = ode.GeomBox(None, (0.5, 0.5, 0.5))
    inner.setPosition((0.1, 0.0, 0.0))
    seen = []

    def near(_, g1, g2):
        t = ode.GeomTransform(space)
        t.setGeom(inner)
        seen.append((t, _params(ode.collide(a, t, 4))))

    space.collide(None, near)
    (t, inside), = seen
    assert inside and inside == _params(ode.collide(a, t, 4))


def test_transform_kernels_core_equals_twin() -> None:
    """transform_row, body_pose and pair_contacts(flip=True): the compiled kernels and their Python twins
    write the same rows and contacts bit for bit (double)."""
    core, twin = kernel_pair("collide", "double")
    core_space, twin_space = kernel_pair("space", "double")

    rng = np.random.default_rng(4)
    for it in range(60):
        greal = np.zeros((4, L.GR))
        gint = np.zeros((4, L.GI), dtype=np.int32)
        breal = np.zeros((2, L.BR))
        greal[:, L.G_R:L.G_R + 9] = np.eye(3).ravel()
        greal[0, L.G_POS:L.G_POS + 3] = rng.uniform(-1, 1, 3)      # the transform
        greal[0, L.G_R:L.G_R + 9] = _rot(rng)
        gint[0, L.GI_CLASS] = L.GC_TRANSFORM
        gint[0, L.GI_BODY] = it % 3 - 1
        kind = it % 4                                              # the inner geom
        gint[1, L.GI_CLASS] = (L.GC_SPHERE, L.GC_BOX, L.GC_CAPSULE, L.GC_CYLINDER)[kind]
        greal[1, L.G_POS:L.G_POS + 3] = rng.uniform(-0.5, 0.5, 3)
        greal[1, L.G_R:L.G_R + 9] = _rot(rng)
        greal[1, L.G_PARAM:L.G_PARAM + 3] = rng.uniform(0.2, 0.6, 3)
        gint[3, L.GI_CLASS] = L.GC_BOX                             # a leaf on a body, maybe with an offset
        greal[3, L.G_SIDES:L.G_SIDES + 3] = rng.uniform(0.3, 0.9, 3)
        breal[1, L.B_POS:L.B_POS + 3] = rng.uniform(-1, 1, 3)
        breal[1, L.B_R:L.B_R + 9] = _rot(rng)
        if it % 2:
            gint[3, L.GI_FLAGS] = 8
            greal[3, L.G_OFFPOS:L.G_OFFPOS + 3] = rng.uniform(-0.3, 0.3, 3)
            greal[3, L.G_OFFR:L.G_OFFR + 9] = _rot(rng)
        out = []
        for k, sp in ((core, core_space), (twin, twin_space)):
            gr, gi = greal.copy(), gint.copy()
            assert k.transform_row(gr, gi, 0, 1, 2) == 2
            assert k.body_pose(gr, gi, 3, breal, 1) == 3
            cs = sp.pair_contacts(gr, gi, 2, 3, 8, ode.Contact, "a", "b", True)
            out.append((gr, gi, [c.getContactGeomParams() for c in cs]))
        (ra, ia, ca), (rb, ib, cb) = out
        assert ra.tobytes() == rb.tobytes() and np.array_equal(ia, ib) and ca == cb
        assert ia[2, L.GI_BODY] == gint[0, L.GI_BODY] and ia[2, L.GI_CLASS] == gint[1, L.GI_CLASS]
        assert np.array_equal(ra[0, L.G_AABB:L.G_AABB + 6], ra[2, L.G_AABB:L.G_AABB + 6])
        flipped = core_space.pair_contacts(ra, ia, 2, 3, 8, ode.Contact, "a", "b")
        unflipped = [c.getContactGeomParams() for c in flipped]
        assert [(p, tuple(-x for x in n), d) for p, n, d, _a, _b in unflipped] \
            == [(p, n, d) for p, n, d, _a, _b in ca]


@pytest.mark.parametrize("precision", ["double", "single"])
def test_body_poses_core_equals_twin(precision: str) -> None:
    """body_poses (every attached geom of a world in one call, offsets composed in the real type): the
    compiled kernel and the twin's vectorised numpy agree bit for bit, in both precisions, and equal
    body_pose row by row."""
    core, twin = kernel_pair("collide", precision)

    dt = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(9)
    greal = np.zeros((40, L.GR), dtype=dt)
    gint = np.zeros((40, L.GI), dtype=np.int32)
    breal = np.zeros((12, L.BR), dtype=dt)
    for b in range(12):
        breal[b, L.B_POS:L.B_POS + 3] = rng.uniform(-5, 5, 3)
        breal[b, L.B_R:L.B_R + 9] = _rot(rng)
    gs = rng.permutation(40)[:30]
    bs = rng.integers(0, 12, 30)
    for g in gs[::2]:
        gint[g, L.GI_FLAGS] = 8
        greal[g, L.G_OFFPOS:L.G_OFFPOS + 3] = rng.uniform(-1, 1, 3)
        greal[g, L.G_OFFR:L.G_OFFR + 9] = _rot(rng)
    a, b, c = greal.copy(), greal.copy(), greal.copy()
    core.body_poses(a, gint, gs, breal, bs)
    twin.body_poses(b, gint, gs, breal, bs)
    for g, body in zip(gs.tolist(), bs.tolist()):
        core.body_pose(c, gint, g, breal, body)
    assert a.tobytes() == b.tobytes() == c.tobytes()
    assert not np.array_equal(a, greal)
    with pytest.raises(IndexError):
        core.body_poses(a, gint, [0], breal, [12])
    with pytest.raises(ValueError):
        core.body_poses(a, gint, [0, 1], breal, [0])


def test_transform_kernels_reject_bad_rows() -> None:
    """Out-of-range or aliased rows and wrong arrays raise instead of writing anywhere."""
    k = _backend.kernel("collide")
    real, ints = STORE.slots.real, STORE.slots.ints
    big = real.shape[0]
    with pytest.raises(IndexError):
        k.transform_row(real, ints, 0, 1, big)
    with pytest.raises(IndexError):
        k.transform_row(real, ints, -1, 1, 2)
    with pytest.raises(ValueError):
        k.transform_row(real, ints, 0, 1, 1)
    with pytest.raises(ValueError):
        k.transform_row(real[:, :10].copy(), ints, 0, 1, 2)
    breal = np.zeros((2, L.BR), dtype=real.dtype)
    with pytest.raises(IndexError):
        k.body_pose(real, ints, 0, breal, 2)
    with pytest.raises(ValueError):
        k.body_pose(real, ints, 0, np.zeros((2, 3), dtype=real.dtype), 0)
    with pytest.raises((TypeError, ValueError)):
        k.body_pose(real, ints, 0, None, 0)
