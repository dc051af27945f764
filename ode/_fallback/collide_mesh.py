"""Convex, trimesh and heightfield colliders (pure-Python twin of ``ode/_core/collide_mesh.pyx``).

Side data (vertices, triangles, planes, height samples) lives in a registry indexed by the id that a geom
record keeps in ``GI_DATA`` (``colliders/mesh_registry.py``). Where libode's behaviour has been observed
through the oracle, the colliders follow it (each family module says how). The colliders live in
``ode/_fallback/colliders/``, one module per family (see docs/architecture.md); this module gathers their
names for the dispatcher, the mesh API and the tests, and runs a pair by name (``collide``).
``tools/gen/gen_kernels.py`` writes the Cython kernel from those modules' kernel sections, so both perform the
same floating-point operations in the same order (bit for bit in double).
"""

import numpy as np

from .. import _layout as L
from .colliders.convex import (
    collide_convex_box,
    collide_convex_capsule,
    collide_convex_convex,
    collide_convex_cylinder,
    collide_convex_sphere,
    collide_convex_trimesh,
    collide_ray_convex,
    convex_mpr,
    cv_face_dist,
    cv_under_others,
    hf_vs_piece,
    mesh_pair,
)
from .colliders.heightfield import (
    collide_heightfield_box,
    collide_heightfield_capsule,
    collide_heightfield_convex,
    collide_heightfield_cylinder,
    collide_heightfield_heightfield,
    collide_heightfield_trimesh,
    hf_mesh_pts,
    hf_pose,
    hf_prim_aabb,
    hf_prim_corner,
    hf_prim_depth,
    hf_prim_plane,
    hf_prims,
    hf_prims_zone,
    hf_ray_prep,
    hf_sample_ray,
)
from .colliders.heightfield_cells import (
    WRAP_CELLS,
    hf_below,
    hf_clip,
    hf_corner_local,
    hf_corner_world,
    hf_group_marks,
    hf_height,
    hf_on_tri,
    hf_range,
    hf_same_plane,
    hf_tri_plane,
    hf_valley_marks,
    hf_zone,
)
from .colliders.heightfield_ray import collide_heightfield_ray, ray_finish
from .colliders.heightfield_sphere import collide_heightfield_sphere, hf_corner_sphere, hf_tri_sphere
from .colliders.mesh_aabb_mass import (
    hf_aabb,
    mass_trimesh,
    mass_trimesh_py,
    mesh_aabb,
    mesh_aabb_py,
    mesh_bounds,
)
from .colliders.mesh_contacts import (
    MERGE_DIST2,
    MERGE_DOT,
    buf_add,
    buf_copy,
    buf_has,
    buf_push,
    buf_set,
    emit,
    maxc_of,
)
from .colliders.mesh_geometry import (
    clip_poly,
    mesh_clip,
    ray_tri,
    rot_vec,
    safe_unit,
    seg_closest,
    to_local,
    to_world,
    tt_unit,
    v3dot,
)
from .colliders.mesh_pieces import (
    FACE_BIAS,
    FACE_BIAS_ABS,
    PAR_EPS,
    add_contact,
    face_clip,
    local_box,
    mesh_vs_piece,
    pieces,
    sat,
    seg_clip,
    seg_seg,
    shape_convex,
    shape_finish,
    smax,
    smin,
    tri_new,
    tri_set,
    try_axis,
)
from .colliders.mesh_plane import (
    collide_convex_plane,
    collide_heightfield_plane,
    collide_mesh_plane,
    collide_trimesh_plane,
    vertex_plane,
)
from .colliders.mesh_registry import (
    _NEXT,
    _REG,
    DINF,
    IFLOOR_MAX,
    MESH_CONVEX,
    MESH_HEIGHTFIELD,
    MESH_NONE,
    MESH_TRIMESH,
    Buf,
    MeshData,
    Shape,
    _edges_of_faces,
    _float_list,
    _int_list,
    _new_id,
    buf_free,
    buf_grow,
    buf_new,
    hf_prepare,
    ifloor,
    is_registered,
    rec,
    reg_get,
    register_convex,
    register_heightfield,
    register_trimesh,
    release,
    set_heightfield_range,
    shape_free,
    shape_new,
    to_int,
    tree_order,
    tri_bounds,
    tri_box_out,
    tri_cross,
    tri_degenerate,
    tri_world,
    trimesh_prepare,
    work_free,
    work_new,
)
from .colliders.mpr import mpr_contact
from .colliders.prim_contacts import unimp_of
from .colliders.trimesh_box import (
    box_axes,
    box_best,
    box_clip,
    box_collect,
    box_result,
    box_tri,
    collide_trimesh_box,
)
from .colliders.trimesh_capsule import (
    CAP_AXIS_MIN,
    CAP_AXIS_MIN2,
    CAP_EDGE_TOL,
    cap_axis,
    cap_perp_axis,
    cap_separate,
    cap_tri,
    res_put,
    seg_clip_plane,
    seg_clip_tri,
    tri_behind,
    tri_extent,
    tri_unit_normal,
)
from .colliders.trimesh_cylinder import (
    CYL_AXIS_MIN,
    CYL_CAP_COS,
    M_PI,
    cyl_axis,
    cyl_cap,
    cyl_rim_axis,
    cyl_separate,
    cyl_side,
    cyl_tri,
    poly_clip_plane,
    quat_inverse,
    quat_rotate,
)
from .colliders.trimesh_ray import (
    _F32,
    _f32,
    collide_ray_trimesh,
    f32,
    fdot,
    neg32,
    ray_mesh_frame,
    ray_put,
    ray_seg_box,
    ray_tri32,
    ray_walk,
)
from .colliders.trimesh_round import (
    CAP_MERGE,
    buf_filter_near,
    collide_trimesh_capsule,
    collide_trimesh_cylinder,
    near_contacts,
    trimesh_round,
)
from .colliders.trimesh_sphere import collide_trimesh_sphere, sph_closest
from .colliders.trimesh_tree import tt_box, tt_boxes, tt_kids, tt_nodes
from .colliders.trimesh_trimesh import (
    TT_CELL,
    TT_DEPTH,
    TT_EDGE,
    TT_EPS32,
    TT_REACH,
    TT_TIE,
    collide_trimesh_trimesh,
    tt_cut,
    tt_deep,
    tt_dist32,
    tt_edges32,
    tt_frames,
    tt_inside32,
    tt_local32,
    tt_merge,
    tt_move32,
    tt_pair,
    tt_plane,
    tt_plane32,
    tt_prism,
    tt_span32,
    tt_tri32,
)


def collide(name, g1, i1, g2, i2, flags):
    """Run the pair function called name on two geom records; contacts as an (n, CR) array."""
    fn = globals().get(name) if name.startswith("collide_") else None
    if fn is None:
        raise ValueError(f"no mesh pair function {name!r}")
    fl = int(flags) & 0xffffffff
    contacts = [0.0] * (maxc_of(fl) * L.CR)
    n = fn([float(x) for x in g1], [int(x) for x in i1], [float(x) for x in g2], [int(x) for x in i2], fl,
           contacts, L.CR)
    return np.array(contacts[: n * L.CR], dtype=np.float64).reshape(n, L.CR)
