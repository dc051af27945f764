"""The column numbers in ode/_core/layout.pxd are generated from ode/_layout.py and must agree with it."""

import re
from pathlib import Path

from ode import _layout

ROOT = Path(__file__).resolve().parents[2]


def _pxd_constants() -> dict:
    text = (ROOT / "ode" / "_core" / "layout.pxd").read_text()
    return {name: int(value) for name, value in re.findall(r"^\s+([A-Z][A-Z0-9_]*) = (\d+)$", text, re.M)}


def test_pxd_matches_python_layout():
    expected = {name: value for name, value in vars(_layout).items() if name.isupper()}
    assert _pxd_constants() == expected


def test_columns_fit_their_widths():
    body_real = [v for k, v in vars(_layout).items() if k.startswith("B_")]
    joint_real = [v for k, v in vars(_layout).items() if k.startswith("J_")]
    assert max(body_real) < _layout.BR
    assert max(joint_real) < _layout.JR
