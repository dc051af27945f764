"""Record libode 0.16.2's contacts for collider edge cases into tests/data/collide_edges.json.gz.

Usage: ``python tools/record/record_collide_edges.py`` (needs libode-dev; run from the repository root). With
``ODE_LIBODE`` naming a single-precision libode the file goes to tests/data/single/ (the same poses, as that
build stores them).

Three groups, each case a pair of geom specs (tools/oracle/libode_collide.py), their poses and libode's
contacts for several max-contact counts (tests/fidelity/test_collide_edges.py replays them):
- "cylinder-face": a cylinder standing on its cap on a plane, untilted or tilted below and just above
  libode's parallel threshold, about several horizontal axes, on planes facing several ways, shallow and
  deep, in both argument orders (libode's four rim points and their order);
- "cylinder-box-axis": a box corner or edge pushed into a cylinder's cap where the cylinder's axis is the
  separating normal, at random offsets (points where the box face crosses the cap plane have depth ~1e-17);
- "degenerate-triangle": a trimesh of zero-area triangles (collinear, repeated and coincident vertices)
  against a sphere, box, capsule, cylinder and ray near it (libode: no contacts).
"""

from __future__ import annotations

import gzip
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.oracle import libode_collide as LC  # noqa: E402
from tools.oracle.libode import recording_path  # noqa: E402

OUT = recording_path(Path(__file__).resolve().parents[2] / "tests" / "data" / "collide_edges.json.gz")
MAX_CONTACTS = (1, 2, 3, 4, 8)
IDENTITY = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]


def rot_axis(axis: list, angle: float) -> list:
    """Row-major rotation by angle about axis (normalised here)."""
    x, y, z = axis
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return [t * x * x + c, t * x * y - s * z, t * x * z + s * y,
            t * x * y + s * z, t * y * y + c, t * y * z - s * x,
            t * x * z - s * y, t * y * z + s * x, t * z * z + c]


def matmul(a: list, b: list) -> list:
    """Product of two row-major 3x3 matrices."""
    return [sum(a[3 * i + k] * b[3 * k + j] for k in range(3)) for i in range(3) for j in range(3)]


def z_to(d: list) -> list:
    """A rotation taking the z axis onto the unit vector d."""
    ang = math.acos(max(-1.0, min(1.0, d[2])))
    ax = [-d[1], d[0], 0.0]
    if ax[0] * ax[0] + ax[1] * ax[1] < 1e-30:
        return IDENTITY[:] if d[2] > 0 else rot_axis([1.0, 0.0, 0.0], math.pi)
    return rot_axis(ax, ang)


def record(s1: dict, s2: dict, pos1: list, rot1: list, pos2: list, rot2: list, group: str) -> dict:
    """One case: both geoms posed as libode stores them, and libode's contacts per max-contact count."""
    g1, g2 = LC.Geom(s1), LC.Geom(s2)
    g1.set_pose(pos1, rot1)
    g2.set_pose(pos2, rot2)
    p1, r1 = g1.pose() if s1["class"] != "plane" else (pos1, rot1)
    p2, r2 = g2.pose() if s2["class"] != "plane" else (pos2, rot2)
    contacts = {str(m): [row[:7] for row in LC.collide(g1, g2, m)] for m in MAX_CONTACTS}
    g1.destroy()
    g2.destroy()
    return {"group": group, "g1": s1, "g2": s2, "pos1": p1, "rot1": r1, "pos2": p2, "rot2": r2,
            "contacts": contacts}


def cylinder_face_cases() -> list:
    """A cylinder on its cap on a plane: tilts 0 to just past libode's parallel threshold, both orders."""
    out = []
    cyl = {"class": "cylinder", "radius": 0.5, "length": 1.2}
    normals = [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.48, 0.6, 0.64]]
    k = 0
    for normal in normals:
        for tilt in (0.0, 1e-9, 1e-6, 1e-4, 4e-4, 5e-4):
            for spin in (0.0, 0.7, 2.1):
                for flip in (False, True):
                    depth = (0.01, 1e-5)[k % 2]
                    k += 1
                    base = z_to(normal if not flip else [-x for x in normal])
                    rot = matmul(base, matmul(rot_axis([math.cos(spin), math.sin(spin), 0.0], tilt),
                                              rot_axis([0.0, 0.0, 1.0], 0.3 * k)))
                    pos = [0.1 + x * (0.6 - depth) for x in normal]
                    plane = {"class": "plane", "normal": normal, "dist": 0.1 * sum(normal)}
                    if k % 3 == 0:
                        out.append(record(plane, cyl, pos, IDENTITY, pos, rot, "cylinder-face"))
                    else:
                        out.append(record(cyl, plane, pos, rot, pos, IDENTITY, "cylinder-face"))
    return out


def cylinder_box_axis_cases(n: int = 120) -> list:
    """A box pushed into a cylinder's cap along the axis at random offsets (recorded case pose, perturbed)."""
    rng = random.Random(53)
    box = {"class": "box", "lengths": [0.27373953095066983, 1.2554384060852892, 0.9341277951926548]}
    cyl = {"class": "cylinder", "radius": 0.38639524245135026, "length": 0.10380955384826862}
    rot_box = [0.2056163132971136, -0.14725619647682817, 0.9674903329260097, -0.6227788240836173,
               -0.7822850719129777, 0.013289188655966844, 0.7548963292923937, -0.6052649658300775,
               -0.25255861331497886]
    rot_cyl = [0.7042967799072061, -0.3259839522572615, 0.6306350043274446, 0.009532731439399117,
               -0.883913476496184, -0.4675533050890928, 0.7098416533591453, 0.3353079613417574,
               -0.619429897742424]
    pos_box = [-0.006118686998591194, -0.9235349894912279, -0.13027424000845733]
    pos_cyl = [-0.5039233855127475, -0.5939655300063708, 0.42157633080612156]
    out = []
    for i in range(n):
        p = [x + rng.uniform(-0.02, 0.02) for x in pos_box]
        if i % 2:
            out.append(record(box, cyl, p, rot_box, pos_cyl, rot_cyl, "cylinder-box-axis"))
        else:
            out.append(record(cyl, box, pos_cyl, rot_cyl, p, rot_box, "cylinder-box-axis"))
    return out


DEGENERATE_MESH = {
    "class": "trimesh",
    "vertices": [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.5, 0.5, 0.0],
                 [0.5, 0.5, 0.0], [0.5, 0.5, 0.0], [1.5, 0.5, 0.0]],
    "faces": [[0, 1, 2], [3, 0, 4], [5, 6, 4], [4, 7, 7], [2, 1, 0]],
}


def degenerate_triangle_cases() -> list:
    """Primitives near (and through) a trimesh whose triangles all have zero area."""
    rng = random.Random(3)
    others = [{"class": "sphere", "radius": 0.4}, {"class": "box", "lengths": [0.6, 0.5, 0.7]},
              {"class": "capsule", "radius": 0.3, "length": 0.8},
              {"class": "cylinder", "radius": 0.3, "length": 0.8},
              {"class": "ray", "length": 2.0, "first_contact": 0, "backface_cull": 0, "closest_hit": 0}]
    out = []
    for spec in others:
        for i in range(8):
            pos = [rng.uniform(-0.2, 2.2), rng.uniform(-0.2, 0.7), rng.uniform(-0.3, 0.3)]
            rot = rot_axis([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)], rng.uniform(0, 3))
            if spec["class"] == "ray":
                pos[2] = 1.0
                rot = rot_axis([1.0, 0.0, 0.0], math.pi) if i % 2 else rot
            mesh = (DEGENERATE_MESH, [0.0] * 3, IDENTITY)
            prim = (spec, pos, rot)
            a, b = (mesh, prim) if i % 2 else (prim, mesh)
            out.append(record(a[0], b[0], a[1], a[2], b[1], b[2], "degenerate-triangle"))
    return out


def main() -> None:
    """Record every group into one gzip'd JSON file."""
    cases = cylinder_face_cases() + cylinder_box_axis_cases() + degenerate_triangle_cases()
    text = json.dumps({"libode": "0.16.2", "cases": cases}, separators=(",", ":")).encode()
    OUT.write_bytes(gzip.compress(text, mtime=0))
    for group in ("cylinder-face", "cylinder-box-axis", "degenerate-triangle"):
        sel = [c for c in cases if c["group"] == group]
        print(group, len(sel), "cases,", sum(len(c["contacts"]["8"]) for c in sel), "contacts (max 8)")


if __name__ == "__main__":
    main()
