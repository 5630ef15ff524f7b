"""The position of a game state for the rules, kept piece by piece as the game moves.

The rules read a position (:class:`runtime.rules.position.Position`: the units in each
hex, the enemy ZOC counts) rather than a list of units. :func:`state_position` keeps one
per module in step with the game states the engine asks about: a state with the same
``pieces`` table as the last costs nothing, and another moves only the pieces whose
:class:`~runtime.state.PieceState` differs (``apply`` copies the table and replaces the
pieces an action changes, so the others are the same objects). Undo, a loaded save or a
bot trying moves from a root state are each one such walk; a query never re-indexes
every unit on the map, nor sorts them (``GameState.occupancy()``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from hexwright.runtime.model import Module
from hexwright.runtime.rules.cache import cached
from hexwright.runtime.rules.position import Position
from hexwright.runtime.state import GameState, PieceState


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

    def sync(self, pieces: Mapping[str, PieceState]) -> None:
        if pieces is self.pieces:
            return
        old, pos = self.pieces, self.pos
        self.pieces = {}  # until the walk is done: a failure leaves a position no table names
        changed = [pid for pid, p in pieces.items() if old.get(pid) is not p]
        kept = len(pieces) - len(changed) + sum(1 for pid in changed if pid in old)
        if not old:  # the first walk, or the one after a failure: whatever the position holds
            gone = sorted(pid for pid in pos if pid not in pieces)
        else:
            gone = sorted(old.keys() - pieces.keys()) if kept != len(old) else []
        moved = False
        for pid in gone:
            if pid in pos:
                pos.move(pid, None)
                moved = True
        for pid in changed:
            at = pieces[pid].at
            label = at.id if at.kind == "hex" else None
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
