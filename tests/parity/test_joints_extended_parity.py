"""The compiled jacobian kernel and its Python twin agree bit for bit (double) on the extended joints.

PR, PU, piston, angular motor (user and euler modes), linear motor, plane-2D, double ball, double hinge,
null and transmission (three modes) joints with random poses, velocities, geometry, limits and motors: both
implementations get copies of the same arrays and must return identical rows and leave identical state.
Single precision: within float32 rounding. The geometry getters and setters of these joints likewise.
"""

import numpy as np
import pytest
from jacobian_scenes import PREC, joint_scene, run_rows
from kernels import kernel_pair

from ode import _layout as L

core, twin = kernel_pair("jacobian", PREC)
TYPES = (L.JT_PR, L.JT_PU, L.JT_PISTON, L.JT_AMOTOR, L.JT_LMOTOR, L.JT_PLANE2D, L.JT_DBALL, L.JT_DHINGE,
         L.JT_NULL, L.JT_TRANSMISSION)


def _scene3(rng, jtype):
    """A random scene of _scene with the motor fields set sensibly (mode, number of axes, relative modes)."""
    arrays = joint_scene(rng, jtype)
    jint = arrays[0]
    jint[0, L.JI_AM_MODE] = rng.integers(0, 2)
    jint[0, L.JI_AM_NUM] = 3 if jint[0, L.JI_AM_MODE] == 1 else rng.integers(0, 4)
    jint[0, L.JI_AM_REL:L.JI_AM_REL + 3] = (1, rng.integers(0, 3), 2) if jint[0, L.JI_AM_MODE] else \
        rng.integers(0, 3, size=3)
    jint[0, L.JI_FLAGS] = rng.integers(0, 2) if jint[0, L.JI_B2] < 0 else 0
    if jtype == L.JT_TRANSMISSION:   # three modes; half the scenes re-measure (update), half advance phases
        jint[0, L.JI_AM_MODE] = rng.integers(0, 3)
        arrays[1][0, L.J_TR_UPDATE] = rng.choice([0.0, 1.0])
        arrays[1][0, L.J_TR_RATIO] = rng.uniform(0.2, 3.0)
        if PREC == "single" and jint[0, L.JI_AM_MODE] == 2:
            # a chain drive's phases at an update are round-off, whose sign picks the chain's branch:
            # float32 in the kernel, double in the twin, so the two may pick opposite branches
            arrays[1][0, L.J_TR_UPDATE] = 0.0
    return arrays


def _same(a, b, tol=2e-4) -> None:
    """Bit-identical in double (integers always), within tol in single precision."""
    if PREC == "double" or np.asarray(a).dtype.kind == "i":
        np.testing.assert_array_equal(a, b)
    else:
        np.testing.assert_allclose(a, b, rtol=tol, atol=tol)


@pytest.mark.parametrize("jtype", TYPES)
def test_rows_parity(jtype):
    """Rows, limit states and motor forces pushed onto the bodies are the same in core and twin."""
    rng = np.random.default_rng(3000 + jtype)
    rows = 0
    limited = 0
    for _ in range(60):
        arrays = _scene3(rng, jtype)
        (m1, *r1), s1 = run_rows(core, arrays, False)
        (m2, *r2), s2 = run_rows(twin, arrays, True)
        assert m1 == m2
        assert r1[0].shape == (m1, 12)
        for a, b in zip(r1, r2):
            _same(a, b)
        for a, b in zip(s1, s2):
            _same(a, b)
        rows += m1
        limited += int(np.any(s1[0][0, L.JI_LIMIT:L.JI_LIMIT + 3] != 0))
    if jtype == L.JT_NULL:
        assert rows == 0
    else:
        assert rows > 0
    if jtype in (L.JT_PR, L.JT_PU, L.JT_PISTON, L.JT_AMOTOR):
        assert limited > 0  # the random stops do put some joints on a limit


GETTERS = [
    ("get_point", (0, L.J_ANCHOR1)), ("get_point", (1, L.J_ANCHOR2)), ("get_vector", (0, L.J_AXIS3)),
    ("get_vector", (1, L.J_AXIS2)), ("rel_angle", (L.J_AXIS1,)), ("vector_rate", (0, L.J_AXIS3, False)),
    ("vector_rate", (1, L.J_AXIS2, True)), ("pr_position", ()), ("pr_position_rate", ()),
    ("piston_position", (L.J_AXIS1,)), ("piston_position_rate", (L.J_AXIS3,)), ("pu_position_rate", ()),
    ("motor_axis", (0,)), ("motor_axis", (1,)),
    ("motor_axis", (2,)), ("motor_rate", (1,)), ("dball_distance", ()),
]


@pytest.mark.parametrize("name,extra", GETTERS)
def test_getter_parity(name, extra):
    """Geometry getters of the new joints agree."""
    rng = np.random.default_rng(17)
    for _ in range(40):
        jint, jreal, breal, _, _ = _scene3(rng, L.JT_AMOTOR)
        a = getattr(core, name)(jint, jreal, 0, breal, *extra)
        b = getattr(twin, name)(jint.reshape(-1), jreal.reshape(-1), 0, breal.reshape(-1), *extra)
        _same(a, b, 1e-4)


SETTERS = [
    ("set_point", (0, L.J_ANCHOR1, 0.3, -1.0, 2.0)), ("set_point", (1, L.J_ANCHOR2, 0.3, -1.0, 2.0)),
    ("set_vector", (0, L.J_AXIS3, 0.3, 0.4, -0.5)), ("set_vector", (1, L.J_AXIS2, 1e-30, 2e-30, 0.0)),
    ("set_motor_axis", (1, 2, 0.0, 3.0, 4.0)), ("set_motor_axis", (0, 0, 1.0, 0.0, 1.0)),
    ("set_euler_reference", ()),
]


@pytest.mark.parametrize("name,extra", SETTERS)
def test_setter_parity(name, extra):
    """Setters of the new joints store the same numbers."""
    rng = np.random.default_rng(23)
    for _ in range(20):
        jint, jreal, breal, _, _ = _scene3(rng, L.JT_AMOTOR)
        j1, j2 = jreal.copy(), jreal.copy()
        i1, i2 = jint.copy(), jint.copy()
        getattr(core, name)(i1, j1, 0, breal, *extra)
        getattr(twin, name)(i2.reshape(-1), j2.reshape(-1), 0, breal.reshape(-1), *extra)
        assert not np.array_equal(j1, jreal)
        _same(j1, j2, 1e-4)
        _same(i1, i2)


def test_every_core_function_has_a_twin():
    """Each def of the compiled kernel exists in the twin (same names, same parameters)."""
    import inspect

    for name in dir(core):
        f = getattr(core, name)
        if name.startswith("_") or not callable(f) or name in ("np",):
            continue
        assert hasattr(twin, name), name
        try:
            params = list(inspect.signature(f).parameters)
        except (TypeError, ValueError):
            continue
        assert params == list(inspect.signature(getattr(twin, name)).parameters)[: len(params)], name
