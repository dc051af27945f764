"""Argument checks at the public API boundary: kernels run unchecked, so bad input stops here."""

from __future__ import annotations

import math
import numbers

import numpy as np

from . import _precision

_MAX = float(np.finfo(_precision.REAL).max)


def to_float(name: str, value) -> float:
    """float(value), with an int too large for a float refused as a ValueError naming the argument (Python
    raises OverflowError there)."""
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{name} must be finite, not an int of {len(str(abs(int(value))))} digits") from None


def real(name: str, value) -> float:
    """A finite float from a real number, or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    x = to_float(name, value)
    if not math.isfinite(x):
        raise ValueError(f"{name} must be finite, not {x!r}")
    if abs(x) > _MAX:
        raise ValueError(f"{name} = {x!r} overflows {_precision.precision} precision")
    return x


def real_or_inf(name: str, value) -> float:
    """A float that may be +inf but not NaN (limits such as the maximum correcting velocity); a finite
    value beyond the precision's range becomes that infinity (as storing it would, minus the warning)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    x = to_float(name, value)
    if math.isnan(x):
        raise ValueError(f"{name} must not be NaN")
    if abs(x) > _MAX:
        return math.copysign(math.inf, x)
    return x


def vec(name: str, value, n: int = 3) -> tuple:
    """A tuple of n finite floats from a sequence (list, tuple, numpy array...)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or not hasattr(value, "__getitem__"):
        raise TypeError(f"{name} must be a sequence of {n} numbers, not {type(value).__name__}")
    if len(value) != n:
        raise ValueError(f"{name} must have {n} components, not {len(value)}")
    return tuple(real(f"{name}[{i}]", value[i]) for i in range(n))


def flag(name: str, value) -> int:
    """0 or 1 from a bool or an int (ODE's int modes: any nonzero value means on)."""
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a bool or an int, not {type(value).__name__}")
    return 1 if int(value) else 0


def finite(name: str, value) -> float:
    """A finite float from a real number (no precision range check: kernels round what they store), or
    TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, not {type(value).__name__}")
    x = to_float(name, value)
    if not math.isfinite(x):
        raise ValueError(f"{name} must be finite, not {x!r}")
    return x


def positive(name: str, value) -> float:
    """A finite float > 0 (mass-shape sizes and densities), or TypeError / ValueError."""
    x = finite(name, value)
    if not x > 0.0:
        raise ValueError(f"{name} must be > 0, not {x!r}")
    return x


def _min_step() -> float:
    """The smallest step size the real type holds whose reciprocal (the step's 1 / h) is finite."""
    real = _precision.REAL
    t = real(1.0) / real(_MAX)
    with np.errstate(over="ignore", divide="ignore"):
        while not np.isfinite(real(1.0) / t):
            t = np.nextafter(t, real(1.0))
    return float(t)


MIN_STEP = _min_step()


def step_size(stepsize) -> float:
    """A step size: a number in [MIN_STEP, the real type's maximum] (both 1 / h and h itself must be finite
    in the world's precision), or TypeError / ValueError naming stepsize."""
    if isinstance(stepsize, bool) or not isinstance(stepsize, (int, float, np.floating, np.integer)):
        raise TypeError(f"stepsize must be a number, not {type(stepsize).__name__}")
    h = to_float("stepsize", stepsize)
    if not (h > 0.0 and math.isfinite(h)):
        raise ValueError(f"stepsize must be a finite number > 0, not {h!r}")
    if h < MIN_STEP or h > _MAX:
        raise ValueError(f"stepsize must be in [{MIN_STEP!r}, {_MAX!r}] ({_precision.precision} precision: "
                         f"the step divides by it), not {h!r}")
    return h


def mass_values(values: tuple) -> tuple:
    """The 13 values of a computed mass, refused with ValueError when one is not finite (sizes or a density
    whose mass or inertia overflow the real type)."""
    for x in values:
        if not math.isfinite(x):
            raise ValueError(f"the mass properties overflow {_precision.precision} precision "
                             "(mass or inertia not finite): use smaller sizes, density or mass")
    return values
