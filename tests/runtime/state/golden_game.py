"""The golden playthrough: a fixed list of manual actions on the synthetic play module."""

from hexwright.runtime.state import (
    AddMarker,
    DrawChit,
    Eliminate,
    Flip,
    Location,
    MovePieces,
    NextPhase,
    Note,
    ReturnChit,
    RollDice,
    SetControl,
    StepLoss,
)

SEED = 20260101
ACTIONS = [
    MovePieces(pieces=("blue-1", "blue-2"), to=Location.hex("0403")),
    RollDice(count=2, reason="attack on 0504"),
    StepLoss(piece="red-1"),
    MovePieces(pieces=("blue-2",), to=Location.hex("0504")),
    SetControl(hex="0504", side="blue"),
    DrawChit(cup="cup"),
    NextPhase(),
    NextPhase(),
    Flip(piece="red-2"),
    AddMarker(marker="control", at=Location.hex("0605"), face=1),
    RollDice(),
    Eliminate(pieces=("blue-1",)),
    NextPhase(),
    NextPhase(),
    MovePieces(pieces=("blue-3",), to=Location.hex("0101")),
    Note(text="turn 2 begins"),
    DrawChit(cup="cup"),
]


def returned_chit_action(state):
    return ReturnChit(chit=state.drawn[0], cup="cup")
