"""Geoms as meshes: each drawable geom becomes a PyVista mesh in its own frame plus a 4x4 pose.

A mesh is rebuilt only when the geom's shape signature (its class and size parameters) changes; between
frames only the pose moves, so a scene of many geoms re-renders without re-tessellating.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyvista as pv

import ode

# Tessellation: fine enough for smooth silhouettes at 640x480, coarse enough for hundreds of geoms.
ROUND_RESOLUTION = 32


@dataclass
class Piece:
    """One thing to draw for a geom: its mesh in local coordinates, the pose that places it, and the geoms
    it stands for, outermost first (a GeomTransform, then its encapsulated geom), which pick its colour."""

    key: tuple
    signature: tuple
    build: object  # () -> pv.PolyData, called only when the signature is new
    pose: np.ndarray
    owners: tuple
    line: bool = False


def pose_matrix(position, rotation) -> np.ndarray:
    """The 4x4 homogeneous matrix of a position (3) and a row-major rotation (9)."""
    m = np.eye(4)
    m[:3, :3] = np.asarray(rotation, dtype=float).reshape(3, 3)
    m[:3, 3] = position
    return m


def geom_pose(geom) -> np.ndarray:
    """The geom's pose in its parent frame (the world, or its GeomTransform)."""
    return pose_matrix(geom.getPosition(), geom.getRotation())


def walk(scene):
    """Every leaf geom of a space, a geom, or an iterable of either, nested spaces entered recursively."""
    if isinstance(scene, ode.SpaceBase):
        for i in range(scene.getNumGeoms()):
            yield from walk(scene.getGeom(i))
    elif isinstance(scene, ode.GeomObject):
        yield scene
    elif isinstance(scene, (str, bytes)) or not hasattr(scene, "__iter__"):
        raise TypeError(f"scene must be an ode space, an ode geom or an iterable of them, not "
                        f"{type(scene).__name__}")
    else:
        for item in scene:
            yield from walk(item)


def pieces(geom, plane_center, plane_size: float) -> list:
    """The pieces that draw ``geom`` (empty for a geom with nothing to show, such as an empty transform)."""
    if isinstance(geom, ode.GeomTransform):
        inner = geom.getGeom()
        if inner is None:
            return []
        outer = geom_pose(geom)
        found = pieces(inner, plane_center, plane_size)
        for p in found:
            p.key = (id(geom),) + p.key
            p.pose = outer @ p.pose
            p.owners = (geom,) + p.owners
        return found
    if isinstance(geom, ode.GeomPlane):
        return [_plane_piece(geom, plane_center, plane_size)]
    make = _LOCAL_SHAPES.get(type(geom))
    if make is None:
        make = next((f for cls, f in _LOCAL_SHAPES.items() if isinstance(geom, cls)), _aabb_shape)
    if make is _aabb_shape and not np.all(np.isfinite(geom.getAABB())):
        return []  # an unknown geom with an infinite box: nothing finite to draw
    signature, build, line = make(geom)
    # An AABB is already in world coordinates; a non-placeable geom (a fixed heightfield) sits at the origin.
    pose = np.eye(4) if make is _aabb_shape or not geom.placeable() else geom_pose(geom)
    return [Piece((id(geom),), signature, build, pose, (geom,), line)]


def _sphere(g):
    r = g.getRadius()
    return ("sphere", r), lambda: pv.Sphere(radius=r, theta_resolution=ROUND_RESOLUTION,
                                            phi_resolution=ROUND_RESOLUTION // 2), False


def _box(g):
    lx, ly, lz = g.getLengths()
    return ("box", lx, ly, lz), lambda: pv.Box((-lx / 2, lx / 2, -ly / 2, ly / 2, -lz / 2, lz / 2)), False


def _capsule(g):
    r, length = g.getParams()
    return ("capsule", r, length), lambda: pv.Capsule(direction=(0, 0, 1), radius=r, cylinder_length=length,
                                                      resolution=ROUND_RESOLUTION), False


def _cylinder(g):
    r, length = g.getParams()
    return ("cylinder", r, length), lambda: pv.Cylinder(direction=(0, 0, 1), radius=r, height=length,
                                                        resolution=ROUND_RESOLUTION), False


def _ray(g):
    length = g.getLength()
    # A ray's pose puts its start at the position and its direction along the local z axis.
    return ("ray", length), lambda: pv.Line((0, 0, 0), (0, 0, length)), True


def _convex(g):
    points = np.asarray(g._points, dtype=float)
    polygons = np.asarray(g._polys, dtype=np.int64)
    # ODE's polygon list [n, i0, .., n, ...] is VTK's face-array layout.
    return ("convex", id(g._data_obj), len(points)), lambda: pv.PolyData(points, polygons), False


def _trimesh(g):
    data = g.getTriMeshData()
    verts, faces = np.asarray(data._verts, dtype=float), np.asarray(data._faces, dtype=np.int64)

    def build():
        cells = np.hstack([np.full((len(faces), 1), 3, np.int64), faces]).ravel()
        return pv.PolyData(verts, cells)
    return ("trimesh", id(data), len(verts), len(faces)), build, False


def _heightfield(g):
    data = g.getHeightfieldData()
    width, depth, wn, dn, scale, offset = data._params[:6]
    heights = np.asarray(data._raw, dtype=float).reshape(dn, wn) * scale + offset
    signature = ("heightfield", id(data), width, depth, wn, dn, hash(heights.tobytes()))

    def build():
        # Sample (i, j) sits at x = i*width/(wn-1) - width/2, z = j*depth/(dn-1) - depth/2, height along y.
        x, z = np.meshgrid(np.linspace(-width / 2, width / 2, wn), np.linspace(-depth / 2, depth / 2, dn))
        points = np.column_stack([x.ravel(), heights.ravel(), z.ravel()])
        corner = (np.arange(dn - 1)[:, None] * wn + np.arange(wn - 1)[None, :]).ravel()
        quads = np.column_stack([np.full(len(corner), 4), corner, corner + wn, corner + wn + 1, corner + 1])
        return pv.PolyData(points, quads.ravel())
    return signature, build, False


def _aabb_shape(g):
    lo_hi = g.getAABB()
    bounds = tuple(float(v) for v in lo_hi)
    return ("aabb", bounds), lambda: pv.Box(bounds).extract_all_edges(), True


_LOCAL_SHAPES = {
    ode.GeomSphere: _sphere, ode.GeomBox: _box, ode.GeomCapsule: _capsule, ode.GeomCylinder: _cylinder,
    ode.GeomRay: _ray, ode.GeomConvex: _convex, ode.GeomTriMesh: _trimesh, ode.GeomHeightfield: _heightfield,
}


def _plane_piece(g, center, size: float) -> Piece:
    """A finite square of the infinite plane, centred on the point of the plane nearest ``center``, with a
    checker of tiles fixed in the plane (they do not slide when the camera target moves)."""
    (a, b, c), d = g.getParams()
    n = np.array([a, b, c], dtype=float)
    n /= np.linalg.norm(n)
    u = np.cross(n, (1.0, 0, 0) if abs(n[0]) < 0.9 else (0, 1.0, 0))
    u /= np.linalg.norm(u)
    v = np.cross(n, u)
    tile = _tile_size(size)
    cu = round(float(np.dot(center, u)) / tile) * tile
    cv = round(float(np.dot(center, v)) / tile) * tile
    origin = d * n + cu * u + cv * v
    signature = ("plane", tuple(n), d, cu, cv, size)

    def build():
        cells = max(2, int(round(size / tile)))
        cells += cells % 2
        mesh = pv.Plane(center=(0, 0, 0), direction=(0, 0, 1), i_size=cells * tile, j_size=cells * tile,
                        i_resolution=cells, j_resolution=cells)
        centres = mesh.cell_centers().points
        checker = (np.floor(centres[:, 0] / tile + 1e-9) + np.floor(centres[:, 1] / tile + 1e-9)) % 2
        mesh.cell_data["checker"] = checker
        return mesh
    return Piece((id(g),), signature, build, pose_matrix(origin, np.column_stack([u, v, n]).ravel()), (g,))


def _tile_size(size: float) -> float:
    """A round tile edge (1, 2 or 5 times a power of ten) giving about eighty tiles across the square."""
    raw = size / 80.0
    step = 10.0 ** np.floor(np.log10(raw))
    return float(min((m * step for m in (1, 2, 5, 10)), key=lambda t: abs(t - raw)))
