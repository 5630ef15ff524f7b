"""The pieces table ``apply`` makes records which pieces it replaced (``runtime.state.piece_table``):
over random games — moves, flips, step losses, eliminations, undo (an earlier state asked
for again), redo and replay (an action applied again to an earlier state), a bot's tries
(several states made from one) and states read back from their JSON — the pieces its
record names between two tables are exactly those whose entries differ, and where the
records do not join two tables it says so (None) instead of guessing."""

from __future__ import annotations

import copy
import gc
import pickle
import random

import pytest
from builders import play_module
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwright.runtime.state import (
    Eliminate,
    Flip,
    GameState,
    Location,
    MoveMarker,
    MovePieces,
    SetStep,
    StepLoss,
    apply,
    initial_state,
)
from hexwright.runtime.state.piece_table import DEPTH, PieceTable, differences, edited


def true_differences(a, b) -> frozenset[str]:
    return frozenset(pid for pid in a.keys() | b.keys() if a.get(pid) is not b.get(pid))


@pytest.fixture(scope="module")
def module():
    return play_module()


def random_action(module, state: GameState, rng: random.Random):
    pid = rng.choice(sorted(state.pieces))
    labels = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 7)]
    roll = rng.random()
    if roll < 0.45:
        return MovePieces(pieces=tuple(rng.sample(sorted(state.pieces), rng.randrange(1, 3))),
                          to=Location.hex(rng.choice(labels)))
    if roll < 0.55:
        return MovePieces(pieces=(pid,), to=Location.box("dead"))
    if roll < 0.65:
        return Flip(piece=pid)
    if roll < 0.75:
        return SetStep(piece=pid, step=0)
    if roll < 0.85:
        return StepLoss(piece=pid)
    if roll < 0.9:
        return MoveMarker(instance=rng.choice(sorted(state.markers)), to=Location.box("dead"))
    return Eliminate(pieces=(pid,))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_the_record_names_exactly_the_pieces_that_differ_between_any_two_states_of_a_game(seed):
    module = play_module()
    rng = random.Random(seed)
    states = [initial_state(module, "basic", seed=seed)]
    done: list[tuple[int, object]] = []  # (index of the state it was applied to, the action)
    for _ in range(40):
        roll = rng.random()
        if roll < 0.15 and done:  # redo, or a replay: an action applied again to the state it followed
            frm, action = rng.choice(done)
            base = states[frm]
        else:  # the last state, or an earlier one (undo, a bot trying moves from one state)
            frm = len(states) - 1 if roll < 0.6 else rng.randrange(len(states))
            base = states[frm]
            action = random_action(module, base, rng)
        state, _ = apply(module, base, action)
        done.append((frm, action))
        states.append(state)
        if rng.random() < 0.1:  # a state read back from its JSON: a plain table
            states.append(GameState.model_validate_json(state.model_dump_json()))
    joined = 0
    for a in states:
        for b in states:
            found = differences(a.pieces, b.pieces)
            if found is not None:
                joined += 1
                assert found == true_differences(a.pieces, b.pieces)
            else:  # only tables with no record in common, never a table and the one it was made from
                assert a.pieces is not b.pieces
                assert not (isinstance(b.pieces, PieceTable) and any(t() is a.pieces for t, _ids in b.pieces._since))
    assert joined > len(states)  # the records joined more than each table with itself


def test_a_move_records_the_pieces_it_moved_and_undo_reads_the_same_record(module):
    start = initial_state(module, "basic", seed=1)
    moved, _ = apply(module, start, MovePieces(pieces=("blue-1", "red-2"), to=Location.hex("0303")))
    assert differences(start.pieces, moved.pieces) is None  # the start is a plain table: nothing to name it by
    flipped, _ = apply(module, moved, Flip(piece="red-1"))
    assert differences(moved.pieces, flipped.pieces) == {"red-1"}
    assert differences(flipped.pieces, moved.pieces) == {"red-1"}  # undo
    again, _ = apply(module, flipped, MovePieces(pieces=("blue-2",), to=Location.hex("0404")))
    assert differences(moved.pieces, again.pieces) == {"red-1", "blue-2"}
    assert differences(again.pieces, again.pieces) == frozenset()
    tried, _ = apply(module, moved, Eliminate(pieces=("blue-1",)))  # another try from ``moved``
    assert differences(again.pieces, tried.pieces) == {"red-1", "blue-2", "blue-1"}
    markers, _ = apply(module, again, MoveMarker(instance=sorted(again.markers)[0], to=Location.box("dead")))
    assert differences(again.pieces, markers.pieces) == frozenset()
    assert markers.pieces == again.pieces


def test_a_record_reaches_depth_edits_back_and_no_further(module):
    first, _ = apply(module, initial_state(module, "basic", seed=1), Flip(piece="blue-1"))
    chain = [first]
    for k in range(DEPTH + 1):
        state, _ = apply(module, chain[-1], SetStep(piece="red-1", step=k % 2))
        chain.append(state)
    assert differences(chain[-2].pieces, first.pieces) == {"red-1"}  # DEPTH edits back
    assert differences(chain[-1].pieces, first.pieces) is None  # DEPTH + 1


def test_a_record_keeps_no_earlier_table_alive_and_names_the_edits_of_the_tables_gone_between(module):
    start, _ = apply(module, initial_state(module, "basic", seed=1), Flip(piece="blue-1"))
    middle, _ = apply(module, start, Flip(piece="red-1"))
    end, _ = apply(module, middle, MovePieces(pieces=("blue-2",), to=Location.hex("0706")))
    probe = [ref for ref, _ids in end.pieces._since if ref() is middle.pieces]
    assert probe
    del middle
    gc.collect()
    assert probe[0]() is None
    assert differences(start.pieces, end.pieces) == {"red-1", "blue-2"}  # an engine action's moves as one


def test_edited_puts_the_changes_in_a_new_table_and_leaves_the_one_before_as_it_was(module):
    start = initial_state(module, "basic", seed=1)
    before = dict(start.pieces)
    new = start.pieces["red-1"].model_copy(update={"step": 1})
    table = edited(start.pieces, {"red-1": new})
    assert table == {**before, "red-1": new}
    assert start.pieces == before
    assert table["blue-1"] is start.pieces["blue-1"]


def test_a_pieces_table_refuses_every_change_in_place(module):
    state, _ = apply(module, initial_state(module, "basic", seed=1), Flip(piece="blue-1"))
    table = state.pieces
    kept = dict(table)
    piece = table["red-1"]
    for change in (lambda: table.__setitem__("red-1", piece), lambda: table.__delitem__("red-1"),
                   lambda: table.__ior__({"red-1": piece}), lambda: table.update({"red-1": piece}),
                   lambda: table.update(red=piece), lambda: table.pop("red-1"), lambda: table.pop("x", None),
                   table.popitem, table.clear, lambda: table.setdefault("x", piece)):
        with pytest.raises(TypeError, match="never changed in place"):
            change()
    assert table == kept


def test_a_copy_of_a_pieces_table_is_a_plain_table_with_no_record(module):
    state, _ = apply(module, initial_state(module, "basic", seed=1), Flip(piece="blue-1"))
    copies = [dict(state.pieces), copy.copy(state.pieces), copy.deepcopy(state.pieces),
              pickle.loads(pickle.dumps(state.pieces)), state.model_copy(deep=True).pieces,
              GameState.model_validate_json(state.model_dump_json()).pieces]
    for table in copies:
        assert type(table) is dict
        assert table == state.pieces
        table["red-1"] = table["blue-1"]  # a plain table is the caller's own
    assert state.model_dump_json() == GameState.model_validate_json(state.model_dump_json()).model_dump_json()
