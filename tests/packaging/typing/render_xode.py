"""User code for the type checker: xode documents and ode.render's Camera and Renderer."""

from __future__ import annotations

import numpy as np
from typing_extensions import assert_type

import ode
import ode.render
import xode.parser
from ode.render import Camera, Renderer

DOC = """<?xml version="1.0"?>
<xode><world name="w"><space><body name="b"><mass><mass_shape density="1"><sphere radius="1"/>
</mass_shape></mass></body></space></world></xode>"""

parser = xode.parser.Parser()
root = parser.parseString(DOC)
world_node = root.namedChild("w")
world = world_node.getODEObject()
assert isinstance(world, ode.World)
world.step(0.01)

camera = Camera(position=(4.0, -6.0, 3.0), target=(0.0, 0.0, 0.5), width=64, height=48)
assert_type(camera.distance, float)
renderer = Renderer(camera, shading=False)
space = ode.SimpleSpace()
ode.GeomSphere(space, 0.5)
image = renderer.render(space)
assert_type(image, np.ndarray)
renderer.close()
renderer2 = Renderer(camera, colors={}, background="white")
renderer2.add_points([(0.0, 0.0, 1.0)], color=(1.0, 0.0, 0.0))
renderer2.add_text("frame 0")
picture = renderer2.render(space, contacts=True, aabbs=True)
renderer2.close()
assert_type(ode.render.render([ode.GeomBox(None, (1.0, 1.0, 1.0))], None, camera), np.ndarray)
saved: bytes = ode.dumps(world)
copy = ode.loads(saved)
