"""Edit ▸ Cut/Copy/Paste/Delete on the selected region, and Map ▸ areas from the selection.

:class:`SelectionActions` is an object the window holds (``window.selection_actions``); it
keeps a reference to the window for dialogs and is given what it works on: the document,
the canvas, the window's tools, the Areas dock and the window's way of switching tools.
It owns the clip. Ctrl+V floats the clip as a stamp under the pointer
(``tools/paste_stamp.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import QInputDialog, QMainWindow, QMessageBox

from hexwright.runtime.geometry import Hex
from hexwright.runtime.model import Area

from ..commands import DeleteRegion, PasteRegion, SaveArea
from ..document import MapDocument
from ..edits.region import Clip, copy_region
from ..tools.base import Tool
from ..tools.paste_stamp import PasteStamp
from ..tools.region_select import RegionSelect
from .areas_panel import DEFAULT_COLOUR, AreaLook, AreasPanel, area_id_for, provenance_of
from .canvas import EditorCanvas

PASTE = "PasteStamp"
"""The key of the paste stamp among the window's tools."""


class SelectionActions:
    def __init__(self, window: QMainWindow, doc: MapDocument, canvas: EditorCanvas, tools: Mapping[str, Tool],
                 areas: AreasPanel, set_tool: Callable[[str], object]):
        self.window = window
        self.doc = doc
        self.canvas = canvas
        self.tools = tools
        self.areas = areas
        self.set_tool = set_tool
        self.clip = Clip()
        self.tool_before_paste = "RegionSelect"
        """The tool the window goes back to after a paste or a cancelled one."""

    def _region_select(self) -> RegionSelect | None:
        tool = self.tools.get("RegionSelect")
        return tool if isinstance(tool, RegionSelect) else None

    def copy(self) -> None:
        if self.doc.selection:
            self.clip = copy_region(self.doc.map, self.doc.names, sorted(self.doc.selection))
            region = self._region_select()
            if region is not None:
                region.clip = self.clip  # it outlines where a paste would land

    def cut(self) -> None:
        if self.doc.selection:
            self.copy()
            self.doc.push(DeleteRegion(self.doc, sorted(self.doc.selection), "Cut"))

    def paste(self, target: Hex | None = None) -> None:
        """Paste the clip: at ``target`` at once, or (Ctrl+V) as a stamp following the pointer."""
        if not self.clip:
            return
        if target is None:
            self.start_paste()
            return
        command = PasteRegion(self.doc, self.clip, target)
        if not command.is_noop():
            self.doc.push(command)

    def start_paste(self) -> None:
        """Float the clip under the pointer ([ ] R turn, M mirrors, click lands, Esc cancels)."""
        stamp = self.tools[PASTE]
        assert isinstance(stamp, PasteStamp)
        current = self.canvas.tool
        back = next((key for key, tool in self.tools.items() if tool is current and key != PASTE),
                    self.tool_before_paste)
        self.tool_before_paste = back
        stamp.start(self.clip)
        stamp.on_done = lambda: self._back_to(back)
        self.set_tool(PASTE)
        self.canvas.setFocus()  # the stamp's keys ([ ] R M Esc) go to the canvas

    def _back_to(self, key: str) -> None:
        self.set_tool(key)

    def delete_selection(self) -> None:
        if self.doc.selection:
            command = DeleteRegion(self.doc, sorted(self.doc.selection))
            if not command.is_noop():
                self.doc.push(command)

    # -- areas --------------------------------------------------------------------------------

    def save_area_dialog(self) -> None:
        """Name, kind and colour of the area the selection becomes (an existing name is updated)."""
        if not self.doc.selection:
            QMessageBox.information(self.window, "Areas", "Select hexes first (Areas tool, A).")
            return
        look = self.areas.ask_look(AreaLook(""), "Save selection as area", self.doc.map.areas)
        if look is not None:
            self.save_selection_as_area(look.name, look.kind, look.color, look.area_id or None, look.clue)

    def save_selection_as_area(self, name: str, kind: str | None = None, color: str | None = None,
                               area_id: str | None = None, clue: str | None = None) -> str:
        """Store the selection as area ``area_id`` (default: the area called ``name``, or an id
        made from it); an existing area keeps what is not given. ``clue``: its provenance
        ("" clears it)."""
        area_id = area_id or area_id_for(self.doc, name)
        old = self.doc.map.areas.get(area_id)
        hexes = [self.doc.names.label(h) for h in sorted(self.doc.selection)]
        update: dict[str, object] = {"hexes": hexes}
        if old is not None:
            update["name"] = name
        if kind is not None:
            update["kind"] = kind
        if color is not None:
            update["color"] = color
        if clue is not None:
            update["provenance"] = provenance_of(clue)
        area = (old.model_copy(update=update) if old is not None
                else Area(name=name, kind=kind or "other", hexes=hexes, color=color or DEFAULT_COLOUR,
                          provenance=provenance_of(clue or "")))
        self.doc.push(SaveArea(self.doc, area_id, area))
        self.areas.pick(area_id)
        return area_id

    def _pick_area(self, title: str) -> str | None:
        areas = self.doc.map.areas
        if not areas:
            return None
        items = [f"{aid}: {a.name}" for aid, a in areas.items()]
        choice, ok = QInputDialog.getItem(self.window, title, "Area:", items, 0, False)
        return choice.split(":", 1)[0] if ok else None

    def load_area_dialog(self) -> None:
        aid = self._pick_area("Load area")
        if aid is not None:
            self.areas.pick(aid)
            self.areas.select_hexes()

    def delete_area_dialog(self) -> None:
        aid = self._pick_area("Delete area")
        if aid is not None:
            self.areas.pick(aid)
            self.areas.delete()
