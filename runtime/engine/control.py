"""Hex control by last passage (DoM §7): a hex belongs to the side that last had a unit in
it or passing through it. A unit in a hex controls it now; ``GameState.control`` keeps
the passages of the units that have moved on (the engine writes every hex a move,
retreat or advance passes through)."""

from __future__ import annotations

from collections.abc import Iterable

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState


def controllable(module: Module) -> frozenset[str] | None:
    """The hexes subject to control (ToV 6.1: cities, towns, supply sources), None: every hex
    (DoM §7); from ``rules.json`` ``control.feature_types``."""
    types = set(module.rules.control.feature_types)
    if not types:
        return None
    return frozenset(label for label, h in module.map.hexes.items() if any(f.type in types for f in h.features))


def control_map(module: Module, state: GameState) -> dict[str, str]:
    """Hex label → controlling side: the occupant's side, else the last side to pass."""
    only = controllable(module)
    out = dict(state.control)
    for pid, p in state.pieces.items():
        if p.at.kind == "hex" and (only is None or p.at.id in only):
            out[p.at.id] = module.pieces.pieces[pid].side
    return dict(sorted(out.items()))


def passed(state: GameState, side: str, hexes: Iterable[str], module: Module | None = None) -> GameState:
    """``side`` passed through ``hexes``: it controls those that can be controlled."""
    only = controllable(module) if module is not None else None
    control = dict(state.control)
    for h in hexes:
        if only is None or h in only:
            control[h] = side
    return state.model_copy(update={"control": dict(sorted(control.items()))})
