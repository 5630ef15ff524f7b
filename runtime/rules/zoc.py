"""Zones of control: which hexes each side's units control (DoM §5, ToV 6.0, St-Lô 4.0).

A unit exerts a ZOC into its six neighbours if its unit type does (``exerts_zoc``, and
``rules.zoc.exerting_unit_types`` when the module lists them), except across the hexside
features in ``rules.zoc.blocked_by_hexsides`` (ToV 6.0: not across rivers).
"""

from __future__ import annotations

from hexwright.runtime.model.rules_config import ZocRules

from .board import Board, Unit


def exerts_zoc(unit: Unit, zoc: ZocRules) -> bool:
    """True if ``unit`` has a ZOC under the module's rules (St-Lô 4.0: infantry and recon only)."""
    if not unit.unit_type.exerts_zoc:
        return False
    return zoc.exerting_unit_types is None or unit.piece.unit_type in zoc.exerting_unit_types


def zoc_of_side(board: Board, zoc: ZocRules, side: str) -> set[int]:
    """Hexes in the ZOC of ``side``'s units (their own hexes are not included)."""
    blocked = set(zoc.blocked_by_hexsides)
    hm = board.hm
    out: set[int] = set()
    done: set[int] = set()
    for uid in sorted(board.units):
        u = board.units[uid]
        if u.side != side or u.hex in done or not exerts_zoc(u, zoc):
            continue
        done.add(u.hex)
        for _d, j in hm.neighbors[u.hex]:
            if blocked and blocked & hm.side_features.get((u.hex, j), frozenset()):
                continue
            out.add(j)
    return out


def enemy_zoc(board: Board, zoc: ZocRules, side: str) -> set[int]:
    """Hexes in the ZOC of any side other than ``side`` (EZOC for ``side``)."""
    out: set[int] = set()
    for other in sorted(board.side_hexes):
        if other != side:
            out |= zoc_of_side(board, zoc, other)
    return out
