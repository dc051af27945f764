"""The copy and pickle behaviour shared by every handle class (worlds, bodies, joints, groups, geoms, data).

A handle names a row of ODE state (or a registry entry) that it releases when destroyed or freed. A second
Python object naming the same row would release it twice, so ``copy.copy`` returns the handle itself and
deep copies and pickles (which would need to copy the state behind the handle) raise TypeError.
"""

from __future__ import annotations


class Handle:
    """Mixin: ``copy.copy(h) is h``; ``copy.deepcopy(h)`` and ``pickle.dumps(h)`` raise TypeError."""

    __slots__ = ()

    def __copy__(self):
        """A handle is not duplicated: the copy is the handle itself."""
        return self

    def __deepcopy__(self, memo):
        raise TypeError(f"ode.{type(self).__name__} is a handle onto ODE state and cannot be deep-copied yet")

    def __reduce_ex__(self, protocol):
        raise TypeError(f"ode.{type(self).__name__} is a handle onto ODE state and cannot be pickled yet")
