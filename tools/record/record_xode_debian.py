"""Record the worlds Debian's PyODE xode builds from XODE documents (oracle for
tests/fidelity/test_xode_debian.py).

Run with the system interpreter, which sees Debian's python3-pyode (``ode`` and ``xode``): ``/usr/bin/python3
tools/record/record_xode_debian.py``. For each document (the ones in PyODE's tutorial2.py and transforms.py
examples, read from /usr/share/doc/python3-pyode/examples/, and FEATURES below) it parses with
``xode.parser.Parser``, walks the tree and dumps every built object (``dump``), then steps the world and
records the bodies' motion (``motion``); the result goes to tests/data/xode_debian.json. The test applies the
same ``dump`` and ``motion`` to the worlds our ``xode`` builds and compares.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

EXAMPLES = Path("/usr/share/doc/python3-pyode/examples")
OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "xode_debian.json"
STEPS, DT, GRAVITY = 100, 0.02, (0.0, -9.81, 0.0)
# XODE's <axis> parameter attributes (lower case) -> ODE's parameter name
PARAMS = {"lowstop": "LoStop", "lostop": "LoStop", "histop": "HiStop", "highstop": "HiStop", "vel": "Vel",
          "fmax": "FMax", "fudgefactor": "FudgeFactor", "bounce": "Bounce", "cfm": "CFM",
          "stoperp": "StopERP", "stopcfm": "StopCFM", "suspensionerp": "SuspensionERP",
          "suspensioncfm": "SuspensionCFM"}
# ODE 0.16's parameter numbers (dParamLoStop .. dParamSuspensionCFM; axis group g adds 256 g). Debian's
# PyODE defines its Param* constants with the numbers of ODE before 0.16 (no LoVel and HiVel, so FMax is 3
# where libode 0.16.2 has 5), so the recorder never uses them.
NUMBERS = {"LoStop": 0, "HiStop": 1, "Vel": 2, "LoVel": 3, "HiVel": 4, "FMax": 5, "FudgeFactor": 6,
           "Bounce": 7, "CFM": 8, "StopERP": 9, "StopCFM": 10, "SuspensionERP": 11, "SuspensionCFM": 12}
GROUP = 256
SLOTS = len(NUMBERS)
_GROUPS = {"HingeJoint": 1, "SliderJoint": 1, "UniversalJoint": 2, "Hinge2Joint": 2, "AMotor": 3}
_SPARE: list = []  # worlds holding align's fresh joints, kept alive (PyODE frees joints with their world)

# Every element kind both parsers support. PyODE's xode has no capsule, cylinder, trimesh, axisangle,
# quaternion, mass_struct or mass transform, and it ignores a ray's transform and mass_shape's total (it
# uses density 1), so those are left out here (tests/api/test_xode*.py cover them). Its axis parameters and
# fixed joints differ knowingly from ours; ``align`` undoes that before the dump and the motion.
FEATURES = """<?xml version="1.0"?>
<xode>
  <world name="world">
    <space name="space">
      <geom name="ground"><plane a="0" b="1" c="0" d="-3"/></geom>
      <geom name="ray"><ray length="4"/></geom>
      <geom name="free_box"><transform scale="1.5"><position x="3" y="1" z="-2"/>
        <rotation><euler x="0.1" y="0.2" z="0.3"/></rotation></transform>
        <box sizex="1" sizey="2" sizez="3"/></geom>
      <body name="base">
        <transform><position x="0" y="1" z="0"/>
          <rotation><euler x="0" y="0" z="15" aformat="degrees"/></rotation></transform>
        <geom name="base_geom"><box sizex="2" sizey="0.5" sizez="2"/></geom>
        <geom name="base_offset"><transform scale="2"><position x="0.5" y="0.2" z="0"/>
          <rotation><euler x="0" y="45" z="0" aformat="degrees"/></rotation></transform>
          <sphere radius="0.3"/></geom>
        <mass><mass_shape density="3"><box sizex="2" sizey="0.5" sizez="2"/></mass_shape>
          <mass><mass_shape density="1"><sphere radius="0.3"/></mass_shape></mass></mass>
        <body name="arm">
          <transform><position x="1.5" y="0" z="0"/></transform>
          <geom name="arm_geom"><cappedCylinder radius="0.2" length="1"/></geom>
          <mass><mass_shape density="2"><box sizex="1" sizey="0.4" sizez="0.4"/></mass_shape>
            <adjust total="2.5"/></mass>
          <joint name="hinge"><link1 body="base"/>
            <hinge><anchor x="1" y="1" z="0"/>
              <axis x="0" y="0" z="1" LowStop="-0.5" HiStop="0.5" Bounce="0.2" StopERP="0.4"
                FudgeFactor="0.5"/></hinge>
          </joint>
          <body name="tip">
            <transform><position x="0" y="-1" z="0"/>
              <rotation><euler x="30" y="0" z="0" aformat="degrees"/></rotation></transform>
            <geom name="tip_geom"><sphere radius="0.25"/></geom>
            <mass><mass_shape density="5"><sphere radius="0.25"/></mass_shape></mass>
            <joint name="slider"><link1 body="arm"/>
              <slider><axis x="0" y="1" z="0" LoStop="-0.2" HiStop="0.2" Vel="0.1" CFM="1e-6"/></slider>
            </joint>
          </body>
        </body>
        <body name="wheel">
          <transform><position x="-1.5" y="0" z="0"/></transform>
          <geom name="wheel_geom"><sphere radius="0.4"/></geom>
          <joint name="hinge2"><link1 body="base"/>
            <hinge2><anchor x="-1.5" y="1" z="0"/>
              <axis x="0" y="0" z="1" LowStop="-0.3" HiStop="0.3" SuspensionERP="0.5" SuspensionCFM="0.01"/>
              <axis x="1" y="0" z="0" Vel="2" FMax="3"/></hinge2>
          </joint>
        </body>
        <body name="knob">
          <transform><position x="0" y="0" z="1.5"/></transform>
          <mass><adjust total="0.5"/></mass>
          <joint name="amotor"><link1 body="base"/>
            <amotor><axis x="0" y="1" z="0" Vel="0.5" FMax="0.2"/>
              <axis x="1" y="0" z="0" HiStop="0.3"/></amotor></joint>
          <joint name="universal"><link1 body="base"/>
            <universal><anchor x="0" y="1" z="1.5"/><axis x="1" y="0" z="0" HiStop="1" StopCFM="1e-5"/>
              <axis x="0" y="1" z="0" LoStop="-1"/></universal>
          </joint>
        </body>
        <body name="lid">
          <transform absolute="true"><position x="0" y="2" z="-1.5"/></transform>
          <joint name="fixed"><link1 body="base"/><fixed/></joint>
        </body>
      </body>
      <joint name="ball"><link1 body="base"/><ball><anchor x="0" y="1.5" z="0"/></ball></joint>
    </space>
  </world>
</xode>
"""


def example_document(name: str) -> str:
    """The XODE document an example script holds in its ``doc = '''...'''`` string."""
    match = re.search(r"^doc = '''(.*?)'''", (EXAMPLES / name).read_text(), flags=re.S | re.M)
    if match is None:
        raise ValueError(f"{name} holds no doc = '''...''' string")
    return match.group(1)


def documents() -> dict:
    """name -> XODE text of every recorded document."""
    return {"tutorial2": example_document("tutorial2.py"), "transforms": example_document("transforms.py"),
            "features": FEATURES}


def _floats(values) -> list:
    """A flat list of floats from a number, vector or matrix (tuples of tuples)."""
    if isinstance(values, (int, float)):
        return [float(values)]
    return [x for v in values for x in _floats(v)]


def _body_entry(ode, body) -> dict:
    m = body.getMass()
    return {"pos": _floats(body.getPosition()), "rot": _floats(body.getRotation()),
            "mass": [m.mass] + _floats(m.c) + _floats(m.I)}


def _geom_entry(ode, geom, bodies: list) -> dict:
    entry = {"class": type(geom).__name__}
    body = geom.getBody()
    entry["body"] = None if body is None else next(i for i, b in enumerate(bodies) if b is body)
    if isinstance(geom, ode.GeomTransform):
        inner = geom.getGeom()
        entry["inner"] = _geom_entry(ode, inner, bodies)
        entry["inner"]["space"] = inner.getSpace() is not None
    shape = {ode.GeomSphere: "getRadius", ode.GeomBox: "getLengths", ode.GeomRay: "getLength",
             ode.GeomCapsule: "getParams", ode.GeomPlane: "getParams"}
    for cls, getter in shape.items():
        if isinstance(geom, cls):
            entry["size"] = _floats(getattr(geom, getter)())
    if not isinstance(geom, ode.GeomPlane):
        entry["pos"], entry["rot"] = _floats(geom.getPosition()), _floats(geom.getRotation())
    return entry


def _joint_entry(ode, joint, bodies: list) -> dict:
    entry = {"class": type(joint).__name__}
    entry["bodies"] = [None if joint.getBody(i) is None else
                       next(k for k, b in enumerate(bodies) if b is joint.getBody(i)) for i in (0, 1)]
    if isinstance(joint, ode.AMotor):
        n = joint.getNumAxes()
        entry.update(mode=joint.getMode(), axes=[_floats(joint.getAxis(i)) for i in range(n)],
                     rel=[joint.getAxisRel(i) for i in range(n)])
    else:
        for getter in ("getAnchor", "getAnchor2", "getAxis", "getAxis1", "getAxis2"):
            if hasattr(joint, getter):
                entry[getter] = _floats(getattr(joint, getter)())
    entry["params"] = param_slots(ode, joint)
    return entry


def param_slots(ode, joint) -> list:
    """The joint's parameters by number: per axis group, ODE 0.16's 0 .. 12 (LoStop .. SuspensionCFM)."""
    groups = _GROUPS.get(type(joint).__name__, 0)
    return [[float(joint.getParam(GROUP * g + k)) for k in range(SLOTS)] for g in range(groups)]


def _nodes(root) -> list:
    """Every node of the tree, depth first in document order."""
    out = [root]
    for child in root.getChildren():
        out.extend(_nodes(child))
    return out


def document_params(text: str) -> dict:
    """joint name -> [(axis group, parameter name, value)] of the ``<axis>`` attributes in the document."""
    out = {}
    for joint in ET.fromstring(text).iter("joint"):
        axes = [a for kind in joint if kind.tag not in ("link1", "link2", "ext") for a in kind.iter("axis")]
        out[joint.get("name")] = [(i, PARAMS[key.lower()], float(value)) for i, axis in enumerate(axes)
                                  for key, value in axis.attrib.items() if key.lower() in PARAMS]
    return out


def align(ode, root, text: str) -> None:
    """Undo what Debian's xode builds knowingly unlike ours (see docs/architecture.md, "xode").

    - Axis parameters: Debian's xode sets them through Debian's PyODE, whose Param* constants carry the
      numbers of ODE before 0.16 (see NUMBERS), so from FMax on each lands two numbers low in libode
      0.16.2: Bounce sets FMax, CFM sets FudgeFactor, StopERP sets Bounce, StopCFM sets CFM, SuspensionERP
      sets StopERP, SuspensionCFM sets StopCFM, and FMax and FudgeFactor go to LoVel and HiVel, which
      these joints ignore. Here each joint's parameters are reset to a fresh joint's and the document's
      ``<axis>`` attributes are set by ODE 0.16's numbers, as ours does.
    - ``<fixed/>``: Debian's xode attaches a fixed joint without calling setFixed, so the joint holds the
      bodies at zero offset and pulls them together; ours fixes them where the document places them, which
      is what the element means. setFixed is called here.
    """
    params = document_params(text)
    spare = ode.World()  # the fresh joints live here, away from the world that is stepped
    _SPARE.append(spare)
    for node in _nodes(root):
        joint = node.getODEObject()
        if not isinstance(joint, ode.Joint):
            continue
        for g, values in enumerate(param_slots(ode, type(joint)(spare))):
            for k, value in enumerate(values):
                if joint.getParam(GROUP * g + k) != value:
                    joint.setParam(GROUP * g + k, value)
        for group, name, value in params.get(node.getName(), ()):
            joint.setParam(GROUP * group + NUMBERS[name], value)
        if isinstance(joint, ode.FixedJoint):
            joint.setFixed()


def dump(ode, root) -> dict:
    """Every node of the tree in walk order: kind, name, and the numbers of the object it built."""
    objs, nodes = _nodes(root), []
    bodies = [n.getODEObject() for n in objs if isinstance(n.getODEObject(), ode.Body)]
    for node in objs:
        obj = node.getODEObject()
        entry = {"name": node.getName(), "object": None if obj is None else type(obj).__name__}
        if isinstance(obj, ode.Body):
            entry.update(_body_entry(ode, obj))
        elif isinstance(obj, ode.SpaceBase):
            entry["geoms"] = obj.getNumGeoms()
        elif isinstance(obj, ode.GeomObject):
            entry.update(_geom_entry(ode, obj, bodies))
        elif isinstance(obj, ode.Joint):
            entry.update(_joint_entry(ode, obj, bodies))
        elif isinstance(obj, ode.Mass):
            entry["mass"] = [obj.mass] + _floats(obj.c) + _floats(obj.I)
        nodes.append(entry)
    return {"nodes": nodes}


def motion(ode, root) -> list:
    """Positions and rotations of every body after each of STEPS world steps under GRAVITY."""
    objs = [n.getODEObject() for n in _nodes(root)]
    bodies = [o for o in objs if isinstance(o, ode.Body)]
    worlds = [o for o in objs if isinstance(o, ode.World)]
    for w in worlds:
        w.setGravity(GRAVITY)
    out = []
    for _ in range(STEPS):
        for w in worlds:
            w.step(DT)
        out.append([_floats(b.getPosition()) + _floats(b.getRotation()) for b in bodies])
    return out


def main() -> None:
    """Parse every document with Debian's xode and write the dumps and motions."""
    import ode
    import xode.parser

    if "dist-packages" not in (getattr(xode, "__file__", "") or ""):
        sys.exit(f"this records Debian's xode; got {xode.__file__} (run with /usr/bin/python3)")
    if len(sys.argv) > 1:  # one document's motion, in a process of its own (see below)
        text = documents()[sys.argv[1]]
        root = xode.parser.Parser().parseString(text)
        if sys.argv[2:] != ["raw"]:
            align(ode, root, text)
        print(json.dumps(motion(ode, root)))
        sys.stdout.flush()
        os._exit(0)
    data, roots = {}, []  # roots kept: PyODE crashes freeing a GeomTransform's world early
    for name, text in documents().items():
        roots.append(xode.parser.Parser().parseString(text))
        raw = {n.getName(): param_slots(ode, n.getODEObject()) for n in _nodes(roots[-1])
               if isinstance(n.getODEObject(), ode.Joint)}
        align(ode, roots[-1], text)
        data[name] = dump(ode, roots[-1])
        data[name]["debian_params"] = raw  # the parameters as Debian's xode set them, before align
        # Stepped in a process of its own, which parses, aligns and steps only that document.
        out = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True, check=True)
        data[name]["motion"] = json.loads(out.stdout)
        if name == "features":  # as Debian's xode builds it, to show the knowing differences matter
            out = subprocess.run([sys.executable, __file__, name, "raw"], capture_output=True, text=True,
                                 check=True)
            data[name]["raw_motion"] = json.loads(out.stdout)[:5]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({', '.join(data)})")
    sys.stdout.flush()
    os._exit(0)  # skip PyODE's teardown, which crashes on GeomTransform


if __name__ == "__main__":
    main()
