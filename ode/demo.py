"""``ode-demo``: run the package's demos and write each as an animation and a still picture.

``ode-demo`` renders a short showcase; ``ode-demo NAME`` one demo; ``ode-demo --list`` names them all.
Without the render extra (``pip install "cyode[render]"``) the simulations still run and print their figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import demos

SHOWCASE = (("boxstack", 2.5), ("chain", 2.0), ("buggy", 3.0))
DEFAULT_OUT = "ode-demo-out"
FPS = 25.0
INSTALL = 'pip install "cyode[render]"'


def _size(text: str) -> tuple:
    """'WxH' -> (W, H), both positive."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        message = f"--size must be WIDTHxHEIGHT such as 640x480, not {text!r}"
        raise argparse.ArgumentTypeError(message) from None
    if w < 16 or h < 16:
        raise argparse.ArgumentTypeError(f"--size must be at least 16x16, not {text!r}")
    return w, h


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"--seconds must be a positive number, not {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(
        prog="ode-demo",
        description="Run a demo of the Open Dynamics Engine (cyode) and write an animated GIF (and an MP4 "
                    "when imageio-ffmpeg is present) and a still PNG of it. With no NAME: a short showcase.",
        epilog=f"Drawing needs the render extra: {INSTALL}. Without it the simulations still run.")
    p.add_argument("name", nargs="?", help="the demo to run (see --list)")
    p.add_argument("--list", action="store_true", help="list the demos and what each shows")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"output directory (default: ./{DEFAULT_OUT}/)")
    p.add_argument("--seconds", type=_seconds, help="simulated seconds (default: the demo's own length)")
    p.add_argument("--size", type=_size, default=(640, 480), help="image size WIDTHxHEIGHT (default 640x480)")
    return p


def _renderer_available() -> bool:
    try:
        import ode.render  # noqa: F401
    except ImportError:
        return False
    return True


def _has_ffmpeg() -> bool:
    try:
        import imageio_ffmpeg
        imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError):
        return False
    return True


def record_demo(name: str, out: str, seconds: float | None = None, size=(640, 480), mp4: bool | None = None):
    """Run demo ``name`` while drawing it: ``out/NAME.gif`` (and ``.mp4``) plus a still as
    ``out/NAME.png`` (the frame at the demo's STILL_AT fraction of the run, default its end).
    Returns (scene, wall seconds, written paths)."""
    from . import render

    demo = demos.REGISTRY[name]
    seconds = demo.SECONDS if seconds is None else seconds
    os.makedirs(out, exist_ok=True)
    scene = demo.build()
    camera = render.Camera(width=size[0], height=size[1], **demo.CAMERA)
    paths = {"gif": os.path.join(out, f"{name}.gif")}
    if mp4 if mp4 is not None else _has_ffmpeg():
        paths["mp4"] = os.path.join(out, f"{name}.mp4")
    frames = int(round(seconds * FPS))
    still_index = round(getattr(demo, "STILL_AT", 1.0) * (frames - 1))
    still = {}
    start = time.perf_counter()
    renderer = render.Renderer(camera, colors=demo.colors(scene) if hasattr(demo, "colors") else None)
    overlays = demo.overlays(scene) if hasattr(demo, "overlays") else {}
    render.record(scene.world, scene.space, step=demos.frame_stepper(demo, scene, FPS), seconds=seconds,
                  fps=FPS, renderer=renderer, progress=False, **overlays,
                  on_image=lambda image, i: _keep(still, image, i, still_index),
                  **paths)
    wall = time.perf_counter() - start
    renderer.close()
    paths["png"] = os.path.join(out, f"{name}.png")
    render.write_png(paths["png"], still["image"])
    return scene, wall, list(paths.values())


def _keep(still: dict, image, index: int, wanted: int) -> None:
    """Keep the frame chosen for the still picture (the last one drawn if the run ends before it)."""
    if index <= wanted:
        still["image"] = image.copy()


def run_one(name: str, out: str, seconds: float | None, size, draw: bool) -> None:
    """Run one demo, drawn or not, and print its line."""
    demo = demos.REGISTRY[name]
    if draw:
        scene, wall, paths = record_demo(name, out, seconds, size)
        where = " -> " + ", ".join(paths)
    else:
        scene, wall = demos.simulate(demo, seconds)
        where = ""
    print(demos.summary(name, demo, scene, wall) + where, flush=True)


def main(argv=None) -> int:
    """Entry point of ``ode-demo``; returns the exit status."""
    p = parser()
    args = p.parse_args(argv)
    if args.list:
        for name in demos.NAMES:
            print(f"{name:12} {demos.REGISTRY[name].SHOWS}")
        return 0
    if args.name is not None and args.name not in demos.NAMES:
        p.error(f"no demo named {args.name!r}; choose one of: {', '.join(demos.NAMES)} (or see --list)")
    draw = _renderer_available()
    if not draw:
        print(f"ode.render is not installed, so nothing is drawn; to get pictures: {INSTALL}", flush=True)
    runs = [(args.name, args.seconds)] if args.name else [(n, args.seconds or s) for n, s in SHOWCASE]
    for name, seconds in runs:
        run_one(name, args.out, seconds, args.size, draw)
    if draw:
        print(f"pictures and films are in {os.path.abspath(args.out)}/ (NAME.png, NAME.gif"
              f"{', NAME.mp4' if _has_ffmpeg() else ''}); more demos: ode-demo --list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
