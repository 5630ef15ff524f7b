from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..edits.brush import brush_hexes
from .base import HexTool, MapPoint


class AreaSelect(HexTool):
    """Build a set of hexes for an area: click toggles a hex, a drag adds (or removes) under the brush.

    The drag removes when it starts on a selected hex. Save the selection as a named area
    from the Map menu (or load an area into the selection to edit it).
    """

    name = "Areas"
    shortcut = "A"
    cursor = Qt.PointingHandCursor
    hint = "click/drag to pick hexes, then Map ▸ Save Selection as Area"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.adding = True

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return brush_hexes(self.doc.names.grid, point.hex, self.settings.radius) if point is not None else []

    def begin(self, point: MapPoint) -> None:
        if not point.on_map:
            self.stroke = None
            return
        self.adding = point.hex not in self.doc.selection
        self.enter(point, None)

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        hexes = set(brush_hexes(self.doc.names.grid, point.hex, self.settings.radius))
        sel = set(self.doc.selection)
        self.doc.set_selection(sel | hexes if self.adding else sel - hexes)
