# cython: language_level=3
"""Convex, trimesh and heightfield colliders (stub bodies; twin: ``ode/_fallback/collide_mesh.py``)."""

from .dreal cimport dReal
from .layout cimport *


cdef int collide_convex_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_ray_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_ray_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_trimesh_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_convex_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_plane(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_ray(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef int collide_heightfield_heightfield(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
        dReal* contacts, int skip) noexcept nogil:
    """Stub: no contacts yet."""
    return 0


cdef void mesh_aabb(dReal* g, const int* i) noexcept nogil:
    """Stub: leaves the AABB as it is."""
    pass


cdef void mass_trimesh(dReal* m, dReal density, int data_id) noexcept nogil:
    """Stub: leaves m as it is."""
    pass
