"""The World: bodies and joints in arrays, global parameters, and the dWorldStep driver."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from . import _backend, _check
from . import _layout as L
from ._dif import world_dif
from ._handle import Handle
from ._state import WorldState
from .errors import ODEError
from .world_arrays import WorldArrays

if TYPE_CHECKING:
    import os
    from collections.abc import Iterable
    from typing import IO, Any

    from ._types import SpaceBase, Vec3, Vec3Like, WorldBase, WorldSnapshot
else:
    WorldBase = _backend.kernel("handles").WorldBase

DEFAULT_CFM = 1e-10 if _backend.precision == "double" else 1e-5

_SNAPSHOTS: dict = {}      # "get" / "set": the snapshot functions ode.snapshot binds (a layer above)


def bind_snapshots(get_state, set_state) -> None:
    """Give worlds getState / setState (called once by ode.snapshot, which sits above geoms and spaces)."""
    _SNAPSHOTS["get"], _SNAPSHOTS["set"] = get_state, set_state


class World(WorldBase, WorldArrays, Handle):
    """A dynamics world (dWorldID): owns its bodies and joints and steps them together.

    ``step`` and ``quickStep`` are inherited from the compiled base type ``handles.WorldBase``, which calls
    back into ``_sample_buffer`` and ``_after_step`` here only when bodies need them. The bodies' state as
    NumPy arrays (``getPositions``, ``setForces``, ...) comes from ``ode.world_arrays.WorldArrays``.
    """

    def __init__(self) -> None:
        """Create an empty world with ODE's defaults (no gravity, ERP 0.2, CFM 1e-10 or 1e-5)."""
        self._state = WorldState()
        w = self._state.wreal
        w[L.W_ERP] = 0.2
        w[L.W_CFM] = DEFAULT_CFM
        w[L.W_MAX_CORRECTING_VEL] = math.inf
        w[L.W_SURFACE_LAYER] = 0.0
        w[L.W_QS_W] = 1.3
        w[L.W_QS_ITER] = 20
        w[L.W_AD_LIN] = w[L.W_AD_ANG] = 0.01
        w[L.W_AD_TIME] = 0.0
        w[L.W_AD_STEPS] = 10
        w[L.W_AD_AVG] = 1
        w[L.W_AD_FLAG] = 0
        w[L.W_LDAMP] = w[L.W_ADAMP] = 0.0
        w[L.W_LDAMP_T] = w[L.W_ADAMP_T] = 0.01
        w[L.W_MAXW] = math.inf
        self._samples = None  # auto-disable velocity samples of bodies averaging more than one
        self._data = None

    # ---- parameters
    def setGravity(self, gravity: Vec3Like) -> None:
        """Set the gravity vector (m/s^2) applied to bodies whose gravity mode is on."""
        self._state.wreal[L.W_GRAVITY:L.W_GRAVITY + 3] = _check.vec("gravity", gravity)

    def getGravity(self) -> Vec3:
        """The gravity vector."""
        return tuple(self._state.wreal[L.W_GRAVITY:L.W_GRAVITY + 3].tolist())

    def setERP(self, erp: float) -> None:
        """Set the global error reduction parameter (typically 0.1 .. 0.8)."""
        self._state.wreal[L.W_ERP] = _check.real("erp", erp)

    def getERP(self) -> float:
        """The global error reduction parameter."""
        return float(self._state.wreal[L.W_ERP])

    def setCFM(self, cfm: float) -> None:
        """Set the global constraint force mixing value (>= 0, typically 1e-9 .. 1); a negative value would
        make the constraint matrix indefinite, so it is refused."""
        self._state.wreal[L.W_CFM] = nonnegative("cfm", cfm)

    def getCFM(self) -> float:
        """The global constraint force mixing value."""
        return float(self._state.wreal[L.W_CFM])

    def setContactMaxCorrectingVel(self, vel: float) -> None:
        """Set the maximum velocity contacts may generate to correct penetration (inf: no limit)."""
        self._state.wreal[L.W_MAX_CORRECTING_VEL] = _check.real_or_inf("vel", vel)

    def getContactMaxCorrectingVel(self) -> float:
        """The maximum correcting velocity of contacts."""
        return float(self._state.wreal[L.W_MAX_CORRECTING_VEL])

    def setContactSurfaceLayer(self, depth: float) -> None:
        """Set the depth of the surface layer in which contacts may rest without correction."""
        self._state.wreal[L.W_SURFACE_LAYER] = _check.real("depth", depth)

    def getContactSurfaceLayer(self) -> float:
        """The contact surface layer depth."""
        return float(self._state.wreal[L.W_SURFACE_LAYER])

    def impulseToForce(self, stepsize: float, impulse: Vec3Like) -> Vec3:
        """The force that, applied for one step of ``stepsize``, gives ``impulse`` (dWorldImpulseToForce)."""
        h = _check.step_size(stepsize)
        return _backend.kernel("step").impulse_to_force(h, _check.vec("impulse", impulse))


    # ---- QuickStep
    def setQuickStepNumIterations(self, num: int) -> None:
        """Set the number of SOR iterations of quickStep (>= 1; default 20)."""
        self._state.wreal[L.W_QS_ITER] = _count("num", num, 1, MAX_COUNT)

    def getQuickStepNumIterations(self) -> int:
        """The number of SOR iterations of quickStep."""
        return int(self._state.wreal[L.W_QS_ITER])

    def setStepIslandsProcessingMaxThreadCount(self, count: int) -> None:
        """Limit the threads a step spreads its islands over (dWorldSetStepIslandsProcessingMaxThreadCount).

        1 steps every island in the calling thread. 0 (unlimited, the default) or more lets a step with
        enough work in two or more islands hand about half of them to the process's helper thread (one
        helper, so at most two threads; a step that finds it busy with another world steps alone). Islands
        share no state and each one's dRand draws are known in advance, so the results are the same bits
        either way; the pure-Python backend always steps in one thread."""
        self._state.workspace.threads = _count("count", count, 0)

    def getStepIslandsProcessingMaxThreadCount(self) -> int:
        """The islands-processing thread limit (0: unlimited)."""
        return int(self._state.workspace.threads)

    def setQuickStepW(self, over_relaxation: float) -> None:
        """Set quickStep's SOR over-relaxation parameter (> 0; default 1.3)."""
        w = _check.real("over_relaxation", over_relaxation)
        if not w > 0.0:
            raise ValueError(f"over_relaxation must be > 0, not {w!r}")
        self._state.wreal[L.W_QS_W] = w

    def getQuickStepW(self) -> float:
        """quickStep's over-relaxation parameter."""
        return float(self._state.wreal[L.W_QS_W])

    # ---- auto-disable defaults for new bodies
    def setAutoDisableFlag(self, flag: int) -> None:
        """Whether new bodies auto-disable when idle (default off)."""
        self._state.wreal[L.W_AD_FLAG] = _check.flag("flag", flag)

    def getAutoDisableFlag(self) -> bool:
        """The default auto-disable flag of new bodies."""
        return bool(self._state.wreal[L.W_AD_FLAG])

    def setAutoDisableLinearThreshold(self, threshold: float) -> None:
        """Default linear speed below which a body counts as idle (>= 0, inf allowed; default 0.01)."""
        self._state.wreal[L.W_AD_LIN] = threshold_value("threshold", threshold)

    def getAutoDisableLinearThreshold(self) -> float:
        """The default auto-disable linear threshold."""
        return float(self._state.wreal[L.W_AD_LIN])

    def setAutoDisableAngularThreshold(self, threshold: float) -> None:
        """Default angular speed below which a body counts as idle (>= 0, inf allowed; default 0.01)."""
        self._state.wreal[L.W_AD_ANG] = threshold_value("threshold", threshold)

    def getAutoDisableAngularThreshold(self) -> float:
        """The default auto-disable angular threshold."""
        return float(self._state.wreal[L.W_AD_ANG])

    def setAutoDisableSteps(self, steps: int) -> None:
        """Default number of idle steps before a body is disabled (>= 0; 0: not considered; default 10)."""
        self._state.wreal[L.W_AD_STEPS] = _count("steps", steps, 0, MAX_COUNT)

    def getAutoDisableSteps(self) -> int:
        """The default number of idle steps."""
        return int(self._state.wreal[L.W_AD_STEPS])

    def setAutoDisableTime(self, time: float) -> None:
        """Default idle time before a body is disabled (>= 0; 0: not considered; default 0)."""
        self._state.wreal[L.W_AD_TIME] = nonnegative("time", time)

    def getAutoDisableTime(self) -> float:
        """The default idle time."""
        return float(self._state.wreal[L.W_AD_TIME])

    def setAutoDisableAverageSamplesCount(self, count: int) -> None:
        """Default number of velocity samples averaged by the idle test (0: never idle; default 1)."""
        self._state.wreal[L.W_AD_AVG] = _count("count", count, 0, MAX_SAMPLES)

    def getAutoDisableAverageSamplesCount(self) -> int:
        """The default number of averaged velocity samples."""
        return int(self._state.wreal[L.W_AD_AVG])

    # ---- damping defaults for new bodies
    def setLinearDamping(self, scale: float) -> None:
        """Default linear damping scale of new bodies (0: none)."""
        self._state.wreal[L.W_LDAMP] = _check.real("scale", scale)

    def getLinearDamping(self) -> float:
        """The default linear damping scale."""
        return float(self._state.wreal[L.W_LDAMP])

    def setAngularDamping(self, scale: float) -> None:
        """Default angular damping scale of new bodies (0: none)."""
        self._state.wreal[L.W_ADAMP] = _check.real("scale", scale)

    def getAngularDamping(self) -> float:
        """The default angular damping scale."""
        return float(self._state.wreal[L.W_ADAMP])

    def setDamping(self, linear_scale: float, angular_scale: float) -> None:
        """Set both default damping scales."""
        lin = _check.real("linear_scale", linear_scale)
        ang = _check.real("angular_scale", angular_scale)
        self._state.wreal[L.W_LDAMP] = lin
        self._state.wreal[L.W_ADAMP] = ang

    def setLinearDampingThreshold(self, threshold: float) -> None:
        """Default linear speed above which damping acts (>= 0; default 0.01)."""
        self._state.wreal[L.W_LDAMP_T] = threshold_value("threshold", threshold)

    def getLinearDampingThreshold(self) -> float:
        """The default linear damping threshold."""
        return float(self._state.wreal[L.W_LDAMP_T])

    def setAngularDampingThreshold(self, threshold: float) -> None:
        """Default angular speed above which damping acts (>= 0; default 0.01)."""
        self._state.wreal[L.W_ADAMP_T] = threshold_value("threshold", threshold)

    def getAngularDampingThreshold(self) -> float:
        """The default angular damping threshold."""
        return float(self._state.wreal[L.W_ADAMP_T])

    def setMaxAngularSpeed(self, max_speed: float) -> None:
        """Default maximum angular speed of new bodies (>= 0; inf: no limit, the default)."""
        self._state.wreal[L.W_MAXW] = threshold_value("max_speed", max_speed)

    def getMaxAngularSpeed(self) -> float:
        """The default maximum angular speed."""
        return float(self._state.wreal[L.W_MAXW])

    # ---- user data and stepping resources
    def setData(self, data: Any) -> None:
        """Attach any Python object to the world (dWorldSetData)."""
        self._data = data

    def getData(self) -> Any:
        """The object attached with setData (None by default)."""
        return self._data

    def cleanupWorkingMemory(self) -> None:
        """Release cached stepping memory (dWorldCleanupWorkingMemory): the step workspace and the velocity
        sample buffer."""
        self._state.workspace.release()
        b = self._state.bodies
        if b.count == 0 or int(b.ints[:b.count, L.BI_AD_AVG].max()) <= 1:
            self._samples = None

    # ---- snapshots (ode.snapshot)
    def getState(self, spaces: Iterable[SpaceBase] = ()) -> WorldSnapshot:
        """An ``ode.WorldSnapshot`` of the world's complete dynamic state: every body and joint row (with
        the row allocator's state, so handles stay valid), the world parameters, auto-disable counters and
        samples, joints' internal state (limits, hinge-2 suspension, motor references, feedback, contact
        rows), which joints each JointGroup holds, and the dRand seed. Geoms belong to no world: pass the
        spaces whose geoms' list order, dirty state, free geoms' poses and enabled flags should be saved
        too (needed for collisions to continue bit for bit). See ``ode.snapshot``."""
        return _SNAPSHOTS["get"](self, spaces)

    def setState(self, state: WorldSnapshot) -> None:
        """Restore a snapshot of this world taken by ``getState`` (the same body and joint objects become
        current again; contact joints of groups come back as they were; the dRand seed is restored).
        ValueError when the world's bodies or joints outside groups changed since, TypeError for a
        non-snapshot; nothing is changed then. See ``ode.snapshot``."""
        _SNAPSHOTS["set"](self, state)

    # ---- export
    def exportDIF(self, file: str | os.PathLike[str] | IO[str], prefix: str = "") -> None:
        """Write the world in ODE's DIF text format (dWorldExportDIF) to a path or a text file object."""
        if not isinstance(prefix, str):
            raise TypeError(f"prefix must be a str, not {type(prefix).__name__}")
        text = world_dif(self, prefix)
        if hasattr(file, "write"):
            file.write(text)
        elif isinstance(file, (str, bytes)) or hasattr(file, "__fspath__"):
            with open(file, "w") as f:
                f.write(text)
        else:
            raise TypeError("file must be a path or an object with a write method")

    # ---- stepping (step and quickStep are inherited from the compiled handles.WorldBase)
    def _sample_buffer(self, kernel=None):
        """The velocity sample rows (one per body slot) when some body averages several samples, else None."""
        b = self._state.bodies
        n = b.count
        if not n:
            return None
        need = (kernel or _backend.kernel("step")).scan_bodies(b.real, b.ints, n)[3]
        if need <= 1:
            return None
        buf = self._samples
        if buf is None or buf.shape[0] < b.real.shape[0] or buf.shape[1] < 6 * need:
            new = np.zeros((b.real.shape[0], 6 * need), dtype=b.real.dtype)
            if buf is not None:
                new[:buf.shape[0], :buf.shape[1]] = buf[:new.shape[0]]
            self._samples = buf = new
        return buf

    def _refuse_body(self, slot: int) -> None:
        """Raise the error of a step that produced a non-finite state for the body in ``slot`` (the step
        has been undone)."""
        body = self._state.body_objects.get(slot)
        raise ODEError(f"the step produced a non-finite state for {body!r} (slot {slot}); the step was "
                       "undone: reduce the step size or check forces, masses, CFM and joints")

    def _refuse_joint(self, slot: int) -> None:
        """Raise the error of a step refused because the hinge-2 joint in ``slot`` has parallel axes."""
        joint = self._state.joint_objects.get(slot)
        raise ODEError(f"{joint!r} (joint slot {slot}) has parallel axes 1 and 2 at the step; the step was "
                       "not taken: set non-parallel axes")

    def _after_step(self, kernel=None) -> None:
        """Refuse non-finite states (naming the body); call the moved callbacks of the bodies that moved.

        The callbacks are user code run after a step that succeeded: an exception from one propagates with
        the step taken (it is not undone), the remaining callbacks and the damping of this step skipped."""
        st = self._state
        n = st.bodies.count
        if kernel is None:
            kernel = _backend.kernel("step")
        moved, slot, damp, _ = kernel.scan_bodies(st.bodies.real, st.bodies.ints, n)
        if moved == 0:
            return
        if slot >= 0:
            self._refuse_body(slot)
        callbacks = st.moved_callbacks
        if callbacks:  # only bodies with a callback are visited, in slot order
            flags = st.bodies.ints[:, L.BI_MOVED]
            for slot in sorted(callbacks):
                cb = callbacks.get(slot)
                if cb is not None and flags[slot]:
                    cb(st.body_objects[slot])
        if damp:
            kernel.damp_bodies(st.bodies.real, st.bodies.ints, n)


MAX_SAMPLES = 256  # bound on averaged auto-disable samples (the buffer holds 6 reals per sample and body)
MAX_COUNT = 1 << 24  # bound on iteration and step counts (exact in the world's real array, even in float)


def _count(name: str, value, low: int, high: int = 2**31 - 1) -> int:
    """An int in [low, high], or TypeError / ValueError."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    v = int(value)
    if not low <= v <= high:
        raise ValueError(f"{name} must be in {low} .. {high}, not {v}")
    return v


def threshold_value(name: str, value) -> float:
    """A threshold or limit: a number >= 0, +inf allowed, not NaN."""
    x = _check.real_or_inf(name, value)
    if not x >= 0.0:
        raise ValueError(f"{name} must be >= 0, not {x!r}")
    return x


def nonnegative(name: str, value) -> float:
    """A finite number >= 0."""
    x = _check.real(name, value)
    if not x >= 0.0:
        raise ValueError(f"{name} must be >= 0, not {x!r}")
    return x


