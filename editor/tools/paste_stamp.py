"""Pasting as a floating stamp: the clip follows the pointer and lands where you click.

Ctrl+V switches to this tool with the copied hexes. While it is active ``[`` / ``]`` (or
``R`` / ``Shift+R``) turn the stamp 60° about its anchor, ``M`` mirrors it left-right,
a click pastes it (one undo step) and ``Esc`` cancels; either way the window goes back
to the tool used before.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from hexwright.runtime.geometry import Hex

from ..commands import PasteRegion
from ..edits.region import Clip, pasted_hexes, transform_clip
from .base import MapPoint, Tool

TURN_LEFT = (Qt.Key_BracketLeft,)
TURN_RIGHT = (Qt.Key_BracketRight, Qt.Key_R)


class PasteStamp(Tool):
    name = "Paste"
    shortcut = ""
    cursor = Qt.CrossCursor
    hint = "click to paste; [ ] or R turn 60°, M mirrors, Esc cancels"

    def __init__(self, doc, settings):
        super().__init__(doc, settings)
        self.clip = Clip()
        self.turns = 0
        self.mirrored = False
        self.on_done: Callable[[], None] = lambda: None
        """Called after a paste or a cancel (the window returns to the previous tool)."""

    def start(self, clip: Clip) -> None:
        self.clip, self.turns, self.mirrored = clip, 0, False

    def stamp(self) -> Clip:
        """The clip as it would land: mirrored, then turned."""
        return transform_clip(self.clip, self.doc.map.grid.orientation, self.turns, self.mirrored)

    def preview_hexes(self, point: MapPoint | None) -> list[Hex]:
        if point is None or not self.clip:
            return []
        return pasted_hexes(self.doc.names, self.stamp(), point.hex)

    def press(self, point: MapPoint) -> None:
        if not self.clip:
            return
        command = PasteRegion(self.doc, self.stamp(), point.hex)
        if not command.is_noop():
            self.doc.push(command)
        self.on_done()

    def handles_key(self, key: int, modifiers) -> bool:
        """Keys this tool takes before the window's shortcuts ([ ] R M Esc)."""
        plain = not (modifiers & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
        return plain and key in (*TURN_LEFT, *TURN_RIGHT, Qt.Key_M, Qt.Key_Escape)

    def key(self, key: int, modifiers) -> bool:
        if not self.handles_key(key, modifiers):
            return False
        if key == Qt.Key_Escape:
            self.on_done()
        elif key == Qt.Key_M:
            self.mirrored = not self.mirrored
        elif key in TURN_LEFT or (key == Qt.Key_R and modifiers & Qt.ShiftModifier):
            self.turns = (self.turns - 1) % 6
        else:
            self.turns = (self.turns + 1) % 6
        return True

    def status_text(self) -> str:
        extra = f" — turned {self.turns * 60}°" + (", mirrored" if self.mirrored else "")
        return f"{self.name}: {self.hint}{extra}"
