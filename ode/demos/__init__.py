"""The package's demos: small scenes that show what the engine does, one module each.

Every demo module has ``SHOWS`` (one line: what it shows), ``SECONDS`` and ``DT`` (its default length and
time step), ``CAMERA`` (keyword arguments of ``ode.render.Camera``), ``EXPECT`` (the geom classes its
picture contains), ``build()`` -> :class:`ode.demos._kit.Scene`, ``step(scene, dt)`` and ``figures(scene)``
(a short string of what to read off the end state). Optional: ``STILL_AT`` (the fraction of the run
whose frame is the still picture, default 1), ``colors(scene)`` (geom -> colour for the renderer) and
``overlays(scene)`` (keyword arguments of ``Renderer.render`` such as ``joints=``).
:func:`simulate` runs one without drawing; ``ode-demo`` (``ode/demo.py``) draws them.
"""

from __future__ import annotations

import importlib
import time

NAMES = ("pendulum", "boxstack", "chain", "buggy", "crash", "cards", "friction", "heightfield", "trimesh",
         "convex", "motors", "gears", "kinematic", "gyroscopic")


def load(name: str):
    """The demo module called ``name``; ValueError listing the demos when there is none."""
    if name not in NAMES:
        raise ValueError(f"no demo named {name!r}; the demos are: {', '.join(NAMES)}")
    return importlib.import_module(f"{__name__}.{name}")


class _Registry(dict):
    """name -> demo module, imported on first use."""

    def __missing__(self, name: str):
        module = load(name)
        self[name] = module
        return module

    def __iter__(self):
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)

    def __contains__(self, name) -> bool:
        return name in NAMES


REGISTRY = _Registry()
"""Demo name -> its module (imported when first looked up)."""


def frame_stepper(demo, scene, fps: float):
    """A function ``advance(frame_time)`` that steps ``scene`` by one frame in the demo's time steps."""
    substeps = max(1, round(1.0 / fps / demo.DT))

    def advance(_frame_time: float = 0.0) -> None:
        for _ in range(substeps):
            demo.step(scene, demo.DT)
    return advance


def simulate(demo, seconds: float | None = None):
    """Build and run ``demo`` (a module or name) for ``seconds`` of simulated time without drawing;
    returns (scene, wall seconds)."""
    demo = REGISTRY[demo] if isinstance(demo, str) else demo
    seconds = demo.SECONDS if seconds is None else seconds
    scene = demo.build()
    start = time.perf_counter()
    for _ in range(max(1, round(seconds / demo.DT))):
        demo.step(scene, demo.DT)
    return scene, time.perf_counter() - start


def summary(name: str, demo, scene, wall: float) -> str:
    """The one line a demo prints: what it shows, then its figures."""
    return (f"{name}: {demo.SHOWS} | {scene.steps} steps, {scene.time:.2f} s simulated in {wall:.2f} s wall, "
            f"{scene.contacts_per_step:.1f} contacts/step | {demo.figures(scene)}")
