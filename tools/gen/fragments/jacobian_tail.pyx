


# ---------------------------------------------------------------- the step's entry points (jacobian.pxd)

ctypedef int (*Info1Fn)(int* jint, dReal* jreal, int j, const dReal* breal) noexcept nogil
ctypedef void (*RowsFn)(int* jint, dReal* jreal, int j, dReal* breal, int b1, int b2, const dReal* wreal,
                        dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex,
                        int r) noexcept nogil

cdef enum:
    NJT = JT_TRANSMISSION + 1  # joint types: JT_NONE .. JT_TRANSMISSION

# the family entry points of every joint type, as the twin's INFO1 / ROWS tables (ode/_fallback/jacobian.py)
cdef Info1Fn _INFO1[NJT]
cdef RowsFn _ROWS[NJT]


cdef void _register(int t, Info1Fn count, RowsFn write) noexcept:
    """Table entries of joint type t."""
    _INFO1[t] = count
    _ROWS[t] = write


_register(JT_NONE, null_info1, null_rows)
_register(JT_BALL, ball_info1, ball_rows)
_register(JT_HINGE, hinge_info1, hinge_rows)
_register(JT_SLIDER, slider_info1, slider_rows)
_register(JT_CONTACT, contact_info1, contact_rows)
_register(JT_UNIVERSAL, universal_info1, universal_rows)
_register(JT_HINGE2, hinge2_info1, hinge2_rows)
_register(JT_FIXED, fixed_info1, fixed_rows)
_register(JT_NULL, null_info1, null_rows)
_register(JT_AMOTOR, amotor_info1, amotor_rows)
_register(JT_LMOTOR, lmotor_info1, lmotor_rows)
_register(JT_PLANE2D, plane2d_info1, plane2d_rows)
_register(JT_PR, pr_info1, pr_rows)
_register(JT_PU, pu_info1, pu_rows)
_register(JT_PISTON, piston_info1, piston_rows)
_register(JT_DBALL, dball_info1, dball_rows)
_register(JT_DHINGE, dhinge_info1, dhinge_rows)
_register(JT_TRANSMISSION, transmission_info1, transmission_rows)


cdef int info1(int* jint, dReal* jreal, int j, const dReal* breal, const int* bint,
               const dReal* wreal) noexcept nogil:
    cdef int ji = j * JI
    cdef int t = jint[ji + JI_TYPE]
    cdef int m = 0
    if jint[ji + JI_B1] >= 0 and 0 <= t < NJT:
        m = _INFO1[t](jint, jreal, j, breal)
    jint[ji + JI_M] = m
    return m


cdef void info2(int* jint, dReal* jreal, int j, dReal* breal, const int* bint, const dReal* wreal,
                dReal fps, dReal* J, dReal* c, dReal* cfm, dReal* lo, dReal* hi, int* findex) noexcept nogil:
    cdef int ji = j * JI
    cdef int b1 = jint[ji + JI_B1]
    cdef int b2 = jint[ji + JI_B2]
    cdef int t = jint[ji + JI_TYPE]
    if b1 >= 0 and 0 <= t < NJT:
        _ROWS[t](jint, jreal, j, breal, b1, b2, wreal, fps, J, c, cfm, lo, hi, findex, 0)


# ---------------------------------------------------------------- def wrappers (same names as the twin)

def set_anchor(jint, jreal, int j, breal, x, y, z):
    """Store the world point (x, y, z) as the anchor in each body's frame (world frame without body 2)."""
    _set_anchor(_ip(jint), _dp(jreal), j, _dp(breal), x, y, z)


def get_anchor(jint, jreal, int j, breal, int second):
    """The anchor in the world frame as carried by body 1 (second == 0) or body 2 (second != 0)."""
    cdef dReal res[3]
    _get_anchor(_ip(jint), _dp(jreal), j, _dp(breal), second, res)
    return (res[0], res[1], res[2])


def set_axis(jint, jreal, int j, breal, int which, x, y, z):
    """Store the unit world axis in body 1's frame (which 0 or 1) and/or body 2's frame (which 0 or 2)."""
    _set_axis(_ip(jint), _dp(jreal), j, _dp(breal), which, x, y, z)


def get_axis(jint, jreal, int j, breal, int second):
    """Axis 1 (second == 0) or axis 2 in the world frame."""
    cdef dReal out[3]
    _axis_world(_ip(jint), _dp(jreal), j, _dp(breal), second, out)
    return (out[0], out[1], out[2])


def set_relative_rotation(jint, jreal, int j, breal):
    """Remember the current relative rotation of the bodies: the zero of hinge angles and fixed poses."""
    _set_relative_rotation(_ip(jint), _dp(jreal), j, _dp(breal))


def set_offset(jint, jreal, int j, breal, int second):
    """Remember body 1's offset from body 2 in body 1's (second == 0) or body 2's frame; body 1's position
    without body 2."""
    _set_offset(_ip(jint), _dp(jreal), j, _dp(breal), second)


def hinge_angle(jint, jreal, int j, breal):
    """Angle of body 1 relative to body 2 about the hinge axis since the reference rotation."""
    return _hinge_angle(_ip(jint), _dp(jreal), j, _dp(breal))


def axis_rate(jint, jreal, int j, breal, int second, bint linear):
    """Relative velocity of body 1 with respect to body 2 along axis 1 or 2 (angular, or linear)."""
    return _axis_rate(_ip(jint), _dp(jreal), j, _dp(breal), second, linear)


def slider_position(jint, jreal, int j, breal):
    """Extension of the slider along its axis since the axis was set."""
    return _slider_position(_ip(jint), _dp(jreal), j, _dp(breal))


def set_universal_reference(jint, jreal, int j, breal):
    """Remember each body's rotation relative to its cross (its own axis, then the other): zero angles."""
    _set_universal_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def universal_angle(jint, jreal, int j, breal, int which):
    """Universal angle 1 (which 0), angle 2 as libode's getter measures it (1) or as its angle pair does
    (2), relative to the cross."""
    if which < 0 or which > 2:
        raise ValueError(f"which must be 0, 1 or 2, not {which}")
    return _universal_angle(_ip(jint), _dp(jreal), j, _dp(breal), which)


def set_hinge2_reference(jint, jreal, int j, breal):
    """Remember the angle between the hinge-2 axes and body 2's axis in body 1's frame (zero of angle 1),
    and each body's rotation relative to its cross of the axes (zero of angle 2, as for the universal)."""
    _set_hinge2_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def hinge2_angle2(jint, jreal, int j, breal):
    """Hinge-2 angle about axis 2 (the wheel's spin): body 2 about axis 2 relative to the cross, as libode."""
    return -_universal_angle(_ip(jint), _dp(jreal), j, _dp(breal), 1)


def hinge2_angle1(jint, jreal, int j, breal):
    """Hinge-2 angle about axis 1: how far body 1 turned relative to body 2's axis since the reference."""
    return _hinge2_angle1(_ip(jint), _dp(jreal), j, _dp(breal))


def set_point(jint, jreal, int j, breal, int side, int col, x, y, z):
    """Store the world point (x, y, z) at column col in the frame of the body on ``side`` (or the world)."""
    _set_point(_ip(jint), _dp(jreal), j, _dp(breal), side, col, x, y, z)


def get_point(jint, jreal, int j, breal, int side, int col):
    """The point stored at column col by the body on ``side``, in the world frame."""
    cdef dReal out[3]
    _point_world(_ip(jint), _dp(jreal), j, _dp(breal), side, col, out)
    return (out[0], out[1], out[2])


def set_vector(jint, jreal, int j, breal, int side, int col, x, y, z):
    """Store the world direction (x, y, z), normalised, at column col in the frame of the body on ``side``."""
    _set_vector(_ip(jint), _dp(jreal), j, _dp(breal), side, col, x, y, z)


def get_vector(jint, jreal, int j, breal, int side, int col):
    """The direction stored at column col by the body on ``side``, in the world frame."""
    cdef dReal out[3]
    _vector_world(_ip(jint), _dp(jreal), j, _dp(breal), side, col, out)
    return (out[0], out[1], out[2])


def rel_angle(jint, jreal, int j, breal, int col):
    """Angle of body 1 relative to body 2 since the reference rotation, about the body-1 axis at col."""
    return _rel_angle(_ip(jint), _dp(jreal), j, _dp(breal), col)


def vector_rate(jint, jreal, int j, breal, int side, int col, bint linear):
    """Relative velocity of body 1 with respect to body 2 along the direction stored at column col."""
    return _vector_rate(_ip(jint), _dp(jreal), j, _dp(breal), side, col, linear)


def pr_position(jint, jreal, int j, breal):
    """PR: prismatic axis . (body 1's centre + offset - anchor on body 2), as the user sees it."""
    return _pr_position(_ip(jint), _dp(jreal), j, _dp(breal))


def pr_position_rate(jint, jreal, int j, breal):
    """PR: prismatic axis . (velocity of body 1 - velocity of body 2's anchor point), as the user sees it."""
    return _pr_position_rate(_ip(jint), _dp(jreal), j, _dp(breal))


def piston_position(jint, jreal, int j, breal, int col):
    """Piston, PU: axis (body 1, column col) . (anchor on body 1 - anchor on body 2), as the user sees it."""
    return _piston_position(_ip(jint), _dp(jreal), j, _dp(breal), col)


def piston_position_rate(jint, jreal, int j, breal, int col):
    """Piston, PU: axis (column col) . (velocity of body 1's anchor - velocity of body 2's anchor)."""
    return _piston_position_rate(_ip(jint), _dp(jreal), j, _dp(breal), col)


def pu_position_rate(jint, jreal, int j, breal):
    """PU: prismatic axis . relative velocity at body 2's anchor, as libode 0.16 reports it."""
    return _pu_position_rate(_ip(jint), _dp(jreal), j, _dp(breal))


def set_motor_axis(jint, jreal, int j, breal, int i, int rel, x, y, z):
    """Store motor axis i (world direction, normalised) in the frame its relative mode names."""
    _set_motor_axis(_ip(jint), _dp(jreal), j, _dp(breal), i, rel, x, y, z)


def motor_axis(jint, jreal, int j, breal, int i):
    """Angular motor axis i in the world frame (euler mode: as computed for the rows)."""
    cdef dReal A[9]
    _amotor_axes(_ip(jint), _dp(jreal), j, _dp(breal), A)
    return (A[3 * i], A[3 * i + 1], A[3 * i + 2])


def set_euler_reference(jint, jreal, int j, breal):
    """Euler mode: remember axis 2 in body 1's frame and axis 0 in body 2's frame (all angles 0 now)."""
    _set_euler_reference(_ip(jint), _dp(jreal), j, _dp(breal))


def motor_rate(jint, jreal, int j, breal, int i):
    """Rate of angular motor axis i: body 1's angular velocity minus body 2's along the axis."""
    return _motor_rate(_ip(jint), _dp(jreal), j, _dp(breal), i)


def dball_distance(jint, jreal, int j, breal):
    """Current distance between the two anchors."""
    return _dball_distance(_ip(jint), _dp(jreal), j, _dp(breal))


def contact_rows_count(jint, jreal, int j):
    """Rows of a contact: the normal, plus one per friction direction with a positive coefficient."""
    return _contact_rows_count(_ip(jint), _dp(jreal), j)


def rows(jint, jreal, int j, breal, bint_, wreal, fps):
    """info1 then info2 on prefilled buffers: (m, J (m x 12), c, cfm, lo, hi, findex) as arrays."""
    cdef int* ji = _ip(jint)
    cdef dReal* jr = _dp(jreal)
    cdef dReal* br = _dp(breal)
    cdef int* bi = _ip(bint_)
    cdef dReal* wr = _dp(wreal)
    cdef int m = info1(ji, jr, j, br, bi, wr)
    dtype = jreal.dtype
    Ja = np.zeros((m, NC), dtype=dtype)
    ca = np.zeros(m, dtype=dtype)
    cfma = np.full(m, wr[W_CFM], dtype=dtype)
    loa = np.full(m, -np.inf, dtype=dtype)
    hia = np.full(m, np.inf, dtype=dtype)
    fa = np.full(m, -1, dtype=np.int32)
    if m > 0:
        info2(ji, jr, j, br, bi, wr, fps, _dp(Ja), _dp(ca), _dp(cfma), _dp(loa), _dp(hia), _ip(fa))
    return (m, Ja, ca, cfma, loa, hia, fa)
