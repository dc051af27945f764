"""One run of a parameter sweep: balls dropped on a bouncy floor from some height; how often do they bounce?

``bounces(height)`` is the sweep's work function (``examples/sweep.py`` runs it a thousand times): a plain
module-level function taking numbers and returning plain Python values, so executors pickle it by reference
(``bounce.bounces``) and the result compares with ``==``. Each run builds its own world and space, shares
nothing with other runs and steps with ``world.step`` (dWorldStep uses no random numbers; ``quickStep``
would draw from the process-wide dRand seed, so runs sharing a process would depend on each other).

Eight balls make a world of 8 bodies, the size from which a step releases the GIL, so threads can step
worlds side by side; the collision pass does not (it holds the process-wide geom store's lock, and
``collideContacts`` costs more than the step here: about 80 against 30 us). The balls are read in bulk
with ``world.getLinearVels()`` (one array per step, no Python loop per ball).

``python examples/bounce.py [height]`` runs one drop and prints the counts.
"""

import os
import sys

import numpy as np

import ode

BALLS = 8
RADIUS = 0.1
DT = 0.002


def bounces(height: float, steps: int = 750, balls: int = BALLS) -> tuple:
    """Drop ``balls`` balls from ``height`` (each 5 % higher than the last, 0.5 m apart) onto a floor
    with bounce 0.6 and step ``steps`` times 2 ms. Returns (total bounces, bounces per ball, final
    heights): a bounce is the vertical velocity turning from falling (< -0.05 m/s) to rising
    (> 0.05 m/s)."""
    world = ode.World()
    world.setGravity((0, 0, -9.81))
    space = ode.SimpleSpace()
    ode.GeomPlane(space, (0, 0, 1), 0)
    for i in range(balls):
        body = ode.Body(world)
        mass = ode.Mass()
        mass.setSphere(1000, RADIUS)
        body.setMass(mass)
        body.setPosition((0.5 * i, 0, RADIUS + height * (1 + 0.05 * i)))
        ode.GeomSphere(space, RADIUS).setBody(body)
    contact = ode.Contact()
    contact.setMode(ode.ContactBounce)
    contact.setBounce(0.6)
    contact.setBounceVel(0.05)
    contact.setMu(0.5)
    group = ode.JointGroup()
    counts = np.zeros(balls, dtype=int)
    falling = np.zeros(balls, dtype=bool)
    for _ in range(steps):
        space.collideContacts(world, group, contact)
        world.step(DT)
        group.empty()
        vz = world.getLinearVels()[:, 2]
        rising = falling & (vz > 0.05)
        counts += rising
        falling = (falling & ~rising) | (vz < -0.05)
    return int(counts.sum()), tuple(counts.tolist()), tuple(world.getPositions()[:, 2].tolist())


def engine(_=None) -> tuple:
    """(backend, precision) of the process running this (workers must use the parent's); the argument
    is ignored, so ``executor.map(engine, range(n))`` asks n times."""
    return ode.backend, ode.precision


if __name__ == "__main__":
    h = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    steps = 300 if "ODE_EXAMPLE_FRAMES" in os.environ else 750      # the test suite's short run
    total, per_ball, final = bounces(h, steps=steps)
    print(f"drop from {h} m: {total} bounces in all, per ball {per_ball}")
