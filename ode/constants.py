"""PyODE's constants with ODE 0.16's values: joint parameters, contact mode flags, joint types."""

_PARAM_NAMES = (
    "LoStop", "HiStop", "Vel", "LoVel", "HiVel", "FMax", "FudgeFactor", "Bounce", "CFM",
    "StopERP", "StopCFM", "SuspensionERP", "SuspensionCFM", "ERP",
)
PARAMS_IN_GROUP = len(_PARAM_NAMES)
PARAM_GROUP_SIZE = 0x100

ParamLoStop = 0
ParamHiStop = 1
ParamVel = 2
ParamLoVel = 3
ParamHiVel = 4
ParamFMax = 5
ParamFudgeFactor = 6
ParamBounce = 7
ParamCFM = 8
ParamStopERP = 9
ParamStopCFM = 10
ParamSuspensionERP = 11
ParamSuspensionCFM = 12
ParamERP = 13

ParamGroup1 = 0x000
ParamGroup2 = 0x100
ParamGroup3 = 0x200
ParamGroup = PARAM_GROUP_SIZE  # PyODE's name for the group stride

# PyODE's lower-case aliases (paramVel, ...), with ODE 0.16's values like the Param* names
paramLoStop, paramHiStop, paramVel, paramFMax = ParamLoStop, ParamHiStop, ParamVel, ParamFMax
paramFudgeFactor, paramBounce, paramCFM = ParamFudgeFactor, ParamBounce, ParamCFM
paramStopERP, paramStopCFM = ParamStopERP, ParamStopCFM
paramSuspensionERP, paramSuspensionCFM = ParamSuspensionERP, ParamSuspensionCFM


def _define_groups() -> None:
    """Define ParamX2 and ParamX3 (and the ParamX1 aliases) for every parameter name."""
    g = globals()
    for number, name in enumerate(_PARAM_NAMES):
        g[f"Param{name}1"] = number
        g[f"Param{name}2"] = PARAM_GROUP_SIZE + number
        g[f"Param{name}3"] = 2 * PARAM_GROUP_SIZE + number


_define_groups()

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

AMotorUser = 0
AMotorEuler = 1

TransmissionParallelAxes = 0      # dTransmissionParallelAxes (ode/common.h of 0.16.2)
TransmissionIntersectingAxes = 1
TransmissionChainDrive = 2

Infinity = float("inf")

# ODE 0.16's geom class numbers (dSphereClass, ..., as getClass() returns them; dCCylinderClass is the old
# name of dCapsuleClass); user classes made by createGeomClass take FirstUserClass .. LastUserClass
SphereClass = 0
BoxClass = 1
CapsuleClass = CCylinderClass = 2
CylinderClass = 3
PlaneClass = 4
RayClass = 5
ConvexClass = 6
GeomTransformClass = 7
TriMeshClass = 8
HeightfieldClass = 9
FirstSpaceClass = SimpleSpaceClass = 10
HashSpaceClass = 11
SweepAndPruneSpaceClass = 12
QuadTreeSpaceClass = LastSpaceClass = 13
FirstUserClass = 14
LastUserClass = 17
GeomNumClasses = 18
