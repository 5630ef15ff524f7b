"""The owner chooses where arriving units enter (ToV 11.2: "German Reinforcements enter at full
strength on any Supply Source hex"; 11.3: "at any controlled Supply Source hex"), on a synthetic
module: an arrival group with ``choose_hex`` waits for its owner to place each unit on one of
the entry hexes it may enter, each choice a legal action of its own (one :class:`Enter` per
hex), refused with its reason elsewhere, undone like any action, chosen by bots through the
same list. Red's sources are 0901 and 0909; b_4 (blue) may stand next to one of them."""

from __future__ import annotations

import random

import pytest
from builders import add_unit
from sequence_modules import entry_choice_module, reinforcement_module

from hexwright.runtime.engine import (
    ENGINE,
    Choose,
    Enter,
    Move,
    apply,
    engine_state,
    is_over,
    legal_actions,
    to_act,
    to_step,
)
from hexwright.runtime.engine.intent import action_for_drop, choices
from hexwright.runtime.state import ActionError, Game, Location, initial_state, replayed, state_json


def picked(m, s=None):
    """Blue passes; red picks its first division of reinforcements."""
    s = s or initial_state(m, "act", 1)
    s, _ = apply(m, s, Choose(option="pass"))
    s, entry = apply(m, s, Choose(option="reinforce", target="r_div2"))
    return s, entry


def with_b4_at(m, hex: str):
    m.scenarios["act"].setup = [p.model_copy(update={"hex": hex}) if p.piece == "b_4" else p
                                for p in m.scenarios["act"].setup]
    return m


def test_11_2_the_owner_chooses_the_supply_source_each_one_a_legal_action():
    m = entry_choice_module()
    s, entry = picked(m)
    assert "arrival r_div2: Red r_new regt — 11.2" in entry.text
    assert s.pieces["r_new"].at.kind != "hex"  # not placed for its owner
    assert to_act(m, s) == "red"
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0901"), Enter(unit="r_new", to="0909")]
    s, entry = apply(m, s, Enter(unit="r_new", to="0909"))
    assert s.hex_of("r_new") == "0909"
    assert "0909" in entry.text and "enters the map — 11.2" in entry.text
    assert not engine_state(s).frames
    act = engine_state(s).seq.activation
    assert act is not None and act.units == ("r_new",)  # 11.0: then activated, and it moves from there
    assert any(isinstance(a, Move) and a.unit == "r_new" and a.to == "0908" for a in legal_actions(m, s))


def test_11_2_without_choose_hex_the_first_free_source_as_before():
    m = reinforcement_module()
    s, _ = picked(m)
    assert s.hex_of("r_new") == "0901"
    assert not any(isinstance(a, Enter) for a in legal_actions(m, s))


def test_11_2_a_source_in_an_enemy_zoc_is_not_offered_and_refused_with_its_section():
    """11.2: friendly units do not negate enemy ZOCs for placement; b_4 next to 0901."""
    m = with_b4_at(entry_choice_module(), "0801")
    s, _ = picked(m)
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0909")]
    with pytest.raises(ActionError, match=r"cannot enter at 0901: in an enemy ZOC.* — 11\.2"):
        apply(m, s, Enter(unit="r_new", to="0901"))
    with pytest.raises(ActionError, match=r"cannot enter at 0505: not one of its entry hexes \(0901, 0909\)"):
        apply(m, s, Enter(unit="r_new", to="0505"))
    with pytest.raises(ActionError, match="r_new regt is the unit to place now, not"):
        apply(m, s, Enter(unit="r_1", to="0909"))
    from hexwright.runtime.engine import SetEnforcement

    warned, _ = apply(m, s, SetEnforcement(rule="entry", level="warn"))
    warned, entry = apply(m, warned, Enter(unit="r_new", to="0901"))
    assert warned.hex_of("r_new") == "0901" and "override" in entry.text


def test_11_2_each_unit_in_turn_leaving_room_for_the_others_stacking_by_weight():
    """Two sources, two points of stacking each; r_new and r_new_2 weigh 1, r_new_3 (armour) 2:
    once r_new is at 0901, r_new_2 may only join it, or r_new_3 would find no room."""
    m = entry_choice_module(units=3)
    m.pieces.pieces["r_new_3"] = m.pieces.pieces["r_new_3"].model_copy(update={"unit_type": "arm"})
    m.rules.stacking = m.rules.stacking.model_copy(update={"limit": 2, "weights": {"arm": 2}})
    s, _ = picked(m)
    assert legal_actions(m, s) == [Enter(unit="r_new", to="0901"), Enter(unit="r_new", to="0909")]
    s, _ = apply(m, s, Enter(unit="r_new", to="0901"))
    assert legal_actions(m, s) == [Enter(unit="r_new_2", to="0901")]
    with pytest.raises(ActionError, match="the other units arriving with it would have no room"):
        apply(m, s, Enter(unit="r_new_2", to="0909"))
    s, _ = apply(m, s, Enter(unit="r_new_2", to="0901"))
    assert legal_actions(m, s) == [Enter(unit="r_new_3", to="0909")]
    s, _ = apply(m, s, Enter(unit="r_new_3", to="0909"))
    assert engine_state(s).seq.activation.units == ("r_new", "r_new_2", "r_new_3")


def test_11_2_no_room_for_the_whole_group_delays_it_as_before():
    m = entry_choice_module(units=3)  # three units, two sources, one unit a hex
    s, entry = picked(m)
    assert "arrival r_div2 delayed" in entry.text
    assert not any(isinstance(a, Enter) for a in legal_actions(m, s))


def test_11_2_the_choice_is_undone_and_replayed_like_any_action():
    m = entry_choice_module()
    game = Game(m, "act", 5, engine=ENGINE)
    for action in (Choose(option="pass"), Choose(option="reinforce", target="r_div2"),
                   Enter(unit="r_new", to="0909")):
        game.do(to_step(action))
    assert game.state.hex_of("r_new") == "0909"
    game.undo()
    assert game.state.hex_of("r_new") is None
    assert legal_actions(m, game.state)[0] == Enter(unit="r_new", to="0901")
    game.do(to_step(Enter(unit="r_new", to="0901")))
    assert "0901" in game.entries[-1].text
    again = replayed(m, "act", 5, game.actions, engine=ENGINE)
    assert state_json(again.state) == state_json(game.state)


def test_11_2_a_click_or_a_drop_on_a_blue_hex_places_the_unit():
    """What the play window reads: the hexes to shade and click, and a counter dropped on one."""
    m = entry_choice_module()
    s, _ = picked(m)
    assert choices(m, s) == {"0901": Enter(unit="r_new", to="0901"), "0909": Enter(unit="r_new", to="0909")}
    assert action_for_drop(m, s, "r_new", Location.hex("0909")) == Enter(unit="r_new", to="0909")


def test_11_2_random_playouts_choose_the_entry_hexes_through_the_legal_actions():
    """A bot that picks at random among the legal actions places the reinforcements somewhere
    offered, and the game replays bit for bit."""
    m = entry_choice_module(units=2)
    add_unit(m, "r_spare", "red", combat=1, movement=1)  # a unit that never arrives changes nothing
    seen: set[str] = set()
    for seed in (1, 2, 3, 4):
        game = Game(m, "act", seed, engine=ENGINE)
        rnd = random.Random(seed)
        while not is_over(game.state):
            actions = legal_actions(m, game.state)
            action = rnd.choice(actions)
            if isinstance(action, Enter):
                seen.add(action.to)
            game.do(to_step(action))
        again = replayed(m, "act", seed, game.actions, engine=ENGINE)
        assert state_json(again.state) == state_json(game.state)
    assert seen == {"0901", "0909"}
