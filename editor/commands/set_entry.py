from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtGui import QUndoCommand

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.entries import entries_of, fresh, noun, put_entry
from .edit_command import EditCommand
from .merge_ids import MergeId


class SetEntry(EditCommand):
    """Set, add or (``after`` None) delete one entry of a keyed collection of the module
    (a unit, side, CRT, scenario…): the generic value-change command of the pieces, tables
    and scenarios editors.

    It holds deep copies of the entry before and after and puts a fresh copy back on
    redo/undo, so nothing the stack holds is shared with the module; a deleted entry comes
    back at its old place in the file. Built with a ``merge_key`` (the field edited), it
    merges with the previous one of the same kind, entry and key: typing into one field
    is one undo step."""

    def __init__(self, doc: MapDocument, kind: Kind, key: str, before: BaseModel | None, after: BaseModel | None,
                 text: str = "", merge_key: str | None = None):
        verb = "Add" if before is None else "Delete" if after is None else "Change"
        super().__init__(doc, text or f"{verb} {noun(kind)} {key}")
        self.kind = kind
        self.key = key
        self.before = fresh(before)
        self.after = fresh(after)
        self.merge_key = merge_key
        entries = entries_of(doc.module, kind)
        self.index = list(entries).index(key) if key in entries else None

    def apply(self, forward: bool) -> Changes:
        if forward:
            return put_entry(self.doc.module, self.kind, self.key, self.after)
        return put_entry(self.doc.module, self.kind, self.key, self.before, self.index)

    def id(self) -> int:
        return MergeId.SET_ENTRY if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetEntry) or (other.kind, other.key, other.merge_key) != (
                self.kind, self.key, self.merge_key):
            return False
        self.after = fresh(other.after)
        return True
