from __future__ import annotations

from hexwright.runtime.geometry import Hex

from ..document import MapDocument
from ..edits.region import delete_patch
from .patch_command import PatchCommand


class DeleteRegion(PatchCommand):
    """Clear a region of hexes and the hexsides inside it (Delete, or the second half of Cut)."""

    def __init__(self, doc: MapDocument, hexes: list[Hex], text: str = "Delete"):
        super().__init__(doc, text, delete_patch(doc.map, doc.names, hexes))
