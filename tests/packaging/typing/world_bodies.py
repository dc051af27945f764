"""User code for the type checker: worlds, bodies and masses, with the types a PyODE script sees."""

from __future__ import annotations

import numpy as np
from typing_extensions import assert_type

import ode

world = ode.World()
world.setGravity((0.0, -9.81, 0.0))
world.setGravity(np.array([0.0, -9.81, 0.0]))
assert_type(world.getGravity(), tuple[float, float, float])
world.setERP(0.2)
world.setCFM(1e-5)
world.setQuickStepNumIterations(20)
world.setAutoDisableFlag(True)
world.setStepIslandsProcessingMaxThreadCount(1)
assert_type(world.getERP(), float)
assert_type(world.impulseToForce(0.01, (1.0, 0.0, 0.0)), tuple[float, float, float])

mass = ode.Mass()
mass.setSphere(2500.0, 0.05)
mass.setBoxTotal(1.0, 0.1, 0.2, 0.3)
mass.setCapsule(1000.0, 3, 0.1, 0.5)
mass.adjust(2.0)
mass.translate((0.0, 0.0, 0.1))
assert_type(mass.mass, float)
assert_type(mass.c, tuple[float, float, float])

body = ode.Body(world)
body.setMass(mass)
body.setPosition((1.0, 2.0, 0.0))
body.setRotation((1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
body.setQuaternion([1.0, 0.0, 0.0, 0.0])
body.addForce((0.0, 1.0, 0.0))
body.addRelTorque((0.0, 0.0, 0.1))
body.setLinearVel((0.1, 0.0, 0.0))
assert_type(body.getPosition(), tuple[float, float, float])
assert_type(body.getRotation(), tuple[float, float, float, float, float, float, float, float, float])
assert_type(body.getQuaternion(), tuple[float, float, float, float])
assert_type(body.getLinearVel(), tuple[float, float, float])
assert_type(body.getRelPointPos((0.0, 0.0, 1.0)), tuple[float, float, float])
assert_type(body.isEnabled(), bool)
assert_type(body.getMass(), ode.Mass)
assert_type(body.getWorld(), ode.World)
assert_type(body.getNumJoints(), int)


def moved(b: ode.Body) -> None:
    """A moved callback: told after each step in which ``b`` moved."""
    print(b.getPosition())


body.setMovedCallback(moved)
body.setData({"name": "ball"})

world.step(0.01)
world.quickStep(0.01)
state = world.getState()
assert_type(state, ode.WorldSnapshot)
world.setState(state)
x: float = body.getPosition()[0]

R = ode.rotation.RFromAxisAndAngle(0.0, 0.0, 1.0, 0.5)
body.setRotation(R)
assert_type(ode.rotation.RtoQ(R), tuple[float, float, float, float])
