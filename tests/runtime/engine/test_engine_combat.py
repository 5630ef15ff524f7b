"""Combat phase through the engine (DoM §9): declare then resolve, once per turn, the die
from the state's generator, retreats and advances (Figures 7 and 9), elimination (§9.3)."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    Advance,
    Declare,
    Decline,
    EndPhase,
    Resolve,
    Retreat,
    apply,
    engine_state,
    legal_actions,
    to_act,
)
from hexwright.runtime.state import ActionError

from .dom_positions import dom, position, seed_rolling

FIG7 = {"us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409", "us_5_10": "0407",
        "de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609"}
ATTACK_0509 = Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509")


def test_s9_figure7_declared_odds_in_the_log():
    m = dom()
    s = position(FIG7, phase="us_combat")
    s, entry = apply(m, s, ATTACK_0509)
    assert "ΔCF 14 → 10, fortified -3: column +4/+5" in entry.text
    s, entry = apply(m, s, Declare(attackers=("us_5_10",), hex="0507"))
    assert "column 0" in entry.text  # ΔCF 4, fortified and woods: only the largest (⇐3)
    assert [d.hex for d in engine_state(s).declared] == ["0507", "0509"]


def test_s9_each_attacker_attacks_and_each_defender_is_attacked_once_per_turn():
    m = dom()
    s = position(FIG7, phase="us_combat")
    s, _ = apply(m, s, Declare(attackers=("us_7_ccb",), hex="0509"))
    with pytest.raises(ActionError, match=r"US CCB/7 abde already attacks this turn at 0609 — §9\.1"):
        apply(m, s, Declare(attackers=("us_7_ccb",), hex="0609"))
    with pytest.raises(ActionError, match=r"already attacked this turn at 0509 — §9\.1"):
        apply(m, s, Declare(attackers=("us_5_11",), hex="0509"))
    assert all("us_7_ccb" not in a.attackers for a in legal_actions(m, s) if isinstance(a, Declare))
    with pytest.raises(ActionError, match="declared attacks are not resolved"):
        apply(m, s, EndPhase())


def test_s9_all_attacks_are_declared_before_the_first_is_resolved():
    m = dom()
    s = position(FIG7, phase="us_combat", seed=seed_rolling(5))  # "–" on +4/+5
    s, _ = apply(m, s, ATTACK_0509)
    s, _ = apply(m, s, Resolve(hex="0509"))
    assert not [a for a in legal_actions(m, s) if isinstance(a, Declare)]
    with pytest.raises(ActionError, match="every attack is declared before the first is resolved"):
        apply(m, s, Declare(attackers=("us_5_10",), hex="0507"))


def test_s9_2_figure9_d2_retreat_to_0607_and_advance_through_0509_to_0608():
    m = dom()
    s = position(FIG7, phase="us_combat", seed=seed_rolling(1))
    s, _ = apply(m, s, ATTACK_0509)
    s, entry = apply(m, s, Resolve(hex="0509"))
    assert "rolls 1: D2" in entry.text and entry.dice == (1,)
    assert s.rng.counter == 1 and s.last_roll == (1,)
    assert to_act(m, s) == "de"  # the owner chooses the retreat
    assert legal_actions(m, s) == [Retreat(unit="de_462_fhnjkr", path=("0608", "0607"))]
    with pytest.raises(ActionError, match=r"not a legal retreat of 2 hex\(es\).*— §9\.3"):
        apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0508", "0507")))
    s, entry = apply(m, s, Retreat(unit="de_462_fhnjkr", path=("0608", "0607")))
    assert s.hex_of("de_462_fhnjkr") == "0607"
    assert entry.side == "de"  # the log names the side that chose, not the phase's
    assert to_act(m, s) == "us"
    choices = legal_actions(m, s)
    assert Advance(unit="us_5_11", path=("0509", "0608")) in choices
    assert Advance(unit="us_7_ccb", path=("0509",)) in choices and Decline() in choices
    s, entry = apply(m, s, Advance(unit="us_5_11", path=("0509", "0608")))
    assert s.hex_of("us_5_11") == "0608" and "advance after combat" in entry.text and entry.side == "us"
    assert engine_state(s).frames == ()
    assert s.control["0509"] == "us"  # §7: passed through


def test_s9_3_a_retreat_blocked_by_a_unit_eliminates_the_defender():
    m = dom()
    s = position({**FIG7, "de_559_1125": "0607"}, phase="us_combat", seed=seed_rolling(1))
    s, _ = apply(m, s, ATTACK_0509)
    s, entry = apply(m, s, Resolve(hex="0509"))
    assert s.pieces["de_462_fhnjkr"].at.kind == "eliminated"
    assert "DE Fhnjkr/462 iregt eliminated (no legal retreat path at 0509 — §9.3)" in entry.text
    assert Advance(unit="us_5_11", path=("0509",)) in legal_actions(m, s)  # §9.5: or is eliminated
    s, _ = apply(m, s, Decline())
    assert legal_actions(m, s)[-1] == EndPhase()


def test_s9_2_a1_attackers_retreat_one_hex_and_the_defender_may_advance():
    m = dom()
    s = position({"us_5_10": "0407", "de_462_1010": "0507"}, phase="us_combat", seed=seed_rolling(6))
    s, _ = apply(m, s, Declare(attackers=("us_5_10",), hex="0507"))
    s, entry = apply(m, s, Resolve(hex="0507"))
    assert "rolls 6: A1" in entry.text
    assert to_act(m, s) == "us"
    retreats = legal_actions(m, s)
    assert retreats and all(isinstance(a, Retreat) and len(a.path) == 1 for a in retreats)
    s, _ = apply(m, s, retreats[0])
    assert to_act(m, s) == "de"
    assert Advance(unit="de_462_1010", path=("0407",)) in legal_actions(m, s)
    s, _ = apply(m, s, Advance(unit="de_462_1010", path=("0407",)))
    assert s.hex_of("de_462_1010") == "0407"


def test_s9_2_the_same_seed_gives_the_same_die_and_undoing_by_replay_rolls_it_again():
    m = dom()
    s = position(FIG7, phase="us_combat", seed=77)
    s, _ = apply(m, s, ATTACK_0509)
    a, ea = apply(m, s, Resolve(hex="0509"))
    b, eb = apply(m, s, Resolve(hex="0509"))
    assert a == b and ea == eb


def test_s2_1_division_command_adds_one_right_shift_when_the_optional_rule_is_on():
    m = dom()
    attack = Declare(attackers=("us_7_ccb", "us_7_ccr"), hex="0509")
    _, without = apply(m, position(FIG7, phase="us_combat"), attack)
    on = position(FIG7, phase="us_combat", optional_rules={"division_command": True})
    _, with_rule = apply(m, on, attack)
    assert "formation attack" not in without.text and "column +2/+3" in without.text  # ΔCF 8, ⇐3
    assert "formation attack +1: column +4/+5" in with_rule.text



def test_s9_5_after_a1_every_attacker_retreats_and_the_defender_may_advance_into_either_vacated_hex():
    m = dom()
    s = position({"us_5_10": "0408", "us_5_2": "0409", "de_462_fhnjkr": "0509"}, phase="us_combat",
                 seed=seed_rolling(6))
    s, _ = apply(m, s, Declare(attackers=("us_5_10", "us_5_2"), hex="0509"))
    s, entry = apply(m, s, Resolve(hex="0509"))
    assert "column 1" in entry.text and "A1" in entry.text  # ΔCF 6, fortified ⇐3
    for unit in ("us_5_10", "us_5_2"):
        retreat = legal_actions(m, s)[0]
        assert isinstance(retreat, Retreat) and retreat.unit == unit
        s, _ = apply(m, s, retreat)
    advances = {a.path for a in legal_actions(m, s) if isinstance(a, Advance)}
    assert advances == {("0408",), ("0409",)}
