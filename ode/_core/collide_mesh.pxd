# Interface of collide_mesh.pyx (convex, trimesh and heightfield colliders, owner I4c) for other kernels.
#
# Every pair function has collide.pxd's collider_fn signature: geom records g1/i1 and g2/i2 (world pose),
# flags (low 16 bits max contacts, 0x80000000 CONTACTS_UNIMPORTANT), contact records `skip` dReals apart.
# The normal points into geom 1; C_SIDE1/C_SIDE2 hold the triangle (or heightfield triangle) index, else -1.
# The mesh geom finds its side data through i[GI_DATA], an id into this module's registry (register_* below).
# Orientation of each function is the one named (first class = geom 1); the dispatcher swaps for the reverse.
from .dreal cimport dReal

cdef enum:
    MESH_NONE = 0
    MESH_TRIMESH = 1
    MESH_CONVEX = 2
    MESH_HEIGHTFIELD = 3

# convex (class 6)
cdef int collide_convex_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                               dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                            dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                 dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                              dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                               dReal* contacts, int skip) noexcept nogil
cdef int collide_ray_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                            dReal* contacts, int skip) noexcept nogil

# trimesh (class 8)
cdef int collide_trimesh_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                dReal* contacts, int skip) noexcept nogil
cdef int collide_trimesh_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                             dReal* contacts, int skip) noexcept nogil
cdef int collide_trimesh_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                 dReal* contacts, int skip) noexcept nogil
cdef int collide_trimesh_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                  dReal* contacts, int skip) noexcept nogil
cdef int collide_trimesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                               dReal* contacts, int skip) noexcept nogil
cdef int collide_ray_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                             dReal* contacts, int skip) noexcept nogil
cdef int collide_trimesh_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                 dReal* contacts, int skip) noexcept nogil
cdef int collide_convex_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                dReal* contacts, int skip) noexcept nogil

# heightfield (class 9)
cdef int collide_heightfield_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                    dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                 dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                     dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                      dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                   dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_ray(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                 dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                    dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                                     dReal* contacts, int skip) noexcept nogil
cdef int collide_heightfield_heightfield(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
                                         int flags, dReal* contacts, int skip) noexcept nogil

# Fills g[G_AABB .. G_AABB+5] of a convex, trimesh or heightfield geom from its pose and side data.
cdef void mesh_aabb(dReal* g, const int* i) noexcept nogil

# Mass of a closed trimesh of the given density (ODE's dMassSetTrimesh) into a 13-value mass record
# (mass.pxd's layout); leaves m zero when the id is not a trimesh.
cdef void mass_trimesh(dReal* m, dReal density, int data_id) noexcept nogil
