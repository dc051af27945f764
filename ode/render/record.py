"""Recording: step a world and write its frames to an animated GIF and/or an MP4 film."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ._stepping import check_fps, frame_advancer
from .renderer import Camera, Renderer

if TYPE_CHECKING:
    import ode

    from .._types import Scene

PROGRESS_FROM = 100  # frames: recordings at least this long show a progress bar unless told otherwise


def record(world: ode.World, space: ode.SpaceBase | None, *, step: float | Callable[[float], object] = 0.01,
           seconds: float = 2.0, fps: float = 30.0, camera: Camera | None = None,
           gif: str | os.PathLike[str] | None = None, mp4: str | os.PathLike[str] | None = None,
           renderer: Renderer | None = None, on_frame: Callable | None = None,
           on_image: Callable | None = None, progress: bool | None = None, contact: ode.Contact | None = None,
           scene: Scene | None = None, **overlays: Any) -> int:
    """Step ``world`` for ``seconds`` and write ``round(seconds * fps)`` frames to ``gif`` and/or ``mp4``.

    - ``step``: a time step dt (each frame is 1/fps of simulated time in steps of dt, with the contacts
      of ``space`` made from the template ``contact``), or a function ``step(frame_time)`` that advances
      the world itself. Frame 0 is the starting state.
    - ``scene``: what to draw (default: ``space``).
    - ``renderer``: a Renderer to draw with (default: a new one with ``camera``; it is closed at the end).
    - ``on_frame(renderer, index)``: called before each frame is drawn; markers it adds with
      ``renderer.add_points/add_lines/add_text`` appear in that frame; it may move ``renderer.camera``.
    - ``on_image(image, index)``: called with each finished RGB image; it may draw on it in place or
      return a replacement image.
    - ``progress``: a tqdm progress bar (default: for recordings of at least PROGRESS_FROM frames).
    - ``overlays``: :meth:`Renderer.render`'s options (contacts, joints, aabbs, body_frames, marker_scale).

    Returns the number of frames written."""
    fps = check_fps(fps)
    frames = int(round(float(seconds) * fps))
    if frames < 1:
        raise ValueError(f"seconds must give at least one frame at {fps} fps, not {seconds!r}")
    if gif is None and mp4 is None:
        raise ValueError("record needs a gif path, an mp4 path, or both")
    drawn = scene if scene is not None else space
    if drawn is None:
        raise ValueError("record needs a space or a scene to draw")
    advance = frame_advancer(world, space, step, fps, contact)
    own = renderer is None
    r = Renderer(camera) if own else renderer
    sinks = _open_sinks(gif, mp4, fps)
    try:
        for index in _progress(range(frames), progress, frames):
            if index:
                advance()
            image = _frame(r, drawn, index, on_frame, on_image, overlays)
            for sink in sinks:
                sink.add(image)
    finally:
        for sink in sinks:
            sink.close()
        if own:
            r.close()
    return frames


def _frame(r: Renderer, scene, index: int, on_frame, on_image, overlays: dict) -> np.ndarray:
    """One frame: the hook before drawing, the picture, the hook on the image."""
    if on_frame is not None:
        on_frame(r, index)
    image = r.render(scene, **overlays)
    if on_image is not None:
        replaced = on_image(image, index)
        if replaced is not None:
            image = np.asarray(replaced, dtype=np.uint8)
    return image


def _progress(frames, progress: bool | None, total: int):
    if progress is None:
        progress = total >= PROGRESS_FROM
    if not progress:
        return frames
    from tqdm.auto import tqdm

    return tqdm(frames, total=total, unit="frame", desc="recording")


def _open_sinks(gif, mp4, fps: float) -> list:
    sinks = []
    try:
        if gif is not None:
            sinks.append(_GifSink(gif, fps))
        if mp4 is not None:
            sinks.append(_Mp4Sink(mp4, fps))
    except BaseException:
        for sink in sinks:
            sink.close()
        raise
    return sinks


class _GifSink:
    """An animated GIF written by Pillow when closed; frames are kept as 8-bit palette images meanwhile
    (a third of the memory of RGB)."""

    def __init__(self, path, fps: float) -> None:
        self.path = path
        self.duration = max(20, int(round(1000.0 / fps)))  # ms; GIF stores hundredths, browsers floor at 20
        self.frames: list = []

    def add(self, image: np.ndarray) -> None:
        from PIL import Image

        self.frames.append(Image.fromarray(image).quantize(colors=256, method=Image.Quantize.MEDIANCUT))

    def close(self) -> None:
        if self.frames:
            first, rest = self.frames[0], self.frames[1:]
            first.save(self.path, format="GIF", save_all=True, append_images=rest, duration=self.duration,
                       loop=0, optimize=False, disposal=1)
            self.frames = []


class _Mp4Sink:
    """An H.264 MP4 streamed to ffmpeg (imageio-ffmpeg's bundled binary) frame by frame."""

    def __init__(self, path, fps: float) -> None:
        try:
            import imageio.v2 as imageio
        except ImportError as e:
            raise ImportError('MP4 recording needs the render extra: pip install "cyode[render]"') from e
        # macro_block_size=2: H.264 in yuv420p needs even sizes; odd ones are padded, others kept as drawn.
        self.writer = imageio.get_writer(path, format="FFMPEG", mode="I", fps=fps, codec="libx264",
                                         pixelformat="yuv420p", macro_block_size=2,
                                         ffmpeg_log_level="error")

    def add(self, image: np.ndarray) -> None:
        self.writer.append_data(image)

    def close(self) -> None:
        self.writer.close()
