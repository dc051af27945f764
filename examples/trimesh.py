"""Triangle meshes (GeomTriMesh): pyramids made of triangles falling onto a tilted mesh slab."""

import random

from _run import frames, picture

import ode


def pyramid():
    """A square pyramid's vertices and triangles (counter-clockwise seen from outside), centred on its
    centroid."""
    verts = [(-0.2, -0.2, -0.08), (0.2, -0.2, -0.08), (0.2, 0.2, -0.08), (-0.2, 0.2, -0.08), (0, 0, 0.24)]
    faces = [(0, 2, 1), (0, 3, 2), (0, 1, 4), (1, 2, 4), (2, 3, 4), (3, 0, 4)]
    return verts, faces


def slab(half, thick):
    """A box as a triangle mesh: 8 corners, 12 triangles."""
    verts = [(sx * half, sy * half, sz * thick) for sz in (-1, 1) for sy in (-1, 1) for sx in (-1, 1)]
    faces = [(0, 2, 1), (1, 2, 3), (4, 5, 6), (5, 7, 6), (0, 1, 4), (1, 5, 4),
             (2, 6, 3), (3, 6, 7), (0, 4, 2), (2, 4, 6), (1, 3, 5), (3, 7, 5)]
    return verts, faces


def mesh(space, shape):
    data = ode.TriMeshData()
    data.build(*shape)
    return ode.GeomTriMesh(data, space)


world = ode.World()
world.setGravity((0, 0, -9.81))
world.setQuickStepNumIterations(30)
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
ramp = mesh(space, slab(0.9, 0.1))
ramp.setPosition((0, 0, 0.3))
ramp.setQuaternion((0.9925, 0.0862, 0.0862, 0))       # tilted 14 degrees

rng = random.Random(3)
for i in range(10):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(500, 0.3, 0.3, 0.25)                   # close enough to the pyramid's
    body.setMass(mass)
    body.setPosition((rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0.8 + 0.4 * i))
    body.setQuaternion((rng.random(), rng.random(), rng.random(), rng.random()))
    mesh(space, pyramid()).setBody(body)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1 | ode.ContactSoftCFM)
contact.setMu(0.8)
contact.setSoftCFM(1e-4)
group = ode.JointGroup()
made = 0
for _ in range(4 * frames(100)):
    made += space.collideContacts(world, group, contact)
    world.quickStep(0.01)
    group.empty()
print(f"{made} contact joints made in {4 * frames(100)} steps")

picture(space, "trimesh", (2.6, -3.4, 2.4), (0, 0, 0.3))
