"""A world's body state as NumPy arrays: bulk getters and validated bulk setters (mixed into ``World``).

Rows are bodies in **creation order**: the order in which the world's live bodies were created, a destroyed
body leaving the others in their order and a new body coming last, even when it reuses a freed slot. It is
the insertion order of ``WorldState.body_objects`` (slot -> Body; ``Body(world)`` inserts, ``destroy``
pops), so ``getBodies()`` and every array agree row for row, and stay stable while no body is created or
destroyed.

Getters return **new float64 arrays** (``getEnabled``: bool), not views of the state: a body's values are
one row of a structure-of-arrays block whose rows are slots (freed rows interleave with live ones, and
creation order is not slot order), the block is replaced when it grows, and in single precision it holds
float32. A view could be neither contiguous nor in body order and would silently go stale on growth, so a
copy in float64 -- the same numbers the per-body getters return as Python floats -- is the one safe choice.

Setters validate the whole array before writing anything (shape, a real numeric dtype -- ints are fine;
bool, complex, object and strings are refused -- finite values within the precision's range), raising
TypeError or ValueError naming the argument, so a bad array changes nothing. What they write is bit for bit
what a loop of the per-body setter in creation order writes, in both backends and precisions: values are
rounded to the precision as the per-body setters round them, quaternions are normalised as
``Body.setQuaternion`` does (the core in the precision's arithmetic, the twin in doubles), rotation
matrices go through the step kernel's ``rotation_from_matrix`` per body, and the pose setters then tell the
bodies' moves to the spaces in body order (``BodyBase._moved``), so geoms' dirty stamps, and the next
collide's pair order, are those of the loop.
"""

from __future__ import annotations

import numpy as np

from . import _backend
from . import _layout as L
from . import constants as C
from ._check import _MAX
from ._precision import REAL, precision
from ._state import BODY_DEATHS

# Arithmetic of Body.setQuaternion's normalisation: both backends load the quaternion as dReal (float32 in
# single precision); the compiled kernel computes in dReal, the twin in Python floats (doubles), rounding
# again when storing.
_QDTYPE = np.dtype(REAL) if _backend.backend == "core" else np.dtype(np.float64)

_JointBase = _backend.kernel("handles").JointBase

# The coordinates getJointValues reports per joint type: (value getter, rate getter) for each coordinate.
JOINT_COORDINATES = {
    C.JointTypeHinge: (("getAngle", "getAngleRate"),),
    C.JointTypeSlider: (("getPosition", "getPositionRate"),),
    C.JointTypeUniversal: (("getAngle1", "getAngle1Rate"), ("getAngle2", "getAngle2Rate")),
    C.JointTypeHinge2: (("getAngle1", "getAngle1Rate"), ("getAngle2", "getAngle2Rate")),
    C.JointTypePR: (("getPosition", "getPositionRate"), ("getAngle", "getAngleRate")),
    C.JointTypePU: (("getPosition", "getPositionRate"), ("getAngle1", "getAngle1Rate"),
                    ("getAngle2", "getAngle2Rate")),
    C.JointTypePiston: (("getPosition", "getPositionRate"), ("getAngle", "getAngleRate")),
}


def real_array(name: str, value, shape: tuple) -> np.ndarray:
    """``value`` as a float64 array of ``shape`` (``value`` itself when it is one: it is only read): a real
    numeric dtype (ints fine; bool, complex, object, strings refused with TypeError), finite and within the
    precision's range (ValueError), all naming ``name``."""
    a = _numeric(name, value, "iuf")
    if a.shape != shape:
        raise ValueError(f"{name} must have shape {shape}, not {a.shape}")
    if a.dtype.itemsize > 8:
        with np.errstate(over="ignore"):
            a = a.astype(np.float64)         # a longdouble beyond the double range becomes inf: refused below
    out = np.asarray(a, dtype=np.float64)
    if out.size == 0 or np.abs(out).max() <= _MAX:     # NaN fails the test too
        return out
    bad = ~np.isfinite(out)
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{name}{list(at)} must be finite, not {float(out[at])!r}")
    big = np.abs(out) > _MAX
    if big.any():
        at = tuple(int(i) for i in np.argwhere(big)[0])
        raise ValueError(f"{name}{list(at)} = {float(out[at])!r} overflows {precision} precision")
    return out


def _ndim(value) -> int:
    """The number of dimensions of ``value`` as an array, or -1 when it is not one (ragged lists)."""
    try:
        return np.ndim(value)
    except (ValueError, TypeError):
        return -1


def flag_array(name: str, value, n: int) -> np.ndarray:
    """``value`` as a bool array of shape (n,): bools or ints (nonzero is on, as ``_check.flag``)."""
    a = _numeric(name, value, "biu")
    if a.shape != (n,):
        raise ValueError(f"{name} must have shape {(n,)}, not {a.shape}")
    return a != 0


def _numeric(name: str, value, kinds: str) -> np.ndarray:
    """np.asarray(value), refused with TypeError unless its dtype kind is one of ``kinds``."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, not {type(value).__name__}")
    try:
        a = np.asarray(value)
    except (ValueError, TypeError) as e:        # ragged nested lists
        raise ValueError(f"{name} must be a rectangular array of numbers ({e})") from None
    if a.dtype.kind not in kinds and not (a.size == 0 and a.dtype.kind == "f"):   # [] is float64
        raise TypeError(f"{name} must be an array of {_KINDS[kinds]}, not of dtype {a.dtype}")
    return a


_KINDS = {"iuf": "real numbers (ints or floats)", "biu": "bools or ints"}


def normalized_quaternions(q: np.ndarray) -> tuple:
    """(q normalised, R from it) as ``Body.setQuaternion`` stores them, for an (n, 4) float64 array: the
    step kernel's ``rotation_from_quaternion`` (q_normalize, then q_to_r) with the same operations in the
    same order, in the backend's arithmetic (``_QDTYPE``: the compiled single build's reciprocal square root
    rounds as float32 ``1 / sqrt``, checked against the kernel on random quaternions). A quaternion whose
    squared length is not > 0 (underflow) becomes the identity, as there."""
    t = _QDTYPE.type
    q = q.astype(REAL).astype(_QDTYPE)   # loaded as the kernel's dReal array, then in its arithmetic
    with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
        q0, q1, q2, q3 = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
        ll = q0 * q0 + q1 * q1 + q2 * q2 + q3 * q3
        k = t(1) / np.sqrt(ll)
        qn = q * k[:, None]
        zero = ~(ll > 0)
        qn[zero] = (1, 0, 0, 0)
        return qn, _q_to_r(qn, t(2), t(1))


def _q_to_r(q: np.ndarray, two, one) -> np.ndarray:
    """Rotation matrices (n, 9) of unit quaternions, in q's dtype, in the rotation kernel's order."""
    q0, q1, q2, q3 = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    qq1 = two * q1 * q1
    qq2 = two * q2 * q2
    qq3 = two * q3 * q3
    R = np.empty((q.shape[0], 9), dtype=q.dtype)
    R[:, 0] = one - qq2 - qq3
    R[:, 1] = two * (q1 * q2 - q0 * q3)
    R[:, 2] = two * (q1 * q3 + q0 * q2)
    R[:, 3] = two * (q1 * q2 + q0 * q3)
    R[:, 4] = one - qq1 - qq3
    R[:, 5] = two * (q2 * q3 - q0 * q1)
    R[:, 6] = two * (q1 * q3 - q0 * q2)
    R[:, 7] = two * (q2 * q3 + q0 * q1)
    R[:, 8] = one - qq1 - qq2
    return R


def matrix_rotations(M: np.ndarray) -> tuple:
    """(q, R) as ``Body.setRotation`` stores them, for an (n, 9) float64 array of matrices: refused with
    ValueError naming the first matrix whose rows 0 and 1 are zero or parallel (as the per-body setter),
    then the step kernel's ``rotation_from_matrix`` per matrix (libode's dRtoQ and renormalisation branch
    per matrix, so they are not re-expressed here)."""
    c = np.stack((M[:, 1] * M[:, 5] - M[:, 2] * M[:, 4], M[:, 2] * M[:, 3] - M[:, 0] * M[:, 5],
                  M[:, 0] * M[:, 4] - M[:, 1] * M[:, 3]), axis=1)
    bad = (c == 0.0).all(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"R[{i}] must be a rotation matrix: its first two rows are zero or parallel")
    convert = _backend.kernel("step").rotation_from_matrix
    q = np.empty((M.shape[0], 4))
    R = np.empty((M.shape[0], 9))
    for i, m in enumerate(M.tolist()):
        q[i], R[i] = convert(m)
    return q, R


class WorldArrays:
    """The bulk state methods of ``World`` (see the module docstring for order, copies and validation)."""

    # ---- order
    def _order(self) -> tuple:
        """(bodies, rows): the live bodies in creation order and an index of their rows (a slice when
        they fill rows 0 .. n-1 in order, else an intp array), cached until a body is created (the dict
        grows) or any body destroyed (``BODY_DEATHS``): ``body_objects`` changes only in ``Body()`` and
        ``Body.destroy``."""
        st = self._state
        objs = st.body_objects
        with st.lock:
            key = (len(objs), BODY_DEATHS[0])
            hit = self.__dict__.get("_arrays_order")
            if hit is not None and hit[0] == key and hit[1] is st:
                return hit[2], hit[3]
            bodies = list(objs.values())
            slots = np.fromiter(objs.keys(), dtype=np.intp, count=len(bodies))
            n = len(bodies)
            rows = slice(0, n) if np.array_equal(slots, np.arange(n)) else slots
            self._arrays_order = (key, st, bodies, rows)
            return bodies, rows

    def getBodies(self) -> list:
        """The world's live bodies in creation order: row i of every state array is ``getBodies()[i]``."""
        return list(self._order()[0])

    def getNumBodies(self) -> int:
        """The number of live bodies (rows of the state arrays)."""
        return len(self._state.body_objects)

    # ---- getters
    def _columns(self, col: int, k: int) -> np.ndarray:
        """A new float64 (n, k) array of k real columns from ``col``, one row per body in creation order."""
        st = self._state
        with st.lock:
            slots = self._order()[1]
            return st.bodies.real[slots, col:col + k].astype(np.float64)

    def getPositions(self) -> np.ndarray:
        """The bodies' positions, a new float64 array (n, 3)."""
        return self._columns(L.B_POS, 3)

    def getQuaternions(self) -> np.ndarray:
        """The bodies' orientation quaternions (w, x, y, z), a new float64 array (n, 4)."""
        return self._columns(L.B_Q, 4)

    def getRotations(self) -> np.ndarray:
        """The bodies' rotation matrices, a new float64 array (n, 3, 3)."""
        return self._columns(L.B_R, 9).reshape(-1, 3, 3)

    def getLinearVels(self) -> np.ndarray:
        """The bodies' linear velocities, a new float64 array (n, 3)."""
        return self._columns(L.B_LVEL, 3)

    def getAngularVels(self) -> np.ndarray:
        """The bodies' angular velocities (world frame), a new float64 array (n, 3)."""
        return self._columns(L.B_AVEL, 3)

    def getForces(self) -> np.ndarray:
        """The bodies' force accumulators, a new float64 array (n, 3)."""
        return self._columns(L.B_FACC, 3)

    def getTorques(self) -> np.ndarray:
        """The bodies' torque accumulators, a new float64 array (n, 3)."""
        return self._columns(L.B_TACC, 3)

    def getEnabled(self) -> np.ndarray:
        """The bodies' enabled flags, a new bool array (n,)."""
        st = self._state
        with st.lock:
            slots = self._order()[1]
            return st.bodies.ints[slots, L.BI_ENABLED] != 0

    # ---- setters
    def _store(self, col: int, name: str, value, k: int, add: bool = False) -> list:
        """Validate ``value`` as (n, k) and store it into k columns from ``col`` (added to them when
        ``add``: in double, then rounded, as ``addForce``); the bodies, in creation order."""
        st = self._state
        with st.lock:
            bodies, slots = self._order()
            v = real_array(name, value, (len(bodies), k))
            rows = st.bodies.real
            if add:
                with np.errstate(over="ignore"):     # a sum beyond float32 is stored as inf, as addForce does
                    rows[slots, col:col + k] = rows[slots, col:col + k].astype(np.float64) + v
            else:
                rows[slots, col:col + k] = v
        return bodies

    @staticmethod
    def _tell_moved(bodies: list) -> None:
        """Tell the spaces the bodies moved, in order, as each per-body pose setter does after its write."""
        for body in bodies:
            body._moved()

    def setPositions(self, positions) -> None:
        """Set every body's position from an (n, 3) array: as ``setPosition`` on each body in order."""
        self._tell_moved(self._store(L.B_POS, "positions", positions, 3))

    def setLinearVels(self, vels) -> None:
        """Set every body's linear velocity from an (n, 3) array."""
        self._store(L.B_LVEL, "vels", vels, 3)

    def setAngularVels(self, vels) -> None:
        """Set every body's angular velocity (world frame) from an (n, 3) array."""
        self._store(L.B_AVEL, "vels", vels, 3)

    def setForces(self, forces) -> None:
        """Set every body's force accumulator from an (n, 3) array."""
        self._store(L.B_FACC, "forces", forces, 3)

    def setTorques(self, torques) -> None:
        """Set every body's torque accumulator from an (n, 3) array."""
        self._store(L.B_TACC, "torques", torques, 3)

    def addForces(self, forces) -> None:
        """Add an (n, 3) array of forces (world frame, at the centres of mass): as ``addForce`` per body."""
        self._store(L.B_FACC, "forces", forces, 3, add=True)

    def addTorques(self, torques) -> None:
        """Add an (n, 3) array of torques (world frame): as ``addTorque`` per body."""
        self._store(L.B_TACC, "torques", torques, 3, add=True)

    def setQuaternions(self, quaternions) -> None:
        """Set every body's orientation from an (n, 4) array of quaternions (w, x, y, z), each normalised
        and its rotation matrix refreshed, as ``setQuaternion`` does; a zero quaternion is refused."""
        st = self._state
        with st.lock:
            bodies, slots = self._order()
            q = real_array("quaternions", quaternions, (len(bodies), 4))
            zero = (q == 0.0).all(axis=1)
            if zero.any():
                raise ValueError(f"quaternions[{int(np.argmax(zero))}] must not be the zero quaternion")
            qn, R = normalized_quaternions(q)
            self._write_pose(slots, qn, R)
        self._tell_moved(bodies)

    def setRotations(self, rotations) -> None:
        """Set every body's orientation from an (n, 3, 3) (or (n, 9)) array of rotation matrices, as
        ``setRotation`` does (the quaternion from the matrix, the matrix renormalised)."""
        st = self._state
        with st.lock:
            bodies, slots = self._order()
            n = len(bodies)
            shape = (n, 9) if _ndim(rotations) == 2 else (n, 3, 3)
            M = real_array("rotations", rotations, shape).reshape(n, 9)
            q, R = matrix_rotations(M)
            self._write_pose(slots, q, R)
        self._tell_moved(bodies)

    def _write_pose(self, slots, q: np.ndarray, R: np.ndarray) -> None:
        """Store quaternions and rotation matrices into the bodies' rows (rounded to the precision)."""
        rows = self._state.bodies.real
        rows[slots, L.B_Q:L.B_Q + 4] = q
        rows[slots, L.B_R:L.B_R + 9] = R

    def setEnabled(self, enabled) -> None:
        """Enable (True, nonzero) or disable each body from an (n,) array, as ``enable()`` / ``disable()``
        per body: enabling restarts the body's idle countdowns and velocity sampling, even when it was
        enabled already; disabling only clears the flag."""
        st = self._state
        with st.lock:
            bodies, slots = self._order()
            on = flag_array("enabled", enabled, len(bodies))
            ints, real = st.bodies.ints, st.bodies.real
            ints[slots, L.BI_ENABLED] = on
            up = np.arange(len(bodies))[on] if isinstance(slots, slice) else slots[on]
            ints[up, L.BI_AD_STEPSLEFT] = ints[up, L.BI_AD_STEPS]
            real[up, L.B_AD_TIMELEFT] = real[up, L.B_AD_TIME]
            ints[up, L.BI_AD_SAMPLE] = 0

    # ---- joints
    def getJointValues(self, joints) -> tuple:
        """(values, rates) of a sequence of joints of this world: two new float64 arrays (m, k), row i for
        ``joints[i]``, k the most coordinates any of them has; unused entries are NaN. The coordinates per
        joint type are ``JOINT_COORDINATES``: hinge (angle), slider (position), universal and hinge-2 (angle
        1, angle 2), PR (position, angle), PU (position, angle 1, angle 2), piston (position, angle); each
        value comes from the joint's own getter (``getAngle``, ``getPositionRate``, ...), so the arrays equal
        the per-joint calls bit for bit."""
        if isinstance(joints, (str, bytes)) or not hasattr(joints, "__len__"):
            raise TypeError(f"joints must be a sequence of joints, not {type(joints).__name__}")
        specs = [self._joint_coordinates(i, j) for i, j in enumerate(joints)]
        k = max((len(s) for s in specs), default=0)
        values = np.full((len(specs), k), np.nan)
        rates = np.full((len(specs), k), np.nan)
        for i, (joint, spec) in enumerate(zip(joints, specs)):
            for c, (value, rate) in enumerate(spec):
                values[i, c] = getattr(joint, value)()
                rates[i, c] = getattr(joint, rate)()
        return values, rates

    def _joint_coordinates(self, i: int, joint) -> tuple:
        """The (value, rate) getter names of ``joints[i]``, refusing what is not a joint of this world with
        coordinates (TypeError / ValueError; a destroyed joint raises its own ODEError)."""
        if not isinstance(joint, _JointBase):
            raise TypeError(f"joints[{i}] must be an ode joint, not {type(joint).__name__}")
        if joint._world is not self:
            raise ValueError(f"joints[{i}] belongs to another world")
        kind = int(joint._rows.ints[joint._live_slot(), L.JI_TYPE])
        spec = JOINT_COORDINATES.get(kind)
        if spec is None:
            raise TypeError(f"joints[{i}] ({type(joint).__name__}) has no angle or position coordinates")
        return spec
