"""Joints (dJointID) with PyODE's API, one module per joint family as ODE's ``joints/`` folder:

- ``joint``: the Joint base class, the parameter numbers and helpers, and ``_KernelGeometryJoint`` (the base
  of the joints built on the kernel's generic point and vector setters);
- ``ball``, ``hinge``, ``slider``, ``fixed``: BallJoint, HingeJoint, SliderJoint, FixedJoint;
- ``two_axis``: ``_TwoAxisJoint``, the base of ``universal`` (UniversalJoint) and ``hinge2`` (Hinge2Joint);
- ``pr``, ``pu``, ``piston``: PRJoint, PUJoint, PistonJoint;
- ``motors``: AMotor and LMotor; ``plane2d``: Plane2DJoint; ``dball``: DBallJoint and DHingeJoint;
- ``transmission``: TransmissionJoint; ``null``: NullJoint;
- ``contact``: Contact and ContactJoint (and the row layouts of the native contact pipeline);
- ``group``: JointGroup; ``connected``: areConnected and areConnectedExcluding.

The names below are re-exported so ``ode.joints.X`` keeps naming every class, and the collision layer's
imports from ``ode.joints`` keep working.
"""

from .ball import BallJoint
from .connected import areConnected, areConnectedExcluding
from .contact import _CONTACT_INTS, _CONTACT_ROW, Contact, ContactJoint
from .dball import DBallJoint, DHingeJoint
from .fixed import FixedJoint
from .group import JointGroup, _release_rows
from .hinge import HingeJoint
from .hinge2 import Hinge2Joint
from .joint import Joint
from .motors import AMotor, LMotor
from .null import NullJoint
from .piston import PistonJoint
from .plane2d import Plane2DJoint
from .pr import PRJoint
from .pu import PUJoint
from .slider import SliderJoint
from .transmission import TransmissionJoint
from .universal import UniversalJoint

__all__ = [
    "AMotor",
    "BallJoint",
    "Contact",
    "ContactJoint",
    "DBallJoint",
    "DHingeJoint",
    "FixedJoint",
    "Hinge2Joint",
    "HingeJoint",
    "Joint",
    "JointGroup",
    "LMotor",
    "NullJoint",
    "PRJoint",
    "PUJoint",
    "PistonJoint",
    "Plane2DJoint",
    "SliderJoint",
    "TransmissionJoint",
    "UniversalJoint",
    "_CONTACT_INTS",
    "_CONTACT_ROW",
    "_release_rows",
    "areConnected",
    "areConnectedExcluding",
]
