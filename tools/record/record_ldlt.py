"""Record libode's dFactorLDLT / dSolveLDLT on fixed SPD matrices into tests/data/ldlt.json.

libode is used only as a black-box oracle (ctypes, tools/oracle/libode.py); tests read the recorded numbers.
ODE pads rows to a multiple of 4 (its dPAD for double), so the matrices are passed with that row stride.
Run: ``python tools/record/record_ldlt.py``.
"""

from __future__ import annotations

import ctypes
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.oracle.libode import fn  # noqa: E402

OUT = ROOT / "tests" / "data" / "ldlt.json"
SIZES = (1, 2, 3, 4, 5, 7, 12, 25)


def _spd(rng: np.random.Generator, n: int) -> np.ndarray:
    """A well-conditioned random SPD matrix like J M^-1 J^T + CFM."""
    J = rng.normal(size=(n, n + 2))
    return J @ J.T / (n + 2) + 0.05 * np.eye(n)


def _oracle(A: np.ndarray, b: np.ndarray) -> tuple:
    """libode's (L, d, x) for A and b: unit lower L, d = 1/diag(D), x = A^-1 b."""
    ptr = ctypes.POINTER(ctypes.c_double)
    factor = fn("dFactorLDLT", None, ptr, ptr, ctypes.c_int, ctypes.c_int)
    solve = fn("dSolveLDLT", None, ptr, ptr, ptr, ctypes.c_int, ctypes.c_int)
    n = A.shape[0]
    nskip = (n + 3) // 4 * 4
    work = np.zeros((n, nskip))
    work[:, :n] = A
    d = np.zeros(n)
    x = b.copy()
    factor(work.ctypes.data_as(ptr), d.ctypes.data_as(ptr), n, nskip)
    solve(work.ctypes.data_as(ptr), d.ctypes.data_as(ptr), x.ctypes.data_as(ptr), n, nskip)
    L = np.tril(work[:, :n], -1) + np.eye(n)
    return L, d, x


def main() -> None:
    """Record every case and write the JSON file."""
    rng = np.random.default_rng(20240216)
    cases = []
    for n in SIZES:
        A = _spd(rng, n)
        b = rng.normal(size=n)
        L, d, x = _oracle(A, b)
        cases.append({"A": A.tolist(), "b": b.tolist(), "L": L.tolist(), "d": d.tolist(), "x": x.tolist()})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"source": "libode 0.16.2 dFactorLDLT/dSolveLDLT", "cases": cases}))
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
