"""ode: the Open Dynamics Engine for Python, with PyODE's API.

Hot paths are Cython kernels (``ode._core``) with pure-Python twins (``ode._fallback``); the process chooses
one with ``ODE_BACKEND=core|python`` and the precision with ``ODE_PRECISION=double|single``.
"""

from . import rotation
from ._backend import backend, precision
from .body import Body
from .collision import CONTACTS_UNIMPORTANT, collide, collide2
from .config import CloseODE, InitODE, checkConfiguration, getConfiguration
from .constants import *  # noqa: F401,F403  (PyODE exposes Param*, Contact*, JointType* at top level)
from .errors import ODEError
from .geoms import (
    GeomBox,
    GeomCapsule,
    GeomCCylinder,
    GeomCylinder,
    GeomObject,
    GeomPlane,
    GeomRay,
    GeomSphere,
    GeomTransform,
)
from .joints import (
    BallJoint,
    Contact,
    ContactJoint,
    FixedJoint,
    Hinge2Joint,
    HingeJoint,
    Joint,
    JointGroup,
    AMotor,
    DBallJoint,
    DHingeJoint,
    LMotor,
    NullJoint,
    PistonJoint,
    PUJoint,
    Plane2DJoint,
    PRJoint,
    SliderJoint,
    TransmissionJoint,
    UniversalJoint,
    areConnected,
    areConnectedExcluding,
)
from .mass import Mass
from .rand import randGetSeed, randSetSeed
from .meshes import GeomConvex, GeomHeightfield, GeomTriMesh, HeightfieldData, TriMeshData
from .spaces import HashSpace, QuadTreeSpace, SAPSpace, SimpleSpace, Space, SpaceBase
from .user_geoms import (
    GeomUser,
    boxTouchesBox,
    closestLineSegmentPoints,
    createGeomClass,
    infiniteAABB,
    setColliderOverride,
)
from .world import World
from .snapshot import WorldSnapshot
from .pickling import dumps, loads

environment = None  # PyODE's name for "no body": attaching a joint to it fixes it to the static world


def _version() -> str:
    """The installed distribution's version (package metadata), or the source tree's."""
    from importlib import metadata

    try:
        return metadata.version("cyode")
    except metadata.PackageNotFoundError:
        return "0.1.0+source"


__version__ = _version()
