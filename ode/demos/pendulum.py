"""A three-link pendulum of balls on ball joints, released horizontally: chaotic swinging, energy kept."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = "a three-link pendulum of balls on ball joints released horizontally (energy is kept)"
SECONDS = 4.0
DT = 0.002
CAMERA = {"position": (0.3, -5.5, 2.2), "target": (0.0, 0.0, 1.3)}
EXPECT = (ode.GeomSphere, ode.GeomCapsule)
LINKS = 3


def build() -> _kit.Scene:
    """LINKS balls in a horizontal row from a pivot at z=2.5, each joined to the last by a ball joint."""
    scene = _kit.new_scene(space=ode.SimpleSpace())
    scene.quick = False
    previous = ode.environment
    for i in range(LINKS):
        body = _kit.sphere(scene, 0.12, (0.5 * (i + 1), 0.0, 2.5), density=2500.0)
        joint = ode.BallJoint(scene.world)
        joint.attach(body, previous)
        joint.setAnchor((0.5 * i, 0.0, 2.5))
        rod(scene, body)
        previous = body
    scene.extra["energy0"] = energy(scene)
    return scene


def energy(scene: _kit.Scene) -> float:
    """Kinetic plus potential energy: the joints do no work, so this stays nearly constant."""
    g = -scene.world.getGravity()[2]
    total = 0.0
    for b in scene.bodies:
        m = b.getMass().mass
        total += 0.5 * m * sum(v * v for v in b.getLinearVel()) + m * g * b.getPosition()[2]
    return total


def rod(scene: _kit.Scene, body: ode.Body) -> None:
    """A massless capsule from the ball back to its joint's anchor (a ball joint keeps the anchor fixed in
    the body's frame, so the rod stays on the line between them); it collides with nothing."""
    link = ode.GeomCapsule(scene.space, 0.025, 0.5)
    link.setCategoryBits(0)
    link.setCollideBits(0)
    link.setBody(body)
    link.setOffsetPosition((-0.25, 0.0, 0.0))
    link.setOffsetRotation(_kit.rotation((0.0, 1.0, 0.0), 90.0))


def step(scene: _kit.Scene, dt: float) -> None:
    """No contacts here: just step."""
    _kit.advance(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Energy drift and where the last ball is."""
    e0 = scene.extra["energy0"]
    x, _, z = scene.bodies[-1].getPosition()
    return f"energy drift {(energy(scene) - e0) / abs(e0):+.2%}, last ball at x={x:.2f} z={z:.2f}"
