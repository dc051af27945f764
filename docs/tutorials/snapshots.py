"""Snapshots and pickling: save a world in the middle of a run, go on, come back, and get the same numbers."""

import pickle

import ode

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
space = ode.SimpleSpace()
ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
body = ode.Body(world)
mass = ode.Mass()
mass.setSphere(1000.0, 0.1)
body.setMass(mass)
body.setPosition((0.0, 0.0, 1.0))
body.setLinearVel((0.5, 0.0, 0.0))
ode.GeomSphere(space, 0.1).setBody(body)
group = ode.JointGroup()


def run(steps):
    """Step with contacts; return the body's final position."""
    for _ in range(steps):
        space.collideContacts(world, group)
        world.step(0.01)
        group.empty()
    return body.getPosition()


run(50)
saved = world.getState([space])       # the world's whole state, plus the spaces' collision order
frozen = pickle.dumps(world)          # a pickle: the world with its bodies and joints
first = run(100)

world.setState(saved)                 # back to step 50, in place: the same objects
again = run(100)
print("after restore:", again)
assert again == first                 # bit for bit

copy = pickle.loads(frozen)           # an independent world, at step 50, with its own bodies
print("unpickled:", type(copy).__name__)
assert isinstance(copy, ode.World) and copy is not world
