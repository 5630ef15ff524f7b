"""Which hexes a brush of radius r covers, and the flood-fill region of one terrain."""

from __future__ import annotations

from collections import deque

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
    grid = names.grid
    if not grid.contains(start):
        return []
    terrain = map_data.terrain_of(names.label(start))
    seen = {Hex(*start)}
    queue = deque([Hex(*start)])
    while queue:
        h = queue.popleft()
        for _, n in grid.neighbors(h):
            if n not in seen and map_data.terrain_of(names.label(n)) == terrain:
                seen.add(n)
                queue.append(n)
    return sorted(seen)
