"""Double hinge joint: the double ball's distance row plus a hinge's axis rows.

Row 1 keeps the anchors at their distance (the double ball's row). Rows 2-3 keep the axes of the two bodies
aligned (as the hinge's rows 4-5). Row 4 keeps both anchors in one plane normal to the axis: the relative
linear velocity along the axis is stopped, each body turning about the midpoint of the centres, and the
anchors' separation along the axis is the error.
"""

from __future__ import annotations

from ... import _layout as L
from .common import NC
from .dball import _distance_row
from .geometry import _anchor2_lever, _axis_world, _point_world
from .hinge import _perp_angular_rows

# ---- kernels


def dhinge_info1(jint, jreal, j, breal):
    #: cdef int dhinge_info1(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
    """Double hinge: four rows."""
    return 4


def dhinge_rows(jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, r):
    #: cdef void dhinge_rows(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
    #:                       dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
    #:                       int r) noexcept nogil
    """Double hinge: the distance row, two rows keeping the axes aligned, one keeping the anchors in one
    plane normal to the axis.

    As in libode 0.16.2, the last row turns the bodies about the midpoint of their centres (no turning for a
    single body), like a slider's rows, and the joint's CFM parameter softens the distance row only.
    """
    #: int jo
    #: int po
    #: dReal k
    #: dReal a[3]
    #: dReal b[3]
    #: dReal a1w[3]
    #: dReal a2w[3]
    #: dReal r2[3]
    #: int i
    #: int o1
    #: int o2
    #: dReal h[3]
    #: int ro
    jo = j * L.JR + L.J_P
    po = j * L.JR + L.J_PARAM
    k = fps * float(jreal[po + 13])
    _distance_row(jreal, jo, breal, b1, b2, jint, j, k, J, c, r)
    a = [0.0, 0.0, 0.0]  # py
    b = [0.0, 0.0, 0.0]  # py
    _axis_world(jint, jreal, j, breal, 0, a)
    _axis_world(jint, jreal, j, breal, 1, b)
    _perp_angular_rows(a, b, k, J, c, r + 1, b2)
    a1w = [0.0, 0.0, 0.0]  # py
    a2w = [0.0, 0.0, 0.0]  # py
    r2 = [0.0, 0.0, 0.0]
    _point_world(jint, jreal, j, breal, 0, L.J_ANCHOR1, a1w)
    _anchor2_lever(jint, jreal, j, breal, b2, a2w, r2)
    h = [0.0, 0.0, 0.0]
    if b2 >= 0:
        o1 = b1 * L.BR + L.B_POS
        o2 = b2 * L.BR + L.B_POS
        for i in range(3):
            h[i] = 0.5 * (float(breal[o2 + i]) - float(breal[o1 + i]))
    ro = (r + 3) * NC
    J[ro + 0] = a[0]
    J[ro + 1] = a[1]
    J[ro + 2] = a[2]
    J[ro + 3] = h[1] * a[2] - h[2] * a[1]
    J[ro + 4] = h[2] * a[0] - h[0] * a[2]
    J[ro + 5] = h[0] * a[1] - h[1] * a[0]
    if b2 >= 0:
        J[ro + 6] = -a[0]
        J[ro + 7] = -a[1]
        J[ro + 8] = -a[2]
        J[ro + 9] = J[ro + 3]
        J[ro + 10] = J[ro + 4]
        J[ro + 11] = J[ro + 5]
    c[r + 3] = k * (a[0] * (a2w[0] - a1w[0]) + a[1] * (a2w[1] - a1w[1]) + a[2] * (a2w[2] - a1w[2]))
    cfm[r] = float(jreal[po + 8])


# ---- end kernels
