"""Batch narrow phase, twin of ``ode/_core/contacts.pyx``: contacts of many geom pairs at once."""

from __future__ import annotations

import numpy as np

from .. import _layout as L
from . import collide as _collide


def collide_many(greal, gint, a, b, flags):
    """Contacts of the pairs (a[p], b[p]) of geom rows: (records (K, CR), owning pair index (K,) int32).

    Each pair gets at most ``flags & 0xffff`` contacts (at least 1); pairs come in order, their contacts
    in the collider's order, as calling collide_geoms pair by pair.
    """
    recs, owners = [], []
    for p, (x, y) in enumerate(zip(np.asarray(a).tolist(), np.asarray(b).tolist())):
        r = _collide.collide_geoms(greal, gint, x, y, flags)
        if r.shape[0]:
            recs.append(r)
            owners.append(np.full(r.shape[0], p, dtype=np.int32))
    if not recs:
        return np.zeros((0, L.CR), dtype=greal.dtype), np.zeros(0, dtype=np.int32)
    return np.concatenate(recs), np.concatenate(owners)
