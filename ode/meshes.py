"""Mesh geoms with PyODE's API: TriMeshData/GeomTriMesh, HeightfieldData/GeomHeightfield and GeomConvex.

The vertex, triangle, plane and height arrays are copied into the ``collide_mesh`` kernel's registry; a geom
record keeps the registry id in ``GI_DATA``. A data object owns its id (released when it is rebuilt or
collected) and re-points the geoms that use it when it is rebuilt.
"""

from __future__ import annotations

import math
import numbers
import weakref
from typing import TYPE_CHECKING, Callable

import numpy as np

from . import _backend, _check
from . import _layout as L
from ._handle import Handle
from .geoms import PY_AABB, STORE, GeomObject

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from ._types import Indices, Mat3, Mat3Like, Points, Samples, SpaceBase, Vec3, Vec3Like

_MAX_SAMPLES = 1 << 24


def _kernel():
    """The collide_mesh kernel of the chosen backend (the dispatcher uses the same module's registry)."""
    return _backend.kernel("collide_mesh")


def _numbers(name: str, value, what: str) -> np.ndarray:
    """value as a float64 array of real numbers: complex, non-numeric or ragged input is a TypeError (numpy
    would drop an imaginary part with a warning), an int too large for a float a ValueError."""
    try:
        raw = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be {what}") from exc
    if raw.dtype.kind == "c":
        raise TypeError(f"{name} must hold real numbers, not complex ones")
    if raw.dtype.kind not in "biuf" and raw.size:
        try:
            return np.asarray(value, dtype=np.float64)
        except OverflowError:
            raise ValueError(f"{name} holds an int too large for a float") from None
        except (TypeError, ValueError) as exc:
            raise TypeError(f"{name} must be {what}") from exc
    return raw.astype(np.float64)


def _finite_in_range(name: str, a: np.ndarray, limit: float = _check._MAX, kind: str = "") -> None:
    """Refuse NaN, infinities and magnitudes beyond ``limit`` (the world's real type by default: a value
    past it would be stored as inf)."""
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite")
    if a.size and float(np.max(np.abs(a))) > limit:
        raise ValueError(f"{name} holds values beyond {kind or _backend.precision + ' precision'}'s range")


_FLOAT_MAX = float(np.finfo(np.float32).max)


def _real_array(name: str, value, cols: int, limit: float = _check._MAX, kind: str = "") -> np.ndarray:
    """A finite float64 (n, cols) array within ``limit``, or TypeError / ValueError."""
    a = _numbers(name, value, f"a sequence of {cols}-vectors of numbers")
    if a.ndim != 2 or a.shape[1] != cols:
        raise ValueError(f"{name} must have shape (n, {cols}), not {a.shape}")
    _finite_in_range(name, a, limit, kind)
    return np.ascontiguousarray(a)


def _index_array(name: str, value, cols: int, limit: int) -> np.ndarray:
    """An int64 (m, cols) array of indices in 0 .. limit-1, or TypeError / ValueError."""
    try:
        raw = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be a sequence of {cols}-tuples of ints") from exc
    if raw.size and raw.dtype.kind not in "iu":
        if raw.dtype.kind == "f" and np.all(np.isfinite(raw)) and np.all(raw == np.floor(raw)) \
                and float(np.max(np.abs(raw))) < 2.0**62:
            raw = raw.astype(np.int64)
        else:
            raise TypeError(f"{name} must hold integers")
    a = raw.astype(np.int64).reshape(raw.shape) if raw.size else np.zeros((0, cols), np.int64)
    if a.ndim != 2 or a.shape[1] != cols:
        raise ValueError(f"{name} must have shape (m, {cols}), not {a.shape}")
    if a.size and (a.min() < 0 or a.max() >= limit):
        raise ValueError(f"{name} must index 0 .. {limit - 1}; found {int(a.min())} .. {int(a.max())}")
    return np.ascontiguousarray(a)


class _SideData(Handle):
    """A registry id shared by geoms; released when the owner is rebuilt or collected."""

    def __init__(self) -> None:
        self._id = -1
        self._geoms: weakref.WeakSet = weakref.WeakSet()
        self._module = None

    def _adopt(self, register, *args) -> None:
        """Register new side data with the kernel function ``register(*args)`` and adopt it; under the geom
        store's lock, as the registry may move while it grows and narrow phases read it without the GIL."""
        with STORE.lock:
            self._replace(register(*args))

    def _replace(self, new_id: int) -> None:
        """Adopt new_id, re-point the geoms using the old one and release it."""
        old, oldmod = self._id, self._module
        self._id = new_id
        self._module = _kernel()
        for g in list(self._geoms):
            try:
                STORE.slots.ints[g._live_slot(), L.GI_DATA] = new_id
            except Exception:  # noqa: S112  (a destroyed geom keeps nothing)
                continue
        if old >= 0 and oldmod is not None:
            oldmod.release(old)

    def __del__(self) -> None:
        """Free the kernel copy."""
        try:
            if self._id >= 0 and self._module is not None:
                with STORE.lock:
                    self._module.release(self._id)
        except Exception:  # noqa: S110  (interpreter shutdown)
            pass


# ------------------------------------------------------------------ trimesh


class TriMeshData(_SideData):
    """Triangle mesh data (PyODE's ode.TriMeshData): vertices and triangles, built once, shared by geoms."""

    def __init__(self) -> None:
        super().__init__()
        self._verts = np.zeros((0, 3))
        self._faces = np.zeros((0, 3), np.int64)
        self._normals = None

    def build(self, verts: Points, faces: Indices, normals: Points | None = None) -> None:
        """Build from vertices (n, 3) and triangles (m, 3) of vertex indices (counter-clockwise seen from
        outside); optional unit face normals (m, 3). Bad shapes or out-of-range indices raise ValueError."""
        v = _real_array("verts", verts, 3, _FLOAT_MAX, "a float (libode stores mesh vertices as floats)")
        f = _index_array("faces", faces, 3, v.shape[0])
        n = None
        if normals is not None:
            n = _real_array("normals", normals, 3)
            if n.shape[0] != f.shape[0]:
                raise ValueError(f"normals must have one row per face ({f.shape[0]}), not {n.shape[0]}")
        self._verts, self._faces, self._normals = v, f, n
        self._adopt(_kernel().register_trimesh, v, f, n)

    def getTriangleCount(self) -> int:
        """The number of triangles."""
        return int(self._faces.shape[0])

    def getVertexCount(self) -> int:
        """The number of vertices."""
        return int(self._verts.shape[0])


CALLBACK_MESHES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()  # slot -> mesh with callbacks
# (trimeshes with triangle/array/ray callbacks; heightfields whose data is a callback's)


def collide_with_callbacks(a: int, b: int, flags: int, narrow: Callable) -> np.ndarray:
    """Contacts of geom slots a, b with ODE's trimesh callbacks applied; ``narrow(a, b, flags)`` collides.

    As libode 0.16 does (observed): against a non-ray geom the array callback gets the candidate
    triangles (bounding boxes overlapping the other geom's AABB) and the per-triangle callback decides
    which of them take part, so rejected triangles never contribute (nor merge) contacts; against a ray
    each hit goes through the ray callback (with barycentric u, v) and then the per-triangle callback.
    """
    objects = STORE.objects
    for mine, other in ((a, b), (b, a)):
        hf = CALLBACK_MESHES.get(mine)
        if hf is not None and not isinstance(hf, GeomTriMesh):
            hf._refresh_samples(other)
    restricted = []
    for mine, other in ((a, b), (b, a)):
        mesh = CALLBACK_MESHES.get(mine)
        if not isinstance(mesh, GeomTriMesh) or int(STORE.slots.ints[other, L.GI_CLASS]) == L.GC_RAY:
            continue
        keep = mesh._accepted(objects.get(other), other)
        if keep is not None:
            restricted.append((mine, mesh, keep))
    recs = _narrow_subsets(a, b, flags, narrow, restricted)
    for mine, other, side in ((a, b, L.C_SIDE1), (b, a, L.C_SIDE2)):
        mesh = CALLBACK_MESHES.get(mine)
        is_ray = int(STORE.slots.ints[other, L.GI_CLASS]) == L.GC_RAY
        if isinstance(mesh, GeomTriMesh) and recs.shape[0] and is_ray:
            recs = mesh._ray_filter(objects.get(other), recs, side)
    return recs


def _narrow_subsets(a: int, b: int, flags: int, narrow: Callable, restricted: list) -> np.ndarray:
    """Collide with each restricted mesh temporarily pointing at a copy holding only its kept triangles."""
    if not restricted:
        return narrow(a, b, flags)
    kernel = _kernel()
    saved = []
    try:
        for slot, mesh, keep in restricted:
            if keep.size == 0:
                return np.zeros((0, L.CR), dtype=STORE.slots.real.dtype)
            data = mesh._tmdata
            normals = None if data._normals is None else np.ascontiguousarray(data._normals[keep])
            sub = kernel.register_trimesh(data._verts, np.ascontiguousarray(data._faces[keep]), normals)
            saved.append((slot, int(STORE.slots.ints[slot, L.GI_DATA]), sub, keep))
            STORE.slots.ints[slot, L.GI_DATA] = sub
        recs = narrow(a, b, flags)
    finally:
        for slot, old, sub, _ in saved:
            STORE.slots.ints[slot, L.GI_DATA] = old
            kernel.release(sub)
    for slot, _, _, keep in saved:
        col = L.C_SIDE1 if slot == a else L.C_SIDE2
        if recs.shape[0]:
            recs[:, col] = keep[recs[:, col].astype(np.int64)]
    return recs


def _callable_or_none(name: str, fn):
    """fn when callable or None, else TypeError."""
    if fn is not None and not callable(fn):
        raise TypeError(f"{name} must be callable or None")
    return fn


class GeomTriMesh(GeomObject):
    """A triangle mesh geom (PyODE's ode.GeomTriMesh(data, space=None))."""

    _class = L.GC_TRIMESH

    def __init__(self, data: TriMeshData, space: SpaceBase | None = None) -> None:
        """GeomTriMesh(data, space=None); data must have been built."""
        if not isinstance(data, TriMeshData):
            raise TypeError(f"data must be an ode.TriMeshData, not {type(data).__name__}")
        if data._id < 0:
            raise ValueError("the TriMeshData has not been built (call data.build(verts, faces) first)")
        self._init_geom(space, data._id)
        self._tmdata = data
        data._geoms.add(self)
        self._tri_cb = None
        self._array_cb = None
        self._ray_cb = None
        self._prev = None

    def _trimesh_mass(self, density: float) -> tuple:
        """The mass values of the mesh's volume at ``density`` (for Mass.setTrimesh; the pose is ignored)."""
        return _kernel().mass_trimesh_py(density, self.getTriMeshData()._id)
    def getTriMeshData(self) -> TriMeshData:
        """The mesh data."""
        self._live_slot()
        return self._tmdata

    def setTriMeshData(self, data: TriMeshData) -> None:
        """Use other mesh data."""
        if not isinstance(data, TriMeshData) or data._id < 0:
            raise TypeError("data must be a built ode.TriMeshData")
        s = self._live_slot()
        self._tmdata._geoms.discard(self)
        self._tmdata = data
        data._geoms.add(self)
        STORE.slots.ints[s, L.GI_DATA] = data._id

    def getTriangleCount(self) -> int:
        """The number of triangles."""
        return self._tmdata.getTriangleCount()

    def _tri_index(self, idx) -> int:
        if isinstance(idx, bool) or not isinstance(idx, numbers.Integral):
            raise TypeError("the triangle index must be an int")
        i = int(idx)
        if not 0 <= i < self._tmdata.getTriangleCount():
            raise ValueError(f"triangle index {i} out of range 0 .. {self._tmdata.getTriangleCount() - 1}")
        return i

    def _world(self, p) -> tuple:
        """World coordinates of a point given in the geom's frame."""
        s = self._refresh()
        g = STORE.slots.real[s]
        R = g[L.G_R:L.G_R + 9].tolist()
        pos = g[L.G_POS:L.G_POS + 3].tolist()
        return tuple(pos[i] + (R[3 * i] * p[0] + R[3 * i + 1] * p[1] + R[3 * i + 2] * p[2]) for i in range(3))

    def getTriangle(self, idx: int) -> tuple[Vec3, Vec3, Vec3]:
        """The three vertices of triangle idx in world coordinates (ODE's dGeomTriMeshGetTriangle)."""
        i = self._tri_index(idx)
        f = self._tmdata._faces[i]
        return tuple(self._world(self._tmdata._verts[int(k)].tolist()) for k in f)

    def getPoint(self, idx: int, u: float, v: float) -> Vec3:
        """World point of triangle idx at barycentric (u, v): v0 + u (v1 - v0) + v (v2 - v0)."""
        i = self._tri_index(idx)
        u = _check.real("u", u)
        v = _check.real("v", v)
        a, b, c = (self._tmdata._verts[int(k)].tolist() for k in self._tmdata._faces[i])
        p = [a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]) for k in range(3)]
        return self._world(p)

    # ---- callbacks (ODE 0.16's dGeomTriMeshSetCallback / SetArrayCallback / SetRayCallback)
    def setTriCallback(self, callback: Callable | None) -> None:
        """callback(trimesh, other, triangle) -> bool per candidate triangle; False rejects its contacts."""
        self._live_slot()
        self._tri_cb = _callable_or_none("callback", callback)
        self._track_callbacks()

    def getTriCallback(self) -> Callable[..., Any] | None:
        """The per-triangle callback or None."""
        return self._tri_cb

    def setArrayCallback(self, callback: Callable | None) -> None:
        """callback(trimesh, other, triangles) once per collision with the list of triangles touched."""
        self._live_slot()
        self._array_cb = _callable_or_none("callback", callback)
        self._track_callbacks()

    def getArrayCallback(self) -> Callable[..., Any] | None:
        """The array callback or None."""
        return self._array_cb

    def setRayCallback(self, callback: Callable | None) -> None:
        """callback(trimesh, ray, triangle, u, v) -> bool per ray hit; False rejects the hit."""
        self._live_slot()
        self._ray_cb = _callable_or_none("callback", callback)
        self._track_callbacks()

    def getRayCallback(self) -> Callable[..., Any] | None:
        """The ray callback or None."""
        return self._ray_cb

    def _track_callbacks(self) -> None:
        """Route this mesh's collisions through ``collide_with_callbacks`` while it has a callback."""
        slot = self._live_slot()
        if self._tri_cb is None and self._array_cb is None and self._ray_cb is None:
            CALLBACK_MESHES.pop(slot, None)
        else:
            CALLBACK_MESHES[slot] = self

    def _release_record(self) -> None:
        CALLBACK_MESHES.pop(self._slot, None)
        super()._release_record()

    def _candidates(self, other_slot: int) -> np.ndarray:
        """Triangles whose world bounding box meets the other geom: a sphere by its true distance, other
        geoms by their AABB (libode's OPCODE tree adds some neighbours of these; a superset)."""
        g = STORE.slots.real[self._slot]
        rot = g[L.G_R:L.G_R + 9].astype(np.float64).reshape(3, 3)
        tri = self._tmdata._verts[self._tmdata._faces] @ rot.T + g[L.G_POS:L.G_POS + 3].astype(np.float64)
        lo, hi = tri.min(axis=1), tri.max(axis=1)
        other = STORE.objects.get(other_slot)
        if other is not None and other.getClass() == L.GC_SPHERE:
            c = np.asarray(other.getPosition(), dtype=np.float64)
            gap = np.maximum(0.0, np.maximum(lo - c, c - hi))
            return np.nonzero(np.einsum("ij,ij->i", gap, gap) <= other.getRadius() ** 2)[0]
        if other is not None:
            box = np.asarray(other.getAABB(), dtype=np.float64)  # brings the lazily kept AABB up to date
        else:
            box = STORE.slots.real[other_slot, L.G_AABB:L.G_AABB + 6].astype(np.float64)
        return np.nonzero(np.all((lo <= box[1::2]) & (hi >= box[0::2]), axis=1))[0]

    def _accepted(self, other, other_slot: int):
        """Run the array and per-triangle callbacks; the accepted triangles, or None when all are."""
        if self._tri_cb is None and self._array_cb is None:
            return None
        cand = self._candidates(other_slot)
        if self._array_cb is not None and cand.size:
            self._array_cb(self, other, cand.tolist())
        if self._tri_cb is None:
            return None
        keep = [t for t in cand.tolist() if self._tri_cb(self, other, t)]
        return None if len(keep) == self._tmdata._faces.shape[0] else np.asarray(keep, np.int64)

    def _ray_filter(self, ray, recs: np.ndarray, side: int) -> np.ndarray:
        """ODE's order per ray hit: the ray callback with (u, v), then the per-triangle callback."""
        keep = []
        for row in recs:
            t = int(row[side])
            ok = True
            if self._ray_cb is not None:
                u, v = self._barycentric(t, row[L.C_POS:L.C_POS + 3].tolist())
                ok = bool(self._ray_cb(self, ray, t, u, v))
            if ok and self._tri_cb is not None:
                ok = bool(self._tri_cb(self, ray, t))
            if ok:
                keep.append(row)
        return np.array(keep, dtype=recs.dtype).reshape(len(keep), recs.shape[1])

    def _barycentric(self, t: int, p) -> tuple:
        """(u, v) of world point p on triangle t."""
        a, b, c = (np.array(x) for x in self.getTriangle(t))
        e1, e2, d = b - a, c - a, np.array(p) - a
        m = np.array([[e1 @ e1, e1 @ e2], [e1 @ e2, e2 @ e2]])
        try:
            u, v = np.linalg.solve(m, [d @ e1, d @ e2])
        except np.linalg.LinAlgError:
            return 0.0, 0.0
        return float(u), float(v)

    # ---- previous transform (ODE's dGeomTriMeshSetLastTransform), kept for trimesh-trimesh
    def setLastTransform(self, pos: Vec3Like, R: Mat3Like) -> None:
        """Remember the pose of the previous step (position, 3x3 rotation)."""
        self._live_slot()
        self._prev = (_check.vec("pos", pos), tuple(float(x) for x in np.asarray(R, float).reshape(9)))

    def getLastTransform(self) -> tuple[Vec3, Mat3]:
        """The remembered previous pose (pos, R), or the current pose when none was set."""
        if self._prev is None:
            return self.getPosition(), self.getRotation()
        return self._prev

    def clearTCCache(self) -> None:
        """ODE's temporal coherence cache does not exist here: no-op."""
        self._live_slot()


# ------------------------------------------------------------------ convex


def _polygons(polygons, nplanes: int, npoints: int) -> list:
    """The polygon index list checked against the plane and point counts."""
    try:
        poly = [int(x) for x in np.asarray(polygons).reshape(-1)]
    except (TypeError, ValueError) as exc:
        raise TypeError("polygons must be a flat sequence of ints") from exc
    pos = 0
    for k in range(nplanes):
        if pos >= len(poly) or poly[pos] < 3:
            raise ValueError(f"polygon {k}: expected a vertex count >= 3 at index {pos}")
        n = poly[pos]
        idx = poly[pos + 1:pos + 1 + n]
        if len(idx) != n or min(idx) < 0 or max(idx) >= npoints:
            raise ValueError(f"polygon {k} must list {n} point indices in 0 .. {npoints - 1}")
        pos += 1 + n
    if pos != len(poly):
        raise ValueError("polygons has more entries than the planes describe")
    return poly


def _convex_arrays(planes, points, polygons) -> tuple:
    """Checked planes (kept as given, as libode keeps them; the kernel registry makes unit normals for its
    colliders), points and polygons of a convex."""
    pl = _real_array("planes", planes, 4)
    pt = _real_array("points", points, 3)
    poly = _polygons(polygons, pl.shape[0], pt.shape[0])
    for k in range(pl.shape[0]):
        ln = math.sqrt(float(pl[k, 0] ** 2 + pl[k, 1] ** 2 + pl[k, 2] ** 2))
        if not ln > 0.0:
            raise ValueError(f"planes[{k}] has a zero normal")
    return pl, pt, poly


class GeomConvex(GeomObject):
    """A convex polyhedron (ODE's dCreateConvex): planes (a, b, c, d) with ax+by+cz = d and unit normals,
    points, and polygons as [n, i0, .., i(n-1), n, ...] (one polygon per plane, same order)."""

    _class = L.GC_CONVEX

    def __init__(self, space: SpaceBase | None = None, planes: Points = (), points: Points = (),
                 polygons: Sequence[int] = ()) -> None:
        """GeomConvex(space, planes, points, polygons)."""
        pl, pt, poly = _convex_arrays(planes, points, polygons)
        self._planes, self._points, self._polys = pl, pt, poly
        self._data_obj = _SideData()
        self._data_obj._adopt(_kernel().register_convex, pl, pt, poly)
        self._init_geom(space, self._data_obj._id)
        self._data_obj._geoms.add(self)

    def setConvex(self, planes: Points, points: Points, polygons: Sequence[int]) -> None:
        """Replace the polyhedron."""
        self._live_slot()
        pl, pt, poly = _convex_arrays(planes, points, polygons)
        self._planes, self._points, self._polys = pl, pt, poly
        self._data_obj._adopt(_kernel().register_convex, pl, pt, poly)

    def getPlanes(self) -> list[tuple[float, float, float, float]]:
        """The planes (a, b, c, d) as given (as libode keeps them; the colliders use unit normals)."""
        return [tuple(r) for r in self._planes.tolist()]

    def getPoints(self) -> list[Vec3]:
        """The points."""
        return [tuple(r) for r in self._points.tolist()]


# ------------------------------------------------------------------ heightfield


def _positive_int(name: str, value, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int")
    v = int(value)
    if v < low:
        raise ValueError(f"{name} must be >= {low}, not {v}")
    return v


class HeightfieldData(_SideData):
    """Height samples of a heightfield (ODE's dHeightfieldDataID): a grid of width_samples x depth_samples
    over width x depth (local x and z, centred), height along local y = sample * scale + offset."""

    def __init__(self) -> None:
        super().__init__()
        self._raw = None
        self._params = None
        self._bounds = None  # setBounds' raw range; None: the samples' (libode: each build resets it)
        self._callback = None  # buildCallback: heights asked for during collisions, as libode does

    def _build(self, samples, width, depth, width_samples, depth_samples, scale, offset, thickness, wrap):
        """Check the grid, store the samples and (re)register the heights."""
        w = _check.real("width", width)
        d = _check.real("depth", depth)
        if not (w > 0 and d > 0):
            raise ValueError("width and depth must be > 0")
        wn, dn = _grid("width_samples", width_samples, "depth_samples", depth_samples)
        s = _numbers("data", samples, "a sequence of numbers").reshape(-1)
        if s.shape[0] != wn * dn:
            raise ValueError(f"expected {wn * dn} samples (width_samples * depth_samples), got {s.shape[0]}")
        _finite_in_range("data", s)
        sc = _check.real("scale", scale)
        of = _check.real("offset", offset)
        th = _check.real("thickness", thickness)
        if th < 0:
            raise ValueError("thickness must be >= 0")
        self._raw = s
        self._params = (w, d, wn, dn, sc, of, th, bool(wrap))
        self._callback = None
        self._bounds = None
        self._register()
        self._track_geoms()

    def _track_geoms(self) -> None:
        """Tell the geoms using this data whether it is a callback's (their AABB and collisions change)."""
        for g in list(self._geoms):
            if g._slot >= 0:
                g._track_dynamic()

    def _register(self) -> None:
        """Register the heights (raw * scale + offset; bounds do not clamp them, as in libode)."""
        w, d, wn, dn, sc, of, th, wrap = self._params
        self._adopt(_kernel().register_heightfield, self._raw * sc + of, wn, dn, w, d, th, wrap)
        self._module.set_heightfield_range(self._id, *self._range())

    def _range(self) -> tuple:
        """libode's AABB height range (lo, hi): the bounds (else the samples' range) * scale + offset, minus
        the thickness below; unsorted (a negative scale gives lo > hi), infinite for callback data without
        bounds (whatever the scale)."""
        w, d, wn, dn, sc, of, th, wrap = self._params
        if self._bounds is None:
            rlo, rhi = float(self._raw.min()), float(self._raw.max())
        elif self._bounds == (-math.inf, math.inf):
            return -math.inf, math.inf
        else:
            rlo, rhi = self._bounds
        lo = rlo * sc + of - th
        hi = rhi * sc + of
        return (-math.inf if math.isnan(lo) else lo), (math.inf if math.isnan(hi) else hi)

    def buildDouble(self, data: Samples, copy: bool, width: float, depth: float, width_samples: int,
                    depth_samples: int, scale: float = 1.0, offset: float = 0.0, thickness: float = 0.0,
                    wrap: bool = False) -> None:
        """Double samples, x fastest (ODE's dGeomHeightfieldDataBuildDouble; the copy flag is moot)."""
        self._build(data, width, depth, width_samples, depth_samples, scale, offset, thickness, wrap)

    def buildSingle(self, data: Samples, copy: bool, width: float, depth: float, width_samples: int,
                    depth_samples: int, scale: float = 1.0,
                    offset: float = 0.0, thickness: float = 0.0, wrap: bool = False) -> None:
        """Single-precision samples (rounded to float32 as ODE reads them)."""
        s = _numbers("data", data, "a sequence of numbers")
        _finite_in_range("data", s)
        with np.errstate(over="ignore"):
            s = s.astype(np.float32)
        if not np.all(np.isfinite(s)):
            raise ValueError("data holds values beyond single precision's range")
        self._build(s.astype(np.float64), width, depth, width_samples, depth_samples, scale, offset,
                    thickness, wrap)

    def buildShort(self, data: Samples, copy: bool, width: float, depth: float, width_samples: int,
                   depth_samples: int, scale: float = 1.0,
                   offset: float = 0.0, thickness: float = 0.0, wrap: bool = False) -> None:
        """16-bit signed samples."""
        s = _integer_samples(data, -32768, 32767)
        self._build(s, width, depth, width_samples, depth_samples, scale,
                    offset, thickness, wrap)

    def buildByte(self, data: Samples, copy: bool, width: float, depth: float, width_samples: int,
                  depth_samples: int, scale: float = 1.0,
                  offset: float = 0.0, thickness: float = 0.0, wrap: bool = False) -> None:
        """8-bit unsigned samples."""
        s = _integer_samples(data, 0, 255)
        self._build(s, width, depth, width_samples, depth_samples, scale,
                    offset, thickness, wrap)

    def build_callback(self, userdata: Any, callback: Callable, width: float, depth: float,
                       widthSamples: int, depthSamples: int,
                       scale: float = 1.0, offset: float = 0.0, thickness: float = 0.0,
                       bwrap: bool = False) -> None:
        """PyODE's form: callback(userdata, x, z) -> height, asked during collisions (see buildCallback)."""
        if not callable(callback):
            raise TypeError("callback must be callable")
        self.buildCallback(lambda x, z: callback(userdata, x, z), width, depth, widthSamples, depthSamples,
                           scale, offset, thickness, bwrap)

    def buildCallback(self, callback: Callable, width: float, depth: float, width_samples: int,
                      depth_samples: int, scale: float = 1.0,
                      offset: float = 0.0, thickness: float = 0.0, wrap: bool = False) -> None:
        """callback(x, z) -> height sample for sample column x and row z, asked during each collision for
        the samples near the other geom (as libode: heights may change between steps); the AABB's height
        range is the bounds (setBounds; infinite by default)."""
        if not callable(callback):
            raise TypeError("callback must be callable")
        wn, dn = _grid("width_samples", width_samples, "depth_samples", depth_samples)
        self._build(np.zeros(wn * dn), width, depth, wn, dn, scale, offset, thickness, wrap)
        self._callback = callback
        self._bounds = (-math.inf, math.inf)  # libode: callback data is unbounded until setBounds
        self._module.set_heightfield_range(self._id, *self._range())
        self._track_geoms()

    def _sample(self, columns, rows) -> None:
        """Ask the callback for samples (columns x rows) and register the new heights."""
        wn = self._params[2]
        cb = self._callback
        for z in rows:
            for x in columns:
                v = float(cb(x, z))
                if not math.isfinite(v):
                    raise ValueError(f"the heightfield callback returned {v!r} for sample ({x}, {z})")
                self._raw[z * wn + x] = v
        self._register()

    def setBounds(self, min_height: float, max_height: float) -> None:
        """The sample range [min_height, max_height] (raw units, before scale and offset) giving the AABB's
        height range (ODE's dGeomHeightfieldDataSetBounds; as libode, heights are not clamped to it, and the
        next build replaces it: by the samples' range, or unbounded for a callback)."""
        lo = _check.real_or_inf("min_height", min_height)
        hi = _check.real_or_inf("max_height", max_height)
        if lo > hi:
            raise ValueError("setBounds needs min_height <= max_height")
        self._bounds = (lo, hi)
        if self._params is not None:
            self._module.set_heightfield_range(self._id, *self._range())
            self._track_geoms()

    def getHeight(self, x: int, z: int) -> float:
        """Height of sample (x, z) after scale, offset and bounds."""
        if self._params is None:
            raise ValueError("the heightfield data has not been built")
        w, d, wn, dn, sc, of, th, wrap = self._params
        x, z = _sample_index("x", x, wn), _sample_index("z", z, dn)
        if self._callback is not None:
            raw = float(self._callback(x, z))
        else:
            raw = self._raw[z * wn + x]
        return float(raw * sc + of)


def _grid(wname: str, width_samples, dname: str, depth_samples) -> tuple:
    """(columns, rows) of a heightfield grid: ints >= 2 whose product is at most _MAX_SAMPLES."""
    wn = _positive_int(wname, width_samples, 2)
    dn = _positive_int(dname, depth_samples, 2)
    if wn * dn > _MAX_SAMPLES:
        raise ValueError(f"{wname} * {dname} = {wn * dn} exceeds the {_MAX_SAMPLES} samples of a heightfield")
    return wn, dn


def _integer_samples(data, low: int, high: int) -> np.ndarray:
    """Integer samples (buildShort, buildByte) as float64: whole numbers in [low, high]; NaN, fractions and
    values out of range raise ValueError instead of wrapping or truncating."""
    s = _numbers("data", data, "a sequence of integers")
    if not np.all(np.isfinite(s)) or not np.all(s == np.floor(s)):
        raise ValueError(f"data must hold whole numbers in {low} .. {high}")
    if s.size and (s.min() < low or s.max() > high):
        raise ValueError(f"data must hold whole numbers in {low} .. {high}; found {s.min():g} .. {s.max():g}")
    return s


def _sample_index(name: str, value, n: int) -> int:
    """A sample column or row: an int (or a whole float) in 0 .. n-1, else TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not isinstance(value, numbers.Integral):
        v = float(value)
        if not math.isfinite(v) or v != math.floor(v):
            raise ValueError(f"{name} must be a whole sample index, not {v!r}")
    i = int(value)
    if not 0 <= i < n:
        raise ValueError(f"{name} = {i} is out of range 0 .. {n - 1}")
    return i


def _sample_range(lo: float, hi: float, size: float, n: int, wrap: bool) -> list:
    """Sample indices covering local coordinates [lo, hi] on an axis of n samples over size, plus one cell
    each side (wrapped fields: indices modulo n - 1, their last sample being the first)."""
    cell = size / (n - 1)
    first = math.floor((lo + size * 0.5) / cell) - 1
    last = math.floor((hi + size * 0.5) / cell) + 2
    if wrap:
        if last - first + 1 >= n - 1:
            return list(range(n))
        return sorted({i % (n - 1) for i in range(first, last + 1)})
    first, last = max(first, 0), min(last, n - 1)
    return list(range(first, last + 1)) if first <= last else []


class GeomHeightfield(GeomObject):
    """A heightfield geom (ODE's dCreateHeightfield): heights along its local y axis."""

    _class = L.GC_HEIGHTFIELD

    def __init__(self, data: HeightfieldData, placeable: bool = True, space: SpaceBase | None = None) -> None:
        """GeomHeightfield(data, placeable=True, space=None)."""
        if not isinstance(data, HeightfieldData):
            raise TypeError(f"data must be an ode.HeightfieldData, not {type(data).__name__}")
        if data._id < 0:
            raise ValueError("the HeightfieldData has not been built")
        self._placeable = bool(placeable)
        self._init_geom(space, data._id)
        self._hfdata = data
        data._geoms.add(self)
        self._track_dynamic()

    def _track_dynamic(self) -> None:
        """A non-placeable field's AABB comes from Python; with callback data, samples are asked before each
        collision (libode's way)."""
        slot = self._live_slot()
        data = self._hfdata
        if not self._placeable:
            PY_AABB[slot] = self
        else:
            PY_AABB.pop(slot, None)
        if data._callback is not None:
            CALLBACK_MESHES[slot] = self
        else:
            CALLBACK_MESHES.pop(slot, None)

    def _release_record(self) -> None:
        PY_AABB.pop(self._slot, None)
        CALLBACK_MESHES.pop(self._slot, None)
        super()._release_record()

    def _local_corners(self, box) -> np.ndarray:
        """The 8 corners of a world AABB in this heightfield's frame."""
        g = STORE.slots.real[self._slot]
        rot = g[L.G_R:L.G_R + 9].astype(np.float64).reshape(3, 3)
        pos = g[L.G_POS:L.G_POS + 3].astype(np.float64)
        c = np.array([[box[0 + i], box[2 + j], box[4 + k]] for i in (0, 1) for j in (0, 1) for k in (0, 1)])
        return (c - pos) @ rot

    def _py_aabb(self) -> tuple:
        """libode's AABB of a non-placeable field: its local box, heights from _range (unsorted, as libode),
        infinite along x and z when wrapped (a placeable field's is the kernel's hf_aabb, not a box)."""
        w, d, wn, dn, sc, of, th, wrap = self._hfdata._params
        lo, hi = self._hfdata._range()
        if wrap:
            return (-math.inf, math.inf, lo, hi, -math.inf, math.inf)
        return (-w * 0.5, w * 0.5, lo, hi, -d * 0.5, d * 0.5)

    def _refresh_samples(self, other_slot: int) -> None:
        """Ask the callback for the samples under the other geom's AABB (one cell of margin)."""
        data = self._hfdata
        w, d, wn, dn, sc, of, th, wrap = data._params
        other = STORE.objects.get(other_slot)
        box = other.getAABB() if other is not None else STORE.slots.real[other_slot, L.G_AABB:L.G_AABB + 6]
        if not all(math.isfinite(v) for v in box):
            cols, rows = range(wn), range(dn)
        else:
            loc = self._local_corners(box)
            cols = _sample_range(loc[:, 0].min(), loc[:, 0].max(), w, wn, wrap)
            rows = _sample_range(loc[:, 2].min(), loc[:, 2].max(), d, dn, wrap)
        if cols and rows:
            data._sample(cols, rows)

    def getHeightfieldData(self) -> HeightfieldData:
        """The height data."""
        self._live_slot()
        return self._hfdata

    def setHeightfieldData(self, data: HeightfieldData) -> None:
        """Use other height data."""
        if not isinstance(data, HeightfieldData) or data._id < 0:
            raise TypeError("data must be a built ode.HeightfieldData")
        s = self._live_slot()
        self._hfdata._geoms.discard(self)
        self._hfdata = data
        data._geoms.add(self)
        STORE.slots.ints[s, L.GI_DATA] = data._id
        self._track_dynamic()

    def getHeightAt(self, x: int, z: int) -> float:
        """Height of sample (x, z) (ODE's dGeomHeightfieldGetHeight... by sample index)."""
        return self._hfdata.getHeight(x, z)
