"""``ode.Mass``: PyODE's mass object (ODE's dMass), computed by the mass kernel of the chosen backend.

A Mass holds the total mass, the centre of gravity ``c`` in the body frame and the inertia tensor ``I`` about
the body's point of reference, exactly as ODE 0.16.2 computes them. Bad arguments raise TypeError or
ValueError instead of producing NaNs.
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from . import _backend, _check
from .rotation import _matrix3, _out, _real, _vector

if TYPE_CHECKING:
    from ._types import GeomTriMesh, MassBase, Vec3
else:
    MassBase = _backend.kernel("handles").MassBase

__all__ = ["Mass"]

_K = _backend.kernel("mass")
_ZERO = _out(_K.MassSetZero())


_positive = _check.positive


def _mass_out(values: tuple) -> tuple:
    """Computed mass values as stored (float32 in single precision), refused when one is not finite."""
    with np.errstate(over="ignore"):
        return _check.mass_values(_out(values))


def _non_negative(name: str, value) -> float:
    """value as a finite float >= 0, else TypeError/ValueError."""
    x = _real(name, value)
    if x < 0.0:
        raise ValueError(f"{name} must be >= 0, not {x!r}")
    return x


def _direction(value) -> int:
    """A cylinder axis: 1 (x), 2 (y) or 3 (z)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"direction must be the int 1, 2 or 3, not {type(value).__name__}")
    d = operator.index(value)
    if d not in (1, 2, 3):
        raise ValueError(f"direction must be 1 (x), 2 (y) or 3 (z), not {d}")
    return d


class Mass(MassBase):
    """Mass parameters of a rigid body: total mass, centre of gravity c and inertia tensor I (PyODE's API).

    The common shape setters (sphere, box) are inherited from the compiled base type ``handles.MassBase``,
    which holds the 13 values.
    """

    __slots__ = ()

    def __init__(self) -> None:
        """A zero mass (all parameters zero), as PyODE's Mass()."""
        self._m: tuple = _ZERO

    @classmethod
    def _from_values(cls, mass: float, c: Sequence, I: Sequence) -> Mass:
        """A Mass with the given mass, centre (3) and row-major inertia (9), unchecked (for Body.getMass)."""
        m = cls()
        m._m = _out((float(mass),) + tuple(float(x) for x in c) + tuple(float(x) for x in I))
        return m

    def __reduce__(self):
        """Pickles and deep copies rebuild the Mass from its 13 values (no compiled state is needed)."""
        return (type(self)._from_tuple, (self._m,))

    @classmethod
    def _from_tuple(cls, values: tuple) -> Mass:
        """A Mass holding exactly ``values`` (the 13 values of ``_m``), for unpickling."""
        m = cls()
        m._m = tuple(float(x) for x in values)
        return m

    def _values(self) -> tuple:
        """(mass, c as a 3-tuple, I as a row-major 9-tuple): the fast accessor for Body.setMass."""
        m = self._m
        return m[0], m[1:4], m[4:13]

    # -------------------------------------------- attributes

    @property
    def mass(self) -> float:
        """Total mass; assigning to it rescales the inertia like adjust()."""
        return self._m[0]

    @mass.setter
    def mass(self, value: float) -> None:
        self.adjust(value)

    @property
    def c(self) -> Vec3:
        """Centre of gravity (x, y, z) in the body frame."""
        return self._m[1:4]

    @c.setter
    def c(self, value) -> None:
        raise AttributeError("Use the setParameters() method to change c")

    @property
    def I(self) -> tuple[Vec3, Vec3, Vec3]:  # noqa: E743  (PyODE's attribute name)
        """Inertia tensor about the body origin as three rows of three."""
        m = self._m
        return (m[4:7], m[7:10], m[10:13])

    @I.setter
    def I(self, value) -> None:  # noqa: E743
        raise AttributeError("Use the setParameters() method to change I")

    # -------------------------------------------- setters from shapes and parameters

    def setZero(self) -> None:
        """Set all the mass parameters to zero."""
        self._m = _ZERO

    def setParameters(self, mass: float, cgx: float, cgy: float, cgz: float, I11: float, I22: float,
                      I33: float, I12: float, I13: float, I23: float) -> None:
        """Set the mass, the centre of gravity and the symmetric inertia tensor entries directly."""
        args = [_non_negative("mass", mass)]
        names = ("cgx", "cgy", "cgz", "I11", "I22", "I33", "I12", "I13", "I23")
        args += [_real(n, v) for n, v in zip(names, (cgx, cgy, cgz, I11, I22, I33, I12, I13, I23))]
        self._m = _mass_out(_K.MassSetParameters(*args))

    def setCapsule(self, density: float, direction: int, radius: float, length: float) -> None:
        """A capsule (cylinder of length plus hemispherical caps) along axis direction (1=x, 2=y, 3=z)."""
        self._m = _mass_out(_K.MassSetCapsule(
            _positive("density", density), _direction(direction), _positive("radius", radius),
            _non_negative("length", length),
        ))

    def setCapsuleTotal(self, total_mass: float, direction: int, radius: float, length: float) -> None:
        """A capsule of the given total mass along axis direction (1=x, 2=y, 3=z)."""
        self._m = _mass_out(_K.MassSetCapsuleTotal(
            _positive("total_mass", total_mass), _direction(direction), _positive("radius", radius),
            _non_negative("length", length),
        ))

    def setCappedCylinder(self, density: float, direction: int, r: float, h: float) -> None:
        """PyODE's name for setCapsule(density, direction, r, h)."""
        self.setCapsule(density, direction, r, h)

    def setCappedCylinderTotal(self, total_mass: float, direction: int, r: float, h: float) -> None:
        """PyODE's name for setCapsuleTotal(total_mass, direction, r, h)."""
        self.setCapsuleTotal(total_mass, direction, r, h)

    def setCylinder(self, density: float, direction: int, r: float, h: float) -> None:
        """A flat-ended solid cylinder of radius r and length h along axis direction (1=x, 2=y, 3=z)."""
        self._m = _mass_out(_K.MassSetCylinder(
            _positive("density", density), _direction(direction), _positive("r", r), _positive("h", h),
        ))

    def setCylinderTotal(self, total_mass: float, direction: int, r: float, h: float) -> None:
        """A flat-ended solid cylinder of the given total mass along axis direction (1=x, 2=y, 3=z)."""
        self._m = _mass_out(_K.MassSetCylinderTotal(
            _positive("total_mass", total_mass), _direction(direction), _positive("r", r), _positive("h", h),
        ))

    def setTrimesh(self, density: float, geom: GeomTriMesh) -> None:
        """A closed triangle mesh of the given density (ODE's dMassSetTrimesh; the geom's pose is ignored)."""
        density = _positive("density", density)
        mass_of = getattr(type(geom), "_trimesh_mass", None)     # only ode.GeomTriMesh has it
        if mass_of is None:
            raise TypeError(f"geom must be an ode.GeomTriMesh, not {type(geom).__name__}")
        m = mass_of(geom, density)
        if not m[0] > 0.0:
            raise ValueError("the trimesh encloses no volume (is it closed and wound counter-clockwise?)")
        self._m = _mass_out(tuple(m))

    # -------------------------------------------- transformations

    def adjust(self, newmass: float) -> None:
        """Rescale so the total mass becomes newmass (inertia scales with it, the centre stays)."""
        newmass = _positive("newmass", newmass)
        if not self._m[0] > 0.0:
            raise ValueError("cannot adjust a Mass whose mass is not > 0; set a shape or parameters first")
        self._m = _mass_out(_K.MassAdjust(self._m, newmass))

    def translate(self, t: Sequence) -> None:
        """Displace the object by t = (x, y, z) in the body frame (inertia about the origin changes)."""
        x, y, z = _vector("t", t, 3)
        self._m = _mass_out(_K.MassTranslate(self._m, x, y, z))

    def rotate(self, R: Sequence) -> None:
        """Rotate the object by the rotation matrix R (9 values row-major, or 3x3) in the body frame."""
        self._m = _mass_out(_K.MassRotate(self._m, _matrix3("R", R)))

    def add(self, b: Mass) -> None:
        """Add the mass b to this one (both expressed in the same body frame)."""
        if not isinstance(b, Mass):
            raise TypeError(f"b must be an ode.Mass, not {type(b).__name__}")
        if self._m[0] + b._m[0] == 0.0:
            raise ValueError("cannot add two masses whose total is zero")
        self._m = _mass_out(_K.MassAdd(self._m, b._m))

    def __add__(self, b: Mass) -> Mass:
        """PyODE's ``a + b``: adds b into a and returns a (a is modified, as in PyODE)."""
        if not isinstance(b, Mass):
            return NotImplemented
        self.add(b)
        return self

    def check(self) -> bool:
        """True if ODE would accept these parameters for a body (mass > 0, inertia positive definite)."""
        return bool(_K.MassCheck(self._m))

    # -------------------------------------------- printing

    def __str__(self) -> str:
        """PyODE's layout: mass, centre, then the diagonal and off-diagonal inertia entries."""
        m = self._m
        return (
            f"Mass={m[0]}\nCg=({m[1]}, {m[2]}, {m[3]})\n"
            f"I11={m[4]} I22={m[8]} I33={m[12]}\nI12={m[5]} I13={m[6]} I23={m[9]}"
        )

    def __repr__(self) -> str:
        """A short summary with the mass and centre."""
        m = self._m
        return f"<ode.Mass mass={m[0]!r} c=({m[1]!r}, {m[2]!r}, {m[3]!r})>"
