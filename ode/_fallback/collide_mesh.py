"""Pure-Python twin of ``ode/_core/collide_mesh.pyx`` (stub bodies)."""


def collide_convex_sphere(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_box(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_capsule(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_cylinder(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_plane(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_convex(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_ray_convex(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_sphere(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_box(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_capsule(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_cylinder(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_plane(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_ray_trimesh(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_trimesh_trimesh(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_convex_trimesh(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_sphere(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_box(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_capsule(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_cylinder(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_plane(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_ray(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_convex(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_trimesh(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def collide_heightfield_heightfield(g1, i1, g2, i2, flags, contacts, skip) -> int:
    """Stub: no contacts yet."""
    return 0


def mesh_aabb(g, i) -> None:
    """Stub: leaves the AABB as it is."""


def mass_trimesh(m, density, data_id) -> None:
    """Stub: leaves m as it is."""
