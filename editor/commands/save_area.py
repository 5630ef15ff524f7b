from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Area

from ..document import MapDocument


class SaveArea(QUndoCommand):
    """Create, replace or (``area=None``) delete a named area."""

    def __init__(self, doc: MapDocument, area_id: str, area: Area | None):
        verb = "Delete" if area is None else ("Update" if area_id in doc.map.areas else "Save")
        super().__init__(f"{verb} Area {area_id}")
        self.doc, self.area_id = doc, area_id
        self.before = doc.map.areas.get(area_id)
        self.after = area.model_copy(update={"hexes": sorted(set(area.hexes))}) if area is not None else None

    def _put(self, value: Area | None) -> None:
        if value is None:
            self.doc.map.areas.pop(self.area_id, None)
        else:
            self.doc.map.areas[self.area_id] = value
        self.doc.areasChanged.emit()

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)
