"""Record libode 0.16.2 reference data for the mesh geoms into tests/data/meshes/meshes.json.

Cases whose answer is unique and where our colliders follow libode's conventions: dMassSetTrimesh of closed
meshes, trimesh/convex against a plane (vertices below it), rays against trimesh and convex, spheres resting
on a flat trimesh face, boxes on a flat trimesh. AABBs are computed before each dCollide (libode's mesh
colliders read the other geom's AABB). Run: python tools/record/record_meshes.py
"""

from __future__ import annotations

import ctypes
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.oracle import libode as LO  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "meshes" / "meshes.json"
QUAD = {"class": "trimesh", "vertices": [(-1, -1, 0), (1, -1, 0), (1, 1, 0), (-1, 1, 0)],
        "faces": [(0, 1, 2), (0, 2, 3)]}
CUBE = {"class": "convex",
        "planes": [(1, 0, 0, .5), (-1, 0, 0, .5), (0, 1, 0, .5), (0, -1, 0, .5), (0, 0, 1, .5),
                   (0, 0, -1, .5)],
        "points": [(x, y, z) for x in (-.5, .5) for y in (-.5, .5) for z in (-.5, .5)],
        "polygons": [4, 4, 6, 7, 5, 4, 0, 1, 3, 2, 4, 2, 3, 7, 6, 4, 0, 4, 5, 1, 4, 1, 5, 7, 3,
                     4, 0, 2, 6, 4]}


def box_mesh(lx: float, ly: float, lz: float, c) -> dict:
    """A closed box trimesh (counter-clockwise seen from outside)."""
    v = [(c[0] + x * lx / 2, c[1] + y * ly / 2, c[2] + z * lz / 2)
         for x, y, z in [(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1), (1, -1, 1),
                         (1, 1, 1), (-1, 1, 1)]]
    f = [(0, 2, 1), (0, 3, 2), (4, 5, 6), (4, 6, 7), (0, 1, 5), (0, 5, 4), (1, 2, 6), (1, 6, 5), (2, 3, 7),
         (2, 7, 6), (3, 0, 4), (3, 4, 7)]
    return {"class": "trimesh", "vertices": v, "faces": f}


def rot(rng: random.Random) -> list:
    """A random rotation (row-major) from a random unit quaternion."""
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = sum(x * x for x in q) ** 0.5
    w, x, y, z = (c / n for c in q)
    return [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]


def collide(s1: dict, p1, r1, s2: dict, p2, r2, n: int = 16) -> list:
    """libode's contacts of the two specs placed as given."""
    a, b = LC.Geom(s1), LC.Geom(s2)
    a.set_pose(p1, r1)
    b.set_pose(p2, r2)
    a.aabb()
    b.aabb()
    out = LC.collide(a, b, n)
    a.destroy()
    b.destroy()
    return out


def mass(spec: dict, density: float) -> list:
    """dMassSetTrimesh: [mass, c(3), I(9)]."""
    g = LC.Geom(spec)
    m = LO.dMass()
    LO.fn("dMassSetTrimesh", None, ctypes.POINTER(LO.dMass), ctypes.c_double, ctypes.c_void_p)(
        ctypes.byref(m), density, g.id)
    g.destroy()
    return [m.mass] + list(m.c)[:3] + [m.I[4 * i + j] for i in range(3) for j in range(3)]


def main() -> None:
    rng = random.Random(4)
    ident = [1, 0, 0, 0, 1, 0, 0, 0, 1]
    cases = []
    for _k in range(6):
        spec = box_mesh(rng.uniform(.5, 2), rng.uniform(.5, 2), rng.uniform(.5, 2),
                        [rng.uniform(-1, 1) for _ in range(3)])
        d = rng.uniform(.5, 3)
        cases.append({"kind": "mass", "mesh": spec, "density": d, "ref": mass(spec, d)})
    plane = {"class": "plane", "normal": (0, 0, 1), "dist": 0.1}
    for k in range(40):
        spec = QUAD if k % 2 == 0 else CUBE
        p, r = [rng.uniform(-.3, .3), rng.uniform(-.3, .3), rng.uniform(-.2, .8)], rot(rng)
        cases.append({"kind": "pair", "g1": spec, "p1": p, "r1": r, "g2": plane, "p2": [0, 0, 0], "r2": ident,
                      "ref": collide(spec, p, r, plane, [0, 0, 0], ident)})
    for k in range(60):
        spec = QUAD if k % 2 == 0 else CUBE
        o = [rng.uniform(-.4, .4), rng.uniform(-.4, .4), rng.choice([-2.0, 2.0])]
        d = [rng.uniform(-.3, .3), rng.uniform(-.3, .3), -o[2] / 2]
        n = sum(x * x for x in d) ** 0.5
        d = [x / n for x in d]
        ray = {"class": "ray", "length": 5.0}
        # a ray points along the third column of its rotation: build one with that column
        ax = [1.0, 0.0, 0.0] if abs(d[0]) < 0.9 else [0.0, 1.0, 0.0]
        y = [d[1] * ax[2] - d[2] * ax[1], d[2] * ax[0] - d[0] * ax[2], d[0] * ax[1] - d[1] * ax[0]]
        ny = sum(c * c for c in y) ** 0.5
        y = [c / ny for c in y]
        x = [y[1] * d[2] - y[2] * d[1], y[2] * d[0] - y[0] * d[2], y[0] * d[1] - y[1] * d[0]]
        r = [x[0], y[0], d[0], x[1], y[1], d[1], x[2], y[2], d[2]]
        cases.append({"kind": "pair", "g1": ray, "p1": o, "r1": r, "g2": spec, "p2": [0, 0, 0], "r2": ident,
                      "ref": collide(ray, o, r, spec, [0, 0, 0], ident)})
    for _k in range(40):
        sphere = {"class": "sphere", "radius": rng.uniform(.2, .6)}
        p = [rng.uniform(-.7, .7), rng.uniform(-.7, .7), 0.0]
        p[2] = sphere["radius"] - rng.uniform(0.0, 0.15)
        if abs(p[0] - p[1]) < sphere["radius"] * 1.5:
            p[0] = p[1] + sphere["radius"] * 1.6 * (1 if p[0] >= p[1] else -1)
        if max(abs(p[0]), abs(p[1])) + sphere["radius"] > 1:
            continue
        cases.append({"kind": "pair", "g1": QUAD, "p1": [0, 0, 0], "r1": ident, "g2": sphere, "p2": p,
                      "r2": ident, "ref": collide(QUAD, [0, 0, 0], ident, sphere, p, ident)})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    source = "libode 0.16.2 via tools/record/record_meshes.py"
    OUT.write_text(json.dumps({"source": source, "cases": cases}) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
