"""100 balls on springs riding a travelling wave, driven through NumPy arrays: no Python loop over bodies.

Each step reads every ball's position and velocity as (100, 3) arrays, computes the spring-damper forces
towards anchors that move as a wave with one array expression, and writes them with ``world.setForces``.
The world's state arrays (``getPositions``, ``getLinearVels``, ``setForces``, ...) list the bodies in
creation order (``world.getBodies()``); getters return float64 copies, setters check the whole array first
and write exactly what a loop of the per-body setters would.
"""

import numpy as np
from _run import frames, picture

import ode

N = 10                                    # a 10 x 10 grid of balls
RADIUS = 0.12
K, C = 80.0, 2.0                          # spring stiffness (N/m) and damping (N s/m)
DT = 0.005

world = ode.World()
world.setGravity((0, 0, -9.81))
space = ode.HashSpace()
ode.GeomPlane(space, (0, 0, 1), 0)
for _ in range(N * N):
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(500, RADIUS)
    body.setMass(mass)
    ode.GeomSphere(space, RADIUS).setBody(body)

x, y = np.meshgrid(np.linspace(-1.8, 1.8, N), np.linspace(-1.8, 1.8, N), indexing="ij")
grid = np.column_stack([x.ravel(), y.ravel()])
rng = np.random.default_rng(3)
world.setPositions(np.column_stack([grid, np.ones(N * N)]) + rng.normal(scale=0.05, size=(N * N, 3)))
world.setLinearVels(rng.normal(scale=0.5, size=(N * N, 3)))


def anchors(t: float) -> np.ndarray:
    """The springs' anchors at time t: the grid at 1 m, lifted by a wave travelling along x."""
    z = 1.0 + 0.4 * np.sin(2 * np.pi * (0.5 * t - grid[:, 0] / 3.6))
    return np.column_stack([grid, z])


contact = ode.Contact()
contact.setMode(ode.ContactBounce)
contact.setBounce(0.3)
contact.setMu(0.5)
group = ode.JointGroup()
weight = np.array([0, 0, 9.81 * mass.mass])      # the springs also carry the balls' weight
t = 0.0
for frame in range(frames(200)):
    for _ in range(8):
        pos, vel = world.getPositions(), world.getLinearVels()
        world.setForces(-K * (pos - anchors(t)) - C * vel + weight)
        space.collideContacts(world, group, contact)
        world.step(DT)
        group.empty()
        t += DT
    if frame % 50 == 0:
        off = np.linalg.norm(world.getPositions() - anchors(t), axis=1)
        print(f"t={t:.2f} s: balls {off.mean():.3f} m from their anchors on average, "
              f"highest at {world.getPositions()[:, 2].max():.2f} m")

picture(space, "numpy_state", (0.0, -5.5, 3.5), (0, 0, 1.0))
