"""Narrow-phase dispatch (pure-Python twin of ``ode/_core/collide.pyx``): ODE's dCollide by class pair.

Records are rows of greal (GR reals) and gint (GI ints) holding world poses; contacts come back as an (n, CR)
array. Pairs implemented only in the other order are called swapped, with normals flipped and sides swapped.
"""

from __future__ import annotations

import numpy as np

from .. import _layout as L
from . import collide_mesh as M
from . import collide_prim as P

NCLASS = 10
CONTACTS_UNIMPORTANT = 0x80000000


def _build_table() -> list:
    """Table[c1][c2] = (function, swapped) for every class pair (None where no contacts are possible)."""
    table = [[None] * NCLASS for _ in range(NCLASS)]
    S, B, C, Y, PL, R = L.GC_SPHERE, L.GC_BOX, L.GC_CAPSULE, L.GC_CYLINDER, L.GC_PLANE, L.GC_RAY
    CV, TM, HF = L.GC_CONVEX, L.GC_TRIMESH, L.GC_HEIGHTFIELD
    pairs = [
        (S, S, P.collide_sphere_sphere), (S, B, P.collide_sphere_box),
        (S, PL, P.collide_sphere_plane), (S, Y, P.collide_sphere_cylinder),
        (C, S, P.collide_capsule_sphere), (C, PL, P.collide_capsule_plane),
        (C, C, P.collide_capsule_capsule), (B, PL, P.collide_box_plane), (B, B, P.collide_box_box),
        (Y, PL, P.collide_cylinder_plane), (C, B, P.collide_capsule_box), (Y, B, P.collide_cylinder_box),
        (C, Y, P.collide_capsule_cylinder), (Y, Y, P.collide_cylinder_cylinder),
        (R, S, P.collide_ray_sphere), (R, B, P.collide_ray_box), (R, C, P.collide_ray_capsule),
        (R, Y, P.collide_ray_cylinder), (R, PL, P.collide_ray_plane), (R, R, P.collide_none),
        (PL, PL, P.collide_none),
        (CV, S, M.collide_convex_sphere), (CV, B, M.collide_convex_box),
        (CV, C, M.collide_convex_capsule), (CV, Y, M.collide_convex_cylinder),
        (CV, PL, M.collide_convex_plane), (CV, CV, M.collide_convex_convex),
        (R, CV, M.collide_ray_convex),
        (TM, S, M.collide_trimesh_sphere), (TM, B, M.collide_trimesh_box), (TM, C, M.collide_trimesh_capsule),
        (TM, Y, M.collide_trimesh_cylinder), (TM, PL, M.collide_trimesh_plane),
        (R, TM, M.collide_ray_trimesh),
        (TM, TM, M.collide_trimesh_trimesh), (CV, TM, M.collide_convex_trimesh),
        (HF, S, M.collide_heightfield_sphere), (HF, B, M.collide_heightfield_box),
        (HF, C, M.collide_heightfield_capsule), (HF, Y, M.collide_heightfield_cylinder),
        (HF, PL, M.collide_heightfield_plane), (HF, R, M.collide_heightfield_ray),
        (HF, CV, M.collide_heightfield_convex), (HF, TM, M.collide_heightfield_trimesh),
        (HF, HF, M.collide_heightfield_heightfield),
    ]
    for a, b, fn in pairs:
        table[a][b] = (fn, False)
    for a, b, fn in pairs:
        if table[b][a] is None:
            table[b][a] = (fn, True)
    return table


TABLE = _build_table()


def collide_pair(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """ODE's dCollide on two records (lists); contacts is a list of at least maxc * skip reals."""
    c1 = i1[L.GI_CLASS]
    c2 = i2[L.GI_CLASS]
    if not (0 <= c1 < NCLASS and 0 <= c2 < NCLASS) or c1 == L.GC_TRANSFORM or c2 == L.GC_TRANSFORM:
        return 0
    entry = TABLE[c1][c2]
    if entry is None:
        return 0
    fn, swapped = entry
    if swapped:
        n = fn(g2, i2, g1, i1, flags, contacts, skip)
        P.flip_contacts(contacts, n, skip)
        return n
    return fn(g1, i1, g2, i2, flags, contacts, skip)


def compute_aabb(g, i) -> None:
    """Fill g[G_AABB..] (a list) from the pose and class parameters."""
    cls = i[L.GI_CLASS]
    if cls in (L.GC_CONVEX, L.GC_TRIMESH, L.GC_HEIGHTFIELD):
        M.mesh_aabb(g, i)
    elif 0 <= cls <= L.GC_RAY:
        P.compute_prim_aabb(g, i)


def _flags32(flags: int) -> int:
    """ODE's flags word as a signed 32-bit int (CONTACTS_UNIMPORTANT is the sign bit)."""
    flags = int(flags) & 0xFFFFFFFF
    return flags - (1 << 32) if flags & 0x80000000 else flags


def collide_geoms(greal, gint, a, b, flags):
    """Contacts of geoms a and b (rows of greal/gint) as an (n, CR) array of greal's dtype."""
    flags = _flags32(flags)
    maxc = P.maxc_of(flags)
    if a == b:
        return np.zeros((0, L.CR), dtype=greal.dtype)
    contacts = [0.0] * (maxc * L.CR)
    n = collide_pair(greal[a].tolist(), gint[a].tolist(), greal[b].tolist(), gint[b].tolist(), flags,
                     contacts, L.CR)
    return np.array(contacts[: n * L.CR], dtype=greal.dtype).reshape(n, L.CR)


def _check_rows(greal, gint) -> None:
    if not isinstance(greal, np.ndarray) or not isinstance(gint, np.ndarray):
        raise TypeError("greal and gint must be numpy arrays")
    if greal.ndim != 2 or greal.shape[1] != L.GR or greal.dtype not in (np.float32, np.float64) \
            or not greal.flags.c_contiguous:
        raise ValueError("greal must be a C-contiguous (G, GR) array of the kernel's real type")
    if gint.ndim != 2 or gint.shape[1] != L.GI or gint.dtype != np.int32 or not gint.flags.c_contiguous \
            or gint.shape[0] != greal.shape[0]:
        raise ValueError("gint must be a C-contiguous (G, GI) int32 array matching greal")


def transform_row(greal, gint, t, inner, shadow) -> int:
    """A GeomTransform's helper record: returns ``shadow`` after making that row the encapsulated geom's row
    ``inner`` at its world pose, i.e. the transform's pose (row ``t``) composed with inner's local pose:
    position p_t + R_t p_i and rotation R_t R_i, each dot product summed left to right in the array's real
    type (every product and sum rounded to it, as libode's dReal arithmetic). GI_BODY comes from the
    transform; the AABB is recomputed from the composed pose and also written into the transform's row."""
    _check_rows(greal, gint)
    t, inner, shadow = int(t), int(inner), int(shadow)
    nrow = greal.shape[0]
    if not (0 <= t < nrow and 0 <= inner < nrow and 0 <= shadow < nrow):
        raise IndexError("geom row out of range")
    if shadow in (t, inner):
        raise ValueError("the helper row must differ from the transform's and the encapsulated geom's rows")
    tr = greal[t]                  # numpy scalars of the real type: float32 rounds every operation
    row = greal[inner].copy()
    p, R = tr[L.G_POS:L.G_POS + 3], tr[L.G_R:L.G_R + 9]
    ip, iR = greal[inner, L.G_POS:L.G_POS + 3], greal[inner, L.G_R:L.G_R + 9]
    for i in range(3):
        row[L.G_POS + i] = p[i] + (R[3 * i] * ip[0] + R[3 * i + 1] * ip[1] + R[3 * i + 2] * ip[2])
        for j in range(3):
            row[L.G_R + 3 * i + j] = R[3 * i] * iR[j] + R[3 * i + 1] * iR[3 + j] + R[3 * i + 2] * iR[6 + j]
    ints = gint[inner].tolist()
    ints[L.GI_BODY] = int(gint[t, L.GI_BODY])
    greal[shadow] = row
    gint[shadow] = ints
    g = greal[shadow].tolist()
    compute_aabb(g, ints)
    greal[shadow, L.G_AABB:L.G_AABB + 6] = g[L.G_AABB:L.G_AABB + 6]
    greal[t, L.G_AABB:L.G_AABB + 6] = greal[shadow, L.G_AABB:L.G_AABB + 6]
    return shadow


def _check_body_rows(breal, greal) -> None:
    if not isinstance(breal, np.ndarray):
        raise TypeError("breal must be a numpy array")
    if breal.ndim != 2 or breal.shape[1] != L.BR or breal.dtype != greal.dtype \
            or not breal.flags.c_contiguous:
        raise ValueError("breal must be a C-contiguous (B, BR) array of greal's dtype")


def body_pose(greal, gint, s, breal, b) -> int:
    """Geom row ``s`` takes its world pose from body row ``b`` of ``breal`` (a (B, BR) array of the same
    dtype): the body's position and rotation, composed with the geom's offset when GI_FLAGS has the offset
    bit (8): pos + R offpos and R offR in the arrays' real type, each dot product summed left to right.
    Returns s."""
    _check_rows(greal, gint)
    _check_body_rows(breal, greal)
    s, b = int(s), int(b)
    if not (0 <= s < greal.shape[0] and 0 <= b < breal.shape[0]):
        raise IndexError("geom or body row out of range")
    body_poses(greal, gint, np.array([s], dtype=np.intp), breal, np.array([b], dtype=np.intp))
    return s


_POSE_COLS = (list(range(L.G_POS, L.G_POS + 3)) + list(range(L.G_R, L.G_R + 9)),
              list(range(L.B_POS, L.B_POS + 3)) + list(range(L.B_R, L.B_R + 9)))


def body_poses(greal, gint, geoms, breal, bodies) -> None:
    """body_pose for every pair (geoms[k], bodies[k]) of geom and body rows, vectorised in the arrays'
    real type."""
    _check_rows(greal, gint)
    _check_body_rows(breal, greal)
    gs = np.asarray(geoms, dtype=np.intp)
    bs = np.asarray(bodies, dtype=np.intp)
    if gs.ndim != 1 or bs.ndim != 1 or bs.shape[0] != gs.shape[0]:
        raise ValueError("geoms and bodies must be 1-d arrays of one length")
    if gs.size and (gs.min() < 0 or gs.max() >= greal.shape[0] or bs.min() < 0 or bs.max() >= breal.shape[0]):
        raise IndexError("geom or body row out of range")
    if gs.size == 0:
        return
    greal[gs[:, None], _POSE_COLS[0]] = breal[bs[:, None], _POSE_COLS[1]]
    off = (gint[gs, L.GI_FLAGS] & 8) != 0
    if not off.any():
        return
    go, bo = gs[off], bs[off]
    pos, R = breal[bo, L.B_POS:L.B_POS + 3], breal[bo, L.B_R:L.B_R + 9]
    o = greal[go, L.G_OFFPOS:L.G_OFFPOS + 3]
    oR = greal[go, L.G_OFFR:L.G_OFFR + 9]
    for i in range(3):
        greal[go, L.G_POS + i] = pos[:, i] + (R[:, 3 * i] * o[:, 0] + R[:, 3 * i + 1] * o[:, 1]
                                              + R[:, 3 * i + 2] * o[:, 2])
        for j in range(3):
            greal[go, L.G_R + 3 * i + j] = (R[:, 3 * i] * oR[:, j] + R[:, 3 * i + 1] * oR[:, 3 + j]
                                            + R[:, 3 * i + 2] * oR[:, 6 + j])


def update_aabbs(greal, gint, indices) -> None:
    """Recompute the AABBs of the given rows in place."""
    for k in indices:
        k = int(k)
        g = greal[k].tolist()
        compute_aabb(g, gint[k].tolist())
        greal[k, L.G_AABB:L.G_AABB + 6] = g[L.G_AABB:L.G_AABB + 6]


def point_depth(greal, gint, g, x, y, z) -> float:
    """Depth of the world point (x, y, z) in geom row g (sphere, box, capsule, cylinder, plane)."""
    return float(P.point_depth_rec(greal[g].tolist(), gint[g].tolist(), float(x), float(y), float(z)))


def closest_segment_points(a1, a2, b1, b2) -> tuple:
    """Closest points of segments a1-a2 and b1-b2 (ODE's dClosestLineSegmentPoints): (on a, on b)."""
    out = [0.0] * 6
    P.closest_segments([float(v) for v in a1[:3]], [float(v) for v in a2[:3]], [float(v) for v in b1[:3]],
                       [float(v) for v in b2[:3]], out)
    return tuple(out[:3]), tuple(out[3:])


def box_box(p1, R1, side1, p2, R2, side2, flags):
    """ODE's dBoxBox: (normal from box 1 to box 2, depth, code, (n, CR) contacts with normals into box 1)."""
    flags = _flags32(flags)
    maxc = P.maxc_of(flags)
    contacts = [0.0] * (maxc * L.CR)
    nout = [0.0] * 5
    n = P.box_box([float(v) for v in p1[:3]], [float(v) for v in R1[:9]], [float(v) for v in side1[:3]],
                  [float(v) for v in p2[:3]], [float(v) for v in R2[:9]], [float(v) for v in side2[:3]],
                  flags,
                  contacts, L.CR, nout)
    arr = np.array(contacts[: n * L.CR], dtype=np.float64).reshape(n, L.CR)
    return (nout[0], nout[1], nout[2]), nout[3], int(nout[4]), arr


def box_box_intersect(p1, R1, side1, p2, R2, side2) -> bool:
    """True when the two boxes overlap (ODE's dBoxTouchesBox: no separating axis among the 15)."""
    return box_box(p1, R1, side1, p2, R2, side2, 1)[2] != 0
