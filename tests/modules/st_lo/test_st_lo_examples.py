"""The St-Lô rulebook's worked examples, on the shipped module (its map, counters, tables and
rules.json), through the rules engine. Each test names its section. The dice an example
states are given to the game by choosing the seed whose next draws are those faces."""

from __future__ import annotations

from pathlib import Path

import pytest
from stlo_play import advance, at_initiative_segment, dice, phase, with_pool

from hexwright.runtime.engine import Choose, EndPhase, Fire, Move, Roll, apply, legal_actions, to_act
from hexwright.runtime.state import initial_state
from hexwright.runtime.storage import load_module

STLO = Path(__file__).resolve().parents[3] / "modules" / "st_lo"


@pytest.fixture(scope="module")
def m():
    return load_module(STLO).module


def test_3_2_7_operations_phase_example(m):
    """German 3 (level -2: 1) ties US 1: the German has initiative and declares a barrage; then the US
    wins, activates an HQ and moves its battalion; the German wins and passes; then both roll 1 and
    the Operations Phase ends (turn 3: past the minimum of turns 1 and 2, 3.2.6)."""
    s = advance(m, initial_state(m, "st_lo", 7), lambda s: s.turn == 3 and at_initiative_segment(m, s))
    s = with_pool(s, "initiative", "de", -2)
    s, entry = apply(m, dice(s, 3, 1), Roll())
    assert to_act(m, s) == "de" and "(tie)" in entry.text
    s, entry = apply(m, s, Choose(option="barrage"))  # 14.1: one barrage, the German's operation
    barrages = [a for a in legal_actions(m, s) if isinstance(a, Fire)]
    assert barrages and all(a.mission == "barrage" for a in barrages)
    s, entry = apply(m, dice(s, 4), barrages[0])
    assert "Barrage Table: rolls 4" in entry.text
    assert at_initiative_segment(m, s)
    s, entry = apply(m, dice(s, 2, 5), Roll())
    assert to_act(m, s) == "us"
    s, entry = apply(m, s, Choose(option="activate", target="us_29_1_116_hq"))
    s, entry = apply(m, dice(s, 3), Roll())  # 6.1: morale 7, a 3 activates it with 4 TAPs
    assert "activates" in entry.text and "1/116" in entry.text
    s, _ = apply(m, s, Choose(option="movement"))  # 7.0: a Movement action
    moves = [a for a in legal_actions(m, s) if isinstance(a, Move)]
    assert moves and {a.unit for a in moves} == {"us_29_1_116"}
    s, _ = apply(m, s, moves[0])
    assert s.pieces["us_29_1_116"].at.id == moves[0].to
    s, _ = apply(m, s, EndPhase())
    s, _ = apply(m, s, Choose(option="end"))  # 7.1.1 C: the activation ends, the TAPs left forfeit
    while not at_initiative_segment(m, s):  # 17.0 C: recon units may move, or not
        s, _ = apply(m, s, EndPhase())
    s, entry = apply(m, dice(s, 6, 2), Roll())
    assert to_act(m, s) == "de"
    s, entry = apply(m, s, Choose(option="pass"))
    assert at_initiative_segment(m, s)  # one pass does not end the phase (3.2.4 B)
    s, entry = apply(m, dice(s, 1, 1), Roll())
    assert "every unmodified roll is 1" in entry.text
    assert phase(m, s) != "operations"


def test_3_2_6_double_one_within_turn_1s_twelve_phases_is_rolled_again(m):
    s = advance(m, initial_state(m, "st_lo", 7), lambda s: at_initiative_segment(m, s))
    assert s.turn == 1
    s, entry = apply(m, dice(s, 1, 1, 4, 2), Roll())
    assert "rolled again" in entry.text and to_act(m, s) == "de"  # 4-2 = 2 ties the US 2


def test_3_2_5_two_passes_in_succession_end_the_operations(m):
    s = advance(m, initial_state(m, "st_lo", 7), lambda s: at_initiative_segment(m, s))
    s, _ = apply(m, dice(s, 6, 1), Roll())
    s, _ = apply(m, s, Choose(option="pass"))
    s, _ = apply(m, dice(s, 1, 6), Roll())
    s, entry = apply(m, s, Choose(option="pass"))
    assert phase(m, s) != "operations" and "every side passed in turn" in entry.text


def test_18_1_2_us_reinforcements_example(m):
    """Turn 4 the US rolls 4: nothing; turn 5 a 3: 1/134 and 2/134 (their HQs to their boxes); turn 6
    3/134 comes without a roll; turn 7 the US rolls again (for 1/175). The Germans roll too (5s: nothing), and the US
    does not roll on the first three turns (3.1.2 A)."""
    s = initial_state(m, "st_lo", 7)
    rolled = []
    for turn, us in ((1, None), (2, None), (3, None), (4, 4), (5, 3), (6, None), (7, 4)):
        s = advance(m, s, lambda s, t=turn: s.turn == t and phase(m, s) == "reinforcement" and Roll() in
                    legal_actions(m, s))
        s, entry = apply(m, dice(s, 5) if us is None else dice(s, 5, us), Roll())
        rolled.append((turn, "XIX Corps arrivals roll" in entry.text, entry.text))
        here = {p for p in ("us_35_1_134", "us_35_2_134", "us_35_3_134", "us_29_1_175")
                if s.pieces[p].at.kind == "hex"}
        assert all(s.pieces[f"{p}_hq"].at.id == f"{p}_box" for p in here)  # 18.2.2: the HQs to their boxes
        expected = {4: set(), 5: {"us_35_1_134", "us_35_2_134"}, 6: {"us_35_1_134", "us_35_2_134", "us_35_3_134"},
                    7: {"us_35_1_134", "us_35_2_134", "us_35_3_134"}}.get(turn, set())
        assert here == expected, (turn, entry.text)
    assert [t for t, us_rolled, _ in rolled if us_rolled] == [4, 5, 7]  # 18.1.2 B: no roll on turn 6
