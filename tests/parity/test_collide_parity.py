"""Core (Cython) vs twin (Python) narrow phase: bit-identical contacts, AABBs and point depths in double."""

import math

import numpy as np
import pytest
from geom_rows import PRIMS, make_record, rand_rot
from kernels import kernel_pair

from ode import _layout as L

core, twin = kernel_pair("collide", "double")

@pytest.mark.parametrize("k1", PRIMS)
@pytest.mark.parametrize("k2", PRIMS)
def test_pair_bit_exact(k1, k2):
    """Every primitive pair: core and twin give the same contacts bit for bit on random poses."""
    rng = np.random.default_rng(10 * PRIMS.index(k1) + PRIMS.index(k2))
    greal = np.zeros((2, L.GR))
    gint = np.zeros((2, L.GI), dtype=np.int32)
    hits = 0
    for it in range(40):
        aligned = it % 5 == 0
        make_record(k1, rng, greal, gint, 0, aligned)
        make_record(k2, rng, greal, gint, 1, aligned)
        flags = int(rng.integers(1, 9))
        a = core.collide_geoms(greal, gint, 0, 1, flags)
        b = twin.collide_geoms(greal, gint, 0, 1, flags)
        assert a.shape == b.shape
        assert a.shape[0] <= flags
        np.testing.assert_array_equal(a, b)
        hits += a.shape[0] > 0
    if {k1, k2} not in ({"ray"}, {"plane"}):
        assert hits > 0, "random poses should produce some contacts"


def test_aabb_and_point_depth_bit_exact():
    """AABBs of every primitive class and point depths agree bit for bit."""
    rng = np.random.default_rng(7)
    n = 60
    greal = np.zeros((n, L.GR))
    gint = np.zeros((n, L.GI), dtype=np.int32)
    for k in range(n):
        make_record(PRIMS[k % 6], rng, greal, gint, k, aligned=k % 12 < 6)
    g2 = greal.copy()
    core.update_aabbs(greal, gint, range(n))
    twin.update_aabbs(g2, gint, range(n))
    np.testing.assert_array_equal(greal, g2)
    for k in range(n):
        if PRIMS[k % 6] == "ray":
            continue
        for _ in range(5):
            x, y, z = rng.uniform(-1.5, 1.5, 3)
            assert core.point_depth(greal, gint, k, x, y, z) == twin.point_depth(greal, gint, k, x, y, z)


def test_utilities_bit_exact():
    """Closest segment points and the box-box routine agree bit for bit."""
    rng = np.random.default_rng(3)
    for _ in range(50):
        pts = [tuple(rng.uniform(-1, 1, 3)) for _ in range(4)]
        assert core.closest_segment_points(*pts) == twin.closest_segment_points(*pts)
        args = (rng.uniform(-0.5, 0.5, 3), rand_rot(rng), rng.uniform(0.3, 1.5, 3),
                rng.uniform(-0.5, 0.5, 3), rand_rot(rng), rng.uniform(0.3, 1.5, 3))
        a = core.box_box(*args, 8)
        b = twin.box_box(*args, 8)
        assert a[:3] == b[:3]
        np.testing.assert_array_equal(a[3], b[3])
        assert core.box_box_intersect(*args) == twin.box_box_intersect(*args)


def test_same_defs_in_core_and_twin():
    """Every def entry point of the core module exists in the twin."""
    for name in ("collide_geoms", "update_aabbs", "point_depth", "closest_segment_points", "box_box",
                 "box_box_intersect", "transform_row", "body_pose", "body_poses"):
        assert callable(getattr(core, name)) and callable(getattr(twin, name))


def test_parallel_cylinders_bit_exact():
    """Parallel and coaxial cylinder pairs (cap-cap rim points) and capsule-cylinder: core and twin agree."""
    rng = np.random.default_rng(11)
    greal = np.zeros((2, L.GR))
    gint = np.zeros((2, L.GI), dtype=np.int32)
    multi = 0
    for it in range(60):
        make_record("cylinder", rng, greal, gint, 0, aligned=True)
        make_record("capsule" if it % 4 == 3 else "cylinder", rng, greal, gint, 1, aligned=True)
        if it % 2:
            greal[1, L.G_POS:L.G_POS + 2] = greal[0, L.G_POS:L.G_POS + 2]
        for flags in (1, 4, 64):
            a = core.collide_geoms(greal, gint, 0, 1, flags)
            b = twin.collide_geoms(greal, gint, 0, 1, flags)
            np.testing.assert_array_equal(a, b)
            multi += a.shape[0] > 1
    assert multi > 0


def tilt_rot(rng, max_angle):
    """A rotation by a random angle below max_angle about a random horizontal axis (row-major 9 values)."""
    ax = np.append(rng.normal(size=2), 0.0)
    ax /= np.linalg.norm(ax)
    a = rng.uniform(0, max_angle)
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    return (np.eye(3) + math.sin(a) * k + (1 - math.cos(a)) * k @ k).ravel()


def test_cylinder_cap_against_box_bit_exact():
    """A cylinder standing (tilted) on a box face and a box corner pushed into a cap (libode's octagon and
    face clipping paths): core and twin agree bit for bit, many contacts included."""
    rng = np.random.default_rng(12)
    greal = np.zeros((2, L.GR))
    gint = np.zeros((2, L.GI), dtype=np.int32)
    multi = 0
    for it in range(60):
        make_record("cylinder", rng, greal, gint, 0)
        make_record("box", rng, greal, gint, 1)
        greal[0, L.G_POS:L.G_POS + 3] = (0, 0, 0)
        greal[0, L.G_R:L.G_R + 9] = tilt_rot(rng, 0.4 if it % 2 else 1.2)
        greal[1, L.G_R:L.G_R + 9] = np.eye(3).ravel() if it % 2 else rand_rot(rng)
        greal[1, L.G_SIDES:L.G_SIDES + 3] = rng.uniform(0.5, 2.5, 3)
        gap = (greal[0, L.G_LENGTH] + greal[1, L.G_SIDES + 2]) * 0.5
        greal[1, L.G_POS + 2] = -gap + rng.uniform(-0.1, 0.3)
        for a, b in ((0, 1), (1, 0)):
            for flags in (1, 4, 64):
                x = core.collide_geoms(greal, gint, a, b, flags)
                y = twin.collide_geoms(greal, gint, a, b, flags)
                np.testing.assert_array_equal(x, y)
                multi += x.shape[0] > 2
    assert multi > 10
