"""The engine is a game's explicit collaborator (``Game(..., engine=ENGINE)``): it applies
the log's rules steps, says which of them roll dice (strict undo), and owns its typed part
of the state, which saves made before it was typed still replay to exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexwright.runtime.engine import ENGINE, EngineState, Move, Resolve, engine_state, to_step
from hexwright.runtime.state import ActionError, Game, SaveError, is_random, load_game_bytes, state_json

from .dom_positions import dom

# A random playout of The Drive on Metz (seed 4, every optional rule) saved by main at
# 00ff4e8, when the engine's state was an untyped dict: moves, exits, a drop, declared and
# resolved attacks, retreats, advances, overstacks put right.
OLD_SAVE = Path(__file__).with_name("golden") / "dom-engine-main-00ff4e8.hwsav"


def dom_as_saved():
    """The module as it was when the save was made: US 11/5 started in box B then (it starts in
    box C since, so that it can reach 0409 for Figures 7 and 9 — docs/drive-on-metz-reconstruction.md)."""
    m = dom().model_copy(deep=True)
    for placement in m.scenarios["campaign"].setup:
        if placement.piece == "us_5_11":
            placement.box = "us_box_b"
    return m


def test_a_save_from_before_the_typed_engine_state_replays_to_its_saved_final_state():
    loaded = load_game_bytes(OLD_SAVE.read_bytes(), dom_as_saved(), engine=ENGINE)
    # the final state hash matched: the state's JSON shape is unchanged (the module itself has changed
    # since: its sequence is declared in rules.json, and US 11/5 starts in another box)
    assert [w for w in loaded.warnings if "module's content differs" not in w] == []
    game = loaded.game
    assert game.state_hash() == json.loads(OLD_SAVE.read_text("utf-8"))["final_state_hash"]
    names = {a.name for a in game.actions if a.kind == "rules"}
    assert {"drop", "declare", "resolve", "retreat", "advance", "eliminate_excess", "exit"} <= names
    assert isinstance(game.state.engine, EngineState) and engine_state(game.state) is game.state.engine
    assert json.loads(state_json(game.state))["engine"] == game.state.engine.model_dump(mode="json")


def test_a_game_without_the_engine_is_played_by_hand_and_refuses_rules_steps():
    game = Game(dom(), "campaign", 1)
    with pytest.raises(ActionError, match="rules action 'move': this game is played without the rules engine"):
        game.do(to_step(Move(unit="us_5_10", to="0206")))
    assert game.actions == [] and game.state.engine is None
    with pytest.raises(SaveError, match=r"action 1: rules does not apply: .* played without the rules engine"):
        load_game_bytes(OLD_SAVE.read_bytes(), dom())


def test_the_engine_says_which_of_its_steps_roll_dice():
    resolve, move = to_step(Resolve(hex="0509")), to_step(Move(unit="us_5_10", to="0206"))
    assert ENGINE.draws_dice(resolve) and not ENGINE.draws_dice(move)
    assert is_random(resolve, ENGINE) and not is_random(move, ENGINE)
    assert not is_random(resolve)  # without an engine, nothing says a rules step rolls


def test_strict_undo_stops_at_a_resolved_attack_but_not_at_a_move():
    saved = load_game_bytes(OLD_SAVE.read_bytes(), dom_as_saved(), engine=ENGINE).game
    first = next(i for i, a in enumerate(saved.actions) if a.kind == "rules" and a.name == "resolve")
    game = Game(dom_as_saved(), "campaign", saved.seed, optional_rules=saved.optional_rules, strict=True, engine=ENGINE)
    game.extend(saved.actions[:first])
    assert game.can_undo()  # the declaration before it
    game.extend([saved.actions[first]])
    assert game.entries[-1].dice and not game.can_undo()
    with pytest.raises(ActionError, match="strict mode"):
        game.undo()


def test_a_state_holding_another_engines_data_is_refused_not_misread():
    """The state's engine part belongs to whichever engine wrote it: ours refuses another's
    rather than reading its fields as its own."""
    from hexwright.runtime.state import initial_state
    from hexwright.runtime.state.game_state import EngineStateBase

    class OtherEngine(EngineStateBase):
        pass

    state = initial_state(dom(), "campaign", 1).model_copy(update={"engine": OtherEngine()})
    with pytest.raises(TypeError, match=r"another engine's data \(OtherEngine\)"):
        engine_state(state)


def test_the_engines_part_of_a_state_is_a_value_that_cannot_be_changed_in_place():
    """An applied action makes a new state and never changes the one it was given (OpenSpiel's
    pure ``apply``): the engine's records refuse changes in place and hash as values."""
    from pydantic import ValidationError

    from hexwright.runtime.engine import Frame

    frame = Frame(proc="retreat", side="de", units=("x",))
    with pytest.raises(ValidationError):
        frame.side = "us"
    assert hash(frame) == hash(Frame(proc="retreat", side="de", units=("x",))) and len({frame, frame}) == 1
    with pytest.raises(ValidationError):
        EngineState().over = True


def test_open_procedures_and_declared_attacks_keep_the_json_of_earlier_saves():
    """A save made mid-combat holds its open procedures and declared attacks: their fields and
    defaults are the save format (and the state's hash); ``assets`` is written only when some
    are held, as before it existed."""
    from hexwright.runtime.engine import Declared, Frame

    assert Frame(proc="advance", side="us", units=("a",)).model_dump(mode="json") == {
        "proc": "advance", "side": "us", "hex": "", "attackers": [], "defender": "", "units": ["a"], "length": 0,
        "vacated": [], "path": [], "result": "", "advanced": []}
    assert Frame(proc="assets", assets=("eng",)).model_dump(mode="json")["assets"] == ["eng"]
    assert Declared(attackers=("a",), hex="0101", defender="b").model_dump(mode="json") == {
        "attackers": ["a"], "hex": "0101", "defender": "b", "intensity": 0, "air": 0, "defense_air": 0,
        "fire_attack": 0, "fire_defense": 0, "attack_op": ""}


def test_the_engines_empty_state_keeps_the_json_of_saves_from_before_the_sequence_was_data():
    from hexwright.runtime.engine.seqdata import IDLE

    assert EngineState().model_dump(mode="json") == {
        "frames": [], "declared": [], "resolving": False, "moved": [], "attacked": [], "defended": [], "exits": [],
        "area_turns": {}, "area_scored": [], "enforcement": {}, "over": False, "outcome": ""}
    assert EngineState(seq=IDLE.model_copy(update={"active": "blue"})).model_dump(mode="json")["seq"]["active"] == "blue"
