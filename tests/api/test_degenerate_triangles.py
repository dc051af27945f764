"""Zero-area triangles in a trimesh make no contacts, in every collider that walks a trimesh's triangles.

A degenerate triangle (collinear or repeated vertices: its edges' cross product is exactly zero) has no normal
and no interior; libode gives no contact for it (tests/fidelity/test_collide_edges.py replays libode on a mesh
of such triangles). Here: a mesh mixing good and degenerate triangles collides exactly as the mesh without the
degenerate ones (same contacts but for the triangle index), through ode.collide and through the native contact
pipeline, and a world steps on the joints it creates. Vertex-based colliders (plane, heightfield samples
against a mesh) still see the vertices, as libode's do.
"""

from __future__ import annotations

import math

import pytest
from collide_cases import match

import ode

# the extra triangles change the mesh's tree, hence the order in which capsule and cylinder merge equal
# contacts: positions may move by rounding (and by float32 rounding in single precision)
TOL = 1e-9 if ode.precision == "double" else 1e-5

GOOD_V = [(-1.0, -1.0, 0.0), (1.0, -1.0, 0.0), (1.0, 1.0, 0.0), (-1.0, 1.0, 0.0)]
GOOD_F = [(0, 1, 2), (0, 2, 3)]
# extra vertices 4..7; degenerate faces: collinear (4, 7, 5) and along the diagonal (0, 7, 2), a repeated
# vertex (0, 0, 1) and (0, 2, 0), three coincident vertices (6, 6, 6)
BAD_V = [(-0.5, 0.0, 0.0), (0.5, 0.0, 0.0), (0.2, 0.2, 0.0), (0.0, 0.0, 0.0)]
BAD_F = [(4, 7, 5), (0, 0, 1), (6, 6, 6), (0, 2, 0), (0, 7, 2)]

def _mesh(faces, extra=()) -> ode.GeomTriMesh:
    data = ode.TriMeshData()
    data.build(GOOD_V + BAD_V + list(extra), faces)
    return ode.GeomTriMesh(data, None)


def _others():
    """A primitive of every class colliding with trimeshes, placed touching the mesh near its centre."""
    s = ode.GeomSphere(None, 0.3)
    s.setPosition((0.1, 0.05, 0.2))
    b = ode.GeomBox(None, (0.5, 0.4, 0.3))
    b.setPosition((0.1, 0.0, 0.1))
    c = ode.GeomCapsule(None, 0.2, 0.6)
    c.setPosition((0.6, -0.2, 0.15))  # clear of the square's diagonal edge (merges there are order-dependent)
    c.setRotation((1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0))
    y = ode.GeomCylinder(None, 0.25, 0.4)
    y.setPosition((0.05, 0.0, 0.15))
    r = ode.GeomRay(None, 2.0)
    r.set((0.1, 0.0, 1.0), (0.0, 0.0, -1.0))
    t = _mesh([(0, 1, 2), (0, 0, 1)])
    t.setPosition((0.2, 0.1, 0.05))
    t.setRotation((1.0, 0.0, 0.0, 0.0, math.cos(1.2), -math.sin(1.2), 0.0, math.sin(1.2), math.cos(1.2)))
    return [s, b, c, y, r, t]


def _rows(a, b, n: int = 16) -> list:
    out = []
    for c in ode.collide(a, b, n):
        pos, normal, depth, _s1, _s2 = c.getContactGeomParams()
        for x in (*pos, *normal, depth):
            assert math.isfinite(x)
        out.append([*pos, *normal, depth])
    return out


def _same(a: list, b: list) -> bool:
    missing, extra, _ = match(a, b, TOL)
    return len(a) == len(b) and not missing and not extra


def test_a_mesh_of_only_degenerate_triangles_collides_with_nothing() -> None:
    mesh = _mesh(BAD_F)
    for other in _others():
        assert ode.collide(mesh, other, 8) == []
        assert ode.collide(other, mesh, 8) == []


@pytest.mark.parametrize("k", range(6))
def test_degenerate_triangles_add_nothing_to_a_mesh(k: int) -> None:
    """Good triangles plus degenerate ones: the contacts of the good triangles alone, both orders."""
    other = _others()[k]
    mixed = _mesh(BAD_F[:2] + GOOD_F + BAD_F[2:])
    clean = _mesh(GOOD_F)
    assert _same(_rows(mixed, other), _rows(clean, other))
    assert _same(_rows(other, mixed), _rows(other, clean))
    assert _rows(mixed, other)  # every primitive here touches the square


def test_sphere_resting_on_a_degenerate_triangle_steps() -> None:
    """The native pipeline writes finite contact joints; the world steps and the sphere stays finite."""
    world = ode.World()
    world.setGravity((0.0, 0.0, -9.81))
    space = ode.SimpleSpace()
    data = ode.TriMeshData()
    data.build([(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (2.0, 0.0, 0.0), (0.0, 0.0, 0.0)], [(0, 1, 2), (0, 0, 1)])
    ode.GeomTriMesh(data, space)
    body = ode.Body(world)
    mass = ode.Mass()
    mass.setSphere(1000.0, 0.3)
    body.setMass(mass)
    body.setPosition((0.5, 0.0, 0.2))
    geom = ode.GeomSphere(space, 0.3)
    geom.setBody(body)
    group = ode.JointGroup()
    for _ in range(5):
        space.collideContacts(world, group, max_contacts=4)
        world.step(0.01)
        group.empty()
    assert all(math.isfinite(x) for x in body.getPosition())
    assert body.getPosition()[2] < 0.2  # nothing held it up: it fell through the zero-area triangles


def test_plane_still_sees_the_vertices() -> None:
    """Vertex-based: a plane through the mesh collides with the vertices of degenerate triangles too."""
    mesh = _mesh(BAD_F)
    plane = ode.GeomPlane(None, (0.0, 0.0, 1.0), 0.1)
    assert len(ode.collide(mesh, plane, 16)) > 0
