"""Record libode 0.16.2's narrow phase (dCollide) and broad phase (dSpaceCollide) into tests/data/collide/.

Usage: ``python tools/record/record_collide.py`` (needs libode-dev; run from the repository root). With
``ODE_LIBODE`` naming a single-precision libode the files go to tests/data/collide/single/.

Narrow phase: for every pair of geom classes (ODE's class order, plus a swapped-order share of the poses),
250 relative poses from fixed seeds: deep, shallow, grazing and separated placements found by bisecting the
contact boundary along a direction with libode itself, and degenerate alignments (equal or axis-permuted
rotations with axis-aligned approach: face-to-face boxes, parallel capsules, cap-to-cap cylinders). Each
case stores the geom specs (see tools/oracle/libode_collide.py), world poses as libode stores them, and the
contacts for max contacts 1, 4 and 64. Meshes (convex, trimesh, heightfield) live once in meshes.json.

Broad phase: one scene of 600 geoms in nested spaces (with bodies carrying several geoms, category/collide
bits and disabled geoms) and libode's set of geom pairs handed to a recursive near callback.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.oracle import libode as _L  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "collide"
CLASSES = ["sphere", "box", "capsule", "cylinder", "plane", "ray", "convex", "trimesh", "heightfield"]
# libode aborts (ODE INTERNAL ERROR 2: needs dTRIDATAPREPROCESS_BUILD_FACE_ANGLES) on convex-trimesh.
ABORTS = {("convex", "trimesh")}
# GeomTransform (info mode 1) around a sphere, box, capsule or cylinder at a random offset, against these:
TRANSFORM_PARTNERS = ["sphere", "box", "capsule", "cylinder", "plane", "ray"]
N_POSES = 250
MAX_CONTACTS = (1, 4, 64)
IDENTITY = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]


# ---------------------------------------------------------------- meshes
def _octahedron(a: float, b: float, c: float) -> dict:
    """A convex octahedron with semi-axes a, b, c: outward planes (n, d), points, triangle polygons."""
    pts = [[a, 0.0, 0.0], [-a, 0.0, 0.0], [0.0, b, 0.0], [0.0, -b, 0.0], [0.0, 0.0, c], [0.0, 0.0, -c]]
    planes, polys = [], []
    for sx in (1, -1):
        for sy in (1, -1):
            for sz in (1, -1):
                n = [sx / a, sy / b, sz / c]
                norm = math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
                planes.append([n[0] / norm, n[1] / norm, n[2] / norm, 1.0 / norm])
                i, j, k = (0 if sx > 0 else 1), (2 if sy > 0 else 3), (4 if sz > 0 else 5)
                polys += [3, i, j, k] if sx * sy * sz > 0 else [3, i, k, j]
    return {"class": "convex", "planes": planes, "points": pts, "polygons": polys}


def _convex_box(hx: float, hy: float, hz: float) -> dict:
    """A box as a convex with six quads (counter-clockwise seen from outside)."""
    pts = [[sx * hx, sy * hy, sz * hz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    signs = [(sx, sy, sz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    idx = {s: k for k, s in enumerate(signs)}
    faces = [
        ([1, 0, 0], hx, [(1, -1, -1), (1, 1, -1), (1, 1, 1), (1, -1, 1)]),
        ([-1, 0, 0], hx, [(-1, -1, -1), (-1, -1, 1), (-1, 1, 1), (-1, 1, -1)]),
        ([0, 1, 0], hy, [(-1, 1, -1), (-1, 1, 1), (1, 1, 1), (1, 1, -1)]),
        ([0, -1, 0], hy, [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)]),
        ([0, 0, 1], hz, [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]),
        ([0, 0, -1], hz, [(-1, -1, -1), (-1, 1, -1), (1, 1, -1), (1, -1, -1)]),
    ]
    planes, polys = [], []
    for n, d, corners in faces:
        planes.append([float(n[0]), float(n[1]), float(n[2]), d])
        polys += [4] + [idx[c] for c in corners]
    return {"class": "convex", "planes": planes, "points": pts, "polygons": polys}


def _icosahedron(radius: float) -> dict:
    """A closed icosahedron trimesh (20 outward-wound triangles)."""
    t = (1.0 + math.sqrt(5.0)) / 2.0
    v = [[-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t],
         [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1]]
    s = radius / math.sqrt(1.0 + t * t)
    faces = [[0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2],
             [10, 7, 6], [7, 1, 8], [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5],
             [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1]]
    return {"class": "trimesh", "vertices": [[x * s for x in p] for p in v], "faces": faces}


def _box_mesh(hx: float, hy: float, hz: float) -> dict:
    """A closed box trimesh (12 outward-wound triangles)."""
    verts = [[sx * hx, sy * hy, sz * hz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    quads = [(4, 6, 7, 5), (0, 1, 3, 2), (2, 3, 7, 6), (0, 4, 5, 1), (1, 5, 7, 3), (0, 2, 6, 4)]
    faces = []
    for a, b, c, d in quads:
        faces += [[a, b, c], [a, c, d]]
    return {"class": "trimesh", "vertices": [[float(x) for x in p] for p in verts], "faces": faces}


def _grid_mesh(n: int, size: float, amp: float) -> dict:
    """An open n x n vertex terrain trimesh in the XY plane with bumps along Z (edges and open borders)."""
    verts = [[size * (i / (n - 1) - 0.5), size * (j / (n - 1) - 0.5),
              amp * math.sin(1.3 * i + 0.4) * math.cos(0.9 * j)] for j in range(n) for i in range(n)]
    faces = []
    for j in range(n - 1):
        for i in range(n - 1):
            a, b, c, d = j * n + i, j * n + i + 1, (j + 1) * n + i + 1, (j + 1) * n + i
            faces += [[a, b, c], [a, c, d]]
    return {"class": "trimesh", "vertices": verts, "faces": faces}


def _heightfield(n: int, size: float, amp: float, thickness: float, wrap: int = 0) -> dict:
    """An n x n heightfield of a smooth bump pattern (Y up in the geom's frame, centred)."""
    heights = [amp * math.sin(0.9 * i) * math.cos(0.7 * j) + 0.05 * ((i * 7 + j * 3) % 5)
               for j in range(n) for i in range(n)]
    return {"class": "heightfield", "heights": heights, "width": size, "depth": size, "width_samples": n,
            "depth_samples": n, "scale": 1.0, "offset": 0.0, "thickness": thickness, "wrap": wrap}


MESHES = {
    "octa": _octahedron(0.6, 0.5, 0.7),
    "cbox": _convex_box(0.5, 0.4, 0.3),
    "ico": _icosahedron(0.6),
    "tbox": _box_mesh(0.5, 0.4, 0.3),
    "tgrid": _grid_mesh(5, 3.0, 0.3),
    "hf": _heightfield(8, 4.0, 0.25, 1.0),
    "hfw": _heightfield(6, 3.0, 0.3, 0.5, wrap=1),
}
MESH_CHOICES = {"convex": ["octa", "cbox"], "trimesh": ["ico", "tbox", "tgrid"], "heightfield": ["hf", "hfw"]}


def expand(spec: dict) -> dict:
    """A spec with its mesh reference replaced by the mesh arrays."""
    if spec["class"] == "transform":
        return dict(spec, geom=expand(spec["geom"]))
    if "mesh" not in spec:
        return spec
    full = dict(MESHES[spec["mesh"]])
    full.update({k: v for k, v in spec.items() if k != "mesh"})
    return full


# ---------------------------------------------------------------- random specs and rotations
def random_spec(rng: random.Random, cls: str) -> dict:
    """Random parameters for a geom of class cls (meshes by reference)."""
    u = rng.uniform
    if cls == "sphere":
        return {"class": cls, "radius": u(0.2, 1.0)}
    if cls == "box":
        return {"class": cls, "lengths": [u(0.2, 1.5), u(0.2, 1.5), u(0.2, 1.5)]}
    if cls in ("capsule", "cylinder"):
        return {"class": cls, "radius": u(0.1, 0.6), "length": u(0.1, 1.5)}
    if cls == "plane":
        n = unit(rng)
        return {"class": cls, "normal": n, "dist": u(-1.0, 1.0)}
    if cls == "ray":
        flags = [1 if rng.random() < 0.25 else 0 for _ in range(3)]
        return {"class": cls, "length": u(0.3, 4.0), "first_contact": flags[0], "backface_cull": flags[1],
                "closest_hit": flags[2]}
    if cls == "transform":
        inner = random_spec(rng, rng.choice(["sphere", "box", "capsule", "cylinder"]))
        return {"class": cls, "geom": inner, "pos": [u(-0.5, 0.5) for _ in range(3)], "rot": random_rot(rng)}
    return {"class": cls, "mesh": rng.choice(MESH_CHOICES[cls])}


def radius_of(spec: dict) -> float:
    """A bounding radius about the geom's origin (for heightfields: about its local Y axis range)."""
    cls = spec["class"]
    if cls == "sphere":
        return spec["radius"]
    if cls == "box":
        return 0.5 * math.sqrt(sum(x * x for x in spec["lengths"]))
    if cls == "capsule":
        return spec["radius"] + 0.5 * spec["length"]
    if cls == "cylinder":
        return math.hypot(spec["radius"], 0.5 * spec["length"])
    if cls == "ray":
        return spec["length"]
    if cls == "plane":
        return 0.0
    if cls == "transform":
        return math.sqrt(sum(x * x for x in spec["pos"])) + radius_of(spec["geom"])
    full = expand(spec)
    if cls == "heightfield":
        return max(abs(h) for h in full["heights"]) + full["thickness"]
    pts = full["points"] if cls == "convex" else full["vertices"]
    return max(math.sqrt(sum(x * x for x in p)) for p in pts)


def unit(rng: random.Random) -> list:
    """A uniformly random unit vector."""
    while True:
        v = [rng.gauss(0, 1) for _ in range(3)]
        n = math.sqrt(sum(x * x for x in v))
        if n > 1e-6:
            return [x / n for x in v]


def rot_from_quat(q: list) -> list:
    """Row-major rotation of a unit quaternion (w, x, y, z)."""
    w, x, y, z = q
    return [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]


def random_rot(rng: random.Random) -> list:
    """A uniformly random rotation."""
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(x * x for x in q))
    return rot_from_quat([x / n for x in q])


def matmul(a: list, b: list) -> list:
    """Row-major 3x3 product a*b."""
    return [sum(a[3 * i + k] * b[3 * k + j] for k in range(3)) for i in range(3) for j in range(3)]


PERMS = [IDENTITY, [0, 0, 1, 0, 1, 0, -1, 0, 0], [1, 0, 0, 0, 0, -1, 0, 1, 0], [0, -1, 0, 1, 0, 0, 0, 0, 1],
         [-1, 0, 0, 0, -1, 0, 0, 0, 1]]


def column(r: list, k: int) -> list:
    """Column k of a row-major rotation (the geom's local axis k in world)."""
    return [r[k], r[3 + k], r[6 + k]]


def rot_z_to(d: list, rng: random.Random) -> list:
    """A rotation whose local Z axis is the unit vector d (random twist)."""
    a = unit(rng)
    x = [a[1] * d[2] - a[2] * d[1], a[2] * d[0] - a[0] * d[2], a[0] * d[1] - a[1] * d[0]]
    n = math.sqrt(sum(v * v for v in x))
    x = [v / n for v in x]
    y = [d[1] * x[2] - d[2] * x[1], d[2] * x[0] - d[0] * x[2], d[0] * x[1] - d[1] * x[0]]
    return [x[0], y[0], d[0], x[1], y[1], d[1], x[2], y[2], d[2]]


# ---------------------------------------------------------------- pose generation
class Placement:
    """Anchor geom fixed, mover geom at base + t*u with rotation rot; knows how to test a t."""

    def __init__(self, g1, g2, anchor_is_1: bool, base, u, rot_mover, ray_jitter) -> None:
        self.g1, self.g2, self.anchor_is_1 = g1, g2, anchor_is_1
        self.base, self.u, self.rot, self.ray_jitter = base, u, rot_mover, ray_jitter

    @property
    def mover(self):
        return self.g2 if self.anchor_is_1 else self.g1

    def place(self, t: float) -> None:
        """Move the mover to parameter t."""
        p = [self.base[k] + t * self.u[k] for k in range(3)]
        self.mover.set_pose(p, self.rot)

    def touching(self, t: float) -> bool:
        """Whether libode reports a contact at parameter t."""
        self.place(t)
        return len(LC.collide(self.g1, self.g2, 1)) > 0


def boundary(pl: Placement, t_lo: float, t_hi: float) -> float | None:
    """The largest t in [t_lo, t_hi] where contact starts (scan downward, then bisect), or None."""
    steps = 80
    prev = t_hi
    if pl.touching(t_hi):
        return None
    for k in range(1, steps + 1):
        t = t_hi + (t_lo - t_hi) * k / steps
        if pl.touching(t):
            a, b = t, prev  # contact at a, none at b
            for _ in range(60):
                m = 0.5 * (a + b)
                if pl.touching(m):
                    a = m
                else:
                    b = m
            return a
        prev = t
    return None


def make_case(rng: random.Random, ca: str, cb: str, i: int) -> dict:
    """One recorded case for classes (ca, cb) in that argument order."""
    s1, s2 = random_spec(rng, ca), random_spec(rng, cb)
    g1, g2 = LC.Geom(expand(s1)), LC.Geom(expand(s2))
    try:
        return _place_and_record(rng, s1, s2, g1, g2, i)
    finally:
        g1.destroy()
        g2.destroy()


def _anchor_first(ca: str, cb: str) -> bool:
    """Whether geom 1 is the fixed anchor (planes, then heightfields, then non-rays anchor)."""
    for cls in ("plane", "heightfield"):
        if ca == cls:
            return True
        if cb == cls:
            return False
    if cb == "ray" and ca != "ray":
        return True
    return not (ca == "ray" and cb != "ray")


def _place_and_record(rng: random.Random, s1: dict, s2: dict, g1, g2, i: int) -> dict:
    """Choose the pose kind, find the contact boundary, place, and record contacts."""
    a1 = _anchor_first(s1["class"], s2["class"])
    anchor, mover = (s1, s2) if a1 else (s2, s1)
    ga, gm = (g1, g2) if a1 else (g2, g1)
    kinds = ["deep", "deep", "shallow", "shallow", "grazing", "separated", "separated", "aligned", "aligned",
             "aligned"]
    kind = kinds[i % 10]
    aligned = kind == "aligned"
    pa = [rng.uniform(-1, 1) for _ in range(3)]
    ra = IDENTITY[:] if (aligned and rng.random() < 0.5) else random_rot(rng)
    ga.set_pose(pa, ra)
    ra_st = ga.pose()[1] if anchor["class"] != "plane" else IDENTITY
    if anchor["class"] == "plane":
        n = anchor["normal"]
        tang = unit(rng)
        dot = sum(tang[k] * n[k] for k in range(3))
        tang = [tang[k] - dot * n[k] for k in range(3)]
        base = [n[k] * anchor["dist"] + rng.uniform(0, 1.5) * tang[k] for k in range(3)]
        u = list(n)
    elif anchor["class"] == "heightfield":
        w = expand(anchor)["width"]
        ox, oz = rng.uniform(-0.45, 0.45) * w, rng.uniform(-0.45, 0.45) * w
        cx, cz = column(ra_st, 0), column(ra_st, 2)
        base = [pa[k] + ox * cx[k] + oz * cz[k] for k in range(3)]
        u = column(ra_st, 1)
    elif aligned:
        u = column(ra_st, rng.randrange(3))
        if rng.random() < 0.5:
            u = [-x for x in u]
        base = pa
    else:
        u, base = unit(rng), pa
    if aligned:
        rm = matmul(ra_st, rng.choice(PERMS)) if rng.random() < 0.8 else IDENTITY[:]
    else:
        rm = random_rot(rng)
    jitter = 0.0
    if mover["class"] == "ray":
        jitter = 0.0 if aligned else rng.uniform(0.0, 0.35)
        d = [-x for x in u]
        if jitter:
            e = unit(rng)
            d = [d[k] + jitter * e[k] for k in range(3)]
            nd = math.sqrt(sum(x * x for x in d))
            d = [x / nd for x in d]
        rm = rot_z_to(d, rng)
        if aligned:
            rm = _ray_aligned(ra_st, d)
    pl = Placement(g1, g2, a1, base, u, rm, jitter)
    ranchor = radius_of(anchor)
    rmover = radius_of(mover)
    size = max(rmover, 0.2)
    t_hi = ranchor + rmover + 0.5
    t_lo = -(rmover + 1.0) if anchor["class"] in ("plane", "heightfield") else 0.0
    tstar = boundary(pl, t_lo, t_hi)
    if aligned:
        kind = "aligned-" + rng.choice(["deep", "shallow", "grazing", "separated"])
    t = _distance(rng, kind.split("-")[-1], tstar, t_lo, t_hi, size)
    pl.place(t)
    p1, r1 = g1.pose() if s1["class"] != "plane" else (None, None)
    p2, r2 = g2.pose() if s2["class"] != "plane" else (None, None)
    out = {str(m): LC.collide(g1, g2, m) for m in MAX_CONTACTS}
    return {"kind": kind, "t": t, "tstar": tstar, "g1": s1, "g2": s2, "pos1": p1, "rot1": r1, "pos2": p2,
            "rot2": r2, "contacts": out}


def _ray_aligned(ra: list, d: list) -> list:
    """A rotation with local Z = d built from the anchor's axes (axis-aligned ray, no random twist)."""
    for k in range(3):
        c = column(ra, k)
        if abs(sum(c[j] * d[j] for j in range(3))) < 0.9:
            x = [c[1] * d[2] - c[2] * d[1], c[2] * d[0] - c[0] * d[2], c[0] * d[1] - c[1] * d[0]]
            n = math.sqrt(sum(v * v for v in x))
            x = [v / n for v in x]
            y = [d[1] * x[2] - d[2] * x[1], d[2] * x[0] - d[0] * x[2], d[0] * x[1] - d[1] * x[0]]
            return [x[0], y[0], d[0], x[1], y[1], d[1], x[2], y[2], d[2]]
    raise AssertionError("no axis transverse to the ray")


def _distance(rng: random.Random, kind: str, tstar, t_lo: float, t_hi: float, size: float) -> float:
    """The mover's parameter t for a pose kind, relative to the contact boundary tstar."""
    if tstar is None:
        return rng.uniform(t_lo, t_hi)
    if kind == "deep":
        return t_lo + (tstar - t_lo) * rng.uniform(0.0, 0.85) if t_lo < 0 else tstar * rng.uniform(0.0, 0.85)
    if kind == "shallow":
        return tstar - size * rng.uniform(1e-4, 0.05)
    if kind == "grazing":
        return tstar + size * rng.choice((-1, 1)) * rng.uniform(1e-8, 1e-6)
    return tstar + size * rng.uniform(1e-3, 1.0)


def _class_index(cls: str) -> int:
    """Position in CLASSES (transform: ODE's class number 7 plus 100, to keep other seeds unchanged)."""
    return 107 if cls == "transform" else CLASSES.index(cls)


def record_pair(ca: str, cb: str) -> dict:
    """250 cases for the unordered pair (ca, cb) in ODE's class order; every 5th in swapped order."""
    seed = 1000 * _class_index(ca) + _class_index(cb)
    rng = random.Random(seed)
    cases = []
    for i in range(N_POSES):
        a, b = (cb, ca) if i % 5 == 4 else (ca, cb)
        cases.append(make_case(rng, a, b, i))
    counts = [len(c["contacts"]["64"]) for c in cases]
    return {"pair": [ca, cb], "seed": seed, "supported": any(counts), "cases": cases}


# ---------------------------------------------------------------- broad phase scene
def record_scene(seed: int = 7, n: int = 600) -> dict:
    """A scene of n geoms in nested spaces and libode's colliding geom pairs (recursive near callback)."""
    rng = random.Random(seed)
    world = _L.fn("dWorldCreate", ctypes_p())()
    body_create = _L.fn("dBodyCreate", ctypes_p(), ctypes_p())
    body_setpos = _L.fn("dBodySetPosition", None, ctypes_p(), _L.dReal, _L.dReal, _L.dReal)
    set_offset = _L.fn("dGeomSetOffsetPosition", None, ctypes_p(), _L.dReal, _L.dReal, _L.dReal)
    top = LC.Space("simple")
    subs = [LC.Space("hash", top), LC.Space("simple", top), LC.Space("hash", top)]
    subsub = LC.Space("simple", subs[0])
    containers = [top, *subs, subsub]
    geoms, records, bodies = [], [], []
    classes = ["sphere", "box", "capsule", "cylinder", "ray"]
    for k in range(n):
        cls = rng.choice(classes)
        spec = random_spec(rng, cls)
        if cls == "ray":
            spec.update(first_contact=0, backface_cull=0, closest_hit=0)
        host = rng.randrange(len(containers))
        g = LC.Geom(spec, containers[host].id)
        rec = {"spec": spec, "space": host, "body": -1}
        pos = [rng.uniform(-6, 6), rng.uniform(-6, 6), rng.uniform(-3, 3)]
        rot = random_rot(rng)
        if k % 10 == 3 and bodies:  # a second geom on an earlier body, offset from it
            bi = rng.randrange(len(bodies))
            off = [rng.uniform(-0.5, 0.5) for _ in range(3)]
            LC.C.dGeomSetBody(g.id, bodies[bi][0])
            set_offset(g.id, *off)
            rec.update(body=bi, offset=off)
        elif k % 10 == 7:
            b = body_create(world)
            body_setpos(b, *pos)
            bodies.append((b, pos))
            LC.C.dGeomSetBody(g.id, b)
            rec.update(body=len(bodies) - 1, body_pos=pos)
        else:
            g.set_pose(pos, rot)
            rec.update(pos=pos, rot=g.pose()[1])
        if k % 37 == 5:
            LC.C.dGeomDisable(g.id)
            rec["disabled"] = True
        if k % 23 == 11:
            rec["category"], rec["collide"] = 2, 4
            LC.C.dGeomSetCategoryBits(g.id, 2)
            LC.C.dGeomSetCollideBits(g.id, 4)
        geoms.append(g)
        records.append(rec)
    index = {g.id: k for k, g in enumerate(geoms)}
    space_ids = {c.id for c in containers}
    pairs = set()

    def near(a: int, b: int) -> None:
        if a in space_ids or b in space_ids:
            for x, y in LC.space_collide2(a, b):
                near(x, y)
            for s in (a, b):
                if s in space_ids:
                    for x, y in LC.Space.collide_pairs(_Wrap(s)):
                        near(x, y)
            return
        i, j = index[a], index[b]
        pairs.add((min(i, j), max(i, j)))

    for x, y in top.collide_pairs():
        near(x, y)
    bodies_out = [p for _, p in bodies]
    return {"seed": seed, "spaces": ["simple", "hash", "simple", "hash", "simple"],
            "space_parent": [-1, 0, 0, 0, 1], "bodies": bodies_out, "geoms": records,
            "pairs": sorted([list(p) for p in pairs])}


class _Wrap:
    """A bare space id with the attribute Space.collide_pairs needs."""

    def __init__(self, sid: int) -> None:
        self.id = sid


def ctypes_p():
    """ctypes void pointer type."""
    import ctypes
    return ctypes.c_void_p


def _out(name: str) -> Path:
    """Where recording ``name`` goes: tests/data/collide/, or its single/ directory for a single libode."""
    return _L.recording_path(OUT / name)


def main() -> None:
    """Record every pair and the space scene."""
    OUT.mkdir(parents=True, exist_ok=True)
    _out("meshes.json").write_text(json.dumps(MESHES, indent=None) + "\n")
    only = set(sys.argv[1:])
    summary = {}
    for ia, ca in enumerate(CLASSES):
        for cb in CLASSES[ia:]:
            name = f"{ca}-{cb}"
            if (ca, cb) in ABORTS or (only and name not in only and "pairs" not in only):
                continue
            data = record_pair(ca, cb)
            text = json.dumps(data, separators=(",", ":")).encode()
            _out(f"pair_{name}.json.gz").write_bytes(gzip.compress(text, mtime=0))
            counts = [len(c["contacts"]["64"]) for c in data["cases"]]
            summary[name] = {"supported": data["supported"], "with_contacts": sum(1 for x in counts if x),
                             "max": max(counts)}
            print(name, summary[name], flush=True)
    for cb in TRANSFORM_PARTNERS:
        name = f"{cb}-transform"
        if only and name not in only and "pairs" not in only:
            continue
        data = record_pair(cb, "transform")
        text = json.dumps(data, separators=(",", ":")).encode()
        _out(f"pair_{name}.json.gz").write_bytes(gzip.compress(text, mtime=0))
        counts = [len(c["contacts"]["64"]) for c in data["cases"]]
        summary[name] = {"supported": data["supported"], "with_contacts": sum(1 for x in counts if x),
                         "max": max(counts)}
        print(name, summary[name], flush=True)
    if not only or "scene" in only:
        scene = record_scene()
        _out("space_scene.json").write_text(json.dumps(scene, separators=(",", ":")) + "\n")
        print("scene pairs", len(scene["pairs"]))
    if summary:
        path = _out("summary.json")
        merged = json.loads(path.read_text()) if path.exists() else {}
        merged.update(summary)
        path.write_text(json.dumps(dict(sorted(merged.items())), indent=1) + "\n")


if __name__ == "__main__":
    main()
