"""The labels the play window's phase bar gives the choices of a procedure that is not played
on the board (``engine/prompt.py``), each on the synthetic module of the rule it belongs to:
step losses (ToV 10.3), the rolls after a combat (10.2.3), the defender's air support (7.1),
the fire of a combat (St-Lô 10.4, 10.5), the unit counter-battery fire disorganizes (22.1.2 B),
the armoured asset the differential costs (9.4.1 E) and the assets sent back (3.1.4.2 B) —
and no list where the choice is made on the board (a retreat, 9.3)."""

from __future__ import annotations

from combat_modules import combat_module, seed_rolling
from fire_modules import choices_fire_module, combat_fire_module, counter_battery_fired, declared_attack
from operations_modules import assets_module, rigged

from hexwright.runtime.engine import (
    Choose,
    Declare,
    Decline,
    EliminateExcess,
    EndPhase,
    LoseStep,
    Resolve,
    Retreat,
    apply,
    engine_state,
    legal_actions,
    step_prompt,
)
from hexwright.runtime.state import initial_state


def labels(m, s) -> list[str]:
    return [label for label, _a in step_prompt(m, s).choices]


def fighting(seed: int):
    """Blue has ordered its 1st and 2nd divisions and is in the combat step (b_1, b_2 next to red's 0504)."""
    m = combat_module()
    s = initial_state(m, "act", seed)
    for f in ("b_d1", "b_d2"):
        s, _ = apply(m, s, Choose(option="divisions", target=f))
    s, _ = apply(m, s, EndPhase())
    return m, s


def test_tov_10_3_each_step_loss_to_allocate_is_labelled_with_the_unit():
    m, s = fighting(seed_rolling(3))
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert engine_state(s).top.proc == "losses"
    assert labels(m, s) == ["Lose a step: Red r_1 regt", "Lose a step: Red r_2 regt"]
    assert [a for _l, a in step_prompt(m, s).choices] == legal_actions(m, s)


def test_tov_9_3_a_retreat_is_chosen_on_the_board_not_in_the_bar():
    m, s = fighting(seed_rolling(3))
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    s, _ = apply(m, s, Resolve(hex="0504"))
    for unit in ("r_1", "r_2"):
        s, _ = apply(m, s, LoseStep(unit=unit))
    assert engine_state(s).top.proc == "retreat" and any(isinstance(a, Retreat) for a in legal_actions(m, s))
    assert step_prompt(m, s).choices == []


def test_tov_10_2_3_the_rolls_after_a_combat_say_what_they_are_for():
    m, s = fighting(seed_rolling(3, 5, 1))  # 2R*, casualties 5 (none), intensity 1 (a step)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", intensity=2))
    s, _ = apply(m, s, Resolve(hex="0504"))
    for unit in ("r_1", "r_2"):
        s, _ = apply(m, s, LoseStep(unit=unit))
    while engine_state(s).top is not None and engine_state(s).top.proc in ("retreat", "advance"):
        s, _ = apply(m, s, next(a for a in legal_actions(m, s) if isinstance(a, (Retreat, Decline))))
    assert labels(m, s) == ["Roll for attacker casualties"]
    s, _ = apply(m, s, legal_actions(m, s)[0])
    assert labels(m, s) == ["Roll for combat intensity"]
    s, _ = apply(m, s, legal_actions(m, s)[0])
    assert labels(m, s) == ["Lose a step: Blue b_1 regt", "Lose a step: Blue b_2 regt"]


def test_tov_7_1_the_defender_is_offered_its_air_points_or_none():
    m = combat_module()
    s = initial_state(m, "act", 3)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())  # red moves nothing
    s, _ = apply(m, s, Declare(attackers=("r_1",), hex="0404"))
    assert engine_state(s).top.proc == "support"
    assert labels(m, s) == ["No air support for the defence", "Air support for the defence: 1 point(s)"]


def test_st_lo_10_4_10_5_a_combats_fires_name_the_mission_units_op_and_value_and_no_fire():
    m = combat_fire_module()
    s = declared_attack(m)
    shown = {label: a for label, a in step_prompt(m, s).choices}
    assert shown.pop("No fire") == Decline()
    assert shown and all(label.startswith("On-call fire: ") for label in shown), shown
    one = next(label for label, a in shown.items() if a.units == ("b_a1",) and a.intensities == ("maximum",)
               and a.target == "0506" and a.op_hex == "0505")
    assert one == "On-call fire: Blue b_a1 regt maximum, OP at 0505 (OV 4) → +24"  # 2 × 3 × OV 4


def test_st_lo_22_1_2_b_the_unit_to_disorganize_is_named_not_a_hex_hit():
    m = choices_fire_module()
    s, _ = counter_battery_fired(m)
    assert engine_state(s).top.proc == "disorganize"
    assert labels(m, s) == [f"Disorganize Red r_a{n} regt" for n in (1, 2, 3)]


def test_st_lo_9_4_1_e_the_armoured_assets_the_differential_may_cost_are_named():
    m = assets_module()
    m.pieces.pieces["r_bn"].steps[0].anti_tank = 4
    s = initial_state(m, "fight", 1)
    s, _ = apply(m, s, Declare(attackers=("b_inf",), hex="0304", assets=("b_m4_1", "b_m4_2")))
    s, _ = apply(m, rigged(s, 1, 6, 4), Resolve(hex="0304"))
    assert legal_actions(m, s) == [EliminateExcess(unit="b_m4_1"), EliminateExcess(unit="b_m4_2")]
    assert labels(m, s) == ["Eliminate Blue b_m4_1 regt", "Eliminate Blue b_m4_2 regt"]


def test_st_lo_3_1_4_2_b_each_asset_the_owner_may_send_back_is_named_and_no_more():
    from .test_asset_choices import _reassign_module

    m, s = _reassign_module()
    assert engine_state(s).top.proc == "reassign"
    assert labels(m, s) == ["Reassign Blue b_m4_2 regt to its division", "Reassign Blue b_m4_3 regt to its division",
                            "No more reassignments"]
