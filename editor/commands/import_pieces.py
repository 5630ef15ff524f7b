from __future__ import annotations

from hexwright.runtime.model import Piece

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.entries import replace_entries
from .edit_command import EditCommand


class ImportPieces(EditCommand):
    """Create and update many units at once (a CSV import): one undo step."""

    def __init__(self, doc: MapDocument, pieces: dict[str, Piece], text: str = ""):
        super().__init__(doc, text or f"Import {len(pieces)} units")
        self.before = {k: v.model_copy(deep=True) for k, v in doc.module.pieces.pieces.items()}
        self.after = dict(self.before)
        self.after.update({k: v.model_copy(deep=True) for k, v in pieces.items()})

    def apply(self, forward: bool) -> Changes:
        return replace_entries(self.doc.module, Kind.PIECES, self.after if forward else self.before)
