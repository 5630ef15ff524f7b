"""Game: the log as source of truth — undo/redo, strict mode, replay, branches, bookmarks."""

import pytest
from builders import play_module

from hexwright.runtime.state import ActionError, Flip, Game, Location, MovePieces, Note, RollDice, initial_state


@pytest.fixture(scope="module")
def module():
    return play_module()


def play_some(game):
    game.do(MovePieces(pieces=("blue-1",), to=Location.hex("0303")))
    game.do(Flip(piece="blue-1"))
    game.do(RollDice())
    game.do(Note(text="end"))


def test_undo_and_redo_restore_states_and_log(module):
    game = Game(module, "basic", 5, snapshot_every=2)
    states = [game.state]
    for action in (MovePieces(pieces=("blue-1",), to=Location.hex("0303")), Flip(piece="blue-1"), RollDice()):
        game.do(action)
        states.append(game.state)
    log = [e.text for e in game.entries]
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state == expected
    assert game.state == initial_state(module, "basic", 5)
    with pytest.raises(ActionError, match="nothing to undo"):
        game.undo()
    for expected in states[1:]:
        game.redo()
        assert game.state == expected
    assert [e.text for e in game.entries] == log


def test_a_new_action_clears_redo(module):
    game = Game(module, "basic", 5)
    play_some(game)
    game.undo()
    game.do(Note(text="other"))
    assert not game.can_redo()


def test_undo_then_roll_again_gives_the_same_die(module):
    game = Game(module, "basic", 5)
    first = game.do(RollDice(count=3)).dice
    game.undo()
    assert game.do(RollDice(count=3)).dice == first


def test_strict_mode_stops_undo_at_a_die_roll(module):
    game = Game(module, "basic", 5, strict=True)
    play_some(game)
    game.undo()  # the note
    assert not game.can_undo()
    with pytest.raises(ActionError, match="strict mode"):
        game.undo()
    assert len(game.actions) == 3


def test_replay_steps_through_the_log_without_changing_it(module):
    game = Game(module, "basic", 5, snapshot_every=3)
    play_some(game)
    live = game.state
    assert game.first() == initial_state(module, "basic", 5)
    assert game.replaying and game.position == 0
    with pytest.raises(ActionError, match="replaying"):
        game.do(Note(text="x"))
    assert game.next().pieces["blue-1"].at == Location.hex("0303")
    assert game.next().pieces["blue-1"].step == 1
    game.previous()
    assert game.position == 1
    assert game.last() == live and not game.replaying
    assert game.previous() == game.state_at(3)


def test_continue_from_here_keeps_the_rest_as_a_branch(module):
    game = Game(module, "basic", 5)
    play_some(game)
    game.goto(2)
    game.bookmark("before the roll")
    assert game.continue_from_here() == 2
    assert len(game.actions) == 2 and game.state == game.state_at(2)
    assert game.branches[0].start == 2 and [a.kind for a in game.branches[0].actions] == ["roll", "note"]
    assert game.bookmarks == {2: "before the roll"}
    game.do(Note(text="new line"))
    assert len(game.actions) == 3


def test_every_state_by_replay_equals_the_live_one(module):
    game = Game(module, "basic", 8, snapshot_every=4)
    for n in range(10):
        game.do(MovePieces(pieces=("red-2",), to=Location.hex(f"010{1 + n % 5}")))
        game.do(RollDice())
    fresh = Game(module, "basic", 8, snapshot_every=1000)
    fresh.extend(game.actions)
    for i in range(len(game.actions) + 1):
        assert game.state_at(i) == fresh.state_at(i)
