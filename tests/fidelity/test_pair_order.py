"""Pair order: space.collide hands pairs to the near-callback in libode 0.16.2's order and argument order.

tests/data/pair_order.json holds libode's callback sequences (recorded through Debian's PyODE by
tools/record/record_pair_order.py) for the scripted scenes of tests/support/pair_order_scenarios.py: simple,
hash and SAP spaces, geoms and bodies moved, added and removed between collides, steps with contact joints,
disabled bodies, hash levels, quadtree blocks (geoms across block lines, outside the tree, moved, re-added),
sub-spaces expanded with collide2. Each scene is replayed here with ``ode`` and must give the same sequences
exactly, except where libode's hash table misses overlapping pairs: ours reports them too, after the pairs
libode's pass reports.
"""

import json
import pathlib

import pair_order_scenarios as sc
import pytest

import ode
from ode import _backend

RECORDED = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "pair_order.json").read_text())
COMPARED = sorted(sc.scenarios())
# Scenes with a geom whose AABB ends on a quadtree block line in float32 but not in double: box n7 of
# "negative" spans x from -1.1 to -2.2e-16 in double (the block left of x = 0), to exactly 0.0 in float32
# (across the line, so in a larger block): in single precision its passes are compared as pair sets.
_SINGLE_BLOCK_EDGE = {"quadtree/negative"}


def _passes_to_compare(name: str, recorded: list) -> list:
    """The recorded passes this mode must reproduce. A SAP space sorts by the exact float32 value of each
    geom's minimum, so after a step its order depends on the stepped positions' last bits: the recording
    is libode in double precision, so in single precision only the passes before the first step count."""
    if _backend.precision == "single" and name.startswith("sap") and name.endswith(("/stack", "/disabled")):
        return recorded[:1]
    return recorded


def _as_compared(name: str, passes: list) -> list:
    """The passes as compared: in order, or as sorted unordered pairs for a scene whose block placement
    differs in float32 (_SINGLE_BLOCK_EDGE)."""
    if _backend.precision == "single" and name in _SINGLE_BLOCK_EDGE:
        return [sorted("-".join(sorted(p.split("-"))) for p in ps) for ps in passes]
    return passes


def test_every_scene_was_recorded():
    """The recording covers the scenes (and none failed in libode)."""
    assert set(RECORDED) == set(sc.scenarios())
    assert all(isinstance(v, list) and v for v in RECORDED.values())


class _HashAsSimple:
    """The ``ode`` module with HashSpace made a SimpleSpace: a scene's pairs without any hash table."""

    def __getattr__(self, name: str):
        return getattr(ode, name)

    @staticmethod
    def HashSpace(*args):
        return ode.SimpleSpace(*args)


def _unordered(pairs) -> set:
    """Logged pairs "a-b" as a set of unordered name pairs."""
    return {frozenset(p.split("-")) for p in pairs}


def _makes_contacts(name: str) -> bool:
    """Whether the scene steps a world with the pairs' contact joints (so an extra pair moves bodies)."""
    return name.endswith(("/disabled", "/stack"))


@pytest.mark.parametrize("name", COMPARED)
def test_callback_order_is_libodes(name):
    """Every pass of the scene calls back the same pairs, in the same order, each with the same geom
    first, as libode; then, in a hash space, exactly the overlapping pairs libode's table misses (the
    pairs the same scene in a simple space adds). An extra pair's contacts move the bodies differently,
    so a scene that steps is compared up to its first pass with one."""
    want = _as_compared(name, _passes_to_compare(name, RECORDED[name]))
    got = _as_compared(name, sc.run(ode, name)[:len(want)])
    assert len(got) == len(want)
    simple = None
    for k, (g, w) in enumerate(zip(got, want)):
        assert g[:len(w)] == w, k
        if len(g) == len(w):
            continue
        if simple is None:
            simple = sc.run(_HashAsSimple(), name)
        extra = g[len(w):]
        assert len(set(extra)) == len(extra) and not _unordered(extra) & _unordered(w), k
        assert _unordered(extra) == _unordered(simple[k]) - _unordered(w), k
        if _makes_contacts(name):
            break


def test_hash_space_reports_the_pairs_libode_misses():
    """Two spheres of radius 0.47 at (0.75, 0, 0.498) and (0.2, 0.6, 0.399) overlap, and share the cell
    (level 0, x = y = z = 0), but the second one's run of cells starts at z = -1 next to the address 0:
    libode 0.16.2 looks that cell up in the wrong bucket and reports no pair (observed through PyODE);
    the hash space reports the pair a simple space reports."""
    for make in (ode.HashSpace, ode.SimpleSpace):
        space = make()
        log = sc.Log(ode)
        for name, pos in (("a", (0.75, 0.0, 0.498)), ("b", (0.2, 0.6, 0.399))):
            log.name(ode.GeomSphere(space, 0.47), name).setPosition(pos)
        assert log.collide(space) == ["b-a"]


def test_moved_geom_goes_first_in_a_simple_space():
    """After b1.setPosition the moved geom leads: libode's list puts a moved geom at the front."""
    world = ode.World()
    space = ode.SimpleSpace()
    log = sc.Log(ode)
    plane = log.name(ode.GeomPlane(space, (0, 0, 1), 0), "plane")
    bodies = [sc._body(ode, world, (0.5 * i, 0, 0.2), f"g{i}", log, ode.GeomSphere(space, 0.3))
              for i in range(3)]
    assert log.collide(space) == ["g2-g1", "g2-plane", "g1-g0", "g1-plane", "g0-plane"]
    bodies[1].setPosition((0.5, 0, 0.2))
    assert log.collide(space) == ["g1-g2", "g1-g0", "g1-plane", "g2-plane", "g0-plane"]
    assert [log.names[id(space.getGeom(i))][0] for i in range(4)] == ["g1", "g2", "g0", "plane"]
    assert space.getGeom(3) is plane


def test_sap_space_box_is_infinite():
    """libode's SAP space never computes its box: it stays infinite (so a parent pairs it with all)."""
    space = ode.SAPSpace(None, "XZY")
    ode.GeomSphere(space, 0.5)
    inf = float("inf")
    assert space.getAABB() == (-inf, inf, -inf, inf, -inf, inf)
