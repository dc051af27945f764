"""Random single-joint scenes for the jacobian kernel's parity tests: body and joint rows of one joint of a
given type, and one call of a kernel's ``rows`` on copies of them."""

import numpy as np

from ode import _backend
from ode import _layout as L

PREC = _backend.precision
REAL = np.float64 if PREC == "double" else np.float32


def _rot(q):
    """The rotation matrix of unit quaternion q."""
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def joint_scene(rng, jtype):
    """Random arrays for one joint of type jtype between bodies 0 and 1 (or 0 and the environment)."""
    breal = np.zeros((2, L.BR))
    bint = np.zeros((2, L.BI), np.int32)
    for b in range(2):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        breal[b, L.B_Q:L.B_Q + 4] = q
        breal[b, L.B_R:L.B_R + 9] = _rot(q).ravel()
        for col in (L.B_POS, L.B_LVEL, L.B_AVEL):
            breal[b, col:col + 3] = rng.normal(size=3)
    jreal = np.zeros((1, L.JR))
    jint = np.zeros((1, L.JI), np.int32)
    jint[0, L.JI_TYPE] = jtype
    jint[0, L.JI_B2] = 1 if jtype == L.JT_HINGE2 or rng.random() < 0.6 else -1
    jreal[0, :L.J_PN] = rng.normal(size=L.J_PN)
    for g in range(3):
        po = L.J_PARAM + L.J_PARAM_GROUP * g
        jreal[0, po:po + 14] = rng.uniform(0.0, 1.0, size=14)
        jreal[0, po] = rng.uniform(-2.0, 0.5)
        jreal[0, po + 1] = jreal[0, po] if rng.random() < 0.2 else jreal[0, po] + rng.uniform(-0.3, 2.0)
        jreal[0, po + 2] = rng.normal()
        jreal[0, po + 5] = rng.choice([0.0, 0.0, 1.5])
        jreal[0, po + 7] = rng.choice([0.0, 0.5])
    jint[0, L.JI_C_MODE] = rng.integers(0, 1 << 14)
    jreal[0, L.J_C_MU] = rng.choice([0.0, 0.7, np.inf, -1.0])
    jreal[0, L.J_C_MU2] = rng.choice([0.0, 0.4, np.inf])
    wreal = np.zeros(L.WR)
    wreal[L.W_ERP] = 0.2
    wreal[L.W_CFM] = 1e-5
    wreal[L.W_MAX_CORRECTING_VEL] = rng.choice([np.inf, 0.5])
    wreal[L.W_SURFACE_LAYER] = 0.01
    return [a.astype(REAL) if a.dtype.kind == "f" else a for a in (jint, jreal, breal, bint, wreal)]


def run_rows(impl, arrays, flat):
    """impl.rows on copies of the arrays (flattened when flat): (its result, (jint, jreal, breal) after)."""
    jint, jreal, breal, bint, wreal = [a.copy() for a in arrays]
    args = [jint, jreal, breal, bint, wreal]
    if flat:
        args = [a.reshape(-1) for a in args]
    out = impl.rows(args[0], args[1], 0, args[2], args[3], args[4], 60.0)
    return out, (jint, jreal, breal)
