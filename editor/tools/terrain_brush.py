from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.paint_terrain import PaintTerrain
from ..edits.brush import brush_hexes
from .base import HexTool, MapPoint


class TerrainBrush(HexTool):
    """Paint the current terrain on every hex within the brush radius (0–5)."""

    name = "Terrain brush"
    shortcut = "B"
    cursor = Qt.CrossCursor
    hint = "drag to paint terrain; [ and ] change the radius"

    def footprint(self, h: Hex) -> list[Hex]:
        return brush_hexes(self.doc.names.grid, h, self.settings.radius)

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return self.footprint(point.hex) if point is not None else []

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        hexes = self.footprint(point.hex)
        if hexes and self.settings.terrain:
            self.push(PaintTerrain(self.doc, self.labels(hexes), self.settings.terrain, self.stroke))

    def status_text(self) -> str:
        return f"{self.name} (radius {self.settings.radius}, {self.settings.terrain}): {self.hint}"
