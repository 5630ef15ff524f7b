"""Base of the commands that change the map as a whole (grid, palette deletions).

They store the map's fields and the scenarios before and after; the containers are copies
and their entries are never mutated in place, so the snapshots stay exact.
"""

from __future__ import annotations

from hexwright.runtime.model import MapData, Module

from ..changes import Changes
from ..document import MapDocument
from .edit_command import EditCommand


class MapStateCommand(EditCommand):
    def __init__(self, doc: MapDocument, text: str, after: Module, assets: dict[str, bytes] | None = None):
        super().__init__(doc, text)
        self.before = doc.map_state()
        self.after = {name: getattr(after.map, name) for name in MapData.model_fields}
        self.after["scenarios"] = dict(after.scenarios)
        self.after["assets"] = dict(doc.assets if assets is None else assets)

    def apply(self, forward: bool) -> Changes:
        return self.doc.restore_map_state(self.after if forward else self.before)
