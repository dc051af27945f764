"""tools/gen/gen_kernels.py loaded from the checkout (tools are not installed), for tests of its output."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    """The generator module, registered in sys.modules (its dataclasses look their module up)."""
    spec = importlib.util.spec_from_file_location("gen_kernels", ROOT / "tools" / "gen" / "gen_kernels.py")
    gen = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = gen
    spec.loader.exec_module(gen)
    return gen


GEN = _generator()
