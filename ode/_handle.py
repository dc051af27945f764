"""The copy and pickle behaviour shared by every handle class (worlds, bodies, joints, groups, geoms, data).

A handle names a row of ODE state (or a registry entry) that it releases when destroyed or freed. A second
Python object naming the same row would release it twice, so ``copy.copy`` returns the handle itself.

Deep copies and pickles copy the state behind the handle: ``ode.pickling`` (a layer above every handle
class) binds one reduce function per class with ``bind_reducer``; ``copy.deepcopy`` and ``pickle`` both go
through ``__reduce_ex__``, so they build the same objects (see docs/architecture.md, "Snapshots and
pickling"). A handle's state is a pair ``(setter, payload)``: ``__setstate__`` calls ``setter(self,
payload)``, a module-level function of ``ode.pickling``. A class without a reducer raises TypeError.
"""

from __future__ import annotations

_REDUCERS: dict = {}       # class -> reduce(obj): the tuple __reduce_ex__ returns, bound by ode.pickling


def bind_reducer(cls, reduce) -> None:
    """Make ``reduce(obj)`` the ``__reduce_ex__`` of ``cls`` and its subclasses (called by ode.pickling)."""
    _REDUCERS[cls] = reduce


class Handle:
    """Mixin: ``copy.copy(h) is h``; ``copy.deepcopy(h)`` and ``pickle.dumps(h)`` copy the state behind the
    handle through the reducer bound for its class, or raise TypeError when there is none."""

    __slots__ = ()

    def __copy__(self):
        """A handle is not duplicated: the copy is the handle itself."""
        return self

    def __reduce_ex__(self, protocol):
        for klass in type(self).__mro__:
            reduce = _REDUCERS.get(klass)
            if reduce is not None:
                return reduce(self)
        raise TypeError(f"ode.{type(self).__name__} is a handle onto ODE state and cannot be pickled or "
                        "deep-copied")

    def __setstate__(self, state) -> None:
        """Restore the state a reducer gave: ``(setter, payload)``, ``setter(self, payload)``."""
        setter, payload = state
        setter(self, payload)
