"""Every public name of PyODE (recorded by tools/record/record_pyode_api.py from Debian's python3-pyode)
exists in our ``ode``: module-level functions, classes and constants, and every public attribute of each
class."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ode

API = json.loads((Path(__file__).resolve().parents[1] / "data" / "pyode_api.json").read_text())


def test_recording_is_substantial():
    assert len(API) > 100 and sum(len(v) for v in API.values() if v) > 500


@pytest.mark.parametrize("name", sorted(API))
def test_name_exists(name):
    assert hasattr(ode, name), f"ode.{name} is missing"
    missing = [m for m in API[name] or () if not hasattr(getattr(ode, name), m)]
    assert not missing, f"ode.{name} lacks {missing}"


def test_lower_case_params_and_group_follow_ode_016():
    assert (ode.paramVel, ode.paramFMax, ode.paramBounce) == (ode.ParamVel, ode.ParamFMax, ode.ParamBounce)
    assert ode.ParamGroup == 0x100 and ode.ParamFMax2 == ode.ParamGroup + ode.ParamFMax


def test_init_close_and_attribs():
    ode.InitODE()
    g = ode.GeomSphere(None, 1.0)
    g.tag = "ball"
    assert g.attribs == {"tag": "ball"}
    g.attribs["mass"] = 2.0
    assert g.mass == 2.0
    del g.attribs["tag"]
    assert not hasattr(g, "tag")
    ode.CloseODE()


def test_heightfield_build_callback_passes_userdata():
    seen = []

    def height(data, x, z):
        seen.append(data)
        return 0.1 * x

    d = ode.HeightfieldData()
    d.build_callback("terrain", height, 4.0, 4.0, 5, 5, 1.0, 0.0, 1.0, False)
    assert seen == []  # asked during collisions, as libode
    hf = ode.GeomHeightfield(d)
    ball = ode.GeomSphere(None, 0.5)
    ball.setPosition((0.0, 0.4, 0.0))
    assert ode.collide(hf, ball)
    assert seen and set(seen) == {"terrain"}
    with pytest.raises(TypeError):
        d.build_callback(None, 3, 4.0, 4.0, 5, 5)
