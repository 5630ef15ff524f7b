"""Putting Lorraine on the Traces of Victory grid: the projection fixed by the Saverne Pass.

The projection and the line painters are the editor's (``hexwright.editor.edits.atlas``):
rivers are painted as the hexside painter paints a drag (a connected chain of hexsides,
the chain of hex corners that keeps closest to the river's course); roads and railroads
as the road tool lays a drag from town to town.
"""

from __future__ import annotations

import geo

from hexwright.editor.edits.atlas import Anchor, Corners, densify, inside, road_sides
from hexwright.editor.edits.atlas import Projection as AtlasProjection
from hexwright.runtime.geometry import Layout

__all__ = ["Corners", "Projection", "densify", "inside", "road_sides"]

ANCHOR = Anchor(lon=geo.ANCHOR_LON, lat=geo.ANCHOR_LAT, x=geo.ANCHOR_X, row=geo.ANCHOR_ROW - 1,
                per_lon=geo.HEXES_PER_LON, per_lat=geo.ROWS_PER_LAT)


class Projection(AtlasProjection):
    """Longitude/latitude ↔ hexes on the Traces of Victory grid (anchored at the Col de Saverne)."""

    def __init__(self, layout: Layout):
        super().__init__(layout, ANCHOR, geo.PLACES)
