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
