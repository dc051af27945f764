"""Capsule against sphere, capsule, box and cylinder.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import sqrt

from ... import _layout as L
from ... import _precision
from .box_box import box_box
from .mpr import mpr_contact
from .prim_contacts import flip_contacts, maxc_of, spheres
from .prim_geometry import axis_ends, closest_segments, col_dot, seg_point, to_local

# 1 - (axis1 . axis2)^2 at or below this: libode's parallel capsules (observed threshold)
CAPSULE_PARALLEL = 1e-5


# ---- kernels


def collide_capsule_sphere(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_sphere(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                 int flags, dReal* c, int skip) noexcept nogil
    """Capsule against sphere: the sphere of the capsule around the closest axis point."""
    #: dReal q[3]
    q = [0.0] * 3  # py
    seg_point(g1, g2[L.G_POS], g2[L.G_POS + 1], g2[L.G_POS + 2], q)
    return spheres(
        c,
        0,
        skip,
        q[0],
        q[1],
        q[2],
        g1[L.G_RADIUS],
        g2[L.G_POS],
        g2[L.G_POS + 1],
        g2[L.G_POS + 2],
        g2[L.G_RADIUS],
    )


def collide_capsule_capsule(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_capsule(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                  int flags, dReal* c, int skip) noexcept nogil
    """Capsule against capsule: spheres around the closest points of the axes; parallel axes (libode's test: 1
    - (axis1 . axis2)^2 <= 1e-5) overlapping along capsule 1's axis give the overlap's two ends (its midpoint
    for a cap of one contact), each against the point of capsule 2's axis at the same axial parameter."""
    #: dReal a1[3]
    #: dReal a2[3]
    #: dReal b1[3]
    #: dReal b2[3]
    #: dReal out[6]
    #: dReal q[3]
    #: dReal dd, t1, lo, hi, h1, h2, dx, dy, dz, k, sg
    #: int n, m
    a1 = [0.0] * 3  # py
    a2 = [0.0] * 3  # py
    b1 = [0.0] * 3  # py
    b2 = [0.0] * 3  # py
    out = [0.0] * 6  # py
    q = [0.0] * 3  # py
    axis_ends(g1, a1, a2)
    axis_ends(g2, b1, b2)
    dd = col_dot(g1, 2, g2[L.G_R + 2], g2[L.G_R + 5], g2[L.G_R + 8])
    if 1 - dd * dd <= CAPSULE_PARALLEL:
        # parallel axes: the overlap of capsule 2's axis projected on capsule 1's axis, both ends (one
        # contact: its midpoint, as libode)
        h1 = g1[L.G_LENGTH] * 0.5
        h2 = g2[L.G_LENGTH] * 0.5
        dx = g2[L.G_POS] - g1[L.G_POS]
        dy = g2[L.G_POS + 1] - g1[L.G_POS + 1]
        dz = g2[L.G_POS + 2] - g1[L.G_POS + 2]
        k = col_dot(g1, 2, dx, dy, dz)
        sg = 1.0
        if dd < 0:
            sg = -1.0
        lo = k - h2
        hi = k + h2
        if lo < -h1:
            lo = -h1
        if hi > h1:
            hi = h1
        if hi > lo:
            n = 0
            for m in range(2):
                t1 = lo
                if m == 1:
                    t1 = hi
                if maxc_of(flags) == 1:
                    if m == 1:
                        break
                    t1 = (lo + hi) * 0.5
                q[0] = g1[L.G_POS] + g1[L.G_R + 2] * t1
                q[1] = g1[L.G_POS + 1] + g1[L.G_R + 5] * t1
                q[2] = g1[L.G_POS + 2] + g1[L.G_R + 8] * t1
                # the partner on capsule 2's axis at the same axial parameter (libode: exactly coincident
                # points when the axes coincide, so the (1, 0, 0) normal of touching centres)
                t1 = (t1 - k) * sg
                out[0] = g2[L.G_POS] + g2[L.G_R + 2] * t1
                out[1] = g2[L.G_POS + 1] + g2[L.G_R + 5] * t1
                out[2] = g2[L.G_POS + 2] + g2[L.G_R + 8] * t1
                n += spheres(
                    c, n, skip, q[0], q[1], q[2], g1[L.G_RADIUS], out[0], out[1], out[2], g2[L.G_RADIUS]
                )
            return n
    closest_segments(a1, a2, b1, b2, out)
    return spheres(c, 0, skip, out[0], out[1], out[2], g1[L.G_RADIUS], out[3], out[4], out[5], g2[L.G_RADIUS])


def seg_box_closest(g1, g2, pl, pb):
    #: cdef dReal seg_box_closest(const dReal* g1, const dReal* g2, dReal* pl, dReal* pb) noexcept nogil
    """Closest points of capsule g1's axis segment (pl) and box g2 (pb); returns their distance.

    libode's walk, in its arithmetic: the segment from the +z end (t = 0) to the -z end (t = 1) in the box
    frame, mirrored so every direction component is >= 0; the derivative of the squared distance is
    piecewise linear in t with breaks where a coordinate crosses a face plane; walking the breaks from
    t = 0, the first piece where it reaches 0 gives t by its secant (so on a plateau, a segment parallel to a
    face, the point nearest the +z end wins)."""
    #: dReal a[3]
    #: dReal e[3]
    #: dReal s[3]
    #: dReal v[3]
    #: dReal v2[3]
    #: dReal h[3]
    #: dReal ta[3]
    #: dReal sg[3]
    #: int reg[3]
    #: dReal eps, t, dd, nt, nd, w, m, x, dx, dy, dz
    #: int k, it
    a = [0.0] * 3  # py
    e = [0.0] * 3  # py
    s = [0.0] * 3  # py
    v = [0.0] * 3  # py
    v2 = [0.0] * 3  # py
    h = [0.0] * 3  # py
    ta = [0.0] * 3  # py
    sg = [0.0] * 3  # py
    reg = [0] * 3  # py
    # directions at most this are parallel to a face pair (the smallest normal reals, by precision)
    eps = 1e-307 if _precision.precision == "double" else 1e-19  # py
    #: py- eps = 1e-307 if sizeof(dReal) == 8 else 1e-19
    axis_ends(g1, a, pl)
    for k in range(3):
        e[k] = pl[k] - a[k]
    to_local(g2, a[0], a[1], a[2], s)
    for k in range(3):
        v[k] = col_dot(g2, k, e[0], e[1], e[2])
    for k in range(3):
        sg[k] = 1.0
        if v[k] < 0:
            s[k] = -s[k]
            v[k] = -v[k]
            sg[k] = -1.0
        v2[k] = v[k] * v[k]
        h[k] = g2[L.G_SIDES + k] * 0.5
    for k in range(3):  # where the coordinate next crosses a face plane, and on which side of the slab it is
        reg[k] = 0
        ta[k] = 2.0  # never a break
        if v[k] > eps:
            if s[k] < -h[k]:
                reg[k] = -1
                ta[k] = (-h[k] - s[k]) / v[k]
            else:
                if s[k] > h[k]:
                    reg[k] = 1
                ta[k] = (h[k] - s[k]) / v[k]
    t = 0.0
    dd = 0.0  # the derivative at t
    for k in range(3):
        w = 0.0
        if reg[k] != 0:
            w = v2[k]
        dd = dd - w * ta[k]
    if dd < 0:
        it = 0
        while it < 8:  # each break is passed at most twice: seven pieces at most
            it += 1
            nt = 1.0
            for k in range(3):
                if ta[k] > t and ta[k] < 1 and ta[k] < nt:
                    nt = ta[k]
            nd = 0.0
            for k in range(3):
                w = 0.0
                if reg[k] != 0:
                    w = v2[k]
                nd = nd + w * (nt - ta[k])
            if nd >= 0:
                m = (nd - dd) / (nt - t)
                t = t - dd / m
                break
            for k in range(3):
                if ta[k] == nt:
                    ta[k] = (h[k] - s[k]) / v[k]
                    reg[k] += 1
            t = nt
            dd = nd
            if t >= 1:
                t = 1.0
                break
    for k in range(3):
        pl[k] = a[k] + t * e[k]
    for k in range(3):
        x = sg[k] * (s[k] + t * v[k])
        if x < -h[k]:
            x = -h[k]
        elif x > h[k]:
            x = h[k]
        s[k] = x
    for k in range(3):
        pb[k] = g2[L.G_R + 3 * k] * s[0] + g2[L.G_R + 3 * k + 1] * s[1] + g2[L.G_R + 3 * k + 2] * s[2]
        pb[k] = pb[k] + g2[L.G_POS + k]
    dx = pl[0] - pb[0]
    dy = pl[1] - pb[1]
    dz = pl[2] - pb[2]
    return sqrt(dx * dx + dy * dy + dz * dz)


def collide_capsule_box(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_box(const dReal* g1, const int* i1, const dReal* g2, const int* i2, int flags,
    #:                              dReal* c, int skip) noexcept nogil
    """Capsule against box: a sphere at the axis point closest to the box; when the axis touches the box, the
    capsule's bounding box (2r, 2r, length + 2r) against the box with box-box clipping (libode's contact
    sets)."""
    #: dReal pl[3]
    #: dReal pb[3]
    #: dReal cs[3]
    #: dReal nout[5]
    #: dReal r, dist, touch
    #: int n
    pl = [0.0] * 3  # py
    pb = [0.0] * 3  # py
    cs = [0.0] * 3  # py
    nout = [0.0] * 5  # py
    # libode's distance below which the capsule is treated as a box, by precision
    touch = 1e-15 if _precision.precision == "double" else 1e-6  # py
    #: py- touch = 1e-15 if sizeof(dReal) == 8 else 1e-6
    r = g1[L.G_RADIUS]
    dist = seg_box_closest(g1, g2, pl, pb)
    if dist >= touch:
        return spheres(c, 0, skip, pl[0], pl[1], pl[2], r, pb[0], pb[1], pb[2], 0.0)
    cs[0] = 2 * r
    cs[1] = 2 * r
    cs[2] = g1[L.G_LENGTH] + 2 * r
    n = box_box(g2[L.G_POS:], g2[L.G_R:], g2[L.G_SIDES:], g1[L.G_POS:], g1[L.G_R:], cs,  # py
                flags, c, skip, nout)  # py
    #: py-n = box_box(&g2[G_POS], &g2[G_R], &g2[G_SIDES], &g1[G_POS], &g1[G_R], cs, flags, c, skip, nout)
    flip_contacts(c, n, skip)
    return n


def collide_capsule_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_capsule_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                   int flags, dReal* c, int skip) noexcept nogil
    """Capsule against cylinder: one contact by MPR, capsule as A (libode's order; swapped calls are flipped).
    """
    return mpr_contact(g1, L.GC_CAPSULE, None, 0, g2, L.GC_CYLINDER, None, 0, flags, c, skip)


# ---- end kernels
