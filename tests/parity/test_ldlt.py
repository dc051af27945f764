"""The LDL^T kernel: core vs twin bit for bit in double, accuracy against numpy and recorded libode output."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from kernels import core_kernel

from ode import _backend
from ode._fallback import ldlt as twin

DATA = Path(__file__).resolve().parents[1] / "data" / "ldlt.json"
SIZES = (1, 2, 3, 4, 5, 6, 7, 8, 11, 16, 23, 32, 47, 60)


def _spd(n: int, seed: int, cfm: float = 1e-2) -> np.ndarray:
    """A random SPD matrix shaped like J M^-1 J^T + CFM."""
    rng = np.random.default_rng(seed)
    J = rng.normal(size=(n, n + 3))
    return J @ J.T / (n + 3) + cfm * np.eye(n)


def _twin_factor(A: np.ndarray, nskip: int | None = None) -> tuple:
    """Run the twin kernel on a flat list (row stride nskip >= n); returns (L, d, status) as float64."""
    n = A.shape[0]
    nskip = n if nskip is None else nskip
    flat = [0.0] * (n * nskip)
    for i in range(n):
        for k in range(n):
            flat[i * nskip + k] = float(A[i, k])
    d = [0.0] * n
    status = twin.factor_ldlt(flat, d, n, nskip)
    lower = np.array(flat).reshape(n, nskip)[:, :n]
    return np.tril(lower, -1) + np.eye(n), np.array(d), status


def _twin_solve(L: np.ndarray, d: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The twin's solve on flat lists, as float64."""
    x = [float(v) for v in b]
    twin.solve_ldlt([float(v) for v in L.ravel()], [float(v) for v in d], x, len(x), len(x))
    return np.array(x)


@pytest.fixture(scope="module")
def core():
    """The double-precision compiled kernel (skipped when it is not built)."""
    return core_kernel("ldlt", "double")


@pytest.mark.parametrize("n", SIZES)
def test_core_matches_twin_bit_for_bit(core, n):
    A = _spd(n, seed=n)
    b = np.random.default_rng(100 + n).normal(size=n)
    L, d = core.ldlt_factor(A)
    Lt, dt, status = _twin_factor(A)
    assert status == 0
    assert L.dtype == np.float64 and d.dtype == np.float64
    assert np.array_equal(L, Lt)
    assert np.array_equal(d, dt)
    assert np.array_equal(core.ldlt_solve(L, d, b), _twin_solve(Lt, dt, b))


@pytest.mark.parametrize("n", (1, 5, 16, 33))
def test_twin_row_stride_does_not_change_the_result(n):
    A = _spd(n, seed=7 * n)
    L1, d1, _ = _twin_factor(A)
    L2, d2, _ = _twin_factor(A, nskip=n + 5)
    assert np.array_equal(L1, L2) and np.array_equal(d1, d2)


@pytest.mark.parametrize("n", (1, 2, 9, 30, 60))
def test_factor_reconstructs_and_solves(n):
    A = _spd(n, seed=3 * n)
    b = np.random.default_rng(n).normal(size=n)
    L, d, status = _twin_factor(A)
    assert status == 0
    assert np.allclose(L @ np.diag(1.0 / d) @ L.T, A, rtol=0, atol=1e-12)
    x = _twin_solve(L, d, b)
    assert np.allclose(x, np.linalg.solve(A, b), rtol=0, atol=1e-10)


def test_backend_wrappers_solve_linear_systems():
    mod = _backend.kernel("ldlt")
    tol = 1e-10 if _backend.precision == "double" else 2e-4
    for n in (1, 4, 17, 40):
        A = _spd(n, seed=n + 50, cfm=0.5)
        b = np.random.default_rng(n).normal(size=n)
        L, d = mod.ldlt_factor(A)
        assert L.dtype == _backend.REAL and d.dtype == _backend.REAL
        assert np.allclose(np.triu(L, 1), 0.0) and np.allclose(np.diag(L), 1.0)
        x = mod.ldlt_solve(L, d, b)
        assert x.dtype == _backend.REAL
        assert np.allclose(x, np.linalg.solve(A, b), rtol=0, atol=tol * (1 + np.abs(x).max()))


def test_matches_recorded_libode():
    cases = json.loads(DATA.read_text())["cases"]
    assert len(cases) >= 5
    for case in cases:
        A = np.array(case["A"])
        L, d, status = _twin_factor(A)
        assert status == 0
        assert np.allclose(L, np.array(case["L"]), rtol=0, atol=1e-12)
        assert np.allclose(d, np.array(case["d"]), rtol=1e-12, atol=0)
        x = _twin_solve(L, d, np.array(case["b"]))
        assert np.allclose(x, np.array(case["x"]), rtol=0, atol=1e-11)


@pytest.mark.parametrize("bad_pivot", (0, 1, 4))
def test_non_positive_pivot_reports_its_row(bad_pivot):
    A = _spd(6, seed=11)
    A[bad_pivot, :] = 0.0
    A[:, bad_pivot] = 0.0
    _, _, status = _twin_factor(A)
    assert status == bad_pivot + 1


def test_indefinite_and_bad_shapes_raise():
    mod = _backend.kernel("ldlt")
    with pytest.raises(ValueError, match="positive definite"):
        mod.ldlt_factor(np.array([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(ValueError, match="square"):
        mod.ldlt_factor(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="non-finite"):
        mod.ldlt_factor(np.array([[np.nan]]))
    L, d = mod.ldlt_factor(np.eye(3))
    with pytest.raises(ValueError, match="shape"):
        mod.ldlt_solve(L, d, np.ones(4))


def test_core_raises_like_twin(core):
    with pytest.raises(ValueError, match="pivot 1"):
        core.ldlt_factor(np.array([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(ValueError, match="pivot 1"):
        twin.ldlt_factor(np.array([[1.0, 2.0], [2.0, 1.0]]))


def test_single_precision_core_within_tolerance():
    single = core_kernel("ldlt", "single")
    for n in (3, 20, 60):
        A = _spd(n, seed=n + 1, cfm=0.2)
        b = np.random.default_rng(n).normal(size=n)
        L, d = single.ldlt_factor(A)
        assert L.dtype == np.float32
        Lt, dt, _ = _twin_factor(A)
        # float32 rounding at every operation: 1e-4 relative for these well-conditioned matrices
        assert np.allclose(L, Lt, rtol=0, atol=1e-4)
        assert np.allclose(d, dt, rtol=1e-4, atol=0)
        x = single.ldlt_solve(L, d, b)
        ref = np.linalg.solve(A, b)
        assert np.abs(x - ref).max() <= 1e-4 * (1 + np.abs(ref).max())


def test_core_and_twin_expose_the_same_functions(core):
    import inspect

    for name in core.__all__:
        assert str(inspect.signature(getattr(core, name))) == str(inspect.signature(getattr(twin, name)))
