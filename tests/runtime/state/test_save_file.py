"""Saves: canonical, deterministic, replayed and checked on load; foreign or damaged files refused."""

import json

import pytest
from builders import play_module

from hexwright.runtime.state import (
    Game,
    Location,
    MovePieces,
    PacketAlreadyInGame,
    PacketError,
    RollDice,
    SaveError,
    load_game,
    load_game_bytes,
    save_bytes,
    save_game,
)
from hexwright.runtime.state.pbem import append_actions, export_actions


@pytest.fixture(scope="module")
def module():
    return play_module()


def sample(module, seed=3):
    game = Game(module, "basic", seed)
    game.do(MovePieces(pieces=("blue-1", "blue-2"), to=Location.hex("0403")))
    game.do(RollDice(count=2))
    game.bookmark("after the roll")
    return game


def test_round_trip_gives_the_same_state_log_and_bookmarks(module, tmp_path):
    game = sample(module)
    path = tmp_path / "g.hwsav"
    save_game(game, path)
    loaded = load_game(path, module)
    assert loaded.warnings == []
    assert loaded.game.state == game.state
    assert [e.text for e in loaded.game.entries] == [e.text for e in game.entries]
    assert loaded.game.bookmarks == {2: "after the roll"}
    assert save_bytes(loaded.game) == path.read_bytes()


def test_same_scenario_seed_and_actions_give_byte_identical_saves(module):
    assert save_bytes(sample(module)) == save_bytes(sample(module))
    assert save_bytes(sample(module, seed=3)) != save_bytes(sample(module, seed=4))


def test_another_module_version_loads_with_warnings(module):
    data = save_bytes(sample(module))
    changed = module.model_copy(deep=True)
    changed.meta.version = "0.2.0"
    changed.pieces.pieces["red-2"].designation = "11"
    loaded = load_game_bytes(data, changed)
    assert any("version 0.1.0" in w for w in loaded.warnings)
    assert any("content differs" in w for w in loaded.warnings)
    assert loaded.game.state == sample(module).state


def test_another_module_is_refused(module):
    other = module.model_copy(deep=True)
    other.meta.id = "other"
    with pytest.raises(SaveError, match="for module 'play'"):
        load_game_bytes(save_bytes(sample(module)), other)


@pytest.mark.parametrize("data, message", [
    (b"\xff\xfe", "not UTF-8"),
    (b"{ not json", "broken JSON at line 1"),
    (b"[1, 2]", "not a Hexwright save"),
    (b'{"format": "hexwright-save", "save_version": 9}', "newer Hexwright"),
    (b'{"format": "hexwright-save", "evil": "__import__(\'os\')"}', "evil: unknown field"),
])
def test_broken_files_get_clear_errors(module, data, message):
    with pytest.raises(SaveError, match=message):
        load_game_bytes(data, module)


def test_an_edited_log_is_caught(module):
    raw = json.loads(save_bytes(sample(module)))
    raw["actions"][0]["to"]["id"] = "0101"
    with pytest.raises(SaveError, match="history hash does not match"):
        load_game_bytes(json.dumps(raw).encode(), module)
    raw["actions"][0]["to"]["id"] = "9999"
    with pytest.raises(SaveError, match="action 1: move does not apply"):
        load_game_bytes(json.dumps(raw).encode(), module)


def test_pbem_appends_only_new_actions_and_checks_them(module):
    mine = sample(module)
    theirs = load_game_bytes(save_bytes(mine), module).game
    base = len(mine.actions)
    mine.do(MovePieces(pieces=("blue-3",), to=Location.hex("0101")))
    mine.do(RollDice())
    data = export_actions(mine, base)
    assert len(json.loads(data)["actions"]) == 2
    entries = append_actions(theirs, data)
    assert [e.text for e in entries] == [e.text for e in mine.entries[base:]]
    assert theirs.state == mine.state
    with pytest.raises(PacketAlreadyInGame, match="already in this game"):  # sent twice: said, nothing broken
        append_actions(theirs, data)
    assert len(theirs.actions) == len(mine.actions) and theirs.state == mine.state


def test_pbem_refuses_a_file_that_does_not_fit(module):
    mine, theirs = sample(module), sample(module)
    theirs.do(RollDice())
    mine.do(MovePieces(pieces=("red-1",), to=Location.hex("0101")))
    with pytest.raises(PacketError, match="does not have"):
        append_actions(theirs, export_actions(mine, 2))
    behind = Game(module, "basic", 3)
    with pytest.raises(PacketError, match="earlier file is missing"):
        append_actions(behind, export_actions(mine, 2))
    assert len(behind.actions) == 0


def test_optional_rules_are_saved_and_a_vanished_rule_only_warns(module):
    from hexwright.runtime.model import OptionalRule

    with_rule = module.model_copy(deep=True)
    with_rule.meta.optional_rules = {"fog": OptionalRule(name="Fog of war")}
    game = Game(with_rule, "basic", 1, optional_rules={"fog": True})
    assert game.state.optional_rules == {"fog": True}
    loaded = load_game_bytes(save_bytes(game), with_rule)
    assert loaded.warnings == [] and loaded.game.state.optional_rules == {"fog": True}
    without = load_game_bytes(save_bytes(game), module)
    assert any("'fog'" in w for w in without.warnings)
