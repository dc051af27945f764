"""Report which ode (installed or source tree), backend and precision the suite is testing."""

import ode


def pytest_report_header(config):
    return f"ode {ode.__version__} from {ode.__file__}: backend={ode.backend} precision={ode.precision}"
