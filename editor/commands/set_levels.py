from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Level

from ..document import MapDocument


class SetLevels(QUndoCommand):
    """Replace the map's list of elevation levels (add, rename or recolour a level)."""

    def __init__(self, doc: MapDocument, levels: list[Level], text: str = "Change Levels"):
        super().__init__(text)
        self.doc, self.before, self.after = doc, list(doc.map.levels), list(levels)

    def redo(self) -> None:
        self.doc.map.levels = list(self.after)
        self.doc.mapReset.emit()

    def undo(self) -> None:
        self.doc.map.levels = list(self.before)
        self.doc.mapReset.emit()
