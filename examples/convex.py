"""Convex polyhedra (GeomConvex): hexagonal prisms tumbling onto the ground and each other."""

import math
import random

from _run import frames, picture

import ode


def hexagonal_prism(radius, height):
    """A GeomConvex's planes, points and polygons for a hexagonal prism along z."""
    ring = [(radius * math.cos(k * math.pi / 3), radius * math.sin(k * math.pi / 3)) for k in range(6)]
    points = [(x, y, -height / 2) for x, y in ring] + [(x, y, height / 2) for x, y in ring]
    polygons = [6, 5, 4, 3, 2, 1, 0, 6, 6, 7, 8, 9, 10, 11]             # bottom and top, counter-clockwise
    planes = [(0, 0, -1, height / 2), (0, 0, 1, height / 2)]         # outward normal n and n . p = d
    for k in range(6):
        polygons += [4, k, (k + 1) % 6, 6 + (k + 1) % 6, 6 + k]
        a = (k + 0.5) * math.pi / 3                                  # each side faces halfway between corners
        planes.append((math.cos(a), math.sin(a), 0, radius * math.cos(math.pi / 6)))
    return planes, points, polygons


world = ode.World()
world.setGravity((0, 0, -9.81))
world.setQuickStepNumIterations(30)
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
shape = hexagonal_prism(0.2, 0.25)
rng = random.Random(3)
for i in range(12):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setCylinder(500, 3, 0.19, 0.25)          # close to the prism's own
    body.setMass(mass)
    body.setPosition((rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0.4 + 0.4 * i))
    body.setQuaternion((rng.random(), rng.random(), rng.random(), rng.random()))
    ode.GeomConvex(space, *shape).setBody(body)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1 | ode.ContactSoftCFM)
contact.setMu(0.8)
contact.setSoftCFM(1e-4)
group = ode.JointGroup()
for _ in range(4 * frames(100)):
    space.collideContacts(world, group, contact)
    world.quickStep(0.01)
    group.empty()
top = max(g.getPosition()[2] for g in space if g.getBody() is not None)
print(f"{world.getQuickStepNumIterations()} solver iterations a step; heap top at z={top:.2f} m")

picture(space, "convex", (2.6, -3.4, 2.4), (0, 0, 0.3))
