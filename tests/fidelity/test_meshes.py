"""Convex, trimesh and heightfield geoms: kernel parity, libode fidelity, properties and the public API.

- Parity: the Cython kernel (double build) and its twin ``ode/_fallback/collide_mesh.py`` agree bit for bit on
  every pair function over random poses (the kernel is generated from the twin by tools/gen/gen_kernels.py,
  whose output must be current).
- Fidelity (tests/data/meshes/meshes.json, tools/record/record_meshes.py): dMassSetTrimesh, trimesh/convex
  against a plane, rays against trimesh/convex and spheres on a flat trimesh, compared as sets. Tolerance
  FID_TOL = 1e-6 in double: libode stores trimesh vertices as float (OPCODE), which moves its answers by
  ~1e-7. Single precision: 1e-4.
- Properties where libode has no unique answer: argument-swap symmetry, a heightfield and the equivalent
  trimesh give the same sphere contacts, box resting on a flat mesh gets its bottom corners.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from geom_rows import CUBE_PLANES, CUBE_POINTS, CUBE_POLYS
from kernels import core_kernel

import ode
from ode import _layout as L
from ode import _precision
from ode._fallback import collide_mesh as TWIN

DATA = Path(__file__).resolve().parents[1] / "data" / "meshes" / "meshes.json"
FID_TOL = 1e-6 if ode.precision == "double" else 1e-4
QUAD_V = [(-1, -1, 0), (1, -1, 0), (1, 1, 0), (-1, 1, 0)]
QUAD_F = [(0, 1, 2), (0, 2, 3)]


# ------------------------------------------------------------------ kernel parity


def _rot(rng: random.Random) -> np.ndarray:
    """A random rotation matrix (row-major 9) from a random unit quaternion."""
    q = np.array([rng.gauss(0, 1) for _ in range(4)])
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                     2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                     2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)])


def _record(cls: int, pos, R, params=(), data=-1, flags=0) -> tuple:
    """A geom record (real row, int row)."""
    g = np.zeros(L.GR)
    i = np.zeros(L.GI, dtype=np.int32)
    g[L.G_POS:L.G_POS + 3] = pos
    g[L.G_R:L.G_R + 9] = R
    g[L.G_PARAM:L.G_PARAM + len(params)] = params
    i[L.GI_CLASS] = cls
    i[L.GI_DATA] = data
    i[L.GI_FLAGS] = flags
    return g, i


def _bumpy_mesh() -> tuple:
    """A 4x4 grid of bumpy triangles (a open trimesh) and a closed box mesh."""
    verts = [(x * 0.5 - 1, y * 0.5 - 1, 0.1 * math.sin(3 * x + y)) for y in range(5) for x in range(5)]
    faces = []
    for y in range(4):
        for x in range(4):
            a = y * 5 + x
            faces += [(a, a + 1, a + 6), (a, a + 6, a + 5)]
    return np.array(verts, float), np.array(faces)


def _register(mod) -> dict:
    """Side data registered in one module: trimesh, convex, heightfield ids."""
    v, f = _bumpy_mesh()
    h = [0.1 * math.cos(x + 2 * z) for z in range(5) for x in range(6)]
    return {
        "trimesh": mod.register_trimesh(v, f, None),
        "convex": mod.register_convex(CUBE_PLANES, CUBE_POINTS, CUBE_POLYS),
        "heightfield": mod.register_heightfield(h, 6, 5, 2.5, 2.0, 0.5, False),
    }


CLASS = {"sphere": L.GC_SPHERE, "box": L.GC_BOX, "capsule": L.GC_CAPSULE, "cylinder": L.GC_CYLINDER,
         "plane": L.GC_PLANE, "ray": L.GC_RAY, "convex": L.GC_CONVEX, "trimesh": L.GC_TRIMESH,
         "heightfield": L.GC_HEIGHTFIELD}
PARAMS = {"sphere": (0.4,), "box": (0.7, 0.5, 0.9), "capsule": (0.3, 0.8), "cylinder": (0.35, 0.7),
          "ray": (3.0,)}


def _pair_records(name: str, ids: dict, rng: random.Random) -> tuple:
    """Random records for pair function ``name`` (collide_<a>_<b>)."""
    a, b = name[len("collide_"):].split("_")
    out = []
    for k, cls in enumerate((a, b)):
        pos = [rng.uniform(-0.6, 0.6) for _ in range(3)]
        R = _rot(rng)
        if cls == "plane":
            n = np.array([rng.uniform(-.3, .3), rng.uniform(-.3, .3), 1.0])
            n /= np.linalg.norm(n)
            out.append(_record(L.GC_PLANE, (0, 0, 0), np.eye(3).ravel(), (*n, rng.uniform(-0.3, 0.3))))
        elif cls in ids:
            out.append(_record(CLASS[cls], pos if k else (0, 0, 0), R if k else np.eye(3).ravel(),
                               data=ids[cls]))
        elif cls == "ray":
            pos[2] = 1.5
            out.append(_record(L.GC_RAY, pos, R if rng.random() < 0.3 else np.diag([1.0, -1.0, -1.0]).ravel(),
                               PARAMS["ray"], flags=rng.choice([0, 1, 2, 4])))
        else:
            out.append(_record(CLASS[cls], pos, R, PARAMS[cls]))
    return out[0], out[1]


def _pair_names() -> list:
    import re

    pair = re.compile(r"collide_(?:convex|trimesh|heightfield|ray)_\w+")
    return sorted(name for name in vars(TWIN) if pair.fullmatch(name))


@pytest.mark.parametrize("name", _pair_names())
def test_core_twin_parity(name, monkeypatch):
    core = core_kernel("collide_mesh", "double")
    # the double kernel's dReal epsilon, which the twin takes from the process's precision
    monkeypatch.setattr(_precision, "EPSILON", float(np.finfo(np.float64).eps))
    ids_c, ids_t = _register(core), _register(TWIN)
    rng = random.Random(name)
    hits = 0
    for trial in range(25):
        state = rng.getstate()
        (g1, i1), (g2, i2) = _pair_records(name, ids_c, rng)
        rng.setstate(state)
        (h1, j1), (h2, j2) = _pair_records(name, ids_t, rng)
        flags = rng.choice([1, 4, 64, 4 | 0x80000000])
        a = core.collide(name, g1, i1, g2, i2, flags)
        b = TWIN.collide(name, h1, j1, h2, j2, flags)
        assert a.shape == b.shape, (name, trial)
        assert np.array_equal(a, b), (name, trial)
        assert a.shape[0] <= (flags & 0xFFFF)
        hits += a.shape[0] > 0
    if name != "collide_heightfield_heightfield":
        assert hits > 0, f"{name}: no pose produced a contact"


def test_core_twin_parity_aabb_and_mass():
    core = core_kernel("collide_mesh", "double")
    ids_c, ids_t = _register(core), _register(TWIN)
    rng = random.Random(7)
    for cls in ("trimesh", "convex", "heightfield"):
        for _ in range(5):
            pos, R = [rng.uniform(-1, 1) for _ in range(3)], _rot(rng)
            a = core.mesh_aabb_py(*_record(CLASS[cls], pos, R, data=ids_c[cls]))
            b = TWIN.mesh_aabb_py(*_record(CLASS[cls], pos, R, data=ids_t[cls]))
            assert a == b
            assert all(a[2 * k] <= a[2 * k + 1] for k in range(3))
    v = np.array(CUBE_POINTS, float) * 2 + 0.25
    f = [(0, 2, 6), (0, 6, 4), (1, 5, 7), (1, 7, 3), (0, 1, 3), (0, 3, 2), (4, 6, 7), (4, 7, 5), (0, 4, 5),
         (0, 5, 1), (2, 3, 7), (2, 7, 6)]
    mc = core.mass_trimesh_py(1.5, core.register_trimesh(v, f, None))
    mt = TWIN.mass_trimesh_py(1.5, TWIN.register_trimesh(v, f, None))
    assert mc == mt
    assert mc[0] == pytest.approx(1.5 * 8.0)


def test_registry_release():
    i = TWIN.register_convex(CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)
    assert TWIN.is_registered(i)
    TWIN.release(i)
    assert not TWIN.is_registered(i)
    g, gi = _record(L.GC_CONVEX, (0, 0, 0), np.eye(3).ravel(), data=i)
    s, si = _record(L.GC_SPHERE, (0, 0, 0), np.eye(3).ravel(), (1.0,))
    assert TWIN.collide("collide_convex_sphere", g, gi, s, si, 4).shape == (0, L.CR)


# ------------------------------------------------------------------ public API helpers


def _trimesh(verts=QUAD_V, faces=QUAD_F) -> ode.GeomTriMesh:
    d = ode.TriMeshData()
    d.build(verts, faces)
    return ode.GeomTriMesh(d, None)


def _geom(spec: dict):
    cls = spec["class"]
    if cls == "sphere":
        return ode.GeomSphere(None, spec["radius"])
    if cls == "plane":
        return ode.GeomPlane(None, spec["normal"], spec["dist"])
    if cls == "ray":
        return ode.GeomRay(None, spec["length"])
    if cls == "trimesh":
        return _trimesh(spec["vertices"], spec["faces"])
    if cls == "convex":
        return ode.GeomConvex(None, spec["planes"], spec["points"], spec["polygons"])
    raise AssertionError(cls)


def _place(g, pos, R) -> None:
    if not isinstance(g, ode.GeomPlane):
        g.setPosition(pos)
        g.setRotation(R)


def _rows(contacts) -> list:
    out = []
    for c in contacts:
        p, n, d, _, _ = c.getContactGeomParams()
        out.append(list(p) + list(n) + [d])
    return out


def _same_sets(ours: list, ref: list, tol: float) -> None:
    """Every reference contact matches one of ours (positions, normals, depth) and the counts agree."""
    assert len(ours) == len(ref), (ours, ref)
    left = list(ours)
    for r in ref:
        best = min(left, key=lambda o: max(abs(a - b) for a, b in zip(o, r)))
        assert max(abs(a - b) for a, b in zip(best, r)) <= tol, (best, r)
        left.remove(best)


# ------------------------------------------------------------------ fidelity


def _cases(kind: str) -> list:
    return [c for c in json.loads(DATA.read_text())["cases"] if c["kind"] == kind]


def test_mass_set_trimesh_matches_libode():
    for case in _cases("mass"):
        m = ode.Mass()
        m.setTrimesh(case["density"], _trimesh(case["mesh"]["vertices"], case["mesh"]["faces"]))
        ours = [m.mass, *m.c, *m.I[0], *m.I[1], *m.I[2]] if isinstance(m.I[0], tuple) else \
            [m.mass, *m.c, *m.I]
        scale = max(abs(x) for x in case["ref"])
        for a, b in zip(ours, case["ref"]):
            assert abs(a - b) <= 1e-6 * scale, (ours, case["ref"])


def test_pairs_match_libode():
    cases = _cases("pair")
    assert len(cases) >= 100
    with_contacts = 0
    for case in cases:
        g1, g2 = _geom(case["g1"]), _geom(case["g2"])
        _place(g1, case["p1"], case["r1"])
        _place(g2, case["p2"], case["r2"])
        ours = _rows(ode.collide(g1, g2, 16))
        ref = [r[:7] for r in case["ref"]]
        if case["g1"]["class"] == "ray" and case["g2"]["class"] == "convex" and ref and not ours:
            # libode accepts the point ``depth`` along the ray when it lies on the face even if the ray
            # itself misses the cube (its depth is the origin's distance to the face plane): we use the
            # true intersection, so only check that the ray really misses the unit cube
            assert not _ray_hits_unit_cube(case["p1"], case["r1"], case["g1"]["length"])
            continue
        _same_sets(ours, ref, FID_TOL)
        with_contacts += bool(ref)
    assert with_contacts > 50


def _ray_hits_unit_cube(origin, R, length) -> bool:
    """Slab test of a ray (origin, direction = third column of R) against the cube [-0.5, 0.5]^3."""
    d = (R[2], R[5], R[8])
    lo, hi = 0.0, length
    for k in range(3):
        if d[k] == 0:
            if abs(origin[k]) > 0.5:
                return False
            continue
        t1, t2 = (-0.5 - origin[k]) / d[k], (0.5 - origin[k]) / d[k]
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo <= hi


# ------------------------------------------------------------------ properties


def test_swap_symmetry():
    rng = random.Random(3)
    mesh = _trimesh(*_bumpy_mesh())
    others = [ode.GeomSphere(None, 0.4), ode.GeomBox(None, (0.6, 0.5, 0.7)), ode.GeomCapsule(None, 0.3, 0.6),
              ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)]
    seen = 0
    for _ in range(20):
        for o in others:
            o.setPosition((rng.uniform(-.5, .5), rng.uniform(-.5, .5), rng.uniform(-.1, .5)))
            o.setRotation(tuple(_rot(rng)))
            a = _rows(ode.collide(mesh, o, 32))
            b = _rows(ode.collide(o, mesh, 32))
            assert len(a) == len(b)
            for x, y in zip(a, b):
                assert x[:3] == y[:3] and x[6] == y[6]
                assert [-v for v in x[3:6]] == y[3:6]
            seen += bool(a)
    assert seen > 20


def test_flat_heightfield_and_trimesh_agree_on_spheres():
    """A flat heightfield (y up) and a flat trimesh give a sphere the same depth and normal.

    (Their contact points differ, as in libode: the trimesh reports the surface point under the centre, the
    heightfield the sphere's deepest point.) In single precision the trimesh's depth and point carry libode's
    float rounding: it finds the distance from the quadratic form of the triangle's edge parameters (the
    squared distance to a vertex less the rest), whose cancellation leaves errors ~1e-5 at this scale.
    """
    tol = 1e-6 if ode.precision == "double" else 5e-5
    wn, dn, w, d, y0 = 4, 3, 3.0, 2.0, 0.125
    hd = ode.HeightfieldData()
    hd.buildDouble([y0] * (wn * dn), True, w, d, wn, dn, 1.0, 0.0, 0.5, False)
    hf = ode.GeomHeightfield(hd, True, None)
    corners = [(-1.5, y0, -1.0), (1.5, y0, -1.0), (1.5, y0, 1.0), (-1.5, y0, 1.0)]
    tm = _trimesh(corners, [(0, 2, 1), (0, 3, 2)])
    rng = random.Random(5)
    hits = 0
    for _ in range(30):
        r = rng.uniform(0.2, 0.5)
        s = ode.GeomSphere(None, r)
        x, y, z = rng.uniform(-1.0, 1.0), rng.uniform(y0 + 0.01, 0.6), rng.uniform(-0.6, 0.6)  # centre above
        s.setPosition((x, y, z))
        for rows in (_rows(ode.collide(hf, s, 16)), _rows(ode.collide(tm, s, 16))):
            if y - r >= y0:
                assert rows == []
                continue
            assert rows
            for row in rows:  # (the heightfield adds its sample points inside the sphere, as libode)
                assert row[3:6] == pytest.approx([0, -1, 0], abs=1e-6)
            row = max(rows, key=lambda q: q[6])
            assert row[6] == pytest.approx(y0 - (y - r), abs=tol)
            assert row[0] == pytest.approx(x, abs=tol) and row[2] == pytest.approx(z, abs=tol)
            hits += 1
    assert hits > 10


def _ramp_field(wrap: bool) -> ode.GeomHeightfield:
    """A 3 x 2 heightfield (4 x 3 samples, 1 apart along x) whose heights are the sample index along x."""
    hd = ode.HeightfieldData()
    hd.buildDouble([float(i) for _j in range(3) for i in range(4)], True, 3.0, 2.0, 4, 3, 1.0, 0.0, 1.0, wrap)
    return ode.GeomHeightfield(hd, True, None)


def test_wrapped_heightfield_repeats_every_wn_minus_one_cells():
    """libode's wrap: the last sample column is the first one again (heights 0, 1, 2, 0, 1, ...)."""
    ray = ode.GeomRay(None, 20.0)
    tol = 1e-9 if ode.precision == "double" else 1e-5
    for wrap, x, height in ((False, 1.25, 2.75), (True, 1.25, 0.5), (True, 1.5, 0.0), (True, -2.75, 1.75)):
        ray.set((x, 10.0, 0.3), (0.0, -1.0, 0.0))
        (row,) = _rows(ode.collide(ray, _ramp_field(wrap), 1))
        assert row[1] == pytest.approx(height, abs=tol) and row[6] == pytest.approx(10.0 - height, abs=tol)
    assert _ramp_field(True).getAABB() == (-math.inf, math.inf) * 3


def test_buried_geom_gets_one_contact_at_the_lowest_sample():
    """A box wholly under every sample of its cells: one contact at its position raised to the lowest one."""
    box = ode.GeomBox(None, (0.4, 0.4, 0.4))
    box.setPosition((0.1, -3.0, 0.2))
    rows = _rows(ode.collide(_ramp_field(False), box, 8))
    assert len(rows) == 1
    pos, normal, depth = rows[0][:3], rows[0][3:6], rows[0][6]
    assert pos == pytest.approx([0.1, 1.0, 0.2]) and normal == pytest.approx([0.0, -1.0, 0.0])
    assert depth == pytest.approx(1.0 - (-3.0 + 0.2))  # lowest of samples 1 and 2 minus the box's top


def test_convex_under_a_plane_and_sphere_on_a_mesh_edge():
    """libode: a convex wholly under a plane gives nothing; a sphere on a mesh edge keeps the face normal."""
    cv = ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)
    cv.setPosition((0, 0, -0.6))
    assert ode.collide(cv, ode.GeomPlane(None, (0, 0, 1), 0.0), 8) == []
    tm = _trimesh([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 2)])
    s = ode.GeomSphere(None, 0.5)
    s.setPosition((1.1, 0.2, 0.3))
    (row,) = _rows(ode.collide(s, tm, 4))
    assert row[:3] == pytest.approx([0.95, 0.05, 0.0], abs=1e-6) and row[3:6] == pytest.approx([0, 0, 1])
    d = math.sqrt(0.15 * 0.15 * 2 + 0.09)
    assert row[6] == pytest.approx((0.5 - d) * 0.3 / d, abs=1e-6)  # (radius - distance) x cosine


def test_box_resting_on_mesh_and_heightfield():
    tm = _trimesh([(-2, -2, 0), (2, -2, 0), (2, 2, 0), (-2, 2, 0)], QUAD_F)
    box = ode.GeomBox(None, (1.0, 1.0, 1.0))
    box.setPosition((0.3, 0.2, 0.45))
    rows = _rows(ode.collide(tm, box, 16))
    nd = 9 if ode.precision == "double" else 5
    corners = {(round(r[0], nd), round(r[1], nd)) for r in rows}
    assert {(-0.2, -0.3), (0.8, -0.3), (0.8, 0.7), (-0.2, 0.7)} <= corners
    for r in rows:
        assert r[3:6] == pytest.approx([0, 0, -1])
        assert r[6] == pytest.approx(0.05, abs=1e-6)


def test_convex_plane_and_ray():
    cv = ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)
    cv.setPosition((0, 0, 0.4))
    pl = ode.GeomPlane(None, (0, 0, 1), 0.0)
    rows = _rows(ode.collide(cv, pl, 8))
    assert len(rows) == 4 and all(r[6] == pytest.approx(0.1) for r in rows)
    ray = ode.GeomRay(None, 5.0)
    ray.set((0.1, 0.1, 3.0), (0, 0, -1))
    (r,) = _rows(ode.collide(ray, cv, 4))
    assert r[:3] == pytest.approx([0.1, 0.1, 0.9]) and r[6] == pytest.approx(2.1)
    assert cv.getAABB() == pytest.approx((-0.5, 0.5, -0.5, 0.5, -0.1, 0.9))


def test_max_contacts_keeps_deepest():
    tm = _trimesh(*_bumpy_mesh())
    box = ode.GeomBox(None, (1.2, 1.2, 0.4))
    box.setPosition((0.05, 0.02, 0.1))
    box.setRotation(tuple(_rot(random.Random(11))))
    all_rows = _rows(ode.collide(tm, box, 200))
    assert len(all_rows) > 3
    top = _rows(ode.collide(tm, box, 3))
    assert len(top) == 3
    depths = sorted((r[6] for r in all_rows), reverse=True)
    assert sorted((r[6] for r in top), reverse=True) == pytest.approx(depths[:3])


# ------------------------------------------------------------------ public API


def test_trimesh_api():
    g = _trimesh()
    g.setPosition((1, 2, 3))
    assert g.getTriangleCount() == 2
    assert [x for v in g.getTriangle(1) for x in v] == pytest.approx([0, 1, 3, 2, 3, 3, 0, 3, 3])
    assert g.getPoint(0, 0.5, 0.25) == pytest.approx((1.5, 1.5, 3))
    assert g.getAABB() == pytest.approx((0, 2, 1, 3, 3, 3))
    assert g.getClass() == L.GC_TRIMESH
    with pytest.raises(ValueError):
        g.getTriangle(2)
    with pytest.raises(TypeError):
        g.getTriangle(0.5)
    cb = lambda *a: True  # noqa: E731
    g.setTriCallback(cb)
    g.setArrayCallback(cb)
    g.setRayCallback(cb)
    assert g.getTriCallback() is cb and g.getArrayCallback() is cb and g.getRayCallback() is cb
    with pytest.raises(TypeError):
        g.setTriCallback(3)


def test_rebuild_repoints_geoms():
    d = ode.TriMeshData()
    d.build(QUAD_V, QUAD_F)
    g = ode.GeomTriMesh(d)
    d.build([(-1, -1, 1), (1, -1, 1), (1, 1, 1)], [(0, 1, 2)])
    assert g.getTriangleCount() == 1
    assert g.getAABB()[4:] == pytest.approx((1, 1))


@pytest.mark.parametrize("verts, faces, exc", [
    ([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 3)], ValueError),
    ([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, -1, 2)], ValueError),
    ([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1)], ValueError),
    ([(0, 0), (1, 0), (0, 1)], [(0, 1, 2)], ValueError),
    ([(0, 0, 0), (1, 0, 0), (0, 1, float("nan"))], [(0, 1, 2)], ValueError),
    ([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 1, 1.5)], TypeError),
    ("abc", [(0, 1, 2)], TypeError),
])
def test_bad_trimesh_input(verts, faces, exc):
    with pytest.raises(exc):
        ode.TriMeshData().build(verts, faces)


def test_bad_geom_input():
    with pytest.raises(ValueError):
        ode.GeomTriMesh(ode.TriMeshData())
    with pytest.raises(TypeError):
        ode.GeomTriMesh("data")
    with pytest.raises(ValueError):
        ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS[:-1])
    with pytest.raises(ValueError):
        ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, [4, 0, 1, 2, 99] + CUBE_POLYS[5:])
    with pytest.raises(ValueError):
        ode.GeomConvex(None, [(0, 0, 0, 1)] + CUBE_PLANES[1:], CUBE_POINTS, CUBE_POLYS)
    hd = ode.HeightfieldData()
    with pytest.raises(ValueError):
        hd.buildDouble([0.0] * 5, True, 1.0, 1.0, 2, 3)
    with pytest.raises(ValueError):
        hd.buildDouble([0.0] * 6, True, -1.0, 1.0, 2, 3)
    with pytest.raises(ValueError):
        hd.buildByte([0, 300, 0, 0], True, 1.0, 1.0, 2, 2)
    with pytest.raises(ValueError):
        ode.GeomHeightfield(hd)
    with pytest.raises(TypeError):
        ode.Mass().setTrimesh(1.0, ode.GeomSphere(None, 1.0))
    with pytest.raises(ValueError):
        ode.Mass().setTrimesh(1.0, _trimesh())


def test_heightfield_builders_and_bounds():
    samples = [0, 10, 20, 30, 40, 50]
    results = []
    for build in ("buildDouble", "buildSingle", "buildShort", "buildByte"):
        hd = ode.HeightfieldData()
        getattr(hd, build)(samples, True, 2.0, 1.0, 3, 2, 0.01, 0.5, 0.2, False)
        results.append([hd.getHeight(x, z) for z in range(2) for x in range(3)])
    for r in results:
        assert r == pytest.approx([0.5 + 0.01 * s for s in samples], rel=1e-6)
    hd = ode.HeightfieldData()
    hd.buildCallback(lambda x, z: 10 * z + x, 2.0, 1.0, 3, 2, 1.0, 0.0, 0.0, False)
    assert [hd.getHeight(x, z) for z in range(2) for x in range(3)] == [0, 1, 2, 10, 11, 12]
    hf = ode.GeomHeightfield(hd, True)
    assert hf.getAABB() == (-1, 1, -math.inf, math.inf, -0.5, 0.5)  # callback data, no bounds: libode's
    hd.setBounds(0.5, 5.0)  # bounds make the AABB's height range; heights are not clamped (libode)
    assert hd.getHeight(2, 1) == 12.0 and hd.getHeight(0, 0) == 0.0
    assert hf.getAABB() == pytest.approx((-1, 1, 0.0, 5.0, -0.5, 0.5))  # libode's keeps height 0 (placeable)
    assert ode.GeomHeightfield(hd, False).getAABB() == pytest.approx((-1, 1, 0.5, 5.0, -0.5, 0.5))
    fixed = ode.GeomHeightfield(hd, False)
    with pytest.raises(ode.ODEError):
        fixed.setBody(ode.Body(ode.World()))


def test_last_transform_is_kept_and_does_not_change_contacts():
    """setLastTransform is remembered; like libode 0.16.2's OPCODE trimesh-trimesh (observed: contacts are the
    same whatever last transform is set), the collision does not use it."""
    verts = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
    faces = [(0, 1, 3), (0, 3, 2), (4, 6, 7), (4, 7, 5), (0, 4, 5), (0, 5, 1), (2, 3, 7), (2, 7, 6),
             (0, 2, 6), (0, 6, 4), (1, 5, 7), (1, 7, 3)]
    data = ode.TriMeshData()
    data.build(verts, faces)
    a, b = ode.GeomTriMesh(data), ode.GeomTriMesh(data)
    b.setPosition((0.3, 0.2, 0.5))
    b.setQuaternion((0.95, 0.1, 0.2, 0.15))
    before = [c.getContactGeomParams()[:3] for c in ode.collide(a, b, 64)]
    assert before
    rot = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    b.setLastTransform((1.3, 0.2, 0.5), rot)
    assert b.getLastTransform() == ((1.3, 0.2, 0.5), rot)
    assert [c.getContactGeomParams()[:3] for c in ode.collide(a, b, 64)] == before


def test_data_accessors_numpy_input_and_normals():
    """TriMeshData from numpy arrays with optional normals; the geoms' data getters and setters; convex and
    heightfield accessors."""
    d = ode.TriMeshData()
    d.build(np.array(QUAD_V, dtype=np.float32), np.array(QUAD_F, dtype=np.uint16),
            normals=np.array([(0.0, 0.0, 1.0), (0.0, 0.0, 1.0)]))
    assert d.getVertexCount() == 4 and d.getTriangleCount() == 2
    with pytest.raises(ValueError):
        ode.TriMeshData().build(QUAD_V, QUAD_F, normals=[(0.0, 0.0, 1.0)])      # one normal per face
    g = ode.GeomTriMesh(d)
    assert g.getTriMeshData() is d
    sphere = ode.GeomSphere(None, 0.5)
    sphere.setPosition((0.2, 0.3, 0.4))
    assert ode.collide(g, sphere, 4)
    other = ode.TriMeshData()
    other.build([(5, 5, 0), (6, 5, 0), (5, 6, 0)], [(0, 1, 2)])
    g.setTriMeshData(other)
    assert g.getTriMeshData() is other and g.getTriangleCount() == 1 and ode.collide(g, sphere, 4) == []
    with pytest.raises(TypeError):
        g.setTriMeshData(ode.TriMeshData())                 # not built
    g.clearTCCache()
    g.destroy()
    with pytest.raises(ode.ODEError):
        g.clearTCCache()

    c = ode.GeomConvex(None, CUBE_PLANES, CUBE_POINTS, CUBE_POLYS)
    assert c.getPlanes() == [tuple(float(x) for x in p) for p in CUBE_PLANES]
    assert c.getPoints() == [tuple(float(x) for x in p) for p in CUBE_POINTS]
    assert ode.collide(c, sphere, 4)
    big = [(a, b, cc, 2 * dd) for a, b, cc, dd in CUBE_PLANES]
    c.setConvex(big, [tuple(2 * x for x in p) for p in CUBE_POINTS], CUBE_POLYS)
    assert c.getPlanes() == [tuple(float(x) for x in p) for p in big]
    sphere.setPosition((1.2, 0, 0))
    assert ode.collide(c, sphere, 4)
    with pytest.raises(ValueError):
        c.setConvex(CUBE_PLANES, CUBE_POINTS, CUBE_POLYS[:-1])

    hd1, hd2 = ode.HeightfieldData(), ode.HeightfieldData()
    hd1.buildDouble(np.zeros(9), True, 2.0, 2.0, 3, 3, 1.0, 0.0, 0.0, False)
    hd2.buildDouble(np.arange(9.0), True, 2.0, 2.0, 3, 3, 0.5, 1.0, 0.0, False)
    hf = ode.GeomHeightfield(hd1)
    assert hf.getHeightfieldData() is hd1 and hf.getHeightAt(2, 1) == 0.0
    hf.setHeightfieldData(hd2)
    assert hf.getHeightfieldData() is hd2 and hf.getHeightAt(2, 1) == 0.5 * 5 + 1.0
    with pytest.raises(TypeError):
        hf.setHeightfieldData(ode.HeightfieldData())         # not built
    with pytest.raises(ValueError):
        hf.getHeightAt(3, 0)
