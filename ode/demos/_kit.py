"""Building blocks the demos share: a scene record, bodies with geoms, and the contact step."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import ode


@dataclass
class Scene:
    """A demo's world: what it steps, what it draws, and the counts its figures are made of."""

    world: ode.World
    space: ode.SpaceBase
    group: ode.JointGroup
    contact: ode.Contact
    bodies: list = field(default_factory=list)
    geoms: list = field(default_factory=list)     # the geom made with each body, in the same order
    extra: dict = field(default_factory=dict)
    steps: int = 0
    time: float = 0.0
    contacts: int = 0
    quick: bool = True

    @property
    def contacts_per_step(self) -> float:
        """Mean number of contact joints made per step so far."""
        return self.contacts / self.steps if self.steps else 0.0


def new_scene(gravity=(0.0, 0.0, -9.81), mu: float = 0.8, ground: bool = True, space=None) -> Scene:
    """A z-up world with soft contacts (friction mu, a little bounce) and, unless told otherwise, a ground
    plane."""
    world = ode.World()
    world.setGravity(gravity)
    world.setERP(0.2)
    world.setCFM(1e-5)
    world.setQuickStepNumIterations(30)
    space = space if space is not None else ode.HashSpace()
    contact = ode.Contact()
    # Approx1: mu is a friction coefficient (without it mu is a fixed force limit).
    contact.setMode(ode.ContactBounce | ode.ContactSoftCFM | ode.ContactApprox1)
    contact.setMu(mu)
    contact.setBounce(0.1)
    contact.setBounceVel(0.2)
    contact.setSoftCFM(1e-4)
    if ground:
        ode.GeomPlane(space, (0.0, 0.0, 1.0), 0.0)
    return Scene(world, space, ode.JointGroup(), contact)


def attach(scene: Scene, geom, mass: ode.Mass, pos, rotation=None) -> ode.Body:
    """A body carrying ``geom`` with ``mass``, placed at ``pos`` (optionally rotated); added to the scene."""
    body = ode.Body(scene.world)
    body.setMass(mass)
    body.setPosition(pos)
    if rotation is not None:
        body.setRotation(rotation)
    geom.setBody(body)
    scene.bodies.append(body)
    scene.geoms.append(geom)
    return body


def box(scene: Scene, size, pos, density: float = 500.0, rotation=None) -> ode.Body:
    """A box body of edge lengths ``size``."""
    m = ode.Mass()
    m.setBox(density, *size)
    return attach(scene, ode.GeomBox(scene.space, size), m, pos, rotation)


def sphere(scene: Scene, radius: float, pos, density: float = 500.0) -> ode.Body:
    """A ball."""
    m = ode.Mass()
    m.setSphere(density, radius)
    return attach(scene, ode.GeomSphere(scene.space, radius), m, pos)


def capsule(scene: Scene, radius: float, length: float, pos, density: float = 500.0,
            rotation=None) -> ode.Body:
    """A capsule along its local z axis."""
    m = ode.Mass()
    m.setCapsule(density, 3, radius, length)
    return attach(scene, ode.GeomCapsule(scene.space, radius, length), m, pos, rotation)


def cylinder(scene: Scene, radius: float, length: float, pos, density: float = 500.0,
             rotation=None) -> ode.Body:
    """A cylinder along its local z axis."""
    m = ode.Mass()
    m.setCylinder(density, 3, radius, length)
    return attach(scene, ode.GeomCylinder(scene.space, radius, length), m, pos, rotation)


def rotation(axis, degrees: float) -> tuple:
    """The row-major 3x3 rotation of ``degrees`` about ``axis`` (Rodrigues' formula)."""
    x, y, z = axis
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    a = math.radians(degrees)
    c, s, t = math.cos(a), math.sin(a), 1.0 - math.cos(a)
    return (t * x * x + c, t * x * y - s * z, t * x * z + s * y,
            t * x * y + s * z, t * y * y + c, t * y * z - s * x,
            t * x * z - s * y, t * y * z + s * x, t * z * z + c)


def contact_step(scene: Scene, dt: float, max_contacts: int = 4) -> None:
    """One step: the space's contacts made natively from the scene's template, the world stepped, the
    contacts dropped."""
    scene.contacts += scene.space.collideContacts(scene.world, scene.group, scene.contact, max_contacts)
    advance(scene, dt)


def advance(scene: Scene, dt: float) -> None:
    """Step the world by ``dt`` (the iterative quickStep unless the scene asks for the exact step), empty the
    contact group and count the step."""
    if scene.quick:
        scene.world.quickStep(dt)
    else:
        scene.world.step(dt)
    scene.group.empty()
    scene.steps += 1
    scene.time += dt


def highest(scene: Scene) -> float:
    """The largest z among the scene's bodies."""
    return max(b.getPosition()[2] for b in scene.bodies)


def bin_walls(scene: Scene, inner: float, height: float, thickness: float = 0.1) -> list:
    """Four static walls (geoms without bodies) around a square of side ``inner`` centred on the origin."""
    half = 0.5 * (inner + thickness)
    long = inner + 2 * thickness
    walls = []
    for x, y, size in ((half, 0, (thickness, long, height)), (-half, 0, (thickness, long, height)),
                       (0, half, (long, thickness, height)), (0, -half, (long, thickness, height))):
        wall = ode.GeomBox(scene.space, size)
        wall.setPosition((x, y, 0.5 * height))
        walls.append(wall)
    return walls


def prism(sides: int, radius: float, height: float) -> tuple:
    """A regular ``sides``-gon prism along z, centred at the origin: (points, faces), faces as outward
    counter-clockwise index lists."""
    ring = [(radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides))
            for k in range(sides)]
    points = [(x, y, -0.5 * height) for x, y in ring] + [(x, y, 0.5 * height) for x, y in ring]
    faces = [list(range(sides - 1, -1, -1)), list(range(sides, 2 * sides))]
    faces += [[k, (k + 1) % sides, sides + (k + 1) % sides, sides + k] for k in range(sides)]
    return points, faces


def pyramid(sides: int, radius: float, height: float) -> tuple:
    """A regular ``sides``-gon pyramid, apex up, centred on its centroid: (points, faces)."""
    base = -0.25 * height
    points = [(radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides), base)
              for k in range(sides)] + [(0.0, 0.0, 0.75 * height)]
    faces = [list(range(sides - 1, -1, -1))] + [[k, (k + 1) % sides, sides] for k in range(sides)]
    return points, faces


def convex_planes(points, faces) -> list:
    """The plane (nx, ny, nz, d) of each face, unit outward normal n and n . p = d on the face."""
    planes = []
    for f in faces:
        a, b, c = (points[i] for i in f[:3])
        u = [b[k] - a[k] for k in range(3)]
        v = [c[k] - a[k] for k in range(3)]
        n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        length = math.sqrt(sum(x * x for x in n))
        n = tuple(x / length for x in n)
        planes.append((*n, sum(n[k] * a[k] for k in range(3))))
    return planes


def convex_geom(space, shape) -> ode.GeomConvex:
    """A GeomConvex of (points, faces)."""
    points, faces = shape
    polygons = [x for f in faces for x in (len(f), *f)]
    return ode.GeomConvex(space, convex_planes(points, faces), points, polygons)


def trimesh_geom(space, shape) -> ode.GeomTriMesh:
    """A GeomTriMesh of (points, faces), each face split into a fan of triangles."""
    points, faces = shape
    data = ode.TriMeshData()
    data.build(points, [(f[0], f[k], f[k + 1]) for f in faces for k in range(1, len(f) - 1)])
    return ode.GeomTriMesh(data, space)


def solid(scene: Scene, geom, box_size, pos, density: float = 500.0, rotation=None) -> ode.Body:
    """A body for a mesh or convex ``geom`` whose mass is that of a box of ``box_size`` (close enough to
    look right, and centred as ODE requires)."""
    m = ode.Mass()
    m.setBox(density, *box_size)
    return attach(scene, geom, m, pos, rotation)


def polyhedra() -> list:
    """Prisms and a pyramid as (points, faces), each with the box its mass is taken from."""
    return [(prism(6, 0.2, 0.25), (0.35, 0.35, 0.25)),
            (prism(3, 0.25, 0.3), (0.3, 0.3, 0.3)),
            (pyramid(4, 0.25, 0.35), (0.3, 0.3, 0.25))]


def drop_polyhedra(scene: Scene, make_geom, count: int, seed: int = 3) -> None:
    """``count`` bodies of the polyhedra (as geoms from ``make_geom(space, shape)``) above the origin at
    random tilts, each 0.4 m higher than the last."""
    rng = random.Random(seed)
    kinds = polyhedra()
    for i in range(count):
        shape, box_size = kinds[i % len(kinds)]
        pos = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 0.4 + 0.4 * i)
        rot = rotation((rng.random(), rng.random(), 0.2), rng.uniform(0, 180))
        solid(scene, make_geom(scene.space, shape), box_size, pos, rotation=rot)
