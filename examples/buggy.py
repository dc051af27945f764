"""A three-wheeled buggy: a box on three ball wheels held by hinge-2 joints (steering axis and axle, with
a soft suspension), its front wheel driven by the joint's motor, driving over a ramp."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
ramp = ode.GeomBox(space, (2, 1.6, 0.1))
ramp.setPosition((2.5, 0, 0.2))
ramp.setQuaternion((0.9945, 0, -0.1045, 0))     # 12 degrees about y: rising along +x

chassis = ode.Body(world)
mass = ode.Mass()
mass.setBox(400, 1.0, 0.5, 0.15)
chassis.setMass(mass)
chassis.setPosition((0, 0, 0.45))
ode.GeomBox(space, (1.0, 0.5, 0.15)).setBody(chassis)

wheels = []
for x, y in ((0.5, 0), (-0.45, 0.35), (-0.45, -0.35)):
    wheel = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(300, 0.18)
    wheel.setMass(mass)
    wheel.setPosition((x, y, 0.3))
    ode.GeomSphere(space, 0.18).setBody(wheel)
    joint = ode.Hinge2Joint(world)
    joint.attach(chassis, wheel)
    joint.setAnchor((x, y, 0.3))
    joint.setAxis1((0, 0, 1))                   # steering
    joint.setAxis2((0, 1, 0))                   # the axle
    joint.setParam(ode.ParamSuspensionERP, 0.4)
    joint.setParam(ode.ParamSuspensionCFM, 0.008)
    joint.setParam(ode.ParamLoStop, 0)          # no steering: the wheels point ahead
    joint.setParam(ode.ParamHiStop, 0)
    wheels.append(joint)
front = wheels[0]
front.setParam(ode.ParamVel2, -9)               # the motor: 9 rad/s about the axle
front.setParam(ode.ParamFMax2, 25)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1 | ode.ContactSoftCFM)
contact.setMu(1.5)
contact.setSoftCFM(1e-4)
group = ode.JointGroup()
highest = 0
for _ in range(4 * frames(125)):
    space.collideContacts(world, group, contact)
    world.quickStep(0.01)
    group.empty()
    highest = max(highest, chassis.getPosition()[2])
print(f"the buggy drove to x={chassis.getPosition()[0]:.2f} m and rose to z={highest:.2f} m on the ramp")

picture(space, "buggy", (1.2, -4.8, 2.2), (1.8, 0, 0.4))
