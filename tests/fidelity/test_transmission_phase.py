"""TransmissionJoint phases against libode 0.16.2: wheels turning more than 1.42 rad per step, contacts
off the wheels' planes, and chain drives.

libode steps a wheel's phase by the angle its contact moved, measured from the contact point of the last
update, moved by whole turns to within pi of the turn w . n dt its angular velocity makes
(ode/_fallback/joints/transmission.py, ``_tr_phase_step``). The cases (tests/support/transmission_phase.py,
recorded by tools/record/record_transmission_phase.py) spin a wheel just below and just above the
turn-over, both ways, with parallel and intersecting axes, with the contacts off the wheels' planes, and
chain drives (libode's contact points, the branch of the chain picked by the sign of the phase error, and
the phases it starts from at an update), in both precisions.
"""

from __future__ import annotations

import math

import pytest
import recorded_cases
import transmission_phase

import ode

# Scaled deviation (scenes.deviation: relative above 1, absolute below) allowed over the STEPS steps. In
# double both engines agree to 6e-15 with the wheels in one plane and to 1.8e-9 off it (the torque of a row
# 1e6 N stiff, the hinge motors' force bound), chain drives to 3e-14. In single the off-plane feedback differs
# by up to 1.9e-3 from the first step on (float32 rounding of that stiff solve, either backend), the rest by
# 2.3e-5.
TOLERANCE = {"double": 1e-8, "single": 6e-3}
RECORDED = recorded_cases.load("transmission_phase", ode.precision)


def test_every_case_is_recorded():
    """The recording holds exactly the cases the support module defines."""
    assert set(RECORDED) == set(transmission_phase.case_names())


@pytest.mark.parametrize("name", transmission_phase.case_names())
def test_transmission_phase_matches_libode(name):
    """Phases, wheel spins and the joint's feedback follow libode's after each step."""
    recorded_cases.check(ode, transmission_phase, RECORDED, name, TOLERANCE[ode.precision])


@pytest.mark.parametrize("mode", ["parallel", "intersecting"])
def test_phase_steps_turn_over_past_the_threshold(mode):
    """In libode's recording and in ours, wheel 1's phase steps by about -1.42 rad at 172 rad/s and by
    2 pi - 1.43 rad at 173 rad/s (the step's turn-over)."""
    for rows in (RECORDED[f"{mode}_172"]["rows"], transmission_phase.run_case(ode, f"{mode}_172")[1]):
        assert -1.5 < rows[2][0] - rows[1][0] < -1.3
    for rows in (RECORDED[f"{mode}_173"]["rows"], transmission_phase.run_case(ode, f"{mode}_173")[1]):
        assert rows[2][0] - rows[1][0] == pytest.approx(2 * math.pi - 1.4263, abs=2e-3)


def test_offplane_phase_steps_vary_with_the_turn():
    """Contacts off the wheels' planes: at a steady 10 rad/s libode's phase steps of wheel 1 are not equal
    (they depend on the turn since the update), and ours follow them."""
    for rows in (RECORDED["offplane_10"]["rows"], transmission_phase.run_case(ode, "offplane_10")[1]):
        steps = [rows[k + 1][0] - rows[k][0] for k in range(1, len(rows) - 1)]
        assert max(steps) - min(steps) > 1e-4


CHAIN_CASES = [f"{geometry}_150" for geometry in transmission_phase.CHAIN]


@pytest.mark.parametrize("name", CHAIN_CASES)
def test_chain_first_phases_are_libodes_round_off(name):
    """A chain drive's phases after its first step are libode's to the bit: not 0 but the round-off of the
    wheel frame libode builds at the update (their sign picks the chain's branch for that step). The twin
    in single precision computes in doubles and rounds only what it stores, so its round-off is a double's
    (below 1e-15) where float32 libode's is about 1e-8: there it is held to that size, not to the bits."""
    ours = transmission_phase.run_case(ode, name)[1][0][:2]
    expected = RECORDED[name]["rows"][0][:2]
    if ode.precision == "single" and ode.backend == "python":
        assert all(abs(a) < 1e-15 for a in ours) and all(abs(b) < 1e-7 for b in expected)
    else:
        assert ours == expected


def _contact1_sides(labels, rows) -> str:
    """Side of the line of centres (y = 0) of sprocket 1's contact after each step: '+' or '-'."""
    y = labels.index("cp1") + 1
    return "".join("+" if row[y] > 0.0 else "-" for row in rows)


@pytest.mark.parametrize("name", ["chainbacklash_150", "chainresize_150"])
def test_chain_switches_branch_with_the_error(name):
    """The contacts move to the chain's other branch when the phase error changes sign, in libode and in
    ours at the same steps."""
    labels, rows = transmission_phase.run_case(ode, name)
    theirs = _contact1_sides(RECORDED[name]["labels"], RECORDED[name]["rows"])
    assert _contact1_sides(labels, rows) == theirs
    assert "+" in theirs and "-" in theirs


def test_chain_offplane_radii_are_measured():
    """Sprocket 2 off the common plane: libode's contact offsets are not the set radii, and the radii it
    reports after the update are their lengths (0.106 and 0.265 for 0.1 and 0.25); ours too."""
    name = "chainoffplane_150"
    labels, rows = transmission_phase.run_case(ode, name)
    r1 = labels.index("radius1")
    for got in (RECORDED[name]["rows"][-1], rows[-1]):
        assert got[r1] == pytest.approx(0.10603, abs=1e-5)
        assert got[r1 + 1] == pytest.approx(0.26507, abs=1e-5)
