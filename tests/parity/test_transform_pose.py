"""A GeomTransform's composed pose (collide kernel's transform_row): p_t + R_t p_i and R_t R_i computed in the
geom arrays' real type, every product and sum rounded to it (libode composes in dReal), identically in the
compiled kernel and its twin, in both precisions.

The test reads the kernels directly (not the process's backend), so it runs the same in every mode.
"""

import numpy as np
import pytest
from geom_rows import rand_rot
from kernels import kernel_pair

from ode import _layout as L


def _rows(rng, real):
    """A transform record (row 0), an encapsulated sphere at a local pose (row 1) and a helper row (2)."""
    greal = np.zeros((3, L.GR), dtype=real)
    gint = np.zeros((3, L.GI), dtype=np.int32)
    for r in (0, 1):
        greal[r, L.G_POS:L.G_POS + 3] = rng.uniform(-2.0, 2.0, 3)
        greal[r, L.G_R:L.G_R + 9] = np.asarray(rand_rot(rng)).ravel()
    gint[1, L.GI_CLASS] = L.GC_SPHERE
    greal[1, L.G_RADIUS] = 0.5
    return greal, gint


def _rounded_each_step(greal):
    """The composed position and rotation with every operation in the array's real type (numpy scalars)."""
    p, R = greal[0, L.G_POS:L.G_POS + 3], greal[0, L.G_R:L.G_R + 9]
    ip, iR = greal[1, L.G_POS:L.G_POS + 3], greal[1, L.G_R:L.G_R + 9]
    pos = [p[i] + ((R[3 * i] * ip[0] + R[3 * i + 1] * ip[1]) + R[3 * i + 2] * ip[2]) for i in range(3)]
    rot = [(R[3 * i] * iR[j] + R[3 * i + 1] * iR[3 + j]) + R[3 * i + 2] * iR[6 + j]
           for i in range(3) for j in range(3)]
    return np.array(pos + rot, dtype=greal.dtype)


@pytest.mark.parametrize("precision, real", [("double", np.float64), ("single", np.float32)])
def test_transform_pose_rounds_every_operation(precision, real):
    """Core and twin compose the same pose bit for bit, equal to the step-by-step rounded composition; in
    float32 that differs from a double composition rounded once on some poses (so the test tells them
    apart)."""
    core, twin = kernel_pair("collide", precision)
    rng = np.random.default_rng(5)
    rounded_once_differs = 0
    for _ in range(200):
        greal, gint = _rows(rng, real)
        a, ai = greal.copy(), gint.copy()
        b, bi = greal.copy(), gint.copy()
        assert core.transform_row(a, ai, 0, 1, 2) == twin.transform_row(b, bi, 0, 1, 2) == 2
        np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(ai, bi)
        got = np.concatenate([a[2, L.G_POS:L.G_POS + 3], a[2, L.G_R:L.G_R + 9]])
        np.testing.assert_array_equal(got, _rounded_each_step(greal))
        once = _rounded_each_step(greal.astype(np.float64)).astype(real)
        rounded_once_differs += not np.array_equal(got, once)
    if real is np.float32:
        assert rounded_once_differs > 0
    else:
        assert rounded_once_differs == 0
