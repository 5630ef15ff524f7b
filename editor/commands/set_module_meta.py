from __future__ import annotations

from hexwright.runtime.model import ModuleMeta

from ..changes import Changes, Kind
from ..document import MapDocument
from .edit_command import EditCommand


class SetModuleMeta(EditCommand):
    """Replace ``module.json``'s contents (title, dice, optional rules, sequence of play…)."""

    def __init__(self, doc: MapDocument, meta: ModuleMeta, text: str = "Change Module Properties"):
        super().__init__(doc, text)
        self.before = doc.module.meta
        self.after = meta.model_copy(deep=True)

    def apply(self, forward: bool) -> Changes:
        self.doc.module.meta = (self.after if forward else self.before).model_copy(deep=True)
        return Changes.of(Kind.META)
