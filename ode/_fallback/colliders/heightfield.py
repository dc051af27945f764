"""Heightfield against a box, capsule, cylinder, convex, trimesh or heightfield: the geom's points against
the cell triangles, then the samples inside the geom.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from .heightfield_cells import (
    hf_below,
    hf_corner_local,
    hf_corner_world,
    hf_group_marks,
    hf_height,
    hf_on_tri,
    hf_tri_plane,
    hf_valley_marks,
    hf_zone,
)
from .mesh_contacts import buf_has, buf_push, emit, maxc_of
from .mesh_geometry import rot_vec, to_local, to_world
from .mesh_registry import (
    MESH_CONVEX,
    MESH_HEIGHTFIELD,
    MESH_TRIMESH,
    buf_free,
    buf_new,
    rec,
    reg_get,
    work_free,
    work_new,
)
from .plane import collide_box_plane, collide_capsule_plane, collide_cylinder_plane
from .trimesh_ray import f32, ray_mesh_frame, ray_walk
from .trimesh_tree import tt_nodes

# ---- kernels


def hf_ray_prep(gt, m2, bottom, rb):
    #: cdef void hf_ray_prep(const dReal* gt, MeshData* m2, dReal bottom, dReal* rb) noexcept nogil
    """rb = what libode's sample rays against trimesh m2 posed as gt (hf_pose) need: that pose as a record
    image at rb[o], o = 8 nt + 8, the bottom of the mesh's box there at rb[o + 12] (hf_mesh_pts); rb[0:8 nt]
    are the tree's node boxes (tt_nodes)."""
    #: int o, k
    o = 8 * m2.nt + 8
    tt_nodes(m2, m2.tb, rb)
    for k in range(12):
        rb[o + k] = gt[k]
    rb[o + 12] = bottom


def hf_sample_ray(m2, rb, vx, vy, vz, nx, ny, nz):
    #: cdef dReal hf_sample_ray(MeshData* m2, const dReal* rb, dReal vx, dReal vy, dReal vz, dReal nx,
    #:                          dReal ny, dReal nz) noexcept nogil
    """Depth of libode's ray from sample v (corner frame) along the triangle normal n into the trimesh, or -1.

    libode tests a sample only above the bottom of the mesh's box, with a ray whose length is 1000 times
    the (negative) height from the sample down to that bottom, and runs OPCODE's ray collider (ray_walk, in
    float): the tree is walked with the segment that length makes, reaching down from the sample (its float
    midpoint far away makes its reach pose-dependent), while any hit along the ray counts (OPCODE compares the
    distance to the length as unsigned bits); the first hit in tree order is the depth."""
    #: int o
    #: dReal rlen
    #: dReal w[12]
    #: dReal hits[2]
    w = [0.0] * 12  # py
    hits = [0.0] * 2  # py
    o = 8 * m2.nt + 8
    if not vy > rb[o + 12]:  # libode tests only the samples above the mesh's box bottom
        return -1.0
    rlen = f32((rb[o + 12] - vy) * 1000.0)
    ray_mesh_frame(vx, vy, vz, nx, ny, nz, rb, o, rlen, w)
    if ray_walk(m2, rb, w, rlen, 0, 1, hits) == 0:
        return -1.0
    return hits[1]


def hf_pose(g1, md, g2, gt):
    #: cdef void hf_pose(const dReal* g1, MeshData* md, const dReal* g2, dReal* gt) noexcept nogil
    """gt = record g2 posed in field g1's corner frame as libode poses it: position R^T (p - p_field) moved by
    the half sizes (hf_corner_local), rotation R_field^T R, other fields copied."""
    #: int a, b
    for a in range(L.GR):
        gt[a] = g2[a]
    hf_corner_local(g1, md, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], gt, L.G_POS)
    for a in range(3):
        for b in range(3):
            gt[L.G_R + 3 * a + b] = (g1[L.G_R + a] * g2[L.G_R + b] + g1[L.G_R + 3 + a] * g2[L.G_R + 3 + b]
                                     + g1[L.G_R + 6 + a] * g2[L.G_R + 6 + b])


def hf_prim_aabb(gt, cls, lo):
    #: cdef void hf_prim_aabb(const dReal* gt, int cls, dReal* lo) noexcept nogil
    """lo = libode's AABB of box, capsule or cylinder record gt, in dReal (float in single): per axis the
    position -+ a box's 0.5 (|R s0| + |R s1| + |R s2|) along that row, a capsule's |R lz| 0.5 + r, a
    cylinder's |R lz 0.5| + r sqrt(max(0, 1 - R^2)) of the axis column."""
    #: int j
    #: dReal e, a, t, u
    for j in range(3):  # each magnitude rounded to dReal before it is added (libode's dFabs)
        if cls == L.GC_BOX:
            e = fabs(gt[L.G_R + 3 * j] * gt[L.G_SIDES])
            t = fabs(gt[L.G_R + 3 * j + 1] * gt[L.G_SIDES + 1])
            u = fabs(gt[L.G_R + 3 * j + 2] * gt[L.G_SIDES + 2])
            e = 0.5 * (e + t + u)
        elif cls == L.GC_CAPSULE:
            e = fabs(gt[L.G_R + 3 * j + 2] * gt[L.G_LENGTH])
            e = e * 0.5 + gt[L.G_RADIUS]
        else:
            a = gt[L.G_R + 3 * j + 2]
            t = 1.0 - a * a
            if t < 0.0:
                t = 0.0
            t = sqrt(t)  # rounded to dReal first (libode's dSqrt)
            e = fabs(a * gt[L.G_LENGTH] * 0.5)
            e = e + gt[L.G_RADIUS] * t
        lo[2 * j] = gt[L.G_POS + j] - e
        lo[2 * j + 1] = gt[L.G_POS + j] + e


def hf_prim_depth(gt, cls, x, y, z):
    #: cdef dReal hf_prim_depth(const dReal* gt, int cls, dReal x, dReal y, dReal z) noexcept nogil
    """libode's point depth of (x, y, z) in box or capsule record gt, as far as a positive depth goes: a box's
    least distance to a face (negative outside), a capsule's radius less the distance to its segment."""
    #: dReal d, e, s, b, h, qx, qy, qz
    #: dReal q[3]
    #: int k
    q = [0.0] * 3  # py
    if cls == L.GC_BOX:
        to_local(gt, x, y, z, q, 0)
        d = 0.0
        for k in range(3):
            s = gt[L.G_SIDES + k] * 0.5
            e = s - q[k]
            if k == 0 or e < d:
                d = e
            e = s + q[k]
            if e < d:
                d = e
        return d
    qx = x - gt[L.G_POS]
    qy = y - gt[L.G_POS + 1]
    qz = z - gt[L.G_POS + 2]
    b = qx * gt[L.G_R + 2] + qy * gt[L.G_R + 5] + qz * gt[L.G_R + 8]
    h = gt[L.G_LENGTH] * 0.5
    if b < -h:
        b = -h
    elif b > h:
        b = h
    qx = x - (gt[L.G_POS] + b * gt[L.G_R + 2])
    qy = y - (gt[L.G_POS + 1] + b * gt[L.G_R + 5])
    qz = z - (gt[L.G_POS + 2] + b * gt[L.G_R + 8])
    d = sqrt(qx * qx + qy * qy + qz * qz)
    return gt[L.G_RADIUS] - d  # the root rounded to dReal first (libode's dSqrt)


def hf_prim_plane(g1, md, gt, i2, cls, bv, npts, out, i, j, upper, pl, flags):
    #: cdef int hf_prim_plane(const dReal* g1, MeshData* md, const dReal* gt, const int* i2, int cls,
    #:                        const dReal* bv, int npts, Buf* out, int i, int j, int upper, const dReal* pl,
    #:                        int flags) noexcept nogil
    """libode's plane-collider contacts of posed record gt (hf_pose) with plane pl (corner frame), kept when
    over cell (i, j)'s lower or upper triangle (upper = 2: all kept, the flat field); each turned to the
    world with the plane's up normal negated. Returns 1 when one is kept. A convex's or trimesh's vertices
    are bv[0:3 npts] (corner frame): libode's convex-plane takes those at or under the plane (none unless
    some are at or over it), its trimesh-plane those strictly under it, each up to the cap of flags."""
    #: dReal gp[64]
    #: dReal* tc
    #: dReal w[6]
    #: dReal d
    #: int n, k, o, got, maxc, sg
    gp = [0.0] * L.GR  # py
    w = [0.0] * 6  # py
    maxc = maxc_of(flags)
    if maxc > npts + 8:
        maxc = npts + 8
    tc = work_new(maxc * L.CR)
    for k in range(4):
        gp[L.G_PLANE + k] = pl[k]
    n = 0
    if cls == L.GC_BOX:
        n = collide_box_plane(gt, i2, gp, i2, flags, tc, L.CR)
    elif cls == L.GC_CAPSULE:
        n = collide_capsule_plane(gt, i2, gp, i2, flags, tc, L.CR)
    elif cls == L.GC_CYLINDER:
        n = collide_cylinder_plane(gt, i2, gp, i2, flags, tc, L.CR)
    elif cls == L.GC_CONVEX:
        sg = 0  # 1: a vertex at or under the plane seen, 2: one at or over it
        for k in range(npts):
            d = (pl[0] * bv[3 * k] + pl[1] * bv[3 * k + 1] + pl[2] * bv[3 * k + 2]) - pl[3]
            if d <= 0:
                sg = sg | (1 if d != 0 else 3)
                if n != maxc:
                    o = n * L.CR
                    tc[o + L.C_POS] = bv[3 * k]
                    tc[o + L.C_POS + 1] = bv[3 * k + 1]
                    tc[o + L.C_POS + 2] = bv[3 * k + 2]
                    tc[o + L.C_DEPTH] = -d
                    n = n + 1
            else:
                sg = sg | 2
            if n == maxc and sg == 3:
                break
        if sg != 3:
            n = 0
    else:
        for k in range(npts):
            d = pl[3] - (pl[0] * bv[3 * k] + pl[1] * bv[3 * k + 1] + pl[2] * bv[3 * k + 2])
            if d > 0:
                o = n * L.CR
                tc[o + L.C_POS] = bv[3 * k]
                tc[o + L.C_POS + 1] = bv[3 * k + 1]
                tc[o + L.C_POS + 2] = bv[3 * k + 2]
                tc[o + L.C_DEPTH] = d
                n = n + 1
                if n >= maxc:
                    break
    got = 0
    for k in range(n):
        o = k * L.CR
        if upper != 2 and not hf_on_tri(md, i, j, upper, tc[o + L.C_POS], tc[o + L.C_POS + 2]):
            continue
        got = 1
        hf_corner_world(g1, md, tc[o + L.C_POS], tc[o + L.C_POS + 1], tc[o + L.C_POS + 2], w, 0)
        rot_vec(g1, -pl[0], -pl[1], -pl[2], w, 3)
        if not buf_has(out, w[0], w[1], w[2], w[3], w[4], w[5]):  # coplanar triangles collide once (libode)
            buf_push(out, w[0], w[1], w[2], w[3], w[4], w[5], tc[o + L.C_DEPTH], -1, -1)
    work_free(tc)
    return got


def hf_prim_corner(g1, md, gt, m2, rb, cls, out, x, y, z, pl, vf, k):
    #: cdef void hf_prim_corner(const dReal* g1, MeshData* md, const dReal* gt, MeshData* m2, const dReal* rb,
    #:                          int cls, Buf* out, dReal x, dReal y, dReal z, const dReal* pl, dReal* vf,
    #:                          int k) noexcept nogil
    """A sample (x, y, z) (corner frame) met for the first time (vf[k] = 0) deeper than the machine epsilon
    in box or capsule gt (libode's point depth): a contact there with this triangle's normal. A trimesh's
    sample is hit by libode's ray along the normal (hf_sample_ray; a miss leaves it to the next triangle).
    libode tests no sample against a cylinder or a convex."""
    #: dReal d, e
    #: dReal w[6]
    w = [0.0] * 6  # py
    e = _precision.EPSILON  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    if vf[k] != 0.0 or cls == L.GC_CYLINDER or cls == L.GC_CONVEX:
        return
    if cls == L.GC_TRIMESH:
        d = hf_sample_ray(m2, rb, x, y, z, pl[0], pl[1], pl[2])
        if d < 0:
            return
        vf[k] = 1.0
    else:
        vf[k] = 1.0
        d = hf_prim_depth(gt, cls, x, y, z)
        if not (d > e):
            return
    hf_corner_world(g1, md, x, y, z, w, 0)
    rot_vec(g1, -pl[0], -pl[1], -pl[2], w, 3)
    buf_push(out, w[0], w[1], w[2], w[3], w[4], w[5], d, -1, -1)


def hf_mesh_pts(gt, m2, cls, bv, lo):
    #: cdef int hf_mesh_pts(const dReal* gt, MeshData* m2, int cls, dReal* bv, dReal* lo) noexcept nogil
    """bv = a convex's vertices (a trimesh's in the order its triangles first name them) placed by posed
    record gt, as libode's plane colliders place them (pos + R v); lo = libode's box of the geom so placed (a
    convex's: its vertices' bounds; a trimesh's: its mesh-frame box's centre turned and moved, plus or minus
    its extents turned). Returns the number of vertices."""
    #: int k, j, n
    #: dReal t, u
    #: dReal* seen
    #: dReal c[3]
    #: dReal e[3]
    c = [0.0] * 3  # py
    e = [0.0] * 3  # py
    n = 0
    if cls == L.GC_CONVEX:
        for k in range(m2.nv):
            to_world(gt, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], bv, 3 * k)
            for j in range(3):
                if k == 0 or bv[3 * k + j] < lo[2 * j]:
                    lo[2 * j] = bv[3 * k + j]
                if k == 0 or bv[3 * k + j] > lo[2 * j + 1]:
                    lo[2 * j + 1] = bv[3 * k + j]
        return m2.nv
    seen = work_new(m2.nv)
    for k in range(m2.nv):
        seen[k] = 0.0
    for j in range(3 * m2.nt):
        k = m2.t[j]
        if seen[k] == 0.0:
            seen[k] = 1.0
            to_world(gt, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], bv, 3 * n)
            n = n + 1
    work_free(seen)
    for j in range(3):  # libode's mesh box: centre and extents of the vertices as given (m2.vb)
        c[j] = (m2.vb[2 * j] + m2.vb[2 * j + 1]) * 0.5
        e[j] = m2.vb[2 * j + 1] - c[j]
    for j in range(3):
        lo[2 * j] = ((gt[L.G_R + 3 * j] * c[0] + gt[L.G_R + 3 * j + 1] * c[1] + gt[L.G_R + 3 * j + 2] * c[2])
                     + gt[L.G_POS + j])
        t = fabs(gt[L.G_R + 3 * j] * e[0])  # each magnitude rounded to dReal before it is added (dFabs)
        u = fabs(gt[L.G_R + 3 * j + 1] * e[1])
        t = t + u
        u = fabs(gt[L.G_R + 3 * j + 2] * e[2])
        t = t + u
        lo[2 * j + 1] = lo[2 * j] + t
        lo[2 * j] = lo[2 * j] - t
    return n


def hf_prims(g1, i1, g2, i2, m2, cls, flags, contacts, skip):
    #: cdef int hf_prims(const dReal* g1, const int* i1, const dReal* g2, const int* i2, MeshData* m2,
    #:                   int cls, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield geom 1 against a box, capsule or cylinder g2, libode's way: the geom posed in the field's
    corner frame (hf_pose) meets each cell triangle's plane with libode's plane collider (at most 10
    contacts), contacts over the triangle kept; then, when its box there spans more than 1.5 cells along x
    or z, the samples not yet met inside it (libode's point depth)."""
    #: MeshData* md
    #: int k, n, npts
    #: dReal* bv
    #: dReal* rb
    #: dReal gt[64]
    #: dReal lo[6]
    gt = [0.0] * L.GR  # py
    lo = [0.0] * 6  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    hf_pose(g1, md, g2, gt)
    npts = 0
    if cls == L.GC_CONVEX or cls == L.GC_TRIMESH:
        bv = work_new(3 * m2.nv)
        npts = hf_mesh_pts(gt, m2, cls, bv, lo)
    else:
        bv = work_new(1)
        hf_prim_aabb(gt, cls, lo)
    if cls == L.GC_TRIMESH:
        rb = work_new(8 * m2.nt + 24)
        hf_ray_prep(gt, m2, lo[2], rb)
    else:
        rb = work_new(1)
    n = hf_prims_zone(g1, i1, g2, i2, md, m2, cls, gt, bv, npts, rb, lo, flags, contacts, skip)
    work_free(rb)
    work_free(bv)
    return n


def hf_prims_zone(g1, i1, g2, i2, md, m2, cls, gt, bv, npts, rb, lo, flags, contacts, skip):
    #: cdef int hf_prims_zone(const dReal* g1, const int* i1, const dReal* g2, const int* i2, MeshData* md,
    #:                        MeshData* m2, int cls, const dReal* gt, const dReal* bv, int npts,
    #:                        const dReal* rb, const dReal* lo, int flags, dReal* contacts,
    #:                        int skip) noexcept nogil
    """hf_prims on the cells under the posed geom's box lo (corner frame)."""
    #: Buf* out
    #: int i, j, n, nw, b, k, pas, q, ncx, ncz, npas, m, pflags
    #: dReal dx, dz, xa, xb, za, zb
    #: dReal* vf
    #: dReal* tf
    #: dReal ho[1]
    #: dReal pl[4]
    #: int rx[2]
    #: int rz[2]
    ho = [0.0]  # py
    pl = [0.0] * 4  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    if lo[2] > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    if not hf_zone(md, lo[0], lo[1], md.wn, md.width, rx):
        return 0
    if not hf_zone(md, lo[4], lo[5], md.dn, md.depth, rz):
        return 0
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    out = buf_new()
    if k == 3:  # a flat zone: the geom against its plane alone, wherever the contacts lie (libode)
        pl[0] = 0.0
        pl[1] = 1.0
        pl[2] = 0.0
        pl[3] = ho[0]
        hf_prim_plane(g1, md, gt, i2, cls, bv, npts, out, 0, 0, 2, pl, flags)
        n = emit(out, flags, contacts, skip)
        buf_free(out)
        return n
    pflags = (flags & ~0xffff) | 10  # libode's cap per plane
    nw = rx[1] - rx[0] + 2
    vf = work_new(nw * (rz[1] - rz[0] + 2))
    for k in range(nw * (rz[1] - rz[0] + 2)):
        vf[k] = 0.0
    hf_valley_marks(md, vf, rx, rz, nw)
    ncx = rx[1] - rx[0] + 1
    ncz = rz[1] - rz[0] + 1
    tf = work_new(2 * ncx * ncz)
    npas = 1  # libode's sample pass: always for a trimesh, else when the box spans over 1.5 cells
    if cls == L.GC_TRIMESH or (lo[1] - lo[0]) * (1.0 / dx) > 1.5 or (lo[5] - lo[4]) * (1.0 / dz) > 1.5:
        npas = 2
    for pas in range(npas):
        if pas == 1:
            hf_group_marks(md, vf, tf, rx, rz, nw)
        for q in range(ncx * ncz):
            if pas == 0:  # the planes row by row; the samples column by column (libode's orders)
                j = rz[0] + q // ncx
                i = rx[0] + q % ncx
            else:
                i = rx[0] + q // ncz
                j = rz[0] + q % ncz
            b = (j - rz[0]) * nw
            k = b + i - rx[0]
            m = 2 * ((j - rz[0]) * ncx + i - rx[0])
            xa = i * dx
            xb = (i + 1) * dx
            za = j * dz
            zb = (j + 1) * dz
            hf_tri_plane(md, i, j, 0, pl)
            if pas == 0:
                tf[m] = 0.0
                if hf_prim_plane(g1, md, gt, i2, cls, bv, npts, out, i, j, 0, pl, pflags):
                    tf[m] = 1.0
                    vf[k] = 2.0
                    vf[k + nw] = 2.0
                    vf[k + 1] = 2.0
            else:
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xa, hf_height(md, i, j), za, pl, vf, k)
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xa, hf_height(md, i, j + 1), zb, pl, vf, k + nw)
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xb, hf_height(md, i + 1, j), za, pl, vf, k + 1)
            hf_tri_plane(md, i, j, 1, pl)
            if pas == 0:
                tf[m + 1] = 0.0
                if hf_prim_plane(g1, md, gt, i2, cls, bv, npts, out, i, j, 1, pl, pflags):
                    tf[m + 1] = 1.0
                    vf[k + 1] = 2.0
                    vf[k + nw] = 2.0
                    vf[k + nw + 1] = 2.0
            else:
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xb, hf_height(md, i + 1, j), za, pl, vf, k + 1)
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xa, hf_height(md, i, j + 1), zb, pl, vf, k + nw)
                hf_prim_corner(g1, md, gt, m2, rb, cls, out, xb, hf_height(md, i + 1, j + 1), zb, pl, vf,
                               k + nw + 1)
    work_free(tf)
    work_free(vf)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def collide_heightfield_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a box: libode's box-plane contacts per cell-triangle plane over the
    triangle, then samples inside (hf_prims)."""
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    return hf_prims(g1, i1, g2, i2, reg_get(0), L.GC_BOX, flags, contacts, skip)


def collide_heightfield_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                      int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a capsule: libode's capsule-plane contacts per cell-triangle plane over
    the triangle, then samples inside (hf_prims)."""
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    return hf_prims(g1, i1, g2, i2, reg_get(0), L.GC_CAPSULE, flags, contacts, skip)


def collide_heightfield_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                       int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a cylinder: libode's cylinder-plane contacts per cell-triangle plane over
    the triangle; no sample contacts (libode)."""
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    return hf_prims(g1, i1, g2, i2, reg_get(0), L.GC_CYLINDER, flags, contacts, skip)


def collide_heightfield_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                     int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a convex: libode's convex-plane contacts per cell-triangle plane over the
    triangle, and no sample contacts (hf_prims)."""
    #: MeshData* m2
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_CONVEX or m2.nv == 0:
        return 0
    return hf_prims(g1, i1, g2, i2, m2, L.GC_CONVEX, flags, contacts, skip)


def collide_heightfield_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                      int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a trimesh: libode's trimesh-plane contacts per cell-triangle plane over
    the triangle (its vertices in the order the triangles first name them, at most 10 under each plane),
    then the samples hit by a ray through the mesh's AABB tree (hf_sample_ray) -- libode's rule (hf_prims)."""
    #: MeshData* m2
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_TRIMESH or m2.nv == 0:
        return 0
    return hf_prims(g1, i1, g2, i2, m2, L.GC_TRIMESH, flags, contacts, skip)


def collide_heightfield_heightfield(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_heightfield(const dReal* g1, const int* i1, const dReal* g2,
    #:                                          const int* i2, int flags, dReal* contacts,
    #:                                          int skip) noexcept nogil
    """Heightfield against heightfield: none (as ODE; two terrains are static)."""
    return 0


# ---- end kernels
