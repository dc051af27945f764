"""Contacts with a near-callback: boxes dropped on a plane, collided the way every PyODE script does it."""

import ode

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
world.setERP(0.2)
world.setCFM(1e-5)

space = ode.HashSpace()
floor = ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)     # the plane z = 0
contacts = ode.JointGroup()

boxes = []
for i in range(3):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(1000.0, 0.2, 0.2, 0.2)
    body.setMass(mass)
    body.setPosition((0.5 * i, 0.0, 0.5 + 0.3 * i))
    geom = ode.GeomBox(space, (0.2, 0.2, 0.2))
    geom.setBody(body)
    boxes.append(body)


def near_callback(args, geom1, geom2):
    """Called for every pair of geoms whose boxes overlap: make a contact joint per contact point."""
    world, group = args
    for contact in ode.collide(geom1, geom2):
        contact.setBounce(0.2)
        contact.setMu(5000.0)
        joint = ode.ContactJoint(world, group, contact)
        joint.attach(geom1.getBody(), geom2.getBody())


for _ in range(200):
    space.collide((world, contacts), near_callback)
    world.step(0.01)
    contacts.empty()                       # contact joints live for one step

heights = [body.getPosition()[2] for body in boxes]
print("box heights after 2 s:", [f"{z:.3f}" for z in heights])
assert all(abs(z - 0.1) < 0.01 for z in heights)      # resting on the floor, half a side up
