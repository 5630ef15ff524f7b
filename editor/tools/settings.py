"""What the tools paint with: the palette's current choices, shared by every tool."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..edits.brush import MAX_RADIUS


class ToolSettings(QObject):
    """Current terrain, level, hexside feature, road type, hex feature (its side and values), brush radius."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.terrain: str = ""
        self.level: int = 0
        self.level_mode: str = "set"  # "set", "raise" or "lower"
        self.hexside_feature: str = ""
        self.connection: str = ""
        self.feature_type: str = ""
        self.feature_side: str | None = None
        self.feature_name: str = ""            # what else the feature stamp puts on the feature
        self.feature_value: int | None = None
        self.feature_supply_kind: str = ""
        self.feature_observation_level: int | None = None
        self.radius: int = 0

    def update(self, **values: object) -> None:
        for name, given in values.items():
            if not hasattr(self, name):
                raise AttributeError(f"no tool setting {name!r}")
            value = max(0, min(MAX_RADIUS, int(given))) if name == "radius" else given  # type: ignore[call-overload]
            setattr(self, name, value)
        self.changed.emit()

    def fill_defaults(self, map_data) -> None:
        """Pick the first type of each kind when the current choice is missing from the map."""
        def first(current: str, types: dict) -> str:
            return current if current in types else next(iter(types), "")
        self.terrain = first(self.terrain, map_data.terrain_types)
        self.hexside_feature = first(self.hexside_feature, map_data.hexside_feature_types)
        self.connection = first(self.connection, map_data.connection_types)
        self.feature_type = first(self.feature_type, map_data.hex_feature_types)
        values = sorted(lv.value for lv in map_data.levels)
        if values and self.level not in values:
            self.level = values[0]  # a map of levels 1-14 starts the level brush on 1, not 0
        self.changed.emit()
