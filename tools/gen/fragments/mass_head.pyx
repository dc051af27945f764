# cython: language_level=3
"""ODE's mass functions on a flat 13-value record (Cython kernel; twin and source: ``ode/_fallback/mass.py``).

A record is [mass, cx, cy, cz, I00..I22]: total mass, centre of gravity and the row-major inertia tensor about
the body origin, as ODE's dMass. Same order of floating-point operations as the twin (bit for bit in double).
"""

from libc.math cimport M_PI, sqrt

from .dreal cimport dReal

# pi in dReal, as the twin's math.pi: products with it compute in dReal
cdef dReal pi = <dReal>M_PI

