"""The sequence of play (§4), stacking at the end of a phase (§6), victory points (§10,
Tables 4 and 5) and the end of the game, through the engine."""

from __future__ import annotations

import pytest

from hexwright.runtime.engine import (
    EliminateExcess,
    EndPhase,
    ExitMap,
    Move,
    apply,
    engine_state,
    is_over,
    legal_actions,
    phase_of,
    scores,
    to_act,
    totals,
    verdict,
)
from hexwright.runtime.state import ActionError

from .dom_positions import dom, position


def test_s4_turn_sequence_us_movement_combat_then_de_movement_combat():
    m = dom()
    s = position({"us_5_2": "0307", "de_462_1010": "0701"})
    seen = []
    for _ in range(5):
        seen.append((s.turn, phase_of(m, s).id, to_act(m, s)))
        s, _ = apply(m, s, EndPhase())
    assert seen == [(1, "us_movement", "us"), (1, "us_combat", "us"), (1, "de_movement", "de"),
                    (1, "de_combat", "de"), (2, "us_movement", "us")]
    assert s.markers["turn#1"].at.space == 1  # the turn marker follows


def test_s4_units_of_the_other_side_do_not_move_in_this_phase():
    m = dom()
    s = position({"us_5_2": "0307", "de_462_1010": "0701"})
    with pytest.raises(ActionError, match=r"does not move in the US movement phase — §4, §8"):
        apply(m, s, Move(unit="de_462_1010", to="0601"))


def test_s6_overstacking_is_allowed_during_the_phase_and_the_owner_eliminates_the_excess_at_its_end():
    m = dom()
    s = position({"us_5_2": "box:us_box_b", "us_5_10": "box:us_box_b", "de_462_1010": "0701"})
    s, _ = apply(m, s, Move(unit="us_5_2", to="0307"))
    s, entry = apply(m, s, Move(unit="us_5_10", to="0307"))
    assert "over the stacking limit (2 > 1): to be put right by the end of the phase at 0307 — §6" in entry.text
    s, entry = apply(m, s, EndPhase())
    assert "US eliminates the excess" in entry.text or "eliminates the excess" in entry.text
    assert phase_of(m, s).id == "us_movement" and to_act(m, s) == "us"
    assert legal_actions(m, s) == [EliminateExcess(unit="us_5_10"), EliminateExcess(unit="us_5_2")]
    with pytest.raises(ActionError, match="choose a"):
        apply(m, s, EliminateExcess(unit="de_462_1010"))
    s, entry = apply(m, s, EliminateExcess(unit="us_5_2"))
    assert s.pieces["us_5_2"].at.kind == "eliminated"
    assert phase_of(m, s).id == "us_combat"  # the phase ends once the hex is right


def test_s10_1_control_of_metz_and_thionville_scores_for_the_us():
    m = dom()
    s = position({"us_5_2": "0807", "us_5_10": "0701"})
    assert sorted((x.points, x.detail) for x in scores(m, s)) == [(5, "controls 0701"), (20, "controls 0807")]
    assert totals(m, s) == {"de": 0, "us": 25}


def test_s10_2_panzer_grenadiers_leaving_by_the_south_edge_score_8_minus_turn():
    m = dom()
    s = position({"ss_17_37": "0711"}, turn=3, phase="de_movement")
    exits = [a for a in legal_actions(m, s) if isinstance(a, ExitMap) and a.edge == "south"]
    assert exits
    s, _ = apply(m, s, exits[0])
    assert [(x.side, x.points) for x in scores(m, s)] == [("de", 5)]


def test_s10_1_three_consecutive_turns_east_of_the_moselle_score_5_vp_once():
    m = dom()
    s = position({"us_5_2": "0905", "de_462_1010": "0101"})
    for _ in range(4 * 3):
        s, _ = apply(m, s, EndPhase())
    assert s.turn == 4
    assert engine_state(s).area_scored == ("0:us_5_2",)
    assert [(x.points, x.detail) for x in scores(m, s)] == [(5, "US 2/5 iregt")]
    for _ in range(4):
        s, _ = apply(m, s, EndPhase())
    assert totals(m, s)["us"] == 5


def test_s10_3_table5_the_game_ends_after_turn_7_with_the_victory_level():
    m = dom()
    s = position({"us_5_2": "0807", "de_462_1010": "0101"}, turn=7, phase="de_combat")
    s, entry = apply(m, s, EndPhase())
    assert is_over(s) and legal_actions(m, s) == []
    v = verdict(m, s)
    assert (v.winner, v.margin, v.level) == ("us", 20, "Decisive")
    assert "game over — United States (XX Corps): Decisive victory, ΔVP 20" in entry.text
    assert engine_state(s).outcome.startswith("United States")
    with pytest.raises(ActionError, match="the game is over"):
        apply(m, s, EndPhase())


def test_view_hides_what_is_in_cups_and_nothing_else():
    from hexwright.runtime.engine import view

    s = position({"us_5_2": "0307"}).model_copy(update={"cups": {"cup": ("hq_a", "hq_b")}})
    seen = view(s, "de")
    assert seen.cups == {"cup": ("?", "?")} and seen.pieces == s.pieces and s.cups["cup"] == ("hq_a", "hq_b")
