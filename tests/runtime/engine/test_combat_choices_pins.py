"""The players' choices around one combat (``engine/combat_choices.py``) on the synthetic combat
module of ``tests/support/combat_modules.py`` (after Traces of Victory 7.1, 10.2.3; not ToV):
the refusals and the defender's air support declined or capped."""

from __future__ import annotations

import pytest
from combat_modules import combat_module, fighting

from hexwright.runtime.engine import Choose, Declare, EndPhase, Support, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import air_points_for_attack
from hexwright.runtime.state import ActionError, initial_state


def red_attacks(m):
    """Red's whole side attacks blue's 0404; blue holds the air points."""
    s = initial_state(m, "act", 0)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("r_1", "r_2"), hex="0404"))
    return s


def test_10_2_3_a_game_without_combat_intensity_offers_none():
    m = combat_module()
    m.rules.combat.intensity = None
    s = fighting(m)
    with pytest.raises(ActionError, match=r"no combat intensity of \+1 \(offered: none in this game\) — 10\.2"):
        apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504", intensity=1))
    assert all(a.intensity == 0 for a in legal_actions(m, s) if isinstance(a, Declare))


def test_7_1_only_the_side_with_air_support_spends_air_points_on_an_attack():
    m = combat_module(code="A1", air=1)
    s = initial_state(m, "act", 0)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())
    with pytest.raises(ActionError, match=r"this side has no air support to spend on an attack — 7\.1"):
        apply(m, s, Declare(attackers=("r_1", "r_2"), hex="0404", air=1))
    assert all(a.air == 0 for a in legal_actions(m, s) if isinstance(a, Declare))


def test_7_1_the_defender_may_decline_its_air_support_and_keeps_its_points():
    m = combat_module(code="A1", air=1)
    s = red_attacks(m)
    s, entry = apply(m, s, Support(points=0))
    assert entry.text == "no air support for the defence of 0404"
    assert engine_state(s).seq.pools["air"]["blue"] == 1
    assert engine_state(s).top is None and engine_state(s).declared[0].defense_air == 0


def test_7_1_the_defender_spends_at_most_one_point_per_hex_and_no_more_than_it_holds():
    m = combat_module(code="A1", air=2)
    s = red_attacks(m)
    assert [a for a in legal_actions(m, s) if isinstance(a, Support)] == [Support(points=0), Support(points=1)]
    with pytest.raises(ActionError, match=r"at most 1 air point\(s\) on this defence at 0404 — 7\.1"):
        apply(m, s, Support(points=2))


def test_7_1_air_support_is_chosen_only_when_the_defence_is_asked():
    m = combat_module(code="A1", air=1)
    with pytest.raises(ActionError, match=r"no air support is to be chosen now — 7\.1"):
        apply(m, fighting(m), Support(points=1))


def test_7_1_a_defender_without_points_is_not_asked():
    m = combat_module(code="A1", air=0)
    s = red_attacks(m)
    assert engine_state(s).top is None


def test_tov_7_1_the_air_points_an_attack_may_spend_are_the_air_sides_pool_at_most_max_per_hex():
    """The attack dialog's limit: blue holds 2, one per hex (ToV 7.1) → 1; with none → 0; red → 0."""
    m = combat_module(air=2)
    assert air_points_for_attack(m, fighting(m)) == 1
    m.rules.combat.air_support.max_per_hex = 3
    assert air_points_for_attack(m, fighting(m)) == 2
    none = combat_module(air=0)
    assert air_points_for_attack(none, fighting(none)) == 0
    assert air_points_for_attack(m, red_attacks(m)) == 0
    m.rules.combat.air_support = None
    assert air_points_for_attack(m, fighting(m)) == 0


def test_10_3_a_step_loss_is_allocated_only_when_one_is_owed():
    from hexwright.runtime.engine import LoseStep

    m = combat_module()
    with pytest.raises(ActionError, match=r"no step loss is to be allocated now — 10\.2"):
        apply(m, fighting(m), LoseStep(unit="b_1"))


def test_10_2_3_7_1_an_attack_without_intensity_or_air_shows_neither_and_spends_nothing():
    """Both choices are in the game, neither is taken: the odds name no intensity or air, no air
    point is spent or logged, and the resolution names no defence air either."""
    from hexwright.runtime.engine import Resolve

    m = combat_module()
    s, entry = apply(m, fighting(m), Declare(attackers=("b_1", "b_2"), hex="0504"))
    assert entry.text == "attack declared: Blue b_1 regt, Blue b_2 regt on Red r_1 regt in 0504 (ΔCF 2: column +2/+3)"
    assert engine_state(s).seq.pools["air"]["blue"] == 2
    _, entry = apply(m, s, Resolve(hex="0504"))
    assert entry.text.startswith("Blue attacks 0504: ΔCF 2: column +2/+3; rolls ")


def test_7_1_the_defenders_air_point_shifts_the_column_and_leaves_the_die_alone():
    """One point for the defence: one column left (ΔCF 2 reads column 1), no DRM, the roll unmodified."""
    from hexwright.runtime.engine import Resolve

    m = combat_module(code="A1", air=1)
    s, _ = apply(m, red_attacks(m), Support(points=1))
    _, entry = apply(m, s, Resolve(hex="0404"))
    assert entry.text.startswith("Red attacks 0404: ΔCF 2, air support (defence) -1: column 1; rolls 4: A1 (A1)")
    assert "modified" not in entry.text and "DRM" not in entry.text


def test_7_1_a_side_without_the_air_support_has_no_air_points_even_where_the_pool_holds_some():
    """The pool gives red points too, but air support is blue's: red declares no air and is not
    asked to support its defence."""
    m = combat_module(air=2)
    m.rules.pools["air"].initial = {"blue": 2, "red": 2}
    s = fighting(m)
    s, _ = apply(m, s, Declare(attackers=("b_1", "b_2"), hex="0504"))
    assert engine_state(s).top is None or engine_state(s).top.proc != "support"
    assert air_points_for_attack(m, red_attacks(m)) == 0


def test_7_1_red_declares_no_air_in_a_game_whose_air_support_is_blues():
    m = combat_module(air=2)
    m.rules.pools["air"].initial = {"blue": 2, "red": 2}
    s = initial_state(m, "act", 0)
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, s, EndPhase())
    declares = [a for a in legal_actions(m, s) if isinstance(a, Declare)]
    assert declares and all(a.air == 0 for a in declares)


def test_7_1_the_air_side_without_a_value_in_the_pool_has_no_points():
    m = combat_module(air=2)
    m.rules.pools["air"].initial = {}
    s = fighting(m)
    assert air_points_for_attack(m, s) == 0
    assert all(a.air == 0 for a in legal_actions(m, s) if isinstance(a, Declare))
    assert engine_state(red_attacks(m)).top is None  # blue is not asked to support its defence


def test_7_1_an_attack_may_spend_the_last_air_point():
    m = combat_module(air=1)
    s, entry = apply(m, fighting(m), Declare(attackers=("b_1", "b_2"), hex="0504", air=1))
    assert engine_state(s).seq.pools["air"]["blue"] == 0 and "Blue Air points: 0" in entry.text


def test_10_2_3_7_1_each_declaration_is_offered_once():
    m = combat_module(air=2)
    m.rules.combat.air_support.max_per_hex = 2
    declares = [a for a in legal_actions(m, fighting(m)) if isinstance(a, Declare)]
    assert {(a.intensity, a.air) for a in declares} == {(i, a) for i in (0, 1, 2) for a in (0, 1, 2)}
    assert len(declares) == len(set(declares))


@pytest.mark.parametrize(("roll_when", "code", "rolled"), [
    ("defender_lost", "DL1", True), ("defender_lost", "DX", False), ("always", "DX", True)])
def test_10_2_3_the_intensity_roll_follows_a_defenders_step_loss_or_every_result_as_the_module_says(
        roll_when, code, rolled):
    """``roll_when``: after every result (10.2.3 "after the results"), or only when the defender
    lost a step — among other effects (``DL1``); a defender's effect that costs no step (``DX``)
    rolls nothing then."""
    from hexwright.runtime.engine import Resolve, Roll
    from hexwright.runtime.model import ResultCode, ResultEffect

    m = combat_module(code, owner=False)
    m.tables.crts["crt"].results |= {
        "DL1": ResultCode(name="DL1", effects=[ResultEffect(who="defender", what="step_loss"),
                                               ResultEffect(who="defender", what="other")]),
        "DX": ResultCode(name="DX", effects=[ResultEffect(who="defender", what="other")])}
    m.rules.combat.intensity.roll_when = roll_when
    s, _ = apply(m, fighting(m), Declare(attackers=("b_1", "b_2"), hex="0504", intensity=1))
    s, _ = apply(m, s, Resolve(hex="0504"))
    assert (Roll() in legal_actions(m, s)) is rolled


def test_10_2_3_7_1_the_attack_dialogs_odds_ignore_an_intensity_or_air_points_the_game_does_not_have():
    from hexwright.runtime.engine.attacks import attack_odds

    m = combat_module()
    m.rules.combat.intensity = None
    m.rules.combat.air_support = None
    s = fighting(m)
    plain = attack_odds(m, s, ("b_1", "b_2"), "0504")
    asked = attack_odds(m, s, ("b_1", "b_2"), "0504", intensity=1, air=1)
    assert (asked.column_label, asked.shifts, asked.drm) == (plain.column_label, plain.shifts, plain.drm) == ("+2/+3", [], 0)
