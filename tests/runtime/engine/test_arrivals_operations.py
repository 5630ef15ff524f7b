"""Arrivals for operations games, as module data (after St-Lô 8.3, 18.1.2, 18.1.3, 18.2.1–18.2.3):
a group that comes automatically the turn after another, with no roll for its queue that
turn; pieces of a group placed in boxes of their own; placement by stacking weight."""

from __future__ import annotations

import pytest
from builders import add_unit
from operations_modules import rigged
from sequence_modules import initiative_module

from hexwright.runtime.engine import Choose, Roll, apply, engine_state, legal_actions
from hexwright.runtime.model.sequence import AfterTrigger, ArrivalGroup, DieTrigger, TurnTrigger
from hexwright.runtime.state import initial_state
from hexwright.runtime.validation.rules_config import rules_problems


def blue_queue():
    """Blue's queue: b_a (1-3 from turn 1: b_n1, b_n2 and the HQ b_nhq, which goes to its display
    box), b_b automatically the turn after, then b_c (1-3). Red has its own queue (1-4)."""
    m = initiative_module()
    for p in ("b_n1", "b_n2", "b_n3", "b_n4"):
        add_unit(m, p, "blue", combat=2, movement=3)
    add_unit(m, "b_nhq", "blue", "hq", combat=0, movement=0)
    m.rules.arrivals |= {
        "b_a": ArrivalGroup(side="blue", pieces=["b_n1", "b_nhq"], hexes=["0101"], queue="blue", order=1,
                            boxes={"b_nhq": "dd_blue"}, trigger=DieTrigger(at_most=3), section="18.1.2"),
        "b_b": ArrivalGroup(side="blue", pieces=["b_n2"], hexes=["0102"], queue="blue", order=2,
                            trigger=AfterTrigger(group="b_a"), section="18.1.2"),
        "b_c": ArrivalGroup(side="blue", pieces=["b_n3"], hexes=["0103"], queue="blue", order=3,
                            trigger=DieTrigger(at_most=3), section="18.1.2"),
    }
    return m


def next_turn(m, s):
    """Pass through the operations (both sides pass) to the next reinforcement phase."""
    turn, rolls = s.turn, 0
    for _ in range(200):
        if s.turn != turn:
            return s
        acts = legal_actions(m, s)
        if acts == [Roll()]:
            rolls += 1
            s, _ = apply(m, rigged(s, *((6, 1) if rolls % 2 else (1, 6))), Roll())  # blue wins, then red
        else:
            s, _ = apply(m, s, Choose(option="pass"))
    raise AssertionError("the turn never ended")


def test_18_1_2_the_group_after_comes_without_a_roll_and_its_queue_does_not_roll_that_turn():
    """18.1.2 A–C: the first success brings 1/134 and 2/134; the turn after, 3/134 comes
    automatically and the US does not roll; the turn after that it rolls again."""
    m = blue_queue()
    s = initial_state(m, "ops", 1)
    s, entry = apply(m, rigged(s, 2, 6), Roll())  # blue 2: b_a arrives; red 6: none
    assert s.hex_of("b_n1") == "0101" and s.pieces["b_nhq"].at.id == "dd_blue"  # 18.2.2: the HQ to its box
    assert "Blue arrivals roll 2: arrive" in entry.text
    s = next_turn(m, s)
    assert s.turn == 2 and s.hex_of("b_n2") == "0102"
    s, entry = apply(m, rigged(s, 1, 6), Roll())
    assert entry.dice == (1,) and "Blue arrivals roll" not in entry.text  # only red rolled
    assert s.pieces["b_n3"].at.kind != "hex"


def test_18_2_1_placement_counts_stacking_by_weight_and_exemptions():
    """8.3, 18.2.1: a battalion's weight fills the hex; an exempt HQ does not count."""
    m = blue_queue()
    m.rules.stacking.limit = 3
    m.rules.stacking.weights = {"II": 3, "I": 1}
    m.rules.stacking.exempt_unit_types = ["hq"]
    for p in ("b_n1", "b_n2"):
        m.pieces.pieces[p].size = "I"
    m.rules.arrivals["b_a"] = m.rules.arrivals["b_a"].model_copy(update={
        "pieces": ["b_n1", "b_n2", "b_nhq"], "boxes": {}, "hexes": ["0303"]})
    m.pieces.pieces["b_bn"].size = "II"
    s = initial_state(m, "ops", 1)
    s, entry = apply(m, rigged(s, 2, 6), Roll())
    assert "arrival b_a delayed" in entry.text  # b_bn (weight 3) already fills 0303
    m.rules.arrivals["b_a"] = m.rules.arrivals["b_a"].model_copy(update={"hexes": ["0505"]})
    s = initial_state(m, "ops", 1)
    s, _ = apply(m, rigged(s, 2, 6), Roll())
    assert {s.hex_of(p) for p in ("b_n1", "b_n2", "b_nhq")} == {"0505"}  # 1 + 1 + 0 ≤ 3


def test_18_1_3_the_reinforcement_roll_is_the_only_action_offered():
    """18.1.3: a player cannot waive the roll: nothing else is legal in that step."""
    m = blue_queue()
    s = initial_state(m, "ops", 1)
    assert legal_actions(m, s) == [Roll()]


def _b_a_on_turn(m, turn: int):
    """b_a comes on ``turn`` without a roll; b_b the turn after it came."""
    m.scenarios["ops"].first_turn = turn
    m.rules.arrivals["b_a"] = m.rules.arrivals["b_a"].model_copy(update={"trigger": TurnTrigger(turn=turn)})
    s, entry = apply(m, rigged(initial_state(m, "ops", 1), 6), Roll())
    assert s.turn == turn and s.hex_of("b_n1") == "0101" and "arrival b_a" in entry.text
    return s


@pytest.mark.parametrize("came", [1, 0])
def test_18_1_2_the_group_after_another_comes_the_turn_after_not_the_turn_it_came(came):
    """b_a comes on turn ``came``, placed before b_b is looked at: b_b waits for the turn after
    (also from a scenario that starts on turn 0)."""
    m = blue_queue()
    s = _b_a_on_turn(m, came)
    assert s.hex_of("b_n2") is None
    s = next_turn(m, s)
    assert s.turn == came + 1 and s.hex_of("b_n2") == "0102"


def test_a_group_that_came_by_turn_is_not_brought_again_on_the_turns_after():
    m = blue_queue()
    s = _b_a_on_turn(m, 1)
    s = next_turn(m, s)
    s, entry = apply(m, rigged(s, 6, 6), Roll())
    assert "arrival b_a" not in entry.text and engine_state(s).seq.arrived.count("b_a") == 1


def test_18_1_a_queue_whose_next_group_comes_by_turn_rolls_for_none_after_it():
    """b_a comes on turn 3 only: until then blue's queue does not roll for b_c behind it; red rolls."""
    m = blue_queue()
    m.rules.arrivals["b_a"] = m.rules.arrivals["b_a"].model_copy(update={"trigger": TurnTrigger(turn=3)})
    s, entry = apply(m, rigged(initial_state(m, "ops", 1), 1), Roll())
    assert entry.dice == (1,) and "Blue arrivals roll" not in entry.text and "Red arrivals roll 1: arrive" in entry.text
    assert s.pieces["b_n3"].at.kind != "hex"


def test_units_that_arrived_are_ordered_with_an_activation_of_their_turn_only():
    """r_re1 comes on turn 1 and red passes; on turn 2 red's HQ orders its own battalion alone."""
    m = blue_queue()
    s, _ = apply(m, rigged(initial_state(m, "ops", 1), 6, 2), Roll())  # blue none, red 2: red_a arrives
    assert s.hex_of("r_re1") == "0809"
    s = next_turn(m, s)
    s, _ = apply(m, rigged(s, 6, 6), Roll())  # no arrivals on turn 2
    s, _ = apply(m, rigged(s, 1, 6), Roll())  # red wins the initiative
    s, entry = apply(m, s, Choose(option="activate", target="r_hq"))
    assert "Red r_hq regt activates Red r_bn regt — 7.2.1" in entry.text
    assert engine_state(s).seq.activation.units == ("r_bn",)


def test_validation_names_unknown_boxes_groups_and_markers():
    m = blue_queue()
    m.rules.arrivals["b_a"].boxes["b_nhq"] = "nowhere"
    m.rules.arrivals["b_b"] = m.rules.arrivals["b_b"].model_copy(update={"trigger": AfterTrigger(group="b_zz")})
    text = "\n".join(str(i) for i in rules_problems(m))
    assert "arrivals.b_a.boxes: unknown box 'nowhere'" in text
    assert "arrivals.b_b.trigger.group: unknown arrival group 'b_zz'" in text


def test_validation_names_a_piece_listed_in_two_arrival_groups():
    """The second group would bring it again, from wherever it stands by then."""
    m = blue_queue()
    assert not rules_problems(m)
    m.rules.arrivals["b_c"] = m.rules.arrivals["b_c"].model_copy(update={"pieces": ["b_n3", "b_n1"]})
    text = "\n".join(str(i) for i in rules_problems(m))
    assert "arrivals.b_c.pieces: 'b_n1' arrives with group 'b_a' already" in text
