"""Colliders that perform libode's operations in its order give libode's contacts to the bit.

The recorded poses of tests/data/collide/ (the precision's own recording: single precision is held to libode
built in single precision) are collided with every recorded contact cap, and each contact list must equal
libode's exactly, in libode's order: positions, normals and depths bit for bit. test_collide.py compares the
same cases within tolerances; this file pins the pairs whose colliders follow libode's arithmetic, so a
change of summation order or of a tie rule shows here first.

The pure-Python twin in single precision computes in double (see collide_cases.TWIN_SINGLE), so there it
cannot share single libode's bits and the test is skipped.
"""

from __future__ import annotations

import pytest
from collide_cases import STRIDE, TWIN_SINGLE, build, load_pair, our_contacts, place

# box-box itself, capsule-box when the capsule's axis touches the box (libode's box-box on the capsule's
# bounding box), and a box in a transform against a box
BIT_EXACT = ["box-box", "box-capsule", "box-transform"]


@pytest.mark.skipif(TWIN_SINGLE, reason="the pure-Python twin computes single precision in double")
@pytest.mark.parametrize("name", BIT_EXACT)
def test_contacts_are_libode_to_the_bit(name: str) -> None:
    differing = []
    for i, case in enumerate(load_pair(name)["cases"]):
        if i % STRIDE:
            continue
        g1, g2 = build(case["g1"]), build(case["g2"])
        place(g1, case["g1"], case["pos1"], case["rot1"])
        place(g2, case["g2"], case["pos2"], case["rot2"])
        for cap, rows in case["contacts"].items():
            want = [row[:7] for row in rows]
            if our_contacts(g1, g2, int(cap)) != want:
                differing.append((i, cap))
    assert not differing, f"{len(differing)} (case, cap) of {name} differ from libode: {differing[:8]}"
