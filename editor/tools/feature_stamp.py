from __future__ import annotations

from PySide6.QtCore import Qt

from hexwright.runtime.model import HexFeature

from ..commands.place_feature import PlaceFeature
from ..edits.hex_edits import has_feature
from .base import MapPoint, Tool


class FeatureStamp(Tool):
    """Click a hex to place the current feature (for the current side, with the name, value,
    supply kind and observation level of the options panel); click again to remove it. A
    click on the same feature with other values updates it to the panel's values."""

    name = "Feature stamp"
    shortcut = "T"
    cursor = Qt.PointingHandCursor
    hint = "click to place or remove the current hex feature"

    def press(self, point: MapPoint) -> None:
        ftype = self.settings.feature_type
        if not point.on_map or not ftype:
            return
        label = self.doc.names.label(point.hex)
        s = self.settings
        side = s.feature_side or None
        feature = HexFeature(type=ftype, side=side, name=s.feature_name, value=s.feature_value,
                             supply_kind=s.feature_supply_kind, observation_level=s.feature_observation_level)
        same = feature in self.doc.map.hex_data(label).features
        if same or not has_feature(self.doc.map, label, ftype, side):
            self.doc.push(PlaceFeature(self.doc, label, feature, not same))
        else:
            self.doc.push(PlaceFeature(self.doc, label, feature, True, update=True))
