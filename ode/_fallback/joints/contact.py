"""Contact joint: no penetration along the normal, friction along two tangents.

Row 1 is along the contact normal n at the contact point: the approach velocity must be at least the
correction of the depth (beyond the surface layer, bounded by the world's maximum correcting velocity) or
the bounce speed, and the force can only push (lo = 0, hi = +inf). Rows 2 and 3, when their friction
coefficient is positive, act along the tangent directions (the user's first direction, or any basis of the
plane normal to n) with the force bounded by +-mu, or by mu times the normal force (findex) for the
pyramid approximation; slip, surface motion and soft ERP/CFM adjust the rows as their mode bits ask.
"""

from __future__ import annotations

from ... import _layout as L
from .common import INF, NC, _plane_space

# ---- kernels


def _contact_rows_count(jint, jreal, j):
    #: cdef int _contact_rows_count(const int* jint, const dReal* jreal, int j) noexcept nogil
    """Rows of a contact: the normal, plus one per friction direction with a positive coefficient."""
    #: int mode
    #: int jo
    #: dReal mu
    #: int m
    mode = int(jint[j * L.JI + L.JI_C_MODE])
    jo = j * L.JR + L.J_P
    mu = float(jreal[jo + L.J_C_MU])
    m = 1
    if mode & 0x001:
        if mu > 0.0:
            m = m + 1
        if float(jreal[jo + L.J_C_MU2]) > 0.0:
            m = m + 1
    elif mu > 0.0:
        m = m + 2
    return m


def _contact_direction_row(u, c1, c2, b2, J, r):
    #: cdef void _contact_direction_row(const dReal* u, const dReal* c1, const dReal* c2, int b2, dReal* J,
    #:                                  int r) noexcept nogil
    """Row of relative velocity along u at the contact point (c1, c2: the point from each centre)."""
    #: int ro
    ro = r * NC
    J[ro + 0] = u[0]
    J[ro + 1] = u[1]
    J[ro + 2] = u[2]
    J[ro + 3] = c1[1] * u[2] - c1[2] * u[1]
    J[ro + 4] = c1[2] * u[0] - c1[0] * u[2]
    J[ro + 5] = c1[0] * u[1] - c1[1] * u[0]
    if b2 >= 0:
        J[ro + 6] = -u[0]
        J[ro + 7] = -u[1]
        J[ro + 8] = -u[2]
        J[ro + 9] = c2[2] * u[1] - c2[1] * u[2]
        J[ro + 10] = c2[0] * u[2] - c2[2] * u[0]
        J[ro + 11] = c2[1] * u[0] - c2[0] * u[1]


def contact_info1(jint, jreal, j, breal):
    #: cdef int contact_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Contact: the normal row and its friction rows."""
    return _contact_rows_count(jint, jreal, j)


def contact_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void contact_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2,
    #:                        const dReal* wreal, dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo,
    #:                        dReal* hi, int* findex, int r) noexcept nogil
    """Contact: the non-penetration row, then the friction rows (box or pyramid friction, FDS, motion)."""
    #: int mode
    #: int jo
    #: dReal n[3]
    #: dReal c1[3]
    #: dReal c2[3]
    #: dReal t1[3]
    #: dReal t2[3]
    #: int o1, o2, i, ro, row
    #: dReal erp, k, depth, motion_n, cn, maxvel, bounce, out, nc, mu, mu2
    mode = int(jint[j * L.JI + L.JI_C_MODE])
    jo = j * L.JR + L.J_P
    n = [0.0, 0.0, 0.0]  # py
    n[0] = float(jreal[jo + L.J_C_NORMAL])
    n[1] = float(jreal[jo + L.J_C_NORMAL + 1])
    n[2] = float(jreal[jo + L.J_C_NORMAL + 2])
    o1 = b1 * L.BR + L.B_POS
    c1 = [0.0, 0.0, 0.0]  # py
    c1[0] = float(jreal[jo + L.J_C_POS]) - float(breal[o1])
    c1[1] = float(jreal[jo + L.J_C_POS + 1]) - float(breal[o1 + 1])
    c1[2] = float(jreal[jo + L.J_C_POS + 2]) - float(breal[o1 + 2])
    c2 = [0.0, 0.0, 0.0]
    if b2 >= 0:
        o2 = b2 * L.BR + L.B_POS
        c2[0] = float(jreal[jo + L.J_C_POS]) - float(breal[o2])
        c2[1] = float(jreal[jo + L.J_C_POS + 1]) - float(breal[o2 + 1])
        c2[2] = float(jreal[jo + L.J_C_POS + 2]) - float(breal[o2 + 2])
    _contact_direction_row(n, c1, c2, b2, J, r)
    erp = float(wreal[L.W_ERP])
    if mode & 0x008:
        erp = float(jreal[jo + L.J_C_SOFT_ERP])
    k = fps * erp
    depth = float(jreal[jo + L.J_C_DEPTH]) - float(wreal[L.W_SURFACE_LAYER])
    if depth < 0.0:
        depth = 0.0
    if mode & 0x010:
        cfm[r] = float(jreal[jo + L.J_C_SOFT_CFM])
    motion_n = 0.0
    if mode & 0x080:
        motion_n = float(jreal[jo + L.J_C_MOTIONN])
    cn = k * depth
    maxvel = float(wreal[L.W_MAX_CORRECTING_VEL])
    if cn > maxvel:
        cn = maxvel
    cn = cn + motion_n
    if mode & 0x004:
        bounce = float(jreal[jo + L.J_C_BOUNCE])
        if bounce > 0.0:
            ro = r * NC
            out = 0.0
            for i in range(3):
                out = out + float(J[ro + i]) * float(breal[b1 * L.BR + L.B_LVEL + i])
            for i in range(3):
                out = out + float(J[ro + 3 + i]) * float(breal[b1 * L.BR + L.B_AVEL + i])
            if b2 >= 0:
                for i in range(3):
                    out = out + float(J[ro + 6 + i]) * float(breal[b2 * L.BR + L.B_LVEL + i])
                for i in range(3):
                    out = out + float(J[ro + 9 + i]) * float(breal[b2 * L.BR + L.B_AVEL + i])
            out = out - motion_n
            if out < -float(jreal[jo + L.J_C_BOUNCE_VEL]):
                nc = -bounce * out + motion_n
                if nc > cn:
                    cn = nc
    c[r] = cn
    lo[r] = 0.0
    hi[r] = INF
    mu = float(jreal[jo + L.J_C_MU])
    if mu < 0.0:
        mu = 0.0
    mu2 = mu
    if mode & 0x001:
        mu2 = float(jreal[jo + L.J_C_MU2])
        if mu2 < 0.0:
            mu2 = 0.0
    t1 = [0.0, 0.0, 0.0]
    t2 = [0.0, 0.0, 0.0]
    if mode & 0x002:
        t1[0] = float(jreal[jo + L.J_C_FDIR1])
        t1[1] = float(jreal[jo + L.J_C_FDIR1 + 1])
        t1[2] = float(jreal[jo + L.J_C_FDIR1 + 2])
        t2[0] = n[1] * t1[2] - n[2] * t1[1]
        t2[1] = n[2] * t1[0] - n[0] * t1[2]
        t2[2] = n[0] * t1[1] - n[1] * t1[0]
    else:
        _plane_space(n[0], n[1], n[2], t1, t2)
    row = r + 1
    if mu > 0.0:
        _contact_direction_row(t1, c1, c2, b2, J, row)
        lo[row] = -mu
        hi[row] = mu
        if mode & 0x020:
            c[row] = float(jreal[jo + L.J_C_MOTION1])
        if mode & 0x100:
            cfm[row] = float(jreal[jo + L.J_C_SLIP1])
        if mode & 0x1000:
            findex[row] = 0
        row = row + 1
    if mu2 > 0.0:
        _contact_direction_row(t2, c1, c2, b2, J, row)
        lo[row] = -mu2
        hi[row] = mu2
        if mode & 0x040:
            c[row] = float(jreal[jo + L.J_C_MOTION2])
        if mode & 0x200:
            cfm[row] = float(jreal[jo + L.J_C_SLIP2])
        if mode & 0x2000:
            findex[row] = 0


# ---- end kernels


contact_rows_count = _contact_rows_count
