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
