"""Draws docs/images/render_showcase.png: three of every geom class on a plane, settled, with contacts.

Run from the repository root: ``python docs/images/render_showcase.py`` (needs the render extra).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

import ode
import ode.render

HERE = Path(__file__).resolve().parent


def dynamic(world, geom, position, density=400.0):
    """Give ``geom`` a body of its own at ``position`` (a sphere-shaped mass: good enough to settle)."""
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(density, 0.3)
    body.setMass(mass)
    body.setPosition(position)
    geom.setBody(body)
    return body


def convex_block(space, half=0.3, height=0.5):
    """A square block as a GeomConvex: eight points, six faces."""
    pts = [(x, y, z) for x in (-half, half) for y in (-half, half) for z in (0.0, height)]
    planes = [(1, 0, 0, half), (-1, 0, 0, half), (0, 1, 0, half), (0, -1, 0, half), (0, 0, 1, height),
              (0, 0, -1, 0)]
    polys = [4, 4, 6, 7, 5, 4, 0, 1, 3, 2, 4, 2, 3, 7, 6, 4, 0, 4, 5, 1, 4, 1, 5, 7, 3, 4, 0, 2, 6, 4]
    return ode.GeomConvex(space, planes, pts, polys)


def tetrahedron(space):
    data = ode.TriMeshData()
    data.build([(-.35, -.35, 0), (.45, -.25, 0), (-.25, .45, 0), (0, 0, .7)],
               [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)])
    return ode.GeomTriMesh(data, space)


def build():
    """The scene on a plane: a row per copy, a column per class, a heightfield behind; (world, space)."""
    world, space, rng = ode.World(), ode.HashSpace(), np.random.default_rng(3)
    world.setGravity((0, 0, -9.81))
    ode.GeomPlane(space, (0, 0, 1), 0.0)
    for row in range(3):
        y = 1.4 * row - 1.4
        dynamic(world, ode.GeomSphere(space, 0.35), (-4.2, y, 0.8 + 0.3 * row))
        dynamic(world, ode.GeomBox(space, (0.7, 0.5, 0.5)), (-3.0, y, 0.6))
        cap = ode.GeomCapsule(space, 0.22, 0.6)
        dynamic(world, cap, (-1.8, y, 1.0)).setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))
        dynamic(world, ode.GeomCylinder(space, 0.3, 0.6), (-0.6, y, 0.6))
        block = convex_block(space)
        block.setPosition((0.6, y, 0.0))
        tet = tetrahedron(space)
        tet.setPosition((1.8, y, 0.0))
        inner = ode.GeomBox(None, (0.25, 0.25, 0.9))
        inner.setPosition((0, 0, 0.45))
        inner.setRotation((math.cos(0.4), -math.sin(0.4), 0, math.sin(0.4), math.cos(0.4), 0, 0, 0, 1))
        holder = ode.GeomTransform(space)
        holder.setGeom(inner)
        holder.setPosition((3.0, y, 0.0))
        ray = ode.GeomRay(space, 1.2)
        ray.set((3.9, y, 0.05), tuple(rng.normal(0, 0.2, 2)) + (1.0,))
    field = ode.HeightfieldData()
    xs = np.linspace(0, 2 * math.pi, 16)
    heights = (0.3 * np.sin(xs)[None, :] * np.cos(xs)[:, None] + 0.3).ravel()
    field.buildDouble(heights, True, 3.0, 2.0, 16, 16, 1.0, 0.0, 0.1, False)
    hf = ode.GeomHeightfield(field, True, space)
    hf.setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))
    hf.setPosition((-1.0, 3.6, 0.0))
    return world, space


def main() -> None:
    world, space = build()
    group = ode.JointGroup()
    for _ in range(40):  # settle a little so bodies rest on the plane and touch it
        space.collideContacts(world, group)
        world.step(0.01)
        group.empty()
    camera = ode.render.Camera((2.5, -9.5, 5.5), (-0.4, 0.6, 0.3), fov=42, width=1024, height=640)
    ode.render.render(space, HERE / "render_showcase.png", camera=camera, antialias="ssaa", contacts=True,
                      marker_scale=0.35)


if __name__ == "__main__":
    main()
