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


def test_9_4_4_the_deliberate_attacks_drm_counts_when_any_attacker_is_of_the_activation():
    """A deliberate attack's +1 goes with the attack of an activated unit, also when another unit
    joins it (possible at ``warn``); an attack by units outside the activation has none."""
    from hexwright.runtime.engine.attacks import attack_odds
    from hexwright.runtime.model import Placement

    m = tactical_module()
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece not in ("r_c", "b_c1")] + [
        Placement(piece="r_c", hex="0304"), Placement(piece="b_c1", hex="0404")]
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="deliberate"))
    assert [(x.source, x.drm) for x in attack_odds(m, s, ("b_bn", "b_c1"), "0304").drms] == [("Deliberate attack", 1)]
    assert attack_odds(m, s, ("b_c1",), "0304").drms == []
