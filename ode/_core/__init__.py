"""Cython kernels. Sources live here; setup.py compiles them into ode._core.double and ode._core.single."""
