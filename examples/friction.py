"""Five boxes on a 25 degree ramp, each with its own friction coefficient, in a PyODE near-callback:
the boxes with mu below tan(25) = 0.47 slide off, the others stay."""

import math

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
group = ode.JointGroup()

slope = math.radians(25)
c, s = math.cos(slope), math.sin(slope)
tilt = (c, 0, -s, 0, 1, 0, s, 0, c)            # turned about y: the ramp rises along +x
ramp = ode.GeomBox(space, (4, 4, 0.2))
ramp.setRotation(tilt)
ramp.setPosition((0, 0, 1))

mu_of = {}
for i, mu in enumerate((0.1, 0.3, 0.5, 0.7, 0.9)):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(500, 0.4, 0.4, 0.3)
    body.setMass(mass)
    body.setRotation(tilt)
    body.setPosition((0.8 * c - 0.26 * s, -1.6 + 0.8 * i, 1 + 0.8 * s + 0.26 * c))   # on the ramp's surface
    geom = ode.GeomBox(space, (0.4, 0.4, 0.3))
    geom.setBody(body)
    mu_of[geom] = mu


def near_callback(args, geom1, geom2):
    """Make contact joints between two touching geoms, with the box's own friction coefficient."""
    for contact in ode.collide(geom1, geom2):
        contact.setMode(ode.ContactApprox1)
        contact.setMu(mu_of.get(geom1, mu_of.get(geom2, 1.0)))
        joint = ode.ContactJoint(world, group, contact)
        joint.attach(geom1.getBody(), geom2.getBody())


for _ in range(4 * frames(75)):          # four steps of 10 ms a frame
    space.collide(None, near_callback)
    world.quickStep(0.01)
    group.empty()
for geom, mu in mu_of.items():
    print(f"mu {mu}: box at x={geom.getBody().getPosition()[0]:+.2f} m")

picture(space, "friction", (-5.5, -3.8, 2.6), (0, 0, 0.9))
