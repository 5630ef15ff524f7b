"""Who is where: the plain inputs of every rule, resolved against the module once.

Rules never hold game state. They take the module and an ``occupancy`` mapping
(piece id → hex label, pieces off the map left out) and, where it matters, each piece's
current step; :func:`make_board` checks them and indexes them by hex and side.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hexwright.runtime.model import Module, Piece, StepValues, UnitType

from .hexmap import HexMap, hex_map


@dataclass(frozen=True)
class Unit:
    id: str
    piece: Piece
    unit_type: UnitType
    hex: int
    step: int

    @property
    def side(self) -> str:
        return self.piece.side

    @property
    def values(self) -> StepValues:
        return self.piece.steps[min(self.step, len(self.piece.steps) - 1)]


@dataclass
class Board:
    module: Module
    hm: HexMap
    units: dict[str, Unit]
    by_hex: dict[int, list[str]] = field(default_factory=dict)
    side_hexes: dict[str, set[int]] = field(default_factory=dict)

    def enemy_hexes(self, side: str) -> set[int]:
        """Hexes holding a unit of any other side."""
        out: set[int] = set()
        for s, hexes in self.side_hexes.items():
            if s != side:
                out |= hexes
        return out

    def friendly_hexes(self, side: str) -> set[int]:
        return self.side_hexes.get(side, set())

    def without(self, unit_id: str) -> Board:
        """The same board with one unit lifted off (the mover, a retreating unit)."""
        units = {k: v for k, v in self.units.items() if k != unit_id}
        return _index(Board(self.module, self.hm, units))


def _index(b: Board) -> Board:
    for uid in sorted(b.units):
        u = b.units[uid]
        b.by_hex.setdefault(u.hex, []).append(uid)
        b.side_hexes.setdefault(u.side, set()).add(u.hex)
    return b


def make_board(module: Module, occupancy: Mapping[str, str], steps: Mapping[str, int] | None = None) -> Board:
    """Index ``occupancy`` (piece id → hex label); ValueError naming an unknown piece or hex."""
    hm = hex_map(module)
    units: dict[str, Unit] = {}
    for pid in sorted(occupancy):
        piece = module.pieces.pieces.get(pid)
        if piece is None:
            raise ValueError(f"unknown piece {pid!r}")
        utype = module.pieces.unit_types.get(piece.unit_type)
        if utype is None:
            raise ValueError(f"piece {pid!r} has unknown unit type {piece.unit_type!r}")
        units[pid] = Unit(pid, piece, utype, hm.idx(occupancy[pid]), (steps or {}).get(pid, 0))
    return _index(Board(module, hm, units))
