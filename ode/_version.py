"""The package's version: the one place it is written (pyproject.toml reads it from here at build time)."""

__version__ = "0.1.0"
