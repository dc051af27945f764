# cython: language_level=3
"""Rotation matrices and quaternions (Cython kernel; twin and source: ``ode/_fallback/rotation.py``).

R is a 3x3 row-major matrix (9 values); quaternions are (w, x, y, z). The cdef kernels (declared in
rotation.pxd) work on raw pointers; the manual-named ``def`` functions take sequences and return tuples.
The order of floating-point operations is the twin's, so both agree bit for bit in double precision.
"""

from libc.math cimport cos, fabs, sin, sqrt

from .dreal cimport dReal

