"""Balls rolling over a heightfield terrain: hills sampled on a 25 x 25 grid, settling in the valleys."""

import math
import random

from _run import frames, picture

import ode


def height(x, y):
    """The terrain: a shallow bowl with bumps."""
    return 0.08 * (x * x + y * y) + 0.25 * math.sin(1.8 * x) * math.cos(1.6 * y)


world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()

n, size = 25, 6.0
step = size / (n - 1)
grid = [height(-size / 2 + i * step, size / 2 - j * step) for j in range(n) for i in range(n)]   # x fastest
data = ode.HeightfieldData()
data.buildDouble(grid, False, size, size, n, n, 1.0, 0.0, 1.0, False)
terrain = ode.GeomHeightfield(data, True, space)
terrain.setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))     # a heightfield's heights are its y: turn them to z

rng = random.Random(5)
balls = []
for i in range(10):
    ball = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(500, 0.15)
    ball.setMass(mass)
    x, y = rng.uniform(-2.2, 2.2), rng.uniform(-2.2, 2.2)
    ball.setPosition((x, y, height(x, y) + 0.8 + 0.3 * i))
    ode.GeomSphere(space, 0.15).setBody(ball)
    balls.append(ball)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1)
contact.setMu(0.8)
group = ode.JointGroup()
for _ in range(4 * frames(100)):
    space.collideContacts(world, group, contact)
    world.quickStep(0.01)
    group.empty()
for ball in balls[:3]:
    x, y, z = ball.getPosition()
    print(f"ball at ({x:+.2f}, {y:+.2f}), {z - height(x, y):.2f} m above the terrain")

picture(space, "heightfield", (4.5, -5.5, 4.5), (0, 0, 0))
