"""User code for the type checker: every joint class, groups, feedback and parameters."""

from __future__ import annotations

from typing_extensions import assert_type

import ode

world = ode.World()
a, b = ode.Body(world), ode.Body(world)
b.setPosition((1.0, 0.0, 0.0))

ball = ode.BallJoint(world)
ball.attach(a, b)
ball.setAnchor((0.5, 0.0, 0.0))
assert_type(ball.getAnchor(), tuple[float, float, float])

hinge = ode.HingeJoint(world)
hinge.attach(a, ode.environment)
hinge.setAxis((0.0, 0.0, 1.0))
hinge.setParam(ode.ParamLoStop, -0.5)
hinge.setFeedback(True)
assert_type(hinge.getAngle(), float)
assert_type(hinge.getAngleRate(), float)
assert_type(hinge.getParam(ode.ParamHiStop), float)
assert_type(hinge.getFeedback(), "tuple[tuple[float, float, float], tuple[float, float, float], "
            "tuple[float, float, float], tuple[float, float, float]] | None")

slider = ode.SliderJoint(world)
slider.attach(a, b)
slider.setAxis((1.0, 0.0, 0.0))
assert_type(slider.getPosition(), float)

fixed = ode.FixedJoint(world)
fixed.attach(a, b)
fixed.setFixed()

uni = ode.UniversalJoint(world)
uni.attach(a, b)
uni.setAxis1((1.0, 0.0, 0.0))
uni.setAxis2((0.0, 1.0, 0.0))
assert_type(uni.getAngle1(), float)

h2 = ode.Hinge2Joint(world)
h2.attach(a, b)
h2.setAxis1((0.0, 0.0, 1.0))
h2.setAxis2((0.0, 1.0, 0.0))
assert_type(h2.getAngle2Rate(), float)

pr = ode.PRJoint(world)
pr.attach(a, b)
assert_type(pr.getAxis1(), tuple[float, float, float])
pu = ode.PUJoint(world)
pu.attach(a, b)
assert_type(pu.getAngles(), tuple[float, float])
piston = ode.PistonJoint(world)
piston.attach(a, b)
assert_type(piston.getPositionRate(), float)

amotor = ode.AMotor(world)
amotor.attach(a, b)
amotor.setNumAxes(1)
amotor.setAxis(0, 1, (0.0, 0.0, 1.0))
assert_type(amotor.getAxis(0), tuple[float, float, float])
lmotor = ode.LMotor(world)
lmotor.attach(a, b)
lmotor.setNumAxes(1)

plane = ode.Plane2DJoint(world)
plane.attach(a, None)
plane.setXParam(ode.ParamFMax, 1.0)
dball = ode.DBallJoint(world)
dball.attach(a, b)
assert_type(dball.getDistance(), float)
dhinge = ode.DHingeJoint(world)
dhinge.attach(a, b)
trans = ode.TransmissionJoint(world)
trans.attach(a, b)
assert_type(trans.getRatio(), float)
null = ode.NullJoint(world)

group = ode.JointGroup()
joint: ode.Joint = ode.BallJoint(world, group)
assert_type(joint.getBody(0), ode.Body | None)
assert_type(joint.getType(), int)
assert_type(len(group), int)
assert_type(ode.areConnected(a, b), bool)
group.empty()
world.step(0.01)
