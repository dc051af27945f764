"""Heightfield against a box, capsule, cylinder, convex, trimesh or heightfield: the geom's points against
the cell triangles, then the samples inside the geom.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from .heightfield_cells import (
    hf_below,
    hf_extents,
    hf_group_marks,
    hf_height,
    hf_samples_tested,
    hf_tri_plane,
    hf_valley_marks,
    hf_zone,
)
from .mesh_aabb_mass import mesh_bounds
from .mesh_contacts import buf_has, buf_push, emit
from .mesh_geometry import rot_vec, seg_closest, to_local, to_world
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
from .trimesh_ray import f32, ray_mesh_frame, ray_walk
from .trimesh_tree import tt_nodes

# ---- kernels


def box_point_depth(g2, x, y, z):
    #: cdef dReal box_point_depth(const dReal* g2, dReal x, dReal y, dReal z) noexcept nogil
    """Depth of world point (x, y, z) inside box record g2 (distance to its nearest face; negative outside).
    """
    #: dReal d, e
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    to_local(g2, x, y, z, t, 0)
    d = g2[L.G_SIDES] * 0.5 - fabs(t[0])
    e = g2[L.G_SIDES + 1] * 0.5 - fabs(t[1])
    if e < d:
        d = e
    e = g2[L.G_SIDES + 2] * 0.5 - fabs(t[2])
    if e < d:
        d = e
    return d


def hf_point_depth(g2, m2, cls, x, y, z):
    #: cdef dReal hf_point_depth(const dReal* g2, MeshData* m2, int cls, dReal x, dReal y,
    #:                           dReal z) noexcept nogil
    """Depth of a world point inside a box or capsule record (negative outside)."""
    #: dReal ex, ey, ez
    #: dReal t[3]
    t = [0.0, 0.0, 0.0]  # py
    if cls == L.GC_BOX:
        return box_point_depth(g2, x, y, z)
    seg_closest(g2[L.G_POS] + g2[L.G_R + 2] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 1] + g2[L.G_R + 5] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 2] + g2[L.G_R + 8] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS] - g2[L.G_R + 2] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 1] - g2[L.G_R + 5] * (g2[L.G_LENGTH] * 0.5),
                g2[L.G_POS + 2] - g2[L.G_R + 8] * (g2[L.G_LENGTH] * 0.5), x, y, z, t)
    ex = x - t[0]
    ey = y - t[1]
    ez = z - t[2]
    return g2[L.G_RADIUS] - sqrt(ex * ex + ey * ey + ez * ez)


def hf_tri_pts(
    g1,
    g2,
    m2,
    cls,
    out,
    bv,
    npts,
    r,
    ax,
    ay,
    az,
    ux,
    uy,
    uz,
    wx,
    wy,
    wz,
    x0,
    z0,
    dx,
    dz,
    upper,
    vf,
    v0,
    v1,
    v2,
    corners,
    tp,
    rb,
):
    #: cdef void hf_tri_pts(const dReal* g1, const dReal* g2, MeshData* m2, int cls, Buf* out,
    #:                      const dReal* bv, int npts, dReal r, dReal ax, dReal ay, dReal az, dReal ux,
    #:                      dReal uy, dReal uz, dReal wx, dReal wy, dReal wz, dReal x0, dReal z0, dReal dx,
    #:                      dReal dz, int upper, dReal* vf, int v0, int v1, int v2, int corners,
    #:                      const dReal* tp, const dReal* rb) noexcept nogil
    """A cell triangle (corner a, edges u and w, normal u x w up) against a geom given by local points.

    libode's heightfield rule, first pass: for each point p that libode's plane collider gives for the
    triangle's plane (a box's deepest corner and its face of least loss, a capsule's segment ends with margin
    r, a cylinder's deepest rim points, a convex's vertices unless all are under the plane, a trimesh's first
    10 vertices under it) the deepest point q = p - r n under the plane and over the triangle (cell
    coordinates as for spheres) is a contact with the plane's normal and its depth; the triangle's corners are
    then excluded from the second pass, where each sample point met for the first time gets a contact (see
    hf_corner_pt) with this triangle's normal.
    """
    #: dReal nx, ny, nz, ln, pl, px, py, pz, sx, sy
    #: int k, j, got, below, m, m2x
    #: dReal be[3]
    #: int o[3]
    be = [0.0] * 3  # py
    o = [0, 1, 2]  # py
    nx = tp[0]  # the plane's normal (hf_tri_plane; u and w span the triangle from its corner a)
    ny = tp[1]
    nz = tp[2]
    if corners:
        hf_corner_pt(g1, g2, m2, cls, out, ax, ay, az, nx, ny, nz, vf, v0, rb)
        hf_corner_pt(g1, g2, m2, cls, out, ax + ux, ay + uy, az + uz, nx, ny, nz, vf, v1, rb)
        hf_corner_pt(g1, g2, m2, cls, out, ax + wx, ay + wy, az + wz, nx, ny, nz, vf, v2, rb)
        return
    got = 0
    if cls == L.GC_CYLINDER:
        for k in range(2):
            pl = bv[30] * nx + bv[31] * ny + bv[32] * nz
            px = nx - bv[30] * pl
            py = ny - bv[31] * pl
            pz = nz - bv[32] * pl
            pl = sqrt(px * px + py * py + pz * pz)
            if pl < 1e-9:  # the plane is square to the axis: four rim points along the local x and y axes
                for j in range(4):
                    sx = 1.0 if j == 0 else (-1.0 if j == 1 else 0.0)
                    sy = 1.0 if j == 2 else (-1.0 if j == 3 else 0.0)
                    got = got | hf_pt_plane(g1, out, bv[24 + 3 * k] + (bv[33] * sx + bv[36] * sy) * r,
                                            bv[25 + 3 * k] + (bv[34] * sx + bv[37] * sy) * r,
                                            bv[26 + 3 * k] + (bv[35] * sx + bv[38] * sy) * r, 0.0,
                                            ax, ay, az, nx, ny, nz, x0, z0, dx, dz, upper)
            else:  # the cap's rim point deepest along -n
                got = got | hf_pt_plane(
                    g1,
                    out,
                    bv[24 + 3 * k] - px * (r / pl),
                    bv[25 + 3 * k] - py * (r / pl),
                    bv[26 + 3 * k] - pz * (r / pl),
                    0.0,
                    ax,
                    ay,
                    az,
                    nx,
                    ny,
                    nz,
                    x0,
                    z0,
                    dx,
                    dz,
                    upper,
                )
    elif cls == L.GC_BOX:  # libode's box-plane: the deepest corner and its face of least loss (4 corners)
        m = 0
        for j in range(3):
            k = 4 >> j
            pl = (
                (bv[3 * k] - bv[0]) * nx + (bv[3 * k + 1] - bv[1]) * ny + (bv[3 * k + 2] - bv[2]) * nz
            ) * 0.5
            be[j] = fabs(pl) * 2
            if not (pl > 0):
                m = m | k
        o[0] = 0
        o[1] = 1
        o[2] = 2
        for k in range(2):
            for j in range(2 - k):
                if be[o[j + 1]] < be[o[j]]:
                    m2x = o[j]
                    o[j] = o[j + 1]
                    o[j + 1] = m2x
        for k in range(4):
            j = m
            if k & 1:
                j = j ^ (4 >> o[0])
            if k & 2:
                j = j ^ (4 >> o[1])
            got = got | hf_pt_plane(
                g1,
                out,
                bv[3 * j],
                bv[3 * j + 1],
                bv[3 * j + 2],
                r,
                ax,
                ay,
                az,
                nx,
                ny,
                nz,
                x0,
                z0,
                dx,
                dz,
                upper,
            )
    else:
        below = 0
        if cls == L.GC_CONVEX:  # libode's convex-plane test: a convex wholly under the plane gives nothing
            for k in range(npts):
                if r + ((ax - bv[3 * k]) * nx + (ay - bv[3 * k + 1]) * ny + (az - bv[3 * k + 2]) * nz) > 0:
                    below = below + 1
            if below == npts:
                return
            below = 0
        for k in range(npts):
            if cls == L.GC_TRIMESH:  # libode's trimesh-plane test stops at 10 points under the plane
                if r + ((ax - bv[3 * k]) * nx + (ay - bv[3 * k + 1]) * ny + (az - bv[3 * k + 2]) * nz) > 0:
                    below = below + 1
                    if below > 10:
                        break
            got = got | hf_pt_plane(
                g1,
                out,
                bv[3 * k],
                bv[3 * k + 1],
                bv[3 * k + 2],
                r,
                ax,
                ay,
                az,
                nx,
                ny,
                nz,
                x0,
                z0,
                dx,
                dz,
                upper,
            )
    if got:
        vf[v0] = 2.0
        vf[v1] = 2.0
        vf[v2] = 2.0


def hf_pt_plane(g1, out, px, py, pz, r, ax, ay, az, nx, ny, nz, x0, z0, dx, dz, upper):
    #: cdef int hf_pt_plane(const dReal* g1, Buf* out, dReal px, dReal py, dReal pz, dReal r, dReal ax,
    #:                      dReal ay, dReal az, dReal nx, dReal ny, dReal nz, dReal x0, dReal z0, dReal dx,
    #:                      dReal dz, int upper) noexcept nogil
    """Local point p with margin r under the plane (a, n) and its deepest point over the cell triangle: a
    contact."""
    #: dReal dep, qx, qy, qz, s, t
    #: dReal w[6]
    w = [0.0] * 6  # py
    dep = r + ((ax - px) * nx + (ay - py) * ny + (az - pz) * nz)
    if dep <= 0:
        return 0
    qx = px - nx * r
    qy = py - ny * r
    qz = pz - nz * r
    s = (qx - x0) / dx
    t = (qz - z0) / dz
    if upper == 1:
        if s > 1 or t > 1 or s + t < 1:
            return 0
    elif upper == 0 and (s < 0 or t < 0 or s + t > 1):
        return 0
    to_world(g1, qx, qy, qz, w, 0)
    rot_vec(g1, nx, ny, nz, w, 3)
    if not buf_has(out, w[0], w[1], w[2], -w[3], -w[4], -w[5]):  # coplanar triangles collide once (libode)
        buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], dep, -1, -1)
    return 1


def hf_corner_pt(g1, g2, m2, cls, out, vx, vy, vz, nx, ny, nz, vf, k, rb):
    #: cdef void hf_corner_pt(const dReal* g1, const dReal* g2, MeshData* m2, int cls, Buf* out, dReal vx,
    #:                        dReal vy, dReal vz, dReal nx, dReal ny, dReal nz, dReal* vf, int k,
    #:                        const dReal* rb) noexcept nogil
    """A heightfield sample point met for the first time (flag vf[k] = 0) inside the geom: a contact there.

    libode tests no sample against a convex or a cylinder. A trimesh has no inside: libode casts a ray from
    the sample along this triangle's up normal (hf_sample_ray, with the ray data rb of hf_ray_prep); its
    first hit is the contact's depth. A miss leaves the sample to the next triangle naming it as a corner."""
    #: dReal d
    #: dReal w[6]
    w = [0.0] * 6  # py
    if vf[k] != 0.0 or cls == L.GC_CONVEX or cls == L.GC_CYLINDER:
        return
    if cls == L.GC_TRIMESH:
        d = hf_sample_ray(m2, rb, vx, vy, vz, nx, ny, nz)
        if d < 0:
            return
        vf[k] = 1.0
    else:
        vf[k] = 1.0
        to_world(g1, vx, vy, vz, w, 0)
        d = hf_point_depth(g2, m2, cls, w[0], w[1], w[2])
        if d <= 0:
            return
    to_world(g1, vx, vy, vz, w, 0)
    rot_vec(g1, nx, ny, nz, w, 3)
    buf_push(out, w[0], w[1], w[2], -w[3], -w[4], -w[5], d, -1, -1)


def hf_ray_prep(g1, md, g2, m2, rb):
    #: cdef void hf_ray_prep(const dReal* g1, MeshData* md, const dReal* g2, MeshData* m2,
    #:                       dReal* rb) noexcept nogil
    """rb = what libode's sample rays against trimesh g2 need (field g1 with data md, mesh data m2).

    libode collides in the field's corner frame (x and z shifted by half the width and depth): the mesh's
    pose there (R^T (p - p_field) shifted, R_field^T R) as a record image at rb[o], o = 8 nt + 8, its box's
    lowest height there (rb[o + 12], the mesh-frame box's centre turned, minus its turned extents) and the
    shift (rb[o + 13], rb[o + 14]); rb[0:8 nt] are the tree's node boxes (tt_nodes)."""
    #: int o, i, j
    #: dReal c, e
    #: dReal b[6]
    b = [0.0] * 6  # py
    o = 8 * m2.nt + 8
    tt_nodes(m2, m2.tb, rb)
    to_local(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], rb, o + L.G_POS)
    rb[o + 13] = md.width * 0.5
    rb[o + 14] = md.depth * 0.5
    rb[o + L.G_POS] = rb[o + L.G_POS] + rb[o + 13]
    rb[o + L.G_POS + 2] = rb[o + L.G_POS + 2] + rb[o + 14]
    for i in range(3):
        for j in range(3):
            rb[o + L.G_R + 3 * i + j] = (g1[L.G_R + i] * g2[L.G_R + j] + g1[L.G_R + 3 + i] * g2[L.G_R + 3 + j]
                                         + g1[L.G_R + 6 + i] * g2[L.G_R + 6 + j])
    mesh_bounds(m2, b)
    c = 0.0
    e = 0.0
    for j in range(3):
        c = c + rb[o + L.G_R + 3 + j] * ((b[2 * j] + b[2 * j + 1]) * 0.5)
        e = e + fabs(rb[o + L.G_R + 3 + j] * (b[2 * j + 1] - (b[2 * j] + b[2 * j + 1]) * 0.5))
    rb[o + 12] = c + rb[o + L.G_POS + 1] - e


def hf_sample_ray(m2, rb, vx, vy, vz, nx, ny, nz):
    #: cdef dReal hf_sample_ray(MeshData* m2, const dReal* rb, dReal vx, dReal vy, dReal vz, dReal nx,
    #:                          dReal ny, dReal nz) noexcept nogil
    """Depth of libode's ray from sample v (field frame) along the triangle normal n into the trimesh, or -1.

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
    ray_mesh_frame(vx + rb[o + 13], vy, vz + rb[o + 14], nx, ny, nz, rb, o, rlen, w)
    if ray_walk(m2, rb, w, rlen, 0, 1, hits) == 0:
        return -1.0
    return hits[1]


def hf_points(g1, i1, g2, m2, cls, bv, npts, r, flags, contacts, skip):
    #: cdef int hf_points(const dReal* g1, const int* i1, const dReal* g2, MeshData* m2, int cls, dReal* bv,
    #:                    int npts, dReal r, int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield geom 1 against a box, capsule or convex g2 given by its local points bv with margin r."""
    #: MeshData* md
    #: Buf* out
    #: int i, j, n, nw, b, k, pas, q, ncx, ncz, npas, m
    #: dReal dx, dz, x0, x1, z0, h00, h01, h10, h11
    #: dReal* vf
    #: dReal* tf
    #: dReal* rb
    #: dReal lo[6]
    #: dReal c[3]
    #: dReal e[3]
    #: dReal ho[1]
    #: dReal pl[4]
    #: int rx[2]
    #: int rz[2]
    lo = [0.0] * 6  # py
    c = [0.0] * 3  # py
    e = [0.0] * 3  # py
    ho = [0.0]  # py
    pl = [0.0] * 4  # py
    rx = [0, 0]  # py
    rz = [0, 0]  # py
    md = reg_get(i1[L.GI_DATA])
    if md is None or md.kind != MESH_HEIGHTFIELD:
        return 0
    if cls == L.GC_TRIMESH:  # libode bounds a trimesh by its mesh-frame box: corners after the vertices
        for k in range(8):
            for j in range(3):
                if k == 0 or bv[3 * (npts + k) + j] < lo[2 * j]:
                    lo[2 * j] = bv[3 * (npts + k) + j]
                if k == 0 or bv[3 * (npts + k) + j] > lo[2 * j + 1]:
                    lo[2 * j + 1] = bv[3 * (npts + k) + j]
    elif cls == L.GC_CONVEX:
        for k in range(npts):
            for j in range(3):
                if k == 0 or bv[3 * k + j] < lo[2 * j]:
                    lo[2 * j] = bv[3 * k + j]
                if k == 0 or bv[3 * k + j] > lo[2 * j + 1]:
                    lo[2 * j + 1] = bv[3 * k + j]
    else:  # a box, capsule or cylinder: its centre and AABB half extents in the field's frame
        hf_extents(g1, g2, cls, c, e)
        for j in range(3):
            lo[2 * j] = c[j] - e[j]
            lo[2 * j + 1] = c[j] + e[j]
    if lo[2] > md.hmax:  # (libode has no floor: buried geoms still collide)
        return 0
    if cls == L.GC_TRIMESH or cls == L.GC_CONVEX:
        if not hf_zone(md, lo[0] + md.width * 0.5, lo[1] + md.width * 0.5, md.wn, md.width, rx):
            return 0
        if not hf_zone(md, lo[4] + md.depth * 0.5, lo[5] + md.depth * 0.5, md.dn, md.depth, rz):
            return 0
    else:
        if not hf_zone(
            md, (c[0] + md.width * 0.5) - e[0], (c[0] + md.width * 0.5) + e[0], md.wn, md.width, rx
        ):
            return 0
        if not hf_zone(
            md, (c[2] + md.depth * 0.5) - e[2], (c[2] + md.depth * 0.5) + e[2], md.dn, md.depth, rz
        ):
            return 0
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    k = hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho)
    if k == 1:
        return 1
    if k == 2:
        return 0
    out = buf_new()
    if cls == L.GC_TRIMESH:
        rb = work_new(8 * m2.nt + 24)
        hf_ray_prep(g1, md, g2, m2, rb)
    else:
        rb = work_new(1)
    if k == 3:  # a flat zone: the geom against its plane alone, wherever the points lie (libode)
        c[0] = 0.0
        c[1] = 1.0
        c[2] = 0.0
        hf_tri_pts(
            g1,
            g2,
            m2,
            cls,
            out,
            bv,
            npts,
            r,
            0.0,
            ho[0],
            0.0,
            0.0,
            0.0,
            1.0,
            1.0,
            0.0,
            0.0,
            0.0,
            0.0,
            dx,
            dz,
            2,
            e,
            0,
            0,
            0,
            0,
            c,
            rb,
        )
        n = emit(out, flags, contacts, skip)
        buf_free(out)
        work_free(rb)
        return n
    nw = rx[1] - rx[0] + 2
    vf = work_new(nw * (rz[1] - rz[0] + 2))
    for k in range(nw * (rz[1] - rz[0] + 2)):
        vf[k] = 0.0
    hf_valley_marks(md, vf, rx, rz, nw)
    ncx = rx[1] - rx[0] + 1
    ncz = rz[1] - rz[0] + 1
    tf = work_new(2 * ncx * ncz)
    npas = 2  # a trimesh's samples are always tested (by rays); a box's or capsule's only when it is wide
    if cls != L.GC_TRIMESH:
        npas = 1 + hf_samples_tested(md, lo[1] - lo[0], lo[5] - lo[4])
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
            z0 = j * dz - md.depth * 0.5
            b = (j - rz[0]) * nw
            x0 = i * dx - md.width * 0.5
            x1 = (i + 1) * dx - md.width * 0.5
            h00 = hf_height(md, i, j)
            h01 = hf_height(md, i, j + 1)
            h10 = hf_height(md, i + 1, j)
            h11 = hf_height(md, i + 1, j + 1)
            k = b + i - rx[0]
            m = out.n
            hf_tri_plane(md, i, j, 0, pl)
            hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, x0, h00, z0, 0.0, h01 - h00, dz, dx, h10 - h00, 0.0,
                       x0, z0, dx, dz, 0, vf, k, k + nw, k + 1, pas, pl, rb)
            if pas == 0:
                tf[2 * ((j - rz[0]) * ncx + i - rx[0])] = 1.0 if out.n > m else 0.0
            m = out.n
            hf_tri_plane(md, i, j, 1, pl)
            hf_tri_pts(g1, g2, m2, cls, out, bv, npts, r, x1, h10, z0, -dx, h01 - h10, dz, 0.0, h11 - h10, dz,
                       x0, z0, dx, dz, 1, vf, k + 1, k + nw, k + nw + 1, pas, pl, rb)
            if pas == 0:
                tf[2 * ((j - rz[0]) * ncx + i - rx[0]) + 1] = 1.0 if out.n > m else 0.0
    work_free(tf)
    work_free(vf)
    work_free(rb)
    n = emit(out, flags, contacts, skip)
    buf_free(out)
    return n


def collide_heightfield_box(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a box: per cell-triangle plane libode's box-plane corners (the deepest and
    its face of least loss) over the triangle, then samples inside (libode's rule, as observed)."""
    #: int k
    #: dReal bv[24]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 24  # py
    w = [0.0] * 3  # py
    for k in range(8):
        to_world(g2, g2[L.G_SIDES] * (0.5 if k & 4 else -0.5), g2[L.G_SIDES + 1] * (0.5 if k & 2 else -0.5),
                 g2[L.G_SIDES + 2] * (0.5 if k & 1 else -0.5), w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    return hf_points(g1, i1, g2, reg_get(0), L.GC_BOX, bv, 8, 0.0, flags, contacts, skip)


def collide_heightfield_capsule(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                      int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a capsule: its end spheres under cell-triangle planes, then samples
    inside."""
    #: dReal hl
    #: dReal bv[6]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 6  # py
    w = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    to_world(g2, 0.0, 0.0, hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 0)
    to_world(g2, 0.0, 0.0, -hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 3)
    return hf_points(g1, i1, g2, reg_get(0), L.GC_CAPSULE, bv, 2, g2[L.G_RADIUS], flags, contacts, skip)


def collide_heightfield_cylinder(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                       int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a cylinder: per cell-triangle plane, each cap's deepest rim point (four
    rim points when the plane is square to the axis), as libode's cylinder-plane; no sample contacts (libode).
    """
    #: int k
    #: dReal hl, r
    #: dReal bv[39]
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    bv = [0.0] * 39  # py
    w = [0.0] * 3  # py
    hl = g2[L.G_LENGTH] * 0.5
    r = g2[L.G_RADIUS]
    for k in range(8):  # corners of the square prism around the cylinder (the cell range)
        to_world(g2, r if k & 4 else -r, r if k & 2 else -r, hl if k & 1 else -hl, w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    to_world(g2, 0.0, 0.0, hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 24)
    to_world(g2, 0.0, 0.0, -hl, w, 0)
    to_local(g1, w[0], w[1], w[2], bv, 27)
    for k in range(3):  # bv[30:33] = the cylinder's axis (local z), bv[33:36] its x, bv[36:39] its y
        bv[30 + 3 * k] = (
            g1[L.G_R] * g2[L.G_R + (2 + k) % 3]
            + g1[L.G_R + 3] * g2[L.G_R + 3 + (2 + k) % 3]
            + g1[L.G_R + 6] * g2[L.G_R + 6 + (2 + k) % 3]
        )
        bv[31 + 3 * k] = (
            g1[L.G_R + 1] * g2[L.G_R + (2 + k) % 3]
            + g1[L.G_R + 4] * g2[L.G_R + 3 + (2 + k) % 3]
            + g1[L.G_R + 7] * g2[L.G_R + 6 + (2 + k) % 3]
        )
        bv[32 + 3 * k] = (
            g1[L.G_R + 2] * g2[L.G_R + (2 + k) % 3]
            + g1[L.G_R + 5] * g2[L.G_R + 3 + (2 + k) % 3]
            + g1[L.G_R + 8] * g2[L.G_R + 6 + (2 + k) % 3]
        )
    return hf_points(g1, i1, g2, reg_get(0), L.GC_CYLINDER, bv, 8, r, flags, contacts, skip)


def collide_heightfield_convex(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_convex(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                     int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a convex: its vertices under cell-triangle planes and over them, none from
    a plane the whole convex is under, and no sample contacts (libode's rule, as observed)."""
    #: MeshData* m2
    #: int k, n
    #: dReal* bv
    #: dReal w[3]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0] * 3  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_CONVEX or m2.nv == 0:
        return 0
    bv = work_new(3 * m2.nv)
    for k in range(m2.nv):
        to_world(g2, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * k)
    n = hf_points(g1, i1, g2, m2, L.GC_CONVEX, bv, m2.nv, 0.0, flags, contacts, skip)
    work_free(bv)
    return n


def collide_heightfield_trimesh(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_trimesh(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                      int flags, dReal* contacts, int skip) noexcept nogil
    """Heightfield (geom 1) against a trimesh: its vertices under cell-triangle planes and over them, at most
    10 under each plane in the order the triangles first name them, then the samples hit by a ray through the
    mesh's AABB tree (hf_sample_ray) -- libode's heightfield rule for trimeshes."""
    #: MeshData* m2
    #: int k, n, t, npts
    #: dReal* seen
    #: dReal* bv
    #: dReal w[3]
    #: dReal lo[6]
    g1 = rec(g1)  # py
    g2 = rec(g2)  # py
    w = [0.0] * 3  # py
    lo = [0.0] * 6  # py
    m2 = reg_get(i2[L.GI_DATA])
    if m2 is None or m2.kind != MESH_TRIMESH or m2.nv == 0:
        return 0
    bv = work_new(3 * m2.nv + 24)
    seen = work_new(m2.nv)
    for k in range(m2.nv):
        seen[k] = 0.0
    npts = 0
    for t in range(3 * m2.nt):  # the vertices in the order the triangles first name them (libode's)
        k = m2.t[t]
        if seen[k] == 0.0:
            seen[k] = 1.0
            to_world(g2, m2.v[3 * k], m2.v[3 * k + 1], m2.v[3 * k + 2], w, 0)
            to_local(g1, w[0], w[1], w[2], bv, 3 * npts)
            npts = npts + 1
    work_free(seen)
    mesh_bounds(m2, lo)
    for k in range(8):
        to_world(g2, lo[1] if k & 4 else lo[0], lo[3] if k & 2 else lo[2], lo[5] if k & 1 else lo[4], w, 0)
        to_local(g1, w[0], w[1], w[2], bv, 3 * (npts + k))
    n = hf_points(g1, i1, g2, m2, L.GC_TRIMESH, bv, npts, 0.0, flags, contacts, skip)
    work_free(bv)
    return n


def collide_heightfield_heightfield(g1, i1, g2, i2, flags, contacts, skip):
    #: cdef int collide_heightfield_heightfield(const dReal* g1, const int* i1, const dReal* g2,
    #:                                          const int* i2, int flags, dReal* contacts,
    #:                                          int skip) noexcept nogil
    """Heightfield against heightfield: none (as ODE; two terrains are static)."""
    return 0


# ---- end kernels
