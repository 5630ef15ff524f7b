"""The position of a game state for the rules, kept piece by piece as the game moves.

The rules read a position (:class:`runtime.rules.position.Position`: the units in each
hex, the enemy ZOC counts) rather than a list of units. :func:`state_position` keeps one
per module in step with the game states the engine asks about: a state with the same
``pieces`` table as the last costs nothing, and another moves only the pieces that differ.
``apply`` records which pieces it replaced in the table it makes
(:mod:`runtime.state.piece_table`), so after a move, an undo, a replay or a bot's try from
a state asked about before, the walk reads those few from the tables' records; only a
table with no record in common with the last (a state read from a file, a copy) is
compared with it entry by entry (each entry by identity: ``apply`` copies the table and
replaces the pieces an action changes, so the others are the same objects). A query never
re-indexes every unit on the map, nor sorts them (``GameState.occupancy()``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from hexwright.runtime.model import Module
from hexwright.runtime.rules.cache import cached
from hexwright.runtime.rules.position import Position
from hexwright.runtime.state import GameState, PieceState
from hexwright.runtime.state.piece_table import differences


class Stamp:
    """Names one content of a tracked position: a new stamp whenever a piece changed hex, so
    answers memoised under a stamp (:func:`runtime.engine.context.unit_reach`) are never
    read for another position."""

    __slots__ = ("__weakref__",)


class _Tracker:
    def __init__(self, module: Module) -> None:
        self.pos = Position(module)
        self.pieces: Mapping[str, PieceState] = {}
        self.stamp = Stamp()
        self.examined = 0
        """How many pieces the last walk looked at."""

    def sync(self, pieces: Mapping[str, PieceState]) -> None:
        if pieces is self.pieces:
            self.examined = 0
            return
        old, pos = self.pieces, self.pos
        self.pieces = {}  # until the walk is done: a failure leaves a position no table names
        recorded = differences(old, pieces) if old else None
        if recorded is not None:  # the tables' records name the pieces that differ
            changed, gone = sorted(recorded), []
            self.examined = len(changed)
        else:  # compared entry by entry; after no table (the first walk, a failure): whatever the position holds
            changed = [pid for pid, p in pieces.items() if old.get(pid) is not p]
            gone = sorted((old.keys() if old else pos.keys()) - pieces.keys())
            self.examined = len(pieces)
        moved = False
        for pid in gone:
            if pid in pos:
                pos.move(pid, None)
                moved = True
        for pid in changed:
            piece = pieces.get(pid)
            at = piece.at if piece is not None else None
            label = at.id if at is not None and at.kind == "hex" else None
            if pos.get(pid) != label:
                pos.move(pid, label)
                moved = True
        if moved:
            self.stamp = Stamp()
        self.pieces = pieces


@contextmanager
def state_position(module: Module, state: GameState) -> Iterator[tuple[Position, Stamp]]:
    """The position of ``state``'s pieces on the map and the stamp of its content, held still
    while the ``with`` block reads them (pass the position to the rules as the occupancy)."""
    tracker = cached("state-position", module, (module.map, module.pieces), (), lambda: _Tracker(module))
    with tracker.pos.lock:
        tracker.sync(state.pieces)
        yield tracker.pos, tracker.stamp


def pieces_examined(module: Module) -> int:
    """How many pieces the last walk of ``module``'s kept position looked at: after ``apply``,
    the pieces the action changed (read from the tables' records,
    :func:`runtime.state.piece_table.differences`); for a table with no record in common with
    the last (a state read from a file), every piece of the game."""
    return cached("state-position", module, (module.map, module.pieces), (), lambda: _Tracker(module)).examined
