# Interface of integrate.pyx (cimport): the bodies' stages of a step on the world's raw rows.
from .dreal cimport dReal

# Before the constraint stages: loc[body slot] = its index in the island; invI (9 per island body) = the
# world-frame inverse inertia; the implicit gyroscopic torque and gravity added to the accumulators.
cdef void prepare_bodies(dReal* br, const int* bi, const dReal* wr, dReal h, const int* bodies, int nbi,
                         int* loc, dReal* invI) noexcept nogil

# Each island body's M^-1 F + v / h (6 values at out + stride * its island index), for the constraint stages' b.
cdef void rhs_body_terms(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                         dReal* out, int stride) noexcept nogil

# After them: v += h M^-1 F, then each body's angular speed capped, the body moved over h, its accumulators
# cleared and BI_MOVED set.
cdef void apply_external_forces(dReal* br, const int* bodies, int nbi, const dReal* invI,
                                dReal h) noexcept nogil
cdef void integrate_bodies(dReal* br, int* bi, const int* bodies, int nbi, dReal h) noexcept nogil

# ODE's idle test of every body before a step (sb: S auto-disable samples per body; jointed: nb ints of
# scratch), and the damping of the moved bodies after it.
cdef void auto_disable(dReal* br, int* bi, int nb, const int* ji, int nj, dReal h, dReal* sb, int S,
                       int* jointed) noexcept nogil
cdef void damp(dReal* br, const int* bi, int nb) noexcept nogil
