"""The Drive on Metz §4–§10 reviewed against the rulebook: the rules no other test pinned down
(ZOC across rivers, no retreat off the map, no return after elimination, advance across a
river, at most ⇒1 for division command, consecutive turns east of the Moselle)."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    Declare,
    EndPhase,
    Move,
    Resolve,
    apply,
    control_map,
    engine_state,
    legal_actions,
    scores,
)
from hexwright.runtime.rules import advance_paths, combat_odds, make_board, retreat_paths, zoc_of_side
from hexwright.runtime.state import ActionError, Location, MovePieces
from hexwright.runtime.state import apply as state_apply

from .dom_positions import dom, position, seed_rolling


def test_s5_figure3_zoc_reaches_across_river_hexsides_and_into_fortified_hexes():
    m = dom()
    board = make_board(m, {"de_3_8": "0609", "de_559_1127": "0708"})
    zoc = {board.hm.labels[i] for i in zoc_of_side(board, m.rules.zoc, "de")}
    assert "0509" in zoc  # fortified (Figure 3)
    assert "0608" in zoc  # across the Moselle from 0708 (Figure 9's river hexside)


def test_s8_1_3_a_retreat_never_leaves_the_map_the_unit_is_eliminated():
    m = dom()
    occ = {"de_462_1010": "0911", "us_5_2": "0811", "us_5_10": "0910"}
    res = retreat_paths(m, occ, "de_462_1010", 1)
    assert res.eliminated and res.paths == []
    assert "off the map is not allowed" in str(res.rulings[0]) and "§9.3" in str(res.rulings[0])
    s = position(occ, phase="us_combat", seed=seed_rolling(1))
    s, _ = apply(m, s, Declare(attackers=("us_5_10", "us_5_2"), hex="0911"))
    s, entry = apply(m, s, Resolve(hex="0911"))
    assert s.pieces["de_462_1010"].at.kind == "eliminated"
    assert "no legal retreat path (off the map is not allowed) at 0911 — §9.3" in entry.text


def test_s9_4_an_eliminated_unit_never_comes_back():
    m = dom()
    s = position({"us_5_2": "0307", "de_462_1010": "0701"})
    s, _ = state_apply(m, s, MovePieces(pieces=("us_5_2",), to=Location.off("eliminated")))
    assert not [a for a in legal_actions(m, s) if getattr(a, "unit", "") == "us_5_2"]
    with pytest.raises(ActionError, match="is not on the map nor in a box"):
        apply(m, s, Move(unit="us_5_2", to="0307"))


def test_s9_5_an_advance_may_cross_a_river_hexside_a_retreat_may_not():
    m = dom()
    assert advance_paths(m, {"us_5_11": "0608"}, "us_5_11", "0708") == [("0708",)]
    res = retreat_paths(m, {"de_462_fhnjkr": "0608", "us_5_11": "0508", "us_5_10": "0509"}, "de_462_fhnjkr", 1)
    assert all(p.hexes[0] not in ("0708", "0709") for p in res.paths)  # 0708, 0709: over the Moselle


def test_s9_1_division_command_gives_no_more_than_one_right_shift_for_two_divisions():
    m = dom()
    occ = {"de_462_fhnjkr": "0509", "us_7_ccb": "0408", "us_7_ccr": "0508", "us_5_10": "0409", "us_5_11": "0510"}
    odds = combat_odds(m, occ, ["us_7_ccb", "us_7_ccr", "us_5_10", "us_5_11"], "0509",
                       optional_rules={"division_command"})
    assert [(x.source, x.shift) for x in odds.shifts] == [("fortified", -3), ("formation attack", 1)]
    assert odds.column_label == "+6/+7"  # ΔCF 20 → 10, ⇐3, ⇒1 (not ⇒2)


def test_s10_1_turns_east_of_the_moselle_must_be_consecutive():
    m = dom()
    s = position({"us_5_2": "0905", "de_462_1010": "0101"})
    for _ in range(4 * 2):
        s, _ = apply(m, s, EndPhase())
    assert engine_state(s).area_turns == {"0:us_5_2": 2}
    s, _ = state_apply(m, s, MovePieces(pieces=("us_5_2",), to=Location.hex("0305")))  # back west for a turn
    for _ in range(4):
        s, _ = apply(m, s, EndPhase())
    assert engine_state(s).area_turns == {}
    s, _ = state_apply(m, s, MovePieces(pieces=("us_5_2",), to=Location.hex("0905")))
    for _ in range(4 * 2):
        s, _ = apply(m, s, EndPhase())
    assert s.turn == 6 and not scores(m, s)  # two turns again: not yet
    for _ in range(4):
        s, _ = apply(m, s, EndPhase())
    assert [(x.points, x.detail) for x in scores(m, s)] == [(5, "US 2/5 iregt")]  # turns 4, 5, 6


def test_s7_a_hex_stays_with_the_side_that_last_had_a_unit_in_it():
    m = dom()
    s = position({"de_559_1125": "0807", "us_5_2": "0307"}, phase="de_movement")
    assert control_map(m, s)["0807"] == "de"
    s, _ = apply(m, s, Move(unit="de_559_1125", to="0907"))  # leaves Metz, set up there, without a US unit passing
    assert control_map(m, s)["0807"] == "de"
    s = position({"de_462_1010": "0911", "us_5_2": "0811", "us_5_10": "0910"}, phase="us_combat",
                 seed=seed_rolling(1))
    s, _ = apply(m, s, Declare(attackers=("us_5_10", "us_5_2"), hex="0911"))
    s, _ = apply(m, s, Resolve(hex="0911"))  # eliminated where it stood
    assert s.pieces["de_462_1010"].at.kind == "eliminated" and control_map(m, s)["0911"] == "de"


def test_s9_a_combat_is_fully_resolved_retreat_and_advance_before_the_next():
    m = dom()
    fig7 = {"us_7_ccb": "0510", "us_7_ccr": "0408", "us_5_11": "0409", "us_5_10": "0407",
            "de_462_fhnjkr": "0509", "de_462_1010": "0507", "de_3_8": "0609"}
    s = position(fig7, phase="us_combat", seed=seed_rolling(1))
    s, _ = apply(m, s, Declare(attackers=("us_5_11", "us_7_ccb", "us_7_ccr"), hex="0509"))
    s, _ = apply(m, s, Declare(attackers=("us_5_10",), hex="0507"))
    s, _ = apply(m, s, Resolve(hex="0509"))  # D2: the retreat, then the advance, are due
    with pytest.raises(ActionError, match="finish the retreat first"):
        apply(m, s, Resolve(hex="0507"))
    assert Resolve(hex="0507") not in legal_actions(m, s)
    s, _ = apply(m, s, legal_actions(m, s)[0])  # the retreat to 0607
    with pytest.raises(ActionError, match="finish the advance first"):
        apply(m, s, Resolve(hex="0507"))
    s, _ = apply(m, s, [a for a in legal_actions(m, s) if a.name == "decline"][0])
    assert Resolve(hex="0507") in legal_actions(m, s)
