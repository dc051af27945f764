"""The parse tree: one TreeNode per XODE element that stands for an ODE object (or groups them)."""

from __future__ import annotations

from typing import Any

from .transform import Transform


class AncestorNotFoundError(Exception):
    """No ancestor of a node stands for an ODE object of the requested type (``type`` holds it)."""

    def __init__(self, type) -> None:  # noqa: A002 - PyODE's keyword name
        self.type = type
        super().__init__(f"no ancestor represents a {getattr(type, '__name__', type)} object")


class TreeNode:
    """A node of the parse tree: its name, parent, children, ODE object and own transform.

    ``nodeType`` is the XODE tag the node came from (``'world'``, ``'body'``, ...) and ``line`` its line.
    """

    nodeType = "node"

    def __init__(self, name: str | None, parent: TreeNode | None) -> None:
        self._name, self._parent = name, parent
        self._children: list[TreeNode] = []
        self._named: dict = {}
        self._object = None
        self._transform = Transform()
        self.line = None
        if parent is not None:
            parent.addChild(self, name)

    # ---- the ODE object
    def setODEObject(self, obj: Any) -> None:
        """Set the ODE object this node stands for."""
        self._object = obj

    def getODEObject(self) -> Any:
        """The ODE object this node stands for, or None."""
        return self._object

    # ---- transforms
    def setNodeTransform(self, transform: Transform) -> None:
        """Set this node's own transform (relative to the parent unless absolute)."""
        self._transform = transform

    def getNodeTransform(self) -> Transform:
        """This node's own transform."""
        return self._transform

    def getTransform(self, untilAncestor: TreeNode | None = None) -> Transform:
        """The transform from ``untilAncestor``'s frame (the world's when None) to this node's.

        Each node's own transform follows its parent's, an absolute one restarting the chain. An
        ``untilAncestor`` that is not an ancestor counts as None.
        """
        if self._transform.isAbsolute():
            if untilAncestor is not None and self._is_below(untilAncestor):
                return untilAncestor.getTransform().inverse() * self._transform
            return self._transform * Transform()
        if self._parent is None or self._parent is untilAncestor:
            return self._transform * Transform()
        return self._parent.getTransform(untilAncestor) * self._transform

    def _is_below(self, node) -> bool:
        """Whether ``node`` is a proper ancestor of this node."""
        p = self._parent
        while p is not None and p is not node:
            p = p._parent
        return p is node

    # ---- the tree
    def getName(self) -> str | None:
        """This node's name (the element's ``name`` attribute), or None."""
        return self._name

    def getNodeType(self) -> str:
        """The XODE tag this node came from."""
        return self.nodeType

    def getChildren(self) -> list[TreeNode]:
        """The child nodes in document order."""
        return list(self._children)

    def addChild(self, child: TreeNode, name: str | None) -> None:
        """Append ``child``; a named child can then be found with namedChild."""
        self._children.append(child)
        if name is not None:
            self._named.setdefault(name, child)

    def namedChild(self, name: str) -> TreeNode:
        """The node called ``name``: a direct child, else the first found depth-first; KeyError if none."""
        if name in self._named:
            return self._named[name]
        for child in self._children:
            try:
                return child.namedChild(name)
            except KeyError:
                continue
        raise KeyError(f"no node named {name!r} below {self._label()}")

    def getParent(self) -> TreeNode | None:
        """The parent node, or None at the root."""
        return self._parent

    def getFirstAncestor(self, type: type | tuple[type, ...]) -> TreeNode:  # noqa: A002 - PyODE's keyword name
        """The nearest ancestor whose ODE object is an instance of ``type``; AncestorNotFoundError if none."""
        p = self._parent
        while p is not None:
            if isinstance(p.getODEObject(), type):
                return p
            p = p._parent
        raise AncestorNotFoundError(type)

    def getRoot(self) -> TreeNode:
        """The root of the tree (the ``<xode>`` node)."""
        node = self
        while node._parent is not None:
            node = node._parent
        return node

    def _label(self) -> str:
        return f"<{self.nodeType}>" + (f" {self._name!r}" if self._name is not None else "")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._name!r}, line {self.line})"
