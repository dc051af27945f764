"""Record libode 0.16.2's trimesh callbacks (per-triangle, array, ray) into tests/data/collide/.

Usage: ``python tools/record/record_trimesh_callbacks.py`` (needs libode-dev; run from the repository root).

For the grid and icosahedron meshes of ``record_collide.MESHES``, spheres and rays at fixed seeded poses
collide with a trimesh whose per-triangle callback rejects a fixed set of triangles (and, for rays, whose ray
callback rejects another set). Each case stores the poses, the rejected sets, what libode handed each
callback (the array callback's triangle list; the triangles asked about; the ray callback's triangle, u, v)
and the contacts that came out. ``tests/fidelity/test_trimesh_callbacks.py`` replays them through our package.
"""

from __future__ import annotations

import ctypes
import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode as _L  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402
from tools.record import record_collide as rc  # noqa: E402

OUT = ROOT / "tests" / "data" / "trimesh_callbacks.json.gz"
_P = ctypes.c_void_p
TRI = ctypes.CFUNCTYPE(ctypes.c_int, _P, _P, ctypes.c_int)
ARR = ctypes.CFUNCTYPE(None, _P, _P, ctypes.POINTER(ctypes.c_int), ctypes.c_int)
RAY = ctypes.CFUNCTYPE(ctypes.c_int, _P, _P, ctypes.c_int, _L.dReal, _L.dReal)
N_CASES = 40


class _Recorder:
    """ctypes callbacks that log what libode asks and reject the configured triangles."""

    def __init__(self) -> None:
        self.reject_tri: set = set()
        self.reject_ray: set = set()
        self.log: dict = {}
        self.tri = TRI(self._tri)
        self.arr = ARR(self._arr)
        self.ray = RAY(self._ray)

    def reset(self, reject_tri: set, reject_ray: set) -> None:
        """Start a case."""
        self.reject_tri, self.reject_ray = reject_tri, reject_ray
        self.log = {"tri": [], "arr": [], "ray": []}

    def _tri(self, _mesh, _other, t: int) -> int:
        self.log["tri"].append(t)
        return 0 if t in self.reject_tri else 1

    def _arr(self, _mesh, _other, p, n: int) -> None:
        self.log["arr"].append([p[i] for i in range(n)])

    def _ray(self, _mesh, _ray, t: int, u: float, v: float) -> int:
        self.log["ray"].append([t, u, v])
        return 0 if t in self.reject_ray else 1

    def attach(self, mesh_id: int) -> None:
        """Install the three callbacks on a libode trimesh."""
        lib = _L.lib()
        lib.dGeomTriMeshSetCallback.argtypes = [_P, TRI]
        lib.dGeomTriMeshSetArrayCallback.argtypes = [_P, ARR]
        lib.dGeomTriMeshSetRayCallback.argtypes = [_P, RAY]
        lib.dGeomTriMeshSetCallback(_P(mesh_id), self.tri)
        lib.dGeomTriMeshSetArrayCallback(_P(mesh_id), self.arr)
        lib.dGeomTriMeshSetRayCallback(_P(mesh_id), self.ray)


def _other_spec(rng: random.Random, kind: str) -> dict:
    """A sphere of random radius or a ray with random settings."""
    if kind == "sphere":
        return {"class": "sphere", "radius": rng.uniform(0.2, 0.6)}
    return {"class": "ray", "length": 5.0, "first_contact": 0, "backface_cull": rng.randint(0, 1),
            "closest_hit": rng.randint(0, 1)}


def _pose(rng: random.Random, kind: str, mesh: str) -> tuple:
    """A world pose near the mesh: spheres touching the surface, rays aimed through it from outside."""
    if kind == "sphere":
        if mesh == "tgrid":
            return [rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2), rng.uniform(-0.3, 0.4)], rc.IDENTITY
        d = rc.unit(rng)
        r = rng.uniform(0.6, 1.1)
        return [r * d[0], r * d[1], r * d[2]], rc.IDENTITY
    start = [rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 2.0]
    aim = [rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), -1.0]
    z = _unit(aim)
    return start, rc.rot_z_to(z, rng)


def _unit(v: list) -> list:
    """v / |v|."""
    n = sum(x * x for x in v) ** 0.5
    return [x / n for x in v]


def record() -> list:
    """Every case, recorded."""
    rng = random.Random(20261122)
    rec = _Recorder()
    cases = []
    for mesh in ("tgrid", "ico"):
        spec = rc.MESHES[mesh]
        nf = len(spec["faces"])
        for kind in ("sphere", "ray"):
            for _ in range(N_CASES):
                m = LC.Geom(spec)
                m.set_pose([0.0, 0.0, 0.0], rc.IDENTITY)
                rec.attach(m.id)
                other = _other_spec(rng, kind)
                g = LC.Geom(other)
                pos, rot = _pose(rng, kind, mesh)
                g.set_pose(pos, rot)
                reject_tri = {t for t in range(nf) if rng.random() < 0.3}
                reject_ray = {t for t in range(nf) if rng.random() < 0.3}
                rec.reset(reject_tri, reject_ray)
                contacts = LC.collide(m, g, 16)
                pos, rot = g.pose()
                cases.append({"mesh": mesh, "other": other, "pos": list(pos), "rot": list(rot),
                              "reject_tri": sorted(reject_tri), "reject_ray": sorted(reject_ray),
                              "log": rec.log, "contacts": contacts})
                g.destroy()
                m.destroy()
    return cases


def main() -> None:
    """Record and write the file."""
    cases = record()
    with gzip.open(OUT, "wt") as f:
        json.dump({"meshes": {k: rc.MESHES[k] for k in ("tgrid", "ico")}, "cases": cases}, f)
    hits = sum(1 for c in cases if c["contacts"])
    print(f"wrote {OUT} ({len(cases)} cases, {hits} with contacts)")


if __name__ == "__main__":
    main()
