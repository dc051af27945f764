"""The compiled jacobian kernel and its Python twin agree bit for bit (double) on random joints.

Random poses, velocities, joint geometry, limits, motors and contact surfaces for every joint type; both
implementations get copies of the same arrays and must return identical rows and leave identical state
(limit states, motor forces added to the bodies). Single precision: within float32 rounding.
"""

import importlib

import numpy as np
import pytest

from ode import _backend
from ode import _layout as L
from ode._fallback import jacobian as twin

PREC = _backend.precision
core = pytest.importorskip(f"ode._core.{PREC}.jacobian")
REAL = np.float64 if PREC == "double" else np.float32
TYPES = (L.JT_BALL, L.JT_HINGE, L.JT_SLIDER, L.JT_CONTACT, L.JT_UNIVERSAL, L.JT_HINGE2, L.JT_FIXED)


def _rot(q):
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def _scene(rng, jtype):
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


def _run(impl, arrays, flat):
    jint, jreal, breal, bint, wreal = [a.copy() for a in arrays]
    args = [jint, jreal, breal, bint, wreal]
    if flat:
        args = [a.reshape(-1) for a in args]
    out = impl.rows(args[0], args[1], 0, args[2], args[3], args[4], 60.0)
    return out, (jint, jreal, breal)


@pytest.mark.parametrize("jtype", TYPES)
def test_rows_parity(jtype):
    rng = np.random.default_rng(1000 + jtype)
    limited = 0
    for _ in range(60):
        arrays = _scene(rng, jtype)
        (m1, *r1), s1 = _run(core, arrays, False)
        (m2, *r2), s2 = _run(twin, arrays, True)
        assert m1 == m2
        assert r1[0].shape == (m1, 12)
        for a, b in zip(r1, r2):
            if PREC == "double" or a.dtype.kind == "i":
                np.testing.assert_array_equal(a, b)
            else:
                np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-4)
        for a, b in zip(s1, s2):
            if PREC == "double" or a.dtype.kind == "i":
                np.testing.assert_array_equal(a, b)
            else:
                np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-4)
        limited += int(s1[0][0, L.JI_LIMIT] != 0)
    if jtype in (L.JT_HINGE, L.JT_SLIDER, L.JT_UNIVERSAL, L.JT_HINGE2):
        assert limited > 0  # the random stops do put some joints on a limit


GETTERS = [
    ("hinge_angle", ()), ("slider_position", ()), ("universal_angle", (0,)), ("universal_angle", (1,)),
    ("hinge2_angle1", ()), ("get_anchor", (0,)), ("get_anchor", (1,)), ("get_axis", (0,)), ("get_axis", (1,)),
    ("axis_rate", (0, False)), ("axis_rate", (1, True)),
]


@pytest.mark.parametrize("name,extra", GETTERS)
def test_getter_parity(name, extra):
    rng = np.random.default_rng(7)
    for _ in range(40):
        jint, jreal, breal, _, _ = _scene(rng, L.JT_UNIVERSAL)
        a = getattr(core, name)(jint, jreal, 0, breal, *extra)
        b = getattr(twin, name)(jint.reshape(-1), jreal.reshape(-1), 0, breal.reshape(-1), *extra)
        if PREC == "double":
            np.testing.assert_array_equal(a, b)  # (NaN == NaN here: raw random geometry can be degenerate)
        else:
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


SETTERS = [
    ("set_anchor", (0.3, -1.0, 2.0)), ("set_axis", (0, 0.3, 0.4, -0.5)), ("set_axis", (2, 1.0, 2.0, 0.5)),
    ("set_relative_rotation", ()), ("set_offset", (0,)), ("set_offset", (1,)),
    ("set_universal_reference", ()), ("set_hinge2_reference", ()),
]


@pytest.mark.parametrize("name,extra", SETTERS)
def test_setter_parity(name, extra):
    rng = np.random.default_rng(11)
    for _ in range(20):
        jint, jreal, breal, _, _ = _scene(rng, L.JT_HINGE2)
        j1, j2 = jreal.copy(), jreal.copy()
        getattr(core, name)(jint, j1, 0, breal, *extra)
        getattr(twin, name)(jint.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1), *extra)
        assert not np.array_equal(j1, jreal)
        if PREC == "double":
            np.testing.assert_array_equal(j1, j2)
        else:
            np.testing.assert_allclose(j1, j2, rtol=1e-4, atol=1e-4)


def test_core_defs_exist_in_twin():
    mod = importlib.import_module(f"ode._core.{PREC}.jacobian")
    names = [n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n)) and n != "np"]
    assert names
    for n in names:
        assert callable(getattr(twin, n, None)), n


def test_core_rejects_wrong_arrays():
    jint, jreal, breal, _, _ = _scene(np.random.default_rng(3), L.JT_BALL)
    with pytest.raises(ValueError):
        core.hinge_angle(jint.astype(np.int64), jreal, 0, breal)
    with pytest.raises(TypeError):
        core.hinge_angle(list(jint.ravel()), jreal, 0, breal)
    with pytest.raises(ValueError):
        core.hinge_angle(jint, jreal[:, ::2], 0, breal)
