"""A spinning top: a disc spinning fast on its stem precesses about the vertical and stays up, while the
same top without spin falls over."""

import math

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.SimpleSpace()
ode.GeomPlane(space, (0, 0, 1), 0)

tilt = math.radians(15)
axis = (0, -math.sin(tilt), math.cos(tilt))       # each top leans 15 degrees towards -y
tops = []
for x, spin in ((-0.6, 60), (0.6, 0)):
    top = ode.Body(world)
    mass = ode.Mass()
    mass.setCylinder(2000, 3, 0.25, 0.06)
    top.setMass(mass)
    top.setPosition((x, 0.3 * axis[1], 0.01 + 0.3 * axis[2]))   # its stem's tip just above the ground
    top.setRotation((1, 0, 0, 0, axis[2], -axis[1], 0, axis[1], axis[2]))
    ode.GeomCylinder(space, 0.25, 0.06).setBody(top)
    ode.GeomCapsule(space, 0.02, 0.56).setBody(top)
    top.setGyroscopicMode(True)                   # the gyroscopic term: what makes a top precess
    top.setAngularVel(tuple(spin * a for a in axis))
    tops.append(top)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1)
contact.setMu(0.3)
group = ode.JointGroup()
for _ in range(20 * frames(100)):                 # 2 ms steps
    space.collideContacts(world, group, contact)
    world.step(0.002)
    group.empty()
for name, top in zip(("spinning", "still"), tops):
    print(f"{name} top: {math.degrees(math.acos(top.getRotation()[8])):.0f} degrees from upright")

picture(space, "gyroscopic", (0, -3.2, 1.4), (0, 0, 0.35))
