"""Which hexes a brush of radius r covers, and the flood-fill regions of one terrain or one level."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

from hexwright.runtime.geometry import Hex, HexGrid
from hexwright.runtime.model import MapData

from .naming import GridNames

MAX_RADIUS = 5


def brush_hexes(grid: HexGrid, center: Hex, radius: int) -> list[Hex]:
    """On-map hexes within ``radius`` (0..5) of ``center``, sorted; empty if ``center`` is off-map."""
    if not 0 <= radius <= MAX_RADIUS:
        raise ValueError(f"brush radius must be 0..{MAX_RADIUS}, not {radius}")
    if not grid.contains(center):
        return []
    return grid.within(center, radius)


def flood_region(map_data: MapData, names: GridNames, start: Hex) -> list[Hex]:
    """The hexes connected to ``start`` through neighbours of the same terrain, sorted."""
    return _flood(names, start, lambda h: map_data.terrain_of(names.label(h)))


def level_region(map_data: MapData, names: GridNames, start: Hex) -> list[Hex]:
    """The hexes connected to ``start`` through neighbours of the same level, sorted (a
    plateau, a valley floor, one ring of a hill's slope)."""
    return _flood(names, start, lambda h: map_data.hex_data(names.label(h)).level)


def _flood(names: GridNames, start: Hex, value_of: Callable[[Hex], Hashable]) -> list[Hex]:
    grid = names.grid
    if not grid.contains(start):
        return []
    value = value_of(Hex(*start))
    seen = {Hex(*start)}
    queue = deque([Hex(*start)])
    while queue:
        h = queue.popleft()
        for _, n in grid.neighbors(h):
            if n not in seen and value_of(n) == value:
                seen.add(n)
                queue.append(n)
    return sorted(seen)
