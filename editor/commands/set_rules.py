from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Phase
from hexwright.runtime.model.rules_config import RulesConfig

from ..changes import Changes, Kind
from ..document import MapDocument
from .edit_command import EditCommand
from .merge_ids import MergeId


class SetRules(EditCommand):
    """Replace ``rules.json`` (and the phases of ``module.json``'s sequence of play, which the
    sequence outline edits with it). Deep copies before and after; with a ``merge_key`` (the
    field edited) it merges with the previous change of the same field: a spin box stepped
    with the arrow keys is one undo step."""

    def __init__(self, doc: MapDocument, rules: RulesConfig, phases: list[Phase] | None = None,
                 text: str = "Change rules", merge_key: str | None = None):
        super().__init__(doc, text)
        m = doc.module
        self.before = (m.rules.model_copy(deep=True), [p.model_copy() for p in m.meta.sequence])
        after_phases = m.meta.sequence if phases is None else phases
        self.after = (rules.model_copy(deep=True), [p.model_copy() for p in after_phases])
        self.merge_key = merge_key

    def apply(self, forward: bool) -> Changes:
        rules, phases = self.after if forward else self.before
        m = self.doc.module
        m.rules = rules.model_copy(deep=True)
        changed_phases = [p.model_dump() for p in m.meta.sequence] != [p.model_dump() for p in phases]
        m.meta = m.meta.model_copy(update={"sequence": [p.model_copy() for p in phases]})
        return Changes.of(Kind.RULES) | (Changes.of(Kind.META) if changed_phases else Changes())

    def id(self) -> int:
        return MergeId.SET_RULES if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetRules) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True
