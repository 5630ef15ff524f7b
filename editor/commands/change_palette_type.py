from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from ..changes import Changes
from ..document import MapDocument
from ..edits.palette import Category, PaletteType, types_of
from .edit_command import EditCommand
from .merge_ids import MergeId


class ChangePaletteType(EditCommand):
    """Add a palette type, or change one (rename, recolour): before/after of that one entry."""

    def __init__(self, doc: MapDocument, category: Category, type_id: str, value: PaletteType, text: str | None = None,
                 merge_key: str | None = None):
        """``merge_key`` (e.g. the field changed): the next command with the same type and key
        merges into this one, so stepping through a drop-down is one undo step."""
        self.merge_key = merge_key
        types = types_of(doc.module, category)
        self.before = types.get(type_id)
        verb = "Add" if self.before is None else "Change"
        super().__init__(doc, text or f"{verb} {value.name}")
        self.category, self.type_id, self.after = category, type_id, value

    def apply(self, forward: bool) -> Changes:
        value = self.after if forward else self.before
        types = types_of(self.doc.module, self.category)
        if value is None:
            types.pop(self.type_id, None)
        else:
            types[self.type_id] = value
        return Changes(reset=True)

    def id(self) -> int:
        return MergeId.CHANGE_PALETTE_TYPE if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ChangePaletteType) or (other.category, other.type_id, other.merge_key) != (
                self.category, self.type_id, self.merge_key):
            return False
        self.after = other.after
        return True
