"""Record the fidelity scenes of tests/support/scenes.py with libode as the oracle.

    python tools/record/record_scenes.py            # every scene -> tests/data/scenes/<name>.npz
    python tools/record/record_scenes.py hinge car  # only these scenes
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_scenes.py   # -> tests/data/scenes/single/

The scenes run with ``tools/oracle/libode_pyode`` (libode 0.16.2 through ctypes) bound as ``ode``; the
recordings are what ``tests/fidelity/test_scenes.py`` compares our package with. Against a
single-precision libode (``ODE_LIBODE``, docs/architecture.md) they go to a ``single/`` directory beside.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import scenes  # noqa: E402

from tools.oracle import libode_pyode  # noqa: E402
from tools.oracle.libode import recording_path  # noqa: E402

SCENE_DIR = ROOT / "tests" / "data" / "scenes"


def record_scene(name: str) -> Path:
    """Run one scene with the shim and save its samples and column labels."""
    func, kind = scenes.SCENES[name]
    rows = func(libode_pyode)
    path = recording_path(SCENE_DIR / f"{name}.npz")
    np.savez_compressed(path, samples=np.asarray(rows, dtype=np.float64), labels=np.asarray(rows.labels),
                        kind=np.asarray(kind), dt=np.asarray(scenes.DT))
    return path


def main(argv=None) -> None:
    """Command line entry point."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("names", nargs="*", help="scenes to record (default: all)")
    args = parser.parse_args(argv)
    SCENE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(scenes.SCENES):
        path = record_scene(name)
        print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
