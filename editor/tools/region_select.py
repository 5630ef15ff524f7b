from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..edits.region import Clip, pasted_hexes, rect_hexes
from .base import HexTool, MapPoint


class RegionSelect(HexTool):
    """Drag a rectangle of columns and rows to select it (for copy, cut, paste and delete).

    Once something is copied, the pointer outlines where a paste (Ctrl+V) would land.
    """

    name = "Select region"
    shortcut = "S"
    cursor = Qt.ArrowCursor
    hint = "drag to select hexes; Ctrl+C/X/V, Delete"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.anchor: Hex | None = None
        self.clip: Clip | None = None

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        if point is None or self.stroke is not None or not self.clip or not point.on_map:
            return []
        return pasted_hexes(self.doc.names, self.clip, point.hex)

    def begin(self, point: MapPoint) -> None:
        self.anchor = point.hex
        self.enter(point, None)

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        if self.anchor is not None:
            self.doc.set_selection(rect_hexes(self.doc.names, self.anchor, point.hex))
