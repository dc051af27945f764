"""Narrow-phase properties on the active backend: ODE's conventions, swap symmetry, pointDepth, separation."""

import numpy as np
import pytest
from geom_rows import PRIMS, make_record

from ode import _backend
from ode import _layout as L

K = _backend.kernel("collide")
REAL = _backend.REAL
TOL = 1e-12 if REAL == np.float64 else 2e-5   # single precision: float rounding of poses and results


def arrays(n=2):
    """Zeroed greal/gint arrays of the backend's real type."""
    return np.zeros((n, L.GR), dtype=REAL), np.zeros((n, L.GI), dtype=np.int32)


def sphere_plane():
    """A unit sphere at z = 0.5 and the plane z = 0 (ODE's manual example)."""
    greal, gint = arrays()
    gint[0, L.GI_CLASS] = L.GC_SPHERE
    greal[0, L.G_POS:L.G_POS + 3] = (0, 0, 0.5)
    greal[0, L.G_R:L.G_R + 9] = np.eye(3).ravel()
    greal[0, L.G_RADIUS] = 1
    gint[1, L.GI_CLASS] = L.GC_PLANE
    greal[1, L.G_PLANE:L.G_PLANE + 4] = (0, 0, 1, 0)
    return greal, gint


def test_sphere_plane_convention():
    """Normal points into geom 1 (libode: sphere over plane gives (0, 0, 1)); swapped order flips it."""
    greal, gint = sphere_plane()
    c = K.collide_geoms(greal, gint, 0, 1, 4)
    assert c.shape == (1, L.CR)
    np.testing.assert_allclose(c[0, L.C_POS:L.C_POS + 3], (0, 0, -0.5), atol=TOL)
    np.testing.assert_allclose(c[0, L.C_NORMAL:L.C_NORMAL + 3], (0, 0, 1), atol=TOL)
    assert abs(c[0, L.C_DEPTH] - 0.5) < TOL
    assert c[0, L.C_SIDE1] == -1 and c[0, L.C_SIDE2] == -1
    d = K.collide_geoms(greal, gint, 1, 0, 4)
    np.testing.assert_allclose(d[0, L.C_NORMAL:L.C_NORMAL + 3], (0, 0, -1), atol=TOL)
    assert K.collide_geoms(greal, gint, 0, 0, 4).shape[0] == 0


def test_box_on_plane_four_corners_and_cap():
    """A box resting into a plane gives its four bottom corners (libode), capped by max contacts."""
    greal, gint = sphere_plane()
    gint[0, L.GI_CLASS] = L.GC_BOX
    greal[0, L.G_POS:L.G_POS + 3] = (0, 0, 1)
    greal[0, L.G_SIDES:L.G_SIDES + 3] = (1, 2, 3)
    c = K.collide_geoms(greal, gint, 0, 1, 8)
    assert c.shape[0] == 4
    got = sorted(tuple(np.round(r[:3], 9)) for r in c)
    assert got == sorted((x, y, -0.5) for x in (-0.5, 0.5) for y in (-1.0, 1.0))
    assert np.allclose(c[:, L.C_DEPTH], 0.5)
    assert K.collide_geoms(greal, gint, 0, 1, 2).shape[0] == 2
    assert K.collide_geoms(greal, gint, 0, 1, 0x80000000 | 1).shape[0] == 1


def test_ray_conventions():
    """Ray contact: hit point, surface normal facing the ray, depth = distance (libode's values)."""
    greal, gint = arrays()
    gint[0, L.GI_CLASS] = L.GC_RAY
    greal[0, L.G_POS:L.G_POS + 3] = (0, 0, 3)
    greal[0, L.G_R:L.G_R + 9] = (1, 0, 0, 0, -1, 0, 0, 0, -1)
    greal[0, L.G_RAYLEN] = 5
    gint[1, L.GI_CLASS] = L.GC_BOX
    greal[1, L.G_R:L.G_R + 9] = np.eye(3).ravel()
    greal[1, L.G_SIDES:L.G_SIDES + 3] = (1, 2, 3)
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    np.testing.assert_allclose(c[0, :7], (0, 0, 1.5, 0, 0, 1, 1.5), atol=TOL)
    greal[0, L.G_POS:L.G_POS + 3] = (0.2, 0, 0)
    greal[0, L.G_R:L.G_R + 9] = np.eye(3).ravel()
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    np.testing.assert_allclose(c[0, :7], (0.2, 0, 1.5, 0, 0, -1, 1.5), atol=TOL)
    greal[0, L.G_RAYLEN] = 1.0
    assert K.collide_geoms(greal, gint, 0, 1, 1).shape[0] == 0


@pytest.mark.parametrize("k1", PRIMS)
@pytest.mark.parametrize("k2", PRIMS)
def test_swap_symmetry(k1, k2):
    """collide(b, a) gives collide(a, b)'s contacts with flipped normals (pairs of one class excepted)."""
    rng = np.random.default_rng(100 + 10 * PRIMS.index(k1) + PRIMS.index(k2))
    greal, gint = arrays()
    for _ in range(15):
        make_record(k1, rng, greal, gint, 0)
        make_record(k2, rng, greal, gint, 1)
        a = K.collide_geoms(greal, gint, 0, 1, 8)
        b = K.collide_geoms(greal, gint, 1, 0, 8)
        if k1 == k2:
            assert a.shape[0] == b.shape[0] or k1 in ("box", "capsule", "cylinder")
            continue
        assert a.shape == b.shape
        np.testing.assert_array_equal(a[:, :3], b[:, :3])
        np.testing.assert_array_equal(a[:, 3:6], -b[:, 3:6])
        np.testing.assert_array_equal(a[:, 6], b[:, 6])


@pytest.mark.parametrize("kind", ["sphere", "box"])
def test_depth_matches_point_depth_against_plane(kind):
    """Against a plane, each contact's depth is the plane's pointDepth of the contact point."""
    rng = np.random.default_rng(5)
    greal, gint = arrays()
    n = 0
    for _ in range(30):
        make_record(kind, rng, greal, gint, 0)
        make_record("plane", rng, greal, gint, 1)
        for c in K.collide_geoms(greal, gint, 0, 1, 4):
            x, y, z = (float(v) for v in c[:3])
            assert abs(c[L.C_DEPTH] - K.point_depth(greal, gint, 1, x, y, z)) < 1e-9 + 10 * TOL
            assert c[L.C_DEPTH] >= 0
            n += 1
    assert n > 0


def test_sphere_sphere_depth_vs_point_depth():
    """Sphere-sphere depth = pointDepth in sphere 2 of sphere 1's deepest point."""
    rng = np.random.default_rng(9)
    greal, gint = arrays()
    n = 0
    for _ in range(40):
        make_record("sphere", rng, greal, gint, 0)
        make_record("sphere", rng, greal, gint, 1)
        if np.linalg.norm(greal[0, :3] - greal[1, :3]) < greal[0, L.G_RADIUS]:
            continue   # the deepest point of sphere 1 is then beyond sphere 2's centre
        for c in K.collide_geoms(greal, gint, 0, 1, 1):
            p = greal[0, :3] - c[3:6] * greal[0, L.G_RADIUS]
            assert abs(c[L.C_DEPTH] - K.point_depth(greal, gint, 1, *p)) < 1e-9 + 10 * TOL
            n += 1
    assert n > 0


@pytest.mark.parametrize("k1", [k for k in PRIMS if k != "plane"])
@pytest.mark.parametrize("k2", PRIMS)
def test_separated_gives_nothing(k1, k2):
    """Geoms far apart (AABBs disjoint) never touch."""
    rng = np.random.default_rng(200 + 10 * PRIMS.index(k1) + PRIMS.index(k2))
    greal, gint = arrays()
    for _ in range(10):
        make_record(k1, rng, greal, gint, 0)
        make_record(k2, rng, greal, gint, 1)
        if k2 == "plane":
            n = greal[1, L.G_PLANE:L.G_PLANE + 3]
            greal[0, :3] = n * (greal[1, L.G_PLANE + 3] + 10)
        else:
            greal[1, :3] += (10, -7, 5)
        assert K.collide_geoms(greal, gint, 0, 1, 8).shape[0] == 0


def test_aabb_bounds_contain_surface_points():
    """AABBs contain the geom (points of pointDepth >= 0 inside); planes infinite unless axis-aligned."""
    rng = np.random.default_rng(11)
    greal, gint = arrays(4)
    for _ in range(20):
        for row, kind in enumerate(("sphere", "box", "capsule", "cylinder")):
            make_record(kind, rng, greal, gint, row)
        K.update_aabbs(greal, gint, range(4))
        for row in range(4):
            box = greal[row, L.G_AABB:L.G_AABB + 6]
            for _ in range(30):
                p = rng.uniform(box[::2] - 0.5, box[1::2] + 0.5)
                if K.point_depth(greal, gint, row, *p) >= 1e-6:
                    assert np.all(p >= box[::2] - TOL) and np.all(p <= box[1::2] + TOL)
    greal, gint = sphere_plane()
    K.update_aabbs(greal, gint, [1])
    assert list(greal[1, L.G_AABB:L.G_AABB + 6]) == [-np.inf, np.inf, -np.inf, np.inf, -np.inf, 0.0]


def posed(rows):
    """greal/gint for a list of (class, position, rotation 3x3 or None, params) rows."""
    greal, gint = arrays(len(rows))
    for k, (cls, pos, rot, params) in enumerate(rows):
        gint[k, L.GI_CLASS] = cls
        greal[k, L.G_POS:L.G_POS + 3] = pos
        greal[k, L.G_R:L.G_R + 9] = np.eye(3).ravel() if rot is None else np.asarray(rot).ravel()
        greal[k, L.G_RADIUS:L.G_RADIUS + len(params)] = params
    return greal, gint


AXIS_X = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]   # local z along world +x


def test_capsule_flat_on_box_takes_the_plus_end():
    """A capsule lying on a box face: one sphere contact at the axis point nearest its +z end (libode's choice
    on the plateau of equally close points), midway between the surfaces, normal into geom 1."""
    greal, gint = posed([(L.GC_BOX, (0, 0, 0), None, (2, 2, 2)),
                         (L.GC_CAPSULE, (1.2, 0.1, 1.1), AXIS_X, (0.3, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 8)
    assert c.shape[0] == 1
    np.testing.assert_allclose(c[0, L.C_POS:L.C_POS + 3], (1.0, 0.1, 0.9), atol=TOL)
    np.testing.assert_allclose(c[0, L.C_NORMAL:L.C_NORMAL + 3], (0, 0, -1), atol=TOL)
    assert abs(c[0, L.C_DEPTH] - 0.2) < TOL
    greal[1, L.G_POS] = 0.0
    c = K.collide_geoms(greal, gint, 1, 0, 8)
    np.testing.assert_allclose(c[0, L.C_POS:L.C_POS + 3], (0.5, 0.1, 0.9), atol=TOL)
    np.testing.assert_allclose(c[0, L.C_NORMAL:L.C_NORMAL + 3], (0, 0, 1), atol=TOL)


def test_capsule_axis_in_box_clips_like_boxes():
    """When the capsule's axis enters the box, libode clips its bounding box (2r, 2r, length + 2r): a capsule
    standing on a box face gives the four corners of that square, all at the same depth."""
    greal, gint = posed([(L.GC_BOX, (0, 0, 0), None, (2, 2, 2)),
                         (L.GC_CAPSULE, (0, 0, 1.2), None, (0.25, 0.5))])
    c = K.collide_geoms(greal, gint, 0, 1, 8)
    assert c.shape[0] == 4
    np.testing.assert_allclose(np.abs(c[:, L.C_POS:L.C_POS + 2]), 0.25, atol=TOL)
    np.testing.assert_allclose(c[:, L.C_NORMAL + 2], -1, atol=TOL)
    np.testing.assert_allclose(c[:, L.C_DEPTH], 0.3, atol=TOL)


def test_sphere_cylinder_points():
    """Side contact: the sphere's deepest point but not past the axis; rim contact: the rim point itself."""
    greal, gint = posed([(L.GC_SPHERE, (0.8, 0, 0), None, (0.5,)),
                         (L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    np.testing.assert_allclose(c[0, :7], (0.3, 0, 0, 1, 0, 0, 0.2), atol=TOL)
    greal[0, L.G_RADIUS] = 1.0
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    np.testing.assert_allclose(c[0, :7], (0.0, 0, 0, 1, 0, 0, 0.7), atol=TOL)
    greal[0, L.G_POS:L.G_POS + 3] = (0.8, 0, 0.8)
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    s = np.sqrt(0.5)
    np.testing.assert_allclose(c[0, :7], (0.5, 0, 0.5, s, 0, s, 1.0 - 0.3 * np.sqrt(2)), atol=TOL)


def test_degenerate_sphere_cylinder_and_ray_cylinder_poses_give_finite_contacts():
    """Where libode divides zero by zero (a sphere centred on a cylinder's axis, a sphere centred on its rim)
    or by an underflowed length (a ray all but along the axis), both backends give a finite unit normal."""
    poses = [
        [(L.GC_SPHERE, (0, 0, 0.1), None, (0.3,)), (L.GC_CYLINDER, (0, 0, 0), None, (0.5, 2.0))],
        [(L.GC_SPHERE, (0.5, 0, 0.5), None, (0.3,)), (L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0))],
    ]
    for geoms in poses:
        greal, gint = posed(geoms)
        c = K.collide_geoms(greal, gint, 0, 1, 1)
        assert c.shape[0] == 1 and np.all(np.isfinite(c[0, :7]))
        assert abs(np.linalg.norm(c[0, L.C_NORMAL:L.C_NORMAL + 3]) - 1) < TOL
    greal, gint = posed([(L.GC_RAY, (0, 0, 5), None, ()), (L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0))])
    greal[0, L.G_RAYLEN] = 10.0
    tiny = 1e-170 if REAL == np.float64 else 1e-30
    d = np.array([tiny, 0.0, -1.0])
    greal[0, L.G_R:L.G_R + 9] = np.array([[1, 0, d[0]], [0, 1, d[1]], [0, 0, d[2]]]).ravel()
    c = K.collide_geoms(greal, gint, 0, 1, 1)
    assert c.shape[0] == 1 and np.all(np.isfinite(c[0, :7]))
    np.testing.assert_allclose(c[0, L.C_NORMAL:L.C_NORMAL + 3], (0, 0, 1), atol=TOL)
    assert abs(c[0, L.C_DEPTH] - 4.5) < 1e-5
    greal[0, L.G_POS:L.G_POS + 3] = (0.7, 0, 0.3)  # beside the side, between the caps: it passes by
    assert K.collide_geoms(greal, gint, 0, 1, 1).shape[0] == 0


def test_zero_length_cylinders_collide_as_discs():
    """A cylinder (or capsule) of length 0 keeps its rotation's z as its axis in the MPR pairs: a flat disc
    resting on another disc and a capsule touching it give finite contacts, not 0 / 0."""
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), None, (0.5, 0.0)),
                         (L.GC_CYLINDER, (0.1, 0, 0.05), None, (0.4, 0.2))])
    c = K.collide_geoms(greal, gint, 0, 1, 4)
    assert c.shape[0] >= 1 and np.all(np.isfinite(c[:, :7]))
    np.testing.assert_allclose(np.abs(c[0, L.C_NORMAL + 2]), 1.0, atol=1e-6)
    greal, gint = posed([(L.GC_CAPSULE, (0.2, 0.1, 0.3), None, (0.3, 1.0)),
                         (L.GC_CYLINDER, (0, 0, 0), None, (0.5, 0.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 4)
    assert c.shape[0] >= 1 and np.all(np.isfinite(c[:, :7]))


def test_cylinder_lying_on_box_gives_its_clipped_side_line():
    """A cylinder lying across a box edge: two contacts at the ends of its lowest line inside the box, at the
    penetration depth, normals into geom 1; swapping the arguments flips the normals only."""
    greal, gint = posed([(L.GC_BOX, (0, 0, 0), None, (2, 2, 2)),
                         (L.GC_CYLINDER, (1.2, 0, 1.4), AXIS_X, (0.5, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 8)
    assert c.shape[0] == 2
    xs = sorted(c[:, L.C_POS])
    np.testing.assert_allclose(xs, (0.7, 1.0), atol=TOL)
    np.testing.assert_allclose(c[:, L.C_POS + 2], 0.9, atol=TOL)
    np.testing.assert_allclose(c[:, L.C_DEPTH], 0.1, atol=TOL)
    np.testing.assert_allclose(c[:, L.C_NORMAL + 2], -1, atol=TOL)
    d = K.collide_geoms(greal, gint, 1, 0, 8)
    np.testing.assert_allclose(d[:, :3], c[:, :3], atol=TOL)
    np.testing.assert_allclose(d[:, 3:6], -c[:, 3:6], atol=TOL)
    assert K.collide_geoms(greal, gint, 0, 1, 1).shape[0] == 1
    greal[1, L.G_POS + 2] = 1.6
    assert K.collide_geoms(greal, gint, 0, 1, 8).shape[0] == 0


def test_stacked_cylinders_give_rim_points_of_the_overlapping_caps():
    """Parallel cylinders cap on cap (values observed from libode): crossing rims give each rim's arc inside
    the other disc at quarter steps (3 interior points on one, 5 with both ends on the other), all on the
    facing caps, at the axial overlap with normal -z into geom 1; max contacts caps the count."""
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0)),
                         (L.GC_CYLINDER, (0.1, 0.2, 0.9), None, (0.5, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 64)
    assert c.shape[0] == 8
    libode = [(0.45353879, 0.21048175, 0.5), (0.2236068, 0.4472136, 0.5), (-0.10373787, 0.48912008, 0.5),
              (-0.38588989, 0.31794495, 0.4), (-0.35353879, -0.01048175, 0.4), (-0.1236068, -0.2472136, 0.4),
              (0.20373788, -0.28912008, 0.4), (0.48588989, -0.11794495, 0.4)]
    got = sorted(tuple(p) for p in c[:, L.C_POS:L.C_POS + 3])
    np.testing.assert_allclose(got, sorted(libode), atol=max(TOL, 1e-8))
    np.testing.assert_allclose(c[:, L.C_NORMAL:L.C_NORMAL + 3], np.tile((0, 0, -1), (8, 1)), atol=TOL)
    np.testing.assert_allclose(c[:, L.C_DEPTH], 0.1, atol=TOL)
    assert K.collide_geoms(greal, gint, 0, 1, 3).shape[0] == 3


def test_small_cylinder_on_a_big_one_gives_eight_rim_points():
    """A disc inside the other (libode): 8 points 45 degrees apart on the smaller rim, from its own x axis."""
    s, co = np.sin(0.3), np.cos(0.3)
    rz = [[co, -s, 0], [s, co, 0], [0, 0, 1]]
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0)),
                         (L.GC_CYLINDER, (0.1, 0.05, 0.9), rz, (0.2, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 64)
    assert c.shape[0] == 8
    np.testing.assert_allclose(c[0, :7], (0.2910673, 0.10910404, 0.4, 0, 0, -1, 0.1), atol=max(TOL, 1e-8))
    ang = np.arctan2(c[:, 1] - 0.05, c[:, 0] - 0.1)
    steps = np.sort(np.mod(ang - 0.3 + 1e-5, 2 * np.pi)) - 1e-5
    np.testing.assert_allclose(steps, np.arange(8) * np.pi / 4, atol=max(TOL, 1e-6) * 10)


def test_cylinder_pairs_by_mpr_match_libode_on_simple_poses():
    """Capsule-cylinder and cylinder-cylinder away from cap-cap contact: one MPR contact (libode's values)."""
    greal, gint = posed([(L.GC_CAPSULE, (0, 0, 0), None, (0.3, 1.0)),
                         (L.GC_CYLINDER, (0, 0, -0.5), None, (0.4, 0.2))])
    for a, b, sign in ((0, 1, 1), (1, 0, -1)):
        c = K.collide_geoms(greal, gint, a, b, 4)
        assert c.shape[0] == 1
        np.testing.assert_allclose(c[0, :7], (0, 0, -0.6, 0, 0, sign, 0.4), atol=TOL)
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), None, (0.5, 1.0)),
                         (L.GC_CYLINDER, (0.9, 0, 0), None, (0.5, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 4)
    assert c.shape[0] == 1
    np.testing.assert_allclose(c[0, :7], (0.45, 0, -0.5, -1, 0, 0, 0.1), atol=max(TOL, 1e-9))
    greal[1, L.G_POS] = 1.01
    assert K.collide_geoms(greal, gint, 0, 1, 4).shape[0] == 0


def test_tilted_cylinder_cap_on_box_face_is_a_clipped_octagon():
    """libode puts a cap near a box face as the octagon around its circle (corners at r / cos 22.5 deg): the
    part inside the box, moved along the axis onto the face, clipped to the face, all at the deepest depth
    (values observed from libode: radius 1, length 2, tilt 0.2 rad about (1, 0.3, 0))."""
    ax = np.array([1.0, 0.3, 0.0]) / np.hypot(1.0, 0.3)
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    rot = np.eye(3) + np.sin(0.2) * k + (1 - np.cos(0.2)) * k @ k
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), rot, (1.0, 2.0)),
                         (L.GC_BOX, (-0.3, 0.1, -1.4), None, (2.0, 4.0, 1.0))])
    c = K.collide_geoms(greal, gint, 0, 1, 64)
    libode = [(-0.046364, -0.927844), (-0.814791, -0.600619), (-1.136633, 0.180804), (-1.091744, 0.292266),
              (0.700000, 0.829789), (0.700000, -0.616900)]
    assert c.shape[0] == 6
    for p in libode:  # as sets: every libode point has one of ours within the tolerance
        assert np.min(np.max(np.abs(c[:, L.C_POS:L.C_POS + 2] - p), axis=1)) < max(TOL, 2e-6), p
    np.testing.assert_allclose(c[:, L.C_POS + 2], -0.9, atol=TOL * 10)
    np.testing.assert_allclose(c[:, L.C_NORMAL:L.C_NORMAL + 3], np.tile((0, 0, 1), (6, 1)), atol=TOL)
    np.testing.assert_allclose(c[:, L.C_DEPTH], 0.278736, atol=max(TOL, 2e-6))
    greal[1, L.G_SIDES] = 4.0  # a wide box: the whole octagon below the face, 2 clip points on its edges
    assert K.collide_geoms(greal, gint, 0, 1, 64).shape[0] == 7
    assert K.collide_geoms(greal, gint, 0, 1, 4).shape[0] == 4


def test_box_corner_in_a_cap_gives_the_clipped_face():
    """When the cylinder's axis separates best, libode clips the box face nearest the cap to the cap plane and
    octagon: a corner pushed 0.05 into the cap of an upright cylinder is one contact at that corner."""
    ax = np.array([1.0, 0.5, 0.2]) / np.linalg.norm([1.0, 0.5, 0.2])
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    rot = np.eye(3) + np.sin(0.9) * k + (1 - np.cos(0.9)) * k @ k
    half = np.array([0.5, 0.6, 0.7])
    top = max((rot @ (half * s))[2] for s in np.array(np.meshgrid(*[[-1, 1]] * 3)).T.reshape(-1, 3))
    greal, gint = posed([(L.GC_CYLINDER, (0, 0, 0), None, (1.0, 2.0)),
                         (L.GC_BOX, (0.2, 0.1, -1 - top + 0.05), rot, tuple(2 * half))])
    c = K.collide_geoms(greal, gint, 0, 1, 64)
    # the two corner edges cross the cap plane at depth 0: libode keeps such points only when rounding makes
    # their depth positive (here it does not in double; in single precision it may)
    c = c[np.argsort(-c[:, L.C_DEPTH])]
    assert c.shape[0] == 1 or (REAL == np.float32 and c.shape[0] == 3 and np.all(c[1:, L.C_DEPTH] < TOL))
    np.testing.assert_allclose(c[0, :7], (0.030222, -0.087578, -0.95, 0, 0, 1, 0.05), atol=max(TOL, 1e-6))


def test_geom_then_transform_is_collided_as_transform_then_geom():
    """libode collides (geom, transform) as (transform, geom) and flips the normals; MPR (cylinder-cylinder)
    is not symmetric, so the order shows: libode's case 8 of cylinder-transform is matched only this way
    (in double; single-precision MPR takes another path). The native pipeline does the same."""
    from collide_cases import MANIFOLD_TOL, build, load_pair, our_contacts, place

    import ode

    case = load_pair("cylinder-transform")["cases"][8]
    assert case["g1"]["class"] == "cylinder" and case["g2"]["class"] == "transform"
    g1, g2 = build(case["g1"]), build(case["g2"])
    place(g1, case["g1"], case["pos1"], case["rot1"])
    place(g2, case["g2"], case["pos2"], case["rot2"])
    ab = our_contacts(g1, g2, 1)
    ba = our_contacts(g2, g1, 1)
    assert len(ab) == len(ba) == 1
    assert ab[0][:3] == ba[0][:3] and ab[0][3:6] == [-x for x in ba[0][3:6]] and ab[0][6] == ba[0][6]
    if REAL == np.float64:
        lib = case["contacts"]["1"][0]
        assert max(abs(a - b) for a, b in zip(ab[0], lib[:7])) < MANIFOLD_TOL
    world = ode.World()
    body = ode.Body(world)
    body.setPosition(tuple(case["pos1"]))
    body.setRotation(tuple(case["rot1"]))
    g1.setBody(body)
    body2 = ode.Body(world)  # two bodies: the joint keeps the pair's order (no reversed attachment)
    body2.setPosition(tuple(case["pos2"]))
    body2.setRotation(tuple(case["rot2"]))
    g2.setBody(body2)
    space = ode.SimpleSpace()
    space.add(g2)
    space.add(g1)
    group = ode.JointGroup()
    assert space.collideContacts(world, group, max_contacts=1) == 1
    j = world._state.joints
    rows = [r for r in range(j.count) if j.ints[r, L.JI_ALIVE] and j.ints[r, L.JI_TYPE] == L.JT_CONTACT]
    assert len(rows) == 1
    got = j.real[rows[0], L.J_C_NORMAL:L.J_C_NORMAL + 3].tolist()
    pairs = []
    space.collide(None, lambda _d, x, y: pairs.append((x, y)))
    assert pairs == [(g1, g2)]  # the transform second: the pipeline must swap and flip as collide() does
    want = our_contacts(g1, g2, 1)[0]
    assert got == want[3:6]


def test_plane_heightfield_contacts_are_samples_below_the_plane():
    """Plane-heightfield (a pair libode lacks): every sample below the plane is one contact, its depth the
    plane's pointDepth of the sample and its normal the plane's, pointing into the plane (geom 1)."""
    import ode

    rng = np.random.default_rng(11)
    total = 0
    for trial in range(12):
        heights = rng.uniform(0.0, 1.0, 25)
        hd = ode.HeightfieldData()
        hd.buildDouble(heights.tolist(), 0, 4.0, 4.0, 5, 5, 1.0, 0.0, 0.1, 0)
        field = ode.GeomHeightfield(hd, True)
        nrm = rng.normal(size=3) * np.array([0.3, 1.0, 0.3])
        nrm = nrm / np.linalg.norm(nrm) * (1 if nrm[1] > 0 else -1)
        plane = ode.GeomPlane(None, tuple(nrm), float(rng.uniform(-0.2, 0.8)))
        contacts = [c.getContactGeomParams() for c in ode.collide(plane, field, 64)]
        xs = np.linspace(-2.0, 2.0, 5)
        samples = [(x, heights[j * 5 + i], z) for j, z in enumerate(xs) for i, x in enumerate(xs)]
        below = [s for s in samples if plane.pointDepth(s) > 0]
        assert len(contacts) == len(below), trial
        total += len(contacts)
        for pos, normal, depth, g1, g2 in contacts:
            assert g1 is plane and g2 is field
            assert abs(depth - plane.pointDepth(pos)) < 1e-9 + 10 * TOL
            assert np.allclose(normal, -nrm, atol=1e-6)
            assert min(np.abs(np.array(samples) - pos).sum(axis=1)) < 1e-6
    assert total > 50


def _collide_rows(g1, g2, n=16) -> list:
    """ode.collide as [pos(3), normal(3), depth] rows."""
    import ode

    return [[*c.getContactGeomParams()[0], *c.getContactGeomParams()[1], c.getContactGeomParams()[2]]
            for c in ode.collide(g1, g2, n)]


@pytest.mark.parametrize("name", ["plane-plane", "ray-ray", "heightfield-heightfield"])
def test_pairs_without_a_contact_set_give_none(name):
    """Two planes (unbounded, never placed), two rays (zero thickness) and two heightfields (static terrain)
    have no collider in libode (dCollide returns 0): ours return nothing either, on every recorded pose."""
    from collide_cases import build, load_pair, place

    for case in load_pair(name)["cases"]:
        g1, g2 = build(case["g1"]), build(case["g2"])
        place(g1, case["g1"], case["pos1"], case["rot1"])
        place(g2, case["g2"], case["pos2"], case["rot2"])
        assert _collide_rows(g1, g2) == [] and _collide_rows(g2, g1) == []


def _cube_on_floor(depth: float, rng: np.random.Generator):
    """A unit GeomConvex cube sunk `depth` into a two-triangle trimesh floor z = 0, turned about z."""
    from geom_rows import CUBE_PLANES, CUBE_POINTS, CUBE_POLYS

    import ode

    data = ode.TriMeshData()
    data.build([(-5, -5, 0), (5, -5, 0), (5, 5, 0), (-5, 5, 0)], [(0, 1, 2), (0, 2, 3)])
    floor = ode.GeomTriMesh(data, None)
    cube = ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)
    a = rng.uniform(0, 2 * np.pi)
    cube.setRotation((np.cos(a), -np.sin(a), 0, np.sin(a), np.cos(a), 0, 0, 0, 1))
    cube.setPosition((rng.uniform(-2, 2), rng.uniform(-2, 2), 0.5 - depth))
    return cube, floor


@pytest.mark.parametrize("seed", range(5))
def test_convex_trimesh_cube_on_floor(seed):
    """libode aborts on convex-trimesh, so ours is checked by properties: a cube sunk d into a floor
    touches it at depth d (its deepest contact: the cube's lowest face is d below the floor) with the floor's
    normal, as for sphere-plane; the argument swap gives the same points with flipped normals; lifted clear it
    gives nothing."""
    rng = np.random.default_rng(seed)
    d = rng.uniform(0.01, 0.2)
    cube, floor = _cube_on_floor(d, rng)
    rows = _collide_rows(cube, floor)
    assert rows
    tol = 1e-9 if REAL == np.float64 else 1e-5
    assert abs(max(r[6] for r in rows) - d) < tol
    for r in rows:
        assert -tol <= r[6] <= d + tol
        assert abs(r[5] - 1) < tol and abs(r[3]) < tol and abs(r[4]) < tol  # +z, as sphere-plane
    swapped = _collide_rows(floor, cube)
    key = sorted((round(r[0], 6), round(r[1], 6), round(r[2], 6), round(r[6], 6)) for r in rows)
    assert key == sorted((round(r[0], 6), round(r[1], 6), round(r[2], 6), round(r[6], 6)) for r in swapped)
    normals = {round(r[5]) for r in rows}
    assert normals == {-round(r[5]) for r in swapped}
    cube.setPosition((0, 0, 0.6))
    assert _collide_rows(cube, floor) == [] and _collide_rows(floor, cube) == []
