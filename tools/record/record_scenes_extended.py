"""Record the extended dynamics' fidelity scenes (tests/support/scenes_extended.py) with libode 0.16.2 as the
oracle.

    python tools/record/record_scenes_extended.py             # every scene -> tests/data/scenes_extended/
    python tools/record/record_scenes_extended.py pr lmotor   # only these scenes
    python tools/record/record_scenes_extended.py --summary   # also print each sleep scene's sleep/wake steps
    ODE_LIBODE=/path/to/single/libode.so python tools/record/record_scenes_extended.py  # -> <data>/single/

The scenes run with ``tools/oracle/libode_pyode_dynamics`` bound as ``ode``;
``tests/fidelity/test_scenes_extended.py`` compares our package with these recordings. Scenes using QuickStep
set libode's dRand seed to 0 themselves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

import scenes_extended  # noqa: E402

from tools.oracle import libode_pyode_dynamics  # noqa: E402
from tools.oracle.libode import recording_path  # noqa: E402

SCENE_DIR = ROOT / "tests" / "data" / "scenes_extended"


def record_scene(name: str) -> tuple:
    """Run one scene with the shim, save its samples and labels; return (path, rows)."""
    func, kind = scenes_extended.SCENES[name]
    rows = func(libode_pyode_dynamics)
    path = recording_path(SCENE_DIR / f"{name}.npz")
    np.savez_compressed(path, samples=np.asarray(rows, dtype=np.float64), labels=np.asarray(rows.labels),
                        kind=np.asarray(kind), dt=np.asarray(scenes_extended.DT))
    return path, rows


def main(argv=None) -> None:
    """Command line entry point."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("names", nargs="*", help="scenes to record (default: all)")
    parser.add_argument("--summary", action="store_true", help="print the sleep/wake steps of sleep scenes")
    args = parser.parse_args(argv)
    SCENE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(scenes_extended.SCENES):
        path, rows = record_scene(name)
        print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
        if args.summary and scenes_extended.SCENES[name][1] == "sleep":
            for body, changes in scenes_extended.sleep_steps(rows, rows.labels).items():
                print(f"    {body}: {changes}")


if __name__ == "__main__":
    main()
