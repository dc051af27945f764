"""ODE's configuration query (dGetConfiguration / dCheckConfiguration) for this process."""

from __future__ import annotations

from . import _backend


def _tokens() -> list:
    tokens = ["ODE", f"ODE_{_backend.precision}_precision", f"ODE_PY_backend_{_backend.backend}"]
    tokens += [f"ODE_PY_core_{p}" for p in _backend.available_core_precisions()]
    tokens.append("ODE_PY_python")
    return tokens


def getConfiguration() -> str:
    """Space-separated tokens naming this build, as dGetConfiguration() returns them."""
    return " ".join(_tokens())


def checkConfiguration(token: str) -> bool:
    """True when ``token`` is one of getConfiguration()'s tokens (dCheckConfiguration)."""
    if not isinstance(token, str):
        raise TypeError(f"checkConfiguration expects a str token, not {type(token).__name__}")
    return token in _tokens()


def InitODE() -> None:
    """PyODE's InitODE (dInitODE): nothing to set up here; kept so PyODE scripts run unchanged."""


def CloseODE() -> None:
    """PyODE's CloseODE (dCloseODE): nothing to release here; kept so PyODE scripts run unchanged."""
