"""C's division for the twins: Python raises ZeroDivisionError where C's IEEE arithmetic gives an infinity or
NaN, so the twins divide through ``div`` wherever the divisor may be zero and carry on as the kernels do."""

from __future__ import annotations

import math


def div(a: float, b: float) -> float:
    """a / b as IEEE 754 computes it: +-inf for a nonzero a over a (signed) zero, NaN for 0 / 0 or NaN / 0."""
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0.0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
