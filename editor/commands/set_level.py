from __future__ import annotations

from ..document import MapDocument
from ..edits.hex_edits import levels_with, set_level
from ..edits.patch import MapPatch
from .merge_ids import MergeId
from .patch_command import PatchCommand


class SetLevel(PatchCommand):
    """Set the elevation level of hexes (adding the level to the map's list if it is new)."""

    merge_id = MergeId.SET_LEVEL

    def __init__(self, doc: MapDocument, labels: list[str], level: int, stroke: int | None = None):
        patch = MapPatch()
        set_level(patch, doc.map, labels, level)
        levels = levels_with(doc.map.levels, {level}) if doc.map.levels else None
        if levels == doc.map.levels:
            levels = None
        super().__init__(doc, f"Set Level {level}", patch, stroke, levels_after=levels)
