"""The Dantzig LCP kernel: core vs twin bit for bit, solution properties, friction rows, degenerate input."""

from __future__ import annotations

import time

import numpy as np
import pytest
from kernels import core_kernel

from ode import _backend
from ode._fallback import lcp_dantzig as twin

INF = np.inf
SIZES = (1, 2, 3, 5, 8, 13, 21, 34, 47, 60)


def _problem(n: int, seed: int, nub: int | None = None, cfm: float = 1e-3) -> tuple:
    """A random contact-like LCP: A = J M^-1 J^T + CFM; unbounded, boxed, one-sided and friction rows."""
    rng = np.random.default_rng(seed)
    cols = 6 * max(1, n // 3)
    J = rng.normal(size=(n, cols))
    A = J @ J.T / cols + cfm * np.diag(1.0 + rng.random(n))
    b = rng.normal(size=n)
    lo = np.zeros(n)
    hi = np.zeros(n)
    findex = np.full(n, -1)
    nub = int(rng.integers(0, n + 1)) // 2 if nub is None else nub
    normals: list = []
    for i in range(n):
        kind = -1 if i < nub else int(rng.integers(0, 6))
        if kind in (-1, 0):
            lo[i], hi[i] = -INF, INF
        elif kind == 1:
            lo[i], hi[i] = 0.0, INF
            normals.append(i)
        elif kind == 2:
            hi[i] = rng.random()
            lo[i] = -hi[i]
        elif kind == 3:
            lo[i], hi[i] = -INF, rng.random()
        elif kind == 4:
            lo[i], hi[i] = -rng.random(), 0.0
        elif normals:
            findex[i] = rng.choice(normals)
            hi[i] = 2.0 * rng.random()
            lo[i] = -hi[i]
        else:
            lo[i], hi[i] = 0.0, INF
    return A, b, lo, hi, findex, nub


def _twin_run(A, b, lo, hi, findex, nub) -> tuple:
    """The twin kernel on flat lists (env-independent float64 results): (x, w, status, lo_used, hi_used)."""
    n = len(b)
    lo_l = [float(v) for v in lo]
    hi_l = [float(v) for v in hi]
    x = [0.0] * n
    w = [0.0] * n
    status = twin.solve_lcp(n, [float(v) for v in np.asarray(A).ravel()], x, [float(v) for v in b], w, nub,
                            lo_l, hi_l, [int(v) for v in findex])
    return np.array(x), np.array(w), status, np.array(lo_l), np.array(hi_l)


def _assert_solution(A, b, lo, hi, x, w, tol: float) -> None:
    """A x = b + w, lo <= x <= hi and complementarity, each to tol relative to the problem's scale."""
    scale = 1.0 + np.abs(b).max() + np.abs(A).max() * np.abs(x).max()
    t = tol * scale
    assert np.all(np.isfinite(x)) and np.all(np.isfinite(w))
    assert np.abs(A @ x - b - w).max() <= t
    assert np.all(x >= lo - t) and np.all(x <= hi + t)
    for i in range(len(x)):
        at_lo = abs(x[i] - lo[i]) <= t and w[i] >= -t
        at_hi = abs(x[i] - hi[i]) <= t and w[i] <= t
        inside = abs(w[i]) <= t
        assert at_lo or at_hi or inside, f"row {i}: x={x[i]} w={w[i]} bounds=({lo[i]}, {hi[i]})"


def _pgs(A, b, lo, hi, sweeps: int = 20000) -> np.ndarray:
    """Projected Gauss-Seidel to convergence: an independent reference for SPD problems with fixed bounds."""
    x = np.zeros(len(b))
    for _ in range(sweeps):
        prev = x.copy()
        for i in range(len(b)):
            r = b[i] - A[i] @ x + A[i, i] * x[i]
            x[i] = min(max(r / A[i, i], lo[i]), hi[i])
        if np.abs(x - prev).max() < 1e-14:
            break
    return x


@pytest.fixture(scope="module")
def core():
    """The double-precision compiled kernel (skipped when it is not built)."""
    return core_kernel("lcp_dantzig", "double")


@pytest.mark.parametrize("seed", (0, 1, 2))
@pytest.mark.parametrize("n", SIZES)
def test_core_matches_twin_bit_for_bit(core, n, seed):
    A, b, lo, hi, findex, nub = _problem(n, seed=1000 * seed + n)
    xc, wc, sc, loc, hic = core.lcp(A, b, lo, hi, findex, nub, return_bounds=True)
    xt, wt, st, lot, hit = _twin_run(A, b, lo, hi, findex, nub)
    assert sc == st == 0
    assert xc.dtype == np.float64
    assert np.array_equal(xc, xt)
    assert np.array_equal(wc, wt)
    assert np.array_equal(loc, lot) and np.array_equal(hic, hit)


@pytest.mark.parametrize("n", SIZES)
def test_twin_solution_satisfies_the_lcp(n):
    for seed in range(2):
        A, b, lo, hi, findex, nub = _problem(n, seed=77 * n + seed)
        x, w, status, lo_used, hi_used = _twin_run(A, b, lo, hi, findex, nub)
        assert status == 0
        _assert_solution(A, b, lo_used, hi_used, x, w, tol=1e-9)
        assert np.all(w[:nub] == 0.0)


def test_backend_solution_satisfies_the_lcp():
    mod = _backend.kernel("lcp_dantzig")
    tol = 1e-9 if _backend.precision == "double" else 5e-4
    for n in (1, 4, 12, 30):
        A, b, lo, hi, findex, nub = _problem(n, seed=500 + n, cfm=0.05)
        x, w, status, lo_used, hi_used = mod.lcp(A, b, lo, hi, findex, nub, return_bounds=True)
        assert status == 0
        assert x.dtype == _backend.REAL and w.dtype == _backend.REAL
        lo_used, hi_used, x, w = (v.astype(float) for v in (lo_used, hi_used, x, w))
        _assert_solution(A, b, lo_used, hi_used, x, w, tol)


@pytest.mark.parametrize("n", (1, 6, 25, 60))
def test_pure_linear_system_equals_numpy(n):
    A, b, _, _, _, _ = _problem(n, seed=n)
    ref = np.linalg.solve(A, b)
    unb = np.full(n, INF)
    for nub in (n, 0):  # one factor+solve, and the same answer through pivoting
        x, w, status, _, _ = _twin_run(A, b, -unb, unb, np.full(n, -1), nub)
        assert status == 0
        assert np.abs(x - ref).max() <= 1e-10 * (1 + np.abs(ref).max())
        assert np.all(w == 0.0)


@pytest.mark.parametrize("n", (3, 10, 20))
def test_agrees_with_projected_gauss_seidel(n):
    A, b, lo, hi, _, nub = _problem(n, seed=300 + n, cfm=0.3)
    lo[:nub], hi[:nub] = -INF, INF
    x, _, status, _, _ = _twin_run(A, b, lo, hi, np.full(n, -1), nub)
    assert status == 0
    assert np.abs(x - _pgs(A, b, lo, hi)).max() <= 1e-9 * (1 + np.abs(x).max())


def test_one_row_cases():
    A = np.array([[2.0]])
    cases = [  # (b, lo, hi) -> (x, w)
        (4.0, 0.0, 1.0, 1.0, -2.0),
        (-4.0, 0.0, 1.0, 0.0, 4.0),
        (1.0, 0.0, 1.0, 0.5, 0.0),
        (-3.0, -INF, INF, -1.5, 0.0),
        (3.0, -INF, 0.0, 0.0, -3.0),
        (-5.0, -2.0, 2.0, -2.0, 1.0),
    ]
    for b, lo, hi, x_ref, w_ref in cases:
        x, w, status, _, _ = _twin_run(A, np.array([b]), np.array([lo]), np.array([hi]), [-1], 0)
        assert status == 0
        assert x[0] == x_ref and w[0] == w_ref


def test_friction_bounds_come_from_the_normal_force():
    # row 0 is a friction row listed before its normal (row 1); the normal is pushed onto its upper bound 2,
    # so the friction bound must be mu * 2 = 1.0 and the friction force saturates at -1.0.
    A = np.array([[1.0, 0.1], [0.1, 1.0]])
    b = np.array([-5.0, 10.0])
    lo = np.array([0.0, 0.0])
    hi = np.array([0.5, 2.0])
    x, w, status, lo_used, hi_used = _twin_run(A, b, lo, hi, [1, -1], 0)
    assert status == 0
    assert x[1] == 2.0 and hi_used[0] == 1.0 and lo_used[0] == -1.0
    assert x[0] == -1.0 and w[0] > 0.0
    _assert_solution(A, b, lo_used, hi_used, x, w, 1e-12)


def test_friction_row_with_no_normal_force_is_pinned():
    A = np.array([[1.0, 0.0], [0.0, 1.0]])
    b = np.array([-1.0, 3.0])  # the normal row wants to pull (x < 0) so it stays at 0
    x, w, status, lo_used, hi_used = _twin_run(A, b, np.array([0.0, -1.0]), np.array([INF, 0.7]), [-1, 0], 0)
    assert status == 0
    assert x[0] == 0.0 and hi_used[1] == 0.0 and lo_used[1] == 0.0 and x[1] == 0.0
    assert w[1] == -3.0


def test_findex_ignored_for_unbounded_rows():
    A, b, _, _, _, _ = _problem(4, seed=4)
    unb = np.full(4, INF)
    mod = _backend.kernel("lcp_dantzig")
    x1, _, s1 = mod.lcp(A, b, -unb, unb, [1, -1, -1, -1], 4)
    x2, _, s2 = mod.lcp(A, b, -unb, unb, None, 4)
    assert s1 == s2 == 0 and np.array_equal(x1, x2)


@pytest.mark.parametrize("seed", range(6))
def test_degenerate_input_ends_with_finite_x(seed):
    rng = np.random.default_rng(seed)
    n = 8
    J = rng.normal(size=(n, 3))
    mats = [J @ J.T, J @ J.T - 0.1 * np.eye(n), np.zeros((n, n)), -np.eye(n)]
    b = rng.normal(size=n)
    lo = np.where(rng.random(n) < 0.5, 0.0, -INF)
    hi = np.where(rng.random(n) < 0.5, INF, 1.0)
    start = time.perf_counter()
    for A in mats:
        for nub in (0, 3, n):
            x, w, status, _, _ = _twin_run(A, b, lo, hi, np.full(n, -1), nub)
            assert np.all(np.isfinite(x)) and np.all(np.isfinite(w))
            assert status in (0, twin.FAIL_FACTOR, twin.FAIL_PIVOT, twin.FAIL_LIMIT, twin.FAIL_ACCURACY)
            if status == 0:
                _assert_solution(A, b, lo, hi, x, w, 1e-6)
    assert time.perf_counter() - start < 5.0
    # an indefinite unbounded block cannot be factored
    _, _, status, _, _ = _twin_run(-np.eye(n), b, lo, hi, np.full(n, -1), n)
    assert status == twin.FAIL_FACTOR


def test_degenerate_core_matches_twin(core):
    rng = np.random.default_rng(9)
    n = 10
    J = rng.normal(size=(n, 4))
    b = rng.normal(size=n)
    lo = np.where(rng.random(n) < 0.5, 0.0, -1.0)
    hi = np.where(rng.random(n) < 0.5, INF, 1.0)
    for A in (J @ J.T, J @ J.T - 0.05 * np.eye(n), np.zeros((n, n))):
        xc, wc, sc = core.lcp(A, b, lo, hi, None, 0)
        xt, wt, st, _, _ = _twin_run(A, b, lo, hi, np.full(n, -1), 0)
        assert sc == st
        assert np.array_equal(xc, xt) and np.array_equal(wc, wt)


def test_bounds_excluding_zero_are_reached():
    A = np.array([[1.0, 0.2], [0.2, 1.0]])
    b = np.array([0.0, 0.0])
    x, w, status, _, _ = _twin_run(A, b, np.array([1.0, -INF]), np.array([3.0, -2.0]), [-1, -1], 0)
    assert status == 0
    _assert_solution(A, b, np.array([1.0, -INF]), np.array([3.0, -2.0]), x, w, 1e-12)
    assert x[0] == 1.0 and x[1] == -2.0


def test_argument_validation():
    mod = _backend.kernel("lcp_dantzig")
    A = np.eye(2)
    b = np.zeros(2)
    with pytest.raises(ValueError, match="square"):
        mod.lcp(np.zeros((2, 3)), b, None, None, None, 0)
    with pytest.raises(ValueError, match="non-finite"):
        mod.lcp(np.array([[np.nan, 0], [0, 1]]), b, None, None, None, 0)
    with pytest.raises(ValueError, match="b must"):
        mod.lcp(A, np.zeros(3), None, None, None, 0)
    with pytest.raises(ValueError, match="lo <= hi"):
        mod.lcp(A, b, [1.0, 0.0], [0.0, 1.0], None, 0)
    with pytest.raises(ValueError, match="nub"):
        mod.lcp(A, b, None, None, None, 3)
    with pytest.raises(TypeError, match="nub"):
        mod.lcp(A, b, None, None, None, 1.5)
    with pytest.raises(ValueError, match="findex"):
        mod.lcp(A, b, None, None, [0, -1], 0)
    with pytest.raises(ValueError, match="findex"):
        mod.lcp(A, b, None, None, [2, -1], 0)
    x, w, status = mod.lcp(A, np.array([1.0, -1.0]), None, None, None, 0)
    assert status == 0 and np.allclose(x, [1.0, -1.0])
    x, w, status = mod.lcp(np.zeros((0, 0)), np.zeros(0), None, None, None, 0)
    assert status == 0 and x.shape == (0,)


def test_single_precision_core_within_tolerance():
    single = core_kernel("lcp_dantzig", "single")
    for n in (2, 9, 30, 60):
        A, b, lo, hi, findex, nub = _problem(n, seed=900 + n, cfm=0.05)
        xs, ws, ss, los, his = single.lcp(A, b, lo, hi, findex, nub, return_bounds=True)
        xt, wt, st, _, _ = _twin_run(A, b, lo, hi, findex, nub)
        assert ss == st == 0 and xs.dtype == np.float32
        # every operation rounds to float32: 1e-3 relative to the solution's size on these problems
        assert np.abs(xs - xt).max() <= 1e-3 * (1 + np.abs(xt).max())
        _assert_solution(A, b, los.astype(float), his.astype(float), xs.astype(float), ws.astype(float), 1e-3)


def test_core_and_twin_expose_the_same_api(core):
    import inspect

    for name in core.__all__:
        ours, theirs = getattr(core, name), getattr(twin, name)
        if callable(ours):
            assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
        else:
            assert ours == theirs


def _box_contacts_problem(mu: float = 0.5) -> tuple:
    """The LCP of a sliding, spinning box on four corner contacts with pyramid friction (rows n, t1, t2)."""
    h, mass, cfm = 0.01, 4.8, 1e-5
    inertia = mass / 12.0 * np.array([0.3**2 + 0.2**2, 0.4**2 + 0.2**2, 0.4**2 + 0.3**2])
    minv = np.diag(np.concatenate([np.full(3, 1.0 / mass), 1.0 / inertia]))
    rows = []
    for sx in (-1.0, 1.0):
        for sy in (-1.0, 1.0):
            r = np.array([0.2 * sx, 0.15 * sy, -0.1])
            for d in np.eye(3)[[2, 0, 1]]:  # normal z first, then the friction directions x and y
                rows.append(np.concatenate([d, np.cross(r, d)]))
    J = np.array(rows)
    A = J @ minv @ J.T + cfm / h * np.eye(12)
    vel = np.array([0.8, -0.4, 0.0, 0.0, 0.0, 1.0])
    force = np.array([2.0, 0.0, -9.81 * mass, 0.0, 0.0, 0.0])
    b = -J @ (vel / h + minv @ force)
    normal = np.arange(12) % 3 == 0
    lo = np.where(normal, 0.0, -mu)
    hi = np.where(normal, INF, mu)
    findex = np.where(normal, -1, np.arange(12) - np.arange(12) % 3)
    return A, b, lo, hi, findex, normal


def test_friction_bounds_are_fixed_from_the_frictionless_normal_forces():
    # libode 0.16 (observed): all friction bounds are set to mu * (normal force of the frictionless solve)
    # before any friction row is added, and stay fixed while friction torques redistribute the normal forces.
    # Here the four frictionless normal forces are equal, so every sliding corner gets the same friction
    # force: no torque about z (the box keeps its spin) and the braking is mu times the total normal force.
    mu = 0.5
    A, b, lo, hi, findex, normal = _box_contacts_problem(mu)
    frictionless = np.linalg.solve(A[np.ix_(normal, normal)], b[normal])
    assert np.all(frictionless > 0.0)
    x, w, status, lo_used, hi_used = _twin_run(A, b, lo, hi, findex, 0)
    assert status == 0
    bound = mu * frictionless.repeat(2)
    assert np.allclose(hi_used[~normal], bound, rtol=1e-12, atol=0.0)
    assert np.array_equal(lo_used[~normal], -hi_used[~normal])
    fx, fy = x[1::3], x[2::3]
    assert np.array_equal(fx, -hi_used[1::3]) and np.array_equal(fy, hi_used[2::3])  # all sliding, saturated
    assert np.ptp(x[0::3]) > 1.0  # the final normal forces differ: bounds were not taken from them
    _assert_solution(A, b, lo_used, hi_used, x, w, 1e-10)


def test_box_contacts_problem_core_matches_twin(core):
    A, b, lo, hi, findex, _ = _box_contacts_problem()
    xc, wc, sc, loc, hic = core.lcp(A, b, lo, hi, findex, 0, return_bounds=True)
    xt, wt, st, lot, hit = _twin_run(A, b, lo, hi, findex, 0)
    assert sc == st == 0
    assert np.array_equal(xc, xt) and np.array_equal(wc, wt)
    assert np.array_equal(loc, lot) and np.array_equal(hic, hit)


def test_pyramid_friction_step_keeps_the_spin_of_a_symmetric_sliding_box():
    # Public API, one step: four corner contacts (ContactApprox1) under a box sliding and spinning about z.
    import ode

    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setCFM(1e-5)
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(200.0, 0.4, 0.3, 0.2)
    body.setMass(mass)
    body.setPosition((0.0, 0.0, 0.099))
    body.setLinearVel((0.8, -0.4, 0.0))
    body.setAngularVel((0.0, 0.0, 1.0))
    body.addForce((2.0, 0.0, 0.0))
    group = ode.JointGroup()
    joints = []
    for sx in (-0.2, 0.2):
        for sy in (-0.15, 0.15):
            contact = ode.Contact()
            contact.setMode(ode.ContactApprox1)
            contact.setMu(0.5)
            contact.setContactGeomParams((sx, sy, -0.001), (0.0, 0.0, 1.0), 0.001)
            joint = ode.ContactJoint(world, group, contact)
            joint.attach(body, None)
            joint.setFeedback(True)
            joints.append(joint)
    world.step(0.01)
    forces = np.array([j.getFeedback()[0] for j in joints], dtype=float)
    tol = 1e-12 if ode.precision == "double" else 1e-4
    mean_normal = forces[:, 2].mean()
    assert np.ptp(forces[:, 2]) > 1.0
    assert np.allclose(np.abs(forces[:, :2]), 0.5 * mean_normal, rtol=tol, atol=0.0)
    assert abs(body.getAngularVel()[2] - 1.0) <= tol
