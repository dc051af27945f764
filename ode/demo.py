"""The main job: simulate a three-link pendulum of ball joints for two seconds and print how it moved.

Run it with ``ode-demo`` (installed with the package) or ``python -m ode.demo``.
"""

from __future__ import annotations

import math
import time

import ode


def build_pendulum(world: ode.World, links: int = 3) -> list:
    """Hang ``links`` spheres from the static environment, each joined to the last by a ball joint."""
    bodies = []
    previous = ode.environment
    for i in range(links):
        body = ode.Body(world)
        mass = ode.Mass()
        mass.setSphere(2500.0, 0.05)
        body.setMass(mass)
        body.setPosition((0.5 * (i + 1), 2.0, 0.0))
        joint = ode.BallJoint(world)
        joint.attach(body, previous)
        joint.setAnchor((0.5 * i, 2.0, 0.0))
        bodies.append(body)
        previous = body
    return bodies


def energy(world: ode.World, bodies: list) -> float:
    """Kinetic plus potential energy of the pendulum (its joints do no work: this stays nearly constant)."""
    g = -world.getGravity()[1]
    total = 0.0
    for body in bodies:
        m = body.getMass().mass
        v = body.getLinearVel()
        total += 0.5 * m * sum(c * c for c in v) + m * g * body.getPosition()[1]
    return total


def main() -> None:
    """Run the demo and print a readable table of the last link's path."""
    world = ode.World()
    world.setGravity((0.0, -9.81, 0.0))
    bodies = build_pendulum(world)
    dt, steps = 0.001, 2000
    print(f"ode {ode.__version__}: backend={ode.backend}, precision={ode.precision}")
    print("three-link pendulum released horizontally, 2 s of simulated time")
    print(f"{'t [s]':>6} {'x':>9} {'y':>9} {'swing [deg]':>12}")
    e0 = energy(world, bodies)
    start = time.perf_counter()
    for step in range(steps + 1):
        if step % 250 == 0:
            x, y, _ = bodies[-1].getPosition()
            angle = math.degrees(math.atan2(2.0 - y, x))
            print(f"{step * dt:6.2f} {x:9.4f} {y:9.4f} {angle:12.2f}")
        if step < steps:
            world.step(dt)
    elapsed = time.perf_counter() - start
    drift = (energy(world, bodies) - e0) / abs(e0)
    print(f"energy drift {drift:+.2%}, {steps} steps in {elapsed:.3f} s")


if __name__ == "__main__":
    main()
