from __future__ import annotations

from hexwright.runtime.model import Box

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.map_entries import put_map_entry
from .edit_command import EditCommand


class SaveBox(EditCommand):
    """Create, replace or (``value=None``) delete one box beside the map; it keeps its place in the file."""

    def __init__(self, doc: MapDocument, key: str, value: Box | None, text: str = ""):
        boxes = doc.map.boxes
        verb = "Delete" if value is None else ("Change" if key in boxes else "Add")
        super().__init__(doc, text or f"{verb} Box {key}")
        self.key = key
        self.before, self.after = boxes.get(key), value
        self.index = list(boxes).index(key) if key in boxes else len(boxes)

    def apply(self, forward: bool) -> Changes:
        self.doc.map.boxes = put_map_entry(self.doc.map.boxes, self.key, self.after if forward else self.before,
                                           self.index)
        return Changes.of(Kind.BOXES, self.key)
