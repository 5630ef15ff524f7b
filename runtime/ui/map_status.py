"""What is under the cursor, as plain data and a status-bar line. No Qt: tested on its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.geometry import format_hexside
from hexwright.runtime.model import MapData

NEAR_SIDE = 0.2
"""A point within this fraction of the hex size from a hexside is "near" it."""


@dataclass(frozen=True)
class PointInfo:
    """The hex at a map point and, when the point is near one of its sides, that hexside."""

    label: str
    terrain: str
    level: int
    features: list[str] = field(default_factory=list)
    name: str = ""
    hexside: str = ""
    hexside_features: list[str] = field(default_factory=list)


def info_at(map_data: MapData, x: float, y: float) -> PointInfo | None:
    """Describe map pixel ``(x, y)``; ``None`` off the map."""
    grid = map_data.grid
    hex_grid, layout, scheme = grid.hex_grid(), grid.layout(), grid.labels.scheme()
    h = layout.hex_at(x, y)
    if not hex_grid.contains(h):
        return None
    label = scheme.format(h, hex_grid)
    data = map_data.hex_data(label)
    tid = map_data.terrain_of(label)
    terrain = map_data.terrain_types[tid].name if tid in map_data.terrain_types else f"{tid} (unknown)"
    features = []
    for f in data.features:
        ftype = map_data.hex_feature_types.get(f.type)
        text = ftype.name if ftype is not None else f.type
        if f.name:
            text += f" {f.name}"
        if f.side:
            text += f" ({f.side})"
        features.append(text)
    side_id, side_features = "", []
    side, dist = layout.nearest_hexside(x, y)
    if dist <= NEAR_SIDE * grid.hex_size:
        side_id = format_hexside(hex_grid, side, scheme)
        side_data = map_data.hexsides.get(side_id)
        if side_data is not None:
            side_features = [_name(map_data.hexside_feature_types, f) for f in side_data.features]
            side_features += [_name(map_data.connection_types, c) for c in side_data.connections]
    return PointInfo(label, terrain, data.level, features, data.name, side_id, side_features)


def _name(types: dict, key: str) -> str:
    t = types.get(key)
    return t.name if t is not None else key


def status_text(info: PointInfo | None) -> str:
    """One status-bar line, e.g. ``0503 Metz · Urban · level 2 · City · side 0503/N: River, Road``."""
    if info is None:
        return ""
    head = f"{info.label} {info.name}".strip()
    parts = [head, info.terrain, f"level {info.level}"]
    if info.features:
        parts.append(", ".join(info.features))
    if info.hexside:
        parts.append(f"side {info.hexside}" + (": " + ", ".join(info.hexside_features) if info.hexside_features else ""))
    return " · ".join(parts)
