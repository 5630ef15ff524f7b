"""Edits of single hexes, recorded into a :class:`MapPatch` (terrain, level, features, name)."""

from __future__ import annotations

from hexwright.runtime.model import HexFeature, Level, MapData

from .patch import MapPatch


def paint_terrain(patch: MapPatch, map_data: MapData, labels: list[str], terrain: str) -> None:
    if terrain not in map_data.terrain_types:
        raise ValueError(f"unknown terrain type {terrain!r}")
    for label in labels:
        data = patch.current_hex(map_data, label)
        patch.set_hex(map_data, label, data.model_copy(update={"terrain": terrain}))


def erase_hexes(patch: MapPatch, map_data: MapData, labels: list[str]) -> None:
    """Back to default terrain, level 0, no features, no name."""
    for label in labels:
        patch.set_hex(map_data, label, None)


def set_level(patch: MapPatch, map_data: MapData, labels: list[str], level: int) -> None:
    for label in labels:
        data = patch.current_hex(map_data, label)
        patch.set_hex(map_data, label, data.model_copy(update={"level": level}))


def shift_level(patch: MapPatch, map_data: MapData, labels: list[str], delta: int) -> None:
    for label in labels:
        data = patch.current_hex(map_data, label)
        patch.set_hex(map_data, label, data.model_copy(update={"level": data.level + delta}))


def levels_with(levels: list[Level], values: set[int]) -> list[Level]:
    """``levels`` plus a plain entry for each of ``values`` not yet defined, sorted by value."""
    known = {lv.value for lv in levels}
    extra = [Level(value=v, name=f"Level {v}") for v in sorted(values - known)]
    return sorted([*levels, *extra], key=lambda lv: lv.value) if extra else list(levels)


def set_feature(patch: MapPatch, map_data: MapData, label: str, feature: HexFeature, present: bool) -> None:
    """Place (``present``) or remove the feature of ``feature.type`` (and side) in a hex."""
    if feature.type not in map_data.hex_feature_types:
        raise ValueError(f"unknown hex feature type {feature.type!r}")
    data = patch.current_hex(map_data, label)
    kept = [f for f in data.features if not (f.type == feature.type and f.side == feature.side)]
    if present:
        kept.append(feature)
    patch.set_hex(map_data, label, data.model_copy(update={"features": kept}))


def has_feature(map_data: MapData, label: str, type_id: str, side: str | None = None) -> bool:
    return any(f.type == type_id and f.side == side for f in map_data.hex_data(label).features)


def set_name(patch: MapPatch, map_data: MapData, label: str, name: str) -> None:
    data = patch.current_hex(map_data, label)
    patch.set_hex(map_data, label, data.model_copy(update={"name": name.strip()}))
