from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.paint_terrain import PaintTerrain
from ..edits.brush import flood_region
from .base import HexTool, MapPoint


class FloodFill(HexTool):
    """Fill the contiguous hexes of the clicked hex's terrain with the current terrain."""

    name = "Flood fill"
    shortcut = "G"
    cursor = Qt.CrossCursor
    hint = "click to fill connected hexes of one terrain"

    def begin(self, point: MapPoint) -> None:
        if not point.on_map or not self.settings.terrain:
            return
        region = flood_region(self.doc.map, self.doc.names, point.hex)
        name = self.doc.map.terrain_types[self.settings.terrain].name
        self.push(PaintTerrain(self.doc, self.labels(region), self.settings.terrain, text=f"Fill {name}"))

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        pass  # a fill is one click; dragging does nothing more
