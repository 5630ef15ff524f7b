from __future__ import annotations

from ..document import MapDocument
from ..edits.regrid import resized_module
from .map_state_command import MapStateCommand


class ResizeMap(MapStateCommand):
    """Add or remove columns/rows on any side; content keeps its place on the map."""

    def __init__(self, doc: MapDocument, west: int = 0, east: int = 0, north: int = 0, south: int = 0):
        after = resized_module(doc.module, west, east, north, south)
        g = after.map.grid
        super().__init__(doc, f"Resize Map to {g.cols}×{g.rows}", after)
