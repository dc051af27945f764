"""Transmission joint: two wheels (gears, or sprockets of a chain) whose rims move together.

One row: the velocities of the wheels' material at the contact point, along the common tangent, must be
equal (J1 = u, W1 = lever of the contact on body 1 x u, J2 = -u, ...). The wheels' traversed angles
(phases), advanced each step from where the contact moved on each wheel, give the error: ratio times
angle 1 against angle 2. A backlash lets the wheels turn freely within it, the row then pushing one way
only, like a contact. Where libode scales or orients the row differently the functions say so.
"""

from __future__ import annotations

from math import atan2, fabs, floor, sqrt

from ... import _layout as L
from .common import INF, NC, PI, _dist3, _normalize3, _rot_t
from .geometry import _point_world, _set_point, _side_body, _vector_world

# ---- kernels


def _tr_contacts(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2):
    #: cdef void _tr_contacts(const int* jint, dReal* jreal, int j, const dReal* breal, dReal* a1w,
    #:                        dReal* a2w, dReal* n1, dReal* n2, dReal* c1, dReal* c2) noexcept nogil
    """Transmission: world anchors a1w, a2w, wheel axes n1, n2 and the contact points c1, c2 of the wheels
    for the joint's mode (parallel: the ratio divides the line of centres; chain: the radii as stored)."""
    #: int jo
    #: int mode
    #: dReal d[3]
    #: dReal x[3]
    #: dReal ln[3]
    #: dReal ratio, f, k, h1, h2, q, f1, f2, t1, t2
    #: int i
    jo = j * L.JR + L.J_P
    mode = int(jint[j * L.JI + L.JI_AM_MODE])
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _point_world(jint, jreal, j, breal, 1, L.J_ANCHOR2, a2w)
    _vector_world(jint, jreal, j, breal, 0, L.J_AXIS1, n1)
    _vector_world(jint, jreal, j, breal, 1, L.J_AXIS2, n2)
    _tr_orient_axes(jint, jreal, j, n1, n2)
    d = [0.0, 0.0, 0.0]  # py
    d[0] = a2w[0] - a1w[0]
    d[1] = a2w[1] - a1w[1]
    d[2] = a2w[2] - a1w[2]
    if mode == 0:
        # the point dividing the line of centres in the ratio (libode: c = a1 + ratio / (1 + ratio) d)
        ratio = float(jreal[jo + L.J_TR_RATIO])
        f = ratio / (1.0 + ratio)
        for i in range(3):
            c1[i] = a1w[i] + d[i] * f
            c2[i] = c1[i]
    elif mode == 1:
        # the contacts lie on the line where the wheels' planes meet (libode's projection onto it, below)
        k = n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2]
        h1 = n1[0] * a1w[0] + n1[1] * a1w[1] + n1[2] * a1w[2]
        h2 = n2[0] * a2w[0] + n2[1] * a2w[1] + n2[2] * a2w[2]
        q = 1.0 - k * k
        f1 = 0.0
        f2 = 0.0
        if q != 0.0:
            f1 = (h1 - h2 * k) / q
            f2 = (h2 - h1 * k) / q
        x = [0.0, 0.0, 0.0]  # py
        x[0] = f1 * n1[0] + f2 * n2[0]
        x[1] = f1 * n1[1] + f2 * n2[1]
        x[2] = f1 * n1[2] + f2 * n2[2]
        # libode projects with the unnormalised n1 x n2 (length sin of the axes' angle), so off the
        # perpendicular case its contacts sit sin^2 as far along the line as the nearest points
        ln = [0.0, 0.0, 0.0]  # py
        ln[0] = n1[1] * n2[2] - n1[2] * n2[1]
        ln[1] = n1[2] * n2[0] - n1[0] * n2[2]
        ln[2] = n1[0] * n2[1] - n1[1] * n2[0]
        t1 = (a1w[0] - x[0]) * ln[0] + (a1w[1] - x[1]) * ln[1] + (a1w[2] - x[2]) * ln[2]
        t2 = (a2w[0] - x[0]) * ln[0] + (a2w[1] - x[1]) * ln[1] + (a2w[2] - x[2]) * ln[2]
        for i in range(3):
            c1[i] = x[i] + t1 * ln[i]
            c2[i] = x[i] + t2 * ln[i]
    else:
        _tr_chain_contacts(jreal, jo, a1w, a2w, n1, n2, c1, c2)


def _tr_chain_contacts(jreal, jo, a1w, a2w, n1, n2, c1, c2):
    #: cdef void _tr_chain_contacts(const dReal* jreal, int jo, const dReal* a1w, const dReal* a2w,
    #:                              const dReal* n1, const dReal* n2, dReal* c1, dReal* c2) noexcept nogil
    """Chain drive: the sprockets' contact points where libode 0.16.2 puts them. It aims at the tangent
    line of the chain at angle phi from the line of centres d (unit, from wheel 2's centre to wheel 1's),
    cos phi = (r2 - r1) / |d|, clamped to [-1, 1]; the offset from each centre is _tr_chain_offset's."""
    #: dReal d[3]
    #: dReal v[3]
    #: dReal dist, cphi, sphi, r1, r2
    #: int i
    r1 = float(jreal[jo + L.J_TR_R1])
    r2 = float(jreal[jo + L.J_TR_R2])
    d = [0.0, 0.0, 0.0]  # py
    d[0] = a1w[0] - a2w[0]
    d[1] = a1w[1] - a2w[1]
    d[2] = a1w[2] - a2w[2]
    dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    cphi = 0.0
    if dist > 0.0:
        cphi = (r2 - r1) / dist
    if cphi > 1.0:
        cphi = 1.0
    elif cphi < -1.0:
        cphi = -1.0
    sphi = 1.0 - cphi * cphi
    sphi = sqrt(sphi)
    _tr_unit(d)
    v = [0.0, 0.0, 0.0]  # py
    _tr_chain_offset(d, n1, r1 * cphi, r1 * sphi, v)
    for i in range(3):
        c1[i] = a1w[i] + v[i]
    _tr_chain_offset(d, n2, r2 * cphi, r2 * sphi, v)
    for i in range(3):
        c2[i] = a2w[i] + v[i]


def _tr_chain_offset(d, n, x, z, out):
    #: cdef void _tr_chain_offset(const dReal* d, const dReal* n, dReal x, dReal z, dReal* out) noexcept nogil
    """Offset of a sprocket's chain contact from its centre, as libode computes it: the contact's coordinates
    (x, 0, z) = r (cos phi, 0, sin phi) are meant in the frame (d, n, d x n) of the sprocket, but each
    world component of the offset is taken as one frame vector dotted with them (d . (x, 0, z), then n's,
    then d x n's): the frame's transpose. The offset has length r while d is perpendicular to n (the
    frame orthonormal) and in general leaves the sprocket's plane (sprockets turning about z keep it in
    their plane only with their centres along x); the radii measured at an update follow it."""
    #: dReal w0, w2
    # the components of d x n; its middle one meets the zero middle coordinate and drops out
    w0 = d[1] * n[2] - d[2] * n[1]
    w2 = d[0] * n[1] - d[1] * n[0]
    out[0] = d[0] * x + d[2] * z
    out[1] = n[0] * x + n[2] * z
    out[2] = w0 * x + w2 * z


def _tr_unit(v):
    #: cdef void _tr_unit(dReal* v) noexcept nogil
    """Scale v to unit length in place the way libode's dNormalize3 rounds: the two other components are
    divided by the largest one's magnitude (x wins ties, then y over z), that magnitude becomes
    1 / sqrt(1 + the quotients' squares) with its sign, the quotients are multiplied by it. A zero v stays.
    Each operation rounds to dReal on its own (single precision follows libode's float arithmetic). This is
    rotation.normalize3's rule with that per-operation rounding, which the chain's branch choice needs in
    single precision; in double the two give the same bits."""
    #: dReal m, q, s, k
    #: int big, i, o1, o2
    big = 0
    m = fabs(v[0])
    if fabs(v[1]) > m:
        big = 1
        m = fabs(v[1])
        if fabs(v[2]) > m:
            big = 2
            m = fabs(v[2])
    elif fabs(v[2]) > m:
        big = 2
        m = fabs(v[2])
    if not m > 0.0:
        return
    o1 = 1 if big == 0 else 0
    o2 = 1 if big == 2 else 2
    k = 1.0 / m
    q = v[o1] * k
    v[o1] = q
    s = v[o2] * k
    v[o2] = s
    q = 1.0 + q * q
    q = q + s * s
    q = sqrt(q)
    k = 1.0 / q
    for i in range(3):
        if i == big:
            v[i] = k if v[i] > 0.0 else -k
        else:
            v[i] = v[i] * k


def _tr_orient_axes(jint, jreal, j, n1, n2):
    #: cdef void _tr_orient_axes(const int* jint, dReal* jreal, int j, dReal* n1,
    #:                           const dReal* n2) noexcept nogil
    """At an update libode turns wheel 1's axis (world n1 and the stored one) to make an acute or right
    angle with wheel 2's, in every mode, before it places the contacts."""
    #: int jo
    #: int i
    jo = j * L.JR + L.J_P
    if float(jreal[jo + L.J_TR_UPDATE]) == 0.0:
        return
    if n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2] < 0.0:
        for i in range(3):
            n1[i] = -n1[i]
            jreal[jo + L.J_AXIS1 + i] = -float(jreal[jo + L.J_AXIS1 + i])


def _tr_chain_branch(a1w, a2w, n1, n2, c1, c2, u1, u2):
    #: cdef void _tr_chain_branch(const dReal* a1w, const dReal* a2w, const dReal* n1, const dReal* n2,
    #:                            dReal* c1, dReal* c2, dReal* u1, dReal* u2) noexcept nogil
    """Chain drive pulling the other way (negative phase error): libode switches to the other branch of the
    chain by mirroring each contact point through the plane through the world origin whose normal is
    n x (centre 1 - centre 2), and each row direction u through it, reversed."""
    _tr_mirror(n1, a1w, a2w, c1, u1)
    _tr_mirror(n2, a1w, a2w, c2, u2)


def _tr_mirror(n, a1w, a2w, c, u):
    #: cdef void _tr_mirror(const dReal* n, const dReal* a1w, const dReal* a2w, dReal* c,
    #:                      dReal* u) noexcept nogil
    """c mirrored through the plane through the origin with normal m = n x (a1w - a2w); u mirrored and
    reversed (u - 2 (u . m) m / |m|^2, negated). Nothing when m vanishes."""
    #: dReal m[3]
    #: dReal mm, kc, ku
    #: int i
    m = [0.0, 0.0, 0.0]  # py
    m[0] = n[1] * (a1w[2] - a2w[2]) - n[2] * (a1w[1] - a2w[1])
    m[1] = n[2] * (a1w[0] - a2w[0]) - n[0] * (a1w[2] - a2w[2])
    m[2] = n[0] * (a1w[1] - a2w[1]) - n[1] * (a1w[0] - a2w[0])
    mm = m[0] * m[0] + m[1] * m[1] + m[2] * m[2]
    if not mm > 0.0:
        return
    kc = -2.0 * (c[0] * m[0] + c[1] * m[1] + c[2] * m[2]) / mm
    ku = 2.0 * (u[0] * m[0] + u[1] * m[1] + u[2] * m[2]) / mm
    for i in range(3):
        c[i] = c[i] + kc * m[i]
        u[i] = -u[i] + ku * m[i]


def _tr_angle(aw, n, p, q):
    #: cdef dReal _tr_angle(const dReal* aw, const dReal* n, const dReal* p, const dReal* q) noexcept nogil
    """Angle about n from the point p to the point q, both seen from aw, in (-pi, pi]."""
    #: dReal u[3]
    #: dReal v[3]
    #: dReal x[3]
    u = [0.0, 0.0, 0.0]  # py
    u[0] = p[0] - aw[0]
    u[1] = p[1] - aw[1]
    u[2] = p[2] - aw[2]
    v = [0.0, 0.0, 0.0]  # py
    v[0] = q[0] - aw[0]
    v[1] = q[1] - aw[1]
    v[2] = q[2] - aw[2]
    x = [0.0, 0.0, 0.0]  # py
    x[0] = u[1] * v[2] - u[2] * v[1]
    x[1] = u[2] * v[0] - u[0] * v[2]
    x[2] = u[0] * v[1] - u[1] * v[0]
    return atan2(n[0] * x[0] + n[1] * x[1] + n[2] * x[2], u[0] * v[0] + u[1] * v[1] + u[2] * v[2])


def _tr_phase_step(jint, jreal, j, breal, side, aw, n, cw, fps):
    #: cdef dReal _tr_phase_step(const int* jint, const dReal* jreal, int j, const dReal* breal, int side,
    #:                           const dReal* aw, const dReal* n, const dReal* cw, dReal fps) noexcept nogil
    """The phase step of wheel ``side``, as libode takes it (observed):

    - the angles about n from the wheel's contact point at the last update (carried by the wheel) to its
      last contact point and to the new one cw differ by the step, which then differs from the angle the
      last contact moved to cw only when the contacts lie off the wheel's plane through its anchor (the
      step then depends on the wheel's turn since the update, periodically);
    - the step is moved by whole turns to within pi of the turn the wheel's angular velocity w makes
      about n in one step (p = w . n / fps): a wheel spinning steadily at w steps its phase by about
      -w . n dt, so from a turn of pi - |w . n| dt per step (1.42 rad for a steady spin, whatever the
      radius, step size or pose) its phase runs the other way, by as many turns as it takes.
    """
    #: dReal ref[3]
    #: dReal prev[3]
    #: int b
    #: int o
    #: dReal delta
    #: dReal p
    #: dReal e
    ref = [0.0, 0.0, 0.0]  # py
    prev = [0.0, 0.0, 0.0]  # py
    _point_world(jint, jreal, j, breal, side, L.J_TR_REF2 if side else L.J_TR_REF1, ref)
    _point_world(jint, jreal, j, breal, side, L.J_TR_CP2 if side else L.J_TR_CP1, prev)
    delta = _tr_angle(aw, n, ref, cw) - _tr_angle(aw, n, ref, prev)
    b = _side_body(jint, j, side)
    if b < 0:
        return delta
    o = b * L.BR + L.B_AVEL
    p = (float(breal[o]) * n[0] + float(breal[o + 1]) * n[1] + float(breal[o + 2]) * n[2]) / fps
    e = delta - p
    if fabs(e) > PI and fabs(e) < INF:
        delta = delta - 2.0 * PI * floor((e + PI) / (2.0 * PI))
    return delta


def _tr_first_phase(jint, jreal, j, breal, side, aw, n, cw, fps):
    #: cdef dReal _tr_first_phase(const int* jint, const dReal* jreal, int j, const dReal* breal, int side,
    #:                            const dReal* aw, const dReal* n, const dReal* cw, dReal fps) noexcept nogil
    """A wheel's phase at an update, as libode leaves it: not 0 but the angle of the contact radius
    in the wheel frame that libode builds from that same radius (its unit vector x, the axis z, z x x), so
    the round-off of the frame (about 1e-17 in double, 1e-8 in single) stays in the phase, made
    coterminal with the turn w . n dt as _tr_coterminal does (a whole turn when the wheel turns past a
    quarter turn in the step). For a chain its sign picks the branch for the first step (a negative phase
    error mirrors the contacts), hence the care to round as libode."""
    #: dReal r[3]
    #: dReal x[3]
    #: dReal a[3]
    #: dReal y0, y1, y2, t0, t1, h
    #: int b
    #: int o
    r = [0.0, 0.0, 0.0]  # py
    x = [0.0, 0.0, 0.0]  # py
    b = _side_body(jint, j, side)
    if b >= 0:
        _rot_t(breal, b, cw[0] - aw[0], cw[1] - aw[1], cw[2] - aw[2], r)
    else:
        r[0] = cw[0] - aw[0]
        r[1] = cw[1] - aw[1]
        r[2] = cw[2] - aw[2]
    x[0] = r[0]
    x[1] = r[1]
    x[2] = r[2]
    _tr_unit(x)
    o = j * L.JR + L.J_P + (L.J_AXIS2 if side else L.J_AXIS1)
    a = [0.0, 0.0, 0.0]  # py
    a[0] = float(jreal[o])
    a[1] = float(jreal[o + 1])
    a[2] = float(jreal[o + 2])
    y0 = a[1] * x[2] - a[2] * x[1]
    y1 = a[2] * x[0] - a[0] * x[2]
    y2 = a[0] * x[1] - a[1] * x[0]
    t0 = x[0] * r[0] + x[1] * r[1] + x[2] * r[2]
    t1 = y0 * r[0] + y1 * r[1] + y2 * r[2]
    h = 0.0
    if b >= 0:
        o = b * L.BR + L.B_AVEL
        h = (float(breal[o]) * n[0] + float(breal[o + 1]) * n[1] + float(breal[o + 2]) * n[2]) / fps
    return _tr_coterminal(atan2(t1, t0), h)


def _tr_coterminal(theta, h):
    #: cdef dReal _tr_coterminal(dReal theta, dReal h) noexcept nogil
    """libode's phase from the angle theta (in [-pi, pi]) and the estimate h: past a quarter turn either
    way theta is first carried onto h's side of zero (plus 2 pi when h > pi/2 and theta < 0, minus 2 pi
    when h < -pi/2 and theta > 0) and moved by h's whole turns, rounded toward zero; then one turn more
    if it is still over pi from h. Each addition rounds in dReal, as libode's do. An infinite h lifts
    nothing."""
    #: dReal turn
    #: dReal k
    turn = 2.0 * PI
    if h > 0.5 * PI and h < INF:
        if theta < 0.0:
            theta = theta + turn
        k = floor(h / turn) * turn
        theta = theta + k
    elif h < -0.5 * PI and h > -INF:
        if theta > 0.0:
            theta = theta - turn
        k = -floor(-h / turn) * turn
        theta = theta + k
    if h - theta > PI:
        return theta + turn
    if h - theta < -PI:
        return theta - turn
    return theta


def _tr_tangent(aw, n, cw, out):
    #: cdef void _tr_tangent(const dReal* aw, const dReal* n, const dReal* cw, dReal* out) noexcept nogil
    """out = n x (cw - aw) normalised: where the wheel material at the contact moves for a positive turn."""
    #: dReal u0
    #: dReal u1
    #: dReal u2
    u0 = cw[0] - aw[0]
    u1 = cw[1] - aw[1]
    u2 = cw[2] - aw[2]
    out[0] = n[1] * u2 - n[2] * u1
    out[1] = n[2] * u0 - n[0] * u2
    out[2] = n[0] * u1 - n[1] * u0
    _normalize3(out)


def _tr_advance(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2, fps):
    #: cdef void _tr_advance(const int* jint, dReal* jreal, int j, const dReal* breal, const dReal* a1w,
    #:                       const dReal* a2w, const dReal* n1, const dReal* n2, const dReal* c1,
    #:                       const dReal* c2, dReal fps) noexcept nogil
    """After an update: measure the radii (the contacts' distances from the anchors), the ratio and restart
    the phases; otherwise advance each phase by the angle the contact moved on its wheel. Then remember the
    new contacts, carried by the wheels."""
    #: int jo
    jo = j * L.JR + L.J_P
    if float(jreal[jo + L.J_TR_UPDATE]) != 0.0:
        jreal[jo + L.J_TR_UPDATE] = 0.0
        jreal[jo + L.J_TR_R1] = _dist3(c1, a1w)
        jreal[jo + L.J_TR_R2] = _dist3(c2, a2w)
        if float(jreal[jo + L.J_TR_R2]) != 0.0:
            jreal[jo + L.J_TR_RATIO] = float(jreal[jo + L.J_TR_R1]) / float(jreal[jo + L.J_TR_R2])
        jreal[jo + L.J_TR_ANGLE1] = _tr_first_phase(jint, jreal, j, breal, 0, a1w, n1, c1, fps)
        jreal[jo + L.J_TR_ANGLE2] = _tr_first_phase(jint, jreal, j, breal, 1, a2w, n2, c2, fps)
        _set_point(jint, jreal, j, breal, 0, L.J_TR_REF1, c1[0], c1[1], c1[2])
        _set_point(jint, jreal, j, breal, 1, L.J_TR_REF2, c2[0], c2[1], c2[2])
    else:
        jreal[jo + L.J_TR_ANGLE1] = float(jreal[jo + L.J_TR_ANGLE1]) + _tr_phase_step(
            jint, jreal, j, breal, 0, a1w, n1, c1, fps)
        jreal[jo + L.J_TR_ANGLE2] = float(jreal[jo + L.J_TR_ANGLE2]) + _tr_phase_step(
            jint, jreal, j, breal, 1, a2w, n2, c2, fps)
    _set_point(jint, jreal, j, breal, 0, L.J_TR_CP1, c1[0], c1[1], c1[2])
    _set_point(jint, jreal, j, breal, 1, L.J_TR_CP2, c2[0], c2[1], c2[2])


def transmission_info1(jint, jreal, j, breal):
    #: cdef int transmission_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Transmission: one row."""
    return 1


def transmission_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void transmission_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2,
    #:                             const dReal* wreal, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
    #:                             dReal* hi, int* findex, int r) noexcept nogil
    """Transmission: one row equating the wheels' tangential velocities at the contact; the phases
    (traversed angles), advanced here each step, give the error.

    As libode 0.16.2, the row runs along n1 x (unit line of centres) for parallel axes, along n1 x n2 for
    intersecting axes (both unnormalised: wheels out of one plane, or axes off perpendicular, weaken it) and,
    for chain drives, along each sprocket's own tangent at its contact (_tr_chain_contacts).
    """
    #: int jo
    #: int mode
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal n1[3]
    #: dReal n2[3]
    #: dReal c1[3]
    #: dReal c2[3]
    #: dReal u[3]
    #: dReal w[3]
    #: dReal d[3]
    #: dReal th1, th2, e, l0, l1, l2, m0, m1, m2
    #: int po, ro, o1, o2, i
    #: dReal bl
    jo = j * L.JR + L.J_P
    mode = int(jint[j * L.JI + L.JI_AM_MODE])
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    n1 = [0.0, 0.0, 0.0]  # py
    n2 = [0.0, 0.0, 0.0]  # py
    c1 = [0.0, 0.0, 0.0]  # py
    c2 = [0.0, 0.0, 0.0]  # py
    _tr_contacts(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2)
    _tr_advance(jint, jreal, j, breal, a1w, a2w, n1, n2, c1, c2, fps)
    th1 = float(jreal[jo + L.J_TR_ANGLE1])
    th2 = float(jreal[jo + L.J_TR_ANGLE2])
    u = [0.0, 0.0, 0.0]  # py
    w = [0.0, 0.0, 0.0]  # py
    if mode == 2:
        # chain: the contacts travel equal lengths, each at its present contact radius; each sprocket's
        # row half runs along its own tangent, on the chain's other branch when the error is negative
        _tr_tangent(a1w, n1, c1, u)
        _tr_tangent(a2w, n2, c2, w)
        e = _dist3(c1, a1w) * th1 - _dist3(c2, a2w) * th2
        if e < 0.0:
            _tr_chain_branch(a1w, a2w, n1, n2, c1, c2, u, w)
    elif mode == 0:
        # gears on parallel axes: each wheel's row half runs along (unit line of centres) x its own axis
        # (unnormalised), and the phases add as for external gears, each weighted by the wheel's present
        # contact radius (libode's)
        d = [0.0, 0.0, 0.0]  # py
        d[0] = a2w[0] - a1w[0]
        d[1] = a2w[1] - a1w[1]
        d[2] = a2w[2] - a1w[2]
        _normalize3(d)
        u[0] = d[1] * n1[2] - d[2] * n1[1]
        u[1] = d[2] * n1[0] - d[0] * n1[2]
        u[2] = d[0] * n1[1] - d[1] * n1[0]
        w[0] = d[1] * n2[2] - d[2] * n2[1]
        w[1] = d[2] * n2[0] - d[0] * n2[2]
        w[2] = d[0] * n2[1] - d[1] * n2[0]
        e = -(_dist3(c1, a1w) * th1 + _dist3(c2, a2w) * th2)
    else:
        # bevel gears: one direction for both wheels, n1 x n2; libode adds the phases as for external gears
        # whatever the geometry, each weighted by the wheel's present contact radius (they then drift
        # exactly as they do in libode)
        u[0] = n1[1] * n2[2] - n1[2] * n2[1]
        u[1] = n1[2] * n2[0] - n1[0] * n2[2]
        u[2] = n1[0] * n2[1] - n1[1] * n2[0]
        _normalize3(u)
        w[0] = u[0]
        w[1] = u[1]
        w[2] = u[2]
        e = -(_dist3(c1, a1w) * th1 + _dist3(c2, a2w) * th2)
    for i in range(3):
        jreal[j * L.JR + L.J_TR_CPW1 + i] = c1[i]
        jreal[j * L.JR + L.J_TR_CPW2 + i] = c2[i]
    po = j * L.JR + L.J_PARAM
    ro = r * NC
    o1 = b1 * L.BR + L.B_POS
    l0 = c1[0] - float(breal[o1])
    l1 = c1[1] - float(breal[o1 + 1])
    l2 = c1[2] - float(breal[o1 + 2])
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = l1 * u[2] - l2 * u[1]
    J[ro + 4] = l2 * u[0] - l0 * u[2]
    J[ro + 5] = l0 * u[1] - l1 * u[0]
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        m0 = c2[0] - float(breal[o2])
        m1 = c2[1] - float(breal[o2 + 1])
        m2 = c2[2] - float(breal[o2 + 2])
        J[ro + 6] = -w[0]
        J[ro + 7] = -w[1]
        J[ro + 8] = -w[2]
        J[ro + 9] = -(m1 * w[2] - m2 * w[1])
        J[ro + 10] = -(m2 * w[0] - m0 * w[2])
        J[ro + 11] = -(m0 * w[1] - m1 * w[0])
    if mode == 1:
        _tr_scale_row(n1, n2, J, ro)
    c[r] = fps * float(jreal[po + 13]) * e
    cfm[r] = float(jreal[po + 8])
    bl = float(jreal[jo + L.J_TR_BACKLASH])
    if bl > 0.0:
        _tr_backlash(fps * float(jreal[po + 13]), e, bl, c, lo, hi, r)


def _tr_scale_row(n1, n2, J, ro):
    #: cdef void _tr_scale_row(const dReal* n1, const dReal* n2, dReal* J, int ro) noexcept nogil
    """Scale the unit-direction row by |n1 x n2|: libode's row along an unnormalised cross product (its
    error term is not scaled; observed through the row's softness under CFM); 1 for perpendicular vectors."""
    #: dReal x0
    #: dReal x1
    #: dReal x2
    #: dReal sc
    #: int i
    x0 = n1[1] * n2[2] - n1[2] * n2[1]
    x1 = n1[2] * n2[0] - n1[0] * n2[2]
    x2 = n1[0] * n2[1] - n1[1] * n2[0]
    sc = sqrt(x0 * x0 + x1 * x1 + x2 * x2)
    for i in range(NC):
        J[ro + i] = float(J[ro + i]) * sc


def _tr_backlash(k, e, bl, c, lo, hi, r):
    #: cdef void _tr_backlash(dReal k, dReal e, dReal bl, dReal* c, dReal* lo, dReal* hi,
    #:                        int r) noexcept nogil
    """Backlash: the wheels turn freely while |e| <= backlash; beyond, the row pushes one way only (like a
    contact) and corrects the excess (libode, observed: engagement at |e| > backlash, both sides)."""
    if e > bl:
        c[r] = k * (e - bl)
        lo[r] = 0.0
    elif e < -bl:
        c[r] = k * (e + bl)
        hi[r] = 0.0
    else:
        c[r] = 0.0
        lo[r] = 0.0
        hi[r] = 0.0


# ---- end kernels
