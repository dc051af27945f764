"""PyODE-style client scripts run unchanged with our ``ode`` and print what they print with libode.

Each script in tests/support/pyode_scripts/ is run with ``ode`` bound to our package (``scenes.run_script``);
its output is compared number by number with the output recorded by ``tools/record/record_pyode_scripts.py``
with the libode shim bound as ``ode``: 6 significant digits in double precision (numbers below 1e-8 in
magnitude count as zero: they are round-off residues such as a settled rate); 1e-3 relative in single
precision, where float32 state (7 digits) and 300 steps of accumulation leave fewer digits.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import scenes

import ode

TESTS = Path(__file__).resolve().parents[1]
REL = 1e-6 if ode.precision == "double" else 1e-3
ABS = 1e-8 if ode.precision == "double" else 1e-4


def _words(text: str) -> list:
    """The non-numeric words of an output, to check the lines have the same shape."""
    return re.sub(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?", "#", text).split()


@pytest.mark.parametrize("name", scenes.SCRIPTS)
def test_script_output_matches_libode(name):
    """Our package prints the same words and the same numbers (6 significant digits) as libode."""
    expected = (TESTS / "data" / "pyode_scripts" / f"{name}.txt").read_text()
    got = scenes.run_script(TESTS / "support" / "pyode_scripts" / f"{name}.py", ode)
    assert _words(got) == _words(expected)
    want, have = scenes.numbers(expected), scenes.numbers(got)
    assert len(have) == len(want)
    bad = [(i, w, h) for i, (w, h) in enumerate(zip(want, have))
           if not math.isclose(h, w, rel_tol=REL, abs_tol=ABS)]
    assert not bad, f"{name}: {len(bad)} numbers differ, first (index, libode, ours): {bad[:5]}"


def test_run_script_binds_and_restores_ode(tmp_path):
    """run_script injects the given module as ``ode`` for the script only."""
    script = tmp_path / "probe.py"
    script.write_text("import ode\nprint(ode.marker, 1.5e-3)\n")

    class Fake:
        marker = "fake"

    before = __import__("sys").modules.get("ode")
    assert scenes.run_script(script, Fake) == "fake 0.0015\n"
    assert __import__("sys").modules.get("ode") is before
    assert scenes.numbers("a -1.5e-3 b 2 c .5") == [-1.5e-3, 2.0, 0.5]
