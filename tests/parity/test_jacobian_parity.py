"""The compiled jacobian kernel and its Python twin agree bit for bit (double) on random joints.

Random poses, velocities, joint geometry, limits, motors and contact surfaces for every joint type; both
implementations get copies of the same arrays and must return identical rows and leave identical state
(limit states, motor forces added to the bodies). Single precision: within float32 rounding.
"""


import numpy as np
import pytest
from jacobian_scenes import PREC, joint_scene, run_rows
from kernels import kernel_pair

from ode import _layout as L

core, twin = kernel_pair("jacobian", PREC)
TYPES = (L.JT_BALL, L.JT_HINGE, L.JT_SLIDER, L.JT_CONTACT, L.JT_UNIVERSAL, L.JT_HINGE2, L.JT_FIXED)


def _assert_same(a, b):
    """Bit for bit in double (and for integers), within float32 rounding in single."""
    if PREC == "double" or a.dtype.kind == "i":
        np.testing.assert_array_equal(a, b)
    else:
        np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-4)


@pytest.mark.parametrize("jtype", TYPES)
def test_rows_parity(jtype):
    rng = np.random.default_rng(1000 + jtype)
    limited = 0
    for _ in range(60):
        arrays = joint_scene(rng, jtype)
        (m1, *r1), s1 = run_rows(core, arrays, False)
        (m2, *r2), s2 = run_rows(twin, arrays, True)
        assert m1 == m2
        assert r1[0].shape == (m1, 12)
        for a, b in zip([*r1, *s1], [*r2, *s2]):
            _assert_same(a, b)
        limited += int(s1[0][0, L.JI_LIMIT] != 0)
    if jtype in (L.JT_HINGE, L.JT_SLIDER, L.JT_UNIVERSAL, L.JT_HINGE2):
        assert limited > 0  # the random stops do put some joints on a limit


@pytest.mark.parametrize("jtype", (L.JT_PR, L.JT_PU, L.JT_PISTON))
def test_swapped_rows_parity(jtype):
    """PR, PU and piston joints attached (environment, body), stored swapped with the reverse flag, whose
    PR and piston rows follow libode's own rows for that attachment: same rows and state in both."""
    rng = np.random.default_rng(2000 + jtype)
    extra_rows = 0
    for _ in range(60):
        arrays = joint_scene(rng, jtype)
        arrays[0][0, L.JI_B2] = -1
        arrays[0][0, L.JI_FLAGS] = L.JF_REVERSE
        (m1, *r1), s1 = run_rows(core, arrays, False)
        (m2, *r2), s2 = run_rows(twin, arrays, True)
        assert m1 == m2
        for a, b in zip([*r1, *s1], [*r2, *s2]):
            _assert_same(a, b)
        extra_rows += int(m1 > (3 if jtype == L.JT_PU else 4))
    assert extra_rows > 0  # some joints get limit or motor rows


GETTERS = [
    ("hinge_angle", ()), ("slider_position", ()), ("universal_angle", (0,)), ("universal_angle", (1,)),
    ("hinge2_angle1", ()), ("hinge2_angle2", ()), ("get_anchor", (0,)), ("get_anchor", (1,)),
    ("get_axis", (0,)), ("get_axis", (1,)),
    ("axis_rate", (0, False)), ("axis_rate", (1, True)),
]


@pytest.mark.parametrize("name,extra", GETTERS)
def test_getter_parity(name, extra):
    rng = np.random.default_rng(7)
    for _ in range(40):
        jint, jreal, breal, _, _ = joint_scene(rng, L.JT_UNIVERSAL)
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
        jint, jreal, breal, _, _ = joint_scene(rng, L.JT_HINGE2)
        j1, j2 = jreal.copy(), jreal.copy()
        getattr(core, name)(jint, j1, 0, breal, *extra)
        getattr(twin, name)(jint.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1), *extra)
        assert not np.array_equal(j1, jreal)
        if PREC == "double":
            np.testing.assert_array_equal(j1, j2)
        else:
            np.testing.assert_allclose(j1, j2, rtol=1e-4, atol=1e-4)


def test_core_defs_exist_in_twin():
    names = [n for n in dir(core) if not n.startswith("_") and callable(getattr(core, n)) and n != "np"]
    assert names
    for n in names:
        assert callable(getattr(twin, n, None)), n


def test_core_rejects_wrong_arrays():
    jint, jreal, breal, _, _ = joint_scene(np.random.default_rng(3), L.JT_BALL)
    with pytest.raises(ValueError):
        core.hinge_angle(jint.astype(np.int64), jreal, 0, breal)
    with pytest.raises(TypeError):
        core.hinge_angle(list(jint.ravel()), jreal, 0, breal)
    with pytest.raises(ValueError):
        core.hinge_angle(jint, jreal[:, ::2], 0, breal)


def _degenerate(parallel, second_zero=False):
    """A universal joint between bodies 0 and 1 whose world axes are parallel (or axis 1 zero)."""
    rng = np.random.default_rng(5)
    jint, jreal, breal, bint, wreal = joint_scene(rng, L.JT_UNIVERSAL)
    jint[0, L.JI_B2] = 1
    for i in range(2):   # identity rotations: body-frame axes are world axes
        breal[i, L.B_Q:L.B_Q + 4] = (1.0, 0.0, 0.0, 0.0)
        breal[i, L.B_R:L.B_R + 9] = np.eye(3).ravel()
    jreal[0, L.J_AXIS1:L.J_AXIS1 + 3] = (0.0, 0.0, 0.0) if second_zero else (0.6, 0.0, 0.8)
    jreal[0, L.J_AXIS2:L.J_AXIS2 + 3] = (0.6, 0.0, 0.8) if parallel else (0.0, 1.0, 0.0)
    return jint, jreal, breal, bint, wreal


@pytest.mark.parametrize("case", ["parallel", "zero axis"])
def test_degenerate_axes_finite_and_identical(case):
    """Parallel or zero universal axes (libode: "zero length vector") give finite, identical results."""
    jint, jreal, breal, bint, wreal = _degenerate(True, case == "zero axis")
    j1, j2 = jreal.copy(), jreal.copy()
    core.set_universal_reference(jint, j1, 0, breal)
    twin.set_universal_reference(jint.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1))
    assert np.all(np.isfinite(j1))
    np.testing.assert_allclose(j1, j2, rtol=0, atol=0 if PREC == "double" else 1e-6)
    for second in (0, 1):
        a = core.universal_angle(jint, j1, 0, breal, second)
        b = twin.universal_angle(jint.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1), second)
        assert np.isfinite(a) and a == pytest.approx(b, abs=1e-6)
        assert a == pytest.approx(0.0, abs=1e-6)   # the reference pose itself measures zero
    (m1, *r1), _ = run_rows(core, (jint, j1, breal, bint, wreal), False)
    (m2, *r2), _ = run_rows(twin, (jint, j2, breal, bint, wreal), True)
    assert m1 == m2
    assert np.all(np.isfinite(r1[0])) and np.all(np.isfinite(r1[1]))   # J and c
    for a, b in zip(r1, r2):
        np.testing.assert_allclose(a, b, rtol=0, atol=0 if PREC == "double" else 1e-4)


def test_parallel_axes_reference_is_a_rotation():
    """With y parallel to x the cross frame uses a plane-space vector: a unit quaternion, not NaN."""
    jint, jreal, breal, _, _ = _degenerate(True)
    twin.set_universal_reference(jint.reshape(-1), jreal.reshape(-1), 0, breal.reshape(-1))
    for col in (L.J_QREL, L.J_QREL2):
        assert np.linalg.norm(jreal[0, col:col + 4]) == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("scale", [1e-30, 1e30, 1e-200])
def test_set_axis_rescales_tiny_and_huge_vectors(scale):
    """An axis whose squares under- or overflow is still stored as a unit vector, in core and twin."""
    if PREC == "single" and scale == 1e-200:
        pytest.skip("1e-200 is not a float32 value")
    jint, jreal, breal, _, _ = _degenerate(False)
    j1, j2 = jreal.copy(), jreal.copy()
    core.set_axis(jint, j1, 0, breal, 1, 3.0 * scale, 0.0, 4.0 * scale)
    twin.set_axis(jint.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1), 1, 3.0 * scale, 0.0, 4.0 * scale)
    np.testing.assert_allclose(j1[0, L.J_AXIS1:L.J_AXIS1 + 3], (0.6, 0.0, 0.8), atol=1e-6)
    np.testing.assert_allclose(j2[0, L.J_AXIS1:L.J_AXIS1 + 3], (0.6, 0.0, 0.8), atol=1e-6)


def test_zero_contact_normal_gives_finite_rows():
    """A contact with a zero normal (bad geometry) yields finite, identical rows instead of NaN."""
    rng = np.random.default_rng(9)
    jint, jreal, breal, bint, wreal = joint_scene(rng, L.JT_CONTACT)
    jint[0, L.JI_C_MODE] = 0
    jreal[0, L.J_C_MU] = 0.5
    jreal[0, L.J_C_NORMAL:L.J_C_NORMAL + 3] = 0.0
    (m1, *r1), _ = run_rows(core, (jint, jreal, breal, bint, wreal), False)
    (m2, *r2), _ = run_rows(twin, (jint, jreal, breal, bint, wreal), True)
    assert m1 == m2 == 3
    assert np.all(np.isfinite(r1[0])) and np.all(np.isfinite(r1[1]))
    np.testing.assert_allclose(r1[0], r2[0], atol=0 if PREC == "double" else 1e-5)
