"""Two wheels hinged to the world and geared by a TransmissionJoint, the first driven by a hinge motor.

libode steps each wheel's phase by the angle its contact moved, measured from the contact point of the
last update carried by the wheel, and moves the step by whole turns to within pi of the turn w . n dt the
wheel's angular velocity makes about its axis (ode/_fallback/joints/transmission.py, ``_tr_phase_step``):
a wheel spinning at w steps its phase by about -w . n dt, so from 1.42 rad per step on the phases run the
other way. The cases spin the first wheel below and above that speed, both ways, with parallel and with
intersecting axes, and with parallel wheels whose contacts lie off their planes (where the measure from
the update's contact shows). Chain drives: two sprockets of different radii on parallel axes, apart so the
chain's tangent contacts count, lined up along x, skewed in their plane, with wheel 2 off the common
plane, with backlash, and with a radius changed mid-run. The same function runs with our ``ode`` and with
libode through ``tools/record/json_cases.py`` (``tools/record/record_transmission_phase.py`` records,
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

# Chain drives, axes along z, per geometry: (centre 1, centre 2, radius 1, radius 2, backlash). Aligned: the
# centres along x; skewed: the line of centres off x in the sprockets' plane; chainoffplane: wheel 2 raised
# 0.15 along the axes; chainbacklash: aligned, with 0.02 of play.
CHAIN = {
    "chain": ((0.0, 0.0, 0.0), (0.8, 0.0, 0.0), 0.1, 0.25, 0.0),
    "chainskew": ((0.0, 0.0, 0.0), (0.6, 0.3, 0.0), 0.1, 0.25, 0.0),
    "chainoffplane": ((0.0, 0.0, 0.0), (0.6, 0.3, 0.15), 0.1, 0.25, 0.0),
    "chainbacklash": ((0.0, 0.0, 0.0), (0.8, 0.0, 0.0), 0.1, 0.25, 0.02),
    "chainresize": ((0.0, 0.0, 0.0), (0.8, 0.0, 0.0), 0.1, 0.25, 0.0),
}
CHAIN_AXIS = (0.0, 0.0, 1.0)
# chainresize: sprocket 2's radius set to 0.2 after STEPS // 2 steps (libode keeps the phases running and
# places the contacts with the new radius at the next step)
RESIZE = {"chainresize": 0.2}

# Parallel gears whose axes point opposite ways at an update: wheel 2 is a free body (no hinge, no gravity),
# turned half a turn about x after the joint is set (flip: before the first step; flipmid: after STEPS // 2
# steps), and an anchor set again marks the update. libode then turns wheel 1's axis (stored and world) to
# wheel 2's side, and weighs each phase by the contact radius measured at the step (the free wheel drifts,
# so the line of centres changes length).
FLIP = {"parallelflip": 0, "parallelflipmid": STEPS // 2}
FLIP_SPEEDS = (150.0, -173.0)


def case_names() -> list:
    """Every case: <geometry>_<speed>; off the plane also at a slow 10 rad/s."""
    names = [f"{geometry}_{speed:g}" for geometry in GEOMETRY for speed in SPEEDS]
    names += ["offplane_10"] + [f"{geometry}_{speed:g}" for geometry in CHAIN for speed in SPEEDS]
    return names + [f"{geometry}_{speed:g}" for geometry in FLIP for speed in FLIP_SPEEDS]


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


def _gear_joint(ode, world, b1, b2, geometry: str):
    """The transmission of a gear geometry (GEOMETRY) between the wheels b1 and b2."""
    mode, n1, n2, c1, c2 = GEOMETRY[geometry]
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
    return j


def _chain_joint(ode, world, b1, b2, geometry: str):
    """The chain drive of a chain geometry (CHAIN) between the sprockets b1 and b2."""
    c1, c2, r1, r2, backlash = CHAIN[geometry]
    j = ode.TransmissionJoint(world)
    j.attach(b1, b2)
    j.setMode(ode.TransmissionChainDrive)
    j.setAxis(CHAIN_AXIS)
    j.setAnchor1(c1)
    j.setAnchor2(c2)
    j.setRadius1(r1)
    j.setRadius2(r2)
    if backlash:
        j.setBacklash(backlash)
    return j


def _flip(b2, j) -> None:
    """Turn wheel 2 half a turn about x where it stands and set anchor 2 again (an update)."""
    b2.setQuaternion((0.0, 1.0, 0.0, 0.0))
    j.setAnchor2(b2.getPosition())


def _wheels(geometry: str) -> tuple:
    """((centre 1, axis 1), (centre 2, axis 2)) of the wheels of a gear or chain geometry."""
    if geometry in FLIP:
        geometry = "parallel"
    if geometry in CHAIN:
        c1, c2 = CHAIN[geometry][:2]
        return (c1, CHAIN_AXIS), (c2, CHAIN_AXIS)
    _mode, n1, n2, c1, c2 = GEOMETRY[geometry]
    return (c1, n1), (c2, n2)


def run_case(ode, name: str) -> tuple:
    """(labels, rows): both phases, the wheels' angular velocities and the transmission's feedback after
    each step; for chain drives also the sprockets' radii and contact points."""
    geometry, speed = name.rsplit("_", 1)
    world = ode.World()
    world.setGravity((0.0, 0.0, 0.0))
    (c1, n1), (c2, n2) = _wheels(geometry)
    (b1, h1), (b2, h2) = _wheel(ode, world, c1, n1), _wheel(ode, world, c2, n2)
    h1.setParam(ode.ParamVel, float(speed))
    h1.setParam(ode.ParamFMax, 1e6)
    chain = geometry in CHAIN
    flip = FLIP.get(geometry)
    if flip is not None:
        h2.attach(None, None)           # wheel 2 free: nothing keeps it from drifting
    j = (_chain_joint if chain else _gear_joint)(ode, world, b1, b2, "parallel" if flip is not None
                                                 else geometry)
    j.setFeedback(True)
    labels = ["angle1", "angle2"] + ["avel1"] * 3 + ["avel2"] * 3 + ["f1"] * 3 + ["t1"] * 3
    if chain:
        labels += ["radius1", "radius2"] + ["cp1"] * 3 + ["cp2"] * 3
    rows = []
    if flip is not None:
        labels += ["pos2"] * 3
    for k in range(STEPS):
        if k == STEPS // 2 and geometry in RESIZE:
            j.setRadius2(RESIZE[geometry])
        if k == flip:
            _flip(b2, j)
        world.step(DT)
        f1, t1 = j.getFeedback()[:2]
        row = [j.getAngle1(), j.getAngle2(), *b1.getAngularVel(), *b2.getAngularVel(), *f1, *t1]
        if chain:
            row += [j.getRadius1(), j.getRadius2(), *j.getContactPoint1(), *j.getContactPoint2()]
        if flip is not None:
            row += [*b2.getPosition()]
        rows.append([float(x) for x in row])
    return labels, rows
