"""The quadtree space's blocks and pair order (libode 0.16.2's, observed through Debian's PyODE), and the
space kernel's quadtree functions: compiled kernel and twin agree exactly (places, pairs, errors).

The scene-level comparison with libode's recorded callback order is tests/fidelity/test_pair_order.py; here
are the rules on a small tree, and the kernel functions over random stores.
"""


import numpy as np
import pair_order_scenarios as sc
import pytest
from kernels import core_kernel

import ode
from ode import _layout as L
from ode._fallback import space as twin


def _boxes_scene() -> list:
    """Four boxes in a tree of centre 0, extents 8 and depth 3 (bottom blocks of side 2), collided, asked
    by collide2 against a probe, moved, collided again: the callback sequence."""
    space = ode.QuadTreeSpace((0, 0, 0), (8, 8, 8), 3)
    names = {}

    def box(name, pos, sides):
        g = ode.GeomBox(space, sides)
        g.setPosition(pos)
        names[id(g)] = name
        return g

    a = box("a", (0.5, 0.5, 0), (0.6, 0.6, 1))      # in the bottom block [0, 2)^2
    box("b", (-0.5, 0.5, 0), (1.0, 0.6, 1))         # max x exactly 0: not left of x = 0 (half-open), the root
    box("c", (0.0, 0.5, 0), (1.0, 0.6, 1))          # across x = 0: the root
    d = box("d", (1.5, 0.5, 0), (1.0, 0.6, 1))      # max x exactly 2: the block [0, 4)^2 above a's
    probe = ode.GeomSphere(None, 5.0)
    names[id(probe)] = "P"
    out: list = []

    def cb(arg, g1, g2):
        out.append(names[id(g1)] + "-" + names[id(g2)])

    space.collide(None, cb)
    out.append("|")
    ode.collide2(space, probe, None, cb)
    out.append("|")
    a.setPosition((0.6, 0.5, 0))        # the same block: a keeps its place
    space.collide(None, cb)
    out.append("|")
    d.setPosition((1.4, 0.5, 0))
    a.setPosition((-1.4, 0.5, 0))       # to the block [-2, 0) x [0, 2), before d's in the tree's order
    space.collide(None, cb)
    out.append("|")
    ode.collide2(space, probe, None, cb)
    return out


def test_blocks_and_order_are_libodes():
    """Blocks are half-open (a box ending on a line stays above it); the dirty geoms are placed in the
    order they moved, a geom entering a block at the front of its list; collide visits the blocks in
    pre-order (the root first), each geom with the later ones of its block and those below; collide2
    asks the space's geoms in that order (the sequence libode 0.16.2 gives, through PyODE)."""
    assert _boxes_scene() == ["c-b", "c-a", "|", "c-P", "b-P", "d-P", "a-P", "|", "c-b", "c-a", "|",
                              "c-b", "|", "c-P", "b-P", "a-P", "d-P"]


def test_quadtree_box_is_infinite():
    """libode's quadtree space never computes its box (a parent pairs it with everything)."""
    space = ode.QuadTreeSpace((0, 0, 0), (8, 8, 8), 3)
    ode.GeomSphere(space, 0.5)
    inf = float("inf")
    assert space.getAABB() == (-inf, inf, -inf, inf, -inf, inf)


def _store(n: int, rng, dtype):
    """A geom store of n rows with random AABBs around a tree of centre (0.5, -0.25), extents (4, 3): some
    outside it, some on split lines exactly, some NaN; one in ten disabled."""
    greal = np.zeros((n, L.GR), dtype=dtype)
    gint = np.zeros((n, L.GI), dtype=np.int32)
    gint[:, L.GI_ENABLED] = (rng.random(n) > 0.1).astype(np.int32)
    lo = rng.uniform(-5.0, 5.5, (n, 3))
    size = rng.choice([0.05, 0.3, 1.0, 4.0], (n, 3))
    box = np.empty((n, 6))
    box[:, 0::2] = lo
    box[:, 1::2] = lo + size
    box[::7, 1] = 0.5                   # ends on the root's split in x
    box[3::11, 0] = 2.5                 # starts on a split of level 1
    box[5::13, 2] = float("nan")
    greal[:, L.G_AABB:L.G_AABB + 6] = box
    return greal, gint


@pytest.mark.parametrize("precision", ["double", "single"])
def test_core_and_twin_place_and_pair_alike(precision):
    """quadtree_place over a sequence of re-placements (random subsets in random orders, AABBs moved in
    between) and quadtree_rows_pairs after each: the same places and the same pairs in the same order
    (the twin rounds the block bounds to float32 as the single build computes them)."""
    core = core_kernel("space", precision)
    dtype = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(11)
    n = 160
    greal, gint = _store(n, rng, dtype)
    rows = rng.permutation(n).astype(np.intp)
    cat = np.full(n, 0xFFFFFFFF, dtype=np.uint64)
    body = np.where(rng.random(n) < 0.2, rng.integers(0, 8, n), -1).astype(np.int64)
    rp = np.array([0.5, -0.25, 0.0, 4.0, 3.0, 1.0], dtype=dtype)
    places = [np.concatenate(([0], np.tile([-1, 0], n))).astype(np.int64) for _ in range(2)]
    total = 0
    for step in range(6):
        which = rng.permutation(n)[: n // (step + 1)].astype(np.intp)
        for k, p in zip((core, twin), places):
            k.quadtree_place(greal, rows, which, p, rp, 5)
        assert places[0].tolist() == places[1].tolist(), step
        got = core.quadtree_rows_pairs(greal, gint, rows, cat, cat, body, places[0], 5)
        ref = twin.quadtree_rows_pairs(greal, gint, rows, cat, cat, body, places[1], 5)
        assert got.dtype == np.int32 and got.tolist() == ref.tolist(), step
        total += got.shape[0]
        greal[rows[::3], L.G_AABB:L.G_AABB + 6] += dtype(0.37)
    assert total > 100


@pytest.mark.parametrize("precision", ["double", "single"])
def test_quadtree_pairs_are_the_simple_spaces(precision):
    """Whatever the places, the quadtree's pairs are the simple space's pair set (each once)."""
    core = core_kernel("space", precision)
    dtype = np.float64 if precision == "double" else np.float32
    rng = np.random.default_rng(5)
    n = 120
    greal, gint = _store(n, rng, dtype)
    rows = np.arange(n, dtype=np.intp)
    bits = np.full(n, 1, dtype=np.uint64)
    body = np.full(n, -1, dtype=np.int64)
    rp = np.array([0.5, -0.25, 0.0, 4.0, 3.0, 1.0], dtype=dtype)
    place = np.concatenate(([0], np.tile([-1, 0], n))).astype(np.int64)
    core.quadtree_place(greal, rows, rng.permutation(n).astype(np.intp), place, rp, 4)
    got = core.quadtree_rows_pairs(greal, gint, rows, bits, bits, body, place, 4)
    ref = core.space_rows_pairs(0, greal, gint, rows, bits, bits, body, np.zeros(4, np.int32), rp)
    assert len(got) == len(ref) > 20
    assert {frozenset(p) for p in got.tolist()} == {frozenset(p) for p in ref.tolist()}


def test_kernel_rejects_bad_input_alike():
    """Bad places, depths and rparams raise the same errors in the compiled kernel and the twin."""
    core = core_kernel("space", "double")
    greal, gint = _store(4, np.random.default_rng(1), np.float64)
    rows = np.arange(4, dtype=np.intp)
    bits = np.full(4, 1, dtype=np.uint64)
    body = np.full(4, -1, dtype=np.int64)
    rp = np.zeros(6)
    good = np.zeros(9, dtype=np.int64)
    cases = [
        lambda k: k.quadtree_place(greal, rows, rows, np.zeros(8, dtype=np.int64), rp, 3),
        lambda k: k.quadtree_place(greal, rows, rows, good.copy(), rp, 17),
        lambda k: k.quadtree_place(greal, rows, rows, good.copy(), rp.astype(np.float32), 3),
        lambda k: k.quadtree_place(greal, rows, rows + 1, good.copy(), rp, 3),
        lambda k: k.quadtree_rows_pairs(greal, gint, rows, bits, bits, body, np.full(9, -1, np.int64), 3),
        lambda k: k.quadtree_rows_pairs(greal, gint, rows, bits, bits, body, good, -1),
    ]
    for case in cases:
        errors = []
        for k in (core, twin):
            with pytest.raises((ValueError, TypeError, IndexError)) as info:
                case(k)
            errors.append((type(info.value), str(info.value)))
        assert errors[0] == errors[1]


def _falling_scene():
    """Bodies with spheres over a plane in a small quadtree (blocks of side 0.25), sliding across lines."""
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.QuadTreeSpace((0, 0, 0), (2, 2, 1), 4)
    ode.GeomPlane(space, (0, 0, 1), 0)
    log = sc.Log(ode)
    for i in range(6):
        pos = (-0.6 + 0.22 * i, 0.1 * (i % 3), 0.25)
        b = sc._body(ode, world, pos, f"s{i}", log, ode.GeomSphere(space, 0.15))
        b.setLinearVel((1.2 - 0.5 * i, 0.3, 0))
    return world, space


def _contact_pass(world, space, group) -> list:
    """One pass of space.collide making contact joints; the body pairs in callback order."""
    out = []

    def near(arg, g1, g2):
        out.append((id(g1), id(g2)))
        for c in ode.collide(g1, g2)[:4]:
            ode.ContactJoint(world, group, c).attach(g1.getBody(), g2.getBody())

    space.collide(None, near)
    return out


def test_snapshot_restores_the_blocks():
    """getState with the space saves its blocks and lists: after setState the next passes and steps
    repeat the saved run's pair sequence exactly."""
    world, space = _falling_scene()
    group = ode.JointGroup()
    for _ in range(3):
        _contact_pass(world, space, group)
        world.step(0.02)
        group.empty()
    state = world.getState(space)
    runs = []
    for _ in range(2):
        world.setState(state)
        seq = []
        for _ in range(4):
            seq.append(_contact_pass(world, space, group))
            world.step(0.02)
            group.empty()
        runs.append(seq)
    assert runs[0] == runs[1] and sum(len(s) for s in runs[0]) > 6


def test_collide2_with_its_own_geom_is_libodes():
    """collide2 of a quadtree and one of its own geoms: the geoms of that geom's block and the blocks below
    it, then those of the blocks above it, the nearest first (the geom itself included: libode calls
    back the pair of a body-less geom with itself); the space's geom first whatever the argument order,
    as libode 0.16.2 does (through PyODE)."""
    space = ode.QuadTreeSpace((0, 0, 0), (8, 8, 8), 3)
    names = {}
    geoms = []
    for name, pos, sides in (("a", (0.5, 0.5, 0), (0.6, 0.6, 1)), ("b", (0.0, 0.5, 0), (1.0, 0.6, 1)),
                             ("c", (0.6, 0.6, 0), (0.5, 0.5, 1)), ("d", (1.0, 1.0, 0), (3, 3, 1))):
        g = ode.GeomBox(space, sides)
        g.setPosition(pos)
        names[id(g)] = name
        geoms.append(g)
    space.collide(None, lambda arg, g1, g2: None)
    out = []

    def cb(arg, g1, g2):
        out.append(names[id(g1)] + "-" + names[id(g2)])

    for g in (geoms[0], geoms[1], geoms[3]):
        ode.collide2(space, g, None, cb)
        out.append("|")
        ode.collide2(g, space, None, cb)
        out.append("|")
    assert out == ["c-a", "a-a", "d-a", "b-a", "|", "a-c", "a-a", "a-d", "a-b", "|",
                   "d-b", "b-b", "c-b", "a-b", "|", "b-d", "b-b", "b-c", "b-a", "|",
                   "d-d", "b-d", "c-d", "a-d", "|", "d-d", "d-b", "d-c", "d-a", "|"]
