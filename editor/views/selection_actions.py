"""Edit ▸ Cut/Copy/Paste/Delete on the selected region, and Map ▸ areas from the selection.

A mixin of :class:`~editor.views.main_window.EditorWindow` (uses ``self.doc``, ``self.clip``
and ``self.canvas``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox

from runtime.model import Area

from ..commands import DeleteRegion, PasteRegion, SaveArea
from ..edits.region import copy_region


class SelectionActions:

    def copy(self) -> None:
        if self.doc.selection:
            self.clip = copy_region(self.doc.map, self.doc.names, sorted(self.doc.selection))
            self.tools["RegionSelect"].clip = self.clip  # it outlines where a paste would land

    def cut(self) -> None:
        if self.doc.selection:
            self.copy()
            self.doc.push(DeleteRegion(self.doc, sorted(self.doc.selection), "Cut"))

    def paste(self, target=None) -> None:
        """Paste the clip with its first hex at ``target`` (default: the hex under the pointer)."""
        if not self.clip:
            return
        if target is None:
            point = self.canvas.last_point
            if point is not None and point.on_map:
                target = point.hex
            elif self.doc.selection:
                target = min(self.doc.selection)
            else:
                return
        command = PasteRegion(self.doc, self.clip, target)
        if not command.is_noop():
            self.doc.push(command)

    def delete_selection(self) -> None:
        if self.doc.selection:
            command = DeleteRegion(self.doc, sorted(self.doc.selection))
            if not command.is_noop():
                self.doc.push(command)

    # -- areas --------------------------------------------------------------------------------

    def save_area_dialog(self) -> None:
        if not self.doc.selection:
            QMessageBox.information(self, "Areas", "Select hexes first (Areas tool, A).")
            return
        name, ok = QInputDialog.getText(self, "Save area", "Area name:")
        if ok and name.strip():
            self.save_selection_as_area(name.strip())

    def save_selection_as_area(self, name: str, kind: str = "other") -> str:
        from ..edits.palette import new_type_id

        existing = {aid for aid, a in self.doc.map.areas.items() if a.name != name}
        match = [aid for aid, a in self.doc.map.areas.items() if a.name == name]
        area_id = match[0] if match else new_type_id(existing, name)
        old = self.doc.map.areas.get(area_id)
        hexes = [self.doc.names.label(h) for h in sorted(self.doc.selection)]
        area = (old.model_copy(update={"hexes": hexes}) if old is not None
                else Area(name=name, kind=kind, hexes=hexes, color="#d0302080"))
        self.doc.push(SaveArea(self.doc, area_id, area))
        return area_id

    def _pick_area(self, title: str) -> str | None:
        areas = self.doc.map.areas
        if not areas:
            return None
        items = [f"{aid}: {a.name}" for aid, a in areas.items()]
        choice, ok = QInputDialog.getItem(self, title, "Area:", items, 0, False)
        return choice.split(":", 1)[0] if ok else None

    def load_area_dialog(self) -> None:
        aid = self._pick_area("Load area")
        if aid is not None:
            hexes = []
            for label in self.doc.map.areas[aid].hexes:
                try:
                    hexes.append(self.doc.names.hex_of(label))
                except ValueError:
                    continue
            self.doc.set_selection(hexes)

    def delete_area_dialog(self) -> None:
        aid = self._pick_area("Delete area")
        if aid is not None:
            self.doc.push(SaveArea(self.doc, aid, None))
