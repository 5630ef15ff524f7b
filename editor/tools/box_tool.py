from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from ..commands import SaveBox, SaveTrack
from ..edits.boxes import rect_from_drag, toggle_entry, with_rect
from .base import MapPoint, Tool

CLICK = 0.2
"""A press and release closer than this (in hex sizes) is a click, not a drag."""


class BoxTool(Tool):
    """Place the box or track picked in the Boxes dock: drag out its rectangle (beside the
    map, or anywhere); a click on a hex adds it to a box's entry hexes, or takes it out."""

    name = "Boxes"
    shortcut = "X"
    cursor = Qt.CrossCursor
    hint = "drag a rectangle for the box/track picked in the Boxes dock; click a hex to toggle an entry hex"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.target: Callable[[], tuple[str, str] | None] = lambda: None
        """The picked ``("box" | "track", id)``; the main window points it at the Boxes dock."""
        self.start: MapPoint | None = None
        self.rubber: tuple[float, float, float, float] | None = None

    def deactivate(self) -> None:
        self.start = self.rubber = None
        super().deactivate()

    def press(self, point: MapPoint) -> None:
        self.start = point if self.target() is not None else None

    def move(self, point: MapPoint, dragging: bool) -> None:
        if dragging and self.start is not None:
            self.rubber = (self.start.x, self.start.y, point.x, point.y)

    def release(self, point: MapPoint) -> None:
        start, self.start, self.rubber = self.start, None, None
        target = self.target()
        if start is None or target is None:
            return
        kind, key = target
        size = self.doc.names.layout.size
        if abs(point.x - start.x) < CLICK * size and abs(point.y - start.y) < CLICK * size:
            if kind == "box" and point.on_map:
                box = self.doc.map.boxes[key]
                label = self.doc.names.label(point.hex)
                verb = "Remove" if label in box.entry_hexes else "Add"
                self.doc.push(SaveBox(self.doc, key, toggle_entry(box, label), f"{verb} Entry Hex {label} of {key}"))
            return
        rect = rect_from_drag(start.x, start.y, point.x, point.y)
        if rect is None:
            return
        if kind == "box":
            self.doc.push(SaveBox(self.doc, key, with_rect(self.doc.map.boxes[key], rect), f"Place Box {key}"))
        else:
            self.doc.push(SaveTrack(self.doc, key, with_rect(self.doc.map.tracks[key], rect), f"Place Track {key}"))

    def preview_hexes(self, point):
        return []
