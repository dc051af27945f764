"""A PyODE-compatible module backed by Debian's libode 0.16.2 through ctypes: the oracle for recordings.

Scenes and scripts written against PyODE's API run unchanged with this module bound as ``ode`` or with our
package; the recordings in ``tests/data/`` come from this module. Our own ctypes code on top of
``tools/oracle/libode.py``. Python wrappers are kept alive by their World (bodies, joints) or JointGroup
(joints created in a group), so libode never points at a freed feedback structure or a collected wrapper.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

try:
    from tools.oracle import libode as _L
except ImportError:  # run as a plain script from tools/oracle/
    import libode as _L  # type: ignore[no-redef]

dReal = _L.dReal
_P = ctypes.c_void_p
_I = ctypes.c_int
_R = dReal
_PR = ctypes.POINTER(dReal)

Infinity = float("inf")
environment = None

# ---------------------------------------------------------------- constants with ODE 0.16.2's values
_PARAM_NAMES = (
    "LoStop", "HiStop", "Vel", "LoVel", "HiVel", "FMax", "FudgeFactor", "Bounce", "CFM",
    "StopERP", "StopCFM", "SuspensionERP", "SuspensionCFM", "ERP",
)


def _define_params() -> None:
    """Define ParamX, ParamX1, ParamX2, ParamX3 and ParamGroupN like ODE 0.16 (group N adds (N-1)*0x100)."""
    g = globals()
    for number, name in enumerate(_PARAM_NAMES):
        g[f"Param{name}"] = number
        for group in (1, 2, 3):
            g[f"Param{name}{group}"] = (group - 1) * 0x100 + number
    for group in (1, 2, 3):
        g[f"ParamGroup{group}"] = (group - 1) * 0x100


_define_params()

ContactMu2 = 0x001
ContactAxisDep = 0x001
ContactFDir1 = 0x002
ContactBounce = 0x004
ContactSoftERP = 0x008
ContactSoftCFM = 0x010
ContactMotion1 = 0x020
ContactMotion2 = 0x040
ContactMotionN = 0x080
ContactSlip1 = 0x100
ContactSlip2 = 0x200
ContactRolling = 0x400
ContactApprox0 = 0x0000
ContactApprox1_1 = 0x1000
ContactApprox1_2 = 0x2000
ContactApprox1_N = 0x4000
ContactApprox1 = 0x7000

JointTypeNone = 0
JointTypeBall = 1
JointTypeHinge = 2
JointTypeSlider = 3
JointTypeContact = 4
JointTypeUniversal = 5
JointTypeHinge2 = 6
JointTypeFixed = 7


class ODEError(Exception):
    """Raised for misuse of the shim (e.g. a joint whose group was emptied)."""


# ---------------------------------------------------------------- libode function table
_V3 = (_R, _R, _R)
_SIGS = {
    # world
    "dWorldCreate": (_P,), "dWorldDestroy": (None, _P),
    "dWorldSetGravity": (None, _P, *_V3), "dWorldGetGravity": (None, _P, _PR),
    "dWorldSetERP": (None, _P, _R), "dWorldGetERP": (_R, _P),
    "dWorldSetCFM": (None, _P, _R), "dWorldGetCFM": (_R, _P),
    "dWorldStep": (_I, _P, _R), "dWorldQuickStep": (_I, _P, _R),
    "dWorldSetQuickStepNumIterations": (None, _P, _I), "dWorldGetQuickStepNumIterations": (_I, _P),
    "dWorldSetContactMaxCorrectingVel": (None, _P, _R), "dWorldGetContactMaxCorrectingVel": (_R, _P),
    "dWorldSetContactSurfaceLayer": (None, _P, _R), "dWorldGetContactSurfaceLayer": (_R, _P),
    "dWorldImpulseToForce": (None, _P, _R, *_V3, _PR),
    "dWorldSetAutoDisableFlag": (None, _P, _I), "dWorldGetAutoDisableFlag": (_I, _P),
    # body
    "dBodyCreate": (_P, _P),
    "dBodySetPosition": (None, _P, *_V3), "dBodyGetPosition": (_PR, _P),
    "dBodySetRotation": (None, _P, _PR), "dBodyGetRotation": (_PR, _P),
    "dBodySetQuaternion": (None, _P, _PR), "dBodyGetQuaternion": (_PR, _P),
    "dBodySetLinearVel": (None, _P, *_V3), "dBodyGetLinearVel": (_PR, _P),
    "dBodySetAngularVel": (None, _P, *_V3), "dBodyGetAngularVel": (_PR, _P),
    "dBodySetMass": (None, _P, ctypes.POINTER(_L.dMass)),
    "dBodyGetMass": (None, _P, ctypes.POINTER(_L.dMass)),
    "dBodyAddForce": (None, _P, *_V3), "dBodyAddTorque": (None, _P, *_V3),
    "dBodyAddRelForce": (None, _P, *_V3), "dBodyAddRelTorque": (None, _P, *_V3),
    "dBodyAddForceAtPos": (None, _P, *_V3, *_V3), "dBodyAddForceAtRelPos": (None, _P, *_V3, *_V3),
    "dBodyAddRelForceAtPos": (None, _P, *_V3, *_V3), "dBodyAddRelForceAtRelPos": (None, _P, *_V3, *_V3),
    "dBodyGetForce": (_PR, _P), "dBodyGetTorque": (_PR, _P),
    "dBodySetForce": (None, _P, *_V3), "dBodySetTorque": (None, _P, *_V3),
    "dBodyGetRelPointPos": (None, _P, *_V3, _PR), "dBodyGetRelPointVel": (None, _P, *_V3, _PR),
    "dBodyGetPointVel": (None, _P, *_V3, _PR), "dBodyGetPosRelPoint": (None, _P, *_V3, _PR),
    "dBodyVectorToWorld": (None, _P, *_V3, _PR), "dBodyVectorFromWorld": (None, _P, *_V3, _PR),
    "dBodyEnable": (None, _P), "dBodyDisable": (None, _P), "dBodyIsEnabled": (_I, _P),
    "dBodySetFiniteRotationMode": (None, _P, _I), "dBodyGetFiniteRotationMode": (_I, _P),
    "dBodySetFiniteRotationAxis": (None, _P, *_V3), "dBodyGetFiniteRotationAxis": (None, _P, _PR),
    "dBodyGetNumJoints": (_I, _P),
    "dBodySetGravityMode": (None, _P, _I), "dBodyGetGravityMode": (_I, _P),
    "dBodySetGyroscopicMode": (None, _P, _I), "dBodyGetGyroscopicMode": (_I, _P),
    "dBodySetDynamic": (None, _P), "dBodySetKinematic": (None, _P), "dBodyIsKinematic": (_I, _P),
    "dBodySetMaxAngularSpeed": (None, _P, _R), "dBodyGetMaxAngularSpeed": (_R, _P),
    # mass
    "dMassSetZero": (None, ctypes.POINTER(_L.dMass)),
    "dMassSetParameters": (None, ctypes.POINTER(_L.dMass), _R, *_V3, _R, _R, _R, _R, _R, _R),
    "dMassSetSphere": (None, ctypes.POINTER(_L.dMass), _R, _R),
    "dMassSetSphereTotal": (None, ctypes.POINTER(_L.dMass), _R, _R),
    "dMassSetCapsule": (None, ctypes.POINTER(_L.dMass), _R, _I, _R, _R),
    "dMassSetCapsuleTotal": (None, ctypes.POINTER(_L.dMass), _R, _I, _R, _R),
    "dMassSetCylinder": (None, ctypes.POINTER(_L.dMass), _R, _I, _R, _R),
    "dMassSetCylinderTotal": (None, ctypes.POINTER(_L.dMass), _R, _I, _R, _R),
    "dMassSetBox": (None, ctypes.POINTER(_L.dMass), _R, *_V3),
    "dMassSetBoxTotal": (None, ctypes.POINTER(_L.dMass), _R, *_V3),
    "dMassAdjust": (None, ctypes.POINTER(_L.dMass), _R),
    "dMassTranslate": (None, ctypes.POINTER(_L.dMass), *_V3),
    "dMassRotate": (None, ctypes.POINTER(_L.dMass), _PR),
    "dMassAdd": (None, ctypes.POINTER(_L.dMass), ctypes.POINTER(_L.dMass)),
    "dMassCheck": (_I, ctypes.POINTER(_L.dMass)),
    # joints
    "dJointGroupCreate": (_P, _I), "dJointGroupEmpty": (None, _P), "dJointGroupDestroy": (None, _P),
    "dJointCreateBall": (_P, _P, _P), "dJointCreateHinge": (_P, _P, _P), "dJointCreateSlider": (_P, _P, _P),
    "dJointCreateFixed": (_P, _P, _P), "dJointCreateUniversal": (_P, _P, _P),
    "dJointCreateHinge2": (_P, _P, _P),
    "dJointCreateContact": (_P, _P, _P, ctypes.POINTER(_L.dContact)),
    "dJointAttach": (None, _P, _P, _P), "dJointGetBody": (_P, _P, _I), "dJointGetType": (_I, _P),
    "dJointEnable": (None, _P), "dJointDisable": (None, _P), "dJointIsEnabled": (_I, _P),
    "dJointSetFeedback": (None, _P, ctypes.POINTER(_L.dJointFeedback)),
    "dJointSetBallAnchor": (None, _P, *_V3), "dJointGetBallAnchor": (None, _P, _PR),
    "dJointGetBallAnchor2": (None, _P, _PR),
    "dJointSetBallParam": (None, _P, _I, _R), "dJointGetBallParam": (_R, _P, _I),
    "dJointSetFixedParam": (None, _P, _I, _R), "dJointGetFixedParam": (_R, _P, _I),
    "dJointSetHingeAnchor": (None, _P, *_V3), "dJointGetHingeAnchor": (None, _P, _PR),
    "dJointGetHingeAnchor2": (None, _P, _PR),
    "dJointSetHingeAxis": (None, _P, *_V3), "dJointGetHingeAxis": (None, _P, _PR),
    "dJointGetHingeAngle": (_R, _P), "dJointGetHingeAngleRate": (_R, _P),
    "dJointAddHingeTorque": (None, _P, _R),
    "dJointSetHingeParam": (None, _P, _I, _R), "dJointGetHingeParam": (_R, _P, _I),
    "dJointSetSliderAxis": (None, _P, *_V3), "dJointGetSliderAxis": (None, _P, _PR),
    "dJointGetSliderPosition": (_R, _P), "dJointGetSliderPositionRate": (_R, _P),
    "dJointAddSliderForce": (None, _P, _R),
    "dJointSetSliderParam": (None, _P, _I, _R), "dJointGetSliderParam": (_R, _P, _I),
    "dJointSetFixed": (None, _P),
    "dJointSetUniversalAnchor": (None, _P, *_V3), "dJointGetUniversalAnchor": (None, _P, _PR),
    "dJointGetUniversalAnchor2": (None, _P, _PR),
    "dJointSetUniversalAxis1": (None, _P, *_V3), "dJointGetUniversalAxis1": (None, _P, _PR),
    "dJointSetUniversalAxis2": (None, _P, *_V3), "dJointGetUniversalAxis2": (None, _P, _PR),
    "dJointGetUniversalAngle1": (_R, _P), "dJointGetUniversalAngle2": (_R, _P),
    "dJointGetUniversalAngle1Rate": (_R, _P), "dJointGetUniversalAngle2Rate": (_R, _P),
    "dJointAddUniversalTorques": (None, _P, _R, _R),
    "dJointSetUniversalParam": (None, _P, _I, _R), "dJointGetUniversalParam": (_R, _P, _I),
    "dJointSetHinge2Anchor": (None, _P, *_V3), "dJointGetHinge2Anchor": (None, _P, _PR),
    "dJointGetHinge2Anchor2": (None, _P, _PR),
    "dJointSetHinge2Axis1": (None, _P, *_V3), "dJointSetHinge2Axis2": (None, _P, *_V3),
    "dJointGetHinge2Axis1": (None, _P, _PR), "dJointGetHinge2Axis2": (None, _P, _PR),
    "dJointGetHinge2Angle1": (_R, _P), "dJointGetHinge2Angle2": (_R, _P),
    "dJointGetHinge2Angle1Rate": (_R, _P), "dJointGetHinge2Angle2Rate": (_R, _P),
    "dJointAddHinge2Torques": (None, _P, _R, _R),
    "dJointSetHinge2Param": (None, _P, _I, _R), "dJointGetHinge2Param": (_R, _P, _I),
    "dAreConnected": (_I, _P, _P), "dAreConnectedExcluding": (_I, _P, _P, _I),
}


class _Lib:
    """Lazily declared libode functions: ``C.dWorldStep(...)``."""

    def __getattr__(self, name: str):
        restype, *argtypes = _SIGS[name]
        f = _L.fn(name, restype, *argtypes)
        setattr(self, name, f)
        return f


C = _Lib()


def _v3(v: Sequence[float]) -> tuple:
    """Three floats from any 3-sequence, or TypeError/ValueError."""
    x, y, z = v
    return float(x), float(y), float(z)


def _out3(f, *args) -> tuple:
    """Call an ODE getter that writes a dVector3 result into its last argument."""
    out = _L.dVector3()
    f(*args, out)
    return out[0], out[1], out[2]


def _ptr(p, n: int = 3) -> tuple:
    """n values behind a returned ``const dReal*``."""
    return tuple(p[i] for i in range(n))


def _mat3(m9: Sequence[float]):
    """A libode dMatrix3 (3x4 padded, row-major) from a row-major 9-tuple."""
    vals = [float(x) for x in m9]
    if len(vals) != 9:
        raise ValueError("a rotation matrix needs 9 values")
    m = _L.dMatrix3()
    for r in range(3):
        for c in range(3):
            m[4 * r + c] = vals[3 * r + c]
    return m


def _from_mat3(p) -> tuple:
    """A row-major 9-tuple from a dMatrix3 (3x4 padded) pointer."""
    return tuple(p[4 * r + c] for r in range(3) for c in range(3))


# ---------------------------------------------------------------- world
class World:
    """A dynamics world; keeps every Body and stand-alone Joint created in it alive."""

    def __init__(self) -> None:
        self._id = C.dWorldCreate()
        self._bodies: list = []
        self._joints: list = []

    def setGravity(self, gravity: Sequence[float]) -> None:
        """Set the gravity vector."""
        C.dWorldSetGravity(self._id, *_v3(gravity))

    def getGravity(self) -> tuple:
        """The gravity vector."""
        return _out3(C.dWorldGetGravity, self._id)

    def setERP(self, erp: float) -> None:
        """Set the global error reduction parameter."""
        C.dWorldSetERP(self._id, erp)

    def getERP(self) -> float:
        """The global error reduction parameter."""
        return C.dWorldGetERP(self._id)

    def setCFM(self, cfm: float) -> None:
        """Set the global constraint force mixing."""
        C.dWorldSetCFM(self._id, cfm)

    def getCFM(self) -> float:
        """The global constraint force mixing."""
        return C.dWorldGetCFM(self._id)

    def step(self, stepsize: float) -> None:
        """Advance by stepsize with the big-matrix (Dantzig LCP) stepper."""
        C.dWorldStep(self._id, stepsize)

    def quickStep(self, stepsize: float) -> None:
        """Advance by stepsize with the iterative QuickStep solver."""
        C.dWorldQuickStep(self._id, stepsize)

    def setQuickStepNumIterations(self, num: int) -> None:
        """Set the QuickStep iteration count."""
        C.dWorldSetQuickStepNumIterations(self._id, num)

    def getQuickStepNumIterations(self) -> int:
        """The QuickStep iteration count."""
        return C.dWorldGetQuickStepNumIterations(self._id)

    def setContactMaxCorrectingVel(self, vel: float) -> None:
        """Set the maximum correcting velocity of contacts."""
        C.dWorldSetContactMaxCorrectingVel(self._id, vel)

    def getContactMaxCorrectingVel(self) -> float:
        """The maximum correcting velocity of contacts."""
        return C.dWorldGetContactMaxCorrectingVel(self._id)

    def setContactSurfaceLayer(self, depth: float) -> None:
        """Set the contact surface layer depth."""
        C.dWorldSetContactSurfaceLayer(self._id, depth)

    def getContactSurfaceLayer(self) -> float:
        """The contact surface layer depth."""
        return C.dWorldGetContactSurfaceLayer(self._id)

    def impulseToForce(self, stepsize: float, impulse: Sequence[float]) -> tuple:
        """The force that applied for stepsize gives this impulse."""
        out = _L.dVector3()
        C.dWorldImpulseToForce(self._id, stepsize, *_v3(impulse), out)
        return out[0], out[1], out[2]

    def setAutoDisableFlag(self, flag: int) -> None:
        """Set the default auto-disable flag of new bodies."""
        C.dWorldSetAutoDisableFlag(self._id, int(flag))

    def getAutoDisableFlag(self) -> int:
        """The default auto-disable flag of new bodies."""
        return C.dWorldGetAutoDisableFlag(self._id)


# ---------------------------------------------------------------- mass
class Mass:
    """A dMass value: attributes ``mass``, ``c`` (3-tuple) and ``I`` (3x3 tuple of rows)."""

    def __init__(self) -> None:
        self._m = _L.dMass()
        C.dMassSetZero(ctypes.byref(self._m))

    def __getattr__(self, name: str):
        m = self.__dict__["_m"]
        if name == "mass":
            return m.mass
        if name == "c":
            return m.c[0], m.c[1], m.c[2]
        if name == "I":
            return tuple(tuple(m.I[4 * r + c] for c in range(3)) for r in range(3))
        raise AttributeError(name)

    def __setattr__(self, name: str, value) -> None:
        if name == "mass":
            self.adjust(value)
        elif name in ("c", "I"):
            raise AttributeError(f"use setParameters() to change {name}")
        else:
            object.__setattr__(self, name, value)

    def _ref(self):
        return ctypes.byref(self._m)

    def setZero(self) -> None:
        """Set all mass parameters to zero."""
        C.dMassSetZero(self._ref())

    def setParameters(self, mass, cgx, cgy, cgz, I11, I22, I33, I12, I13, I23) -> None:
        """Set mass, centre of gravity and inertia tensor directly."""
        C.dMassSetParameters(self._ref(), mass, cgx, cgy, cgz, I11, I22, I33, I12, I13, I23)

    def setSphere(self, density: float, radius: float) -> None:
        """A solid sphere of this density."""
        C.dMassSetSphere(self._ref(), density, radius)

    def setSphereTotal(self, total_mass: float, radius: float) -> None:
        """A solid sphere of this total mass."""
        C.dMassSetSphereTotal(self._ref(), total_mass, radius)

    def setCapsule(self, density: float, direction: int, radius: float, length: float) -> None:
        """A capsule of this density along axis direction (1=x, 2=y, 3=z)."""
        C.dMassSetCapsule(self._ref(), density, direction, radius, length)

    def setCapsuleTotal(self, total_mass: float, direction: int, radius: float, length: float) -> None:
        """A capsule of this total mass along axis direction."""
        C.dMassSetCapsuleTotal(self._ref(), total_mass, direction, radius, length)

    setCappedCylinder = setCapsule
    setCappedCylinderTotal = setCapsuleTotal

    def setCylinder(self, density: float, direction: int, radius: float, length: float) -> None:
        """A flat-ended cylinder of this density along axis direction."""
        C.dMassSetCylinder(self._ref(), density, direction, radius, length)

    def setCylinderTotal(self, total_mass: float, direction: int, radius: float, length: float) -> None:
        """A flat-ended cylinder of this total mass along axis direction."""
        C.dMassSetCylinderTotal(self._ref(), total_mass, direction, radius, length)

    def setBox(self, density: float, lx: float, ly: float, lz: float) -> None:
        """A solid box of this density."""
        C.dMassSetBox(self._ref(), density, lx, ly, lz)

    def setBoxTotal(self, total_mass: float, lx: float, ly: float, lz: float) -> None:
        """A solid box of this total mass."""
        C.dMassSetBoxTotal(self._ref(), total_mass, lx, ly, lz)

    def adjust(self, newmass: float) -> None:
        """Scale to a new total mass."""
        C.dMassAdjust(self._ref(), newmass)

    def translate(self, t: Sequence[float]) -> None:
        """Move the mass by t (parallel-axis theorem)."""
        C.dMassTranslate(self._ref(), *_v3(t))

    def rotate(self, R: Sequence[float]) -> None:
        """Rotate the mass by the row-major 3x3 matrix R."""
        C.dMassRotate(self._ref(), _mat3(R))

    def add(self, b: Mass) -> None:
        """Add mass b to this one."""
        C.dMassAdd(self._ref(), ctypes.byref(b._m))

    def check(self) -> int:
        """libode's dMassCheck (1 if the parameters are valid)."""
        return C.dMassCheck(self._ref())

    def __str__(self) -> str:
        return f"Mass={self.mass}\nCg={self.c}\nI11={self.I[0]}\nI22={self.I[1]}\nI33={self.I[2]}"


# ---------------------------------------------------------------- body
class Body:
    """A rigid body in a World."""

    def __init__(self, world: World) -> None:
        self._world = world
        self._id = C.dBodyCreate(world._id)
        world._bodies.append(self)

    def setPosition(self, pos: Sequence[float]) -> None:
        """Set the position of the centre of mass frame."""
        C.dBodySetPosition(self._id, *_v3(pos))

    def getPosition(self) -> tuple:
        """The position."""
        return _ptr(C.dBodyGetPosition(self._id))

    def setRotation(self, R: Sequence[float]) -> None:
        """Set the orientation from a row-major 9-tuple."""
        C.dBodySetRotation(self._id, _mat3(R))

    def getRotation(self) -> tuple:
        """The orientation as a row-major 9-tuple."""
        return _from_mat3(C.dBodyGetRotation(self._id))

    def setQuaternion(self, q: Sequence[float]) -> None:
        """Set the orientation from a quaternion (w, x, y, z)."""
        w, x, y, z = q
        C.dBodySetQuaternion(self._id, _L.dQuaternion(w, x, y, z))

    def getQuaternion(self) -> tuple:
        """The orientation quaternion (w, x, y, z)."""
        return _ptr(C.dBodyGetQuaternion(self._id), 4)

    def setLinearVel(self, vel: Sequence[float]) -> None:
        """Set the linear velocity."""
        C.dBodySetLinearVel(self._id, *_v3(vel))

    def getLinearVel(self) -> tuple:
        """The linear velocity."""
        return _ptr(C.dBodyGetLinearVel(self._id))

    def setAngularVel(self, vel: Sequence[float]) -> None:
        """Set the angular velocity."""
        C.dBodySetAngularVel(self._id, *_v3(vel))

    def getAngularVel(self) -> tuple:
        """The angular velocity."""
        return _ptr(C.dBodyGetAngularVel(self._id))

    def setMass(self, mass: Mass) -> None:
        """Set the mass parameters."""
        C.dBodySetMass(self._id, ctypes.byref(mass._m))

    def getMass(self) -> Mass:
        """A copy of the mass parameters."""
        m = Mass()
        C.dBodyGetMass(self._id, ctypes.byref(m._m))
        return m

    def addForce(self, f: Sequence[float]) -> None:
        """Add a force at the centre of mass (world frame)."""
        C.dBodyAddForce(self._id, *_v3(f))

    def addTorque(self, t: Sequence[float]) -> None:
        """Add a torque (world frame)."""
        C.dBodyAddTorque(self._id, *_v3(t))

    def addRelForce(self, f: Sequence[float]) -> None:
        """Add a force given in the body frame."""
        C.dBodyAddRelForce(self._id, *_v3(f))

    def addRelTorque(self, t: Sequence[float]) -> None:
        """Add a torque given in the body frame."""
        C.dBodyAddRelTorque(self._id, *_v3(t))

    def addForceAtPos(self, f: Sequence[float], p: Sequence[float]) -> None:
        """Add a world force at a world point."""
        C.dBodyAddForceAtPos(self._id, *_v3(f), *_v3(p))

    def addForceAtRelPos(self, f: Sequence[float], p: Sequence[float]) -> None:
        """Add a world force at a body-frame point."""
        C.dBodyAddForceAtRelPos(self._id, *_v3(f), *_v3(p))

    def addRelForceAtPos(self, f: Sequence[float], p: Sequence[float]) -> None:
        """Add a body-frame force at a world point."""
        C.dBodyAddRelForceAtPos(self._id, *_v3(f), *_v3(p))

    def addRelForceAtRelPos(self, f: Sequence[float], p: Sequence[float]) -> None:
        """Add a body-frame force at a body-frame point."""
        C.dBodyAddRelForceAtRelPos(self._id, *_v3(f), *_v3(p))

    def getForce(self) -> tuple:
        """The accumulated force."""
        return _ptr(C.dBodyGetForce(self._id))

    def getTorque(self) -> tuple:
        """The accumulated torque."""
        return _ptr(C.dBodyGetTorque(self._id))

    def setForce(self, f: Sequence[float]) -> None:
        """Set the accumulated force."""
        C.dBodySetForce(self._id, *_v3(f))

    def setTorque(self, t: Sequence[float]) -> None:
        """Set the accumulated torque."""
        C.dBodySetTorque(self._id, *_v3(t))

    def getRelPointPos(self, p: Sequence[float]) -> tuple:
        """World position of a body-frame point."""
        return _out3(C.dBodyGetRelPointPos, self._id, *_v3(p))

    def getRelPointVel(self, p: Sequence[float]) -> tuple:
        """World velocity of a body-frame point."""
        return _out3(C.dBodyGetRelPointVel, self._id, *_v3(p))

    def getPointVel(self, p: Sequence[float]) -> tuple:
        """World velocity of a world point moving with the body."""
        return _out3(C.dBodyGetPointVel, self._id, *_v3(p))

    def getPosRelPoint(self, p: Sequence[float]) -> tuple:
        """Body-frame coordinates of a world point."""
        return _out3(C.dBodyGetPosRelPoint, self._id, *_v3(p))

    def vectorToWorld(self, v: Sequence[float]) -> tuple:
        """A body-frame vector in world coordinates."""
        return _out3(C.dBodyVectorToWorld, self._id, *_v3(v))

    def vectorFromWorld(self, v: Sequence[float]) -> tuple:
        """A world vector in body coordinates."""
        return _out3(C.dBodyVectorFromWorld, self._id, *_v3(v))

    def enable(self) -> None:
        """Enable the body."""
        C.dBodyEnable(self._id)

    def disable(self) -> None:
        """Disable the body."""
        C.dBodyDisable(self._id)

    def isEnabled(self) -> bool:
        """Whether the body is enabled."""
        return bool(C.dBodyIsEnabled(self._id))

    def setFiniteRotationMode(self, mode: int) -> None:
        """0: infinitesimal rotation update, 1: finite rotation update."""
        C.dBodySetFiniteRotationMode(self._id, int(mode))

    def getFiniteRotationMode(self) -> int:
        """The rotation update mode."""
        return int(bool(C.dBodyGetFiniteRotationMode(self._id)))

    def setFiniteRotationAxis(self, a: Sequence[float]) -> None:
        """Set the finite rotation axis (zero for a full finite update)."""
        C.dBodySetFiniteRotationAxis(self._id, *_v3(a))

    def getFiniteRotationAxis(self) -> tuple:
        """The finite rotation axis."""
        return _out3(C.dBodyGetFiniteRotationAxis, self._id)

    def getNumJoints(self) -> int:
        """Number of joints attached to the body."""
        return C.dBodyGetNumJoints(self._id)

    def setGravityMode(self, mode: int) -> None:
        """Whether gravity acts on the body."""
        C.dBodySetGravityMode(self._id, int(mode))

    def getGravityMode(self) -> int:
        """Whether gravity acts on the body."""
        return int(bool(C.dBodyGetGravityMode(self._id)))

    def setGyroscopicMode(self, mode: int) -> None:
        """Whether the gyroscopic term is integrated implicitly (ODE 0.16 default: on)."""
        C.dBodySetGyroscopicMode(self._id, int(mode))

    def getGyroscopicMode(self) -> int:
        """The gyroscopic mode."""
        return int(bool(C.dBodyGetGyroscopicMode(self._id)))

    def setDynamic(self) -> None:
        """Make the body dynamic."""
        C.dBodySetDynamic(self._id)

    def setKinematic(self) -> None:
        """Make the body kinematic."""
        C.dBodySetKinematic(self._id)

    def isKinematic(self) -> bool:
        """Whether the body is kinematic."""
        return bool(C.dBodyIsKinematic(self._id))

    def setMaxAngularSpeed(self, max_speed: float) -> None:
        """Clamp the angular speed."""
        C.dBodySetMaxAngularSpeed(self._id, max_speed)


# ---------------------------------------------------------------- contacts
class Contact:
    """A dContact: surface parameters, contact geometry, friction direction."""

    def __init__(self) -> None:
        self._c = _L.dContact()

    def _s(self):
        return self._c.surface

    def getMode(self) -> int:
        """The surface mode flags."""
        return self._c.surface.mode

    def setMode(self, flags: int) -> None:
        """Set the surface mode flags."""
        self._c.surface.mode = int(flags)

    def getMu(self) -> float:
        """Friction coefficient (direction 1)."""
        return self._c.surface.mu

    def setMu(self, mu: float) -> None:
        """Set the friction coefficient (direction 1)."""
        self._c.surface.mu = mu

    def getMu2(self) -> float:
        """Friction coefficient in direction 2."""
        return self._c.surface.mu2

    def setMu2(self, mu: float) -> None:
        """Set the friction coefficient in direction 2."""
        self._c.surface.mu2 = mu

    def getBounce(self) -> float:
        """Restitution."""
        return self._c.surface.bounce

    def setBounce(self, b: float) -> None:
        """Set the restitution."""
        self._c.surface.bounce = b

    def getBounceVel(self) -> float:
        """Minimum incoming velocity for a bounce."""
        return self._c.surface.bounce_vel

    def setBounceVel(self, v: float) -> None:
        """Set the minimum incoming velocity for a bounce."""
        self._c.surface.bounce_vel = v

    def getSoftERP(self) -> float:
        """Contact normal ERP."""
        return self._c.surface.soft_erp

    def setSoftERP(self, erp: float) -> None:
        """Set the contact normal ERP."""
        self._c.surface.soft_erp = erp

    def getSoftCFM(self) -> float:
        """Contact normal CFM."""
        return self._c.surface.soft_cfm

    def setSoftCFM(self, cfm: float) -> None:
        """Set the contact normal CFM."""
        self._c.surface.soft_cfm = cfm

    def getMotion1(self) -> float:
        """Surface velocity in friction direction 1."""
        return self._c.surface.motion1

    def setMotion1(self, m: float) -> None:
        """Set the surface velocity in friction direction 1."""
        self._c.surface.motion1 = m

    def getMotion2(self) -> float:
        """Surface velocity in friction direction 2."""
        return self._c.surface.motion2

    def setMotion2(self, m: float) -> None:
        """Set the surface velocity in friction direction 2."""
        self._c.surface.motion2 = m

    def getSlip1(self) -> float:
        """Force-dependent slip in direction 1."""
        return self._c.surface.slip1

    def setSlip1(self, s: float) -> None:
        """Set the force-dependent slip in direction 1."""
        self._c.surface.slip1 = s

    def getSlip2(self) -> float:
        """Force-dependent slip in direction 2."""
        return self._c.surface.slip2

    def setSlip2(self, s: float) -> None:
        """Set the force-dependent slip in direction 2."""
        self._c.surface.slip2 = s

    def getFDir1(self) -> tuple:
        """Friction direction 1."""
        f = self._c.fdir1
        return f[0], f[1], f[2]

    def setFDir1(self, fdir: Sequence[float]) -> None:
        """Set friction direction 1 (used with ContactFDir1)."""
        x, y, z = _v3(fdir)
        self._c.fdir1[0], self._c.fdir1[1], self._c.fdir1[2] = x, y, z

    def getContactGeomParams(self) -> tuple:
        """(pos, normal, depth, geom1, geom2) of the contact point."""
        g = self._c.geom
        return (g.pos[0], g.pos[1], g.pos[2]), (g.normal[0], g.normal[1], g.normal[2]), g.depth, None, None

    def setContactGeomParams(self, pos, normal, depth, g1=None, g2=None) -> None:
        """Set the contact point, normal and depth (geoms are not supported by the shim: must be None)."""
        if g1 is not None or g2 is not None:
            raise ODEError("the libode shim has no geoms; pass g1=g2=None")
        g = self._c.geom
        g.pos[0], g.pos[1], g.pos[2] = _v3(pos)
        g.normal[0], g.normal[1], g.normal[2] = _v3(normal)
        g.depth = float(depth)


# ---------------------------------------------------------------- joints
class JointGroup:
    """A group of joints emptied at once (contact joints of one step)."""

    def __init__(self) -> None:
        self._id = C.dJointGroupCreate(0)
        self._joints: list = []

    def empty(self) -> None:
        """Destroy every joint in the group."""
        C.dJointGroupEmpty(self._id)
        for j in self._joints:
            j._id = None
        self._joints = []

    def _add(self, joint) -> None:
        self._joints.append(joint)


def _bid(body: Body | None):
    """The dBodyID of a Body, or None (the static environment)."""
    if body is None:
        return None
    if not isinstance(body, Body):
        raise TypeError("attach() takes Body objects or None")
    return body._id


class Joint:
    """Base class: attach, bodies, feedback, enable/disable."""

    _create = ""
    _kind = ""

    def __init__(self, world: World, jointgroup: JointGroup | None = None) -> None:
        self._world = world
        self._bodies = (None, None)
        self._fb = None
        gid = jointgroup._id if jointgroup is not None else None
        self._id = getattr(C, self._create)(world._id, gid)
        if jointgroup is not None:
            jointgroup._add(self)
        else:
            world._joints.append(self)

    def _jid(self):
        if self._id is None:
            raise ODEError("joint was destroyed (its group was emptied)")
        return self._id

    def attach(self, body1: Body | None, body2: Body | None) -> None:
        """Attach to two bodies; None stands for the static environment."""
        C.dJointAttach(self._jid(), _bid(body1), _bid(body2))
        self._bodies = (body1, body2)

    def getBody(self, index: int) -> Body | None:
        """Body 0 or 1 (None for the environment)."""
        return self._bodies[index]

    def enable(self) -> None:
        """Enable the joint."""
        C.dJointEnable(self._jid())

    def disable(self) -> None:
        """Disable the joint."""
        C.dJointDisable(self._jid())

    def isEnabled(self) -> bool:
        """Whether the joint is enabled."""
        return bool(C.dJointIsEnabled(self._jid()))

    def setFeedback(self, flag: int = 1) -> None:
        """Ask for the constraint forces of each step (getFeedback)."""
        if flag:
            if self._fb is None:
                self._fb = _L.dJointFeedback()
            C.dJointSetFeedback(self._jid(), ctypes.byref(self._fb))
        else:
            C.dJointSetFeedback(self._jid(), None)
            self._fb = None

    def getFeedback(self) -> tuple | None:
        """(force1, torque1, force2, torque2) applied by the joint in the last step, or None."""
        fb = self._fb
        if fb is None:
            return None
        return tuple((v[0], v[1], v[2]) for v in (fb.f1, fb.t1, fb.f2, fb.t2))

    def setParam(self, param: int, value: float) -> None:
        """Set a stop/motor parameter (ODE 0.16 numbers)."""
        getattr(C, f"dJointSet{self._kind}Param")(self._jid(), int(param), value)

    def getParam(self, param: int) -> float:
        """A stop/motor parameter."""
        return getattr(C, f"dJointGet{self._kind}Param")(self._jid(), int(param))


class BallJoint(Joint):
    """Ball-and-socket joint."""

    _create = "dJointCreateBall"
    _kind = "Ball"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor point (world)."""
        C.dJointSetBallAnchor(self._jid(), *_v3(pos))

    def getAnchor(self) -> tuple:
        """The anchor on body 1."""
        return _out3(C.dJointGetBallAnchor, self._jid())

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return _out3(C.dJointGetBallAnchor2, self._jid())


class HingeJoint(Joint):
    """Hinge joint."""

    _create = "dJointCreateHinge"
    _kind = "Hinge"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor point (world)."""
        C.dJointSetHingeAnchor(self._jid(), *_v3(pos))

    def getAnchor(self) -> tuple:
        """The anchor on body 1."""
        return _out3(C.dJointGetHingeAnchor, self._jid())

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return _out3(C.dJointGetHingeAnchor2, self._jid())

    def setAxis(self, axis: Sequence[float]) -> None:
        """Set the hinge axis (world)."""
        C.dJointSetHingeAxis(self._jid(), *_v3(axis))

    def getAxis(self) -> tuple:
        """The hinge axis."""
        return _out3(C.dJointGetHingeAxis, self._jid())

    def getAngle(self) -> float:
        """The hinge angle."""
        return C.dJointGetHingeAngle(self._jid())

    def getAngleRate(self) -> float:
        """The hinge angle rate."""
        return C.dJointGetHingeAngleRate(self._jid())

    def addTorque(self, torque: float) -> None:
        """Apply a torque about the axis."""
        C.dJointAddHingeTorque(self._jid(), torque)


class SliderJoint(Joint):
    """Prismatic joint."""

    _create = "dJointCreateSlider"
    _kind = "Slider"

    def setAxis(self, axis: Sequence[float]) -> None:
        """Set the slider axis (world)."""
        C.dJointSetSliderAxis(self._jid(), *_v3(axis))

    def getAxis(self) -> tuple:
        """The slider axis."""
        return _out3(C.dJointGetSliderAxis, self._jid())

    def getPosition(self) -> float:
        """The slider position."""
        return C.dJointGetSliderPosition(self._jid())

    def getPositionRate(self) -> float:
        """The slider position rate."""
        return C.dJointGetSliderPositionRate(self._jid())

    def addForce(self, force: float) -> None:
        """Apply a force along the axis."""
        C.dJointAddSliderForce(self._jid(), force)


class FixedJoint(Joint):
    """Fixed joint."""

    _create = "dJointCreateFixed"
    _kind = "Fixed"

    def setFixed(self) -> None:
        """Record the current relative pose as the one to keep."""
        C.dJointSetFixed(self._jid())


class UniversalJoint(Joint):
    """Universal joint."""

    _create = "dJointCreateUniversal"
    _kind = "Universal"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor point (world)."""
        C.dJointSetUniversalAnchor(self._jid(), *_v3(pos))

    def getAnchor(self) -> tuple:
        """The anchor on body 1."""
        return _out3(C.dJointGetUniversalAnchor, self._jid())

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return _out3(C.dJointGetUniversalAnchor2, self._jid())

    def setAxis1(self, axis: Sequence[float]) -> None:
        """Set axis 1 (world)."""
        C.dJointSetUniversalAxis1(self._jid(), *_v3(axis))

    def getAxis1(self) -> tuple:
        """Axis 1."""
        return _out3(C.dJointGetUniversalAxis1, self._jid())

    def setAxis2(self, axis: Sequence[float]) -> None:
        """Set axis 2 (world)."""
        C.dJointSetUniversalAxis2(self._jid(), *_v3(axis))

    def getAxis2(self) -> tuple:
        """Axis 2."""
        return _out3(C.dJointGetUniversalAxis2, self._jid())

    def getAngle1(self) -> float:
        """Angle about axis 1."""
        return C.dJointGetUniversalAngle1(self._jid())

    def getAngle2(self) -> float:
        """Angle about axis 2."""
        return C.dJointGetUniversalAngle2(self._jid())

    def getAngle1Rate(self) -> float:
        """Rate about axis 1."""
        return C.dJointGetUniversalAngle1Rate(self._jid())

    def getAngle2Rate(self) -> float:
        """Rate about axis 2."""
        return C.dJointGetUniversalAngle2Rate(self._jid())

    def addTorques(self, torque1: float, torque2: float) -> None:
        """Apply torques about both axes."""
        C.dJointAddUniversalTorques(self._jid(), torque1, torque2)


class Hinge2Joint(Joint):
    """Hinge-2 joint (steering axis 1 on body 1, wheel axis 2 on body 2)."""

    _create = "dJointCreateHinge2"
    _kind = "Hinge2"

    def setAnchor(self, pos: Sequence[float]) -> None:
        """Set the anchor point (world)."""
        C.dJointSetHinge2Anchor(self._jid(), *_v3(pos))

    def getAnchor(self) -> tuple:
        """The anchor on body 1."""
        return _out3(C.dJointGetHinge2Anchor, self._jid())

    def getAnchor2(self) -> tuple:
        """The anchor on body 2."""
        return _out3(C.dJointGetHinge2Anchor2, self._jid())

    def setAxis1(self, axis: Sequence[float]) -> None:
        """Set axis 1, the steering axis (world)."""
        C.dJointSetHinge2Axis1(self._jid(), *_v3(axis))

    def getAxis1(self) -> tuple:
        """Axis 1."""
        return _out3(C.dJointGetHinge2Axis1, self._jid())

    def setAxis2(self, axis: Sequence[float]) -> None:
        """Set axis 2, the wheel axis (world)."""
        C.dJointSetHinge2Axis2(self._jid(), *_v3(axis))

    def getAxis2(self) -> tuple:
        """Axis 2."""
        return _out3(C.dJointGetHinge2Axis2, self._jid())

    def getAngle1(self) -> float:
        """Angle about axis 1."""
        return C.dJointGetHinge2Angle1(self._jid())

    def getAngle2(self) -> float:
        """Angle about axis 2 (ODE 0.16)."""
        return C.dJointGetHinge2Angle2(self._jid())

    def getAngle1Rate(self) -> float:
        """Rate about axis 1."""
        return C.dJointGetHinge2Angle1Rate(self._jid())

    def getAngle2Rate(self) -> float:
        """Rate about axis 2."""
        return C.dJointGetHinge2Angle2Rate(self._jid())

    def addTorques(self, torque1: float, torque2: float) -> None:
        """Apply torques about both axes."""
        C.dJointAddHinge2Torques(self._jid(), torque1, torque2)


class ContactJoint(Joint):
    """A contact joint made from a Contact (libode copies the contact)."""

    _kind = "Contact"

    def __init__(self, world: World, jointgroup: JointGroup | None, contact: Contact) -> None:
        self._world = world
        self._bodies = (None, None)
        self._fb = None
        gid = jointgroup._id if jointgroup is not None else None
        self._id = C.dJointCreateContact(world._id, gid, ctypes.byref(contact._c))
        if jointgroup is not None:
            jointgroup._add(self)
        else:
            world._joints.append(self)

    def setParam(self, param: int, value: float) -> None:
        """Contact joints have no parameters."""
        raise ODEError("ContactJoint has no parameters")

    getParam = setParam


def areConnected(body1: Body, body2: Body) -> bool:
    """Whether a joint connects the two bodies."""
    return bool(C.dAreConnected(body1._id, body2._id))


def areConnectedExcluding(body1: Body, body2: Body, joint_type: int) -> bool:
    """Whether a joint other than of joint_type connects the two bodies."""
    return bool(C.dAreConnectedExcluding(body1._id, body2._id, joint_type))


# ---------------------------------------------------------------- collision (geoms, spaces, collide)
try:
    from tools.oracle import libode_collide as _LC
except ImportError:  # run as a plain script from tools/oracle/
    import libode_collide as _LC  # type: ignore[no-redef]

_MOVED_CALLBACK = ctypes.CFUNCTYPE(None, _P)
_GEOMS: dict = {}  # libode geom/space id -> Python wrapper (kept alive while in use, like PyODE's spaces)
_SIGS.update({
    "dBodySetMovedCallback": (None, _P, _MOVED_CALLBACK),
    "dGeomGetCategoryBits": (ctypes.c_ulong, _P), "dGeomGetCollideBits": (ctypes.c_ulong, _P),
    "dGeomIsEnabled": (_I, _P), "dGeomSetQuaternion": (None, _P, _PR), "dGeomGetQuaternion": (None, _P, _PR),
    "dGeomSphereGetRadius": (_R, _P), "dGeomBoxGetLengths": (None, _P, _PR),
    "dGeomPlaneGetParams": (None, _P, _PR), "dGeomCapsuleGetParams": (None, _P, _PR, _PR),
    "dGeomCylinderGetParams": (None, _P, _PR, _PR), "dGeomRayGetLength": (_R, _P),
    "dGeomRaySet": (None, _P, *_V3, *_V3), "dGeomRayGet": (None, _P, _PR, _PR),
    "dGeomSetOffsetPosition": (None, _P, *_V3), "dGeomSetOffsetRotation": (None, _P, _PR),
    "dHashSpaceGetLevels": (None, _P, ctypes.POINTER(_I), ctypes.POINTER(_I)),
})


def _set_moved_callback(self, callback) -> None:
    """PyODE's Body.setMovedCallback: call callback(body) whenever a step moves the body (None removes it)."""
    if callback is None:
        self._moved = None
        C.dBodySetMovedCallback(self._id, _MOVED_CALLBACK())
        return
    self._moved = _MOVED_CALLBACK(lambda _bid: callback(self))
    C.dBodySetMovedCallback(self._id, self._moved)


Body.setMovedCallback = _set_moved_callback


class GeomObject:
    """Base of the shim's geoms: pose, body, AABB, bits, enable; Python attributes are allowed."""

    _placeable = True

    def _init(self, gid: int, space) -> None:
        self._id = gid
        self._body = None
        self._space = space
        _GEOMS[gid] = self
        if space is not None:
            space._geoms.append(self)

    def placeable(self) -> bool:
        """Whether the geom has its own position and rotation."""
        return self._placeable

    def setBody(self, body: Body | None) -> None:
        """Attach the geom to a body (None detaches)."""
        _LC.C.dGeomSetBody(self._id, None if body is None else body._id)
        self._body = body

    def getBody(self):
        """The attached body, or ode.environment."""
        return self._body if self._body is not None else environment

    def setPosition(self, pos: Sequence[float]) -> None:
        """Set the position (the body's too, if attached)."""
        _LC.C.dGeomSetPosition(self._id, *_v3(pos))

    def getPosition(self) -> tuple:
        """The world position."""
        return _ptr(_LC.C.dGeomGetPosition(self._id))

    def setRotation(self, R: Sequence[float]) -> None:
        """Set the rotation (row-major 9 values)."""
        _LC.C.dGeomSetRotation(self._id, _mat3(R))

    def getRotation(self) -> tuple:
        """The world rotation (row-major 9 values)."""
        return _from_mat3(_LC.C.dGeomGetRotation(self._id))

    def setOffsetPosition(self, pos: Sequence[float]) -> None:
        """Set the offset from the attached body."""
        C.dGeomSetOffsetPosition(self._id, *_v3(pos))

    def getAABB(self) -> tuple:
        """(minx, maxx, miny, maxy, minz, maxz)."""
        out = (_R * 6)()
        _LC.C.dGeomGetAABB(self._id, out)
        return tuple(out)

    def isSpace(self) -> bool:
        """Whether this geom is a space."""
        return False

    def getSpace(self):
        """The containing space or None."""
        return self._space

    def setCategoryBits(self, bits: int) -> None:
        """Set the category bitfield."""
        _LC.C.dGeomSetCategoryBits(self._id, int(bits))

    def setCollideBits(self, bits: int) -> None:
        """Set the collide bitfield."""
        _LC.C.dGeomSetCollideBits(self._id, int(bits))

    def getCategoryBits(self) -> int:
        """The category bitfield."""
        return C.dGeomGetCategoryBits(self._id)

    def getCollideBits(self) -> int:
        """The collide bitfield."""
        return C.dGeomGetCollideBits(self._id)

    def enable(self) -> None:
        """Enable the geom."""
        _LC.C.dGeomEnable(self._id)

    def disable(self) -> None:
        """Disable the geom (spaces then skip it)."""
        _LC.C.dGeomDisable(self._id)

    def isEnabled(self) -> bool:
        """Whether the geom is enabled."""
        return bool(C.dGeomIsEnabled(self._id))


class GeomSphere(GeomObject):
    """A sphere: GeomSphere(space=None, radius=1.0)."""

    def __init__(self, space=None, radius: float = 1.0) -> None:
        self._init(_LC.C.dCreateSphere(_sid(space), float(radius)), space)

    def getRadius(self) -> float:
        """The radius."""
        return C.dGeomSphereGetRadius(self._id)


class GeomBox(GeomObject):
    """A box: GeomBox(space=None, lengths=(1, 1, 1))."""

    def __init__(self, space=None, lengths: Sequence[float] = (1.0, 1.0, 1.0)) -> None:
        self._init(_LC.C.dCreateBox(_sid(space), *_v3(lengths)), space)

    def getLengths(self) -> tuple:
        """The side lengths."""
        return _out3(C.dGeomBoxGetLengths, self._id)


class GeomPlane(GeomObject):
    """A plane n.x = dist: GeomPlane(space=None, normal=(0, 0, 1), dist=0); not placeable."""

    _placeable = False

    def __init__(self, space=None, normal: Sequence[float] = (0.0, 0.0, 1.0), dist: float = 0.0) -> None:
        self._init(_LC.C.dCreatePlane(_sid(space), *_v3(normal), float(dist)), space)

    def getParams(self) -> tuple:
        """((a, b, c), d)."""
        out = (_R * 4)()
        C.dGeomPlaneGetParams(self._id, out)
        return (out[0], out[1], out[2]), out[3]


class GeomCapsule(GeomObject):
    """A capsule along local Z: GeomCapsule(space=None, radius=0.5, length=1.0)."""

    def __init__(self, space=None, radius: float = 0.5, length: float = 1.0) -> None:
        self._init(_LC.C.dCreateCapsule(_sid(space), float(radius), float(length)), space)


GeomCCylinder = GeomCapsule


class GeomCylinder(GeomObject):
    """A flat-ended cylinder along local Z: GeomCylinder(space=None, radius=0.5, length=1.0)."""

    def __init__(self, space=None, radius: float = 0.5, length: float = 1.0) -> None:
        self._init(_LC.C.dCreateCylinder(_sid(space), float(radius), float(length)), space)


class GeomRay(GeomObject):
    """A ray along local Z: GeomRay(space=None, rlen=1.0)."""

    def __init__(self, space=None, rlen: float = 1.0) -> None:
        self._init(_LC.C.dCreateRay(_sid(space), float(rlen)), space)

    def set(self, p: Sequence[float], u: Sequence[float]) -> None:
        """Set the start point and direction."""
        C.dGeomRaySet(self._id, *_v3(p), *_v3(u))

    def getLength(self) -> float:
        """The ray's length."""
        return C.dGeomRayGetLength(self._id)


def _sid(space):
    """The libode id of a shim space, or None."""
    return None if space is None else space._id


class SpaceBase(GeomObject):
    """A space: add/remove geoms, collide(data, callback) with callback(data, geom1, geom2)."""

    def _init_space(self, sid: int, space) -> None:
        self._geoms: list = []
        _LC.C.dSpaceSetCleanup(sid, 0)
        self._init(sid, space)

    def isSpace(self) -> bool:
        """Spaces are geoms too."""
        return True

    def add(self, geom: GeomObject) -> None:
        """Insert a geom."""
        _LC.C.dSpaceAdd(self._id, geom._id)
        geom._space = self
        self._geoms.append(geom)

    def remove(self, geom: GeomObject) -> None:
        """Remove a geom."""
        _LC.C.dSpaceRemove(self._id, geom._id)
        geom._space = None
        self._geoms.remove(geom)

    def getNumGeoms(self) -> int:
        """How many geoms the space holds."""
        return _LC.C.dSpaceGetNumGeoms(self._id)

    def collide(self, arg, callback) -> None:
        """dSpaceCollide: callback(arg, g1, g2) for every potentially intersecting pair."""
        errors: list = []

        def near(_data, a, b):
            if errors:
                return
            try:
                callback(arg, _GEOMS[a], _GEOMS[b])
            except BaseException as exc:  # re-raised after libode returns
                errors.append(exc)

        _LC.C.dSpaceCollide(self._id, None, _LC.NEAR_CALLBACK(near))
        if errors:
            raise errors[0]


class SimpleSpace(SpaceBase):
    """ODE's simple space: SimpleSpace(space=None)."""

    def __init__(self, space=None) -> None:
        self._init_space(_LC.C.dSimpleSpaceCreate(_sid(space)), space)


Space = SimpleSpace


class HashSpace(SpaceBase):
    """ODE's multi-resolution hash space: HashSpace(space=None)."""

    def __init__(self, space=None) -> None:
        self._init_space(_LC.C.dHashSpaceCreate(_sid(space)), space)

    def setLevels(self, minlevel: int, maxlevel: int) -> None:
        """Set the cell size range 2**minlevel .. 2**maxlevel."""
        _LC.C.dHashSpaceSetLevels(self._id, int(minlevel), int(maxlevel))

    def getLevels(self) -> tuple:
        """(minlevel, maxlevel)."""
        lo, hi = _I(), _I()
        C.dHashSpaceGetLevels(self._id, ctypes.byref(lo), ctypes.byref(hi))
        return lo.value, hi.value


class QuadTreeSpace(SpaceBase):
    """ODE's quadtree space: QuadTreeSpace(center, extents, depth, space=None)."""

    def __init__(self, center: Sequence[float], extents: Sequence[float], depth: int, space=None) -> None:
        c = (_R * 4)(*_v3(center), 0.0)
        e = (_R * 4)(*_v3(extents), 0.0)
        self._init_space(_LC.C.dQuadTreeSpaceCreate(_sid(space), c, e, int(depth)), space)


def collide(geom1: GeomObject, geom2: GeomObject, max_contacts: int = 150) -> list:
    """dCollide: a list of Contact objects (normal pointing into geom1) with PyODE's surface defaults."""
    buf = (_L.dContactGeom * max_contacts)()
    n = _LC.C.dCollide(geom1._id, geom2._id, max_contacts, buf, ctypes.sizeof(_L.dContactGeom))
    out = []
    for k in range(n):
        c = Contact()
        s = c._c.surface  # PyODE's Contact defaults: bounce mode, infinite friction, bounce 0.1
        s.mode, s.mu, s.bounce = ContactBounce, Infinity, 0.1
        ctypes.memmove(ctypes.byref(c._c.geom), ctypes.byref(buf[k]), ctypes.sizeof(_L.dContactGeom))
        c._g = (geom1, geom2)
        out.append(c)
    return out


def collide2(geom1: GeomObject, geom2: GeomObject, arg, callback) -> None:
    """dSpaceCollide2: callback(arg, g1, g2) for pairs between two geoms/spaces."""
    errors: list = []

    def near(_data, a, b):
        if errors:
            return
        try:
            callback(arg, _GEOMS[a], _GEOMS[b])
        except BaseException as exc:
            errors.append(exc)

    _LC.C.dSpaceCollide2(geom1._id, geom2._id, None, _LC.NEAR_CALLBACK(near))
    if errors:
        raise errors[0]


def _contact_geom_params(self) -> tuple:
    """(pos, normal, depth, geom1, geom2) of the contact point (geoms when it came from collide)."""
    g = self._c.geom
    g1, g2 = getattr(self, "_g", (None, None))
    return (g.pos[0], g.pos[1], g.pos[2]), (g.normal[0], g.normal[1], g.normal[2]), g.depth, g1, g2


Contact.getContactGeomParams = _contact_geom_params


__all__ = [n for n in dir() if not n.startswith("_") and n not in ("annotations", "ctypes", "Sequence")]
