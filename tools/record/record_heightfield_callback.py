"""Record libode 0.16.2's callback heightfields (dGeomHeightfieldDataBuildCallback) into tests/data/collide/.

Usage: ``python tools/record/record_heightfield_callback.py`` (needs libode-dev). A 9 x 9-sample field (4 x 4
m, thickness 1, with and without bounds, plain and wrapped, placeable and turned) whose callback's heights
change with a "time" parameter collides with spheres and boxes at seeded poses; each case keeps the time, the
poses, the samples libode asked for, its contacts and the geom's AABB.
tests/fidelity/test_heightfield_callback.py replays them.
"""

from __future__ import annotations

import ctypes
import gzip
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode as _L  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402
from tools.record import record_collide as rc  # noqa: E402

OUT = ROOT / "tests" / "data" / "heightfield_callback.json.gz"
CB = ctypes.CFUNCTYPE(_L.dReal, ctypes.c_void_p, ctypes.c_int, ctypes.c_int)
FIELDS = [  # width, depth, samples, scale, offset, thickness, wrap, bounds
    {"w": 4.0, "d": 4.0, "n": 9, "scale": 1.0, "offset": 0.0, "thickness": 1.0, "wrap": 0,
     "bounds": None},
    {"w": 4.0, "d": 3.0, "n": 9, "scale": 0.5, "offset": 0.1, "thickness": 0.5, "wrap": 0,
     "bounds": [-0.3, 0.4]},
    {"w": 4.0, "d": 4.0, "n": 9, "scale": 1.0, "offset": 0.0, "thickness": 1.0, "wrap": 1,
     "bounds": [-1.0, 1.0]},
]


def height(t: float, x: int, z: int) -> float:
    """The callback's sample (x, z) at time t (the test uses the same function)."""
    return 0.3 * math.sin(0.9 * x + t) * math.cos(0.7 * z - 0.5 * t)


def _lib():
    lib = _L.lib()
    lib.dGeomHeightfieldDataCreate.restype = ctypes.c_void_p
    real, cint, ptr = _L.dReal, ctypes.c_int, ctypes.c_void_p
    lib.dGeomHeightfieldDataBuildCallback.argtypes = [ptr, ptr, CB, real, real, cint, cint, real, real, real,
                                                      cint]
    lib.dGeomHeightfieldDataSetBounds.argtypes = [ctypes.c_void_p, _L.dReal, _L.dReal]
    lib.dCreateHeightfield.restype = ctypes.c_void_p
    lib.dCreateHeightfield.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    return lib


def main() -> None:
    """Record the cases and write the file."""
    lib = _lib()
    rng = random.Random(20261122)
    state = {"t": 0.0, "asked": []}

    def cb(_data, x, z):
        state["asked"].append([x, z])
        return height(state["t"], x, z)

    ccb = CB(cb)
    cases = []
    for fi, f in enumerate(FIELDS):
        data = lib.dGeomHeightfieldDataCreate()
        lib.dGeomHeightfieldDataBuildCallback(data, None, ccb, f["w"], f["d"], f["n"], f["n"], f["scale"],
                                              f["offset"], f["thickness"], f["wrap"])
        if f["bounds"]:
            lib.dGeomHeightfieldDataSetBounds(data, *f["bounds"])
        hf = lib.dCreateHeightfield(None, data, 1)
        holder = LC.Geom.__new__(LC.Geom)
        holder.id, holder.keep, holder.spec = hf, [], {"class": "heightfield"}
        for k in range(24):
            rot = rc.IDENTITY if k % 3 else rc.random_rot(rng)
            pos = [rng.uniform(-0.5, 0.5), rng.uniform(-0.2, 0.2), rng.uniform(-0.5, 0.5)]
            holder.set_pose(pos, rot)
            spec = {"class": "sphere", "radius": rng.uniform(0.2, 0.5)} if k % 2 else \
                {"class": "box", "lengths": [rng.uniform(0.2, 0.8) for _ in range(3)]}
            other = LC.Geom(spec)
            opos = [pos[0] + rng.uniform(-1.2, 1.2), pos[1] + rng.uniform(-0.3, 0.6),
                    pos[2] + rng.uniform(-1.2, 1.2)]
            other.set_pose(opos, rc.random_rot(rng) if spec["class"] == "box" else rc.IDENTITY)
            for t in (0.0, 0.7):
                state["t"], state["asked"] = t, []
                contacts = LC.collide(holder, other, 8)
                cases.append({"field": fi, "t": t, "pos": pos, "rot": list(rot), "other": spec,
                              "opos": list(other.pose()[0]), "orot": list(other.pose()[1]),
                              "asked": sorted(map(list, {tuple(a) for a in state["asked"]})),
                              "contacts": contacts, "aabb": holder.aabb()})
            other.destroy()
    with gzip.open(OUT, "wt") as fh:
        json.dump({"fields": FIELDS, "cases": cases}, fh)
    print(f"wrote {OUT}: {len(cases)} cases, {sum(1 for c in cases if c['contacts'])} with contacts")


if __name__ == "__main__":
    main()
