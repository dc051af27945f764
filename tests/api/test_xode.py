"""The XODE parser (``xode``) on documents of every element kind: the objects it builds and their numbers.

Expected values come from the XODE meaning of each element (positions composed through the parents'
transforms, masses from the solids' formulas, joint parameters at ODE 0.16's numbers), not from running
the parser. Rotations follow PyODE's xode convention (see ``xode.transform``): a ``<rotation>`` block acts
on row vectors, so ``<euler x="90">`` moves a child's local +y to +z and hands ODE the rotation rows
(1, 0, 0), (0, 0, 1), (0, -1, 0). Tolerances: 1e-12 in double precision (a few products of exact inputs);
in single precision the ODE objects hold float32, so 1e-6 relative.
"""

from __future__ import annotations

import io
import math

import pytest
from xode_docs import document, obj, parse

import ode
import xode.parser
from xode.node import AncestorNotFoundError, TreeNode
from xode.transform import Transform

TOL = 1e-12 if ode.precision == "double" else 2e-6


def close(got, exp, tol: float = TOL) -> bool:
    """Whether two numbers or flat/nested sequences agree to ``tol`` relative to max(1, |exp|)."""
    if isinstance(exp, (int, float)):
        return abs(got - exp) <= tol * max(1.0, abs(exp))
    got, exp = list(got), list(exp)
    return len(got) == len(exp) and all(close(g, e, tol) for g, e in zip(got, exp))


def flat(rows) -> list:
    return [v for row in rows for v in row]


# ---------------------------------------------------------------- world and spaces
def test_world_and_simple_space() -> None:
    root = parse("", space="<space name='space'>")
    assert isinstance(obj(root, "world"), ode.World)
    assert isinstance(obj(root, "space"), ode.SimpleSpace)
    assert root.getNodeType() == "xode" and root.getODEObject() is None


def test_hash_and_quadtree_spaces_nest() -> None:
    root = parse("""<space name='hash' type='hash'>
        <space name='quad' type='quadtree' centerx='1' centery='2' centerz='3'
               extentx='10' extenty='20' extentz='30' depth='4'>
          <geom name='g'><sphere radius='1'/></geom>
        </space>
      </space>""", space="<space name='outer' type='simple'>")
    outer, hashed, quad = obj(root, "outer"), obj(root, "hash"), obj(root, "quad")
    assert isinstance(outer, ode.SimpleSpace)
    assert isinstance(hashed, ode.HashSpace) and isinstance(quad, ode.QuadTreeSpace)
    assert outer.getNumGeoms() == 1 and outer.getGeom(0) is hashed
    assert hashed.getNumGeoms() == 1 and hashed.getGeom(0) is quad
    assert quad.getNumGeoms() == 1 and obj(root, "g").getSpace() is quad


def test_space_factory_for_untyped_spaces() -> None:
    parser = xode.parser.Parser()
    assert parser.getParam("spaceFactory") is ode.SimpleSpace
    parser.setParams(spaceFactory=ode.HashSpace)
    root = parser.parseString(document("<space name='inner'/>", space="<space name='outer'>"))
    assert isinstance(obj(root, "outer"), ode.HashSpace) and isinstance(obj(root, "inner"), ode.HashSpace)
    assert obj(root, "outer").getGeom(0) is obj(root, "inner")
    with pytest.raises(KeyError):
        parser.getParam("nonsense")


def test_parse_file_path_and_file_object(tmp_path) -> None:
    text = document("<body name='b'/>")
    path = tmp_path / "scene.xode"
    path.write_text(text)
    for source in (str(path), path, io.BytesIO(text.encode()), io.StringIO(text)):
        root = xode.parser.Parser().parseFile(source)
        assert isinstance(obj(root, "b"), ode.Body)


def test_parse_vector() -> None:
    assert xode.parser.Parser().parseVector({"x": "1", "y": "-2.5", "z": "3e2"}) == (1.0, -2.5, 300.0)


# ---------------------------------------------------------------- bodies and transforms
def _body(transform: str, name: str = "b") -> str:
    return f"<body name='{name}'><transform>{transform}</transform></body>"


@pytest.mark.parametrize("rotation", [
    "<euler x='90' y='0' z='0' aformat='degrees'/>",
    f"<euler x='{math.pi / 2!r}' y='0' z='0'/>",
    f"<euler x='{math.pi / 2!r}' y='0' z='0' aformat='radians'/>",
    "<axisangle x='2' y='0' z='0' angle='90' aformat='degrees'/>",
    f"<quaternion w='{math.cos(math.pi / 4)!r}' x='{math.sin(math.pi / 4)!r}' y='0' z='0'/>",
    "<quaternion w='3' x='3' y='0' z='0'/>",  # normalised
])
def test_body_rotation_kinds_agree(rotation: str) -> None:
    """A quarter turn about x by euler, axis-angle or quaternion: the same ODE rotation and position."""
    root = parse(_body(f"<position x='1' y='2' z='3'/><rotation>{rotation}</rotation>"))
    body = obj(root, "b")
    assert close(body.getPosition(), (1.0, 2.0, 3.0))
    assert close(body.getRotation(), (1, 0, 0, 0, 0, 1, 0, -1, 0), 2e-6)


def test_euler_order_x_then_y_then_z() -> None:
    """Euler angles rotate about x, then y, then z: the block is Rx Ry Rz of the row-vector blocks."""
    root = parse(_body("<rotation><euler x='90' y='90' z='0' aformat='degrees'/></rotation>"))
    # Rx(90) rows (1,0,0),(0,0,1),(0,-1,0) times Ry(90) rows (0,0,-1),(0,1,0),(1,0,0)
    assert close(obj(root, "b").getRotation(), (0, 0, -1, 1, 0, 0, 0, -1, 0), 2e-6)
    root = parse(_body("<rotation><euler x='0' y='90' z='90' aformat='degrees'/></rotation>"))
    # Ry(90) times Rz(90) rows (0,1,0),(-1,0,0),(0,0,1)
    assert close(obj(root, "b").getRotation(), (0, 0, -1, -1, 0, 0, 0, 1, 0), 2e-6)


def test_nested_bodies_compose_as_pyode() -> None:
    """A node's matrix is its parent's times its own (row vectors), as PyODE's xode composes them: the
    rotations compose, and the node's own rotation and scale act on the parent's position, while the
    node's own position is added unrotated. Documents written for PyODE build the same scenes (checked
    against Debian's xode in tests/fidelity/test_xode_debian.py); see docs/architecture.md, "xode"."""
    root = parse("""
      <body name='a'><transform><position x='1' y='0' z='0'/>
          <rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation></transform>
        <body name='b'><transform><position x='2' y='0' z='0'/></transform>
          <body name='c'><transform><position x='0' y='3' z='0'/></transform></body>
        </body>
        <body name='d'><transform scale='2'><position x='0' y='1' z='0'/></transform></body>
      </body>
      <body name='e'><transform><position x='1' y='0' z='0'/></transform>
        <body name='f'><transform><rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation>
        </transform></body></body>""")
    assert close(obj(root, "b").getPosition(), (3.0, 0.0, 0.0))
    assert close(obj(root, "c").getPosition(), (3.0, 3.0, 0.0))
    assert close(obj(root, "c").getRotation(), obj(root, "a").getRotation())
    assert close(obj(root, "d").getPosition(), (2.0, 2.0, 0.0))  # (1, 0, 0) scaled 2, plus (0, 1, 0) * 2
    assert close(obj(root, "f").getPosition(), (0.0, 1.0, 0.0), 2e-6)  # e's position turned by f's own
    assert close(obj(root, "f").getRotation(), (0, 1, 0, -1, 0, 0, 0, 0, 1), 2e-6)


def test_absolute_transform_ignores_parents() -> None:
    root = parse("""
      <body name='a'><transform><position x='5' y='5' z='5'/>
          <rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation></transform>
        <body name='b'><transform absolute='true'><position x='1' y='2' z='3'/></transform>
          <body name='c'><transform><position x='1' y='0' z='0'/></transform></body>
        </body>
      </body>""")
    assert close(obj(root, "b").getPosition(), (1.0, 2.0, 3.0))
    assert close(obj(root, "b").getRotation(), (1, 0, 0, 0, 1, 0, 0, 0, 1))
    assert close(obj(root, "c").getPosition(), (2.0, 2.0, 3.0))  # relative to b, not a


def test_scale_multiplies_positions_below() -> None:
    """``scale`` scales the node's own translation; children's own positions are added unscaled."""
    root = parse("""
      <body name='a'><transform scale='2'><position x='1' y='0' z='0'/></transform>
        <geom name='g'><transform><position x='0' y='1' z='0'/></transform><sphere radius='1'/></geom>
        <body name='c'><transform><position x='0' y='0' z='1.5'/></transform></body>
      </body>""")
    assert close(obj(root, "a").getPosition(), (2.0, 0.0, 0.0))
    assert close(obj(root, "c").getPosition(), (2.0, 0.0, 1.5))
    inner = obj(root, "g").getGeom()
    assert close(inner.getPosition(), (0.0, 1.0, 0.0))  # relative to the body: only the geom's own


def test_free_geom_scale_and_rotation_block() -> None:
    """A free geom takes the block as it stands: ``scale`` times the rotation rows."""
    root = parse("""<geom name='g'><transform scale='1.5'><position x='1' y='2' z='3'/>
        <rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation></transform>
        <box sizex='1' sizey='1' sizez='1'/></geom>""")
    g = obj(root, "g")
    assert close(g.getPosition(), (1.5, 3.0, 4.5))
    assert close(g.getRotation(), (0, 1.5, 0, -1.5, 0, 0, 0, 0, 1.5), 2e-6)


def test_scaled_body_rotation_as_libode_repairs_it() -> None:
    """A scaled body hands ODE a scaled rotation block, which libode's setRotation repairs differently in each
    precision; ours does the same. Expected rows recorded from Debian's libode 0.16.2 (double) and the
    single-precision build of the same source (tools/oracle/libode.py with ODE_LIBODE), both given the block
    of scale 1.25 and euler (30, 0, 15) degrees below."""
    root = parse("""<body name='b'><transform scale='1.25'>
        <rotation><euler x='30' y='0' z='15' aformat='degrees'/></rotation></transform></body>""")
    got = obj(root, "b").getRotation()
    if ode.precision == "double":
        exp = (0.9659258262890684, 0.2588190451025208, 0.0, -0.28017983505251676, 1.04564537967226,
               0.6249999999999999, 0.12940952255126037, -0.4829629131445341, 0.8660254037844388)
    else:
        exp = (0.9659258127212524, 0.2588190734386444, 0.0, -0.28017982840538025, 1.0456453561782837,
               0.625, 0.1294095367193222, -0.4829629063606262, 0.866025447845459)
    assert close(got, exp, 1e-12 if ode.precision == "double" else 1e-6)


# ---------------------------------------------------------------- masses
def _mass_body(mass: str) -> object:
    """The mass of a body whose ``<mass>`` holds ``mass``."""
    return obj(parse(f"<body name='b'><mass name='m'>{mass}</mass></body>"), "b").getMass()


SPHERE_I = 2.0 / 5.0


@pytest.mark.parametrize("attr,scale", [("density='2'", 1.0), ("total='3'", None)])
def test_mass_shape_sphere(attr: str, scale) -> None:
    m = _mass_body(f"<mass_shape {attr}><sphere radius='0.5'/></mass_shape>")
    volume = 4.0 / 3.0 * math.pi * 0.125
    total = 2.0 * volume if scale else 3.0
    assert close(m.mass, total)
    assert close(flat(m.I), [SPHERE_I * total * 0.25 if i == j else 0.0 for i in range(3) for j in range(3)])


@pytest.mark.parametrize("attr,total", [("density='2'", 12.0), ("total='5'", 5.0)])
def test_mass_shape_box(attr: str, total: float) -> None:
    m = _mass_body(f"<mass_shape {attr}><box sizex='1' sizey='2' sizez='3'/></mass_shape>")
    assert close(m.mass, total)
    assert close([m.I[0][0], m.I[1][1], m.I[2][2]], [total / 12 * 13, total / 12 * 10, total / 12 * 5])


@pytest.mark.parametrize("tag", ["cappedCylinder", "capsule"])
def test_mass_shape_capsule(tag: str) -> None:
    r, length, density = 0.5, 2.0, 3.0
    m = _mass_body(f"<mass_shape density='{density}'><{tag} radius='{r}' length='{length}'/></mass_shape>")
    assert close(m.mass, density * (math.pi * r * r * length + 4.0 / 3.0 * math.pi * r ** 3))
    assert close(m.I[0][0], m.I[1][1]) and m.I[2][2] < m.I[0][0]  # long axis z (ODE direction 3)
    t = _mass_body(f"<mass_shape total='7'><{tag} radius='{r}' length='{length}'/></mass_shape>")
    assert close(t.mass, 7.0) and close(t.I[2][2] / t.mass, m.I[2][2] / m.mass)


def test_mass_shape_cylinder() -> None:
    r, length = 0.5, 2.0
    m = _mass_body(f"<mass_shape density='2'><cylinder radius='{r}' length='{length}'/></mass_shape>")
    total = 2.0 * math.pi * r * r * length
    assert close(m.mass, total)
    assert close([m.I[0][0], m.I[2][2]], [total * (r * r / 4 + length * length / 12), total * r * r / 2])
    assert close(_mass_body(f"<mass_shape total='4'><cylinder radius='{r}' length='{length}'/>"
                            "</mass_shape>").mass, 4.0)


def test_mass_struct_and_adjust() -> None:
    m = _mass_body("""<mass_struct total='2'><centerGravity x='0' y='0' z='0'/>
        <imatrix m00='1' m11='2' m22='3' m01='0.1' m02='0.2' m12='0.3'/></mass_struct>""")
    assert close(m.mass, 2.0)
    assert close(flat(m.I), [1, 0.1, 0.2, 0.1, 2, 0.3, 0.2, 0.3, 3])
    m = _mass_body("<mass_shape density='2'><box sizex='1' sizey='2' sizez='3'/></mass_shape>"
                   "<adjust total='6'/>")
    assert close(m.mass, 6.0) and close(m.I[0][0], 6.0 / 12 * 13)  # scaled with the mass


def test_empty_mass_is_unit_density_unit_sphere() -> None:
    """An empty ``<mass/>`` (and the start of every ``<mass>``) is ODE's sphere of density 1, radius 1."""
    m = _mass_body("")
    total = 4.0 / 3.0 * math.pi
    assert close(m.mass, total) and close(m.I[1][1], SPHERE_I * total)


def test_nested_masses_add_with_transforms() -> None:
    """Two unit spheres moved to x = +1 and -1: centre stays at the origin, parallel-axis inertia adds."""
    m = _mass_body("""<mass_shape density='1'><sphere radius='0.001'/></mass_shape>
        <mass><mass_shape total='1'><sphere radius='1'/></mass_shape>
          <transform><position x='1' y='0' z='0'/></transform></mass>
        <mass><mass_shape total='1'><sphere radius='1'/></mass_shape>
          <transform><position x='-1' y='0' z='0'/></transform></mass>""")
    tiny = 4.0 / 3.0 * math.pi * 1e-9
    assert close(m.mass, 2.0 + tiny)
    assert close(m.c, (0.0, 0.0, 0.0))
    assert close(m.I[0][0], 2 * SPHERE_I + SPHERE_I * tiny * 1e-6, 1e-6)
    assert close(m.I[1][1], 2 * (SPHERE_I + 1.0), 1e-6)


def test_mass_transform_rotates_inertia() -> None:
    m = _mass_body("""<mass_shape total='12'><box sizex='1' sizey='2' sizez='3'/></mass_shape>
        <transform><rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation></transform>""")
    # box inertia diag (13, 10, 5); a quarter turn about z swaps the x and y entries
    assert close([m.I[0][0], m.I[1][1], m.I[2][2]], [10.0, 13.0, 5.0], 1e-6)


# ---------------------------------------------------------------- geoms
def test_geom_shapes() -> None:
    root = parse("""
      <geom name='sphere'><sphere radius='0.5'/></geom>
      <geom name='box'><box sizex='1' sizey='2' sizez='3'/></geom>
      <geom name='capped'><cappedCylinder radius='0.25' length='2'/></geom>
      <geom name='capsule'><capsule radius='0.5' length='1'/></geom>
      <geom name='cylinder'><cylinder radius='0.75' length='3'/></geom>
      <geom name='plane'><plane a='0' b='0' c='1' d='-2'/></geom>
      <geom name='ray'><transform><position x='1' y='2' z='3'/></transform><ray length='4'/></geom>""")
    assert close(obj(root, "sphere").getRadius(), 0.5)
    assert close(obj(root, "box").getLengths(), (1.0, 2.0, 3.0))
    assert isinstance(obj(root, "capped"), ode.GeomCapsule)
    assert close(obj(root, "capped").getParams(), (0.25, 2))
    assert isinstance(obj(root, "capsule"), ode.GeomCapsule)
    assert close(obj(root, "capsule").getParams(), (0.5, 1))
    assert isinstance(obj(root, "cylinder"), ode.GeomCylinder)
    assert close(obj(root, "cylinder").getParams(), (0.75, 3.0))
    normal, d = obj(root, "plane").getParams()
    assert close(normal, (0.0, 0.0, 1.0)) and close(d, -2.0)
    assert close(obj(root, "ray").getLength(), 4.0) and close(obj(root, "ray").getPosition(), (1, 2, 3))
    assert obj(root, "space").getNumGeoms() == 7


def test_trimesh_vertices_and_triangles() -> None:
    root = parse("""<geom name='mesh'><transform><position x='0' y='0' z='1'/></transform><trimesh>
        <vertices><v x='0' y='0' z='0'/><v x='1' y='0' z='0'/><v x='0' y='1' z='0'/><v x='0' y='0' z='1'/>
        </vertices>
        <triangles><t ia='0' ib='2' ic='1'/><t ia='0' ib='1' ic='3'/><ext><anything/></ext></triangles>
      </trimesh></geom>""")
    mesh = obj(root, "mesh")
    assert isinstance(mesh, ode.GeomTriMesh) and mesh.getTriangleCount() == 2
    v0, v1, v2 = mesh.getTriangle(1)  # world coordinates: the geom sits at z = 1
    assert close(v0, (0, 0, 1)) and close(v1, (1, 0, 1)) and close(v2, (0, 0, 2))


def test_body_geoms_attach_and_offsets_wrap() -> None:
    root = parse("""<body name='b'><transform><position x='1' y='2' z='3'/></transform>
        <geom name='plain'><sphere radius='1'/></geom>
        <geom name='offset'><transform><position x='0' y='0' z='2'/>
            <rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation></transform>
          <box sizex='1' sizey='1' sizez='1'/></geom></body>""")
    body, plain, wrapper = obj(root, "b"), obj(root, "plain"), obj(root, "offset")
    assert plain.getBody() is body and close(plain.getPosition(), (1, 2, 3))
    assert isinstance(wrapper, ode.GeomTransform) and wrapper.getBody() is body
    inner = wrapper.getGeom()
    assert isinstance(inner, ode.GeomBox) and inner.getSpace() is None
    assert close(inner.getPosition(), (0, 0, 2)) and close(inner.getRotation(), (0, 1, 0, -1, 0, 0, 0, 0, 1))
    assert obj(root, "space").getNumGeoms() == 2


def test_geom_inside_no_space() -> None:
    root = parse("<body name='b'><geom name='g'><sphere radius='1'/></geom></body>", space="")
    assert obj(root, "g").getSpace() is None and obj(root, "g").getBody() is obj(root, "b")


# ---------------------------------------------------------------- joints
TWO_BODIES = """<body name='a'><transform><position x='0' y='0' z='0'/></transform></body>
<body name='b'><transform><position x='1' y='0' z='0'/></transform>{joint}</body>"""


def _joint(kind: str, links: str = "<link1 body='a'/>") -> ode.Joint:
    root = parse(TWO_BODIES.format(joint=f"<joint name='j'>{links}{kind}</joint>"))
    return root, obj(root, "j")


def test_ball_links_and_anchor() -> None:
    root, j = _joint("<ball><anchor x='0.5' y='0' z='0'/></ball>")
    assert isinstance(j, ode.BallJoint)
    assert j.getBody(0) is obj(root, "a") and j.getBody(1) is obj(root, "b")
    assert close(j.getAnchor(), (0.5, 0, 0)) and close(j.getAnchor2(), (0.5, 0, 0))


def test_link2_names_body_two() -> None:
    root, j = _joint("<ball><anchor x='0' y='0' z='0'/></ball>", links="<link2 body='a'/>")
    assert j.getBody(0) is obj(root, "b") and j.getBody(1) is obj(root, "a")


def test_joint_outside_bodies_links_to_environment() -> None:
    root = parse("<body name='a'/><joint name='j'><link1 body='a'/><ball><anchor x='0' y='1' z='0'/>"
                 "</ball></joint>")
    j = obj(root, "j")
    assert j.getBody(0) is obj(root, "a") and j.getBody(1) is None
    root = parse("<body name='a'/><body name='c'/><joint name='j'><link1 body='a'/><link2 body='c'/>"
                 "<fixed/></joint>")
    assert obj(root, "j").getBody(0) is obj(root, "a") and obj(root, "j").getBody(1) is obj(root, "c")


def test_forward_link_to_a_later_body() -> None:
    root = parse("<body name='a'><joint name='j'><link1 body='z'/><ball><anchor x='0' y='0' z='0'/></ball>"
                 "</joint></body><body name='z'/>")
    assert obj(root, "j").getBody(0) is obj(root, "z") and obj(root, "j").getBody(1) is obj(root, "a")


def test_hinge_anchor_axis_and_every_parameter() -> None:
    names = {"LowStop": -0.5, "HiStop": 0.5, "Vel": 1.5, "FMax": 3.0, "FudgeFactor": 0.5, "Bounce": 0.25,
             "CFM": 1e-4, "StopERP": 0.4, "StopCFM": 1e-3}
    attrs = " ".join(f"{k}='{v!r}'" for k, v in names.items())
    _, j = _joint(f"<hinge><anchor x='0.5' y='0' z='0'/><axis x='0' y='0' z='2' {attrs}/></hinge>")
    assert isinstance(j, ode.HingeJoint)
    assert close(j.getAnchor(), (0.5, 0, 0)) and close(j.getAxis(), (0, 0, 1))
    numbers = {"LowStop": 0, "HiStop": 1, "Vel": 2, "FMax": 5, "FudgeFactor": 6, "Bounce": 7, "CFM": 8,
               "StopERP": 9, "StopCFM": 10}  # ODE 0.16's parameter numbers
    for name, value in names.items():
        assert close(j.getParam(numbers[name]), value, 1e-6), name


def test_parameter_aliases_and_case() -> None:
    _, j = _joint("<hinge><anchor x='0' y='0' z='0'/><axis x='0' y='0' z='1' LoStop='-1' HighStop='1'"
                  " fmax='2' vel='0.5'/></hinge>")
    assert close([j.getParam(ode.ParamLoStop), j.getParam(ode.ParamHiStop), j.getParam(ode.ParamFMax),
                  j.getParam(ode.ParamVel)], [-1, 1, 2, 0.5])


def test_slider_axis_and_stops() -> None:
    _, j = _joint("<slider><axis x='1' y='0' z='0' LowStop='-0.25' HiStop='0.25'/></slider>")
    assert isinstance(j, ode.SliderJoint) and close(j.getAxis(), (1, 0, 0))
    assert close(j.getPosition(), 0.0)
    assert close([j.getParam(ode.ParamLoStop), j.getParam(ode.ParamHiStop)], [-0.25, 0.25])


def test_universal_two_axes_and_their_groups() -> None:
    _, j = _joint("<universal><anchor x='0.5' y='0' z='0'/><axis x='0' y='1' z='0' HiStop='0.5'/>"
                  "<axis x='0' y='0' z='1' LowStop='-0.75' StopERP='0.3'/></universal>")
    assert isinstance(j, ode.UniversalJoint)
    assert close(j.getAnchor(), (0.5, 0, 0))
    assert close(j.getAxis1(), (0, 1, 0)) and close(j.getAxis2(), (0, 0, 1))
    assert close([j.getParam(ode.ParamHiStop), j.getParam(ode.ParamLoStop2)], [0.5, -0.75])
    assert close(j.getParam(ode.ParamStopERP2), 0.3, 1e-6) and close(j.getParam(ode.ParamStopERP), 0.2, 1e-6)
    assert j.getParam(ode.ParamLoStop) == -math.inf and j.getParam(ode.ParamHiStop2) == math.inf


@pytest.mark.parametrize("axis1,axis2", [((0, 0, 1), (1, 0, 0)), ((0, 1, 0), (1, 0, 0)),
                                         ((0, 1, 0), (0, 0, 1))])
def test_hinge2_axes_in_any_order(axis1, axis2) -> None:
    """Hinge-2 axes that pass through the defaults (axis 2 = y) are set without a parallel moment."""
    a1 = "x='{}' y='{}' z='{}'".format(*axis1)
    a2 = "x='{}' y='{}' z='{}'".format(*axis2)
    _, j = _joint(f"<hinge2><anchor x='1' y='0' z='0'/><axis {a1} SuspensionERP='0.5' SuspensionCFM='0.01'"
                  f" LowStop='-0.3'/><axis {a2} Vel='2' FMax='4'/></hinge2>")
    assert isinstance(j, ode.Hinge2Joint)
    assert close(j.getAxis1(), axis1) and close(j.getAxis2(), axis2) and close(j.getAnchor(), (1, 0, 0))
    assert close([j.getParam(ode.ParamSuspensionERP), j.getParam(ode.ParamSuspensionCFM),
                  j.getParam(ode.ParamLoStop), j.getParam(ode.ParamVel2), j.getParam(ode.ParamFMax2)],
                 [0.5, 0.01, -0.3, 2.0, 4.0], 1e-6)


def test_fixed_joint_holds_the_documented_offset() -> None:
    """``<fixed/>`` fixes the bodies where the document places them (setFixed), unlike Debian's xode."""
    root, j = _joint("<fixed/>")
    assert isinstance(j, ode.FixedJoint)
    world = obj(root, "world")
    world.setGravity((0, -9.81, 0))
    a, b = obj(root, "a"), obj(root, "b")
    a.setLinearVel((0, 0, 1))
    for _ in range(50):
        world.step(0.01)
    assert close(a.getPosRelPoint(b.getPosition()), (1.0, 0.0, 0.0), 1e-4)  # b where it was, in a's frame
    assert close(a.getRotation(), b.getRotation(), 1e-4) and abs(a.getRotation()[0] - 1.0) > 1e-4
    assert a.getPosition()[1] < -0.1  # they fell together


def test_amotor_user_mode_axes_rel_and_third_group() -> None:
    _, j = _joint("<amotor><axis x='1' y='0' z='0' rel='1' Vel='1'/><axis x='0' y='1' z='0' rel='2'"
                  " FMax='2'/><axis x='0' y='0' z='1' HiStop='0.5'/></amotor>")
    assert isinstance(j, ode.AMotor) and j.getMode() == ode.AMotorUser and j.getNumAxes() == 3
    assert [j.getAxisRel(i) for i in range(3)] == [1, 2, 0]
    assert [tuple(j.getAxis(i)) for i in range(3)] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    assert close([j.getParam(ode.ParamVel), j.getParam(ode.ParamFMax2), j.getParam(ode.ParamHiStop3)],
                 [1.0, 2.0, 0.5])


def test_amotor_euler_mode() -> None:
    _, j = _joint("<amotor mode='euler'><axis x='0' y='0' z='1'/><axis x='1' y='0' z='0'/></amotor>")
    assert j.getMode() == ode.AMotorEuler and j.getNumAxes() == 3
    assert close(j.getAxis(0), (0, 0, 1)) and close(j.getAxis(2), (1, 0, 0))
    assert j.getAxisRel(0) == 1 and j.getAxisRel(2) == 2


def test_jointgroup_holds_its_joints() -> None:
    root = parse("""<body name='a'/><body name='b'><jointgroup name='group'>
        <joint name='j'><link1 body='a'/><ball><anchor x='0' y='0' z='0'/></ball></joint></jointgroup></body>
        <joint name='free'><link1 body='a'/><ball><anchor x='0' y='0' z='0'/></ball></joint>""")
    group, j, free = obj(root, "group"), obj(root, "j"), obj(root, "free")
    assert isinstance(group, ode.JointGroup)
    assert j.getBody(1) is obj(root, "b")
    group.empty()
    with pytest.raises(ode.ODEError):
        j.getBody(0)
    assert free.getBody(0) is obj(root, "a")  # not in the group


# ---------------------------------------------------------------- ext and the tree
def test_ext_is_skipped_everywhere() -> None:
    root = xode.parser.Parser().parseString("""<xode><ext><whatever a='1'/></ext><world name='w'>
        <ext/><space name='s'><ext><geom/></ext><body name='b'><ext><unknown/></ext>
        <transform><position x='1' y='0' z='0'/><ext/></transform>
        <geom name='g'><ext/><sphere radius='1'/></geom></body></space></world></xode>""")
    assert close(obj(root, "b").getPosition(), (1, 0, 0))
    assert obj(root, "s").getNumGeoms() == 1
    assert [c.getNodeType() for c in root.namedChild("b").getChildren()] == ["geom"]


def test_tree_api() -> None:
    root = parse("""<body name='a'><transform><position x='1' y='0' z='0'/></transform>
        <geom name='g'><sphere radius='1'/></geom>
        <body name='b'><transform><position x='0' y='2' z='0'/></transform></body></body>""")
    a = root.namedChild("a")
    assert isinstance(a, TreeNode) and a.getName() == "a" and a.getNodeType() == "body"
    assert [c.getName() for c in a.getChildren()] == ["g", "b"]
    assert [c.getNodeType() for c in a.getChildren()] == ["geom", "body"]
    b = a.namedChild("b")
    assert b.getParent() is a and a.getParent() is root.namedChild("space")
    assert b.getRoot() is root and root.getParent() is None
    assert b.getFirstAncestor(ode.Body) is a and b.getFirstAncestor(ode.World) is root.namedChild("world")
    with pytest.raises(AncestorNotFoundError):
        a.getFirstAncestor(ode.GeomBox)
    with pytest.raises(KeyError):
        root.namedChild("nobody")
    assert close(b.getTransform().getPosition(), (1, 2, 0))
    assert close(b.getTransform(a).getPosition(), (0, 2, 0))
    assert close(b.getNodeTransform().getPosition(), (0, 2, 0))
    assert b.getODEObject() is obj(root, "b") and b.line == 6


def test_transform_matrix_api() -> None:
    t = Transform()
    t.translate(1, 2, 3)
    r = Transform()
    r.rotate(0, 0, math.pi / 2)
    s = Transform()
    s.scale(2, 2, 2)
    assert not t.isAbsolute()
    both = r * t * s
    assert close(both.getPosition(), (2, 4, 6))
    assert close(both.getRotation(), (0, 2, 0, -2, 0, 0, 0, 0, 2))
    inv = both.inverse()
    assert close(flat((both * inv).getMatrix()), flat(Transform().getMatrix()))
