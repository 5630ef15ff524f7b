from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex, Hexside

from ..edits.hexside_path import side_near
from .base import HexTool, MapPoint

NEAR = 0.2
"""Within a fifth of a hex of an edge a click picks the hexside, elsewhere the hex."""


class PickTool(HexTool):
    """Pick hexes and hexsides, e.g. to mark them reconstructed in the Provenance dock.

    A click toggles the hex (the selection, shared with the areas and region tools); a click
    near an edge toggles that hexside; a drag adds hexes (or removes, starting on a picked one).
    """

    name = "Pick"
    shortcut = "P"
    cursor = Qt.PointingHandCursor
    hint = "click a hex or, near an edge, a hexside to pick it; drag picks hexes; Provenance dock sets their clue"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.adding = True

    def _side_at(self, point: MapPoint) -> Hexside | None:
        layout = self.doc.names.layout
        return side_near(layout, point.x, point.y, NEAR * layout.size)

    def preview_side(self, point: MapPoint | None) -> Hexside | None:
        return self._side_at(point) if point is not None else None

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        if point is None or not point.on_map or self._side_at(point) is not None:
            return []
        return [point.hex]

    def press(self, point: MapPoint) -> None:
        side = self._side_at(point)
        if side is not None:
            key = self.doc.names.side_id(side)
            self.doc.set_side_selection(self.doc.side_selection ^ {key})
            self.stroke = None
            return
        super().press(point)

    def begin(self, point: MapPoint) -> None:
        if not point.on_map:
            self.stroke = None
            return
        self.adding = point.hex not in self.doc.selection
        self.enter(point, None)

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        if not point.on_map:
            return
        sel = set(self.doc.selection)
        self.doc.set_selection(sel | {point.hex} if self.adding else sel - {point.hex})
