"""Triangle meshes and heightfields: a ball rolls down a ramp made of two triangles onto a terrain."""

import ode

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
space = ode.HashSpace()

# A ramp: four vertices, two triangles (counter-clockwise seen from above, so the normals point up).
ramp_data = ode.TriMeshData()
ramp_data.build([(-1.0, -1.0, 1.0), (1.0, -1.0, 0.2), (1.0, 1.0, 0.2), (-1.0, 1.0, 1.0)],
                [(0, 1, 2), (0, 2, 3)])
ramp = ode.GeomTriMesh(ramp_data, space)

# A flat terrain of 5 x 5 samples, 20 m square; heightfields are y-up, so turn y to z.
heights = [0.0] * 25
terrain_data = ode.HeightfieldData()
terrain_data.buildDouble(heights, True, 20.0, 20.0, 5, 5, 1.0, 0.0, 1.0, False)
terrain = ode.GeomHeightfield(terrain_data, True, space)
terrain.setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))

ball = ode.Body(world)
mass = ode.Mass()
mass.setSphere(1000.0, 0.1)
ball.setMass(mass)
ball.setPosition((-0.8, 0.0, 1.2))
ode.GeomSphere(space, 0.1).setBody(ball)

contact = ode.Contact()
contact.setMode(ode.ContactApprox1)
contact.setMu(1.0)
group = ode.JointGroup()
for _ in range(150):
    space.collideContacts(world, group, contact)
    world.quickStep(0.01)
    group.empty()

x, y, z = ball.getPosition()
print(f"ramp has {ramp.getTriangleCount()} triangles; the ball ended at ({x:.2f}, {y:.2f}, {z:.2f})")
assert x > 1.0                         # it rolled down the ramp and off its low end
assert abs(z - 0.1) < 0.02             # resting on the terrain
