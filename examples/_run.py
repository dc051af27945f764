"""What every example shares: how many frames to run, and a picture at the end when ode.render is there.

``python examples/NAME.py --frames 50`` (or ``ODE_EXAMPLE_FRAMES=50``) runs a short version; the picture is
written to the current folder (or ``ODE_EXAMPLE_OUT``; ``ODE_EXAMPLE_PICTURE=0`` skips it).
"""

import os
import sys


def frames(default):
    """The number of frames to run: --frames N, else $ODE_EXAMPLE_FRAMES, else ``default``."""
    if "--frames" in sys.argv:
        return int(sys.argv[sys.argv.index("--frames") + 1])
    return int(os.environ.get("ODE_EXAMPLE_FRAMES", default))


def picture(scene, name, position, target):
    """Write NAME.png of ``scene`` seen from ``position`` looking at ``target`` (if ode.render is there)."""
    if os.environ.get("ODE_EXAMPLE_PICTURE") == "0":
        return
    try:
        import ode.render
    except ImportError:
        print('no picture: ode.render needs pip install "cyode[render]"')
        return
    folder = os.environ.get("ODE_EXAMPLE_OUT", ".")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".png")
    ode.render.render(scene, path, ode.render.Camera(position, target))
    print("picture:", path)
