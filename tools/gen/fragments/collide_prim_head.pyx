# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Primitive narrow-phase colliders (Cython kernel; twin and source: ``ode/_fallback/collide_prim.py``)."""

from libc.math cimport sqrt, fabs, atan2, cos, sin, INFINITY

from .dreal cimport dReal
from .layout cimport *
from .rotation cimport r_to_q

