"""Step memory and joint storage: the per-world step workspace is reused (no fresh pages in steady state) and
the joint and body rows the kernels visit follow the live objects, not the most ever held."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from backends import OURS, SUPPORT, fresh_env

import ode
from ode import _backend
from ode import _layout as L

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_chain import build_chain  # noqa: E402

# A fresh interpreter builds the 50-link ball chain of benchmarks/bench_chain.py (after allocating and freeing
# a 64 MiB block when asked), steps it 10 times, then counts the minor page faults of 200 more steps.
_FAULTS = """
import json, resource, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
if {pre}:
    block = bytearray(64 << 20)
    del block
import ode
from bench_chain import build_chain
world, _ = build_chain(ode, 50)
step = world.quickStep if {quick} else world.step
for _ in range(10):
    step(0.01)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(200):
    step(0.01)
after = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
print(json.dumps({{"faults": after - before, "grows": world._state.workspace.grows}}))
"""


def _chain(n: int) -> ode.World:
    """The benchmark's hanging chain of n small spheres joined by ball joints (bench_chain.build_chain)."""
    return build_chain(ode, n)[0]


def _state_bytes(world) -> bytes:
    """The live body rows of a world, as bytes (for bit-for-bit comparisons)."""
    b = world._state.bodies
    return b.real[:b.count].tobytes() + b.ints[:b.count].tobytes()


@pytest.mark.parametrize("quick", [False, True])
def test_the_world_keeps_one_workspace_and_reuses_it(quick):
    world = _chain(4)
    step = world.quickStep if quick else world.step
    ws = world._state.workspace
    assert isinstance(ws, _backend.kernel("step").Workspace)
    step(0.01)
    grows, uses = ws.grows, ws.uses
    assert grows > 0 and uses == 1 and ws.nbytes > 0
    for _ in range(5):
        step(0.01)
    assert world._state.workspace is ws
    assert ws.grows == grows and ws.uses == uses + 5     # the same memory, step after step


def test_a_workspace_grows_only_when_a_step_needs_more():
    world = _chain(2)
    ws = world._state.workspace
    world.step(0.01)
    small = ws.nbytes
    body = ode.Body(world)
    m = ode.Mass()
    m.setSphereTotal(0.1, 0.03)
    body.setMass(m)
    joint = ode.BallJoint(world)
    joint.attach(world._state.body_objects[1], body)
    world.step(0.01)
    grown = ws.grows
    assert ws.nbytes > small
    joint.destroy()
    world.step(0.01)                                    # a smaller step fits in what is held
    assert ws.grows == grown


def test_cleanup_releases_the_workspace_and_results_do_not_change():
    a, b = _chain(6), _chain(6)
    for k in range(12):
        a.step(0.01)
        b.step(0.01)
        if k % 4 == 1:
            b.cleanupWorkingMemory()
            assert b._state.workspace.nbytes == 0
    assert _state_bytes(a) == _state_bytes(b)
    assert b._state.workspace.nbytes > 0


@pytest.mark.parametrize("quick", [False, True])
def test_a_step_without_a_workspace_matches_one_with(quick):
    world = _chain(5)
    for _ in range(3):
        world.step(0.01)
    st = world._state
    k = _backend.kernel("step")
    out = []
    for workspace in (None, st.workspace):
        b = st.bodies.real.copy(), st.bodies.ints.copy()
        j = st.joints.real.copy(), st.joints.ints.copy()
        args = (b[0], b[1], st.bodies.count, j[0], j[1], st.joints.count, st.wreal, 0.01)
        if quick:
            res = k.world_quick_step(*args, 1234, None, workspace)
        else:
            res = k.world_step(*args, None, workspace)
        out.append((res, b[0].tobytes(), j[0].tobytes()))
    assert out[0] == out[1]


def test_a_workspace_of_the_wrong_type_is_refused():
    world = _chain(2)
    st = world._state
    k = _backend.kernel("step")
    args = (st.bodies.real, st.bodies.ints, st.bodies.count, st.joints.real, st.joints.ints, st.joints.count,
            st.wreal, 0.01)
    with pytest.raises(TypeError, match="workspace"):
        k.world_step(*args, None, bytearray(8))
    with pytest.raises(TypeError, match="workspace"):
        k.world_quick_step(*args, 0, None, "workspace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="minor page faults as Linux counts them")
@pytest.mark.parametrize("quick", [False, True])
@pytest.mark.parametrize("setting", ["plain", "64 MiB freed first", "malloc trims at once"])
def test_steady_state_steps_take_no_fresh_pages(quick, setting):
    if _backend.backend != "core":
        pytest.skip("page faults measure the compiled kernels' memory")
    env = fresh_env(ODE_BACKEND="core")
    if setting == "malloc trims at once":
        env["MALLOC_TRIM_THRESHOLD_"] = "0"     # glibc hands freed heap tops back at once
    code = _FAULTS.format(root=OURS, bench=str(ROOT / "benchmarks"), pre=setting != "plain", quick=quick)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=str(SUPPORT), timeout=300)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["grows"] > 0
    assert result["faults"] <= 200, result              # at most one minor page fault per step


def _two_bodies() -> tuple:
    """A world with two bodies and one ball joint between them (created first, so it holds row 0)."""
    world = ode.World()
    b1, b2 = ode.Body(world), ode.Body(world)
    m = ode.Mass()
    m.setSphere(1000.0, 0.1)
    b1.setMass(m)
    b2.setMass(m)
    b2.setPosition((0.0, 0.0, 0.5))
    ball = ode.BallJoint(world)
    ball.attach(b1, b2)
    ball.setAnchor((0.0, 0.0, 0.25))
    return world, b1, b2, ball


def test_after_ten_thousand_contacts_are_emptied_the_kernel_visits_the_live_joints():
    world, b1, b2, ball = _two_bodies()
    group = ode.JointGroup()
    contacts = []
    for _ in range(10000):
        c = ode.ContactJoint(world, group, ode.Contact())
        c.attach(b1, b2)
        contacts.append(c)
    j = world._state.joints
    first = contacts[0]._slot
    assert j.count == 10001 and first == 1
    group.empty()
    live = int((j.ints[:, L.JI_ALIVE] == 1).sum())
    assert live == 1 and j.count == live               # the rows the step kernels scan: the ball joint's
    world.quickStep(0.01)
    world.step(0.01)
    assert ball.getBody(1) is b2
    for c in (contacts[0], contacts[5000], contacts[-1]):
        with pytest.raises(ode.ODEError):
            c.getBody(0)
    again = ode.ContactJoint(world, group, ode.Contact())   # reuses row 1 with a new generation
    again.attach(b1, b2)
    assert again._slot == first
    assert j.count == 2
    with pytest.raises(ode.ODEError):
        contacts[0].getBody(0)
    assert again.getBody(1) is b2


def test_destroying_the_last_joints_one_by_one_shrinks_the_rows():
    world, b1, b2, ball = _two_bodies()
    joints = [ode.BallJoint(world) for _ in range(5)]
    slots = [jt._slot for jt in joints]
    j = world._state.joints
    assert j.count == 6
    joints[2].destroy()                                 # a hole: the rows scanned stay
    assert j.count == 6
    joints[4].destroy()
    assert j.count == 5
    joints[3].destroy()                                 # reaches the hole: both go
    assert j.count == 3
    fresh = [ode.BallJoint(world) for _ in range(3)]    # the lowest rows first, each with a new generation
    assert [f._slot for f in fresh] == slots[2:5]
    for old in joints[2:]:
        with pytest.raises(ode.ODEError):
            old.getAnchor()
    assert fresh[2].getBody(0) is None and j.count == 6


def test_destroyed_bodies_at_the_end_leave_the_rows_and_their_handles_stay_dead():
    world = _chain(4)
    bodies = [world._state.body_objects[s] for s in range(4)]
    rows = world._state.bodies
    bodies[3].destroy()
    bodies[2].destroy()
    assert rows.count == 2
    with pytest.raises(ode.ODEError):
        bodies[3].getPosition()
    new = ode.Body(world)
    assert new._slot == 2 and rows.count == 3
    with pytest.raises(ode.ODEError):
        bodies[2].getPosition()
    new.setPosition((1.0, 2.0, 3.0))
    world.step(0.01)
    assert np.isfinite(new.getPosition()).all()
