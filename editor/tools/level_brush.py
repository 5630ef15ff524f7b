from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands.set_level import SetLevel
from ..commands.shift_level import ShiftLevel
from ..edits.brush import brush_hexes, level_region
from .base import HexTool, MapPoint

UP_KEYS = (Qt.Key_Plus, Qt.Key_Equal)
DOWN_KEYS = (Qt.Key_Minus, Qt.Key_Underscore)


class LevelBrush(HexTool):
    """Set, raise or lower the elevation level of hexes under the brush.

    Raising and lowering change each hex once per stroke, however often the drag passes it.
    Shift+click does the same to the whole connected region of the clicked hex's level (a
    plateau, a valley floor, one ring of a slope) in one step. ``+`` and ``-`` step the level
    the brush sets through the map's levels.
    """

    name = "Level brush"
    shortcut = "L"
    cursor = Qt.UpArrowCursor
    hint = "drag to set/raise/lower levels, Shift+click for the whole level region, +/- to change the level"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.touched: set[Hex] = set()
        self.region_done = False

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        return brush_hexes(self.doc.names.grid, point.hex, self.settings.radius) if point is not None else []

    def begin(self, point: MapPoint) -> None:
        self.touched = set()
        self.region_done = point.shift
        if point.shift:
            self.fill_region(point)
            return
        self.enter(point, None)

    def fill_region(self, point: MapPoint) -> None:
        region = level_region(self.doc.map, self.doc.names, point.hex)
        if not region:
            return
        mode = self.settings.level_mode
        if mode == "set":
            self.push(SetLevel(self.doc, self.labels(region), self.settings.level, self.stroke))
        else:
            self.push(ShiftLevel(self.doc, self.labels(region), 1 if mode == "raise" else -1, self.stroke))

    def enter(self, point: MapPoint, previous: Hex | None) -> None:
        if self.region_done:
            return  # a Shift+click fills its region once; the drag adds nothing
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

    def handles_key(self, key: int, modifiers) -> bool:
        plain = not (modifiers & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
        return plain and key in (*UP_KEYS, *DOWN_KEYS)

    def key(self, key: int, modifiers) -> bool:
        """``+``/``-``: the next level up or down that the map declares (or one more or less)."""
        if not self.handles_key(key, modifiers):
            return False
        up = key in UP_KEYS
        current = self.settings.level
        values = sorted({lv.value for lv in self.doc.map.levels})
        beyond = [v for v in values if (v > current if up else v < current)]
        if beyond:
            level = beyond[0] if up else beyond[-1]
        else:
            level = current + (1 if up else -1)
        self.settings.update(level=level)
        return True

    def status_text(self) -> str:
        mode = self.settings.level_mode
        what = f"set {self.settings.level}" if mode == "set" else mode
        return f"{self.name} ({what}, radius {self.settings.radius}): {self.hint}"
