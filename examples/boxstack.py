"""Boxes, balls, capsules and cylinders dropped one by one into a bin, where they pile up."""

import random

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
world.setQuickStepNumIterations(30)
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
for x, y, sx, sy in ((0.75, 0, 0.1, 1.6), (-0.75, 0, 0.1, 1.6), (0, 0.75, 1.6, 0.1), (0, -0.75, 1.6, 0.1)):
    wall = ode.GeomBox(space, (sx, sy, 0.4))       # a static wall: a geom with no body
    wall.setPosition((x, y, 0.2))

rng = random.Random(7)
for i in range(24):
    body = ode.Body(world)
    mass = ode.Mass()
    kind = i % 4
    if kind == 0:
        mass.setBox(500, 0.4, 0.3, 0.25)
        geom = ode.GeomBox(space, (0.4, 0.3, 0.25))
    elif kind == 1:
        mass.setSphere(500, 0.18)
        geom = ode.GeomSphere(space, 0.18)
    elif kind == 2:
        mass.setCapsule(500, 3, 0.1, 0.35)
        geom = ode.GeomCapsule(space, 0.1, 0.35)
    else:
        mass.setCylinder(500, 3, 0.15, 0.25)
        geom = ode.GeomCylinder(space, 0.15, 0.25)
    body.setMass(mass)
    body.setPosition((rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35), 0.5 + 0.5 * i))
    body.setQuaternion((rng.random(), rng.random(), rng.random(), rng.random()))
    geom.setBody(body)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1 | ode.ContactSoftCFM)   # Approx1: mu is a friction coefficient
contact.setMu(0.8)
contact.setSoftCFM(1e-4)
group = ode.JointGroup()
for frame in range(frames(125)):
    for _ in range(4):
        made = space.collideContacts(world, group, contact)   # a near-callback's work, done natively
        world.quickStep(0.01)
        group.empty()
    if frame % 25 == 0:
        print(f"frame {frame}: {made} contacts")

picture(space, "boxstack", (2.3, -3.0, 2.6), (0, 0, 0.25))
