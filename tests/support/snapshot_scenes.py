"""Contact-rich scenes for the snapshot and pickle tests, and the loop that steps them.

Each scene is a dict: ``world``, ``space``, ``group``, ``bodies`` (the bodies compared), ``contact`` (the
surface of new contacts). ``run(scene, n, how)`` steps it n times: collide (``callback``: ``space.collide`` +
``ode.collide`` + ContactJoint in the group; ``native``: ``space.collideContacts``), step (``quick`` or
``step``) and empty the group. The save point of the tests lies between a collide and its step, so the
group holds live contact joints when it is saved. Functions here take the ``ode`` module as an argument so
``tests/support/backends.py`` can run them in a fresh interpreter.
"""

from __future__ import annotations

import numpy as np

DT = 0.01


def _mass_box(ode, body, density, sides) -> None:
    m = ode.Mass()
    m.setBox(density, *sides)
    body.setMass(m)


def _surface(ode):
    c = ode.Contact()
    c.mode = ode.ContactApprox1 | ode.ContactSoftCFM | ode.ContactBounce
    c.mu = 0.8
    c.bounce = 0.2
    c.soft_cfm = 1e-4
    return c


def _base(ode, space):
    """A world with gravity, a ground plane in ``space``, a joint group."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    world.setERP(0.2)
    world.setCFM(1e-5)
    ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    return {"world": world, "space": space, "group": ode.JointGroup(), "bodies": [], "contact": _surface(ode)}


def stack(ode):
    """Six boxes stacked, slightly offset, in a simple space."""
    sc = _base(ode, ode.SimpleSpace())
    for i in range(6):
        b = ode.Body(sc["world"])
        _mass_box(ode, b, 1.0, (0.5, 0.5, 0.5))
        b.setPosition((0.03 * (i % 3), -0.02 * (i % 2), 0.26 + 0.52 * i))
        g = ode.GeomBox(sc["space"], (0.5, 0.5, 0.5))
        g.setBody(b)
        sc["bodies"].append(b)
    return sc


def _cube_mesh(ode, h):
    data = ode.TriMeshData()
    v = [(x, y, z) for x in (-h, h) for y in (-h, h) for z in (-h, h)]
    f = [(0, 2, 3), (0, 3, 1), (4, 5, 7), (4, 7, 6), (0, 1, 5), (0, 5, 4), (2, 6, 7), (2, 7, 3),
         (0, 4, 6), (0, 6, 2), (1, 3, 7), (1, 7, 5)]
    data.build(v, f)
    return data


def pile(ode):
    """Spheres, boxes, capsules, cylinders and a trimesh cube dropped on a plane, in a hash space."""
    sc = _base(ode, ode.HashSpace())
    world, space = sc["world"], sc["space"]
    mesh = _cube_mesh(ode, 0.2)
    for i in range(10):
        b = ode.Body(world)
        kind = i % 5
        pos = (0.35 * ((i * 7) % 3) - 0.35, 0.3 * ((i * 5) % 3) - 0.3, 0.4 + 0.45 * i)
        if kind == 0:
            g = ode.GeomSphere(space, 0.2)
        elif kind == 1:
            g = ode.GeomBox(space, (0.4, 0.3, 0.25))
        elif kind == 2:
            g = ode.GeomCapsule(space, 0.12, 0.3)
        elif kind == 3:
            g = ode.GeomCylinder(space, 0.15, 0.3)
        else:
            g = ode.GeomTriMesh(mesh, space)
        _mass_box(ode, b, 2.0, (0.3, 0.3, 0.3))
        b.setPosition(pos)
        b.setQuaternion((1.0, 0.1 * i, 0.05, -0.02 * i))
        g.setBody(b)
        b.shape = ("sphere", "box", "capsule", "cylinder", "trimesh")[kind]
        sc["bodies"].append(b)
    return sc


def _params(joint, values: dict):
    """joint.setParam for each (number, value)."""
    for number, value in values.items():
        joint.setParam(number, value)
    return joint


def _joint(joint, body1, body2, **setters):
    """The joint attached to the two bodies, then each setter called with its argument (in order)."""
    joint.attach(body1, body2)
    for name, arg in setters.items():
        getattr(joint, name)(arg)
    return joint


def _wheel(ode, sc, chassis, pos, vel):
    """A driven sphere wheel at pos on a hinge-2 joint with suspension ERP/CFM and locked steering."""
    w = ode.Body(sc["world"])
    m = ode.Mass()
    m.setSphere(1.0, 0.3)
    w.setMass(m)
    w.setPosition(pos)
    ode.GeomSphere(sc["space"], 0.3).setBody(w)
    j = _joint(ode.Hinge2Joint(sc["world"]), chassis, w, setAnchor=pos, setAxis1=(0.0, 0.0, 1.0),
               setAxis2=(0.0, 1.0, 0.0))
    _params(j, {ode.ParamSuspensionERP: 0.4, ode.ParamSuspensionCFM: 0.02, ode.ParamLoStop: 0.0,
                ode.ParamHiStop: 0.0, ode.ParamVel2: vel, ode.ParamFMax2: 5.0})
    return w


def car(ode):
    """A chassis on four hinge-2 wheels (suspension ERP/CFM, driven), with a turret held by a ball joint and
    an AMotor in Euler mode, and a flap on a hinge with stops, on a plane, in an SAP space."""
    sc = _base(ode, ode.SAPSpace())
    world, space = sc["world"], sc["space"]
    chassis = ode.Body(world)
    _mass_box(ode, chassis, 1.0, (2.0, 1.0, 0.4))
    chassis.setPosition((0.0, 0.0, 0.7))
    ode.GeomBox(space, (2.0, 1.0, 0.4)).setBody(chassis)
    sc["bodies"].append(chassis)
    for k, (x, y) in enumerate(((0.8, 0.6), (0.8, -0.6), (-0.8, 0.6), (-0.8, -0.6))):
        sc["bodies"].append(_wheel(ode, sc, chassis, (x, y, 0.35), 3.0 if k < 2 else 2.0))
    turret = ode.Body(world)
    _mass_box(ode, turret, 1.0, (0.4, 0.4, 0.3))
    turret.setPosition((0.0, 0.0, 1.1))
    _joint(ode.BallJoint(world), chassis, turret, setAnchor=(0.0, 0.0, 0.95))
    motor = _joint(ode.AMotor(world), chassis, turret, setMode=ode.AMotorEuler, setFeedback=True)
    motor.setAxis(0, 1, (0.0, 0.0, 1.0))
    motor.setAxis(2, 2, (1.0, 0.0, 0.0))
    _params(motor, {ode.ParamVel: 0.5, ode.ParamFMax: 2.0, ode.ParamLoStop2: -0.2, ode.ParamHiStop2: 0.2})
    sc["bodies"].append(turret)
    flap = ode.Body(world)
    _mass_box(ode, flap, 1.0, (0.1, 0.8, 0.3))
    flap.setPosition((-1.05, 0.0, 0.7))
    hinge = _joint(ode.HingeJoint(world), chassis, flap, setAnchor=(-1.0, 0.0, 0.85), setAxis=(0.0, 1.0, 0.0),
                   setFeedback=True)
    _params(hinge, {ode.ParamLoStop: -0.3, ode.ParamHiStop: 0.3})
    sc["bodies"].append(flap)
    sc["joints"] = [motor, hinge]
    return sc


def sleepers(ode):
    """A pile with auto-disable on (averaging 3 samples): most bodies are asleep by step 200."""
    sc = _base(ode, ode.SimpleSpace())
    world, space = sc["world"], sc["space"]
    world.setAutoDisableFlag(True)
    world.setAutoDisableSteps(5)
    world.setAutoDisableAverageSamplesCount(3)
    world.setAutoDisableLinearThreshold(0.05)
    world.setAutoDisableAngularThreshold(0.05)
    for i in range(8):
        b = ode.Body(world)
        if i % 2:
            g = ode.GeomBox(space, (0.4, 0.4, 0.4))
        else:
            g = ode.GeomSphere(space, 0.2)
        _mass_box(ode, b, 1.0, (0.4, 0.4, 0.4))
        b.setPosition((1.2 * (i % 4) - 1.8, 0.9 * (i // 4), 0.21 + 0.3 * (i == 7)))
        g.setBody(b)
        sc["bodies"].append(b)
    late = sc["bodies"][7]                   # woken late: still moving at the save point
    late.setLinearVel((0.0, 0.0, 0.0))
    sc["late"] = late
    return sc


SCENES = {"stack": stack, "pile": pile, "car": car, "sleepers": sleepers}
COMBOS = [(name, how, stepper) for name in SCENES for how in ("native", "callback")
          for stepper in ("quick", "step")]


def lengths(ode) -> tuple:
    """(steps before the save point, steps after it). The pure-Python twin steps these scenes some 50 times
    slower than the core; it computes the same numbers (tests/parity/test_step_parity.py), so its runs are
    shorter. The core runs the lengths the scenes are made for."""
    return (30, 60) if ode.backend == "python" else (200, 500)


def collide(ode, sc, how: str) -> None:
    """One collision pass creating the contact joints of this step in the scene's group."""
    world, space, group, surface = sc["world"], sc["space"], sc["group"], sc["contact"]
    if how == "native":
        space.collideContacts(world, group, surface, 4)
        return

    def near(_, g1, g2):
        b1, b2 = g1.getBody(), g2.getBody()
        if b1 is not None and b2 is not None and ode.areConnected(b1, b2):
            return
        for c in ode.collide(g1, g2, 4):
            c.mode, c.mu, c.bounce, c.soft_cfm = surface.mode, surface.mu, surface.bounce, surface.soft_cfm
            ode.ContactJoint(world, group, c).attach(b1, b2)

    space.collide(None, near)


def finish(sc, stepper: str, i: int) -> None:
    """The step after a collide, and the group's emptying; the sleepers' late body is kicked at step 190."""
    if "late" in sc and i == 190:
        sc["late"].enable()
        sc["late"].setLinearVel((0.5, 0.0, 2.0))
    world = sc["world"]
    (world.quickStep if stepper == "quick" else world.step)(DT)
    sc["group"].empty()


def run(ode, sc, start: int, n: int, how: str, stepper: str) -> None:
    """Iterations start .. start + n - 1 of collide, step and empty."""
    for i in range(start, start + n):
        collide(ode, sc, how)
        finish(sc, stepper, i)


def to_save_point(ode, sc, warm: int, how: str, stepper: str) -> None:
    """``warm`` full iterations, then the collide of the next one (its joints are live at the save point)."""
    run(ode, sc, 0, warm, how, stepper)
    collide(ode, sc, how)


def from_save_point(ode, sc, warm: int, n: int, how: str, stepper: str) -> None:
    """The step of the saved iteration, then n - 1 full iterations: n steps after the save point."""
    finish(sc, stepper, warm)
    run(ode, sc, warm + 1, n - 1, how, stepper)


def state(sc) -> np.ndarray:
    """Positions, quaternions, velocities and enabled flags of the scene's bodies, one row per body."""
    return np.array([b.getPosition() + b.getQuaternion() + b.getLinearVel() + b.getAngularVel()
                     + (float(b.isEnabled()),) for b in sc["bodies"]])


def load_and_run(ode, data: str, warm: int, n: int, how: str, stepper: str) -> list:
    """In a fresh interpreter: load a pickled scene (hex text), continue from its save point, return the
    bodies' state as a list (floats round-trip exactly through JSON)."""
    sc = ode.loads(bytes.fromhex(data))
    from_save_point(ode, sc, warm, n, how, stepper)
    return state(sc).tolist()
