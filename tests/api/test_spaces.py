"""Spaces: the manual's pair rules, every space kind against a simple space, and broad-phase parity."""


import numpy as np
import pytest
from kernels import core_kernel

import ode
from ode._fallback import space as twin

KINDS = {
    "simple": lambda parent=None: ode.SimpleSpace(parent),
    "hash": lambda parent=None: ode.HashSpace(parent),
    "quadtree": lambda parent=None: ode.QuadTreeSpace((0, 0, 0), (12, 12, 12), 6, parent),
    "sap_xyz": lambda parent=None: ode.SAPSpace(parent, "XYZ"),
    "sap_zyx": lambda parent=None: ode.SAPSpace(parent, "ZYX"),
}


def _near_pairs(top) -> set:
    """Leaf pairs of a hierarchy: each space collided internally once, space pairs expanded with collide2."""
    found = set()

    def near(_, a, b):
        if a.isSpace() or b.isSpace():
            ode.collide2(a, b, None, near)
            return
        found.add(frozenset((id(a), id(b))))

    def visit(space):
        space.collide(None, near)
        for g in space:
            if g.isSpace():
                visit(g)

    visit(top)
    return found


def _scene(kind_top: str, kind_sub: str, seed: int, n: int = 520) -> tuple:
    """A random scene of n geoms: a top space holding geoms and three sub-spaces (one nested deeper)."""
    rng = np.random.default_rng(seed)
    world = ode.World()
    top = KINDS[kind_top]()
    subs = [KINDS[kind_sub](top) for _ in range(2)]
    subs.append(KINDS[kind_sub](subs[0]))
    bodies = [ode.Body(world) for _ in range(40)]
    geoms = []
    for i in range(n):
        where = top if i % 3 == 0 else subs[i % 3 - 1] if i % 5 else subs[2]
        c = rng.uniform(-10, 10, 3)
        if i % 11 == 0:
            c[:2] = rng.uniform(50, 60, 2)          # outside the quadtree's root block
        t = i % 4
        if t == 0:
            g = ode.GeomSphere(where, float(rng.uniform(0.1, 1.2)))
        elif t == 1:
            g = ode.GeomBox(where, tuple(rng.uniform(0.1, 2.0, 3)))
        elif t == 2:
            g = ode.GeomCapsule(where, float(rng.uniform(0.1, 0.6)), float(rng.uniform(0.1, 2.0)))
        else:
            g = ode.GeomSphere(where, float(rng.uniform(3.0, 9.0)))   # big: several hash levels
        g.setPosition(tuple(c))
        if i % 7 == 0:
            g.setCategoryBits(2)
            g.setCollideBits(4)
        if i % 13 == 0:
            g.disable()
        if i % 6 == 1:
            b = bodies[i % 40]
            b.setPosition(tuple(c))
            g.setBody(b)
        geoms.append(g)
    ode.GeomPlane(top, (0, 0, 1), -9.0)
    return world, top, geoms, bodies


def _brute(top, geoms) -> set:
    """The pairs a simple all-pairs test over the leaf geoms would give, applying every rule directly."""
    out = set()
    live = [g for g in geoms if g.isEnabled()] + [g for g in top if isinstance(g, ode.GeomPlane)]
    boxes = [g.getAABB() for g in live]
    for i, a in enumerate(live):
        for j in range(i + 1, len(live)):
            b = live[j]
            if a.getBody() is not None and a.getBody() is b.getBody():
                continue
            if not (a.getCategoryBits() & b.getCollideBits() or b.getCategoryBits() & a.getCollideBits()):
                continue
            p, q = boxes[i], boxes[j]
            if any(p[2 * k] > q[2 * k + 1] or p[2 * k + 1] < q[2 * k] for k in range(3)):
                continue
            if _spaces_overlap(a, b):
                out.add(frozenset((id(a), id(b))))
    return out


def _spaces_overlap(a, b) -> bool:
    """True when the spaces separating a and b in the hierarchy overlap pairwise (hierarchy culling)."""
    chain_a, chain_b = [a], [b]
    while chain_a[-1].getSpace() is not None:
        chain_a.append(chain_a[-1].getSpace())
    while chain_b[-1].getSpace() is not None:
        chain_b.append(chain_b[-1].getSpace())
    common = next(s for s in chain_a if s in chain_b)
    x = chain_a[chain_a.index(common) - 1]
    y = chain_b[chain_b.index(common) - 1]
    if x is a and y is b:
        return True
    p, q = x.getAABB(), y.getAABB()
    return not any(p[2 * k] > q[2 * k + 1] or p[2 * k + 1] < q[2 * k] for k in range(3))


@pytest.mark.parametrize("seed", [1, 2])
def test_every_kind_gives_the_simple_space_pairs(seed):
    ref_world, ref_top, ref_geoms, _ = _scene("simple", "simple", seed)
    ref = _near_pairs(ref_top)
    index = {id(g): k for k, g in enumerate(ref_geoms)}
    ref_idx = {frozenset(index.get(i, -1) for i in p) for p in ref}
    assert len(ref) > 300
    for top_kind, sub_kind in (("hash", "hash"), ("quadtree", "sap_xyz"), ("sap_zyx", "quadtree"),
                               ("hash", "sap_zyx")):
        _, top, geoms, _ = _scene(top_kind, sub_kind, seed)
        got = _near_pairs(top)
        index = {id(g): k for k, g in enumerate(geoms)}
        assert {frozenset(index.get(i, -1) for i in p) for p in got} == ref_idx, (top_kind, sub_kind)


def test_simple_space_pairs_follow_the_rules():
    world, top, geoms, _ = _scene("simple", "simple", 3, n=200)
    assert _near_pairs(top) == _brute(top, geoms)


def test_bitfields_disabled_and_same_body():
    space = ode.SimpleSpace()
    a, b = ode.GeomSphere(space, 1.0), ode.GeomSphere(space, 1.0)
    b.setPosition((0.5, 0, 0))

    def pairs():
        out = []
        space.collide(None, lambda _, x, y: out.append({x, y}))
        return out

    assert pairs() == [{a, b}]
    a.setCategoryBits(1)
    a.setCollideBits(0)
    b.setCategoryBits(2)
    b.setCollideBits(0)
    assert pairs() == []
    b.setCollideBits(1)                 # cat1 & col2 != 0
    assert pairs() == [{a, b}]
    a.disable()
    assert pairs() == []
    a.enable()
    world = ode.World()
    body = ode.Body(world)
    a.setBody(body)
    b.setBody(body)
    assert pairs() == []
    b.setBody(None)
    assert pairs() == [{a, b}]


def test_touching_aabbs_count_and_separated_do_not():
    space = ode.HashSpace()
    ode.GeomBox(space, (1, 1, 1))
    b = ode.GeomBox(space, (1, 1, 1))
    b.setPosition((1.0, 0, 0))          # faces touch exactly
    found = []
    space.collide(None, lambda _, x, y: found.append(1))
    assert found == [1]
    b.setPosition((1.0 + 1e-6, 0, 0))       # representable in single precision too
    found.clear()
    space.collide(None, lambda _, x, y: found.append(1))
    assert found == []


def test_collide2_geom_space_and_sublevels():
    outer = ode.SimpleSpace()
    s1, s2 = ode.SimpleSpace(outer), ode.HashSpace(outer)
    a1, a2 = ode.GeomSphere(s1, 1.0), ode.GeomSphere(s1, 1.0)
    a2.setPosition((1.5, 0, 0))
    b1 = ode.GeomSphere(s2, 1.0)
    b1.setPosition((0.5, 0, 0))
    loose = ode.GeomSphere(None, 0.2)
    loose.setPosition((2.0, 0, 0))

    def c2(x, y):
        out = []
        ode.collide2(x, y, "arg", lambda arg, p, q: out.append((arg, p, q)))
        return out

    got = c2(s1, s2)                     # same sublevel: geoms against geoms
    assert {(p, q) for _, p, q in got} == {(a1, b1), (a2, b1)}
    assert all(arg == "arg" for arg, _, _ in got)
    assert [(p, q) for _, p, q in c2(loose, s1)] == [(loose, a2)]
    s2.setSublevel(1)                    # s1 is now treated as a geom against s2's geoms
    assert [(p, q) for _, p, q in c2(s1, s2)] == [(s1, b1)]
    s1.setSublevel(2)
    assert {(p, q) for _, p, q in c2(s1, s2)} == {(a1, s2), (a2, s2)}
    assert {frozenset((p, q)) for _, p, q in c2(s1, s1)} == {frozenset((a1, a2))}
    assert [(p, q) for _, p, q in c2(a1, b1)] == [(a1, b1)]
    top_pairs = []
    outer.collide(None, lambda _, p, q: top_pairs.append({p, q}))
    assert top_pairs == [{s1, s2}]       # sub-spaces reach the callback as geoms


def test_space_membership_api():
    s = ode.SimpleSpace()
    t = ode.HashSpace(s)
    g = ode.GeomBox(None, (1, 2, 3))
    assert s.getNumGeoms() == 1 and len(s) == 1 and t.getSpace() is s and t.isSpace()
    s.add(g)
    s.add(g)                             # no-op when already inside
    assert s.query(g) and list(s) == [g, t] and s.getGeom(0) is g     # newest first, as libode
    with pytest.raises(ode.ODEError):
        t.add(g)                         # a geom belongs to one space
    with pytest.raises(ode.ODEError):
        t.add(s)                         # no cycles
    with pytest.raises(IndexError):
        s.getGeom(2)
    s.remove(g)
    assert not s.query(g) and g.getSpace() is None
    t.add(g)
    assert g.getSpace() is t
    assert s.getCleanup() == 0 and s.getSublevel() == 0
    s.setSublevel(3)
    assert s.getSublevel() == 3
    t.setLevels(-2, 4)
    assert t.getLevels() == (-2, 4)
    with pytest.raises(ValueError):
        t.setLevels(3, 1)
    for lo, hi in ((0, 2000), (-2000, 0)):           # cells of 2**level must stay finite
        with pytest.raises(ValueError):
            t.setLevels(lo, hi)
    assert t.getLevels() == (-2, 4)
    assert isinstance(ode.Space(), ode.SimpleSpace) and isinstance(ode.Space(1), ode.HashSpace)
    assert ode.SAPSpace(None, 6).getSweepOrder() == "ZYX"
    with pytest.raises(ValueError):
        ode.SAPSpace(None, "XXY")
    with pytest.raises(ValueError):
        ode.QuadTreeSpace((0, 0, 0), (0, 1, 1), 4)
    assert s.getClass() == 10 and t.getClass() == 11
    assert ode.QuadTreeSpace((0, 0, 0), (1, 1, 1), 3).getClass() == 13 and ode.SAPSpace().getClass() == 12
    s.setManualCleanup(0)                # thread-data cleanup, not the cleanup mode (PyODE, libode: probed)
    assert s.getManualCleanup() == 1 and s.getCleanup() == 0     # libode's getter answers 1 whatever was set
    s.setManualCleanup(1)
    assert s.getCleanup() == 0
    with pytest.raises(ValueError):
        s.setManualCleanup(2)
    with pytest.raises(ValueError):
        s.setCleanup(5)                  # PyODE refuses modes other than 0 and 1
    s.setCleanup(True)
    assert s.getCleanup() == 1
    s.setCleanup(0)
    g.setPosition((5, 0, 0))
    t.clean()                            # dSpaceClean: the AABBs are brought up to date
    from ode import _layout
    from ode.geoms import STORE
    assert tuple(STORE.slots.real[t._slot, _layout.G_AABB:_layout.G_AABB + 6]) == pytest.approx(
        (4.5, 5.5, -1.0, 1.0, -1.5, 1.5))
    t.setCleanup(1)
    t.destroy()
    with pytest.raises(ode.ODEError):
        g.getPosition()                  # destroyed with its space (cleanup 1)
    assert s.getNumGeoms() == 0


def test_simple_space_order_is_libodes():
    """libode 0.16.2 (probed): dSpaceGetGeom is newest first; a simple space calls back in that order."""
    s = ode.SimpleSpace()
    gs = [ode.GeomSphere(s, 1.0) for _ in range(4)]
    assert [s.getGeom(i) for i in range(4)] == gs[::-1]
    calls = []
    s.collide(None, lambda _, a, b: calls.append((gs.index(a), gs.index(b))))
    assert calls == [(3, 2), (3, 1), (3, 0), (2, 1), (2, 0), (1, 0)]
    s.remove(gs[1])
    assert [s.getGeom(i) for i in range(3)] == [gs[3], gs[2], gs[0]]


def test_space_aabb_is_the_union_of_its_geoms():
    s = ode.SimpleSpace()
    assert s.getAABB() == (0.0,) * 6
    ode.GeomSphere(s, 1.0).setPosition((1, 2, 3))
    ode.GeomBox(s, (2, 2, 2)).setPosition((-3, 0, 0))
    assert s.getAABB() == (-4.0, 2.0, -1.0, 3.0, -1.0, 4.0)


def test_callback_errors_propagate_and_bad_callbacks_raise():
    s = ode.SimpleSpace()
    ode.GeomSphere(s, 1.0)
    ode.GeomSphere(s, 1.0)

    def boom(_, a, b):
        raise KeyError("from callback")

    with pytest.raises(KeyError):
        s.collide(None, boom)
    with pytest.raises(TypeError):
        s.collide(None, 3)
    with pytest.raises(TypeError):
        ode.collide2(s, "x", None, boom)


def _random_input(n, rng, dtype):
    c = rng.uniform(-8, 8, (n, 3))
    h = rng.uniform(0.05, 1.2, (n, 3))
    h[: n // 50] *= 20
    a = np.empty((n, 6))
    a[:, 0::2] = c - h
    a[:, 1::2] = c + h
    a[3] = [-np.inf, np.inf, -np.inf, np.inf, -np.inf, 0.0]
    a = a.reshape(-1).astype(dtype)
    cat = rng.integers(0, 4, n).astype(np.uint64)
    col = rng.integers(0, 4, n).astype(np.uint64)
    body = np.where(rng.random(n) < 0.3, rng.integers(0, 30, n), -1).astype(np.int64)
    group = rng.integers(-1, 2, n).astype(np.int32)
    return a, cat, col, body, group


@pytest.mark.parametrize("precision", ["double", "single"])
def test_core_and_twin_broad_phase_agree(precision):
    core = core_kernel("space", precision)
    dtype = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(7)
    a, cat, col, body, group = _random_input(400, rng, dtype)
    rp = np.array([0, 0, 0, 8, 8, 8], dtype=dtype)
    results = []
    for kind, ip in ((0, (0, 0, 0, 0)), (1, (-3, 3, 0, 0)), (1, (0, 0, 0, 0)), (2, (0, 0, 5, 0)),
                     (3, (0, 0, 0, 0)), (3, (0, 0, 0, 2))):
        ipa = np.array(ip, dtype=np.int32)
        got = core.space_pairs(kind, a, cat, col, body, group, ipa, rp)
        ref = twin.space_pairs(kind, a, cat, col, body, group, ipa, rp)
        assert got.dtype == np.int32 and np.array_equal(got, ref), kind
        results.append(got)
    assert len(results[0]) > 50
    simple = _unordered(results[0])
    for r in results[1:4]:      # hash and quadtree: libode's order, every pair
        assert len(r) == len(results[0]) and _unordered(r) == simple
    for r in results[4:]:
        assert np.array_equal(r, results[0])     # the SAP kernel: the simple space's pairs, sorted


def _unordered(pairs) -> set:
    """Index pairs as a set of (smaller, larger) tuples: the pair set whatever the order."""
    return set(map(tuple, np.sort(np.asarray(pairs).reshape(-1, 2), axis=1).tolist()))


@pytest.mark.parametrize("lift", [0.0, 20.0])
def test_twin_pairs_match_a_direct_check(lift):
    """The hash space's pairs are the directly tested pairs, each once: with boxes around z = 0 (where
    libode's table misses some pairs, reported after its own) and with every box above z = 0 (lifted)."""
    rng = np.random.default_rng(11)
    a, cat, col, body, group = _random_input(120, rng, np.float64)
    a.reshape(-1, 6)[:, 4:6] += lift
    got = twin.space_pairs(1, a, cat, col, body, group, np.array([-2, 2, 0, 0], np.int32), np.zeros(6))
    b = a.reshape(-1, 6)
    want = []
    for i in range(120):
        for j in range(i + 1, 120):
            if group[i] >= 0 and group[i] == group[j] or body[i] >= 0 and body[i] == body[j]:
                continue
            if not (int(cat[i]) & int(col[j]) or int(cat[j]) & int(col[i])):
                continue
            if all(b[i, 2 * k] <= b[j, 2 * k + 1] and b[j, 2 * k] <= b[i, 2 * k + 1] for k in range(3)):
                want.append((i, j))
    assert len(set(map(tuple, got.tolist()))) == got.shape[0]       # each pair once
    assert _unordered(got) == set(want)



def _store_rows(n, rng, dtype, precision):
    """Geom arrays of a store (greal, gint) with random AABBs in rows 3 .. n + 2 (every 7th disabled),
    and the per-row bit / body arrays; the rows are returned shuffled, with duplicates of none."""
    from ode import _layout as L

    G = n + 8
    greal = np.zeros((G, L.GR), dtype=dtype)
    gint = np.zeros((G, L.GI), dtype=np.int32)
    a, cat, col, body, _ = _random_input(n, rng, dtype)
    greal[3:n + 3, L.G_AABB:L.G_AABB + 6] = a.reshape(n, 6)
    gint[3:n + 3, L.GI_ENABLED] = 1
    gint[3:n + 3:7, L.GI_ENABLED] = 0
    fc = np.full(G, 3, np.uint64)
    fo = np.full(G, 3, np.uint64)
    fb = np.full(G, -1, np.int64)
    fc[3:n + 3], fo[3:n + 3], fb[3:n + 3] = cat, col, body
    rows = rng.permutation(np.arange(3, n + 3)).astype(np.intp)
    return greal, gint, rows, fc, fo, fb


@pytest.mark.parametrize("precision", ["double", "single"])
def test_space_rows_pairs_is_space_pairs_on_the_enabled_rows(precision):
    """space_rows_pairs (what space.collide calls): the pairs of space_pairs on the enabled rows' gathered
    values, as indices into the given rows, core == twin."""
    from ode import _layout as L

    core = core_kernel("space", precision)
    dtype = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(3)
    greal, gint, rows, cat, col, body = _store_rows(300, rng, dtype, precision)
    on = np.array([gint[r, L.GI_ENABLED] != 0 for r in rows])
    sub = rows[on]
    aabb = np.ascontiguousarray(greal[sub, L.G_AABB:L.G_AABB + 6]).reshape(-1)
    back = np.flatnonzero(on)
    rp = np.array([0, 0, 0, 8, 8, 8], dtype=dtype)
    for kind, ip in ((0, (0, 0, 0, 0)), (1, (-3, 3, 0, 0)), (2, (0, 0, 5, 0)), (3, (0, 0, 0, 1))):
        ipa = np.array(ip, dtype=np.int32)
        none = np.full(sub.size, -1, np.int32)
        ref = core.space_pairs(kind, aabb, cat[sub], col[sub], body[sub], none, ipa, rp)
        want = back[ref] if ref.size else ref
        got = core.space_rows_pairs(kind, greal, gint, rows, cat, col, body, ipa, rp)
        tw = twin.space_rows_pairs(kind, greal, gint, rows, cat, col, body, ipa, rp)
        assert got.dtype == np.int32 and tw.dtype == np.int32
        assert got.tolist() == want.tolist() == tw.tolist(), kind
        assert len(got) > 20
    for k in (core, twin):           # fewer than two enabled rows: no pairs
        assert k.space_rows_pairs(0, greal, gint, rows[:1], cat, col, body, ipa, rp).shape == (0, 2)
        assert k.space_rows_pairs(0, greal, gint, rows[:0], cat, col, body, ipa, rp).shape == (0, 2)


@pytest.mark.parametrize("precision", ["double", "single"])
def test_space_boxes_core_and_twin(precision):
    """space_boxes: the box around the children's AABBs (NaN-propagating as numpy's min / max, zeros without
    children, a later space sees an earlier one's new box), core == twin bit for bit."""
    from ode import _layout as L

    core = core_kernel("space", precision)
    dtype = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(5)
    greal, gint, rows, *_ = _store_rows(60, rng, dtype, precision)
    greal[rows[5], L.G_AABB + 2] = np.nan
    greal[rows[6], L.G_AABB + 1] = np.inf
    spaces = np.array([0, 1, 2], dtype=np.intp)          # 0: rows[:20], 1: none, 2: rows[20:40] and space 0
    children = np.concatenate([rows[:20], rows[20:40], [0]]).astype(np.intp)
    starts = np.array([0, 20, 20, 41], dtype=np.intp)
    outs = []
    for k in (core, twin):
        g = greal.copy()
        g[1, L.G_AABB:L.G_AABB + 6] = 7.0
        k.space_boxes(g, gint, spaces, starts, children)
        outs.append(g)
    assert outs[0].tobytes() == outs[1].tobytes()
    g = outs[0]
    box = greal[rows[:20], L.G_AABB:L.G_AABB + 6]
    np.testing.assert_array_equal(g[0, L.G_AABB:L.G_AABB + 6:2], box[:, 0::2].min(axis=0))
    np.testing.assert_array_equal(g[0, L.G_AABB + 1:L.G_AABB + 6:2], box[:, 1::2].max(axis=0))
    assert np.isnan(g[0, L.G_AABB + 2]) and g[0, L.G_AABB + 1] == np.inf
    assert not g[1, L.G_AABB:L.G_AABB + 6].any()
    both = np.vstack([greal[rows[20:40], L.G_AABB:L.G_AABB + 6], g[0, L.G_AABB:L.G_AABB + 6]])
    np.testing.assert_array_equal(g[2, L.G_AABB:L.G_AABB + 6:2], both[:, 0::2].min(axis=0))
    np.testing.assert_array_equal(g[2, L.G_AABB + 1:L.G_AABB + 6:2], both[:, 1::2].max(axis=0))


@pytest.mark.parametrize("backend", ["core", "twin"])
def test_space_row_kernels_reject_bad_input(backend):
    from ode import _backend

    if backend == "core":
        k = core_kernel("space")
    else:
        k = twin
    dtype = _backend.REAL
    rng = np.random.default_rng(9)
    greal, gint, rows, cat, col, body = _store_rows(10, rng, dtype, _backend.precision)
    ip, rp = np.zeros(4, np.int32), np.zeros(6, dtype)
    with pytest.raises(IndexError):
        k.space_rows_pairs(0, greal, gint, np.array([3, 99], np.intp), cat, col, body, ip, rp)
    with pytest.raises(IndexError):
        k.space_rows_pairs(0, greal, gint, np.array([3, -1], np.intp), cat, col, body, ip, rp)
    with pytest.raises(TypeError):
        k.space_rows_pairs(0, greal, gint, rows.astype(np.int32), cat, col, body, ip, rp)
    with pytest.raises((TypeError, ValueError)):
        k.space_rows_pairs(0, greal, gint, rows, cat[:3], col, body, ip, rp)
    with pytest.raises(ValueError):
        k.space_rows_pairs(0, greal[:, :5], gint, rows, cat, col, body, ip, rp)
    sp, st, ch = np.array([0], np.intp), np.array([0, 2], np.intp), rows[:2].copy()
    with pytest.raises(TypeError):
        k.space_boxes(greal, gint, sp, np.array([0], np.intp), ch)
    with pytest.raises(ValueError):
        k.space_boxes(greal, gint, sp, np.array([0, 5], np.intp), ch)
    with pytest.raises(IndexError):
        k.space_boxes(greal, gint, np.array([99], np.intp), st, ch)
    k.space_boxes(greal, gint, sp, st, ch)


def test_space_aabb_of_a_destroyed_space_raises():
    s = ode.SimpleSpace()
    ode.GeomSphere(s, 1.0)
    assert s.getAABB() == (-1.0, 1.0, -1.0, 1.0, -1.0, 1.0)
    s.destroy()
    with pytest.raises(ode.ODEError):
        s.getAABB()


def test_disabled_geoms_and_subspaces_take_no_part_in_a_pass():
    """space.collide and collideContacts skip disabled geoms and disabled sub-spaces (pairs index the
    space's children, the disabled ones included)."""
    world = ode.World()
    top = ode.SimpleSpace()
    sub = ode.SimpleSpace(top)
    gs = [ode.GeomSphere(top, 1.0) for _ in range(3)]
    inner = [ode.GeomSphere(sub, 1.0) for _ in range(2)]
    for g in gs + inner:
        b = ode.Body(world)
        g.setBody(b)
    seen = []
    top.collide(None, lambda _, a, b: seen.append((a, b)))
    assert len(seen) == 3 + 3                 # 3 pairs among gs, 3 with the sub-space
    gs[1].disable()
    seen.clear()
    top.collide(None, lambda _, a, b: seen.append((a, b)))
    assert len(seen) == 1 + 2 and all(gs[1] not in p for p in seen)
    group = ode.JointGroup()
    assert top.collideContacts(world, group, None, 1) == 1 + 2 * 2 + 1    # gs0-gs2, sub x both, inside sub
    group.empty()
    sub.disable()
    assert top.collideContacts(world, group, None, 1) == 1
