"""Geom classes written in Python (ODE's dCreateGeomClass), collider overrides (dSetColliderOverride) and the
collision utilities dClosestLineSegmentPoints, dBoxTouchesBox and dInfiniteAABB.

A user class supplies an ``aabb(geom)`` callback, optionally ``collider(other_class)`` returning a
function ``fn(geom1, geom2, max_contacts)`` for geoms of another class (or None) and
``aabb_test(geom, other, aabb)`` refining the broad phase. A collider function returns contacts with the
normal pointing into ``geom1``, each an ``ode.Contact`` or a ``(pos, normal, depth)`` tuple. As in ODE, a
class pair's collider is an override when one is set, else the first class's collider for the second, else
the second's for the first (called with the geoms swapped and the normals flipped); a user class pair with
none of these never touches.
"""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Callable

import numpy as np

from . import _backend, _check
from . import _layout as L
from .errors import ODEError
from .geoms import PY_AABB, STORE, GeomObject

if TYPE_CHECKING:
    from typing import Any

    from ._types import AABB, Mat3Like, SpaceBase, Vec3, Vec3Like

MAX_USER_CLASSES = L.GC_COUNT - L.GC_FIRST_USER
_CLASSES: dict = {}              # class number -> _GeomClass
OVERRIDES: dict = {}             # (class1, class2) -> collider function set by setColliderOverride
AABB_TESTS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # slot -> user geom with aabb_test


class _GeomClass:
    """The callbacks of one user geom class."""

    def __init__(self, number: int, aabb: Callable, collider: Callable[..., Any] | None,
                 aabb_test: Callable[..., Any] | None) -> None:
        self.number, self.aabb, self.collider, self.aabb_test = number, aabb, collider, aabb_test


def createGeomClass(aabb: Callable, collider: Callable | None = None,
                    aabb_test: Callable | None = None) -> int:
    """Register a geom class written in Python; returns its class number (ODE's dFirstUserClass onwards).

    ``aabb(geom) -> (minx, maxx, miny, maxy, minz, maxz)``; ``collider(other_class) -> fn or None`` with
    ``fn(geom1, geom2, max_contacts) -> contacts``; ``aabb_test(geom, other, other_aabb) -> bool``.
    """
    for name, fn in (("aabb", aabb), ("collider", collider), ("aabb_test", aabb_test)):
        if (fn is not None or name == "aabb") and not callable(fn):
            raise TypeError(f"{name} must be callable" + ("" if name == "aabb" else " or None"))
    if len(_CLASSES) >= MAX_USER_CLASSES:
        raise ODEError(f"at most {MAX_USER_CLASSES} user geom classes can exist (ODE's limit)")
    number = L.GC_FIRST_USER + len(_CLASSES)
    _CLASSES[number] = _GeomClass(number, aabb, collider, aabb_test)
    return number


class GeomUser(GeomObject):
    """A placeable geom of a class made by ``createGeomClass``: GeomUser(class_number, space=None)."""

    def __init__(self, class_number: int, space: SpaceBase | None = None) -> None:
        if isinstance(class_number, bool) or not isinstance(class_number, (int, np.integer)):
            raise TypeError(f"class_number must be an int, not {type(class_number).__name__}")
        gc = _CLASSES.get(int(class_number))
        if gc is None:
            raise ValueError(f"{class_number} is not a class made by ode.createGeomClass")
        self._class = gc.number
        self._user_class = gc
        self._init_geom(space, -1)
        PY_AABB[self._slot] = self
        if gc.aabb_test is not None:
            AABB_TESTS[self._slot] = self

    def _release_record(self) -> None:
        PY_AABB.pop(self._slot, None)
        AABB_TESTS.pop(self._slot, None)
        super()._release_record()

    def _py_aabb(self) -> tuple:
        """The class's aabb callback, checked: six finite-or-infinite numbers with min <= max."""
        box = _six("aabb callback result", self._user_class.aabb(self))
        if any(box[2 * k] > box[2 * k + 1] for k in range(3)):
            raise ValueError(f"aabb callback returned min > max: {box}")
        return box


def _six(name: str, value) -> tuple:
    """Six numbers, NaN refused (infinities allowed, as dInfiniteAABB gives)."""
    try:
        box = tuple(float(v) for v in value)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be 6 numbers") from exc
    if len(box) != 6 or any(math.isnan(v) for v in box):
        raise ValueError(f"{name} must be 6 numbers without NaN, not {value!r}")
    return box


def setColliderOverride(class1: int, class2: int, collider: Callable | None) -> None:
    """Use ``collider(geom1, geom2, max_contacts)`` for geoms of classes (class1, class2) instead of the
    built-in collider (ODE's dSetColliderOverride); None removes the override."""
    pair = (_class_number("class1", class1), _class_number("class2", class2))
    if collider is None:
        OVERRIDES.pop(pair, None)
        return
    if not callable(collider):
        raise TypeError("collider must be callable or None")
    OVERRIDES[pair] = collider


def _class_number(name: str, value) -> int:
    """A geom class number 0 .. GC_COUNT-1 (spaces excluded), or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    v = int(value)
    if not 0 <= v < L.GC_COUNT or L.GC_SIMPLE_SPACE <= v <= L.GC_QUADTREE_SPACE:
        raise ValueError(f"{name} must be a geom class number (not a space), not {v}")
    return v


def python_collider(c1: int, c2: int) -> tuple:
    """(fn, swapped) for classes (c1, c2) when Python code collides them, else (None, False); a user class
    pair without any collider gives (_none, False)."""
    fn = OVERRIDES.get((c1, c2))
    if fn is not None:
        return fn, False
    fn = OVERRIDES.get((c2, c1))
    if fn is not None:
        return fn, True
    u1, u2 = _CLASSES.get(c1), _CLASSES.get(c2)
    if u1 is None and u2 is None:
        return None, False
    if u1 is not None and u1.collider is not None:
        fn = u1.collider(c2)
        if fn is not None:
            return _callable(f"collider({c2})", fn), False
    if u2 is not None and u2.collider is not None:
        fn = u2.collider(c1)
        if fn is not None:
            return _callable(f"collider({c1})", fn), True
    return _none, False


def _callable(name: str, fn):
    if not callable(fn):
        raise TypeError(f"{name} must return a callable or None, not {type(fn).__name__}")
    return fn


def _none(_g1, _g2, _n) -> list:
    """The collider of a pair nobody collides: no contacts."""
    return []


def collide_python(a: int, b: int, flags: int, fn: Callable, swapped: bool) -> np.ndarray:
    """Contact records (n, CR) of geom slots a, b from a Python collider (called swapped when asked)."""
    g1, g2 = STORE.objects.get(a), STORE.objects.get(b)
    n = max(flags & 0xFFFF, 1)
    out = fn(g2, g1, n) if swapped else fn(g1, g2, n)
    rows = []
    for c in list(out or ())[:n]:
        pos, normal, depth = _contact_parts(c)
        if swapped:
            normal = (-normal[0], -normal[1], -normal[2])
        rows.append([*pos, *normal, depth, -1.0, -1.0])
    recs = np.zeros((len(rows), L.CR), dtype=STORE.slots.real.dtype)
    for k, r in enumerate(rows):
        recs[k, L.C_POS:L.C_POS + 3] = r[0:3]
        recs[k, L.C_NORMAL:L.C_NORMAL + 3] = r[3:6]
        recs[k, L.C_DEPTH] = r[6]
        recs[k, L.C_SIDE1] = -1
        recs[k, L.C_SIDE2] = -1
    return recs


def _contact_parts(c) -> tuple:
    """(pos, normal, depth) of an ode.Contact or a (pos, normal, depth) tuple, checked finite."""
    if hasattr(c, "getContactGeomParams"):
        pos, normal, depth = c.getContactGeomParams()[:3]
    else:
        try:
            pos, normal, depth = c
        except (TypeError, ValueError) as exc:
            raise TypeError("a collider must return ode.Contact objects or (pos, normal, depth) tuples") \
                from exc
    return (_check.vec("contact position", pos), _check.vec("contact normal", normal),
            _check.real("depth", depth))


def aabb_test_passes(g1: GeomObject | None, g2: GeomObject | None) -> bool:
    """ODE's broad-phase refinement: each user geom's aabb_test against the other's AABB."""
    for mine, other in ((g1, g2), (g2, g1)):
        if mine._slot in AABB_TESTS:
            if not mine._user_class.aabb_test(mine, other, other.getAABB()):
                return False
    return True


def closestLineSegmentPoints(a1: Vec3Like, a2: Vec3Like, b1: Vec3Like, b2: Vec3Like) -> tuple[Vec3, Vec3]:
    """Closest points of segments a1-a2 and b1-b2 (ODE's dClosestLineSegmentPoints): (on a, on b)."""
    pts = [_check.vec(n, v) for n, v in (("a1", a1), ("a2", a2), ("b1", b1), ("b2", b2))]
    return _backend.kernel("collide").closest_segment_points(*pts)


def boxTouchesBox(p1: Vec3Like, R1: Mat3Like, side1: Vec3Like, p2: Vec3Like, R2: Mat3Like,
                  side2: Vec3Like) -> bool:
    """Whether two boxes (centre, 3x3 rotation as 9 numbers, side lengths) intersect (dBoxTouchesBox)."""
    args = [_check.vec("p1", p1), _check.vec("R1", R1, 9), _sides("side1", side1), _check.vec("p2", p2),
            _check.vec("R2", R2, 9), _sides("side2", side2)]
    return bool(_backend.kernel("collide").box_box(*args, 1)[2] != 0)


def _sides(name: str, value) -> tuple:
    s = _check.vec(name, value)
    if any(x < 0 for x in s):
        raise ValueError(f"{name} must not be negative, not {s}")
    return s


def infiniteAABB(geom: GeomObject | None = None) -> AABB:
    """ODE's dInfiniteAABB: the AABB of an unbounded geom, usable as a user class's aabb callback."""
    inf = math.inf
    return (-inf, inf, -inf, inf, -inf, inf)
