"""The demos (ode.demos), the ``ode-demo`` command and the example scripts in examples/.

Every demo runs headless for a few steps in every mode (the render extra is not needed for that); where
pyvista is importable each is also drawn for a few frames at a small size and its still PNG is checked:
not blank, and the colours of the geom classes it shows (the renderer's DEFAULT_COLORS, or the demo's own
colours) present. The examples run as scripts in a subprocess for a few frames.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ode
from ode import demo as cli
from ode import demos

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if not p.name.startswith("_"))
# The pure-Python backend steps about a hundred times slower: fewer steps there keep the file quick.
STEPS = 6 if ode.backend == "python" else 40
FRAMES = 3 if ode.backend == "python" else 6


@pytest.mark.parametrize("name", demos.NAMES)
def test_demo_simulates(name):
    """Each demo builds, steps and reports finite figures; its bodies stay finite (nothing explodes)."""
    demo = demos.REGISTRY[name]
    scene, wall = demos.simulate(demo, seconds=STEPS * demo.DT)
    assert scene.steps == STEPS and wall >= 0.0
    assert all(np.all(np.isfinite(b.getPosition())) for b in scene.bodies)
    line = demos.summary(name, demo, scene, wall)
    assert line.startswith(f"{name}: {demo.SHOWS} | {STEPS} steps") and "nan" not in line


def _chromaticity(rgb) -> np.ndarray:
    rgb = np.asarray(rgb, dtype=float)
    return rgb / np.maximum(rgb.sum(axis=-1, keepdims=True), 1e-9)


def _has_colour(image: np.ndarray, color) -> bool:
    """Whether some lit pixels have ``color``'s hue: shading scales a colour, so its chromaticity (each
    channel's share of the sum) stays; the background and the grey ground are neutral."""
    lit = image[image.sum(axis=-1) > 60]
    close = np.abs(_chromaticity(lit) - _chromaticity(color)).max(axis=-1) < 0.025
    return int(close.sum()) >= 4


def _expected_colours(demo, scene) -> list:
    from ode.render import DEFAULT_COLORS

    colours = [DEFAULT_COLORS[cls] for cls in demo.EXPECT]
    if hasattr(demo, "colors"):
        colours += list(demo.colors(scene).values())[:2]
    return colours


@pytest.mark.parametrize("name", demos.NAMES)
def test_demo_picture(name, tmp_path):
    """Each demo drawn for a few frames: GIF and PNG written, the PNG neither blank nor missing the
    colours of what it shows."""
    pytest.importorskip("pyvista")
    from PIL import Image

    demo = demos.REGISTRY[name]
    scene, _, paths = cli.record_demo(name, str(tmp_path), seconds=FRAMES / cli.FPS, size=(160, 120),
                                      mp4=False)
    assert sorted(Path(p).name for p in paths) == [f"{name}.gif", f"{name}.png"]
    image = np.asarray(Image.open(tmp_path / f"{name}.png").convert("RGB"))
    assert image.shape == (120, 160, 3)
    assert image.std() > 10.0, "the still picture is blank"
    for colour in _expected_colours(demo, scene):
        assert _has_colour(image, colour), f"{name}: no pixel of colour {colour}"


def test_cli_help(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "ode-demo" in out and "--seconds" in out and "cyode[render]" in out


def test_cli_list(capsys):
    assert cli.main(["--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(demos.NAMES)


def test_cli_bad_name(capsys):
    """An unknown demo: exit status 2 and a message naming it and the demos there are."""
    with pytest.raises(SystemExit) as e:
        cli.main(["nosuchdemo"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "no demo named 'nosuchdemo'" in err and "boxstack" in err


@pytest.mark.parametrize("bad", [["boxstack", "--size", "big"], ["boxstack", "--seconds", "-1"]])
def test_cli_bad_options(bad, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(bad)
    assert e.value.code == 2
    assert bad[1] in capsys.readouterr().err


def test_registry_loads_every_demo():
    assert list(demos.REGISTRY) == list(demos.NAMES) and len(demos.REGISTRY) == len(demos.NAMES)
    with pytest.raises(ValueError, match="no demo named 'x'"):
        demos.load("x")


def _run_example(script: Path, out: Path, picture: bool) -> subprocess.CompletedProcess:
    """Run an example script in a subprocess for a few frames; its picture only when asked (drawing
    costs seconds of VTK start-up per script)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), ODE_EXAMPLE_FRAMES=str(FRAMES), ODE_EXAMPLE_OUT=str(out),
               ODE_EXAMPLE_PICTURE="1" if picture else "0")
    done = subprocess.run([sys.executable, str(script)], cwd=out, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "the example printed nothing"
    return done


def test_examples_found():
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script, tmp_path):
    """Each example script runs to the end for a few frames, in the current backend and precision."""
    _run_example(script, tmp_path, picture=False)


def test_example_picture(tmp_path):
    """An example's picture at the end: written, and showing its objects."""
    pytest.importorskip("pyvista")
    from PIL import Image

    from ode.render import DEFAULT_COLORS

    done = _run_example(ROOT / "examples" / "boxstack.py", tmp_path, picture=True)
    assert "picture:" in done.stdout
    image = np.asarray(Image.open(tmp_path / "boxstack.png").convert("RGB"))
    for cls in (ode.GeomBox, ode.GeomSphere):
        assert _has_colour(image, DEFAULT_COLORS[cls])


def test_cli_without_renderer(monkeypatch, tmp_path, capsys):
    """Without the render extra: the install command is printed, the simulation still runs and prints
    its line, and nothing is written."""
    monkeypatch.setattr(cli, "_renderer_available", lambda: False)
    assert cli.main(["gears", "--seconds", "0.2", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert 'pip install "cyode[render]"' in out[0]
    assert out[1].startswith("gears: ") and "20 steps" in out[1] and "gear ratio -2.00" in out[1]
    assert not (tmp_path / "out").exists()


def test_cli_draws_one_demo(tmp_path, capsys):
    """``ode-demo NAME --out DIR --seconds S --size WxH`` writes NAME.gif and NAME.png there and says so."""
    pytest.importorskip("pyvista")
    out = tmp_path / "pictures"
    assert cli.main(["gears", "--seconds", "0.12", "--size", "96x64", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("gears: ") and str(out / "gears.png") in printed
    assert (out / "gears.gif").stat().st_size > 0 and (out / "gears.png").stat().st_size > 0
