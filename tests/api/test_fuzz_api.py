"""Random calls on the public API never crash: every public method of worlds, bodies, masses, joints of every
type, geoms of every class (attached and not), transforms and spaces of every kind gets random arguments (NaN,
infinities, huge and negative numbers, wrong types and shapes), interleaved with collision passes and steps.
Bad input must raise TypeError, ValueError, ode.ODEError (or a few standard lookup errors); anything else,
or a crash, fails. Seeded, so a failure is reproducible."""

from __future__ import annotations

import inspect
import random
import warnings

import numpy as np
import pytest

import ode

EXPECTED = (TypeError, ValueError, ode.ODEError, IndexError)
JUNK = [None, float("nan"), float("inf"), -float("inf"), -1, 0, 1, 2**31, -2**31, 2**63, 1e308, -1e-308,
        "x", [], [1], [1, 2, 3], (float("nan"),) * 3, (1e300,) * 3, (0, 0, 0), (1, 0, 0), (0,) * 9, (1,) * 9,
        (1, 0, 0, 0), np.zeros(3), np.array([np.nan] * 3), True, object(), [[1, 2, 3]], ((0, 0, 0),), 0.5,
        -0.5, 1e-300, 10**6, 10**400, -10**400, (10**400, 0, 0), 1j, (1j, 0, 0), np.array([1j, 0, 0]),
        np.float64("nan"), np.int64(2**40), [(1e308, 0, 0)] * 3]


def _scene(rng: random.Random) -> tuple:
    """A world with bodies, every joint type, every geom class in a hash space, and the other space kinds."""
    w = ode.World()
    bodies = []
    for i in range(3):
        b = ode.Body(w)
        m = ode.Mass()
        m.setSphere(1.0, 0.5)
        b.setMass(m)
        b.setPosition((i, 0, 0))
        bodies.append(b)
    space = ode.HashSpace()
    objs = [w, *bodies, ode.Mass(), space, ode.SimpleSpace(), ode.QuadTreeSpace((0, 0, 0), (10, 10, 10), 3),
            ode.SAPSpace()]
    for cls in (ode.GeomSphere, ode.GeomBox, ode.GeomCapsule, ode.GeomCylinder, ode.GeomRay, ode.GeomPlane):
        g = cls(space)
        if cls is not ode.GeomPlane and rng.random() < 0.5:
            g.setBody(rng.choice(bodies))
        objs.append(g)
    joints = [c for n, c in sorted(vars(ode).items()) if inspect.isclass(c) and n.endswith("Joint")
              and n not in ("ContactJoint", "Joint")] + [ode.AMotor, ode.LMotor]
    for jc in joints:
        j = jc(w)
        a, b = rng.sample(bodies, 2)
        try:
            j.attach(a, b if rng.random() < 0.7 else None)
        except EXPECTED:
            pass
        objs.append(j)
    td = ode.TriMeshData()
    td.build([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)], [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)])
    hd = ode.HeightfieldData()
    hd.buildDouble([0.1] * 16, False, 2, 2, 4, 4)
    t = ode.GeomTransform(space)
    t.setGeom(ode.GeomSphere(None, 0.3))
    objs += [td, ode.GeomTriMesh(td, space), hd, ode.GeomHeightfield(hd, True, space), t]
    return w, space, objs


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_calls_raise_only_python_errors(seed):
    """Also no warning: a RuntimeWarning (overflow in a cast) or ComplexWarning means a value was changed."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _random_calls(seed)


def _random_calls(seed):
    rng = random.Random(seed)
    w, space, objs = _scene(rng)
    group = ode.JointGroup()
    unexpected = []

    def near(_data, a, b):
        for c in ode.collide(a, b, 4):
            ode.ContactJoint(w, group, c).attach(a.getBody(), b.getBody())

    for it in range(1500):
        o = rng.choice(objs)
        names = [n for n in dir(o)
                 if not n.startswith("_") and n != "destroy" and callable(getattr(o, n, None))]
        name = rng.choice(names)
        args = [rng.choice(JUNK) for _ in range(rng.randint(0, 4))]
        try:
            getattr(o, name)(*args)
        except EXPECTED:
            pass
        except Exception as exc:  # noqa: BLE001  (the point: anything else is a finding)
            unexpected.append((type(o).__name__, name, repr(args)[:80], type(exc).__name__, str(exc)[:80]))
        if it % 50 == 0:
            try:
                space.collide(None, near)
                w.quickStep(0.01) if rng.random() < 0.5 else w.step(0.01)
            except EXPECTED:
                pass
            group.empty()
    assert not unexpected, unexpected[:5]
