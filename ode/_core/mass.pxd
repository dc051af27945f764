# Interface of mass.pyx for other kernels (cimport). A mass record m is 13 dReals:
# [mass, cx, cy, cz, I00, I01, I02, I10, I11, I12, I20, I21, I22] (inertia about the body origin, row-major).
from .dreal cimport dReal

cdef enum:
    M_MASS = 0
    M_C = 1
    M_I = 4
    M_SIZE = 13

cdef void mass_set_zero(dReal* m) noexcept nogil
cdef void mass_set_parameters(dReal* m, dReal themass, dReal cx, dReal cy, dReal cz, dReal I11, dReal I22,
                              dReal I33, dReal I12, dReal I13, dReal I23) noexcept nogil
cdef void mass_set_sphere(dReal* m, dReal density, dReal radius) noexcept nogil
cdef void mass_set_sphere_total(dReal* m, dReal total_mass, dReal radius) noexcept nogil
cdef void mass_set_capsule(dReal* m, dReal density, int direction, dReal radius, dReal length) noexcept nogil
cdef void mass_set_capsule_total(dReal* m, dReal total_mass, int direction, dReal radius,
                                 dReal length) noexcept nogil
cdef void mass_set_cylinder(dReal* m, dReal density, int direction, dReal radius, dReal length) noexcept nogil
cdef void mass_set_cylinder_total(dReal* m, dReal total_mass, int direction, dReal radius,
                                  dReal length) noexcept nogil
cdef void mass_set_box(dReal* m, dReal density, dReal lx, dReal ly, dReal lz) noexcept nogil
cdef void mass_set_box_total(dReal* m, dReal total_mass, dReal lx, dReal ly, dReal lz) noexcept nogil
# Scale to newmass; m's mass must be nonzero (unchecked).
cdef void mass_adjust(dReal* m, dReal newmass) noexcept nogil
cdef void mass_translate(dReal* m, dReal x, dReal y, dReal z) noexcept nogil
cdef void mass_rotate(dReal* m, const dReal* R) noexcept nogil
# a += b; the total mass must be nonzero (unchecked).
cdef void mass_add(dReal* a, const dReal* b) noexcept nogil
# 1 if ODE's dMassCheck would accept m, else 0.
cdef int mass_check(const dReal* m) noexcept nogil
