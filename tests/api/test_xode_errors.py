"""Invalid XODE documents: each raises the right exception class naming the element and its line.

Every case is a snippet placed inside ``<xode><world><space>`` (``tests/support/xode_docs.document``: the
snippet starts on line 4); the expected line is the snippet's own line plus 3. Messages start with ``<tag>
(line N):`` so an author finds the spot; the exception also carries ``element`` and ``line``.
"""

from __future__ import annotations

import pytest
from xode_docs import document, parse

import xode.parser
from xode.errors import ChildError, InvalidError, MissingElementError

BODIES = "<body name='a'/>\n<body name='b'>\n{}\n</body>"

# (id, snippet, exception class, element tag, line within the snippet (1-based), message fragment)
CASES = [
    ("unknown element", "<blob/>", ChildError, "blob", 1, "not a valid child of <space>"),
    ("geom in world", "</space><geom><sphere radius='1'/></geom><space>", ChildError, "geom", 1,
     "not a valid child of <world>"),
    ("unknown attribute", "<geom><sphere radius='1' colour='red'/></geom>", InvalidError, "sphere", 1,
     "unknown attribute 'colour'"),
    ("missing attribute", "<geom>\n<sphere/></geom>", InvalidError, "sphere", 2, "'radius' is missing"),
    ("not a number", "<geom><box sizex='1' sizey='two' sizez='3'/></geom>", InvalidError, "box", 1,
     "'sizey' is not a number: 'two'"),
    ("negative size", "<geom><box sizex='1' sizey='-2' sizez='3'/></geom>", InvalidError, "box", 1,
     "'sizey' must be > 0"),
    ("nan", "<geom><sphere radius='nan'/></geom>", InvalidError, "sphere", 1, "finite"),
    ("infinite position", "<body><transform><position x='inf' y='0' z='0'/></transform></body>",
     InvalidError, "position", 1, "'x' must be a finite number"),
    ("bad boolean", "<body><transform absolute='maybe'/></body>", InvalidError, "transform", 1,
     "'absolute' must be true or false"),
    ("bad angle unit", "<body><transform><rotation><euler x='1' y='0' z='0' aformat='grad'/></rotation>"
     "</transform></body>", InvalidError, "euler", 1, "'aformat' must be 'radians' or 'degrees'"),
    ("two rotations", "<body><transform><rotation><euler x='1' y='0' z='0'/>\n"
     "<quaternion w='1' x='0' y='0' z='0'/></rotation></transform></body>", InvalidError, "rotation", 1,
     "exactly one of"),
    ("zero quaternion", "<body><transform><rotation><quaternion w='0' x='0' y='0' z='0'/></rotation>"
     "</transform></body>", InvalidError, "quaternion", 1, "zero"),
    ("zero rotation axis", "<body><transform><rotation><axisangle x='0' y='0' z='0' angle='1'/>"
     "</rotation></transform></body>", InvalidError, "axisangle", 1, "zero vector"),
    ("second position", "<body><transform><position x='0' y='0' z='0'/>\n<position x='1' y='0' z='0'/>"
     "</transform></body>", InvalidError, "position", 2, "appears twice"),
    ("second transform", "<body><transform/>\n<transform/></body>", InvalidError, "transform", 2,
     "appears twice in <body>"),
    ("bad space type", "<space type='octree'/>", InvalidError, "space", 1, "must be one of simple, hash"),
    ("quadtree without depth", "<space type='quadtree' centerx='0' centery='0' centerz='0' extentx='1'"
     " extenty='1' extentz='1'/>", InvalidError, "space", 1, "'depth' is missing"),
    ("geom without shape", "<geom>\n<transform/></geom>", MissingElementError, "geom", 1, "needs one of"),
    ("geom with two shapes", "<geom><sphere radius='1'/>\n<box sizex='1' sizey='1' sizez='1'/></geom>",
     ChildError, "box", 2, "second type element"),
    ("placed plane", "<geom><transform/><plane a='0' b='0' c='1' d='0'/></geom>", InvalidError, "plane", 1,
     "not placeable"),
    ("zero plane normal", "<geom><plane a='0' b='0' c='0' d='0'/></geom>", InvalidError, "plane", 1,
     "zero vector"),
    ("trimesh index", "<geom><trimesh><vertices><v x='0' y='0' z='0'/></vertices>\n<triangles>"
     "<t ia='0' ib='1' ic='2'/></triangles></trimesh></geom>", InvalidError, "t", 2, "out of range"),
    ("trimesh without triangles", "<geom><trimesh><vertices><v x='0' y='0' z='0'/></vertices>"
     "</trimesh></geom>", InvalidError, "trimesh", 1, "needs <vertices> and <triangles>"),
    ("trimesh stray element", "<geom><trimesh><vertices><w/></vertices><triangles/></trimesh></geom>",
     ChildError, "w", 1, "not a valid child of <vertices>"),
    ("duplicate body name", "<body name='a'/>\n<body name='a'/>", InvalidError, "body", 2,
     "a second body is named 'a' (first at line 4)"),
    ("unknown link", BODIES.format("<joint><link1 body='c'/><ball/></joint>"), InvalidError, "link1", 3,
     "no body is named 'c'"),
    ("link without body", BODIES.format("<joint><link1/><ball/></joint>"), InvalidError, "link1", 3,
     "'body' is missing"),
    ("joint without type", BODIES.format("<joint><link1 body='a'/></joint>"), MissingElementError,
     "joint", 3, "needs one of <ball>"),
    ("joint with two types", BODIES.format("<joint><link1 body='a'/><ball/><fixed/></joint>"), ChildError,
     "fixed", 3, "second type element"),
    ("joint without links", "<joint><ball/></joint>", MissingElementError, "joint", 1, "inside no body"),
    ("joint to itself", BODIES.format("<joint><link1 body='b'/><ball/></joint>"), InvalidError, "joint", 3,
     "links a body to itself"),
    ("too many axes", BODIES.format("<joint><link1 body='a'/><hinge><axis x='1' y='0' z='0'/>\n"
                                    "<axis x='0' y='1' z='0'/></hinge></joint>"), InvalidError, "axis", 4,
     "takes at most 1 <axis>"),
    ("zero axis", BODIES.format("<joint><link1 body='a'/><slider><axis x='0' y='0' z='0'/></slider>"
                                "</joint>"), InvalidError, "axis", 3, "zero vector"),
    ("anchor on slider", BODIES.format("<joint><link1 body='a'/><slider><anchor x='0' y='0' z='0'/>"
                                       "</slider></joint>"), ChildError, "anchor", 3, "not a valid child"),
    ("bad parameter value", BODIES.format("<joint><link1 body='a'/><hinge><axis x='1' y='0' z='0'"
                                          " Vel='fast'/></hinge></joint>"), InvalidError, "axis", 3,
     "'Vel' is not a number"),
    ("unknown axis attribute", BODIES.format("<joint><link1 body='a'/><hinge><axis x='1' y='0' z='0'"
                                             " Speed='1'/></hinge></joint>"), InvalidError, "axis", 3,
     "unknown attribute 'Speed'"),
    ("parallel hinge2 axes", BODIES.format("<joint><link1 body='a'/><hinge2><axis x='1' y='0' z='0'/>\n"
                                           "<axis x='2' y='0' z='0'/></hinge2></joint>"), InvalidError,
     "axis", 4, "must not be parallel"),
    ("amotor mode", BODIES.format("<joint><link1 body='a'/><amotor mode='linear'/></joint>"),
     InvalidError, "amotor", 3, "'mode' must be 'user' or 'euler'"),
    ("amotor rel", BODIES.format("<joint><link1 body='a'/><amotor><axis x='1' y='0' z='0' rel='3'/>"
                                 "</amotor></joint>"), InvalidError, "axis", 3, "'rel' must be 0, 1 or 2"),
    ("amotor euler axes", BODIES.format("<joint><link1 body='a'/><amotor mode='euler'>"
                                        "<axis x='1' y='0' z='0'/></amotor></joint>"), InvalidError,
     "amotor", 3, "euler mode needs two <axis>"),
    ("amotor without axes", BODIES.format("<joint><link1 body='a'/><amotor/></joint>"), InvalidError,
     "amotor", 3, "at least one <axis>"),
    ("density and total", "<body><mass><mass_shape density='1' total='2'><sphere radius='1'/>"
     "</mass_shape></mass></body>", InvalidError, "mass_shape", 1, "either 'density' or 'total'"),
    ("mass_struct without imatrix", "<body><mass><mass_struct total='1'/></mass></body>", InvalidError,
     "mass_struct", 1, "needs an <imatrix>"),
    ("bad inertia", "<body><mass><mass_struct total='1'><imatrix m00='0' m11='1' m22='1' m01='0' m02='0'"
     " m12='0'/></mass_struct></mass></body>", InvalidError, "imatrix", 1, "diagonal must be > 0"),
    ("absolute mass transform", "<body><mass>\n<transform absolute='true'/></mass></body>", InvalidError,
     "transform", 2, "'absolute' is not allowed"),
    ("scaled mass transform", "<body><mass><transform scale='2'/></mass></body>", InvalidError, "transform",
     1, "cannot scale"),
    ("off-centre body mass", "<body>\n<mass><transform><position x='1' y='0' z='0'/></transform></mass>"
     "</body>", InvalidError, "mass", 2, "must be at the body's origin"),
    ("mass shape unknown", "<body><mass><mass_shape><cone radius='1'/></mass_shape></mass></body>",
     ChildError, "cone", 1, "not a valid child of <mass_shape>"),
]


@pytest.mark.parametrize("snippet,cls,tag,line,fragment", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_document(snippet: str, cls, tag: str, line: int, fragment: str) -> None:
    with pytest.raises(cls) as info:
        parse(snippet)
    exc = info.value
    assert type(exc) is cls
    assert (exc.element, exc.line) == (tag, line + 3)
    assert str(exc).startswith(f"<{tag}> (line {line + 3}): ")
    assert fragment in str(exc)


@pytest.mark.parametrize("text,line,fragment", [
    ("<xode>\n<world>\n</xode>", 3, "mismatched tag"),
    ("<xode><world/></xode>\n<xode/>", 2, "junk after document element"),
    ("", 1, "no element found"),
])
def test_bad_xml(text: str, line: int, fragment: str) -> None:
    """XML syntax errors: an InvalidError with the line (no element) and expat's reason."""
    with pytest.raises(InvalidError) as info:
        xode.parser.Parser().parseString(text)
    exc = info.value
    assert type(exc) is InvalidError and exc.element is None and exc.line == line
    assert str(exc).startswith(f"line {line}: not well-formed XML: ") and fragment in str(exc)


def test_root_must_be_xode() -> None:
    with pytest.raises(InvalidError) as info:
        xode.parser.Parser().parseString("<scene>\n</scene>")
    assert (info.value.element, info.value.line) == ("scene", 1)
    assert "root element must be <xode>" in str(info.value)
    with pytest.raises(InvalidError, match=r"^<xode> \(line 1\): unknown attribute 'size'"):
        xode.parser.Parser().parseString("<xode size='2'/>")


def test_error_is_raised_before_anything_partial_is_returned() -> None:
    """A document valid up to a bad link still raises (joints are built after the bodies)."""
    text = document("<body name='a'><joint><link1 body='nobody'/><ball/></joint></body>\n<body name='b'/>")
    with pytest.raises(InvalidError, match="no body is named 'nobody'"):
        xode.parser.Parser().parseString(text)


def test_odes_refusal_names_the_element() -> None:
    """Values ODE itself rejects become InvalidError about the element that gave them."""
    with pytest.raises(InvalidError) as info:
        parse("<space type='quadtree' centerx='0' centery='0' centerz='0' extentx='1' extenty='1'"
              " extentz='1' depth='-1'/>")
    assert (info.value.element, info.value.line) == ("space", 4)
    assert "ODE refused it" in str(info.value) and "depth" in str(info.value)
