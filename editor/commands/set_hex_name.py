from __future__ import annotations

from ..document import MapDocument
from ..edits.hex_edits import set_name
from ..edits.patch import MapPatch
from .patch_command import PatchCommand


class SetHexName(PatchCommand):
    """Name a hex (a town's name printed on the map); an empty name removes it."""

    def __init__(self, doc: MapDocument, label: str, name: str):
        patch = MapPatch()
        set_name(patch, doc.map, label, name)
        super().__init__(doc, "Rename Hex" if name.strip() else "Clear Hex Name", patch)
