"""The joints' stored geometry (anchors, axes, points, directions in the bodies' frames) and shared rows.

The setters store a world anchor or axis in each body's frame (in the world frame where there is no body),
so the rows can rebuild the world points every step. A point p fixed on body b moves with
v_b + w_b x (p - x_b); keeping the world points p1 (on body 1) and p2 (on body 2) together along a unit
direction u is therefore the row J1 = u, W1 = r1 x u, J2 = -u, W2 = -(r2 x u), with r_i = p_i - x_i and
c = k * u . (p2 - p1). ``_point_rows`` and ``_line_rows`` build pairs of such rows. The null joint (and a
joint of no type) has no rows.
"""

from __future__ import annotations

from math import fabs, sqrt

from ... import _layout as L
from .common import INF, NC, _angle_from_rel, _normalize3, _plane_space, _relative_q, _rot, _rot_t

# ---- kernels


def _set_anchor(jint, jreal, j, breal, x, y, z):
    #: cdef void _set_anchor(const int* jint, dReal* jreal, int j, const dReal* breal, dReal x, dReal y,
    #:                       dReal z) noexcept nogil
    """Store the world point (x, y, z) as the anchor in each body's frame (world frame without body 2)."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal out[3]
    #: int o
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    out = [0.0, 0.0, 0.0]  # py
    if b1 >= 0:
        o = b1 * L.BR + L.B_POS
        _rot_t(breal, b1, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo + L.J_ANCHOR1] = out[0]
        jreal[jo + L.J_ANCHOR1 + 1] = out[1]
        jreal[jo + L.J_ANCHOR1 + 2] = out[2]
    if b2 >= 0:
        o = b2 * L.BR + L.B_POS
        _rot_t(breal, b2, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo + L.J_ANCHOR2] = out[0]
        jreal[jo + L.J_ANCHOR2 + 1] = out[1]
        jreal[jo + L.J_ANCHOR2 + 2] = out[2]
    else:
        jreal[jo + L.J_ANCHOR2] = x
        jreal[jo + L.J_ANCHOR2 + 1] = y
        jreal[jo + L.J_ANCHOR2 + 2] = z


def _get_anchor(jint, jreal, j, breal, second, res):
    #: cdef void _get_anchor(const int* jint, const dReal* jreal, int j, const dReal* breal, int second,
    #:                       dReal* res) noexcept nogil
    """res = the anchor in the world frame as carried by body 1 (second == 0) or body 2 (second != 0)."""
    #: int b, jo, o
    #: dReal out[3]
    b = int(jint[j * L.JI + (L.JI_B2 if second else L.JI_B1)])
    jo = j * L.JR + L.J_P + (L.J_ANCHOR2 if second else L.J_ANCHOR1)
    if b < 0:
        res[0] = float(jreal[jo])
        res[1] = float(jreal[jo + 1])
        res[2] = float(jreal[jo + 2])
        return
    out = [0.0, 0.0, 0.0]  # py
    _rot(breal, b, jreal, jo, out)
    o = b * L.BR + L.B_POS
    res[0] = out[0] + float(breal[o])
    res[1] = out[1] + float(breal[o + 1])
    res[2] = out[2] + float(breal[o + 2])


def _set_axis(jint, jreal, j, breal, which, x, y, z):
    #: cdef void _set_axis(const int* jint, dReal* jreal, int j, const dReal* breal, int which, dReal x,
    #:                     dReal y, dReal z) noexcept nogil
    """Store the unit world axis (x, y, z) in body 1's frame (which 0 or 1) or body 2's frame (which 2).

    which 1 stores into axis 1 only; which 0 stores it as axis 1 and also as axis 2 in body 2's frame
    (the hinge keeps both to measure its misalignment); which 2 stores axis 2 only. As libode does, an
    axis kept in the world frame (no body on that side) is stored as given, not normalised.
    """
    #: int b1
    #: int b2
    #: int jo
    #: dReal n
    #: dReal out[3]
    #: dReal nx, ny, nz, m
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    n = sqrt(x * x + y * y + z * z)
    if not (n > 0.0 and n < INF):
        # the squares under- or overflowed (tiny or huge axis, single precision): scale first
        m = fabs(x)
        if fabs(y) > m:
            m = fabs(y)
        if fabs(z) > m:
            m = fabs(z)
        if not (m > 0.0 and m < INF):
            return
        x = x / m
        y = y / m
        z = z / m
        n = sqrt(x * x + y * y + z * z)
    nx = x / n
    ny = y / n
    nz = z / n
    out = [0.0, 0.0, 0.0]  # py
    if which != 2:
        if b1 >= 0:
            _rot_t(breal, b1, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + L.J_AXIS1] = out[0]
        jreal[jo + L.J_AXIS1 + 1] = out[1]
        jreal[jo + L.J_AXIS1 + 2] = out[2]
    if which != 1:
        if b2 >= 0:
            _rot_t(breal, b2, nx, ny, nz, out)
        else:
            out[0] = x
            out[1] = y
            out[2] = z
        jreal[jo + L.J_AXIS2] = out[0]
        jreal[jo + L.J_AXIS2 + 1] = out[1]
        jreal[jo + L.J_AXIS2 + 2] = out[2]


def _axis_world(jint, jreal, j, breal, second, out):
    #: cdef inline void _axis_world(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                              int second, dReal* out) noexcept nogil
    """Axis 1 (carried by body 1) or axis 2 (carried by body 2, or fixed in the world) in the world frame."""
    #: int b
    #: int jo
    b = int(jint[j * L.JI + (L.JI_B2 if second else L.JI_B1)])
    jo = j * L.JR + L.J_P + (L.J_AXIS2 if second else L.J_AXIS1)
    if b < 0:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])
    else:
        _rot(breal, b, jreal, jo, out)


def _set_relative_rotation(jint, jreal, j, breal):
    #: cdef void _set_relative_rotation(const int* jint, dReal* jreal, int j,
    #:                                  const dReal* breal) noexcept nogil
    """Remember the current relative rotation of the bodies: the zero of hinge angles and fixed poses."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal q[4]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P + L.J_QREL
    q = [0.0, 0.0, 0.0, 0.0]  # py
    _relative_q(breal, b1, b2, q)
    jreal[jo] = q[0]
    jreal[jo + 1] = q[1]
    jreal[jo + 2] = q[2]
    jreal[jo + 3] = q[3]


def _set_offset(jint, jreal, j, breal, second):
    #: cdef void _set_offset(const int* jint, dReal* jreal, int j, const dReal* breal,
    #:                       int second) noexcept nogil
    """Remember body 1's offset from body 2 in body 1's (second == 0) or body 2's frame; body 1's position
    without body 2."""
    #: int b1
    #: int b2
    #: int jo
    #: int o1, o2
    #: dReal out[3]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P + L.J_OFFSET
    if b1 < 0:
        return
    o1 = b1 * L.BR + L.B_POS
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        out = [0.0, 0.0, 0.0]  # py
        _rot_t(breal, b2 if second else b1, float(breal[o1]) - float(breal[o2]),
               float(breal[o1 + 1]) - float(breal[o2 + 1]), float(breal[o1 + 2]) - float(breal[o2 + 2]), out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = float(breal[o1])
        jreal[jo + 1] = float(breal[o1 + 1])
        jreal[jo + 2] = float(breal[o1 + 2])


def _rel_rate(breal, b1, b2, a, linear):
    #: cdef dReal _rel_rate(const dReal* breal, int b1, int b2, const dReal* a, bint linear) noexcept nogil
    """Component along the world vector a of body 1's velocity minus body 2's (angular or linear)."""
    #: int col
    #: int o
    #: dReal r
    col = L.B_LVEL if linear else L.B_AVEL
    o = b1 * L.BR + col
    r = a[0] * float(breal[o]) + a[1] * float(breal[o + 1]) + a[2] * float(breal[o + 2])
    if b2 >= 0:
        o = b2 * L.BR + col
        r = r - (a[0] * float(breal[o]) + a[1] * float(breal[o + 1]) + a[2] * float(breal[o + 2]))
    return r


def _axis_rate(jint, jreal, j, breal, second, linear):
    #: cdef dReal _axis_rate(const int* jint, const dReal* jreal, int j, const dReal* breal, int second,
    #:                       bint linear) noexcept nogil
    """Relative velocity of body 1 with respect to body 2 along axis 1 or 2 (angular, or linear)."""
    #: int b1
    #: int b2
    #: dReal a[3]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    a = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, second, a)
    return _rel_rate(breal, b1, b2, a, linear)


def _side_body(jint, j, side):
    #: cdef inline int _side_body(const int* jint, int j, int side) noexcept nogil
    """Slot of body 1 (side 0) or body 2 (side 1), -1 for the environment."""
    return int(jint[j * L.JI + (L.JI_B2 if side else L.JI_B1)])


def _set_point(jint, jreal, j, breal, side, col, x, y, z):
    #: cdef void _set_point(const int* jint, dReal* jreal, int j, const dReal* breal, int side, int col,
    #:                      dReal x, dReal y, dReal z) noexcept nogil
    """Store the world point (x, y, z) at column col in the frame of the body on ``side`` (or the world)."""
    #: int b
    #: int jo
    #: int o
    #: dReal out[3]
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        o = b * L.BR + L.B_POS
        out = [0.0, 0.0, 0.0]  # py
        _rot_t(breal, b, x - float(breal[o]), y - float(breal[o + 1]), z - float(breal[o + 2]), out)
        jreal[jo] = out[0]
        jreal[jo + 1] = out[1]
        jreal[jo + 2] = out[2]
    else:
        jreal[jo] = x
        jreal[jo + 1] = y
        jreal[jo + 2] = z


def _point_world(jint, jreal, j, breal, side, col, out):
    #: cdef void _point_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int side,
    #:                        int col, dReal* out) noexcept nogil
    """The point stored at column col by the body on ``side``, in the world frame."""
    #: int b
    #: int jo
    #: int o
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
        o = b * L.BR + L.B_POS
        out[0] = out[0] + float(breal[o])
        out[1] = out[1] + float(breal[o + 1])
        out[2] = out[2] + float(breal[o + 2])
    else:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])


def _set_vector(jint, jreal, j, breal, side, col, x, y, z):
    #: cdef void _set_vector(const int* jint, dReal* jreal, int j, const dReal* breal, int side, int col,
    #:                       dReal x, dReal y, dReal z) noexcept nogil
    """Store the world direction (x, y, z), normalised, at column col in the frame of the body on ``side``."""
    #: int b
    #: int jo
    #: dReal v[3]
    #: dReal out[3]
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    v = [0.0, 0.0, 0.0]  # py
    v[0] = x
    v[1] = y
    v[2] = z
    if not _normalize3(v):
        return
    out = [0.0, 0.0, 0.0]  # py
    if b >= 0:
        _rot_t(breal, b, v[0], v[1], v[2], out)
    else:
        out[0] = v[0]
        out[1] = v[1]
        out[2] = v[2]
    jreal[jo] = out[0]
    jreal[jo + 1] = out[1]
    jreal[jo + 2] = out[2]


def _vector_world(jint, jreal, j, breal, side, col, out):
    #: cdef void _vector_world(const int* jint, const dReal* jreal, int j, const dReal* breal, int side,
    #:                         int col, dReal* out) noexcept nogil
    """The direction stored at column col by the body on ``side``, in the world frame."""
    #: int b
    #: int jo
    b = _side_body(jint, j, side)
    jo = j * L.JR + L.J_P + col
    if b >= 0:
        _rot(breal, b, jreal, jo, out)
    else:
        out[0] = float(jreal[jo])
        out[1] = float(jreal[jo + 1])
        out[2] = float(jreal[jo + 2])


def _rel_angle(jint, jreal, j, breal, col):
    #: cdef dReal _rel_angle(const int* jint, const dReal* jreal, int j, const dReal* breal,
    #:                       int col) noexcept nogil
    """Angle of body 1 relative to body 2 since the reference rotation, about the body-1 axis at col."""
    #: int b1
    #: int b2
    #: int jo
    #: dReal now[4]
    #: dReal ref[4]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    jo = j * L.JR + L.J_P
    now = [0.0, 0.0, 0.0, 0.0]  # py
    ref = [0.0, 0.0, 0.0, 0.0]  # py
    _relative_q(breal, b1, b2, now)
    ref[0] = float(jreal[jo + L.J_QREL])
    ref[1] = float(jreal[jo + L.J_QREL + 1])
    ref[2] = float(jreal[jo + L.J_QREL + 2])
    ref[3] = float(jreal[jo + L.J_QREL + 3])
    return _angle_from_rel(now, ref, float(jreal[jo + col]), float(jreal[jo + col + 1]),
                           float(jreal[jo + col + 2]))


def _reversed(jint, j):
    #: cdef inline bint _reversed(const int* jint, int j) noexcept nogil
    """True when the joint was attached as (environment, body) and is stored swapped."""
    return (int(jint[j * L.JI + L.JI_FLAGS]) & L.JF_REVERSE) != 0


def _vector_rate(jint, jreal, j, breal, side, col, linear):
    #: cdef dReal _vector_rate(const int* jint, const dReal* jreal, int j, const dReal* breal, int side,
    #:                         int col, bint linear) noexcept nogil
    """Relative velocity of body 1 with respect to body 2 along the direction stored at column col."""
    #: int b1
    #: int b2
    #: dReal a[3]
    b1 = int(jint[j * L.JI + L.JI_B1])
    b2 = int(jint[j * L.JI + L.JI_B2])
    a = [0.0, 0.0, 0.0]  # py
    _vector_world(jint, jreal, j, breal, side, col, a)
    return _rel_rate(breal, b1, b2, a, linear)


def _spin_lever(breal, b, pw, out):
    #: cdef void _spin_lever(const dReal* breal, int b, const dReal* pw, dReal* out) noexcept nogil
    """out = w_b x (pw - centre of b)."""
    #: int o
    #: dReal r0
    #: dReal r1
    #: dReal r2
    #: int w
    #: dReal w0
    #: dReal w1
    #: dReal w2
    o = b * L.BR + L.B_POS
    r0 = pw[0] - float(breal[o])
    r1 = pw[1] - float(breal[o + 1])
    r2 = pw[2] - float(breal[o + 2])
    w = b * L.BR + L.B_AVEL
    w0 = float(breal[w])
    w1 = float(breal[w + 1])
    w2 = float(breal[w + 2])
    out[0] = w1 * r2 - w2 * r1
    out[1] = w2 * r0 - w0 * r2
    out[2] = w0 * r1 - w1 * r0


def _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2):
    #: cdef void _anchor2_lever(const int* jint, const dReal* jreal, int j, const dReal* breal, int b2,
    #:                          dReal* a2w, dReal* r2) noexcept nogil
    """Body 2's anchor in the world (a2w) and relative to body 2's centre (r2; zero without body 2)."""
    #: int o2
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        r2[0] = a2w[0] - float(breal[o2])
        r2[1] = a2w[1] - float(breal[o2 + 1])
        r2[2] = a2w[2] - float(breal[o2 + 2])


def _lever_rows(b2, p, q, lev, r2, e, k, J, c, r):
    #: cdef void _lever_rows(int b2, const dReal* p, const dReal* q, const dReal* lev, const dReal* r2,
    #:                       const dReal* e, dReal k, dReal* J, dReal* c, int r) noexcept nogil
    """_point_rows with body 1's lever lev given: its angular parts are lev x p and lev x q."""
    #: const dReal* u
    #: int i, ro
    for i in range(2):
        u = p if i == 0 else q
        ro = (r + i) * NC
        J[ro + 0] = u[0]
        J[ro + 1] = u[1]
        J[ro + 2] = u[2]
        J[ro + 3] = lev[1] * u[2] - lev[2] * u[1]
        J[ro + 4] = lev[2] * u[0] - lev[0] * u[2]
        J[ro + 5] = lev[0] * u[1] - lev[1] * u[0]
        if b2 >= 0:
            J[ro + 6] = -u[0]
            J[ro + 7] = -u[1]
            J[ro + 8] = -u[2]
            J[ro + 9] = r2[2] * u[1] - r2[1] * u[2]
            J[ro + 10] = r2[0] * u[2] - r2[2] * u[0]
            J[ro + 11] = r2[1] * u[0] - r2[0] * u[1]
        c[r + i] = k * (u[0] * e[0] + u[1] * e[1] + u[2] * e[2])


def _point_rows(breal, b1, b2, p, q, a2w, r2, e, k, J, c, r):
    #: cdef void _point_rows(const dReal* breal, int b1, int b2, const dReal* p, const dReal* q,
    #:                       const dReal* a2w, const dReal* r2, const dReal* e, dReal k, dReal* J, dReal* c,
    #:                       int r) noexcept nogil
    """Two rows stopping body 2's anchor point a2w moving along the directions p and q relative to
    body 1 (r2 = the point minus body 2's centre); e is the point's error, corrected at rate k."""
    #: int o1
    #: dReal lev[3]
    o1 = b1 * L.BR + L.B_POS
    lev = [0.0, 0.0, 0.0]  # py
    lev[0] = a2w[0] - float(breal[o1])
    lev[1] = a2w[1] - float(breal[o1 + 1])
    lev[2] = a2w[2] - float(breal[o1 + 2])
    _lever_rows(b2, p, q, lev, r2, e, k, J, c, r)


def _line_rows(breal, b1, b2, ax, a2w, r2, e, k, J, c, r):
    #: cdef void _line_rows(const dReal* breal, int b1, int b2, const dReal* ax, const dReal* a2w,
    #:                      const dReal* r2, const dReal* e, dReal k, dReal* J, dReal* c,
    #:                      int r) noexcept nogil
    """Two rows keeping body 2's anchor (r2 = it minus body 2's centre) on the line of body 1 along ax.

    e is the anchor's offset from the line's point; the rows span the directions normal to ax. Body 1's
    angular part uses the lever from its centre to the point a2w (body 2's anchor for PR and piston, which
    accounts for the line turning with body 1; body 1's own anchor for PU, as libode).
    """
    #: dReal p[3]
    #: dReal q[3]
    p = [0.0, 0.0, 0.0]  # py
    q = [0.0, 0.0, 0.0]  # py
    _plane_space(ax[0], ax[1], ax[2], p, q)
    _point_rows(breal, b1, b2, p, q, a2w, r2, e, k, J, c, r)


def _swapped_lever(breal, b1, a2w, q, d, e):
    #: cdef void _swapped_lever(const dReal* breal, int b1, const dReal* a2w, const dReal* q, dReal* d,
    #:                          dReal* e) noexcept nogil
    """The lever d and error e libode's PR and piston line rows take when attached (environment, body).

    The body is stored as body 1 and the environment's anchor a2w stays in the world. libode negates the
    vector a2w - centre for the swap, so the rows take d = centre - a2w both as the body's lever (angular
    parts d x u) and in the error e = d - q (q the vector from the centre to the body's own anchor point);
    observed through one-step velocity projections with ERP 0 and the corrections at rest with ERP > 0,
    for any pose. The body then turns about the mirror of the anchor through its centre, and a joint
    satisfied at rest is pushed by twice the centre's offset from the anchor.
    """
    #: int o1
    #: int i
    o1 = b1 * L.BR + L.B_POS
    for i in range(3):
        d[i] = float(breal[o1 + i]) - a2w[i]
        e[i] = d[i] - q[i]


def _swapped_line_rows(breal, b1, ax, a2w, q, k, J, c, r):
    #: cdef void _swapped_line_rows(const dReal* breal, int b1, const dReal* ax, const dReal* a2w,
    #:                              const dReal* q, dReal k, dReal* J, dReal* c, int r) noexcept nogil
    """_line_rows of a joint attached (environment, body), as libode builds them (see _swapped_lever)."""
    #: dReal u[3]
    #: dReal v[3]
    #: dReal d[3]
    #: dReal e[3]
    u = [0.0, 0.0, 0.0]  # py
    v = [0.0, 0.0, 0.0]  # py
    d = [0.0, 0.0, 0.0]  # py
    e = [0.0, 0.0, 0.0]  # py
    _plane_space(ax[0], ax[1], ax[2], u, v)
    _swapped_lever(breal, b1, a2w, q, d, e)
    _lever_rows(-1, u, v, d, None, e, k, J, c, r)


def null_info1(jint, jreal, j, breal):
    #: cdef int null_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """No rows: a joint of no type, or the null joint."""
    return 0


def null_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void null_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                     dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                     int r) noexcept nogil
    """Nothing to write: the joint adds no rows."""


# ---- end kernels


set_anchor = _set_anchor
set_axis = _set_axis
set_relative_rotation = _set_relative_rotation
set_offset = _set_offset
axis_rate = _axis_rate
set_point = _set_point
set_vector = _set_vector
rel_angle = _rel_angle
vector_rate = _vector_rate


def get_anchor(jint, jreal, j, breal, second) -> tuple:
    """The anchor in the world frame as carried by body 1 (second == 0) or body 2 (second != 0)."""
    res = [0.0, 0.0, 0.0]
    _get_anchor(jint, jreal, j, breal, second, res)
    return (res[0], res[1], res[2])


def get_axis(jint, jreal, j, breal, second) -> tuple:
    """Axis 1 (second == 0) or axis 2 in the world frame."""
    out = [0.0, 0.0, 0.0]
    _axis_world(jint, jreal, j, breal, second, out)
    return (out[0], out[1], out[2])


def get_point(jint, jreal, j, breal, side, col) -> tuple:
    """The point stored at column col by the body on ``side``, in the world frame."""
    out = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, side, col, out)
    return (out[0], out[1], out[2])


def get_vector(jint, jreal, j, breal, side, col) -> tuple:
    """The direction stored at column col by the body on ``side``, in the world frame."""
    out = [0.0, 0.0, 0.0]
    _vector_world(jint, jreal, j, breal, side, col, out)
    return (out[0], out[1], out[2])
