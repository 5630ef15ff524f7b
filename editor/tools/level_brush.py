from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.set_level import SetLevel
from ..commands.shift_level import ShiftLevel
from ..edits.brush import brush_hexes
from .base import HexTool, MapPoint


class LevelBrush(HexTool):
    """Set, raise or lower the elevation level of hexes under the brush.

    Raising and lowering change each hex once per stroke, however often the drag passes it.
    """

    name = "Level brush"
    shortcut = "L"
    cursor = Qt.UpArrowCursor
    hint = "drag to set/raise/lower levels"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.touched: set[Hex] = set()

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return brush_hexes(self.doc.names.grid, point.hex, self.settings.radius) if point is not None else []

    def begin(self, point: MapPoint) -> None:
        self.touched = set()
        self.enter(point, None)

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        hexes = brush_hexes(self.doc.names.grid, point.hex, self.settings.radius)
        mode = self.settings.level_mode
        if mode == "set":
            if hexes:
                self.push(SetLevel(self.doc, self.labels(hexes), self.settings.level, self.stroke))
            return
        fresh = [h for h in hexes if h not in self.touched]
        self.touched.update(fresh)
        if fresh:
            self.push(ShiftLevel(self.doc, self.labels(fresh), 1 if mode == "raise" else -1, self.stroke))

    def status_text(self) -> str:
        mode = self.settings.level_mode
        what = f"set {self.settings.level}" if mode == "set" else mode
        return f"{self.name} ({what}, radius {self.settings.radius}): {self.hint}"
