from __future__ import annotations

from ..document import MapDocument
from ..edits.patch import MapPatch
from ..edits.side_edits import set_connection
from .patch_command import PatchCommand


class RemoveConnection(PatchCommand):
    """Take a road or railroad off hexsides."""

    def __init__(self, doc: MapDocument, keys: list[str], connection: str):
        patch = MapPatch()
        for key in keys:
            set_connection(patch, doc.map, key, connection, False)
        super().__init__(doc, f"Remove {doc.map.connection_types[connection].name}", patch)
