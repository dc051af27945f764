"""An interactive window (drawstuff's loop) where a display exists: run, pause, single-step, orbit."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ._stepping import check_fps, frame_advancer
from .renderer import Camera, Renderer

if TYPE_CHECKING:
    import ode

    from .._types import Color, Scene


class NoDisplayError(RuntimeError):
    """Raised by :func:`show` when there is no display to open a window on."""


def has_display() -> bool:
    """Whether a window can be opened: always on Windows and macOS; on Linux when DISPLAY or
    WAYLAND_DISPLAY is set."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def show(world: ode.World, space: ode.SpaceBase | None, *, step: float | Callable[[float], object] = 0.01,
         fps: float = 30.0, camera: Camera | None = None, contact: ode.Contact | None = None,
         scene: Scene | None = None, on_frame: Callable[..., object] | None = None,
         colors: Mapping[Any, Color] | Callable[..., Color] | None = None, color_by: str = "class",
         **overlays: Any) -> None:
    """Run the simulation in a window until it is closed.

    Keys: space pauses and resumes, ``n`` advances one frame while paused; the mouse orbits (left),
    pans (middle) and zooms (wheel) the camera. ``step``, ``fps``, ``contact``, ``scene`` and
    ``on_frame(renderer, index)`` are as in :func:`record`; ``overlays`` as in :meth:`Renderer.render`.
    Without a display, raises NoDisplayError (use :func:`record` or :class:`Renderer` headless instead)."""
    if not has_display():
        raise NoDisplayError("ode.render.show needs a display (none found: DISPLAY is not set); "
                             "render headless with ode.render.Renderer or ode.render.record instead")
    fps = check_fps(fps)
    advance = frame_advancer(world, space, step, fps, contact)
    drawn = scene if scene is not None else space
    r = Renderer(camera, window=True, colors=colors, color_by=color_by)
    state = {"paused": False, "once": False, "index": 0}

    def toggle() -> None:
        state["paused"] = not state["paused"]

    def single() -> None:
        state["once"] = True

    def tick(*_args) -> None:
        if not state["paused"] or state["once"]:
            advance()
            state["index"] += 1
            state["once"] = False
        _draw(r, drawn, state["index"], on_frame, overlays)
        r.plotter.render()

    p = r.plotter
    p.add_key_event("space", toggle)
    p.add_key_event("n", single)
    _draw(r, drawn, 0, on_frame, overlays)
    p.add_timer_event(max_steps=2**31 - 1, duration=max(1, int(1000 / fps)), callback=tick)
    try:
        p.show(auto_close=False, interactive_update=False)
    finally:
        r.close()


def _draw(r: Renderer, scene, index: int, on_frame, overlays: dict) -> None:
    """Update the window's scene; after the first frame the camera is where the user's mouse put it."""
    r._clear_transient()
    if index:
        _keep_user_camera(r)
    if on_frame is not None:
        on_frame(r, index)
    r.draw(scene, **overlays)


def _keep_user_camera(r: Renderer) -> None:
    """Adopt the interactive camera (moved by the mouse) as the renderer's camera."""
    cam = r.plotter.camera
    width, height = r.plotter.window_size
    r.camera = Camera(tuple(cam.position), tuple(cam.focal_point), tuple(cam.up), r.camera.fov, int(width),
                      int(height))
