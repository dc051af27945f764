"""Two wheels hinged to the world and geared by a TransmissionJoint, the first driven by a hinge motor.

libode steps each wheel's phase by the angle its contact moved, measured from the contact point of the
last update carried by the wheel, and moves the step by whole turns to within pi of the turn w . n dt the
wheel's angular velocity makes about its axis (ode/_fallback/joints/transmission.py, ``_tr_phase_step``):
a wheel spinning at w steps its phase by about -w . n dt, so from 1.42 rad per step on the phases run the
other way. The cases spin the first wheel below and above that speed, both ways, with parallel and with
intersecting axes, and with parallel wheels whose contacts lie off their planes (where the measure from
the update's contact shows). The same function runs with our ``ode`` and with libode through
``tools/record/json_cases.py`` (``tools/record/record_transmission_phase.py`` records,
``tests/fidelity/test_transmission_phase.py`` compares).
"""

from __future__ import annotations

STEPS = 8
DT = 0.01
# Hinge motor speeds (rad/s): a steady spin turns the wheel 2 atan(w dt / 2) per step, so 172 rad/s stays
# below the 1.4209 rad at which libode's phase steps turn over and 173 rad/s passes it.
SPEEDS = (150.0, 172.0, 173.0, 300.0, -173.0, -300.0)
# Per geometry: (mode, axis 1, axis 2, centre 1, centre 2). Parallel: wheels side by side in the plane
# z = 0; off-plane: wheel 2 raised 0.2 along the axes, so the contacts lie off the wheels' planes (libode's
# phase step then depends on the wheel's turn since the update); intersecting: bevel wheels whose planes
# meet along the z axis, their contacts at the origin.
GEOMETRY = {
    "parallel": ("TransmissionParallelAxes", (0.0, 0.0, 1.0), (0.0, 0.0, 1.0), (0.0, 0.0, 0.0),
                 (0.5, 0.1, 0.0)),
    "offplane": ("TransmissionParallelAxes", (0.0, 0.0, 1.0), (0.0, 0.0, 1.0), (0.0, 0.0, 0.0),
                 (0.5, 0.1, 0.2)),
    "intersecting": ("TransmissionIntersectingAxes", (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, -0.3, 0.0),
                     (0.3, 0.0, 0.0)),
}


def case_names() -> list:
    """Every case: <geometry>_<speed>; off the plane also at a slow 10 rad/s."""
    names = [f"{geometry}_{speed:g}" for geometry in GEOMETRY for speed in SPEEDS]
    return names + ["offplane_10"]


def _wheel(ode, world, centre, axis):
    """A cylinder wheel at ``centre`` hinged to the world about ``axis``: (body, hinge)."""
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setCylinder(500.0, 3, 0.2, 0.05)
    body.setMass(mass)
    body.setPosition(centre)
    hinge = ode.HingeJoint(world)
    hinge.attach(None, body)
    hinge.setAnchor(centre)
    hinge.setAxis(axis)
    return body, hinge


def run_case(ode, name: str) -> tuple:
    """(labels, rows): both phases, the wheels' angular velocities and the transmission's feedback after
    each step."""
    geometry, speed = name.rsplit("_", 1)
    mode, n1, n2, c1, c2 = GEOMETRY[geometry]
    world = ode.World()
    world.setGravity((0.0, 0.0, 0.0))
    (b1, h1), (b2, _h2) = _wheel(ode, world, c1, n1), _wheel(ode, world, c2, n2)
    h1.setParam(ode.ParamVel, float(speed))
    h1.setParam(ode.ParamFMax, 1e6)
    j = ode.TransmissionJoint(world)
    j.attach(b1, b2)
    j.setMode(getattr(ode, mode))
    if mode == "TransmissionParallelAxes":
        j.setAxis(n1)
        j.setRatio(1.5)
    else:
        j.setAxis1(n1)
        j.setAxis2(n2)
    j.setAnchor1(c1)
    j.setAnchor2(c2)
    j.setFeedback(True)
    labels = ["angle1", "angle2"] + ["avel1"] * 3 + ["avel2"] * 3 + ["f1"] * 3 + ["t1"] * 3
    rows = []
    for _ in range(STEPS):
        world.step(DT)
        f1, t1 = j.getFeedback()[:2]
        row = [j.getAngle1(), j.getAngle2(), *b1.getAngularVel(), *b2.getAngularVel(), *f1, *t1]
        rows.append([float(x) for x in row])
    return labels, rows
