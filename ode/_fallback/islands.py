"""Pure-Python twin of ``ode/_core/islands.pyx``: the islands of a step, found, counted and stepped.

The twin steps every island in the calling thread, in island order; the core may share them with a helper
thread, which gives the same bits (each island starts from the dRand seed the islands before it leave).
"""

from __future__ import annotations

from .. import _layout as L
from . import jacobian
from .integrate import apply_external_forces, integrate_bodies, prepare_bodies
from .lcp_rows import constraint_velocities
from .sor_rows import sor_velocities

# ---------------------------------------------------------------- finding the islands and their rows

def find_islands(bi, nb, ji, nj):
    """[(bodies, joints)] of each island of enabled bodies joined by enabled joints, waking every body an
    island reaches, in libode's order: islands from the highest body slot down, bodies depth first, each
    body's joints newest first. Marks BI_ISLAND."""
    for b in range(nb):
        bi[b * L.BI + L.BI_ISLAND] = -1
        bi[b * L.BI + L.BI_MOVED] = 0
    jlists = _body_joint_lists(bi, nb, ji, nj)
    jtag = [0] * nj
    islands = []
    for start in range(nb - 1, -1, -1):
        o = start * L.BI
        if bi[o + L.BI_ALIVE] == 0 or bi[o + L.BI_ENABLED] == 0 or bi[o + L.BI_ISLAND] >= 0:
            continue
        bodies = []
        joints = []
        stack = [start]
        bi[o + L.BI_ISLAND] = len(islands)
        while stack:
            b = stack.pop()
            bodies.append(b)
            bi[b * L.BI + L.BI_ENABLED] = 1
            for j in jlists[b]:
                if jtag[j]:
                    continue
                jtag[j] = 1
                joints.append(j)
                other = ji[j * L.JI + L.JI_B1]
                if other == b:
                    other = ji[j * L.JI + L.JI_B2]
                if other >= 0 and bi[other * L.BI + L.BI_ISLAND] < 0:
                    bi[other * L.BI + L.BI_ISLAND] = len(islands)
                    stack.append(other)
        islands.append((bodies, joints))
    return islands


def _body_joint_lists(bi, nb, ji, nj):
    """For each body, the enabled joints attached to it, newest (highest slot) first."""
    lists = [[] for _ in range(nb)]
    for j in range(nj - 1, -1, -1):
        o = j * L.JI
        if ji[o + L.JI_ALIVE] == 0 or ji[o + L.JI_ENABLED] == 0:
            continue
        for side in (L.JI_B1, L.JI_B2):
            b = ji[o + side]
            if b >= 0:
                lists[b].append(j)
    return lists


def first_parallel_hinge2(br, jr, ji, islands):
    """The first hinge-2 joint, in island order, whose axes are parallel (it cannot be stepped), or -1."""
    for _, joints in islands:
        j = _parallel_hinge2(br, jr, ji, joints)
        if j >= 0:
            return j
    return -1


def _parallel_hinge2(br, jr, ji, joints):
    """The first hinge-2 joint of an island whose axes are parallel (it cannot be stepped), or -1."""
    for j in joints:
        o = j * L.JI
        if ji[o + L.JI_TYPE] == L.JT_HINGE2 and ji[o + L.JI_B1] >= 0 and ji[o + L.JI_B2] >= 0 \
                and jacobian.hinge2_parallel(ji, jr, j, br):
            return j
    return -1


def count_rows(br, bi, jr, ji, wr, islands):
    """{joint slot: row count} (info1, which also settles limit states) for every island joint. An island's
    joints see only its own bodies, so counting every island before stepping any gives the counts stepping
    them in turn would."""
    return {j: jacobian.info1(ji, jr, j, br, bi, wr) for _, joints in islands for j in joints}


def number_moved(bi, islands):
    """Stage moved: BI_MOVED of each stepped body is its place in the integration order, from 1 (the order
    in which a step's geoms are marked dirty)."""
    moved = 0
    for bodies, _ in islands:
        for b in bodies:
            moved += 1
            bi[b * L.BI + L.BI_MOVED] = moved


# ---------------------------------------------------------------- stepping the islands

def step_islands(br, bi, jr, ji, wr, h, rng, islands, jcnt, ws):
    """Step every island in island order (QuickStep when rng holds a seed, updated)."""
    for bodies, joints in islands:
        _step_island(br, bi, jr, ji, wr, h, bodies, joints, jcnt, rng, ws)


def _step_island(br, bi, jr, ji, wr, h, bodies, joints, jcnt, rng, ws):
    """One step of one island, as named stages: the bodies' inertia, gyroscopic torque and gravity; the
    constraint forces (dWorldStep's LCP, or QuickStep's SOR when rng is given) applied to the velocities;
    the external forces applied; the bodies moved."""
    invI = prepare_bodies(br, bi, wr, h, bodies)
    if joints and rng is not None:
        sor_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, rng, ws)
    elif joints:
        constraint_velocities(br, bi, jr, ji, wr, h, bodies, joints, invI, jcnt, ws)
    apply_external_forces(br, bodies, invI, h)
    integrate_bodies(br, bi, bodies, h)
