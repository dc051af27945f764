"""Two hanging chains of boxes, one on ball joints and one on hinge joints, dropped from horizontal."""

from __future__ import annotations

import ode

from . import _kit

SHOWS = ("two chains of boxes released from horizontal: on ball joints (front) they swing in 3D, "
         "on hinges (back) in a plane")
SECONDS = 4.0
DT = 0.005
CAMERA = {"position": (1.2, -6.5, 2.4), "target": (1.0, 0.0, 1.6)}
EXPECT = (ode.GeomBox, ode.GeomSphere)
LINKS = 10
LINK = 0.25


def hang(scene: _kit.Scene, y: float, joint_class) -> None:
    """A chain of LINKS boxes along +x from a pivot at (0, y, 3), each joined to the last."""
    previous = ode.environment
    for i in range(LINKS):
        body = _kit.box(scene, (LINK * 0.9, 0.08, 0.08), (LINK * (i + 0.5), y, 3.0), density=2000.0)
        joint = joint_class(scene.world)
        joint.attach(body, previous)
        joint.setAnchor((LINK * i, y, 3.0))
        if joint_class is ode.HingeJoint:
            joint.setAxis((0.0, 1.0, 0.0))
        previous = body


def build() -> _kit.Scene:
    """The ball-joint chain in front tilted a little out of plane (so it swings in 3D), the hinge chain
    behind, and a ball on the ground for the chains to hit."""
    scene = _kit.new_scene()
    hang(scene, -0.4, ode.BallJoint)
    scene.bodies[-1].addForce((0.0, -200.0, 0.0))
    hang(scene, 0.4, ode.HingeJoint)
    ball = ode.GeomSphere(scene.space, 0.55)
    ball.setPosition((0.0, 0.0, 0.45))
    return scene


def step(scene: _kit.Scene, dt: float) -> None:
    """Collide (links joined by a joint are skipped) and step."""
    _kit.contact_step(scene, dt)


def figures(scene: _kit.Scene) -> str:
    """Where the two chain ends are."""
    ends = [scene.bodies[LINKS - 1], scene.bodies[-1]]
    txt = ", ".join(f"({x:.2f}, {y:.2f}, {z:.2f})" for x, y, z in (b.getPosition() for b in ends))
    return f"{2 * LINKS} links; chain ends at {txt}"
