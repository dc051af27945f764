"""Choose the kernels for the whole process: ODE_BACKEND=core|python and ODE_PRECISION=double|single.

As a C program picks dSINGLE or dDOUBLE at compile time, a Python process picks once, at import.
Everything else in ``ode`` reaches the kernels through ``kernel(name)`` and stores state as ``REAL``.
"""

from __future__ import annotations

import importlib
import os
import warnings

from ._precision import INT, PRECISIONS, REAL, precision  # noqa: F401 (INT, REAL: the public names here)

KERNELS = (
    "rotation", "mass", "jacobian", "ldlt", "lcp_dantzig", "lcp_sor", "step", "space", "collide", "contacts",
    "handles", "geom_handles",
)


def _core_available(prec: str) -> bool:
    """True when every kernel of the compiled build for this precision imports."""
    try:
        for name in KERNELS:
            importlib.import_module(f"ode._core.{prec}.{name}")
    except ImportError:
        return False
    return True


def available_core_precisions() -> tuple:
    """The precisions whose compiled kernels this install has."""
    return tuple(p for p in PRECISIONS if _core_available(p))


def _read_backend(prec: str) -> str:
    value = os.environ.get("ODE_BACKEND", "").strip().lower()
    if value not in ("", "core", "python"):
        raise ImportError(f"ODE_BACKEND must be 'core' or 'python', not {value!r}")
    if value == "python":
        return "python"
    if _core_available(prec):
        return "core"
    if value == "core":
        raise ImportError(f"ODE_BACKEND=core but the compiled {prec}-precision kernels are not installed")
    warnings.warn(
        f"ode: compiled kernels for {prec} precision are not installed; using the pure-Python backend",
        RuntimeWarning,
        stacklevel=3,
    )
    return "python"


backend: str = _read_backend(precision)


_MODULES: dict = {}


def kernel(name: str):
    """The module implementing kernel ``name`` for the chosen backend and precision (looked up once)."""
    key = (backend, precision, name)
    module = _MODULES.get(key)
    if module is None:
        if backend == "core":
            module = importlib.import_module(f"ode._core.{precision}.{name}")
        else:
            module = importlib.import_module(f"ode._fallback.{name}")
        _MODULES[key] = module
    return module
