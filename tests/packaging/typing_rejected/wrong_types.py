"""Deliberate type errors: tests/packaging/test_typing.py asserts mypy rejects each marked line."""

from __future__ import annotations

import ode

world = ode.World()
body = ode.Body(world)
body.setPosition("up")                                  # error: str is not a vector
speed: float = body.getLinearVel()                      # error: a tuple is not a float
body.getPositon()                                       # error: misspelt method
hinge = ode.HingeJoint(world)
hinge.attach(body, world)                               # error: a world is not a body
angle: str = hinge.getAngle()                           # error: a float is not a str
ode.GeomSphere(None, "big")                             # error: radius must be a number
