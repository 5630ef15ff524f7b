"""Edits of hexsides, recorded into a :class:`MapPatch`: lines along them, roads across them."""

from __future__ import annotations

from hexwright.runtime.model import MapData

from .patch import MapPatch


def set_side_feature(patch: MapPatch, map_data: MapData, key: str, feature: str, present: bool) -> None:
    if feature not in map_data.hexside_feature_types:
        raise ValueError(f"unknown hexside feature type {feature!r}")
    data = patch.current_side(map_data, key)
    ids = [f for f in data.features if f != feature] + ([feature] if present else [])
    patch.set_side(map_data, key, data.model_copy(update={"features": ids}))


def set_connection(patch: MapPatch, map_data: MapData, key: str, connection: str, present: bool) -> None:
    if connection not in map_data.connection_types:
        raise ValueError(f"unknown road/rail type {connection!r}")
    data = patch.current_side(map_data, key)
    ids = [c for c in data.connections if c != connection] + ([connection] if present else [])
    patch.set_side(map_data, key, data.model_copy(update={"connections": ids}))


def side_has(map_data: MapData, key: str, feature: str | None = None, connection: str | None = None) -> bool:
    data = map_data.hexsides.get(key)
    if data is None:
        return False
    return (feature is not None and feature in data.features) or (
        connection is not None and connection in data.connections)
