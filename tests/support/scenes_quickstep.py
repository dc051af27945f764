"""Scenes for QuickStep, auto-disable, damping and kinematic bodies, written against PyODE's API.

Each scene takes the module to drive (our ``ode``, or libode through ``tools/oracle/libode_pyode_dynamics``)
and returns a dict of plain lists, so ``tools/record/record_quickstep.py`` can store libode's answers in
``tests/data/quickstep.json`` and the tests can compare ours with them without libode.
"""

from __future__ import annotations

import json
from pathlib import Path

H = 0.01
DATA = Path(__file__).resolve().parents[1] / "data"


def recording(precision: str = "double") -> dict:
    """libode's recorded answers (``rand`` and ``scenes``): Debian's libode for "double", libode built in
    single precision for "single" (``tests/data/single/``)."""
    folder = DATA / "single" if precision == "single" else DATA
    return json.loads((folder / "quickstep.json").read_text())


def _box_mass(ode, density: float, sides) -> object:
    m = ode.Mass()
    m.setBox(density, *sides)
    return m


def _state(bodies) -> list:
    """Position, quaternion, linear and angular velocity of every body, flattened."""
    out = []
    for b in bodies:
        out += list(b.getPosition()) + list(b.getQuaternion())
        out += list(b.getLinearVel()) + list(b.getAngularVel())
    return out


def qs_ball_chain(ode, steps: int = 60, links: int = 10) -> dict:
    """A 10-link ball chain hanging from the environment, swinging under gravity, with quickStep."""
    w = ode.World()
    w.setGravity((0.0, -9.81, 0.0))
    w.setCFM(1e-10)
    ode.randSetSeed(1)
    bodies = []
    prev = None
    for i in range(links):
        b = ode.Body(w)
        b.setMass(_box_mass(ode, 500.0, (0.3, 0.1, 0.1)))
        b.setPosition((0.3 * i + 0.15, 0.0, 0.02 * i))
        j = ode.BallJoint(w)
        if prev is None:
            j.attach(b, ode.environment)
        else:
            j.attach(prev, b)
        j.setAnchor((0.3 * i, 0.0, 0.02 * i))
        bodies.append(b)
        prev = b
    bodies[-1].setLinearVel((0.0, 0.0, 1.0))
    rows = []
    for _ in range(steps):
        w.quickStep(H)
        rows.append(_state(bodies))
    return {"states": rows, "seed": ode.randGetSeed()}


def qs_hinge_motor(ode, steps: int = 80) -> dict:
    """Two boxes on a motorised hinge with stops, the first hinged to the world; quickStep, 12 iterations."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    w.setCFM(1e-10)
    w.setQuickStepNumIterations(12)
    w.setQuickStepW(1.1)
    ode.randSetSeed(77)
    a = ode.Body(w)
    a.setMass(_box_mass(ode, 300.0, (0.4, 0.2, 0.2)))
    a.setPosition((0.2, 0.0, 1.0))
    b = ode.Body(w)
    b.setMass(_box_mass(ode, 300.0, (0.4, 0.2, 0.2)))
    b.setPosition((0.6, 0.0, 1.0))
    j0 = ode.HingeJoint(w)
    j0.attach(a, ode.environment)
    j0.setAnchor((0.0, 0.0, 1.0))
    j0.setAxis((0.0, 1.0, 0.0))
    j1 = ode.HingeJoint(w)
    j1.attach(a, b)
    j1.setAnchor((0.4, 0.0, 1.0))
    j1.setAxis((0.0, 1.0, 0.0))
    j1.setParam(ode.ParamLoStop, -0.3)
    j1.setParam(ode.ParamHiStop, 0.4)
    j1.setParam(ode.ParamVel, 2.0)
    j1.setParam(ode.ParamFMax, 30.0)
    j1.setFeedback(True)
    rows = []
    for _ in range(steps):
        w.quickStep(H)
        fb = j1.getFeedback()
        rows.append(_state([a, b]) + [j1.getAngle(), j1.getAngleRate()] + [x for v in fb for x in v])
    return {"states": rows, "seed": ode.randGetSeed()}


def qs_box_contacts(ode, steps: int = 80) -> dict:
    """A sliding, spinning box on hand-made ground contacts (friction mu 0.6, mu2 0.3), quickStep."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    w.setCFM(1e-10)
    ode.randSetSeed(12345)
    half = (0.2, 0.15, 0.1)
    b = ode.Body(w)
    b.setMass(_box_mass(ode, 200.0, (0.4, 0.3, 0.2)))
    b.setPosition((0.0, 0.0, 0.0995))
    b.setLinearVel((1.0, 0.3, 0.0))
    b.setAngularVel((0.0, 0.0, 2.0))
    group = ode.JointGroup()
    rows = []
    for _ in range(steps):
        group.empty()
        for sx in (-1, 1):
            for sy in (-1, 1):
                p = b.getRelPointPos((sx * half[0], sy * half[1], -half[2]))
                if p[2] < 0.0:
                    c = ode.Contact()
                    c.setMode(ode.ContactMu2 | ode.ContactApprox1)
                    c.setMu(0.6)
                    c.setMu2(0.3)
                    c.setContactGeomParams(p, (0.0, 0.0, 1.0), -p[2])
                    j = ode.ContactJoint(w, group, c)
                    j.attach(b, ode.environment)
        w.quickStep(H)
        rows.append(_state([b]))
    return {"states": rows, "seed": ode.randGetSeed()}


def sleep_steps(ode, quick: bool, steps: int = 250) -> dict:
    """The step at which each body falls asleep (0: never) in a world of auto-disabling islands.

    Islands: a pendulum coming to rest (damped), a hinged pair whose one body stays busy longer, a body
    averaging 3 samples, a body with an idle time, a free body (never sleeps in mid-air), and a body
    disabled by hand that an enabled neighbour wakes.
    """
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    w.setAutoDisableFlag(True)
    w.setAutoDisableSteps(5)
    w.setAutoDisableLinearThreshold(0.05)
    w.setAutoDisableAngularThreshold(0.05)
    ode.randSetSeed(2024)
    bodies = []

    def body(pos, vel=(0.0, 0.0, 0.0)):
        b = ode.Body(w)
        b.setMass(_box_mass(ode, 100.0, (0.2, 0.2, 0.2)))
        b.setPosition(pos)
        b.setLinearVel(vel)
        bodies.append(b)
        return b

    p = body((0.5, 0.0, 0.0), (0.0, 0.0, 0.5))
    p.setLinearDamping(0.08)
    p.setAngularDamping(0.08)
    j = ode.HingeJoint(w)
    j.attach(p, ode.environment)
    j.setAnchor((0.0, 0.0, 0.0))
    j.setAxis((0.0, 1.0, 0.0))
    a = body((3.0, 0.0, -0.5))
    b = body((3.0, 0.0, -1.0), (0.3, 0.0, 0.0))
    b.setLinearDamping(0.1)
    b.setAngularDamping(0.1)
    a.setAutoDisableSteps(2)
    j = ode.BallJoint(w)
    j.attach(a, ode.environment)
    j.setAnchor((3.0, 0.0, 0.0))
    j = ode.BallJoint(w)
    j.attach(a, b)
    j.setAnchor((3.0, 0.0, -0.75))
    c = body((6.0, 0.0, 0.0))
    c.setAutoDisableAverageSamplesCount(3)
    c.setAutoDisableSteps(2)
    j = ode.BallJoint(w)
    j.attach(c, ode.environment)
    j.setAnchor((6.0, 0.0, 0.0))
    d = body((8.0, 0.0, 0.0))
    d.setAutoDisableSteps(0)
    d.setAutoDisableTime(0.055)
    d.enable()
    j = ode.BallJoint(w)
    j.attach(d, ode.environment)
    j.setAnchor((8.0, 0.0, 0.0))
    body((10.0, 0.0, 0.0)).setGravityMode(False)
    e = body((12.0, 0.0, 0.0), (0.0, 0.2, 0.0))
    f = body((12.5, 0.0, 0.0))
    f.setAutoDisableFlag(False)
    j = ode.BallJoint(w)
    j.attach(e, f)
    j.setAnchor((12.25, 0.0, 0.0))
    for x in (e, f):
        x.setGravityMode(False)
    e.disable()
    f.setLinearVel((0.0, 0.0, 0.0))
    asleep = [0] * len(bodies)
    enabled = []
    for k in range(1, steps + 1):
        if k == 60:
            f.setLinearVel((0.0, 0.0, 0.3))
        (w.quickStep if quick else w.step)(H)
        flags = [int(x.isEnabled()) for x in bodies]
        enabled.append(flags)
        for n, x in enumerate(flags):
            if not x and asleep[n] == 0:
                asleep[n] = k
    return {"asleep": asleep, "enabled": enabled, "final": _state(bodies)}


def damping_moved(ode, quick: bool, steps: int = 40) -> dict:
    """Damping, thresholds and the angular speed limit on swinging bodies; velocities moved callbacks see."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    w.setDamping(0.05, 0.02)
    w.setLinearDampingThreshold(0.3)
    w.setAngularDampingThreshold(0.2)
    w.setMaxAngularSpeed(4.0)
    ode.randSetSeed(3)
    a = ode.Body(w)
    a.setMass(_box_mass(ode, 100.0, (0.3, 0.2, 0.1)))
    a.setPosition((0.5, 0.0, 0.0))
    a.setAngularVel((1.0, 7.0, 2.0))
    b = ode.Body(w)
    b.setMass(_box_mass(ode, 100.0, (0.3, 0.2, 0.1)))
    b.setPosition((1.0, 0.0, 0.0))
    b.setDamping(0.1, 0.2)
    b.setMaxAngularSpeed(ode.Infinity if hasattr(ode, "Infinity") else float("inf"))
    c = ode.Body(w)
    c.setPosition((3.0, 0.0, 0.0))
    c.setLinearVel((2.0, 0.0, 0.0))
    c.setAngularVel((0.0, 0.0, 9.0))
    c.setLinearDampingThreshold(5.0)
    c.setAngularDampingThreshold(0.0)
    j = ode.HingeJoint(w)
    j.attach(a, ode.environment)
    j.setAnchor((0.0, 0.0, 0.0))
    j.setAxis((0.0, 1.0, 0.0))
    j = ode.BallJoint(w)
    j.attach(a, b)
    j.setAnchor((0.75, 0.0, 0.0))
    seen = []
    a.setMovedCallback(lambda body: seen.append(list(body.getLinearVel()) + list(body.getAngularVel())))
    rows = []
    for _ in range(steps):
        (w.quickStep if quick else w.step)(H)
        rows.append(_state([a, b, c]))
    return {"states": rows, "seen": seen}


def kinematic_push(ode, quick: bool, steps: int = 40) -> dict:
    """A kinematic body moving at constant velocity drags a dynamic body through a ball joint."""
    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    ode.randSetSeed(9)
    k = ode.Body(w)
    k.setMass(_box_mass(ode, 100.0, (0.3, 0.3, 0.3)))
    k.setKinematic()
    k.setLinearVel((0.5, 0.0, 0.0))
    k.setAngularVel((0.0, 0.0, 1.0))
    d = ode.Body(w)
    d.setMass(_box_mass(ode, 100.0, (0.3, 0.3, 0.3)))
    d.setPosition((0.0, 0.0, -0.5))
    j = ode.BallJoint(w)
    j.attach(k, d)
    j.setAnchor((0.0, 0.0, -0.25))
    rows = []
    for _ in range(steps):
        (w.quickStep if quick else w.step)(H)
        rows.append(_state([k, d]))
    return {"states": rows, "kinematic": [int(k.isKinematic()), int(d.isKinematic())]}


def dif_scene(ode) -> dict:
    """exportDIF text of a world with every body option DIF shows and seven joint types (not stepped)."""
    import io

    w = ode.World()
    w.setGravity((0.0, 0.0, -9.81))
    w.setAutoDisableFlag(True)
    w.setAutoDisableLinearThreshold(0.3)
    a = ode.Body(w)
    a.setMass(_box_mass(ode, 100.0, (0.3, 0.2, 0.1)))
    a.setPosition((0.5, 0.0, 0.0))
    a.setLinearVel((1.0, 2.0, 3.0))
    a.setAngularVel((0.1, 0.2, 0.3))
    a.setFiniteRotationAxis((0.0, 0.0, 1.0))
    a.setFiniteRotationMode(1)
    a.addForce((1.0, 2.0, 3.0))
    b = ode.Body(w)
    b.setPosition((1.0, 0.2, 0.0))
    b.setGravityMode(False)
    b.addTorque((0.0, 0.0, 1.0))
    c = ode.Body(w)
    c.setPosition((2.0, 0.0, 0.0))
    c.setAutoDisableFlag(False)
    c.disable()
    j = ode.HingeJoint(w)
    j.attach(a, b)
    j.setAnchor((0.0, 0.0, 0.0))
    j.setAxis((0.0, 1.0, 0.0))
    j.setParam(ode.ParamLoStop, -1.0)
    j.setParam(ode.ParamVel, 2.0)
    j.setParam(ode.ParamFMax, 3.0)
    j.setParam(ode.ParamBounce, 0.5)
    k = ode.BallJoint(w)
    k.attach(a, ode.environment)
    k.setAnchor((0.75, 0.0, 0.0))
    s = ode.SliderJoint(w)
    s.attach(b, c)
    s.setAxis((1.0, 0.0, 0.0))
    u = ode.UniversalJoint(w)
    u.attach(a, b)
    u.setAnchor((0.7, 0.0, 0.0))
    u.setAxis1((0.0, 0.0, 1.0))
    u.setAxis2((0.0, 1.0, 0.0))
    h2 = ode.Hinge2Joint(w)
    h2.attach(a, b)
    h2.setAnchor((0.7, 0.0, 0.0))
    h2.setAxis1((0.0, 0.0, 1.0))
    h2.setAxis2((0.0, 1.0, 0.0))
    fx = ode.FixedJoint(w)
    fx.attach(b, c)
    fx.setFixed()
    group = ode.JointGroup()
    ct = ode.Contact()
    ct.setMode(ode.ContactMu2 | ode.ContactBounce)
    ct.setMu(0.5)
    ct.setMu2(0.2)
    ct.setBounce(0.3)
    ct.setContactGeomParams((0.0, 0.0, 0.0), (0.0, 0.0, 1.0), 0.1)
    cj = ode.ContactJoint(w, group, ct)
    cj.attach(a, c)
    f = io.StringIO()
    w.exportDIF(f, "p_")
    return {"text": f.getvalue()}


SCENES = {
    "qs_ball_chain": lambda ode: qs_ball_chain(ode),
    "qs_hinge_motor": lambda ode: qs_hinge_motor(ode),
    "qs_box_contacts": lambda ode: qs_box_contacts(ode),
    "sleep_step": lambda ode: sleep_steps(ode, False),
    "sleep_quick": lambda ode: sleep_steps(ode, True),
    "damping_step": lambda ode: damping_moved(ode, False),
    "damping_quick": lambda ode: damping_moved(ode, True),
    "kinematic_step": lambda ode: kinematic_push(ode, False),
    "kinematic_quick": lambda ode: kinematic_push(ode, True),
    "dif": dif_scene,
}
