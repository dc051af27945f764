"""``<geom>``: collision geometry, in the nearest ``<space>``, attached to an enclosing ``<body>``.

Shapes: ``<sphere radius>``, ``<box sizex sizey sizez>``, ``<cappedCylinder radius length>`` (also
``<capsule>``), ``<cylinder radius length>``, ``<plane a b c d>``, ``<ray length>`` and ``<trimesh>`` with
``<vertices><v x y z/>...</vertices><triangles><t ia ib ic/>...</triangles>``.

Placement: a geom of a body without a ``<transform>`` is attached to the body as it is; with one, it is
wrapped in a ``GeomTransform`` attached to the body, the wrapped geom (in no space) placed by the transform
relative to the body. A geom outside any body is placed at its absolute transform. Planes are not
placeable: a plane takes no transform and no body.
"""

from __future__ import annotations

import ode

from . import transform
from .errors import invalid, misplaced
from .node import TreeNode

SHAPES = ("sphere", "box", "cappedCylinder", "capsule", "cylinder", "plane", "ray", "trimesh")


class Geom(TreeNode):
    """An ODE geom (or the GeomTransform wrapping it), from ``<geom>``."""

    nodeType = "geom"


def build_geom(ctx, element, parent: TreeNode) -> Geom:
    """``<geom>``: its shape, placed on the enclosing body or at its absolute transform."""
    ctx.numbers.only(element, ())
    node = ctx.node(Geom, element, parent)
    for child in element.children:
        if child.tag not in SHAPES and child.tag not in ("transform", "ext"):
            raise misplaced(child, element)
    t = ctx.single(element, "transform")
    if t is not None:
        node.setNodeTransform(transform.read(t, ctx.numbers))
    shape = ctx.kind(element, SHAPES)
    space = ctx.space(parent)
    body = parent.getODEObject() if parent.nodeType == "body" else None
    if shape.tag == "plane" and (body is not None or t is not None):
        raise invalid(shape, "a plane is not placeable: it takes no <transform> and no <body>")
    if body is not None and t is not None:
        inner = _make(ctx, shape, None)
        wrapper = ode.GeomTransform(space)
        wrapper.setGeom(inner)
        wrapper.setBody(body)
        _place(inner, node.getTransform(parent))
        node.setODEObject(wrapper)
        return node
    geom = _make(ctx, shape, space)
    if body is not None:
        geom.setBody(body)
    elif shape.tag != "plane":
        _place(geom, node.getTransform())
    node.setODEObject(geom)
    return node


def _place(geom, placement) -> None:
    """Position and rotation block of ``placement`` onto ``geom``."""
    geom.setPosition(placement.getPosition())
    geom.setRotation(placement.getRotation())


def _make(ctx, shape, space):
    """The ODE geom a shape element describes, created in ``space``."""
    num = ctx.numbers
    tag = shape.tag
    if tag == "sphere":
        num.only(shape, ("radius",))
        return ode.GeomSphere(space, num.positive(shape, "radius"))
    if tag == "box":
        num.only(shape, ("sizex", "sizey", "sizez"))
        return ode.GeomBox(space, tuple(num.positive(shape, k) for k in ("sizex", "sizey", "sizez")))
    if tag in ("cappedCylinder", "capsule", "cylinder"):
        num.only(shape, ("radius", "length"))
        cls = ode.GeomCylinder if tag == "cylinder" else ode.GeomCapsule
        return cls(space, num.positive(shape, "radius"), num.positive(shape, "length"))
    if tag == "plane":
        num.only(shape, ("a", "b", "c", "d"))
        normal = tuple(num.real(shape, k) for k in ("a", "b", "c"))
        if normal == (0.0, 0.0, 0.0):
            raise invalid(shape, "the plane's normal (a, b, c) is the zero vector")
        return ode.GeomPlane(space, normal, num.real(shape, "d"))
    if tag == "ray":
        num.only(shape, ("length",))
        return ode.GeomRay(space, num.positive(shape, "length"))
    return _trimesh(ctx, shape, space)


def _trimesh(ctx, shape, space):
    """``<trimesh>``: vertices ``<v x y z>`` and triangles ``<t ia ib ic>`` (vertex indices from 0)."""
    num = ctx.numbers
    num.only(shape, ())
    for child in shape.children:
        if child.tag not in ("vertices", "triangles", "ext"):
            raise misplaced(child, shape)
    vertices, triangles = ctx.single(shape, "vertices"), ctx.single(shape, "triangles")
    if vertices is None or triangles is None:
        raise invalid(shape, "needs <vertices> and <triangles>")
    points = [num.vector(v) for v in _items(vertices, "v")]
    faces = []
    for t in _items(triangles, "t"):
        num.only(t, ("ia", "ib", "ic"))
        face = tuple(num.integer(t, k) for k in ("ia", "ib", "ic"))
        if not all(0 <= i < len(points) for i in face):
            raise invalid(t, f"vertex index out of range 0..{len(points) - 1}: {face}")
        faces.append(face)
    if not faces:
        raise invalid(shape, "has no triangles")
    data = ode.TriMeshData()
    data.build(points, faces)
    return ode.GeomTriMesh(data, space)


def _items(element, tag: str) -> list:
    """The ``tag`` children of a list element (``<ext>`` skipped); ChildError for anything else."""
    items = []
    for child in element.children:
        if child.tag == tag:
            items.append(child)
        elif child.tag != "ext":
            raise misplaced(child, element)
    return items
