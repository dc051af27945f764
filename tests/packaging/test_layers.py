"""The package's modules form layers: no import cycle, and no import hidden inside a function to dodge one.

Compiled modules cannot cimport in a circle, and a layered package is one a newcomer can read bottom-up. The
graph is read from the sources with ``ast`` (every import, wherever it is written), so the test sees the
imports a run would not reach.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ode

PACKAGE = Path(ode.__file__).resolve().parent
SKIP = {("__init__",), ("demo",)}      # the facade that imports everything, and the demo that uses it


def _modules() -> dict:
    """Module name (dotted, under ode) -> source path, for the API modules, subpackages and the twins."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[0] == "_core" or parts in SKIP:
            continue
        if parts[-1] == "__init__":          # a subpackage (ode.joints): its __init__ is the module
            parts = parts[:-1]
        out[".".join(("ode",) + parts)] = path
    return out


def _resolve(module: str, node: ast.ImportFrom, package: bool) -> list:
    """Absolute names an ImportFrom refers to (the module, and module.name for submodule imports); relative
    imports in a package's __init__ are relative to the package itself."""
    if node.level:
        parts = module.split(".") + ([""] if package else [])
        base = parts[: -node.level]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    return [target] + [f"{target}.{a.name}" for a in node.names]


def _imports(module: str, path: Path) -> tuple:
    """(ode modules imported anywhere, ode modules imported inside a function or method)."""
    tree = ast.parse(path.read_text())
    package = path.name == "__init__.py"
    found, nested = set(), set()

    def visit(node, depth: int) -> None:
        for child in ast.iter_child_nodes(node):
            inner = depth + isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            names = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                names = _resolve(module, child, package)
            for name in names:
                if name.startswith("ode."):
                    found.add(name)
                    if inner:
                        nested.add(name)
            visit(child, inner)

    visit(tree, 0)
    return found, nested


def _graph() -> tuple:
    mods = _modules()
    graph, nested = {}, {}
    for name, path in mods.items():
        found, inner = _imports(name, path)
        graph[name] = sorted(m for m in found if m in mods and m != name)
        nested[name] = sorted(m for m in inner if m in mods)
    return graph, nested


def test_no_import_inside_functions():
    _, nested = _graph()
    offenders = {m: n for m, n in nested.items() if n}
    assert not offenders, f"imports inside functions (move them up a layer, or invert the dependency): " \
                          f"{offenders}"


def test_no_import_cycle():
    graph, _ = _graph()
    state: dict = {}
    stack: list = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for node in graph:
        if node not in state:
            walk(node)


def test_the_graph_is_read():
    graph, _ = _graph()
    assert "ode.body" in graph and "ode.world" in graph["ode.body"]
    assert "ode._fallback.handles" in graph
    assert "ode.joints" in graph["ode.collision"] and "ode.joints.contact" in graph["ode.joints"]
    assert "ode.joints.joint" in graph["ode.joints.hinge"]
