"""``<joint>`` and ``<jointgroup>``: joints between bodies named by ``<link1>``/``<link2>``.

A joint inside a ``<body>`` links that body to the one its ``<link1 body="...">`` names (ODE body 1 is the
named one, body 2 the enclosing body); ``<link2>`` names body 2 instead; with both, both are named; a joint
outside any body links its one named body to the static environment. Joints are built after the rest of
the document, in document order, so links may name bodies defined further down.

Types and their children (anchors and axes in world coordinates): ``<ball>`` (anchor), ``<hinge>`` (anchor,
axis), ``<slider>`` (axis), ``<universal>`` (anchor, two axes), ``<hinge2>`` (anchor, two axes),
``<fixed/>``, ``<amotor mode="user|euler">`` (up to three axes, each with ``rel`` 0 = world, 1 = body 1,
2 = body 2). Each ``<axis>`` may carry the parameters of its own axis (the first axis ODE's ``ParamX``,
the second ``ParamX2``, the third ``ParamX3``): LowStop (or LoStop), HiStop (or HighStop), Vel, FMax,
FudgeFactor, Bounce, CFM, StopERP, StopCFM, SuspensionERP, SuspensionCFM; names are read without regard
to case, so ``lowStop`` and ``fMax`` work too.
"""

from __future__ import annotations

import ode

from .errors import MissingElementError, invalid, misplaced
from .node import TreeNode

TYPES = ("ball", "hinge", "slider", "universal", "hinge2", "fixed", "amotor")
_PARAMS = {
    "lowstop": "LoStop", "lostop": "LoStop", "histop": "HiStop", "highstop": "HiStop", "vel": "Vel",
    "fmax": "FMax", "fudgefactor": "FudgeFactor", "bounce": "Bounce", "cfm": "CFM", "stoperp": "StopERP",
    "stopcfm": "StopCFM", "suspensionerp": "SuspensionERP", "suspensioncfm": "SuspensionCFM",
}
_CLASSES = {
    "ball": "BallJoint", "hinge": "HingeJoint", "slider": "SliderJoint", "universal": "UniversalJoint",
    "hinge2": "Hinge2Joint", "fixed": "FixedJoint", "amotor": "AMotor",
}
# (needs an anchor, number of axes allowed) per type
_SHAPE = {"ball": (True, 0), "hinge": (True, 1), "slider": (False, 1), "universal": (True, 2),
          "hinge2": (True, 2), "fixed": (False, 0), "amotor": (False, 3)}


class Joint(TreeNode):
    """An ODE joint, from ``<joint>``."""

    nodeType = "joint"


class JointGroup(TreeNode):
    """An ``ode.JointGroup``, from ``<jointgroup>``: the joints below it are created in the group."""

    nodeType = "jointgroup"


def build_jointgroup(ctx, element, parent: TreeNode) -> JointGroup:
    """``<jointgroup>``: a joint group; its children are built in the enclosing context."""
    ctx.numbers.only(element, ())
    node = ctx.node(JointGroup, element, parent)
    node.setODEObject(ode.JointGroup())
    ctx.children(element, node)
    return node


def build_joint(ctx, element, parent: TreeNode) -> Joint:
    """``<joint>``: checked now, built after the whole document (see finish_joints)."""
    ctx.numbers.only(element, ())
    node = ctx.node(Joint, element, parent)
    for child in element.children:
        if child.tag not in TYPES and child.tag not in ("link1", "link2", "ext"):
            raise misplaced(child, element)
    kind = ctx.kind(element, TYPES)
    ctx.single(element, "link1")
    ctx.single(element, "link2")
    ctx.joints.append((node, element, kind, ctx.world(parent, element)))
    return node


def finish_joints(ctx) -> None:
    """Create every joint in document order, attach it and set its anchor, axes and parameters."""
    for node, element, kind, world in ctx.joints:
        b1, b2 = _links(ctx, node, element)
        try:
            joint = _create(ctx, node, kind, world)
            joint.attach(b1, b2)
            _configure(ctx, joint, kind)
        except (ValueError, TypeError, ode.ODEError) as exc:
            raise invalid(kind, f"ODE refused it: {exc}") from exc
        node.setODEObject(joint)


def _create(ctx, node, kind, world):
    """The joint object, in its ``<jointgroup>`` when it has one."""
    group = ctx.ancestor(node.getParent(), "jointgroup")
    cls = getattr(ode, _CLASSES[kind.tag])
    return cls(world) if group is None else cls(world, group.getODEObject())


def _links(ctx, node, element) -> tuple:
    """(body 1, body 2) from the links and the enclosing body (None = the environment)."""
    refs = [_ref(ctx, ctx.single(element, tag)) for tag in ("link1", "link2")]
    enclosing = ctx.ancestor(node.getParent(), "body")
    own = None if enclosing is None else enclosing.getODEObject()
    if refs[0] is None and refs[1] is None:
        if own is None:
            raise MissingElementError("needs <link1> or <link2> naming a body (it is inside no body)",
                                      element.tag, element.line)
        return own, None
    b1, b2 = refs
    if b1 is None:
        b1 = own
    elif b2 is None:
        b2 = own
    if b1 is not None and b1 is b2:
        raise invalid(element, "links a body to itself")
    return b1, b2


def _ref(ctx, link):
    """The body a ``<link1>``/``<link2>`` names, or None when the link is absent."""
    if link is None:
        return None
    ctx.numbers.only(link, ("body",))
    name = link.attrs.get("body")
    if name is None:
        raise invalid(link, "attribute 'body' is missing")
    if name not in ctx.bodies:
        raise invalid(link, f"no body is named {name!r}")
    return ctx.bodies[name].getODEObject()


def _configure(ctx, joint, kind) -> None:
    """Anchor, axes and axis parameters from the type element's children."""
    wants_anchor, n_axes = _SHAPE[kind.tag]
    allowed = ("anchor", "axis", "ext") if wants_anchor else ("axis", "ext")
    for child in kind.children:
        if child.tag not in allowed:
            raise misplaced(child, kind)
    axes = [c for c in kind.children if c.tag == "axis"]
    if len(axes) > n_axes:
        raise invalid(axes[n_axes], f"<{kind.tag}> (line {kind.line}) takes at most {n_axes} <axis>")
    anchor = ctx.single(kind, "anchor")
    if kind.tag == "amotor":
        ctx.numbers.only(kind, ("mode",))
        _amotor(ctx, joint, kind, axes)
    else:
        ctx.numbers.only(kind, ())
        vectors = [_axis(ctx, a) for a in axes]
        if anchor is not None:
            joint.setAnchor(ctx.numbers.vector(anchor))
        if kind.tag == "fixed":
            joint.setFixed()
        elif kind.tag == "hinge2":
            _hinge2_axes(joint, axes, vectors)
        elif vectors:
            setters = (joint.setAxis,) if len(vectors) == 1 and kind.tag != "universal" else (
                joint.setAxis1, joint.setAxis2)
            for setter, v in zip(setters, vectors):
                setter(v)
    for i, axis in enumerate(axes):
        _params(ctx, joint, axis, i)


def _axis(ctx, element) -> tuple:
    """An ``<axis>``'s direction (its parameters are read by _params); not the zero vector."""
    extra = tuple(k for k in element.attrs if k.lower() in _PARAMS) + ("rel",)
    v = ctx.numbers.vector(element, extra=extra)
    if v == (0.0, 0.0, 0.0):
        raise invalid(element, "the axis is the zero vector")
    return v


def _parallel(a, b) -> bool:
    """Whether two vectors are parallel (cross product negligible against their lengths)."""
    cx = a[1] * b[2] - a[2] * b[1]
    cy = a[2] * b[0] - a[0] * b[2]
    cz = a[0] * b[1] - a[1] * b[0]
    na = a[0] * a[0] + a[1] * a[1] + a[2] * a[2]
    nb = b[0] * b[0] + b[1] * b[1] + b[2] * b[2]
    return cx * cx + cy * cy + cz * cz <= 1e-20 * na * nb


def _hinge2_axes(joint, elements, vectors) -> None:
    """Set a hinge-2's axes in an order that keeps the joint valid at every step.

    ODE needs the two axes of a hinge-2 independent at all times (libode aborts the process when setting
    one axis makes it parallel to the other's current value). The defaults are axis 1 = z, axis 2 = y, so
    a document giving axis 1 = y (a steering axis) and then axis 2 = x would pass through y, y if set in
    document order: the axis that is not parallel to the other's current value is set first, and when
    both would be, axis 1 first goes to a helper direction independent of both. The joint's final state
    depends only on the final two axes, so the order changes nothing else.
    """
    if len(vectors) == 2 and _parallel(vectors[0], vectors[1]):
        raise invalid(elements[1], "hinge-2 axes must not be parallel")
    if len(vectors) == 1:
        if _parallel(vectors[0], joint.getAxis2()):
            raise invalid(elements[0], "hinge-2 axis 1 is parallel to the default axis 2; give both axes")
        joint.setAxis1(vectors[0])
        return
    if len(vectors) != 2:
        return
    a1, a2 = vectors
    if not _parallel(a1, joint.getAxis2()):
        joint.setAxis1(a1)
        joint.setAxis2(a2)
    elif not _parallel(a2, joint.getAxis1()):
        joint.setAxis2(a2)
        joint.setAxis1(a1)
    else:
        helper = next(e for e in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
                      if not _parallel(e, joint.getAxis2()) and not _parallel(e, a2))
        joint.setAxis1(helper)
        joint.setAxis2(a2)
        joint.setAxis1(a1)


def _amotor(ctx, joint, kind, axes) -> None:
    """An angular motor: mode user (1 to 3 axes, each with ``rel``) or euler (axes 0 and 2)."""
    mode = kind.attrs.get("mode", "user")
    if mode not in ("user", "euler"):
        raise invalid(kind, f"attribute 'mode' must be 'user' or 'euler', not {mode!r}")
    vectors = [_axis(ctx, a) for a in axes]
    if mode == "euler":
        if len(vectors) != 2:
            raise invalid(kind, "euler mode needs two <axis>: the first on body 1, the second on body 2")
        joint.setMode(ode.AMotorEuler)
        joint.setNumAxes(3)
        joint.setAxis(0, 1, vectors[0])
        joint.setAxis(2, 2, vectors[1])
        return
    if not vectors:
        raise invalid(kind, "needs at least one <axis>")
    joint.setNumAxes(len(vectors))
    for i, (element, v) in enumerate(zip(axes, vectors)):
        rel = ctx.numbers.integer(element, "rel", 0)
        if rel not in (0, 1, 2):
            raise invalid(element, f"attribute 'rel' must be 0, 1 or 2, not {rel}")
        joint.setAxis(i, rel, v)


def _params(ctx, joint, axis, index: int) -> None:
    """Set the parameters an ``<axis>`` carries on that axis (ParamX, ParamX2, ParamX3)."""
    suffix = ("", "2", "3")[index]
    for key in axis.attrs:
        name = _PARAMS.get(key.lower())
        if name is not None:
            joint.setParam(getattr(ode, f"Param{name}{suffix}"), ctx.numbers.real(axis, key, finite=False))
