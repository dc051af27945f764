"""A chain of ten boxes on ball joints, hanging from a fixed point, released from horizontal."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.SimpleSpace()
ode.GeomPlane(space, (0, 0, 1), 0)

links = []
previous = ode.environment                     # the first link hangs from the static world
for i in range(10):
    link = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(2000, 0.22, 0.08, 0.08)
    link.setMass(mass)
    link.setPosition((0.25 * i + 0.125, 0, 3))
    ode.GeomBox(space, (0.22, 0.08, 0.08)).setBody(link)
    joint = ode.BallJoint(world)
    joint.attach(link, previous)
    joint.setAnchor((0.25 * i, 0, 3))
    links.append(link)
    previous = link
links[-1].addForce((0, -200, 0))               # a sideways push: the chain swings in 3D

for frame in range(frames(100)):
    for _ in range(8):
        world.step(0.005)
    if frame % 25 == 0:
        print(f"frame {frame}: chain end at", tuple(round(c, 2) for c in links[-1].getPosition()))

picture(space, "chain", (1.2, -6.5, 2.4), (1.0, 0, 1.6))
