"""Pair order: space.collide hands pairs to the near-callback in libode 0.16.2's order and argument order.

tests/data/pair_order.json holds libode's callback sequences (recorded through Debian's PyODE by
tools/record_pair_order.py) for the scripted scenes of tools/pair_order_scenarios.py: simple, hash and SAP
spaces, geoms and bodies moved, added and removed between collides, steps with contact joints, disabled
bodies, hash levels, sub-spaces expanded with collide2. Each scene is replayed here with ``ode`` and must
give the same sequences exactly. The quadtree space keeps its own (sorted) order: its scenes are recorded
but not compared.
"""

import json
import pathlib
import sys

import pytest

import ode
from ode import _backend

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import pair_order_scenarios as sc  # noqa: E402

RECORDED = json.loads((ROOT / "tests" / "data" / "pair_order.json").read_text())
COMPARED = sorted(name for name in sc.scenarios() if not name.startswith("quadtree/"))


def _passes_to_compare(name: str, recorded: list) -> list:
    """The recorded passes this mode must reproduce. A SAP space sorts by the exact float32 value of each
    geom's minimum, so after a step its order depends on the stepped positions' last bits: the recording
    is libode in double precision, so in single precision only the passes before the first step count."""
    if _backend.precision == "single" and name.startswith("sap") and name.endswith(("/stack", "/disabled")):
        return recorded[:1]
    return recorded


def test_every_scene_was_recorded():
    """The recording covers the scenes (and none failed in libode)."""
    assert set(RECORDED) == set(sc.scenarios())
    assert all(isinstance(v, list) and v for v in RECORDED.values())


@pytest.mark.parametrize("name", COMPARED)
def test_callback_order_is_libodes(name):
    """Every pass of the scene calls back the same pairs, in the same order, each with the same geom
    first, as libode."""
    want = _passes_to_compare(name, RECORDED[name])
    got = sc.run(ode, name)[:len(want)]
    assert got == want


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
