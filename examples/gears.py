"""Transmission joints: a motor turns a big wheel, which turns a small gear (2:1) and, by chain, another."""

import math

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, 0))
space = ode.SimpleSpace()
upright = (1, 0, 0, 0, 0, -1, 0, 1, 0)           # turns a cylinder's z axis onto y: the wheels face us


def wheel(radius, x):
    """A disc on a hinge about y at (x, 0, 1.3), with a spoke so that its turning shows."""
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setCylinder(500, 3, radius, 0.1)
    body.setMass(mass)
    body.setPosition((x, 0, 1.3))
    body.setRotation(upright)
    ode.GeomCylinder(space, radius, 0.1).setBody(body)
    spoke = ode.GeomBox(space, (0.8 * radius, 0.06, 0.16))
    spoke.setBody(body)
    spoke.setOffsetPosition((0.45 * radius, 0, 0))
    hinge = ode.HingeJoint(world)
    hinge.attach(body, ode.environment)
    hinge.setAnchor((x, 0, 1.3))
    hinge.setAxis((0, 1, 0))
    return body, hinge


def transmission(a, b, mode):
    joint = ode.TransmissionJoint(world)
    joint.attach(a, b)
    joint.setMode(mode)
    joint.setAxis((0, 1, 0))
    joint.setAnchor1(a.getPosition())
    joint.setAnchor2(b.getPosition())
    return joint


big, motor = wheel(0.6, 0)
small, small_hinge = wheel(0.3, -0.9)
far, far_hinge = wheel(0.3, 1.8)
transmission(big, small, ode.TransmissionParallelAxes).setRatio(2)
chain = transmission(big, far, ode.TransmissionChainDrive)
chain.setRadius1(0.6)
chain.setRadius2(0.3)
motor.setParam(ode.ParamVel, 1.5)
motor.setParam(ode.ParamFMax, 200)

for _ in range(4 * frames(100)):
    world.step(0.01)
w = motor.getAngleRate()
print(f"big wheel {w:.2f} rad/s ({math.degrees(motor.getAngle()):.0f} deg now); "
      f"gear {small_hinge.getAngleRate() / w:+.2f} times that, chain {far_hinge.getAngleRate() / w:+.2f}")

picture(space, "gears", (0.6, -6, 2.2), (0.6, 0, 1.3))
