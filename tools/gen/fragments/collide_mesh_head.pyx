# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Convex, trimesh and heightfield colliders (Cython kernel; twin: ode/_fallback/collide_mesh.py, written from
the mesh families of ode/_fallback/colliders/).

Side data lives in C memory (malloc) in a registry indexed by the id a geom record keeps in ``GI_DATA``.
"""

from libc.math cimport sqrt, fabs, floor, cos, sin, INFINITY
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset

cimport numpy as cnp
import numpy as np

from .dreal cimport dReal
from .layout cimport *
from .collide_prim cimport (collide_box_plane, collide_capsule_plane, collide_cylinder_plane, mpr_contact,
                           unimp_of)
from .rotation cimport normalize3, r_to_q

cnp.import_array()

cdef double FACE_BIAS = 1.05
cdef double FACE_BIAS_ABS = 1e-9
cdef double MERGE_DIST2 = 1e-12
cdef double MERGE_DOT = 0.999
cdef double PAR_EPS = 1e-9
cdef double M_PI = 3.141592653589793
cdef double DINF = INFINITY
cdef double CAP_MERGE = 1e-4
cdef double CYL_CAP_COS = 0.9
cdef double CYL_AXIS_MIN = 1e-5
cdef double CAP_EDGE_TOL = 1e-5
cdef double CAP_AXIS_MIN2 = 9.999999974752427e-07
cdef double CAP_AXIS_MIN = 1e-5
cdef dReal TT_CELL = 10000.0
cdef dReal TT_REACH = 0.0001732068128076953
cdef dReal TT_DEPTH = 1e-5
cdef dReal TT_TIE = 1e-6
cdef dReal TT_EDGE = 1e-8
cdef double TT_EPS32 = 9.999999974752427e-07
cdef int IFLOOR_MAX = 536870912
cdef int WRAP_CELLS = 128


cdef struct MeshData:
    int kind
    int nv
    int nt
    int nf
    int ne
    int wn
    int dn
    int wrap
    dReal width
    dReal depth
    dReal thick
    dReal hmin
    dReal hmax
    dReal ylo
    dReal yhi
    dReal* v
    int* t
    int* to
    dReal* tn
    dReal* tb
    dReal* fn
    dReal* pl
    int* fs
    int* fi
    int* e
    dReal* h
    dReal vb[6]


cdef struct Shape:
    int nv
    int nf
    int ne
    int core
    int onesided
    dReal r
    dReal* v
    dReal* fn
    dReal* fd
    int* fs
    int* fi
    int* e
    dReal c[3]


cdef struct Buf:
    int n
    int cap
    dReal* c


cdef MeshData** _reg = NULL
cdef int _reg_cap = 0
_next_id = [1]


cdef inline MeshData* reg_get(int data_id) noexcept nogil:
    """The side data of id, or NULL."""
    if data_id < 0 or data_id >= _reg_cap:
        return NULL
    return _reg[data_id]


cdef Shape* shape_new(int nv, int nf, int nfi, int ne) noexcept nogil:
    """A piece with room for nv vertices, nf faces with nfi indices in all, ne edges."""
    cdef Shape* s = <Shape*> calloc(1, sizeof(Shape))
    s.nv = nv
    s.nf = nf
    s.ne = ne
    s.v = <dReal*> calloc(3 * nv + 3, sizeof(dReal))
    s.fn = <dReal*> calloc(3 * nf + 3, sizeof(dReal))
    s.fd = <dReal*> calloc(nf + 1, sizeof(dReal))
    s.fs = <int*> calloc(nf + 2, sizeof(int))
    s.fi = <int*> calloc(nfi + 1, sizeof(int))
    s.e = <int*> calloc(2 * ne + 2, sizeof(int))
    return s


cdef void shape_free(Shape* s) noexcept nogil:
    """Release a piece."""
    if s == NULL:
        return
    free(s.v)
    free(s.fn)
    free(s.fd)
    free(s.fs)
    free(s.fi)
    free(s.e)
    free(s)


cdef Buf* buf_new() noexcept nogil:
    """An empty contact collection."""
    cdef Buf* b = <Buf*> calloc(1, sizeof(Buf))
    b.cap = 16
    b.c = <dReal*> malloc(b.cap * CR * sizeof(dReal))
    return b


cdef void buf_free(Buf* b) noexcept nogil:
    """Release a contact collection."""
    free(b.c)
    free(b)


cdef void buf_grow(Buf* b) noexcept nogil:
    """Room for one more record."""
    if b.n + 1 > b.cap:
        b.cap = b.cap * 2
        b.c = <dReal*> realloc(b.c, b.cap * CR * sizeof(dReal))


cdef inline int ifloor(dReal x) noexcept nogil:
    """floor(x) as an int, saturated to +-IFLOOR_MAX (NaN: -IFLOOR_MAX) to fit a C int, as in the twin."""
    if not x > -IFLOOR_MAX:
        return -IFLOOR_MAX
    if x > IFLOOR_MAX:
        return IFLOOR_MAX
    return <int> floor(x)


cdef inline int to_int(dReal x) noexcept nogil:
    """x (an integral real) as an int."""
    return <int> x


cdef inline dReal* work_new(int n) noexcept nogil:
    """A scratch array of n reals."""
    return <dReal*> malloc((n + 1) * sizeof(dReal))


cdef inline void work_free(dReal* w) noexcept nogil:
    """Release a scratch array."""
    free(w)

