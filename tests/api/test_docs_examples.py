"""The documentation's tutorials run: each script in docs/tutorials/ runs to its end and its checks hold.

The tutorials are the code the documentation shows (``literalinclude``), so a change that breaks one breaks
this test. Each runs in this process (so under the backend and precision being tested) with ``runpy``; each
ends with its own assertions (a resting box, a bit-for-bit restore...), and this test checks what it printed.
The rendering tutorial runs only where ``ode.render`` imports (the render extra and an OpenGL library).
"""

from __future__ import annotations

import importlib.util
import runpy
from pathlib import Path

import pytest

TUTORIALS = Path(__file__).resolve().parents[2] / "docs" / "tutorials"

# tutorial -> a piece of what it prints
EXPECTED = {
    "falling_body": "after 1 s: height 5.04",
    "pendulum": "angle -1.0",
    "contacts_callback": "box heights after 2 s",
    "native_contacts": "contact joints in the last step",
    "meshes": "ramp has 2 triangles",
    "snapshots": "unpickled: World",
    "xode_document": "HingeJoint angle",
    "rendering": "image (120, 160, 3) uint8",
}


def _render_available() -> bool:
    """Whether ode.render imports here (it needs PyVista/VTK and an OpenGL library)."""
    if importlib.util.find_spec("pyvista") is None:
        return False
    try:
        import ode.render  # noqa: F401
    except ImportError:
        return False
    return True


def test_every_tutorial_is_listed():
    assert sorted(p.stem for p in TUTORIALS.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tutorial_runs(name, capsys):
    if name == "rendering" and not _render_available():
        pytest.skip("ode.render does not import here (needs the render extra)")
    runpy.run_path(str(TUTORIALS / f"{name}.py"), run_name="__main__")
    assert EXPECTED[name] in capsys.readouterr().out
