"""A double pendulum of two ball joints, PyODE style: prints both bob positions every 0.25 s."""

import ode


def fmt(values):
    """Numbers with ten significant digits."""
    return " ".join(f"{v:.10g}" for v in values)


world = ode.World()
world.setGravity((0, -9.81, 0))

mass = ode.Mass()
mass.setSphere(2500.0, 0.05)

body1 = ode.Body(world)
body1.setMass(mass)
body1.setPosition((0.5, 2.0, 0.0))

body2 = ode.Body(world)
body2.setMass(mass)
body2.setPosition((0.9, 1.7, 0.0))

j1 = ode.BallJoint(world)
j1.attach(body1, ode.environment)
j1.setAnchor((0.0, 2.2, 0.0))

j2 = ode.BallJoint(world)
j2.attach(body1, body2)
j2.setAnchor(body1.getPosition())

body2.setLinearVel((0.0, 0.0, 0.3))

print(f"mass {body1.getMass().mass:.10g}")
dt = 0.005
for i in range(1, 401):
    world.step(dt)
    if i % 50 == 0:
        print(f"t={i * dt:.3f}  {fmt(body1.getPosition())}   {fmt(body2.getPosition())}")
print(f"anchor2 {fmt(j2.getAnchor2())}")
