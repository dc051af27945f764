"""Helpers shared by the xode tests: wrap element snippets into whole XODE documents and parse them."""

from __future__ import annotations

import xode.parser


def document(inner: str, space: str = "<space name='space'>") -> str:
    """An XODE document whose world holds one space (``space``, its opening tag) containing ``inner``."""
    close = "</space>" if space else ""
    return f"<xode>\n<world name='world'>\n{space}\n{inner}\n{close}\n</world>\n</xode>\n"


def parse(inner: str, **kwargs):
    """The root node of ``document(inner, **kwargs)`` parsed by our xode."""
    return xode.parser.Parser().parseString(document(inner, **kwargs))


def obj(root, name: str):
    """The ODE object of the node called ``name``."""
    return root.namedChild(name).getODEObject()
