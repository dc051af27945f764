"""Primitive narrow-phase colliders (pure-Python twin of ``ode/_core/collide_prim.pyx``).

Geom records are flat sequences of GR reals (world pose G_POS, row-major rotation G_R, class parameters) and
GI ints; contacts are written `skip` reals apart (C_POS, C_NORMAL into geom 1, C_DEPTH, sides -1). The
colliders live in ``ode/_fallback/colliders/``, one module per family (see docs/architecture.md); this module
gathers their names for the dispatcher and the tests. ``tools/gen/gen_kernels.py`` writes the Cython kernel
from those modules' kernel sections, so both perform the same floating-point operations in the same order.
"""

from .colliders.box_box import (
    BOX_FUDGE,
    LINE_EPS,
    box_box,
    clip_rect,
    collide_box_box,
    cull_points,
    line_closest,
)
from .colliders.capsule import (
    CAPSULE_PARALLEL,
    collide_capsule_box,
    collide_capsule_capsule,
    collide_capsule_cylinder,
    collide_capsule_sphere,
    seg_box_closest,
)
from .colliders.cylinder import (
    collide_cylinder_cylinder,
    cyl_aligned,
    cyl_crossing,
    cyl_dot,
    cyl_frame,
    cyl_rims,
    rim_arc,
    rim_point,
)
from .colliders.cylinder_box import (
    CB_AXIS_MIN,
    CB_CLIP_MAX,
    CB_CROSS_MIN2,
    CB_EDGE_AXIAL,
    CB_SIDE,
    cb_box_corners,
    cb_clip_cap,
    cb_clip_edge,
    cb_clip_poly,
    cb_clip_side,
    cb_edge_rim,
    cb_face_order,
    cb_inverse,
    cb_separate,
    cb_test_axis,
    collide_cylinder_box,
)
from .colliders.mpr import (
    MPR_TOL,
    mpr_axis_end,
    mpr_beyond,
    mpr_closest,
    mpr_contact,
    mpr_copy,
    mpr_cross_dot,
    mpr_discover,
    mpr_dot,
    mpr_expand,
    mpr_msup,
    mpr_normal,
    mpr_penetration,
    mpr_position,
    mpr_qrot,
    mpr_quat,
    mpr_reached,
    mpr_refine,
    mpr_seg_dist2,
    mpr_support,
    mpr_triple,
    mpr_zero,
)
from .colliders.plane import (
    collide_box_plane,
    collide_capsule_plane,
    collide_cylinder_plane,
    collide_sphere_plane,
    cylinder_face_on_plane,
)
from .colliders.prim_contacts import collide_none, flip_contacts, maxc_of, put, spheres, unimp_of
from .colliders.prim_geometry import (
    DINF,
    M_PI,
    SEG_PARALLEL,
    axis_ends,
    clamp_into,
    closest_segments,
    col_dot,
    compute_prim_aabb,
    local_surface,
    point_depth_rec,
    seg_point,
    support_pair,
    to_local,
)
from .colliders.ray import (
    collide_ray_box,
    collide_ray_capsule,
    collide_ray_cylinder,
    collide_ray_plane,
    collide_ray_sphere,
    ray_sphere_at,
)
from .colliders.sphere import (
    collide_sphere_box,
    collide_sphere_cylinder,
    collide_sphere_sphere,
    sphere_box_at,
)
