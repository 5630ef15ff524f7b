"""The map as dense arrays for the rules: hexes by index, neighbours, hexside contents.

Built once per map object (see :mod:`runtime.rules.cache`). Hex ``i`` is the grid's
dense index (``col * rows + row``); labels go in and out only at the API boundary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.geometry import Hex, HexGrid, LabelScheme, parse_hexside
from hexwright.runtime.model import MapData, Module

from .cache import cached

EDGE_NAMES = ("north", "south", "east", "west")


@dataclass
class HexMap:
    """Dense, read-only view of a :class:`MapData` for rule computations."""

    grid: HexGrid
    scheme: LabelScheme
    labels: list[str]
    index: dict[str, int]
    terrain: list[str]
    level: list[int]
    features: list[tuple[str, ...]]
    axial: list[tuple[int, int]]
    by_axial: dict[tuple[int, int], int]
    neighbors: list[tuple[tuple[int, int], ...]]
    """``neighbors[i]``: ``(direction, j)`` for each on-map neighbour, direction order."""
    side_features: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    side_connections: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    """Both keyed ``(i, j)`` and ``(j, i)`` for every hexside holding something."""
    edge_connections: dict[int, dict[int, frozenset[str]]] = field(default_factory=dict)
    """Map-edge hexsides with a road/rail leaving the map: hex → direction → connections."""
    edge_features: dict[int, dict[int, frozenset[str]]] = field(default_factory=dict)

    def label(self, i: int) -> str:
        return self.labels[i]

    def idx(self, label: str) -> int:
        """Index of hex ``label``; ValueError naming the label if it is not on the map."""
        try:
            return self.index[label]
        except KeyError:
            raise ValueError(f"hex {label!r} is not on the map") from None

    def edges_of(self, i: int) -> list[tuple[int, str]]:
        """Map-edge sides of hex ``i`` as ``(direction, edge name)``; empty inside the map."""
        col, row = self.grid.hex_at(i)
        out = []
        for d in range(6):
            n = self.grid.neighbor(Hex(col, row), d)
            if not self.grid.contains(n):
                out.append((d, _edge_name(self.grid, n)))
        return out


def _edge_name(grid: HexGrid, off: Hex) -> str:
    """Which map edge an off-map neighbour lies beyond (west/east win at corners for flat)."""
    col, row = off
    if col < 0:
        return "west"
    if col >= grid.cols:
        return "east"
    return "north" if row < 0 else "south"


def _build(m: MapData) -> HexMap:
    grid = m.grid.hex_grid()
    scheme = m.grid.labels.scheme()
    hexes = grid.hexes()
    labels = [scheme.format(h, grid) for h in hexes]
    index = {label: i for i, label in enumerate(labels)}
    terrain: list[str] = []
    level: list[int] = []
    features: list[tuple[str, ...]] = []
    for label in labels:
        data = m.hexes.get(label)
        if data is None:
            terrain.append(m.default_terrain)
            level.append(0)
            features.append(())
        else:
            terrain.append(data.terrain or m.default_terrain)
            level.append(data.level)
            features.append(tuple(f.type for f in data.features))
    axial = [grid.to_axial(h) for h in hexes]
    neighbors = tuple(tuple((d, grid.index(n)) for d, n in grid.neighbors(h)) for h in hexes)
    hm = HexMap(grid, scheme, labels, index, terrain, level, features, axial,
                {a: i for i, a in enumerate(axial)}, list(neighbors))
    for key, side in sorted(m.hexsides.items()):
        if not side.features and not side.connections:
            continue
        hs = parse_hexside(grid, key, scheme)
        i = grid.index(hs.hex)
        other = grid.neighbor(hs.hex, hs.direction)
        feats, conns = frozenset(side.features), frozenset(side.connections)
        if grid.contains(other):
            j = grid.index(other)
            for pair in ((i, j), (j, i)):
                if feats:
                    hm.side_features[pair] = feats
                if conns:
                    hm.side_connections[pair] = conns
        else:
            if conns:
                hm.edge_connections.setdefault(i, {})[hs.direction] = conns
            if feats:
                hm.edge_features.setdefault(i, {})[hs.direction] = feats
    return hm


def hex_map(module: Module) -> HexMap:
    """The cached :class:`HexMap` of ``module``'s map."""
    m = module.map
    return cached("hexmap", module, (m,), (), lambda: _build(m))
