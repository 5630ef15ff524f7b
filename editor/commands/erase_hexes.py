from __future__ import annotations

from ..document import MapDocument
from ..edits.hex_edits import erase_hexes
from ..edits.patch import MapPatch
from .merge_ids import MergeId
from .patch_command import PatchCommand


class EraseHexes(PatchCommand):
    """Clear hexes back to the default terrain, level 0, no features and no name."""

    merge_id = MergeId.ERASE_HEXES

    def __init__(self, doc: MapDocument, labels: list[str], stroke: int | None = None):
        patch = MapPatch()
        erase_hexes(patch, doc.map, labels)
        super().__init__(doc, "Erase Hexes", patch, stroke)
