"""Pictures and films of ODE worlds: ``ode.render`` (an optional extra: ``pip install "cyode[render]"``).

Built on PyVista/VTK, offscreen by default (no display needed). The API:

- :class:`Camera` ``(position, target, up, fov, width, height)``: where the picture is taken from.
- :class:`Renderer` ``(camera, colors=..., color_by=..., shading=..., ...)``: ``render(scene, contacts=...,
  joints=..., aabbs=..., body_frames=...)`` -> RGB uint8 array (H, W, 3); ``save_png(path, scene, ...)``;
  per-frame markers ``add_points``, ``add_lines``, ``add_text``.
- :func:`render` ``(scene, path=None, camera=None, **options)``: one picture in one call.
- :func:`record` ``(world, space, step=, seconds=, fps=, camera=, gif=, mp4=, on_frame=, on_image=, ...)``:
  step a world and write an animated GIF and/or MP4.
- :func:`show` ``(world, space, step=, fps=, camera=, ...)``: an interactive window (space: pause, n: one
  step, mouse: orbit), where a display exists; :class:`NoDisplayError` otherwise.

A scene is a space, a geom, or an iterable of them; nested spaces and GeomTransforms are followed.
``import ode`` never imports this package.
"""

from __future__ import annotations

import os
import sys

_INSTALL_HINT = 'ode.render needs the render extra: pip install "cyode[render]"'

if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    # No display: have VTK open an EGL (headless) render window rather than try X first and warn.
    os.environ.setdefault("VTK_DEFAULT_OPENGL_WINDOW", "vtkEGLRenderWindow")

try:
    import pyvista  # noqa: F401
    import vtk  # noqa: F401
except ImportError as e:
    raise ImportError(f"{_INSTALL_HINT} (missing: {e.name})") from e

from .record import record  # noqa: E402
from .renderer import (  # noqa: E402
    BACKGROUND,
    DEFAULT_COLORS,
    Camera,
    Renderer,
    render,
    write_png,
)
from .window import NoDisplayError, has_display, show  # noqa: E402

__all__ = ["BACKGROUND", "DEFAULT_COLORS", "Camera", "NoDisplayError", "Renderer", "has_display", "record",
           "render", "show", "write_png"]
