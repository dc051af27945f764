"""Exceptions raised instead of ODE's aborts."""


class ODEError(RuntimeError):
    """A misuse ODE would report as an internal error (and often abort on); here it is an exception."""


class NotPlaceableError(ODEError, ValueError):
    """A pose or body asked of a non-placeable geom (a plane, a space, a non-placeable heightfield): libode
    aborts ("geom must be placeable"), PyODE raises ValueError; this is both an ODEError and a ValueError."""
