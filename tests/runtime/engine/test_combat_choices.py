"""Combat intensity, attacker casualties, owner-allocated step losses, air support and several
units advancing, as module data (``rules.json`` ``combat.intensity``, ``casualty``,
``loss_allocation``, ``air_support``, ``advance.units``), on a synthetic module after Traces of
Victory 7.1, 10.2.3, 10.3 and 10.5: every die from the game's generator and logged, every
choice a real legal action of the side that makes it, refusals citing the section."""

from __future__ import annotations

import pytest
from combat_modules import combat_module, fighting, seed_rolling

from hexwright.runtime.engine import (
    ENGINE,
    Advance,
    Choose,
    Declare,
    Decline,
    EndPhase,
    LoseStep,
    Resolve,
    Retreat,
    Roll,
    Support,
    apply,
    engine_state,
    legal_actions,
    to_act,
    to_step,
)
from hexwright.runtime.state import ActionError, Game, initial_state


def attack(m, seed: int, **choices):
    s = fighting(m, seed)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", **choices))
    return apply(m, s, Resolve(hex="0504"))


def through_losses_and_retreat(m, s):
    """Red flips both units (one step each, 10.3) and retreats r_2 then r_1."""
    s, _ = apply(m, s, LoseStep(unit="r_1"))
    s, _ = apply(m, s, LoseStep(unit="r_2"))
    for _ in ("r_1", "r_2"):
        top = engine_state(s).top
        if top is not None and top.proc == "retreat":
            s, _ = apply(m, s, next(a for a in legal_actions(m, s) if isinstance(a, Retreat)))
    return s


def test_10_2_3_intensity_is_declared_with_the_attack_and_shifts_the_column():
    m = combat_module()
    s = fighting(m)
    declares = [a for a in legal_actions(m, s) if isinstance(a, Declare) and a.attackers == ("b_1", "b_2")]
    assert {(a.intensity, a.air) for a in declares} == {(i, a) for i in (0, 1, 2) for a in (0, 1)}
    plain = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))[1].text
    shifted = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", intensity=2))[1].text
    assert "combat intensity" not in plain and "combat intensity +2" in shifted
    with pytest.raises(ActionError, match=r"no combat intensity of \+3 \(offered: \+1, \+2\) — 10\.2\.3"):
        apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", intensity=3))


def test_10_2_3_7_1_the_attack_dialogs_odds_shift_only_for_the_intensity_and_air_points_chosen():
    """``attack_odds`` (what the attack dialog shows): no choice, no shift; intensity +2 and one
    air point (two columns, 7.1) shift as a Declare with them would — nothing is spent."""
    from hexwright.runtime.engine import attack_odds

    m = combat_module(air=2)
    s = fighting(m)
    plain = attack_odds(m, s, ("b_1", "b_2"), "0504")
    assert [(x.source, x.shift) for x in plain.shifts] == []
    chosen = attack_odds(m, s, ("b_1", "b_2"), "0504", intensity=2, air=1)
    assert sorted((x.source, x.shift) for x in chosen.shifts) == [("air ground support", 2), ("combat intensity", 2)]
    assert engine_state(s).seq.pools["air"]["blue"] == 2


def test_10_2_3_7_1_an_attack_shifted_off_the_table_is_offered_with_each_choice_that_brings_it_back():
    """Woods shift 0504 one column left: b_1 alone (4 against 10) is shifted off the table, not
    allowed (``shifted_off_table: no_attack``); intensity, air points or both shift it back, and
    each such declaration is offered — not the plain one."""
    from hexwright.runtime.model import CombatEffect, HexData

    m = combat_module()
    m.map.hexes["0504"] = m.map.hexes.get("0504", HexData()).model_copy(update={"terrain": "woods"})
    m.tables.terrain_effects.combat["woods"] = CombatEffect(shift=-1)
    m.rules.combat.shifted_off_table = "no_attack"
    for u in ("r_1", "r_2"):
        m.pieces.pieces[u].steps[0].combat = 5
    s = fighting(m)
    offered = {(a.intensity, a.air) for a in legal_actions(m, s) if isinstance(a, Declare) and a.attackers == ("b_1",)}
    assert offered == {(1, 0), (2, 0), (0, 1), (1, 1), (2, 1)}
    with pytest.raises(ActionError, match=r"shifted below the lowest column"):
        apply(m, s, Declare(attackers=("b_1",), hex="0504"))


def test_10_3_the_owner_allocates_the_step_losses_before_retreating():
    """"2" against a stack: red chooses which units lose the steps — both flipped, or one twice."""
    m = combat_module()
    s, entry = attack(m, 1)
    assert "2R*" in entry.text and to_act(m, s) == "red"
    assert legal_actions(m, s) == [LoseStep(unit="r_1"), LoseStep(unit="r_2")]
    with pytest.raises(ActionError, match="b_1 cannot take this loss"):
        apply(m, s, LoseStep(unit="b_1"))
    both = through_losses_and_retreat(m, s)
    assert both.pieces["r_1"].step == 1 and both.pieces["r_2"].step == 1
    s, _ = apply(m, s, LoseStep(unit="r_1"))
    assert legal_actions(m, s) == [LoseStep(unit="r_1"), LoseStep(unit="r_2")]
    s, entry = apply(m, s, LoseStep(unit="r_1"))
    assert "r_1 regt loses its last step: eliminated" in entry.text
    assert s.hex_of("r_1") is None and s.pieces["r_2"].step == 0
    assert engine_state(s).top.proc == "retreat"  # then the survivors retreat


def test_10_3_each_unit_loses_the_steps_where_the_module_says_so():
    """The default (DoM, St-Lô): a step loss hits every unit of the stack, nobody chooses."""
    m = combat_module(owner=False)
    s, _ = attack(m, 1)
    assert s.hex_of("r_1") is None and s.hex_of("r_2") is None  # two steps each: both gone


def test_10_3_a_loss_nobody_has_to_choose_is_taken_at_once():
    """One defender left, or no more steps than the loss: the engine takes them."""
    m = combat_module()
    m.scenarios["act"].setup = [p for p in m.scenarios["act"].setup if p.piece != "r_2"]
    s, entry = attack(m, 1)
    assert s.hex_of("r_1") is None and "loses its last step" in entry.text
    assert engine_state(s).top.proc == "advance"


def test_10_3_a_loss_of_every_step_of_the_stack_is_taken_at_once_unit_by_unit_in_the_stacks_order():
    """Four steps against r_1 and r_2 (two each): no more steps than the loss, so nobody is asked;
    r_1 loses both its steps, then r_2, and the log says so in that order."""
    from hexwright.runtime.model import ResultCode, ResultEffect

    m = combat_module("D4")
    m.tables.crts["crt"].results["D4"] = ResultCode(name="D4", effects=[
        ResultEffect(who="defender", what="step_loss", amount=4)])
    s, entry = attack(m, 1)
    assert not any(isinstance(a, LoseStep) for a in legal_actions(m, s))
    assert s.hex_of("r_1") is None and s.hex_of("r_2") is None
    assert entry.text.split("— 9.2; ", 1)[1] == (
        "Red r_1 regt loses a step (step 2); Red r_1 regt loses its last step: eliminated in 0504; "
        "Red r_2 regt loses a step (step 2); Red r_2 regt loses its last step: eliminated in 0504")


def test_10_3_attacker_casualties_on_a_6_after_advancing_an_advancing_unit_first():
    m = combat_module()
    s, _ = attack(m, seed_rolling(3, 6))          # CRT die 3, casualty die 6
    s = through_losses_and_retreat(m, s)
    assert to_act(m, s) == "blue"
    s, _ = apply(m, s, Advance(unit="b_2", path=("0504",)))
    s, _ = apply(m, s, Decline())
    assert legal_actions(m, s) == [Roll()]
    s, entry = apply(m, s, Roll())
    assert entry.dice == (6,) and "attacker casualties roll: 6: one attacking unit loses a step — 10.3" in entry.text
    assert s.pieces["b_2"].step == 1 and s.pieces["b_1"].step == 0  # the advancing unit, no choice left


def test_10_3_no_casualty_on_another_face():
    m = combat_module()
    s, _ = attack(m, seed_rolling(3, 5))
    s = through_losses_and_retreat(m, s)
    s, _ = apply(m, s, Decline())
    s, entry = apply(m, s, Roll())
    assert "attacker casualties roll: 5: no loss" in entry.text
    assert engine_state(s).frames == () and s.pieces["b_1"].step == s.pieces["b_2"].step == 0


@pytest.mark.parametrize(("intensity", "face", "lost"), [(1, 2, True), (1, 3, False), (2, 4, True), (2, 5, False)])
def test_10_2_3_intensity_roll_after_the_result_the_attacker_picks_the_unit(intensity, face, lost):
    m = combat_module()
    s, _ = attack(m, seed_rolling(3, 5, face), intensity=intensity)   # CRT, casualty 5, intensity die
    s = through_losses_and_retreat(m, s)
    s, _ = apply(m, s, Decline())
    s, _ = apply(m, s, Roll())                     # the casualty check: no loss
    assert legal_actions(m, s) == [Roll()]
    s, entry = apply(m, s, Roll())
    assert entry.dice == (face,) and f"combat intensity roll: {face}" in entry.text and "10.2.3" in entry.text
    if lost:
        assert to_act(m, s) == "blue" and legal_actions(m, s) == [LoseStep(unit="b_1"), LoseStep(unit="b_2")]
        s, _ = apply(m, s, LoseStep(unit="b_1"))
        assert s.pieces["b_1"].step == 1
    assert engine_state(s).frames == ()


def test_10_5_any_or_all_of_the_attackers_advance_one_by_one():
    m = combat_module()
    s, _ = attack(m, seed_rolling(3, 5))
    s = through_losses_and_retreat(m, s)
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Advance)} == {"b_1", "b_2"}
    s, _ = apply(m, s, Advance(unit="b_1", path=("0504",)))
    assert [a for a in legal_actions(m, s) if isinstance(a, Advance)] == [Advance(unit="b_2", path=("0504",))]
    s, _ = apply(m, s, Advance(unit="b_2", path=("0504",)))
    assert s.hex_of("b_1") == s.hex_of("b_2") == "0504"
    assert legal_actions(m, s) == [Roll()]


def test_7_1_air_ground_support_spends_a_pool_point_for_two_columns_one_per_hex():
    m = combat_module(air=2)
    s = fighting(m)
    s2, entry = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", air=1))
    assert "air ground support +2" in entry.text and "Blue Air points: 1" in entry.text
    assert engine_state(s2).seq.pools["air"]["blue"] == 1
    with pytest.raises(ActionError, match=r"at most 1 air point\(s\) per attacked hex at 0504 — 7\.1"):
        apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", air=2))
    none = combat_module(air=0)
    with pytest.raises(ActionError, match=r"only 0 air point\(s\) left this turn at 0504 — 7\.1"):
        apply(none, fighting(none), Declare(attackers=("b_1", "b_2"), hex="0504", air=1))
    assert all(a.air == 0 for a in legal_actions(none, fighting(none)) if isinstance(a, Declare))


def test_7_1_the_defender_with_air_points_may_spend_one_for_a_column_left():
    """Red attacks blue: blue, holding air points, chooses after the declaration (a shift of -1)."""
    m = combat_module(code="A1", air=1)
    s = initial_state(m, "act", 0)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())            # red's whole side is activated: movement
    s, entry = apply(m, s, Declare(attackers=("r_1", "r_2"), hex="0404"))
    assert to_act(m, s) == "blue" and legal_actions(m, s) == [Support(points=0), Support(points=1)]
    with pytest.raises(ActionError, match="finish the support first"):
        apply(m, s, Resolve(hex="0404"))
    s, entry = apply(m, s, Support(points=1))
    assert "air support for the defence of 0404: 1 point(s) — 7.1" in entry.text
    assert engine_state(s).seq.pools["air"]["blue"] == 0
    s, entry = apply(m, s, Resolve(hex="0404"))
    assert "air support (defence) -1" in entry.text


def test_10_2_3_7_1_a_game_with_every_choice_replays_bit_exact_and_undoes():
    m = combat_module()
    game = Game(m, "act", seed_rolling(3, 6, 1), engine=ENGINE)
    for f in ("b_d1", "b_d2"):
        game.do(to_step(Choose(option="divisions", target=f)))
    game.do(to_step(EndPhase()))
    game.do(to_step(Declare(attackers=("b_1", "b_2"), hex="0504", intensity=1, air=1)))
    game.do(to_step(Resolve(hex="0504")))
    while engine_state(game.state).frames:
        game.do(to_step(legal_actions(m, game.state)[0]))
    end = game.state
    again = Game(m, "act", game.seed, engine=ENGINE)
    again.extend(game.actions)
    assert again.state == end and again.state_hash() == game.state_hash()
    assert any("combat intensity roll: 1" in e.text for e in game.entries)
    game.undo()
    assert game.state != end
    game.redo()
    assert game.state == end


def test_10_4_12_4_units_in_a_fortification_ignore_r_and_retreat_one_less():
    """ToV 12.4: "not required to retreat on an 'R' combat result" — the 2R* leaves red in its
    fortification after the losses; the advance finds the hex held."""
    from hexwright.runtime.model import HexData, HexFeature
    from hexwright.runtime.model.combat_options import RetreatReduction
    from hexwright.runtime.model.map import HexFeatureType

    m = combat_module()
    m.map.hex_feature_types["fortification"] = HexFeatureType(name="Fortification", kind="other")
    m.map.hexes.setdefault("0504", HexData()).features.append(HexFeature(type="fortification"))
    m.rules.combat.retreat.reduce_in = [RetreatReduction(features=["fortification"], sides=["red"])]
    m.rules.combat.retreat.section = "10.4"
    s, entry = attack(m, seed_rolling(3, 5))
    assert "no retreat in 0504 — 10.4" in entry.text
    s, _ = apply(m, s, LoseStep(unit="r_1"))
    s, _ = apply(m, s, LoseStep(unit="r_2"))
    assert s.hex_of("r_1") == s.hex_of("r_2") == "0504"
    assert legal_actions(m, s) == [Roll()]       # no retreat, no advance: the casualty check


@pytest.mark.parametrize(("sides", "note"), [(["red"], "a retreat of 1 in 0504 — 10.4"), (["blue"], None)])
def test_10_4_12_4_a_retreat_shortened_by_the_defenders_hex_is_logged_a_full_one_is_not(sides, note):
    """ToV 12.4 ("retreat one on 'RR'"): red in a fortification retreats 1 of the 2 and the log
    says so; where only blue's units are helped by it, red retreats both hexes and nothing is noted."""
    from hexwright.runtime.model import HexData, HexFeature, ResultCode, ResultEffect
    from hexwright.runtime.model.combat_options import RetreatReduction
    from hexwright.runtime.model.map import HexFeatureType

    m = combat_module("RR")
    m.tables.crts["crt"].results["RR"] = ResultCode(name="RR", effects=[
        ResultEffect(who="defender", what="retreat", amount=2)])
    m.map.hex_feature_types["fortification"] = HexFeatureType(name="Fortification", kind="other")
    m.map.hexes.setdefault("0504", HexData()).features.append(HexFeature(type="fortification"))
    m.rules.combat.retreat.reduce_in = [RetreatReduction(features=["fortification"], sides=sides)]
    m.rules.combat.retreat.section = "10.4"
    s, entry = attack(m, 1)
    assert engine_state(s).top.proc == "retreat" and engine_state(s).top.length == (1 if note else 2)
    assert (note in entry.text) if note else "retreat" not in entry.text


def test_10_2_a_unit_that_retreated_in_the_activation_adds_no_defence_when_attacked_again():
    """ToV 10.2, 10.4: the units red retreated in blue's activation are recorded; attacked again
    in their new hex in the same activation, they add nothing (here: all of them, so the highest
    column); where the module does not say so, they defend as usual."""
    from hexwright.runtime.engine import attack_odds

    m = combat_module()
    m.rules.combat.retreated_add_no_defense = True
    s, _ = attack(m, seed_rolling(3, 5))
    s = through_losses_and_retreat(m, s)
    moved = {s.hex_of("r_1"), s.hex_of("r_2")}
    assert engine_state(s).seq.activation.retreated == ("r_1", "r_2")
    hex = sorted(moved)[0]
    odds = attack_odds(m, s, ("b_1",), hex)
    assert odds.defense == 0 and odds.column_label == m.tables.crts["crt"].columns[-1].label
    m.rules.combat.retreated_add_no_defense = False
    assert attack_odds(m, s, ("b_1",), hex).defense > 0
