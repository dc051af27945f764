"""Limit and motor rows, shared by every joint with stops or a motor (ODE's limot).

A group (one axis of a joint) has lo/hi stops, a target velocity, a maximum force, bounce, stop ERP/CFM.
``_test_limit`` compares the measured angle or position with the stops and keeps the limit state (0 free, 1
at the low stop, 2 at the high stop) and the violation. The row acts along the group's axis: angular
columns for a rotation (W1 = a, W2 = -a), linear columns for a translation, with the torque a force at the
midpoint of the centres causes on each body, so the pair gets no net spin from the row.

A powered free axis asks for c = target velocity with the force bounded by +-fmax. At a stop the row asks
to remove the violation at the stop's ERP and can only push away from the stop (lo = 0 or hi = 0), a bounce
asking for the reflected approach speed instead when larger; a motor pushing into its stop then acts on
the bodies directly through their force/torque accumulators, as libode does.
"""

from __future__ import annotations

from ... import _layout as L
from .common import INF, NC
from .geometry import _rel_rate

# ---- kernels


def _test_limit(jint, jreal, j, group, value):
    #: cdef int _test_limit(int* jint, dReal* jreal, int j, int group, dReal value) noexcept nogil
    """Set the limit state of a limit/motor group for the measured angle or position; 1 if a row is due."""
    #: int po
    #: dReal lo
    #: dReal hi
    #: int limit
    #: dReal err
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    lo = float(jreal[po + 0])
    hi = float(jreal[po + 1])
    limit = 0
    err = 0.0
    if lo <= hi:
        if value <= lo:
            limit = 1
            err = value - lo
        elif value >= hi:
            limit = 2
            err = value - hi
    jint[j * L.JI + L.JI_LIMIT + group] = limit
    jreal[j * L.JR + L.J_LIMIT_ERR + group] = err
    if limit != 0 or float(jreal[po + 5]) > 0.0:
        return 1
    return 0


def _motor_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r):
    #: cdef int _motor_row(const int* jint, const dReal* jreal, int j, int group, dReal* breal, int b1,
    #:                     int b2, const dReal* ax, bint rotational, dReal fps, dReal* J, dReal* c,
    #:                     dReal* cfm, dReal* lo, dReal* hi, int r) noexcept nogil
    """Write the limit/motor row of a group along the world axis ax at row r; return rows written."""
    return _limot_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r, True)


def _push_force(jint, jreal, j, group):
    #: cdef dReal _push_force(const int* jint, const dReal* jreal, int j, int group) noexcept nogil
    """The force a powered axis resting on one of its stops pushes the bodies with (0.0 when it does not)."""
    #: int po
    #: dReal fmax
    #: int limit
    #: dReal vel
    #: dReal fm
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    fmax = float(jreal[po + 5])
    limit = int(jint[j * L.JI + L.JI_LIMIT + group])
    if fmax <= 0.0 or limit == 0 or float(jreal[po + 0]) == float(jreal[po + 1]):
        return 0.0
    vel = float(jreal[po + 2])
    fm = fmax
    if vel > 0.0 or (vel == 0.0 and limit == 2):
        fm = -fm
    if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
        fm = fm * float(jreal[po + 6])
    return fm


def _limot_row(jint, jreal, j, group, breal, b1, b2, ax, rotational, fps, J, c, cfm, lo, hi, r, push):
    #: cdef int _limot_row(const int* jint, const dReal* jreal, int j, int group, dReal* breal, int b1,
    #:                     int b2, const dReal* ax, bint rotational, dReal fps, dReal* J, dReal* c,
    #:                     dReal* cfm, dReal* lo, dReal* hi, int r, bint push) noexcept nogil
    """_motor_row; push=False leaves a motor resting on a stop to the caller (which levers it itself)."""
    #: int po
    #: dReal fmax
    #: int limit
    #: dReal lostop, histop, vel, fm, k, bounce, v, nc
    #: int ro, o1, o2
    #: dReal h[3]
    #: dReal t[3]
    #: bint powered
    po = j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group
    fmax = float(jreal[po + 5])
    limit = int(jint[j * L.JI + L.JI_LIMIT + group])
    if fmax <= 0.0 and limit == 0:
        return 0
    lostop = float(jreal[po + 0])
    histop = float(jreal[po + 1])
    vel = float(jreal[po + 2])
    ro = r * NC
    h = [0.0, 0.0, 0.0]
    t = [0.0, 0.0, 0.0]
    if rotational:
        J[ro + 3] = ax[0]
        J[ro + 4] = ax[1]
        J[ro + 5] = ax[2]
        if b2 >= 0:
            J[ro + 9] = -ax[0]
            J[ro + 10] = -ax[1]
            J[ro + 11] = -ax[2]
    else:
        J[ro + 0] = ax[0]
        J[ro + 1] = ax[1]
        J[ro + 2] = ax[2]
        if b2 >= 0:
            J[ro + 6] = -ax[0]
            J[ro + 7] = -ax[1]
            J[ro + 8] = -ax[2]
            o1 = b1 * L.BR + L.B_POS
            o2 = b2 * L.BR + L.B_POS
            h[0] = 0.5 * (float(breal[o2]) - float(breal[o1]))
            h[1] = 0.5 * (float(breal[o2 + 1]) - float(breal[o1 + 1]))
            h[2] = 0.5 * (float(breal[o2 + 2]) - float(breal[o1 + 2]))
            t[0] = h[1] * ax[2] - h[2] * ax[1]
            t[1] = h[2] * ax[0] - h[0] * ax[2]
            t[2] = h[0] * ax[1] - h[1] * ax[0]
            J[ro + 3] = t[0]
            J[ro + 4] = t[1]
            J[ro + 5] = t[2]
            J[ro + 9] = t[0]
            J[ro + 10] = t[1]
            J[ro + 11] = t[2]
    powered = fmax > 0.0
    if limit != 0 and lostop == histop:
        powered = False
    if powered:
        cfm[r] = float(jreal[po + 8])
        if limit == 0:
            c[r] = vel
            lo[r] = -fmax
            hi[r] = fmax
        else:
            fm = fmax
            if vel > 0.0 or (vel == 0.0 and limit == 2):
                fm = -fm
            if (limit == 1 and vel > 0.0) or (limit == 2 and vel < 0.0):
                fm = fm * float(jreal[po + 6])
            if push:
                _apply_motor(breal, b1, b2, ax, t, rotational, fm)
    if limit != 0:
        k = fps * float(jreal[po + 9])
        c[r] = -k * float(jreal[j * L.JR + L.J_LIMIT_ERR + group])
        cfm[r] = float(jreal[po + 10])
        if lostop == histop:
            lo[r] = -INF
            hi[r] = INF
        else:
            if limit == 1:
                lo[r] = 0.0
                hi[r] = INF
            else:
                lo[r] = -INF
                hi[r] = 0.0
            bounce = float(jreal[po + 7])
            if bounce > 0.0:
                v = _rel_rate(breal, b1, b2, ax, not rotational)
                if limit == 1:
                    if v < 0.0:
                        nc = -bounce * v
                        if nc > c[r]:
                            c[r] = nc
                else:
                    if v > 0.0:
                        nc = -bounce * v
                        if nc < c[r]:
                            c[r] = nc
    return 1


def _add3(breal, b, col, x, y, z):
    #: cdef inline void _add3(dReal* breal, int b, int col, dReal x, dReal y, dReal z) noexcept nogil
    """Add (x, y, z) to a body's 3-vector column (force or torque accumulator)."""
    #: int o
    o = b * L.BR + col
    breal[o] = float(breal[o]) + x
    breal[o + 1] = float(breal[o + 1]) + y
    breal[o + 2] = float(breal[o + 2]) + z


def _apply_motor(breal, b1, b2, ax, t, rotational, fm):
    #: cdef void _apply_motor(dReal* breal, int b1, int b2, const dReal* ax, const dReal* t, bint rotational,
    #:                        dReal fm) noexcept nogil
    """A powered axis resting on a stop pushes the bodies directly with force/torque fm along ax."""
    if rotational:
        _add3(breal, b1, L.B_TACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, L.B_TACC, fm * ax[0], fm * ax[1], fm * ax[2])
    else:
        _add3(breal, b1, L.B_FACC, -fm * ax[0], -fm * ax[1], -fm * ax[2])
        if b2 >= 0:
            _add3(breal, b2, L.B_FACC, fm * ax[0], fm * ax[1], fm * ax[2])
            _add3(breal, b1, L.B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])
            _add3(breal, b2, L.B_TACC, -fm * t[0], -fm * t[1], -fm * t[2])


def _motor_only(jint, jreal, j, group):
    #: cdef int _motor_only(int* jint, dReal* jreal, int j, int group) noexcept nogil
    """A motor group without a measured position (linear motor, plane-2D): 1 row when powered, no limit."""
    jint[j * L.JI + L.JI_LIMIT + group] = 0
    jreal[j * L.JR + L.J_LIMIT_ERR + group] = 0.0
    if float(jreal[j * L.JR + L.J_PARAM + L.J_PARAM_GROUP * group + 5]) > 0.0:
        return 1
    return 0


# ---- end kernels
