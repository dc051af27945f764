"""A hinged arm driven by a motor into its stops, PyODE style: prints angle, rate and joint force."""

import ode


def fmt(values):
    """Numbers with ten significant digits."""
    return " ".join(f"{v:.10g}" for v in values)


world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
world.setERP(0.2)
world.setCFM(1e-5)

arm = ode.Body(world)
m = ode.Mass()
m.setBoxTotal(2.0, 0.6, 0.05, 0.05)
arm.setMass(m)
arm.setPosition((0.3, 0.0, 1.0))

hinge = ode.HingeJoint(world)
hinge.attach(ode.environment, arm)
hinge.setAnchor((0.0, 0.0, 1.0))
hinge.setAxis((0.0, 1.0, 0.0))
hinge.setParam(ode.ParamLoStop, -0.6)
hinge.setParam(ode.ParamHiStop, 0.4)
hinge.setParam(ode.ParamBounce, 0.2)
hinge.setParam(ode.ParamVel, -1.5)
hinge.setParam(ode.ParamFMax, 12.0)
hinge.setFeedback(True)

print(f"stops {hinge.getParam(ode.ParamLoStop):g} {hinge.getParam(ode.ParamHiStop):g}")
print(f"axis {fmt(hinge.getAxis())}")
for step in range(1, 301):
    if step == 150:
        hinge.setParam(ode.ParamVel, 2.0)
    world.step(0.01)
    if step % 25 == 0:
        f1, t1, f2, t2 = hinge.getFeedback()
        print(f"{step} angle {hinge.getAngle():.10g} rate {hinge.getAngleRate():.10g} "
              f"force {fmt(f1)} torque {fmt(t1)}")
