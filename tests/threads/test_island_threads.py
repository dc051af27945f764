"""A step may hand half of its islands to a helper thread: the results are the same bits as one thread's.

The scenes are piles of separate boxes on a plane (many islands of contacts, enough rows for the helper
to take part) stepped with ``step`` and with ``quickStep`` at iteration counts around the reshuffle period
of 8, so the helper's first dRand seed, computed ahead from the draws of the islands before it, is tested.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
from contact_piles import contact_world

import ode
from ode import _backend


def _boxes(n: int, seed: int) -> tuple:
    """A world with n boxes resting on a plane in a grid (each its own island once in contact)."""
    rng = np.random.default_rng(seed)
    world, space = contact_world()
    plane = ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    mass = ode.Mass()
    mass.setBox(500.0, 0.3, 0.3, 0.3)
    geoms = [plane]
    for k in range(n):
        i, j = divmod(k, 8)
        body = ode.Body(world)
        body.setMass(mass)
        body.setPosition((0.5 * i, 0.5 * j, 0.16 + 0.02 * float(rng.random())))
        t = 6.28 * float(rng.random())
        c, s = np.cos(t), np.sin(t)
        body.setRotation((c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0))
        geom = ode.GeomBox(space, (0.3, 0.3, 0.3))
        geom.setBody(body)
        geoms.append(geom)
    return world, space, geoms


def _run(threads: int, quick: bool, iterations: int, steps: int = 40, n: int = 40) -> tuple:
    """(body rows, dRand seed, steps shared with the helper thread) after stepping the box pile with the given
    thread limit."""
    ode.randSetSeed(12345)
    world, space, geoms = _boxes(n, 3)
    world.setStepIslandsProcessingMaxThreadCount(threads)
    world.setQuickStepNumIterations(iterations)
    group = ode.JointGroup()
    contact = ode.Contact()
    contact.setMu(0.8)
    stepper = world.quickStep if quick else world.step
    for _ in range(steps):
        space.collideContacts(world, group, contact, 8)
        stepper(0.01)
        group.empty()
    rows = world._state.bodies
    return rows.real[:rows.count].copy(), ode.randGetSeed(), world._state.workspace.shared


def _shares(shared: int) -> bool:
    """Whether the helper took part as expected: in the core; the twin steps in one thread."""
    return shared > 0 if _backend.backend == "core" else shared == 0


@pytest.mark.parametrize("iterations", [8, 9, 17, 20])
def test_quickstep_same_bits_in_one_or_two_threads(iterations):
    one, seed1, shared1 = _run(1, True, iterations)
    two, seed2, shared2 = _run(0, True, iterations)
    assert shared1 == 0 and _shares(shared2)
    assert np.array_equal(one, two)
    assert seed1 == seed2


def test_small_steps_stay_in_one_thread():
    """One SOR iteration over 40 small islands is less work than handing half of it over costs."""
    _, _, shared = _run(0, True, 1)
    assert shared == 0


def test_step_same_bits_in_one_or_two_threads():
    one, _, shared1 = _run(1, False, 20, steps=15, n=24)
    two, _, shared2 = _run(0, False, 20, steps=15, n=24)
    assert shared1 == 0 and _shares(shared2)
    assert np.array_equal(one, two)


def test_two_worlds_in_two_threads_match_one_after_the_other():
    """Two threads stepping two worlds compete for the one helper: whichever gets it, the bits agree."""
    serial = [_run(0, True, 20, steps=30)[0] for _ in range(2)]

    def job(out: list, k: int) -> None:
        world, space, geoms = _boxes(40, 3)
        group = ode.JointGroup()
        contact = ode.Contact()
        contact.setMu(0.8)
        for _ in range(30):
            space.collideContacts(world, group, contact, 8)
            world.step(0.01)        # step: no dRand, so the two threads do not share the seed
            group.empty()
        rows = world._state.bodies
        out[k] = rows.real[:rows.count].copy()

    def reference() -> np.ndarray:
        out = [None]
        job(out, 0)
        return out[0]

    expected = reference()
    out = [None, None]
    threads = [threading.Thread(target=job, args=(out, k)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert np.array_equal(out[0], expected) and np.array_equal(out[1], expected)
    assert np.array_equal(serial[0], serial[1])


def test_thread_limit_is_checked_and_kept():
    world = ode.World()
    assert world.getStepIslandsProcessingMaxThreadCount() == 0
    world.setStepIslandsProcessingMaxThreadCount(1)
    assert world.getStepIslandsProcessingMaxThreadCount() == 1
    with pytest.raises(ValueError, match="count"):
        world.setStepIslandsProcessingMaxThreadCount(-1)
    with pytest.raises(TypeError, match="count"):
        world.setStepIslandsProcessingMaxThreadCount(1.5)
