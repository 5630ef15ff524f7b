from __future__ import annotations

from ..document import MapDocument
from ..edits.hex_edits import paint_terrain
from ..edits.patch import MapPatch
from .merge_ids import MergeId
from .patch_command import PatchCommand


class PaintTerrain(PatchCommand):
    """Give hexes one terrain type (a brush stroke or a flood fill)."""

    merge_id = MergeId.PAINT_TERRAIN

    def __init__(self, doc: MapDocument, labels: list[str], terrain: str, stroke: int | None = None,
                 text: str | None = None):
        patch = MapPatch()
        paint_terrain(patch, doc.map, labels, terrain)
        name = doc.map.terrain_types[terrain].name
        super().__init__(doc, text or f"Paint {name}", patch, stroke)
