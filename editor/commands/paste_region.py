from __future__ import annotations

from hexwright.runtime.geometry import Hex

from ..document import MapDocument
from ..edits.region import Clip, paste_patch
from .patch_command import PatchCommand


class PasteRegion(PatchCommand):
    """Paste copied hexes with their hexsides, roads and features, anchored at ``target``."""

    def __init__(self, doc: MapDocument, clip: Clip, target: Hex):
        super().__init__(doc, "Paste", paste_patch(doc.map, doc.names, clip, target))
