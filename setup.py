"""Build the Cython kernels twice, with dReal = double (dDOUBLE) and dReal = float (dSINGLE).

Each kernel source ``ode/_core/<name>.pyx`` is copied into ``ode/_core/double/`` and ``ode/_core/single/``
so the two builds become distinct modules (``ode._core.double.<name>``, ``ode._core.single.<name>``)
compiled from one source with one header, ``dreal.h``, choosing the type by macro as ODE does.
Switches: ``ODE_PRECISION_BUILD=double|single|both`` (default both), ``ODE_PURE_PYTHON=1`` (no compiled code),
``ODE_BUILD_JOBS=N`` (parallel Cython and C jobs; default: every CPU, since pip passes no ``-j``).
A failed compile (no compiler) leaves a working pure-Python install.

Compile flags: ``-O3 -g0``: the kernels' speed, without debug info (which made the large generated C take
about 1.3 times as long to compile; ``-O2`` would save about 20 % more but may slow the kernels), and
``-ffp-contract=off -fno-fast-math`` keep IEEE results identical to the pure-Python twins: no fused
multiply-add, no reassociation, at any optimisation level.
"""

import os
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CORE = Path("ode") / "_core"
SHARED_SUFFIXES = (".pxd", ".pxi", ".h")
MACROS = {"double": "dDOUBLE", "single": "dSINGLE"}


def _jobs() -> int:
    """Parallel jobs for cythonize and the C compiler: ODE_BUILD_JOBS, else every CPU."""
    return int(os.environ.get("ODE_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1


def _precisions():
    """The precisions to build, from ODE_PRECISION_BUILD."""
    choice = os.environ.get("ODE_PRECISION_BUILD", "both").strip().lower()
    if choice == "both":
        return ["double", "single"]
    if choice in MACROS:
        return [choice]
    raise SystemExit(f"ODE_PRECISION_BUILD must be double, single or both, not {choice!r}")


def _only():
    """Kernel names listed in ODE_KERNELS (comma-separated), to rebuild a subset during development."""
    return {n.strip() for n in os.environ.get("ODE_KERNELS", "").split(",") if n.strip()}


def _copy_if_changed(src: Path, dst: Path) -> None:
    """Copy src to dst unless dst already holds the same bytes (keeps mtimes for incremental builds)."""
    data = src.read_bytes()
    if not dst.exists() or dst.read_bytes() != data:
        dst.write_bytes(data)


def _stage(precision: str):
    """Copy the kernel sources into ode/_core/<precision>/ and return their Extension objects."""
    import numpy
    from setuptools import Extension

    out = HERE / CORE / precision
    out.mkdir(exist_ok=True)
    (out / "__init__.py").write_text(f'"""Cython kernels compiled with dReal = {precision}."""\n')
    for src in sorted((HERE / CORE).iterdir()):
        if src.suffix in SHARED_SUFFIXES or src.suffix == ".pyx":
            _copy_if_changed(src, out / src.name)
    if sys.platform == "win32":
        flags = ["/O2", "/fp:precise"]
    else:
        flags = ["-O3", "-g0", "-ffp-contract=off", "-fno-fast-math"]
    return [
        Extension(
            f"ode._core.{precision}.{pyx.stem}",
            [str(CORE / precision / pyx.name)],
            include_dirs=[str(CORE / precision), numpy.get_include()],
            define_macros=[(MACROS[precision], None), ("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
            extra_compile_args=flags,
        )
        for pyx in sorted((HERE / CORE).glob("*.pyx"))
        if not _only() or pyx.stem in _only()
    ]


class OptionalBuildExt(build_ext):
    """Compile the kernels in parallel, but fall back to a pure-Python install if compiling is impossible."""

    def finalize_options(self):
        """Default to one compile job per CPU: pip runs build_ext without -j."""
        super().finalize_options()
        if not self.parallel:
            self.parallel = _jobs()

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, no headers: the twins in ode/_fallback still work
            self.warn(f"ode: compiled kernels skipped ({exc}); the pure-Python backend will be used")

    def build_extension(self, ext):
        start = time.perf_counter()
        try:
            super().build_extension(ext)
        except Exception as exc:
            self.warn(f"ode: kernel {ext.name} skipped ({exc})")
            return
        print(f"ode: compiled {ext.name} in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


def _pure() -> bool:
    """Whether ODE_PURE_PYTHON asks for an install without compiled code."""
    return os.environ.get("ODE_PURE_PYTHON", "") not in ("", "0")


class PurePythonBuildPy(build_py):
    """For a pure-Python install, leave out the staged kernel packages (ode/_core/double, single) that an
    earlier compiled build may have left in the source tree, instead of deleting them from it."""

    def finalize_options(self):
        super().finalize_options()
        if _pure():
            staged = {f"ode._core.{precision}" for precision in MACROS}
            self.packages = [p for p in self.packages if p not in staged]


def _extensions():
    """All kernel extensions to build, or none for a pure-Python install."""
    if _pure():
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("ode: Cython is not available; installing pure Python", file=sys.stderr)
        return []
    exts = [ext for precision in _precisions() for ext in _stage(precision)]
    return cythonize(
        exts,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "nonecheck": False,
            "embedsignature": True,
            "emit_code_comments": False,
        },
        nthreads=_jobs(),
    )


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt, "build_py": PurePythonBuildPy})
