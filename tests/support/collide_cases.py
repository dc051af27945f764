"""Recorded collider cases (tests/data/collide/, tools/record/record_collide.py) rebuilt with our ``ode``.

A case names two geoms by spec (class and shape, meshes by reference to ``meshes.json``) and their world
poses; ``build`` makes our geom through the public PyODE-style API, ``place`` sets its pose, ``our_contacts``
collides the pair and ``match`` compares contact sets. The tolerances are explained in
tests/fidelity/test_collide.py, which compares every case; other tests reuse cases and helpers.
"""

from __future__ import annotations

import gzip
import json
from functools import cache, lru_cache
from pathlib import Path

import ode

SINGLE = ode.precision == "single"
# single precision is held to libode built in single precision (tools/oracle/libode.py, ODE_LIBODE), recorded
# from the same poses; the double recording is the reference in double
DOUBLE_DATA = Path(__file__).resolve().parents[1] / "data" / "collide"
DATA = DOUBLE_DATA / "single" if SINGLE else DOUBLE_DATA
# The pure-Python twin in single precision computes in double and rounds only what it stores, where the
# compiled kernels and single libode compute every operation in float32. Where float32 rounding decides a
# choice (an axis tie of a deep box, a point at depth ~1e-8, a triangle culled or kept) the twin makes double
# arithmetic's choice: a case it does not share with single libode must then match double libode's contacts.
TWIN_SINGLE = SINGLE and ode.backend == "python"
TOL = 1e-9
MANIFOLD_TOL = 1e-6
GRAZE = 1e-6
UNIT = 1e-9          # how far a recorded normal's length may be from 1 (float32 in single libode)
if SINGLE:  # float32 geometry: rounding of ~1e-7 relative on coordinates of size ~3
    TOL = MANIFOLD_TOL = 2e-4
    GRAZE = 2e-4
    UNIT = 2e-5      # single libode's merged trimesh normals are up to ~1e-5 from unit length
# the pure-Python twins are ~50x slower: under ODE_BACKEND=python every 5th case runs (still all kinds)
STRIDE = 1 if ode.backend == "core" else 5
UNIQUE = {
    "sphere-sphere", "sphere-box", "sphere-capsule", "sphere-cylinder", "sphere-plane", "sphere-ray",
    "sphere-convex", "capsule-capsule", "capsule-plane", "box-plane", "box-ray", "capsule-ray",
    "cylinder-ray", "plane-ray", "ray-convex", "ray-heightfield", "sphere-heightfield",
    "sphere-trimesh", "ray-trimesh",
}
UNSUPPORTED_BY_LIBODE = {"plane-plane", "ray-ray", "plane-heightfield", "heightfield-heightfield"}


def summary() -> dict:
    """Per recorded pair: whether libode supports it and how many of its cases make contacts."""
    path = DATA / "summary.json"
    return json.loads(path.read_text()) if path.exists() else {}


PAIRS = sorted(summary())


@lru_cache(maxsize=1)
def meshes() -> dict:
    """The recorded convex, trimesh and heightfield data, by name."""
    return json.loads((DATA / "meshes.json").read_text())


@cache
def load_pair(name: str, data: Path = DATA) -> dict:
    """One pair's recording (the precision's own by default; ``DOUBLE_DATA`` for the double one)."""
    with gzip.open(data / f"pair_{name}.json.gz", "rt") as f:
        return json.load(f)


def expand(spec: dict) -> dict:
    """A spec with its mesh reference replaced by the recorded arrays."""
    if spec["class"] == "transform":
        return dict(spec, geom=expand(spec["geom"]))
    if "mesh" not in spec:
        return spec
    full = dict(meshes()[spec["mesh"]])
    full.update({k: v for k, v in spec.items() if k != "mesh"})
    return full


def _need(name: str):
    """The ode class of that name (every geom class exists)."""
    return getattr(ode, name)


def build(spec: dict):
    """Our geom for a recorded spec, through the public PyODE-style API only."""
    s = expand(spec)
    cls = s["class"]
    if cls == "sphere":
        return _need("GeomSphere")(None, s["radius"])
    if cls == "box":
        return _need("GeomBox")(None, tuple(s["lengths"]))
    if cls == "capsule":
        return _need("GeomCapsule")(None, s["radius"], s["length"])
    if cls == "cylinder":
        return _need("GeomCylinder")(None, s["radius"], s["length"])
    if cls == "plane":
        return _need("GeomPlane")(None, tuple(s["normal"]), s["dist"])
    if cls == "ray":
        g = _need("GeomRay")(None, s["length"])
        g.setFirstContact(bool(s["first_contact"]))
        g.setBackfaceCull(bool(s["backface_cull"]))
        g.setClosestHit(bool(s["closest_hit"]))
        return g
    if cls == "convex":
        return _need("GeomConvex")(None, s["planes"], s["points"], s["polygons"])
    if cls == "trimesh":
        data = _need("TriMeshData")()
        data.build(s["vertices"], s["faces"])
        return _need("GeomTriMesh")(data, None)
    if cls == "transform":
        t = _need("GeomTransform")(None)
        inner = build(s["geom"])
        inner.setPosition(tuple(s["pos"]))
        inner.setRotation(tuple(s["rot"]))
        t.setGeom(inner)
        t.setInfo(1)
        t._fidelity_inner = inner  # keep the encapsulated geom alive with the transform
        return t
    if cls == "heightfield":
        data = _need("HeightfieldData")()
        data.buildDouble(s["heights"], True, s["width"], s["depth"], s["width_samples"], s["depth_samples"],
                         s["scale"], s["offset"], s["thickness"], s["wrap"])
        return _need("GeomHeightfield")(data, True, None)
    raise AssertionError(cls)


def place(geom, spec: dict, pos, rot) -> None:
    """Set a placeable geom's recorded world pose."""
    if spec["class"] != "plane":
        geom.setPosition(tuple(pos))
        geom.setRotation(tuple(rot))


def our_contacts(g1, g2, max_contacts: int) -> list:
    """ode.collide as [pos(3), normal(3), depth] rows."""
    out = []
    for c in ode.collide(g1, g2, max_contacts):
        pos, normal, depth, _a, _b = c.getContactGeomParams()
        out.append([*pos, *normal, depth])
    return out


def _dist(a, b) -> float:
    """Largest absolute difference over position, normal and depth."""
    return max(abs(a[k] - b[k]) for k in range(7))


def match(expected: list, actual: list, tol: float) -> tuple:
    """Greedy set matching: (unmatched expected, unmatched actual, worst matched distance)."""
    left = list(actual)
    missing, worst = [], 0.0
    for e in sorted(expected, key=lambda r: -r[6]):
        if not left:
            missing.append(e)
            continue
        k = min(range(len(left)), key=lambda i: _dist(e, left[i]))
        d = _dist(e, left[k])
        if d <= tol:
            worst = max(worst, d)
            left.pop(k)
        else:
            missing.append(e)
    return missing, left, worst
