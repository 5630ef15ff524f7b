"""A record of what one edit changes: hexes and hexsides, before and after.

A value of ``None`` means "absent from the sparse map" (a default hex, an empty hexside).
Applying the *after* side and then the *before* side restores the map exactly, because
the before side holds the very objects that were there (edits never mutate them in place).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.model import HexData, HexsideData, MapData

Snapshot = dict[str, object]


def normal_hex(data: HexData | None, default_terrain: str) -> HexData | None:
    """``data`` in sparse form: default terrain written as ``None``, an all-default hex as ``None``."""
    if data is None:
        return None
    if data.terrain == default_terrain:
        data = data.model_copy(update={"terrain": None})
    if data == HexData():
        return None
    return data


def normal_side(data: HexsideData | None) -> HexsideData | None:
    """``data`` with sorted, de-duplicated lists; ``None`` when it holds nothing."""
    if data is None:
        return None
    data = data.model_copy(update={
        "features": sorted(set(data.features)), "connections": sorted(set(data.connections)),
    })
    if not data.features and not data.connections and data.provenance is None:
        return None
    return data


@dataclass
class MapPatch:
    """Before/after values of the hexes and hexsides one edit touched."""

    hexes_before: dict[str, HexData | None] = field(default_factory=dict)
    hexes_after: dict[str, HexData | None] = field(default_factory=dict)
    sides_before: dict[str, HexsideData | None] = field(default_factory=dict)
    sides_after: dict[str, HexsideData | None] = field(default_factory=dict)

    # -- building -----------------------------------------------------------------------

    def set_hex(self, map_data: MapData, label: str, after: HexData | None) -> None:
        """Record that hex ``label`` becomes ``after`` (kept sparse); the first before wins."""
        if label not in self.hexes_before:
            self.hexes_before[label] = map_data.hexes.get(label)
        self.hexes_after[label] = normal_hex(after, map_data.default_terrain)

    def set_side(self, map_data: MapData, key: str, after: HexsideData | None) -> None:
        if key not in self.sides_before:
            self.sides_before[key] = map_data.hexsides.get(key)
        self.sides_after[key] = normal_side(after)

    def current_hex(self, map_data: MapData, label: str) -> HexData:
        """The hex as this patch would leave it (for edits that build on earlier ones)."""
        if label in self.hexes_after:
            return self.hexes_after[label] or HexData()
        return map_data.hex_data(label)

    def current_side(self, map_data: MapData, key: str) -> HexsideData:
        if key in self.sides_after:
            return self.sides_after[key] or HexsideData()
        return map_data.hexsides.get(key) or HexsideData()

    # -- using --------------------------------------------------------------------------

    def changed_hexes(self) -> list[str]:
        return sorted(k for k in self.hexes_after if self.hexes_after[k] != self.hexes_before.get(k))

    def changed_sides(self) -> list[str]:
        return sorted(k for k in self.sides_after if self.sides_after[k] != self.sides_before.get(k))

    def is_empty(self) -> bool:
        return not self.changed_hexes() and not self.changed_sides()

    def apply(self, map_data: MapData, after: bool = True) -> tuple[list[str], list[str]]:
        """Write the after (or before) values into ``map_data``; returns (hexes, hexsides) touched."""
        hexes = self.hexes_after if after else self.hexes_before
        sides = self.sides_after if after else self.sides_before
        for label, value in hexes.items():
            if value is None:
                map_data.hexes.pop(label, None)
            else:
                map_data.hexes[label] = value
        for key, side in sides.items():
            if side is None:
                map_data.hexsides.pop(key, None)
            else:
                map_data.hexsides[key] = side
        return sorted(hexes), sorted(sides)

    def absorb(self, later: MapPatch) -> None:
        """Fold a later patch into this one: earliest before, latest after."""
        for label, value in later.hexes_after.items():
            self.hexes_before.setdefault(label, later.hexes_before.get(label))
            self.hexes_after[label] = value
        for key, side in later.sides_after.items():
            self.sides_before.setdefault(key, later.sides_before.get(key))
            self.sides_after[key] = side
