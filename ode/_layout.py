"""Column layout of the world's state arrays (structure of arrays, one row per body or joint).

This module is the single source of truth for column numbers; ``ode/_core/layout.pxd`` repeats them as a
C enum for the Cython kernels and ``tests/packaging/test_layout.py`` checks that the two agree.
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
B_AD_LIN = 54      # auto-disable: linear speed threshold
B_AD_ANG = 55      # auto-disable: angular speed threshold
B_AD_TIME = 56     # auto-disable: idle time required
B_AD_TIMELEFT = 57  # auto-disable: idle time still to go (scratch of the steppers)
B_LDAMP = 58       # linear damping scale
B_ADAMP = 59       # angular damping scale
B_LDAMP_T = 60     # linear damping threshold
B_ADAMP_T = 61     # angular damping threshold
B_MAXW = 62        # maximum angular speed (inf: no limit)
B_AD_SUM = 63      # auto-disable: running sums of the sampled velocities, linear (3) then angular (3)
B_EXTRA = 69       # free up to BR
BR = 72

# ---- bodies: int columns (bint, shape (N, BI)) ----
BI_ALIVE = 0       # 1 while the slot holds a body
BI_ENABLED = 1     # 1 enabled, 0 disabled
BI_GRAVITY = 2     # gravity mode
BI_FINITE = 3      # finite rotation mode
BI_GYRO = 4        # gyroscopic mode (on by default as in ODE 0.16)
BI_ISLAND = 5      # scratch: island tag during a step
BI_MOVED = 6       # by the step kernel: 0, or the body's place (from 1) in the last step's integration order
BI_AD_FLAG = 7     # auto-disable on
BI_AD_STEPS = 8    # auto-disable: idle steps required
BI_AD_STEPSLEFT = 9  # auto-disable: idle steps still to go (scratch of the steppers)
BI_AD_AVG = 10     # auto-disable: number of velocity samples averaged
BI_AD_SAMPLE = 11  # auto-disable: samples taken so far (ring index = count % BI_AD_AVG)
BI_DAMP = 12       # bit 1: linear damping on, bit 2: angular damping on, bit 4: max angular speed on
BI_KINEMATIC = 13  # 1: kinematic body (infinite mass in constraints, moves with its velocities)
BI_EXTRA = 14
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
JI_LIMIT = 8       # limit state of each limit/motor group (3): 0 free, 1 at the low stop, 2 at the high stop
JI_C_MODE = 11     # contact: surface mode flags
JI_AM_MODE = 11    # angular motor: 0 user, 1 euler; transmission: its mode
JI_AM_NUM = 12     # angular/linear motor: number of axes
JI_AM_REL = 13     # angular/linear motor: relative mode of each axis (3): 0 world, 1 body 1, 2 body 2
JF_REVERSE = 1     # JI_FLAGS bit: attached as (environment, body), stored swapped

# ---- joints: real columns (jreal, shape (M, JR)) ----
J_P = 0            # type-specific parameter block (anchors, axes, reference rotations, contact data)
J_PN = 48
J_PARAM = 48       # three groups of 16 ``Param*`` values: J_PARAM + 16 * group + (param & 0xff)
J_PARAM_GROUP = 16
J_FB = 96          # feedback f1 (3), t1 (3), f2 (3), t2 (3)
J_SCRATCH = 108    # per-step scratch (limit errors, ...) up to JR
JR = 128

# type-specific real columns inside J_P .. J_P + 47 (owner: the jacobian kernel)
J_ANCHOR1 = 0      # anchor in body 1's frame, relative to its centre of mass (3)
J_ANCHOR2 = 3      # anchor in body 2's frame, or in the world frame without body 2 (3)
J_AXIS1 = 6        # axis 1 in body 1's frame (3)
J_AXIS2 = 9        # axis 2 in body 2's frame, or in the world frame without body 2 (3)
J_QREL = 12        # reference relative rotation (4): hinge, slider, fixed; universal: body 1 to the cross
J_QREL2 = 16       # universal: reference rotation of body 2 to the cross (4)
J_OFFSET = 20      # body 1 minus body 2 in body 1 (fixed) / body 2 (slider) frame; body 1 start if alone (3)
J_H2_C0 = 23       # hinge-2: cosine of the initial angle between the axes
J_H2_S0 = 24       # hinge-2: sine of it
J_H2_V1 = 25       # hinge-2: reference vector 1 for angle 1, in body 1's frame (3)
J_H2_V2 = 28       # hinge-2: reference vector 2 for angle 1, in body 1's frame (3)
J_AXIS3 = 31       # PR: rotoide axis in body 1's frame; PU: prismatic axis in body 1's frame (3)
J_DIST = 34        # double ball / double hinge: the distance kept between the anchors
J_AM_AXES = 0      # angular/linear motor: axes 0..2 (3 x 3), in the frame their relative mode names
J_AM_ANGLE = 9     # angular motor: angles told by setAngle (user mode) (3)
J_AM_REF1 = 12     # angular motor, euler mode: axis 2 in body 1's frame at the reference pose (3)
J_AM_REF2 = 15     # angular motor, euler mode: axis 0 in body 2's frame at the reference pose (3)
J_TR_RATIO = 34    # transmission: ratio, radius 1, radius 2, backlash (4), then the contact points (2 x 3)
J_TR_R1 = 35
J_TR_R2 = 36
J_TR_BACKLASH = 37
J_TR_CP1 = 38      # transmission: contact point on wheel 1, in body 1's frame (3)
J_TR_CP2 = 41      # transmission: contact point on wheel 2, in body 2's frame (3)
J_TR_UPDATE = 44   # transmission: 1 when the contact points are to be recomputed (libode's update flag)
J_TR_ANGLE1 = 45   # transmission: phase (traversed angle) of wheel 1, then wheel 2
J_TR_ANGLE2 = 46
J_TR_REF1 = 12     # transmission: wheel 1's contact point at the last update, in body 1's frame (3)
J_TR_REF2 = 15     # transmission: wheel 2's contact point at the last update, in body 2's frame (3)
J_C_POS = 0        # contact: position (3)
J_C_NORMAL = 3     # contact: normal (3)
J_C_DEPTH = 6      # contact: penetration depth
J_C_FDIR1 = 7      # contact: first friction direction (3)
J_C_MU = 10        # contact surface: mu, mu2, rho, rho2, rhoN, bounce, bounce_vel, soft_erp, soft_cfm,
J_C_MU2 = 11       #   motion1, motion2, motionN, slip1, slip2 (14 values from J_C_MU)
J_C_RHO = 12
J_C_RHO2 = 13
J_C_RHON = 14
J_C_BOUNCE = 15
J_C_BOUNCE_VEL = 16
J_C_SOFT_ERP = 17
J_C_SOFT_CFM = 18
J_C_MOTION1 = 19
J_C_MOTION2 = 20
J_C_MOTIONN = 21
J_C_SLIP1 = 22
J_C_SLIP2 = 23
J_LIMIT_ERR = 108  # scratch: limit error of each limit/motor group (3), set by info1
J_TR_CPW1 = 111    # transmission: contact points of wheels 1 and 2 in the world at the last step (2 x 3)
J_TR_CPW2 = 114

# ---- world real parameters (wreal, shape (WR,)) ----
W_GRAVITY = 0      # (3)
W_ERP = 3
W_CFM = 4
W_MAX_CORRECTING_VEL = 5
W_SURFACE_LAYER = 6
W_QS_W = 7         # QuickStep over-relaxation
W_QS_ITER = 8      # QuickStep iterations (an integer stored as a real)
W_AD_LIN = 9       # new bodies' auto-disable defaults: linear, angular thresholds, time, steps, samples, flag
W_AD_ANG = 10
W_AD_TIME = 11
W_AD_STEPS = 12
W_AD_AVG = 13
W_AD_FLAG = 14
W_LDAMP = 15       # defaults for new bodies: damping scales, thresholds and maximum angular speed
W_ADAMP = 16
W_LDAMP_T = 17
W_ADAMP_T = 18
W_MAXW = 19
W_EXTRA = 20
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

# ---- geoms: real columns (greal, shape (G, GR)); geoms belong to no world, as in ODE ----
G_POS = 0          # world position (3), refreshed from the body (plus offset) before collision
G_R = 3            # world rotation, 3x3 row-major (9)
G_AABB = 12        # minx, maxx, miny, maxy, minz, maxz (6), ODE's order
G_OFFPOS = 18      # offset position relative to the body (3)
G_OFFR = 21        # offset rotation relative to the body (9)
G_PARAM = 30       # class parameters (radius, lengths, plane a b c d, ray length, ...) up to GR
GR = 64
# primitive class parameters inside G_PARAM .. (read by the collide kernels)
G_RADIUS = 30      # sphere, capsule, cylinder: radius
G_LENGTH = 31      # capsule, cylinder: length of the axis (along the local z axis)
G_SIDES = 30       # box: side lengths lx, ly, lz (3)
G_PLANE = 30       # plane: a, b, c, d with (a, b, c) unit, points p with n.p = d on the plane (4)
G_RAYLEN = 30      # ray: length (the ray starts at G_POS along the third column of G_R)
GF_RAY_FIRST = 1   # GI_FLAGS bits of rays: first contact, backface cull, closest hit
GF_RAY_BACKFACE = 2
GF_RAY_CLOSEST = 4

# ---- geoms: int columns (gint, shape (G, GI)); category/collide bits are kept in uint64 arrays ----
GI_CLASS = 0       # geom class (GC_* below)
GI_BODY = 1        # body slot or -1 (the body's world is known to the Python handle)
GI_SPACE = 2       # id of the containing space or -1
GI_ENABLED = 3
GI_ALIVE = 4
GI_DATA = 5        # id of class side data (trimesh, heightfield, convex, transform's geom) or -1
GI_FLAGS = 6       # class flags (ray: first contact 1, backface cull 2, closest hit 4; offset set 8)
GI_EXTRA = 7
GI = 16

# ---- contact records written by colliders (contacts, shape (n, CR)) ----
C_POS = 0          # contact position (3)
C_NORMAL = 3       # normal, pointing into geom 1 (3)
C_DEPTH = 6
C_SIDE1 = 7        # triangle / cell index on geom 1, -1 if none
C_SIDE2 = 8
CR = 9

# ---- geom classes: ODE 0.16's numbers ----
GC_SPHERE = 0
GC_BOX = 1
GC_CAPSULE = 2
GC_CYLINDER = 3
GC_PLANE = 4
GC_RAY = 5
GC_CONVEX = 6
GC_TRANSFORM = 7
GC_TRIMESH = 8
GC_HEIGHTFIELD = 9
GC_SIMPLE_SPACE = 10
GC_HASH_SPACE = 11
GC_SAP_SPACE = 12
GC_QUADTREE_SPACE = 13
GC_FIRST_USER = 14
GC_COUNT = 18
