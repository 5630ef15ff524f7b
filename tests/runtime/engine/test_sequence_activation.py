"""What an activation allows, as module data, on a synthetic module (after Traces of Victory
4.3 SHAEF / OB West, 10.0, 10.1 and St-Lô 9.1): a choice of two divisions to order, several
attacks per activation, attacks declared and resolved one by one, each hex attacked once."""

from __future__ import annotations

import pytest
from sequence_modules import MOVE_THEN_FIGHT, activation_module

from hexwright.runtime.engine import (
    Choose,
    Declare,
    EndPhase,
    Move,
    Resolve,
    apply,
    engine_state,
    legal_actions,
    step_prompt,
    to_act,
)
from hexwright.runtime.model.sequence import ActionsStep, Activation, UnitSelect
from hexwright.runtime.state import ActionError, initial_state


def start(m=None, seed: int = 1):
    m = m or activation_module()
    return m, initial_state(m, "act", seed)


def divisions(m, s, *picks: str):
    for f in picks:
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    return s


def to_combat(m, s):
    """End the movement step of the activation running."""
    s, _ = apply(m, s, EndPhase())
    assert any(isinstance(a, Declare) for a in legal_actions(m, s))
    return s


def to_combat_step(m, s):
    """End the movement step of the activation running, whatever the combat step offers."""
    s, _ = apply(m, s, EndPhase())
    return s


# -- ToV 4.3 SHAEF / OB West: "any two divisions" ------------------------------------------------


def test_4_3_shaef_offers_an_hq_or_two_divisions_as_real_choices():
    m, s = start()
    assert to_act(m, s) == "blue"
    assert legal_actions(m, s) == [Choose(option="divisions", target="b_d1"), Choose(option="divisions", target="b_d2"),
                                   Choose(option="divisions", target="b_d3"), Choose(option="hq", target="b_hq"),
                                   Choose(option="pass")]  # b_army is an army, not a division


def test_4_3_shaef_two_divisions_are_picked_one_by_one_and_activated():
    m, s = start()
    s, entry = apply(m, s, Choose(option="divisions", target="b_d1"))
    assert "Blue picks 1st Division (1 of up to 2)" in entry.text
    # while picking, only the other divisions are open: not the HQ, not pass, not the same division again
    assert legal_actions(m, s) == [Choose(option="divisions", target="b_d2"), Choose(option="divisions", target="b_d3")]
    with pytest.raises(ActionError, match="not a choice now"):
        apply(m, s, Choose(option="hq", target="b_hq"))
    with pytest.raises(ActionError, match="not a choice now"):
        apply(m, s, Choose(option="divisions", target="b_d1"))
    s, entry = apply(m, s, Choose(option="divisions", target="b_d3"))
    assert "Blue chooses Two divisions: 1st Division, 3rd Division" in entry.text
    act = engine_state(s).seq.activation
    assert act is not None and act.units == ("b_1", "b_2", "b_4")  # b_3 (2nd Division) and the HQ are not
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} <= {"b_1", "b_2", "b_4"}
    with pytest.raises(ActionError, match="b_3 regt is not activated"):
        apply(m, s, Move(unit="b_3", to="0305"))


def test_4_3_the_picks_are_undone_with_the_log():
    """A pick is an action in the game's log: undo takes it back (a Game replays its log)."""
    from hexwright.runtime.engine import ENGINE, to_step
    from hexwright.runtime.state import Game

    game = Game(activation_module(), "act", 1, engine=ENGINE)
    game.do(to_step(Choose(option="divisions", target="b_d2")))
    assert engine_state(game.state).seq.picked == ("b_d2",)
    game.undo()
    assert engine_state(game.state).seq.picked == () and legal_actions(game.module, game.state)[0] == \
        Choose(option="divisions", target="b_d1")


def test_4_3_fewer_divisions_than_the_count_end_the_picking_by_themselves():
    m = activation_module()
    m.rules.sequence.phases["blue_orders"][0].options[1].formations = ["b_d2"]
    m, s = start(m)
    s, entry = apply(m, s, Choose(option="divisions", target="b_d2"))
    assert "Two divisions: 2nd Division;" in entry.text and engine_state(s).seq.activation.units == ("b_3",)


def test_4_3_min_count_lets_the_side_stop_early():
    m = activation_module()
    m.rules.sequence.phases["blue_orders"][0].options[1].min_count = 1
    m, s = start(m)
    s, _ = apply(m, s, Choose(option="divisions", target="b_d2"))
    assert Choose(option="divisions") in legal_actions(m, s)
    s, entry = apply(m, s, Choose(option="divisions"))
    assert "Two divisions: 2nd Division" in entry.text and engine_state(s).seq.activation.units == ("b_3",)


def test_4_3_the_phase_bar_names_the_divisions_and_the_end_of_picking():
    m = activation_module()
    m.rules.sequence.phases["blue_orders"][0].options[1].min_count = 1
    m, s = start(m)
    labels = [label for label, _a in step_prompt(m, s).choices]
    assert labels == ["Two divisions: 1st Division", "Two divisions: 2nd Division", "Two divisions: 3rd Division",
                      "Activate an HQ: Blue b_hq regt", "Pass"]
    s, _ = apply(m, s, Choose(option="divisions", target="b_d1"))
    labels = [label for label, _a in step_prompt(m, s).choices]
    assert labels == ["Two divisions: done", "Two divisions: 2nd Division", "Two divisions: 3rd Division"]


# -- attacks per activation (ToV 10.0, St-Lô 9.1 A) ---------------------------------------------------


def with_attacks(attacks: int, per_step: int | None = None, fights: int = 1):
    m = activation_module()
    move, fight = MOVE_THEN_FIGHT
    steps = [move] + [fight.model_copy(update={"id": f"fight{i}", "attacks_per_unit": per_step})
                      for i in range(fights)]
    m.rules.sequence.procedures["division_activation"] = [Activation(
        id="div_act", name="Division activation", section="4.3", attacks=attacks,
        select=UnitSelect(by="formation", formations_from="choice"), steps=steps)]
    return m


def test_10_0_one_attack_per_activated_unit_by_default():
    """ToV 10.0: a single activated unit can participate in only one combat in the same activation."""
    m, s = start(with_attacks(1))
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert not any(isinstance(a, Declare) and "b_1" in a.attackers for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"b_1 regt has made its 1 attack\(s\) in this activation"):
        apply(m, s, Declare(attackers=("b_1",), hex="0505"))


def test_more_than_one_attack_per_activation_where_the_module_allows_it():
    """Activation.attacks 2: b_1 attacks 0504, then 0505, in one activation; not a third time."""
    m, s = start(with_attacks(2))
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert Declare(attackers=("b_1",), hex="0505") in legal_actions(m, s)
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, Resolve(hex="0505"))
    act = engine_state(s).seq.activation
    assert act.attacked == {"b_1": 2}
    m.rules.combat.defend_once = "no"  # so the third attempt fails on the count, not on the hex
    with pytest.raises(ActionError, match=r"has made its 2 attack\(s\) in this activation"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))


def test_st_lo_9_1_a_once_per_attack_action_more_than_once_per_activation():
    """attacks_per_unit 1 on each of two combat steps: once per step, twice in the activation."""
    m, s = start(with_attacks(2, per_step=1, fights=2))
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    with pytest.raises(ActionError, match=r"has made its 1 attack\(s\) in this step"):
        apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, EndPhase())  # the next attack action
    assert Declare(attackers=("b_1",), hex="0505") in legal_actions(m, s)
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))


def test_st_lo_9_1_a_a_step_allowing_two_attacks_per_unit_counts_each_attack_once():
    """attacks_per_unit 2 on one combat step (activation attacks 3): b_1 attacks 0504, then 0505,
    in the same step; a third attack in that step is refused by the step's count, not before."""
    m, s = start(with_attacks(3, per_step=2))
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert engine_state(s).seq.activation.step_attacked == {"b_1": 1}
    assert Declare(attackers=("b_1",), hex="0505") in legal_actions(m, s)
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, Resolve(hex="0505"))
    m.rules.combat.defend_once = "no"  # so the third attempt fails on the step's count, not on the hex
    with pytest.raises(ActionError, match=r"has made its 2 attack\(s\) in this step"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))


def test_an_activation_that_allows_no_attack_refuses_its_units_or_logs_the_override_at_warn():
    """Activation.attacks 0 (an activation to move only): its units are not offered an attack and
    are refused one; with combat at ``warn`` the attack goes ahead and the log says why it should not."""
    m, s = start(with_attacks(0))
    s = to_combat_step(m, divisions(m, s, "b_d1", "b_d2"))
    assert not any(isinstance(a, Declare) for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"b_1 regt has made its 0 attack\(s\) in this activation"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    m.rules.enforcement = {"combat": "warn"}
    s, entry = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    assert "override: Blue b_1 regt may not attack: this activation allows no attack" in entry.text


def test_an_attack_in_the_movement_step_is_refused_or_let_through_with_an_override_at_warn():
    """The movement step allows no attack: refused, naming the phase; with the step's enforcement
    ``warn`` (``step.move``) the attack goes ahead and the log says it should not have."""
    m, s = start(with_attacks(1))
    s = divisions(m, s, "b_d1", "b_d2")
    with pytest.raises(ActionError, match=r"attacks are made in a combat phase, not now \(Blue orders\)"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    m.rules.enforcement = {"step.move": "warn"}
    s, entry = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    assert "override: attacking not now (Movement)" in entry.text


def test_10_1_attacks_are_declared_and_resolved_one_by_one_each_hex_once():
    """ToV 10.1: declare, compute, roll — one combat at a time (combat.declare_all_first false);
    10.0: each hex can only be attacked once in each activation (combat.defend_once hex)."""
    m, s = start(with_attacks(2))
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    assert not any(isinstance(a, Declare) for a in legal_actions(m, s))
    with pytest.raises(ActionError, match="resolve the attack on 0504 first"):
        apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert not any(isinstance(a, Declare) and a.hex == "0504" for a in legal_actions(m, s))
    with pytest.raises(ActionError, match=r"already attacked this turn at 0504"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0505"))  # another hex: fine


def test_a_second_activation_in_the_phase_declares_again():
    """The bookkeeping of attacks is per activation: after one activation fought, the next one may."""
    m = with_attacks(1)
    m.rules.sequence.phases["blue_orders"] = m.rules.sequence.phases["blue_orders"] * 2
    m, s = start(m)
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    s, _ = apply(m, s, EndPhase())
    assert to_act(m, s) == "blue" and engine_state(s).seq.activation is None
    s = to_combat(m, divisions(m, s, "b_d1", "b_d3"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))


def test_step_warn_lets_an_extra_attack_through_with_an_override():
    m = with_attacks(1)
    m.rules.enforcement = {"combat": "warn"}
    m, s = start(m)
    s = to_combat(m, divisions(m, s, "b_d1", "b_d2"))
    s, _ = apply(m, s, Declare(attackers=("b_1",), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    s, entry = apply(m, s, Declare(attackers=("b_1",), hex="0505"))
    assert "override: Blue b_1 regt has made its 1 attack(s) in this activation" in entry.text


def test_actions_step_model_defaults_keep_one_attack():
    assert ActionsStep().attacks_per_unit is None and Activation(steps=[ActionsStep()]).attacks == 1
