"""Pure-Python twins of the Cython kernels in ode/_core: same modules, functions and operation order.

In double precision a twin and its kernel agree bit for bit; the tests assert it.
"""
