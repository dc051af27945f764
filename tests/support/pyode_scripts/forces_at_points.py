"""A free body pushed by forces at body-relative points, PyODE style: prints its state and point queries."""

import math

import ode


def fmt(values):
    """Numbers with ten significant digits."""
    return " ".join(f"{v:.10g}" for v in values)


world = ode.World()
world.setGravity((0.0, 0.0, 0.0))

m = ode.Mass()
m.setBox(700.0, 0.4, 0.2, 0.1)
extra = ode.Mass()
extra.setSphereTotal(0.5, 0.05)
print(f"box mass {m.mass:.10g} I {fmt((m.I[0][0], m.I[1][1], m.I[2][2]))}")
print(f"sphere I {extra.I[0][0]:.10g}")

body = ode.Body(world)
body.setMass(m)
body.setPosition((0.0, 0.0, 1.0))
body.setQuaternion((math.cos(0.2), 0.0, 0.0, math.sin(0.2)))

for step in range(1, 101):
    t = step * 0.01
    body.addForceAtRelPos((0.0, 2.0 * math.cos(t), 0.0), (0.2, 0.0, 0.0))
    body.addRelForceAtRelPos((0.0, 0.0, 1.0), (-0.2, 0.1, 0.0))
    body.addForceAtPos((0.5, 0.0, 0.0), body.getRelPointPos((0.0, 0.1, 0.05)))
    body.addRelTorque((0.0, 0.0, -0.05))
    world.step(0.01)
    if step % 20 == 0:
        print(f"t={t:.2f} pos {fmt(body.getPosition())}")
        print(f"  vel {fmt(body.getLinearVel())} avel {fmt(body.getAngularVel())}")
        print(f"  corner {fmt(body.getRelPointPos((0.2, 0.1, 0.05)))}")
        print(f"  corner vel {fmt(body.getRelPointVel((0.2, 0.1, 0.05)))}")
        print(f"  x axis {fmt(body.vectorToWorld((1.0, 0.0, 0.0)))}")
        print(f"  origin in body {fmt(body.getPosRelPoint((0.0, 0.0, 0.0)))}")
        print(f"  force {fmt(body.getForce())}")
