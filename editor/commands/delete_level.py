from __future__ import annotations

from ..document import MapDocument
from ..edits.palette import without_level
from .map_state_command import MapStateCommand


class DeleteLevel(MapStateCommand):
    """Remove an elevation level; the hexes on it go to ``replacement``."""

    def __init__(self, doc: MapDocument, value: int, replacement: int | None):
        name = next(lv.name or f"Level {value}" for lv in doc.map.levels if lv.value == value)
        super().__init__(doc, f"Delete {name}", without_level(doc.module, value, replacement))
