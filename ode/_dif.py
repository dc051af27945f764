"""World.exportDIF: ODE's Dynamics Interchange Format (a Lua-like text dump of a world).

The layout follows libode 0.16.2's dWorldExportDIF output as observed on the same scenes (tests compare
structure and numbers): numbers printed with 15 significant digits; bodies and joints listed newest first;
auto-disable thresholds printed squared; body force and torque accumulators printed only when all three
components are nonzero. Geometry fields are written for every joint type libode describes (ball, hinge,
slider, contact, universal, hinge-2, fixed, PR, PU, piston, angular and linear motors; the null joint has
none); joint types libode itself calls ``unknown_joint`` (plane-2D, double ball and hinge, transmission)
are written so.
"""

from __future__ import annotations

from . import _layout as L
from . import constants as C


def _num(x) -> str:
    """A number as C's %.15g prints it."""
    return f"{float(x):.15g}"


def _vec(values) -> str:
    return "{" + ",".join(_num(x) for x in values) + "}"


def _world_lines(w, prefix: str) -> list:
    """The world block: gravity, ERP, CFM and the auto-disable defaults."""
    r = w._state.wreal
    lin, ang = float(r[L.W_AD_LIN]), float(r[L.W_AD_ANG])
    return [
        f"{prefix}world = dynamics.world {{",
        f"\tgravity = {_vec(r[L.W_GRAVITY:L.W_GRAVITY + 3])},",
        "\tODE = {",
        f"\t\tERP = {_num(r[L.W_ERP])},",
        f"\t\tCFM = {_num(r[L.W_CFM])},",
        "\t\tauto_disable = {",
        f"\t\t\tlinear_threshold = {_num(lin * lin)},",
        f"\t\t\tangular_threshold = {_num(ang * ang)},",
        f"\t\t\taverage_samples = {int(r[L.W_AD_AVG])},",
        f"\t\t\tidle_time = {_num(r[L.W_AD_TIME])},",
        f"\t\t\tidle_steps = {int(r[L.W_AD_STEPS])},",
        "\t\t},",
        "\t},",
        "}",
    ]


def _body_lines(prefix: str, index: int, row, ints) -> list:
    """One body block: state, mass, and its non-default ODE settings."""
    I = row[L.B_I:L.B_I + 9]
    out = [
        f"{prefix}body[{index}] = dynamics.body {{",
        f"\tworld = {prefix}world,",
        f"\tpos = {_vec(row[L.B_POS:L.B_POS + 3])},",
        f"\tq = {_vec(row[L.B_Q:L.B_Q + 4])},",
        f"\tlvel = {_vec(row[L.B_LVEL:L.B_LVEL + 3])},",
        f"\tavel = {_vec(row[L.B_AVEL:L.B_AVEL + 3])},",
        f"\tmass = {_num(row[L.B_MASS])},",
        f"\tI = {{{_vec(I[0:3])},{_vec(I[3:6])},{_vec(I[6:9])}}},",
        "\tODE = {",
    ]
    if not ints[L.BI_ENABLED]:
        out.append("\t\tdisabled = 1,")
    if ints[L.BI_FINITE]:
        out.append("\t\tfinite_rotation = 1,")
    if not ints[L.BI_GRAVITY]:
        out.append("\t\tno_gravity = 1,")
    if ints[L.BI_AD_FLAG]:
        lin, ang = float(row[L.B_AD_LIN]), float(row[L.B_AD_ANG])
        out += [
            "\t\tauto_disable = {",
            f"\t\t\tlinear_threshold = {_num(lin * lin)},",
            f"\t\t\tangular_threshold = {_num(ang * ang)},",
            f"\t\t\taverage_samples = {int(ints[L.BI_AD_AVG])},",
            f"\t\t\tidle_time = {_num(row[L.B_AD_TIME])},",
            f"\t\t\tidle_steps = {int(ints[L.BI_AD_STEPS])},",
            f"\t\t\ttime_left = {_num(row[L.B_AD_TIMELEFT])},",
            f"\t\t\tsteps_left = {int(ints[L.BI_AD_STEPSLEFT])},",
            "\t\t},",
        ]
    for name, col in (("facc", L.B_FACC), ("tacc", L.B_TACC)):
        v = row[col:col + 3]
        if all(x != 0.0 for x in v):
            out.append(f"\t\t{name} = {_vec(v)},")
    axis = row[L.B_FAXIS:L.B_FAXIS + 3]
    if any(x != 0.0 for x in axis):
        out.append(f"\t\tfinite_rotation_axis = {_vec(axis)},")
    out += ["\t},", "}"]
    return out


def _limit_motor(jr, group: int, suffix: str) -> list:
    """The limit and motor blocks of one parameter group (ODE's dxJointLimitMotor)."""
    def p(param: int) -> float:
        return float(jr[L.J_PARAM + L.J_PARAM_GROUP * group + param])

    out = [f"\tlimit{suffix} = {{", f"\t\tlow_stop = {_num(p(C.ParamLoStop))},",
           f"\t\thigh_stop = {_num(p(C.ParamHiStop))},"]
    if p(C.ParamBounce) != 0.0:
        out.append(f"\t\tbounce = {_num(p(C.ParamBounce))},")
    out += ["\t\tODE = {", f"\t\t\tstop_erp = {_num(p(C.ParamStopERP))},",
            f"\t\t\tstop_cfm = {_num(p(C.ParamStopCFM))},", "\t\t},", "\t},", f"\tmotor{suffix} = {{"]
    if p(C.ParamVel) != 0.0:
        out.append(f"\t\tvel = {_num(p(C.ParamVel))},")
    if p(C.ParamFMax) != 0.0:
        out.append(f"\t\tfmax = {_num(p(C.ParamFMax))},")
    out += ["\t\tODE = {", f"\t\t\tfudge_factor = {_num(p(C.ParamFudgeFactor))},",
            f"\t\t\tnormal_cfm = {_num(p(C.ParamCFM))},", "\t\t},", "\t},"]
    return out


def _contact_fields(jr, mode: int) -> list:
    """Contact geometry and the surface parameters its mode uses."""
    out = [f"\tpos = {_vec(jr[L.J_C_POS:L.J_C_POS + 3])},",
           f"\tnormal = {_vec(jr[L.J_C_NORMAL:L.J_C_NORMAL + 3])},",
           f"\tdepth = {_num(jr[L.J_C_DEPTH])},",
           f"\tmu = {_num(jr[L.J_C_MU])},"]
    optional = ((C.ContactMu2, "mu2", L.J_C_MU2), (C.ContactBounce, "bounce", L.J_C_BOUNCE),
                (C.ContactBounce, "bounce_vel", L.J_C_BOUNCE_VEL),
                (C.ContactSoftERP, "soft_erp", L.J_C_SOFT_ERP),
                (C.ContactSoftCFM, "soft_cfm", L.J_C_SOFT_CFM), (C.ContactMotion1, "motion1", L.J_C_MOTION1),
                (C.ContactMotion2, "motion2", L.J_C_MOTION2), (C.ContactSlip1, "slip1", L.J_C_SLIP1),
                (C.ContactSlip2, "slip2", L.J_C_SLIP2))
    for bit, name, col in optional:
        if mode & bit:
            out.append(f"\t{name} = {_num(jr[col])},")
    if mode & C.ContactFDir1:
        out.append(f"\tfdir1 = {_vec(jr[L.J_C_FDIR1:L.J_C_FDIR1 + 3])},")
    return out


_NAMES = {L.JT_BALL: "ball_joint", L.JT_HINGE: "hinge_joint", L.JT_SLIDER: "slider_joint",
          L.JT_CONTACT: "contact_joint", L.JT_UNIVERSAL: "universal_joint", L.JT_HINGE2: "ODE_hinge2_joint",
          L.JT_FIXED: "fixed_joint", L.JT_AMOTOR: "ODE_angular_motor_joint",
          L.JT_LMOTOR: "ODE_linear_motor_joint", L.JT_NULL: "null_joint",
          L.JT_PR: "PR_joint", L.JT_PU: "PU_joint", L.JT_PISTON: "piston_joint"}
_GROUPS = {L.JT_HINGE: 1, L.JT_SLIDER: 1, L.JT_UNIVERSAL: 2, L.JT_HINGE2: 2, L.JT_AMOTOR: 3, L.JT_LMOTOR: 3,
           L.JT_PR: 2, L.JT_PU: 3, L.JT_PISTON: 2}


def _joint_fields(t: int, jr, ji) -> list:
    """The type-specific geometry lines of a joint (see the module docstring for coverage)."""
    v = lambda col, n=3: _vec(jr[col:col + n])  # noqa: E731
    anchors = [f"\tanchor1 = {v(L.J_ANCHOR1)},", f"\tanchor2 = {v(L.J_ANCHOR2)},"]
    axes = [f"\taxis1 = {v(L.J_AXIS1)},", f"\taxis2 = {v(L.J_AXIS2)},"]
    if t == L.JT_BALL:
        return anchors
    if t == L.JT_HINGE:
        return anchors + axes + [f"\tqrel = {v(L.J_QREL, 4)},"]
    if t == L.JT_SLIDER:
        return [f"\taxis1 = {v(L.J_AXIS1)},", f"\tqrel = {v(L.J_QREL, 4)},", f"\toffset = {v(L.J_OFFSET)},"]
    if t == L.JT_CONTACT:
        return _contact_fields(jr, int(ji[L.JI_C_MODE]))
    if t == L.JT_UNIVERSAL:
        return anchors + axes + [f"\tqrel1 = {v(L.J_QREL, 4)},", f"\tqrel2 = {v(L.J_QREL2, 4)},"]
    if t == L.JT_HINGE2:
        p = L.J_PARAM
        return anchors + axes + [f"\tv1 = {v(L.J_H2_V1)},", f"\tv2 = {v(L.J_H2_V2)},",
                f"\tsusp_erp = {_num(jr[p + C.ParamSuspensionERP])},",
                f"\tsusp_cfm = {_num(jr[p + C.ParamSuspensionCFM])},"]
    if t == L.JT_FIXED:
        # libode writes only three components of the fixed joint's qrel (observed)
        return [f"\tqrel = {v(L.J_QREL)},", f"\toffset = {v(L.J_OFFSET)},"]
    if t == L.JT_PR:
        return [f"\tanchor2 = {v(L.J_ANCHOR2)},", f"\taxisR1 = {v(L.J_AXIS3)},",
                f"\taxisR2 = {v(L.J_AXIS2)},", f"\taxisP1 = {v(L.J_AXIS1)},",
                f"\tqrel = {v(L.J_QREL, 4)},", f"\toffset = {v(L.J_OFFSET)},"]
    if t == L.JT_PU:
        return anchors + axes + [f"\taxisP = {v(L.J_AXIS3)},", f"\tqrel1 = {v(L.J_QREL, 4)},",
                                 f"\tqrel2 = {v(L.J_QREL2, 4)},"]
    if t == L.JT_PISTON:
        return anchors + axes + [f"\tqrel = {v(L.J_QREL, 4)},"]
    if t in (L.JT_AMOTOR, L.JT_LMOTOR):
        return _motor_fields(t, jr, ji)
    return []


def _motor_fields(t: int, jr, ji) -> list:
    """Angular/linear motor: axis count, (angular) mode, relative modes and the stored axes."""
    out = [f"\tnum = {int(ji[L.JI_AM_NUM])},"]
    if t == L.JT_AMOTOR:
        out.append(f"\tmode = {int(ji[L.JI_AM_MODE])},")
    out.append("\trel = {" + ",".join(str(int(ji[L.JI_AM_REL + i])) for i in range(3)) + "},")
    for i in range(3):
        col = L.J_AM_AXES + 3 * i
        out.append(f"\taxis{i + 1} = {_vec(jr[col:col + 3])},")
    return out


def _joint_lines(prefix: str, index: int, jr, ji, body_index: dict) -> list:
    """One joint block: header, attached bodies, geometry and parameter groups."""
    t = int(ji[L.JI_TYPE])
    name = _NAMES.get(t, "unknown_joint")
    bodies = [f"{prefix}body[{body_index[int(ji[c])]}]" for c in (L.JI_B1, L.JI_B2) if ji[c] >= 0]
    out = [f"{prefix}joint[{index}] = dynamics.{name} {{", f"\tworld = {prefix}world,",
           "\tbody = {" + ",".join(bodies) + "}"]
    if name == "unknown_joint" or t == L.JT_NULL:
        return out + ["\tunknown joint", "}"]
    out += _joint_fields(t, jr, ji)
    groups = _GROUPS.get(t, 0)
    for g in range(groups):
        out += _limit_motor(jr, g, "" if groups == 1 else str(g + 1))
    if t == L.JT_AMOTOR:
        out += [f"\tangle{i + 1} = {_num(jr[L.J_AM_ANGLE + i])}," for i in range(3)]
    return out + ["}"]


def world_dif(world, prefix: str) -> str:
    """The DIF text of a world, as dWorldExportDIF(world, file, prefix) writes it."""
    st = world._state
    b, j = st.bodies, st.joints
    lines = ["-- Dynamics Interchange Format v0.1", ""] + _world_lines(world, prefix)
    lines.append(f"{prefix}body = {{}}")
    slots = [s for s in range(b.count - 1, -1, -1) if b.ints[s, L.BI_ALIVE]]
    body_index = {s: n for n, s in enumerate(slots)}
    for n, s in enumerate(slots):
        lines += _body_lines(prefix, n, b.real[s].tolist(), b.ints[s].tolist())
    lines.append(f"{prefix}joint = {{}}")
    jslots = [s for s in range(j.count - 1, -1, -1) if j.ints[s, L.JI_ALIVE]]
    for n, s in enumerate(jslots):
        lines += _joint_lines(prefix, n, j.real[s].tolist(), j.ints[s].tolist(), body_index)
    return "\n".join(lines) + "\n"
