from __future__ import annotations

from hexwright.runtime.model import Track

from ..changes import Changes, Kind
from ..document import MapDocument
from ..edits.map_entries import put_map_entry
from .edit_command import EditCommand


class SaveTrack(EditCommand):
    """Create, replace or (``value=None``) delete one track beside the map; it keeps its place in the file."""

    def __init__(self, doc: MapDocument, key: str, value: Track | None, text: str = ""):
        tracks = doc.map.tracks
        verb = "Delete" if value is None else ("Change" if key in tracks else "Add")
        super().__init__(doc, text or f"{verb} Track {key}")
        self.key = key
        self.before, self.after = tracks.get(key), value
        self.index = list(tracks).index(key) if key in tracks else len(tracks)

    def apply(self, forward: bool) -> Changes:
        self.doc.map.tracks = put_map_entry(self.doc.map.tracks, self.key, self.after if forward else self.before,
                                            self.index)
        return Changes.of(Kind.TRACKS, self.key)
