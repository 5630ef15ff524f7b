"""Where the pieces are, indexed for the rules and kept up to date move by move.

A :class:`Position` holds an occupancy (piece id → hex label) and, per side, how many
units stand in each hex, how many units of *other* sides stand there, and how many enemy
ZOC-exerting units project a ZOC into it. :meth:`Position.move` updates those counts for
one piece (a handful of dict writes); :meth:`Position.sync` brings the index to another
occupancy by applying only the pieces that differ. So a reach or supply query reads a
small overlay over the movement graph instead of re-indexing every unit on the map.

:func:`position` keeps one per module (per revision, see :mod:`.cache`), synced to each
query's occupancy: a query with the same occupancy as the last costs one dict comparison.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import ZocRules

from .board import Unit
from .cache import cached
from .hexmap import HexMap, hex_map
from .zoc import type_exerts_zoc, zoc_hexes

ZocKey = tuple[frozenset[str] | None, frozenset[str]]
Counts = dict[int, int]


def zoc_key(zoc: ZocRules) -> ZocKey:
    """What of the ZOC rules decides who projects a ZOC where."""
    types = None if zoc.exerting_unit_types is None else frozenset(zoc.exerting_unit_types)
    return types, frozenset(zoc.blocked_by_hexsides)


ENEMY = 1
"""Bit of a hex in :meth:`Position.marks`: units of other sides stand there."""
IN_ZOC = 2
"""Bit of a hex in :meth:`Position.marks`: in enemy ZOC."""


def _add(counts: Counts, i: int, n: int) -> bool:
    """Add ``n`` to hex ``i``'s count; True when the hex came into the counts or left them."""
    was = counts.get(i, 0)
    v = was + n
    if v:
        counts[i] = v
    else:
        del counts[i]
    return not was or not v


class Position(Mapping[str, str]):
    """An occupancy with its per-side counts; a read-only mapping piece id → hex label."""

    def __init__(self, module: Module, occupancy: Mapping[str, str] | None = None) -> None:
        self.module = module
        self.hm: HexMap = hex_map(module)
        self.lock = threading.RLock()
        """Held while a query reads the counts, so a sync from another thread waits."""
        pieces = module.pieces.pieces
        self.sides: tuple[str, ...] = tuple(sorted(set(module.pieces.sides) | {p.side for p in pieces.values()}))
        self._occ: dict[str, str] = {}
        self._at: dict[str, int] = {}
        self.members: dict[str, set[str]] = {s: set() for s in self.sides}
        """Side → its pieces on the map."""
        self.by_hex: dict[int, list[str]] = {}
        """Hex → ids of the pieces there, sorted."""
        self.own: dict[str, Counts] = {s: {} for s in self.sides}
        """Side → hex → its units there."""
        self.enemy: dict[str, Counts] = {s: {} for s in self.sides}
        """Side → hex → units of other sides there."""
        self._zoc: dict[ZocKey, dict[str, Counts]] = {}
        self._marks: dict[ZocKey, dict[str, bytearray]] = {}
        if occupancy:
            self.sync(occupancy)

    # the mapping
    def __getitem__(self, pid: str) -> str:
        return self._occ[pid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._occ)

    def __len__(self) -> int:
        return len(self._occ)

    def hex_of(self, pid: str) -> int | None:
        return self._at.get(pid)

    def pieces_of(self, side: str) -> list[str]:
        """Ids of ``side``'s pieces on the map, sorted."""
        return sorted(self.members.get(side, ()))

    def unit(self, pid: str, steps: Mapping[str, int] | None = None) -> Unit:
        """The :class:`Unit` of a piece on the map."""
        piece = self.module.pieces.pieces[pid]
        return Unit(pid, piece, self.module.pieces.unit_types[piece.unit_type], self._at[pid],
                    (steps or {}).get(pid, 0))

    def enemy_zoc(self, zoc: ZocRules, side: str) -> Counts:
        """Hex → number of other sides' units projecting a ZOC into it (EZOC of ``side``)."""
        key = zoc_key(zoc)
        per_side = self._zoc.get(key)
        if per_side is None:
            per_side = self._zoc[key] = {s: {} for s in self.sides}
            for pid in sorted(self._at):
                self._project(key, per_side, pid, self._at[pid], 1)
        return per_side.get(side) or {}

    def marks(self, zoc: ZocRules, side: str) -> bytearray:
        """One byte per hex for ``side``: :data:`ENEMY` where units of other sides stand,
        :data:`IN_ZOC` where :meth:`enemy_zoc` counts a ZOC. Kept up to date move by move like
        the counts, so a search's weight function reads a hex with one index instead of two
        dict look-ups that nearly always miss."""
        key = zoc_key(zoc)
        per_side = self._marks.setdefault(key, {})
        made = per_side.get(side)
        if made is None:
            made = bytearray(len(self.hm.labels))
            for i in self.enemy.get(side, {}):
                made[i] |= ENEMY
            for i in self.enemy_zoc(zoc, side):
                made[i] |= IN_ZOC
            per_side[side] = made
        return made

    def _mark(self, key: ZocKey | None, side: str, i: int, bit: int, on: bool) -> None:
        for k, per_side in self._marks.items():
            if key is None or k == key:
                made = per_side.get(side)
                if made is not None:
                    made[i] = made[i] | bit if on else made[i] & ~bit

    # changes
    def _check(self, pid: str, label: str | None) -> int | None:
        piece = self.module.pieces.pieces.get(pid)
        if piece is None:
            raise ValueError(f"unknown piece {pid!r}")
        if piece.unit_type not in self.module.pieces.unit_types:
            raise ValueError(f"piece {pid!r} has unknown unit type {piece.unit_type!r}")
        return None if label is None else self.hm.idx(label)

    def _project(self, key: ZocKey, per_side: dict[str, Counts], pid: str, i: int, n: int) -> None:
        piece = self.module.pieces.pieces[pid]
        types, blocked = key
        if not type_exerts_zoc(self.module.pieces.unit_types[piece.unit_type], piece.unit_type, types):
            return
        targets = [s for s in self.sides if s != piece.side]
        for j in zoc_hexes(self.hm, i, blocked):
            for s in targets:
                if _add(per_side[s], j, n) and self._marks:
                    self._mark(key, s, j, IN_ZOC, n > 0)

    def _place(self, pid: str, i: int, n: int) -> None:
        side = self.module.pieces.pieces[pid].side
        if n > 0:
            self.members[side].add(pid)
        else:
            self.members[side].discard(pid)
        _add(self.own[side], i, n)
        for s in self.sides:
            if s != side and _add(self.enemy[s], i, n) and self._marks:
                self._mark(None, s, i, ENEMY, n > 0)
        for key, per_side in self._zoc.items():
            self._project(key, per_side, pid, i, n)
        here = self.by_hex.get(i)
        if n > 0:
            if here is None:
                self.by_hex[i] = [pid]
            else:
                here.append(pid)
                here.sort()
        elif here is not None:
            here.remove(pid)
            if not here:
                del self.by_hex[i]

    def move(self, pid: str, label: str | None) -> None:
        """Put ``pid`` on hex ``label`` (None: take it off the map); ValueError naming a bad piece or hex."""
        i = self._check(pid, label)
        with self.lock:
            old = self._at.pop(pid, None)
            if old is not None:
                del self._occ[pid]
                self._place(pid, old, -1)
            if i is not None and label is not None:
                self._at[pid] = i
                self._occ[pid] = label
                self._place(pid, i, 1)

    def sync(self, occupancy: Mapping[str, str]) -> None:
        """Make this the position ``occupancy`` names, moving only the pieces that differ."""
        if occupancy == self._occ:
            return
        theirs = occupancy.items()
        changed = sorted(theirs - self._occ.items())
        gone = sorted(self._occ.keys() - occupancy.keys())
        for pid, label in changed:
            self._check(pid, label)
        with self.lock:
            for pid in gone:
                self.move(pid, None)
            for pid, label in changed:
                self.move(pid, label)


@contextmanager
def position(module: Module, occupancy: Mapping[str, str]) -> Iterator[Position]:
    """The position ``occupancy`` names, held still while the ``with`` block reads it.

    ``occupancy`` itself when it is a :class:`Position` of ``module``; otherwise the
    module's cached one, synced to ``occupancy`` piece by piece."""
    if isinstance(occupancy, Position) and occupancy.module is module:
        pos = occupancy
    else:
        pos = cached("position", module, (module.map, module.pieces), (), lambda: Position(module))
    with pos.lock:
        if pos is not occupancy:
            pos.sync(occupancy)
        yield pos
