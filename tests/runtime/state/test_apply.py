"""apply(module, state, action): each manual action, its log line, and what it refuses."""

import pytest
from builders import play_module

from hexwright.runtime.state import (
    ActionError,
    AddMarker,
    DrawChit,
    Eliminate,
    Flip,
    FlipMarker,
    Location,
    MoveMarker,
    MovePieces,
    NextPhase,
    Note,
    RemoveMarker,
    ReturnChit,
    RollDice,
    SetActiveSide,
    SetControl,
    SetStep,
    SetTurn,
    StepLoss,
    apply,
    initial_state,
)


@pytest.fixture(scope="module")
def module():
    return play_module()


@pytest.fixture
def start(module):
    return initial_state(module, "basic", seed=11)


def test_initial_state_places_setup_reinforcements_markers_and_cups(start):
    assert start.stack(Location.hex("0202")) == ["blue-1", "blue-2"]
    assert start.pieces["blue-3"].at == Location.box("blue-reinf")
    assert start.markers["turn#1"].at == Location.track("turns", 0)
    assert start.cups == {"cup": ("chit-a", "chit-b", "chit-c")}
    assert (start.turn, start.phase, start.active_side) == (1, 0, "blue")


def test_move_a_stack_logs_a_readable_line_and_puts_it_on_top(module, start):
    new, entry = apply(module, start, MovePieces(pieces=("blue-1", "blue-2"), to=Location.hex("0504")))
    assert entry.text == "BL 1/1 iregt, BL 2/1 iregt 0202 → 0504"
    assert new.stack(Location.hex("0504")) == ["red-1", "blue-1", "blue-2"]
    assert new.last_moved.source == Location.hex("0202") and new.last_moved.target == Location.hex("0504")
    assert start.stack(Location.hex("0202")) == ["blue-1", "blue-2"]  # input untouched


def test_move_refuses_hexes_off_the_map_and_unknown_boxes(module, start):
    with pytest.raises(ActionError, match="off the"):
        apply(module, start, MovePieces(pieces=("blue-1",), to=Location.hex("0999")))
    with pytest.raises(ActionError, match="no box"):
        apply(module, start, MovePieces(pieces=("blue-1",), to=Location.box("nowhere")))
    with pytest.raises(ActionError, match="no piece"):
        apply(module, start, MovePieces(pieces=("ghost",), to=Location.hex("0101")))


def test_flip_and_step_loss_then_elimination(module, start):
    flipped, entry = apply(module, start, Flip(piece="blue-1"))
    assert flipped.pieces["blue-1"].step == 1 and "flipped" in entry.text
    back, _ = apply(module, flipped, Flip(piece="blue-1"))
    assert back.pieces["blue-1"].step == 0
    lost, _ = apply(module, start, StepLoss(piece="red-1"))
    assert lost.pieces["red-1"].step == 1
    gone, entry = apply(module, lost, StepLoss(piece="red-1"))
    assert gone.pieces["red-1"].at == Location.off("eliminated")
    assert entry.text == "RD 33 pzbn loses its last step: eliminated in 0504"
    back, entry = apply(module, start, Flip(piece="red-2"))  # a one-step unit shows its back
    assert back.pieces["red-2"].step == 1 and entry.text == "RD 10 iregt flipped to its back"
    with pytest.raises(ActionError, match="only 2 faces"):
        apply(module, start, SetStep(piece="red-2", step=2))


def test_eliminate(module, start):
    new, entry = apply(module, start, Eliminate(pieces=("red-2",)))
    assert new.pieces["red-2"].at.kind == "eliminated"
    assert entry.text == "RD 10 iregt eliminated"


def test_markers_add_move_flip_remove_and_count_limit(module, start):
    state = start
    for label in ("0101", "0102", "0103", "0104"):
        state, _ = apply(module, state, AddMarker(marker="control", at=Location.hex(label)))
    assert sorted(state.markers) == ["control#1", "control#2", "control#3", "control#4", "turn#1"]
    with pytest.raises(ActionError, match="already in play"):
        apply(module, state, AddMarker(marker="control", at=Location.hex("0105")))
    state, _ = apply(module, state, MoveMarker(instance="control#2", to=Location.hex("0305")))
    state, _ = apply(module, state, FlipMarker(instance="control#2"))
    assert state.markers["control#2"].face == 1
    assert state.markers_at(Location.hex("0305")) == ["control#2"]
    state, entry = apply(module, state, RemoveMarker(instance="control#2"))
    assert "control#2" not in state.markers and entry.text == "Control marker removed from 0305"
    state, _ = apply(module, state, AddMarker(marker="control", at=Location.hex("0105")))
    assert "control#2" in state.markers  # the freed number is used again


def test_next_phase_follows_the_sequence_and_moves_the_turn_marker(module, start):
    state = start
    sides = []
    for _ in range(4):
        state, entry = apply(module, state, NextPhase())
        sides.append(state.active_side)
    assert sides == ["blue", "red", "red", "blue"]
    assert (state.turn, state.phase) == (2, 0)
    assert entry.text == "→ Turn 2, Blue Movement"
    assert state.markers["turn#1"].at == Location.track("turns", 1)
    state, _ = apply(module, state, SetTurn(turn=4, phase=2))
    assert (state.turn, state.phase, state.active_side) == (4, 2, "red")
    assert state.markers["turn#1"].at == Location.track("turns", 3)
    with pytest.raises(ActionError, match="no phase"):
        apply(module, state, SetTurn(turn=1, phase=9))



def test_a_marker_until_a_turn_goes_when_that_turn_begins(module, start):
    """A reminder of a restriction that ends on a turn (ToV 12.1's "Restricted until Turn 4")
    stays on its hex until then and is taken off when the turn begins, by NextPhase or SetTurn."""
    from hexwright.runtime.model import Marker, MarkerFace

    m = module.model_copy(deep=True)
    m.pieces.markers["until2"] = Marker(name="Until turn 2", kind="status", faces=[MarkerFace(text="T2")],
                                        until_turn=2)
    state, _ = apply(m, start, AddMarker(marker="until2", at=Location.hex("0203")))
    assert "until2#1" in state.markers
    for _ in range(3):
        state, _ = apply(m, state, NextPhase())
    assert state.turn == 1 and state.markers["until2#1"].at == Location.hex("0203")
    state, _ = apply(m, state, NextPhase())
    assert state.turn == 2 and "until2#1" not in state.markers and "turn#1" in state.markers
    again, _ = apply(m, start, AddMarker(marker="until2", at=Location.hex("0203")))
    again, _ = apply(m, again, SetTurn(turn=3, phase=0))
    assert "until2#1" not in again.markers

def test_dice_come_from_the_state_generator(module, start):
    a, entry_a = apply(module, start, RollDice(count=2, reason="attack on 0504"))
    b, entry_b = apply(module, start, RollDice(count=2, reason="attack on 0504"))
    assert entry_a == entry_b and a == b
    assert a.rng.counter >= 2 and len(entry_a.dice) == 2
    assert entry_a.text.startswith("BL rolls 2d6 (attack on 0504): ")
    with pytest.raises(ActionError, match="no die"):
        apply(module, start, RollDice(die="d20"))


def test_chits_draw_and_return(module, start):
    state, entry = apply(module, start, DrawChit(cup="cup"))
    chit = entry.drawn
    assert chit in ("chit-a", "chit-b", "chit-c")
    assert chit not in state.cups["cup"] and state.drawn == (chit,)
    state, _ = apply(module, state, DrawChit(cup="cup"))
    state, _ = apply(module, state, DrawChit(cup="cup"))
    with pytest.raises(ActionError, match="empty"):
        apply(module, state, DrawChit(cup="cup"))
    state, _ = apply(module, state, ReturnChit(chit=chit, cup="cup"))
    assert state.cups["cup"] == (chit,)


def test_control_side_and_note(module, start):
    state, entry = apply(module, start, SetControl(hex="0504", side="blue"))
    assert state.control == {"0504": "blue"} and entry.text == "0504 controlled by Blue"
    state, _ = apply(module, state, SetControl(hex="0504"))
    assert state.control == {}
    state, _ = apply(module, state, SetActiveSide(side="red"))
    assert state.active_side == "red"
    same, entry = apply(module, state, Note(text="red plans an attack"))
    assert same == state and entry.text == "note: red plans an attack"
    with pytest.raises(ActionError, match="no side"):
        apply(module, state, SetActiveSide(side="green"))


def test_occupancy_and_steps_feed_the_rules_engine(module, start):
    state, _ = apply(module, start, StepLoss(piece="red-1"))
    assert state.occupancy() == {"blue-1": "0202", "blue-2": "0202", "red-1": "0504", "red-2": "0605"}
    assert state.steps()["red-1"] == 1 and state.hex_of("blue-3") is None
