from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..document import MapDocument
from ..edits.palette import Category, types_of


class ChangePaletteType(QUndoCommand):
    """Add a palette type, or change one (rename, recolour): before/after of that one entry."""

    def __init__(self, doc: MapDocument, category: Category, type_id: str, value, text: str | None = None):
        types = types_of(doc.module, category)
        self.before = types.get(type_id)
        verb = "Add" if self.before is None else "Change"
        super().__init__(text or f"{verb} {value.name}")
        self.doc, self.category, self.type_id, self.after = doc, category, type_id, value

    def _put(self, value) -> None:
        types = types_of(self.doc.module, self.category)
        if value is None:
            types.pop(self.type_id, None)
        else:
            types[self.type_id] = value
        self.doc.mapReset.emit()

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)
