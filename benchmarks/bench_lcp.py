"""Benchmark: the ldlt and lcp_dantzig kernels on the matrix sizes of dWorldStep, compiled core vs libode.

    python benchmarks/bench_lcp.py [--n 150] [--contacts 50]

* LDL^T factor + solve of an n x n SPD matrix: ours through the ``ldlt_factor``/``ldlt_solve`` wrappers
  (which copy and validate the arrays) and libode's exported dFactorLDLT/dSolveLDLT through ctypes.
* The LCP of a chain (all rows unbounded, nub = n: one factor + solve) and of a contact problem (3 rows per
  contact, normal 0..inf, two friction rows with findex) through the ``lcp`` wrapper.

The wrappers validate and copy their arrays (tens of us at n=150); the step kernel calls the cdef functions
directly. Times are the minimum per call over many short batches (the machine is shared). Nothing asserts
on timing.
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best_time(fn, batches: int = 100, reps: int = 3) -> float:
    """Minimum seconds per call of fn() over batches of reps calls."""
    best = float("inf")
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t0) / reps)
    return best


def spd(rng, n: int) -> np.ndarray:
    """A random SPD matrix like J M^-1 J^T + CFM."""
    J = rng.normal(size=(n, n + 3))
    return J @ J.T / (n + 3) + 1e-3 * np.eye(n)


def contact_problem(rng, contacts: int, mu: float = 0.8) -> tuple:
    """An LCP of `contacts` contacts between random bodies: normal row then two friction rows each."""
    bodies = max(2, contacts // 2)
    n = 3 * contacts
    J = np.zeros((n, 6 * bodies))
    for c in range(contacts):
        b1, b2 = rng.choice(bodies, 2, replace=False)
        for r in range(3):
            v = rng.normal(size=6)
            J[3 * c + r, 6 * b1:6 * b1 + 6] = v
            J[3 * c + r, 6 * b2:6 * b2 + 6] = -v
    A = J @ J.T + 1e-5 * np.eye(n)
    b = rng.normal(size=n)
    lo = np.zeros(n)
    hi = np.full(n, np.inf)
    findex = np.full(n, -1)
    for c in range(contacts):
        for r in (1, 2):
            findex[3 * c + r] = 3 * c
            lo[3 * c + r], hi[3 * c + r] = -mu, mu
    return A, b, lo, hi, findex


def libode_ldlt(A: np.ndarray, b: np.ndarray):
    """A closure running libode's dFactorLDLT + dSolveLDLT on copies of A and b, or None without libode."""
    try:
        from tools.oracle.libode import fn
    except Exception:
        return None
    try:
        ptr = ctypes.POINTER(ctypes.c_double)
        factor = fn("dFactorLDLT", None, ptr, ptr, ctypes.c_int, ctypes.c_int)
        solve = fn("dSolveLDLT", None, ptr, ptr, ptr, ctypes.c_int, ctypes.c_int)
    except OSError:
        return None
    n = A.shape[0]
    nskip = (n + 3) // 4 * 4
    padded = np.zeros((n, nskip))
    padded[:, :n] = A
    work = padded.copy()
    d = np.zeros(n)
    x = b.copy()
    pw, pd, px = work.ctypes.data_as(ptr), d.ctypes.data_as(ptr), x.ctypes.data_as(ptr)

    def run():
        work[...] = padded
        x[...] = b
        factor(pw, pd, n, nskip)
        solve(pw, pd, px, n, nskip)

    return run


def main() -> None:
    """Parse the options, time every case and print a table."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("--n", type=int, default=150)
    parser.add_argument("--contacts", type=int, default=50)
    args = parser.parse_args()
    try:
        from ode._core.double import lcp_dantzig, ldlt
    except ImportError as exc:
        raise SystemExit("the compiled double kernels are not built (python setup.py build_ext -i)") from exc
    rng = np.random.default_rng(0)
    A = spd(rng, args.n)
    b = rng.normal(size=args.n)
    inf = np.full(args.n, np.inf)
    rows = [
        (f"ldlt factor+solve n={args.n} (ours)", lambda: ldlt.ldlt_solve(*ldlt.ldlt_factor(A), b)),
        (f"lcp chain nub=n={args.n} (ours)", lambda: lcp_dantzig.lcp(A, b, -inf, inf, None, args.n)),
    ]
    ref = libode_ldlt(A, b)
    if ref is not None:
        rows.insert(1, (f"ldlt factor+solve n={args.n} (libode)", ref))
    C = contact_problem(rng, args.contacts)
    x, w, status = lcp_dantzig.lcp(*C, 0)
    rows.append((f"lcp {args.contacts} contacts n={3 * args.contacts}, status {status} (ours)",
                 lambda: lcp_dantzig.lcp(*C, 0)))
    for name, fn in rows:
        print(f"{name:<52s} {best_time(fn) * 1e6:10.1f} us")


if __name__ == "__main__":
    main()
