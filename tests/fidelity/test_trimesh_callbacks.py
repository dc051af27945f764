"""Trimesh callbacks (per-triangle, array, ray) against libode 0.16.2 recordings, and their rules.

``tools/record/record_trimesh_callbacks.py`` recorded spheres and rays colliding with a grid and an
icosahedron whose per-triangle callback rejects a fixed set of triangles (rays: the ray callback rejects
another set). We replay each case and compare what each callback was handed and the contacts that come out (as
sets, within TOL). Candidate triangles: ours are those whose bounding box meets the sphere (in index order);
libode's OPCODE tree hands these plus some of their tree neighbours (in tree order), so ours must be a subset
of libode's that still holds every triangle libode's contacts came from. Ray hits are compared exactly
(triangle, u, v), and so are the contacts.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

import ode

DATA = Path(__file__).resolve().parents[1] / "data" / "trimesh_callbacks.json.gz"
TOL = 1e-9 if ode.precision == "double" else 2e-4
RAY_TOL = 2e-4 if ode.precision == "single" else 1e-6  # libode's OPCODE finds ray hits in float32


def _cases() -> dict:
    with gzip.open(DATA, "rt") as f:
        return json.load(f)


RECORDED = _cases()


def _mesh(name: str) -> ode.GeomTriMesh:
    spec = RECORDED["meshes"][name]
    data = ode.TriMeshData()
    data.build(spec["vertices"], np.asarray(spec["faces"]).reshape(-1, 3))
    return ode.GeomTriMesh(data, None)


def _other(spec: dict):
    if spec["class"] == "sphere":
        return ode.GeomSphere(None, spec["radius"])
    g = ode.GeomRay(None, spec["length"])
    g.setFirstContact(bool(spec["first_contact"]))
    g.setBackfaceCull(bool(spec["backface_cull"]))
    g.setClosestHit(bool(spec["closest_hit"]))
    return g


def _replay(case: dict) -> tuple:
    """Our callback log and contacts for one recorded case."""
    mesh = _mesh(case["mesh"])
    other = _other(case["other"])
    other.setPosition(tuple(case["pos"]))
    other.setRotation(tuple(case["rot"]))
    log = {"tri": [], "arr": [], "ray": []}
    reject_tri, reject_ray = set(case["reject_tri"]), set(case["reject_ray"])

    def tri(m, o, t):
        assert m is mesh and o is other
        log["tri"].append(t)
        return t not in reject_tri

    def arr(m, o, tris):
        assert m is mesh and o is other
        log["arr"].append(list(tris))

    def ray(m, r, t, u, v):
        assert m is mesh and r is other
        log["ray"].append([t, u, v])
        return t not in reject_ray

    mesh.setTriCallback(tri)
    mesh.setArrayCallback(arr)
    mesh.setRayCallback(ray)
    contacts = []
    for c in ode.collide(mesh, other, 16):
        pos, normal, depth, _g1, _g2 = c.getContactGeomParams()
        contacts.append([*pos, *normal, depth])
    return log, contacts


def _unmatched(expected: list, actual: list, tol: float) -> list:
    left = list(actual)
    missing = []
    for e in expected:
        k = min(range(len(left)), key=lambda i: max(abs(x - y) for x, y in zip(e, left[i])), default=None)
        if k is not None and max(abs(x - y) for x, y in zip(e, left[k])) <= tol:
            left.pop(k)
        else:
            missing.append(e)
    return missing + left


@pytest.mark.parametrize("index", range(len(RECORDED["cases"])))
def test_callbacks_follow_libode(index: int) -> None:
    case = RECORDED["cases"][index]
    log, contacts = _replay(case)
    want = case["log"]
    assert len(log["arr"]) <= len(want["arr"]) <= 1
    ours_cand = set(log["arr"][0]) if log["arr"] else set()
    libode_cand = set(want["arr"][0]) if want["arr"] else set()
    touched = {c[7] for c in case["contacts"]}
    if case["other"]["class"] == "sphere":
        assert touched <= ours_cand <= libode_cand
        assert sorted(log["tri"]) == sorted(ours_cand)
    else:  # rays: no array callback; the per-triangle callback follows each hit the ray callback kept
        assert log["arr"] == want["arr"] == []
        assert sorted(log["tri"]) == sorted(want["tri"])
    assert sorted(r[0] for r in log["ray"]) == sorted(r[0] for r in want["ray"])
    for ours, theirs in zip(sorted(log["ray"]), sorted(want["ray"])):
        assert ours[1:] == pytest.approx(theirs[1:], abs=RAY_TOL)
    expected = [c[:7] for c in case["contacts"]]
    assert _unmatched(expected, contacts, TOL if case["other"]["class"] == "sphere" else RAY_TOL) == []


def test_recordings_exercise_rejection() -> None:
    """The recorded set has cases where a rejected triangle would have touched (so rejection is tested)."""
    cases = RECORDED["cases"]
    assert sum(1 for c in cases if set(c["log"]["tri"]) & set(c["reject_tri"]) and c["contacts"]) >= 10
    assert sum(1 for c in cases if set(r[0] for r in c["log"]["ray"]) & set(c["reject_ray"])) >= 5


def test_rejected_triangles_are_absent_as_if_removed() -> None:
    """A box on the grid with half the triangles rejected collides like a mesh holding only the rest."""
    spec = RECORDED["meshes"]["tgrid"]
    faces = np.asarray(spec["faces"]).reshape(-1, 3)
    keep = [t for t in range(len(faces)) if t % 3]
    box = ode.GeomBox(None, (0.7, 0.5, 0.4))
    box.setPosition((0.1, -0.2, 0.15))
    box.setQuaternion((0.95, 0.1, 0.2, 0.15))
    full = _mesh("tgrid")
    full.setTriCallback(lambda m, o, t: t in keep)
    data = ode.TriMeshData()
    data.build(spec["vertices"], faces[keep])
    part = ode.GeomTriMesh(data, None)
    got = [c.getContactGeomParams()[:3] for c in ode.collide(full, box, 32)]
    ref = [c.getContactGeomParams()[:3] for c in ode.collide(part, box, 32)]
    assert got and got == ref
    swapped = [c.getContactGeomParams()[:3] for c in ode.collide(box, full, 32)]
    assert len(swapped) == len(got)


def test_native_pipeline_applies_callbacks() -> None:
    """space.collideContacts sends pairs with a callback mesh through the callbacks too."""
    world = ode.World()
    space = ode.SimpleSpace()
    mesh = _mesh("tgrid")
    space.add(mesh)
    ball = ode.Body(world)
    s = ode.GeomSphere(space, 0.4)
    s.setBody(ball)
    ball.setPosition((0.1, 0.2, 0.1))
    group = ode.JointGroup()
    seen = []
    mesh.setTriCallback(lambda m, o, t: seen.append(t) or False)
    n = space.collideContacts(world, group)
    assert seen and n == 0
    mesh.setTriCallback(None)
    assert space.collideContacts(world, group) > 0


def test_callbacks_stop_when_cleared_or_destroyed() -> None:
    mesh = _mesh("ico")
    top = max(v[2] for v in RECORDED["meshes"]["ico"]["vertices"])
    s = ode.GeomSphere(None, 0.5)
    s.setPosition((0.0, 0.0, top + 0.3))
    calls = []
    mesh.setArrayCallback(lambda m, o, tris: calls.append(tris))
    ode.collide(mesh, s)
    assert len(calls) == 1
    mesh.setArrayCallback(None)
    ode.collide(mesh, s)
    assert len(calls) == 1
    mesh.setArrayCallback(lambda m, o, tris: calls.append(tris))
    mesh.destroy()
    with pytest.raises(ode.ODEError):
        ode.collide(mesh, s)
