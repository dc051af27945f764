"""Geoms: PyODE API (classes, parameters, pose, body, offsets, bits, transforms, rays), collide, bad input."""

import math

import pytest

import ode

SINGLE = ode.precision == "single"
TOL = 1e-6 if SINGLE else 1e-12
ROT_Z90 = (0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)     # 90 degrees about z


def close(a, b, tol=TOL):
    return all(math.isclose(x, y, rel_tol=tol, abs_tol=tol) for x, y in zip(a, b, strict=True))


def test_constructors_defaults_and_class_numbers():
    s = ode.GeomSphere()
    b = ode.GeomBox()
    p = ode.GeomPlane()
    c = ode.GeomCapsule()
    y = ode.GeomCylinder()
    r = ode.GeomRay()
    t = ode.GeomTransform()
    assert s.getRadius() == 1.0 and b.getLengths() == (1.0, 1.0, 1.0)
    assert p.getParams() == ((0.0, 0.0, 1.0), 0.0)
    assert c.getParams() == (0.5, 1.0) and y.getParams() == (0.5, 1.0) and r.getLength() == 1.0
    assert [g.getClass() for g in (s, b, c, y, p, r, t)] == [0, 1, 2, 3, 4, 5, 7]
    assert [g.getClass() for g in (s, b, c, y, p, r, t)] == [
        ode.SphereClass, ode.BoxClass, ode.CapsuleClass, ode.CylinderClass, ode.PlaneClass, ode.RayClass,
        ode.GeomTransformClass]
    assert ode.CCylinderClass == ode.CapsuleClass and ode.GeomNumClasses == 18
    assert [ode.SimpleSpace().getClass(), ode.HashSpace().getClass(), ode.SAPSpace().getClass(),
            ode.QuadTreeSpace((0, 0, 0), (1, 1, 1), 2).getClass()] == [
        ode.SimpleSpaceClass, ode.HashSpaceClass, ode.SweepAndPruneSpaceClass, ode.QuadTreeSpaceClass]
    assert (ode.FirstUserClass, ode.LastUserClass + 1) == (14, 18)       # dMaxUserClasses = 4
    assert ode.GeomCCylinder is ode.GeomCapsule
    assert not any(g.isSpace() for g in (s, b, p, r, t))
    assert s.placeable() and not p.placeable() and r.placeable()
    assert s.getCategoryBits() == s.getCollideBits() == 2**64 - 1
    assert s.isEnabled() and s.getSpace() is None and s.getBody() is None
    assert s.getPosition() == (0.0, 0.0, 0.0) and s.getRotation() == (1.0, 0, 0, 0, 1.0, 0, 0, 0, 1.0)
    assert s.getQuaternion() == (1.0, 0.0, 0.0, 0.0)
    with pytest.raises(TypeError):
        ode.GeomObject()


def test_setters_and_keyword_constructors():
    s = ode.GeomSphere(space=None, radius=2.5)
    s.setRadius(0.25)
    b = ode.GeomBox(lengths=(1, 2, 3))
    b.setLengths((4, 5, 6))
    c = ode.GeomCapsule(radius=0.1, length=2.0)
    c.setParams(0.3, 0.4)
    y = ode.GeomCylinder(None, 0.2, 0.7)
    y.setParams(0.6, 0.8)
    p = ode.GeomPlane(None, (0, 3, 4), 10.0)
    assert s.getRadius() == 0.25 and b.getLengths() == (4.0, 5.0, 6.0)
    assert close(c.getParams(), (0.3, 0.4)) and close(y.getParams(), (0.6, 0.8))
    n, d = p.getParams()
    assert close(n, (0.0, 0.6, 0.8)) and math.isclose(d, 2.0, rel_tol=TOL)   # normalised as ODE does
    p.setParams((1, 0, 0), -2)
    assert p.getParams() == ((1.0, 0.0, 0.0), -2.0)


@pytest.mark.parametrize("make", [
    lambda: ode.GeomBox(None, (0, 1, 1)),
    lambda: ode.GeomBox(None, (1, -1, 1)),
    lambda: ode.GeomBox(None, (1, 1, math.nan)),
    lambda: ode.GeomBox(None, (1, 1, math.inf)),
    lambda: ode.GeomSphere(None, -1.0),
    lambda: ode.GeomSphere(None, math.nan),
    lambda: ode.GeomCapsule(None, -0.1, 1.0),
    lambda: ode.GeomCylinder(None, 0.5, -1.0),
    lambda: ode.GeomRay(None, -1.0),
    lambda: ode.GeomPlane(None, (0, 0, 0), 1.0),
    lambda: ode.GeomPlane(None, (0, math.nan, 1), 1.0),
    lambda: ode.GeomBox(None, (1, 1)),
])
def test_bad_shapes_raise_value_error(make):
    with pytest.raises(ValueError):
        make()


def test_bad_types_raise_type_error():
    with pytest.raises(TypeError):
        ode.GeomSphere(None, "1")
    with pytest.raises(TypeError):
        ode.GeomSphere("space", 1.0)
    with pytest.raises(TypeError):
        ode.GeomBox(None, 3)
    g = ode.GeomSphere()
    with pytest.raises(TypeError):
        g.setBody("body")
    with pytest.raises(TypeError):
        g.setCategoryBits(1.5)
    with pytest.raises(ValueError):
        g.setCategoryBits(-1)
    with pytest.raises(ValueError):
        g.setCollideBits(2**64)
    with pytest.raises(ValueError):
        g.setPosition((0, math.nan, 0))
    with pytest.raises(ValueError):
        g.setQuaternion((0, 0, 0, 0))


def test_pose_quaternion_and_aabb_without_body():
    b = ode.GeomBox(None, (2, 4, 6))
    b.setPosition((1, 2, 3))
    b.setRotation(ROT_Z90)
    assert b.getPosition() == (1.0, 2.0, 3.0) and b.getRotation() == ROT_Z90
    q = b.getQuaternion()
    assert close(q, (math.sqrt(0.5), 0.0, 0.0, math.sqrt(0.5)))
    assert close(b.getAABB(), (-1.0, 3.0, 1.0, 3.0, 0.0, 6.0))
    b.setQuaternion((1, 0, 0, 0))
    assert close(b.getRotation(), (1, 0, 0, 0, 1, 0, 0, 0, 1))
    assert close(ode.GeomSphere(None, 0.5).getAABB(), (-0.5, 0.5, -0.5, 0.5, -0.5, 0.5))


def test_plane_is_not_placeable():
    p = ode.GeomPlane()
    body = ode.Body(ode.World())
    with pytest.raises(ode.ODEError):
        p.setPosition((0, 0, 1))
    with pytest.raises(ode.ODEError):
        p.setBody(body)
    with pytest.raises(ode.ODEError):
        p.setRotation(ROT_Z90)
    assert p.getBody() is None


@pytest.mark.parametrize("make", [
    lambda: ode.GeomPlane(),
    lambda: ode.SimpleSpace(),
    lambda: ode.HashSpace(),
    lambda: ode.GeomHeightfield(_flat_field(), False),
])
def test_non_placeable_pose_raises_value_error(make):
    """PyODE raises ValueError for the pose of a non-placeable geom; libode aborts (dGeomGetPosition,
    dGeomClearOffset: "geom must be placeable"). Ours raises an error that is both ValueError and ODEError."""
    g = make()
    assert not g.placeable()
    for call, args in (("getPosition", ()), ("getRotation", ()), ("getQuaternion", ()), ("clearOffset", ()),
                       ("setPosition", ((0, 0, 1),)), ("setQuaternion", ((1, 0, 0, 0),)),
                       ("setBody", (ode.Body(ode.World()),)), ("setOffsetPosition", ((0, 0, 0),))):
        with pytest.raises(ValueError):
            getattr(g, call)(*args)
        with pytest.raises(ode.ODEError):
            getattr(g, call)(*args)
    assert g.getOffsetPosition() == (0.0, 0.0, 0.0) and g.getOffsetQuaternion() == (1.0, 0.0, 0.0, 0.0)
    assert g.getBody() is None and len(g.getAABB()) == 6


def _flat_field():
    hd = ode.HeightfieldData()
    hd.buildDouble([0.0] * 4, True, 1.0, 1.0, 2, 2, 1.0, 0.0, 0.0, False)
    _KEEP.append(hd)
    return hd


_KEEP: list = []


def test_attached_geom_follows_its_body_and_moves_it():
    world = ode.World()
    body = ode.Body(world)
    g = ode.GeomSphere(None, 0.5)
    g.setBody(body)
    assert g.getBody() is body
    body.setPosition((1, 2, 3))
    body.setRotation(ROT_Z90)
    assert g.getPosition() == (1.0, 2.0, 3.0) and close(g.getRotation(), ROT_Z90)
    g.setPosition((4, 5, 6))
    assert body.getPosition() == (4.0, 5.0, 6.0)
    assert g.getQuaternion() == body.getQuaternion()
    g.setBody(None)
    assert g.getBody() is None and g.getPosition() == (4.0, 5.0, 6.0)   # keeps its last pose
    body.setPosition((0, 0, 0))
    assert g.getPosition() == (4.0, 5.0, 6.0)


def test_offsets():
    world = ode.World()
    body = ode.Body(world)
    body.setPosition((1, 0, 0))
    body.setRotation(ROT_Z90)
    g = ode.GeomBox(None, (1, 1, 1))
    with pytest.raises(ode.ODEError):
        g.setOffsetPosition((0, 0, 1))          # needs a body
    g.setBody(body)
    assert g.getOffsetPosition() == (0.0, 0.0, 0.0) and g.getOffsetQuaternion() == (1.0, 0.0, 0.0, 0.0)
    g.setOffsetPosition((1, 0, 0))
    assert g.getOffsetPosition() == (1.0, 0.0, 0.0)
    assert close(g.getPosition(), (1.0, 1.0, 0.0))            # body pos + R * offset
    g.setOffsetRotation(ROT_Z90)
    assert close(g.getRotation(), (-1, 0, 0, 0, -1, 0, 0, 0, 1))
    assert close(g.getOffsetRotation(), ROT_Z90)
    g.setOffsetWorldPosition((3, 3, 3))
    assert close(g.getPosition(), (3.0, 3.0, 3.0)) and body.getPosition() == (1.0, 0.0, 0.0)
    g.setOffsetWorldRotation((1, 0, 0, 0, 1, 0, 0, 0, 1))
    assert close(g.getRotation(), (1, 0, 0, 0, 1, 0, 0, 0, 1))
    g.setOffsetQuaternion((math.sqrt(0.5), 0, 0, math.sqrt(0.5)))
    assert close(g.getOffsetRotation(), ROT_Z90)
    g.setOffsetWorldQuaternion((math.sqrt(0.5), 0, 0, -math.sqrt(0.5)))      # world -90 about z: offset -180
    assert close(g.getRotation(), (0, 1, 0, -1, 0, 0, 0, 0, 1))
    assert close(g.getOffsetRotation(), (-1, 0, 0, 0, -1, 0, 0, 0, 1))
    with pytest.raises(ValueError):
        g.setOffsetWorldQuaternion((0, 0, 0, 0))
    g.setOffsetQuaternion((math.sqrt(0.5), 0, 0, math.sqrt(0.5)))
    g.setPosition((10, 0, 0))                                  # moves the body, keeping the offset
    assert close(g.getPosition(), (10.0, 0.0, 0.0))
    b = body.getPosition()
    op = g.getOffsetPosition()
    R = body.getRotation()
    world_off = tuple(R[3 * i] * op[0] + R[3 * i + 1] * op[1] + R[3 * i + 2] * op[2] for i in range(3))
    assert close(tuple(b[i] + world_off[i] for i in range(3)), (10.0, 0.0, 0.0))
    g.clearOffset()
    assert g.getOffsetPosition() == (0.0, 0.0, 0.0) and g.getPosition() == body.getPosition()


def test_bits_enable_user_data_and_attributes():
    g = ode.GeomCapsule()
    g.setCategoryBits(0b1010)
    g.setCollideBits(2**63)
    assert g.getCategoryBits() == 10 and g.getCollideBits() == 2**63
    g.disable()
    assert not g.isEnabled()
    g.enable()
    assert g.isEnabled()
    g.tag = "wheel"
    g.setData({"k": 1})
    assert g.tag == "wheel" and g.getData() == {"k": 1}


def test_destroy_and_two_spaces():
    s1, s2 = ode.SimpleSpace(), ode.HashSpace()
    g = ode.GeomSphere(s1, 1.0)
    with pytest.raises(ode.ODEError):
        s2.add(g)
    g.destroy()
    assert s1.getNumGeoms() == 0
    for call in (g.getPosition, g.getRadius, g.isEnabled, g.getAABB, g.destroy):
        with pytest.raises(ode.ODEError):
            call()
    h = ode.GeomSphere(None, 1.0)                  # the freed row is reused; the old handle stays dead
    assert h.getRadius() == 1.0
    with pytest.raises(ode.ODEError):
        g.setRadius(2.0)


def test_ray_settings():
    r = ode.GeomRay(None, 2.0)
    r.set((1, 2, 3), (0, 0, -2))
    p, u = r.get()
    assert p == (1.0, 2.0, 3.0) and close(u, (0.0, 0.0, -1.0))
    r.setLength(5.0)
    assert r.getLength() == 5.0
    assert r.getParams() == (False, False) and not r.getClosestHit()
    r.setParams(True, True)
    r.setClosestHit(True)
    assert r.getParams() == (True, True) and r.getClosestHit()
    assert r.getFirstContact() and r.getBackfaceCull()
    r.setFirstContact(False)
    r.setBackfaceCull(0)
    assert r.getParams() == (False, False)
    with pytest.raises(ValueError):
        r.set((0, 0, 0), (0, 0, 0))
    assert close(r.getAABB(), (1.0, 1.0, 2.0, 2.0, -2.0, 3.0))


def test_transform():
    space = ode.SimpleSpace()
    t = ode.GeomTransform(space)
    assert t.getGeom() is None and t.getInfo() == 0 and t.getCleanup() == 0
    inner = ode.GeomSphere(None, 0.5)
    inner.setPosition((0, 0, 1))
    t.setGeom(inner)
    assert t.getGeom() is inner
    t.setPosition((2, 0, 0))
    t.setRotation((1, 0, 0, 0, 0, -1, 0, 1, 0))     # 90 degrees about x: local z goes to -y
    assert close(t.getAABB(), (1.5, 2.5, -1.5, -0.5, -0.5, 0.5))
    with pytest.raises(ode.ODEError):
        space.add(inner)                             # an encapsulated geom cannot join a space
    in_space = ode.GeomSphere(space, 0.1)
    with pytest.raises(ode.ODEError):
        ode.GeomTransform().setGeom(in_space)
    other = ode.GeomSphere(None, 1.0)
    other.setPosition((2, -1, 0))
    contacts = ode.collide(t, other)
    assert contacts and contacts[0].getContactGeomParams()[3] is t
    t.setInfo(1)
    assert ode.collide(t, other)[0].getContactGeomParams()[3] is inner
    t.setCleanup(1)
    t.destroy()
    with pytest.raises(ode.ODEError):
        inner.getRadius()


def test_collide_returns_pyode_contacts():
    a = ode.GeomSphere(None, 1.0)
    b = ode.GeomSphere(None, 1.0)
    b.setPosition((0, 0, 1.5))
    cs = ode.collide(a, b)
    assert len(cs) == 1 and isinstance(cs[0], ode.Contact)
    pos, normal, depth, g1, g2 = cs[0].getContactGeomParams()
    assert g1 is a and g2 is b and math.isclose(depth, 0.5, rel_tol=TOL)
    assert close(normal, (0.0, 0.0, -1.0))          # points into geom 1
    assert ode.collide(a, a) == []
    b.setPosition((0, 0, 3))
    assert ode.collide(a, b) == []
    box1, box2 = ode.GeomBox(None, (1, 1, 1)), ode.GeomBox(None, (1, 1, 1))
    box2.setPosition((0, 0, 0.9))
    assert len(ode.collide(box1, box2)) == 4 and len(ode.collide(box1, box2, 2)) == 2
    with pytest.raises(TypeError):
        ode.collide(box1, "box")
    with pytest.raises(ValueError):
        ode.collide(box1, box2, -3)
    with pytest.raises(ode.ODEError):
        ode.collide(box1, ode.SimpleSpace())


def test_point_depth():
    s = ode.GeomSphere(None, 1.0)
    s.setPosition((1, 0, 0))
    b = ode.GeomBox(None, (2, 2, 2))
    p = ode.GeomPlane(None, (0, 0, 1), 1.0)
    assert math.isclose(s.pointDepth((1, 0, 0.25)), 0.75, rel_tol=TOL)
    assert math.isclose(b.pointDepth((0, 0, 0.5)), 0.5, rel_tol=TOL)
    assert math.isclose(p.pointDepth((3, 4, -1)), 2.0, rel_tol=TOL)
    assert math.isclose(ode.GeomCapsule(None, 0.5, 2.0).pointDepth((0, 0, 1.25)), 0.25, rel_tol=TOL)
    with pytest.raises(ValueError):
        s.pointDepth((0, 0))


def test_destroyed_body_leaves_its_geoms_static():
    world = ode.World()
    body = ode.Body(world)
    body.setPosition((1, 2, 3))
    g = ode.GeomSphere(ode.SimpleSpace(), 0.5)
    g.setBody(body)
    assert g.getPosition() == (1.0, 2.0, 3.0)
    body.destroy()
    other = ode.Body(world)                       # may reuse the freed body row
    other.setPosition((9, 9, 9))
    assert g.getSpace().getAABB() == (0.5, 1.5, 1.5, 2.5, 2.5, 3.5)
    assert g.getBody() is None and g.getPosition() == (1.0, 2.0, 3.0)
