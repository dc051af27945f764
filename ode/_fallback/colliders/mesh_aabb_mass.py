"""AABBs of convex, trimesh and heightfield geoms, and the mass of a closed trimesh.

A source of the generated ``collide_mesh`` kernel (tools/gen/gen_kernels.py).
"""

from __future__ import annotations

from math import fabs

from ... import _layout as L
from .mesh_geometry import to_world
from .mesh_registry import DINF, MESH_HEIGHTFIELD, MESH_TRIMESH, _float_list, reg_get

# ---- kernels


def mesh_bounds(md, lo):
    #: cdef void mesh_bounds(MeshData* md, dReal* lo) noexcept nogil
    """lo[0:6] = the mesh-frame box (minx, maxx, miny, maxy, minz, maxz) of md's vertices (zero if none)."""
    #: int k, j
    for j in range(6):
        lo[j] = 0.0
    for k in range(md.nv):
        for j in range(3):
            if k == 0 or md.v[3 * k + j] < lo[2 * j]:
                lo[2 * j] = md.v[3 * k + j]
            if k == 0 or md.v[3 * k + j] > lo[2 * j + 1]:
                lo[2 * j + 1] = md.v[3 * k + j]


def hf_aabb(g, md):
    #: cdef void hf_aabb(dReal* g, MeshData* md) noexcept nogil
    """g[G_AABB..] = libode's AABB of a placeable heightfield (observed: test_heightfield_aabb.py).

    Not the rotated box of the field: per world axis k, the range of the six points (-w/2, 0, 0), (w/2, 0, 0),
    (0, ylo, 0), (0, yhi, 0), (0, 0, -d/2), (0, 0, d/2) of the field's frame turned by its rotation and moved
    to its position. So an unturned field's range always holds local height 0, and a turned one is mostly
    smaller than the field. A point with a zero rotation entry adds nothing (an infinite height range does
    not make a NaN); a wrapped field is infinite along every axis.
    """
    #: int k
    #: dReal a, c, mn, mx, v
    for k in range(3):
        if md.wrap:
            g[L.G_AABB + 2 * k] = -DINF
            g[L.G_AABB + 2 * k + 1] = DINF
            continue
        a = fabs(g[L.G_R + 3 * k]) * (md.width * 0.5)
        c = fabs(g[L.G_R + 3 * k + 2]) * (md.depth * 0.5)
        mn = -a
        mx = a
        if c > mx:
            mn = -c
            mx = c
        if g[L.G_R + 3 * k + 1] != 0:
            v = g[L.G_R + 3 * k + 1] * md.ylo
            if v < mn:
                mn = v
            if v > mx:
                mx = v
            v = g[L.G_R + 3 * k + 1] * md.yhi
            if v < mn:
                mn = v
            if v > mx:
                mx = v
        g[L.G_AABB + 2 * k] = g[L.G_POS + k] + mn
        g[L.G_AABB + 2 * k + 1] = g[L.G_POS + k] + mx


def mesh_aabb(g, i):
    #: cdef void mesh_aabb(dReal* g, const int* i) noexcept nogil
    """g[G_AABB..] = world AABB of a convex, trimesh or heightfield geom from its pose and side data."""
    #: MeshData* md
    #: int k, j, n
    #: dReal w[3]
    #: dReal r
    #: dReal b[6]
    w = [0.0] * 3  # py
    b = [0.0] * 6  # py
    md = reg_get(i[L.GI_DATA])
    if md is None:
        return
    if md.kind == MESH_HEIGHTFIELD:
        hf_aabb(g, md)
        return
    if md.kind == MESH_TRIMESH:  # libode: the world box around the rotated mesh-frame box
        mesh_bounds(md, b)
        to_world(g, (b[0] + b[1]) * 0.5, (b[2] + b[3]) * 0.5, (b[4] + b[5]) * 0.5, w, 0)
        for j in range(3):
            r = (
                fabs(g[L.G_R + 3 * j]) * ((b[1] - b[0]) * 0.5)
                + fabs(g[L.G_R + 3 * j + 1]) * ((b[3] - b[2]) * 0.5)
                + fabs(g[L.G_R + 3 * j + 2]) * ((b[5] - b[4]) * 0.5)
            )
            g[L.G_AABB + 2 * j] = w[j] - r
            g[L.G_AABB + 2 * j + 1] = w[j] + r
        return
    n = md.nv
    for k in range(n):
        to_world(g, md.v[3 * k], md.v[3 * k + 1], md.v[3 * k + 2], w, 0)
        for j in range(3):
            if k == 0 or w[j] < g[L.G_AABB + 2 * j]:
                g[L.G_AABB + 2 * j] = w[j]
            if k == 0 or w[j] > g[L.G_AABB + 2 * j + 1]:
                g[L.G_AABB + 2 * j + 1] = w[j]
    if n == 0:
        for j in range(3):
            g[L.G_AABB + 2 * j] = g[L.G_POS + j]
            g[L.G_AABB + 2 * j + 1] = g[L.G_POS + j]


def mass_trimesh(m, density, data_id):
    #: cdef void mass_trimesh(dReal* m, dReal density, int data_id) noexcept nogil
    """ODE's dMassSetTrimesh: mass, centre and inertia of a closed trimesh of uniform density (tetrahedra at
    0)."""
    #: MeshData* md
    #: int t, k, a, b, c
    #: dReal ax, ay, az, bx, by, bz, cx, cy, cz, det, vol, sx, sy, sz, f
    #: dReal cov[9]
    #: dReal com[3]
    cov = [0.0] * 9  # py
    com = [0.0] * 3  # py
    for k in range(13):
        m[k] = 0.0
    md = reg_get(data_id)
    if md is None or md.kind != MESH_TRIMESH:
        return
    for k in range(9):
        cov[k] = 0.0
    com[0] = 0.0
    com[1] = 0.0
    com[2] = 0.0
    vol = 0.0
    for t in range(md.nt):
        a = md.t[3 * t]
        b = md.t[3 * t + 1]
        c = md.t[3 * t + 2]
        ax = md.v[3 * a]
        ay = md.v[3 * a + 1]
        az = md.v[3 * a + 2]
        bx = md.v[3 * b]
        by = md.v[3 * b + 1]
        bz = md.v[3 * b + 2]
        cx = md.v[3 * c]
        cy = md.v[3 * c + 1]
        cz = md.v[3 * c + 2]
        det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)
        vol = vol + det
        sx = ax + bx + cx
        sy = ay + by + cy
        sz = az + bz + cz
        com[0] = com[0] + det * sx
        com[1] = com[1] + det * sy
        com[2] = com[2] + det * sz
        f = det / 120.0
        cov[0] = cov[0] + f * (ax * ax + bx * bx + cx * cx + sx * sx)
        cov[1] = cov[1] + f * (ax * ay + bx * by + cx * cy + sx * sy)
        cov[2] = cov[2] + f * (ax * az + bx * bz + cx * cz + sx * sz)
        cov[4] = cov[4] + f * (ay * ay + by * by + cy * cy + sy * sy)
        cov[5] = cov[5] + f * (ay * az + by * bz + cy * cz + sy * sz)
        cov[8] = cov[8] + f * (az * az + bz * bz + cz * cz + sz * sz)
    vol = vol / 6.0
    if vol == 0:
        return
    m[0] = density * vol
    m[1] = com[0] / (vol * 24.0)
    m[2] = com[1] / (vol * 24.0)
    m[3] = com[2] / (vol * 24.0)
    m[4] = density * (cov[4] + cov[8])
    m[8] = density * (cov[0] + cov[8])
    m[12] = density * (cov[0] + cov[4])
    m[5] = -density * cov[1]
    m[7] = m[5]
    m[6] = -density * cov[2]
    m[10] = m[6]
    m[9] = -density * cov[5]
    m[11] = m[9]
    # ODE 0.16's dMassSetTrimesh (observed through libode) adds the parallel-axis term of the centre once more
    m[4] = m[4] + m[0] * (m[2] * m[2] + m[3] * m[3])
    m[8] = m[8] + m[0] * (m[1] * m[1] + m[3] * m[3])
    m[12] = m[12] + m[0] * (m[1] * m[1] + m[2] * m[2])
    m[5] = m[5] - m[0] * m[1] * m[2]
    m[7] = m[5]
    m[6] = m[6] - m[0] * m[1] * m[3]
    m[10] = m[6]
    m[9] = m[9] - m[0] * m[2] * m[3]
    m[11] = m[9]


# ---- end kernels


def mass_trimesh_py(density, data_id) -> list:
    """ODE's dMassSetTrimesh as a 13-value mass record (zero when id is not a trimesh)."""
    m = [0.0] * 13
    mass_trimesh(m, float(density), int(data_id))
    return m


def mesh_aabb_py(g, i) -> list:
    """The AABB (minx, maxx, miny, maxy, minz, maxz) of a mesh geom record (pose and GI_DATA)."""
    gg = _float_list(g)
    mesh_aabb(gg, [int(x) for x in i])
    return gg[L.G_AABB:L.G_AABB + 6]
