# Interface of collide_prim.pyx (primitive colliders; generated from ode/_fallback/colliders/).
# Pair functions have collide.pxd's collider_fn signature (geom 1 of the named first class).
from .dreal cimport dReal

cdef void flip_contacts(dReal* c, int n, int skip) noexcept nogil
cdef int unimp_of(int flags) noexcept nogil   # 1 when flags carry CONTACTS_UNIMPORTANT
cdef int collide_sphere_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_sphere_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_sphere_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_capsule_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_capsule_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef void closest_segments(const dReal* a1, const dReal* a2, const dReal* b1, const dReal* b2, dReal* out) noexcept nogil
cdef int collide_capsule_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_box_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int box_box(const dReal* p1, const dReal* R1, const dReal* s1, const dReal* p2, const dReal* R2, const dReal* s2, int flags, dReal* c, int skip, dReal* normal_out) noexcept nogil
cdef int collide_box_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef dReal point_depth_rec(const dReal* g, const int* i, dReal x, dReal y, dReal z) noexcept nogil
cdef int collide_ray_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_ray_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_ray_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_ray_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_ray_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_none(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int support_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_cylinder_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_sphere_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef void compute_prim_aabb(dReal* g, const int* i) noexcept nogil
cdef int collide_capsule_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_cylinder_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
# libode's single-contact MPR, run in double in both precisions (A = g1, B = g2; p/n: a convex's vertices and
# count, NULL/0 for primitives):
# out = depth, direction from A into B (3), position (3); mpr_contact writes one contact with normal into A
# (one all-zero contact when flags carry CONTACTS_UNIMPORTANT, as libode).
cdef int mpr_penetration(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2, const dReal* p2, int n2, double* out) noexcept nogil
cdef int mpr_contact(const dReal* g1, int c1, const dReal* p1, int n1, const dReal* g2, int c2, const dReal* p2, int n2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_capsule_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
cdef int collide_cylinder_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags, dReal* c, int skip) noexcept nogil
