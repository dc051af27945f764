"""Joint motors and limits: a hinge, a slider and a piston, each motor reversing every second between
its joint's stops."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.SimpleSpace()
ode.GeomPlane(space, (0, 0, 1), 0)


def box(size, position):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setBox(500, *size)
    body.setMass(mass)
    body.setPosition(position)
    ode.GeomBox(space, size).setBody(body)
    return body


arm = box((0.7, 0.1, 0.1), (0.35, 0, 1.4))
hinge = ode.HingeJoint(world)
hinge.attach(arm, ode.environment)
hinge.setAnchor((0, 0, 1.4))
hinge.setAxis((0, 1, 0))
hinge.setParam(ode.ParamLoStop, -1.2)             # radians
hinge.setParam(ode.ParamHiStop, 1.2)

block = box((0.3, 0.3, 0.3), (1.5, 0, 1.0))
slider = ode.SliderJoint(world)
slider.attach(block, ode.environment)
slider.setAxis((0, 0, 1))
slider.setParam(ode.ParamLoStop, -0.5)            # metres
slider.setParam(ode.ParamHiStop, 0.3)

plate = box((0.5, 0.5, 0.1), (3.0, 0, 1.0))
piston = ode.PistonJoint(world)                   # slides along and turns about one axis
piston.attach(plate, ode.environment)
piston.setAnchor((3.0, 0, 1.0))
piston.setAxis((0, 0, 1))
piston.setParam(ode.ParamLoStop, -0.4)
piston.setParam(ode.ParamHiStop, 0.3)

motors = [(hinge, ode.ParamVel, 2.0), (slider, ode.ParamVel, 0.6), (piston, ode.ParamVel, 0.4),
          (piston, ode.ParamVel2, 3.0)]
for frame in range(frames(100)):
    sign = 1 if frame % 50 < 25 else -1           # forwards one second, backwards the next
    for joint, param, speed in motors:
        joint.setParam(param, sign * speed)
        joint.setParam(param + ode.ParamFMax - ode.ParamVel, 400)
    for _ in range(4):
        world.step(0.01)
    if frame % 25 == 24 or frame == frames(100) - 1:
        print(f"t={(frame + 1) * 0.04:.1f} s: hinge {hinge.getAngle():+.2f} rad, slider "
              f"{slider.getPosition():+.2f} m, piston {piston.getPosition():+.2f} m")

picture(space, "motors", (1.5, -4.5, 2.0), (1.5, 0, 1.0))
