"""Base of the commands that change hexes and hexsides: a :class:`MapPatch` applied and undone.

A command built with a ``stroke`` id merges with the previous command of the same kind and
stroke, so a whole drag is one undo step (``mergeWith`` keeps the earliest before-values).
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Level

from ..changes import Changes
from ..document import MapDocument
from ..edits.patch import MapPatch
from .edit_command import EditCommand
from .merge_ids import MergeId


class PatchCommand(EditCommand):
    merge_id: MergeId | None = None
    """Set by the commands a drag produces; the others never merge."""

    def __init__(self, doc: MapDocument, text: str, patch: MapPatch, stroke: int | None = None,
                 levels_after: list[Level] | None = None):
        super().__init__(doc, text)
        self.patch = patch
        self.stroke = stroke
        self.levels_before = list(doc.map.levels) if levels_after is not None else None
        self.levels_after = levels_after

    def apply(self, forward: bool) -> Changes:
        changes = self.doc.apply_patch(self.patch, after=forward)
        levels = self.levels_after if forward else self.levels_before
        if levels is not None:
            self.doc.map.levels = list(levels)
            changes |= Changes(reset=True)  # the level ramp spans a new range
        return changes

    def id(self) -> int:
        return self.merge_id if self.merge_id is not None and self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PatchCommand) or other.merge_id != self.merge_id or other.stroke != self.stroke:
            return False
        self.patch.absorb(other.patch)
        if other.levels_after is not None:
            if self.levels_before is None:
                self.levels_before = other.levels_before
            self.levels_after = other.levels_after
        return True

    def is_noop(self) -> bool:
        return self.patch.is_empty() and self.levels_after == self.levels_before
