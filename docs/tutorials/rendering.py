"""Rendering with ode.render: a box on a plane drawn offscreen into a NumPy image and a PNG."""

import os
import tempfile

import ode
import ode.render

world = ode.World()
world.setGravity((0.0, 0.0, -9.81))
space = ode.SimpleSpace()
ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
body = ode.Body(world)
mass = ode.Mass()
mass.setBox(500.0, 0.4, 0.4, 0.4)
body.setMass(mass)
body.setPosition((0.0, 0.0, 0.2))
ode.GeomBox(space, (0.4, 0.4, 0.4)).setBody(body)

camera = ode.render.Camera(position=(2.0, -3.0, 1.5), target=(0.0, 0.0, 0.2), width=160, height=120)
renderer = ode.render.Renderer(camera)
image = renderer.render(space, body_frames=True)    # an (height, width, 3) uint8 array
renderer.close()
print("image", image.shape, image.dtype)
assert image.shape == (120, 160, 3)

# One call for one picture, written as a PNG:
path = os.path.join(tempfile.mkdtemp(), "box.png")
ode.render.render(space, path, camera)
assert os.path.getsize(path) > 0
