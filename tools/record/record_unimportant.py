"""Record libode 0.16.2's contacts under CONTACTS_UNIMPORTANT into tests/data/collide/.

Usage: ``python tools/record/record_unimportant.py`` (needs libode-dev). Two recordings:

- ``unimportant_box_box.json.gz``: 200 box-box poses drawn like those of ``tools/record/record_collide.py``
  (deep, shallow, grazing, separated, aligned) with their own seed; each case keeps the box specs, the world
  poses and libode's contacts for max contacts 1, 4 and 64 with the flag set.
- ``unimportant_pairs.json.gz``: for every pair libode supports, the SAME poses as
  ``tests/data/collide/pair_<a>-<b>.json.gz`` (rebuilt from their specs and world poses) with libode's
  contacts (position, normal, depth) for max contacts 1, 2 and 4 with the flag set, case by case.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle import libode_collide as LC  # noqa: E402
from tools.record import record_collide as rc  # noqa: E402

DATA = ROOT / "tests" / "data" / "collide"   # the collide recording, whose poses are replayed
OUT = ROOT / "tests" / "data" / "unimportant_box_box.json.gz"
OUT_PAIRS = ROOT / "tests" / "data" / "unimportant_pairs.json.gz"
N_CASES = 200
PAIR_MAX_CONTACTS = (1, 2, 4)


def _write(path: Path, obj) -> None:
    """gzip-compressed JSON with a fixed header time (re-recording gives the same bytes)."""
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(json.dumps(obj).encode())


def record_box_box() -> None:
    """200 box-box poses of their own with the flag (max contacts 1, 4, 64)."""
    rng = random.Random(20261122)
    cases = []
    for i in range(N_CASES):
        case = rc.make_case(rng, "box", "box", i)
        g1, g2 = LC.Geom(rc.expand(case["g1"])), LC.Geom(rc.expand(case["g2"]))
        g1.set_pose(case["pos1"], case["rot1"])
        g2.set_pose(case["pos2"], case["rot2"])
        case["contacts"] = {str(n): LC.collide(g1, g2, n, unimportant=True) for n in (1, 4, 64)}
        g1.destroy()
        g2.destroy()
        cases.append(case)
    _write(OUT, cases)
    print(f"wrote {OUT}: {len(cases)} cases, {sum(1 for c in cases if c['contacts']['64'])} touching")


def record_pair(name: str) -> list:
    """libode's contacts under the flag for every recorded pose of one pair."""
    with gzip.open(DATA / f"pair_{name}.json.gz", "rt") as f:
        cases = json.load(f)["cases"]
    out = []
    for case in cases:
        g1, g2 = LC.Geom(rc.expand(case["g1"])), LC.Geom(rc.expand(case["g2"]))
        g1.set_pose(case["pos1"], case["rot1"])
        g2.set_pose(case["pos2"], case["rot2"])
        out.append({str(n): [row[:7] for row in LC.collide(g1, g2, n, unimportant=True)]
                    for n in PAIR_MAX_CONTACTS})
        g1.destroy()
        g2.destroy()
    return out


def record_pairs() -> None:
    """Every supported pair of tests/data/collide/summary.json, on its recorded poses."""
    summary = json.loads((DATA / "summary.json").read_text())
    pairs = {name: record_pair(name) for name in sorted(summary) if summary[name]["supported"]}
    _write(OUT_PAIRS, {"max_contacts": list(PAIR_MAX_CONTACTS), "pairs": pairs})
    print(f"wrote {OUT_PAIRS}: {len(pairs)} pairs")


def main() -> None:
    """Record both files."""
    record_box_box()
    record_pairs()


if __name__ == "__main__":
    main()
