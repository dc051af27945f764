"""Record libode 0.16.2's heightfield AABBs (dGeomGetAABB) into tests/data/heightfield_aabb.json.

Usage: ``python tools/record/record_heightfield_aabb.py`` (needs libode-dev). Seeded fields of several sizes,
sample counts, heights (above, below and around zero), scales (positive, negative, zero), offsets,
thicknesses, wrapped or not, built from double samples or from a callback, with no bounds, finite bounds or
half-infinite bounds (set after the build, and once before it: the build replaces them), placeable at
identity, axis and random rotations (some with exact zero entries) and positions, or not placeable. Each case
keeps the recipe and libode's AABB; a placeable, unwrapped field also has three small spheres at seeded points
of its rotated box (its local box turned and moved) and whether libode's simple space handed each (field,
sphere) pair to the near callback. tests/fidelity/test_heightfield_aabb.py rebuilds them through the public
API and compares.

Left out on purpose: half-infinite bounds with a negative or zero scale, where libode's AABB holds NaNs.
"""

from __future__ import annotations

import ctypes
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode as _L  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402

OUT = ROOT / "tests" / "data" / "heightfield_aabb.json"
R = _L.dReal
P = ctypes.c_void_p
CB = ctypes.CFUNCTYPE(R, P, ctypes.c_int, ctypes.c_int)


def callback_height(x: int, z: int) -> float:
    """The callback fields' sample (x, z) (the test uses the same function)."""
    return 0.5 + 0.25 * math.sin(1.3 * x) * math.cos(0.8 * z)


def _fns() -> dict:
    """The libode functions used here."""
    real, cint = R, ctypes.c_int
    return {
        "create": _L.fn("dGeomHeightfieldDataCreate", P),
        "destroy": _L.fn("dGeomHeightfieldDataDestroy", None, P),
        "double": _L.fn("dGeomHeightfieldDataBuildDouble", None, P, ctypes.POINTER(R), cint, real, real, cint,
                        cint, real, real, real, cint),
        "callback": _L.fn("dGeomHeightfieldDataBuildCallback", None, P, P, CB, real, real, cint, cint, real,
                          real, real, cint),
        "bounds": _L.fn("dGeomHeightfieldDataSetBounds", None, P, real, real),
        "geom": _L.fn("dCreateHeightfield", P, P, P, cint),
        "gdestroy": _L.fn("dGeomDestroy", None, P),
        "pos": _L.fn("dGeomSetPosition", None, P, real, real, real),
        "rot": _L.fn("dGeomSetRotation", None, P, ctypes.POINTER(R)),
        "aabb": _L.fn("dGeomGetAABB", None, P, ctypes.POINTER(R)),
    }


def rotation(axis, angle: float) -> list:
    """Row-major rotation by angle about axis."""
    x, y, z = axis
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return [c + x * x * t, x * y * t - z * s, x * z * t + y * s, y * x * t + z * s, c + y * y * t,
            y * z * t - x * s, z * x * t - y * s, z * y * t + x * s, c + z * z * t]


EXACT = [  # rotations with exact zero entries: identity, quarter turns, axis swaps
    [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0],
    [1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0],
    [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0],
    [0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0],
]


def random_field(rng: random.Random) -> dict:
    """A field recipe: size, samples, heights or callback, scale, offset, thickness, wrap, bounds."""
    nw, nd = rng.randint(2, 7), rng.randint(2, 7)
    base = rng.choice([0.0, 2.5, -3.0, 0.4])
    f = {"width": round(rng.uniform(0.5, 6.0), 3), "depth": round(rng.uniform(0.5, 6.0), 3),
         "width_samples": nw, "depth_samples": nd,
         "scale": rng.choice([1.0, 1.0, 0.5, 2.25, -1.5, 0.0]), "offset": rng.choice([0.0, 0.0, 1.25, -0.75]),
         "thickness": rng.choice([0.0, 0.5, 1.0, 3.0]), "wrap": int(rng.random() < 0.15),
         "build": "callback" if rng.random() < 0.3 else "double"}
    f["heights"] = None
    if f["build"] == "double":
        f["heights"] = [round(base + rng.uniform(-1.0, 1.0), 6) for _ in range(nw * nd)]
    kind = rng.random()
    f["bounds"] = None
    f["bounds_before_build"] = False
    if kind < 0.35:
        lo = rng.uniform(-2.0, 2.0)
        f["bounds"] = [lo, lo + rng.uniform(0.0, 3.0)]
        f["bounds_before_build"] = rng.random() < 0.2
    elif kind < 0.45 and f["scale"] > 0:  # half-infinite (a negative or zero scale makes libode's NaNs)
        f["bounds"] = [-math.inf, rng.uniform(-1.0, 2.0)] if rng.random() < 0.5 else [rng.uniform(-1.0, 1.0),
                                                                                         math.inf]
    return f


def libode_aabb(fns: dict, f: dict, placeable: bool, pos, rot, spheres=()) -> tuple:
    """libode's dGeomGetAABB for one recipe and pose, and whether a simple space pairs it with each sphere
    ((centre, radius))."""
    data = fns["create"]()
    if f["bounds"] is not None and f["bounds_before_build"]:
        fns["bounds"](data, *f["bounds"])
    keep = []
    args = (f["width"], f["depth"], f["width_samples"], f["depth_samples"], f["scale"], f["offset"],
            f["thickness"], f["wrap"])
    if f["build"] == "double":
        h = (R * len(f["heights"]))(*f["heights"])
        keep.append(h)
        fns["double"](data, h, 1, *args)
    else:
        cb = CB(lambda _u, x, z: callback_height(x, z))
        keep.append(cb)
        fns["callback"](data, None, cb, *args)
    if f["bounds"] is not None and not f["bounds_before_build"]:
        fns["bounds"](data, *f["bounds"])
    g = fns["geom"](None, data, int(placeable))
    if placeable:
        fns["pos"](g, *pos)
        fns["rot"](g, LC.mat3(rot))
    out = (R * 6)()
    fns["aabb"](g, out)
    paired = []
    for centre, radius in spheres:
        space = LC.Space("simple")
        ball = LC.Geom({"class": "sphere", "radius": radius})
        ball.set_pose(centre, EXACT[0])
        space.add(g)
        space.add(ball.id)
        paired.append(len(space.collide_pairs()) == 1)
        LC.C.dSpaceRemove(space.id, g)
        LC.C.dSpaceRemove(space.id, ball.id)
        space.destroy()
        ball.destroy()
    fns["gdestroy"](g)
    fns["destroy"](data)
    return list(out), paired


def box_points(rng: random.Random, f: dict, pos, rot) -> list:
    """Three seeded points of the field's local box (heights from its samples or bounds) turned and moved."""
    if f["heights"] is not None:
        hs = [h * f["scale"] + f["offset"] for h in f["heights"]]
        lo, hi = min(hs) - f["thickness"], max(hs)
    else:
        lo, hi = callback_height(0, 0) - 1.0, callback_height(0, 0) + 1.0
    out = []
    for _ in range(3):
        q = [rng.uniform(-0.5, 0.5) * f["width"], rng.uniform(lo, hi), rng.uniform(-0.5, 0.5) * f["depth"]]
        out.append(([pos[i] + sum(rot[3 * i + k] * q[k] for k in range(3)) for i in range(3)], 0.05))
    return out


def main() -> None:
    """Record the cases and write the file."""
    fns = _fns()
    rng = random.Random(20261122)
    cases = []
    for k in range(240):
        f = random_field(rng)
        placeable = k % 8 != 7
        if k % 3 == 0:
            rot = EXACT[rng.randrange(len(EXACT))]
        elif k % 3 == 1:
            rot = rotation(rng.choice([(1, 0, 0), (0, 1, 0), (0, 0, 1)]), rng.uniform(-math.pi, math.pi))
        else:
            rot = rotation([rng.gauss(0, 1) for _ in range(3)], rng.uniform(-math.pi, math.pi))
        pos = [round(rng.uniform(-4.0, 4.0), 3) for _ in range(3)] if rng.random() < 0.7 else [0.0, 0.0, 0.0]
        if not placeable:
            pos, rot = [0.0, 0.0, 0.0], EXACT[0]
        spheres = box_points(rng, f, pos, rot) if placeable and not f["wrap"] else []
        box, paired = libode_aabb(fns, f, placeable, pos, rot, spheres)
        assert not any(math.isnan(v) for v in box), (f, box)
        cases.append({"field": f, "placeable": placeable, "pos": pos, "rot": rot, "aabb": box,
                      "spheres": [[*c, r] for c, r in spheres], "paired": paired})
    OUT.write_text(json.dumps({"libode": "0.16.2 (Debian libode-dev, double)", "cases": cases}) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(cases)} cases")


if __name__ == "__main__":
    main()
