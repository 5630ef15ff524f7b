"""The map as dense arrays for the rules: hexes by index, neighbours, hexside contents.

Built once per map object (see :mod:`runtime.rules.cache`). Hex ``i`` is the grid's
dense index (``col * rows + row``); labels go in and out only at the API boundary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.geometry import Hex, HexGrid, LabelScheme, parse_hexside
from hexwright.runtime.model import MapData, Module
from hexwright.runtime.model.module import MapEdit

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
    labels_sorted: bool = False
    """True when the labels sort as the indices do (``0101 0102 …``, col-major): hexes named
    in label order are then sorted by index, integers instead of strings."""

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
    """``(direction, j)`` of each on-map neighbour of every hex, in index and direction order
    (the grid's :meth:`~runtime.geometry.HexGrid.neighbor_table` without the off-map ones)."""
    d6 = tuple(range(6))
    return [tuple((d, j) for d, j in zip(d6, six) if j >= 0) if -1 in six else tuple(zip(d6, six))
            for six in grid.neighbor_table()]


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


def _hex_fields(m: MapData, label: str) -> tuple[str, int, tuple[str, ...]]:
    """Terrain, level and feature types of hex ``label`` as ``m`` stores it."""
    data = m.hexes.get(label)
    if data is None:
        return m.default_terrain, 0, ()
    return data.terrain or m.default_terrain, data.level, tuple(f.type for f in data.features) if data.features else ()


def _build(m: MapData) -> HexMap:
    grid = m.grid.hex_grid()
    scheme = m.grid.labels.scheme()
    hexes = grid.hexes()
    labels = scheme.format_all(grid)
    index = {label: i for i, label in enumerate(labels)}
    fields = [_hex_fields(m, label) for label in labels]
    terrain = [f[0] for f in fields]
    level = [f[1] for f in fields]
    features = [f[2] for f in fields]
    axial = [grid.to_axial(h) for h in hexes]
    neighbors = neighbor_lists(grid)
    hm = HexMap(grid, scheme, labels, index, terrain, level, features, axial,
                {a: i for i, a in enumerate(axial)}, neighbors)
    hm.labels_sorted = all(a < b for a, b in zip(labels, labels[1:]))
    direction = _directions(grid)
    for key, data in sorted(m.hexsides.items()):
        if data.features or data.connections:
            side = side_of(hm, key, direction)
            if side is None:  # as parsing it says
                parse_hexside(grid, key, scheme)
            else:
                _set_side(hm, side, frozenset(data.features), frozenset(data.connections), clear=False)
    return hm


def _directions(grid: HexGrid) -> dict[str, int]:
    return {name.upper(): d for d, name in enumerate(grid.directions)}


Side = tuple[int, int] | tuple[int, int, int]
"""A hexside by index: ``(i, j)``, the two hexes it parts, or ``(i, -1, direction)`` on the map's edge."""


def side_of(hm: HexMap, key: str, direction: dict[str, int] | None = None) -> Side | None:
    """Hexside id ``key`` by index (:data:`Side`), or None if it is not a hexside of the map."""
    grid = hm.grid
    try:
        i, d, h = _side_pair(grid, hm.index, direction or _directions(grid), key, hm.scheme)
    except ValueError:
        return None
    other = grid.neighbor(h, d)
    return (i, grid.index(other)) if grid.contains(other) else (i, -1, d)


def _set_side(hm: HexMap, side: Side, feats: frozenset[str], conns: frozenset[str], clear: bool = True) -> None:
    """Put what a hexside holds into ``hm`` (with ``clear``, what it no longer holds is taken out)."""
    i, j = side[0], side[1]
    if j >= 0:
        for pair in ((i, j), (j, i)):
            _put(hm.side_features, pair, feats, clear)
            _put(hm.side_connections, pair, conns, clear)
        return
    d = side[2]  # type: ignore[misc]
    for store, value in ((hm.edge_connections, conns), (hm.edge_features, feats)):
        if value:
            store.setdefault(i, {})[d] = value
        elif clear and d in store.get(i, {}):
            del store[i][d]
            if not store[i]:
                del store[i]


def _put(store: dict[tuple[int, int], frozenset[str]], pair: tuple[int, int], value: frozenset[str],
         clear: bool) -> None:
    if value:
        store[pair] = value
    elif clear:
        store.pop(pair, None)


def _update(hm: HexMap, m: MapData, edit: MapEdit) -> HexMap:
    """``hm`` brought up to date in place after an edit of ``edit.hexes`` and ``edit.hexsides``."""
    for label in edit.hexes:
        i = hm.index.get(label)
        if i is not None:
            hm.terrain[i], hm.level[i], hm.features[i] = _hex_fields(m, label)
    direction = _directions(hm.grid)
    for key in sorted(edit.hexsides):
        side = side_of(hm, key, direction)
        if side is not None:
            data = m.hexsides.get(key)
            _set_side(hm, side, frozenset(data.features) if data else frozenset(),
                      frozenset(data.connections) if data else frozenset())
    return hm


def hex_map(module: Module) -> HexMap:
    """The cached :class:`HexMap` of ``module``'s map, updated in place after an edit that names
    the hexes and hexsides it changed (see :func:`.cache.cached`)."""
    m = module.map
    return cached("hexmap", module, (m,), (), lambda: _build(m), lambda hm, edit: _update(hm, m, edit))
