"""Heightfield cells shared by its colliders: sample heights, the cell range under a box, cell-triangle
planes and the marks of their shared edges and vertices, and the cells below a point.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from math import fabs, sqrt

from ... import _layout as L
from ... import _precision
from .mesh_geometry import rot_vec, to_local, to_world
from .mesh_registry import ifloor, work_free, work_new

# a wrapping heightfield visits at most this many + 1 cells per axis, around the middle
WRAP_CELLS = 128


# ---- kernels


def hf_height(md, i, j):
    #: cdef dReal hf_height(MeshData* md, int i, int j) noexcept nogil
    """Height of sample (i, j) (i along x, j along z), wrapped when the field wraps.

    A wrapped field repeats every wn - 1 cells along x (dn - 1 along z), as libode: its last sample row and
    column are the first ones again (their stored heights are not used).
    """
    if md.wrap:
        i = i % (md.wn - 1)
        if i < 0:
            i = i + (md.wn - 1)
        j = j % (md.dn - 1)
        if j < 0:
            j = j + (md.dn - 1)
    return md.h[j * md.wn + i]


def hf_corner_local(g1, md, wx, wy, wz, out, o):
    #: cdef inline void hf_corner_local(const dReal* g1, MeshData* md, dReal wx, dReal wy, dReal wz,
    #:                                  dReal* out, int o) noexcept nogil
    """out[o:o+3] = world point w in the field's corner frame, libode's way: turned into the field's frame
    (R^T (w - pos)), then moved by half the width along x and half the depth along z."""
    to_local(g1, wx, wy, wz, out, o)
    out[o] = out[o] + md.width * 0.5
    out[o + 2] = out[o + 2] + md.depth * 0.5


def hf_corner_world(g1, md, x, y, z, out, o):
    #: cdef inline void hf_corner_world(const dReal* g1, MeshData* md, dReal x, dReal y, dReal z, dReal* out,
    #:                                  int o) noexcept nogil
    """out[o:o+3] = corner-frame point (x, y, z) in the world: moved back by the half sizes, then turned."""
    to_world(g1, x - md.width * 0.5, y, z - md.depth * 0.5, out, o)


def hf_on_tri(md, i, j, upper, px, pz):
    #: cdef int hf_on_tri(MeshData* md, int i, int j, int upper, dReal px, dReal pz) noexcept nogil
    """1 when corner-frame point (px, pz) lies over cell (i, j)'s lower (corner (i, j)) or upper (corner
    (i + 1, j + 1)) triangle, with libode's bounds: every point of the plane in exactly one triangle, each
    cell half-open towards its far edges, the diagonal tested as far z - pz against (px - near x) dz / dx.
    """
    #: dReal dx, dz, x0, x1, z0, z1
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    x0 = i * dx
    x1 = (i + 1) * dx
    z0 = j * dz
    z1 = (j + 1) * dz
    if px < x0 or px >= x1 or pz < z0 or pz >= z1:
        return 0
    if upper:
        return 1 if (z1 - pz) <= (px - x0) * (dz / dx) else 0
    return 1 if (z1 - pz) > (px - x0) * (dz / dx) else 0


def hf_clip(md, n, rng):
    #: cdef inline int hf_clip(MeshData* md, int n, int* rng) noexcept nogil
    """Clip the cell range rng[0:2] to a field of n samples (a wrapping one: to WRAP_CELLS + 1 cells around
    the range's middle); 0 if nothing is left."""
    #: int m
    if not md.wrap:
        if rng[0] < 0:
            rng[0] = 0
        if rng[1] > n - 2:
            rng[1] = n - 2
    elif rng[1] - rng[0] > WRAP_CELLS:  # a wrapped field repeats: keep WRAP_CELLS cells around the middle
        m = rng[0] + (rng[1] - rng[0]) // 2
        rng[0] = m - WRAP_CELLS // 2
        rng[1] = m + WRAP_CELLS // 2
    if rng[1] < rng[0]:
        return 0
    return 1


def hf_range(md, lo, hi, n, cell, rng):
    #: cdef int hf_range(MeshData* md, dReal lo, dReal hi, int n, dReal cell, int* rng) noexcept nogil
    """rng[0:2] = first and last cell index overlapping [lo, hi] along an axis of n samples; 0 if none."""
    #: dReal half
    half = cell * (n - 1) * 0.5
    rng[0] = ifloor((lo + half) / cell)
    rng[1] = ifloor((hi + half) / cell)
    return hf_clip(md, n, rng)


def hf_zone(md, lo, hi, n, size, rng):
    #: cdef int hf_zone(MeshData* md, dReal lo, dReal hi, int n, dReal size, int* rng) noexcept nogil
    """rng[0:2] = the first and last cell of libode's zone along an axis of n samples over size; 0 if none.

    libode's size rule (observed): the geom's AABB is taken in the field's corner frame ([lo, hi], from the
    first sample: a primitive's centre is moved there first, c + size / 2, then its half extent applied), and
    with q = coordinate * (1 / (size / (n - 1))) the zone's samples run from ceil(q_lo) - 1 to
    floor(q_hi) + 1 (clipped to the field unless wrapped): a box edge exactly on a sample takes the cell
    before it too.
    """
    #: dReal inv, q
    inv = 1.0 / (size / (n - 1))
    q = lo * inv
    rng[0] = ifloor(q)
    if rng[0] == q:
        rng[0] = rng[0] - 1
    rng[1] = ifloor(hi * inv)
    return hf_clip(md, n, rng)


def hf_tri_plane(md, i, j, upper, pl):
    #: cdef void hf_tri_plane(MeshData* md, int i, int j, int upper, dReal* pl) noexcept nogil
    """pl[0:4] = the plane (unit up normal, offset) of cell (i, j)'s lower or upper triangle, libode's way
    (bit for bit on observed normals): in the corner frame (sample (i, j) at (i dx, h, j dz)) the lower
    triangle's normal is (C - A) x (B - A), the upper's (B - D) x (C - D) (A = (i, j), B = (i + 1, j),
    C = (i, j + 1), D = (i + 1, j + 1)), times 1 / its length; the offset is the normal . A or D."""
    #: dReal dx, dz, xa, xb, za, zb, ax, ay, az, ux, uy, uz, wx, wy, wz, nx, ny, nz, ln
    dx = md.width / (md.wn - 1)
    dz = md.depth / (md.dn - 1)
    xa = i * dx
    xb = (i + 1) * dx
    za = j * dz
    zb = (j + 1) * dz
    if upper:
        ax = xb
        ay = hf_height(md, i + 1, j + 1)
        az = zb
        ux = xb - xb
        uy = hf_height(md, i + 1, j) - ay
        uz = za - zb
        wx = xa - xb
        wy = hf_height(md, i, j + 1) - ay
        wz = zb - zb
    else:
        ax = xa
        ay = hf_height(md, i, j)
        az = za
        ux = xa - xa
        uy = hf_height(md, i, j + 1) - ay
        uz = zb - za
        wx = xb - xa
        wy = hf_height(md, i + 1, j) - ay
        wz = za - za
    nx = uy * wz - uz * wy
    ny = uz * wx - ux * wz
    nz = ux * wy - uy * wx
    ln = 1.0 / sqrt(nx * nx + ny * ny + nz * nz)
    pl[0] = nx * ln
    pl[1] = ny * ln
    pl[2] = nz * ln
    pl[3] = pl[0] * ax + pl[1] * ay + pl[2] * az


def hf_same_plane(pa, pb):
    #: cdef int hf_same_plane(const dReal* pa, const dReal* pb) noexcept nogil
    """1 when planes pa and pb (normal, offset) agree within the machine epsilon in every component."""
    #: int k
    #: dReal e
    e = _precision.EPSILON  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    for k in range(4):
        if not (fabs(pa[k] - pb[k]) < e):
            return 0
    return 1


def hf_group_marks(md, vf, tf, rx, rz, nw):
    #: cdef void hf_group_marks(MeshData* md, dReal* vf, const dReal* tf, const int* rx, const int* rz,
    #:                          int nw) noexcept nogil
    """libode's coplanar rule (observed): triangles of the zone on one plane act as one, so a plane contact
    over any of them (tf[2 cell + upper] = 1) keeps the sample points of all of them (vf = 2) out of the
    sample pass. One plane: normals and corner-frame offsets within the machine epsilon (hf_same_plane;
    terraces 2.2e-16 apart are one plane, 2.3e-16 apart two)."""
    #: int i, j, u, t, t2, k, ncx, nt, hit
    #: dReal* pls
    #: dReal pa[4]
    #: dReal pb[4]
    ncx = rx[1] - rx[0] + 1
    nt = 2 * ncx * (rz[1] - rz[0] + 1)
    hit = 0
    for t in range(nt):
        if tf[t] != 0.0:
            hit = 1
    if not hit:
        return
    pa = [0.0] * 4  # py
    pb = [0.0] * 4  # py
    pls = work_new(4 * nt)
    for j in range(rz[0], rz[1] + 1):
        for i in range(rx[0], rx[1] + 1):
            for u in range(2):
                t = 2 * ((j - rz[0]) * ncx + i - rx[0]) + u
                hf_tri_plane(md, i, j, u, pa)
                for k in range(4):
                    pls[4 * t + k] = pa[k]
    for t in range(nt):
        if tf[t] == 0.0:
            continue
        for k in range(4):
            pa[k] = pls[4 * t + k]
        for t2 in range(nt):
            for k in range(4):
                pb[k] = pls[4 * t2 + k]
            if not hf_same_plane(pa, pb):
                continue
            k = t2 // 2
            k = (k // ncx) * nw + k % ncx
            if t2 % 2:
                vf[k + 1] = 2.0
                vf[k + nw] = 2.0
                vf[k + nw + 1] = 2.0
            else:
                vf[k] = 2.0
                vf[k + nw] = 2.0
                vf[k + 1] = 2.0
    work_free(pls)


def hf_valley_marks(md, vf, rx, rz, nw):
    #: cdef void hf_valley_marks(MeshData* md, dReal* vf, const int* rx, const int* rz, int nw) noexcept nogil
    """Mark (vf = 3) the samples libode never tests against the geom: the zone's last row and column.

    Observed: each cell of the zone (x outer, z inner) sets the test state of its four corners, the last cell
    to name a sample deciding. A cell's first corner (i, j) is always tested, which decides every sample not
    in the zone's last sample row or column; there the deciding cell names the sample as its (i, j + 1) or
    (i + 1, j) corner, and the sample is not tested when that cell's diagonal (i + 1, j)-(i, j + 1) is a
    valley: both its ends lower than (i, j) and than (i + 1, j + 1) (strictly). The far corner (i + 1, j + 1)
    of the last cell is always tested.
    """
    #: int i, j, k, ci, cj
    #: dReal a, b, c, d
    for j in range(rz[0], rz[1] + 2):
        for i in range(rx[0], rx[1] + 2):
            if i <= rx[1] and j <= rz[1]:
                continue
            if i > rx[1] and j > rz[1]:
                continue
            ci = i
            cj = j
            if i > rx[1]:
                ci = i - 1
            if j > rz[1]:
                cj = j - 1
            a = hf_height(md, ci, cj)
            b = hf_height(md, ci + 1, cj)
            c = hf_height(md, ci, cj + 1)
            d = hf_height(md, ci + 1, cj + 1)
            if a > c and a > b and d > b and d > c:
                k = (j - rz[0]) * nw + i - rx[0]
                vf[k] = 3.0


def hf_below(g1, md, g2, lo, rx, rz, flags, contacts, ho):
    #: cdef int hf_below(const dReal* g1, MeshData* md, const dReal* g2, const dReal* lo, const int* rx,
    #:                   const int* rz, int flags, dReal* contacts, dReal* ho) noexcept nogil
    """libode's checks on the zone's samples before any triangle (observed), with e the machine epsilon: the
    geom's local box lo wholly above them (its bottom - the highest > -e): no contact, returns 2; wholly under
    them (the lowest - its top > -e): one contact at the geom's position raised to the lowest sample, with the
    field's up normal and the depth from the box's top to that height, returns 1; all samples at one height
    (highest - lowest < e): returns 3 (the geom meets that plane alone, ho[0] = its height); else 0."""
    #: int i, j
    #: dReal hm, hx, h, e
    #: dReal w[6]
    w = [0.0] * 6  # py
    e = _precision.EPSILON  # py
    #: py- e = 2.220446049250313e-16 if sizeof(dReal) == 8 else 1.1920928955078125e-07
    hm = hf_height(md, rx[0], rz[0])
    hx = hm
    for j in range(rz[0], rz[1] + 2):
        for i in range(rx[0], rx[1] + 2):
            h = hf_height(md, i, j)
            if h < hm:
                hm = h
            if h > hx:
                hx = h
    if lo[2] - hx > -e:
        return 2
    if not (hm - lo[3] > -e):
        ho[0] = hm
        if hx - hm < e:
            return 3
        return 0
    hf_corner_local(g1, md, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], w, 0)
    hf_corner_world(g1, md, w[0], hm, w[2], w, 0)
    rot_vec(g1, 0.0, 1.0, 0.0, w, 3)
    contacts[L.C_POS] = w[0]
    contacts[L.C_POS + 1] = w[1]
    contacts[L.C_POS + 2] = w[2]
    contacts[L.C_NORMAL] = -w[3]
    contacts[L.C_NORMAL + 1] = -w[4]
    contacts[L.C_NORMAL + 2] = -w[5]
    contacts[L.C_DEPTH] = hm - lo[3]
    contacts[L.C_SIDE1] = -1
    contacts[L.C_SIDE2] = -1
    return 1


# ---- end kernels
