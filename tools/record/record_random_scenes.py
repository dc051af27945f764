"""Record the seeded random scenes (tests/support/random_scenes.py) with libode 0.16.2 as the oracle.

    python tools/record/record_random_scenes.py                # every scene -> tests/data/random_scenes/
    python tools/record/record_random_scenes.py rs1003 rs1010  # only these scenes
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_random_scenes.py   # -> .../single/

The scenes run with ``tools/oracle/libode_pyode_dynamics`` (libode through ctypes) bound as ``ode``;
``tests/fidelity/test_random_scenes.py`` compares our package with these recordings.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import random_scenes  # noqa: E402

from tools.oracle import libode_pyode_dynamics  # noqa: E402
from tools.oracle.libode import recording_path  # noqa: E402

SCENE_DIR = ROOT / "tests" / "data" / "random_scenes"


def record_scene(name: str) -> Path:
    """Run one random scene with the shim and save its samples, labels and kind."""
    spec = random_scenes.make_spec(random_scenes.seed_of(name))
    rows = random_scenes.run_spec(libode_pyode_dynamics, spec)
    path = recording_path(SCENE_DIR / f"{name}.npz")
    np.savez_compressed(path, samples=np.asarray(rows, dtype=np.float64), labels=np.asarray(rows.labels),
                        kind=np.asarray(random_scenes.kind_of(spec)))
    return path


def main(argv=None) -> None:
    """Command line entry point."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("names", nargs="*", help="scenes to record (default: all)")
    args = parser.parse_args(argv)
    SCENE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names or random_scenes.scene_names():
        path = record_scene(name)
        print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
