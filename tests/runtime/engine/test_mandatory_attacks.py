"""Attacks on every adjacent enemy unit at once and attacks that must be made, as module data
(``combat.all_adjacent``, an actions step's ``must_attack``), on a synthetic module (after
St-Lô 9.1 B–D, 9.1.1, 9.1.2, 9.2.1 C, 27.2 A–D)."""

from __future__ import annotations

import pytest
from builders import add_unit
from operations_modules import rigged, tactical_module

from hexwright.runtime.engine import Choose, Declare, EndPhase, Resolve, Roll, apply, engine_state, legal_actions
from hexwright.runtime.engine.attacks import attack_odds
from hexwright.runtime.model import Placement
from hexwright.runtime.state import ActionError, initial_state


def hasty(must: bool = True):
    """b_hq2 at 0606 with b_c2; b_c1 at 0607; red r_c at 0707 and r_c2 at 0706; a CRT with no effect."""
    m = tactical_module()
    crt = m.tables.crts["crt"]
    crt.cells = [["-"] * len(crt.columns) for _ in crt.rows]
    add_unit(m, "r_c2", "red", combat=1, movement=3, size="I")
    m.scenarios["ops"].setup = [p for p in m.scenarios["ops"].setup if p.piece != "b_c1"] + [
        Placement(piece="b_c1", hex="0607"), Placement(piece="r_c2", hex="0706")]
    m.rules.combat.all_adjacent = True
    m.rules.sequence.procedures["attack"][0].must_attack = must
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, s, Choose(option="activate", target="b_hq2"))
    s, _ = apply(m, rigged(s, 1), Roll())
    s, _ = apply(m, s, Choose(option="place", target="0606"))
    s, _ = apply(m, s, Choose(option="hasty"))
    return m, s


def declares(m, s) -> list[Declare]:
    return [a for a in legal_actions(m, s) if isinstance(a, Declare)]


def test_9_1_1_an_attack_is_on_every_adjacent_enemy_unit_their_defence_summed():
    """9.1.1: b_c2 (0606) is next to r_c (0707) and r_c2 (0706): one attack, defence 1 + 1."""
    m, s = hasty()
    odds = attack_odds(m, s, ("b_c2",), "0707")
    assert sorted(odds.defenders) == ["r_c", "r_c2"] and odds.defense == 2
    assert Declare(attackers=("b_c2",), hex="0706") in declares(m, s)  # named by its first hex, once
    assert Declare(attackers=("b_c2",), hex="0707") not in declares(m, s)


def test_9_1_b_every_eligible_unit_must_attack_before_the_action_ends():
    """9.1 B, 27.2 C: both companies are in an EZOC: the action ends only once each has attacked
    (9.1.2 A: once each); 27.2 D: one TAP for both attacks."""
    m, s = hasty()
    assert EndPhase() not in legal_actions(m, s)  # the engine does not offer what it would refuse
    with pytest.raises(ActionError, match=r"b_c1 co, Blue b_c2 co must still attack every adjacent enemy unit — 9\.1"):
        apply(m, s, EndPhase())
    s, _ = apply(m, s, Declare(attackers=("b_c2",), hex="0706"))
    s, _ = apply(m, s, Resolve(hex="0706"))
    assert all(d.attackers == ("b_c1",) for d in declares(m, s))
    with pytest.raises(ActionError, match="b_c1 co must still attack"):
        apply(m, s, EndPhase())
    hex = declares(m, s)[0].hex
    s, _ = apply(m, s, Declare(attackers=("b_c1",), hex=hex))
    s, _ = apply(m, s, Resolve(hex=hex))
    assert EndPhase() in legal_actions(m, s)
    s, _ = apply(m, s, EndPhase())
    assert engine_state(s).seq.pools["tap"]["blue"] == 4 and Choose(option="end") in legal_actions(m, s)


def test_9_1_b_without_must_attack_the_action_may_end_at_once():
    m, s = hasty(must=False)
    assert EndPhase() in legal_actions(m, s)
    s, _ = apply(m, s, EndPhase())
    assert not declares(m, s)
