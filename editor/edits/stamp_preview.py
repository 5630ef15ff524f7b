"""What a floating paste looks like, as plain data: the hexes by terrain colour, and the
rivers and roads as segments (pure; the canvas's overlay paints it)."""

from __future__ import annotations

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import MapData

from .naming import GridNames
from .region import Clip

Segment = tuple[tuple[float, float], tuple[float, float]]
MISSING = "#ff00ff"  # a type the map does not define (a module opened with problems)
RIVER_WIDTH, ROAD_WIDTH = 0.14, 0.08  # in hex sizes


def stamp_preview(map_data: MapData, names: GridNames, clip: Clip, target: Hex
                  ) -> tuple[list[tuple[list[str], str]], list[tuple[Segment, str, float]]]:
    """``(fills, lines)`` for ``clip`` anchored at ``target``: ``fills`` are ``(labels, colour)``
    by terrain colour, ``lines`` are ``(segment, colour, width)`` for each hexside feature
    along a side and each road or railroad from hex centre to hex centre across one."""
    grid, layout = names.grid, names.layout
    tq, tr = grid.to_axial(target)
    by_colour: dict[str, list[str]] = {}
    for (dq, dr), data in sorted(clip.hexes.items()):
        h = grid.from_axial(tq + dq, tr + dr)
        if grid.contains(h):
            kind = map_data.terrain_types.get(data.terrain if data is not None and data.terrain
                                              else map_data.default_terrain)
            by_colour.setdefault(str(kind.color) if kind is not None else MISSING, []).append(names.label(h))
    lines: list[tuple[Segment, str, float]] = []
    for ((dq, dr), d), data in sorted(clip.sides.items()):
        h = grid.from_axial(tq + dq, tr + dr)
        if data is None or not grid.contains(h):
            continue
        side = grid.hexside(h, d)
        segment = layout.hexside_segment(side)
        for feature in data.features:
            kind = map_data.hexside_feature_types.get(feature)
            lines.append((segment, str(kind.color) if kind is not None else MISSING, RIVER_WIDTH))
        a, b = grid.hexside_hexes(side)
        end = layout.center(b) if b is not None else (
            (segment[0][0] + segment[1][0]) / 2, (segment[0][1] + segment[1][1]) / 2)  # off the map edge
        for conn in data.connections:
            kind = map_data.connection_types.get(conn)
            lines.append(((layout.center(a), end), str(kind.color) if kind is not None else MISSING, ROAD_WIDTH))
    return [(labels, colour) for colour, labels in sorted(by_colour.items())], lines
