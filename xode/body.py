"""``<body>`` and ``<mass>``: rigid bodies placed by their transforms, and their mass properties.

A body is created in the nearest ``<world>`` at its absolute transform (position from the matrix's
bottom row, rotation from its upper block, see ``xode.transform``); nested bodies are placed relative to
the enclosing body. A ``<mass>`` element is read in document order, starting from ODE's sphere of density 1
and radius 1 (what an empty ``<mass/>`` gives): ``<mass_shape>`` or ``<mass_struct>`` replace the value,
a nested ``<mass>`` is added to it, ``<adjust total>`` rescales it; a ``<transform>`` (rotation and
translation, no scale) then moves the result in its parent's frame. A body's ``<mass>`` sets its mass.
"""

from __future__ import annotations

import math

import ode

from . import transform
from .errors import invalid, misplaced
from .node import TreeNode

_SHAPES = ("sphere", "box", "cappedCylinder", "capsule", "cylinder")


class Body(TreeNode):
    """An ``ode.Body``, from ``<body>``."""

    nodeType = "body"


class Mass(TreeNode):
    """An ``ode.Mass``, from ``<mass>``; inside a body it is that body's mass."""

    nodeType = "mass"


def build_body(ctx, element, parent: TreeNode) -> Body:
    """``<body>``: a body at its absolute transform, then its children (geoms, joints, bodies, mass)."""
    ctx.numbers.only(element, ())
    world = ctx.world(parent, element)
    node = ctx.node(Body, element, parent)
    t = ctx.single(element, "transform")
    if t is not None:
        node.setNodeTransform(transform.read(t, ctx.numbers))
    ctx.single(element, "mass")
    body = ode.Body(world)
    node.setODEObject(body)
    placed = node.getTransform()
    body.setPosition(placed.getPosition())
    body.setRotation(placed.getRotation())
    name = node.getName()
    if name is not None:
        if name in ctx.bodies:
            raise invalid(element, f"a second body is named {name!r} (first at line {ctx.bodies[name].line})")
        ctx.bodies[name] = node
    ctx.children(element, node, consumed=("transform",))
    return node


def build_mass(ctx, element, parent: TreeNode) -> Mass:
    """``<mass>``: the mass its children describe, moved by its transform; set on an enclosing body."""
    ctx.numbers.only(element, ())
    node = ctx.node(Mass, element, parent)
    mass = ode.Mass()
    mass.setSphere(1.0, 1.0)
    for child in element.children:
        if child.tag in ("ext", "transform"):
            continue
        if child.tag == "mass_shape":
            mass = _shape_mass(ctx, child)
        elif child.tag == "mass_struct":
            mass = _struct_mass(ctx, child)
        elif child.tag == "adjust":
            ctx.numbers.only(child, ("total",))
            mass.adjust(ctx.numbers.positive(child, "total"))
        elif child.tag == "mass":
            mass.add(ctx.build(child, node).getODEObject())
        else:
            raise misplaced(child, element)
    t = ctx.single(element, "transform")
    if t is not None:
        _move(ctx, t, mass)
    node.setODEObject(mass)
    if parent.nodeType == "body":
        _set_body_mass(element, parent.getODEObject(), mass)
    return node


def _move(ctx, element, mass) -> None:
    """Rotate then translate ``mass`` by a ``<transform>`` (rigid: scale 1, relative)."""
    t = transform.read(element, ctx.numbers)
    if t.isAbsolute():
        raise invalid(element, "a mass transform is relative to its parent; 'absolute' is not allowed")
    block = t.getRotation()
    if any(abs(sum(block[3 * i + k] ** 2 for k in range(3)) - 1.0) > 1e-12 for i in range(3)):
        raise invalid(element, "a mass transform cannot scale")
    mass.rotate(block)
    mass.translate(t.getPosition())


def _set_body_mass(element, body, mass) -> None:
    """Give ``body`` the mass; ODE needs its centre of mass at the body's origin."""
    if any(abs(c) > 1e-12 for c in mass.c):
        raise invalid(element, f"the centre of mass {tuple(mass.c)} must be at the body's origin "
                               "(ODE requires it; move the body instead)")
    body.setMass(mass)


def _shape_mass(ctx, element):
    """``<mass_shape density|total>`` with one shape: the mass of that solid."""
    ctx.numbers.only(element, ("density", "total"))
    for child in element.children:
        if child.tag not in _SHAPES and child.tag != "ext":
            raise misplaced(child, element)
    if "density" in element.attrs and "total" in element.attrs:
        raise invalid(element, "give either 'density' or 'total', not both")
    total = "total" in element.attrs
    amount = ctx.numbers.positive(element, "total" if total else "density", 1.0)
    shape = ctx.kind(element, _SHAPES)
    mass = ode.Mass()
    num = ctx.numbers
    if shape.tag == "sphere":
        num.only(shape, ("radius",))
        r = num.positive(shape, "radius")
        (mass.setSphereTotal if total else mass.setSphere)(amount, r)
    elif shape.tag == "box":
        num.only(shape, ("sizex", "sizey", "sizez"))
        sides = [num.positive(shape, k) for k in ("sizex", "sizey", "sizez")]
        (mass.setBoxTotal if total else mass.setBox)(amount, *sides)
    else:
        num.only(shape, ("radius", "length"))
        r, length = num.positive(shape, "radius"), num.positive(shape, "length")
        if shape.tag == "cylinder":
            (mass.setCylinderTotal if total else mass.setCylinder)(amount, 3, r, length)
        else:
            (mass.setCappedCylinderTotal if total else mass.setCappedCylinder)(amount, 3, r, length)
    return mass


def _struct_mass(ctx, element):
    """``<mass_struct total>`` with ``<centerGravity x y z>`` and ``<imatrix m00 .. m22>`` (symmetric)."""
    ctx.numbers.only(element, ("total",))
    for child in element.children:
        if child.tag not in ("centerGravity", "imatrix", "ext"):
            raise misplaced(child, element)
    total = ctx.numbers.positive(element, "total")
    cg = ctx.single(element, "centerGravity")
    c = (0.0, 0.0, 0.0) if cg is None else ctx.numbers.vector(cg)
    im = ctx.single(element, "imatrix")
    if im is None:
        raise invalid(element, "needs an <imatrix> (the inertia tensor)")
    keys = ("m00", "m11", "m22", "m01", "m02", "m12")
    ctx.numbers.only(im, keys)
    i11, i22, i33, i12, i13, i23 = (ctx.numbers.real(im, k) for k in keys)
    if min(i11, i22, i33) <= 0.0 or not all(math.isfinite(v) for v in c):
        raise invalid(im, "the inertia tensor's diagonal must be > 0")
    mass = ode.Mass()
    mass.setParameters(total, c[0], c[1], c[2], i11, i22, i33, i12, i13, i23)
    return mass
