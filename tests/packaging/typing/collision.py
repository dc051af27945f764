"""User code for the type checker: geoms, spaces, contacts, the near-callback and the native pipeline."""

from __future__ import annotations

from typing import Any

import numpy as np
from typing_extensions import assert_type

import ode

world = ode.World()
space = ode.HashSpace()
space.setLevels(-3, 3)
simple = ode.SimpleSpace(space)
quad = ode.QuadTreeSpace((0.0, 0.0, 0.0), (10.0, 10.0, 10.0), 4)
sap = ode.SAPSpace()
any_space: ode.SpaceBase = ode.Space(1)

floor = ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
assert_type(floor.getParams(), tuple[tuple[float, float, float], float])
sphere = ode.GeomSphere(space, 0.5)
box = ode.GeomBox(simple, (1.0, 2.0, 3.0))
capsule = ode.GeomCapsule(sap, 0.2, 1.0)
cylinder = ode.GeomCylinder(quad, 0.2, 1.0)
ray = ode.GeomRay(space, 5.0)
ray.set((0.0, 0.0, 2.0), (0.0, 0.0, -1.0))
transform = ode.GeomTransform(space)
transform.setGeom(ode.GeomBox(None, (0.1, 0.1, 0.1)))

body = ode.Body(world)
sphere.setBody(body)
sphere.setOffsetPosition((0.0, 0.0, 0.1))
assert_type(sphere.getPosition(), tuple[float, float, float])
assert_type(sphere.getAABB(), tuple[float, float, float, float, float, float])
assert_type(sphere.getRadius(), float)
assert_type(box.getLengths(), tuple[float, float, float])
assert_type(capsule.getParams(), tuple[float, float])
assert_type(cylinder.pointDepth((0.0, 0.0, 0.0)), float)
assert_type(ray.get(), tuple[tuple[float, float, float], tuple[float, float, float]])
assert_type(sphere.getBody(), ode.Body | None)
assert_type(space.getNumGeoms(), int)
assert_type(space.getGeom(0), ode.GeomObject)
assert_type(space.query(sphere), bool)

verts = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)]
mesh_data = ode.TriMeshData()
mesh_data.build(verts, [(0, 1, 2)])
mesh = ode.GeomTriMesh(mesh_data, space)
assert_type(mesh.getTriangleCount(), int)
assert_type(mesh.getTriangle(0), tuple[tuple[float, float, float], tuple[float, float, float],
                                       tuple[float, float, float]])
hf_data = ode.HeightfieldData()
hf_data.buildDouble(np.zeros(16), True, 4.0, 4.0, 4, 4, 1.0, 0.0, 1.0, False)
heightfield = ode.GeomHeightfield(hf_data, True, space)
assert_type(heightfield.getHeightfieldData(), ode.HeightfieldData)

group = ode.JointGroup()


def near(args: Any, g1: ode.GeomObject, g2: ode.GeomObject) -> None:
    """The classic near-callback: one contact joint per contact point."""
    for c in ode.collide(g1, g2):
        assert_type(c, ode.Contact)
        c.setMu(0.5)
        c.setBounce(0.2)
        assert_type(c.getContactGeomParams()[0], tuple[float, float, float])
        joint = ode.ContactJoint(world, group, c)
        joint.attach(g1.getBody(), g2.getBody())


space.collide(None, near)
contact = ode.Contact()
contact.setMode(ode.ContactBounce | ode.ContactApprox1)
contact.mu = 0.4
n: int = space.collideContacts(world, group, contact, 4)
world.step(0.01)
group.empty()

hull = ode.GeomConvex(space, [(0.0, 0.0, 1.0, 0.5)], [(0.0, 0.0, 0.5)], [1, 0])
assert_type(hull.getPoints(), list[tuple[float, float, float]])
