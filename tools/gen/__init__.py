"""Generators of derived sources: the Cython kernels written from their pure-Python twins, and layout.pxd."""
