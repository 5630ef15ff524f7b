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


def _activated_in_box(m, hq: str):
    """``m``'s game with ``hq`` activated and left in its box (``place_with_units`` false)."""
    from operations_modules import HQ_ROLL

    m.rules.sequence.procedures["activation"][0] = HQ_ROLL.model_copy(update={"place_with_units": False})
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target=hq))
    s, _ = apply(m, rigged(s, 1), Roll())
    return s


def test_7_3_1_an_hq_left_in_its_box_traces_no_line_of_communication():
    """7.3.1: the HQ traces its line from its hex; one activated but left in its box has none, so
    a movement costs three points (7.3.2)."""
    m = tactical_module()
    s = _activated_in_box(m, "b_hq2")
    assert s.pieces["b_hq2"].at.kind == "box"
    s, entry = apply(m, s, Choose(option="movement"))
    assert "Movement: 3 point(s) (no line of communication)" in entry.text


def test_7_1_an_action_paid_in_points_is_not_open_outside_an_activation():
    """A module offering a paid action in the operations choice itself, where no HQ is active: not
    offered, and refused with the reason."""
    import pytest

    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.model.sequence import ChoiceOption
    from hexwright.runtime.state import ActionError

    m = tactical_module()
    movement = next(o for o in m.rules.sequence.procedures["activation"][1].steps[0].steps[0].options
                    if o.id == "movement")
    choice = m.rules.sequence.phases["operations"][0].steps[0]
    choice.options = [*choice.options, ChoiceOption(**{**movement.model_dump(), "id": "loose"})]
    s = initial_state(m, "ops", 1)
    assert "loose" not in [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]
    with pytest.raises(ActionError, match=r"Movement: no activation is running — 7\.1"):
        apply(m, s, Choose(option="loose"))


def test_15_0_a_an_air_strike_is_not_chosen_by_a_side_the_pool_gives_no_points():
    """The air strike's procedure (a fire mission paid from ``air``) is not among blue's operations
    when the pool gives points to red only."""
    from fire_modules import choices_fire_module

    from hexwright.runtime.engine import legal_actions

    m = choices_fire_module()
    s = initial_state(m, "choices", 3)
    assert "air_strike" in [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]
    m.rules.pools["air"].initial = {"red": 1}
    s = initial_state(m, "choices", 3)
    assert [a.option for a in legal_actions(m, s) if isinstance(a, Choose)] == ["barrage", "pass"]


def test_7_1_2_the_points_forfeit_after_a_first_and_only_action_leave_the_pool_at_zero():
    """With a pool whose minimum is below zero (module data), the points left after a first-and-only
    action go to zero, not to the minimum."""
    m = tactical_module()
    m.rules.pools["tap"].min = -3
    strategic = next(o for o in m.rules.sequence.procedures["activation"][1].steps[0].steps[0].options
                     if o.id == "strategic")
    strategic.cost.all = False
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, entry = apply(m, s, Choose(option="strategic"))
    assert engine_state(s).seq.pools["tap"]["blue"] == 0 and "— 7.1; Blue Tactical action points: 0;" in entry.text


def test_7_1_1_an_activation_whose_roll_fills_no_pool_has_no_points_to_spend():
    """An HQ roll with no ``pool`` (module data): the activation runs, but the side holds no
    tactical action points, so every paid action is closed and refused as costing more than 0."""
    import pytest
    from operations_modules import HQ_ROLL

    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.state import ActionError

    m = tactical_module()
    m.rules.sequence.procedures["activation"][0] = HQ_ROLL.model_copy(update={"pool": None})
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    assert engine_state(s).seq.activation is not None and "tap" not in engine_state(s).seq.pools
    assert legal_actions(m, s) == [Choose(option="end")]
    with pytest.raises(ActionError, match=r"^Movement: costs 1, 0 left — 7\.1$"):
        apply(m, s, Choose(option="movement"))


def _option(m, oid: str):
    return next(o for o in m.rules.sequence.procedures["activation"][1].steps[0].steps[0].options if o.id == oid)


def test_7_1_battalion_only_actions_are_closed_to_an_hq_whose_units_on_the_map_are_companies():
    """Strategic movement and the deliberate attack are for battalions (``sizes`` II): b_hq2 orders
    three companies, and its battalion waits on the display: neither is open."""
    import pytest

    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.state import ActionError

    m = tactical_module()
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0505"))
    offered = [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]
    assert "movement" in offered and "strategic" not in offered and "deliberate" not in offered
    with pytest.raises(ActionError, match=r"^Deliberate attack: no unit may take part — 7\.1$"):
        apply(m, s, Choose(option="deliberate"))
    s, entry = apply(m, s, Choose(option="movement"))
    assert "Movement: 1 point(s), Blue b_c1 co, Blue b_c2 co — 7.1" in entry.text  # b_c3 beyond the radius


def test_7_3_2_an_action_taking_every_point_still_costs_its_price_without_a_line():
    """Strategic movement made to cost three without a line of communication (module data): with
    two points left it is not open, though it takes every point."""
    import pytest

    from hexwright.runtime.state import ActionError

    m = tactical_module()
    m.rules.supply.max_length = 1  # the HQ at 0303 is two hexes from its depot
    strategic = _option(m, "strategic")
    strategic.cost = strategic.cost.model_copy(update={"without_loc": 3, "without_loc_allowed": True})
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 3), Roll())  # morale 5 − 3: two points
    assert engine_state(s).seq.pools["tap"]["blue"] == 2
    with pytest.raises(ActionError, match=r"^Strategic movement: costs 3, 2 left — 7\.1$"):
        apply(m, s, Choose(option="strategic"))


def test_12_2_a_procedure_that_starts_with_a_breakdown_is_closed_when_the_breakdown_is():
    """A module's breakdown procedure with a movement after it: the battalion that lost a step may
    not break down (12.2 A), so the option is not open — the procedure's first step decides."""
    from hexwright.runtime.engine import legal_actions
    from hexwright.runtime.model.sequence import ActionsStep
    from hexwright.runtime.state import SetStep
    from hexwright.runtime.state import apply as state_apply

    m = tactical_module()
    m.rules.sequence.procedures["breakdown"] = [
        *m.rules.sequence.procedures["breakdown"],
        ActionsStep(id="after", name="Movement", allow=["move"], units="activated", section="8.1")]
    s, _ = state_apply(m, initial_state(m, "ops", 1), SetStep(piece="b_bn", step=1))
    s, _ = apply(m, s, Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    assert "breakdown" not in [a.option for a in legal_actions(m, s) if isinstance(a, Choose)]


def test_7_1_the_activation_counts_the_actions_it_paid_for():
    """The count the save keeps (and 7.1.2's first-and-only rule reads): one, then two."""
    from hexwright.runtime.engine import EndPhase

    m = tactical_module()
    s, _ = apply(m, initial_state(m, "ops", 1), Choose(option="activate", target="b_hq"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="movement"))
    assert engine_state(s).seq.activation.actions == 1
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Choose(option="movement"))
    assert engine_state(s).seq.activation.actions == 2
