"""Hex control by last passage (DoM §7): a hex belongs to the side that last had a unit in
it or passing through it. A unit in a hex controls it now; ``GameState.control`` keeps
the passages of the units that have moved on (the engine writes every hex a move,
retreat or advance passes through)."""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState


def control_map(module: Module, state: GameState) -> dict[str, str]:
    """Hex label → controlling side: the occupant's side, else the last side to pass."""
    out = dict(state.control)
    for pid, p in state.pieces.items():
        if p.at.kind == "hex":
            out[p.at.id] = module.pieces.pieces[pid].side
    return dict(sorted(out.items()))


def passed(state: GameState, side: str, hexes: Iterable[str]) -> GameState:
    control = dict(state.control)
    for h in hexes:
        control[h] = side
    return state.model_copy(update={"control": dict(sorted(control.items()))})
