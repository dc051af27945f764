# Interface of rotation.pyx for other kernels (cimport). R is a 3x3 row-major matrix (9 values),
# quaternions are (w, x, y, z).
from .dreal cimport dReal

cdef void q_to_r(const dReal* q, dReal* R) noexcept nogil
cdef void r_to_q(const dReal* R, dReal* q) noexcept nogil
cdef void q_normalize(dReal* q) noexcept nogil
cdef void w_to_dq(const dReal* w, const dReal* q, dReal* dq) noexcept nogil
cdef void q_multiply0(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
cdef void q_multiply1(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
cdef void q_multiply2(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
cdef void q_multiply3(dReal* qa, const dReal* qb, const dReal* qc) noexcept nogil
cdef void q_from_axis_and_angle(dReal* q, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil
cdef void r_from_axis_and_angle(dReal* R, dReal ax, dReal ay, dReal az, dReal angle) noexcept nogil

# The rest of the manual's rotation functions and helpers.
cdef void r_set_identity(dReal* R) noexcept nogil
cdef void q_set_identity(dReal* q) noexcept nogil
cdef void r_from_euler_angles(dReal* R, dReal phi, dReal theta, dReal psi) noexcept nogil
# The r_from_* returning int give 1, or 0 with R untouched for a degenerate (zero-length) input.
cdef int r_from_2_axes(dReal* R, dReal ax, dReal ay, dReal az, dReal bx, dReal by, dReal bz) noexcept nogil
cdef int r_from_z_axis(dReal* R, dReal ax, dReal ay, dReal az) noexcept nogil
# Unit-length a in place (safe against overflow and underflow, as dSafeNormalize3); 0 and a untouched if zero.
cdef int normalize3(dReal* a) noexcept nogil
# p, q unit with (n, p, q) orthonormal for a unit n, as ODE's dPlaneSpace.
cdef void plane_space(const dReal* n, dReal* p, dReal* q) noexcept nogil
# Rows made orthonormal in place (row 0 kept in direction, then row 2, then row 1); 0 if degenerate.
cdef int orthonormalize_r(dReal* R) noexcept nogil
