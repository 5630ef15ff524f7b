"""A first-and-only action that costs less than the points held (``engine/tactical.py``), on the
synthetic tactical module of ``tests/support/operations_modules.py`` (after St-Lô 7.1.1 D, 7.1.2;
not St-Lô): the points left are forfeit at once, since no other action may follow."""

from __future__ import annotations

from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, Roll, apply, engine_state
from hexwright.runtime.state import initial_state


def test_7_1_2_a_first_and_only_action_that_is_not_paid_with_every_point_forfeits_the_rest():
    m = tactical_module()
    strategic = next(o for o in m.rules.sequence.procedures["activation"][1].steps[0].steps[0].options
                     if o.id == "strategic")
    strategic.cost.all = False
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())  # morale 5 − 1: four points
    assert engine_state(s).seq.pools["tap"]["blue"] == 4
    s, entry = apply(m, s, Choose(option="strategic"))
    assert "Strategic movement: 1 point(s)" in entry.text
    assert engine_state(s).seq.pools["tap"]["blue"] == 0
