"""Contact points and contact joints (ODE's dContact and dJointTypeContact).

Contact and ContactJoint derive from compiled base types of the ``handles`` kernel, which builds contact
joints in C for the usual argument types. ``_CONTACT_ROW`` and ``_CONTACT_INTS`` lay out a whole joint row
for the collision layer's native contact pipeline. Importing this module tells the kernel's contact fast
paths the API's exact classes (``bind_api_types``).
"""

from __future__ import annotations

import numbers
import struct
from typing import TYPE_CHECKING

from .. import _backend, _check
from .. import _layout as L
from .._handle import Handle
from .._state import locked2, locked_by_arg3
from ..body import Body
from ..world import World
from .group import JointGroup
from .joint import Joint

if TYPE_CHECKING:
    from .._types import ContactBase, ContactJointBase, GeomObject, Vec3, Vec3Like

_H = _backend.kernel("handles")
if not TYPE_CHECKING:
    ContactBase, ContactJointBase = _H.ContactBase, _H.ContactJointBase


class Contact(ContactBase, Handle):
    """A contact point with its surface parameters (ODE's dContact), given to ContactJoint.

    The fields (mode, mu, mu2, bounce, ..., pos, normal, depth, fdir1, g1, g2) and the setters every
    near-callback calls (setMu, setBounce) live in the compiled base type ``handles.ContactBase``; PyODE's
    defaults: bounce mode, infinite friction, bounce 0.1.
    """

    def setContactGeomParams(self, pos: Vec3Like, normal: Vec3Like, depth: float,
                             g1: GeomObject | None = None, g2: GeomObject | None = None) -> None:
        """Set the contact point, its unit normal (pointing into body 1), the depth and the geoms."""
        self.pos = _check.vec("pos", pos)
        self.normal = _check.vec("normal", normal)
        self.depth = _check.real("depth", depth)
        self.g1 = g1
        self.g2 = g2

    def setMode(self, flags: int) -> None:
        """Set the surface mode flags (ode.ContactBounce | ode.ContactSoftERP | ...)."""
        if isinstance(flags, bool) or not isinstance(flags, numbers.Integral):
            raise TypeError(f"flags must be an int, not {type(flags).__name__}")
        if not 0 <= int(flags) < 0x10000:
            raise ValueError(f"flags {int(flags):#x} are not ODE contact mode flags")
        self.mode = int(flags)

    def _set(self, name: str, value, allow_inf: bool = False) -> None:
        """Store a checked float: finite (or +-inf with allow_inf), never NaN."""
        if type(value) is float and (value == value if allow_inf else -_check._MAX <= value <= _check._MAX):
            setattr(self, name, value)
            return
        v = _check.real_or_inf(name, value) if allow_inf else _check.real(name, value)
        setattr(self, name, v)

    def getMu2(self) -> float:
        """Friction coefficient of direction 2 (with ContactMu2)."""
        return self.mu2

    def setMu2(self, mu: float) -> None:
        """Set the friction coefficient of direction 2."""
        self._set("mu2", mu, True)

    def getBounceVel(self) -> float:
        """Minimum incoming velocity for a bounce."""
        return self.bounce_vel

    def setBounceVel(self, bv: float) -> None:
        """Set the minimum incoming velocity for a bounce."""
        self._set("bounce_vel", bv)

    def getSoftERP(self) -> float:
        """ERP of the contact normal, with ContactSoftERP."""
        return self.soft_erp

    def setSoftERP(self, erp: float) -> None:
        """Set the ERP of the contact normal."""
        self._set("soft_erp", erp)

    def getSoftCFM(self) -> float:
        """CFM of the contact normal, with ContactSoftCFM."""
        return self.soft_cfm

    def setSoftCFM(self, cfm: float) -> None:
        """Set the CFM of the contact normal."""
        self._set("soft_cfm", cfm)

    def getMotion1(self) -> float:
        """Surface velocity in friction direction 1."""
        return self.motion1

    def setMotion1(self, m: float) -> None:
        """Set the surface velocity in friction direction 1 (with ContactMotion1)."""
        self._set("motion1", m)

    def getMotion2(self) -> float:
        """Surface velocity in friction direction 2."""
        return self.motion2

    def setMotion2(self, m: float) -> None:
        """Set the surface velocity in friction direction 2 (with ContactMotion2)."""
        self._set("motion2", m)

    def getMotionN(self) -> float:
        """Surface velocity along the normal."""
        return self.motionN

    def setMotionN(self, m: float) -> None:
        """Set the surface velocity along the normal (with ContactMotionN)."""
        self._set("motionN", m)

    def getSlip1(self) -> float:
        """Force-dependent slip in friction direction 1."""
        return self.slip1

    def setSlip1(self, s: float) -> None:
        """Set the force-dependent slip in direction 1 (with ContactSlip1)."""
        self._set("slip1", s)

    def getSlip2(self) -> float:
        """Force-dependent slip in friction direction 2."""
        return self.slip2

    def setSlip2(self, s: float) -> None:
        """Set the force-dependent slip in direction 2 (with ContactSlip2)."""
        self._set("slip2", s)

    def getFDir1(self) -> Vec3:
        """The first friction direction (with ContactFDir1)."""
        return self.fdir1

    def setFDir1(self, fdir: Vec3Like) -> None:
        """Set the first friction direction: a unit vector perpendicular to the normal."""
        self.fdir1 = _check.vec("fdir", fdir)


class ContactJoint(Joint, ContactJointBase):
    """A contact: keeps two bodies from interpenetrating at a point, with friction; usually one step long.

    Contact joints are created by the thousand in near-callbacks, so construction and attach run in the
    compiled base type ``handles.ContactJointBase`` for the usual argument types (an ode.World, an
    ode.JointGroup or None, an ode.Contact; ode.Body or None): the row is written in C under the world's
    lock. Anything unusual (subclasses, bad input) takes the general paths here, which raise the documented
    errors and store the same rows.
    """

    _type = L.JT_CONTACT
    __init__ = ContactJointBase.__init__
    attach = ContactJointBase.attach

    def __setattr__(self, name: str, value) -> None:
        """Store an attribute; user data (setData's object, attributes of the user's own) first makes a
        loose contact joint an ordinary one, kept by its world (see ``JointBase._pin``)."""
        if name not in _HANDLE_FIELDS:
            self._pin()
        object.__setattr__(self, name, value)

    @locked_by_arg3
    def _init_general(self, world, jointgroup, contact) -> None:
        """Construction through Joint.__init__ and the row setters."""
        c = contact
        if not isinstance(c, Contact):
            raise TypeError(f"contact must be an ode.Contact, not {type(c).__name__}")
        super().__init__(world, jointgroup)
        r = self._reals()
        r[L.J_C_POS:L.J_C_POS + 3] = c.pos
        r[L.J_C_DEPTH] = c.depth
        r[L.J_C_FDIR1:L.J_C_FDIR1 + 3] = c.fdir1
        surface = (c.mu, c.mu2, 0.0, 0.0, 0.0, c.bounce, c.bounce_vel, c.soft_erp, c.soft_cfm, c.motion1,
                   c.motion2, c.motionN, c.slip1, c.slip2)
        r[L.J_C_MU:L.J_C_MU + 14] = surface
        self._normal = c.normal
        self._ints()[L.JI_C_MODE] = c.mode
        self._on_attach()

    def _on_attach(self) -> None:
        """Store the normal, flipped when ODE swaps the bodies so it still points into the user's body 1."""
        n = self._normal
        if self._reversed():
            n = (-n[0], -n[1], -n[2])
        self._reals()[L.J_C_NORMAL:L.J_C_NORMAL + 3] = n

    @locked2
    def _attach_general(self, body1, body2) -> None:
        """Attach through Joint.attach (its checks and errors), then store the oriented normal."""
        Joint.attach(self, body1, body2)
        self._on_attach()


# The handle's own fields, which the API sets on a contact joint without pinning it.
_HANDLE_FIELDS = frozenset(("_world", "_rows", "_body_rows", "_slot", "_gen", "_bodies", "_group", "_normal"))

_RCODE = "d" if _backend.REAL().itemsize == 8 else "f"
_RSIZE = _backend.REAL().itemsize
_CONTACT_ROW = struct.Struct(f"{L.J_C_SLIP2 + 1}{_RCODE}{(L.JR - L.J_C_SLIP2 - 1) * _RSIZE}x")
#   ^ a whole joint row: J_C_POS .. J_C_SLIP2 in column order, then zero bytes (the native pipeline's rows)
_CONTACT_INTS = struct.Struct(f"{L.JI_C_MODE + 1}i{(L.JI - L.JI_C_MODE - 1) * 4}x")   # a whole int row


_H.bind_api_types(World, Body, Contact, ContactJoint, JointGroup)
