"""The libode shim (tools/oracle/libode_pyode.py) plus the API PyODE's remaining example scripts use (oracle
only).

Bound as ``ode`` by tests/fidelity/test_examples.py when recording PyODE's tutorial2.py, transforms.py,
tutorial_heightmap.py and vehicle.py. Adds, on top of the base shim (which is not edited):

- ``areConnected``/``areConnectedExcluding`` with ``ode.environment`` (None): PyODE answers False there
  (observed with Debian's python3-pyode: ``areConnected(body, None)`` is False even when a joint attaches
  the body to the world), while libode's dAreConnected aborts on a NULL body, so the shim answers first.
- ``HeightfieldData`` (buildByte, buildShort, buildSingle, buildDouble, setBounds) and
  ``GeomHeightfield(data, placeable=True, space=None)``.
- ``GeomTransform`` (setGeom/getGeom, setInfo/getInfo, setCleanup/getCleanup).
"""

from __future__ import annotations

import ctypes

try:
    from tools.oracle import libode_pyode as _base
    from tools.oracle.libode_pyode import *  # noqa: F403 - the whole PyODE-shaped base API
except ImportError:  # run as a plain script from tools/oracle/
    import libode_pyode as _base  # type: ignore[no-redef]
    from libode_pyode import *  # type: ignore[no-redef] # noqa: F403

_P = ctypes.c_void_p
_I = ctypes.c_int
_R = _base.dReal
_PR = ctypes.POINTER(_R)

_base._SIGS.update({
    "dGeomHeightfieldDataBuildByte": (None, _P, _P, _I, _R, _R, _I, _I, _R, _R, _R, _I),
    "dGeomHeightfieldDataBuildShort": (None, _P, _P, _I, _R, _R, _I, _I, _R, _R, _R, _I),
    "dGeomHeightfieldDataBuildSingle": (None, _P, _P, _I, _R, _R, _I, _I, _R, _R, _R, _I),
    "dGeomHeightfieldDataBuildDouble": (None, _P, _P, _I, _R, _R, _I, _I, _R, _R, _R, _I),
    "dGeomHeightfieldDataSetBounds": (None, _P, _R, _R),
    "dGeomHeightfieldDataCreate": (_P,),
    "dCreateHeightfield": (_P, _P, _P, _I),
    "dCreateGeomTransform": (_P, _P),
    "dGeomTransformSetGeom": (None, _P, _P), "dGeomTransformSetInfo": (None, _P, _I),
    "dGeomTransformGetInfo": (_I, _P), "dGeomTransformSetCleanup": (None, _P, _I),
    "dGeomTransformGetCleanup": (_I, _P),
})
_C = _base.C


def areConnected(body1, body2) -> bool:
    """Whether a joint connects the two bodies; False when either is the environment (as PyODE)."""
    if body1 is None or body2 is None:
        return False
    return _base.areConnected(body1, body2)


def areConnectedExcluding(body1, body2, joint_type: int) -> bool:
    """Whether a joint not of joint_type connects the bodies; False for the environment (as PyODE)."""
    if body1 is None or body2 is None:
        return False
    return _base.areConnectedExcluding(body1, body2, joint_type)


class HeightfieldData:
    """dHeightfieldDataID: samples of a heightfield; the sample buffer is kept alive when not copied."""

    def __init__(self) -> None:
        self._id = _C.dGeomHeightfieldDataCreate()
        self._keep = None

    def _build(self, fname: str, ctype, data, copy, width, depth, width_samples, depth_samples,
               scale=1.0, offset=0.0, thickness=0.0, wrap=False) -> None:
        """Hand libode a C array of ``ctype`` samples (row by row) and the grid's geometry."""
        vals = [x for x in (data.ravel().tolist() if hasattr(data, "ravel") else data)]
        buf = (ctype * len(vals))(*vals)
        self._keep = buf
        getattr(_C, fname)(self._id, ctypes.cast(buf, _P), int(bool(copy)), float(width), float(depth),
                           int(width_samples), int(depth_samples), float(scale), float(offset),
                           float(thickness), int(bool(wrap)))

    def buildByte(self, data, copy, width, depth, width_samples, depth_samples, scale=1.0, offset=0.0,
                  thickness=0.0, wrap=False) -> None:
        """Unsigned byte samples."""
        self._build("dGeomHeightfieldDataBuildByte", ctypes.c_ubyte, data, copy, width, depth,
                    width_samples, depth_samples, scale, offset, thickness, wrap)

    def buildShort(self, data, copy, width, depth, width_samples, depth_samples, scale=1.0, offset=0.0,
                   thickness=0.0, wrap=False) -> None:
        """Signed 16-bit samples."""
        self._build("dGeomHeightfieldDataBuildShort", ctypes.c_short, data, copy, width, depth,
                    width_samples, depth_samples, scale, offset, thickness, wrap)

    def buildSingle(self, data, copy, width, depth, width_samples, depth_samples, scale=1.0, offset=0.0,
                    thickness=0.0, wrap=False) -> None:
        """float samples."""
        self._build("dGeomHeightfieldDataBuildSingle", ctypes.c_float, data, copy, width, depth,
                    width_samples, depth_samples, scale, offset, thickness, wrap)

    def buildDouble(self, data, copy, width, depth, width_samples, depth_samples, scale=1.0, offset=0.0,
                    thickness=0.0, wrap=False) -> None:
        """double samples."""
        self._build("dGeomHeightfieldDataBuildDouble", ctypes.c_double, data, copy, width, depth,
                    width_samples, depth_samples, scale, offset, thickness, wrap)

    def setBounds(self, min_height: float, max_height: float) -> None:
        """Set the height bounds used for the AABB."""
        _C.dGeomHeightfieldDataSetBounds(self._id, float(min_height), float(max_height))


class GeomHeightfield(GeomObject):  # noqa: F405 - from the base shim
    """A heightfield geom: GeomHeightfield(data, placeable=True, space=None)."""

    def __init__(self, data: HeightfieldData, placeable: bool = True, space=None) -> None:
        self._data = data
        self._placeable = bool(placeable)
        self._init(_C.dCreateHeightfield(_base._sid(space), data._id, int(bool(placeable))), space)

    def getHeightfieldData(self) -> HeightfieldData:
        """The data the geom samples."""
        return self._data


class GeomTransform(GeomObject):  # noqa: F405 - from the base shim
    """A transform geom encapsulating one geom placed in its frame: GeomTransform(space=None)."""

    def __init__(self, space=None) -> None:
        self._geom = None
        self._init(_C.dCreateGeomTransform(_base._sid(space)), space)
        _C.dGeomTransformSetCleanup(self._id, 0)

    def setGeom(self, geom) -> None:
        """Encapsulate geom (which must not be in a space)."""
        _C.dGeomTransformSetGeom(self._id, None if geom is None else geom._id)
        self._geom = geom

    def getGeom(self):
        """The encapsulated geom."""
        return self._geom

    def setInfo(self, mode: int) -> None:
        """0: contacts report the transform geom, 1: the encapsulated geom."""
        _C.dGeomTransformSetInfo(self._id, int(mode))

    def getInfo(self) -> int:
        """The info mode."""
        return _C.dGeomTransformGetInfo(self._id)



def _cross(a: tuple, b: tuple) -> tuple:
    return a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]


def _parallel(a: tuple, b: tuple) -> bool:
    """Whether two axes are (nearly) parallel, where libode's hinge-2 makeV1andV2 aborts."""
    c = _cross(a, b)
    na = sum(x * x for x in a) ** 0.5
    nb = sum(x * x for x in b) ** 0.5
    return sum(x * x for x in c) ** 0.5 <= 1e-6 * na * nb


def _detour(old_other: tuple, new: tuple) -> tuple:
    """A temporary axis perpendicular to ``old_other`` and ``new`` (to ``new`` if those are parallel)."""
    t = _cross(old_other, new)
    if sum(x * x for x in t) > 1e-12:
        return t
    for e in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)):
        t = _cross(new, e)
        if sum(x * x for x in t) > 1e-12:
            return t
    raise ValueError("zero hinge-2 axis")


class Hinge2Joint(_base.Hinge2Joint):
    """Hinge-2 joint that survives setting one axis parallel to the other's current value.

    libode 0.16.2 aborts the process ("Hinge2 axes must be chosen to be linearly independent in
    makeV1andV2()") when setAxis1 is parallel to the current axis 2, as Debian's PyODE does when xode builds
    vehicle.py's wheels (axis 1 = (0, 1, 0) = the default axis 2, then axis 2). The shim first moves the other
    axis to a temporary perpendicular one; the caller then sets it, and since libode derives the joint's
    reference vectors from the final two axes only, the joint ends as the document describes (the recording
    step of tests/fidelity/test_examples.py checks this, bit for bit over 100 steps, against a non-aborting
    order).
    """

    def setAxis1(self, axis) -> None:
        """Set axis 1 (world), detouring axis 2 when they would be parallel."""
        a = tuple(float(x) for x in axis)
        if _parallel(a, self.getAxis2()):
            _C.dJointSetHinge2Axis2(self._jid(), *_detour(self.getAxis1(), a))
        _base.Hinge2Joint.setAxis1(self, a)

    def setAxis2(self, axis) -> None:
        """Set axis 2 (world), detouring axis 1 when they would be parallel."""
        a = tuple(float(x) for x in axis)
        if _parallel(a, self.getAxis1()):
            _C.dJointSetHinge2Axis1(self._jid(), *_detour(self.getAxis2(), a))
        _base.Hinge2Joint.setAxis2(self, a)
