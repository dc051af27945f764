"""A falling body: a world with gravity, one sphere, 100 steps of 10 ms, compared with free fall."""

import ode

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))        # metres per second squared, along -z

body = ode.Body(world)
mass = ode.Mass()
mass.setSphere(2500.0, 0.05)               # density (kg/m^3) and radius (m): about 1.3 kg
body.setMass(mass)
body.setPosition((0.0, 0.0, 10.0))

dt = 0.01
for _ in range(100):                       # one simulated second
    world.step(dt)

x, y, z = body.getPosition()
vx, vy, vz = body.getLinearVel()
print(f"after 1 s: height {z:.4f} m, speed {vz:.4f} m/s")

# Semi-implicit Euler: the velocity is exact, the position falls a little further than 1/2 g t^2
# (by 1/2 g t dt), which is the integrator's first-order error.
assert abs(vz + 9.81) < 1e-4
assert abs((10.0 - z) - 0.5 * 9.81 * (1.0 + dt)) < 1e-4
