from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtGui import QUndoCommand

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.entries import fresh, put_table
from .edit_command import EditCommand
from .merge_ids import MergeId


class SetTable(EditCommand):
    """Replace one of the single tables (terrain effects, turn track, victory). Deep copies
    before and after; with a ``merge_key`` it merges with the previous change of the same
    table and key."""

    def __init__(self, doc: MapDocument, kind: Kind, before: BaseModel, after: BaseModel, text: str = "",
                 merge_key: str | None = None):
        super().__init__(doc, text or f"Change {kind.value.replace('_', ' ')}")
        self.kind = kind
        self.before = fresh(before)
        self.after = fresh(after)
        self.merge_key = merge_key

    def apply(self, forward: bool) -> Changes:
        value = self.after if forward else self.before
        assert value is not None
        return put_table(self.doc.module, self.kind, value)

    def id(self) -> int:
        return MergeId.SET_TABLE if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetTable) or (other.kind, other.merge_key) != (self.kind, self.merge_key):
            return False
        self.after = fresh(other.after)
        return True
