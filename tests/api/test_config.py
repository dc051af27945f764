"""Backend and precision selection and ODE's configuration tokens."""

import os
import subprocess
import sys

import pytest

import ode


def test_configuration_tokens():
    tokens = ode.getConfiguration().split()
    assert tokens[0] == "ODE"
    assert f"ODE_{ode.precision}_precision" in tokens
    assert f"ODE_PY_backend_{ode.backend}" in tokens
    assert ode.checkConfiguration("ODE")
    assert ode.checkConfiguration(f"ODE_{ode.precision}_precision")
    assert not ode.checkConfiguration("ODE_EXT_no_such_thing")
    other = "single" if ode.precision == "double" else "double"
    assert not ode.checkConfiguration(f"ODE_{other}_precision")


def test_check_configuration_rejects_non_strings():
    with pytest.raises(TypeError):
        ode.checkConfiguration(3)


def test_environment_variables_choose_backend_and_precision():
    code = "import ode; print(ode.backend, ode.precision)"
    env = dict(os.environ, ODE_BACKEND="python", ODE_PRECISION="single")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "single"]


def test_bad_precision_is_an_import_error():
    env = dict(os.environ, ODE_PRECISION="quad")
    out = subprocess.run([sys.executable, "-c", "import ode"], env=env, capture_output=True, text=True)
    assert out.returncode != 0
    assert "ODE_PRECISION" in out.stderr


def test_world_cfm_default_follows_precision():
    expected = 1e-10 if ode.precision == "double" else 1e-5
    assert ode.World().getCFM() == pytest.approx(expected, rel=1e-6)
