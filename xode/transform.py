"""``<transform>``: position, rotation and uniform scale as a 4x4 matrix acting on row vectors.

XODE places each object relative to its parent element: a node's absolute transform is its parent's
absolute transform followed by its own, unless its ``<transform absolute="true">`` restarts the chain.
The matrices act on row vectors (``p' = p M``), so composition reads left to right: ``parent * own``
applies the parent's matrix to a point first, then the node's own. One ``<transform>`` is
``rotation * translation * scale``: rotate, then translate, then scale the result (the scale multiplies
the position too). The body or geom takes the position from the bottom row and the rotation from the
upper 3x3 block, handed to ODE's ``setRotation`` as it stands (rows are scaled by the scale, and the block
is the row-vector form of the rotation, i.e. the transpose of the column-vector matrix). This is how
PyODE's xode places objects, kept so documents written for it build the same scenes: a body rotated by
``<euler x="90"/>`` gets ODE rotation rows (1, 0, 0), (0, 0, 1), (0, -1, 0).

Rotations: ``<euler x y z>`` (about x, then y, then z), ``<axisangle x y z angle>`` and
``<quaternion w x y z>`` (normalised), angles in radians unless ``aformat="degrees"``; all three give the
same matrix for the same rotation.
"""

from __future__ import annotations

import math

from .errors import invalid, misplaced

IDENTITY = ((1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 1.0))


def _mul(a, b) -> list:
    """The 4x4 product ``a b`` (rows of a times columns of b, summed in index order)."""
    return [[a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
             for j in range(4)] for i in range(4)]


def _embed(r3) -> list:
    """A 3x3 rotation block as a 4x4 matrix without translation."""
    return [list(r3[0]) + [0.0], list(r3[1]) + [0.0], list(r3[2]) + [0.0], [0.0, 0.0, 0.0, 1.0]]


def _about_x(a: float) -> list:
    c, s = math.cos(a), math.sin(a)
    return [[1.0, 0.0, 0.0], [0.0, c, s], [0.0, -s, c]]


def _about_y(a: float) -> list:
    c, s = math.cos(a), math.sin(a)
    return [[c, 0.0, -s], [0.0, 1.0, 0.0], [s, 0.0, c]]


def _about_z(a: float) -> list:
    c, s = math.cos(a), math.sin(a)
    return [[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]]


def euler_block(x: float, y: float, z: float) -> list:
    """Row-vector rotation block: about x by ``x``, then y by ``y``, then z by ``z`` (radians)."""
    m = _mul(_embed(_about_x(x)), _embed(_about_y(y)))
    m = _mul(m, _embed(_about_z(z)))
    return [row[:3] for row in m[:3]]


def quaternion_block(w: float, x: float, y: float, z: float) -> list:
    """Row-vector rotation block of the quaternion (w, x, y, z), normalised first."""
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    column = [
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ]
    return [[column[j][i] for j in range(3)] for i in range(3)]


def axisangle_block(x: float, y: float, z: float, angle: float) -> list:
    """Row-vector rotation block of ``angle`` (radians) about the axis (x, y, z) (normalised)."""
    n = math.sqrt(x * x + y * y + z * z)
    h = angle / 2.0
    s = math.sin(h) / n
    return quaternion_block(math.cos(h), x * s, y * s, z * s)


class Transform:
    """A 4x4 matrix on row vectors, plus whether it is absolute (restarts the parent chain)."""

    def __init__(self) -> None:
        self.m = [list(row) for row in IDENTITY]
        self.absolute = False

    def isAbsolute(self) -> bool:
        """True when this transform places its node in world coordinates, ignoring the parents."""
        return self.absolute

    def setIdentity(self) -> None:
        """No translation, rotation or scaling."""
        self.m = [list(row) for row in IDENTITY]

    def translate(self, x: float, y: float, z: float) -> None:
        """Set the matrix to a translation by (x, y, z)."""
        self.setIdentity()
        self.m[3][:3] = [float(x), float(y), float(z)]

    def scale(self, x: float, y: float, z: float) -> None:
        """Set the matrix to a scaling by x, y and z along the axes."""
        self.setIdentity()
        self.m[0][0], self.m[1][1], self.m[2][2] = float(x), float(y), float(z)

    def rotate(self, x: float, y: float, z: float) -> None:
        """Set the matrix to the rotation about x, then y, then z (radians)."""
        self.m = _embed(euler_block(x, y, z))

    def getPosition(self) -> tuple:
        """The translation (x, y, z): the image of the origin."""
        return tuple(self.m[3][:3])

    def getRotation(self) -> tuple:
        """The upper 3x3 block, row by row (9 floats), as handed to ODE's setRotation."""
        return tuple(self.m[i][j] for i in range(3) for j in range(3))

    def getMatrix(self) -> list:
        """The 4x4 matrix (a copy), rows acting on row vectors."""
        return [list(row) for row in self.m]

    def __mul__(self, other: Transform) -> Transform:
        """``self`` then ``other``: the transform of a child whose own transform is ``other``."""
        out = Transform()
        out.m = _mul(self.m, other.m)
        return out

    def inverse(self) -> Transform:
        """The inverse matrix (rotation times uniform scale, plus translation)."""
        block = [row[:3] for row in self.m[:3]]
        k = sum(v * v for v in block[0])  # squared scale: the block is (scale * rotation)
        inv = [[block[j][i] / k for j in range(3)] for i in range(3)]
        t = self.m[3][:3]
        out = Transform()
        out.m = [inv[0] + [0.0], inv[1] + [0.0], inv[2] + [0.0],
                 [-sum(t[k2] * inv[k2][j] for k2 in range(3)) for j in range(3)] + [1.0]]
        return out


# ---------------------------------------------------------------- reading <transform>
def read(element, numbers) -> Transform:
    """The Transform of a ``<transform>`` element; ``numbers`` parses attributes (see parser.Numbers)."""
    numbers.only(element, ("absolute", "scale"))
    t = Transform()
    t.absolute = numbers.boolean(element, "absolute", False)
    scale = numbers.real(element, "scale", 1.0)
    position, block = (0.0, 0.0, 0.0), [row[:3] for row in IDENTITY[:3]]
    seen = set()
    for child in element.children:
        if child.tag in seen and child.tag in ("position", "rotation"):
            raise invalid(child, "appears twice in one <transform>")
        seen.add(child.tag)
        if child.tag == "position":
            position = numbers.vector(child)
        elif child.tag == "rotation":
            block = _rotation(child, numbers)
        elif child.tag != "ext":
            raise misplaced(child, element)
    rotation = _embed(block)
    translation = [list(row) for row in IDENTITY]
    translation[3][:3] = list(position)
    scaling = [list(row) for row in IDENTITY]
    for i in range(3):
        scaling[i][i] = scale
    t.m = _mul(_mul(rotation, translation), scaling)
    return t


def _rotation(element, numbers) -> list:
    """The rotation block of a ``<rotation>`` element (exactly one of euler, axisangle, quaternion)."""
    numbers.only(element, ())
    kinds = [c for c in element.children if c.tag != "ext"]
    if len(kinds) != 1:
        raise invalid(element, f"needs exactly one of <euler>, <axisangle>, <quaternion>, not {len(kinds)}")
    child = kinds[0]
    if child.tag == "euler":
        numbers.only(child, ("x", "y", "z", "aformat"))
        k = _angle_unit(child, numbers)
        x, y, z = numbers.vector(child, extra=("aformat",))
        return euler_block(x * k, y * k, z * k)
    if child.tag == "axisangle":
        numbers.only(child, ("x", "y", "z", "angle", "aformat"))
        k = _angle_unit(child, numbers)
        x, y, z = numbers.vector(child, extra=("angle", "aformat"))
        if x * x + y * y + z * z == 0.0:
            raise invalid(child, "the rotation axis is the zero vector")
        return axisangle_block(x, y, z, numbers.real(child, "angle") * k)
    if child.tag == "quaternion":
        numbers.only(child, ("w", "x", "y", "z"))
        q = [numbers.real(child, name) for name in ("w", "x", "y", "z")]
        if sum(v * v for v in q) == 0.0:
            raise invalid(child, "the quaternion is zero")
        return quaternion_block(*q)
    raise misplaced(child, element)


def _angle_unit(element, numbers) -> float:
    """Radians per unit of the element's angles: ``aformat`` is radians (default) or degrees."""
    unit = element.attrs.get("aformat", "radians")
    if unit == "radians":
        return 1.0
    if unit == "degrees":
        return math.pi / 180.0
    raise invalid(element, f"attribute 'aformat' must be 'radians' or 'degrees', not {unit!r}")
