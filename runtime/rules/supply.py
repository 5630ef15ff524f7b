"""Supply lines and lines of communication for a whole side at once.

One breadth-first search from every friendly source (ToV 8.1, St-Lô 7.3) labels each hex
with the length of its shortest line, so supply of every unit of a side costs one search,
not one per unit. A line may not enter a hex that is enemy-occupied, in enemy ZOC (unless
a friendly unit is there, when ``ezoc_negated_by_friendly``), enemy-controlled (with a
``control`` map) or of blocked terrain, nor cross a blocked hexside unless a road/rail
crosses it (a bridge). Length counts the hexes after the unit's own, up to and including
the source (St-Lô 7.3 A counting).

With ``road_leg`` the line is two-part (St-Lô 7.3): from the depot along continuous
roads of any length, then at most ``max_hexes`` hexes to the unit. The search floods the
road net from the depots first, then searches outwards from every road hex reached.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexwright.runtime.model import Module
from hexwright.runtime.model.rules_config import RulesConfig, SupplyRules

from .board import Board
from .cache import cached
from .hexmap import HexMap, hex_map
from .position import Position, position
from .zoc import enemy_zoc


class Lengths(Mapping[str, int]):
    """Hex label → length of its line, read off the search's list by hex index (a whole side
    has a line to tens of thousands of hexes; a dict of them cost a quarter of the search)."""

    __slots__ = ("_dist", "_index", "_labels", "_len")

    def __init__(self, labels: list[str], index: Mapping[str, int], dist: list[int]) -> None:
        self._labels, self._index, self._dist = labels, index, dist
        self._len = len(dist) - dist.count(UNREACHED) - dist.count(BLOCKED)

    def __getitem__(self, label: str) -> int:
        i = self._index.get(label)
        if i is None or self._dist[i] < 0:
            raise KeyError(label)
        return self._dist[i]

    def __contains__(self, label: object) -> bool:
        i = self._index.get(label) if isinstance(label, str) else None
        return i is not None and self._dist[i] >= 0

    def __iter__(self) -> Iterator[str]:
        labels = self._labels
        return (labels[i] for i, d in enumerate(self._dist) if d >= 0)

    def __len__(self) -> int:
        return self._len

    def __repr__(self) -> str:
        return f"Lengths({dict(self)!r})"


@dataclass
class SupplyResult:
    side: str
    section: str
    sources: list[str]
    length: Mapping[str, int] = field(default_factory=dict)
    """Hex → length of its shortest line (on-road hexes of a two-part LOC are 0)."""
    units: dict[str, bool] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list, repr=False, compare=False)
    """The map's hex labels by index (what :attr:`came_from` indexes); shared, never copied."""
    index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    """Hex label → index; shared, never copied."""
    came_from: list[int] = field(default_factory=list, repr=False)
    """By hex index: the hex the line to it comes from (-1 at a source or where no line runs)."""

    def supplied(self, hex_label: str) -> bool:
        return hex_label in self.length

    @property
    def parent(self) -> dict[str, str]:
        """Hex → the hex its line comes from, for every hex with a line that is not a source
        (made when asked: a whole side has tens of thousands)."""
        labels = self.labels
        return {labels[i]: labels[p] for i, p in enumerate(self.came_from) if p >= 0}

    def path(self, hex_label: str) -> list[str]:
        """The line from ``hex_label`` back to its source (empty if the hex has none)."""
        if hex_label not in self.length:
            return []
        labels, came_from = self.labels, self.came_from
        i = self.index[hex_label]
        out = [hex_label]
        while came_from[i] >= 0:
            i = came_from[i]
            out.append(labels[i])
        return out

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "section": self.section, "sources": self.sources,
                "units": dict(sorted(self.units.items())),
                "out_of_supply": sorted(u for u, ok in self.units.items() if not ok),
                "hexes": dict(sorted(self.length.items()))}


def source_hexes(module: Module, rules: SupplyRules, side: str) -> list[str]:
    """Hexes holding a friendly supply source or depot (a source without a side serves all)."""
    key = (tuple(rules.source_kinds), tuple(rules.source_feature_types), side)
    return list(cached("supply-sources", module, (module.map,), key, lambda: _source_hexes(module, rules, side)))


def _source_hexes(module: Module, rules: SupplyRules, side: str) -> tuple[str, ...]:
    kinds = set(rules.source_kinds)
    types = set(rules.source_feature_types)
    out = []
    for label, data in module.map.hexes.items():
        for f in data.features:
            ft = module.map.hex_feature_types.get(f.type)
            if (f.type in types or (ft is not None and ft.kind in kinds)) and f.side in (None, side):
                out.append(label)
                break
    return tuple(sorted(out))


def _road_types(module: Module, rules: SupplyRules) -> frozenset[str]:
    assert rules.road_leg is not None
    if rules.road_leg.connection_types:
        return frozenset(rules.road_leg.connection_types)
    return frozenset(k for k, c in module.map.connection_types.items() if c.kind in ("road", "secondary_road"))


def passable_hexes(board: Board, rules: SupplyRules, zoc_rules: Any, side: str,
                   control: Mapping[str, str] | None) -> bytearray:
    """1 for each hex a line of ``side`` may enter under ``rules``, else 0."""
    hm = board.hm
    ok = bytearray([1]) * len(hm.labels)
    friendly = board.friendly_hexes(side)
    if rules.blocked_by_enemy_units:
        for i in board.enemy_hexes(side):
            ok[i] = 0
    if rules.blocked_by_ezoc:
        for i in enemy_zoc(board, zoc_rules, side):
            if not (rules.ezoc_negated_by_friendly and i in friendly):
                ok[i] = 0
    if rules.blocked_by_enemy_control and control:
        for label, owner in control.items():
            at = hm.index.get(label)
            if at is not None and owner != side and at not in friendly:
                ok[at] = 0
    if rules.blocked_by_terrain:
        bad = set(rules.blocked_by_terrain)
        for i, t in enumerate(hm.terrain):
            if t in bad:
                ok[i] = 0
    return ok


def _crossable(hm: HexMap, rules: SupplyRules) -> Any:
    blocked = frozenset(rules.blocked_by_hexsides)
    if not blocked:
        return None
    closed: set[tuple[int, int]] = set()
    for pair, feats in hm.side_features.items():
        if feats & blocked and not (rules.bridged_by_connections and pair in hm.side_connections):
            closed.add(pair)
    return closed


def _open_sides(module: Module, rules: SupplyRules) -> tuple[frozenset[tuple[int, int]], list[tuple[int, ...]]]:
    """Hexsides a line may not cross, and each hex's neighbours across the others (cached)."""
    def build() -> tuple[frozenset[tuple[int, int]], list[tuple[int, ...]]]:
        hm = hex_map(module)
        closed = frozenset(_crossable(hm, rules) or ())
        ends = {i for i, _j in closed}
        return closed, [tuple(j for _d, j in nbrs if i not in ends or (i, j) not in closed)
                        for i, nbrs in enumerate(hm.neighbors)]
    key = (tuple(sorted(rules.blocked_by_hexsides)), rules.bridged_by_connections)
    return cached("supply-sides", module, (module.map,), key, build)


def _terrain_blocked(module: Module, rules: SupplyRules) -> tuple[int, ...]:
    def build() -> tuple[int, ...]:
        bad = set(rules.blocked_by_terrain)
        return tuple(i for i, t in enumerate(hex_map(module).terrain) if t in bad)
    return cached("supply-terrain", module, (module.map,), tuple(sorted(rules.blocked_by_terrain)), build)


def supply(module: Module, occupancy: Mapping[str, str], side: str, *,
           control: Mapping[str, str] | None = None, rules: RulesConfig | None = None) -> SupplyResult:
    """Supply (or LOC) of every hex and every unit of ``side`` (ToV 8.1, St-Lô 7.3)."""
    rules = rules or module.rules
    with position(module, occupancy) as pos:
        return _supply(module, pos, side, control, rules)


def _blocked(module: Module, pos: Position, sr: SupplyRules, rules: RulesConfig, side: str,
             control: Mapping[str, str] | None) -> list[int]:
    """By hex index: :data:`BLOCKED` for each hex a line of ``side`` may not enter, else
    :data:`UNREACHED` (the search's distances start as this list), read off the position's overlay."""
    hm = pos.hm
    dist = [UNREACHED] * len(hm.labels)
    friendly = pos.own.get(side, {})
    if sr.blocked_by_enemy_units:
        for i in pos.enemy.get(side, {}):
            dist[i] = BLOCKED
    if sr.blocked_by_ezoc:
        negate = sr.ezoc_negated_by_friendly
        for i in pos.enemy_zoc(rules.zoc, side):
            if not (negate and i in friendly):
                dist[i] = BLOCKED
    if sr.blocked_by_enemy_control and control:
        for label, owner in control.items():
            at = hm.index.get(label)
            if at is not None and owner != side and at not in friendly:
                dist[at] = BLOCKED
    for i in _terrain_blocked(module, sr):
        dist[i] = BLOCKED
    return dist


UNREACHED, BLOCKED = -1, -2
"""A hex's distance before the search reaches it, and that of a hex no line may enter."""


def _supply(module: Module, pos: Position, side: str, control: Mapping[str, str] | None,
            rules: RulesConfig) -> SupplyResult:
    sr = rules.supply
    hm = pos.hm
    dist = _blocked(module, pos, sr, rules, side, control)
    closed, open_nbrs = _open_sides(module, sr)
    sources = [s for s in source_hexes(module, sr, side) if dist[hm.index[s]] == UNREACHED]
    result = SupplyResult(side, sr.section, sources)
    n = len(hm.labels)
    parent = [-1] * n
    neighbors = hm.neighbors
    frontier: list[int] = []
    for s in sources:
        i = hm.index[s]
        dist[i] = 0
        frontier.append(i)
    limit = sr.max_length
    if sr.road_leg is not None:
        roads = _road_types(module, sr)
        conns = hm.side_connections
        queue = deque(frontier)
        while queue:  # flood the road net from the depots: length 0 all along it
            i = queue.popleft()
            for _d, j in neighbors[i]:
                if dist[j] == UNREACHED and (i, j) not in closed and roads & conns.get((i, j), frozenset()):
                    dist[j] = 0
                    parent[j] = i
                    queue.append(j)
        frontier = [i for i in range(n) if dist[i] == 0]
        limit = sr.road_leg.max_hexes
    d = 0
    while frontier and (limit is None or d < limit):  # breadth first, one length at a time
        d += 1
        reached: list[int] = []
        add = reached.append
        for i in frontier:
            for j in open_nbrs[i]:
                if dist[j] == UNREACHED:
                    dist[j] = d
                    parent[j] = i
                    add(j)
        frontier = reached
    for uid in pos.pieces_of(side):
        at = pos.hex_of(uid)
        assert at is not None
        i = at
        if dist[i] < 0:  # the unit's own hex never blocks its own line
            best = -1
            for _d, j in neighbors[i]:
                if (dist[j] >= 0 and (j, i) not in closed and (limit is None or dist[j] + 1 <= limit)
                        and (best < 0 or dist[j] < dist[best])):
                    best = j
            if best >= 0:
                dist[i] = dist[best] + 1
                parent[i] = best
        result.units[uid] = dist[i] >= 0
    result.length = Lengths(hm.labels, hm.index, dist)
    result.labels, result.index, result.came_from = hm.labels, hm.index, parent
    return result
