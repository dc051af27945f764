"""Geoms as rows of the geom store's layout (ode/_layout.py), for tests that drive the collide kernels.

``make_record`` fills a row with a random primitive near the origin; ``CUBE_*`` is a unit cube as a convex
(planes, points, polygons in ODE's dCreateConvex format).
"""

import math

import numpy as np

from ode import _layout as L

PRIMS = ("sphere", "box", "capsule", "cylinder", "plane", "ray")
CLASS = {"sphere": L.GC_SPHERE, "box": L.GC_BOX, "capsule": L.GC_CAPSULE, "cylinder": L.GC_CYLINDER,
         "plane": L.GC_PLANE, "ray": L.GC_RAY}


def rand_rot(rng):
    """A random rotation matrix (row-major 9 values) from a unit quaternion."""
    w, x, y, z = rng.normal(size=4)
    n = math.sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]


def make_record(kind, rng, greal, gint, row, aligned=False):
    """Fill row with a random geom of the given kind near the origin."""
    greal[row] = 0
    gint[row] = 0
    gint[row, L.GI_CLASS] = CLASS[kind]
    greal[row, L.G_POS:L.G_POS + 3] = rng.uniform(-0.6, 0.6, 3)
    greal[row, L.G_R:L.G_R + 9] = np.eye(3).ravel() if aligned else rand_rot(rng)
    if kind == "sphere":
        greal[row, L.G_RADIUS] = rng.uniform(0.2, 1.0)
    elif kind == "box":
        greal[row, L.G_SIDES:L.G_SIDES + 3] = rng.uniform(0.2, 1.5, 3)
    elif kind in ("capsule", "cylinder"):
        greal[row, L.G_RADIUS] = rng.uniform(0.2, 0.7)
        greal[row, L.G_LENGTH] = rng.uniform(0.2, 1.5)
    elif kind == "plane":
        n = rng.normal(size=3)
        if aligned:
            n = np.array([0.0, 0.0, 1.0])
        greal[row, L.G_PLANE:L.G_PLANE + 3] = n / np.linalg.norm(n)
        greal[row, L.G_PLANE + 3] = rng.uniform(-0.5, 0.5)
    elif kind == "ray":
        greal[row, L.G_RAYLEN] = rng.uniform(0.5, 3.0)
        gint[row, L.GI_FLAGS] = int(rng.integers(0, 8))


# A unit cube centred at the origin, as dCreateConvex takes it: planes (normal, distance), points, and
# polygons as vertex counts each followed by its point indices.
CUBE_PLANES = [(1, 0, 0, .5), (-1, 0, 0, .5), (0, 1, 0, .5), (0, -1, 0, .5), (0, 0, 1, .5), (0, 0, -1, .5)]
CUBE_POINTS = [(x, y, z) for x in (-.5, .5) for y in (-.5, .5) for z in (-.5, .5)]
CUBE_POLYS = [4, 4, 6, 7, 5, 4, 0, 1, 3, 2, 4, 2, 3, 7, 6, 4, 0, 4, 5, 1, 4, 1, 5, 7, 3, 4, 0, 2, 6, 4]
