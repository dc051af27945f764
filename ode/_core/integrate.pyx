# cython: language_level=3
"""The bodies' stages of a step (twin: ``ode/_fallback/integrate.py``, the same operations in the same order).

Before the constraint stages: each island body's world-frame inverse inertia, the implicit gyroscopic torque
(Lacoursiere 2006) and gravity (``prepare_bodies``). After them: the velocity change of the external forces,
v += h M^-1 F (``apply_external_forces``), then the motion itself, semi-implicit Euler with the orientation
update in infinitesimal or finite rotation mode (``integrate_bodies``). Around the step: ODE's auto-disable
test before it (``auto_disable``) and the damping of the moved bodies after the moved callbacks (``damp``).
"""

from libc.math cimport cos, sqrt

from .dreal cimport dReal
from .layout cimport *
from .rotation cimport q_multiply0, q_normalize, q_to_r, w_to_dq
from .vec cimport dot3, invert3, mv, rotate_tensor, sinc


# ---------------------------------------------------------------- before the constraint stages

cdef void prepare_bodies(dReal* br, const int* bi, const dReal* wr, dReal h, const int* bodies, int nbi,
                         int* loc, dReal* invI) noexcept nogil:
    """Stage prepare: number the island's bodies (loc, by slot) and give each its world-frame inverse inertia
    (invI, 9 per body), implicit gyroscopic torque and gravity."""
    cdef dReal* o
    cdef dReal m
    cdef int n, b
    for n in range(nbi):
        b = bodies[n]
        loc[b] = n
        o = br + b * BR
        rotate_tensor(o + B_R, o + B_INVI, invI + 9 * n)
        if bi[b * BI + BI_GYRO]:
            _gyroscopic_torque(o, h)
        if bi[b * BI + BI_GRAVITY]:
            m = o[B_MASS]
            o[B_FACC] += m * wr[W_GRAVITY]
            o[B_FACC + 1] += m * wr[W_GRAVITY + 1]
            o[B_FACC + 2] += m * wr[W_GRAVITY + 2]


cdef void _gyroscopic_torque(dReal* o, dReal h) noexcept nogil:
    """Add to body row o's torque the implicit gyroscopic term (Lacoursiere): (I - h [L]x) w' = L, applied
    as the torque that turns w into w'."""
    cdef dReal Iw[9]
    cdef dReal It[9]
    cdef dReal inv[9]
    cdef dReal Lm[3]
    cdef dReal Lh[3]
    cdef dReal wh[3]
    cdef dReal t[3]
    cdef dReal rh
    rotate_tensor(o + B_R, o + B_I, Iw)
    mv(Iw, o + B_AVEL, Lm)
    It[0] = Iw[0]
    It[1] = Lm[2] * h + Iw[1]
    It[2] = -Lm[1] * h + Iw[2]
    It[3] = -Lm[2] * h + Iw[3]
    It[4] = Iw[4]
    It[5] = Lm[0] * h + Iw[5]
    It[6] = Lm[1] * h + Iw[6]
    It[7] = -Lm[0] * h + Iw[7]
    It[8] = Iw[8]
    if invert3(It, inv):
        rh = 1.0 / h
        Lh[0] = Lm[0] * rh
        Lh[1] = Lm[1] * rh
        Lh[2] = Lm[2] * rh
        mv(inv, Lh, wh)
        mv(Iw, wh, t)
        o[B_TACC] += t[0] - Lh[0]
        o[B_TACC + 1] += t[1] - Lh[1]
        o[B_TACC + 2] += t[2] - Lh[2]


cdef void _integrate_body(dReal* br, const int* bi, int b, dReal h) noexcept nogil:
    """Move body b by its velocities over h: position, then orientation (infinitesimal or finite)."""
    cdef dReal* o = br + b * BR
    cdef dReal* w = o + B_AVEL
    cdef dReal* q = o + B_Q
    cdef dReal* ax = o + B_FAXIS
    cdef dReal rot[4]
    cdef dReal q2[4]
    cdef dReal dq[4]
    cdef dReal irv[3]
    cdef dReal frv[3]
    cdef dReal hh, k, theta, s, wlen
    cdef bint use_axis
    cdef int i
    o[B_POS] += h * o[B_LVEL]
    o[B_POS + 1] += h * o[B_LVEL + 1]
    o[B_POS + 2] += h * o[B_LVEL + 2]
    if bi[b * BI + BI_FINITE]:
        use_axis = ax[0] != 0.0 or ax[1] != 0.0 or ax[2] != 0.0
        hh = h * 0.5
        if use_axis:
            k = dot3(ax, w)
            frv[0] = ax[0] * k
            frv[1] = ax[1] * k
            frv[2] = ax[2] * k
            irv[0] = w[0] - frv[0]
            irv[1] = w[1] - frv[1]
            irv[2] = w[2] - frv[2]
            theta = k * hh
            s = sinc(theta) * hh
            rot[0] = cos(theta)
            rot[1] = frv[0] * s
            rot[2] = frv[1] * s
            rot[3] = frv[2] * s
        else:
            wlen = sqrt(dot3(w, w))
            theta = wlen * hh
            s = sinc(theta) * hh
            rot[0] = cos(theta)
            rot[1] = w[0] * s
            rot[2] = w[1] * s
            rot[3] = w[2] * s
        q_multiply0(q2, rot, q)
        for i in range(4):
            q[i] = q2[i]
        if use_axis:
            # ODE 0.16 integrates the orthogonal part with the halved step (observed in libode; kept)
            w_to_dq(irv, q, dq)
            for i in range(4):
                q[i] = q[i] + hh * dq[i]
    else:
        w_to_dq(w, q, dq)
        for i in range(4):
            q[i] = q[i] + h * dq[i]
    q_normalize(q)
    q_to_r(q, o + B_R)


cdef void rhs_body_terms(const dReal* br, const int* bodies, int nbi, const dReal* invI, dReal fps,
                         dReal* out, int stride) noexcept nogil:
    """Each island body's M^-1 F + v / h (6 values, at out + stride * its index): the bodies' part of the
    constraint stages' b = c / h - J (M^-1 F + v / h)."""
    cdef int bl
    cdef dReal im
    cdef dReal d[3]
    cdef const dReal* bo
    cdef dReal* t
    for bl in range(nbi):
        bo = br + bodies[bl] * BR
        t = out + stride * bl
        im = bo[B_INVMASS]
        t[0] = bo[B_FACC] * im + bo[B_LVEL] * fps
        t[1] = bo[B_FACC + 1] * im + bo[B_LVEL + 1] * fps
        t[2] = bo[B_FACC + 2] * im + bo[B_LVEL + 2] * fps
        mv(invI + 9 * bl, bo + B_TACC, d)
        t[3] = d[0] + bo[B_AVEL] * fps
        t[4] = d[1] + bo[B_AVEL + 1] * fps
        t[5] = d[2] + bo[B_AVEL + 2] * fps


# ---------------------------------------------------------------- after the constraint stages

cdef void apply_external_forces(dReal* br, const int* bodies, int nbi, const dReal* invI,
                                dReal h) noexcept nogil:
    """Stage external forces: v += h M^-1 F for each island body (the linear part times h/m, the angular
    part the world inverse inertia times h T)."""
    cdef dReal th[3]
    cdef dReal d[3]
    cdef dReal* o
    cdef dReal im
    cdef int n
    for n in range(nbi):
        o = br + bodies[n] * BR
        im = h * o[B_INVMASS]
        o[B_LVEL] += im * o[B_FACC]
        o[B_LVEL + 1] += im * o[B_FACC + 1]
        o[B_LVEL + 2] += im * o[B_FACC + 2]
        th[0] = o[B_TACC] * h
        th[1] = o[B_TACC + 1] * h
        th[2] = o[B_TACC + 2] * h
        mv(invI + 9 * n, th, d)
        o[B_AVEL] += d[0]
        o[B_AVEL + 1] += d[1]
        o[B_AVEL + 2] += d[2]


cdef void integrate_bodies(dReal* br, int* bi, const int* bodies, int nbi, dReal h) noexcept nogil:
    """Stage integrate: each island body's angular speed capped, the body moved over h, its accumulators
    cleared and it marked moved."""
    cdef dReal* o
    cdef int n, k, b
    for n in range(nbi):
        b = bodies[n]
        _max_angular_speed(br, bi, b)
        _integrate_body(br, bi, b, h)
        o = br + b * BR
        for k in range(6):
            o[B_FACC + k] = 0.0
        bi[b * BI + BI_MOVED] = 1


cdef inline void _max_angular_speed(dReal* br, const int* bi, int b) noexcept nogil:
    """Scale the angular velocity of body b down to its maximum angular speed (before it moves)."""
    cdef dReal* w = br + b * BR + B_AVEL
    cdef dReal mx, w2, k
    if not bi[b * BI + BI_DAMP] & 4:
        return
    mx = br[b * BR + B_MAXW]
    w2 = dot3(w, w)
    if w2 > mx * mx:
        k = mx / sqrt(w2)
        w[0] = w[0] * k
        w[1] = w[1] * k
        w[2] = w[2] * k


# ---------------------------------------------------------------- around the step

cdef void auto_disable(dReal* br, int* bi, int nb, const int* ji, int nj, dReal h, dReal* sb, int S,
                       int* jointed) noexcept nogil:
    """ODE's per-body idle test before a step: idle long enough (steps and time) disables and stops the body.

    Only enabled bodies with the flag and at least one joint are tested (free bodies never sleep in mid-air).
    The average of the last n velocity samples must be below both thresholds (strictly); until n samples
    exist the body counts as busy. A busy body restarts its countdowns.
    """
    cdef int b, j, side, n, k, i, c, o
    cdef dReal* r
    cdef dReal* p
    cdef dReal lin[3]
    cdef dReal ang[3]
    cdef dReal lt, at
    cdef bint idle
    for b in range(nb):
        jointed[b] = 0
    for j in range(nj):
        if ji[j * JI + JI_ALIVE]:
            for side in range(2):
                if ji[j * JI + JI_B1 + side] >= 0:
                    jointed[ji[j * JI + JI_B1 + side]] = 1
    for b in range(nb):
        o = b * BI
        if not (bi[o + BI_ALIVE] and bi[o + BI_ENABLED] and bi[o + BI_AD_FLAG] and jointed[b]):
            continue
        n = bi[o + BI_AD_AVG]
        if n <= 0:
            continue
        r = br + b * BR
        for c in range(3):
            lin[c] = r[B_LVEL + c]
            ang[c] = r[B_AVEL + c]
        k = bi[o + BI_AD_SAMPLE]
        if n > 1:
            p = sb + b * 6 * S + 6 * (k % n)
            for c in range(3):
                p[c] = lin[c]
                p[3 + c] = ang[c]
        k += 1
        if k >= 2 * n:
            k -= n
        bi[o + BI_AD_SAMPLE] = k
        idle = False
        if k >= n:
            if n > 1:
                for c in range(3):
                    lin[c] = 0.0
                    ang[c] = 0.0
                for i in range(n):
                    p = sb + b * 6 * S + 6 * i
                    for c in range(3):
                        lin[c] = lin[c] + p[c]
                        ang[c] = ang[c] + p[3 + c]
                for c in range(3):
                    lin[c] = lin[c] / n
                    ang[c] = ang[c] / n
            lt = r[B_AD_LIN]
            at = r[B_AD_ANG]
            idle = dot3(lin, lin) < lt * lt and dot3(ang, ang) < at * at
        if idle:
            if bi[o + BI_AD_STEPSLEFT] > 0:
                bi[o + BI_AD_STEPSLEFT] -= 1
            r[B_AD_TIMELEFT] -= h
        else:
            bi[o + BI_AD_STEPSLEFT] = bi[o + BI_AD_STEPS]
            r[B_AD_TIMELEFT] = r[B_AD_TIME]
        if bi[o + BI_AD_STEPSLEFT] <= 0 and r[B_AD_TIMELEFT] <= 0.0:
            bi[o + BI_ENABLED] = 0
            for c in range(6):
                r[B_LVEL + c] = 0.0


cdef void damp(dReal* br, const int* bi, int nb) noexcept nogil:
    """v *= 1 - scale for moved bodies whose speed exceeds the damping threshold (linear, angular)."""
    cdef int b, flags
    cdef dReal* o
    for b in range(nb):
        flags = bi[b * BI + BI_DAMP]
        if not bi[b * BI + BI_MOVED] or not flags & 3:
            continue
        o = br + b * BR
        if flags & 1:
            _damp3(o + B_LVEL, o[B_LDAMP_T], o[B_LDAMP])
        if flags & 2:
            _damp3(o + B_AVEL, o[B_ADAMP_T], o[B_ADAMP])


cdef inline void _damp3(dReal* v, dReal threshold, dReal scale) noexcept nogil:
    """v *= 1 - scale when v is longer than threshold."""
    cdef dReal k
    cdef int c
    if dot3(v, v) > threshold * threshold:
        k = 1.0 - scale
        for c in range(3):
            v[c] = v[c] * k
