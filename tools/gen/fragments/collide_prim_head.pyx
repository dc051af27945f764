# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Primitive narrow-phase colliders (Cython kernel; twin: ``ode/_fallback/collide_prim.py``, written from the
primitive families of ``ode/_fallback/colliders/``)."""

from libc.math cimport sqrt, fabs, atan2, cos, sin, INFINITY

from .dreal cimport dReal, real_atan2, real_cos, real_sin
from .layout cimport *
from .rotation cimport normalize3, r_to_q

