"""A pendulum on a hinge: a ball on a rigid arm, hinged to the static world, with a joint limit."""

import math

import ode

world = ode.World()
world.setGravity((0.0, -9.81, 0.0))

bob = ode.Body(world)
mass = ode.Mass()
mass.setSphere(2500.0, 0.05)
bob.setMass(mass)
bob.setPosition((1.0, 2.0, 0.0))           # one metre to the right of the pivot

hinge = ode.HingeJoint(world)
hinge.attach(bob, ode.environment)         # ode.environment (None): the static world
hinge.setAnchor((0.0, 2.0, 0.0))           # the pivot
hinge.setAxis((0.0, 0.0, 1.0))             # swings in the x-y plane
hinge.setParam(ode.ParamLoStop, -1.0)      # a stop one radian below the start
hinge.setFeedback(True)                    # ask for the forces the joint applies

lowest = 0.0
for _ in range(300):
    world.step(0.005)
    lowest = min(lowest, hinge.getAngle())

force1, torque1, force2, torque2 = hinge.getFeedback()
print(f"angle {hinge.getAngle():+.3f} rad, lowest {lowest:+.3f}, force on the bob {force1}")

x, y, z = bob.getPosition()
assert abs(math.hypot(x, y - 2.0) - 1.0) < 1e-3     # the arm keeps its length
assert lowest >= -1.0 - 0.05                        # the stop holds (ERP lets it sink a little)
