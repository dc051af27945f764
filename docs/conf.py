"""Sphinx configuration of the cyode documentation (build: sphinx-build -W --keep-going -b html docs out)."""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
# The tutorials import ode; autodoc documents the ode the build's Python imports (the installed package).
# Without one (building from a bare checkout), fall back to the source tree next to this folder.
try:
    import ode  # noqa: F401
except ImportError:
    sys.path.insert(0, str(DOCS.parent))


project = "cyode"
author = "the cyode authors"
copyright = "the cyode authors; ODE by Russell L. Smith and contributors"
release = "0.1.0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "tutorials/*.py", "images/*.py"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
# The API classes derive from compiled base types chosen at import; their docstrings are the reference.
autoclass_content = "both"
# ode.render draws with PyVista/VTK; its reference needs only its docstrings, so the build mocks those two
# (the docs extra stays light, and no OpenGL library is needed to build the site).
autodoc_mock_imports = ["pyvista", "vtk"]

html_theme = "furo"
html_title = "cyode: the Open Dynamics Engine for Python"
html_static_path: list[str] = []
