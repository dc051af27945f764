"""The process's real precision, ODE_PRECISION=double|single, read once at import.

This is the lowest layer: the argument checks (``_check``), the kernel chooser (``_backend``) and the compiled
handle types all depend on it, and it depends on nothing in the package.
"""

from __future__ import annotations

import os

import numpy as np

PRECISIONS = ("double", "single")


def _read_precision() -> str:
    value = os.environ.get("ODE_PRECISION", "double").strip().lower() or "double"
    if value not in PRECISIONS:
        raise ImportError(f"ODE_PRECISION must be 'double' or 'single', not {value!r}")
    return value


precision: str = _read_precision()
REAL = np.float64 if precision == "double" else np.float32
INT = np.int32
# the machine epsilon of the real type (dReal): 2^-52 in double, 2^-23 in single (C's DBL/FLT_EPSILON)
EPSILON: float = float(np.finfo(REAL).eps)
