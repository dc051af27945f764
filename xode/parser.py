"""The XODE parser: reads the document, then builds the tree element by element from a table of handlers.

``Parser().parseString(text)`` / ``parseFile(file)`` return the root node (``<xode>``). Each element
family has its handler module (``body``, ``geom``, ``joint``; ``<world>`` and ``<space>`` here); the table
``CHILDREN`` says which node elements each node accepts, ``BUILDERS`` which function builds each of them.
Joints are built last, in document order, so a ``<link1 body="...">`` may name a body defined later.
``<ext>`` elements (extensions) and everything inside them are skipped wherever they appear.
"""

from __future__ import annotations

import math
import os
from typing import IO, Any

import ode

from . import _xml
from .errors import ChildError, InvalidError, MissingElementError, invalid, misplaced
from .node import TreeNode

REQUIRED = object()
_TRUE, _FALSE = ("true", "1"), ("false", "0")
_ROOT_ATTRS = ("version", "name")


class Numbers:
    """Reads typed attribute values, raising InvalidError that names the element, attribute and line."""

    @staticmethod
    def only(element, allowed) -> None:
        """Reject attributes other than ``allowed`` (and ``name``)."""
        for key in element.attrs:
            if key != "name" and key not in allowed:
                raise invalid(element, f"unknown attribute {key!r}")

    @staticmethod
    def text(element, key: str, default):
        """The attribute's text; ``default`` itself when absent (InvalidError when it is REQUIRED)."""
        text = element.attrs.get(key)
        if text is None:
            if default is REQUIRED:
                raise invalid(element, f"attribute {key!r} is missing")
            return default
        return text

    @staticmethod
    def real(element, key: str, default=REQUIRED, finite: bool = True) -> float:
        """The attribute as a float (``default`` when absent; required when no default)."""
        text = Numbers.text(element, key, default)
        if text is default:
            return default
        try:
            value = float(text)
        except ValueError:
            raise invalid(element, f"attribute {key!r} is not a number: {text!r}") from None
        if math.isnan(value) or (finite and math.isinf(value)):
            raise invalid(element, f"attribute {key!r} must be a finite number, not {text!r}")
        return value

    def positive(self, element, key: str, default=REQUIRED) -> float:
        """A finite attribute that must be > 0 (sizes, radii, densities, masses)."""
        value = self.real(element, key, default)
        if value <= 0.0:
            raise invalid(element, f"attribute {key!r} must be > 0, not {element.attrs.get(key)!r}")
        return value

    def vector(self, element, extra=()) -> tuple:
        """The element's (x, y, z) attributes; ``extra`` lists the other attributes it may carry."""
        self.only(element, ("x", "y", "z") + tuple(extra))
        return tuple(self.real(element, k) for k in ("x", "y", "z"))

    @staticmethod
    def boolean(element, key: str, default: bool) -> bool:
        """An xs:boolean attribute (true/false/1/0)."""
        text = element.attrs.get(key)
        if text is None:
            return default
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        raise invalid(element, f"attribute {key!r} must be true or false, not {text!r}")

    @staticmethod
    def integer(element, key: str, default=REQUIRED) -> int:
        """An integer attribute."""
        text = Numbers.text(element, key, default)
        if text is default:
            return default
        try:
            return int(text)
        except ValueError:
            raise invalid(element, f"attribute {key!r} is not an integer: {text!r}") from None


class Root(TreeNode):
    """The root of the tree, from ``<xode>``; it stands for no ODE object."""

    nodeType = "xode"


class World(TreeNode):
    """An ``ode.World``, from ``<world>``."""

    nodeType = "world"


class Space(TreeNode):
    """An ODE space, from ``<space>``: its ``type``, else the parser's ``spaceFactory`` (SimpleSpace)."""

    nodeType = "space"


class Build:
    """One build of a document: the parser's settings, the bodies by name and the joints still to build."""

    def __init__(self, parser: Parser) -> None:
        self.parser = parser
        self.numbers = Numbers()
        self.bodies: dict = {}
        self.joints: list = []

    def children(self, element, node: TreeNode, consumed=()) -> None:
        """Build every child element of ``element`` into ``node``, except ``consumed`` tags and ``<ext>``."""
        for child in element.children:
            if child.tag == "ext" or child.tag in consumed:
                continue
            if child.tag not in CHILDREN.get(node.nodeType, ()):
                raise misplaced(child, element)
            self.build(child, node)

    def build(self, element, parent: TreeNode):
        """Build one element with its handler; ODE's refusals become InvalidError about the element."""
        try:
            node = BUILDERS[element.tag](self, element, parent)
        except (ValueError, TypeError, ode.ODEError) as exc:
            raise invalid(element, f"ODE refused it: {exc}") from exc
        return node

    def node(self, cls, element, parent: TreeNode) -> TreeNode:
        """A new node of class ``cls`` for ``element`` under ``parent``."""
        node = cls(element.attrs.get("name"), parent)
        node.line = element.line
        return node

    @staticmethod
    def ancestor(node: TreeNode, node_type: str):
        """The nearest ancestor (or the node itself) of the given type, or None."""
        while node is not None and node.nodeType != node_type:
            node = node.getParent()
        return node

    def world(self, node: TreeNode, element):
        """The ode.World of the nearest ``<world>``; InvalidError when the element is outside any."""
        w = self.ancestor(node, "world")
        if w is None:
            raise invalid(element, "must be inside a <world>")
        return w.getODEObject()

    def space(self, node: TreeNode):
        """The ODE space of the nearest ``<space>``, or None."""
        s = self.ancestor(node, "space")
        return None if s is None else s.getODEObject()

    def single(self, element, tag: str):
        """The one child ``tag`` of ``element``, None if absent; InvalidError if repeated."""
        found = [c for c in element.children if c.tag == tag]
        if len(found) > 1:
            raise invalid(found[1], f"appears twice in <{element.tag}> (line {element.line})")
        return found[0] if found else None

    def kind(self, element, kinds) -> object:
        """The one child of ``element`` whose tag is in ``kinds`` (MissingElementError if none)."""
        found = [c for c in element.children if c.tag in kinds]
        if not found:
            raise MissingElementError(f"needs one of {', '.join(f'<{k}>' for k in kinds)}",
                                      element.tag, element.line)
        if len(found) > 1:
            raise ChildError(f"is a second type element in <{element.tag}> (line {element.line})",
                             found[1].tag, found[1].line)
        return found[0]


def build_world(ctx: Build, element, parent: TreeNode) -> TreeNode:
    """``<world>``: an ode.World holding the bodies and joints below it."""
    ctx.numbers.only(element, ())
    node = ctx.node(World, element, parent)
    node.setODEObject(ode.World())
    ctx.children(element, node)
    return node


_SPACE_TYPES = ("simple", "hash", "quadtree")
_QUADTREE = ("centerx", "centery", "centerz", "extentx", "extenty", "extentz", "depth")


def build_space(ctx: Build, element, parent: TreeNode) -> TreeNode:
    """``<space>``: ``type="simple|hash|quadtree"`` or the spaceFactory's; inside its parent space."""
    ctx.numbers.only(element, ("type",) + _QUADTREE)
    node = ctx.node(Space, element, parent)
    outer = ctx.space(parent)
    kind = element.attrs.get("type")
    if kind is None:
        space = ctx.parser.getParam("spaceFactory")()
        if outer is not None:
            outer.add(space)
    elif kind == "simple":
        space = ode.SimpleSpace(outer)
    elif kind == "hash":
        space = ode.HashSpace(outer)
    elif kind == "quadtree":
        r = [ctx.numbers.real(element, k) for k in _QUADTREE[:6]]
        space = ode.QuadTreeSpace(tuple(r[:3]), tuple(r[3:]), ctx.numbers.integer(element, "depth"), outer)
    else:
        raise invalid(element, f"attribute 'type' must be one of {', '.join(_SPACE_TYPES)}, not {kind!r}")
    node.setODEObject(space)
    ctx.children(element, node)
    return node


def _register() -> tuple:
    """The handler table (tag -> builder) and the node elements each node type accepts."""
    from . import body, geom, joint

    builders = {
        "world": build_world, "space": build_space, "body": body.build_body, "mass": body.build_mass,
        "geom": geom.build_geom, "joint": joint.build_joint, "jointgroup": joint.build_jointgroup,
    }
    placed = {"body", "geom", "joint", "jointgroup"}
    children = {
        "xode": {"world"},
        "world": {"space", "body", "joint", "jointgroup"},
        "space": {"space"} | placed,
        "body": {"body", "geom", "joint", "jointgroup", "mass"},
        "jointgroup": {"body", "geom", "joint"},
        "mass": {"mass"},
    }
    return builders, children


BUILDERS, CHILDREN = _register()


class Parser:
    """An XODE parser. ``setParams(spaceFactory=callable)`` chooses the class of ``<space>`` elements
    without a ``type`` (default ``ode.SimpleSpace``; e.g. ``ode.HashSpace``)."""

    def __init__(self) -> None:
        self._params = {"spaceFactory": ode.SimpleSpace}

    def setParams(self, **params: Any) -> None:
        """Set parse parameters (``spaceFactory``)."""
        self._params.update(params)

    def getParam(self, name: str) -> Any:
        """The value of a parse parameter; KeyError if it is not defined."""
        return self._params[name]

    def parseVector(self, attrs: dict[str, str]) -> tuple[float, float, float]:
        """A vector (x, y, z) from an attribute dict; InvalidError if an attribute is missing or bad."""
        return Numbers().vector(_xml.Element("vector", dict(attrs), None))

    def parseString(self, xml: str | bytes) -> Root:
        """Parse an XODE document (str or bytes) and build its objects; returns the root node."""
        return self._build(_xml.read(xml))

    def parseFile(self, fp: str | os.PathLike[str] | IO[str] | IO[bytes]) -> Root:
        """Parse an XODE document from a file-like object (or a path) and build it; returns the root."""
        if isinstance(fp, (str, bytes)) or hasattr(fp, "__fspath__"):
            with open(fp, "rb") as f:
                return self.parseString(f.read())
        return self.parseString(fp.read())

    def _build(self, element) -> Root:
        """Build the tree below the ``<xode>`` root element, then the joints."""
        if element.tag != "xode":
            raise InvalidError("the root element must be <xode>", element.tag, element.line)
        for key in element.attrs:
            if key not in _ROOT_ATTRS and not key.startswith(("xmlns", "xsi:")):
                raise invalid(element, f"unknown attribute {key!r}")
        ctx = Build(self)
        root = Root(element.attrs.get("name"), None)
        root.line = element.line
        ctx.children(element, root)
        from .joint import finish_joints

        finish_joints(ctx)
        return root
