from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import ModuleMeta

from ..document import MapDocument


class SetModuleMeta(QUndoCommand):
    """Replace ``module.json``'s contents (title, dice, optional rules, sequence of play…)."""

    def __init__(self, doc: MapDocument, meta: ModuleMeta, text: str = "Change Module Properties"):
        super().__init__(text)
        self.doc = doc
        self.before = doc.module.meta
        self.after = meta.model_copy(deep=True)

    def _put(self, meta: ModuleMeta) -> None:
        self.doc.module.meta = meta.model_copy(deep=True)
        self.doc.metaChanged.emit()

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)
