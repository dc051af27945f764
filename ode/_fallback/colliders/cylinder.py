"""Cylinder against cylinder.

A source of the generated ``collide_prim`` kernel (tools/gen/gen_kernels.py).
"""

from math import (
    atan2 as real_atan2,  # libode's dAtan2, dCos, dSin: the kernel's are atan2f... in single (dreal.h)
)
from math import cos as real_cos
from math import fabs, floor, sqrt
from math import sin as real_sin

from ... import _layout as L
from .mpr import mpr_contact, mpr_qrot, mpr_quat
from .prim_contacts import maxc_of, put, unimp_of
from .prim_geometry import M_PI

CYL_ALIGNED = 0.0010000000474974513  # libode's 1e-3f: cylinders with 1 - |a1 . a2| below it are aligned


# ---- kernels


def cyl_frame(g, cy):
    #: cdef void cyl_frame(const dReal* g, double* cy) noexcept nogil
    """cy = cylinder g as libode's libccd sees it (doubles): its quaternion and inverse (cy[0:8], mpr_quat),
    its unit axis (cy[8:11], the turned half-length vector over its length) and its centre (cy[11:14])."""
    #: double k
    mpr_quat(g, cy)
    mpr_qrot(cy, 0, 0.0, 0.0, g[L.G_LENGTH] * 0.5, cy, 8)
    k = cy[8] * cy[8] + cy[9] * cy[9] + cy[10] * cy[10]
    if k == 0:  # a zero length: the axis is still the rotation's z (libccd would divide 0 by 0)
        mpr_qrot(cy, 0, 0.0, 0.0, 1.0, cy, 8)
        k = cy[8] * cy[8] + cy[9] * cy[9] + cy[10] * cy[10]
    k = 1.0 / sqrt(k)
    cy[8] = cy[8] * k
    cy[9] = cy[9] * k
    cy[10] = cy[10] * k
    cy[11] = g[L.G_POS]
    cy[12] = g[L.G_POS + 1]
    cy[13] = g[L.G_POS + 2]


def cyl_dot(cy, o, x, y, z):
    #: cdef inline double cyl_dot(const double* cy, int o, double x, double y, double z) noexcept nogil
    """cy[o:o+3] . (x, y, z), summed left to right."""
    return cy[o] * x + cy[o + 1] * y + cy[o + 2] * z


def rim_point(angle, r, lift, lsum, pri, sec, p):
    #: cdef dReal rim_point(dReal angle, dReal r, dReal lift, dReal lsum, const double* pri,
    #:                      const double* sec, double* p) noexcept nogil
    """libode's rim contact of two aligned cylinders: the point at angle on cylinder pri's rim of radius r
    (in its own frame, turned by its quaternion); depth = lsum less its distance along sec's axis from sec's
    centre. When that depth is not negative, p = the point moved by lift along pri's axis (the cap's rim)
    and the depth is returned; else -1."""
    #: dReal depth, x, y
    x = real_cos(angle) * r
    y = real_sin(angle) * r
    mpr_qrot(pri, 0, x, y, 0.0, p, 0)
    p[0] = p[0] + pri[11]
    p[1] = p[1] + pri[12]
    p[2] = p[2] + pri[13]
    depth = cyl_dot(sec, 8, p[0] - sec[11], p[1] - sec[12], p[2] - sec[13])  # (libode's dFabs takes a dReal)
    depth = lsum - fabs(depth)
    if depth < 0:
        return -1.0
    p[0] = p[0] + pri[8] * lift
    p[1] = p[1] + pri[9] * lift
    p[2] = p[2] + pri[10] * lift
    return depth


def rim_arc(ra, rb, d, x, y, out):
    #: cdef void rim_arc(dReal ra, dReal rb, dReal d, double x, double y, dReal* out) noexcept nogil
    """The arc of a rim of radius ra (centre at the origin of its cap plane) inside a disc of radius rb
    centred at (x, y) of that plane, at distance d: out = (first angle, angular span), libode's angles."""
    #: dReal l, h, dl, dh, a1, a2, lo, hi, a, rd, x1, y1, x2, y2
    rd = 1 / d
    h = rd * 0.5
    l = (ra * ra - rb * rb + d * d) * h
    h = ra * ra - l * l
    h = sqrt(h)
    dl = l * rd
    dh = h * rd
    x1 = dl * x + dh * y  # the crossing points of the two circles, as libode rounds them
    y1 = dl * y - dh * x
    x2 = dl * x - dh * y
    y2 = dl * y + dh * x
    a1 = real_atan2(y1, x1)
    a2 = real_atan2(y2, x2)
    lo = a1 if a1 < a2 else a2
    hi = a1 if a1 > a2 else a2
    x1 = x
    y1 = y
    a = real_atan2(y1, x1)
    if a < lo or a > hi:
        a = hi
        hi = lo + 6.283185307179586  # 2 pi in double, as libode adds M_PI * 2.0
        lo = a
    out[0] = lo
    out[1] = hi - lo


def cyl_rims(c, k, maxc, flags, skip, i0, n, base, step, r, lift, lsum, pri, sec, nrm):
    #: cdef int cyl_rims(dReal* c, int k, int maxc, int flags, int skip, int i0, int n, dReal base,
    #:                   dReal step, dReal r, dReal lift, dReal lsum, const double* pri, const double* sec,
    #:                   const dReal* nrm) noexcept nogil
    """Rim contacts at angles base + step i, i0 <= i < i0 + n, on pri's rim (rim_point) from contact k (at
    most maxc): the new count; under CONTACTS_UNIMPORTANT the first contact ends it."""
    #: double p[3]
    #: dReal depth
    #: int i
    p = [0.0] * 3  # py
    for i in range(i0, i0 + n):
        depth = rim_point(base + step * i, r, lift, lsum, pri, sec, p)
        if depth >= 0 and k < maxc:
            put(c, k, skip, p[0], p[1], p[2], nrm[0], nrm[1], nrm[2], depth)
            k = k + 1
            if unimp_of(flags):
                break
    return k


#: py- from libc.math cimport floor
def cyl_crossing(c, flags, skip, maxc, rmin, rmax, lmin, lmax, lsum, mn, mx, px, py, pz, nrm):
    #: cdef int cyl_crossing(dReal* c, int flags, int skip, int maxc, dReal rmin, dReal rmax, dReal lmin,
    #:                       dReal lmax, dReal lsum, const double* mn, const double* mx, double px,
    #:                       double py, double pz, const dReal* nrm) noexcept nogil
    """Aligned cylinders whose cap rims cross (libode): each rim's arc inside the other disc (rim_arc, in
    the larger's and then the smaller's frame; p = the offset of the smaller centre off the larger's axis)
    shares the contacts by its length times radius; the smaller's interior points first, then the larger's
    including its arc ends (its middle alone for a single point)."""
    #: double v[3]
    #: dReal d, ratio, t
    #: dReal arc_a[2]
    #: dReal arc_b[2]
    #: int nmax, nmin, k
    v = [0.0] * 3  # py
    arc_a = [0.0] * 2  # py
    arc_b = [0.0] * 2  # py
    mpr_qrot(mx, 4, px, py, pz, v, 0)
    d = v[0] * v[0] + v[1] * v[1]
    d = sqrt(d)
    rim_arc(rmax, rmin, d, v[0], v[1], arc_a)
    mpr_qrot(mn, 4, -px, -py, -pz, v, 0)
    rim_arc(rmin, rmax, d, v[0], v[1], arc_b)
    ratio = arc_a[1] * rmax / (arc_a[1] * rmax + arc_b[1] * rmin)
    t = floor(ratio * maxc + 0.5)
    nmax = int(t)  # py
    #: py- nmax = <int>t
    nmin = maxc - nmax
    if nmin < 1:
        nmin = 1
        nmax = nmax - 1
    elif nmin > 1:
        nmin = nmin - 1
        nmax = nmax + 1
    k = cyl_rims(c, 0, maxc, flags, skip, 1, nmin, arc_b[0], arc_b[1] / (nmin + 1), rmin, lmin, lsum, mn, mx,
                 nrm)
    if k > 0 and unimp_of(flags):
        return k
    if nmax == 1:
        return cyl_rims(c, k, maxc, flags, skip, 0, 1, arc_a[0] + 0.5 * arc_a[1], arc_a[1], rmax, lmax, lsum,
                        mx, mn, nrm)
    return cyl_rims(c, k, maxc, flags, skip, 0, nmax, arc_a[0], arc_a[1] / (nmax - 1), rmax, lmax, lsum, mx,
                    mn, nrm)


def cyl_aligned(g1, g2, flags, c, skip):
    #: cdef int cyl_aligned(const dReal* g1, const dReal* g2, int flags, dReal* c, int skip) noexcept nogil
    """libode's contacts of two cylinders with (nearly) aligned axes, 1 - |a1 . a2| below 1e-3 (in float):
    none when their axial reach (half lengths, less the centres' axial offset along the larger's axis, plus
    the smaller radius times the tilt's sine) or radial reach (radii less the centres' offset off that axis)
    is negative; cap to cap when the axial reach is the smaller: up to 8 rim points (the smaller disc inside
    the larger: its rim at equal angles; else cyl_crossing), each with its own axial depth and the larger's
    axis as normal (pointing from geom 1 into geom 2). -1 when the MPR decides (not aligned, or sideways)."""
    #: double cy1[14]
    #: double cy2[14]
    #: double* mn
    #: double* mx
    #: dReal prod, r1, r2, l1, l2, lsum, dot, dot2, depth_v, depth_h, rdiff, rmin, rmax, lmin, lmax, nd
    #: double px, py, pz, qx, qy, qz
    #: dReal nrm[3]
    #: int maxc, min1
    cy1 = [0.0] * 14  # py
    cy2 = [0.0] * 14  # py
    nrm = [0.0] * 3  # py
    cyl_frame(g1, cy1)
    cyl_frame(g2, cy2)
    prod = fabs(cyl_dot(cy1, 8, cy2[8], cy2[9], cy2[10]))
    if not 1.0 - prod < CYL_ALIGNED:
        return -1
    r1 = g1[L.G_RADIUS]
    r2 = g2[L.G_RADIUS]
    l1 = g1[L.G_LENGTH] * 0.5
    l2 = g2[L.G_LENGTH] * 0.5
    min1 = 1 if r1 <= r2 else 0
    if min1:
        mn = cy1
        mx = cy2
        rmin = r1
        rmax = r2
    else:
        mn = cy2
        mx = cy1
        rmin = r2
        rmax = r1
    lsum = l1 + l2
    px = mn[11] - mx[11]
    py = mn[12] - mx[12]
    pz = mn[13] - mx[13]
    dot = cyl_dot(mx, 8, px, py, pz)
    depth_v = 1.0 - prod * prod
    if depth_v < 0:
        depth_v = 0.0
    depth_v = lsum - fabs(dot) + sqrt(depth_v) * rmin
    if depth_v < 0:
        return 0
    qx = mx[8] * -dot + px
    qy = mx[9] * -dot + py
    qz = mx[10] * -dot + pz
    rdiff = sqrt(qx * qx + qy * qy + qz * qz)
    depth_h = r1 + r2 - rdiff
    if depth_h < 0:
        return 0
    if not depth_v < depth_h:
        return -1
    maxc = maxc_of(flags)
    if maxc > 8:
        maxc = 8
    dot2 = -cyl_dot(mn, 8, px, py, pz)
    lmax = l2 if min1 else l1
    lmin = l1 if min1 else l2
    if dot2 < 0:
        lmin = -lmin
    if dot < 0:
        lmax = -lmax
    nd = 1.0 if (dot < 0) != (min1 == 1) else -1.0
    nrm[0] = nd * mx[8]
    nrm[1] = nd * mx[9]
    nrm[2] = nd * mx[10]
    if rmin + rdiff <= rmax:
        return cyl_rims(c, 0, maxc, flags, skip, 0, maxc, 0.0, 2.0 * M_PI / maxc, rmin, lmin, lsum, mn, mx,
                        nrm)
    return cyl_crossing(c, flags, skip, maxc, rmin, rmax, lmin, lmax, lsum, mn, mx, qx, qy, qz, nrm)


def collide_cylinder_cylinder(g1, i1, g2, i2, flags, c, skip):
    #: cdef int collide_cylinder_cylinder(const dReal* g1, const int* i1, const dReal* g2, const int* i2,
    #:                                    int flags, dReal* c, int skip) noexcept nogil
    """Cylinder against cylinder (as libode): aligned cylinders touching cap to cap by cyl_aligned, otherwise
    one contact by MPR."""
    #: int n
    n = cyl_aligned(g1, g2, flags, c, skip)
    if n >= 0:
        return n
    return mpr_contact(g1, L.GC_CYLINDER, None, 0, g2, L.GC_CYLINDER, None, 0, flags, c, skip)


# ---- end kernels
