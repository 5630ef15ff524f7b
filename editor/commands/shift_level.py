from __future__ import annotations

from ..document import MapDocument
from ..edits.hex_edits import levels_with, shift_level
from ..edits.patch import MapPatch
from .merge_ids import MergeId
from .patch_command import PatchCommand


class ShiftLevel(PatchCommand):
    """Raise (``delta`` > 0) or lower the level of hexes, adding new levels as needed."""

    merge_id = MergeId.SHIFT_LEVEL

    def __init__(self, doc: MapDocument, labels: list[str], delta: int, stroke: int | None = None):
        patch = MapPatch()
        shift_level(patch, doc.map, labels, delta)
        values = {d.level for d in patch.hexes_after.values() if d is not None} | (
            {0} if any(d is None for d in patch.hexes_after.values()) else set())
        levels = levels_with(doc.map.levels, values) if doc.map.levels else None
        if levels == doc.map.levels:
            levels = None
        super().__init__(doc, "Raise Level" if delta > 0 else "Lower Level", patch, stroke, levels_after=levels)
