"""The step kernel: compiled core vs pure-Python twin, bit for bit in double, within tolerance in single.

Whole simulations run on copies of the same world arrays through ``ode._core.<precision>.step``
and ``ode._fallback.step``; the helpers (mass inverse, rotations, point and force utilities) are
compared on random inputs. Under ODE_PRECISION=single the arrays are float32: the core computes in
float, the twin in double.
"""

from __future__ import annotations

import importlib
import inspect
import math

import numpy as np
import pytest
from kernels import kernel_pair

import ode
from ode import _backend
from ode import _layout as L

core, twin = kernel_pair("step")

DOUBLE = _backend.precision == "double"
REAL = _backend.REAL


def _same(a, b, tol: float) -> None:
    """Bit-identical in double; within tol (relative to magnitude) in single."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if DOUBLE:
        assert np.array_equal(a, b), f"max difference {np.max(np.abs(a - b))}"
    else:
        assert np.allclose(a, b, rtol=tol, atol=tol), f"max difference {np.max(np.abs(a - b))}"


def _free_world(n: int, seed: int) -> ode.World:
    """A world of n free bodies with every combination of modes and random states and accumulators."""
    rng = np.random.default_rng(seed)
    w = ode.World()
    w.setGravity((0.3, -9.81, 0.7))
    for k in range(n):
        b = ode.Body(w)
        m = ode.Mass()
        m.setBoxTotal(float(rng.uniform(0.5, 3.0)), *rng.uniform(0.2, 2.0, 3).tolist())
        b.setMass(m)
        q = rng.normal(size=4)
        b.setQuaternion(q.tolist())
        b.setPosition(rng.normal(size=3).tolist())
        b.setLinearVel(rng.normal(size=3).tolist())
        b.setAngularVel((rng.normal(size=3) * 6).tolist())
        b.setGyroscopicMode(k % 2 == 0)
        b.setGravityMode(k % 3 != 1)
        b.setFiniteRotationMode(k % 4 >= 2)
        if k % 4 == 3:
            b.setFiniteRotationAxis(rng.normal(size=3).tolist())
        if k % 7 == 5:
            b.disable()
    return w


def _run_both(w: ode.World, steps: int, h: float, forces=None):
    """Step copies of w's arrays with the core and with the twin; return both final array sets."""
    st = w._state
    nb, nj = st.bodies.count, st.joints.count
    sets = []
    for mod in (core, twin):
        br, bi = st.bodies.real.copy(), st.bodies.ints.copy()
        jr, ji = st.joints.real.copy(), st.joints.ints.copy()
        wr = st.wreal.copy()
        for k in range(steps):
            if forces is not None:
                br[:nb, L.B_FACC:L.B_FACC + 6] += forces[k % len(forces)][:nb]
            mod.world_step(br, bi, nb, jr, ji, nj, wr, h)
        sets.append((br, bi, jr, ji))
    return sets


def test_every_core_def_has_a_twin_with_the_same_signature():
    names = [n for n, f in vars(core).items() if callable(f) and not n.startswith("_")
             and getattr(f, "__module__", "") == core.__name__]
    assert "world_step" in names and "inverse_inertia" in names
    for n in names:
        assert hasattr(twin, n), n
        if isinstance(getattr(core, n), type):   # a class (Workspace): the same public members
            assert _public(getattr(core, n)) == _public(getattr(twin, n)), n
            continue
        assert list(inspect.signature(getattr(core, n)).parameters) == list(
            inspect.signature(getattr(twin, n)).parameters), n


def _public(cls) -> set:

    return {k for k in dir(cls) if not k.startswith("_")}


def test_free_bodies_whole_simulation_parity():
    w = _free_world(16, seed=3)
    rng = np.random.default_rng(9)
    forces = [rng.normal(size=(16, 6)).astype(REAL) for _ in range(3)]
    (a, ai, _, _), (b, bi, _, _) = _run_both(w, 60, 0.01, forces)
    n = w._state.bodies.count
    _same(a[:n], b[:n], 2e-3)
    assert np.array_equal(ai[:n], bi[:n])
    moved = ai[:n, L.BI_MOVED]              # each moved body's place in the integration order, from 1
    k = n - sum(1 for k in range(16) if k % 7 == 5)
    assert sorted(moved[moved > 0].tolist()) == list(range(1, k + 1))


def test_disabled_bodies_are_not_moved_and_keep_accumulators():
    w = _free_world(3, seed=1)
    bodies = list(w._state.body_objects.values())
    bodies[1].disable()
    bodies[1].addForce((1.0, 2.0, 3.0))
    before = bodies[1].getPosition()
    for mod in (core, twin):
        st = w._state
        br, bi = st.bodies.real.copy(), st.bodies.ints.copy()
        mod.world_step(br, bi, st.bodies.count, st.joints.real, st.joints.ints, 0, st.wreal, 0.01)
        s = bodies[1]._slot
        assert tuple(br[s, L.B_POS:L.B_POS + 3].tolist()) == before
        assert br[s, L.B_FACC:L.B_FACC + 3].tolist() == [1.0, 2.0, 3.0]
        assert bi[s, L.BI_MOVED] == 0 and bi[bodies[0]._slot, L.BI_MOVED] > 0


def _chain(n: int, joint: str) -> ode.World:
    """A hanging chain of n bodies joined by ball or hinge joints, the first one to the environment."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    prev = None
    for k in range(n):
        b = ode.Body(w)
        m = ode.Mass()
        m.setSphere(100.0, 0.1)
        b.setMass(m)
        b.setPosition((0.25 * (k + 1), 0.0, 2.0))
        b.setAngularVel((0.0, 0.3 * k, 0.1))
        j = ode.BallJoint(w) if joint == "ball" else ode.HingeJoint(w)
        j.attach(prev, b) if prev is not None else j.attach(b, ode.environment)
        anchor = (0.25 * k, 0.0, 2.0)
        if joint == "ball":
            j.setAnchor(anchor)
        else:
            j.setAnchor(anchor)
            j.setAxis((0.0, 1.0, 0.2))
        if k == n - 1:
            j.setFeedback(True)
        prev = b
    return w


@pytest.mark.parametrize("joint", ["ball", "hinge"])
def test_chain_whole_simulation_parity(joint):
    if not hasattr(ode, "BallJoint") or not hasattr(ode.BallJoint, "setFeedback"):
        pytest.skip("joints are not available")
    w = _chain(6, joint)
    (a, ai, ja, jai), (b, bi, jb, jbi) = _run_both(w, 40, 0.01)
    n, m = w._state.bodies.count, w._state.joints.count
    _same(a[:n], b[:n], 5e-3)
    _same(ja[:m, L.J_FB:L.J_FB + 12], jb[:m, L.J_FB:L.J_FB + 12], 5e-2)
    assert np.array_equal(ai[:n], bi[:n])
    assert np.abs(ja[:m, L.J_FB:L.J_FB + 12]).max() > 0.0


def _rand(rng, n):
    return tuple(rng.normal(size=n).tolist())


@pytest.mark.parametrize("seed", range(5))
def test_helpers_parity(seed):
    rng = np.random.default_rng(seed)
    q, R = twin.rotation_from_quaternion(_rand(rng, 4))
    pos, v, w, p, f = (_rand(rng, 3) for _ in range(5))
    A = rng.normal(size=(3, 3))
    I = tuple((A @ A.T + 3 * np.eye(3)).ravel().tolist())
    cases = [
        ("inverse_inertia", (I,)),
        ("rotation_from_matrix", (R,)),
        ("rotation_from_matrix", (tuple(x + 0.01 * y for x, y in zip(R, _rand(rng, 9))),)),
        ("rotation_from_quaternion", (_rand(rng, 4),)),
        ("vector_to_world", (R, v)),
        ("vector_from_world", (R, v)),
        ("rel_point_pos", (R, pos, p)),
        ("pos_rel_point", (R, pos, p)),
        ("point_vel", (pos, v, w, p)),
        ("rel_point_vel", (R, v, w, p)),
        ("force_at", (v, w, f, p)),
        ("finite_axis", (p,)),
        ("impulse_to_force", (0.01 + abs(pos[0]), v)),
    ]
    for name, args in cases:
        if not DOUBLE:  # the core rounds its inputs to float; give both the same float inputs
            args = tuple(_f32(a) for a in args)
        out_core = getattr(core, name)(*args)
        out_twin = getattr(twin, name)(*args)
        if name == "inverse_inertia":
            assert out_core[0] is True and out_twin[0] is True
            out_core, out_twin = out_core[1], out_twin[1]
        _same(_flat(out_core), _flat(out_twin), 1e-5)


def _f32(a):
    """A number or tuple rounded to float32 values."""
    if isinstance(a, tuple):
        return tuple(float(np.float32(x)) for x in a)
    return float(np.float32(a))


def _flat(out) -> list:
    """A helper's result (a tuple of floats or of tuples) as one flat list."""
    flat = []
    for x in out:
        flat.extend(x if isinstance(x, tuple) else [x])
    return flat


def test_inverse_inertia_rejects_non_positive_definite():
    for mod in (core, twin):
        ok, inv = mod.inverse_inertia((1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 1.0))
        assert ok is False
        assert inv == (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
        ok, inv = mod.inverse_inertia((2.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 8.0))
        assert ok is True
        assert np.allclose(inv, np.diag([0.5, 0.25, 0.125]).ravel())


def test_world_step_rejects_bad_arrays():
    w = _free_world(2, seed=0)
    st = w._state
    with pytest.raises(TypeError):
        core.world_step(st.bodies.real.astype(np.float16), st.bodies.ints, 2, st.joints.real,
                        st.joints.ints, 0, st.wreal, 0.01)
    with pytest.raises(ValueError):
        core.world_step(st.bodies.real, st.bodies.ints, 10**6, st.joints.real, st.joints.ints, 0,
                        st.wreal, 0.01)


def test_islands_are_counted():
    w = _free_world(5, seed=2)
    st = w._state
    for mod in (core, twin):
        n = mod.world_step(st.bodies.real.copy(), st.bodies.ints.copy(), st.bodies.count, st.joints.real,
                           st.joints.ints, 0, st.wreal, 0.01)
        assert n == 5  # no body is disabled among the first five (k % 7 == 5 is the sixth)
    assert math.isfinite(float(st.bodies.real[0, L.B_POS]))
    assert importlib.import_module("ode._fallback.step") is twin
