"""HQ activation by a morale roll and the HQ phase as module data (``hq_roll``,
``morale_recovery``), on a synthetic module (after St-Lô 6.1–6.6, 7.1 E, 19.0)."""

from __future__ import annotations

import pytest
from operations_modules import HQ_ROLL, operations_module, rigged

from hexwright.runtime.engine import Choose, EndPhase, Move, Roll, apply, engine_state, legal_actions
from hexwright.runtime.engine.hq import morale
from hexwright.runtime.model.rules_config import RoadLeg
from hexwright.runtime.state import ActionError, initial_state


def to_turn_end(m, s):
    """Pass the operations left: the HQ phase runs by itself and turn 2 begins."""
    while s.turn == 1:
        s, _ = apply(m, s, Choose(option="pass"))
    return s


def with_morale(s, **values):
    data = engine_state(s)
    return s.model_copy(update={"engine": data.model_copy(update={"seq": data.seq.model_copy(
        update={"morale": values})})})


def start(m=None):
    m = m or operations_module()
    return m, initial_state(m, "ops", 1)


def attempt(m, s, hq: str, die: int):
    s, _ = apply(m, s, Choose(option="activate", target=hq))
    assert legal_actions(m, s) == [Roll()]
    return apply(m, rigged(s, die), Roll())


def test_6_6_a_a_roll_equal_to_morale_fails_flips_the_hq_and_costs_one_morale():
    """6.6 A: morale 5, IA side, roll 5: not activated, flipped to AA, morale 4; the operation ends (6.1 J)."""
    m, s = start()
    s, entry = attempt(m, s, "b_hq", 5)
    assert entry.dice == (5,)
    assert "Blue b_hq regt not activated: rolled 5 against morale 5, morale 5 → 4 — 6.1" in entry.text
    seq = engine_state(s).seq
    assert morale(m, s, "b_hq") == 4 and seq.statuses["b_hq"] == ("aa",)
    assert seq.pools["tap"]["blue"] == 0
    assert seq.activation is None and s.pieces["b_hq"].at.id == "dd_blue"
    assert Choose(option="pass") in legal_actions(m, s)  # the operation ended: the next one begins


def test_6_6_b_an_aa_hq_rolling_under_its_morale_gets_the_difference_in_points_and_loses_two():
    """6.6 B: morale 4 on its AA side, roll 2: activated with 2 TAPs, morale 4 − 2 = 2 (6.1 D, G)."""
    m, s = start()
    s, _ = attempt(m, s, "b_hq", 6)  # fails: AA side, morale 4
    s, entry = attempt(m, s, "b_hq", 2)
    assert "Blue b_hq regt activated: rolled 2 against morale 4, 2 point(s), morale 4 → 2 (Activation attempted)" in entry.text
    seq = engine_state(s).seq
    assert seq.pools["tap"]["blue"] == 2 and morale(m, s, "b_hq") == 2
    assert seq.activation is not None and seq.activation.units == ("b_bn",)
    assert s.pieces["b_hq"].at.id == "0303"  # placed under its battalion (6.1 I)
    assert {a.unit for a in legal_actions(m, s) if isinstance(a, Move)} == {"b_bn"}


def test_6_1_i_the_activated_hq_goes_back_to_its_box_when_its_activation_ends():
    """7.1 E: after its tactical actions the HQ is removed from the map and placed back on the DD, AA side up."""
    m, s = start()
    s, _ = attempt(m, s, "b_hq", 1)
    assert s.pieces["b_hq"].at.id == "0303"
    s, _ = apply(m, s, EndPhase())
    assert s.pieces["b_hq"].at.kind == "box" and s.pieces["b_hq"].at.id == "dd_blue"
    assert engine_state(s).seq.statuses["b_hq"] == ("aa",)


def test_6_1_i_with_companies_in_several_hexes_the_owner_picks_where_the_hq_goes():
    """6.1 I: up to three companies: the player chooses which one the HQ is placed with; no other hex."""
    m, s = start()
    s, _ = attempt(m, s, "b_hq2", 1)
    assert legal_actions(m, s) == [Choose(option="place", target="0505"), Choose(option="place", target="0606")]
    with pytest.raises(ActionError, match=r"placed with a unit it commands \(0505, 0606\)"):
        apply(m, s, Choose(option="place", target="0303"))
    s, _ = apply(m, s, Choose(option="place", target="0606"))
    assert s.pieces["b_hq2"].at.id == "0606"
    assert engine_state(s).seq.activation.units == ("b_c1", "b_c2")


def test_6_3_the_first_attempt_of_a_formation_named_costs_two_morale_once():
    """6.3: the very first attempt for each HQ of the division costs 2 instead of 1; later ones as usual (2 on AA)."""
    m, s = start()
    s, entry = attempt(m, s, "b_hq2", 6)
    assert "morale 6 → 4 (first attempt)" in entry.text
    assert morale(m, s, "b_hq2") == 4
    s, entry = attempt(m, s, "b_hq2", 6)
    assert "morale 4 → 2 (Activation attempted)" in entry.text


def test_6_1_g_morale_never_drops_below_one_and_attempts_after_failure_are_allowed():
    """6.1 G, 6.2 C: never below 1; 6.5: the same HQ may be tried any number of times in a turn."""
    m, s = start()
    for expected in (4, 2, 1, 1):
        assert Choose(option="activate", target="b_hq") in legal_actions(m, s)
        s, _ = attempt(m, s, "b_hq", 6)
        assert morale(m, s, "b_hq") == expected


def test_6_1_the_roll_is_refused_before_an_hq_is_placed_and_chosen_targets_are_checked():
    m, s = start()
    s, _ = attempt(m, s, "b_hq2", 1)
    with pytest.raises(ActionError, match="place Blue b_hq2 regt first"):
        apply(m, s, Roll())


def test_6_1_at_most_success_is_data():
    """A module whose roll succeeds up to the morale (not only below it): a roll equal to morale activates."""
    m, s = start(operations_module(hq_roll=HQ_ROLL.model_copy(update={"success": "at_most"})))
    s, entry = attempt(m, s, "b_hq", 5)
    assert "activated: rolled 5 against morale 5, 0 point(s)" in entry.text


def test_19_0_the_hq_phase_flips_aa_hqs_back_and_rests_the_others_when_their_units_trace_a_loc():
    """19.0 A: an AA HQ is flipped back, morale unchanged; an IA HQ gains 2 (up to its printed value)
    if its units trace an LOC; 19.0 B: with companies, all of them must."""
    m, s = start()
    s, _ = attempt(m, s, "b_hq", 6)  # b_hq: AA, morale 4
    s = to_turn_end(m, with_morale(s, b_hq=4, b_hq2=3))
    seq = engine_state(s).seq
    assert "b_hq" not in seq.statuses and morale(m, s, "b_hq") == 4  # flipped back, unchanged
    assert morale(m, s, "b_hq2") == 5  # rested: 3 + 2


def test_19_0_b_no_morale_gain_when_a_company_cannot_trace_its_line():
    """19.0 B: a company surrounded by enemy units (no LOC) keeps its HQ's morale where it is."""
    m, s = start()
    m.rules.supply.road_leg = RoadLeg(max_hexes=4)  # no roads: 4 hexes from the depot at 0101 at most
    s = to_turn_end(m, with_morale(s, b_hq=3, b_hq2=3))
    assert morale(m, s, "b_hq2") == 3  # b_c2 at 0606 is 5 hexes out
    assert morale(m, s, "b_hq") == 5  # b_bn at 0303 traces: 3 + 2


def test_19_0_morale_is_never_raised_above_the_printed_value():
    m, s = start()
    s = to_turn_end(m, with_morale(s, b_hq2=5))
    assert morale(m, s, "b_hq2") == 6 and "b_hq2" not in engine_state(s).seq.morale


def test_6_hq_activation_replays_bit_exact():
    m, s = start()
    s0 = s
    actions = [Choose(option="activate", target="b_hq"), Roll()]
    for a in actions:
        s, _ = apply(m, s, a)
    again = s0
    for a in actions:
        again, _ = apply(m, again, a)
    assert again == s
