from __future__ import annotations

from hexwright.runtime.model import Level

from ..changes import Changes
from ..document import MapDocument
from .edit_command import EditCommand


class SetLevels(EditCommand):
    """Replace the map's list of elevation levels (add, rename or recolour a level)."""

    def __init__(self, doc: MapDocument, levels: list[Level], text: str = "Change Levels"):
        super().__init__(doc, text)
        self.before, self.after = list(doc.map.levels), list(levels)

    def apply(self, forward: bool) -> Changes:
        self.doc.map.levels = list(self.after if forward else self.before)
        return Changes(reset=True)
