"""Smoke tests of benchmarks/bench_calls.py and benchmarks/bench_scenes.py: their workers, run on a tiny size
against this package (in this process, so in every backend and precision the suite runs), return
well-formed results; the command-line path (fresh interpreter, ``--ours-path``, ``--json``) works with our
side alone; and, when the system interpreter has Debian's PyODE, its side too. Nothing here asserts on
timing."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

import ode

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"
OURS = Path(ode.__file__).resolve().parent.parent    # the directory holding the ode under test
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import _engines  # noqa: E402
import bench_calls  # noqa: E402
import bench_scenes  # noqa: E402

HAS_PYODE = _engines.pyode_available()


def check_calls_result(res: dict, engine: str, names: list) -> None:
    """A bench_calls worker result: the engine, a positive empty-loop cost, each asked call with a finite
    time and a positive loop count, and the hinge motor check passed (angle rate of magnitude 1)."""
    assert res["engine"] == engine
    assert res["loop_us"] > 0.0
    assert sorted(res["calls"]) == sorted(names)
    for name, c in res["calls"].items():
        assert math.isfinite(c["us"]), name
        assert isinstance(c["n"], int) and c["n"] >= 1, name
    assert abs(abs(res["motor_rate"]) - 1.0) < 0.05


def check_scene_result(res: dict, steps: int) -> None:
    """A bench_scenes run: positive seconds, the steps asked, a non-negative contact count, finite faults per
    step and a finite mean height."""
    assert res["seconds"] > 0.0
    assert res["steps"] == steps
    assert isinstance(res["contacts"], int) and res["contacts"] >= 0
    assert math.isfinite(res["minflt_per_step"]) and res["minflt_per_step"] >= 0.0
    assert math.isfinite(res["mean_z"])


def test_calls_worker_times_every_call():
    """Every call of the table is timed by our side, with the loop cost subtracted."""
    res = bench_calls.measure(ode, "ours", None, target_ms=0.2, repeats=1)
    check_calls_result(res, "ours", bench_calls.NAMES)


def test_calls_worker_only():
    """``only`` restricts the calls timed."""
    names = ["body.getPosition", "world.step (1 free body)"]
    res = bench_calls.measure(ode, "ours", names, target_ms=0.2, repeats=1)
    check_calls_result(res, "ours", names)


def test_calls_param_vel_drives_the_motor():
    """The build checks that setParam(ParamVel) sets the hinge motor's velocity: a wrong parameter number
    (here HiStop, 1) raises instead of timing the wrong parameter."""
    world = ode.World()
    body = ode.Body(world)
    hinge = ode.HingeJoint(world)
    hinge.attach(body, None)
    hinge.setAxis((0.0, 1.0, 0.0))
    with pytest.raises(RuntimeError, match="motor velocity"):
        bench_calls.check_motor(ode, world, hinge, ode.ParamHiStop)


@pytest.mark.parametrize("scene", ["chain", "pendulum", "boxes"])
def test_scene_worker_callback(scene):
    """Each scene runs a few steps with the near-callback; the boxes reach the floor (contacts made)."""
    res = bench_scenes.run_scene(ode, scene, "callback", 12)
    check_scene_result(res, 12)
    if scene == "boxes":
        assert res["contacts"] > 0


def test_scene_worker_native_matches_callback_contacts():
    """The boxes with the native pipeline make as many contacts as with the near-callback (the pipeline
    is given room for every contact the callback's collide returns)."""
    cb = bench_scenes.run_scene(ode, "boxes", "callback", 12)
    nat = bench_scenes.run_scene(ode, "boxes", "native", 12)
    check_scene_result(nat, 12)
    assert nat["contacts"] == cb["contacts"] > 0


def test_scene_spheres_builds_400():
    """The spheres scene has 400 bodies and one step runs in both modes."""
    world, space, bodies, alive = bench_scenes.build(ode, "spheres")
    assert len(bodies) == 400 and len(alive) == 401
    for mode in ("callback", "native"):
        check_scene_result(bench_scenes.run_scene(ode, "spheres", mode, 11), 11)


def test_calls_command_line_ours_alone(tmp_path):
    """The driver with our engine only, from a fresh interpreter given --ours-path, writes its JSON."""
    out = tmp_path / "calls.json"
    cmd = [sys.executable, str(BENCH / "bench_calls.py"), "--engines", "ours", "--rounds", "1", "--only",
           "body.getPosition", "--target-ms", "1", "--ours-path", str(OURS), "--json", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "body.getPosition" in proc.stdout
    data = json.loads(out.read_text())
    check_calls_result(data["rounds"]["ours"][0], "ours", ["body.getPosition"])


def test_scenes_engine_worker_ours_alone():
    """A scene worker of our engine in a fresh interpreter reports its engine and mode."""
    res = _engines.run_engine(str(BENCH / "bench_scenes.py"), "ours", ["--job", "pendulum", "callback", 20],
                              str(OURS))
    check_scene_result(res, 20)
    assert (res["engine"], res["scene"], res["mode"]) == ("ours", "pendulum", "callback")


@pytest.mark.skipif(not HAS_PYODE, reason="no Debian PyODE in /usr/bin/python3")
def test_pyode_workers():
    """The PyODE side (Debian's extension, its stale Param constants remapped) runs both workers."""
    res = _engines.run_engine(str(BENCH / "bench_calls.py"), "pyode",
                              ["--only", "hingeJoint.setParam(ParamVel);joint.getFeedback", "--target-ms", 1])
    check_calls_result(res, "pyode", ["hingeJoint.setParam(ParamVel)", "joint.getFeedback"])
    res = _engines.run_engine(str(BENCH / "bench_scenes.py"), "pyode", ["--job", "boxes", "callback", 12])
    check_scene_result(res, 12)
    assert res["contacts"] > 0
