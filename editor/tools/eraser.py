from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.erase_hexes import EraseHexes
from ..edits.brush import brush_hexes
from .base import HexTool, MapPoint


class Eraser(HexTool):
    """Clear hexes under the brush: default terrain, level 0, no features, no name."""

    name = "Eraser"
    shortcut = "E"
    cursor = Qt.PointingHandCursor
    hint = "drag to clear hexes"

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return brush_hexes(self.doc.names.grid, point.hex, self.settings.radius) if point is not None else []

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        hexes = brush_hexes(self.doc.names.grid, point.hex, self.settings.radius)
        if hexes:
            self.push(EraseHexes(self.doc, self.labels(hexes), self.stroke))
