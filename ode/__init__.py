"""ode: the Open Dynamics Engine for Python, with PyODE's API.

Hot paths are Cython kernels (``ode._core``) with pure-Python twins (``ode._fallback``); the process chooses
one with ``ODE_BACKEND=core|python`` and the precision with ``ODE_PRECISION=double|single``.
"""

from . import rotation as rotation
from ._backend import backend as backend, precision as precision
from .body import Body as Body
from .collision import CONTACTS_UNIMPORTANT as CONTACTS_UNIMPORTANT, collide as collide, collide2 as collide2
from .config import CloseODE as CloseODE, InitODE as InitODE
from .config import checkConfiguration as checkConfiguration, getConfiguration as getConfiguration
# PyODE exposes Param*, Contact*, JointType* at top level; the "X as X" imports mark the names exported for
# type checkers (which do not re-export plain imports under --strict)
from .constants import *  # noqa: F401,F403
from .errors import ODEError as ODEError
from .geoms import (
    GeomBox as GeomBox,
    GeomCapsule as GeomCapsule,
    GeomCCylinder as GeomCCylinder,
    GeomCylinder as GeomCylinder,
    GeomObject as GeomObject,
    GeomPlane as GeomPlane,
    GeomRay as GeomRay,
    GeomSphere as GeomSphere,
    GeomTransform as GeomTransform,
)
from .joints import (
    BallJoint as BallJoint,
    Contact as Contact,
    ContactJoint as ContactJoint,
    FixedJoint as FixedJoint,
    Hinge2Joint as Hinge2Joint,
    HingeJoint as HingeJoint,
    Joint as Joint,
    JointGroup as JointGroup,
    AMotor as AMotor,
    DBallJoint as DBallJoint,
    DHingeJoint as DHingeJoint,
    LMotor as LMotor,
    NullJoint as NullJoint,
    PistonJoint as PistonJoint,
    PUJoint as PUJoint,
    Plane2DJoint as Plane2DJoint,
    PRJoint as PRJoint,
    SliderJoint as SliderJoint,
    TransmissionJoint as TransmissionJoint,
    UniversalJoint as UniversalJoint,
    areConnected as areConnected,
    areConnectedExcluding as areConnectedExcluding,
)
from .mass import Mass as Mass
from .rand import randGetSeed as randGetSeed, randSetSeed as randSetSeed
from .meshes import GeomConvex as GeomConvex, GeomHeightfield as GeomHeightfield
from .meshes import GeomTriMesh as GeomTriMesh, HeightfieldData as HeightfieldData, TriMeshData as TriMeshData
from .spaces import HashSpace as HashSpace, QuadTreeSpace as QuadTreeSpace, SAPSpace as SAPSpace
from .spaces import SimpleSpace as SimpleSpace, Space as Space, SpaceBase as SpaceBase
from .user_geoms import (
    GeomUser as GeomUser,
    boxTouchesBox as boxTouchesBox,
    closestLineSegmentPoints as closestLineSegmentPoints,
    createGeomClass as createGeomClass,
    infiniteAABB as infiniteAABB,
    setColliderOverride as setColliderOverride,
)
from .world import World as World
from .snapshot import WorldSnapshot as WorldSnapshot
from .pickling import dumps as dumps, loads as loads
from ._version import __version__ as __version__

environment = None  # PyODE's name for "no body": attaching a joint to it fixes it to the static world


