"""The step kernel's own argument checks (core and twin): too few auto-disable sample rows is a ValueError."""

from __future__ import annotations

import numpy as np
import pytest

import ode
from ode import _backend
from ode._fallback import step as twin


def _world(avg: int):
    """A world with two bodies, the second averaging ``avg`` auto-disable samples."""
    world = ode.World()
    ode.Body(world)
    b = ode.Body(world)
    b.setAutoDisableAverageSamplesCount(avg)
    return world


def _call(kernel, world, samples):
    """world_step on the world's arrays through the given kernel module."""
    st = world._state
    b, j = st.bodies, st.joints
    return kernel.world_step(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, 0.01, samples)


@pytest.mark.parametrize("kernel", [_backend.kernel("step"), twin], ids=["selected", "twin"])
def test_too_few_sample_rows_is_a_value_error(kernel):
    """Averaging 3 samples needs a samples array of width >= 18; none or a narrower one is refused."""
    world = _world(3)
    with pytest.raises(ValueError, match="auto-disable samples"):
        _call(kernel, world, None)
    narrow = np.zeros((world._state.bodies.real.shape[0], 12), dtype=_backend.REAL)
    with pytest.raises(ValueError, match="auto-disable samples"):
        _call(kernel, world, narrow)
    wide = np.zeros((world._state.bodies.real.shape[0], 18), dtype=_backend.REAL)
    assert _call(kernel, world, wide) == 2


@pytest.mark.parametrize("kernel", [_backend.kernel("step"), twin], ids=["selected", "twin"])
def test_single_sample_needs_no_buffer(kernel):
    """Bodies averaging at most one sample step without a samples array; both bodies form their own island."""
    world = _world(1)
    assert _call(kernel, world, None) == 2
    assert world._state.bodies.ints[1, ode._layout.BI_MOVED] == 1


@pytest.mark.parametrize("kernel", [_backend.kernel("step"), twin], ids=["selected", "twin"])
def test_scan_bodies_reports_moved_bad_damped_and_samples(kernel):
    """scan_bodies: bodies moved, first moved slot with a non-finite state, damping, most samples."""
    world = _world(4)
    b = world._state.bodies
    assert kernel.scan_bodies(b.real, b.ints, b.count) == (0, -1, 0, 4)
    world.step(0.01)
    assert kernel.scan_bodies(b.real, b.ints, b.count) == (2, -1, 0, 4)
    b.real[1, 0] = np.nan
    b.ints[1, ode._layout.BI_DAMP] = 1
    assert kernel.scan_bodies(b.real, b.ints, b.count) == (2, 1, 1, 4)
    b.ints[1, ode._layout.BI_MOVED] = 0
    assert kernel.scan_bodies(b.real, b.ints, b.count) == (1, -1, 0, 4)


def test_scan_bodies_checks_row_counts():
    """The compiled scan refuses a body count beyond its arrays (the twin reads Python rows and need not)."""
    kernel = _backend.kernel("step")
    if kernel is twin:
        pytest.skip("the pure-Python backend is selected: no compiled kernel to check")
    b = _world(1)._state.bodies
    with pytest.raises(ValueError, match="row counts"):
        kernel.scan_bodies(b.real, b.ints, b.real.shape[0] + 1)
