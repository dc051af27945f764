"""Colliders that perform libode's operations in its order give libode's contacts to the bit.

The recorded poses of tests/data/collide/ (the precision's own recording: single precision is held to libode
built in single precision) are collided with every recorded contact cap. For the pairs of ORDERED each contact
list must equal libode's exactly, in libode's order: positions, normals and depths bit for bit. For the pairs
of SAME_SET the uncapped contact set must equal libode's exactly, while a cap may keep other members of it
than libode's (their walk order differs). test_collide.py compares every pair within tolerances; this file
pins the pairs whose colliders follow libode's arithmetic, so a change of summation order or of a tie rule
shows here first. A ratchet: a pair joins when its collider gets there.

The pure-Python twin in single precision computes in double (see collide_cases.TWIN_SINGLE), so it cannot
share single libode's bits: it is held to test_collide.py's tolerances only, and this file has no case for it.
"""

from __future__ import annotations

import pytest
from collide_cases import SINGLE, STRIDE, TWIN_SINGLE, build, load_pair, our_contacts, place

ORDERED_BOTH = [
    "box-box", "box-capsule", "box-convex", "box-cylinder", "box-plane", "box-ray", "box-transform",
    "capsule-capsule", "capsule-convex", "capsule-plane", "capsule-ray", "capsule-transform",
    "convex-convex", "cylinder-convex", "cylinder-cylinder", "cylinder-plane", "cylinder-ray",
    "cylinder-transform", "cylinder-trimesh", "plane-ray", "plane-transform", "ray-convex", "ray-heightfield",
    "ray-transform", "sphere-box", "sphere-capsule", "sphere-convex", "sphere-cylinder", "sphere-plane",
    "sphere-ray", "sphere-sphere", "sphere-transform", "sphere-trimesh", "trimesh-trimesh",
]
ORDERED_DOUBLE = ORDERED_BOTH
ORDERED_SINGLE = ORDERED_BOTH + ["box-trimesh", "capsule-cylinder"]
SAME_SET_BOTH = ["box-heightfield", "capsule-heightfield", "convex-heightfield", "cylinder-heightfield",
                 "plane-convex", "sphere-heightfield", "trimesh-heightfield"]
SAME_SET_DOUBLE = SAME_SET_BOTH + ["plane-trimesh"]
SAME_SET_SINGLE = SAME_SET_BOTH

if TWIN_SINGLE:
    PINNED = []
elif SINGLE:
    PINNED = [(n, "ordered") for n in ORDERED_SINGLE] + [(n, "set") for n in SAME_SET_SINGLE]
else:
    PINNED = [(n, "ordered") for n in ORDERED_DOUBLE] + [(n, "set") for n in SAME_SET_DOUBLE]


def _posed(case: dict) -> tuple:
    g1, g2 = build(case["g1"]), build(case["g2"])
    place(g1, case["g1"], case["pos1"], case["rot1"])
    place(g2, case["g2"], case["pos2"], case["rot2"])
    return g1, g2


@pytest.mark.parametrize(("name", "how"), PINNED)
def test_contacts_are_libode_to_the_bit(name: str, how: str) -> None:
    differing = []
    for i, case in enumerate(load_pair(name)["cases"]):
        if i % STRIDE:
            continue
        g1, g2 = _posed(case)
        if how == "ordered":
            for cap, rows in case["contacts"].items():
                if our_contacts(g1, g2, int(cap)) != [row[:7] for row in rows]:
                    differing.append((i, cap))
        else:
            want = sorted(tuple(row[:7]) for row in case["contacts"]["64"])
            if sorted(map(tuple, our_contacts(g1, g2, 64))) != want:
                differing.append((i, "64"))
    assert not differing, f"{len(differing)} (case, cap) of {name} differ from libode: {differing[:8]}"
