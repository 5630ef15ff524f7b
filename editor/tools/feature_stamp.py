from __future__ import annotations

from PySide6.QtCore import Qt

from runtime.model import HexFeature

from ..commands.place_feature import PlaceFeature
from ..edits.hex_edits import has_feature
from .base import MapPoint, Tool


class FeatureStamp(Tool):
    """Click a hex to place the current feature (for the current side), click again to remove it."""

    name = "Feature stamp"
    shortcut = "T"
    cursor = Qt.PointingHandCursor
    hint = "click to place or remove the current hex feature"

    def press(self, point: MapPoint) -> None:
        ftype = self.settings.feature_type
        if not point.on_map or not ftype:
            return
        label = self.doc.names.label(point.hex)
        side = self.settings.feature_side or None
        present = has_feature(self.doc.map, label, ftype, side)
        self.doc.push(PlaceFeature(self.doc, label, HexFeature(type=ftype, side=side), not present))
