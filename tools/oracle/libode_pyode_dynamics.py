"""The libode shim extended with the rest of ODE's dynamics API: remaining joints, QuickStep, sleeping,
damping, kinematics.

Import this module as ``ode`` wherever a scene needs that API: it re-exports everything of
``tools/oracle/libode_pyode`` (which it does not modify) and adds, with PyODE's names where PyODE has them:

- ``World``: QuickStep W, auto-disable defaults, damping, max angular speed, exportDIF;
- ``Body``: per-body auto-disable, damping, max angular speed (kinematic bodies are in the base shim);
- joints: PRJoint, PUJoint, PistonJoint, AMotor, LMotor, Plane2DJoint, DBallJoint, DHingeJoint,
  TransmissionJoint, NullJoint;
- ``randSetSeed`` / ``randGetSeed`` (libode's global dRand state, which QuickStep's row reordering uses).

libode is driven as a black box through ctypes (``tools/oracle/libode.py``); nothing here is derived from its
source.
"""

from __future__ import annotations

import ctypes
import os
import tempfile
from collections.abc import Sequence

try:
    from tools.oracle import libode as _L
    from tools.oracle import libode_pyode as _base
    from tools.oracle.libode_pyode import *  # noqa: F401,F403  (the shim's whole PyODE surface)
except ImportError:  # run as a plain script from tools/oracle/
    import libode as _L  # type: ignore[no-redef]
    import libode_pyode as _base  # type: ignore[no-redef]
    from libode_pyode import *  # type: ignore[no-redef]  # noqa: F401,F403

_P = ctypes.c_void_p
_I = ctypes.c_int
_U = ctypes.c_ulong
_R = _L.dReal
_PR = ctypes.POINTER(_L.dReal)
_V3 = (_R, _R, _R)
_out3 = _base._out3
_v3 = _base._v3
ODEError = _base.ODEError

# ---------------------------------------------------------------- constants of ODE 0.16.2
AMotorUser = 0
AMotorEuler = 1
TransmissionParallelAxes = 0
TransmissionIntersectingAxes = 1
TransmissionChainDrive = 2
JointTypeNull = 8
JointTypeAMotor = 9
JointTypeLMotor = 10
JointTypePlane2D = 11
JointTypePR = 12
JointTypePU = 13
JointTypePiston = 14
JointTypeDBall = 15
JointTypeDHinge = 16
JointTypeTransmission = 17

# ---------------------------------------------------------------- libode function table (this shim's
# additions)
_SIGS3: dict = {
    "dRandSetSeed": (None, _U), "dRandGetSeed": (_U,),
    "dWorldSetQuickStepW": (None, _P, _R), "dWorldGetQuickStepW": (_R, _P),
    "dWorldSetDamping": (None, _P, _R, _R),
    "dWorldSetAutoDisableSteps": (None, _P, _I), "dWorldGetAutoDisableSteps": (_I, _P),
    "dWorldSetAutoDisableAverageSamplesCount": (None, _P, _I),
    "dWorldGetAutoDisableAverageSamplesCount": (_I, _P),
    "dWorldExportDIF": (None, _P, _P, ctypes.c_char_p),
    "dBodySetAutoDisableFlag": (None, _P, _I), "dBodyGetAutoDisableFlag": (_I, _P),
    "dBodySetAutoDisableSteps": (None, _P, _I), "dBodyGetAutoDisableSteps": (_I, _P),
    "dBodySetAutoDisableAverageSamplesCount": (None, _P, _I),
    "dBodyGetAutoDisableAverageSamplesCount": (_I, _P),
    "dBodySetAutoDisableDefaults": (None, _P), "dBodySetDampingDefaults": (None, _P),
    "dBodySetDamping": (None, _P, _R, _R),
    "dJointAddAMotorTorques": (None, _P, *_V3), "dJointAddPRTorque": (None, _P, _R),
    "dJointAddPistonForce": (None, _P, _R),
    "dJointSetAMotorMode": (None, _P, _I), "dJointGetAMotorMode": (_I, _P),
    "dJointSetAMotorNumAxes": (None, _P, _I), "dJointGetAMotorNumAxes": (_I, _P),
    "dJointSetAMotorAxis": (None, _P, _I, _I, *_V3), "dJointGetAMotorAxis": (None, _P, _I, _PR),
    "dJointGetAMotorAxisRel": (_I, _P, _I),
    "dJointSetAMotorAngle": (None, _P, _I, _R), "dJointGetAMotorAngle": (_R, _P, _I),
    "dJointGetAMotorAngleRate": (_R, _P, _I),
    "dJointSetLMotorNumAxes": (None, _P, _I), "dJointGetLMotorNumAxes": (_I, _P),
    "dJointSetLMotorAxis": (None, _P, _I, _I, *_V3), "dJointGetLMotorAxis": (None, _P, _I, _PR),
    "dJointSetPlane2DXParam": (None, _P, _I, _R), "dJointSetPlane2DYParam": (None, _P, _I, _R),
    "dJointSetPlane2DAngleParam": (None, _P, _I, _R),
    "dJointSetPUAnchorDelta": (None, _P, *_V3, *_V3), "dJointSetPUAnchorOffset": (None, _P, *_V3, *_V3),
    "dJointGetPUAngles": (None, _P, _PR, _PR),
    "dJointSetPistonAxisDelta": (None, _P, *_V3, *_V3),
    "dJointSetPistonAnchorOffset": (None, _P, *_V3, *_V3),
    "dJointSetDBallDistance": (None, _P, _R),
    "dJointSetTransmissionMode": (None, _P, _I), "dJointGetTransmissionMode": (_I, _P),
}
for _kind in ("AMotor", "LMotor", "PR", "PU", "Piston", "DBall", "DHinge", "Transmission"):
    _SIGS3[f"dJointSet{_kind}Param"] = (None, _P, _I, _R)
    _SIGS3[f"dJointGet{_kind}Param"] = (_R, _P, _I)
for _kind in ("AMotor", "LMotor", "Null", "Plane2D", "PR", "PU", "Piston", "DBall", "DHinge", "Transmission"):
    _SIGS3[f"dJointCreate{_kind}"] = (_P, _P, _P)
for _name in ("PRAnchor", "PRAxis1", "PRAxis2", "PUAnchor", "PUAxis1", "PUAxis2", "PUAxis3", "PUAxisP",
              "PistonAnchor", "PistonAxis", "DBallAnchor1", "DBallAnchor2", "DHingeAxis", "DHingeAnchor1",
              "DHingeAnchor2", "TransmissionAxis", "TransmissionAxis1", "TransmissionAxis2",
              "TransmissionAnchor1", "TransmissionAnchor2"):
    _SIGS3[f"dJointSet{_name}"] = (None, _P, *_V3)
for _name in ("PRAnchor", "PRAxis1", "PRAxis2", "PUAnchor", "PUAxis1", "PUAxis2", "PUAxis3", "PUAxisP",
              "PistonAnchor", "PistonAnchor2", "PistonAxis", "DBallAnchor1", "DBallAnchor2", "DHingeAxis",
              "DHingeAnchor1", "DHingeAnchor2", "TransmissionAxis", "TransmissionAxis1", "TransmissionAxis2",
              "TransmissionAnchor1", "TransmissionAnchor2", "TransmissionContactPoint1",
              "TransmissionContactPoint2"):
    _SIGS3[f"dJointGet{_name}"] = (None, _P, _PR)
for _name in ("PRPosition", "PRPositionRate", "PRAngle", "PRAngleRate", "PUAngle1", "PUAngle2",
              "PUAngle1Rate", "PUAngle2Rate", "PUPosition", "PUPositionRate", "PistonPosition",
              "PistonPositionRate", "PistonAngle", "PistonAngleRate", "DBallDistance", "DHingeDistance",
              "TransmissionRatio", "TransmissionAngle1", "TransmissionAngle2", "TransmissionRadius1",
              "TransmissionRadius2", "TransmissionBacklash"):
    _SIGS3[f"dJointGet{_name}"] = (_R, _P)
for _name in ("TransmissionRatio", "TransmissionRadius1", "TransmissionRadius2", "TransmissionBacklash"):
    _SIGS3[f"dJointSet{_name}"] = (None, _P, _R)
for _name in ("LinearDamping", "AngularDamping", "LinearDampingThreshold", "AngularDampingThreshold",
              "MaxAngularSpeed", "AutoDisableLinearThreshold", "AutoDisableAngularThreshold",
              "AutoDisableTime"):
    for _owner in ("World", "Body"):
        _SIGS3[f"d{_owner}Set{_name}"] = (None, _P, _R)
        _SIGS3[f"d{_owner}Get{_name}"] = (_R, _P)


class _Lib3:
    """Lazily declared libode functions of this shim (falling back to the base shim's table)."""

    def __getattr__(self, name: str):
        if name not in _SIGS3:
            return getattr(_base.C, name)
        restype, *argtypes = _SIGS3[name]
        f = _L.fn(name, restype, *argtypes)
        setattr(self, name, f)
        return f


C = _Lib3()


def randSetSeed(seed: int) -> None:
    """Set libode's global dRand seed (QuickStep's row reordering draws from it)."""
    C.dRandSetSeed(int(seed))


def randGetSeed() -> int:
    """libode's current dRand seed."""
    return int(C.dRandGetSeed())


# ---------------------------------------------------------------- world and body
class World(_base.World):
    """The base shim's World plus QuickStep W, auto-disable defaults, damping and exportDIF."""

    def setQuickStepW(self, over_relaxation: float) -> None:
        """Set QuickStep's SOR over-relaxation."""
        C.dWorldSetQuickStepW(self._id, over_relaxation)

    def getQuickStepW(self) -> float:
        """QuickStep's SOR over-relaxation."""
        return C.dWorldGetQuickStepW(self._id)

    def setAutoDisableLinearThreshold(self, threshold: float) -> None:
        """Set the default linear speed below which a body counts as idle."""
        C.dWorldSetAutoDisableLinearThreshold(self._id, threshold)

    def getAutoDisableLinearThreshold(self) -> float:
        """The default idle linear speed threshold."""
        return C.dWorldGetAutoDisableLinearThreshold(self._id)

    def setAutoDisableAngularThreshold(self, threshold: float) -> None:
        """Set the default angular speed below which a body counts as idle."""
        C.dWorldSetAutoDisableAngularThreshold(self._id, threshold)

    def getAutoDisableAngularThreshold(self) -> float:
        """The default idle angular speed threshold."""
        return C.dWorldGetAutoDisableAngularThreshold(self._id)

    def setAutoDisableSteps(self, steps: int) -> None:
        """Set the default number of idle steps before a body is disabled."""
        C.dWorldSetAutoDisableSteps(self._id, int(steps))

    def getAutoDisableSteps(self) -> int:
        """The default number of idle steps."""
        return C.dWorldGetAutoDisableSteps(self._id)

    def setAutoDisableTime(self, time: float) -> None:
        """Set the default idle time before a body is disabled."""
        C.dWorldSetAutoDisableTime(self._id, time)

    def getAutoDisableTime(self) -> float:
        """The default idle time."""
        return C.dWorldGetAutoDisableTime(self._id)

    def setAutoDisableAverageSamplesCount(self, count: int) -> None:
        """Set the default number of velocity samples averaged for the idle test."""
        C.dWorldSetAutoDisableAverageSamplesCount(self._id, int(count))

    def getAutoDisableAverageSamplesCount(self) -> int:
        """The default number of averaged velocity samples."""
        return C.dWorldGetAutoDisableAverageSamplesCount(self._id)

    def setLinearDamping(self, scale: float) -> None:
        """Set the default linear damping scale."""
        C.dWorldSetLinearDamping(self._id, scale)

    def getLinearDamping(self) -> float:
        """The default linear damping scale."""
        return C.dWorldGetLinearDamping(self._id)

    def setAngularDamping(self, scale: float) -> None:
        """Set the default angular damping scale."""
        C.dWorldSetAngularDamping(self._id, scale)

    def getAngularDamping(self) -> float:
        """The default angular damping scale."""
        return C.dWorldGetAngularDamping(self._id)

    def setDamping(self, linear_scale: float, angular_scale: float) -> None:
        """Set both default damping scales."""
        C.dWorldSetDamping(self._id, linear_scale, angular_scale)

    def setLinearDampingThreshold(self, threshold: float) -> None:
        """Set the default linear speed above which linear damping acts."""
        C.dWorldSetLinearDampingThreshold(self._id, threshold)

    def getLinearDampingThreshold(self) -> float:
        """The default linear damping threshold."""
        return C.dWorldGetLinearDampingThreshold(self._id)

    def setAngularDampingThreshold(self, threshold: float) -> None:
        """Set the default angular speed above which angular damping acts."""
        C.dWorldSetAngularDampingThreshold(self._id, threshold)

    def getAngularDampingThreshold(self) -> float:
        """The default angular damping threshold."""
        return C.dWorldGetAngularDampingThreshold(self._id)

    def setMaxAngularSpeed(self, max_speed: float) -> None:
        """Set the default maximum angular speed of new bodies."""
        C.dWorldSetMaxAngularSpeed(self._id, max_speed)

    def getMaxAngularSpeed(self) -> float:
        """The default maximum angular speed."""
        return C.dWorldGetMaxAngularSpeed(self._id)

    def exportDIF(self, file, prefix: str = "") -> None:
        """Write libode's DIF text of the world to a path or a text file object."""
        libc = ctypes.CDLL(None)
        libc.fopen.restype = _P
        libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        libc.fclose.argtypes = [_P]
        fd, tmp = tempfile.mkstemp(suffix=".dif")
        os.close(fd)
        try:
            fp = libc.fopen(tmp.encode(), b"w")
            C.dWorldExportDIF(self._id, fp, prefix.encode())
            libc.fclose(fp)
            with open(tmp) as f:
                text = f.read()
        finally:
            os.unlink(tmp)
        if hasattr(file, "write"):
            file.write(text)
        else:
            with open(file, "w") as f:
                f.write(text)


class Body(_base.Body):
    """The base shim's Body plus per-body auto-disable, damping and maximum angular speed."""

    def setAutoDisableFlag(self, flag: int) -> None:
        """Whether this body may be disabled when idle."""
        C.dBodySetAutoDisableFlag(self._id, int(bool(flag)))

    def getAutoDisableFlag(self) -> bool:
        """The body's auto-disable flag."""
        return bool(C.dBodyGetAutoDisableFlag(self._id))

    def setAutoDisableLinearThreshold(self, threshold: float) -> None:
        """Set the body's idle linear speed threshold."""
        C.dBodySetAutoDisableLinearThreshold(self._id, threshold)

    def getAutoDisableLinearThreshold(self) -> float:
        """The body's idle linear speed threshold."""
        return C.dBodyGetAutoDisableLinearThreshold(self._id)

    def setAutoDisableAngularThreshold(self, threshold: float) -> None:
        """Set the body's idle angular speed threshold."""
        C.dBodySetAutoDisableAngularThreshold(self._id, threshold)

    def getAutoDisableAngularThreshold(self) -> float:
        """The body's idle angular speed threshold."""
        return C.dBodyGetAutoDisableAngularThreshold(self._id)

    def setAutoDisableSteps(self, steps: int) -> None:
        """Set the body's number of idle steps before it is disabled."""
        C.dBodySetAutoDisableSteps(self._id, int(steps))

    def getAutoDisableSteps(self) -> int:
        """The body's number of idle steps."""
        return C.dBodyGetAutoDisableSteps(self._id)

    def setAutoDisableTime(self, time: float) -> None:
        """Set the body's idle time before it is disabled."""
        C.dBodySetAutoDisableTime(self._id, time)

    def getAutoDisableTime(self) -> float:
        """The body's idle time."""
        return C.dBodyGetAutoDisableTime(self._id)

    def setAutoDisableAverageSamplesCount(self, count: int) -> None:
        """Set how many velocity samples the body's idle test averages."""
        C.dBodySetAutoDisableAverageSamplesCount(self._id, int(count))

    def getAutoDisableAverageSamplesCount(self) -> int:
        """How many velocity samples the body's idle test averages."""
        return C.dBodyGetAutoDisableAverageSamplesCount(self._id)

    def setAutoDisableDefaults(self) -> None:
        """Copy the world's auto-disable defaults to the body."""
        C.dBodySetAutoDisableDefaults(self._id)

    def setLinearDamping(self, scale: float) -> None:
        """Set the body's linear damping scale."""
        C.dBodySetLinearDamping(self._id, scale)

    def getLinearDamping(self) -> float:
        """The body's linear damping scale."""
        return C.dBodyGetLinearDamping(self._id)

    def setAngularDamping(self, scale: float) -> None:
        """Set the body's angular damping scale."""
        C.dBodySetAngularDamping(self._id, scale)

    def getAngularDamping(self) -> float:
        """The body's angular damping scale."""
        return C.dBodyGetAngularDamping(self._id)

    def setDamping(self, linear_scale: float, angular_scale: float) -> None:
        """Set both of the body's damping scales."""
        C.dBodySetDamping(self._id, linear_scale, angular_scale)

    def setLinearDampingThreshold(self, threshold: float) -> None:
        """Set the body's linear damping threshold."""
        C.dBodySetLinearDampingThreshold(self._id, threshold)

    def getLinearDampingThreshold(self) -> float:
        """The body's linear damping threshold."""
        return C.dBodyGetLinearDampingThreshold(self._id)

    def setAngularDampingThreshold(self, threshold: float) -> None:
        """Set the body's angular damping threshold."""
        C.dBodySetAngularDampingThreshold(self._id, threshold)

    def getAngularDampingThreshold(self) -> float:
        """The body's angular damping threshold."""
        return C.dBodyGetAngularDampingThreshold(self._id)

    def setDampingDefaults(self) -> None:
        """Copy the world's damping defaults to the body."""
        C.dBodySetDampingDefaults(self._id)

    def getMaxAngularSpeed(self) -> float:
        """The body's maximum angular speed."""
        return C.dBodyGetMaxAngularSpeed(self._id)


# ---------------------------------------------------------------- joints
def _axis_out(f, jid, anum: int) -> tuple:
    """Call an indexed axis getter that writes a dVector3 into its last argument."""
    out = _L.dVector3()
    f(jid, int(anum), out)
    return out[0], out[1], out[2]


class _KernelGeometryJoint(_base.Joint):
    """Base of the extended joints: creation by ODE kind name, parameters through
    dJoint{Set,Get}<kind>Param."""

    def __init__(self, world: World, jointgroup=None) -> None:
        self._create = f"dJointCreate{self._kind}"
        self._world = world
        self._bodies = (None, None)
        self._fb = None
        gid = jointgroup._id if jointgroup is not None else None
        self._id = getattr(C, self._create)(world._id, gid)
        if jointgroup is not None:
            jointgroup._add(self)
        else:
            world._joints.append(self)

    def setParam(self, param: int, value: float) -> None:
        """Set a stop/motor parameter (ODE 0.16 numbers)."""
        getattr(C, f"dJointSet{self._kind}Param")(self._jid(), int(param), value)

    def getParam(self, param: int) -> float:
        """A stop/motor parameter."""
        return getattr(C, f"dJointGet{self._kind}Param")(self._jid(), int(param))

    def _set3(self, name: str, v: Sequence[float]) -> None:
        """Call dJointSet<kind><name>(j, x, y, z)."""
        getattr(C, f"dJointSet{self._kind}{name}")(self._jid(), *_v3(v))

    def _get3(self, name: str) -> tuple:
        """Call dJointGet<kind><name>(j, out) and return the vector."""
        return _out3(getattr(C, f"dJointGet{self._kind}{name}"), self._jid())

    def _get(self, name: str) -> float:
        """Call the scalar getter dJointGet<kind><name>(j)."""
        return getattr(C, f"dJointGet{self._kind}{name}")(self._jid())


class PRJoint(_KernelGeometryJoint):
    """Prismatic-rotoide joint: slides along axis 1 (on body 1), turns about axis 2 (on body 2)."""

    _kind = "PR"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor (world)."""
        self._set3("Anchor", pos)

    def getAnchor(self) -> tuple:
        """The anchor."""
        return self._get3("Anchor")

    def setAxis1(self, axis: Sequence[float]) -> None:
        """Set the prismatic axis (world)."""
        self._set3("Axis1", axis)

    def getAxis1(self) -> tuple:
        """The prismatic axis."""
        return self._get3("Axis1")

    def setAxis2(self, axis: Sequence[float]) -> None:
        """Set the rotoide axis (world)."""
        self._set3("Axis2", axis)

    def getAxis2(self) -> tuple:
        """The rotoide axis."""
        return self._get3("Axis2")

    def getPosition(self) -> float:
        """The prismatic position."""
        return self._get("Position")

    def getPositionRate(self) -> float:
        """The prismatic position rate."""
        return self._get("PositionRate")

    def getAngle(self) -> float:
        """The rotoide angle."""
        return self._get("Angle")

    def getAngleRate(self) -> float:
        """The rotoide angle rate."""
        return self._get("AngleRate")

    def addTorque(self, torque: float) -> None:
        """Apply a torque about the rotoide axis."""
        C.dJointAddPRTorque(self._jid(), torque)


class PUJoint(_KernelGeometryJoint):
    """Prismatic-universal joint: a universal joint whose anchor slides along axis 3 (the prismatic axis)."""

    _kind = "PU"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor (world)."""
        self._set3("Anchor", pos)

    def setAnchorDelta(self, pos: Sequence[float], delta: Sequence[float]) -> None:
        """Set the anchor with the prismatic offset delta from body 1."""
        C.dJointSetPUAnchorDelta(self._jid(), *_v3(pos), *_v3(delta))

    def setAnchorOffset(self, pos: Sequence[float], delta: Sequence[float]) -> None:
        """ODE's name for setAnchorDelta."""
        C.dJointSetPUAnchorOffset(self._jid(), *_v3(pos), *_v3(delta))

    def getAnchor(self) -> tuple:
        """The anchor."""
        return self._get3("Anchor")

    def setAxis1(self, axis: Sequence[float]) -> None:
        """Set the first universal axis (world)."""
        self._set3("Axis1", axis)

    def getAxis1(self) -> tuple:
        """The first universal axis."""
        return self._get3("Axis1")

    def setAxis2(self, axis: Sequence[float]) -> None:
        """Set the second universal axis (world)."""
        self._set3("Axis2", axis)

    def getAxis2(self) -> tuple:
        """The second universal axis."""
        return self._get3("Axis2")

    def setAxis3(self, axis: Sequence[float]) -> None:
        """Set the prismatic axis (world)."""
        self._set3("Axis3", axis)

    def getAxis3(self) -> tuple:
        """The prismatic axis."""
        return self._get3("Axis3")

    def setAxisP(self, axis: Sequence[float]) -> None:
        """Alias of setAxis3."""
        self._set3("AxisP", axis)

    def getAxisP(self) -> tuple:
        """Alias of getAxis3."""
        return self._get3("AxisP")

    def getAngle1(self) -> float:
        """The angle about axis 1."""
        return self._get("Angle1")

    def getAngle2(self) -> float:
        """The angle about axis 2."""
        return self._get("Angle2")

    def getAngles(self) -> tuple:
        """Both universal angles."""
        a1, a2 = _L.dReal(), _L.dReal()
        C.dJointGetPUAngles(self._jid(), ctypes.byref(a1), ctypes.byref(a2))
        return a1.value, a2.value

    def getAngle1Rate(self) -> float:
        """The rate about axis 1."""
        return self._get("Angle1Rate")

    def getAngle2Rate(self) -> float:
        """The rate about axis 2."""
        return self._get("Angle2Rate")

    def getPosition(self) -> float:
        """The prismatic position."""
        return self._get("Position")

    def getPositionRate(self) -> float:
        """The prismatic position rate."""
        return self._get("PositionRate")


class PistonJoint(_KernelGeometryJoint):
    """Piston joint: slides along and turns about one axis."""

    _kind = "Piston"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor (world)."""
        self._set3("Anchor", pos)

    def setAnchorOffset(self, pos: Sequence[float], delta: Sequence[float]) -> None:
        """Set the anchor with an offset along the axis."""
        C.dJointSetPistonAnchorOffset(self._jid(), *_v3(pos), *_v3(delta))

    def getAnchor(self) -> tuple:
        """The anchor on body 1."""
        return self._get3("Anchor")

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return self._get3("Anchor2")

    def setAxis(self, axis: Sequence[float]) -> None:
        """Set the piston axis (world)."""
        self._set3("Axis", axis)

    def setAxisDelta(self, axis: Sequence[float], delta: Sequence[float]) -> None:
        """Set the axis with an initial offset delta."""
        C.dJointSetPistonAxisDelta(self._jid(), *_v3(axis), *_v3(delta))

    def getAxis(self) -> tuple:
        """The piston axis."""
        return self._get3("Axis")

    def getPosition(self) -> float:
        """The position along the axis."""
        return self._get("Position")

    def getPositionRate(self) -> float:
        """The position rate."""
        return self._get("PositionRate")

    def getAngle(self) -> float:
        """The angle about the axis."""
        return self._get("Angle")

    def getAngleRate(self) -> float:
        """The angle rate."""
        return self._get("AngleRate")

    def addForce(self, force: float) -> None:
        """Apply a force along the axis."""
        C.dJointAddPistonForce(self._jid(), force)


class AMotor(_KernelGeometryJoint):
    """Angular motor: up to three axes (user mode) or Euler angles (euler mode)."""

    _kind = "AMotor"

    def setMode(self, mode: int) -> None:
        """AMotorUser or AMotorEuler."""
        C.dJointSetAMotorMode(self._jid(), int(mode))

    def getMode(self) -> int:
        """The mode."""
        return C.dJointGetAMotorMode(self._jid())

    def setNumAxes(self, num: int) -> None:
        """Set the number of axes (0..3)."""
        C.dJointSetAMotorNumAxes(self._jid(), int(num))

    def getNumAxes(self) -> int:
        """The number of axes."""
        return C.dJointGetAMotorNumAxes(self._jid())

    def setAxis(self, anum: int, rel: int, axis: Sequence[float]) -> None:
        """Set axis anum (world coordinates) anchored to the world (0), body 1 (1) or body 2 (2)."""
        C.dJointSetAMotorAxis(self._jid(), int(anum), int(rel), *_v3(axis))

    def getAxis(self, anum: int) -> tuple:
        """Axis anum in world coordinates."""
        return _axis_out(C.dJointGetAMotorAxis, self._jid(), anum)

    def getAxisRel(self, anum: int) -> int:
        """The relative mode of axis anum."""
        return C.dJointGetAMotorAxisRel(self._jid(), int(anum))

    def setAngle(self, anum: int, angle: float) -> None:
        """Tell a user-mode motor the current angle of axis anum."""
        C.dJointSetAMotorAngle(self._jid(), int(anum), angle)

    def getAngle(self, anum: int) -> float:
        """The angle of axis anum."""
        return C.dJointGetAMotorAngle(self._jid(), int(anum))

    def getAngleRate(self, anum: int) -> float:
        """The angle rate of axis anum."""
        return C.dJointGetAMotorAngleRate(self._jid(), int(anum))

    def addTorques(self, torque0: float, torque1: float, torque2: float) -> None:
        """Apply torques about the three axes."""
        C.dJointAddAMotorTorques(self._jid(), torque0, torque1, torque2)


class LMotor(_KernelGeometryJoint):
    """Linear motor: up to three axes."""

    _kind = "LMotor"

    def setNumAxes(self, num: int) -> None:
        """Set the number of axes (0..3)."""
        C.dJointSetLMotorNumAxes(self._jid(), int(num))

    def getNumAxes(self) -> int:
        """The number of axes."""
        return C.dJointGetLMotorNumAxes(self._jid())

    def setAxis(self, anum: int, rel: int, axis: Sequence[float]) -> None:
        """Set axis anum (world coordinates) anchored to the world (0), body 1 (1) or body 2 (2)."""
        C.dJointSetLMotorAxis(self._jid(), int(anum), int(rel), *_v3(axis))

    def getAxis(self, anum: int) -> tuple:
        """Axis anum in world coordinates."""
        return _axis_out(C.dJointGetLMotorAxis, self._jid(), anum)


class Plane2DJoint(_KernelGeometryJoint):
    """Keeps a body in the plane z = 0 and its rotation about z only."""

    _kind = "Plane2D"

    def setXParam(self, param: int, value: float) -> None:
        """A motor/stop parameter of the x direction."""
        C.dJointSetPlane2DXParam(self._jid(), int(param), value)

    def setYParam(self, param: int, value: float) -> None:
        """A motor/stop parameter of the y direction."""
        C.dJointSetPlane2DYParam(self._jid(), int(param), value)

    def setAngleParam(self, param: int, value: float) -> None:
        """A motor/stop parameter of the rotation about z."""
        C.dJointSetPlane2DAngleParam(self._jid(), int(param), value)

    def setParam(self, param: int, value: float) -> None:
        """libode has no generic Plane2D parameter function."""
        raise ODEError("Plane2DJoint: use setXParam/setYParam/setAngleParam")

    getParam = setParam


class DBallJoint(_KernelGeometryJoint):
    """Double ball joint: keeps two anchor points at a fixed distance."""

    _kind = "DBall"

    def setAnchor1(self, pos: Sequence[float]) -> None:
        """Set the anchor on body 1 (world)."""
        self._set3("Anchor1", pos)

    def setAnchor2(self, pos: Sequence[float]) -> None:
        """Set the anchor on body 2 (world)."""
        self._set3("Anchor2", pos)

    def getAnchor1(self) -> tuple:
        """The anchor on body 1."""
        return self._get3("Anchor1")

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return self._get3("Anchor2")

    def setDistance(self, distance: float) -> None:
        """Set the distance to keep."""
        C.dJointSetDBallDistance(self._jid(), distance)

    def getDistance(self) -> float:
        """The distance kept."""
        return self._get("Distance")


class DHingeJoint(_KernelGeometryJoint):
    """Double hinge joint: two anchors at a fixed distance, rotation about a common axis."""

    _kind = "DHinge"

    def setAxis(self, axis: Sequence[float]) -> None:
        """Set the axis (world)."""
        self._set3("Axis", axis)

    def getAxis(self) -> tuple:
        """The axis."""
        return self._get3("Axis")

    def setAnchor1(self, pos: Sequence[float]) -> None:
        """Set the anchor on body 1 (world)."""
        self._set3("Anchor1", pos)

    def setAnchor2(self, pos: Sequence[float]) -> None:
        """Set the anchor on body 2 (world)."""
        self._set3("Anchor2", pos)

    def getAnchor1(self) -> tuple:
        """The anchor on body 1."""
        return self._get3("Anchor1")

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return self._get3("Anchor2")

    def getDistance(self) -> float:
        """The distance kept."""
        return self._get("Distance")


class TransmissionJoint(_KernelGeometryJoint):
    """Transmission (gear/chain) joint of ODE 0.16."""

    _kind = "Transmission"

    def setMode(self, mode: int) -> None:
        """TransmissionParallelAxes, TransmissionIntersectingAxes or TransmissionChainDrive."""
        C.dJointSetTransmissionMode(self._jid(), int(mode))

    def getMode(self) -> int:
        """The transmission mode."""
        return C.dJointGetTransmissionMode(self._jid())

    def setRatio(self, ratio: float) -> None:
        """Set the gear ratio (parallel-axes mode)."""
        C.dJointSetTransmissionRatio(self._jid(), ratio)

    def getRatio(self) -> float:
        """The gear ratio."""
        return self._get("Ratio")

    def setAxis(self, axis: Sequence[float]) -> None:
        """Set the common axis (parallel-axes and chain modes)."""
        self._set3("Axis", axis)

    def getAxis(self) -> tuple:
        """The common axis."""
        return self._get3("Axis")

    def setAxis1(self, axis: Sequence[float]) -> None:
        """Set the axis of wheel 1."""
        self._set3("Axis1", axis)

    def getAxis1(self) -> tuple:
        """The axis of wheel 1."""
        return self._get3("Axis1")

    def setAxis2(self, axis: Sequence[float]) -> None:
        """Set the axis of wheel 2."""
        self._set3("Axis2", axis)

    def getAxis2(self) -> tuple:
        """The axis of wheel 2."""
        return self._get3("Axis2")

    def setAnchor1(self, pos: Sequence[float]) -> None:
        """Set the centre of wheel 1 (world)."""
        self._set3("Anchor1", pos)

    def setAnchor2(self, pos: Sequence[float]) -> None:
        """Set the centre of wheel 2 (world)."""
        self._set3("Anchor2", pos)

    def getAnchor1(self) -> tuple:
        """The centre of wheel 1."""
        return self._get3("Anchor1")

    def getAnchor2(self) -> tuple:
        """The centre of wheel 2."""
        return self._get3("Anchor2")

    def setRadius1(self, radius: float) -> None:
        """Set the radius of wheel 1."""
        C.dJointSetTransmissionRadius1(self._jid(), radius)

    def setRadius2(self, radius: float) -> None:
        """Set the radius of wheel 2."""
        C.dJointSetTransmissionRadius2(self._jid(), radius)

    def getRadius1(self) -> float:
        """The radius of wheel 1."""
        return self._get("Radius1")

    def getRadius2(self) -> float:
        """The radius of wheel 2."""
        return self._get("Radius2")

    def setBacklash(self, backlash: float) -> None:
        """Set the backlash (play between the teeth)."""
        C.dJointSetTransmissionBacklash(self._jid(), backlash)

    def getBacklash(self) -> float:
        """The backlash."""
        return self._get("Backlash")

    def getAngle1(self) -> float:
        """The angle of wheel 1."""
        return self._get("Angle1")

    def getAngle2(self) -> float:
        """The angle of wheel 2."""
        return self._get("Angle2")

    def getContactPoint1(self) -> tuple:
        """The contact point on wheel 1."""
        return self._get3("ContactPoint1")

    def getContactPoint2(self) -> tuple:
        """The contact point on wheel 2."""
        return self._get3("ContactPoint2")


class NullJoint(_KernelGeometryJoint):
    """A joint with no constraint rows."""

    _kind = "Null"

    def setParam(self, param: int, value: float) -> None:
        """Null joints have no parameters."""
        raise ODEError("NullJoint has no parameters")

    getParam = setParam


__all__ = [n for n in dir() if not n.startswith("_") and n not in ("annotations", "ctypes", "os", "tempfile",
                                                                   "Sequence")]
