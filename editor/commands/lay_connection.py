from __future__ import annotations

from ..document import MapDocument
from ..edits.patch import MapPatch
from ..edits.side_edits import set_connection
from .merge_ids import MergeId
from .patch_command import PatchCommand


class LayConnection(PatchCommand):
    """Lay a road or railroad across hexsides (a drag through hexes is one command)."""

    merge_id = MergeId.LAY_CONNECTION

    def __init__(self, doc: MapDocument, keys: list[str], connection: str, stroke: int | None = None):
        patch = MapPatch()
        for key in keys:
            set_connection(patch, doc.map, key, connection, True)
        super().__init__(doc, f"Lay {doc.map.connection_types[connection].name}", patch, stroke)
