"""ODE's random number generator (dRand): one process-wide 32-bit seed, as in libode.

QuickStep shuffles its constraint rows with this generator every 8 iterations, so setting the seed makes
quickStep runs reproducible and lets them follow libode's (``randSetSeed(s)`` there and here).

The seed stays process-wide (not per world) so that runs follow libode's. World snapshots record it
(``state.seed``) and ``world.setState`` restores it; a pickled world carries the seed of its pickling time,
which ``ode.loads`` sets and ``pickle.loads`` leaves alone (see docs/architecture.md, "Snapshots and
pickling").
"""

from __future__ import annotations

import numbers

_seed = 0


def randSetSeed(seed: int) -> None:
    """Set the generator's seed (kept modulo 2**32, as ODE keeps it)."""
    global _seed
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, not {seed}")
    _seed = int(seed) & 0xFFFFFFFF


def randGetSeed() -> int:
    """The generator's current seed."""
    return _seed


def _get() -> int:
    """The seed for a kernel call."""
    return _seed


def _put(seed: int) -> None:
    """Store the seed a kernel call returned."""
    global _seed
    _seed = int(seed) & 0xFFFFFFFF
