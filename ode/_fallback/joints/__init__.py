"""Joint families of the jacobian twin (and sources of the generated Cython kernel): one module per family."""
