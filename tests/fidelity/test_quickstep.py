"""QuickStep: the lcp_sor kernel (core vs twin), ODE's dRand generator, and whole quickStep scenes.

Fidelity: the scenes of ``tests/support/scenes_quickstep.py`` against libode 0.16.2's recording
(``tools/record/record_quickstep.py``): ODE's row order and its random reordering are matched, so double
precision agrees with Debian's libode to 1e-9 (observed ~1e-11). Under ODE_PRECISION=single the reference is
libode built in single precision (tests/data/single/quickstep.json), within ``SINGLE_TOLERANCE``.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
import scenes_quickstep
from kernels import kernel_pair
from scenes_quickstep import SCENES

import ode
from ode import _backend
from ode import _layout as L

core_sor, twin_sor = kernel_pair("lcp_sor")
core_step, twin_step = kernel_pair("step")

DOUBLE = _backend.precision == "double"
REAL = _backend.REAL
DATA = scenes_quickstep.recording()
# libode 0.16.2 built in single precision: the reference for the scenes under ODE_PRECISION=single.
SINGLE_DATA = scenes_quickstep.recording("single")
# Max |ours - single libode| per scene, about 3x the worst measured with the compiled and the Python backends
# in single precision (both round in float32, in different places). Worst: 3.0e-5 (ball chain), 3.7e-3 (hinge
# motor: feedback forces up to 170 N, so 2e-5 relative), 4.9e-7 (box contacts: the same corners touch as in
# single libode, so the rows and dRand draws agree, which double libode's corners do not).
SINGLE_TOLERANCE = {"qs_ball_chain": 9e-5, "qs_hinge_motor": 2e-2, "qs_box_contacts": 2e-6}


# ---------------------------------------------------------------- ODE's generator

def test_rand_int_matches_libode_draws():
    """dRandInt(n) and the seed it leaves, for n from 1 to 2^31-1, equal libode's (core and twin)."""
    assert len(DATA["rand"]) > 50
    for seed, n, value, after in DATA["rand"]:
        assert twin_sor.rand_int(seed, n) == (after, value)
        assert core_sor.rand_int(seed, n) == (after, value)
        assert twin_sor.rand_next(seed) == core_sor.rand_next(seed) == after


def test_rand_seed_api():
    """randSetSeed keeps the seed modulo 2^32 (as ODE does) and rejects non-integers and negatives."""
    old = ode.randGetSeed()
    try:
        ode.randSetSeed(2**40 + 5)
        assert ode.randGetSeed() == 5
        ode.randSetSeed(0)
        assert ode.randGetSeed() == 0
        with pytest.raises(TypeError):
            ode.randSetSeed(1.5)
        with pytest.raises(TypeError):
            ode.randSetSeed(True)
        with pytest.raises(ValueError):
            ode.randSetSeed(-1)
    finally:
        ode.randSetSeed(old)


# ---------------------------------------------------------------- the SOR kernel

def _problem(rng, m: int, nb: int, friction: bool):
    """A random SOR problem: rows between random bodies, SPD-ish diagonal, some bounded and friction rows."""
    J = rng.normal(size=12 * m)
    iMJ = J * rng.uniform(0.2, 2.0, size=12 * m)
    jb = np.full(2 * m, -1, dtype=np.int32)
    for i in range(m):
        jb[2 * i] = rng.integers(nb)
        if rng.random() < 0.7:
            jb[2 * i + 1] = (jb[2 * i] + 1 + rng.integers(nb - 1)) % nb
        else:
            J[12 * i + 6:12 * i + 12] = 0.0
            iMJ[12 * i + 6:12 * i + 12] = 0.0
    rhs = rng.normal(size=m)
    cfm = rng.uniform(0.0, 1e-3, size=m)
    lo = np.where(rng.random(m) < 0.5, -np.inf, -rng.uniform(0.1, 2.0, m))
    hi = np.where(rng.random(m) < 0.5, np.inf, rng.uniform(0.1, 2.0, m))
    findex = np.full(m, -1, dtype=np.int32)
    if friction:
        for i in range(1, m, 3):
            findex[i] = i - 1
            lo[i - 1] = 0.0
            hi[i - 1] = np.inf
            hi[i] = 0.7
    return J, iMJ, jb, rhs, cfm, lo, hi, findex


def _run_sor(mod, args, m, nb, iters, w, seed, as_list):
    J, iMJ, jb, rhs, cfm, lo, hi, findex = args
    lam = np.zeros(m, dtype=REAL)
    fc = np.zeros(6 * nb, dtype=REAL)
    if as_list:
        lam_l, fc_l = [0.0] * m, [0.0] * (6 * nb)
        s = mod.solve_sor(m, nb, *(a.tolist() for a in (J, iMJ, jb, rhs, cfm, lo, hi, findex)), lam_l, fc_l,
                          iters, w, seed)
        return s, np.array(lam_l), np.array(fc_l)
    conv = [np.ascontiguousarray(a, dtype=REAL) for a in (J, iMJ)] + [jb]
    conv += [np.ascontiguousarray(a, dtype=REAL) for a in (rhs, cfm, lo, hi)] + [findex]
    s = mod.solve_sor(m, nb, *conv, lam, fc, iters, w, seed)
    return s, lam.astype(np.float64), fc.astype(np.float64)


@pytest.mark.parametrize("m,nb,friction,iters", [(1, 2, False, 1), (7, 3, False, 20), (24, 6, True, 20),
                                                 (40, 9, True, 33)])
def test_sor_core_twin_parity(m, nb, friction, iters):
    """Same multipliers, body sums and final seed from the Cython kernel and the Python twin."""
    rng = np.random.default_rng(m * 100 + iters)
    args = _problem(rng, m, nb, friction)
    if not DOUBLE:
        args = tuple(a.astype(np.float32).astype(a.dtype) if a.dtype.kind == "f" else a for a in args)
    s1, lam1, fc1 = _run_sor(core_sor, args, m, nb, iters, 1.3, 4242, False)
    s2, lam2, fc2 = _run_sor(twin_sor, args, m, nb, iters, 1.3, 4242, True)
    assert s1 == s2
    expected_draws = ((iters - 1) // 8) * (m - 1)
    s = 4242
    for _ in range(expected_draws):
        s = twin_sor.rand_next(s)
    assert s1 == s
    if DOUBLE:
        assert np.array_equal(lam1, lam2) and np.array_equal(fc1, fc2)
    else:
        assert np.allclose(lam1, lam2, rtol=1e-3, atol=1e-3)


def test_sor_converges_to_the_linear_solution():
    """Unbounded rows with w = 1 and many iterations solve A lam = rhs (Gauss-Seidel on an SPD matrix)."""
    rng = np.random.default_rng(5)
    m, nb = 6, 3
    J, iMJ, jb, rhs, cfm, lo, hi, findex = _problem(rng, m, nb, False)
    lo[:] = -np.inf
    hi[:] = np.inf
    iMJ = J.copy()  # unit masses: A = J J^T + diag(cfm)
    s, lam, fc = _run_sor(twin_sor, (J, iMJ, jb, rhs, cfm, lo, hi, findex), m, nb, 4000, 1.0, 1, True)
    A = np.zeros((m, m))
    for i in range(m):
        for k in range(m):
            for si in range(2):
                for sk in range(2):
                    if jb[2 * i + si] >= 0 and jb[2 * i + si] == jb[2 * k + sk]:
                        p, q = 12 * i + 6 * si, 12 * k + 6 * sk
                        A[i, k] += J[p:p + 6] @ iMJ[q:q + 6]
        A[i, i] += cfm[i]
    assert np.allclose(A @ lam, rhs, atol=1e-8)
    assert np.all(np.isfinite(fc))


def test_sor_bounds_and_friction_respected():
    """Every multiplier ends inside its box; friction rows inside +-mu times their normal multiplier."""
    rng = np.random.default_rng(11)
    m, nb = 30, 5
    args = _problem(rng, m, nb, True)
    _, lam, _ = _run_sor(twin_sor, args, m, nb, 20, 1.3, 7, True)
    lo, hi, findex = args[5], args[6], args[7]
    for i in range(m):
        if findex[i] >= 0:
            assert abs(lam[i]) <= hi[i] * abs(lam[findex[i]]) + 1e-12
        else:
            assert lo[i] <= lam[i] <= hi[i]


# ---------------------------------------------------------------- whole quickStep scenes

def _scene_arrays(name: str):
    """Build scene ``name`` (without stepping) by running zero steps of its builder, then return its world."""
    built = {}
    orig = ode.World.quickStep

    def capture(self, h):
        built.setdefault("world", self)
        raise _Stop

    ode.World.quickStep = capture
    try:
        SCENES[name](ode)
    except _Stop:
        pass
    finally:
        ode.World.quickStep = orig
    return built["world"]


class _Stop(Exception):
    pass


@pytest.mark.parametrize("name", ["qs_ball_chain", "qs_hinge_motor"])
def test_quickstep_scene_core_twin_parity(name):
    """40 quickSteps of a scene's arrays through the core and the twin: bit-identical in double."""
    w = _scene_arrays(name)
    st = w._state
    nb, nj = st.bodies.count, st.joints.count
    out = []
    for mod in (core_step, twin_step):
        br, bi = st.bodies.real.copy(), st.bodies.ints.copy()
        jr, ji = st.joints.real.copy(), st.joints.ints.copy()
        wr = st.wreal.copy()
        seed = 1
        for _ in range(40):
            _, seed = mod.world_quick_step(br, bi, nb, jr, ji, nj, wr, 0.01, seed)
        out.append((br, jr, seed))
    assert out[0][2] == out[1][2]
    a, b = out[0][0].astype(np.float64), out[1][0].astype(np.float64)
    if DOUBLE:
        assert np.array_equal(a, b)
        assert np.array_equal(out[0][1], out[1][1])
    else:
        assert np.allclose(a, b, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("name", ["qs_ball_chain", "qs_hinge_motor", "qs_box_contacts"])
def test_quickstep_scene_matches_libode(name):
    """Trajectories (and joint angles, feedback) follow libode's quickStep in our precision; the dRand seed
    ends equal."""
    ours = SCENES[name](ode)
    ref = (DATA if DOUBLE else SINGLE_DATA)["scenes"][name]
    tol = 1e-9 if DOUBLE else SINGLE_TOLERANCE[name]
    a = np.array(ours["states"])
    b = np.array(ref["states"])
    assert a.shape == b.shape
    print(f"{name}: max deviation {np.max(np.abs(a - b)):.3e}, tol {tol:g}")
    assert np.max(np.abs(a - b)) < tol
    assert ours["seed"] == ref["seed"]


# ---------------------------------------------------------------- API

def test_quickstep_parameters_and_bad_input():
    """Defaults 20 and 1.3; setters store; iterations < 1, W <= 0, NaN and wrong types raise."""
    w = ode.World()
    assert w.getQuickStepNumIterations() == 20
    assert w.getQuickStepW() == pytest.approx(1.3)
    w.setQuickStepNumIterations(7)
    w.setQuickStepW(0.9)
    assert w.getQuickStepNumIterations() == 7
    assert w.getQuickStepW() == pytest.approx(0.9)
    bad_iterations = ((0, ValueError), (-3, ValueError), (2.5, TypeError), ("5", TypeError),
                      (True, TypeError))
    for bad, exc in bad_iterations:
        with pytest.raises(exc):
            w.setQuickStepNumIterations(bad)
    for bad, exc in ((0.0, ValueError), (-1.0, ValueError), (math.nan, ValueError), (math.inf, ValueError),
                     (None, TypeError)):
        with pytest.raises(exc):
            w.setQuickStepW(bad)
    for bad, exc in ((0.0, ValueError), (-0.01, ValueError), (math.nan, ValueError), ("x", TypeError)):
        with pytest.raises(exc):
            w.quickStep(bad)


def test_quickstep_advances_the_generator_and_free_bodies():
    """quickStep without joints draws nothing; free bodies fall as under step."""
    w1, w2 = ode.World(), ode.World()
    for w in (w1, w2):
        w.setGravity((0.0, 0.0, -9.81))
        b = ode.Body(w)
        b.setAngularVel((0.3, 0.2, 0.1))
    ode.randSetSeed(17)
    for _ in range(5):
        w1.quickStep(0.01)
        w2.step(0.01)
    assert ode.randGetSeed() == 17
    b1 = w1._state.bodies.real[0, :L.B_AVEL + 3]
    b2 = w2._state.bodies.real[0, :L.B_AVEL + 3]
    assert np.array_equal(b1, b2)


def test_core_and_twin_expose_the_same_functions():
    """Every public function of the compiled lcp_sor has a twin with the same parameters (and vice versa)."""
    names = {n for n in dir(core_sor) if not n.startswith("_") and callable(getattr(core_sor, n))}
    names.discard("np")
    for n in ("rand_next", "rand_int", "solve_sor"):
        assert n in names
        core_params = list(inspect.signature(getattr(core_sor, n)).parameters)
        twin_params = list(inspect.signature(getattr(twin_sor, n)).parameters)
        assert core_params == twin_params
    for n in ("world_quick_step", "damp_bodies", "world_step"):
        core_params = list(inspect.signature(getattr(core_step, n)).parameters)
        assert core_params == list(inspect.signature(getattr(twin_step, n)).parameters)
