"""A list of misuse: every case raises a Python exception with a message, none crashes the process."""

import math

import pytest

import ode

NAN = math.nan
INF = math.inf


@pytest.fixture
def world():
    w = ode.World()
    w.setGravity((0, -9.81, 0))
    return w


@pytest.fixture
def body(world):
    b = ode.Body(world)
    m = ode.Mass()
    m.setSphere(1000.0, 0.1)
    b.setMass(m)
    return b


@pytest.mark.parametrize("value", [(1, 2), (1, 2, 3, 4), "abc", None, 5, (1, "a", 3)])
def test_wrong_vector_shapes_and_types(body, value):
    with pytest.raises((TypeError, ValueError)):
        body.setPosition(value)


@pytest.mark.parametrize("value", [(NAN, 0, 0), (0, INF, 0), (0, 0, -INF)])
def test_non_finite_vectors(body, world, value):
    for setter in (body.setPosition, body.setLinearVel, body.setAngularVel, body.addForce, world.setGravity):
        with pytest.raises(ValueError):
            setter(value)


def test_bad_rotation_and_quaternion(body):
    with pytest.raises((TypeError, ValueError)):
        body.setRotation((1, 0, 0, 0, 1, 0))
    with pytest.raises(ValueError):
        body.setQuaternion((NAN, 0, 0, 0))
    with pytest.raises(ValueError):
        body.setQuaternion((0, 0, 0, 0))


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.setSphere(-1.0, 0.1),
        lambda m: m.setSphere(1.0, -0.1),
        lambda m: m.setSphereTotal(-2.0, 0.1),
        lambda m: m.setBox(1.0, 1.0, -1.0, 1.0),
        lambda m: m.setBoxTotal(1.0, NAN, 1.0, 1.0),
        lambda m: m.setCapsule(1.0, 4, 0.1, 1.0),
        lambda m: m.setCylinder(1.0, 3, -0.1, 1.0),
        lambda m: m.setParameters(-1.0, 0, 0, 0, 1, 1, 1, 0, 0, 0),
    ],
)
def test_negative_mass_or_size(call):
    with pytest.raises(ValueError):
        call(ode.Mass())


def test_bad_step_sizes(world):
    for dt in (0.0, -0.01, NAN, INF):
        with pytest.raises(ValueError):
            world.step(dt)
    with pytest.raises(TypeError):
        world.step("0.01")


def test_unknown_parameter(world, body):
    hinge = ode.HingeJoint(world)
    hinge.attach(body, None)
    for param in (14, 0x100, 0x20D, -1, 99999):
        with pytest.raises(ValueError):
            hinge.setParam(param, 1.0)
    with pytest.raises(ValueError):
        hinge.setParam(ode.ParamFMax, NAN)


def test_hinge2_with_one_body(world, body):
    joint = ode.Hinge2Joint(world)
    with pytest.raises(ode.ODEError, match="one body|two bodies|single"):
        joint.attach(body, None)
    with pytest.raises(ode.ODEError):
        joint.attach(None, body)


def test_joint_attached_twice_to_one_body(world, body):
    joint = ode.BallJoint(world)
    with pytest.raises((ode.ODEError, ValueError)):
        joint.attach(body, body)


def test_body_of_another_world(world):
    other = ode.World()
    stranger = ode.Body(other)
    joint = ode.BallJoint(world)
    with pytest.raises((ode.ODEError, ValueError)):
        joint.attach(stranger, None)


def test_destroyed_body(world, body):
    joint = ode.BallJoint(world)
    joint.attach(body, None)
    body.destroy()
    with pytest.raises(ode.ODEError):
        body.getPosition()
    with pytest.raises(ode.ODEError):
        body.setPosition((0, 0, 0))
    with pytest.raises(ode.ODEError):
        joint.attach(body, None)
    world.step(0.01)  # the joint went into limbo; stepping is still fine


def test_destroyed_joint(world, body):
    joint = ode.HingeJoint(world)
    joint.attach(body, None)
    joint.destroy()
    for call in (joint.getAngle, lambda: joint.setAxis((0, 0, 1)), lambda: joint.attach(body, None)):
        with pytest.raises(ode.ODEError):
            call()
    world.step(0.01)


def test_wrong_argument_types_to_joints(world, body):
    with pytest.raises(TypeError):
        ode.BallJoint("not a world")
    joint = ode.BallJoint(world)
    with pytest.raises(TypeError):
        joint.attach("body", None)
    with pytest.raises((TypeError, ValueError)):
        joint.setAnchor((0, 0))


def test_zero_axis(world, body):
    hinge = ode.HingeJoint(world)
    hinge.attach(body, None)
    with pytest.raises(ValueError):
        hinge.setAxis((0, 0, 0))


def test_set_mass_rejects_non_mass(body):
    with pytest.raises(TypeError):
        body.setMass(3.0)


def test_a_blown_up_step_raises(world, body):
    big = 1e30  # representable in both precisions; with a huge step the state overflows to inf
    body.addForce((big, big, big))
    body.setLinearVel((big, 0, 0))
    with pytest.raises(ode.ODEError, match="non-finite state"):
        world.step(1e300 if ode.precision == "double" else 1e30)


@pytest.mark.parametrize("R", [(0.0,) * 9, (1, 0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 0, 0, 0, 1),
                               (1, 0, 0, 2, 0, 0, 0, 0, 1)])
def test_degenerate_rotation_matrix_raises(R):
    """libode aborts ("Bad argument(s) in dBodySetRotation") on zero or parallel first rows; we raise."""
    b = ode.Body(ode.World())
    with pytest.raises(ValueError, match="rotation matrix"):
        b.setRotation(R)
    assert b.getRotation() == (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)


def test_huge_limits_become_infinite_without_overflow_warnings():
    """A limit beyond the precision's range (1e308 in single precision) is stored as +inf, quietly."""
    import warnings

    b = ode.Body(ode.World())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        b.setMaxAngularSpeed(1e308)
    assert b.getMaxAngularSpeed() == (1e308 if ode.precision == "double" else float("inf"))
