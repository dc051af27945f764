"""A heavy cannon ball fired through a wall of 36 bricks."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
world.setQuickStepNumIterations(30)
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)


def body_with(geom, mass, position):
    """A body at ``position`` with ``mass``, carrying ``geom``."""
    body = ode.Body(world)
    body.setMass(mass)
    body.setPosition(position)
    geom.setBody(body)
    return body


bricks = []
for row in range(6):
    for col in range(6):
        mass = ode.Mass()
        mass.setBox(600, 0.2, 0.4, 0.2)
        y = (col - 2.5) * 0.4 + 0.2 * (row % 2)      # every other row shifted by half a brick
        bricks.append(body_with(ode.GeomBox(space, (0.2, 0.4, 0.2)), mass, (0, y, 0.1 + 0.2 * row)))
mass = ode.Mass()
mass.setSphere(8000, 0.25)
ball = body_with(ode.GeomSphere(space, 0.25), mass, (-2.5, 0.1, 0.55))
ball.setLinearVel((14, 0, 1.2))

contact = ode.Contact()
contact.setMode(ode.ContactApprox1 | ode.ContactSoftCFM)
contact.setMu(0.6)
contact.setSoftCFM(1e-4)
group = ode.JointGroup()
for _ in range(8 * frames(25)):                   # 5 ms steps, eight a frame
    space.collideContacts(world, group, contact)
    world.quickStep(0.005)
    group.empty()
knocked = sum(1 for b in bricks if abs(b.getPosition()[0]) > 0.2)
print(f"ball at x={ball.getPosition()[0]:.2f} m, {knocked} of {len(bricks)} bricks knocked out of the wall")

picture(space, "crash", (-2.5, -5.5, 2.4), (-0.3, 0, 0.6))
