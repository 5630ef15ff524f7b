from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Underlay

from ..document import MapDocument


class SetUnderlay(QUndoCommand):
    """Set, change or remove the underlay image (with its bytes under ``images/``)."""

    def __init__(self, doc: MapDocument, underlay: Underlay | None, image_bytes: bytes | None = None,
                 text: str = "Change Underlay"):
        super().__init__(text)
        self.doc = doc
        self.before = doc.map.grid.underlay
        self.after = underlay
        self.assets_before = dict(doc.assets)
        self.assets_after = dict(doc.assets)
        if self.before is not None and (underlay is None or underlay.image != self.before.image):
            self.assets_after.pop(self.before.image, None)  # the old scan is no longer used
        if underlay is not None and image_bytes is not None:
            self.assets_after[underlay.image] = image_bytes

    def _put(self, underlay: Underlay | None, assets: dict[str, bytes]) -> None:
        grid = self.doc.map.grid.model_copy(update={"underlay": underlay})
        self.doc.map.grid = grid
        self.doc.names.grid_model = grid
        self.doc.assets = dict(assets)
        self.doc.mapReset.emit()

    def redo(self) -> None:
        self._put(self.after, self.assets_after)

    def undo(self) -> None:
        self._put(self.before, self.assets_before)
