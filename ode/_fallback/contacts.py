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


# ------------------------------------------------------------------ the native pipeline's batch


class Batch:
    """Grow-only buffers of the native contact pipeline, kept by a world between calls (twin of the core's
    Batch): the contact records of one call with the two body slots each contact joins."""

    def __init__(self) -> None:
        self.recs = None             # (capacity, CR) array of the records' real type
        self.b1 = np.zeros(0, dtype=np.int32)
        self.b2 = np.zeros(0, dtype=np.int32)
        self.count = 0

    @property
    def capacity(self) -> int:
        """How many contacts the buffers hold without growing."""
        return self.b1.shape[0]

    def _reserve(self, n: int, dtype) -> None:
        """Room for n contacts (keeping the first ``count``), in records of ``dtype``."""
        cap = self.b1.shape[0]
        if self.recs is not None and self.recs.dtype != dtype:
            self.recs = None
            cap = 0
        if n <= cap and self.recs is not None:
            return
        newcap = max(2 * cap, n + 64)
        recs = np.zeros((newcap, L.CR), dtype=dtype)
        b1 = np.zeros(newcap, dtype=np.int32)
        b2 = np.zeros(newcap, dtype=np.int32)
        k = self.count
        if k and self.recs is not None:
            recs[:k] = self.recs[:k]
            b1[:k] = self.b1[:k]
            b2[:k] = self.b2[:k]
        self.recs, self.b1, self.b2 = recs, b1, b2

    def load(self, recs, b1, b2) -> None:
        """Take contact records (k, CR) and their body slots (k each) computed elsewhere (per-pair path)."""
        recs = np.asarray(recs)
        x = np.asarray(b1, dtype=np.int32)
        y = np.asarray(b2, dtype=np.int32)
        k = recs.shape[0]
        if recs.ndim != 2 or recs.shape[1] != L.CR or recs.dtype.kind != "f" or x.ndim != 1 or y.ndim != 1 \
                or x.shape[0] != k or y.shape[0] != k:
            raise ValueError("recs must be (k, CR) of the kernel's real type, b1 and b2 k body slots")
        self.count = 0
        self._reserve(k, recs.dtype)
        self.recs[:k] = recs
        self.b1[:k] = x
        self.b2[:k] = y
        self.count = k

    def records(self) -> tuple:
        """(records (k, CR), b1 (k,), b2 (k,)) of the last call, as new arrays."""
        k = self.count
        if self.recs is None:
            return np.zeros((0, L.CR)), np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32)
        return self.recs[:k].copy(), self.b1[:k].copy(), self.b2[:k].copy()


def _joined(ints: np.ndarray, jcount: int) -> set:
    """Keys (min << 32 | max) of the body pairs joined by a live non-contact joint among rows [0, jcount)."""
    out = set()
    for t, b1, b2, alive in ints[:jcount, [L.JI_TYPE, L.JI_B1, L.JI_B2, L.JI_ALIVE]].tolist():
        if alive != 0 and t != L.JT_CONTACT and b1 >= 0 and b2 >= 0:
            out.add(min(b1, b2) << 32 | max(b1, b2))
    return out


def _body_of(key: int, wn: int) -> int:
    """Body slot in world number wn of a geom's body key: -1 without a body, -2 for another world's body."""
    if key < 0:
        return -1
    if key >> 32 != wn:
        return -2
    return key & 0xFFFFFFFF


def _check_pairs(greal, a, b, na, nb, flip) -> int:
    """The number of pairs, after the core's checks of the pair arrays."""
    n = a.shape[0]
    for name, arr in (("a", a), ("b", b), ("na", na), ("nb", nb)):
        if arr.ndim != 1 or arr.dtype != np.int32 or arr.shape[0] != n:
            raise TypeError(f"{name} must be a 1-d C-contiguous int32 array of {n} values")
    if flip is not None and (flip.ndim != 1 or flip.dtype != np.bool_ or flip.shape[0] != n):
        raise TypeError("flip must be None or a 1-d C-contiguous bool array, one per pair")
    nrow = greal.shape[0]
    if n and (min(a.min(), b.min()) < 0 or max(a.max(), b.max(), na.max(), nb.max()) >= nrow):
        raise IndexError("geom row out of range")
    return n


def collide_batch(ws, greal, gint, a, b, na, nb, flip, flags, bodykey, wn, jints, jcount, skip_connected):
    """The native pipeline's pair filter and narrow phase in one pass; the contacts go to ``ws`` (see the
    core kernel's docstring). Returns the number of contacts."""
    n = _check_pairs(greal, a, b, na, nb, flip)
    if not 0 <= jcount <= jints.shape[0]:
        raise ValueError("jints must be the C-contiguous joint int rows, jcount within them")
    keys = None
    recs, b1, b2 = [], [], []
    ka, kb = bodykey[a].tolist(), bodykey[b].tolist()
    qa, qb = na.tolist(), nb.tolist()
    fl = flip.tolist() if flip is not None else None
    for p in range(n):
        x, y = _body_of(ka[p], wn), _body_of(kb[p], wn)
        if (x < 0 and y < 0) or x == -2 or y == -2:
            continue
        if skip_connected and x >= 0 and y >= 0:
            if keys is None:
                keys = _joined(jints, jcount)
            if keys and (min(x, y) << 32 | max(x, y)) in keys:
                continue
        if qa[p] < 0 or qb[p] < 0 or qa[p] == qb[p]:
            continue
        r = _collide.collide_geoms(greal, gint, qa[p], qb[p], flags)
        if r.shape[0] == 0:
            continue
        if fl is not None and fl[p]:
            r[:, L.C_NORMAL:L.C_NORMAL + 3] *= -1
        recs.append(r)
        b1.extend([x] * r.shape[0])
        b2.extend([y] * r.shape[0])
    ws.count = 0
    if recs:
        ws.load(np.concatenate(recs), b1, b2)
    return ws.count


def write_rows(ws, jreal, jints, rows, mode, fdir1, values) -> None:
    """Write the batch's contacts as contact-joint rows ``rows`` (see the core kernel's docstring)."""
    k = ws.count
    rows = np.asarray(rows)
    if rows.ndim != 1 or rows.dtype != np.intp or rows.shape[0] != k:
        raise TypeError("rows must be a 1-d C-contiguous intp array, one row per contact")
    if fdir1.shape != (3,) or values.shape != (14,):
        raise TypeError("fdir1 must be 3 values and values 14 values of the kernel's real type")
    if k == 0:
        return
    if rows.min() < 0 or rows.max() >= jreal.shape[0]:
        raise IndexError("joint row out of range")
    recs, b1, b2 = ws.recs[:k], ws.b1[:k], ws.b2[:k]
    rev = b1 < 0
    jreal[rows] = 0
    jints[rows] = 0
    jints[rows, L.JI_TYPE] = L.JT_CONTACT
    jints[rows, L.JI_B1] = np.where(rev, b2, b1)
    jints[rows, L.JI_B2] = np.where(rev, -1, b2)
    jints[rows, L.JI_FLAGS] = np.where(rev, L.JF_REVERSE, 0)
    jints[rows, L.JI_ALIVE] = 1
    jints[rows, L.JI_ENABLED] = 1
    jints[rows, L.JI_C_MODE] = mode
    jreal[rows, L.J_C_POS:L.J_C_POS + 3] = recs[:, L.C_POS:L.C_POS + 3]
    normal = recs[:, L.C_NORMAL:L.C_NORMAL + 3]
    jreal[rows, L.J_C_NORMAL:L.J_C_NORMAL + 3] = np.where(rev[:, None], -normal, normal)
    jreal[rows, L.J_C_DEPTH] = recs[:, L.C_DEPTH]
    jreal[rows, L.J_C_FDIR1:L.J_C_FDIR1 + 3] = fdir1
    jreal[rows, L.J_C_MU:L.J_C_MU + 14] = values
