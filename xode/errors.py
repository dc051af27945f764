"""Exceptions raised for invalid XODE documents; each message names the element and its line."""

from __future__ import annotations


class InvalidError(Exception):
    """The document is not valid XODE: bad XML, a missing or bad attribute, an object ODE refuses.

    ``element`` is the tag of the offending element (None for XML syntax errors) and ``line`` its line
    in the document (1-based), so a message can point the author at the spot.
    """

    def __init__(self, message: str, element: str | None = None, line: int | None = None) -> None:
        self.element, self.line = element, line
        super().__init__(_locate(message, element, line))


class ChildError(InvalidError):
    """An element appears where XODE does not allow it (an unknown tag, or a known one misplaced)."""


class MissingElementError(InvalidError):
    """A required child element is absent (a geom without a shape, a joint without a type)."""


def _locate(message: str, element: str | None, line: int | None) -> str:
    """Prefix ``message`` with ``<tag> (line N):`` when the element is known."""
    if element is None:
        return message if line is None else f"line {line}: {message}"
    return f"<{element}> (line {line}): {message}"


def invalid(element, message: str) -> InvalidError:
    """An InvalidError about a parsed ``element`` (anything with ``tag`` and ``line``)."""
    return InvalidError(message, element.tag, element.line)


def misplaced(child, parent) -> ChildError:
    """A ChildError: element ``child`` may not appear inside element ``parent``."""
    return ChildError(f"is not a valid child of <{parent.tag}> (line {parent.line})", child.tag, child.line)
