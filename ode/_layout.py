"""Column layout of the world's state arrays (structure of arrays, one row per body or joint).

This module is the single source of truth for column numbers; ``ode/_core/layout.pxd`` repeats them as a
C enum for the Cython kernels and ``tests/test_layout.py`` checks that the two agree.
Kernels index flat arrays as ``array[row * WIDTH + COLUMN]``.
"""

# ---- bodies: real columns (breal, shape (N, BR)) ----
B_POS = 0          # position of the centre of mass (3)
B_Q = 3            # orientation quaternion w, x, y, z (4)
B_R = 7            # rotation matrix, 3x3 row-major (9)
B_LVEL = 16        # linear velocity (3)
B_AVEL = 19        # angular velocity (3)
B_FACC = 22        # force accumulator (3)
B_TACC = 25        # torque accumulator (3)
B_MASS = 28        # total mass (1)
B_INVMASS = 29     # 1 / mass (1)
B_I = 30           # inertia about the centre of mass in the body frame, 3x3 row-major (9)
B_INVI = 39        # inverse of B_I (9)
B_FAXIS = 48       # finite rotation axis (3)
B_MASSC = 51       # centre of mass given to setMass, kept for getMass (3)
B_EXTRA = 54       # free for later features (auto-disable, damping) up to BR
BR = 72

# ---- bodies: int columns (bint, shape (N, BI)) ----
BI_ALIVE = 0       # 1 while the slot holds a body
BI_ENABLED = 1     # 1 enabled, 0 disabled
BI_GRAVITY = 2     # gravity mode
BI_FINITE = 3      # finite rotation mode
BI_GYRO = 4        # gyroscopic mode (on by default as in ODE 0.16)
BI_ISLAND = 5      # scratch: island tag during a step
BI_MOVED = 6       # set by the step kernel when the body was integrated (moved callback)
BI_EXTRA = 7
BI = 16

# ---- joints: int columns (jint, shape (M, JI)) ----
JI_TYPE = 0        # joint type (JointType* constants)
JI_B1 = 1          # body slot of the first body, -1 for the environment
JI_B2 = 2          # body slot of the second body, -1 for the environment
JI_ALIVE = 3
JI_ENABLED = 4
JI_FEEDBACK = 5    # 1 when feedback is requested
JI_FLAGS = 6       # type-specific flags (e.g. reversed attachment)
JI_M = 7           # rows written by info1 for the current step
JI_TYPED = 8       # type-specific ints (limit states, contact mode, ...) up to JI
JI = 16

# ---- joints: real columns (jreal, shape (M, JR)) ----
J_P = 0            # type-specific parameter block (anchors, axes, reference rotations, contact data)
J_PN = 48
J_PARAM = 48       # three groups of 16 ``Param*`` values: J_PARAM + 16 * group + (param & 0xff)
J_PARAM_GROUP = 16
J_FB = 96          # feedback f1 (3), t1 (3), f2 (3), t2 (3)
J_SCRATCH = 108    # per-step scratch (limit errors, ...) up to JR
JR = 128

# ---- world real parameters (wreal, shape (WR,)) ----
W_GRAVITY = 0      # (3)
W_ERP = 3
W_CFM = 4
W_MAX_CORRECTING_VEL = 5
W_SURFACE_LAYER = 6
W_EXTRA = 7
WR = 32

# ---- joint types: the values of ODE 0.16's dJointType ----
JT_NONE = 0
JT_BALL = 1
JT_HINGE = 2
JT_SLIDER = 3
JT_CONTACT = 4
JT_UNIVERSAL = 5
JT_HINGE2 = 6
JT_FIXED = 7
JT_NULL = 8
JT_AMOTOR = 9
JT_LMOTOR = 10
JT_PLANE2D = 11
JT_PR = 12
JT_PU = 13
JT_PISTON = 14
JT_DBALL = 15
JT_DHINGE = 16
JT_TRANSMISSION = 17
