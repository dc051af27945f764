"""Exceptions raised instead of ODE's aborts."""


class ODEError(RuntimeError):
    """A misuse ODE would report as an internal error (and often abort on); here it is an exception."""
