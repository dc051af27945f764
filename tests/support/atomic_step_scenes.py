"""Scenes of tests/api/test_atomic_step.py that also run in a fresh interpreter under the other backend
(``backends.scene_in_backend``), so they live where that interpreter can import them."""


def step_size_errors(ode):
    """The exception type and message of each step-size edge for both steppers (run in either backend)."""
    out = []
    for how in ("step", "quickStep"):
        for h in (10**400, 5e-324, 1e-320, 1e-300):
            w = ode.World()
            b = ode.Body(w)
            b.setLinearVel((1.0, 0.0, 0.0))
            try:
                getattr(w, how)(h)
                out.append([how, repr(h)[:20], "ok", list(b.getPosition())])
            except Exception as e:      # the exact type and message are what is compared
                out.append([how, repr(h)[:20], type(e).__name__, str(e)])
    return out
