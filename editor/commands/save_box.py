from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexwright.runtime.model import Box, Track

from ..document import MapDocument


class SaveMapEntry(QUndoCommand):
    """Create, replace or (``value=None``) delete one box or track; it keeps its place in the file."""

    field = ""
    noun = ""

    def __init__(self, doc: MapDocument, key: str, value, text: str = ""):
        entries = getattr(doc.map, self.field)
        verb = "Delete" if value is None else ("Change" if key in entries else "Add")
        super().__init__(text or f"{verb} {self.noun} {key}")
        self.doc, self.key = doc, key
        self.before, self.after = entries.get(key), value
        self.index = list(entries).index(key) if key in entries else len(entries)

    def _put(self, value) -> None:
        entries = getattr(self.doc.map, self.field)
        items = [(k, v) for k, v in entries.items() if k != self.key]
        if value is not None:
            items.insert(min(self.index, len(items)), (self.key, value))
        setattr(self.doc.map, self.field, dict(items))
        self.doc.boxesChanged.emit()

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)


class SaveBox(SaveMapEntry):
    field, noun = "boxes", "Box"

    def __init__(self, doc: MapDocument, key: str, value: Box | None, text: str = ""):
        super().__init__(doc, key, value, text)


class SaveTrack(SaveMapEntry):
    field, noun = "tracks", "Track"

    def __init__(self, doc: MapDocument, key: str, value: Track | None, text: str = ""):
        super().__init__(doc, key, value, text)
