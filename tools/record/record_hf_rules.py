"""Record libode 0.16.2 on poses that pin its heightfield rules into tests/data/hf_rules.json.

Usage: ``python tools/record/record_hf_rules.py`` (needs libode; driven through tools/oracle/libode_collide.py
only). Each case is (rule, heightfield spec and pose, other geom spec and pose) with libode's contacts for max
contacts 64; tests/fidelity/test_hf_rules.py replays them through the public API. The rules (docs/fidelity.md,
heightfield section) and the poses that decide each one:

- zone: the sample range libode considers. A geom under every sample gives one contact at the lowest sample
  of the zone, so fields whose heights grow (or fall) with the sample index tell the zone's first (or last)
  sample: AABB edges exactly on a sample, one ulp either side, and edges where (x + w/2) / dx and
  (x + w/2) * (1 / dx) round to different sides of an integer.
- valley: last-row and last-column samples libode does not test (a cell whose diagonal is a valley), with
  the sample's height swept across the threshold, and the ties (diagonal end equal to the far corner).
- coplanar: terraces a machine epsilon apart (one plane) and just over (two), a ramp with a bump, a contact
  on the edge between two coplanar triangles (reported once), a sample on a coplanar neighbour (not tested).
- flat: a zone whose samples are all equal gives the geom against that plane, even past the field's edge.
- bounds: a geom above the zone by less than the machine epsilon (no contact) and one whose top touches the
  zone's lowest sample (buried, depth 0).
- normal: plane contacts on unturned fields, whose normals libode computes in the corner frame as
  (C - A) x (B - A) and (B - D) x (C - D) times 1 / length (compared exactly in double).
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode_collide as LC  # noqa: E402

OUT = ROOT / "tests" / "data" / "hf_rules.json"
I3 = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]


def field(heights: list, n: int = 8, w: float = 4.0, wrap: int = 0) -> dict:
    """A square heightfield spec (x fastest, scale 1, offset 0, thickness 1)."""
    return {"class": "heightfield", "heights": [float(h) for h in heights], "width": w, "depth": w,
            "width_samples": n, "depth_samples": n, "scale": 1.0, "offset": 0.0, "thickness": 1.0,
            "wrap": wrap}


def sphere(r: float) -> dict:
    return {"class": "sphere", "radius": r}


def box(lx: float, ly: float, lz: float) -> dict:
    return {"class": "box", "lengths": [lx, ly, lz]}


def collide(hf: dict, hpos, hrot, other: dict, opos, orot) -> list:
    """libode's contacts (pos, normal, depth) for the heightfield first, max 64."""
    a, b = LC.Geom(hf), LC.Geom(other)
    a.set_pose(hpos, hrot)
    b.set_pose(opos, orot)
    rows = LC.collide(a, b, 64)
    a.destroy()
    b.destroy()
    return [r[:7] for r in rows]


def case(rule: str, note: str, hf: dict, other: dict, opos, orot=I3, hpos=(0.0, 0.0, 0.0), hrot=I3,
         ulp: bool = False) -> dict:
    """One recorded case; ulp: decided by double rounding (ulps, machine epsilon): double precision only."""
    c = {"rule": rule, "note": note, "hf": hf, "hpos": list(hpos), "hrot": list(hrot), "other": other,
         "opos": [float(x) for x in opos], "orot": list(orot), "double_only": ulp}
    c["contacts"] = collide(hf, c["hpos"], c["hrot"], other, c["opos"], c["orot"])
    return c


def zone_cases() -> list:
    out = []
    r = 0.5
    up = field([1 + 0.01 * i + 0.001 * j for j in range(8) for i in range(8)], w=7.0)
    down = field([1 + 0.01 * (7 - i) + 0.001 * (7 - j) for j in range(8) for i in range(8)], w=7.0)
    for x0 in (3.0, math.nextafter(3.0, 9.0), math.nextafter(3.0, -9.0), 1.0, 0.0):
        out.append(case("zone", f"AABB min at field x {x0!r}: first sample", up, sphere(r),
                        [x0 + r - 3.5, 0.0, 2.5 + r - 3.5], ulp=True))
    for x1 in (4.0, math.nextafter(4.0, -9.0), 7.0):
        out.append(case("zone", f"AABB max at field x {x1!r}: last sample", down, sphere(r),
                        [x1 - r - 3.5, 0.0, 2.5 + r - 3.5], ulp=True))
    # w = 4, 8 samples: (x + 2) / dx and (x + 2) * (1 / dx) round apart near samples 3 and 6
    up4 = field([1 + 0.01 * i + 0.001 * j for j in range(8) for i in range(8)], w=4.0)
    dx = 4.0 / 7
    for i in (3, 6):
        x = i * dx - 2.0
        for _ in range(2):
            x = math.nextafter(x, 9.0)
        out.append(case("zone", f"AABB min two ulps past sample {i} (w 4): rounding by 1 / dx", up4,
                        sphere(0.25), [x + 0.25, 0.0, 0.3], ulp=True))
    return out


def valley_cases() -> list:
    out = []
    rng = random.Random(2)
    hs = [rng.uniform(-0.2, 0.2) for _ in range(64)]
    c, r = [-1.304557707079923, -0.11681917059461056, 2.0569154778973893], 1.05910924279212
    for v in (0.05, 0.0642, 0.0643, 0.08):  # sample (1, 7) against its +x neighbour 0.06426532...
        h = list(hs)
        h[7 * 8 + 1] = v
        out.append(case("valley", f"last-row sample (1, 7) at {v} (cell (1, 6) a valley below 0.064265)",
                        field(h), sphere(r), c))
    for ht in ((0.1, -0.1, -0.2, 0.0), (0.1, -0.1, -0.2, -0.05), (0.1, -0.1, 0.0, 0.0), (0.1, 0.0, 0.0, 0.0),
               (0.1, -0.1, -0.1, -0.1), (0.1, -0.1, -0.2, -0.1)):
        a, b, cc, d = ht  # cell (6, 3): A = (6, 3), B = (7, 3), C = (6, 4), D = (7, 4); sample B is tested?
        h = [0.0] * 64
        h[3 * 8 + 6], h[3 * 8 + 7], h[4 * 8 + 6], h[4 * 8 + 7] = a, b, cc, d
        h[0] = 0.3  # not a flat zone
        out.append(case("valley", f"last-column sample (7, 3), cell A B C D = {ht}", field(h),
                        sphere(0.5), [2.3, -0.3, -2.0 + 3 * 4.0 / 7]))
    return out


def coplanar_cases() -> list:
    out = []
    for base, eps in ((0.0, 2.2e-16), (0.0, 2.3e-16), (1.0, 2.220446049250313e-16)):
        h = [base if i < 4 else base + eps for j in range(8) for i in range(8)]
        out.append(case("coplanar", f"terraces {base} and {base} + {eps}", field(h, w=7.0), sphere(2.0),
                        [1.0, base + 1.0, 0.2], ulp=True))
    ramp = [0.25 * i + 0.125 * j for j in range(8) for i in range(8)]
    ramp[5 * 8 + 5] += 0.3
    for c, r in (([0.3, 0.8, 0.2], 1.2), ([-1.3, 0.2, 0.9], 1.5)):
        out.append(case("coplanar", "ramp with a bump: the ramp's samples are not tested", field(ramp, w=7.0),
                        sphere(r), c))
    h = [0.0 if i < 3 else 0.3 for j in range(8) for i in range(8)]
    h[4 * 8 + 1] = 0.3
    out.append(case("coplanar", "contact on a coplanar edge once; a spike on a tilted neighbour tested",
                    field(h, w=7.0), sphere(3.0), [0.0, 1.0, 0.5]))
    h = [0.0 if i < 4 else 0.3 for j in range(8) for i in range(8)]
    out.append(case("coplanar", "box on a terrace edge", field(h, w=7.0), box(0.8, 0.5, 0.6),
                    [1.1, 0.5, 0.2]))
    return out


def flat_cases() -> list:
    out = []
    rng = random.Random(11)
    for k in range(4):
        h = [rng.uniform(-0.2, 0.2) if rng.random() < 0.3 else 0.0 for _ in range(64)]
        for j in range(5, 8):
            for i in range(0, 3):
                h[j * 8 + i] = 0.0
        out.append(case("flat", f"flat corner zone, centre past the edge ({k})", field(h),
                        sphere(0.6 + 0.1 * k), [-2.25 - 0.02 * k, -0.3 + 0.1 * k, 1.85 + 0.03 * k]))
    out.append(case("flat", "flat corner zone, box past the edge", field([0.0] * 64), box(0.7, 0.4, 0.5),
                    [-2.2, 0.1, 2.1], [0.8, -0.6, 0.0, 0.6, 0.8, 0.0, 0.0, 0.0, 1.0]))
    return out


def bounds_cases() -> list:
    hf = field([0.0] * 64, w=7.0)
    return [
        case("bounds", "top touching the samples: buried, depth 0", hf, sphere(0.5), [0.3, -0.5, 0.2]),
        case("bounds", "bottom 5.6e-17 under a flat zone: above (no contact)", hf, sphere(0.5),
             [0.3, 0.5 - 1e-16, 0.2], ulp=True),
        case("bounds", "buried deep", hf, sphere(0.5), [0.3, -0.8, 0.2]),
    ]


def normal_cases() -> list:
    out = []
    rng = random.Random(7)
    while len(out) < 12:
        hs = [rng.uniform(-0.3, 0.3) for _ in range(64)]
        hf = field(hs)
        r = rng.uniform(0.1, 0.25)
        x, z = rng.uniform(-1.8, 1.8), rng.uniform(-1.8, 1.8)
        i, j = int((x + 2) / (4 / 7)), int((z + 2) / (4 / 7))
        y = max(hs[j * 8 + i], hs[j * 8 + i + 1], hs[(j + 1) * 8 + i], hs[(j + 1) * 8 + i + 1]) + r * 0.5
        c = case("normal", "plane contact on an unturned field", hf, sphere(r), [x, y, z])
        if c["contacts"]:
            out.append(c)
    return out


def main() -> None:
    cases = zone_cases() + valley_cases() + coplanar_cases() + flat_cases() + bounds_cases() + normal_cases()
    text = json.dumps({"libode": "0.16.2", "cases": cases}, indent=None, separators=(",", ":"))
    OUT.write_text(text + "\n")
    print(f"wrote {OUT} ({len(cases)} cases, {sum(1 for c in cases if c['contacts'])} with contacts)")


if __name__ == "__main__":
    main()
