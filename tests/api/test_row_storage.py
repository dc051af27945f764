"""Row storage (``ode._state.Slots``): growth in place or by copy, and rows that are zero without a memset.

Rows at or past ``zeroed_from`` are known zero, so a handle created there is not zeroed again; growth (a
zeroed copy of the rows in use) keeps that true and leaves a view someone holds on valid memory.
"""

from __future__ import annotations

import numpy as np

import ode
from ode import _layout as L
from ode._state import Slots


def _fill(slots: Slots, k: int, value: float) -> list:
    """k rows taken with take() and written whole, as the contact pipeline writes its rows."""
    rows = [slots.take() for _ in range(k)]
    for r in rows:
        slots.real[r] = value
        slots.ints[r] = int(value)
    return rows


def test_growth_keeps_rows_and_zero_tail():
    s = Slots(L.JR, L.JI, capacity=4)
    _fill(s, 4, 3.0)
    s.take()                                         # grows
    assert s.real.shape[0] == 8 and s.count == 5
    assert (s.real[:4] == 3.0).all() and (s.ints[:4] == 3).all()
    assert not s.real[5:].any() and not s.ints[5:].any()
    assert s.zeroed_from == 5


def test_growth_leaves_a_held_view_intact():
    s = Slots(L.JR, L.JI, capacity=4)
    _fill(s, 4, 2.0)
    view = s.real[1:3]                               # a user of the old array
    s.take()
    assert not np.shares_memory(view, s.real)
    assert (view == 2.0).all()                       # still the old array's memory, unchanged
    assert (s.real[:4] == 2.0).all() and not s.real[4:].any()


def test_allocate_zeroes_reused_rows_and_trusts_fresh_ones():
    s = Slots(L.JR, L.JI, capacity=4)
    rows = _fill(s, 3, 5.0)
    s.release_range(rows[1], rows[2] + 1)            # rows 1 and 2 dropped from count, their reals dirty
    assert s.count == 1 and s.zeroed_from == 3
    again = [s.allocate() for _ in range(4)]         # two reused rows, one fresh, one after growth
    assert again == [1, 2, 3, 4]
    assert not s.real[again].any() and not s.ints[again].any()


def test_contact_joint_rows_are_the_same_fresh_or_reused():
    world = ode.World()
    body = ode.Body(world)
    group = ode.JointGroup()
    contact = ode.Contact()
    contact.setContactGeomParams((1.0, 2.0, 3.0), (0.0, 0.0, 1.0), 0.25)
    contact.setMu(0.5)
    rows = world._state.joints

    def make(n: int) -> list:
        made = []
        for _ in range(n):
            j = ode.ContactJoint(world, group, contact)
            j.attach(body, None)
            made.append((rows.real[j._slot].copy(), rows.ints[j._slot].copy()))
        return made

    fresh = make(20)                                 # rows past zeroed_from, the storage growing
    rows.real[:rows.count, L.J_SCRATCH:] = 9.0       # dirty what a contact joint does not write
    group.empty()
    reused = make(20)
    for (r1, i1), (r2, i2) in zip(fresh, reused):
        assert r1.tobytes() == r2.tobytes() and i1.tobytes() == i2.tobytes()
