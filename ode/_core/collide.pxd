# Interface of collide.pyx (narrow-phase dispatch) for other kernels (cimport).
#
# Geom records: one row of greal (GR dReals, columns G_* in layout.pxd) and one row of gint (GI ints).
# Records hold the WORLD pose: the Python side refreshes G_POS / G_R from the body and offset before colliding.
# Contact records: CR dReals each (C_POS, C_NORMAL, C_DEPTH, C_SIDE1, C_SIDE2), written `skip` dReals apart;
# the normal points into geom 1 (moving geom 1 along it separates the pair), depth > 0 is penetration.
# flags: low 16 bits = max contacts (>= 1); bit 0x80000000 = CONTACTS_UNIMPORTANT (any contacts, stop early).
#
# Geom transforms (class GC_TRANSFORM = 7) never reach these kernels: a helper record for the encapsulated
# geom holding its world pose (transform pose composed with the inner geom's local pose; written by this
# module's def transform_row) is passed instead (class of the inner geom). GI_DATA of a transform is the
# slot of its inner geom's record; collide_pair returns 0 for class 7 if it ever sees one.
from .dreal cimport dReal

cdef enum:
    CONTACTS_UNIMPORTANT = -2147483648   # bit 0x80000000 of the C int flags
    NUMC_MASK = 0xffff

ctypedef int (*collider_fn)(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                            dReal* contacts, int skip) noexcept nogil

# ODE's dCollide: dispatch by class pair (swapped call, flipped normals and swapped sides where only the
# reverse pair is implemented). Returns the number of contacts written (0 .. max contacts).
cdef int collide_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                      dReal* contacts, int skip) noexcept nogil

# Fills g[G_AABB .. G_AABB+5] (minx, maxx, miny, maxy, minz, maxz) from the pose and class parameters.
cdef void compute_aabb(dReal* g, const int* i) noexcept nogil

# Geom row gr (int row gi) takes its world pose from body row br, composed with its offset (GI_FLAGS bit 8).
cdef void body_pose_rec(dReal* gr, const int* gi, const dReal* br) noexcept nogil
