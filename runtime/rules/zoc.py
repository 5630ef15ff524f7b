"""Zones of control: which hexes each side's units control (DoM §5, ToV 6.0, St-Lô 4.0).

A unit exerts a ZOC into its six neighbours if its unit type does (``exerts_zoc``, and
``rules.zoc.exerting_unit_types`` when the module lists them), except across the hexside
features in ``rules.zoc.blocked_by_hexsides`` (ToV 6.0: not across rivers).
"""

from __future__ import annotations

from collections.abc import Collection

from hexwright.runtime.model import UnitType
from hexwright.runtime.model.rules_config import ZocRules

from .board import Board, Unit
from .hexmap import HexMap


def type_exerts_zoc(unit_type: UnitType, type_id: str, exerting: Collection[str] | None) -> bool:
    """The one ZOC predicate: a unit type has a ZOC if it is marked so and, when the module
    lists the exerting types (``exerting``), it is listed (St-Lô 4.0: infantry and recon only).
    :func:`exerts_zoc` and the position overlay both ask this."""
    if not unit_type.exerts_zoc:
        return False
    return exerting is None or type_id in exerting


def zoc_hexes(hm: HexMap, i: int, blocked: Collection[str]) -> list[int]:
    """The one ZOC extent: the hexes a unit in hex ``i`` projects its ZOC into, its neighbours
    except across a hexside holding one of ``blocked`` (ToV 6.0: not across rivers).
    :func:`zoc_of_side` and the position overlay both ask this."""
    if not blocked:
        return [j for _d, j in hm.neighbors[i]]
    return [j for _d, j in hm.neighbors[i] if hm.side_features.get((i, j), frozenset()).isdisjoint(blocked)]


def exerts_zoc(unit: Unit, zoc: ZocRules) -> bool:
    """True if ``unit`` has a ZOC under the module's rules."""
    return type_exerts_zoc(unit.unit_type, unit.piece.unit_type, zoc.exerting_unit_types)


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
        out.update(zoc_hexes(hm, u.hex, blocked))
    return out


def enemy_zoc(board: Board, zoc: ZocRules, side: str) -> set[int]:
    """Hexes in the ZOC of any side other than ``side`` (EZOC for ``side``)."""
    out: set[int] = set()
    for other in sorted(board.side_hexes):
        if other != side:
            out |= zoc_of_side(board, zoc, other)
    return out
