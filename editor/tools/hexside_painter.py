from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hexside

from ..commands.toggle_hexside_feature import ToggleHexsideFeature
from ..edits.hexside_path import hexside_chain, side_near
from ..edits.side_edits import side_has
from .base import MapPoint, Tool

NEAR = 0.35
"""How close to a hexside (as a fraction of the hex size) the pointer must be to pick it."""
LONG_CHAIN = 400
"""Longest run of sides a Shift+click lays from the line's last side (across a big map)."""


class HexsidePainter(Tool):
    """Click near a hexside to toggle the current feature; drag along sides to paint a river.

    The first side decides the stroke: if it had the feature, the drag removes it, else adds.
    Sides the pointer skips over are filled in, so the line stays continuous. Map-edge
    hexsides count like any other. Shift+click lays the line on from the last side painted to
    the clicked one along the shortest run of sides: a boundary or a river across a big map
    in a few clicks.
    """

    name = "Hexside painter"
    shortcut = "R"
    cursor = Qt.CrossCursor
    hint = "click near an edge to toggle, drag along edges to paint a line, Shift+click to continue it"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.stroke: int | None = None
        self.last: Hexside | None = None
        self.adding = True
        self.anchor: Hexside | None = None
        """The last side painted by the last stroke: where a Shift+click continues from."""

    def _side_at(self, point: MapPoint) -> Hexside | None:
        layout = self.doc.names.layout
        return side_near(layout, point.x, point.y, NEAR * layout.size)

    def press(self, point: MapPoint) -> None:
        feature = self.settings.hexside_feature
        side = self._side_at(point)
        if side is None or not feature:
            return
        self.stroke = self.doc.next_stroke()
        if point.shift and self.anchor is not None and self.anchor != side:
            self.adding = True
            chain = hexside_chain(self.doc.names.layout, self.anchor, side, LONG_CHAIN)
            self.last = side
            self._apply(chain)
            return
        key = self.doc.names.side_id(side)
        self.adding = not side_has(self.doc.map, key, feature=feature)
        self.last = side
        self._apply([side])

    def move(self, point: MapPoint, dragging: bool) -> None:
        if not dragging or self.stroke is None:
            return
        side = self._side_at(point)
        if side is None or side == self.last:
            return
        chain = hexside_chain(self.doc.names.layout, self.last, side)
        self.last = side
        self._apply(chain)

    def release(self, point: MapPoint) -> None:
        if self.stroke is not None:
            self.move(point, True)
            if self.adding and self.last is not None:
                self.anchor = self.last
        self.stroke = None
        self.last = None

    def _apply(self, sides: list[Hexside]) -> None:
        keys = [self.doc.names.side_id(s) for s in sides]
        command = ToggleHexsideFeature(self.doc, keys, self.settings.hexside_feature, self.adding, self.stroke)
        if not command.is_noop():
            self.doc.push(command)

    def preview_hexes(self, point):
        return []

    def preview_side(self, point: MapPoint | None) -> Hexside | None:
        return self._side_at(point) if point is not None else None
