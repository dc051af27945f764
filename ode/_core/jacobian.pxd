# Interface of jacobian.pyx for the step kernel (cimport): ODE's getInfo1 / getInfo2 for every joint type.
# Arrays are the flat world arrays of ode/_layout.py: row j of jint starts at j * JI, of jreal at j * JR;
# body b's rows start at b * BR (breal) and b * BI (bint).
from .dreal cimport dReal

# Number of constraint rows joint j adds this step (0 if it adds none). May update the joint's limit state
# (jint / jreal scratch columns) and stores the count in jint[j * JI + JI_M].
cdef int info1(int* jint, dReal* jreal, int j, const dReal* breal, const int* bint,
               const dReal* wreal) noexcept nogil

# Write joint j's rows. J has 12 columns per row: J1 linear (3), J1 angular (3), J2 linear (3), J2 angular
# (3). The caller pre-fills J = 0, c = 0, cfm = world CFM, lo = -inf, hi = +inf, findex = -1; findex values
# written here are relative to the joint's first row. fps = 1 / stepsize. May add to body accumulators
# (breal FACC / TACC), as ODE's limit-and-motor rows do.
cdef void info2(int* jint, dReal* jreal, int j, dReal* breal, const int* bint, const dReal* wreal,
                dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex) noexcept nogil

# Angle of body 1 relative to body 2 about joint j's hinge axis since its reference rotation (getAngle).
cdef dReal _hinge_angle(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil

# True when hinge-2 joint j's world axes are parallel (the step refuses the joint: it has no angle row).
cdef bint hinge2_parallel(const int* jint, const dReal* jreal, int j, const dReal* breal) noexcept nogil
