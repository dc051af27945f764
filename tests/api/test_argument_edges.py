"""Values at the edge of what Python and NumPy can hold are refused where they enter, as ValueError or
TypeError naming the argument, never as OverflowError, MemoryError, a ComplexWarning or a silently changed
value: ints too large for a float, complex arrays, mesh data beyond the precision's range, integer heightfield
samples that are not whole numbers, sample indices that are not indices, grids too large to allocate, and
masses whose inertia overflows."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import ode

HUGE = 10**400
SINGLE = ode.precision == "single"
TETRA_FACES = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


@pytest.fixture(autouse=True)
def _warnings_are_errors():
    """A ComplexWarning or an overflow RuntimeWarning would be a value changed behind the user's back."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def _body():
    world = ode.World()
    return world, ode.Body(world)


@pytest.mark.parametrize("call, name", [
    (lambda b: b.setPosition((HUGE, 0, 0)), "pos[0]"),
    (lambda b: b.addForce((0, -HUGE, 0)), "f[1]"),
    (lambda b: b.setLinearVel([0, 0, HUGE]), "vel[2]"),
])
def test_huge_int_components_are_value_errors(call, name):
    world, body = _body()
    before = body.getPosition()
    with pytest.raises(ValueError, match=r"\[\d\] must be finite"):
        call(body)
    assert body.getPosition() == before


def test_huge_int_scalars_are_value_errors():
    world, body = _body()
    with pytest.raises(ValueError, match="erp"):
        world.setERP(HUGE)
    with pytest.raises(ValueError, match="must be finite"):
        body.setLinearDamping(-HUGE)
    mass = ode.Mass()
    with pytest.raises(ValueError, match="density"):
        mass.setSphere(HUGE, 0.1)


def test_complex_numbers_are_type_errors():
    world, body = _body()
    with pytest.raises(TypeError, match="pos"):
        body.setPosition((1j, 0, 0))
    data = ode.TriMeshData()
    verts = np.array([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)], dtype=complex)
    with pytest.raises(TypeError, match="verts must hold real numbers"):
        data.build(verts, TETRA_FACES)
    hf = ode.HeightfieldData()
    with pytest.raises(TypeError, match="data must hold real numbers"):
        hf.buildDouble(np.zeros(4, dtype=complex), False, 1.0, 1.0, 2, 2)


def test_mesh_values_must_fit_their_storage():
    """Mesh vertices are stored as floats in both precisions (as libode's mesh collider holds them): 1e308
    would become inf; convex points follow the world's precision."""
    data = ode.TriMeshData()
    with pytest.raises(ValueError, match="verts holds values beyond a float"):
        data.build([(0, 0, 0), (1e308, 0, 0), (0, 1, 0), (0, 0, 1)], TETRA_FACES)
    with pytest.raises(ValueError, match="verts holds an int too large"):
        data.build([(0, 0, 0), (HUGE, 0, 0), (0, 1, 0), (0, 0, 1)], TETRA_FACES)
    data.build([(0, 0, 0), (1e6, 0, 0), (0, 1, 0), (0, 0, 1)], TETRA_FACES)


def test_single_samples_beyond_float_range_are_refused():
    hf = ode.HeightfieldData()
    with pytest.raises(ValueError, match="data holds values beyond single precision"):
        hf.buildSingle([0.0, 1e300, 0.0, 0.0], False, 1.0, 1.0, 2, 2)


@pytest.mark.parametrize("build, bad", [
    ("buildShort", [0, 1, math.nan, 3]),
    ("buildShort", [0, 1.5, 2, 3]),
    ("buildShort", [0, 40000, 2, 3]),
    ("buildByte", [0, -1, 2, 3]),
    ("buildByte", [0, 1, math.inf, 3]),
])
def test_integer_samples_are_whole_numbers_in_range(build, bad):
    hf = ode.HeightfieldData()
    with pytest.raises(ValueError, match="data must hold whole numbers"):
        getattr(hf, build)(bad, False, 1.0, 1.0, 2, 2)


def test_integer_samples_keep_their_values():
    hf = ode.HeightfieldData()
    hf.buildShort([-32768, 0, 7.0, 32767], False, 1.0, 1.0, 2, 2)
    assert [hf.getHeight(x, z) for z in range(2) for x in range(2)] == [-32768.0, 0.0, 7.0, 32767.0]


@pytest.mark.parametrize("x, z, error, text", [
    (-math.inf, 0, ValueError, "x must be a whole sample index"),
    (0, math.nan, ValueError, "z must be a whole sample index"),
    (2, 0, ValueError, r"x = 2 is out of range 0 \.\. 1"),
    (0, HUGE, ValueError, "z = .* is out of range"),
    ("0", 0, TypeError, "x must be an int"),
])
def test_height_sample_indices(x, z, error, text):
    hf = ode.HeightfieldData()
    hf.buildDouble([0.0, 1.0, 2.0, 3.0], False, 1.0, 1.0, 2, 2)
    with pytest.raises(error, match=text):
        hf.getHeight(x, z)
    assert hf.getHeight(1.0, 1) == 3.0


def test_callback_grids_are_bounded_before_allocating():
    hf = ode.HeightfieldData()
    with pytest.raises(ValueError, match="width_samples \\* depth_samples = .* exceeds"):
        hf.buildCallback(lambda x, z: 0.0, 1.0, 1.0, 2**31, 8)
    with pytest.raises(ValueError, match="exceeds"):
        hf.buildDouble([0.0] * 4, False, 1.0, 1.0, 2**20, 2**20)


@pytest.mark.parametrize("setter, args", [
    ("setSphere", (1e300, 1e100)),
    ("setBox", (1e300, 1e100, 1.0, 1.0)),
    ("setCapsule", (1e300, 3, 1e100, 1.0)),
    ("setCylinderTotal", (1e300, 3, 1e200, 1.0)),
])
def test_masses_that_overflow_are_refused(setter, args):
    mass = ode.Mass()
    mass.setSphere(1.0, 1.0)
    before = (mass.mass, mass.c, mass.I)
    with pytest.raises(ValueError, match="the mass properties overflow"):
        getattr(mass, setter)(*args)
    assert (mass.mass, mass.c, mass.I) == before


def test_mass_translation_that_overflows_is_refused():
    mass = ode.Mass()
    mass.setSphere(1000.0, 1.0)
    with pytest.raises(ValueError, match="the mass properties overflow"):
        mass.translate((1e200, 0.0, 0.0))


def test_heightfield_bounds_take_reals_only():
    hf = ode.HeightfieldData()
    hf.buildDouble([0.0, 1.0, 2.0, 3.0], False, 1.0, 1.0, 2, 2)
    with pytest.raises(ValueError, match="max_height must be finite"):
        hf.setBounds(0.0, HUGE)
    with pytest.raises(ValueError, match="min_height must not be NaN"):
        hf.setBounds(math.nan, 1.0)
    with pytest.raises(ValueError, match="min_height <= max_height"):
        hf.setBounds(2.0, 1.0)
    hf.setBounds(-math.inf, 5.0)


def test_face_indices_too_large_for_an_int_are_refused():
    data = ode.TriMeshData()
    with pytest.raises(TypeError, match="faces must hold integers"):
        data.build([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(1e300, 1e300, 1e300)])


def test_a_box_with_a_zero_rotation_collides_without_raising():
    """A free geom's rotation is stored as given (as dGeomSetRotation); a zero matrix has no axes, and the
    cylinder-box collider skips them instead of dividing by zero (the python backend raised)."""
    box = ode.GeomBox(None, (1.0, 1.0, 1.0))
    box.setRotation((0.0,) * 9)
    cyl = ode.GeomCylinder(None, 0.5, 1.0)
    cyl.setPosition((0.0, 0.0, 0.4))
    contacts = ode.collide(cyl, box, 8)
    assert all(math.isfinite(c.getContactGeomParams()[2]) for c in contacts)
