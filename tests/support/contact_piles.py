"""Contact scenes shared by the native-pipeline and island-thread tests: their world, a pile of spheres and
boxes over a floor, a contact template, and the rows of a world's live contact joints."""

import numpy as np

import ode
from ode import _layout as L


def contact_world() -> tuple:
    """(world, hash space): gravity 9.81 down z, ERP 0.2, CFM 1e-5, as the contact scenes use."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setERP(0.2)
    world.setCFM(1e-5)
    return world, ode.HashSpace()


def pile(n_spheres=30, n_boxes=12, nested=True, seed=5):
    """Bodies with spheres/boxes above a floor in a hash space (some in a sub-space), a hinge between two."""
    rng = np.random.default_rng(seed)
    world, space = contact_world()
    sub = ode.SimpleSpace(space) if nested else space
    ode.GeomPlane(space, (0, 0, 1), 0.0)
    bodies = []
    for i in range(n_spheres + n_boxes):
        b = ode.Body(world)
        m = ode.Mass()
        where = sub if i % 2 else space
        if i < n_spheres:
            r = float(rng.uniform(0.2, 0.4))
            m.setSphere(1000.0, r)
            g = ode.GeomSphere(where, r)
        else:
            sides = tuple(float(x) for x in rng.uniform(0.3, 0.7, 3))
            m.setBox(1000.0, *sides)
            g = ode.GeomBox(where, sides)
        b.setMass(m)
        b.setPosition(tuple(float(x) for x in (rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5),
                                               0.35 + 0.1 * i)))
        g.setBody(b)
        bodies.append(b)
    hinge = ode.HingeJoint(world)
    hinge.attach(bodies[0], bodies[1])
    hinge.setAnchor(bodies[0].getPosition())
    hinge.setAxis((0, 1, 0))
    return world, space, bodies


def contact_template():
    """A contact template with bounce, soft ERP and friction set."""
    c = ode.Contact()
    c.setMode(ode.ContactBounce | ode.ContactSoftERP)
    c.setMu(0.8)
    c.setBounce(0.2)
    c.setBounceVel(0.1)
    c.setSoftERP(0.6)
    return c


def joint_rows(world, group_size):
    """(ints, reals) of the live contact joints in slot order."""
    j = world._state.joints
    live = np.nonzero((j.ints[:j.count, L.JI_ALIVE] == 1) & (j.ints[:j.count, L.JI_TYPE] == L.JT_CONTACT))[0]
    assert len(live) == group_size
    return j.ints[live].copy(), j.real[live].copy()
