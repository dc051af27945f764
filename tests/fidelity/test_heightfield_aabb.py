"""libode 0.16.2's AABB of heightfield geoms (recorded by tools/record/record_heightfield_aabb.py).

libode's AABB of a placeable heightfield is not the rotated box of the field: per world axis it is the range
of six points of the field's frame, (+-width/2, 0, 0), (0, lo, 0), (0, hi, 0) and (0, 0, +-depth/2), turned
and moved by the geom's pose, where lo = low bound * scale + offset - thickness and hi = high bound * scale +
offset (unsorted; the bounds are setBounds' or, after a build from samples, the samples' range; a callback
field is unbounded, whatever its scale). So an unturned field's range always holds local height 0 and a
turned field's is mostly smaller than the field (broad phases then miss pairs that libode misses too). A
wrapped field's AABB is infinite; a non-placeable field's is its local box (heights lo .. hi, infinite along
x and z when wrapped). 240 recorded fields and poses are rebuilt through the public API and compared, exactly
in double precision (2e-4 relative in single: float32 poses and sizes); so are, for placeable unwrapped
fields, the (field, small sphere) pairs a simple space hands to the near callback for spheres at seeded
points of the field's rotated box (libode misses about a quarter of them, and so do we).
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from kernels import kernel_pair

import ode

DATA = Path(__file__).resolve().parents[1] / "data" / "heightfield_aabb.json"
CASES = json.loads(DATA.read_text())["cases"]
SINGLE = ode.precision == "single"


def callback_height(x: int, z: int) -> float:
    """The recorder's callback (tools/record/record_heightfield_aabb.py)."""
    return 0.5 + 0.25 * math.sin(1.3 * x) * math.cos(0.8 * z)


def build(case: dict) -> ode.GeomHeightfield:
    """The recorded field and pose through the public API."""
    f = case["field"]
    data = ode.HeightfieldData()
    if f["bounds"] is not None and f["bounds_before_build"]:
        data.setBounds(*f["bounds"])
    args = (f["width"], f["depth"], f["width_samples"], f["depth_samples"], f["scale"], f["offset"],
            f["thickness"], bool(f["wrap"]))
    if f["build"] == "double":
        data.buildDouble(f["heights"], True, *args)
    else:
        data.buildCallback(callback_height, *args)
    if f["bounds"] is not None and not f["bounds_before_build"]:
        data.setBounds(*f["bounds"])
    g = ode.GeomHeightfield(data, case["placeable"])
    if case["placeable"]:
        g.setPosition(tuple(case["pos"]))
        g.setRotation(tuple(case["rot"]))
    return g


def same(a: float, b: float) -> bool:
    """Equal (infinities included); within 2e-4 relative in single precision."""
    if a == b:
        return True
    return SINGLE and math.isfinite(a) and math.isfinite(b) and abs(a - b) <= 2e-4 * max(1.0, abs(b))


def test_recording_covers_the_rules():
    """Turned, unturned, wrapped, bounded, callback and non-placeable fields, negative scales, all present."""
    f = [c["field"] for c in CASES]
    assert len(CASES) >= 200
    assert sum(1 for c in CASES if not c["placeable"]) >= 20
    assert sum(1 for x in f if x["wrap"]) >= 20 and sum(1 for x in f if x["build"] == "callback") >= 50
    assert sum(1 for x in f if x["bounds"] is not None and math.isinf(sum(x["bounds"]))) >= 10
    assert sum(1 for x in f if x["bounds_before_build"]) >= 5 and sum(1 for x in f if x["scale"] < 0) >= 20
    turned = [c for c in CASES if c["placeable"] and not c["field"]["wrap"] and c["rot"][4] != 1.0]
    assert len(turned) >= 100


@pytest.mark.parametrize("part", range(4))
def test_aabb_matches_libode(part: int):
    """Every recorded field's AABB equals libode's (exactly in double)."""
    bad = []
    for k, case in enumerate(CASES[part::4]):
        got = build(case).getAABB()
        if not all(same(a, b) for a, b in zip(got, case["aabb"])):
            bad.append((4 * k + part, got, case["aabb"]))
    assert not bad, bad[:3]


def test_turned_field_aabb_is_smaller_than_its_box():
    """One field: turned about x by a, it keeps its x range; its y range is -d/2 sin a .. hi cos a."""
    data = ode.HeightfieldData()
    data.buildDouble([1.0, 2.0, 3.0, 4.0], True, 4.0, 6.0, 2, 2, 1.0, 0.0, 0.5, False)
    g = ode.GeomHeightfield(data, True)
    a = 0.3
    g.setRotation((1.0, 0.0, 0.0, 0.0, math.cos(a), -math.sin(a), 0.0, math.sin(a), math.cos(a)))
    box = g.getAABB()
    tol = 1e-12 if not SINGLE else 1e-5
    assert box[0:2] == pytest.approx((-2.0, 2.0), abs=tol)
    assert box[2:4] == pytest.approx((-3.0 * math.sin(a), 4.0 * math.cos(a)), abs=tol)
    assert box[4:6] == pytest.approx((-3.0 * math.cos(a), 3.0 * math.cos(a)), abs=tol)
    g.setRotation((1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
    assert g.getAABB()[2:4] == pytest.approx((0.0, 4.0), abs=tol)  # unturned: local height 0 is inside
    data.setBounds(-1.0, 2.0)
    assert g.getAABB()[2:4] == pytest.approx((-1.5, 2.0), abs=tol)
    data.buildDouble([1.0, 2.0, 3.0, 4.0], True, 4.0, 6.0, 2, 2, -1.0, 0.0, 0.5, False)  # rebuilt: no bounds
    fixed = ode.GeomHeightfield(data, False)
    box = fixed.getAABB()  # heights lo = -1 - 0.5 .. hi = -4: unsorted, as libode
    assert box == pytest.approx((-2.0, 2.0, -1.5, -4.0, -3.0, 3.0), abs=tol)


def test_space_pairs_follow_libode():
    """A simple space pairs the field with a small sphere inside its rotated box exactly when libode's did."""
    checked = missed = 0
    for k, case in enumerate(CASES):
        if not case["spheres"]:
            continue
        field = build(case)
        for (x, y, z, r), paired in zip(case["spheres"], case["paired"]):
            space = ode.SimpleSpace()
            ball = ode.GeomSphere(None, r)
            ball.setPosition((x, y, z))
            space.add(field)
            space.add(ball)
            pairs: list = []
            space.collide(pairs, lambda found, a, b: found.append((a, b)))
            space.remove(field)
            assert (len(pairs) == 1) == paired, (k, (x, y, z), field.getAABB())
            checked += 1
            missed += not paired
    assert checked >= 400 and missed >= 50


def test_core_and_twin_agree_bit_for_bit():
    """The kernel's hf_aabb in Cython and in the twin, for finite, unsorted and infinite ranges."""
    core, twin = kernel_pair("collide_mesh", "double")
    from ode import _layout as L

    rng = random.Random(3)
    heights = np.array([rng.uniform(-1.0, 2.0) for _ in range(12)])
    for k, (lo, hi) in enumerate([(-0.5, 1.5), (2.0, -3.0), (-math.inf, 1.0), (-math.inf, math.inf)] * 6):
        g = np.zeros(L.GR)
        i = np.zeros(L.GI, dtype=np.int32)
        q = np.array([rng.gauss(0, 1) for _ in range(4)])
        w, x, y, z = q / np.linalg.norm(q)
        rot = [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 2 * (x * y + w * z),
               1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 2 * (x * z - w * y), 2 * (y * z + w * x),
               1 - 2 * (x * x + y * y)]
        g[L.G_POS:L.G_POS + 3] = [rng.uniform(-2, 2) for _ in range(3)]
        g[L.G_R:L.G_R + 9] = rot if k % 3 else [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0]
        i[L.GI_CLASS] = L.GC_HEIGHTFIELD
        boxes = []
        for mod in (core, twin):
            i[L.GI_DATA] = mod.register_heightfield(heights, 4, 3, 3.0, 2.0, 0.5, k % 7 == 6)
            mod.set_heightfield_range(i[L.GI_DATA], lo, hi)
            boxes.append(mod.mesh_aabb_py(g, i))
            mod.release(i[L.GI_DATA])
        assert boxes[0] == boxes[1], (k, boxes)
