"""Reinforcements chosen by division and moved by rail or at double allowance on their
arrival turn, as module data, on a synthetic module (after Traces of Victory 11.2, 11.3):
groups with a ``choice`` trigger available from a turn, one division picked per chit; entry
on a supply source out of enemy ZOC; ``arrival_turn_only`` movement modes that enter no EZOC."""

from __future__ import annotations

import pytest
from sequence_modules import RAIL
from sequence_modules import reinforcement_module as module

from hexwright.runtime.engine import Choose, EndPhase, Move, apply, engine_state, legal_actions, to_act
from hexwright.runtime.state import ActionError, Location, initial_state


def red_reinforcement_choice(m, s=None):
    s = s or initial_state(m, "act", 1)
    s, _ = apply(m, s, Choose(option="pass"))
    assert to_act(m, s) == "red"
    return s


def test_11_2_one_division_of_the_reinforcements_available_is_picked():
    m = module()
    s = red_reinforcement_choice(m)
    assert legal_actions(m, s) == [Choose(option="reinforce", target="r_div2")]  # r_div3 only from turn 2
    s, entry = apply(m, s, Choose(option="reinforce", target="r_div2"))
    assert s.hex_of("r_new") == "0901" and "arrival r_div2: Red r_new regt — 11.2" in entry.text
    act = engine_state(s).seq.activation
    assert act is not None and act.units == ("r_new",)  # 11.0: activated without command range, alone


def test_11_2_rail_movement_along_rail_lines_on_the_arrival_turn():
    m = module()
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    moves = [a for a in legal_actions(m, s) if isinstance(a, Move)]
    by_rail = {a.to for a in moves if a.mode == "rail"}
    normal = {a.to for a in moves if a.mode == ""}
    double = {a.to for a in moves if a.mode == "double"}
    assert by_rail == set(RAIL[1:])  # anywhere along the line, nowhere off it
    assert "0904" in normal and "0905" not in normal  # 3 MF, 1 MF a hex along the railroad
    assert "0907" in double and "0908" not in double  # 6 MF
    with pytest.raises(ActionError, match="out of reach|too far"):
        apply(m, s, Move(unit="r_new", to="0801", mode="rail"))
    s, entry = apply(m, s, Move(unit="r_new", to="0909", mode="rail"))
    assert s.hex_of("r_new") == "0909" and "[Rail]" in entry.text


def test_11_2_neither_rail_nor_double_movement_enters_an_enemy_zoc():
    m = module()
    m.scenarios["act"].setup = [p.model_copy(update={"hex": "0805"}) if p.piece == "b_4" else p
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    by_rail = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.mode == "rail"}
    assert by_rail == {"0902", "0903", "0904"}  # b_4's ZOC covers 0905 and 0906: the line ends before them
    double = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.mode == "double"}
    normal = {a.to for a in legal_actions(m, s) if isinstance(a, Move) and a.mode == ""}
    assert "0905" not in double and "0905" not in normal  # normal movement: 4 MF needed, 3 there (EZOC +0)


def test_11_2_reinforcements_are_not_placed_in_an_enemy_zoc():
    m = module()
    m.scenarios["act"].setup = [p.model_copy(update={"hex": "0801"}) if p.piece == "b_4" else p
                                for p in m.scenarios["act"].setup]
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    assert s.hex_of("r_new") == "0909"  # 0901, the first red source, is next to b_4


def test_11_2_the_modes_are_for_the_arrival_turn_only():
    m = module()
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    s, _ = apply(m, s, EndPhase())  # the reinforcements' activation ends without a move
    assert engine_state(s).seq.step == "Red later"
    assert any(isinstance(a, Move) and a.unit == "r_new" and a.mode == "rail" for a in legal_actions(m, s))
    later = s.model_copy(update={"turn": 2})
    assert not any(isinstance(a, Move) and a.unit == "r_new" and a.mode for a in legal_actions(m, later))
    with pytest.raises(ActionError, match=r"Rail only on the turn a unit arrives — 11\.2"):
        apply(m, later, Move(unit="r_new", to="0909", mode="rail"))


def test_11_2_a_division_not_picked_stays_available_for_a_later_chit():
    m = module()
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    while s.turn == 1:
        s, _ = apply(m, s, EndPhase())
    s = red_reinforcement_choice(m, s)
    assert legal_actions(m, s) == [Choose(option="reinforce", target="r_div3")]
    assert s.pieces["r_new2"].at == Location.off("unavailable")


def test_11_2_double_movement_doubles_the_allowance_a_status_left():
    """Out of supply (½ allowance here) and double movement: the printed 3 MF again."""
    from hexwright.runtime.engine import unit_reach, with_engine_state

    m = module()
    s, _ = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    data = engine_state(s)
    cut = with_engine_state(s, data.model_copy(update={"seq": data.seq.model_copy(
        update={"statuses": {"r_new": ("out_of_supply",)}})}))
    assert unit_reach(m, s, "r_new", m.rules, mode="double").allowance == 6
    assert unit_reach(m, cut, "r_new", m.rules).allowance == 3 / 2
    assert unit_reach(m, cut, "r_new", m.rules, mode="double").allowance == 3


def test_11_2_only_the_sides_own_groups_with_a_choice_trigger_and_those_the_option_names_are_offered():
    """A blue group with a choice trigger and a red one that arrives by turn are never red's
    picks; an option naming its groups offers only those."""
    from hexwright.runtime.model.sequence import ArrivalGroup, ChoiceTrigger, TurnTrigger

    m = module()
    m.rules.arrivals["b_div"] = ArrivalGroup(side="blue", pieces=["b_4"], trigger=ChoiceTrigger(from_turn=1),
                                             at_sources=True, section="11.2")
    m.rules.arrivals["r_turn"] = ArrivalGroup(side="red", pieces=["r_2"], trigger=TurnTrigger(turn=1),
                                              at_sources=True, section="11.2")
    s = red_reinforcement_choice(m)
    assert legal_actions(m, s) == [Choose(option="reinforce", target="r_div2")]
    m.rules.sequence.phases["red_orders"][0].options[0].groups = ["r_div3"]
    assert legal_actions(m, s.model_copy(update={"turn": 2})) == [Choose(option="reinforce", target="r_div3")]


def test_11_2_a_pick_with_no_procedure_to_call_ends_its_step():
    m = module()
    m.rules.sequence.phases["red_orders"][0].options[0].procedure = None
    s, entry = apply(m, red_reinforcement_choice(m), Choose(option="reinforce", target="r_div2"))
    assert "Red chooses Reinforcements: Red r_new regt" in entry.text and s.hex_of("r_new") == "0901"
    assert engine_state(s).seq.activation is None and EndPhase() in legal_actions(m, s)  # the next step: red_later


def test_11_3_a_division_waits_until_the_pieces_it_follows_are_on_the_map():
    """ToV 11.3 (VI Corps HQ: its divisions come after it): a group with ``after_on_map`` is
    not offered while one of those pieces is off the map, and is once they are all on it."""
    m = module()
    g = m.rules.arrivals["r_div3"]
    m.rules.arrivals["r_div3"] = g.model_copy(update={"trigger": g.trigger.model_copy(
        update={"from_turn": 1, "after_on_map": ["r_new"]})})
    s = red_reinforcement_choice(m)
    assert legal_actions(m, s) == [Choose(option="reinforce", target="r_div2")]  # r_new not yet on the map
    placed = s.model_copy(update={"pieces": {**s.pieces, "r_new": s.pieces["r_new"].model_copy(
        update={"at": Location.hex("0901")})}})
    assert legal_actions(m, placed) == [Choose(option="reinforce", target=g) for g in ("r_div2", "r_div3")]


def test_4_3_a_formation_with_no_unit_on_the_map_is_not_offered():
    """A choice of divisions (ToV 4.3) offers the formations of the side with a unit on the
    map: a division whose only unit is still off the map is not among them."""
    from builders import add_unit
    from sequence_modules import activation_module

    from hexwright.runtime.model import Formation

    m = activation_module()
    m.pieces.formations["b_d4"] = Formation(name="4th Division", side="blue", parent="b_army")
    add_unit(m, "b_5", "blue", combat=4, movement=6, formation="b_d4")  # in no setup: off the map
    s = initial_state(m, "act", 1)
    offered = {a.target for a in legal_actions(m, s) if a.option == "divisions"}
    assert offered == {"b_d1", "b_d2", "b_d3"}
