"""Shared setup of the suite: the scene modules' folder on sys.path, the report header.

Test files import the shared scene modules of ``tests/support/`` (``scenes``, ``random_scenes``,
``backends``...) by bare name. Their folder is put on sys.path here, from this file's place, so that works
wherever the suite runs: from a checkout with ``python -m pytest`` or with ``pytest`` against an installed
package (the checkout itself is then not on sys.path). Tests that compare a compiled kernel with its twin load
both through ``kernels.kernel_pair`` (tests/support/kernels.py), which skips only where the compiled kernel is
not built in the precision asked for.
"""

import sys
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

import ode  # noqa: E402


def pytest_report_header(config):
    return f"ode {ode.__version__} from {ode.__file__}: backend={ode.backend} precision={ode.precision}"
