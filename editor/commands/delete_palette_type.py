from __future__ import annotations

from ..document import MapDocument
from ..edits.palette import Category, types_of, without_type
from .map_state_command import MapStateCommand


class DeletePaletteType(MapStateCommand):
    """Delete a terrain/feature/hexside/road type, giving its uses to ``replacement``."""

    def __init__(self, doc: MapDocument, category: Category, type_id: str, replacement: str | None):
        name = types_of(doc.module, category)[type_id].name
        super().__init__(doc, f"Delete {name}", without_type(doc.module, category, type_id, replacement))
