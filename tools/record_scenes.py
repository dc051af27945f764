"""Record the fidelity scenes (and, with --scripts, the PyODE-style scripts) with libode as the oracle.

    python tools/record_scenes.py            # every scene -> tests/data/scenes/<name>.npz
    python tools/record_scenes.py hinge car  # only these scenes
    python tools/record_scenes.py --scripts  # tests/pyode_scripts/*.py -> tests/data/pyode_scripts/<name>.txt
    ODE_LIBODE=/path/to/single/libode.so python tools/record_scenes.py   # -> tests/data/scenes/single/

The scenes run with ``tools/libode_pyode`` (libode 0.16.2 through ctypes) bound as ``ode``; the recordings
are what ``tests/test_fidelity.py`` and ``tests/test_pyode_scripts.py`` compare our package with. Against a
single-precision libode (``ODE_LIBODE``, docs/architecture.md) they go to a ``single/`` directory beside.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import scenes  # noqa: E402

from tools import libode_pyode  # noqa: E402
from tools.libode import recording_path  # noqa: E402

SCENE_DIR = ROOT / "tests" / "data" / "scenes"
SCRIPT_DIR = ROOT / "tests" / "pyode_scripts"
SCRIPT_OUT = ROOT / "tests" / "data" / "pyode_scripts"


def record_scene(name: str) -> Path:
    """Run one scene with the shim and save its samples and column labels."""
    func, kind = scenes.SCENES[name]
    rows = func(libode_pyode)
    path = recording_path(SCENE_DIR / f"{name}.npz")
    np.savez_compressed(path, samples=np.asarray(rows, dtype=np.float64), labels=np.asarray(rows.labels),
                        kind=np.asarray(kind), dt=np.asarray(scenes.DT))
    return path


def record_scripts() -> list:
    """Run every PyODE-style script with the shim and save what it printed."""
    SCRIPT_OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in scenes.SCRIPTS:
        text = scenes.run_script(SCRIPT_DIR / f"{name}.py", libode_pyode)
        path = recording_path(SCRIPT_OUT / f"{name}.txt")
        path.write_text(text)
        paths.append(path)
    return paths


def main(argv=None) -> None:
    """Command line entry point."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("names", nargs="*", help="scenes to record (default: all)")
    parser.add_argument("--scripts", action="store_true", help="record the PyODE-style scripts instead")
    args = parser.parse_args(argv)
    if args.scripts:
        for path in record_scripts():
            print(f"recorded {path.relative_to(ROOT)}")
        return
    SCENE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(scenes.SCENES):
        path = record_scene(name)
        print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
