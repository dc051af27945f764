"""The narrow-phase colliders of the pure-Python twins, one module per collider family.

Each module's text between ``# ---- kernels`` and ``# ---- end kernels`` is also a source of a generated
Cython kernel: ``tools/gen/gen_kernels.py`` concatenates the primitive families into
``ode/_core/collide_prim.pyx`` and the convex, trimesh and heightfield families into
``ode/_core/collide_mesh.pyx`` (its ``KERNELS`` table lists them in order). ``ode/_fallback/collide_prim.py``
and ``collide_mesh.py`` gather the names; docs/architecture.md has the table of which module collides what.
"""
