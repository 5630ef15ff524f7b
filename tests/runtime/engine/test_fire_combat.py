"""Fire support in combat (``rules.json`` ``fire`` missions with ``combat``), on the synthetic
module of ``tests/support/fire_modules.py`` (after St-Lô 10.4 on-call and 10.5 defensive fire)."""

from __future__ import annotations

import pytest
from fire_modules import combat_fire_module, declared_attack

from hexwright.runtime.engine import Decline, Fire, Resolve, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import odds_for
from hexwright.runtime.engine.core import prepared
from hexwright.runtime.state import ActionError, initial_state


@pytest.fixture(scope="module")
def m():
    return combat_fire_module()


def test_10_4_the_attacker_fires_on_call_first_then_the_defender_and_both_add_to_the_combat(m):
    s = declared_attack(m)
    frame = engine_state(s).top
    assert frame is not None and frame.proc == "fire" and frame.side == "blue"
    offered = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert offered and all(a.mission == "on_call" and a.supports == "b_inf" and len(a.units) == 1 for a in offered)
    assert Decline() in legal_actions(m, s)
    assert not any("b_gs" in a.units for a in offered)  # another formation than the attacking unit's (10.4 B)
    s, entry = apply(m, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0505", units=("b_a1",),
                                intensities=("maximum",), supports="b_inf"))
    assert "+24 to the attack" in entry.text  # 2 × 3 × OV 4 (0505 is level 8, the target level 0, adjacent)
    assert engine_state(s).seq.missions == {"b_a1": 3}
    frame = engine_state(s).top
    assert frame is not None and frame.side == "red" and frame.result == "defend"
    defend = Fire(mission="defend", target="0505", op="r_op", op_hex="0506", units=("r_a1",), intensities=("normal",),
                  supports="r_inf")
    with pytest.raises(ActionError, match="not allowed"):
        apply(m, s, defend.model_copy(update={"intensities": ("rapid",)}))  # 10.5.1
    s, entry = apply(m, s, defend)  # next to the attacker's OP, in the defender's own hex: allowed (10.5.2 B)
    assert "+2 to the defence" in entry.text  # defensive 2 × 1 × OV 1
    dec = engine_state(s).declared[0]
    assert (dec.fire_attack, dec.fire_defense) == (24, 2)
    odds = odds_for(prepared(m, s), ("b_inf",), "0506", bonus=(dec.fire_attack, dec.fire_defense))
    assert (odds.attack, odds.defense) == (3 + 24, 4 + 2)
    s, entry = apply(m, s, Resolve(hex="0506"))
    assert "attacks 0506" in entry.text


def test_10_4_declining_on_call_fire_spends_nothing(m):
    s = declared_attack(m)
    s, entry = apply(m, s, Decline())
    assert "no On-call fire" in entry.text and engine_state(s).seq.missions == {}
    assert engine_state(s).top is not None and engine_state(s).top.side == "red"


def test_a_combat_mission_is_not_fired_outside_a_combat(m):
    s = initial_state(m, "clash", 3)
    with pytest.raises(ActionError):
        apply(m, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0505", units=("b_a1",),
                         intensities=("normal",), supports="b_inf"))


def test_10_5_2_the_defenders_op_keeps_out_of_the_attackers_op_hex_and_away_from_it(m):
    s = declared_attack(m)
    s, _ = apply(m, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0705", units=("b_a1",),
                            intensities=("normal",), supports="b_inf"))
    assert engine_state(s).declared[0].attack_op == "0705"
    defend = Fire(mission="defend", target="0505", op="r_op", op_hex="0705", units=("r_a1",), intensities=("normal",),
                  supports="r_inf")
    with pytest.raises(ActionError, match="enemy OP's hex 0705"):
        apply(m, s, defend)  # 10.5.2 C
    with pytest.raises(ActionError, match="next to the enemy OP at 0705"):
        apply(m, s, defend.model_copy(update={"op_hex": "0704"}))  # 10.5.2 B
    offered = [a.op_hex for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert offered and not {"0704", "0705", "0706"} & set(offered)
    s, entry = apply(m, s, defend.model_copy(update={"op_hex": "0305"}))
    assert "+2 to the defence" in entry.text


def test_10_5_2_a_defensive_fire_without_the_apart_rule_may_place_its_op_by_the_enemy_op():
    """``apart_from_enemy_op`` false: nothing keeps the defender's OP from the attacker's OP hex
    or its neighbours (the rule of 10.5.2 B-C is the module's to state)."""
    free = combat_fire_module()
    free.rules.fire.missions["defend"].apart_from_enemy_op = False
    s = declared_attack(free)
    s, _ = apply(free, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0705", units=("b_a1",),
                               intensities=("normal",), supports="b_inf"))
    s, entry = apply(free, s, Fire(mission="defend", target="0505", op="r_op", op_hex="0705", units=("r_a1",),
                                   intensities=("normal",), supports="r_inf"))
    assert "to the defence" in entry.text


def test_10_5_the_defenders_fires_are_labelled_with_the_value_they_add(m):
    """The phase bar's choices in the defender's fire frame are planned for the defender (its OP,
    its battery), not for the side whose phase it is: defensive 2 × OV 1 → +2."""
    from hexwright.runtime.engine import fire_options, step_prompt

    s, _ = apply(m, declared_attack(m), Decline())
    labels = [label for label, a in step_prompt(m, s).choices if isinstance(a, Fire)]
    assert labels and all(label.endswith("→ +2") for label in labels), labels
    options = fire_options(m, s, "defend", "0505")
    assert options.side == "red" and [u for u, _i in options.units] == ["r_a1"]


def test_10_5_2_only_the_enemys_op_keeps_an_op_apart_never_the_sides_own():
    """10.5.2 B-C keeps an OP from the *enemy's* OP: a mission of the attacking side with
    ``apart_from_enemy_op`` (a module may set it on any mission) may stand in or next to its own
    side's attack OP; the defender's may not."""
    from hexwright.runtime.engine.fire import _near_enemy_op

    strict = combat_fire_module()
    strict.rules.fire.missions["on_call"].apart_from_enemy_op = True
    s = declared_attack(strict)
    s, _ = apply(strict, s, Fire(mission="on_call", target="0506", op="b_op", op_hex="0705", units=("b_a1",),
                                 intensities=("normal",), supports="b_inf"))
    tx = prepared(strict, s)
    on_call, defend = strict.rules.fire.missions["on_call"], strict.rules.fire.missions["defend"]
    assert _near_enemy_op(tx, on_call, "0705", "blue") == "" and _near_enemy_op(tx, on_call, "0704", "blue") == ""
    assert "enemy OP's hex 0705" in _near_enemy_op(tx, defend, "0705", "red")
    assert "next to the enemy OP at 0705" in _near_enemy_op(tx, defend, "0704", "red")
