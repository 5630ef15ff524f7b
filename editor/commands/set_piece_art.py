from __future__ import annotations

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.entries import put_entry
from .edit_command import EditCommand


class SetPieceArt(EditCommand):
    """Give one face of a unit the designer's own picture: the image file joins the module's
    assets (``images/…``) and the step's ``image`` names it; undo takes both back."""

    def __init__(self, doc: MapDocument, piece_id: str, step: int, path: str | None, data: bytes | None):
        super().__init__(doc, f"Set art of {piece_id} step {step + 1}" if path
                         else f"Remove art of {piece_id} step {step + 1}")
        self.piece_id = piece_id
        piece = doc.module.pieces.pieces[piece_id]
        self.before = piece.model_copy(deep=True)
        steps = [s.model_copy(deep=True) for s in piece.steps]
        steps[step] = steps[step].model_copy(update={"image": path})
        self.after = piece.model_copy(update={"steps": steps}, deep=True)
        self.assets_before = dict(doc.assets)
        self.assets_after = dict(doc.assets)
        if path is not None and data is not None:
            self.assets_after[path] = data

    def apply(self, forward: bool) -> Changes:
        self.doc.assets = dict(self.assets_after if forward else self.assets_before)
        return put_entry(self.doc.module, Kind.PIECES, self.piece_id, self.after if forward else self.before)
