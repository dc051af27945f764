"""A kinematic paddle: a body moved by the velocity you give it, pushing others and never pushed back."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)

paddle = ode.Body(world)
paddle.setPosition((-2, 0, 0.22))
ode.GeomBox(space, (0.15, 3, 0.4)).setBody(paddle)
paddle.setKinematic()                           # infinite mass: contacts do not move it
paddle.setLinearVel((1, 0, 0))

balls = []
for i in range(4):
    for j in range(6):
        ball = ode.Body(world)
        mass = ode.Mass()
        mass.setSphere(500, 0.15)
        ball.setMass(mass)
        ball.setPosition((-1 + 0.5 * i, -1.25 + 0.5 * j, 0.15))
        ode.GeomSphere(space, 0.15).setBody(ball)
        balls.append(ball)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1)
contact.setMu(0.5)
group = ode.JointGroup()
for _ in range(4 * frames(100)):
    space.collideContacts(world, group, contact)
    world.step(0.01)
    group.empty()
x = paddle.getPosition()[0]
ahead = sum(b.getPosition()[0] > x for b in balls)
print(f"paddle at x={x:.2f} m; {ahead} of {len(balls)} balls ahead of it")

picture(space, "kinematic", (0, -5.5, 3.2), (0.3, 0, 0.1))
