"""What must hold at every step of any game, checked during bot games (playouts as a fuzzer).

A violation is an engine bug or a module inconsistency, never a bot's mistake: the bot
only ever plays legal actions. :func:`check_step` runs after every action,
:func:`check_end` once at the end of a game.
"""

from __future__ import annotations

from hexwright.runtime.engine import EngineAction, sort_key, totals
from hexwright.runtime.model import Module
from hexwright.runtime.rules import stacking_violations
from hexwright.runtime.state import GameState, state_json


class InvariantViolation(Exception):
    """An invariant failed; ``index`` is the action after which it was seen."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"after action {index}: {message}")
        self.index = index
        self.message = message


def check_legal(index: int, actions: list[EngineAction], chosen: EngineAction) -> None:
    if actions != sorted(actions, key=sort_key):
        raise InvariantViolation(index, "legal actions are not sorted")
    if len(set(actions)) != len(actions):
        raise InvariantViolation(index, "legal actions repeat")
    if chosen not in actions:
        raise InvariantViolation(index, f"the chosen action {chosen!r} is not legal")


def check_unchanged(index: int, before_json: str, state: GameState) -> None:
    if state_json(state) != before_json:
        raise InvariantViolation(index, "apply changed its input state")


def check_step(module: Module, hexes: frozenset[str], index: int, before: GameState, after: GameState) -> None:
    """Pieces where they can be (``hexes``: the map's labels), steps in range, stacking at phase ends."""
    for pid, piece in after.pieces.items():
        unit = module.pieces.pieces.get(pid)
        if unit is None:
            raise InvariantViolation(index, f"piece {pid} is not in the module")
        if not 0 <= piece.step <= len(unit.steps):
            raise InvariantViolation(index, f"{pid} shows step {piece.step} of {len(unit.steps)}")
        if piece.at.kind == "hex" and piece.at.id not in hexes:
            raise InvariantViolation(index, f"{pid} is on {piece.at.id}, which is not a hex of the map")
        if piece.at.kind == "box" and piece.at.id not in module.map.boxes:
            raise InvariantViolation(index, f"{pid} is in box {piece.at.id}, which the map does not have")
    phase_ended = (after.turn, after.phase) != (before.turn, before.phase)
    if phase_ended and module.rules.enforcement_of("stacking") == "enforce":
        problems = stacking_violations(module, after.occupancy())
        if problems:
            hex_label, why = problems[0]
            raise InvariantViolation(index, f"overstacked at {hex_label} after the phase ended: {why}")


def check_end(module: Module, index: int, played: GameState, replayed: GameState) -> None:
    """Replay equals play, and so do the victory points scored from each."""
    if state_json(played) != state_json(replayed):
        raise InvariantViolation(index, "replaying the log does not give the state played")
    if totals(module, played) != totals(module, replayed):
        raise InvariantViolation(index, "victory points of the replayed game differ from the game played")



def map_labels(module: Module) -> frozenset[str]:
    grid, scheme = module.map.grid.hex_grid(), module.map.grid.labels.scheme()
    return frozenset(scheme.format(h, grid) for h in grid.hexes())


__all__ = ["InvariantViolation", "check_end", "check_legal", "check_step", "check_unchanged", "map_labels"]
