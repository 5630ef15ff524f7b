from __future__ import annotations

from hexwright.runtime.interchange.tmx import TmxMap, apply_tmx

from ..document import MapDocument
from .map_state_command import MapStateCommand


class ImportTerrain(MapStateCommand):
    """Replace the map's terrain and levels by a Tiled map's (one undo step)."""

    def __init__(self, doc: MapDocument, tmx: TmxMap, source: str):
        super().__init__(doc, "Import Tiled Map", apply_tmx(doc.module, tmx, source))
