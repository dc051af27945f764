"""Trimesh against a capsule or cylinder: the triangles in libode's order, each against the shape, their
contacts merged.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs

from ... import _layout as L
from .mesh_contacts import buf_copy, buf_push, emit, maxc_of
from .mesh_geometry import to_local
from .mesh_registry import (
    MESH_TRIMESH,
    buf_free,
    buf_new,
    rec,
    reg_get,
    tri_box_out,
    tri_world,
    work_free,
    work_new,
)
from .prim_contacts import unimp_of
from .trimesh_capsule import cap_tri
from .trimesh_cylinder import cyl_tri

CAP_MERGE = 1e-4  # capsule/cylinder-trimesh: contacts this close (per coordinate) may be merged


# ---- kernels


def near_contacts(b, i, j):
    #: cdef int near_contacts(Buf* b, int i, int j) noexcept nogil
    """1 when collected contacts i and j are within CAP_MERGE of each other in every coordinate of their
    points and of their normals (libode's capsule and cylinder test for one contact found twice)."""
    #: int k, oi, oj
    oi = i * L.CR
    oj = j * L.CR
    for k in range(3):
        if not (fabs(b.c[oi + L.C_POS + k] - b.c[oj + L.C_POS + k]) < CAP_MERGE):
            return 0
        if not (fabs(b.c[oi + L.C_NORMAL + k] - b.c[oj + L.C_NORMAL + k]) < CAP_MERGE):
            return 0
    return 1


def buf_filter_near(b, merged):
    #: cdef void buf_filter_near(Buf* b, Buf* merged) noexcept nogil
    """Copy into merged the contacts of b that survive libode's capsule/cylinder filter: every pair i < j of
    near contacts (near_contacts) drops i when j is deeper, else j (a tie keeps the first); a dropped contact
    still takes part in later pairs, so a chain of near contacts keeps only its first or deepest links. Both
    colliders' depths follow libode's arithmetic, so its ties come out as libode's."""
    #: int i, j
    #: dReal* w
    w = work_new(b.n + 1)
    for i in range(b.n):
        w[i] = 1.0
    for i in range(b.n - 1):
        for j in range(i + 1, b.n):
            if near_contacts(b, i, j):
                if b.c[j * L.CR + L.C_DEPTH] > b.c[i * L.CR + L.C_DEPTH]:
                    w[i] = 0.0
                else:
                    w[j] = 0.0
    for i in range(b.n):
        if w[i] != 0.0:
            buf_copy(merged, b, i)
    work_free(w)


def trimesh_round(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int trimesh_round(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                        dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a capsule or cylinder, by libode's rules (see the section comments)."""
    #: MeshData* md
    #: Buf* out
    #: Buf* merged
    #: int k, j, t, n, maxc, cls, unimp
    #: dReal tv[9]
    #: dReal nv[3]
    #: dReal q[3]
    #: dReal lo[6]
    #: dReal w[16]
    #: dReal res[112]
    #: dReal x
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    tv = [0.0] * 9  # py
    nv = [0.0] * 3  # py
    q = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    w = [0.0] * 16  # py
    res = [0.0] * 112  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_TRIMESH:
        return 0
    cls = i2[L.GI_CLASS]
    for k in range(3):
        w[k] = g2[L.G_POS + k]
    to_local(g1, w[0], w[1], w[2], q, 0)
    for k in range(3):
        w[3 + k] = g2[L.G_R + 3 * k + 2]
    w[6] = g2[L.G_LENGTH] * 0.5
    w[7] = g2[L.G_RADIUS]
    w[8] = 0.0
    if cls == L.GC_CYLINDER:
        w[8] = 1.0
    to_local(g1, w[0] + w[3], w[1] + w[4], w[2] + w[5], nv, 0)
    for k in range(3):
        x = fabs(nv[k] - q[k]) * w[6] + w[7]
        lo[2 * k] = q[k] - x
        lo[2 * k + 1] = q[k] + x
    maxc = maxc_of(flags)
    unimp = unimp_of(flags)
    out = buf_new()
    for j in range(md.nt):
        t = md.to[j]
        if tri_box_out(md, t, lo):
            continue
        tri_world(g1, md, t, tv, nv)
        if w[8] != 0:
            n = cyl_tri(g2, tv, w, res)
        else:
            n = cap_tri(g2, tv, w, res)
        for k in range(n):
            if out.n < maxc:
                buf_push(
                    out,
                    res[7 * k],
                    res[7 * k + 1],
                    res[7 * k + 2],
                    -res[7 * k + 3],
                    -res[7 * k + 4],
                    -res[7 * k + 5],
                    res[7 * k + 6],
                    t,
                    -1,
                )
        if out.n >= maxc:
            break
    if unimp:  # CONTACTS_UNIMPORTANT (observed): the first contacts found, unmerged
        n = emit(out, flags, contacts, skip)
        buf_free(out)
        return n
    merged = buf_new()
    buf_filter_near(out, merged)
    n = emit(merged, flags, contacts, skip)
    buf_free(out)
    buf_free(merged)
    return n


def collide_trimesh_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a capsule."""
    return trimesh_round(g1, i1, g2, i2, flags, contacts, skip)


def collide_trimesh_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_trimesh_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                   int flags, dReal* contacts, int skip) noexcept nogil
    """Trimesh (geom 1) against a cylinder."""
    return trimesh_round(g1, i1, g2, i2, flags, contacts, skip)


# ---- end kernels
