from __future__ import annotations

from hexwright.runtime.model import Module

from ..changes import ALL, Changes, Kind
from ..document import MapDocument
from ..edits.rename import renamed
from .edit_command import EditCommand

RENAMED_KINDS = {"unit": Kind.PIECES, "terrain": Kind.TERRAIN_TYPES, "side": Kind.SIDES, "crt": Kind.CRTS,
                 "lookup": Kind.LOOKUPS}
"""The change-record kind of each renamable id."""


class RenameId(EditCommand):
    """Rename a unit, terrain type, side, CRT or table id and every reference to it, as one
    undo step (a refusal from :func:`editor.edits.rename.renamed` raises before anything is
    pushed). Holds copies of the module before and after; the document keeps its module
    object (views hold it), whose parts are put back from the copy."""

    def __init__(self, doc: MapDocument, kind: str, old: str, new: str):
        super().__init__(doc, f"Rename {kind} {old} → {new.strip()}")
        self.before = doc.module.model_copy(deep=True)
        self.after = renamed(doc.module, kind, old, new)
        self.kind, self.old, self.new = kind, old, new.strip()

    def apply(self, forward: bool) -> Changes:
        source: Module = (self.after if forward else self.before).model_copy(deep=True)
        for name in Module.model_fields:
            setattr(self.doc.module, name, getattr(source, name))
        named = RENAMED_KINDS[self.kind]
        names = (self.old, self.new) if forward else (self.new, self.old)
        return Changes(reset=True, entries=frozenset((kind, ALL) for kind in Kind),
                       renamed=((named, *names),))
