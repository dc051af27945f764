"""World snapshots (``world.getState`` / ``world.setState``): a restored world continues bit for bit.

Each scene of ``snapshot_scenes`` is stepped to a save point (between a collide and its step, so contact
joints are live), saved, stepped 500 more (run A); then stepped on, disturbed, restored and stepped 500
again (run B): positions, quaternions, velocities and enabled flags must be equal (``==``, in every mode:
both runs compute in the same precision with the same backend).
"""

from __future__ import annotations

import numpy as np
import pytest
import snapshot_scenes as S

import ode

WARM, AFTER = S.lengths(ode)
COMBOS = S.COMBOS


def _saved_scene(name: str, how: str, stepper: str):
    """(scene at its save point, its snapshot with the space, run A's final state)."""
    ode.randSetSeed(7)
    sc = S.SCENES[name](ode)
    S.to_save_point(ode, sc, WARM, how, stepper)
    state = sc["world"].getState(sc["space"])
    return sc, state


def _disturb(sc, how: str, stepper: str) -> None:
    """Step on, move a body, change a world parameter and the seed: what setState must undo."""
    S.run(ode, sc, 0, 37, how, stepper)
    sc["bodies"][0].setPosition((3.0, 1.0, 4.0))
    sc["bodies"][-1].disable()
    sc["world"].setGravity((0.0, 1.0, -3.0))
    ode.randSetSeed(999)


@pytest.mark.parametrize("name,how,stepper", COMBOS)
def test_restore_continues_bit_for_bit(name, how, stepper):
    """Run B (disturbed, then restored) ends exactly where run A (never left the save point) ends."""
    sc, state = _saved_scene(name, how, stepper)
    saved_group = len(sc["group"])
    S.from_save_point(ode, sc, WARM, AFTER, how, stepper)
    a = S.state(sc)
    _disturb(sc, how, stepper)
    sc["world"].setState(state)
    assert len(sc["group"]) == saved_group and saved_group > 0
    assert ode.randGetSeed() == state.seed
    S.from_save_point(ode, sc, WARM, AFTER, how, stepper)
    b = S.state(sc)
    assert np.isfinite(a).all()
    assert (a == b).all(), f"largest difference {np.abs(a - b).max()}"


def test_restore_twice_and_the_sleepers_stay_asleep():
    """A snapshot restores any number of times; bodies asleep at the save point are asleep after it."""
    sc, state = _saved_scene("sleepers", "native", "quick")
    asleep = [not b.isEnabled() for b in sc["bodies"]]
    assert any(asleep) and not all(asleep)
    finals = []
    for _ in range(2):
        sc["world"].setState(state)
        assert [not b.isEnabled() for b in sc["bodies"]] == asleep
        S.from_save_point(ode, sc, WARM, 40, "native", "quick")
        finals.append(S.state(sc))
    assert (finals[0] == finals[1]).all()


def test_joint_state_comes_back():
    """Joint feedback, hinge angles and the AMotor's Euler angles read as at the save point."""
    sc, state = _saved_scene("car", "native", "quick")
    motor, hinge = sc["joints"]
    S.from_save_point(ode, sc, WARM, 3, "native", "quick")
    before = (hinge.getAngle(), motor.getAngle(0), motor.getAngle(2), hinge.getFeedback(),
              motor.getFeedback())
    S.run(ode, sc, 0, 20, "native", "quick")
    sc["world"].setState(state)
    S.from_save_point(ode, sc, WARM, 3, "native", "quick")
    after = (hinge.getAngle(), motor.getAngle(0), motor.getAngle(2), hinge.getFeedback(),
             motor.getFeedback())
    assert before == after


def test_group_joints_created_since_are_destroyed():
    """Contact joints made after the snapshot are destroyed by the restore; the saved ones are live."""
    sc, state = _saved_scene("stack", "callback", "step")
    saved = [j for j in sc["group"]._joints]
    S.finish(sc, "step", WARM)
    S.collide(ode, sc, "callback")
    newer = list(sc["group"]._joints)
    assert newer and not set(map(id, newer)) & set(map(id, saved))
    sc["world"].setState(state)
    assert [id(j) for j in sc["group"]._joints] == [id(j) for j in saved]
    assert all(j.getBody(0) is not None or j.getBody(1) is not None for j in saved)
    for j in newer:
        with pytest.raises(ode.ODEError):
            j.getBody(0)


def test_without_spaces_the_geoms_see_the_restored_poses():
    """A snapshot without spaces restores the world; the geoms' boxes follow the restored bodies."""
    ode.randSetSeed(3)
    sc = S.stack(ode)
    S.run(ode, sc, 0, 10, "native", "step")
    state = sc["world"].getState()
    assert state._spaces == []
    geoms = list(sc["space"])
    boxes = [g.getAABB() for g in geoms]
    pos = [b.getPosition() for b in sc["bodies"]]
    S.run(ode, sc, 10, 30, "native", "step")
    assert [g.getAABB() for g in geoms] != boxes
    sc["world"].setState(state)
    assert [b.getPosition() for b in sc["bodies"]] == pos
    assert [g.getAABB() for g in geoms] == boxes


# ---------------------------------------------------------------- refusals


def _rows(world) -> tuple:
    st = world._state
    return (st.bodies.real.copy(), st.bodies.ints.copy(), st.joints.real.copy(), st.wreal.copy(),
            list(st.bodies.generation), st.bodies.count)


def _same_rows(a, b) -> bool:
    return all((x == y).all() if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


def test_bad_input_changes_nothing():
    """Wrong type: TypeError; another world's snapshot, a body created or destroyed since, a joint
    created since, a space whose geoms changed: ValueError; the world is left as it was."""
    ode.randSetSeed(5)
    sc = S.stack(ode)
    world = sc["world"]
    S.run(ode, sc, 0, 5, "native", "quick")
    state = world.getState(sc["space"])
    other = S.stack(ode)["world"].getState()
    S.run(ode, sc, 5, 5, "native", "quick")
    rows, seed = _rows(world), ode.randGetSeed()
    with pytest.raises(TypeError, match="state must be an ode.WorldSnapshot"):
        world.setState({"bodies": 1})
    with pytest.raises(ValueError, match="another world"):
        world.setState(other)
    extra = ode.Body(world)
    rows = _rows(world)
    with pytest.raises(ValueError, match="current bodies"):
        world.setState(state)
    assert _same_rows(rows, _rows(world)) and ode.randGetSeed() == seed
    extra.destroy()
    joint = ode.BallJoint(world)
    rows = _rows(world)
    with pytest.raises(ValueError, match="current joints"):
        world.setState(state)
    assert _same_rows(rows, _rows(world))
    joint.destroy()
    sc["bodies"][2].destroy()
    with pytest.raises(ValueError, match="current bodies"):
        world.setState(state)


def test_a_changed_space_is_refused():
    """A geom added to a saved space since the snapshot: ValueError, nothing restored."""
    sc = S.stack(ode)
    S.run(ode, sc, 0, 3, "native", "quick")
    state = sc["world"].getState(sc["space"])
    S.run(ode, sc, 3, 3, "native", "quick")
    ode.GeomSphere(sc["space"], 0.1)
    rows = _rows(sc["world"])
    with pytest.raises(ValueError, match="geoms of"):
        sc["world"].setState(state)
    assert _same_rows(rows, _rows(sc["world"]))
    with pytest.raises(TypeError, match="spaces must hold ode spaces"):
        sc["world"].getState([sc["world"]])


def test_a_snapshot_of_the_other_precision_is_refused():
    """Rows of the other precision (a pickled snapshot from another process): ValueError."""
    sc = S.stack(ode)
    state = sc["world"].getState()
    other = np.float32 if ode.precision == "double" else np.float64
    real, ints, count, gen = state._bodies
    state._bodies = (real.astype(other), ints, count, gen)
    with pytest.raises(ValueError, match="precision cannot change"):
        sc["world"].setState(state)


def test_the_snapshot_documents_itself():
    """getState returns an ode.WorldSnapshot naming its world and seed."""
    sc = S.stack(ode)
    ode.randSetSeed(42)
    state = sc["world"].getState()
    assert isinstance(state, ode.WorldSnapshot) and state.world is sc["world"] and state.seed == 42
    assert "6 bodies" in repr(state)
    assert "snapshot" in ode.World.getState.__doc__ and ode.WorldSnapshot.__doc__


def _pairs(space) -> list:
    """The candidate pairs of a space.collide, as object ids, in the order they come."""
    out: list = []
    space.collide(None, lambda _, a, b: out.append((id(a), id(b))))
    return out


@pytest.mark.parametrize("name", list(S.SCENES))
def test_the_spaces_list_order_and_pairs_come_back(name):
    """With the space in the snapshot, its list order (dirty geoms first) and the next collide's pairs are
    those of the save point (the sleepers' sleeping geoms stay clean: without the space they would not)."""
    ode.randSetSeed(7)
    sc = S.SCENES[name](ode)
    S.run(ode, sc, 0, WARM, "native", "quick")
    state = sc["world"].getState(sc["space"])
    order = [id(g) for g in sc["space"]]
    pairs = _pairs(sc["space"])
    S.run(ode, sc, WARM, 37, "native", "quick")
    sc["world"].setState(state)
    assert [id(g) for g in sc["space"]] == order
    assert _pairs(sc["space"]) == pairs and pairs


def test_a_move_after_a_restore_is_told():
    """After a restore that makes a sleeping body's geom clean again, moving that body puts its geom at the
    front of the space's list (the move bookkeeping starts afresh)."""
    ode.randSetSeed(7)
    sc = S.sleepers(ode)
    S.run(ode, sc, 0, WARM, "native", "quick")
    S.collide(ode, sc, "native")            # every geom clean
    sc["group"].empty()
    state = sc["world"].getState(sc["space"])
    S.run(ode, sc, WARM, 5, "native", "quick")
    sc["world"].setState(state)
    sleeper = next(b for b in sc["bodies"] if not b.isEnabled())
    geom = next(g for g in sc["space"] if g.getBody() is sleeper)
    assert list(sc["space"])[0] is not geom
    sleeper.setPosition((0.0, 5.0, 1.0))
    assert list(sc["space"])[0] is geom


def test_a_geom_attached_elsewhere_is_refused():
    """A saved space's geom attached to another body since the snapshot: ValueError."""
    sc = S.stack(ode)
    state = sc["world"].getState(sc["space"])
    geom = next(g for g in sc["space"] if g.getBody() is sc["bodies"][0])
    geom.setBody(sc["bodies"][1])
    with pytest.raises(ValueError, match="attached to another body"):
        sc["world"].setState(state)
