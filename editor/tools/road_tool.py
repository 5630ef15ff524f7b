from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.lay_connection import LayConnection
from ..commands.remove_connection import RemoveConnection
from ..edits.connections import crossings
from ..edits.hexside_path import side_near
from ..edits.side_edits import side_has
from .base import HexTool, MapPoint


class RoadTool(HexTool):
    """Drag through hexes to lay the current road/railroad across each hexside crossed.

    Dragging off the map lays a crossing of the edge hexside (a road leaving the map).
    A click that stays in one hex removes the segment nearest the click.
    """

    name = "Road/rail"
    shortcut = "D"
    cursor = Qt.CrossCursor
    hint = "drag through hexes to lay a road or railroad; click a segment to remove it"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.moved = False

    def begin(self, point: MapPoint) -> None:
        self.moved = False

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        connection = self.settings.connection
        if previous is None or not connection:
            return
        self.moved = True
        grid = self.doc.names.grid
        keys = [self.doc.names.side_id(s) for s in crossings(grid, previous, point.hex)]
        if keys:
            self.push(LayConnection(self.doc, keys, connection, self.stroke))

    def end(self, point: MapPoint) -> None:
        connection = self.settings.connection
        if self.moved or not connection or not point.on_map:
            return
        layout = self.doc.names.layout
        side = side_near(layout, point.x, point.y, layout.size)
        if side is None:
            return
        key = self.doc.names.side_id(side)
        if side_has(self.doc.map, key, connection=connection):
            self.doc.push(RemoveConnection(self.doc, [key], connection))
