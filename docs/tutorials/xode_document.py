"""xode: a scene written as an XODE document (PyODE's XML format), parsed into live ODE objects."""

import ode
import xode.parser

DOCUMENT = """<?xml version="1.0" encoding="iso-8859-1"?>
<xode version="1.0r23" name="pendulum">
  <world name="world">
    <space name="space">
      <body name="bob">
        <transform><position x="1" y="2" z="0"/></transform>
        <mass><mass_shape density="2500"><sphere radius="0.05"/></mass_shape></mass>
        <geom><sphere radius="0.05"/></geom>
        <joint name="hinge">         <!-- inside a body: joins it to the static world -->
          <hinge>
            <axis x="0" y="0" z="1"/>
            <anchor x="0" y="2" z="0"/>
          </hinge>
        </joint>
      </body>
    </space>
  </world>
</xode>
"""

root = xode.parser.Parser().parseString(DOCUMENT)
world = root.namedChild("world").getODEObject()
bob = root.namedChild("bob").getODEObject()
hinge = root.namedChild("hinge").getODEObject()
world.setGravity((0.0, -9.81, 0.0))
for _ in range(100):
    world.step(0.01)

print(type(hinge).__name__, f"angle {hinge.getAngle():+.3f} rad, bob at {bob.getPosition()}")
assert isinstance(world, ode.World) and isinstance(hinge, ode.HingeJoint)
assert hinge.getAngle() < -0.1                       # it swung down
