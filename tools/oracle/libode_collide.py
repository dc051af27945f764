"""libode's collision detection through ctypes: geoms, spaces, dCollide and dSpaceCollide (oracle only).

Nothing in the ``ode`` package imports this. Geoms are described by plain dicts ("specs") so recordings can
store them as JSON and tests can rebuild the same geoms through our public API:

    {"class": "sphere", "radius": r}            {"class": "box", "lengths": [lx, ly, lz]}
    {"class": "capsule", "radius": r, "length": l}   {"class": "cylinder", "radius": r, "length": l}
    {"class": "plane", "normal": [a, b, c], "dist": d}
    {"class": "ray", "length": l, "first_contact": 0, "backface_cull": 0, "closest_hit": 0}
    {"class": "convex", "planes": [[a, b, c, d], ...], "points": [[x, y, z], ...],
     "polygons": [n, i0, .., n, ..]}
    {"class": "trimesh", "vertices": [[x, y, z], ...], "faces": [[i, j, k], ...]}
    {"class": "transform", "geom": <spec>, "pos": [x, y, z], "rot": [9 values]}   (info mode 1)
    {"class": "heightfield", "heights": [...], "width": w, "depth": d, "width_samples": nw,
     "depth_samples": nd, "scale": s, "offset": o, "thickness": t, "wrap": 0}

Poses are a position and a row-major 3x3 rotation (planes ignore them).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

try:
    from tools.oracle import libode as _L
except ImportError:  # run as a plain script from tools/oracle/
    import libode as _L  # type: ignore[no-redef]

_P = ctypes.c_void_p
_I = ctypes.c_int
_U = ctypes.c_uint
_R = _L.dReal
_PR = ctypes.POINTER(_R)
_D = ctypes.c_double  # the samples of the *BuildDouble functions are double whatever dReal is
_PD = ctypes.POINTER(_D)
_V3 = (_R, _R, _R)

CLASS_NUMBERS = {
    "sphere": 0, "box": 1, "capsule": 2, "cylinder": 3, "plane": 4, "ray": 5, "convex": 6,
    "transform": 7, "trimesh": 8, "heightfield": 9,
}
CLASS_NAMES = {v: k for k, v in CLASS_NUMBERS.items()}
CONTACTS_UNIMPORTANT = 0x80000000

NEAR_CALLBACK = ctypes.CFUNCTYPE(None, _P, _P, _P)

_SIGS = {
    "dCreateSphere": (_P, _P, _R), "dCreateBox": (_P, _P, *_V3), "dCreatePlane": (_P, _P, *_V3, _R),
    "dCreateCapsule": (_P, _P, _R, _R), "dCreateCylinder": (_P, _P, _R, _R), "dCreateRay": (_P, _P, _R),
    "dCreateConvex": (_P, _P, _PR, _U, _PR, _U, ctypes.POINTER(_U)),
    "dCreateTriMesh": (_P, _P, _P, _P, _P, _P), "dCreateHeightfield": (_P, _P, _P, _I),
    "dCreateGeomTransform": (_P, _P),
    "dGeomTransformSetGeom": (None, _P, _P), "dGeomTransformSetInfo": (None, _P, _I),
    "dGeomTransformSetCleanup": (None, _P, _I),
    "dGeomTriMeshDataCreate": (_P,), "dGeomTriMeshDataDestroy": (None, _P),
    "dGeomTriMeshDataBuildDouble": (None, _P, _P, _I, _I, _P, _I, _I),
    "dGeomHeightfieldDataCreate": (_P,), "dGeomHeightfieldDataDestroy": (None, _P),
    "dGeomHeightfieldDataBuildDouble": (None, _P, _PD, _I, _R, _R, _I, _I, _R, _R, _R, _I),
    "dGeomDestroy": (None, _P), "dGeomGetClass": (_I, _P),
    "dGeomSetPosition": (None, _P, *_V3), "dGeomGetPosition": (_PR, _P),
    "dGeomSetRotation": (None, _P, _PR), "dGeomGetRotation": (_PR, _P),
    "dGeomGetAABB": (None, _P, _PR), "dGeomSetBody": (None, _P, _P),
    "dGeomSetCategoryBits": (None, _P, ctypes.c_ulong), "dGeomSetCollideBits": (None, _P, ctypes.c_ulong),
    "dGeomEnable": (None, _P), "dGeomDisable": (None, _P),
    "dGeomRaySetFirstContact": (None, _P, _I), "dGeomRaySetBackfaceCull": (None, _P, _I),
    "dGeomRaySetClosestHit": (None, _P, _I),
    "dCollide": (_I, _P, _P, _I, ctypes.POINTER(_L.dContactGeom), _I),
    "dSimpleSpaceCreate": (_P, _P), "dHashSpaceCreate": (_P, _P), "dHashSpaceSetLevels": (None, _P, _I, _I),
    "dQuadTreeSpaceCreate": (_P, _P, ctypes.POINTER(_R), ctypes.POINTER(_R), _I),
    "dSweepAndPruneSpaceCreate": (_P, _P, _I),
    "dSpaceDestroy": (None, _P), "dSpaceAdd": (None, _P, _P), "dSpaceRemove": (None, _P, _P),
    "dSpaceSetCleanup": (None, _P, _I), "dSpaceSetSublevel": (None, _P, _I),
    "dSpaceCollide": (None, _P, _P, NEAR_CALLBACK), "dSpaceCollide2": (None, _P, _P, _P, NEAR_CALLBACK),
    "dSpaceGetNumGeoms": (_I, _P),
}


class _Lib:
    """Lazily declared libode functions."""

    def __getattr__(self, name: str):
        restype, *argtypes = _SIGS[name]
        f = _L.fn(name, restype, *argtypes)
        setattr(self, name, f)
        return f


C = _Lib()


class Geom:
    """A libode geom built from a spec; keeps the arrays libode points at alive."""

    def __init__(self, spec: dict, space: int | None = None) -> None:
        self.spec = spec
        self.keep: list = []
        self.id = _create(self, spec, space)
        self.cls = C.dGeomGetClass(self.id)

    def set_pose(self, pos: Sequence[float], rot: Sequence[float]) -> None:
        """Place the geom (no-op for planes): position and row-major 3x3 rotation."""
        if self.spec["class"] == "plane":
            return
        C.dGeomSetPosition(self.id, *[float(x) for x in pos])
        C.dGeomSetRotation(self.id, mat3(rot))

    def pose(self) -> tuple:
        """(position, row-major rotation) as libode stores them."""
        p = C.dGeomGetPosition(self.id)
        r = C.dGeomGetRotation(self.id)
        return [p[0], p[1], p[2]], [r[4 * i + j] for i in range(3) for j in range(3)]

    def aabb(self) -> list:
        """minx, maxx, miny, maxy, minz, maxz."""
        out = (_R * 6)()
        C.dGeomGetAABB(self.id, out)
        return list(out)

    def destroy(self) -> None:
        """Free the geom and its class data."""
        if self.id:
            C.dGeomDestroy(self.id)
            self.id = None
        inner = getattr(self, "inner", None)
        if inner is not None:
            inner.destroy()
        for fn_name, ptr in self.keep:
            if isinstance(fn_name, str):
                getattr(C, fn_name)(ptr)
        self.keep = []


def mat3(r9: Sequence[float]):
    """A dMatrix3 (3x4 padded) from a row-major 9-sequence."""
    m = _L.dMatrix3()
    for i in range(3):
        for j in range(3):
            m[4 * i + j] = float(r9[3 * i + j])
    return m


def _create(owner: Geom, spec: dict, space) -> int:
    """Create the libode geom for ``spec`` in ``space`` (or none)."""
    cls = spec["class"]
    if cls == "sphere":
        return C.dCreateSphere(space, spec["radius"])
    if cls == "box":
        return C.dCreateBox(space, *[float(x) for x in spec["lengths"]])
    if cls == "capsule":
        return C.dCreateCapsule(space, spec["radius"], spec["length"])
    if cls == "cylinder":
        return C.dCreateCylinder(space, spec["radius"], spec["length"])
    if cls == "plane":
        a, b, c = (float(x) for x in spec["normal"])
        return C.dCreatePlane(space, a, b, c, float(spec["dist"]))
    if cls == "ray":
        g = C.dCreateRay(space, spec["length"])
        C.dGeomRaySetFirstContact(g, int(spec.get("first_contact", 0)))
        C.dGeomRaySetBackfaceCull(g, int(spec.get("backface_cull", 0)))
        C.dGeomRaySetClosestHit(g, int(spec.get("closest_hit", 0)))
        return g
    if cls == "convex":
        return _create_convex(owner, spec, space)
    if cls == "transform":
        return _create_transform(owner, spec, space)
    if cls == "trimesh":
        return _create_trimesh(owner, spec, space)
    if cls == "heightfield":
        return _create_heightfield(owner, spec, space)
    raise ValueError(f"unknown geom class {cls!r}")


def _create_transform(owner: Geom, spec: dict, space) -> int:
    """dCreateGeomTransform around spec["geom"], placed at spec["pos"], spec["rot"] in the transform frame."""
    inner = Geom(spec["geom"])
    inner.set_pose(spec["pos"], spec["rot"])
    g = C.dCreateGeomTransform(space)
    C.dGeomTransformSetCleanup(g, 0)
    C.dGeomTransformSetInfo(g, 1)
    C.dGeomTransformSetGeom(g, inner.id)
    owner.keep.append((None, inner))
    owner.inner = inner
    return g


def _create_convex(owner: Geom, spec: dict, space) -> int:
    """dCreateConvex from planes, points and the polygon index list (arrays kept alive by owner)."""
    planes = [float(x) for p in spec["planes"] for x in p]
    points = [float(x) for p in spec["points"] for x in p]
    polys = [int(x) for x in spec["polygons"]]
    pa, qa, ia = (_R * len(planes))(*planes), (_R * len(points))(*points), (_U * len(polys))(*polys)
    owner.keep += [(None, pa), (None, qa), (None, ia)]
    return C.dCreateConvex(space, pa, len(spec["planes"]), qa, len(spec["points"]), ia)


def _create_trimesh(owner: Geom, spec: dict, space) -> int:
    """dCreateTriMesh over double vertices and uint32 indices."""
    verts = [float(x) for v in spec["vertices"] for x in v]
    idx = [int(x) for f in spec["faces"] for x in f]
    va, ia = (_D * len(verts))(*verts), (ctypes.c_uint32 * len(idx))(*idx)
    data = C.dGeomTriMeshDataCreate()
    C.dGeomTriMeshDataBuildDouble(data, va, 3 * 8, len(spec["vertices"]), ia, len(idx), 3 * 4)
    owner.keep += [(None, va), (None, ia)]
    g = C.dCreateTriMesh(space, data, None, None, None)
    owner.keep.append(("dGeomTriMeshDataDestroy", data))
    return g


def _create_heightfield(owner: Geom, spec: dict, space) -> int:
    """dCreateHeightfield over double samples (copied by libode), placeable."""
    h = [float(x) for x in spec["heights"]]
    ha = (_D * len(h))(*h)
    data = C.dGeomHeightfieldDataCreate()
    C.dGeomHeightfieldDataBuildDouble(
        data, ha, 1, spec["width"], spec["depth"], spec["width_samples"], spec["depth_samples"],
        spec["scale"], spec["offset"], spec["thickness"], int(spec.get("wrap", 0)))
    g = C.dCreateHeightfield(space, data, int(spec.get("placeable", 1)))
    owner.keep.append(("dGeomHeightfieldDataDestroy", data))
    return g


def collide(g1: Geom, g2: Geom, max_contacts: int, unimportant: bool = False) -> list:
    """dCollide: a list of [pos(3), normal(3), depth, side1, side2] per contact."""
    buf = (_L.dContactGeom * max_contacts)()
    flags = max_contacts | (CONTACTS_UNIMPORTANT if unimportant else 0)
    n = C.dCollide(g1.id, g2.id, flags, buf, ctypes.sizeof(_L.dContactGeom))
    out = []
    for k in range(n):
        c = buf[k]
        out.append([c.pos[0], c.pos[1], c.pos[2], c.normal[0], c.normal[1], c.normal[2], c.depth,
                    c.side1, c.side2])
    return out


# ---------------------------------------------------------------- spaces
class Space:
    """A libode space: kind is "simple", "hash", "quadtree" or "sap"; nested under ``parent`` if given."""

    def __init__(self, kind: str, parent: Space | None = None, **params) -> None:
        pid = parent.id if parent is not None else None
        self.kind = kind
        if kind == "simple":
            self.id = C.dSimpleSpaceCreate(pid)
        elif kind == "hash":
            self.id = C.dHashSpaceCreate(pid)
            if "levels" in params:
                C.dHashSpaceSetLevels(self.id, *params["levels"])
        elif kind == "quadtree":
            center = (_R * 4)(*params["center"], 0.0)
            extents = (_R * 4)(*params["extents"], 0.0)
            self.id = C.dQuadTreeSpaceCreate(pid, center, extents, int(params["depth"]))
        elif kind == "sap":
            self.id = C.dSweepAndPruneSpaceCreate(pid, int(params.get("axes", 0)))
        else:
            raise ValueError(f"unknown space kind {kind!r}")
        C.dSpaceSetCleanup(self.id, 0)

    def add(self, geom_id: int) -> None:
        """Insert a geom (or space) id."""
        C.dSpaceAdd(self.id, geom_id)

    def collide_pairs(self) -> list:
        """dSpaceCollide: the (id1, id2) pairs handed to the near callback, in call order."""
        pairs: list = []

        def near(_data, a, b):
            pairs.append((a, b))

        cb = NEAR_CALLBACK(near)
        C.dSpaceCollide(self.id, None, cb)
        return pairs

    def destroy(self) -> None:
        """Free the space (not its geoms: cleanup is off)."""
        if self.id:
            C.dSpaceDestroy(self.id)
            self.id = None


def space_collide2(o1: int, o2: int) -> list:
    """dSpaceCollide2 on two geom/space ids: the pairs handed to the callback."""
    pairs: list = []

    def near(_data, a, b):
        pairs.append((a, b))

    C.dSpaceCollide2(o1, o2, None, NEAR_CALLBACK(near))
    return pairs
