"""The World: bodies and joints in arrays, global parameters, and the dWorldStep driver."""

from __future__ import annotations

import math

import numpy as np

from . import _backend, _check
from . import _layout as L
from ._state import WorldState
from .errors import ODEError

DEFAULT_CFM = 1e-10 if _backend.precision == "double" else 1e-5


class World:
    """A dynamics world (dWorldID): owns its bodies and joints and steps them together."""

    def __init__(self) -> None:
        """Create an empty world with ODE's defaults (no gravity, ERP 0.2, CFM 1e-10 or 1e-5)."""
        self._state = WorldState()
        w = self._state.wreal
        w[L.W_ERP] = 0.2
        w[L.W_CFM] = DEFAULT_CFM
        w[L.W_MAX_CORRECTING_VEL] = math.inf
        w[L.W_SURFACE_LAYER] = 0.0

    # ---- parameters
    def setGravity(self, gravity) -> None:
        """Set the gravity vector (m/s^2) applied to bodies whose gravity mode is on."""
        self._state.wreal[L.W_GRAVITY:L.W_GRAVITY + 3] = _check.vec("gravity", gravity)

    def getGravity(self) -> tuple:
        """The gravity vector."""
        return tuple(self._state.wreal[L.W_GRAVITY:L.W_GRAVITY + 3].tolist())

    def setERP(self, erp: float) -> None:
        """Set the global error reduction parameter (typically 0.1 .. 0.8)."""
        self._state.wreal[L.W_ERP] = _check.real("erp", erp)

    def getERP(self) -> float:
        """The global error reduction parameter."""
        return float(self._state.wreal[L.W_ERP])

    def setCFM(self, cfm: float) -> None:
        """Set the global constraint force mixing value (>= 0, typically 1e-9 .. 1)."""
        self._state.wreal[L.W_CFM] = _check.real("cfm", cfm)

    def getCFM(self) -> float:
        """The global constraint force mixing value."""
        return float(self._state.wreal[L.W_CFM])

    def setContactMaxCorrectingVel(self, vel: float) -> None:
        """Set the maximum velocity contacts may generate to correct penetration (inf: no limit)."""
        self._state.wreal[L.W_MAX_CORRECTING_VEL] = _check.real_or_inf("vel", vel)

    def getContactMaxCorrectingVel(self) -> float:
        """The maximum correcting velocity of contacts."""
        return float(self._state.wreal[L.W_MAX_CORRECTING_VEL])

    def setContactSurfaceLayer(self, depth: float) -> None:
        """Set the depth of the surface layer in which contacts may rest without correction."""
        self._state.wreal[L.W_SURFACE_LAYER] = _check.real("depth", depth)

    def getContactSurfaceLayer(self) -> float:
        """The contact surface layer depth."""
        return float(self._state.wreal[L.W_SURFACE_LAYER])

    def impulseToForce(self, stepsize: float, impulse) -> tuple:
        """The force that, applied for one step of ``stepsize``, gives ``impulse`` (dWorldImpulseToForce)."""
        h = _positive_step(stepsize)
        return _backend.kernel("step").impulse_to_force(h, _check.vec("impulse", impulse))

    # ---- stepping
    def step(self, stepsize: float) -> None:
        """Advance the world by ``stepsize`` seconds with the accurate (LCP) stepper, dWorldStep."""
        h = _positive_step(stepsize)
        st = self._state
        b, j = st.bodies, st.joints
        _backend.kernel("step").world_step(b.real, b.ints, b.count, j.real, j.ints, j.count, st.wreal, h)
        self._after_step()

    def _after_step(self) -> None:
        """Refuse non-finite states (naming the body); call the moved callbacks of the bodies that moved."""
        st = self._state
        n = st.bodies.count
        moved = np.nonzero(st.bodies.ints[:n, L.BI_MOVED])[0]
        if len(moved) == 0:
            return
        rows = st.bodies.real[moved, :L.B_TACC + 3]
        bad = ~np.isfinite(rows).all(axis=1)
        if bad.any():
            slot = int(moved[np.argmax(bad)])
            body = st.body_objects.get(slot)
            raise ODEError(f"the step produced a non-finite state for {body!r} (slot {slot}); "
                           "reduce the step size or check forces, masses and joints")
        for slot in moved.tolist():
            body = st.body_objects.get(slot)
            cb = getattr(body, "_moved_callback", None)
            if cb is not None:
                cb(body)


def _positive_step(stepsize) -> float:
    """A step size that is a finite number > 0, or TypeError / ValueError."""
    if isinstance(stepsize, bool) or not isinstance(stepsize, (int, float, np.floating, np.integer)):
        raise TypeError(f"stepsize must be a number, not {type(stepsize).__name__}")
    h = float(stepsize)
    if not (h > 0.0 and math.isfinite(h)):
        raise ValueError(f"stepsize must be a finite number > 0, not {h!r}")
    return h
