"""Debug overlays as coloured points and line segments: contacts, joints, AABBs and body frames.

Each function appends to a :class:`Marks` collection; the renderer turns it into two meshes (points, lines)
drawn over the scene, as drawstuff and pymunk's DrawOptions draw theirs.
"""

from __future__ import annotations

import numpy as np
import pyvista as pv

import ode

CONTACT_POINT = (1.0, 0.1, 0.1)
CONTACT_NORMAL = (1.0, 0.9, 0.1)
JOINT_ANCHOR = (0.1, 0.9, 1.0)
JOINT_AXIS = (0.2, 0.6, 1.0)
AABB_EDGE = (0.2, 1.0, 0.3)
FRAME_AXES = ((1.0, 0.15, 0.15), (0.15, 0.85, 0.15), (0.2, 0.3, 1.0))

_ANCHOR_GETTERS = ("getAnchor", "getAnchor1", "getAnchor2")
_AXIS_GETTERS = ("getAxis", "getAxis1", "getAxis2", "getAxis3")
_QUERY_ERRORS = (TypeError, ValueError, AttributeError, ode.ODEError)


class Marks:
    """Points and segments with RGB colours (floats in [0, 1])."""

    def __init__(self) -> None:
        self.points: list = []
        self.point_colors: list = []
        self.segments: list = []
        self.segment_colors: list = []

    def point(self, p, color) -> None:
        """Add one point."""
        self.points.append(np.asarray(p, dtype=float))
        self.point_colors.append(color)

    def segment(self, a, b, color) -> None:
        """Add one segment from a to b."""
        self.segments.append((np.asarray(a, dtype=float), np.asarray(b, dtype=float)))
        self.segment_colors.append(color)

    def point_mesh(self):
        """The points as a PolyData with an 'rgb' point array, or None when there are none."""
        if not self.points:
            return None
        mesh = pv.PolyData(np.array(self.points))
        mesh.point_data["rgb"] = _rgb8(self.point_colors)
        return mesh

    def line_mesh(self):
        """The segments as a PolyData of lines with an 'rgb' cell array, or None when there are none."""
        if not self.segments:
            return None
        pts = np.array([p for seg in self.segments for p in seg])
        n = len(self.segments)
        lines = np.column_stack([np.full(n, 2), np.arange(0, 2 * n, 2), np.arange(1, 2 * n, 2)]).ravel()
        mesh = pv.PolyData(pts, lines=lines)
        mesh.cell_data["rgb"] = _rgb8(self.segment_colors)
        return mesh


def _rgb8(colors) -> np.ndarray:
    return (np.clip(np.asarray(colors, dtype=float), 0, 1) * 255).round().astype(np.uint8)


def find_contacts(scene, max_contacts: int = 4) -> list:
    """Contacts of a collision pass over ``scene`` (a space, or a list of geoms/spaces), without joints."""
    found: list = []

    def near(_arg, g1, g2):
        if g1.isSpace() or g2.isSpace():
            ode.collide2(g1, g2, None, near)
        else:
            found.extend(ode.collide(g1, g2)[:max_contacts])

    if isinstance(scene, ode.SpaceBase):
        scene.collide(None, near)
    else:
        items = list(scene)
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                near(None, a, b)
    return found


def add_contacts(marks: Marks, contacts, scale: float) -> None:
    """Each contact's point, and its normal as a segment of length ``scale``."""
    for c in contacts:
        pos, normal, _depth, _g1, _g2 = c.getContactGeomParams()
        marks.point(pos, CONTACT_POINT)
        marks.segment(pos, np.add(pos, np.multiply(normal, scale)), CONTACT_NORMAL)


def add_joints(marks: Marks, joints, scale: float) -> None:
    """Each joint's anchors as points, and its axes as segments of length ``scale`` from its first anchor
    (or from its first body when it has no anchor)."""
    for j in joints:
        anchors = [a for a in (_query(j, name) for name in _ANCHOR_GETTERS) if a is not None]
        for a in anchors:
            marks.point(a, JOINT_ANCHOR)
        start = anchors[0] if anchors else _body_position(j)
        if start is None:
            continue
        for axis in _axes(j):
            marks.segment(start, np.add(start, np.multiply(axis, scale)), JOINT_AXIS)


def _axes(joint) -> list:
    """The joint's axes: getAxis/getAxis1..3, or getAxis(i) of a motor with numbered axes."""
    axes = [a for a in (_query(joint, name) for name in _AXIS_GETTERS) if a is not None]
    if not axes and hasattr(joint, "getNumAxes"):
        try:
            axes = [joint.getAxis(i) for i in range(joint.getNumAxes())]
        except _QUERY_ERRORS:
            axes = []
    return [a for a in axes if np.linalg.norm(a) > 0]


def _query(obj, name):
    """obj.name() as a 3-vector, or None when the object has no such getter or it cannot answer."""
    getter = getattr(obj, name, None)
    if getter is None:
        return None
    try:
        value = getter()
    except _QUERY_ERRORS:
        return None
    if isinstance(value, (tuple, list)) and len(value) == 3:
        return tuple(float(v) for v in value)
    return None


def _body_position(joint):
    try:
        body = joint.getBody(0)
    except _QUERY_ERRORS:
        return None
    return None if body is None else body.getPosition()


def add_aabbs(marks: Marks, geoms) -> None:
    """The twelve edges of every geom's axis-aligned bounding box (infinite ones are left out)."""
    for g in geoms:
        try:
            lo_hi = np.asarray(g.getAABB(), dtype=float)
        except _QUERY_ERRORS:
            continue
        if not np.all(np.isfinite(lo_hi)):
            continue
        lo, hi = lo_hi[0::2], lo_hi[1::2]
        for axis in range(3):
            for corner in _box_corners(lo, hi, axis):
                end = corner.copy()
                end[axis] = hi[axis]
                marks.segment(corner, end, AABB_EDGE)


def _box_corners(lo, hi, axis: int) -> list:
    """The four corners on the low face along ``axis``: the starts of the edges parallel to it."""
    others = [k for k in range(3) if k != axis]
    corners = []
    for a in (lo[others[0]], hi[others[0]]):
        for b in (lo[others[1]], hi[others[1]]):
            c = lo.copy()
            c[others[0]], c[others[1]] = a, b
            corners.append(c)
    return corners


def add_body_frames(marks: Marks, bodies, scale: float) -> None:
    """Each body's x, y, z axes as red, green, blue segments of length ``scale`` from its position."""
    for b in bodies:
        p = np.asarray(b.getPosition(), dtype=float)
        r = np.asarray(b.getRotation(), dtype=float).reshape(3, 3)
        for k in range(3):
            marks.segment(p, p + scale * r[:, k], FRAME_AXES[k])
