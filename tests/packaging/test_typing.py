"""Type information: user code type-checks under ``mypy --strict`` and type errors in it are reported.

``tests/packaging/typing/`` holds user-style scripts using every public class with the types a PyODE script
sees (``assert_type`` pins results such as ``tuple[float, float, float]``);
``tests/packaging/typing_rejected/`` holds deliberate mistakes that mypy must reject. The configuration is
``[tool.mypy]`` in pyproject.toml.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is not installed (it comes with the 'test' extra)")

ROOT = Path(__file__).resolve().parents[2]


def _mypy(*paths: str) -> subprocess.CompletedProcess:
    """Run mypy --strict on paths from the project root, with the project's configuration."""
    env = {k: v for k, v in os.environ.items() if k != "MYPYPATH"}
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-color-output", *paths],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_user_code_type_checks_strict():
    result = _mypy("tests/packaging/typing/")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_type_errors_are_reported():
    result = _mypy("tests/packaging/typing_rejected/wrong_types.py")
    out = result.stdout
    assert result.returncode == 1, out + result.stderr
    expected = [
        (9, 'Argument 1 to "setPosition" of "BodyBase" has incompatible type "str"'),
        (10, 'Incompatible types in assignment (expression has type "tuple[float, float, float]", '
             'variable has type "float")'),
        (11, '"Body" has no attribute "getPositon"'),
        (13, 'Argument 2 to "attach" of "Joint" has incompatible type "World"'),
        (14, 'Incompatible types in assignment (expression has type "float", variable has type "str")'),
        (15, 'Argument 2 to "GeomSphere" has incompatible type "str"'),
    ]
    for line, message in expected:
        assert f"wrong_types.py:{line}: error: {message}" in out, out
    assert out.count(": error:") == len(expected), out
