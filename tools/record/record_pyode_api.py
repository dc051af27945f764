"""Record PyODE's public API surface (names only) into tests/data/pyode_api.json.

Usage: ``python tools/record/record_pyode_api.py`` (needs Debian's python3-pyode for /usr/bin/python3). It
imports PyODE in a separate interpreter and lists its public module-level names and, for each class, its
public attributes; ``tests/api/test_pyode_api.py`` checks that our ``ode`` offers every one of them. Only
names are kept (signatures and values come from the manual and libode, not from PyODE).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "pyode_api.json"
PROBE = """
import inspect, json, ode
out = {}
for name in dir(ode):
    if name.startswith("_") or inspect.ismodule(getattr(ode, name)):
        continue
    obj = getattr(ode, name)
    out[name] = sorted(m for m in dir(obj) if not m.startswith("_")) if inspect.isclass(obj) else None
print(json.dumps(out, sort_keys=True))
"""


def main() -> None:
    """Probe PyODE with the system interpreter (run from / so the project's ode is not found); write it."""
    text = subprocess.run(["/usr/bin/python3", "-c", PROBE], check=True, capture_output=True, text=True,
                          cwd="/").stdout
    api = json.loads(text)
    OUT.write_text(json.dumps(api, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}: {len(api)} names, {sum(len(v) for v in api.values() if v)} class attributes")


if __name__ == "__main__":
    main()
