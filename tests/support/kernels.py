"""One way for tests to load a compiled kernel and its pure-Python twin.

``kernel_pair("jacobian")`` is ``(ode._core.<precision>.jacobian, ode._fallback.jacobian)`` for this process's
precision (``ODE_PRECISION``) or the one asked for. A compiled kernel that is not built in that precision (an
install without a compiler, or only one precision built) skips the calling test, or the whole module when
called at import; a kernel that is built but fails to import is an error, never a skip.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import pytest

from ode import _precision


def _core_name(name: str, precision: str | None) -> str:
    return f"ode._core.{precision or _precision.precision}.{name}"


def is_built(name: str, precision: str | None = None) -> bool:
    """Whether the compiled kernel ``name`` of ``precision`` (default: the process's) is built."""
    return importlib.util.find_spec(_core_name(name, precision)) is not None


def core_kernel(name: str, precision: str | None = None) -> ModuleType:
    """The compiled kernel ``name`` of ``precision`` (default: the process's); skips when it is not built."""
    if not is_built(name, precision):
        pytest.skip(f"{_core_name(name, precision)} is not compiled", allow_module_level=True)
    return importlib.import_module(_core_name(name, precision))


def twin_kernel(name: str) -> ModuleType:
    """The pure-Python twin of kernel ``name`` (always present)."""
    return importlib.import_module(f"ode._fallback.{name}")


def kernel_pair(name: str, precision: str | None = None) -> tuple[ModuleType, ModuleType]:
    """(compiled kernel, twin) of ``name``; skips as ``core_kernel`` does when the compiled one is absent."""
    return core_kernel(name, precision), twin_kernel(name)
