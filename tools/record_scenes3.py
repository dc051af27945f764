"""Record issue 3's fidelity scenes (tests/scenes3.py) with libode 0.16.2 as the oracle.

    python tools/record_scenes3.py             # every scene -> tests/data/scenes3/<name>.npz
    python tools/record_scenes3.py pr lmotor   # only these scenes
    python tools/record_scenes3.py --summary   # also print each sleep scene's sleep/wake steps
    ODE_LIBODE=/path/to/single/libode.so python tools/record_scenes3.py   # -> tests/data/scenes3/single/

The scenes run with ``tools/libode_pyode3`` bound as ``ode``; ``tests/test_fidelity3.py`` compares our package
with these recordings. Scenes using QuickStep set libode's dRand seed to 0 themselves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import scenes3  # noqa: E402

from tools import libode_pyode3  # noqa: E402
from tools.libode import recording_path  # noqa: E402

SCENE_DIR = ROOT / "tests" / "data" / "scenes3"


def record_scene(name: str) -> tuple:
    """Run one scene with the shim, save its samples and labels; return (path, rows)."""
    func, kind = scenes3.SCENES[name]
    rows = func(libode_pyode3)
    path = recording_path(SCENE_DIR / f"{name}.npz")
    np.savez_compressed(path, samples=np.asarray(rows, dtype=np.float64), labels=np.asarray(rows.labels),
                        kind=np.asarray(kind), dt=np.asarray(scenes3.DT))
    return path, rows


def main(argv=None) -> None:
    """Command line entry point."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("names", nargs="*", help="scenes to record (default: all)")
    parser.add_argument("--summary", action="store_true", help="print the sleep/wake steps of sleep scenes")
    args = parser.parse_args(argv)
    SCENE_DIR.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(scenes3.SCENES):
        path, rows = record_scene(name)
        print(f"recorded {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
        if args.summary and scenes3.SCENES[name][1] == "sleep":
            for body, changes in scenes3.sleep_steps(rows, rows.labels).items():
                print(f"    {body}: {changes}")


if __name__ == "__main__":
    main()
