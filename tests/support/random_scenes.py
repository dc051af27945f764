"""Seeded random scenes written against PyODE's API: each runs with our ``ode`` or with the libode shim.

``make_spec(seed)`` draws a scene as plain data (``random.Random(seed)``, independent of the module that runs
it): world settings (gravity, ERP, CFM, damping, auto-disable, step or quickStep with its iterations and
over-relaxation, step size), and one to three small mechanisms, each a joint of one type with its own bodies
(sphere, box, capsule or cylinder mass, random pose and velocity), random anchors, axes and parameters (stops,
motors, fudge factor, bounce, stop ERP/CFM, joint CFM). A third of the scenes drop free bodies and jointed
pairs onto a ground plane instead, with geoms collided against the plane by ``ode.collide`` and
``ContactJoint``\\ s with random surface parameters.

``run_spec(ode, spec, steps)`` builds the scene with the module given and returns a ``scenes.Samples`` list:
one row per step with every body's position, quaternion and velocities, each joint's angles, positions and
rates and its feedback, and the number of contacts. Draws are kept in ranges where the dynamics are smooth
(moderate velocities, stiff-enough CFM, bounded step sizes), so that the comparison with libode measures the
engine rather than amplified round-off.
"""

from __future__ import annotations

import math
import random

from scenes import TOLERANCE, Samples, _Recorder, deviation, read_recording

COUNT = 60
STEPS = 100
SEED_BASE = 1000
JOINT_TYPES = ("ball", "hinge", "slider", "universal", "hinge2", "fixed", "pr", "pu", "piston", "amotor",
               "lmotor", "plane2d", "dball", "dhinge", "transmission")
CONTACT_JOINT_TYPES = ("ball", "hinge", "slider", "universal", "hinge2", "fixed", "dball")
SHAPES = ("sphere", "box", "capsule", "cylinder")


def scene_names() -> list:
    """The names of the recorded random scenes, ``rs<seed>``."""
    return [f"rs{SEED_BASE + i}" for i in range(COUNT)]


def seed_of(name: str) -> int:
    """The seed of a scene named by ``scene_names``."""
    return int(name[2:])


# ---------------------------------------------------------------- drawing the spec
def _unit(r: random.Random) -> tuple:
    """A random unit vector (uniform on the sphere)."""
    while True:
        v = (r.gauss(0, 1), r.gauss(0, 1), r.gauss(0, 1))
        n = math.sqrt(sum(x * x for x in v))
        if n > 1e-3:
            return tuple(x / n for x in v)


def _perp(r: random.Random, axis) -> tuple:
    """A random unit vector perpendicular to the unit vector ``axis``."""
    while True:
        v = _unit(r)
        d = sum(a * b for a, b in zip(v, axis))
        p = tuple(a - d * b for a, b in zip(v, axis))
        n = math.sqrt(sum(x * x for x in p))
        if n > 0.1:
            return tuple(x / n for x in p)


def _vec(r: random.Random, scale: float) -> tuple:
    """A vector with components uniform in [-scale, scale]."""
    return tuple(r.uniform(-scale, scale) for _ in range(3))


def _quat(r: random.Random, max_angle: float = math.pi) -> tuple:
    """A unit quaternion (w, x, y, z) of a rotation by up to max_angle about a random axis."""
    axis = _unit(r)
    s, c = math.sin, math.cos
    half = r.uniform(0.0, max_angle) / 2.0
    return (c(half), axis[0] * s(half), axis[1] * s(half), axis[2] * s(half))


def _add(a, b) -> tuple:
    """a + b for 3-vectors."""
    return tuple(x + y for x, y in zip(a, b))


def _body(r: random.Random, pos, spin: float = 1.0, speed: float = 0.5) -> dict:
    """A body spec: shape, dimensions, density, pose and velocities."""
    shape = r.choice(SHAPES)
    if shape == "box":
        dims = tuple(r.uniform(0.05, 0.3) for _ in range(3))
    else:
        dims = (r.uniform(0.03, 0.12), r.choice((1, 2, 3)), r.uniform(0.05, 0.3))
    return {"shape": shape, "dims": dims, "density": r.uniform(200.0, 2000.0), "pos": tuple(pos),
            "quat": _quat(r), "vel": _vec(r, speed), "avel": _vec(r, spin)}


def _limit_params(r: random.Random, suffix: str = "", linear: bool = False) -> list:
    """Random stop, motor and softness parameters of one joint axis, as (name, value) pairs."""
    out = []
    span = 0.3 if linear else 1.0
    if r.random() < 0.6:
        lo, hi = -r.uniform(0.0, span), r.uniform(0.0, span)
        out += [(f"ParamLoStop{suffix}", lo), (f"ParamHiStop{suffix}", hi)]
        if r.random() < 0.5:
            out.append((f"ParamBounce{suffix}", r.uniform(0.0, 0.8)))
        if r.random() < 0.5:
            out.append((f"ParamStopERP{suffix}", r.uniform(0.1, 0.9)))
        if r.random() < 0.5:
            out.append((f"ParamStopCFM{suffix}", 10 ** r.uniform(-7, -3)))
    if r.random() < 0.6:
        out += [(f"ParamVel{suffix}", r.uniform(-1.0, 1.0)), (f"ParamFMax{suffix}", r.uniform(0.0, 5.0))]
        if r.random() < 0.5:
            out.append((f"ParamFudgeFactor{suffix}", r.uniform(0.0, 1.0)))
    if r.random() < 0.3:
        out.append((f"ParamCFM{suffix}", 10 ** r.uniform(-7, -3)))
    return out


def _pair(r: random.Random, origin, two: bool, gap: float = 0.3) -> list:
    """One or two body specs around origin (the second offset by about ``gap``)."""
    bodies = [_body(r, _add(origin, _vec(r, 0.05)))]
    if two:
        bodies.append(_body(r, _add(_add(origin, (gap, 0.0, 0.0)), _vec(r, 0.05))))
    return bodies


def _joint(r: random.Random, kind: str, origin, contacts: bool) -> dict:
    """A mechanism spec: its bodies and one joint of ``kind`` with random geometry and parameters."""
    two = r.random() < 0.6 or contacts or kind == "hinge2"  # ODE 0.16 attaches hinge2 to two bodies only
    if kind in ("plane2d", "transmission"):
        two = kind == "transmission"
    if kind in ("dball", "dhinge", "lmotor", "amotor"):
        two = two or r.random() < 0.5
    bodies = _pair(r, origin, two)
    mid = _add(origin, (0.15 if two else 0.0, 0.0, 0.0))
    j = {"type": kind, "bodies": bodies, "world_first": (not two) and r.random() < 0.5,
         "anchor": _add(mid, _vec(r, 0.1)), "axis1": _unit(r)}
    j["axis2"] = _perp(r, j["axis1"])
    j["params"] = _params_for(r, kind)
    _extras(r, j, origin)
    return j


def _params_for(r: random.Random, kind: str) -> list:
    """The random parameters of a joint of ``kind`` (its axes' stops, motors, softness)."""
    if kind in ("hinge", "slider"):
        return _limit_params(r, "", linear=kind == "slider")
    if kind in ("universal", "hinge2"):
        out = _limit_params(r, "1") + _limit_params(r, "2")
        if kind == "hinge2" and r.random() < 0.6:
            out += [("ParamSuspensionERP", r.uniform(0.1, 0.9)),
                    ("ParamSuspensionCFM", 10 ** r.uniform(-6, -2))]
        return out
    if kind == "pr":
        return _limit_params(r, "1", linear=True) + _limit_params(r, "2")
    if kind == "pu":
        return _limit_params(r, "1") + _limit_params(r, "2") + _limit_params(r, "3", linear=True)
    if kind == "piston":
        return _limit_params(r, "1", linear=True) + _limit_params(r, "2")
    if kind in ("amotor", "lmotor"):
        return [p for s in ("1", "2", "3") for p in _limit_params(r, s, linear=kind == "lmotor")]
    if kind == "plane2d":
        return []
    if kind in ("ball", "fixed", "dball", "dhinge") and r.random() < 0.5:
        return [("ParamCFM", 10 ** r.uniform(-7, -3)), ("ParamERP", r.uniform(0.1, 0.9))]
    return []


def _extras(r: random.Random, j: dict, origin) -> None:
    """Type-specific geometry: motor axes and modes, plane-2D axis parameters, double-joint anchors, gears."""
    kind = j["type"]
    if kind in ("amotor", "lmotor"):
        j["num"] = r.randint(1, 3)
        j["rel"] = [r.choice((0, 1, 2)) if len(j["bodies"]) == 2 else r.choice((0, 1)) for _ in range(3)]
        j["euler"] = kind == "amotor" and len(j["bodies"]) == 2 and r.random() < 0.4
        j["axes"] = [j["axis1"], j["axis2"], _unit(r)]
    elif kind == "plane2d":
        j["bodies"][0]["pos"] = (origin[0], origin[1], 0.0)
        j["plane"] = [(p, r.choice(("X", "Y", "Angle"))) for p in _limit_params(r, "")
                      if p[0][5:] in ("Vel", "FMax", "LoStop", "HiStop")]
    elif kind in ("dball", "dhinge"):
        j["anchor2"] = _add(j["anchor"], _vec(r, 0.2))
        j["distance"] = r.uniform(0.1, 0.4) if kind == "dball" and r.random() < 0.5 else None
    elif kind == "transmission":
        _gear(r, j)


def _gear(r: random.Random, j: dict) -> None:
    """Transmission geometry: two wheels hinged to the world, on parallel or intersecting axes."""
    a, b = (x["pos"] for x in j["bodies"])
    j["mode"] = r.choice(("TransmissionParallelAxes", "TransmissionIntersectingAxes"))
    j["ratio"] = r.uniform(0.5, 2.0)
    j["backlash"] = r.uniform(0.0, 0.02) if r.random() < 0.3 else None
    if j["mode"] == "TransmissionParallelAxes":
        axis = j["axis1"]
        j["hinge_axes"] = (axis, axis)
    else:
        # bevel gears: both axes pass through an apex, each wheel centred 0.2 from it on its axis; the axes
        # are kept clearly off perpendicular, where libode's choice of turning wheel 1's axis (by the sign
        # of the axes' dot product) would hang on round-off
        apex = _add(a, (0.15, 0.0, 0.0))
        perp, angle = _perp(r, j["axis1"]), r.choice((r.uniform(1.0, 1.4), r.uniform(1.75, 2.15)))
        c, s = math.cos(angle), math.sin(angle)
        axes = (j["axis1"], tuple(c * x + s * y for x, y in zip(j["axis1"], perp)))
        j["hinge_axes"] = axes
        a, b = (_add(apex, tuple(-0.2 * x for x in ax)) for ax in axes)
        j["bodies"][0]["pos"], j["bodies"][1]["pos"] = a, b
    j["anchors"] = (a, b)
    j["hinge_motor"] = (r.uniform(-2.0, 2.0), r.uniform(0.01, 0.2))


def _world_spec(r: random.Random, contacts: bool) -> dict:
    """World settings: gravity, ERP, CFM, stepper, step size, damping and auto-disable."""
    w = {"gravity": (r.uniform(-1, 1), r.uniform(-1, 1), -r.uniform(0.0, 9.81)),
         "erp": r.uniform(0.1, 0.8), "cfm": 10 ** r.uniform(-7, -4),
         "quick": r.random() < 0.3, "iterations": r.randint(10, 40), "sor_w": r.uniform(1.0, 1.4),
         "dt": r.uniform(0.002, 0.02), "damping": None, "autodisable": None}
    if r.random() < 0.3:
        w["damping"] = (r.uniform(0.0, 0.05), r.uniform(0.0, 0.05))
    if r.random() < 0.2:
        w["autodisable"] = (r.uniform(0.001, 0.02), r.uniform(0.001, 0.02), r.randint(5, 20))
    if contacts:
        w["gravity"] = (r.uniform(-0.5, 0.5), r.uniform(-0.5, 0.5), -9.81)
        w["max_vel"] = r.uniform(0.1, 10.0)
    return w


def _surface(r: random.Random) -> dict:
    """Random contact surface parameters (mode flags and values)."""
    s = {"mode": [], "mu": r.choice((0.0, r.uniform(0.1, 1.0), float("inf")))}
    for flag, key, lo, hi in (("ContactBounce", "bounce", 0.0, 0.8), ("ContactSoftERP", "soft_erp", 0.1, 0.9),
                              ("ContactSoftCFM", "soft_cfm", 1e-6, 1e-3), ("ContactMu2", "mu2", 0.0, 1.0)):
        if r.random() < 0.4:
            s["mode"].append(flag)
            s[key] = r.uniform(lo, hi)
    if r.random() < 0.5:
        s["mode"].append("ContactApprox1")
    return s


def make_spec(seed: int) -> dict:
    """The scene drawn from ``seed``: world, mechanisms, and (one scene in three) ground contacts."""
    r = random.Random(seed)
    contacts = r.random() < 1.0 / 3.0
    world = _world_spec(r, contacts)
    groups = []
    for g in range(r.randint(1, 3)):
        origin = (1.0 * g, 0.0, 0.5 if contacts else 1.0)
        if contacts and r.random() < 0.5:
            groups.append({"type": "free", "bodies": [_body(r, origin, spin=0.5)]})
            continue
        kinds = CONTACT_JOINT_TYPES if contacts else JOINT_TYPES
        groups.append(_joint(r, r.choice(kinds), origin, contacts))
    if contacts:
        for grp in groups:
            for b in grp["bodies"]:
                b["pos"] = (b["pos"][0], b["pos"][1], _radius(b) + r.uniform(0.0, 0.05))
                if b["shape"] in ("capsule", "cylinder"):  # mass along the geom's local z
                    b["dims"] = (b["dims"][0], 3, b["dims"][2])
    spec = {"seed": seed, "world": world, "groups": groups, "contacts": contacts}
    if contacts:
        spec["surface"] = _surface(r)
    return spec


def _radius(b: dict) -> float:
    """Half the largest extent of a body's shape (its lowest point can be that far below the centre)."""
    d = b["dims"]
    if b["shape"] == "box":
        return 0.5 * math.sqrt(sum(x * x for x in d))
    return d[0] + 0.5 * d[2]


def kind_of(spec: dict) -> str:
    """"contact" for scenes with ground contacts, else "joint" (tolerance classes of
    tests/support/scenes.py)."""
    return "contact" if spec["contacts"] else "joint"


# ---------------------------------------------------------------- building and running
def _make_world(ode, w: dict):
    """A world with the spec's settings."""
    world = ode.World()
    world.setGravity(w["gravity"])
    world.setERP(w["erp"])
    world.setCFM(w["cfm"])
    world.setQuickStepNumIterations(w["iterations"])
    world.setQuickStepW(w["sor_w"])
    if w["damping"] is not None:
        world.setLinearDamping(w["damping"][0])
        world.setAngularDamping(w["damping"][1])
    if w["autodisable"] is not None:
        world.setAutoDisableFlag(1)
        world.setAutoDisableLinearThreshold(w["autodisable"][0])
        world.setAutoDisableAngularThreshold(w["autodisable"][1])
        world.setAutoDisableSteps(w["autodisable"][2])
    if "max_vel" in w:
        world.setContactMaxCorrectingVel(w["max_vel"])
        world.setContactSurfaceLayer(0.001)
    return world


def _make_body(ode, world, b: dict):
    """A body with the spec's mass shape, pose and velocities."""
    body = ode.Body(world)
    m = ode.Mass()
    if b["shape"] == "sphere":
        m.setSphere(b["density"], b["dims"][0])
    elif b["shape"] == "box":
        m.setBox(b["density"], *b["dims"])
    elif b["shape"] == "capsule":
        m.setCapsule(b["density"], b["dims"][1], b["dims"][0], b["dims"][2])
    else:
        m.setCylinder(b["density"], b["dims"][1], b["dims"][0], b["dims"][2])
    body.setMass(m)
    body.setPosition(b["pos"])
    body.setQuaternion(b["quat"])
    body.setLinearVel(b["vel"])
    body.setAngularVel(b["avel"])
    return body


def _make_geom(ode, space, body, b: dict):
    """The collision geom of a body: its mass shape (capsules and cylinders along local z)."""
    d = b["dims"]
    if b["shape"] == "sphere":
        g = ode.GeomSphere(space, d[0])
    elif b["shape"] == "box":
        g = ode.GeomBox(space, d)
    else:
        cls = ode.GeomCapsule if b["shape"] == "capsule" else ode.GeomCylinder
        g = cls(space, d[0], d[2])
    g.setBody(body)
    return g


def _attach(j, bodies, spec: dict) -> None:
    """Attach a joint to its bodies (world first or second for one-body joints)."""
    if len(bodies) == 2:
        j.attach(bodies[0], bodies[1])
    elif spec.get("world_first"):
        j.attach(None, bodies[0])
    else:
        j.attach(bodies[0], None)


def _set_params(ode, j, params) -> None:
    """Apply (name, value) parameter pairs."""
    for name, value in params:
        j.setParam(getattr(ode, name), value)


def _build_joint(ode, world, bodies, spec: dict) -> tuple:
    """(joint, extra hinges) of a mechanism spec, configured and attached."""
    kind = spec["type"]
    builder = _BUILDERS[kind]
    j, extra = builder(ode, world, bodies, spec)
    _set_params(ode, j, spec["params"])
    j.setFeedback(True)
    return j, extra


def _b_anchor_axis(cls_name: str, axis_setters: tuple):
    """A builder for joints set by one anchor and the named axes (taken from axis1, axis2)."""
    def build(ode, world, bodies, spec):
        j = getattr(ode, cls_name)(world)
        _attach(j, bodies, spec)
        if cls_name != "SliderJoint":
            j.setAnchor(spec["anchor"])
        for setter, key in zip(axis_setters, ("axis1", "axis2")):
            getattr(j, setter)(spec[key])
        return j, []
    return build


def _b_fixed(ode, world, bodies, spec):
    """A fixed joint."""
    j = ode.FixedJoint(world)
    _attach(j, bodies, spec)
    j.setFixed()
    return j, []


def _b_pu(ode, world, bodies, spec):
    """A PU joint: universal axes axis1/axis2, prismatic axis along their cross product tilted."""
    j = ode.PUJoint(world)
    _attach(j, bodies, spec)
    j.setAnchor(spec["anchor"])
    j.setAxis1(spec["axis1"])
    j.setAxis2(spec["axis2"])
    a, b = spec["axis1"], spec["axis2"]
    j.setAxisP((a[0] + b[0], a[1] + b[1], a[2] + b[2]))
    return j, []


def _b_motor(ode, world, bodies, spec):
    """An AMotor (user or Euler mode) or LMotor with 1-3 axes relative to the world or a body."""
    amotor = spec["type"] == "amotor"
    j = ode.AMotor(world) if amotor else ode.LMotor(world)
    _attach(j, bodies, spec)
    if spec.get("euler"):
        j.setMode(ode.AMotorEuler)
        j.setAxis(0, 1, spec["axes"][0])
        j.setAxis(2, 2, spec["axes"][1])
        return j, []
    if amotor:
        j.setMode(ode.AMotorUser)
    j.setNumAxes(spec["num"])
    for i in range(spec["num"]):
        j.setAxis(i, spec["rel"][i], spec["axes"][i])
    return j, []


def _b_plane2d(ode, world, bodies, spec):
    """A plane-2D joint (body, None) with random x / y / angle motor and stop parameters."""
    j = ode.Plane2DJoint(world)
    j.attach(bodies[0], None)
    for (name, value), which in spec["plane"]:
        getattr(j, f"set{which}Param")(getattr(ode, name), value)
    return j, []


def _b_double(ode, world, bodies, spec):
    """A double-ball or double-hinge joint between two anchors (optionally at a set distance)."""
    j = ode.DBallJoint(world) if spec["type"] == "dball" else ode.DHingeJoint(world)
    _attach(j, bodies, spec)
    if spec["type"] == "dhinge":
        j.setAxis(spec["axis1"])
    j.setAnchor1(spec["anchor"])
    j.setAnchor2(spec["anchor2"])
    if spec.get("distance") is not None:
        j.setDistance(spec["distance"])
    return j, []


def _b_transmission(ode, world, bodies, spec):
    """A transmission between two wheels hinged to the world; the first hinge has a motor."""
    hinges = []
    for body, anchor, axis in zip(bodies, spec["anchors"], spec["hinge_axes"]):
        h = ode.HingeJoint(world)
        h.attach(None, body)
        h.setAnchor(anchor)
        h.setAxis(axis)
        hinges.append(h)
    hinges[0].setParam(ode.ParamVel, spec["hinge_motor"][0])
    hinges[0].setParam(ode.ParamFMax, spec["hinge_motor"][1])
    j = ode.TransmissionJoint(world)
    j.attach(bodies[0], bodies[1])
    j.setMode(getattr(ode, spec["mode"]))
    if spec["mode"] == "TransmissionParallelAxes":
        j.setAxis(spec["hinge_axes"][0])
    else:
        j.setAxis1(spec["hinge_axes"][0])
        j.setAxis2(spec["hinge_axes"][1])
    j.setAnchor1(spec["anchors"][0])
    j.setAnchor2(spec["anchors"][1])
    if spec["mode"] == "TransmissionParallelAxes":
        j.setRatio(spec["ratio"])
    if spec["backlash"] is not None:
        j.setBacklash(spec["backlash"])
    return j, hinges


_BUILDERS = {
    "ball": _b_anchor_axis("BallJoint", ()),
    "hinge": _b_anchor_axis("HingeJoint", ("setAxis",)),
    "slider": _b_anchor_axis("SliderJoint", ("setAxis",)),
    "universal": _b_anchor_axis("UniversalJoint", ("setAxis1", "setAxis2")),
    "hinge2": _b_anchor_axis("Hinge2Joint", ("setAxis1", "setAxis2")),
    "fixed": _b_fixed,
    "pr": _b_anchor_axis("PRJoint", ("setAxis1", "setAxis2")),
    "pu": _b_pu,
    "piston": _b_anchor_axis("PistonJoint", ("setAxis",)),
    "amotor": _b_motor,
    "lmotor": _b_motor,
    "plane2d": _b_plane2d,
    "dball": _b_double,
    "dhinge": _b_double,
    "transmission": _b_transmission,
}

# The readings sampled from each joint type (getter names, called without arguments).
_READINGS = {
    "hinge": ("getAngle", "getAngleRate"),
    "slider": ("getPosition", "getPositionRate"),
    "universal": ("getAngle1", "getAngle2", "getAngle1Rate", "getAngle2Rate"),
    "hinge2": ("getAngle1", "getAngle1Rate", "getAngle2Rate"),
    "pr": ("getPosition", "getPositionRate", "getAngle", "getAngleRate"),
    "pu": ("getAngle1", "getAngle2", "getAngle1Rate", "getAngle2Rate", "getPosition", "getPositionRate"),
    "piston": ("getPosition", "getPositionRate", "getAngle", "getAngleRate"),
    "ball": ("getAnchor2",),
    "dball": ("getAnchor1", "getAnchor2"),
    "dhinge": ("getAnchor1", "getAnchor2"),
    "transmission": ("getAngle1", "getAngle2", "getContactPoint1", "getContactPoint2"),
}


def _read_joint(rec: _Recorder, name: str, j, kind: str, spec: dict) -> None:
    """Sample a joint's readings and feedback into the current row."""
    for getter in _READINGS.get(kind, ()):
        rec.put(f"{name}.{getter}", getattr(j, getter)())
    if kind == "amotor" and spec.get("euler"):
        for i in range(3):
            rec.put(f"{name}.angle{i}", j.getAngle(i))
            rec.put(f"{name}.rate{i}", j.getAngleRate(i))
    rec.feedback(name, j)


def _apply_surface(ode, c, s: dict) -> None:
    """Set a contact's surface parameters from a surface spec."""
    mode = 0
    for flag in s["mode"]:
        mode |= getattr(ode, flag)
    c.setMode(mode)
    c.setMu(s["mu"])
    setters = {"bounce": c.setBounce, "soft_erp": c.setSoftERP, "soft_cfm": c.setSoftCFM, "mu2": c.setMu2}
    for key, setter in setters.items():
        if key in s:
            setter(s[key])
    if "bounce" in s:
        c.setBounceVel(0.05)


def _ground_contacts(ode, world, group, geoms, plane, surface: dict) -> int:
    """Contact joints of each geom against the ground plane, collided geom by geom in creation order."""
    n = 0
    for g in geoms:
        for c in ode.collide(g, plane):
            _apply_surface(ode, c, surface)
            j = ode.ContactJoint(world, group, c)
            j.attach(g.getBody(), None)
            n += 1
    return n


def run_spec(ode, spec: dict, steps: int = STEPS) -> Samples:
    """Build the scene ``spec`` with the module ``ode`` and sample it after each of ``steps`` steps."""
    if hasattr(ode, "randSetSeed"):
        ode.randSetSeed(0)
    w = spec["world"]
    world = _make_world(ode, w)
    bodies, joints, geoms = [], [], []
    space = ode.SimpleSpace() if spec["contacts"] else None
    for gi, grp in enumerate(spec["groups"]):
        made = [_make_body(ode, world, b) for b in grp["bodies"]]
        bodies += made
        if space is not None:
            geoms += [_make_geom(ode, space, body, b) for body, b in zip(made, grp["bodies"])]
        if grp["type"] != "free":
            j, _ = _build_joint(ode, world, made, grp)
            joints.append((f"j{gi}_{grp['type']}", j, grp))
    plane = ode.GeomPlane(None, (0.0, 0.0, 1.0), 0.0) if space is not None else None
    group = ode.JointGroup()
    rec = _Recorder()
    for _ in range(steps):
        if plane is not None:
            rec.put("contacts", _ground_contacts(ode, world, group, geoms, plane, spec["surface"]))
        (world.quickStep if w["quick"] else world.step)(w["dt"])
        group.empty()
        for i, b in enumerate(bodies):
            rec.body(f"b{i}", b)
        for name, j, grp in joints:
            _read_joint(rec, name, j, grp["type"], grp)
        rec.end_row()
    return rec.rows


def run_scene(ode, name: str, steps: int = STEPS) -> Samples:
    """Run the random scene called ``name`` (see ``scene_names``)."""
    return run_spec(ode, make_spec(seed_of(name)), steps)


# ---------------------------------------------------------------- comparison with the recordings
# Used by tests/fidelity/test_random_scenes.py and tools/report/report_random_scenes.py.
PY_STEPS = 15

# Single precision: both engines store and compute in float32 and round in different places; the constraint
# solve amplifies each difference by the conditioning of the scene (as for scenes.SINGLE_TOLERANCE), and over
# a long random run a contact or stop decision can flip on it. The scenes are compared with single libode over
# their first SINGLE_STEPS steps, within about 2x the worst deviation measured there (2.5e-3: a transmission's
# feedback, whose error term r1 th1 + r2 th2 is a difference of nearly equal float32 products).
SINGLE_STEPS = 30
SINGLE_TOLERANCE = {"joint": 5e-3, "contact": 8e-3}
# Shorter single-precision comparisons, by scene. rs1030's PR joint attached (None, body) follows libode's
# rows for that attachment (ode/_fallback/joints/pr.py), which push its body hard: the scene amplifies a
# difference about 1e5-fold over its first 25 steps (double: 3e-15 at step 0, 1e-10 by step 25), so the
# float32 rounding of step 0 (3e-6, as in every scene) grows to a scaled deviation of 3.3e-4 over the first
# 15 steps, 5.4e-3 over 18 and 0.3 over 30.
SINGLE_STEPS_BY_SCENE = {"rs1030": 15}


def compared_steps(ode, name: str | None = None) -> int:
    """How many steps of a scene (``name``, when it has its own count) run with ``ode`` are compared: a prefix
    under the Python twins and in single precision."""
    if ode.backend != "core":
        return PY_STEPS
    if ode.precision == "single":
        return SINGLE_STEPS_BY_SCENE.get(name, SINGLE_STEPS)
    return STEPS


def tolerance(kind: str, precision: str) -> float:
    """The tolerance on the scaled deviation of a scene of ``kind`` in ``precision``."""
    return SINGLE_TOLERANCE[kind] if precision == "single" else TOLERANCE[(kind, "double")]


def compare(ode, name: str, steps: int) -> tuple:
    """(worst scaled deviation, column, first step over 1e-9, kind) of one scene run with ``ode`` against
    its recording in ``ode``'s precision."""
    ref, labels, kind = read_recording("random_scenes", name, precision=ode.precision)
    rows = run_scene(ode, name, steps)
    assert rows.labels == labels, "the scene samples different quantities than the recording"
    worst, column, first = deviation(ref[:steps], rows, labels)
    return worst, column, first, kind
