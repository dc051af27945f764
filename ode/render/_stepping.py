"""Advancing a world by one frame: the user's step function, or fixed steps with contacts made for them."""

from __future__ import annotations

import numbers
from collections.abc import Callable

import ode


def frame_advancer(world, space, step, fps: float, contact=None) -> Callable[[], None]:
    """A function that advances the simulation by one frame (1/fps seconds).

    ``step`` callable: called as ``step(1 / fps)``; it steps the world itself however it likes.
    ``step`` a number dt: the frame is made of round((1/fps)/dt) (at least one) steps of dt, each one
    colliding ``space`` into contact joints (surface parameters from the template ``contact``, default
    ode.Contact()) and calling world.step(dt)."""
    frame_time = 1.0 / fps
    if callable(step):
        return lambda: step(frame_time)
    if isinstance(step, bool) or not isinstance(step, numbers.Real) or not step > 0:
        raise ValueError(f"step must be a positive time step or a function step(frame_time), not {step!r}")
    if not isinstance(world, ode.World):
        raise TypeError(f"world must be an ode.World when step is a time step, not {type(world).__name__}")
    dt = float(step)
    substeps = max(1, round(frame_time / dt))
    group = ode.JointGroup()

    def advance() -> None:
        for _ in range(substeps):
            if space is not None:
                space.collideContacts(world, group, contact)
            world.step(dt)
            group.empty()
    return advance


def check_fps(fps) -> float:
    """fps as a positive float; ValueError naming it otherwise."""
    if isinstance(fps, bool) or not isinstance(fps, numbers.Real) or not fps > 0:
        raise ValueError(f"fps must be a positive number, not {fps!r}")
    return float(fps)
