"""The collider families in ode/_fallback/colliders/: each is one source of one generated kernel, and the twin
modules collide_prim and collide_mesh reach every function of their families' kernel sections by name."""

from __future__ import annotations

import importlib
import re

import pytest
from kernel_generator import GEN, ROOT

FAMILIES = ROOT / "ode" / "_fallback" / "colliders"
COLLIDER_KERNELS = [k for k in GEN.KERNELS if k.name in ("collide_prim", "collide_mesh")]


def _module(source: str) -> str:
    """The import name of a twin source path."""
    return source[: -len(".py")].replace("/", ".")


def test_every_family_is_a_source_of_one_kernel() -> None:
    """A family no kernel lists would be Python-only; one listed twice would define its names twice."""
    listed = [s for k in COLLIDER_KERNELS for s in k.sources]
    files = sorted(f"ode/_fallback/colliders/{p.name}" for p in FAMILIES.glob("*.py"))
    files.remove("ode/_fallback/colliders/__init__.py")
    assert sorted(listed) == files


@pytest.mark.parametrize("kernel", COLLIDER_KERNELS, ids=lambda k: k.name)
def test_each_family_has_one_kernel_section(kernel) -> None:
    """The generator takes the text between the markers; a second pair would be silently ignored."""
    for source in kernel.sources:
        text = (ROOT / source).read_text()
        assert text.count(GEN.BEGIN) == 1, source
        assert text.count(GEN.END) == 1, source


@pytest.mark.parametrize("kernel", COLLIDER_KERNELS, ids=lambda k: k.name)
def test_twin_reaches_every_kernel_function(kernel) -> None:
    """collide_mesh.collide looks pairs up by name, and the dispatcher uses the twin's names."""
    twin = importlib.import_module(f"ode._fallback.{kernel.name}")
    for source in kernel.sources:
        family = importlib.import_module(_module(source))
        names = re.findall(r"^def (\w+)\(", GEN.kernel_section((ROOT / source).read_text()), re.M)
        assert names, source
        for name in names:
            assert getattr(twin, name, None) is getattr(family, name), (source, name)
