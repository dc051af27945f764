"""Read XML text into a small element tree that keeps each element's line (for error messages).

Built on ``xml.parsers.expat``: element tags, attributes in document order, children and the line where
each element starts. Character data is dropped (XODE keeps everything in attributes).
"""

from __future__ import annotations

from xml.parsers import expat

from .errors import InvalidError


class Element:
    """One XML element: ``tag``, ``attrs`` (dict), ``children`` (list of Element) and ``line`` (1-based)."""

    __slots__ = ("tag", "attrs", "children", "line")

    def __init__(self, tag: str, attrs: dict, line: int) -> None:
        self.tag, self.attrs, self.line = tag, attrs, line
        self.children: list[Element] = []

    def __repr__(self) -> str:
        return f"<{self.tag}> (line {self.line})"


def read(data) -> Element:
    """Parse ``data`` (str or bytes) and return its root element; XML errors raise InvalidError."""
    parser = expat.ParserCreate()
    stack: list[Element] = []
    roots: list[Element] = []

    def start(tag: str, attrs: dict) -> None:
        element = Element(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(_tag: str) -> None:
        stack.pop()

    parser.StartElementHandler, parser.EndElementHandler = start, end
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise InvalidError(f"not well-formed XML: {expat.ErrorString(exc.code)} (column {exc.offset})",
                           None, exc.lineno) from None
    return roots[0]
