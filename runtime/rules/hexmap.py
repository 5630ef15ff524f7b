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


def neighbor_lists(grid: HexGrid) -> list[tuple[tuple[int, int], ...]]:
    """``(direction, j)`` of each on-map neighbour of every hex, in index and direction order.

    On an offset grid the six steps depend only on the parity of the column (flat) or row
    (pointy), so they are read off the grid once per parity and added."""
    cols, rows = grid.cols, grid.rows
    steps = []
    for parity in (0, 1):
        h = Hex(2 + parity, 2) if grid.orientation == "flat" else Hex(2, 2 + parity)
        steps.append([(d, n[0] - h[0], n[1] - h[1]) for d in range(6) for n in (grid.neighbor(h, d),)])
    flat = grid.orientation == "flat"
    inner = [[(d, dc * rows + dr) for d, dc, dr in parity_steps] for parity_steps in steps]
    """Index offsets of the six neighbours of a hex off the map's edges, by parity."""
    out: list[tuple[tuple[int, int], ...]] = []
    for c in range(cols):
        inner_col = 0 < c < cols - 1
        for r in range(rows):
            i = c * rows + r
            parity = (c if flat else r) & 1
            if inner_col and 0 < r < rows - 1:
                out.append(tuple([(d, i + o) for d, o in inner[parity]]))
            else:
                out.append(tuple((d, (c + dc) * rows + r + dr) for d, dc, dr in steps[parity]
                                 if 0 <= c + dc < cols and 0 <= r + dr < rows))
    return out


def _side_pair(grid: HexGrid, index: dict[str, int], direction: dict[str, int], key: str,
               scheme: LabelScheme) -> tuple[int, int, Hex]:
    """``(hex index, direction, hex)`` of a hexside id named from an on-map hex (the usual
    form, read by lookup), or parsed in full otherwise."""
    label, _slash, name = key.rpartition("/")
    i = index.get(label)
    d = direction.get(name.upper())
    if i is not None and d is not None:
        return i, d, grid.hex_at(i)
    hs = parse_hexside(grid, key, scheme)
    return grid.index(hs.hex), hs.direction, hs.hex


def _build(m: MapData) -> HexMap:
    grid = m.grid.hex_grid()
    scheme = m.grid.labels.scheme()
    hexes = grid.hexes()
    labels = scheme.format_all(grid)
    index = {label: i for i, label in enumerate(labels)}
    terrain: list[str] = []
    level: list[int] = []
    features: list[tuple[str, ...]] = []
    stored = m.hexes
    default = m.default_terrain
    for label in labels:
        data = stored.get(label)
        if data is None:
            terrain.append(default)
            level.append(0)
            features.append(())
        else:
            terrain.append(data.terrain or default)
            level.append(data.level)
            features.append(tuple(f.type for f in data.features) if data.features else ())
    axial = [grid.to_axial(h) for h in hexes]
    neighbors = neighbor_lists(grid)
    hm = HexMap(grid, scheme, labels, index, terrain, level, features, axial,
                {a: i for i, a in enumerate(axial)}, neighbors)
    direction = {name.upper(): d for d, name in enumerate(grid.directions)}
    for key, side in sorted(m.hexsides.items()):
        if not side.features and not side.connections:
            continue
        i, d, h = _side_pair(grid, index, direction, key, scheme)
        other = grid.neighbor(h, d)
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
                hm.edge_connections.setdefault(i, {})[d] = conns
            if feats:
                hm.edge_features.setdefault(i, {})[d] = feats
    return hm


def hex_map(module: Module) -> HexMap:
    """The cached :class:`HexMap` of ``module``'s map."""
    m = module.map
    return cached("hexmap", module, (m,), (), lambda: _build(m))
