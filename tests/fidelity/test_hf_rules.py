"""libode's heightfield rules, pinned on targeted poses recorded from libode 0.16.2.

Recorder: tools/record/record_hf_rules.py.

Each recorded case belongs to one rule of docs/fidelity.md (heightfield section): the zone (which samples
are considered, from the geom's AABB in the field's corner frame), the valley rule (last-row and last-column
samples libode does not test), coplanar triangles acting as one plane, flat zones, the above/buried checks
at the machine epsilon and the triangle normals. The contacts are compared with libode's as sets: within
1e-9 in double (2e-4 in single, where cases decided by double ulps are skipped), and the plane contacts'
normals of the "normal" cases exactly in double.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ode

DATA = Path(__file__).resolve().parents[1] / "data" / "hf_rules.json"
CASES = json.loads(DATA.read_text())["cases"]
DOUBLE = ode.precision == "double"
TOL = 1e-9 if DOUBLE else 2e-4


def _build(spec: dict):
    if spec["class"] == "heightfield":
        data = ode.HeightfieldData()
        data.buildDouble(spec["heights"], True, spec["width"], spec["depth"], spec["width_samples"],
                         spec["depth_samples"], spec["scale"], spec["offset"], spec["thickness"],
                         spec["wrap"])
        return ode.GeomHeightfield(data, True)
    if spec["class"] == "sphere":
        return ode.GeomSphere(None, spec["radius"])
    return ode.GeomBox(None, tuple(spec["lengths"]))


def _contacts(case: dict) -> list:
    hf, other = _build(case["hf"]), _build(case["other"])
    hf.setPosition(tuple(case["hpos"]))
    hf.setRotation(tuple(case["hrot"]))
    other.setPosition(tuple(case["opos"]))
    other.setRotation(tuple(case["orot"]))
    out = []
    for c in ode.collide(hf, other, 64):
        pos, normal, depth, _a, _b = c.getContactGeomParams()
        out.append([*pos, *normal, depth])
    return out


def _unmatched(want: list, got: list) -> list:
    left = list(got)
    missing = []
    for w in want:
        k = min(range(len(left)), key=lambda i: max(abs(a - b) for a, b in zip(w, left[i])), default=None)
        if k is not None and max(abs(a - b) for a, b in zip(w, left[k])) <= TOL:
            left.pop(k)
        else:
            missing.append(w)
    return missing + left


def test_recording_covers_every_rule():
    rules = {c["rule"] for c in CASES}
    assert rules == {"zone", "valley", "coplanar", "flat", "bounds", "normal"}
    assert sum(1 for c in CASES if c["contacts"]) >= 40


# cases decided by double rounding (ulps or the machine epsilon) apply to the double build only
APPLICABLE = [k for k, c in enumerate(CASES) if DOUBLE or not c["double_only"]]


@pytest.mark.parametrize("k", APPLICABLE, ids=[f"{CASES[k]['rule']}-{k}" for k in APPLICABLE])
def test_rule_case_matches_libode(k: int):
    case = CASES[k]
    got = _contacts(case)
    bad = _unmatched(case["contacts"], got)
    assert not bad, (case["rule"], case["note"], case["contacts"], got)
    if DOUBLE and case["rule"] == "normal":  # libode's triangle normals, bit for bit
        want = sorted(tuple(r[3:6]) for r in case["contacts"])
        assert sorted(tuple(r[3:6]) for r in got) == want


def test_valley_rule_drops_the_sample():
    """The last-column sample (7, 3) is tested unless its cell's diagonal is a strict valley."""
    hx = -2.0 + 3 * 4.0 / 7
    for case in CASES:
        if case["rule"] != "valley" or "last-column" not in case["note"]:
            continue
        h = case["hf"]["heights"]
        a, b, c, d = h[3 * 8 + 6], h[3 * 8 + 7], h[4 * 8 + 6], h[4 * 8 + 7]
        valley = a > b and a > c and d > b and d > c
        at_sample = [r for r in _contacts(case) if abs(r[0] - 2.0) < TOL and abs(r[2] - hx) < TOL]
        assert bool(at_sample) != valley, case["note"]
