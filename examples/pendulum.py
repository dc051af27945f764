"""A three-link pendulum: three balls on ball joints, released horizontally, swinging chaotically."""

from _run import frames, picture

import ode

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.SimpleSpace()

balls = []
previous = ode.environment
for i in range(3):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(2500.0, 0.12)
    body.setMass(mass)
    body.setPosition((0.5 * (i + 1), 0, 2.5))
    ode.GeomSphere(space, 0.12).setBody(body)
    joint = ode.BallJoint(world)
    joint.attach(body, previous)
    joint.setAnchor((0.5 * i, 0, 2.5))
    balls.append(body)
    previous = body

dt = 0.002
for frame in range(frames(100)):
    for _ in range(20):          # 20 steps of 2 ms: one frame of 1/25 s
        world.step(dt)
    if frame % 25 == 0:
        x, y, z = balls[-1].getPosition()
        print(f"t={(frame + 1) * 20 * dt:.2f} s: last ball at ({x:.3f}, {y:.3f}, {z:.3f})")

picture(space, "pendulum", (0.3, -5.5, 2.2), (0, 0, 1.3))
