"""Seeded random manual actions for playout tests (any action a player could do by hand)."""

from __future__ import annotations

import random

from hexwright.runtime.model import Module
from hexwright.runtime.state import (
    AddMarker,
    DrawChit,
    Eliminate,
    Flip,
    FlipMarker,
    GameState,
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
    StepLoss,
)


def random_action(module: Module, state: GameState, rnd: random.Random):
    """One action that applies to ``state``, chosen with ``rnd``."""
    grid = module.map.grid
    scheme, hex_grid = grid.labels.scheme(), grid.hex_grid()
    labels = [scheme.format(h, hex_grid) for h in hex_grid.hexes()]
    pieces = sorted(state.pieces)
    live = [p for p in pieces if state.pieces[p].at.kind in ("hex", "box", "unavailable")]
    choices = ["move", "move", "move", "roll", "next", "note", "control", "side"]
    if live:
        choices += ["flip", "step", "eliminate", "set_step", "stack"]
    if state.markers:
        choices += ["move_marker", "flip_marker", "remove_marker"]
    if module.pieces.markers:
        choices.append("add_marker")
    if any(state.cups.values()):
        choices.append("draw")
    if state.drawn:
        choices.append("return")
    kind = rnd.choice(choices)
    piece = rnd.choice(live or pieces)
    if kind == "move":
        boxes = sorted(module.map.boxes)
        to = Location.box(rnd.choice(boxes)) if boxes and rnd.random() < 0.2 else Location.hex(rnd.choice(labels))
        return MovePieces(pieces=(piece,), to=to)
    if kind == "stack":
        at = state.pieces[piece].at
        return MovePieces(pieces=tuple(state.stack(at)), to=Location.hex(rnd.choice(labels)))
    if kind == "roll":
        return RollDice(count=rnd.randint(1, 3))
    if kind == "next":
        return NextPhase()
    if kind == "note":
        return Note(text=f"note {rnd.randint(0, 999)}")
    if kind == "control":
        return SetControl(hex=rnd.choice(labels), side=rnd.choice([None, *sorted(module.pieces.sides)]))
    if kind == "side":
        return SetActiveSide(side=rnd.choice(sorted(module.pieces.sides)))
    if kind == "flip":
        return Flip(piece=piece)
    if kind == "step":
        return StepLoss(piece=piece)
    if kind == "set_step":
        return SetStep(piece=piece, step=rnd.randrange(len(module.pieces.pieces[piece].steps)))
    if kind == "eliminate":
        return Eliminate(pieces=(piece,))
    if kind == "add_marker":
        marker_id = rnd.choice(sorted(module.pieces.markers))
        in_play = sum(1 for m in state.markers.values() if m.marker == marker_id)
        if in_play >= module.pieces.markers[marker_id].count:
            return Note(text="no marker left")
        return AddMarker(marker=marker_id, at=Location.hex(rnd.choice(labels)))
    instance = rnd.choice(sorted(state.markers)) if state.markers else ""
    if kind == "move_marker":
        return MoveMarker(instance=instance, to=Location.hex(rnd.choice(labels)))
    if kind == "flip_marker":
        return FlipMarker(instance=instance)
    if kind == "remove_marker":
        return RemoveMarker(instance=instance)
    if kind == "draw":
        return DrawChit(cup=rnd.choice(sorted(c for c, chits in state.cups.items() if chits)))
    return ReturnChit(chit=rnd.choice(state.drawn), cup=rnd.choice(sorted(state.cups)))
