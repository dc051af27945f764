"""Pure-Python twin of ``ode/_core/integrate.pyx``: the bodies' stages of a step.

Before the constraint stages: each island body's world-frame inverse inertia, implicit gyroscopic torque and
gravity (``prepare_bodies``). After them: v += h M^-1 F (``apply_external_forces``), then semi-implicit Euler
with the orientation update (``integrate_bodies``). Around the step: auto-disable before it, damping after
the moved callbacks. The same operations in the same order as the Cython kernel.
"""

from __future__ import annotations

import math

from .. import _layout as L
from .rotation import q_multiply0, q_normalize, q_to_r, w_to_dq
from .vec import dot3, invert3, mv, rotate_tensor, sinc

# ---------------------------------------------------------------- before the constraint stages

def prepare_bodies(br, bi, wr, h, bodies):
    """Stage prepare: each island body's world-frame inverse inertia (returned, one 9-list per body), with
    its implicit gyroscopic torque and gravity added to the accumulators."""
    invI = []
    for b in bodies:
        o = b * L.BR
        invI.append(rotate_tensor(br[o + L.B_R:o + L.B_R + 9], br[o + L.B_INVI:o + L.B_INVI + 9]))
        if bi[b * L.BI + L.BI_GYRO]:
            _gyroscopic_torque(br, o, h)
        if bi[b * L.BI + L.BI_GRAVITY]:
            m = br[o + L.B_MASS]
            br[o + L.B_FACC] += m * wr[L.W_GRAVITY]
            br[o + L.B_FACC + 1] += m * wr[L.W_GRAVITY + 1]
            br[o + L.B_FACC + 2] += m * wr[L.W_GRAVITY + 2]
    return invI


def _gyroscopic_torque(br, o, h):
    """Add to the torque of the body row at o the implicit gyroscopic term (Lacoursiere): (I - h [L]x) w' = L,
    applied as the torque that turns w into w'."""
    Iw = rotate_tensor(br[o + L.B_R:o + L.B_R + 9], br[o + L.B_I:o + L.B_I + 9])
    Lm = mv(Iw, br[o + L.B_AVEL:o + L.B_AVEL + 3])
    It = [Iw[0], Lm[2] * h + Iw[1], -Lm[1] * h + Iw[2],
          -Lm[2] * h + Iw[3], Iw[4], Lm[0] * h + Iw[5],
          Lm[1] * h + Iw[6], -Lm[0] * h + Iw[7], Iw[8]]
    inv = invert3(It)
    if inv is not None:
        rh = 1.0 / h
        Lh = [Lm[0] * rh, Lm[1] * rh, Lm[2] * rh]
        wh = mv(inv, Lh)
        t = mv(Iw, wh)
        br[o + L.B_TACC] += t[0] - Lh[0]
        br[o + L.B_TACC + 1] += t[1] - Lh[1]
        br[o + L.B_TACC + 2] += t[2] - Lh[2]


def _integrate_body(br, bi, b, h):
    """Move body b by its velocities over h: position, then orientation (infinitesimal or finite)."""
    o = b * L.BR
    br[o + L.B_POS] += h * br[o + L.B_LVEL]
    br[o + L.B_POS + 1] += h * br[o + L.B_LVEL + 1]
    br[o + L.B_POS + 2] += h * br[o + L.B_LVEL + 2]
    w = br[o + L.B_AVEL:o + L.B_AVEL + 3]
    q = br[o + L.B_Q:o + L.B_Q + 4]
    dq = [0.0] * 4
    if bi[b * L.BI + L.BI_FINITE]:
        ax = br[o + L.B_FAXIS:o + L.B_FAXIS + 3]
        use_axis = ax[0] != 0.0 or ax[1] != 0.0 or ax[2] != 0.0
        hh = h * 0.5
        if use_axis:
            k = dot3(ax, w)
            frv = [ax[0] * k, ax[1] * k, ax[2] * k]
            irv = [w[0] - frv[0], w[1] - frv[1], w[2] - frv[2]]
            theta = k * hh
            s = sinc(theta) * hh
            rot = [math.cos(theta), frv[0] * s, frv[1] * s, frv[2] * s]
        else:
            wlen = math.sqrt(dot3(w, w))
            theta = wlen * hh
            s = sinc(theta) * hh
            rot = [math.cos(theta), w[0] * s, w[1] * s, w[2] * s]
        q2 = [0.0] * 4
        q_multiply0(q2, rot, q)
        q = q2
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
    R = [0.0] * 9
    q_to_r(q, R)
    br[o + L.B_Q:o + L.B_Q + 4] = q
    br[o + L.B_R:o + L.B_R + 9] = R


def rhs_body_terms(br, bodies, invI, fps):
    """Each island body's M^-1 F + v / h (a 6-list per body): the bodies' part of the constraint stages'
    b = c / h - J (M^-1 F + v / h)."""
    out = []
    for bl, b in enumerate(bodies):
        o = b * L.BR
        im = br[o + L.B_INVMASS]
        t = [br[o + L.B_FACC] * im + br[o + L.B_LVEL] * fps,
             br[o + L.B_FACC + 1] * im + br[o + L.B_LVEL + 1] * fps,
             br[o + L.B_FACC + 2] * im + br[o + L.B_LVEL + 2] * fps]
        a = mv(invI[bl], br[o + L.B_TACC:o + L.B_TACC + 3])
        t += [a[0] + br[o + L.B_AVEL] * fps, a[1] + br[o + L.B_AVEL + 1] * fps,
              a[2] + br[o + L.B_AVEL + 2] * fps]
        out.append(t)
    return out


# ---------------------------------------------------------------- after the constraint stages

def apply_external_forces(br, bodies, invI, h):
    """Stage external forces: v += h M^-1 F for each island body (the linear part times h/m, the angular part
    the world inverse inertia times h T)."""
    for n, b in enumerate(bodies):
        o = b * L.BR
        im = h * br[o + L.B_INVMASS]
        br[o + L.B_LVEL] += im * br[o + L.B_FACC]
        br[o + L.B_LVEL + 1] += im * br[o + L.B_FACC + 1]
        br[o + L.B_LVEL + 2] += im * br[o + L.B_FACC + 2]
        th = [br[o + L.B_TACC] * h, br[o + L.B_TACC + 1] * h, br[o + L.B_TACC + 2] * h]
        d = mv(invI[n], th)
        br[o + L.B_AVEL] += d[0]
        br[o + L.B_AVEL + 1] += d[1]
        br[o + L.B_AVEL + 2] += d[2]


def integrate_bodies(br, bi, bodies, h):
    """Stage integrate: each island body's angular speed capped, the body moved over h, its accumulators
    cleared and it marked moved."""
    for b in bodies:
        _max_angular_speed(br, bi, b)
        _integrate_body(br, bi, b, h)
        o = b * L.BR
        for k in range(6):
            br[o + L.B_FACC + k] = 0.0
        bi[b * L.BI + L.BI_MOVED] = 1


def _max_angular_speed(br, bi, b):
    """Scale the angular velocity of body b down to its maximum angular speed (before it moves)."""
    if not bi[b * L.BI + L.BI_DAMP] & 4:
        return
    r = b * L.BR + L.B_AVEL
    mx = br[b * L.BR + L.B_MAXW]
    w2 = dot3(br[r:r + 3], br[r:r + 3])
    if w2 > mx * mx:
        k = mx / math.sqrt(w2)
        br[r] = br[r] * k
        br[r + 1] = br[r + 1] * k
        br[r + 2] = br[r + 2] * k



# ---------------------------------------------------------------- around the step

def auto_disable(br, bi, nb, ji, nj, h, sb, S):
    """ODE's per-body idle test before a step: idle long enough (steps and time) disables and stops the body.

    Only enabled bodies with the flag and at least one joint are tested (free bodies never sleep in mid-air).
    The average of the last n velocity samples must be below both thresholds (strictly); until n samples
    exist the body counts as busy. A busy body restarts its countdowns.
    """
    jointed = [0] * nb
    for j in range(nj):
        o = j * L.JI
        if ji[o + L.JI_ALIVE]:
            for side in (L.JI_B1, L.JI_B2):
                if ji[o + side] >= 0:
                    jointed[ji[o + side]] = 1
    for b in range(nb):
        o = b * L.BI
        if not (bi[o + L.BI_ALIVE] and bi[o + L.BI_ENABLED] and bi[o + L.BI_AD_FLAG] and jointed[b]):
            continue
        n = bi[o + L.BI_AD_AVG]
        if n <= 0:
            continue
        r = b * L.BR
        lin = br[r + L.B_LVEL:r + L.B_LVEL + 3]
        ang = br[r + L.B_AVEL:r + L.B_AVEL + 3]
        k = bi[o + L.BI_AD_SAMPLE]
        if n > 1:
            p = b * 6 * S + 6 * (k % n)
            sb[p:p + 3] = lin
            sb[p + 3:p + 6] = ang
        k += 1
        if k >= 2 * n:
            k -= n
        bi[o + L.BI_AD_SAMPLE] = k
        idle = False
        if k >= n:
            if n > 1:
                lin = [0.0, 0.0, 0.0]
                ang = [0.0, 0.0, 0.0]
                for i in range(n):
                    p = b * 6 * S + 6 * i
                    for c in range(3):
                        lin[c] = lin[c] + sb[p + c]
                        ang[c] = ang[c] + sb[p + 3 + c]
                for c in range(3):
                    lin[c] = lin[c] / n
                    ang[c] = ang[c] / n
            lt = br[r + L.B_AD_LIN]
            at = br[r + L.B_AD_ANG]
            idle = dot3(lin, lin) < lt * lt and dot3(ang, ang) < at * at
        if idle:
            if bi[o + L.BI_AD_STEPSLEFT] > 0:
                bi[o + L.BI_AD_STEPSLEFT] -= 1
            br[r + L.B_AD_TIMELEFT] -= h
        else:
            bi[o + L.BI_AD_STEPSLEFT] = bi[o + L.BI_AD_STEPS]
            br[r + L.B_AD_TIMELEFT] = br[r + L.B_AD_TIME]
        if bi[o + L.BI_AD_STEPSLEFT] <= 0 and br[r + L.B_AD_TIMELEFT] <= 0.0:
            bi[o + L.BI_ENABLED] = 0
            for c in range(6):
                br[r + L.B_LVEL + c] = 0.0


def damp(br, bi, nb):
    """v *= 1 - scale for moved bodies whose speed exceeds the damping threshold (linear, angular)."""
    for b in range(nb):
        o = b * L.BI
        flags = bi[o + L.BI_DAMP]
        if not bi[o + L.BI_MOVED] or not flags & 3:
            continue
        r = b * L.BR
        if flags & 1:
            _damp3(br, r + L.B_LVEL, br[r + L.B_LDAMP_T], br[r + L.B_LDAMP])
        if flags & 2:
            _damp3(br, r + L.B_AVEL, br[r + L.B_ADAMP_T], br[r + L.B_ADAMP])


def _damp3(br, p, threshold, scale):
    """br[p:p + 3] *= 1 - scale when that vector is longer than threshold."""
    v = br[p:p + 3]
    if dot3(v, v) > threshold * threshold:
        k = 1.0 - scale
        for c in range(3):
            br[p + c] = v[c] * k
