"""The place-name tool: the names printed on the map, added, moved, renamed and deleted by mouse.

Click where no name is to add one there (the tool asks for its text); drag a name to move
it (the outline follows the pointer, the drop is one undo step); click a name without
dragging to rename it, an empty text deletes it; Delete removes the name last clicked.
Each change is one :class:`~editor.commands.set_map_style.SetMapStyle` step on
``map.place_names``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from hexwright.runtime.model import PlaceName, resolve_style

from ..commands.set_map_style import SetMapStyle
from ..edits.place_names import added, moved, name_at, name_box, name_point, removed, renamed
from .base import MapPoint, Tool

AskText = Callable[[str, str], "str | None"]
"""``ask(title, current_text)`` -> the text, or None when cancelled."""
DRAG_PX = 3.0
"""Map pixels the pointer must travel before a press on a name becomes a drag."""


class PlaceNamer(Tool):
    name = "Place names"
    shortcut = "Shift+N"
    cursor = Qt.CursorShape.PointingHandCursor
    hint = "click to add a name, drag a name to move it, click a name to rename it (empty deletes), Delete removes it"

    def __init__(self, doc, settings, ask: AskText | None = None):
        super().__init__(doc, settings)
        self.ask = ask
        self.current: int | None = None
        """The name last pressed (Delete removes it)."""
        self._pressed: tuple[int, float, float] | None = None
        self._dragging = False
        self.rubber: tuple[float, float, float, float] | None = None
        """The dragged name's box at the pointer (the canvas outlines it)."""

    def deactivate(self) -> None:
        self._pressed, self._dragging, self.rubber, self.current = None, False, None, None
        super().deactivate()

    def _place_size(self) -> float:
        return resolve_style(self.doc.map.style).fonts.place

    def press(self, point: MapPoint) -> None:
        md = self.doc.map
        index = name_at(md, self.doc.names, point.x, point.y, self._place_size())
        self.current = index
        if index is None:
            if point.on_map and self.ask is not None:
                text = self.ask("New place name", "")
                names = added(md, self.doc.names, text, point.x, point.y) if text is not None else None
                if names is not None:
                    self._push(names, "Add Place Name")
                    self.current = len(names) - 1
            return
        self._pressed = (index, point.x, point.y)
        self._dragging = False

    def move(self, point: MapPoint, dragging: bool) -> None:
        if not dragging or self._pressed is None:
            return
        index, x0, y0 = self._pressed
        if not self._dragging and abs(point.x - x0) + abs(point.y - y0) < DRAG_PX:
            return
        self._dragging = True
        box = name_box(self.doc.map, self.doc.names, self.doc.map.place_names[index], self._place_size())
        if box is not None:
            dx, dy = point.x - x0, point.y - y0
            self.rubber = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)

    def release(self, point: MapPoint) -> None:
        if self._pressed is None:
            return
        index, x0, y0 = self._pressed
        self._pressed, self.rubber = None, None
        md = self.doc.map
        if self._dragging:
            self._dragging = False
            at = name_point(md, self.doc.names, md.place_names[index])
            if at is None:
                return
            # The name's point moves with the pointer (the name may be grabbed anywhere on it).
            names = moved(md, self.doc.names, index, at[0] + point.x - x0, at[1] + point.y - y0)
            if names is not None:
                self._push(names, "Move Place Name")
            return
        if self.ask is None:
            return
        text = self.ask("Rename place name (empty: delete)", md.place_names[index].text)
        names = renamed(md, index, text) if text is not None else None
        if names is not None:
            self._push(names, "Delete Place Name" if len(names) < len(md.place_names) else "Rename Place Name")
            if len(names) < len(md.place_names):
                self.current = None

    def delete_current(self) -> bool:
        """Remove the name last clicked (the Delete key); False if there is none."""
        if self.current is None or self.current >= len(self.doc.map.place_names):
            return False
        self._push(removed(self.doc.map, self.current), "Delete Place Name")
        self.current = None
        return True

    def handles_key(self, key: int, modifiers) -> bool:
        return key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.current is not None

    def key(self, key: int, modifiers) -> bool:
        return self.delete_current()

    def _push(self, names: list[PlaceName], text: str) -> None:
        self.doc.push(SetMapStyle(self.doc, place_names=names, text=text))
