from __future__ import annotations

from PySide6.QtCore import Qt

from .base import MapPoint, Tool


class Eyedropper(Tool):
    """Pick the terrain and level of the clicked hex as the current ones."""

    name = "Eyedropper"
    shortcut = "I"
    cursor = Qt.WhatsThisCursor
    hint = "click a hex to paint with its terrain and level"

    def press(self, point: MapPoint) -> None:
        if not point.on_map:
            return
        label = self.doc.names.label(point.hex)
        self.settings.update(terrain=self.doc.map.terrain_of(label), level=self.doc.map.hex_data(label).level)
