# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Narrow-phase dispatch (Cython kernel; twin: ``ode/_fallback/collide.py``): ODE's dCollide by class pair.

A table of collider functions by class pair; pairs implemented only in the other order are called swapped,
with normals flipped and sides swapped. ``def`` entry points take the world's greal/gint numpy arrays.
"""

cimport numpy as cnp
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy
import numpy as np

from .boundary cimport flags32, geom_rows
from .dreal cimport dReal
from .layout cimport *
from .collide_prim cimport (
    flip_contacts, collide_sphere_sphere, collide_sphere_plane, collide_sphere_box, collide_capsule_sphere,
    collide_capsule_plane, closest_segments, collide_capsule_capsule, collide_box_plane, box_box as box_box_k,
    collide_box_box, point_depth_rec, collide_ray_sphere, collide_ray_box, collide_ray_capsule, collide_ray_cylinder,
    collide_ray_plane, collide_none, support_pair,
    collide_cylinder_plane, collide_sphere_cylinder, compute_prim_aabb, collide_capsule_box, collide_cylinder_box,
    collide_capsule_cylinder, collide_cylinder_cylinder,
)
from .collide_mesh cimport *

cnp.import_array()

DEF NCLASS = 10

cdef collider_fn TABLE[NCLASS][NCLASS]
cdef int SWAPPED[NCLASS][NCLASS]


cdef void _set(int a, int b, collider_fn fn) noexcept:
    """Register fn for (a, b)."""
    TABLE[a][b] = fn
    SWAPPED[a][b] = 0


cdef void _build_table() noexcept:
    """Fill the class-pair table (same pairs and order as the twin's _build_table)."""
    cdef int a, b
    for a in range(NCLASS):
        for b in range(NCLASS):
            TABLE[a][b] = NULL
            SWAPPED[a][b] = 0
    _set(GC_SPHERE, GC_SPHERE, collide_sphere_sphere)
    _set(GC_SPHERE, GC_BOX, collide_sphere_box)
    _set(GC_SPHERE, GC_PLANE, collide_sphere_plane)
    _set(GC_SPHERE, GC_CYLINDER, collide_sphere_cylinder)
    _set(GC_CAPSULE, GC_SPHERE, collide_capsule_sphere)
    _set(GC_CAPSULE, GC_PLANE, collide_capsule_plane)
    _set(GC_CAPSULE, GC_CAPSULE, collide_capsule_capsule)
    _set(GC_BOX, GC_PLANE, collide_box_plane)
    _set(GC_BOX, GC_BOX, collide_box_box)
    _set(GC_CYLINDER, GC_PLANE, collide_cylinder_plane)
    _set(GC_CAPSULE, GC_BOX, collide_capsule_box)
    _set(GC_CYLINDER, GC_BOX, collide_cylinder_box)
    _set(GC_CAPSULE, GC_CYLINDER, collide_capsule_cylinder)
    _set(GC_CYLINDER, GC_CYLINDER, collide_cylinder_cylinder)
    _set(GC_RAY, GC_SPHERE, collide_ray_sphere)
    _set(GC_RAY, GC_BOX, collide_ray_box)
    _set(GC_RAY, GC_CAPSULE, collide_ray_capsule)
    _set(GC_RAY, GC_CYLINDER, collide_ray_cylinder)
    _set(GC_RAY, GC_PLANE, collide_ray_plane)
    _set(GC_RAY, GC_RAY, collide_none)
    _set(GC_PLANE, GC_PLANE, collide_none)
    _set(GC_CONVEX, GC_SPHERE, collide_convex_sphere)
    _set(GC_CONVEX, GC_BOX, collide_convex_box)
    _set(GC_CONVEX, GC_CAPSULE, collide_convex_capsule)
    _set(GC_CONVEX, GC_CYLINDER, collide_convex_cylinder)
    _set(GC_CONVEX, GC_PLANE, collide_convex_plane)
    _set(GC_CONVEX, GC_CONVEX, collide_convex_convex)
    _set(GC_RAY, GC_CONVEX, collide_ray_convex)
    _set(GC_TRIMESH, GC_SPHERE, collide_trimesh_sphere)
    _set(GC_TRIMESH, GC_BOX, collide_trimesh_box)
    _set(GC_TRIMESH, GC_CAPSULE, collide_trimesh_capsule)
    _set(GC_TRIMESH, GC_CYLINDER, collide_trimesh_cylinder)
    _set(GC_TRIMESH, GC_PLANE, collide_trimesh_plane)
    _set(GC_RAY, GC_TRIMESH, collide_ray_trimesh)
    _set(GC_TRIMESH, GC_TRIMESH, collide_trimesh_trimesh)
    _set(GC_CONVEX, GC_TRIMESH, collide_convex_trimesh)
    _set(GC_HEIGHTFIELD, GC_SPHERE, collide_heightfield_sphere)
    _set(GC_HEIGHTFIELD, GC_BOX, collide_heightfield_box)
    _set(GC_HEIGHTFIELD, GC_CAPSULE, collide_heightfield_capsule)
    _set(GC_HEIGHTFIELD, GC_CYLINDER, collide_heightfield_cylinder)
    _set(GC_HEIGHTFIELD, GC_PLANE, collide_heightfield_plane)
    _set(GC_HEIGHTFIELD, GC_RAY, collide_heightfield_ray)
    _set(GC_HEIGHTFIELD, GC_CONVEX, collide_heightfield_convex)
    _set(GC_HEIGHTFIELD, GC_TRIMESH, collide_heightfield_trimesh)
    _set(GC_HEIGHTFIELD, GC_HEIGHTFIELD, collide_heightfield_heightfield)
    for a in range(NCLASS):
        for b in range(NCLASS):
            if TABLE[a][b] != NULL and TABLE[b][a] == NULL:
                TABLE[b][a] = TABLE[a][b]
                SWAPPED[b][a] = 1


_build_table()


cdef int collide_pair(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
                      dReal* contacts, int skip) noexcept nogil:
    """ODE's dCollide on two records."""
    cdef int c1 = i1[GI_CLASS]
    cdef int c2 = i2[GI_CLASS]
    cdef int n
    if c1 < 0 or c1 >= NCLASS or c2 < 0 or c2 >= NCLASS or c1 == GC_TRANSFORM or c2 == GC_TRANSFORM:
        return 0
    if TABLE[c1][c2] == NULL:
        return 0
    if SWAPPED[c1][c2]:
        n = TABLE[c1][c2](g2, i2, g1, i1, flags, contacts, skip)
        flip_contacts(contacts, n, skip)
        return n
    return TABLE[c1][c2](g1, i1, g2, i2, flags, contacts, skip)


cdef void compute_aabb(dReal* g, const int* i) noexcept nogil:
    """Fill g[G_AABB..] from the pose and class parameters."""
    cdef int cls = i[GI_CLASS]
    if cls == GC_CONVEX or cls == GC_TRIMESH or cls == GC_HEIGHTFIELD:
        mesh_aabb(g, i)
    elif cls >= 0 and cls <= GC_RAY:
        compute_prim_aabb(g, i)


# ------------------------------------------------ def entry points


cdef int _maxc(int flags) noexcept nogil:
    cdef int m = flags & 0xffff
    return m if m >= 1 else 1


cdef enum:
    _STACK_CONTACTS = 16


def collide_geoms(cnp.ndarray greal not None, cnp.ndarray gint not None, a, b, flags):
    """Contacts of geoms a and b (rows of greal/gint) as an (n, CR) array of greal's dtype.

    The collider writes into a stack buffer (the heap past 16 contacts); the result array is allocated
    with exactly n rows (no zero fill, no slice).
    """
    cdef dReal* g = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef int cflags = flags32(flags)
    cdef int maxc = _maxc(cflags)
    cdef int ia = a, ib = b, n = 0
    cdef dReal stack[_STACK_CONTACTS * CR]
    cdef dReal* buf = stack
    cdef cnp.npy_intp dims[2]
    if ia < 0 or ib < 0 or ia >= greal.shape[0] or ib >= greal.shape[0]:
        raise IndexError("geom row out of range")
    if ia != ib:
        if maxc > _STACK_CONTACTS:
            buf = <dReal*> malloc(maxc * CR * sizeof(dReal))
            if buf == NULL:
                raise MemoryError()
        with nogil:
            n = collide_pair(g + ia * GR, gi + ia * GI, g + ib * GR, gi + ib * GI, cflags, buf, CR)
    dims[0] = n
    dims[1] = CR
    try:
        out = cnp.PyArray_EMPTY(2, dims, cnp.PyArray_TYPE(greal), 0)
        if n:
            memcpy(cnp.PyArray_DATA(out), buf, n * CR * sizeof(dReal))
    finally:
        if buf != stack:
            free(buf)
    return out


def transform_row(cnp.ndarray greal not None, cnp.ndarray gint not None, int t, int inner, int shadow):
    """A GeomTransform's helper record: returns ``shadow`` after making that row the encapsulated geom's row
    ``inner`` at its world pose, i.e. the transform's pose (row ``t``) composed with inner's local pose:
    position p_t + R_t p_i and rotation R_t R_i, each dot product summed left to right in dReal (every
    product and sum rounded to it, as libode composes a transform's pose). GI_BODY comes from the
    transform; the AABB is recomputed from the composed pose and also written into the transform's row."""
    cdef dReal* g = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef Py_ssize_t nrow = greal.shape[0]
    cdef dReal* tr
    cdef dReal* ir
    cdef dReal* sr
    cdef int* si
    cdef dReal p[3]
    cdef dReal R[9]
    cdef dReal ip[3]
    cdef dReal iR[9]
    cdef int i, j
    if t < 0 or inner < 0 or shadow < 0 or t >= nrow or inner >= nrow or shadow >= nrow:
        raise IndexError("geom row out of range")
    if shadow == t or shadow == inner:
        raise ValueError("the helper row must differ from the transform's and the encapsulated geom's rows")
    tr = g + t * GR
    ir = g + inner * GR
    sr = g + shadow * GR
    si = gi + shadow * GI
    for i in range(3):
        p[i] = tr[G_POS + i]
        ip[i] = ir[G_POS + i]
    for i in range(9):
        R[i] = tr[G_R + i]
        iR[i] = ir[G_R + i]
    memcpy(sr, ir, GR * sizeof(dReal))
    memcpy(si, gi + inner * GI, GI * sizeof(int))
    for i in range(3):
        sr[G_POS + i] = p[i] + ((R[3 * i] * ip[0] + R[3 * i + 1] * ip[1]) + R[3 * i + 2] * ip[2])
        for j in range(3):
            sr[G_R + 3 * i + j] = (R[3 * i] * iR[j] + R[3 * i + 1] * iR[3 + j]) + R[3 * i + 2] * iR[6 + j]
    si[GI_BODY] = gi[t * GI + GI_BODY]
    compute_aabb(sr, si)
    for i in range(6):
        tr[G_AABB + i] = sr[G_AABB + i]
    return shadow


cdef inline void _body_pose(dReal* gr, const int* gi, const dReal* br) noexcept nogil:
    """Geom row gr takes its world pose from body row br (composed with its offset when GI_FLAGS has 8)."""
    cdef dReal o[12]
    cdef int i, j
    if gi[GI_FLAGS] & 8:
        for i in range(3):
            o[i] = gr[G_OFFPOS + i]
        for i in range(9):
            o[3 + i] = gr[G_OFFR + i]
        for i in range(3):
            gr[G_POS + i] = br[B_POS + i] + ((br[B_R + 3 * i] * o[0] + br[B_R + 3 * i + 1] * o[1])
                                             + br[B_R + 3 * i + 2] * o[2])
            for j in range(3):
                gr[G_R + 3 * i + j] = (br[B_R + 3 * i] * o[3 + j] + br[B_R + 3 * i + 1] * o[6 + j]) \
                    + br[B_R + 3 * i + 2] * o[9 + j]
    else:
        for i in range(3):
            gr[G_POS + i] = br[B_POS + i]
        for i in range(9):
            gr[G_R + i] = br[B_R + i]


cdef void body_pose_rec(dReal* gr, const int* gi, const dReal* br) noexcept nogil:
    """_body_pose for other kernels (geom_handles: a geom's pose refreshed from its body in C)."""
    _body_pose(gr, gi, br)


cdef dReal* _body_rows(cnp.ndarray breal, cnp.ndarray greal) except NULL:
    if breal.ndim != 2 or breal.shape[1] != BR or cnp.PyArray_TYPE(breal) != cnp.PyArray_TYPE(greal) \
            or not cnp.PyArray_IS_C_CONTIGUOUS(breal):
        raise ValueError("breal must be a C-contiguous (B, BR) array of greal's dtype")
    return <dReal*> cnp.PyArray_DATA(breal)


def body_pose(cnp.ndarray greal not None, cnp.ndarray gint not None, int s, cnp.ndarray breal not None, int b):
    """Geom row ``s`` takes its world pose from body row ``b`` of ``breal`` (a (B, BR) array of the same
    dtype): the body's position and rotation, composed with the geom's offset when GI_FLAGS has the offset
    bit (8): pos + R offpos and R offR, in dReal, each dot product summed left to right (as the numpy
    composition of the twin's body_poses). Returns s."""
    cdef dReal* g = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef dReal* br = _body_rows(breal, greal)
    if s < 0 or s >= greal.shape[0] or b < 0 or b >= breal.shape[0]:
        raise IndexError("geom or body row out of range")
    _body_pose(g + s * GR, gi + s * GI, br + b * BR)
    return s


cdef inline bint _is_intp(object a):
    """A C-contiguous intp ndarray (used as is, no conversion)."""
    return isinstance(a, cnp.ndarray) and cnp.PyArray_TYPE(<cnp.ndarray> a) == cnp.NPY_INTP \
        and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray> a)


def body_poses(cnp.ndarray greal not None, cnp.ndarray gint not None, geoms, cnp.ndarray breal not None, bodies):
    """body_pose for every pair (geoms[k], bodies[k]) of geom and body rows (int arrays of one length)."""
    cdef dReal* g = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef dReal* br = _body_rows(breal, greal)
    cdef cnp.ndarray gs = geoms if _is_intp(geoms) else np.ascontiguousarray(geoms, dtype=np.intp)
    cdef cnp.ndarray bs = bodies if _is_intp(bodies) else np.ascontiguousarray(bodies, dtype=np.intp)
    cdef Py_ssize_t n = gs.shape[0], k, ng = greal.shape[0], nb = breal.shape[0]
    cdef Py_ssize_t* pg = <Py_ssize_t*> cnp.PyArray_DATA(gs)
    cdef Py_ssize_t* pb = <Py_ssize_t*> cnp.PyArray_DATA(bs)
    if gs.ndim != 1 or bs.ndim != 1 or bs.shape[0] != n:
        raise ValueError("geoms and bodies must be 1-d arrays of one length")
    for k in range(n):
        if pg[k] < 0 or pg[k] >= ng or pb[k] < 0 or pb[k] >= nb:
            raise IndexError("geom or body row out of range")
    with nogil:
        for k in range(n):
            _body_pose(g + pg[k] * GR, gi + pg[k] * GI, br + pb[k] * BR)


def update_aabbs(greal, gint, indices):
    """Recompute the AABBs of the given rows in place (a C-contiguous int32 array of rows is read in C;
    any other iterable of ints one by one)."""
    cdef dReal* g = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef int k, nrow = greal.shape[0]
    cdef Py_ssize_t r, n
    cdef const int* rows
    if isinstance(indices, cnp.ndarray) and cnp.PyArray_TYPE(<cnp.ndarray> indices) == cnp.NPY_INT32 \
            and cnp.PyArray_NDIM(<cnp.ndarray> indices) == 1 \
            and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray> indices):
        n = cnp.PyArray_SIZE(<cnp.ndarray> indices)
        rows = <const int*> cnp.PyArray_DATA(<cnp.ndarray> indices)
        for r in range(n):
            if rows[r] < 0 or rows[r] >= nrow:
                raise IndexError("geom row out of range")
        with nogil:
            for r in range(n):
                compute_aabb(g + rows[r] * GR, gi + rows[r] * GI)
        return
    for kk in indices:
        k = kk
        if k < 0 or k >= nrow:
            raise IndexError("geom row out of range")
        compute_aabb(g + k * GR, gi + k * GI)


def point_depth(greal, gint, g, x, y, z):
    """Depth of the world point (x, y, z) in geom row g (sphere, box, capsule, cylinder, plane)."""
    cdef dReal* gr = geom_rows(greal, gint)
    cdef int* gi = <int*> cnp.PyArray_DATA(gint)
    cdef int k = g
    if k < 0 or k >= greal.shape[0]:
        raise IndexError("geom row out of range")
    return float(point_depth_rec(gr + k * GR, gi + k * GI, x, y, z))


def closest_segment_points(a1, a2, b1, b2):
    """Closest points of segments a1-a2 and b1-b2 (ODE's dClosestLineSegmentPoints): (on a, on b)."""
    cdef dReal pa1[3]
    cdef dReal pa2[3]
    cdef dReal pb1[3]
    cdef dReal pb2[3]
    cdef dReal out[6]
    cdef int j
    for j in range(3):
        pa1[j] = a1[j]
        pa2[j] = a2[j]
        pb1[j] = b1[j]
        pb2[j] = b2[j]
    closest_segments(pa1, pa2, pb1, pb2, out)
    return (out[0], out[1], out[2]), (out[3], out[4], out[5])


def box_box(p1, R1, side1, p2, R2, side2, flags):
    """ODE's dBoxBox: (normal from box 1 to box 2, depth, code, (n, CR) contacts with normals into box 1)."""
    cdef dReal v[42]
    cdef dReal nout[5]
    cdef int j, n
    cdef int cflags = flags32(flags)
    cdef int maxc = _maxc(cflags)
    for j in range(3):
        v[j] = p1[j]
        v[12 + j] = side1[j]
        v[15 + j] = p2[j]
        v[27 + j] = side2[j]
    for j in range(9):
        v[3 + j] = R1[j]
        v[18 + j] = R2[j]
    for j in range(5):
        nout[j] = 0
    out = np.zeros((maxc, CR), dtype=np.float64 if sizeof(dReal) == 8 else np.float32)
    cdef dReal* c = <dReal*> cnp.PyArray_DATA(out)
    n = box_box_k(v, v + 3, v + 12, v + 15, v + 18, v + 27, cflags, c, CR, nout)
    return (nout[0], nout[1], nout[2]), nout[3], int(nout[4]), out[:n]


def box_box_intersect(p1, R1, side1, p2, R2, side2):
    """True when the two boxes overlap (ODE's dBoxTouchesBox: no separating axis among the 15)."""
    return box_box(p1, R1, side1, p2, R2, side2, 1)[2] != 0
