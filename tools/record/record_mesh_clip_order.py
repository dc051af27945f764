"""Record libode 0.16.2's contact order on one-triangle meshes (tests/data/mesh_clip_order.json.gz).

Usage: ``python tools/record/record_mesh_clip_order.py`` (needs libode; driven through
tools/oracle/libode_collide.py only). Under CONTACTS_UNIMPORTANT libode keeps the first contacts a trimesh
collider finds, so the order of one triangle's clipped points decides which ones a capped call returns. Each
case is a random triangle (a one-triangle mesh at the origin) against a box, a cylinder or a capsule at a
random pose, with libode's contacts for max contacts 64 and the flag set, in libode's order.
tests/fidelity/test_mesh_clip_order.py replays them through the public API and compares in order. What the
order shows (docs/fidelity.md, box-trimesh and cylinder-trimesh bullets): the box's face corners (+a,-b),
(-a,-b), (-a,+b), (+a,+b) clipped by the triangle's plane then its edge planes; the triangle clipped by the
box axis's face towards it, then the other axes' -, + faces; a cylinder's near cap plane, then the octagon's
sides; every clip walking the edges from the closing one, emitting an edge's start point when inside and then
its crossing point.

Cases with a contact shallower than 1e-12 are left out: whether such a point exists is libode's rounding.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode_collide as LC  # noqa: E402

OUT = ROOT / "tests" / "data" / "mesh_clip_order.json.gz"
I3 = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
WANT = {"box": 120, "cylinder": 60, "capsule": 40}  # cases per class
MIN_CONTACTS = {"box": 2, "cylinder": 3, "capsule": 2}  # fewer tell no order (a cylinder's side gives 2)


def rotation(rng: random.Random) -> list:
    """A random row-major rotation from a normalised Gaussian quaternion."""
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(x * x for x in q))
    w, x, y, z = (v / n for v in q)
    return [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
            2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]


def make(cls: str, seed: int) -> dict:
    """One probe: triangle, other geom spec and pose (cylinders are upright half the time: more cap cases)."""
    rng = random.Random(seed)
    verts = [[rng.uniform(-1, 1) for _ in range(3)] for _ in range(3)]
    if cls == "box":
        other = {"class": "box", "lengths": [rng.uniform(0.3, 1.5) for _ in range(3)]}
    else:
        other = {"class": cls, "radius": rng.uniform(0.2, 0.6), "length": rng.uniform(0.3, 1.5)}
    pos = [rng.uniform(-0.5, 0.5) for _ in range(3)]
    rot = rotation(rng)
    if cls == "cylinder" and rng.random() < 0.5:
        rot = list(I3)
    return {"trimesh": {"class": "trimesh", "vertices": verts, "faces": [[0, 1, 2]]}, "geom": other,
            "pos": pos, "rot": rot}


def contacts(case: dict) -> list:
    """libode's contacts [pos, normal, depth] with CONTACTS_UNIMPORTANT, max 64, in its order."""
    a, b = LC.Geom(case["trimesh"]), LC.Geom(case["geom"])
    a.set_pose([0.0, 0.0, 0.0], I3)
    b.set_pose(case["pos"], case["rot"])
    rows = LC.collide(a, b, 64, unimportant=True)
    a.destroy()
    b.destroy()
    return [r[:7] for r in rows]


def main() -> None:
    cases = []
    for cls, want in WANT.items():
        found, seed = 0, 0
        while found < want:
            case = make(cls, seed)
            case["seed"] = seed
            seed += 1
            rows = contacts(case)
            if len(rows) < MIN_CONTACTS[cls] or any(abs(r[6]) < 1e-12 for r in rows):
                continue
            case["contacts"] = rows
            cases.append(case)
            found += 1
        print(f"{cls}: {found} cases from {seed} seeds")
    with gzip.open(OUT, "wt") as f:
        json.dump({"libode": "0.16.2", "max_contacts": 64, "unimportant": True, "cases": cases}, f,
                  separators=(",", ":"))
    print(f"wrote {OUT} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
