"""The position the engine keeps for its states (``runtime.engine.state_position``) equals a
fresh index of each state's units after random sequences of moves, undos (going back to an
earlier state), redos, a bot's tries from one state, step losses, eliminations and states
read back from their JSON; after ``apply`` it follows the game by the pieces the action
changed, and compares every piece only for a state with no record in common with the last;
and reach read through it equals reach from the state's plain occupancy (DoM §8.1, §8.1.1:
enemy units and their ZOC as they stand now)."""

from __future__ import annotations

import random

import pytest
from builders import add_unit, rules_module
from hypothesis import given, settings
from hypothesis import strategies as st

from hexwright.runtime.engine import unit_reach
from hexwright.runtime.engine.state_position import pieces_examined, state_position
from hexwright.runtime.model import Scenario
from hexwright.runtime.model.rules_config import RulesConfig, ZocRules
from hexwright.runtime.rules import reach
from hexwright.runtime.rules.position import Position
from hexwright.runtime.state import Eliminate, Flip, GameState, Location, MovePieces, PieceState, StepLoss
from hexwright.runtime.state import apply as state_apply
from hexwright.runtime.state.piece_table import differences, edited
from hexwright.runtime.state.rng import RngState


def random_game(seed: int):
    rng = random.Random(seed)
    zoc = ZocRules(stop_on_enter=rng.random() < 0.6, can_leave=rng.random() < 0.6,
                   friendly_negates_for_movement=rng.random() < 0.5, blocked_by_hexsides=["river"])
    m = rules_module(7, 7, rules=RulesConfig(zoc=zoc))
    m.scenarios["s"] = Scenario(name="S", last_turn=3)
    labels = sorted(f"{c:02d}{r:02d}" for c in range(1, 8) for r in range(1, 8))
    pieces = {}
    for k, label in enumerate(rng.sample(labels, 12)):
        pid = add_unit(m, f"u{k:02d}", side="red" if k % 2 else "blue", unit_type=rng.choice(["inf", "arm", "art"]),
                       movement=rng.randrange(3, 9), reduced=2 if rng.random() < 0.5 else None)
        pieces[pid] = PieceState(at=Location.hex(label))
    state = GameState(scenario="s", turn=1, pieces=pieces, rng=RngState(seed=seed))
    return m, state, labels, rng


def state_position_of(m, state: GameState) -> dict[str, str]:
    with state_position(m, state) as (pos, _stamp):
        return dict(pos)


def a_fresh_index_agrees(m, state: GameState) -> None:
    occ = state.occupancy()
    fresh = Position(m, occ)
    with state_position(m, state) as (pos, _stamp):
        assert dict(pos) == occ
        assert pos.by_hex == fresh.by_hex
        for side in fresh.sides:
            assert pos.own[side] == fresh.own[side]
            assert pos.enemy[side] == fresh.enemy[side]
            assert pos.enemy_zoc(m.rules.zoc, side) == fresh.enemy_zoc(m.rules.zoc, side)


def random_action(state: GameState, labels: list[str], rng: random.Random):
    pid = rng.choice(sorted(state.pieces))
    roll = rng.random()
    if roll < 0.5:
        return MovePieces(pieces=(pid,), to=Location.hex(rng.choice(labels)))
    if roll < 0.625:
        return MovePieces(pieces=(pid,), to=Location.off("exited"))
    if roll < 0.75:
        return Eliminate(pieces=(pid,))
    if roll < 0.875:
        return StepLoss(piece=pid)
    return Flip(piece=pid)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9))
def test_the_kept_position_equals_a_fresh_index_after_moves_undos_and_eliminations(seed):
    m, state, labels, rng = random_game(seed)
    history = [state]
    done = []  # (the state an action was applied to, the action)
    for _ in range(25):
        roll = rng.random()
        last = state
        if roll < 0.2 and len(history) > 1:  # undo: back to an earlier state
            history = history[:rng.randrange(1, len(history))]
            state = history[-1]
        elif roll < 0.3 and done:  # redo: an action applied again to the state it followed
            before, action = rng.choice(done)
            state, _ = state_apply(m, before, action)
            history.append(state)
        else:  # the last state, or a bot's try from an earlier one
            before = state if roll < 0.8 else rng.choice(history)
            action = random_action(before, labels, rng)
            state, _ = state_apply(m, before, action)
            done.append((before, action))
            history.append(state)
        with state_position(m, last):
            pass
        a_fresh_index_agrees(m, state)
        recorded = differences(last.pieces, state.pieces)
        assert state.pieces is not last.pieces  # every action here makes a table
        # the record's few pieces, or every piece when the tables share no record
        assert pieces_examined(m) == (len(state.pieces) if recorded is None else len(recorded))
        if rng.random() < 0.3:  # a state read back from its JSON shares no piece with the last
            a_fresh_index_agrees(m, GameState.model_validate_json(state.model_dump_json()))
            assert pieces_examined(m) == len(state.pieces)


def test_after_apply_the_kept_position_reads_only_the_pieces_the_action_changed_dom_8_1():
    m, state, labels, _rng = random_game(5)
    add_unit(m, "u12", side="red", unit_type="inf", movement=4)  # in the module, not yet in the game
    loaded = GameState.model_validate_json(state.model_dump_json())
    a_fresh_index_agrees(m, loaded)
    assert pieces_examined(m) == 12  # a state read from a file: every piece compared
    free = [h for h in labels if h not in loaded.occupancy().values()]
    moved, _ = state_apply(m, loaded, MovePieces(pieces=("u03",), to=Location.hex(free[0])))
    a_fresh_index_agrees(m, moved)
    assert pieces_examined(m) == 12  # made from a plain table: no record to read
    again, _ = state_apply(m, moved, MovePieces(pieces=("u04",), to=Location.hex(free[1])))
    a_fresh_index_agrees(m, again)
    assert pieces_examined(m) == 1
    gone, _ = state_apply(m, again, Eliminate(pieces=("u05", "u06")))
    a_fresh_index_agrees(m, gone)
    assert pieces_examined(m) == 2
    a_fresh_index_agrees(m, moved)  # undo two actions
    assert pieces_examined(m) == 3
    tried, _ = state_apply(m, moved, MovePieces(pieces=("u07",), to=Location.hex(free[2])))
    a_fresh_index_agrees(m, gone)
    a_fresh_index_agrees(m, tried)  # a bot's other try from ``moved``
    assert pieces_examined(m) == 4
    extra = edited(tried.pieces, {"u12": PieceState(at=Location.hex(free[3]))})  # a piece put in by an edit
    more = tried.model_copy(update={"pieces": extra})
    a_fresh_index_agrees(m, more)
    assert pieces_examined(m) == 1
    a_fresh_index_agrees(m, tried)  # and gone again
    assert "u12" not in dict(state_position_of(m, tried))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**9))
def test_reach_in_play_equals_reach_from_the_plain_occupancy_dom_8_1(seed):
    m, state, labels, rng = random_game(seed)
    for _ in range(3):
        movers = sorted(p for p, ps in state.pieces.items() if ps.at.kind == "hex")
        for unit in movers:
            ours = unit_reach(m, state, unit, m.rules).to_json()
            assert ours == reach(m, state.occupancy(), unit, steps=state.steps()).to_json()
        state, _ = state_apply(m, state, MovePieces(pieces=(rng.choice(movers),), to=Location.hex(rng.choice(labels))))


def test_a_stamp_names_one_position_and_a_flip_keeps_it():
    m, state, labels, _rng = random_game(3)
    with state_position(m, state) as (_pos, first):
        pass
    flipped, _ = state_apply(m, state, Flip(piece="u00"))
    with state_position(m, flipped) as (_pos, same):
        assert same is first  # a step shown is not a position: answers under the stamp still hold
    free = next(h for h in labels if h not in state.occupancy().values())
    moved, _ = state_apply(m, flipped, MovePieces(pieces=("u00",), to=Location.hex(free)))
    with state_position(m, moved) as (pos, other):
        assert other is not first
        assert pos["u00"] == free
    with state_position(m, state) as (pos, back):  # undo
        assert back is not other and back is not first
        assert dict(pos) == state.occupancy()


def test_the_kept_position_drops_pieces_a_table_no_longer_has_even_after_a_failed_walk():
    """Tables of different games share no record: a piece missing from the new one leaves the
    position; a table naming a piece the module lacks is refused (ValueError) and the next
    walk puts the position right whatever that one left."""
    m, state, labels, _rng = random_game(9)
    assert pieces_examined(m) == 0  # nothing walked yet
    a_fresh_index_agrees(m, state)
    a_fresh_index_agrees(m, state)  # the same state again: nothing to walk
    assert pieces_examined(m) == 0
    on_map = sorted(p for p, ps in state.pieces.items() if ps.at.kind == "hex")
    fewer = state.model_copy(update={"pieces": {p: ps for p, ps in state.pieces.items() if p != on_map[0]}})
    with state_position(m, state) as (_pos, before):
        pass
    a_fresh_index_agrees(m, fewer)
    with state_position(m, fewer) as (pos, after):
        assert on_map[0] not in pos
        assert after is not before  # answers kept for the position with the piece are not read again
    free = next(h for h in labels if h not in state.occupancy().values())
    bad = state.model_copy(update={"pieces": {**state.pieces, "u00": PieceState(at=Location.hex(free)),
                                              "zz": PieceState(at=Location.hex(free))}})
    with pytest.raises(ValueError, match="unknown piece 'zz'"):
        state_position_of(m, bad)
    smaller = fewer.model_copy(update={"pieces": {p: ps for p, ps in fewer.pieces.items() if p != on_map[1]}})
    a_fresh_index_agrees(m, smaller)  # after the failure: u00 back in its hex, on_map[0] and [1] gone
    assert pieces_examined(m) == len(smaller.pieces)
