"""Record libode 0.16.2's answers for tests/support/scenes_quickstep.py into tests/data/quickstep.json.

Run from the repository root: ``python tools/record/record_quickstep.py``. libode is driven through the
PyODE-shaped shim ``tools/oracle/libode_pyode_dynamics.py`` (ctypes, black box). Also records dRandInt(n)
draws for the generator tests. With ``ODE_LIBODE`` naming a single-precision libode the file is
tests/data/single/quickstep.json.
"""

from __future__ import annotations

import ctypes
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

import scenes_quickstep  # noqa: E402

from tools.oracle import libode_pyode_dynamics as lo  # noqa: E402
from tools.oracle.libode import fn, recording_path  # noqa: E402


def rand_draws() -> list:
    """(seed before, n, dRandInt(n), seed after) for a spread of n, from libode's generator."""
    set_seed = fn("dRandSetSeed", None, ctypes.c_ulong)
    get_seed = fn("dRandGetSeed", ctypes.c_ulong)
    rand_int = fn("dRandInt", ctypes.c_int, ctypes.c_int)
    out = []
    seed = 20260
    for n in (1, 2, 3, 4, 5, 15, 16, 17, 100, 255, 256, 257, 1000, 65535, 65536, 65537, 10**6, 2**31 - 1):
        for _ in range(4):
            set_seed(seed)
            value = rand_int(n)
            after = get_seed()
            out.append([seed, n, value, after])
            seed = (seed * 2654435761 + n) % 2**32
    return out


def main() -> None:
    data = {"scenes": {name: scene(lo) for name, scene in scenes_quickstep.SCENES.items()},
            "rand": rand_draws()}
    path = recording_path(ROOT / "tests" / "data" / "quickstep.json")
    path.write_text(json.dumps(data, separators=(",", ":")))
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
