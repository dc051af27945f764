"""Broad phase: every space kind hands the near callback the same geom pairs as a SimpleSpace.

Random scenes of 520 geoms (spheres, boxes, capsules, cylinders, rays, two planes with infinite AABBs; some
sharing a body, some disabled, some with category/collide bits) are built through the public API into a
hierarchy of spaces (a top space with three sub-spaces, one of them nested again). The pairs are collected
the PyODE way: ``space.collide`` on every space, and for a pair involving a space ``ode.collide2``
recursively. The set of geom pairs must not depend on the kinds of the spaces. One recorded scene
(tools/record/record_collide.py) is also compared with libode's dSpaceCollide pair set.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ode

DATA = Path(__file__).resolve().parents[1] / "data" / "collide" / "space_scene.json"
N_GEOMS = 520
PLANES = {100: ((0.0, 0.0, 1.0), -1.5), 300: ((0.6, 0.0, 0.8), -6.0)}  # infinite (or half-infinite) AABBs


def make_space(kind: str, parent=None):
    """A space of the given kind (through the public constructors) inside parent."""
    if kind == "simple":
        return ode.SimpleSpace(parent)
    if kind == "hash":
        return ode.HashSpace(parent)
    if kind == "hash_levels":
        s = ode.HashSpace(parent)
        s.setLevels(-3, 2)
        return s
    if kind == "quadtree":
        return ode.QuadTreeSpace((0.0, 0.0, 0.0), (20.0, 20.0, 8.0), 5, parent)
    if kind == "sap":
        return ode.SAPSpace(parent)
    if kind == "sap_zyx":
        return ode.SAPSpace(parent, "ZYX")
    raise AssertionError(kind)


def random_scene(seed: int) -> dict:
    """A scene description: geom specs, container index, body sharing, disabled and bit flags."""
    rng = random.Random(seed)
    geoms = []
    n_bodies = 0
    for k in range(N_GEOMS):
        cls = rng.choice(["sphere", "box", "capsule", "cylinder", "ray"]) if k not in PLANES else "plane"
        g = {"cls": cls, "index": k, "container": rng.randrange(5), "a": rng.uniform(0.1, 1.0),
             "b": rng.uniform(0.1, 1.2), "c": rng.uniform(0.1, 1.2),
             "pos": [rng.uniform(-8, 8), rng.uniform(-8, 8), rng.uniform(-2, 2)],
             "quat": [rng.gauss(0, 1) for _ in range(4)], "body": -1, "offset": None}
        if cls == "plane":
            pass
        elif k % 9 == 4:
            g["body"] = n_bodies
            n_bodies += 1
        elif k % 9 == 5 and n_bodies:
            g["body"] = rng.randrange(n_bodies)
            g["offset"] = [rng.uniform(-0.6, 0.6) for _ in range(3)]
        g["disabled"] = k % 31 == 7
        g["bits"] = (2, 4) if k % 17 == 3 else ((4, 2) if k % 19 == 2 else None)
        geoms.append(g)
    return {"geoms": geoms, "n_bodies": n_bodies, "seed": seed}


def build(scene: dict, kinds: list):
    """The scene in spaces of the given kinds: kinds[0] is the top space, kinds[1..3] its children, kinds[4]
    a child of kinds[1]. Returns (containers, geoms, world, bodies) and keeps everything alive."""
    world = ode.World()
    top = make_space(kinds[0])
    s1, s2, s3 = make_space(kinds[1], top), make_space(kinds[2], top), make_space(kinds[3], top)
    s4 = make_space(kinds[4], s1)
    containers = [top, s1, s2, s3, s4]
    rng = random.Random(scene["seed"] + 1)
    bodies = []
    for _ in range(scene["n_bodies"]):
        b = ode.Body(world)
        b.setPosition((rng.uniform(-8, 8), rng.uniform(-8, 8), rng.uniform(-2, 2)))
        bodies.append(b)
    out = []
    for k, g in enumerate(scene["geoms"]):
        geom = _make_geom(g, containers[g["container"]])
        geom.idx = k  # PyODE geoms take arbitrary attributes
        if g["cls"] == "plane":
            pass
        elif g["body"] >= 0:
            geom.setBody(bodies[g["body"]])
            if g["offset"] is not None:
                geom.setOffsetPosition(tuple(g["offset"]))
        else:
            geom.setPosition(tuple(g["pos"]))
            if g["cls"] != "sphere":
                geom.setQuaternion(_unit(g["quat"]))
        if g["disabled"]:
            geom.disable()
        if g["bits"]:
            geom.setCategoryBits(g["bits"][0])
            geom.setCollideBits(g["bits"][1])
        out.append(geom)
    return containers, out, world, bodies


def _unit(q: list) -> tuple:
    n = sum(x * x for x in q) ** 0.5
    return tuple(x / n for x in q)


def _make_geom(g: dict, space):
    cls = g["cls"]
    if cls == "plane":
        normal, dist = PLANES[g["index"]]
        return ode.GeomPlane(space, normal, dist)
    if cls == "sphere":
        return ode.GeomSphere(space, g["a"])
    if cls == "box":
        return ode.GeomBox(space, (g["a"], g["b"], g["c"]))
    if cls == "capsule":
        return ode.GeomCapsule(space, 0.5 * g["a"], g["b"])
    if cls == "cylinder":
        return ode.GeomCylinder(space, 0.5 * g["a"], g["b"])
    return ode.GeomRay(space, 2.0 * g["b"])


def pair_set(containers: list) -> set:
    """Geom pairs handed out by collide on every space plus recursive collide2 on space-involving pairs."""
    pairs: set = set()

    def near(acc: set, g1, g2) -> None:
        if g1.isSpace() or g2.isSpace():
            ode.collide2(g1, g2, acc, near)
            return
        assert g1 is not g2
        acc.add((min(g1.idx, g2.idx), max(g1.idx, g2.idx)))

    for s in containers:
        s.collide(pairs, near)
    return pairs


def expected_filter(scene: dict, pairs: set) -> None:
    """The manual's rules hold on a pair set: no disabled geom, no same-body pair, bits respected."""
    geoms = scene["geoms"]
    for i, j in pairs:
        a, b = geoms[i], geoms[j]
        assert not a["disabled"] and not b["disabled"]
        assert a["body"] < 0 or a["body"] != b["body"]
        ca, la = a["bits"] or (~0, ~0)
        cb, lb = b["bits"] or (~0, ~0)
        assert (ca & lb) or (cb & la)


KINDS = {  # every kind appears as a top space and as a nested one
    "hash_levels": ["hash_levels"] * 5,
    "quadtree": ["quadtree"] * 5,
    "sap_zyx": ["sap_zyx"] * 5,
    "mixed": ["hash", "sap", "quadtree", "simple", "hash_levels"],
    "mixed2": ["sap", "hash", "sap_zyx", "quadtree", "hash"],
}


@pytest.fixture(scope="module")
def scene_and_reference():
    """Scene seed 11 and its SimpleSpace pair set."""
    scene = random_scene(11)
    containers, *_keep = build(scene, ["simple"] * 5)
    ref = pair_set(containers)
    return scene, ref


def test_reference_is_sane(scene_and_reference) -> None:
    """The SimpleSpace pairs obey the manual's rules and the scene has plenty of them."""
    scene, ref = scene_and_reference
    assert len(scene["geoms"]) >= 500
    assert len(ref) > 300
    expected_filter(scene, ref)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_space_kind_matches_simple(name: str, scene_and_reference) -> None:
    """Every space kind (and mixed hierarchies) hands out exactly the SimpleSpace pairs."""
    scene, ref = scene_and_reference
    containers, *_keep = build(scene, KINDS[name])
    got = pair_set(containers)
    assert got == ref, (sorted(ref - got)[:5], sorted(got - ref)[:5])


def test_moving_geoms_updates_pairs() -> None:
    """After moving every geom, the pairs follow (the spaces refresh their AABBs)."""
    scene = random_scene(5)
    c_ref, g_ref, *_k1 = build(scene, ["simple"] * 5)
    c_hash, g_hash, *_k2 = build(scene, ["hash"] * 5)
    for geoms in (g_ref, g_hash):
        for g in geoms:
            if g.getBody() is None and g.placeable():
                x, y, z = g.getPosition()
                g.setPosition((0.5 * x, 0.5 * y, z))
    assert pair_set(c_hash) == pair_set(c_ref)


def test_recorded_scene_matches_libode() -> None:
    """The recorded 600-geom nested scene: our pair set equals libode's dSpaceCollide pair set."""
    rec = json.loads(DATA.read_text())
    world = ode.World()
    containers = []
    for kind, parent in zip(rec["spaces"], rec["space_parent"]):
        containers.append(make_space(kind, containers[parent] if parent >= 0 else None))
    bodies = []
    for pos in rec["bodies"]:
        b = ode.Body(world)
        b.setPosition(tuple(pos))
        bodies.append(b)
    geoms = []
    for k, g in enumerate(rec["geoms"]):
        geom = _recorded_geom(g["spec"], containers[g["space"]])
        geom.idx = k
        if g["body"] >= 0:
            geom.setBody(bodies[g["body"]])
            if "offset" in g:
                geom.setOffsetPosition(tuple(g["offset"]))
        else:
            geom.setPosition(tuple(g["pos"]))
            geom.setRotation(tuple(g["rot"]))
        if g.get("disabled"):
            geom.disable()
        if "category" in g:
            geom.setCategoryBits(g["category"])
            geom.setCollideBits(g["collide"])
        geoms.append(geom)
    got = pair_set(containers)
    recorded = {tuple(p) for p in rec["pairs"]}
    # libode 0.16.2 deviates from its manual ("disabled geoms are completely ignored by dSpaceCollide and
    # dSpaceCollide2"): its dSpaceCollide2 tests no enabled flag, so the recursive near-callback hands out
    # pairs with disabled geoms of sub-spaces (docs/fidelity.md). We follow the manual; those pairs are the
    # only difference allowed, and they are counted.
    disabled = {k for k, g in enumerate(rec["geoms"]) if g.get("disabled")}
    expected = {p for p in recorded if not (set(p) & disabled)}
    assert len(recorded - expected) < 10
    assert len(expected) > 1000
    assert got == expected, (sorted(expected - got)[:5], sorted(got - expected)[:5])


def _recorded_geom(spec: dict, space):
    cls = spec["class"]
    if cls == "sphere":
        return ode.GeomSphere(space, spec["radius"])
    if cls == "box":
        return ode.GeomBox(space, tuple(spec["lengths"]))
    if cls == "capsule":
        return ode.GeomCapsule(space, spec["radius"], spec["length"])
    if cls == "cylinder":
        return ode.GeomCylinder(space, spec["radius"], spec["length"])
    assert cls == "ray"
    return ode.GeomRay(space, spec["length"])
