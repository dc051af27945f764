"""Write the mirrored Cython kernels from their pure-Python twins: one source, two modules.

A mirrored kernel is one whose twin in ``ode/_fallback/`` performs the same floating-point operations in the
same order as the compiled kernel. The twin is the source; this script writes ``ode/_core/<name>.pyx`` as

    line 1                the GENERATED notice
    head fragment         ``tools/gen/fragments/<name>_head.pyx``: directives, cimports, C structs
    constants             the twin's ``NAME = number`` lines, as ``cdef dReal`` (when the kernel asks)
    kernel sections       each source's text between ``# ---- kernels`` and ``# ---- end kernels``, converted
    tail fragment         ``tools/gen/fragments/<name>_tail.pyx``: Cython-only entry points, if any

Conversion rules for a kernel section (the twin stays valid Python, the output valid Cython):

- a ``def`` (its signature may span lines) followed by ``#: cdef ...`` takes that comment as its Cython
  signature; the ``#:`` lines right after it whose text starts with more than one space continue it;
- other ``#: decl`` lines become ``cdef decl`` declarations, ``#: py- stmt`` lines Cython-only statements;
- lines ending in ``# py`` are Python-only and dropped, as is every line from ``# py: begin`` to
  ``# py: end``;
- ``L.`` (the layout module) is dropped: the kernel cimports layout.pxd's enum;
- ``None`` (a missing array) becomes ``NULL``;
- ``name = [v0, v1, ...]`` (a list literal filling a declared C array, e.g. zeros the code reads) becomes
  ``name[:] = [v0, v1, ...]``;
- ``float(x)`` around an array read becomes ``x`` where the kernel asks (``strip_float``): the twin reads
  float32 storage into Python floats, the kernel computes in dReal; likewise ``int(x)`` (``strip_int``),
  the twin's read of an int32 array element as a Python int, where the kernel reads a C int;
- a float literal in code (not in a string or comment) becomes ``<dReal>literal`` where the kernel asks
  (``dreal_literals``): ``1.0 - a - b`` then computes in dReal, where a bare C double literal would carry
  every step of a single-precision kernel out in double.

A tail fragment may hold ``#@ pair-cases``: it is replaced by one ``if name == ...: return ...`` line pair per
``collide_*`` pair function of the sources, the name dispatch of a kernel whose pairs are looked up by name.

    python tools/gen/gen_kernels.py            # write every kernel
    python tools/gen/gen_kernels.py --check    # exit 1 when a written kernel is stale

tests/packaging/test_generated_kernels.py fails when a generated file differs from what this script writes.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAGMENTS = Path(__file__).resolve().parent / "fragments"
TWIN = "ode/_fallback"


@dataclass(frozen=True)
class Kernel:
    """One generated Cython module and the twin sources it is written from."""

    name: str
    sources: tuple[str, ...]
    constants: bool = False
    strip_float: bool = False
    strip_int: bool = False
    none_to_null: str = "all"  # "all": every None; "values": only ``= None`` and ``return None``
    dreal_literals: bool = False

    @property
    def dst(self) -> Path:
        return ROOT / "ode" / "_core" / f"{self.name}.pyx"

    def fragment(self, part: str) -> str:
        path = FRAGMENTS / f"{self.name}_{part}.pyx"
        return path.read_text() if path.exists() else ""


# The collider kernels are written from the family modules of ode/_fallback/colliders/, shared helpers first.
# Cython resolves a module's cdef functions before compiling their bodies (inline ones and those declared in
# the .pxd included), so the order is the reader's: each family after the modules it imports from.
COLLIDERS = f"{TWIN}/colliders"
PRIM_FAMILIES = ("prim_contacts", "prim_geometry", "mpr", "sphere", "plane", "ray", "box_box", "capsule",
                 "cylinder", "cylinder_box")
MESH_FAMILIES = ("mesh_geometry", "mesh_registry", "mesh_contacts", "mesh_pieces", "trimesh_tree",
                 "mesh_aabb_mass", "heightfield_cells", "convex", "trimesh_sphere", "trimesh_capsule",
                 "trimesh_cylinder", "trimesh_box", "trimesh_round", "trimesh_trimesh", "trimesh_ray",
                 "heightfield_sphere", "heightfield", "heightfield_ray", "mesh_plane")

# the joint families of the jacobian kernel, in the order they are written (shared helpers first)
JOINT_FAMILIES = (
    "common", "geometry", "limits", "ball", "fixed", "hinge", "slider", "universal", "hinge2", "pr", "piston",
    "pu", "dball", "dhinge", "plane2d", "amotor", "lmotor", "transmission", "contact",
)

KERNELS = (
    Kernel("collide_prim", tuple(f"{COLLIDERS}/{f}.py" for f in PRIM_FAMILIES), constants=True),
    # collide_mesh computes with dReal literals, as libode's REAL(x) constants (float in single: box-trimesh
    # merges then fall as single libode's); collide_prim keeps C double literals (its MPR runs in double)
    Kernel("collide_mesh", tuple(f"{COLLIDERS}/{f}.py" for f in MESH_FAMILIES), none_to_null="values",
           dreal_literals=True),
    Kernel("rotation", (f"{TWIN}/rotation.py",), constants=True, dreal_literals=True),
    Kernel("mass", (f"{TWIN}/mass.py",), dreal_literals=True),
    Kernel("lcp_dantzig", (f"{TWIN}/lcp_dantzig.py",)),
    Kernel("jacobian", tuple(f"{TWIN}/joints/{family}.py" for family in JOINT_FAMILIES), strip_float=True,
           strip_int=True),
)

BEGIN, END = "# ---- kernels\n", "# ---- end kernels"


def kernel_section(text: str) -> str:
    """The text between the kernel markers (to the end when there is no end marker)."""
    return text.split(BEGIN, 1)[1].split(END, 1)[0]


def constants(text: str) -> list[str]:
    """The module constants before the kernel marker, as typed Cython module variables."""
    out = []
    for line in text.split(BEGIN, 1)[0].split("\n"):
        m = re.match(r"^([A-Z][A-Z0-9_]*) = ([-+0-9.e]+|float\(\"inf\"\))", line)
        if m:
            value = "INFINITY" if m.group(2).startswith("float") else m.group(2)
            out.append(f"cdef dReal {m.group(1)} = {value}")
    return out


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def strip_float_calls(line: str, name: str = "float") -> str:
    """``float(expr)`` -> ``(expr)`` unless expr is a bare name or subscript, which loses the parentheses.

    ``name`` names the conversion to strip (``"int"`` for the twin's int reads).
    """
    out, i = [], 0
    while True:
        m = re.compile(rf"\b{name}\(").search(line, i)
        if not m:
            out.append(line[i:])
            return "".join(out)
        depth, j = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(line[j], 0)
            j += 1
        inner = strip_float_calls(line[m.end(): j - 1], name)
        simple = re.fullmatch(r"[\w.]+(\[[^\[\]]*\])?", inner)
        out.append(line[i: m.start()] + (inner if simple else f"({inner})"))
        i = j


FLOAT_LITERAL = re.compile(r"(?<![\w.])(\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)")


def dreal_literals(line: str) -> str:
    """Float literals outside strings and comments as ``<dReal>`` literals (one-line strings only)."""
    parts = re.split(r"(\"[^\"]*\"|'[^']*'|#.*$)", line)
    return "".join(p if k % 2 else FLOAT_LITERAL.sub(r"<dReal>\1", p) for k, p in enumerate(parts))


def _signature(lines: list[str], i: int) -> tuple[list[str], int] | None:
    """The Cython signature written after the ``def`` starting at line i, and the line after it."""
    j = i
    while not lines[j].rstrip().endswith(":"):
        j += 1
    j += 1
    if j >= len(lines) or not lines[j].strip().startswith("#: cdef "):
        return None
    sig = [lines[j].strip()[3:]]
    j += 1
    while j < len(lines) and lines[j].strip().startswith("#:  "):
        sig.append(lines[j].strip()[3:])
        j += 1
    sig[-1] += ":"
    return sig, j


def _statement(line: str, kernel: Kernel) -> str:
    """A Python statement of the twin as a Cython statement."""
    line = re.sub(r"\bL\.", "", line)
    line = re.sub(r"^(\s*\w+) = (\[[^\[\]]*\])$", r"\1[:] = \2", line)
    line = re.sub(r"\bis not None\b", "!= NULL", line)
    line = re.sub(r"\bis None\b", "== NULL", line)
    if kernel.none_to_null == "all":
        line = re.sub(r"\bNone\b", "NULL", line)
    else:
        line = re.sub(r"= None\b", "= NULL", line)
        line = re.sub(r"return None\b", "return NULL", line)
    if kernel.strip_float:
        line = strip_float_calls(line)
    if kernel.dreal_literals:
        line = dreal_literals(line)
    if kernel.strip_int:
        line = strip_float_calls(line, "int")
    return line


def convert(section: str, kernel: Kernel) -> list[str]:
    """The Cython lines of one twin kernel section."""
    lines, out, i, python_only = section.split("\n"), [], 0, False
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped == "# py: begin":
            python_only = True
        elif stripped == "# py: end":
            python_only = False
        elif python_only:
            pass
        elif line.startswith("def ") and (sig := _signature(lines, i)):
            out.extend(sig[0])
            i = sig[1]
            continue
        elif stripped.startswith("#: py-"):
            rest = stripped[6:]
            out.append(_indent(line) + (rest[1:] if rest.startswith(" ") else rest))
        elif stripped.startswith("#: "):
            out.append(_indent(line) + "cdef " + stripped[3:])
        elif not line.rstrip().endswith("# py"):
            out.append(_statement(line, kernel))
        i += 1
    return out


def pair_cases(sections: list[str]) -> list[str]:
    """``if name == "<pair>": return <pair>`` for every collide_* pair function of the sections."""
    out = []
    for section in sections:
        for name in re.findall(r"^def (collide_(?:convex|trimesh|heightfield|ray)_\w+)\(", section, re.M):
            out += [f'    if name == "{name}":', f"        return {name}"]
    return out


def notice(kernel: Kernel) -> str:
    """Line 1 of a generated kernel."""
    sources = ", ".join(kernel.sources)
    return f"# GENERATED by tools/gen/gen_kernels.py from {sources} -- edit those, then regenerate.\n"


def generate(kernel: Kernel) -> str:
    """The full text of one generated Cython kernel."""
    texts = [(ROOT / s).read_text() for s in kernel.sources]
    sections = [kernel_section(t) for t in texts]
    body = []
    if kernel.constants:
        body += [c for t in texts for c in constants(t)] + [""]
    for section in sections:
        body += convert(section, kernel)
    text = notice(kernel) + kernel.fragment("head") + "\n".join(body).rstrip() + "\n"
    tail = kernel.fragment("tail")
    if "#@ pair-cases" in tail:
        tail = tail.replace("    #@ pair-cases", "\n".join(pair_cases(sections)))
    return text + tail


def main(argv: list[str]) -> int:
    stale = []
    for kernel in KERNELS:
        text = generate(kernel)
        if kernel.dst.exists() and kernel.dst.read_text() == text:
            continue
        stale.append(kernel.name)
        if "--check" not in argv:
            kernel.dst.write_text(text)
            print(f"wrote {kernel.dst.relative_to(ROOT)}")
    if "--check" in argv and stale:
        print("stale: " + ", ".join(stale) + " (run python tools/gen/gen_kernels.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
