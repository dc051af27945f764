"""The native contact pipeline: space.collideContacts makes the contact joints without a Python callback."""

import ode

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)

balls = []
for i in range(20):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(500.0, 0.1)
    body.setMass(mass)
    body.setPosition((0.25 * (i % 5), 0.25 * (i // 5), 0.5 + 0.05 * i))
    ode.GeomSphere(space, 0.1).setBody(body)
    balls.append(body)

# The template every contact joint copies: its mode, friction and bounce (what a near-callback would set).
template = ode.Contact()
template.setMode(ode.ContactBounce | ode.ContactApprox1)
template.setMu(0.8)
template.setBounce(0.3)

group = ode.JointGroup()
made = 0
for _ in range(150):
    made = space.collideContacts(world, group, template, max_contacts=4)
    world.quickStep(0.01)
    group.empty()

print(f"{made} contact joints in the last step")
assert made >= len(balls)                                  # every ball touches the floor
assert all(abs(b.getPosition()[2] - 0.1) < 0.02 for b in balls)
