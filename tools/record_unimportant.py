"""Record libode 0.16.2's box-box contacts under CONTACTS_UNIMPORTANT into tests/data/collide/.

Usage: ``python tools/record_unimportant.py`` (needs libode-dev). The poses are drawn like those of
``tools/record_collide.py`` (deep, shallow, grazing, separated, aligned) with their own seed; each case keeps
the box specs, the world poses and libode's contacts for max contacts 1, 4 and 64 with the flag set.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import record_collide as rc  # noqa: E402

from tools import libode_collide as LC  # noqa: E402

OUT = ROOT / "tests" / "data" / "collide" / "unimportant_box_box.json.gz"
N_CASES = 200


def main() -> None:
    """Record the cases and write the file."""
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
    with gzip.open(OUT, "wt") as f:
        json.dump(cases, f)
    print(f"wrote {OUT}: {len(cases)} cases, {sum(1 for c in cases if c['contacts']['64'])} touching")


if __name__ == "__main__":
    main()
